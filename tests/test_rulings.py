"""One test (or a few) per ruling of RULINGS.md, named after its id, each asserting the engine's real behaviour.

Every test plays lines of the notation through the public API (`apply(parse(line))`) from a fresh game and looks
at the state afterwards; refusals are checked with `helpers.refused`, which also asserts the state is unchanged.
R19–R21 live in test_tasks_tactical.py and test_planned_work.py; R23 (the expansion) is not modelled.
"""

from __future__ import annotations

import pytest
from helpers import PATHS, Script, fix, forward, idle_line, play, player, refused, start

from lignum_companion.engine import data as D
from lignum_companion.engine import flow, score

TRAVEL2 = start(2).then("path " + PATHS[2])  # round 1, anna (first in the starting order) to move
TRAVEL3 = start(3).then("path " + PATHS[3])


def at(script: Script, *lines: str, **kw):
    """The game after the script, the given lines, and idle moves up to `forward(**kw)` (if any)."""
    g = script.game()
    play(g, None, *lines)
    if kw:
        forward(g, **kw)
    return g


def to_round2_area(*, placement: str = "placement 3:3food+F", n: int = 2):
    """Round 2 (summer): the table has laid the path and one placement card; players choose areas."""
    g = start(n).game()
    forward(g, step="placement", round=2)
    play(g, None, placement)
    assert g.step == "area"
    return g


# --- R1 starting money ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", D.MODES)
def test_R1_start_money_is_5_in_every_mode(mode: str) -> None:
    g = start(3, mode=mode).game()
    assert [p.money for p in g.players] == [5, 5, 5]
    assert [p.ledger[0].amount for p in g.players] == [5, 5, 5]


def test_R1_first_edition_start_of_4_is_a_setting() -> None:
    g = start(2, money=D.FIRST_EDITION_START_MONEY).game()
    assert [p.money for p in g.players] == [4, 4]


# --- R2 the path -------------------------------------------------------------------------------------------------


def test_R2_thirteen_token_locations() -> None:
    g = TRAVEL2.game()
    assert sorted(int(k) for k in g.path) == [1, 2, 3, 5, 7, 9, 11, 12, 14, 15, 17, 18, 20]
    assert g.path["14"] == "X" and g.path["17"] == "X"


def test_R2_path_must_hold_the_player_count_mix() -> None:
    g = start(2).game()
    # 4-player mix (no X tokens) laid at a 2-player table
    e = refused(g, "path " + PATHS[4], "R2")
    assert "with 2 players the path holds 1 wagon tokens, not 2" in str(e)
    g4 = start(4).game()
    refused(g4, "path " + PATHS[2], "R2")


def test_R2_x_token_blocks_its_location() -> None:
    g = TRAVEL2.game()
    refused(g, "anna go 14", "R2")
    refused(g, "anna go 17", "R2")


@pytest.mark.parametrize("line", ["anna go 8 sawing 1", "anna go 13 T1"])
def test_R2_locations_8_and_13_skipped_in_basic(line: str) -> None:
    g = TRAVEL2.game()
    e = refused(g, line, "R2")
    assert "not in play in this mode" in str(e)


def test_R2_locations_8_and_13_in_play_in_expert() -> None:
    g = start(2, mode="expert").then("path " + PATHS[2], "task 12 mF@0", "task 9 F@1").game()
    play(g, None, "anna go 8 sawing 1", "ben go 13 T1")
    assert player(g, "anna").plans[0].card == "sawing"
    assert [t.id for t in player(g, "ben").tasks] == ["T1"]


# --- R3 only move where you will act ---------------------------------------------------------------------------


def test_R3_foremen_move_forward_only() -> None:
    g = at(TRAVEL2, "anna go 5", "ben go 7")
    refused(g, "anna go 3", "R3")
    refused(g, "anna go 5", "R3")
    play(g, None, "anna go 9")
    assert player(g, "anna").pos == 9


def test_R3_a_move_must_take_something_no_passing() -> None:
    g = TRAVEL2.game()
    e = refused(g, "anna done")
    assert "not part of the travel step" in str(e)
    refused(g, "anna go 19", "R3")  # market with nothing bought or sold


def test_R3_full_location() -> None:
    g = TRAVEL3.game()
    play(g, None, "anna go 1")
    e = refused(g, "ben go 1", "R3")  # room for one foreman
    assert "full" in str(e)
    play(g, None, "ben go 4 1", "cleo go 4 1")  # location 4 has room for four
    assert g.occupants(4) == [1, 2]


def test_R3_token_already_taken() -> None:
    g = TRAVEL3.game()
    play(g, None, "anna go 2", "ben go 1", "cleo go 3", "anna go 5")  # anna left location 2, its raft taken
    assert not g.occupants(2) and g.path["2"] is None
    e = refused(g, "ben go 2", "R3")
    assert "taken" in str(e)


