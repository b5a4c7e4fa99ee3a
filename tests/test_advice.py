"""The table's advisor (engine/advice.py): the winter forecast and every warning, each built, then fixed.

Each warning has a test that builds its situation and checks the figures, and one that fixes the situation and
checks that the warning is gone. The replay test walks every example game; the property test compares the
forecast at the start of random winters with what those winters then charge a player who does nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from helpers import fix, forward, game_at, play, player, start

from lignum_companion.dev import simulate
from lignum_companion.engine import advice, apply, flow, new_game, parse
from lignum_companion.engine import data as D
from lignum_companion.engine.pieces import format_bag
from lignum_companion.gamefile import store as gamefile

EXAMPLES = sorted(Path(__file__).resolve().parent.parent.joinpath("examples").glob("*.lignum"))


def alerts(g, kind: str, name: str = "anna") -> list[advice.Alert]:
    return [a for a in advice.warnings(g) if a.kind == kind and a.player == name]



at = game_at  # a game at a step of a round (helpers.game_at)


# --- R12: the third drying area -------------------------------------------------------------------------------


def test_wood_in_the_third_drying_area_is_announced_with_its_price_as_the_round_starts():
    g = at(step="travel", round=2)
    play(g, None, fix("anna", "dry3.mF", 2))
    [a] = alerts(g, "dry3-sale")
    assert (a.rule, a.figures) == ("R12", {"pieces": "2mF", "dollars": 2 * (1 + 2)})


def test_wood_in_the_third_drying_area_that_a_task_can_take_is_said_sold_or_placed_on_a_task():
    """Issue 21 §5: the tasks phase comes before the sale (R19), so a piece a task asks for at the third drying
    area's stage need not be sold; the warning says both ways out."""
    from lignum_companion.engine.state import Task
    from lignum_companion.views import game as views

    g = at(step="travel", round=2, mode="advanced")
    play(g, None, fix("anna", "dry3.mS", 2))
    assert alerts(g, "dry3-sale") and not alerts(g, "dry3-sale-task")  # no task: it must be sold
    player(g, "anna").tasks.append(Task("T9", 12, [["mS", 2], ["F", 0]], [False, False]))
    [a] = alerts(g, "dry3-sale-task")
    assert not alerts(g, "dry3-sale") and a.figures == {"pieces": "2mS", "dollars": 2 * (2 + 2)}
    said = views.warning_text(a)
    assert "or placed on a task" in said and "(R12)" in said
    player(g, "anna").tasks[-1] = Task("T9", 12, [["mH", 2]], [False])  # another piece: sold
    assert alerts(g, "dry3-sale") and not alerts(g, "dry3-sale-task")


def test_R9_hiring_sawyers_without_a_saw_is_warned_at_once_and_not_with_a_saw():
    g = at(step="travel", round=1)
    assert not alerts(g, "sawyers-no-saw")
    play(g, None, fix("anna", "sawyers", 1))
    [a] = alerts(g, "sawyers-no-saw")
    assert (a.rule, a.figures) == ("R9", {"sawyers": 1}) and "holds no saw" in views_text(a)
    play(g, None, fix("anna", "saw", 1))
    assert not alerts(g, "sawyers-no-saw")


def test_R9_wood_carried_to_the_sawing_area_without_a_saw_is_warned_in_the_transport_step():
    g = at(step="transport", round=1, before=(fix("anna", "woodpile.S", 2), fix("anna", "bearers", 2)))
    assert not alerts(g, "saw-area-no-saw")
    play(g, None, "anna carry saw:S")
    [a] = alerts(g, "saw-area-no-saw")
    assert (a.rule, a.figures) == ("R9", {"pieces": "S"}) and "(R9)" in views_text(a)
    play(g, None, fix("anna", "saw", 1))
    assert not alerts(g, "saw-area-no-saw")


def views_text(a: advice.Alert) -> str:
    from lignum_companion.views import game as views

    return views.warning_text(a)


def test_no_third_drying_area_warning_without_wood_there():
    g = at(step="travel", round=2)
    play(g, None, fix("anna", "dry3.mF", 2), fix("anna", "dry3.mF", -2))
    assert not alerts(g, "dry3-sale")


