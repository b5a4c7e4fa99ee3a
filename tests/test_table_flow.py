"""Table flow in `lignum play` (issue: turns, menus, words): location numbers as the keys on the path, loans and
huts after a move (R24), "did you mean" for typos, names without case or accents, skipped players said, and the
texts that used to be wrong."""

from __future__ import annotations

import re

import pytest
from helpers import PATHS, Script, cli, fix, forward, make_setup, play, script_to, start
from play_helpers import session

from lignum_companion.engine import LignumError, parse

TRAVEL2 = start(2).then("path " + PATHS[2])


def test_on_the_path_a_bare_number_is_a_location_never_a_menu_entry(tmp_path):
    out, done = session(tmp_path, TRAVEL2, ["10", "c", "quit"])
    assert done[-2:] == ["anna go 10 3", "ben go clearing"]  # 10 = the woodcutters, c = the clearing
    # the travel menu in columns: each entry's key (its location) before its words; a loan behind `+` (issue 21)
    assert re.search(r" 10 3 woodcutters for \$3", out) and " c end the trip" in out
    assert re.search(r" \+ more: [^·]*loan", out)


def test_a_location_the_menu_does_not_offer_is_refused_by_the_engine_with_the_reason(tmp_path):
    out, done = session(tmp_path, TRAVEL2, ["14", "quit"])  # the 2-player path has an X token on 14 (R2)
    assert "Refused: location 14 is blocked by an X token (anna's turn, R2)" in out  # the reason first, in words
    assert done == ["path " + PATHS[2]]


def test_R24_play_accepts_a_loan_after_the_move_while_the_next_player_is_asked(tmp_path):
    out, done = session(tmp_path, TRAVEL2, ["go 1", "anna loan", "quit"])
    assert done[-2:] == ["anna go 1", "anna loan"]
    assert "ok: anna: take a loan card (1 held); $" in out


def test_typos_get_a_did_you_mean_and_names_match_without_case_or_accents(tmp_path):
    setup = make_setup(2, names=("Zoë", "ben"))
    script = Script(setup, ["path " + PATHS[2]])
    out, done = session(tmp_path, script, ["stauts", "udno", "rule fodder", "status zoe", "zoe go 1", "quit"])
    assert "Did you mean `status`?" in out and "Did you mean `undo`?" in out
    assert "Did you mean `rules fodder`?" in out
    assert "No player called" not in out
    assert done[-1] == "Zoë go 1"  # saved with the name as set up
    g = script.then("zoe go 1").game()
    assert g.players[0].pos == 1


def test_names_that_differ_only_by_accents_are_not_guessed() -> None:
    g = Script(make_setup(2, names=("Zoë", "Zoe")), ["path " + PATHS[2]]).game()
    assert g.player_index("zoe") == 1 and g.player_index("ZOË") == 0 and g.player_index("zöe") is None


def test_skipped_players_are_said_in_play(tmp_path):
    script = script_to(start(2), step="travel", round=1).then(fix("ben", "saw.F", 1), "anna go clearing",
                                                              "ben go clearing", "anna done")
    out, done = session(tmp_path, script, ["done", "quit"])
    assert "Sawing: ben has no saw, so nothing is sawn." in out


def test_a_mixed_split_and_a_market_visit_buying_several_things_are_reachable_from_the_menus(tmp_path):
    script = TRAVEL2.then(fix("anna", "money", 5))
    out, done = session(tmp_path, script, ["19b", "saw+2food", "quit"])
    assert done[-1] == "anna go 19 buy:saw+2food"
    script = script_to(start(2), step="travel", round=1).then(
        fix("anna", "woodpile.F", 3), fix("anna", "wagon", 1), fix("anna", "fodder", 3),
        "anna go clearing", "ben go clearing", "anna done", "ben done")
    g = script.game()
    assert g.step == "transport", g.step
    out, done = session(tmp_path, script, ["+", "split", "F", "quit"])
    assert " split wagon split ... " in out  # behind `+` (issue 21), typed by its key: a word, never a hidden number
    assert done[-1] == "anna wagon saw:F sale:2F", out[-800:]


def test_the_travel_line_shows_what_the_player_holds(tmp_path):
    script = TRAVEL2.then(fix("anna", "saw", 1), fix("anna", "stake", 1), fix("anna", "drying-hut", 1))
    out, _ = session(tmp_path, script, ["quit"])
    assert "-- anna, travel: at the start, $5, 1 saw, 1 stake, 1 drying hut" in out  # in words (GLOSSARY)