def test_R3_no_money_for_the_purchase() -> None:
    g = TRAVEL2.game()
    e = refused(g, "anna go 4 6", "R3")
    assert "$6" in str(e) and "$5" in str(e) and "loan" in str(e)
    play(g, None, "anna loan", "anna go 4 6")  # a loan first makes it affordable
    assert player(g, "anna").workers == {"bearers": 6}
    assert player(g, "anna").money == 3


def test_R3_no_fodder_while_holding_fodder_on_3() -> None:
    g = at(TRAVEL2, fix("anna", "fodder", +3))
    refused(g, "anna go 6", "R3")
    g = at(TRAVEL2, fix("anna", "fodder", +2))
    play(g, None, "anna go 6")
    assert player(g, "anna").fodder == [2, 3]


def test_R3_no_saw_token_while_holding_4_saws() -> None:
    g = at(TRAVEL2, fix("anna", "saw", +4))
    refused(g, "anna go 3", "R3")
    play(g, None, "anna go 5")


def test_R3_clearing_is_always_legal() -> None:
    g = at(TRAVEL2, fix("anna", "money", -5))
    play(g, None, "anna go clearing")
    assert g.clearing == [0]


def test_R3_no_task_without_a_face_up_card() -> None:
    g = start(2, mode="advanced").then("path " + PATHS[2], "task 12 mF@0", "task 9 F@1").game()
    refused(g, "anna go 13 T7", "R19")


# --- R4 woodcutters limited by area wood -------------------------------------------------------------------------


def test_R4_woodcutters_limited_by_area_wood() -> None:
    g = TRAVEL2.game()  # anna's area 1 holds 3 firewood
    e = refused(g, "anna go 10 4", "R4")
    assert "3 wood" in str(e)
    play(g, None, "anna go 10 3")
    assert player(g, "anna").workers == {"woodcutters": 3}


def test_R4_limit_counts_the_area_whoever_else_is_there() -> None:
    g = to_round2_area(placement="placement 3:S")  # area 3: 2 firewood from round 1 and 1 softwood
    play(g, None, "anna area 3", "ben area 3")
    forward(g, step="travel")
    first = g.players[g.turn].name
    second = "ben" if first == "anna" else "anna"
    play(g, None, f"{first} go 10 3")
    refused(g, f"{second} go 10 4", "R4")
    play(g, None, f"{second} go 10 3")  # both may hire for all of it; the cutting order decides who gets it
    assert player(g, second).workers == {"woodcutters": 3}


# --- R5 cutting areas and food ---------------------------------------------------------------------------------


def test_R5_alone_takes_all_the_food() -> None:
    g = to_round2_area()
    play(g, None, "anna area 3", "ben area 5")
    assert player(g, "anna").food == 3
    assert g.cutting["3"].get("food", 0) == 0


def test_R5_sharers_split_food_evenly_remainder_stays() -> None:
    g = to_round2_area()
    play(g, None, "anna area 3", "ben area 3")
    assert player(g, "anna").food == 1 and player(g, "ben").food == 1
    assert g.cutting["3"]["food"] == 1


def _shared_cutting():
    """Round 2, both in area 3, both in the clearing; returns (game, first, second) in clearing order."""
    g = to_round2_area(placement="placement 3:3food+F 4:2food")
    play(g, None, "anna area 3", "ben area 3")
    forward(g, step="travel")
    first = g.players[g.turn].name
    second = "ben" if first == "anna" else "anna"
    play(g, None, f"{first} go clearing", f"{second} go clearing")
    return g, first, second


def test_R5_later_player_in_shared_area_may_pay_1_to_move() -> None:
    g, first, second = _shared_cutting()
    food = player(g, second).food
    refused(g, f"{first} relocate 4", "R5")  # the first in clearing order may not move
    play(g, None, f"{first} done")
    money = player(g, second).money
    play(g, None, f"{second} relocate 4")
    p = player(g, second)
    assert p.area == 4 and p.money == money - 1
    assert p.food == food and g.cutting["4"]["food"] == 2  # the move gives no food
    refused(g, f"{second} relocate 6", "R5")  # once only


def test_R5_alone_in_an_area_no_move() -> None:
    g = at(TRAVEL2, "anna go clearing", "ben go clearing")
    refused(g, "anna relocate 4", "R5")


def test_R5_move_only_to_a_free_area() -> None:
    g = start(3).game()
    forward(g, step="placement", round=2)
    play(g, None, "placement 3:2F", "placement 4:F", "anna area 3", "ben area 3", "cleo area 4")
    forward(g, step="cutting")
    names = [g.players[i].name for i in g.clearing]
    later = max(("anna", "ben"), key=names.index)
    forward(g, step="cutting", who=later)
    refused(g, f"{later} relocate 4", "R5")  # cleo's area
    refused(g, f"{later} relocate 3", "R5")  # the area it stands in
    play(g, None, f"{later} relocate 2")
    assert player(g, later).area == 2


# --- R6 workers ----------------------------------------------------------------------------------------------


