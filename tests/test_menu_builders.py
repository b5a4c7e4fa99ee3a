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


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_relocate_entry_names_its_area(lang):
    """Issue 32 §3: the $1 moves to a free area (R5) all read alike ('pay $1 to cut in free area instead'); each
    entry now names the area it moves to, in both languages."""
    from audit_helpers import shared_area

    from lignum_companion.engine import rules
    from lignum_companion.engine.pieces import format_bag, total
    from lignum_companion.texts import catalog as texts

    g, first, second = shared_area()
    wood = rules.area_wood(g, 3)
    from lignum_companion.engine import play

    play(g, fix(first, "woodcutters", total(wood)))
    play(g, f"{first} cut {format_bag(wood)}")
    pi = g.player_index(second)
    with texts.speaking(lang):
        menu = turn_menu(MenuContext(g, Said(), NoTable()), pi)
    moves = [c for c in menu.choices if c.shown.split()[:1] == ["relocate"]]
    assert moves, [c.shown for c in menu.choices]
    for c in moves:
        area = c.shown.split()[-1]
        assert (f"free area {area} " if lang == "en" else f"{area}번 영역") in c.note, c.note


@pytest.mark.parametrize("step", ["travel", "cutting", "transport", "selling"])
def test_loans_and_huts_are_keyed_by_their_verb_so_no_number_is_an_entry_out_of_sight(step):
    """An English table's tryout: victoria's sawing menu showed 1, 2 and 4, and a mistyped `5` took the loan kept
    behind `+`. Loans and huts now have their verb as the key in every step; the numbers are the entries shown."""
    extra = (fix("anna", "drying-hut", 1), fix("anna", "accom-hut", 1), fix("anna", "sale.F", 1),
             fix("anna", "woodpile.F", 2), fix("anna", "woodpile.S", 1), fix("anna", "bearers", 2))
    g = game_at(2, step=step, round=1, before=WOOD + extra)
    pi = flow.actors(g)[0]
    menu = turn_menu(MenuContext(g, Said(), NoTable()), pi)
    free = [c for c in menu.choices if c.shown.split()[0] in ("loan", "dryhut", "foodhut", "hut")]
    assert any(c.shown.split()[0] == "loan" for c in free), [c.shown for c in menu.choices]
    assert all(not c.key.isdecimal() for c in free), [(c.key, c.shown) for c in free]
    hidden = [c.key for c in menu.choices if c.rare]
    assert all(not k.isdecimal() for k in hidden) or step == "travel", hidden
    numbers = [int(c.key) for c in menu.choices if c.key.isdecimal()]
    assert numbers == list(range(1, len(numbers) + 1)) or step == "travel", numbers  # no gap