# --- R20: planned work due this season ------------------------------------------------------------------------


def _planned_sawing():
    g = start(2, mode="expert").game()
    lines: list[str] = []
    forward(g, lines, step="travel", round=1, who="anna")
    play(g, lines, "anna go 8 sawing 1")
    forward(g, lines, step="travel", round=2, who="anna")
    play(g, lines, fix("anna", "woodpile.F", 1))
    return g


def test_a_planned_card_whose_needs_are_not_met_is_said_on_the_path():
    g = _planned_sawing()
    [a] = alerts(g, "plan-unmet")
    assert a.rule == "R20" and a.subject == "sawing"
    assert a.figures["saws"] == 0 and a.figures["sawyers"] >= 1 and a.figures["disks"] >= 1
    assert a.figures["season"] == "summer"


def test_the_planned_card_warning_goes_when_the_saw_is_there_and_after_the_last_chance():
    g = _planned_sawing()
    play(g, None, fix("anna", "saw", 1))
    assert not alerts(g, "plan-unmet")
    g = _planned_sawing()
    play(g, None, "anna go clearing")
    assert not alerts(g, "plan-unmet")  # past the last chance: no more said on the path


# --- R19: tasks -----------------------------------------------------------------------------------------------


def _task_game(round_: int = 1):
    g = start(2, mode="advanced").game()
    lines: list[str] = []
    forward(g, lines, step="travel", round=1, who="anna")
    play(g, lines, "anna go 13 T1")  # T1: 10 dollars for mF at stage 0 and mS at stage 1
    return g, lines


def test_a_task_that_can_be_completed_in_this_tasks_phase_is_said():
    g, lines = _task_game()
    play(g, lines, fix("anna", "sale.mF", 1), fix("anna", "dry2.mS", 1))
    forward(g, lines, step="tasks", round=1, who="anna")
    [a] = alerts(g, "task-ready")
    assert (a.rule, a.subject, a.figures) == ("R19", "T1", {"task": "T1", "value": 10})


def test_no_task_ready_warning_once_the_task_is_filled_or_while_a_piece_lacks():
    g, lines = _task_game()
    play(g, lines, fix("anna", "sale.mF", 1))
    forward(g, lines, step="tasks", round=1, who="anna")
    assert not alerts(g, "task-ready")  # the milled softwood at stage 1 is missing
    play(g, lines, fix("anna", "dry2.mS", 1))
    assert alerts(g, "task-ready")
    play(g, lines, "anna fill T1 sale:mF dry2:mS")
    assert not alerts(g, "task-ready") and player(g, "anna").tasks[0].complete


def test_a_task_that_can_no_longer_be_completed_is_said():
    g, lines = _task_game()
    forward(g, lines, step="bonus", round=8, who="anna")
    # no drying phase is left before the last tasks phase: milled softwood in the sale area can't reach stage 1
    play(g, lines, fix("anna", "sale.mS", 1))
    [a] = alerts(g, "task-lost")
    assert (a.rule, a.figures) == ("R19", {"task": "T1", "value": 10, "needs": ["mS@1"]})


def test_no_lost_task_warning_while_a_piece_can_still_get_there():
    g, lines = _task_game()
    forward(g, lines, step="bonus", round=8, who="anna")
    play(g, lines, fix("anna", "dry2.mS", 1))
    assert not alerts(g, "task-lost")
    g, lines = _task_game()
    forward(g, lines, step="bonus", round=8, who="anna")
    play(g, lines, fix("anna", "sale.mS", 1), fix("anna", "drying-hut", 2))
    assert not alerts(g, "task-lost")  # two drying huts move it two areas right (R11, R16)
    g, lines = _task_game()
    forward(g, lines, step="travel", round=7, who="anna")  # craftwork on the path ahead could still build huts
    assert not alerts(g, "task-lost")


# --- things worth nothing at the end --------------------------------------------------------------------------


def test_huts_left_in_the_last_winter_are_said():
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "accom-hut", 1), fix("anna", "drying-hut", 1), fix("anna", "sale.S", 1))
    [a] = alerts(g, "huts-unused")
    assert (a.rule, a.figures) == ("R16", {"huts": "drying+accom", "count": 2})