def test_R6_workers_return_at_end_of_round_used_or_not() -> None:
    g = at(TRAVEL2, "anna go 4 2", "ben go clearing", "anna go clearing")
    assert player(g, "anna").workers == {"bearers": 2}
    forward(g, step="path", round=2)
    assert player(g, "anna").workers == {} and player(g, "anna").mill_worker
    play(g, None, "path " + PATHS[2])
    assert g.supply["bearers"] == D.PATH_SUPPLY[2]["bearers"]


def test_R6_mill_worker_stands_in_once_per_round() -> None:
    g = at(TRAVEL2, "anna go 10 1", "ben go clearing", "anna go clearing")
    play(g, None, "ben done")  # ben reached the clearing first
    refused(g, "anna cut 3F", "R6")  # one woodcutter + the mill worker cut two
    play(g, None, "anna cut 2F")
    p = player(g, "anna")
    # nobody is left to carry: anna is skipped in transport (and in the rest of the round, with nothing to do)
    assert g.round == 2 and g.step == "path"
    assert p.wood["woodpile"] == {"F": 2} and p.mill_worker and p.workers == {}


def test_R6_accommodation_hut_stands_in_for_a_worker() -> None:
    g = at(TRAVEL2, fix("anna", "accom-hut", +1), "anna go clearing", "ben go clearing")
    e = refused(g, "anna cut 3F", "R6")
    assert "mill worker" in str(e)
    play(g, None, "anna cut 2F hut:1")
    p = player(g, "anna")
    assert p.wood["woodpile"] == {"F": 2} and p.huts == {} and not p.mill_worker


# --- R7 transport ------------------------------------------------------------------------------------------------


def _transport(*fixes: str, travel: tuple[str, ...] = ("anna go clearing",)):
    """Round 1 transport step with anna to act (the fixes give her what the test needs)."""
    g = at(TRAVEL2, *fixes, *travel, "ben go clearing")
    forward(g, step="transport", who="anna")
    return g


def test_R7_hardwood_goes_to_the_sawing_area_only() -> None:
    g = _transport(fix("anna", "woodpile.H", +1))
    refused(g, "anna carry sale:H", "R7")
    play(g, None, "anna carry saw:H")
    assert player(g, "anna").wood["saw"] == {"H": 1}


def test_R7_wagon_fodder_3_moves_3_and_drops_to_2_then_2_moves_2_and_is_spent() -> None:
    g = _transport(fix("anna", "woodpile.F", +6), fix("anna", "wagon", +2), fix("anna", "bearers", +2),
                   fix("anna", "fodder", +3))
    refused(g, "anna wagon sale:4F", "R7")
    play(g, None, "anna wagon sale:3F")
    p = player(g, "anna")
    assert p.fodder == [2] and p.equipment["wagon"] == 1 and p.wood["sale"] == {"F": 3}
    refused(g, "anna wagon sale:3F", "R7")
    play(g, None, "anna wagon sale:2F")
    assert p.fodder == [] and not p.equipment.get("wagon") and p.wood["sale"] == {"F": 5}


def test_R7_fodder_on_2_is_used_before_fodder_on_3() -> None:
    g = _transport(fix("anna", "woodpile.F", +3), fix("anna", "wagon", +1), fix("anna", "fodder", +3),
                   fix("anna", "fodder", +2))
    e = refused(g, "anna wagon sale:3F", "R7")
    assert "on 2" in str(e)
    play(g, None, "anna wagon sale:2F")
    assert player(g, "anna").fodder == [3]


def test_R7_log_driving_one_bearer_and_a_raft_per_piece() -> None:
    g = _transport(fix("anna", "woodpile.F", +3), fix("anna", "raft", +2), fix("anna", "bearers", +2))
    refused(g, "anna raft 3F", "R7")
    play(g, None, "anna raft 2F")
    p = player(g, "anna")
    assert p.wood["river"] == {"F": 2} and not p.equipment.get("raft") and p.workers == {"bearers": 1}
    assert p.mill_worker


def test_R7_no_log_driving_or_bearers_in_winter_only_sledges() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "raft", +2), fix("anna", "sledge", +1), fix("anna", "woodpile.F", +3))
    forward(g, step="transport", who="anna")
    for line in ("anna raft F", "anna carry sale:F", "anna wagon sale:F"):
        e = refused(g, line, "R13")
        assert "sledge" in str(e)
    play(g, None, "anna sledge sale:2F")


def test_R7_sledge_moves_2_plus_one_per_food() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "sledge", +1), fix("anna", "woodpile.F", +3), fix("anna", "food", +1))
    forward(g, step="transport", who="anna")  # the bonus added a fourth firewood
    refused(g, "anna sledge saw:4F", "R7")  # 2 + 1 food = 3 at most
    play(g, None, "anna sledge saw:3F")
    p = player(g, "anna")
    assert p.wood["saw"] == {"F": 3} and p.wood["woodpile"] == {"F": 1} and p.food == 0
    assert not p.equipment.get("sledge") and not p.mill_worker