# --- words that used to be wrong --------------------------------------------------------------------------------


def test_river_hardwood_refusal_says_it_is_unsellable() -> None:
    with pytest.raises(LignumError, match=r"hardwood on the river cannot be sold \(R8\)"):
        parse("anna river H")


def test_a_reed_in_using_is_named_as_a_reed_not_an_unknown_token() -> None:
    with pytest.raises(LignumError, match="a reed bundle never counts for huts"):
        parse("anna build drying+food+accom using:stake+board+reed")


def test_the_final_sale_is_headed_as_such_and_scores_use_one_money_format(tmp_path):
    from lignum_companion.views import game as views

    g = start(2).game()
    forward(g, step="river", until=lambda g: g.round > 8 or g.over)
    assert views.header_line(g).startswith(("Final sale", "Game over"))
    path = start(2).write(tmp_path / "s.lignum")
    r = cli("score", str(path))
    assert "-$0" not in r.stdout and "$-" not in r.stdout


def test_plural_texts_come_from_templates() -> None:
    from lignum_companion.table.common import counted

    # sawing said as input -> output with both named (GLOSSARY)
    assert counted("note_saw", 1, kind="hardwood", milled="milled hardwood") == \
        "1 hardwood → 1 milled hardwood, to the sale area"
    assert counted("note_saw", 3, kind="softwood", milled="milled softwood") == \
        "1 softwood → 3 milled softwood, to the sale area"
    assert counted("hut_accom", 3) == "3 accommodation huts" and counted("hut_accom", 1).startswith("1 ")


def test_the_raft_hint_in_fall_says_when_the_wood_arrives(tmp_path):
    script = script_to(start(2), step="travel", round=3).then(
        fix("anna", "woodpile.F", 2), fix("anna", "raft", 1), "anna go clearing", "ben go clearing",
        "anna done", "ben done")
    out, _ = session(tmp_path, script, ["quit"])
    assert "arrives next spring" in out and "arrives next round" not in out


def test_bearers_hint_offers_every_count_that_can_be_bought(tmp_path):
    script = start(3).then("path " + PATHS[3], fix("anna", "money", 10))
    assert script.game().supply["bearers"] == 8
    out, _ = session(tmp_path, script, ["quit"])
    assert "(or 1-8:" in out  # not capped at 6 any more


def test_the_sawing_card_is_not_offered_in_a_basic_game(tmp_path):
    script = script_to(start(2), step="travel", round=1).then(
        fix("anna", "saw.F", 2), fix("anna", "saw", 2), fix("anna", "sawyers", 2), "anna go clearing",
        "ben go clearing", "anna done", "ben done")
    out, _ = session(tmp_path, script, ["quit"])
    assert "Sawing card" not in out and "two sawyers and two saws" in out


def test_the_cutting_reminder_in_an_emptied_shared_area_names_the_move_and_the_loan() -> None:
    from audit_helpers import shared_area

    from lignum_companion.engine import rules
    from lignum_companion.engine.pieces import format_bag, total
    from lignum_companion.views import game as views

    g, first, second = shared_area()
    wood = rules.area_wood(g, 3)
    play(g, None, fix(first, "woodcutters", total(wood)), f"{first} cut {format_bag(wood)}")
    text = views.reminder(g)
    assert "$1" in text and "loan" in text and "relocate" in text


def test_each_step_menu_renderer_is_keyed_by_an_engine_step() -> None:
    """turns.STEP_MENUS names the engine's steps as `g.step` holds them: a key the engine never uses (a typo, a
    renamed step) would silently fall back to the plain list of moves, so every key must be a step name; the
    table's draws (draws.DRAW_MENUS, no player's turn) are the other steps that ask, and no step is in both."""
    from lignum_companion.engine import flow
    from lignum_companion.table.draws import DRAW_MENUS
    from lignum_companion.table.turns import STEP_MENUS

    assert set(STEP_MENUS) <= set(flow.STEP_NAMES), sorted(set(STEP_MENUS) - set(flow.STEP_NAMES))
    assert set(DRAW_MENUS) == {"path", "reveal", "placement"} and not set(STEP_MENUS) & set(DRAW_MENUS)
    assert {"travel", "cutting", "transport", "sawing", "selling", "drying", "feeding", "heating", "river"} <= \
        set(STEP_MENUS)
