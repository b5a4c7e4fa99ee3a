"""Wrapping in the table mode keeps a backticked hint whole: `10 1` or `go 5` is typed as it is shown."""

from __future__ import annotations

import re

import pytest

from lignum_companion import texts
from lignum_companion.table.layout import display_width, wrap_lines

NOTES = {
    "en": "3 woodcutters for $3, area has 3 wood (R4) (or 1-3: `10 1`) and then `go clearing` to end the trip",
    "ko": "나무꾼 3명 $3, 구역에 목재 3개 (R4) (또는 1-3: `10 1`) 그리고 `go clearing` 으로 이동을 끝냅니다",
}


def _spans(lines: list[str]) -> list[str]:
    return [s for line in lines for s in re.findall(r"`[^`]*`", line)]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", range(24, 70))
def test_no_line_breaks_inside_a_backticked_hint(lang: str, width: int) -> None:
    for lines in (texts.wrap(NOTES[lang], width), wrap_lines(NOTES[lang], width),  # menu notes, step texts
                  wrap_lines("  " + NOTES[lang], width, reflow=True)):
        assert all(line.count("`") % 2 == 0 for line in lines), lines
        assert _spans(lines) == ["`10 1`", "`go clearing`"]
        assert " ".join(" ".join(lines).split()) == " ".join(NOTES[lang].split())


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_menu_hint_keeps_its_hints_whole_at_every_width(lang: str) -> None:
    texts.choose(lang)
    try:
        hint = texts.load("play")["text"]["menu_hint"]
    finally:
        texts.choose(None)
    for width in range(30, 90):
        lines = wrap_lines(hint, width)
        assert all(line.count("`") % 2 == 0 for line in lines), (width, lines)
        assert all(display_width(line) <= width or "`" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rules_topics_keep_their_backticked_commands_whole(lang: str) -> None:
    """`lignum rules` (also at the play prompt) wraps with texts.wrap: a command like `lignum calc sale` stays on
    one line at every width."""
    from lignum_companion import rules_lookup as rl

    texts.choose(lang)
    try:
        for topic in rl.list_topics():
            for width in (44, 60, 80, 100):
                lines = rl.render(topic, width=width).splitlines()
                assert all(line.count("`") % 2 == 0 for line in lines), (topic.id, width, lines)
    finally:
        texts.choose(None)