def test_R7_sledge_food_has_no_cap() -> None:
    """The English rulebook sets no limit on the food spent (the Korean cap of 3 is not the default)."""
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "sledge", +1), fix("anna", "woodpile.F", +5), fix("anna", "food", +5))
    forward(g, step="transport", who="anna")
    play(g, None, "anna sledge saw:6F")  # 2 + 4 food
    p = player(g, "anna")
    assert p.wood["saw"] == {"F": 6} and p.wood["woodpile"] == {}
    # feeding followed: the 1 food left and $9 for 3 missing ($5 and one loan)
    assert p.food == 0 and p.loans == 1 and p.money == 0


# --- R8 the river ------------------------------------------------------------------------------------------------


def _floated(round_no: int, pieces: str = "2F+H"):
    """Anna floats `pieces` in the transport step of `round_no`; returns the game just after."""
    g = start(2).game()
    forward(g, step="travel", round=round_no)
    play(g, None, fix("anna", "woodpile.F", +2), fix("anna", "woodpile.H", +1), fix("anna", "raft", +3))
    forward(g, step="transport", who="anna")
    play(g, None, f"anna raft {pieces}")
    return g


def test_R8_river_wood_arrives_next_round_split_freely_hardwood_to_sawing() -> None:
    g = _floated(1)
    forward(g, step="arrival", who="anna")
    assert g.round == 2
    refused(g, "anna receive sale:2F+H", "R8")
    refused(g, "anna receive sale:F saw:H", "R8")  # all of it arrives now
    play(g, None, "anna receive sale:F saw:F+H")
    p = player(g, "anna")
    assert p.wood["river"] == {} and p.wood["sale"] == {"F": 1} and p.wood["saw"] == {"F": 1, "H": 1}


def test_R8_wood_floated_in_fall_arrives_next_spring() -> None:
    g = _floated(3)
    forward(g, step="arrival", who="anna")
    assert g.round == 5 and g.season == "spring"
    assert player(g, "anna").wood["river"] == {"F": 2, "H": 1}


def test_R8_wood_floated_in_last_fall_never_arrives_one_kind_sold() -> None:
    g = start(2).game()
    forward(g, step="travel", round=7)
    play(g, None, fix("anna", "woodpile.F", +2), fix("anna", "woodpile.S", +1), fix("anna", "woodpile.H", +1),
         fix("anna", "raft", +4))
    forward(g, step="transport", who="anna")
    play(g, None, "anna raft 2F+S+H")
    forward(g, step="river", who="anna")
    assert player(g, "anna").wood["river"] == {"F": 2, "S": 1, "H": 1}
    refused(g, "anna river H")  # notation: only F or S
    play(g, None, "anna river F")
    forward(g, step="over")
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["river"] == {"kind": "F", "pieces": 2, "dollars": 6}  # unmilled price, no bonus


def test_R8_hardwood_on_the_river_cannot_be_sold() -> None:
    g = start(2).game()
    forward(g, step="travel", round=7)
    play(g, None, fix("anna", "woodpile.H", +1), fix("anna", "raft", +1))
    forward(g, step="transport", who="anna")
    play(g, None, "anna raft H")
    forward(g, step="over")
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["river"] == {"kind": None, "pieces": 0, "dollars": 0}


# --- R9 sawing ---------------------------------------------------------------------------------------------------


def _sawing(*fixes: str):
    g = at(TRAVEL2, *fixes, "anna go clearing", "ben go clearing")
    forward(g, step="sawing", who="anna")
    return g


@pytest.mark.parametrize(("disk", "logs"), [("H", 1), ("S", 3), ("F", 4)])
def test_R9_yields(disk: str, logs: int) -> None:
    g = _sawing(fix("anna", f"saw.{disk}", +1), fix("anna", "saw", +1))
    play(g, None, f"anna saw {disk}")
    p = player(g, "anna")
    assert p.wood["sale"] == {"m" + disk: logs} and p.wood["saw"] == {}
    assert not p.equipment.get("saw") and not p.mill_worker  # the saw and the stand-in sawyer are spent


def test_R9_logs_split_between_storage_and_sale() -> None:
    g = _sawing(fix("anna", "saw.F", +1), fix("anna", "saw", +1))
    refused(g, "anna saw F store:5", "R9")
    play(g, None, "anna saw F store:3")
    p = player(g, "anna")
    assert p.wood["store"] == {"mF": 3} and p.wood["sale"] == {"mF": 1}


def test_R9_one_saw_and_one_sawyer_per_disk() -> None:
    g = _sawing(fix("anna", "saw.F", +2), fix("anna", "saw", +1), fix("anna", "sawyers", +1))
    refused(g, "anna saw 2F", "R9")  # one saw only
    play(g, None, fix("anna", "saw", +1))
    play(g, None, "anna saw 2F")  # sawyer + mill worker, two saws
    assert player(g, "anna").wood["sale"] == {"mF": 8}
    g = _sawing(fix("anna", "saw.F", +2), fix("anna", "saw", +2))
    refused(g, "anna saw 2F", "R6")  # only the mill worker to saw


