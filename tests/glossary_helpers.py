"""The glossary's lists the Korean screen tests share (tests/test_korean_glossary.py, tests/test_menu_words.py):
the words never to show, the fallback particle pairs, and the ASCII a Korean screen may hold."""

from __future__ import annotations

import re

from lignum_companion.engine import actions
from lignum_companion.engine import data as D

# The "not" words of GLOSSARY.md that text alone tells: a regular expression each (a word inside a longer accepted
# word is let through by the lookarounds: 저장고 is the food-storage hut's own word, 음식 저장고).
NOT_WORDS = {
    "통나무": r"통나무",
    "연목": r"연목",
    "경목": r"경목",
    "가공한": r"가공한",
    "땔감": r"땔감",
    "판매 영역": r"판매 영역",
    "건조 영역": r"건조 영역",
    "건조칸": r"건조칸",
    "건조 1단계": r"건조 ?\d ?단계",
    "숲 속 빈터": r"숲 속 빈터",
    "빈터": r"빈터",
    "식량": r"식량",
    "갈대": r"갈대",
    "조커": r"조커",
    "뗏목 운반": r"뗏목 운반",
    "오두막 짓기": r"오두막 짓기",
    "식량 공급": r"식량 공급",
    "저장고": r"(?<!음식 )저장고",
}


PAIR = r"[을이은]\([를가는]\)|[를가는]\([을이은]\)|와\(과\)|과\(와\)|\(으\)로|\(이\)"


# ASCII in a Korean screen: what a player types (the notation: verbs, codes, area:pieces, location names), players'
# names, ruling ids, `$` figures, menu keys, and these words, each for a reason:
ASCII_ALLOWED = {
    "A", "B", "C", "D",  # places in the forest clearing (A first); C also marks a craftwork space on the path layout
    "X",  # the X token of the 2-player path (R2), its printed name
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8",  # task cards by their ids, as the table writes them
    "lignum", "score", "play", "pdf", "sheet.pdf",  # commands shown to type: `lignum score FILE --pdf sheet.pdf`
    "shuffle",  # the path step's answer word: the program lays the equipment tokens
    "Enter", "Y/n",  # keys of the keyboard, as printed on them
}
VOCABULARY = (set(actions.PLAYER_VERBS) | set(actions.TABLE_VERBS) | set(D.PIECES) | set(D.PATH_TOKENS)
              | set(D.SALE_AREAS) | {"saw", "store", "woodpile", "river", "clearing", "market", "hut", "millworker",
                                     "buy", "sell", "trade", "no", "yes", "food", "craft"} | set(D.PLANNED_WORK))


def _notation(word: str) -> bool:
    """A token of a line to type: every part between `:`, `+`, `@` is a count, a code or a verb (`sale:2F+S`)."""
    parts = [p.lstrip("0123456789") for p in re.split(r"[:+@,]", word.strip(".,;)(")) if p]
    return bool(parts) and all(not p or p in VOCABULARY or p.isdigit() for p in parts)


def foreign_words(text: str, names: set[str], files: set[str]) -> set[str]:
    """ASCII words of a Korean screen that are none of the allowed kinds (backticked hints are notation)."""
    out = set()
    for line in text.splitlines():
        line = re.sub(r"`[^`]*`", " ", line)
        for m in re.finditer(r"[A-Za-z][A-Za-z0-9_:+@.\-/]*", line):
            word = m.group(0).rstrip(".:,;")
            if (word.lower() in names or word in ASCII_ALLOWED or re.fullmatch(r"R\d+", word) or _notation(word)
                    or re.fullmatch(r"\d*[a-z]", word) or any(f in word for f in files) or word.startswith("/")
                    or word.startswith("--") or word.endswith("...")):
                continue
            out.add(word)
    return out
