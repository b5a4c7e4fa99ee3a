"""The rulebook's worked examples (seed 000), replayed through the engine with the rulebook's own characters.

Each example is set up with real path moves where the rulebook says how the pieces were got, and with table
corrections (`fix`) where it only says what a player "has gathered so far".
"""

from __future__ import annotations

from helpers import PATHS, fix, forward, play, player, refused, start

from lignum_companion.engine import score
from lignum_companion.engine.rules import sale_total

PAIR = ("nicole", "harold")
FOUR = ("nicole", "harold", "john", "victoria")


def test_nicole_wagon_transport() -> None:
    """1 bearer, 1 fodder (on 3) and the wagon move 3 wood (2 to sale, 1 to sawing); fodder drops to 2 (R7)."""
    g = start(2, names=PAIR).then("path " + PATHS[2]).game()
    # location 1 holds the wagon; 4 bearers, 6 fodder, 10 woodcutters; $1 each
    play(g, None, "nicole go 1", "harold go clearing", "nicole go 4 1", "nicole go 6", "nicole go 10 2",
         "nicole go clearing")
    nicole = player(g, "nicole")
    assert nicole.money == 1 and nicole.fodder == [3] and nicole.equipment == {"wagon": 1}
    forward(g, step="cutting", who="nicole")
    play(g, None, "nicole cut 3F")  # two woodcutters and the mill worker
    forward(g, step="transport", who="nicole")
    play(g, None, "nicole wagon sale:2F saw:F")
    assert nicole.wood["woodpile"] == {}
    assert nicole.wood["sale"] == {"F": 2} and nicole.wood["saw"] == {"F": 1}
    assert nicole.fodder == [2] and nicole.equipment == {} and nicole.workers == {}


def test_nicole_bearers_move_one_piece_each() -> None:
    """Two bearers carry two of her wood; the rest stays on the woodpile for a later round."""
    g = start(2, names=PAIR).then("path " + PATHS[2]).game()
    play(g, None, "nicole go 4 2", "harold go clearing", "nicole go 10 2", "nicole go clearing")
    forward(g, step="cutting", who="nicole")
    play(g, None, "nicole cut 3F")
    forward(g, step="transport", who="nicole")
    play(g, None, "nicole carry saw:F sale:F")
    nicole = player(g, "nicole")
    assert nicole.wood["woodpile"] == {"F": 1} and nicole.wood["saw"] == {"F": 1} and nicole.wood["sale"] == {"F": 1}
    forward(g, step="path", round=2)  # nobody left to carry (the mill worker cut): the last piece waits
    assert nicole.wood["woodpile"] == {"F": 1}


def test_harold_log_driving_and_arrival_next_round() -> None:
    """1 bearer and 4 rafts put 4 pieces on the river; next round they arrive, hardwood to sawing only (R7, R8)."""
    g = start(2, names=PAIR).then("path " + PATHS[2]).game()
    play(g, None, fix("harold", "raft", +4, "gathered in earlier rounds"),
         fix("harold", "woodpile.F", +2, "cut in earlier rounds"), fix("harold", "woodpile.S", +1, "cut earlier"),
         fix("harold", "woodpile.H", +1, "cut earlier"))
    play(g, None, "nicole go clearing", "harold go 4 1", "harold go clearing")
    forward(g, step="transport", who="harold")
    play(g, None, "harold raft 2F+S+H")
    harold = player(g, "harold")
    assert harold.wood["river"] == {"F": 2, "S": 1, "H": 1} and harold.wood["woodpile"] == {}
    assert harold.equipment == {} and harold.workers == {} and harold.mill_worker  # one bearer did it
    forward(g, step="arrival", who="harold")
    assert g.round == 2
    refused(g, "harold receive sale:2F+S+H", "R8")
    play(g, None, "harold receive sale:2F+S saw:H")  # as Nicole does in fall: 3 for sale, 1 to sawing
    assert harold.wood["sale"] == {"F": 2, "S": 1} and harold.wood["saw"] == {"H": 1}
    assert harold.wood["river"] == {}


