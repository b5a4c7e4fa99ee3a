"""No line breaks inside a unit the table reads as one (issue 32 §1, "echoed lines split inside a word"): a money
change, a count and what it counts (`장작 2개`, `2 woodcutters`), `6번 칸`, a short aside in brackets; checked on
the wrapper at every width and on whole typed games at 80 columns by lignum_companion/dev/breaks.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import run_session

from lignum_companion.dev import breaks
from lignum_companion.texts import catalog as texts
from lignum_companion.texts.catalog import display_width

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def typed_game(example: str, lang: str, tmp_path: Path) -> tuple[list[str], str]:
    """An example's own lines piped into play on a new file with its header, in `lang`: the lines and the output."""
    lines = (EXAMPLES / f"{example}.lignum").read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    answers = [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]
    path = tmp_path / f"{example}.lignum"
    path.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    with texts.speaking(lang):
        _, out = run_session(path, answers)
    return answers, out

UNITS = {
    "ko": ("1번 칸에 짐꾼 8명, 6번 칸에 사료 2개, 10번 칸에 나무꾼 12명, 가판대에 가공된 장작 4개 (목공 1명); 톱 1개: "
           "공급처로 돌려놓기, 순서 무관: anna도 지금 할 수 있음 (이름부터 입력)",
           ["6번 칸", "짐꾼 8명", "사료 2개", "나무꾼 12명", "가공된 장작 4개", "(목공 1명)", "톱 1개",
            "(이름부터 입력)"]),
    "en": ("cutting area 1 → woodpile (2 woodcutters, the mill worker); 1 milled hardwood to the sale area (1 sawyer); "
           "1 saw back to the supply; lena may also play now (type their name first)",
           ["2 woodcutters", "1 milled hardwood", "(1 sawyer)", "1 saw", "(type their name first)"]),
}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_count_stays_with_what_it_counts_at_every_width(lang: str) -> None:
    text, units = UNITS[lang]
    for width in range(28, 91):
        lines = texts.wrap(text, width, "  ")
        assert all(display_width(line) <= width for line in lines), (width, lines)
        flat = [" ".join(line.split()) for line in lines]
        assert all(any(u in line for line in flat) for u in units), (width, lines)
        assert " ".join(" ".join(lines).split()) == " ".join(text.split())


def test_a_long_aside_breaks_like_a_sentence_and_area_1_may_end_a_line() -> None:
    aside = "(2 woodcutters, the mill worker and every bearer who came along)"
    assert len(texts.wrap(aside, 40)) == 2
    assert texts.wrap("in area 1 and moves", 9) == ["in area 1", "and moves"]


@pytest.mark.parametrize(("example", "lang"), [("advanced-3p", "ko"), ("basic-4p", "ko"), ("expert-4p", "en")])
def test_a_typed_game_breaks_no_unit_at_80_columns(example: str, lang: str, tmp_path: Path, monkeypatch) -> None:
    """The Korean table's screens (bench_screen.py --typed --lang ko): '$7 →' / '$4.', '(짐꾼' / '2명)',
    '톱' / '1개', '(이름부터' / '입력)' were split; a line over 80 columns is test_screen_typed's to find."""
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = typed_game(example, lang, tmp_path)
    assert out.count("\n") > 1000
    found = [f for f in breaks.breaks(out.split("\n"), 80) if "wider than" not in f]
    assert not found, found[:10]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_typed_card_fits_after_its_short_prompt_and_the_example_is_said_once_above(lang: str, tmp_path: Path,
                                                                                     monkeypatch) -> None:
    """A Korean table typed `task 17 mH@1+mF@1` after a 47-column prompt and the terminal cut `가공된 장` / `작@1`:
    the prompts say which card it is; the example and the stages are on the screen above the first card, once."""
    from lignum_companion.table.common import tpl

    examples = Path(__file__).resolve().parent.parent / "examples"
    typed = [ln.strip() for f in examples.glob("*.lignum") for ln in f.read_text(encoding="utf-8").splitlines()
             if ln.startswith(("task ", "placement "))]
    with texts.speaking(lang):
        prompts = [tpl("ask_task", k=4, target=4), tpl("ask_placement", k=2, n=2)]
        card_1 = tpl("ask_task", k=1, target=4)
    assert all(display_width(p) <= 24 for p in prompts), prompts
    assert max(display_width(f"{prompts[0]}> {t}") for t in typed) <= 60
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = typed_game("expert-4p", lang, tmp_path)
    first, last = out.index(card_1 + ">"), out.index(prompts[0] + ">")
    flat = " ".join(out[:first].split())
    stage = "(@1)" if lang == "en" else "@1 둘째"  # the stages' key, each language its own way (issue 32 §3)
    assert "task 17 mH@1+mF@1" in flat[-600:] and stage in flat[-600:]  # just above the first card
    assert stage not in out[first:last] and "e.g." not in out[first:last] and "예:" not in out[first:last]