def test_only_huts_that_can_still_be_spent_are_urged():
    """Issue 32: a food-storage hut with no food on a free area, or a drying hut with no wood to move, is no hut
    a menu can offer: the advisor names only the ones it can (R16, R29)."""
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "food-hut", 1), fix("anna", "drying-hut", 1), fix("anna", "accom-hut", 1))
    assert not any(g.area_bag(a).get("food") for a in range(1, 7))  # winter: no food on the cutting areas
    [a] = alerts(g, "huts-unused")
    assert a.figures == {"huts": "accom", "count": 1}


def test_no_hut_warning_once_the_huts_are_spent():
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "accom-hut", 1), "anna cut hut:1")
    assert not alerts(g, "huts-unused")


def test_food_beyond_the_last_winter_card_is_said():
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "food", 9))
    [a] = alerts(g, "food-unused")
    need = D.ROUNDS and g.winter_cards[1][0]
    assert (a.rule, a.figures) == ("R14", {"food": 9, "need": need, "surplus": 9 - need})


def test_no_food_warning_when_the_food_is_what_the_card_asks():
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "food", g.winter_cards[1][0]))
    assert not alerts(g, "food-unused")


def test_fodder_without_a_wagon_in_the_last_fall_is_said():
    g = at(step="travel", round=7)
    play(g, None, fix("anna", "fodder", 3))
    [a] = alerts(g, "fodder-unused")
    assert (a.rule, a.figures) == ("R7", {"fodder": 1})


def test_no_fodder_warning_with_a_wagon_to_use_it():
    g = at(step="travel", round=7)
    play(g, None, fix("anna", "fodder", 3), fix("anna", "wagon", 1))
    assert not alerts(g, "fodder-unused")


def test_rafting_in_the_last_fall_is_warned_against():
    g = at(step="transport", round=7, before=(fix("anna", "woodpile.F", 2), fix("anna", "raft", 2)))
    [a] = alerts(g, "river-last-fall")
    assert (a.rule, a.figures) == ("R8", {"rafts": 2})


def test_no_river_warning_once_the_transport_is_done_or_without_rafts():
    g = at(step="transport", round=7, before=(fix("anna", "woodpile.F", 2), fix("anna", "raft", 2)))
    play(g, None, "anna done")
    assert not alerts(g, "river-last-fall")
    g = at(step="transport", round=7, before=(fix("anna", "woodpile.F", 2),))
    assert not alerts(g, "river-last-fall")


def test_cutting_in_the_last_winter_is_warned_against():
    g = at(step="cutting", round=8)
    [a] = alerts(g, "last-winter-cut")
    assert (a.rule, a.figures) == ("R13", {"firewood": D.WINTER_CUT_FIREWOOD})


def test_no_last_winter_cut_warning_after_passing_or_when_the_wood_can_heat():
    g = at(step="cutting", round=8)
    play(g, None, "anna done")
    assert not alerts(g, "last-winter-cut")
    g = at(step="cutting", round=8)
    play(g, None, fix("anna", "sledge", 1), fix("anna", "saw", 1), fix("anna", "accom-hut", 2))
    assert not alerts(g, "last-winter-cut")  # cut, sledged and sawn by huts, it heats (R25, R14)


def test_R25_last_winter_cut_counts_the_mill_worker_and_huts_as_one_crew():
    """R25: a hut may cut alone and keep the mill worker for the sledge or the saw, so cut, sledge and saw
    need three workers among him and the huts, whoever cuts; two huts alone cannot do all three."""
    gear = (fix("anna", "sledge", 1), fix("anna", "saw", 1))
    g = at(step="cutting", round=8)
    play(g, None, *gear, fix("anna", "accom-hut", 2))
    player(g, "anna").mill_worker = False  # spent already: the huts must cut, sledge and saw
    [a] = alerts(g, "last-winter-cut")
    assert (a.rule, a.figures) == ("R13", {"firewood": 2})  # rules.winter_cut_firewood: 1 per hut alone
    play(g, None, fix("anna", "accom-hut", 1))
    assert not alerts(g, "last-winter-cut")  # a third hut: cut hut:1, sledge hut:1, saw hut:1 (R25)


