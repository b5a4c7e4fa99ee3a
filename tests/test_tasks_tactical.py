"""Tasks of the advanced and expert games (R19) and the tactical variant's choice of cutting areas (R21)."""

from __future__ import annotations

import pytest
from helpers import PATHS, fix, forward, play, player, refused, start

from lignum_companion.engine import data as D
from lignum_companion.engine import flow, score

CARDS3 = ("task 12 mF@0+S@1", "task 9 F", "task 20 mH@2+2mS@1")


def advanced3():
    """3-player advanced game, round 1: path laid, three task cards face up, anna to move."""
    return start(3, mode="advanced").then("path " + PATHS[3], *CARDS3).game()


# --- the display and location 13 --------------------------------------------------------------------------------


def test_R19_display_starts_with_one_card_per_player() -> None:
    g = start(3, mode="advanced").then("path " + PATHS[3]).game()
    assert g.step == "reveal" and flow.task_target(g) == 3
    play(g, None, *CARDS3)
    assert [t.id for t in g.task_display] == ["T1", "T2", "T3"]
    assert g.task_display[2].needs == [["mH", 2], ["mS", 1], ["mS", 1]] and g.task_display[2].value == 20
    assert g.step == "travel"


def test_R19_display_refilled_to_one_per_player_each_round() -> None:
    g = advanced3()
    play(g, None, "anna go 13 T2", "ben go 13 T3")
    forward(g, step="path", round=2)
    play(g, None, "path " + PATHS[3])
    assert g.step == "reveal" and flow.task_target(g) == 3 and len(g.task_display) == 1
    play(g, None, "task 15 mS@2+mF@2")
    assert g.step == "reveal"
    play(g, None, "task 11 S@0")
    assert g.step == "placement" and [t.id for t in g.task_display] == ["T1", "T4", "T5"]


def test_R19_display_untouched_when_nobody_takes_a_card() -> None:
    g = advanced3()
    forward(g, step="path", round=2)
    play(g, None, "path " + PATHS[3])
    assert g.step == "placement" and len(g.task_display) == 3  # no reveal step: still three face up


def test_R19_no_more_cards_once_the_deck_is_used_up() -> None:
    """Ten cards: with 4 players taking one each round, 4 + 4 + 2 are revealed, then no reveal step."""
    g = start(4, mode="advanced").game()
    shown = []
    for rnd in (1, 2, 3):
        forward(g, step="travel", round=rnd)
        shown.append(len(g.task_display))
        order = [g.players[i].name for i in g.start_order]
        for name in order:
            play(g, None, f"{name} go 13 {g.task_display[0].id}" if g.task_display else f"{name} go clearing")
        for name in order:
            if player(g, name).pos != g.board.clearing:
                play(g, None, f"{name} go clearing")
    assert shown == [4, 4, 2] and g.task_seq == D.TASK_CARDS
    forward(g, step="path", round=5)
    play(g, None, "path " + PATHS[4])
    assert g.step == "placement"  # no reveal step


def test_R19_task_costs_1_at_location_13() -> None:
    g = advanced3()
    play(g, None, "anna go 13 t2")
    anna = player(g, "anna")
    assert anna.money == 4 and [t.id for t in anna.tasks] == ["T2"] and anna.took_task
    assert [t.id for t in g.task_display] == ["T1", "T3"]
    assert anna.ledger[-1].reason == "task T2" and anna.ledger[-1].amount == -1


def test_R19_task_needs_a_face_up_card_and_a_dollar() -> None:
    g = advanced3()
    play(g, None, "anna go 13 T2")
    refused(g, "ben go 13 T2", "R19")  # already taken
    play(g, None, fix("ben", "money", -5))
    refused(g, "ben go 13 T1", "R19")


def test_R19_one_task_per_round() -> None:
    g = advanced3()
    play(g, None, "anna go 13 T1", "ben go 1", "cleo go 2")
    refused(g, "anna go 13 T2", "R3")  # the foreman can never come back to 13 in the same round
    assert player(g, "anna").took_task
    forward(g, step="travel", round=2, who="anna")
    assert not player(g, "anna").took_task
    play(g, None, "anna go 13 T2")
    assert [t.id for t in player(g, "anna").tasks] == ["T1", "T2"]


# --- the tasks phase ------------------------------------------------------------------------------------------


def _tasks_phase(*fixes: str, task: str = "task 30 mH@0+mS@1+mF@2+S@0"):
    """2-player advanced game: anna holds T1 (the given card) and is in the tasks phase of round 1."""
    g = start(2, mode="advanced").then("path " + PATHS[2], task, "task 5 F").game()
    play(g, None, "anna go 13 T1", *fixes, "ben go clearing", "anna go clearing")
    forward(g, step="tasks", who="anna")
    return g


