"""A whole expert game piped through `lignum play`, its echoes read (issue 29 §3): every line typed is saved,
each echo is in words (no bare notation, no area code in Korean), a spent hut is said, and no echo tells a move
the rules cannot make (wood from the sale area straight to the second or third drying area, the impossible
'sale and drying' echo of `harold sell sale:F`)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from lignum_companion import table
from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
AREA_CODES = re.compile(r"\((woodpile|river|saw|store|sale|dry[123])\)")


def piped(tmp_path: Path, name: str, lang: str) -> tuple[list[str], str]:
    """The example's header as a new game in `lang`, then every line of it typed at the prompts."""
    text = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    header = text[:text.index("start") + 1]
    header.insert(header.index("start"), f"lang {lang}")
    lines = [x for x in text[text.index("start") + 1:] if x.strip() and not x.startswith("#")]
    path = tmp_path / "g.lignum"
    path.write_text("\n".join(header) + "\n", encoding="utf-8")
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(lines + ["n"]) + "\n"), stdout=out)
    texts.use_game(lang)  # as `lignum play` does with the game's `lang` header
    try:
        table.play(path, con=con, seed="1")
    finally:  # the game's language stays with this game
        texts.use_game(None)
        texts.choose(None)
    assert len(gamefile.load(path)[0].actions) == len(lines)  # every line saved
    return lines, out.getvalue()


def echoes(out: str, ok: str, auto: str) -> list[str]:
    """The echo lines (ok lines and the automatic lines), each with its wrapped continuation joined."""
    said, current = [], ""
    for line in out.splitlines():
        if line.startswith((f"  {ok}: ", f"  {auto}")):
            if current:
                said.append(current)
            current = line.strip()
        elif current and line.startswith("  ") and not line.startswith("  " * 2 + " "):
            current += " " + line.strip()
        else:
            if current:
                said.append(current)
            current = ""
    return said


@pytest.mark.parametrize(("lang", "ok", "auto", "hut"), [
    ("ko", "저장", "자동", "일꾼 숙소 1개를 써서 공급처로 돌려놓기"),
    ("en", "ok", "Automatic", "spend 1 accommodation hut (back to the supply)"),
])
def test_a_whole_expert_game_piped_tells_each_move_in_words(tmp_path, lang, ok, auto, hut) -> None:
    lines, out = piped(tmp_path, "expert-4p.lignum", lang)
    said = echoes(out, ok, auto)
    assert len([s for s in said if s.startswith(ok)]) >= len(lines) - 40  # the areas chosen at once share one
    for s in said:
        assert not AREA_CODES.search(s), s  # no `가판대(sale)`, `(dry1)`
        for line in lines:  # no bare notation: a player's line is never echoed as the line alone
            assert s != f"{ok}: {line}", s
    text = " ".join(said)
    assert hut in text  # `harold carry saw:F sale:2S hut:1`
    impossible = ("가판대 → 둘째", "가판대 → 셋째", "첫째 건조 구역 → 셋째") if lang == "ko" else \
        ("sale area → second", "sale area → third", "first drying area → third")
    assert not any(x in text for x in impossible)
    shift = "건조 이동 (R11)" if lang == "ko" else "the drying shift (R11)"
    assert text.count(shift) >= 10 and all(s.startswith(auto) for s in said if shift in s)  # automatic, own line