# --- a move that leaves nothing to pay with -------------------------------------------------------------------


def test_a_move_that_spends_the_last_dollar_with_no_loan_left_is_said():
    g = at(step="travel", round=1)
    play(g, None, fix("anna", "loans", 2), fix("anna", "money", -4))
    [a] = alerts(g, "broke-move")
    assert a.rule == "R15" and a.figures["money"] == 1
    assert "anna go 4 1" in a.figures["moves"] and "anna go clearing" not in a.figures["moves"]


def test_no_broke_warning_while_a_loan_can_still_be_taken():
    g = at(step="travel", round=1)
    play(g, None, fix("anna", "loans", 1), fix("anna", "money", -4))
    assert not alerts(g, "broke-move")


# --- every kind is tested, once per step in every example -----------------------------------------------------


def test_every_kind_has_its_tests():
    text = Path(__file__).read_text(encoding="utf-8")
    for kind in advice.KINDS:
        assert text.count(f'"{kind}"') >= 2, kind


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_replaying_an_example_says_each_warning_at_most_once_per_step(path):
    gf = gamefile.read(path)
    g = new_game(gf.setup)
    announcer = advice.Announcer()
    said: Counter[tuple[int, str, str]] = Counter()
    for line in gf.actions:
        apply(g, parse(line.text, g.board))
        for a in announcer.news(g):
            said[(a.round, a.step, a.kind + ":" + a.player + ":" + a.subject)] += 1
    assert said, "an example game with no warning at all"
    assert max(said.values()) == 1
    # news equals the warnings that hold, minus those already said in this step
    assert all(a.key for a in advice.warnings(g)) or g.over


# --- the winter forecast --------------------------------------------------------------------------------------


def test_the_forecast_walks_the_winter_bill_with_loans_sales_and_debt():
    # winter cards of the test table: year 1 asks 4 food and 2 logs
    g = at(step="travel", round=3)
    play(g, None, fix("anna", "food", 1), fix("anna", "store.mF", 1), fix("anna", "money", -3),
         fix("anna", "loans", 1), fix("anna", "saw.F", 1))
    f = advice.forecast(g, 0)
    assert f is not None and f.year == 1
    assert (f.food.need, f.food.have, f.food.missing, f.food.cost) == (4, 1, 3, 9)
    assert (f.food.loans_taken, f.food.still_short) == (1, 9 - (2 + 4))
    assert (f.heating.need, f.heating.have, f.heating.cost, f.heating.still_short) == (2, 1, 3, 3)
    assert (f.cost, f.loans_forced, f.sale_needed) == (12, 1, 6)
    assert f.sellable == 3 and f.debt == 3  # the firewood disk at its base price; the stored log is burnt
    assert f.logs_can_make == 0  # no saw
    play(g, None, fix("anna", "saw", 1))
    f = advice.forecast(g, 0)
    assert f.logs_can_make == 4 and f.heating_if_made.cost == 0


def test_carpenters_eat_in_the_forecast_as_the_winter_bill_says(tmp_path):
    g = at(step="travel", round=3, expansion="joinery")
    play(g, None, fix("anna", "carpenters", 2))
    f = advice.forecast(g, 0)
    assert f.food.need == g.winter_cards[0][0] + 2 * D.CARPENTER_FOOD  # R23: one more food per carpenter


def test_the_expansion_board_prices_a_broke_move_by_its_own_numbers():
    g = at(step="travel", round=1, expansion="joinery")
    play(g, None, fix("anna", "loans", 2), fix("anna", "money", -4))
    [a] = alerts(g, "broke-move")
    assert "anna go 4 1" in a.figures["moves"] and "anna go 21 buy:saw" in a.figures["moves"]  # the market is 21