def test_harold_sawing_one_firewood_into_four() -> None:
    """1 sawyer and 1 saw turn a firewood into 4 milled firewood: 3 to the storage, 1 to the sale area (R9)."""
    g = start(2, names=PAIR).then("path " + PATHS[2]).game()
    play(g, None, fix("harold", "saw.F", +1, "carried in earlier"))
    play(g, None, "nicole go 1", "harold go 3", "nicole go clearing", "harold go 16", "harold go clearing")
    harold = player(g, "harold")
    assert harold.equipment == {"saw": 1} and harold.workers == {"sawyers": 1}
    forward(g, step="sawing", who="harold")
    play(g, None, "harold saw F store:3")
    assert harold.wood["store"] == {"mF": 3} and harold.wood["sale"] == {"mF": 1} and harold.wood["saw"] == {}
    assert harold.equipment == {} and harold.workers == {} and harold.mill_worker


def test_harold_winter_sledge_two_plus_two_food() -> None:
    """Mill worker and sledge move 2 pieces, 2 spare food add 2: all 4 pieces to the sawing area (R7)."""
    g = start(2, names=PAIR).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("harold", "sledge", +1), fix("harold", "woodpile.F", +3), fix("harold", "food", +2))
    forward(g, step="transport", who="harold")  # the winter bonus (firewood) made it 4 pieces
    harold = player(g, "harold")
    assert harold.wood["woodpile"] == {"F": 4}
    play(g, None, "harold sledge saw:4F")
    assert harold.wood["saw"] == {"F": 4} and harold.wood["woodpile"] == {}
    assert harold.food == 0 and harold.equipment == {} and not harold.mill_worker


def test_firewood_3_dollars_or_4_milled_for_4() -> None:
    assert sale_total({"sale": {"F": 1}}) == 3
    assert sale_total({"sale": {"mF": 4}}) == 4


def _selling(name: str, *fixes: str):
    g = start(2, names=("john", "victoria")).then("path " + PATHS[2]).game()
    play(g, None, *fixes, "john go clearing", "victoria go clearing")
    forward(g, step="selling", who=name)
    return g


def test_john_sells_for_7() -> None:
    """2 firewood and 1 milled firewood in the first drying area (no bonus there): 3 + 3 + 1 (R10)."""
    g = _selling("john", fix("john", "sale.F", +2), fix("john", "dry1.mF", +1))
    play(g, None, "john sell sale:2F dry1:mF")
    assert player(g, "john").money == 5 + 7


def test_victoria_sells_for_17_as_read_by_R10() -> None:
    """Firewood, 3 milled firewood, milled softwood, softwood; softwood in dry2, 2 milled firewood in dry3."""
    g = _selling("victoria", fix("victoria", "sale.F", +1), fix("victoria", "sale.mF", +1),
                 fix("victoria", "sale.mS", +1), fix("victoria", "dry2.S", +1), fix("victoria", "dry3.mF", +2))
    play(g, None, "victoria sell sale:F+mF+mS dry2:S dry3:2mF")
    victoria = player(g, "victoria")
    assert victoria.money == 5 + 17
    assert victoria.ledger[-1].amount == 17 and victoria.ledger[-1].reason == "sale"
    assert all(not victoria.wood[a] for a in ("sale", "dry1", "dry2", "dry3"))


def _nicole_at_location_8():
    """Expert, 4 players: sawing and drying carry 2 tokens, craftwork 1, log driving none; Nicole's turn."""
    cards = ("sawing", "log-driving", "craftwork", "drying", "trade", "overtime")
    g = start(4, mode="expert", names=FOUR, cards=cards).game()
    forward(g, step="travel", round=1)
    play(g, None, "nicole go clearing", "harold go 8 sawing 1", "john go 8 sawing 2", "victoria go 8 drying 1",
         "harold go clearing", "john go clearing", "victoria go clearing")
    forward(g, step="travel", round=2)
    assert [g.players[i].name for i in g.start_order] == ["victoria", "john", "harold", "nicole"]
    play(g, None, "victoria go 8 craftwork 3", "john go 8 drying 1", "harold go clearing")
    assert g.pw_cards == {"sawing": 2, "log-driving": 0, "craftwork": 1, "drying": 2, "trade": 0, "overtime": 0}
    return g


def test_nicole_pays_2_to_plan_sawing_and_0_1_2_for_the_others() -> None:
    """$1 per token already on the card, whoever placed it (R20, FAQ)."""
    g = _nicole_at_location_8()
    money = player(g, "nicole").money
    for card, cost in (("sawing", 2), ("log-driving", 0), ("craftwork", 1), ("drying", 2)):
        trial = g.clone()
        play(trial, None, f"nicole go 8 {card} 1")
        assert player(trial, "nicole").money == money - cost, card
        assert trial.pw_cards[card] == g.pw_cards[card] + 1
    play(g, None, "nicole go 8 sawing 1")
    assert player(g, "nicole").plans[0].card == "sawing" and player(g, "nicole").plans[0].round == 3


