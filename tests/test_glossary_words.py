"""An English four-player expert table's tryout (`lignum play` at 80 columns): every shown text in the glossary's
words, each thing said once (a card by its name, not its name and its code), in English and in Korean alike."""

from __future__ import annotations

import pytest
from helpers import forward, start

from lignum_companion.engine.legal import legal_actions
from lignum_companion.texts import catalog as texts
from lignum_companion.views.travel_words import go_words


@pytest.fixture
def lang():
    """Run a test in one language and put the choice back afterwards."""
    def choose(code: str) -> None:
        texts.choose(code)
    yield choose
    texts.choose(None)


@pytest.mark.parametrize(("code", "name", "typed"), [("en", "plan Sawing for", "(sawing)"),
                                                     ("ko", "톱질", "(sawing)")])
def test_the_travel_menu_names_a_planned_work_card_once(lang, code, name, typed):
    """'plan Sawing (sawing) for fall year 1': the name and the code after every card; the typed action beside
    the entry (`go 8 sawing 2`) already shows the code."""
    lang(code)
    g = forward(start(4, mode="expert").game(), step="travel")
    notes = [go_words(g, 0, a) for a in legal_actions(g, player=0) if a.verb == "go" and "card" in a.args]
    said = [n for n in notes if name in n]
    assert said and not any(typed in n for n in notes), notes