def test_the_forecast_is_due_from_summer_and_ends_with_the_last_winter():
    g = start(2).game()
    assert not advice.forecast_due(g) and advice.forecast(g, 0) is not None
    forward(g, None, step="travel", round=2, who="anna")
    assert advice.forecast_due(g)
    forward(g, None, step="bonus", round=4)
    assert advice.forecast(g, 0).year == 1
    charging = g.clone()
    charging.step = "feeding"
    assert advice.forecast(charging, 0) is None  # the first winter is being charged: its own summary says it
    forward(g, None, step="travel", round=5)
    f = advice.forecast(g, 0)
    assert f is not None and f.year == 2 and f.food.need == g.winter_cards[1][0]
    forward(g, None, until=lambda g: g.round > D.ROUNDS)
    assert advice.forecast(g, 0) is None and not advice.forecasts(g)


def sale_text(sale: dict[str, dict[str, int]]) -> str:
    return " ".join(f"{area}:{format_bag(bag, D.PIECES)}" for area, bag in sale.items() if bag)


def _no_action_line(g, plans: dict[str, advice.Forecast]) -> str:
    """A winter line for a player who takes no action: `done`, and the forced sales the forecast named."""
    p = g.players[flow.actors(g)[0]]
    if g.step == "bonus":
        return f"{p.name} bonus F"
    if g.step == "feeding":
        return f"{p.name} feed {sale_text(plans[p.name].food_sale)}"
    if g.step == "heating":
        return f"{p.name} heat {sale_text(plans[p.name].heating_sale)}"
    return f"{p.name} done"


def _charged_as_forecast(g, winter: int, seed: int) -> list[advice.Forecast]:
    """Play the winter as a player who does nothing but the forecast's forced sales, and check that what it
    charged each player (money paid, debt, forced loans) is the forecast made at its start (R14)."""
    before = [(p.loans, p.debt) for p in g.players]
    expected = advice.forecasts(g)
    while g.round == winter:
        apply(g, parse(_no_action_line(g, {f.player: f for f in expected}), g.board))
    for p, (loans, debt), f in zip(g.players, before, expected, strict=True):
        paid = -sum(e.amount for e in p.ledger if e.round == winter and e.reason in ("winter food", "winter heating"))
        assert (paid + p.debt - debt, p.loans - loans, p.debt - debt) == (f.cost, f.loans_forced, f.debt), \
            (seed, p.name, f)
    return expected


@pytest.mark.parametrize("seed", range(12))
def test_the_forecast_at_a_winter_start_is_what_that_winter_charges_a_player_who_does_nothing(seed):
    rng = random.Random(seed)
    winter = rng.choice(advice.WINTER_ROUNDS)

    def winter_start(g) -> bool:
        return g.round == winter and g.step == "bonus" and not g.acted

    report = simulate.play_game(seed, rng.choice((2, 3, 4)), rng.choice(D.MODES), check="none", stop=winter_start)
    assert winter_start(report.game)
    for f in _charged_as_forecast(report.game, winter, seed):
        assert (f.food.missing + f.heating.missing) * D.WINTER_MISSING_PIECE_COST == f.cost


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402


@settings(max_examples=20, deadline=None)
@given(seed=hs.integers(min_value=1000, max_value=10**6), players=hs.sampled_from((2, 3, 4)),
       mode=hs.sampled_from(D.MODES), winter=hs.sampled_from(advice.WINTER_ROUNDS))
def test_property_the_forecast_is_the_winter_actually_charged(seed, players, mode, winter):
    """Issue 21 §5: whatever random play led to a winter, the forecast at its start is what it charges (money
    paid, debt, forced loans) a player who takes no action but the forced sales the forecast named (R14)."""
    def winter_start(g) -> bool:
        return g.round == winter and g.step == "bonus" and not g.acted

    _charged_as_forecast(simulate.play_game(seed, players, mode, check="none", stop=winter_start).game, winter, seed)