def test_own_tokens_count_in_the_price() -> None:
    g = start(2, mode="expert", names=PAIR, cards=("sawing", "trade", "drying", "overtime")).game()
    forward(g, step="travel", round=1)
    play(g, None, "nicole go 8 sawing 1", "harold go clearing", "nicole go clearing")
    forward(g, step="travel", round=2, who="nicole")
    money = player(g, "nicole").money
    play(g, None, "nicole go 8 sawing 2")
    assert player(g, "nicole").money == money - 1


def test_harold_plans_sawing_for_fall_with_token_2() -> None:
    """In spring year 1 the pair "2" aims at fall; in fall 1 sawyer and 1 saw saw 2 disks (R9, R20)."""
    g = start(2, mode="expert", names=PAIR, cards=("sawing", "trade", "drying", "overtime")).game()
    forward(g, step="travel", round=1)
    play(g, None, "nicole go clearing", "harold go 8 sawing 2")
    harold = player(g, "harold")
    plan = harold.plans[0]
    assert (plan.card, plan.pair, plan.round, plan.planned_in) == ("sawing", 2, 3, 1)
    assert harold.pairs_used == [2] and harold.money == 5  # nobody had planned sawing: free
    forward(g, step="travel", round=3, who="harold")
    assert g.season == "fall"
    play(g, None, fix("harold", "saw.F", +2, "carried in summer"), fix("harold", "saw", +1, "from summer"),
         "harold go 16")
    forward(g, step="sawing", who="harold")
    play(g, None, "harold saw 2F")
    assert harold.wood["sale"] == {"mF": 8} and harold.wood["saw"] == {}
    assert harold.equipment == {} and harold.workers == {} and harold.mill_worker  # one sawyer, one saw


def test_harold_two_tasks_pieces_he_can_place_and_35_dollars() -> None:
    """Left card: mH and mF at stage 1 ($17); right card: mH and mS at stage 2 ($18) (R19).

    The rulebook's text then says he still needs "milled firewood at stage 2"; its own card description asks
    for milled softwood there, and the engine follows the cards.
    """
    g = start(2, mode="advanced", names=PAIR).then("path " + PATHS[2], "task 17 mH@1+mF@1",
                                                    "task 18 mH@2+mS@2").game()
    play(g, None, "nicole go clearing", "harold go 13 T1", "harold go clearing")
    forward(g, step="travel", round=2, who="harold")
    play(g, None, "harold go 13 T2")
    assert [t.id for t in player(g, "harold").tasks] == ["T1", "T2"]
    play(g, None, fix("harold", "sale.mS", +1), fix("harold", "dry1.F", +1), fix("harold", "dry2.mF", +1),
         fix("harold", "dry2.mS", +1), fix("harold", "dry3.mH", +1))
    forward(g, step="tasks", who="harold")
    refused(g, "harold fill T2 dry2:mS", "R19")  # stage 1, the card asks stage 2
    refused(g, "harold fill T1 dry1:F", "R19")  # unmilled firewood fits neither card
    refused(g, "harold fill T1 sale:mS", "R19")
    play(g, None, "harold fill T1 dry2:mF", "harold fill T2 dry3:mH")
    harold = player(g, "harold")
    left, right = harold.tasks
    assert left.missing() == [["mH", 1]] and right.missing() == [["mS", 2]]
    assert harold.wood["dry2"] == {"mS": 1} and harold.wood["dry3"] == {}
    forward(g, step="travel", round=3)
    play(g, None, fix("harold", "dry2.mH", +1), fix("harold", "dry3.mS", +1))
    forward(g, step="tasks", who="harold")
    play(g, None, "harold fill T1 dry2:mH", "harold fill T2 dry3:mS")
    assert left.complete and right.complete
    forward(g, step="over")
    row = next(r for r in score(g)["players"] if r["name"] == "harold")
    assert row["task_dollars"] == 35
    assert [(t["id"], t["value"], t["complete"]) for t in row["tasks"]] == [("T1", 17, True), ("T2", 18, True)]