# --- R10 prices -------------------------------------------------------------------------------------------------


def _selling(*fixes: str):
    g = at(TRAVEL2, *fixes, "anna go clearing", "ben go clearing")
    forward(g, step="selling", who="anna")
    return g


@pytest.mark.parametrize(("piece", "area", "dollars"), [
    ("S", "sale", 4), ("F", "sale", 3), ("mH", "sale", 5), ("mS", "sale", 2), ("mF", "sale", 1),
    ("mF", "dry1", 1), ("mS", "dry2", 3), ("mH", "dry3", 7), ("S", "dry2", 5), ("F", "dry3", 5),
])
def test_R10_prices_and_drying_bonus(piece: str, area: str, dollars: int) -> None:
    g = _selling(fix("anna", f"{area}.{piece}", +1))
    money = player(g, "anna").money
    play(g, None, f"anna sell {area}:{piece}")
    assert player(g, "anna").money == money + dollars


def test_R10_unmilled_hardwood_unsellable() -> None:
    g = _selling(fix("anna", "sale.H", +1), fix("anna", "sale.F", +1))
    refused(g, "anna sell sale:H", "R10")


# --- R11 drying -------------------------------------------------------------------------------------------------


def _drying(*fixes: str):
    g = at(TRAVEL2, *fixes, "anna go clearing", "ben go clearing")
    forward(g, step="drying", who="anna")
    return g


def test_R11_first_drying_area_one_disk_or_two_milled_never_a_mix() -> None:
    g = _drying(fix("anna", "sale.F", +2), fix("anna", "sale.mF", +3))
    refused(g, "anna dry 2F", "R11")
    refused(g, "anna dry F+mF", "R11")
    refused(g, "anna dry 3mF", "R11")
    play(g, None, "anna dry 2mF")
    assert player(g, "anna").wood["dry1"] == {"mF": 2}


def test_R11_two_milled_of_different_kinds_fit() -> None:
    g = _drying(fix("anna", "sale.mF", +1), fix("anna", "sale.mH", +1))
    play(g, None, "anna dry mF+mH")
    assert player(g, "anna").wood["dry1"] == {"mF": 1, "mH": 1}


def test_R11_full_drying_area_refused() -> None:
    g = _drying(fix("anna", "sale.S", +2))
    play(g, None, fix("anna", "dry1.mF", +1))  # hand-placed: area 1 already holds a milled log
    refused(g, "anna dry S", "R11")


def test_R11_unsold_drying_wood_moves_one_area_right() -> None:
    g = at(TRAVEL2, fix("anna", "dry1.S", +1), fix("anna", "dry2.mF", +2), "anna go clearing", "ben go clearing")
    forward(g, step="path", round=2)
    p = player(g, "anna")
    assert p.wood["dry1"] == {} and p.wood["dry2"] == {"S": 1} and p.wood["dry3"] == {"mF": 2}


def test_R11_drying_hut_ignores_capacity_and_mixing() -> None:
    g = _selling(fix("anna", "sale.F", +1), fix("anna", "drying-hut", +1), fix("anna", "dry1.mF", +2))
    play(g, None, "anna dryhut sale:F")
    p = player(g, "anna")
    assert p.wood["dry1"] == {"mF": 2, "F": 1} and not p.huts.get("drying")
    play(g, None, "anna done")  # unsold: the over-full area moves on together
    assert p.wood["dry2"] == {"mF": 2, "F": 1} and p.wood["dry1"] == {}


# --- R12 the third drying area --------------------------------------------------------------------------------


def test_R12_third_drying_area_must_be_sold() -> None:
    g = _selling(fix("anna", "dry3.mF", +2), fix("anna", "sale.F", +1))
    refused(g, "anna done", "R12")
    refused(g, "anna sell sale:F", "R12")
    refused(g, "anna sell dry3:mF", "R12")
    money = player(g, "anna").money
    play(g, None, "anna sell dry3:2mF")
    assert player(g, "anna").money == money + 6


def test_R12_no_selling_phase_in_winter() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    assert flow.WINTER_STEPS and "selling" not in [s.name for s in flow.WINTER_STEPS]
    play(g, None, fix("anna", "sale.F", +1))
    who = g.players[g.turn].name
    e = refused(g, f"{who} sell sale:F", "R13")
    assert "bonus" in str(e)


# --- R13 winter ----------------------------------------------------------------------------------------------