def test_the_forecast_says_in_words_when_the_food_takes_the_heating_wood_and_what_avoids_it():
    """Issue 21 §5: 3 milled firewood in the storage, no food, no money, no loan left: the food bill sells the
    heating wood first (R14); the line says so, counts the logs they can see, and names the market."""
    from lignum_companion.views import game as views

    g = at(step="travel", round=3)
    p = player(g, "anna")
    play(g, None, fix("anna", "store.mF", 3), fix("anna", "loans", 2), fix("anna", "money", -p.money))
    f = advice.forecast(g, 0)
    assert f.food_sale.get("store") == {"mF": 3} and f.heating.have == 0
    line = views.forecast_line(f)
    assert "heating wood 3 of 2" in line  # what the player sees in the firewood storage
    assert "3 pieces of the heating wood in the firewood storage must be sold" in line
    assert f"heating then costs ${f.heating.cost}" in line and "at the market now ($1 each" in line
    play(g, None, fix("anna", "food", 4))  # food covered: nothing takes the heating wood, nothing is said
    assert "must be sold" not in views.forecast_line(advice.forecast(g, 0))


# --- the clients: next, show --json, score --projected, the header setting -------------------------------------


@pytest.fixture
def summer_file(tmp_path):
    """A game file in the summer of year 1, anna to move, with wood in her third drying area."""
    from helpers import script_to

    script = script_to(start(2), step="travel", round=2, who="anna").then(
        fix("anna", "dry3.mF", 2), fix("anna", "food", 1))
    return script, script.write(tmp_path / "game.lignum")


def _run(*args: str):
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_next_shows_the_coming_winter_and_the_warnings(summer_file):
    _, path = summer_file
    text = _run("next", str(path))
    assert "Coming winter (year 1): the card asks 4 food and 2 heating wood." in text
    assert "  anna: $15 still to find at today's prices; loans forced: 2\n" in text  # one line a player (issue 32)
    assert "⚠ anna: 2 milled firewood in the third drying area must be sold in this round's selling phase ($6)." \
        " (R12)" in text


def test_quiet_and_the_header_setting_turn_the_warnings_off(summer_file):
    script, path = summer_file
    assert "⚠" not in _run("next", str(path), "--quiet")
    assert "Coming winter" in _run("next", str(path), "--quiet")  # the forecast is not a warning
    script.setup.warnings = False
    script.write(path)
    assert "warnings off" in path.read_text(encoding="utf-8")
    assert "⚠" not in _run("next", str(path))
    assert gamefile.read(path).setup.warnings is False


def test_a_bad_warnings_header_line_is_a_clear_error(summer_file):
    _, path = summer_file
    path.write_text(path.read_text(encoding="utf-8").replace("\nstart\n", "\nwarnings maybe\nstart\n", 1),
                    encoding="utf-8")
    with pytest.raises(gamefile.GameFileError, match="warnings is on or off"):
        gamefile.read(path)


def test_show_json_carries_the_forecast_and_the_warnings(summer_file):
    import json

    _, path = summer_file
    state = json.loads(_run("show", str(path), "--json"))
    anna = state["forecast"][0]
    assert anna["player"] == "anna" and anna["cost"] == 15 and anna["food"]["missing"] == 3
    assert [w["kind"] for w in state["warnings"]] == ["dry3-sale"]
    assert state["warnings"][0]["figures"] == {"pieces": "2mF", "dollars": 6}
    only = json.loads(_run("show", str(path), "--json", "--player", "ben"))
    assert [f["player"] for f in only["forecast"]] == ["ben"] and only["warnings"] == []


def test_score_projected_in_the_terminal_as_json_and_on_the_pdf(summer_file, tmp_path):
    import json

    from pypdf import PdfReader

    script, path = summer_file
    play_to = script.then(fix("anna", "saw.F", 1))
    play_to.write(path)
    text = _run("score", str(path), "--projected")
    assert text.startswith("Projected scores: if the game ended now")
    assert "anna: left unsold at the end (worth nothing): 1 firewood (F) in the sawing area" in text
    result = json.loads(_run("score", str(path), "--projected", "--json"))
    anna = next(r for r in result["players"] if r["name"] == "anna")
    assert result["projected"] is True and result["final"] is False
    assert anna["total"] == 5 + 6 and anna["unsold"] == {"saw": {"F": 1}}
    pdf = tmp_path / "sheet.pdf"
    _run("score", str(path), "--projected", "--pdf", str(pdf))
    page = PdfReader(str(pdf)).pages[0].extract_text()
    assert "If the game ended now: anna $11, ben $5" in page


