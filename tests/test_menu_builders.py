"""Issue 29 §2: each step's menu is built by a plain function, state in, menu out; it asks, prints and changes
nothing (what it says once comes back as Menu.said, for the sitting to keep)."""

from __future__ import annotations

import copy

import pytest
from helpers import PATHS, fix, game_at, season_round, start

from lignum_companion.engine import flow
from lignum_companion.table.draws import DRAW_MENUS
from lignum_companion.table.entries import MenuContext
from lignum_companion.table.menu import Said
from lignum_companion.table.turns import turn_menu


class NoTable:
    """A table that must not be asked while a menu is built (only when the table picks an entry)."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"a menu builder asked the table: {name}")


WOOD = (fix("anna", "saw.H", 1), fix("anna", "saw.S", 1), fix("anna", "sale.S", 1))


@pytest.mark.parametrize("step", ["travel", "cutting", "selling"])
def test_a_players_menu_is_built_without_asking_printing_or_changing_the_sitting(step, capsys):
    g = game_at(2, step=step, round=1, before=WOOD if step == "selling" else ())
    before = g.clone()
    said = Said()
    kept = copy.deepcopy(said)
    menu = turn_menu(MenuContext(g, said, NoTable()), flow.actors(g)[0])
    assert menu.choices and menu.who == "anna"
    assert said == kept  # what was said comes back, never written into the sitting's record
    assert capsys.readouterr().out == ""
    assert g.step == before.step and [p.money for p in g.players] == [p.money for p in before.players]


def test_the_winter_forecast_is_said_once_through_the_menus_said():
    from lignum_companion.views import game as views

    g = game_at(2, step="travel", round=season_round("fall"))
    assert views.forecast_player_lines(g, 0)
    said = Said()
    menu = turn_menu(MenuContext(g, said, NoTable()), 0)
    assert said.forecast_seen == {} and menu.said is not None and 0 in menu.said.forecast_seen
    again = turn_menu(MenuContext(g, menu.said, NoTable()), 0)
    assert again.header.count("\n") < menu.header.count("\n")  # the forecast lines are not said again


def test_the_task_key_is_said_once_through_the_menus_said():
    g = start(2, mode="expert").game()
    from lignum_companion.engine import play

    play(g, "path " + PATHS[2])
    assert g.step == "reveal"
    first = DRAW_MENUS["reveal"](MenuContext(g, Said(), NoTable()))
    assert first.header and first.said is not None and (0, "reveal", "key") in first.said.menus_seen
    second = DRAW_MENUS["reveal"](MenuContext(g, first.said, NoTable()))
    assert second.header == ""