def test_R19_exact_matching_kind_milled_and_stage() -> None:
    g = _tasks_phase(fix("anna", "sale.mH", +1), fix("anna", "dry1.mS", +1), fix("anna", "dry2.mS", +1),
                     fix("anna", "dry2.mF", +1), fix("anna", "dry3.mF", +1), fix("anna", "sale.F", +1),
                     fix("anna", "dry2.S", +1))
    refused(g, "anna fill T1 dry1:mS", "R19")  # stage 0, the card asks stage 1
    refused(g, "anna fill T1 dry2:mF", "R19")  # stage 1, the card asks stage 2
    refused(g, "anna fill T1 sale:F", "R19")  # firewood, the card asks softwood
    refused(g, "anna fill T1 dry2:S", "R19")  # softwood at stage 1, the card asks stage 0
    refused(g, "anna fill T2 sale:F", "R19")  # ben's card is not anna's
    play(g, None, "anna fill T1 sale:mH dry2:mS dry3:mF")
    task = player(g, "anna").tasks[0]
    assert task.missing() == [["S", 0]] and not task.complete


def test_R19_first_drying_area_counts_as_stage_0() -> None:
    g = _tasks_phase(fix("anna", "dry1.mH", +1), task="task 6 mH@0")
    play(g, None, "anna fill T1 dry1:mH")
    assert player(g, "anna").tasks[0].complete


def test_R19_pieces_on_a_task_are_locked() -> None:
    g = _tasks_phase(fix("anna", "dry3.mF", +1), fix("anna", "sale.mH", +1))
    play(g, None, "anna fill T1 dry3:mF")
    anna = player(g, "anna")
    assert anna.wood["dry3"] == {} and anna.tasks[0].placed == [False, False, True, False]
    refused(g, "anna fill T1 dry3:mF")  # the piece is no longer in the drying area
    refused(g, "anna take T1 dry3:mF")  # the notation has no way to take a piece back
    play(g, None, "anna done")
    refused(g, "anna sell dry3:mF")  # nor to sell it
    play(g, None, "anna sell sale:mH")
    assert anna.tasks[0].placed == [False, False, True, False]


def test_R19_no_tasks_phase_in_the_basic_game() -> None:
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "sale.mF", +1), "anna go clearing", "ben go clearing")
    steps = set()
    while g.round == 1:
        steps.add(g.step)
        forward(g, until=lambda x, s=g.step: x.step != s or x.round != 1)
    assert "tasks" not in steps and "selling" in steps


def test_R19_tasks_phase_in_the_second_winter_only_after_sawing() -> None:
    g = start(2, mode="advanced").game()
    forward(g, step="travel", round=1, who="anna")
    play(g, None, "anna go 13 T1")
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "sale.mF", +1), fix("anna", "money", +40), fix("ben", "money", +40))
    seen = []
    while g.round == 4:
        seen.append(g.step)
        forward(g, until=lambda x, s=g.step: x.step != s or x.round != 4)
    assert "tasks" not in seen
    forward(g, step="bonus", round=8)
    play(g, None, fix("anna", "sale.mF", +1), fix("anna", "saw.F", +1), fix("anna", "saw", +1))
    forward(g, step="sawing", who="anna")
    play(g, None, "anna saw F")  # 4 milled firewood to the sale area, for the task
    assert g.step == "tasks" and g.players[g.turn].name == "anna"
    play(g, None, "anna fill T1 sale:mF")
    assert player(g, "anna").tasks[0].placed[0]


def test_R19_complete_task_pays_incomplete_pays_nothing_its_wood_lost() -> None:
    g = start(2, mode="advanced").then("path " + PATHS[2], "task 14 mF@0", "task 25 mH@0+mS@0").game()
    play(g, None, "anna go 13 T1", "ben go 13 T2", fix("anna", "sale.mF", +1), fix("ben", "sale.mH", +1),
         "anna go clearing", "ben go clearing")
    forward(g, step="tasks", who="anna")
    play(g, None, "anna fill T1 sale:mF")
    forward(g, step="tasks", who="ben")
    play(g, None, "ben fill T2 sale:mH")
    forward(g, step="over")
    rows = {r["name"]: r for r in score(g)["players"]}
    assert rows["anna"]["tasks"] == [{"id": "T1", "value": 14, "complete": True, "dollars": 14, "missing": []}]
    assert rows["anna"]["task_dollars"] == 14
    assert rows["ben"]["tasks"] == [{"id": "T2", "value": 25, "complete": False, "dollars": 0,
                                     "missing": ["mS@0"]}]
    assert rows["ben"]["task_dollars"] == 0 and rows["ben"]["final_sale"] == 0  # the milled hardwood is lost
    for r in rows.values():
        assert r["total"] == (r["money"] + r["final_sale"] + r["river"]["dollars"] + r["task_dollars"]
                              - r["loan_repayment"] - r["debt"])


