"""`views.pending_lines` (lignum next, play): R12's line about the third drying area is said once, when it binds.

The advisor forecasts the sale at the round's travel step (with the dollars); the pending line names the player in
the selling step, where R12 makes the sale compulsory, and nowhere else: not at every step of the round, not in
winter (no selling phase, R12), and not after the last fall's selling phase, when no selling phase is left and
the final sale takes the sale and every drying area alike.
"""

from __future__ import annotations

import pytest
from helpers import fix, forward, play, start

from lignum_companion.engine import advice
from lignum_companion.texts import catalog as texts
from lignum_companion.views import game as views

THIRD = {"en": "third drying area", "ko": "셋째 건조 구역"}


@pytest.fixture(params=["en", "ko"])
def lang(request):
    texts.choose(request.param)
    yield request.param
    texts.choose(None)


def r12(g, lang: str) -> list[str]:
    return [line for line in views.pending_lines(g) if "(R12)" in line and THIRD[lang] in line]


def _with_third_area_wood(round: int):
    g = start(2).game()
    forward(g, step="travel", round=round, who="anna")
    play(g, None, fix("anna", "dry3.mF", 2))
    return g


def test_r12_line_is_not_repeated_in_travel_where_the_advisor_says_it(lang):
    g = _with_third_area_wood(2)
    assert [a.kind for a in advice.warnings(g) if a.player == "anna"].count("dry3-sale") == 1
    assert r12(g, lang) == []


def test_r12_line_appears_once_in_the_selling_step_and_goes_with_the_sale(lang):
    g = _with_third_area_wood(2)
    seen = []
    while g.step != "selling":
        seen += r12(g, lang)
        forward(g, until=lambda g, s=g.step: g.step != s)
    assert seen == []  # cutting, arrival, transport, sawing: nothing owed yet
    [line] = r12(g, lang)
    assert "anna" in line and ("2 milled firewood" in line or "가공된 장작 2개" in line) and "2mF" not in line
    forward(g, until=lambda g: not g.players[0].wood["dry3"])
    assert r12(g, lang) == []


def test_no_r12_line_after_the_last_fall(lang):
    g = _with_third_area_wood(7)
    play(g, None, fix("anna", "sale.mF", 2))  # something to dry, so the drying step waits for anna
    forward(g, step="drying", round=7)
    play(g, None, fix("anna", "dry3.mF", 2))  # wood in the third area after the last selling phase
    assert r12(g, lang) == []
    while not g.over:
        forward(g, until=lambda g, s=(g.round, g.step): (g.round, g.step) != s)
        assert r12(g, lang) == []