def _play(tmp_path, script, answers: list[str], **kw) -> str:
    """`lignum play` in this process with plain answers; the output with its line breaks undone."""
    import io

    from lignum_companion import table

    path = script.write(tmp_path / "play.lignum")
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    table.play(path, con=con, seed="1", **kw)
    return " ".join(out.getvalue().split())


def test_play_shows_the_forecast_before_the_travel_menu_and_each_warning_once_per_step(tmp_path, summer_file):
    script, _ = summer_file
    text = _play(tmp_path, script, ["go 5", "status", "status anna", "quit"])
    assert "Coming winter (year 1): the card asks 4 food and 2 heating wood. anna: food 1 of 4" in text
    assert "-- anna, travel: at the start, $5, food 1, mill worker, winter -$15" in text
    assert "anna: food 2 of 4, heating wood 0 of 2 - $12 still to find at today's prices" in text  # after the food
    # at location 5
    said = "⚠ anna: 2 milled firewood in the third drying area must be sold in this round's selling phase ($6)." \
        " (R12)"
    assert text.count(said) == 2  # once in the step, and once more when the table asks for `status anna`
    assert "⚠ Warnings now: anna 1 (`status anna` says them, with the whole mill)" in text  # `status`: counted


def test_play_quiet_or_the_header_setting_keeps_the_warnings_out(tmp_path, summer_file):
    script, _ = summer_file
    text = _play(tmp_path, script, ["status", "quit"], quiet=True)
    assert "⚠" not in text and "Coming winter" in text
    script.setup.warnings = False
    assert "⚠" not in _play(tmp_path, script, ["status", "quit"])


def test_new_takes_the_warnings_setting_without_asking(tmp_path):
    path = tmp_path / "quiet.lignum"
    _run("new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
         "--winter", "4/2,5/3", "--warnings", "off", "--file", str(path))
    assert "warnings off" in path.read_text(encoding="utf-8").splitlines()
    assert gamefile.read(path).setup.warnings is False


def test_do_says_the_warnings_its_lines_bring_up_and_quiet_keeps_them_out(tmp_path):
    from helpers import script_to

    script = script_to(start(2), step="travel", round=1, who="anna").then(
        fix("anna", "loans", 2), fix("anna", "money", -3))
    path = script.write(tmp_path / "do.lignum")
    text = _run("do", str(path), "anna go 5")  # a food token: anna keeps $2 and ben moves next
    assert "⚠" not in text
    text = " ".join(_run("do", str(path), "ben go 6").split())  # anna's turn again, with $2 and two loans
    assert "⚠ anna has $2 and no loan left: spending all of it at locations 10 or 19" in text
    assert "⚠" not in _run("do", str(path), fix("anna", "money", -1))  # said once in this step
    path.write_text(script.then("anna go 5").text(), encoding="utf-8")
    assert "⚠" not in _run("do", str(path), "ben go 6", "--quiet")


def test_task_ready_is_what_the_engine_lets_the_tasks_step_place():
    """R19: in every tasks step of the example games, `task_ready` holds exactly when the player's legal fill lines,
    applied through the engine one after another, complete the task (the warning and the tasks reminder both read
    it; a tryout's reminder said pieces were still needed that were there)."""
    from lignum_companion.engine import legal

    compared = 0
    for path in EXAMPLES:
        gf = gamefile.read(path)
        g = gamefile.replay(gamefile.drop_last(gf, len(gf.actions)))
        for line in gf.actions:
            apply(g, parse(line.text, g.board))
            for pi in flow.actors(g) if g.step == "tasks" and not g.over else ():
                for t in g.players[pi].tasks:
                    if t.complete:
                        continue
                    trial = g.clone()
                    while True:
                        fill = next((a for a in legal.candidates(trial, player=pi)
                                     if a.verb == "fill" and a.args["task"] == t.id), None)
                        if fill is None:
                            break
                        apply(trial, fill, record=False, keep=False)
                    done = next(x for x in trial.players[pi].tasks if x.id == t.id).complete
                    assert advice.task_ready(g, pi, t) == done, (path.name, line.text, t.id)
                    compared += 1
    assert compared