# --- the tactical variant (R21) ------------------------------------------------------------------------------


def test_R21_placement_cards_revealed_a_round_early() -> None:
    g = start(2, variants=("tactical",)).then("path " + PATHS[2]).game()
    assert g.step == "placement"  # spring already shows summer's card
    before = {a: dict(b) for a, b in g.cutting.items()}
    play(g, None, "placement 4:2S+3food")
    assert g.cutting == before and g.next_placements == [{"4": {"S": 2, "food": 3}}]
    forward(g, step="area", round=2)
    assert g.cutting["4"]["S"] == 2 and g.cutting["4"]["food"] == 3
    assert g.next_placements == [{"2": {"F": 1}}]  # summer has already shown fall's card


def test_R32_spring_year_2_cards_are_entered_at_the_start_of_the_first_winter_last_fall_none() -> None:
    g = start(2, variants=("tactical",)).game()
    forward(g, step="path", round=3)
    play(g, None, "path " + PATHS[2])
    assert g.step != "placement"  # R32: fall of year 1 reveals nothing (its next round, winter, has none)
    forward(g, until=lambda g: g.round == 4)
    assert g.step == "placement" and flow.actor_kind(g) == "table"  # asked at the start of the first winter
    play(g, None, "placement 6:H")
    assert g.step == "bonus"
    forward(g, step="area", round=5)
    assert g.cutting["6"].get("H") == 1
    forward(g, step="path", round=7)
    play(g, None, "path " + PATHS[2])
    assert g.step != "placement"  # nothing comes after the last fall
    forward(g, until=lambda g: g.round == 8)
    assert g.step == "bonus"  # nor at the start of the last winter


def test_R32_old_files_with_the_cards_entered_in_fall_still_replay() -> None:
    """Files written before R32 entered the spring of year 2's cards in fall of year 1: same state at spring."""
    early = start(2, variants=("tactical",)).game()
    forward(early, step="path", round=3)
    play(early, None, "path " + PATHS[2], "placement 6:H")
    forward(early, until=lambda g: g.round == 4)
    assert early.step == "bonus"  # the cards are in: the winter does not ask again
    refused(early, "placement 6:H")  # and no more than one card each time
    late = start(2, variants=("tactical",)).game()
    forward(late, step="path", round=3)
    play(late, None, "path " + PATHS[2])
    forward(late, until=lambda g: g.round == 4)
    play(late, None, "placement 6:H")
    assert {**early.to_dict(), "last_move": None} == {**late.to_dict(), "last_move": None}


def test_R32_the_winter_cards_close_the_fall_for_everyone() -> None:
    """A table entry (R24): the first winter's placement card closes the fall's drying for every player."""
    g = start(2, variants=("tactical",)).game()
    forward(g, step="path", round=3)
    play(g, None, "path " + PATHS[2], fix("anna", "sale.mF", 1))
    forward(g, step="drying", round=3)
    assert g.players[0].name == "anna" and 0 in flow.actors(g)  # anna could dry her milled firewood
    play(g, None, "placement 6:H")
    assert g.round == 4 and g.step == "bonus" and len(g.next_placements) == 1
    assert player(g, "anna").wood["sale"] == {"mF": 1}  # her drying move lapsed


def test_R21_areas_picked_in_previous_clearing_order_only_free_areas() -> None:
    g = start(3, variants=("tactical",)).then("path " + PATHS[3], "placement 2:F", "placement 5:S").game()
    play(g, None, "anna go 1", "ben go clearing", "cleo go clearing", "anna go clearing")
    forward(g, step="area", round=2)
    # round 2 starting order is the reverse of the clearing (ben, cleo, anna): anna, cleo, ben; ben picks first
    assert [g.players[i].name for i in g.start_order] == ["anna", "cleo", "ben"]
    assert flow.actor_kind(g) == "ordered" and g.players[g.turn].name == "ben"
    refused(g, "anna area 2", "R21")  # R21: tactical areas are picked in clearing order
    play(g, None, "ben area 2")
    refused(g, "cleo area 2", "R21")
    play(g, None, "cleo area 3")
    refused(g, "anna area 3", "R21")
    play(g, None, "anna area 4")
    assert [p.area for p in g.players] == [4, 2, 3]


@pytest.mark.parametrize("mode", ["basic", "advanced", "expert"])
def test_R21_tactical_works_with_every_mode(mode: str) -> None:
    g = start(2, mode=mode, variants=("tactical",)).game()
    forward(g, step="over")
    assert g.over