def test_R13_winter_step_order() -> None:
    """Bonus, cutting, sledge, sawing, then feeding and heating: wood sawn in winter heats the same winter."""
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "accom-hut", +2), fix("anna", "sledge", +1), fix("anna", "saw", +1),
         fix("anna", "money", +30), fix("ben", "money", +30))
    refused(g, f"{g.players[g.turn].name} go 4 1", "R13")  # no path in winter
    mine = {"bonus": "anna bonus S", "cutting": "anna cut", "transport": "anna sledge saw:2F hut:1",
            "sawing": "anna saw F store:4 hut:1"}
    seen = []
    while g.round == 4:
        if g.turn == 0:
            seen.append(g.step)
            play(g, None, mine[g.step])
        else:
            play(g, None, idle_line(g))
    assert seen == ["bonus", "cutting", "transport", "sawing"]
    p = player(g, "anna")
    assert p.money == 35 - 12 and p.wood["store"] == {"mF": 2} and p.wood["woodpile"] == {"S": 1}
    assert p.wood["saw"] == {"F": 1} and p.huts == {} and p.food == 0
    assert [s.name for s in flow.WINTER_STEPS if s.actor not in ("auto", "table")] == [
        "bonus", "cutting", "transport", "sawing", "tasks", "feeding", "heating"]


def test_R13_winter_bonus_then_mill_worker_cuts_2_firewood_plus_huts() -> None:
    g = start(2).game()
    play(g, None, fix("anna", "accom-hut", +1))
    forward(g, step="bonus", round=4)
    assert [g.players[i].name for i in g.clearing] == ["anna", "ben"]  # the fall's clearing order
    assert g.players[g.turn].name == "anna"
    play(g, None, "anna bonus S", "ben bonus H")
    assert player(g, "ben").wood["woodpile"] == {"H": 1} and player(g, "anna").wood["woodpile"] == {"S": 1}
    forward(g, step="cutting", who="anna")
    refused(g, "anna cut 2F", "R13")  # the mill worker takes firewood from the supply, not chosen pieces
    play(g, None, "anna cut hut:1")
    anna = player(g, "anna")
    assert anna.wood["woodpile"] == {"S": 1, "F": 3} and anna.huts == {} and not anna.mill_worker


def test_R13_mill_worker_does_one_of_cutting_transport_sawing() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "sledge", +1), fix("anna", "saw", +1), fix("anna", "saw.F", +1),
         fix("anna", "money", +20))
    forward(g, step="cutting", who="anna")
    play(g, None, "anna cut")
    p = player(g, "anna")
    assert not p.mill_worker and p.wood["woodpile"]["F"] == 3  # bonus firewood + 2 cut
    forward(g, step="path", round=5)  # with no worker left, transport and sawing skip anna
    assert p.wood["saw"] == {"F": 1} and p.equipment == {"sledge": 1, "saw": 1}


# --- R14 feeding and heating -------------------------------------------------------------------------------


def _winter(*fixes: str):
    """Winter of year 1 (needs 4 food, 2 heating logs) at the bonus step, after the fixes."""
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, *fixes)
    return g


def test_R14_each_missing_piece_costs_3() -> None:
    g = _winter(fix("anna", "food", +3), fix("anna", "store.mF", +1), fix("anna", "money", +10))
    forward(g, step="path", round=5)
    p = player(g, "anna")
    # 1 food missing, 1 heating log missing: $6
    assert p.money == 15 - 6 and p.loans == 0 and p.food == 0 and p.wood["store"] == {}


def test_R14_loans_first_then_forced_sales_then_debt() -> None:
    g = _winter(fix("anna", "money", -5), fix("anna", "sale.S", +1))
    forward(g, step="feeding", who="anna")
    # $12 for food: two loans give $8, so $4 must come from wood: the softwood ($4)
    e = refused(g, "anna feed", "R14")
    assert "short" in str(e)
    play(g, None, "anna feed sale:S")
    p = player(g, "anna")
    assert p.loans == 2 and p.wood["sale"] == {} and p.money == 0
    # heating followed by itself: 2 logs missing ($6), no loan left, nothing to sell: a debt
    assert p.debt == 6
    assert score(g)["players"][[r["name"] for r in score(g)["players"]].index("anna")]["debt"] == 6


def test_R14_no_forced_sale_when_money_covers_it() -> None:
    g = _winter(fix("anna", "money", +20), fix("anna", "sale.S", +1))
    forward(g, step="path", round=5)
    p = player(g, "anna")
    assert p.wood["sale"] == {"S": 1} and p.loans == 0 and p.money == 25 - 12 - 6


def test_R14_a_player_may_sell_more_than_needed() -> None:
    g = _winter(fix("anna", "money", -5), fix("anna", "sale.S", +2), fix("anna", "store.mF", +2))
    forward(g, step="feeding", who="anna")
    play(g, None, "anna feed sale:2S")  # $4 would do; she sells both for $8
    p = player(g, "anna")
    assert p.loans == 2 and p.money == 8 + 8 - 12 and p.wood["sale"] == {}


def test_R14_selling_when_money_suffices_is_refused() -> None:
    g = _winter(fix("anna", "money", -5), fix("anna", "sale.S", +2), fix("anna", "loans", +2))
    forward(g, step="feeding", who="anna")
    e = refused(g, "anna feed sale:S", "R14")  # $4 of the $12: not enough, and more wood is there
    assert "sell more" in str(e)


