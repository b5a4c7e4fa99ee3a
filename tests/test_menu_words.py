"""Menus that say the choice, in both languages (issue 32 §3), over every example game typed line by line into
`play` (tools/menu_words.py: each menu asked, and the sub-menus behind its entries opened without an answer).

A Korean table read four drying entries all '첫째 건조 구역으로', two drying huts as '건조용 오두막: 가판대(sale)의
목재 하나를 한 칸 옮김', and a carry that spends an accommodation hut worded like the one that does not. So: no two
entries of a menu say the same words; on the path, the entries that are not locations read apart in the short form
too; no code is glued to a Korean word (`가판대(sale)`, `교역(trade)`: the word alone, the typed form beside it); and
the Korean screens of every example hold no word the glossary forbids, no fallback particle pair and no English but
what is typed (test_korean_glossary.py's lists).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(Path(__file__).parent))
from glossary_helpers import NOT_WORDS, PAIR, VOCABULARY, foreign_words  # noqa: E402
from menu_words import GLUED_ANY, Seen, alike, play_example  # noqa: E402

EXAMPLES = sorted((ROOT / "examples").glob("*.lignum"))
LANGS = ("en", "ko")


@pytest.fixture(scope="module")
def played() -> dict[tuple[str, str], tuple[list[Seen], str]]:
    """(lang, example) -> the menus asked and the whole screen (about 50 s for all 16 games)."""
    return {(lang, ex.stem): play_example(ex, lang) for lang in LANGS for ex in EXAMPLES}


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_entries_of_a_menu_say_the_same_words(played, lang: str) -> None:
    found = sorted({f"{m.example} {m.step}: `{a}` and `{b}` both say {text!r}"
                    for (la, _), (seen, _) in played.items() if la == lang for m in seen for a, b, text in alike(m)})
    assert found == [], "\n".join(found[:20])


def _short(note: str) -> str:
    """An entry as the short form of a menu seen before says it (sitting.show_brief): its first words."""
    return re.split(r" \(|: |, |; | for ", note, maxsplit=1)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_entries_off_the_path_read_apart_in_the_short_menu(played, lang: str) -> None:
    """On the path a location is keyed by its number, which names it; the other entries (two drying huts, two
    food-storage huts) are told apart by their first words ('dryhut 건조용 오두막 · dryhut2 건조용 오두막' was not)."""
    found = []
    for (la, _), (seen, _) in played.items():
        for m in seen:
            if la != lang or not m.locations:
                continue
            shorts = [_short(note or shown) for key, shown, note in m.entries
                      if not key.rstrip("bcdefgh").isdecimal() and key != "c"]
            found += [f"{m.example}: {s!r}" for s in set(shorts) if shorts.count(s) > 1]
    assert sorted(set(found)) == []


def test_the_checks_see_entries_alike_and_a_code_glued_to_a_word() -> None:
    old = Seen("x", "drying", (("1", "dry mF", "첫째 건조 구역으로"), ("2", "dry S", "첫째 건조 구역으로")))
    assert alike(old) == [("dry mF", "dry S", "첫째 건조 구역으로")]
    assert alike(Seen("x", "travel", old.entries, locations=True)) == []
    assert _short("건조용 오두막: 가판대(sale)의 목재 하나를 한 칸 옮김 (R16)") == "건조용 오두막"
    for glued in ("가판대(sale)", "교역(trade)", "장작(F)", "구역(@0)", "지붕널(shingle)"):
        assert GLUED_ANY.search(glued), glued
    for fine in ("장작 2개 (2F)", "옮김 (R16)", "basic (기본)", "토큰(1-6)", "`sale:F`"):
        assert not GLUED_ANY.search(fine), fine


def _joined(screen: str) -> str:
    """The screen with each wrapped line joined to the one before (a word the glossary forbids may be cut by the
    wrap: `음식` / `저장고 1개` is the food-storage hut, not 저장고 alone)."""
    return re.sub(r"\n\s+", " ", screen)


def test_no_korean_screen_of_an_example_glues_a_code_to_a_word(played) -> None:
    found = sorted({f"{ex}: {line.strip()[:120]}" for (lang, ex), (_, screen) in played.items() if lang == "ko"
                    for line in screen.splitlines() if GLUED_ANY.search(line)})
    assert found == [], "\n".join(found[:20])


def test_the_korean_screens_of_every_example_hold_no_forbidden_word_nor_particle_pair(played) -> None:
    found = []
    for (lang, ex), (_, screen) in played.items():
        if lang != "ko":
            continue
        text = _joined(screen)
        found += [f"{ex}: {w}" for w, pattern in NOT_WORDS.items() if re.search(pattern, text)]
        found += [f"{ex}: {m.group(0)}" for m in re.finditer(PAIR, text)]
    assert found == []


def _typed_by_the_table(example: Path) -> set[str]:
    """Words a table typed into the example that play shows as typed: players' and buildings' names, the tiles'
    own descriptions, a correction's reason."""
    out: set[str] = set()
    for line in example.read_text(encoding="utf-8").splitlines():
        if line.startswith(("players ", "buildings ")) or " fix " in f" {line} ":
            out |= {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9_]*", line)}
    return out


def test_the_korean_screens_of_every_example_hold_no_english_but_what_is_typed(played) -> None:
    huts = {"drying", "food", "accom"}  # `build drying+2accom`: the notation of huts (R16)
    found = {}
    for (lang, ex), (_, screen) in played.items():
        if lang != "ko":
            continue
        example = ROOT / "examples" / f"{ex}.lignum"
        names = _typed_by_the_table(example)
        words = {w for w in foreign_words(screen, names, {ex})
                 if not re.fullmatch(r"T\d+", w) and not set(re.split(r"[+:]", w.lstrip("0123456789"))) - huts
                 - {""} and w.lower() not in names}
        words = {w for w in words if not all(p.lstrip("0123456789") in huts | VOCABULARY for p in
                                             re.split(r"[+:]", w) if p)}
        if words:
            found[ex] = sorted(words)
    assert found == {}


@pytest.mark.parametrize("example", [ex.stem for ex in EXAMPLES])
def test_the_korean_score_sheet_and_round_reference_of_each_example_say_the_glossarys_words(example: str) -> None:
    """Both PDFs of each example in Korean (`lignum score --pdf`, `lignum print reference`): no forbidden word,
    no particle pair, no code glued to a word."""
    import io

    from pypdf import PdfReader

    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import reference
    from lignum_companion.printables import score_sheet as pdf
    from lignum_companion.texts import catalog as texts

    gf, g = gamefile.load(ROOT / "examples" / f"{example}.lignum")
    texts.choose("ko")
    try:
        sheets = (pdf.render(gf, g), reference.render(reference.facts(g)))
    finally:
        texts.choose(None)
    said = " ".join(" ".join(p.extract_text().split()) for data in sheets for p in PdfReader(io.BytesIO(data)).pages)
    assert "가판대" in said  # the Korean text is read from the PDF
    assert [w for w, pattern in NOT_WORDS.items() if re.search(pattern, said)] == []
    assert re.findall(PAIR, said) == [] and GLUED_ANY.findall(said) == []