def test_R14_leftover_food_discarded_heating_wood_kept() -> None:
    g = _winter(fix("anna", "food", +7), fix("anna", "store.mF", +5))
    forward(g, step="path", round=5)
    p = player(g, "anna")
    assert p.food == 0 and p.wood["store"] == {"mF": 3} and p.money == 5


def test_R14_sawing_area_and_storage_sell_at_base_price_in_winter() -> None:
    g = _winter(fix("anna", "money", -5), fix("anna", "loans", +2), fix("anna", "saw.S", +1),
                fix("anna", "store.mH", +1), fix("anna", "dry2.mS", +1), fix("anna", "store.mF", +2))
    forward(g, step="feeding", who="anna")
    play(g, None, "anna feed saw:S store:mH dry2:mS")  # 4 + 5 + 3 = 12
    p = player(g, "anna")
    assert p.money == 0 and p.debt == 0


# --- R15 loans -----------------------------------------------------------------------------------------------


def test_R15_loan_gives_4_at_most_two() -> None:
    g = TRAVEL2.game()
    play(g, None, "anna loan", "anna loan")
    assert player(g, "anna").money == 13 and player(g, "anna").loans == 2
    refused(g, "anna loan", "R15")


def test_R15_loan_only_on_own_turn() -> None:
    g = TRAVEL2.game()
    refused(g, "ben loan", "R18")


def test_R15_loan_in_winter() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    who = g.players[g.turn].name
    play(g, None, f"{who} loan")
    assert player(g, who).loans == 1


@pytest.mark.parametrize(("loans", "repay"), [(0, 0), (1, 7), (2, 16)])
def test_R15_repayment_at_game_end(loans: int, repay: int) -> None:
    g = at(TRAVEL2, fix("anna", "money", +100), *(["anna loan"] * loans))
    forward(g, step="over")
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["loans"] == loans and row["loan_repayment"] == repay
    assert row["total"] == row["money"] + row["final_sale"] + row["river"]["dollars"] - repay - row["debt"]


# --- R16 huts -----------------------------------------------------------------------------------------------


def test_R16_three_different_tokens_become_three_huts() -> None:
    g = at(TRAVEL2, fix("anna", "stake", +1), fix("anna", "board", +1), fix("anna", "shingle", +1))
    play(g, None, "anna build 2drying+accom")
    p = player(g, "anna")
    assert p.huts == {"drying": 2, "accom": 1} and p.craftwork == {}


def test_R16_joker_stands_for_any_reed_never() -> None:
    g = at(TRAVEL2, fix("anna", "stake", +1), fix("anna", "reed", +1), fix("anna", "joker", +1))
    refused(g, "anna build drying+food+accom", "R16")
    play(g, None, fix("anna", "board", +1), "anna build drying+food+accom")
    assert player(g, "anna").craftwork == {"reed": 1}


def test_R16_same_kind_twice_does_not_make_huts() -> None:
    g = at(TRAVEL2, fix("anna", "stake", +2), fix("anna", "board", +1))
    refused(g, "anna build drying+food+accom", "R16")
    refused(g, "anna build food+accom", "R16")  # two huts only with the Hut Construction card


def test_R16_food_hut_takes_all_food_of_a_free_area() -> None:
    g = to_round2_area(placement="placement 4:2food+F")
    play(g, None, "anna area 3", "ben area 5")
    forward(g, step="travel", who="anna")
    refused(g, "anna foodhut 4", "R16")  # no food-storage hut yet
    play(g, None, fix("anna", "stake", +1), fix("anna", "board", +1), fix("anna", "shingle", +1),
         "anna build 2food+accom")
    refused(g, "anna foodhut 5", "R29")  # R29: ben's token stands there
    play(g, None, "anna foodhut 4")
    p = player(g, "anna")
    assert p.food == 2 and g.cutting["4"].get("food", 0) == 0 and p.huts == {"food": 1, "accom": 1}


def test_R29_free_area_counts_the_owners_own_area() -> None:
    """R29: for the food-storage hut an area is free when no other player's token is on it; one's own counts."""
    from lignum_companion.engine import rules

    g = to_round2_area()
    play(g, None, "anna area 3", "ben area 5")
    a, b = g.player_index("anna"), g.player_index("ben")
    assert rules.free_area(g, a, 3) and rules.free_area(g, a, 4) and not rules.free_area(g, a, 5)
    assert rules.free_area(g, b, 5) and not rules.free_area(g, b, 3)


def test_R16_huts_built_and_used_in_winter() -> None:
    g = start(2).game()
    play(g, None, fix("anna", "stake", +1), fix("anna", "board", +1), fix("anna", "joker", +1))
    forward(g, step="cutting", round=4, who="anna")
    play(g, None, "anna build 3accom", "anna cut hut:2")
    p = player(g, "anna")
    assert p.wood["woodpile"].get("F", 0) >= 4 and p.huts == {"accom": 1}


# --- R17 market ---------------------------------------------------------------------------------------------


def test_R17_buy_saws_and_food_for_1_each() -> None:
    g = TRAVEL2.game()
    play(g, None, "anna go 19 buy:2saw+food")
    p = player(g, "anna")
    assert p.money == 2 and p.equipment == {"saw": 2} and p.food == 1


def test_R17_at_most_4_saws() -> None:
    g = at(TRAVEL2, fix("anna", "saw", +3))
    refused(g, "anna go 19 buy:2saw", "R17")
    play(g, None, "anna go 19 buy:saw")
    assert player(g, "anna").equipment["saw"] == 4
    refused(g, fix("anna", "saw", +1), "R17")


@pytest.mark.parametrize(("tokens", "dollars"), [("2stake", 2), ("3board", 4), ("4reed", 6), ("stake+joker", 2),
                                                 ("2joker", 2), ("shingle+2joker", 4)])
def test_R17_craftwork_sets(tokens: str, dollars: int) -> None:
    g = at(TRAVEL2, *(fix("anna", k, n) for k, n in _bag(tokens).items()))
    play(g, None, f"anna go 19 sell:{tokens}")
    assert player(g, "anna").money == 5 + dollars and player(g, "anna").craftwork == {}


def test_R17_mixed_set_and_single_token_refused() -> None:
    g = at(TRAVEL2, fix("anna", "stake", +1), fix("anna", "board", +1))
    refused(g, "anna go 19 sell:stake+board", "R17")
    refused(g, "anna go 19 sell:stake", "R17")


def test_R17_two_sets_in_one_visit() -> None:
    g = at(TRAVEL2, fix("anna", "stake", +2), fix("anna", "reed", +3))
    play(g, None, "anna go 19 sell:2stake sell:3reed buy:saw")
    assert player(g, "anna").money == 5 + 2 + 4 - 1


def _bag(text: str) -> dict[str, int]:
    from lignum_companion.engine.pieces import parse_bag

    return parse_bag(text, D.CRAFTWORK)


# --- R18 player order -----------------------------------------------------------------------------------------


def test_R18_first_round_order_is_entered() -> None:
    g = start(3, order=("cleo", "anna", "ben")).then("path " + PATHS[3]).game()
    assert g.players[g.turn].name == "cleo"
    refused(g, "anna go 1", "R18")


def test_R18_round_robin_on_the_path_skips_the_clearing() -> None:
    g = TRAVEL3.game()
    play(g, None, "anna go clearing", "ben go 1", "cleo go 2")
    assert g.players[g.turn].name == "ben"  # anna is in the clearing
    play(g, None, "ben go 3")
    assert g.players[g.turn].name == "cleo"


def test_R18_clearing_order_is_work_order_and_reversed_next_round() -> None:
    g = TRAVEL3.game()
    play(g, None, "anna go 1", "ben go clearing", "cleo go clearing", "anna go clearing")
    assert [g.players[i].name for i in g.clearing] == ["ben", "cleo", "anna"]
    forward(g, step="path", round=2)
    assert [g.players[i].name for i in g.start_order] == ["anna", "cleo", "ben"]


def test_R18_winter_in_falls_clearing_order_and_its_start_order_stands() -> None:
    g = start(3).game()
    forward(g, step="travel", round=3)
    order = [g.players[i].name for i in g.start_order]
    arrive = [order[2], order[0], order[1]]
    for name in order:
        if name != order[2]:
            play(g, None, f"{name} go 1" if name == order[0] else f"{name} go 2")
    play(g, None, f"{order[2]} go clearing", f"{order[0]} go clearing", f"{order[1]} go clearing")
    assert [g.players[i].name for i in g.clearing] == arrive
    forward(g, step="bonus", round=4)
    assert g.players[g.turn].name == arrive[0]
    forward(g, step="path", round=5)
    assert [g.players[i].name for i in g.start_order] == list(reversed(arrive))


# --- R22 ties ----------------------------------------------------------------------------------------------------


def test_R22_equal_totals_share_a_place() -> None:
    g = start(3).game()
    play(g, None, fix("anna", "money", +3), fix("ben", "money", +3))
    forward(g, step="over")
    rows = {r["name"]: r for r in score(g)["players"]}
    assert rows["anna"]["total"] == rows["ben"]["total"] > rows["cleo"]["total"]
    assert rows["anna"]["place"] == rows["ben"]["place"] == 1 and rows["cleo"]["place"] == 3
    assert rows["anna"]["shared"] and rows["ben"]["shared"] and not rows["cleo"]["shared"]


def test_R22_places_skip_after_a_shared_place() -> None:
    from lignum_companion.engine.scoring import places

    assert places([10, 20, 20, 5]) == [3, 1, 1, 4]
    assert places([7, 7, 7, 7]) == [1, 1, 1, 1]
