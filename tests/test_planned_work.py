"""The ten planned work cards (R20): each one's effect in the season it was planned for, and its absence elsewhere.

In every test anna plans the card in spring of year 1 with her token pair "2", so it works in fall of year 1
(round 3). The same game then shows the card doing nothing in summer (round 2, before) and in spring of year 2
(round 5, after), and nothing for ben, who did not plan it. Cards that can work in winter are also tried there.
"""

from __future__ import annotations

import pytest
from helpers import fix, forward, play, player, refused, start

from lignum_companion.engine import Game, flow
from lignum_companion.engine import data as D
from lignum_companion.engine.legal import legal_actions

FALL = 3  # anna's planned round
BEFORE, AFTER = 2, 5
OTHER_CARDS = ("trade", "craftwork", "drying", "overtime", "sawing", "cutting")


def planned(card: str, pair: int = 2) -> Game:
    """A 2-player expert game where anna planned `card` with `pair` in round 1; ben is to move."""
    cards = (card,) + tuple(c for c in OTHER_CARDS if c != card)[: D.PLANNED_WORK_CARDS_LAID[2] - 1]
    g = start(2, mode="expert", cards=cards).game()
    forward(g, step="travel", round=1, who="anna")  # the table lays the path and reveals two task cards
    play(g, None, f"anna go 8 {card} {pair}")
    plan = player(g, "anna").plans[0]
    assert (plan.card, plan.round) == (card, 1 + pair)
    return g


def travel(g: Game, round_no: int, who: str = "anna") -> Game:
    forward(g, step="travel", round=round_no, who=who)
    return g


def step(g: Game, name: str, round_no: int, who: str = "anna", *fixes: str) -> Game:
    """Forward to `who`'s turn in step `name` of round `round_no`, applying `fixes` at that round's travel."""
    travel(g, round_no, who)
    play(g, None, *fixes)
    forward(g, step=name, round=round_no, who=who)
    return g


def test_planning_is_for_one_player_and_one_round() -> None:
    g = planned("overtime")
    anna = player(g, "anna")
    assert anna.plans[0].planned_in == 1 and anna.pairs_used == [2] and g.pw_cards["overtime"] == 1
    assert not player(g, "ben").plans


# --- Trade -----------------------------------------------------------------------------------------------------

TRADE_FIXES = (fix("anna", "raft", +1), fix("anna", "sledge", +1), fix("anna", "wagon", +1))


def test_trade_sells_rafts_sledges_wagons_for_2_each_in_its_season() -> None:
    g = travel(planned("trade"), FALL)
    play(g, None, *TRADE_FIXES)
    money = player(g, "anna").money
    play(g, None, "anna go 19 trade:raft+sledge+wagon")
    assert player(g, "anna").money == money + 6 and player(g, "anna").equipment == {}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_trade_absent_in_other_seasons(round_no: int) -> None:
    g = travel(planned("trade"), round_no)
    play(g, None, *TRADE_FIXES)
    refused(g, "anna go 19 trade:raft", "R20")


def test_trade_of_tokens_not_held_cites_the_market_ruling() -> None:
    """The Trade card is planned for now (R20 holds); selling a token one lacks is the market's rule (R17)."""
    g = travel(planned("trade"), FALL)
    play(g, None, fix("anna", "raft", +1))
    refused(g, "anna go 19 trade:sledge", "R17")


def test_trade_not_for_other_players() -> None:
    g = travel(planned("trade"), FALL, "ben")
    play(g, None, fix("ben", "raft", +1))
    refused(g, "ben go 19 trade:raft", "R20")


# --- Craftwork -------------------------------------------------------------------------------------------------

CRAFT_FIXES = (fix("anna", "stake", +2), fix("anna", "board", +3), fix("anna", "reed", +4))


def test_craftwork_sets_sell_for_5_8_11_in_its_season() -> None:
    g = travel(planned("craftwork"), FALL)
    play(g, None, *CRAFT_FIXES)
    money = player(g, "anna").money
    play(g, None, "anna go 19 sell:2stake sell:3board sell:4reed")
    assert player(g, "anna").money == money + 5 + 8 + 11


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_craftwork_absent_in_other_seasons(round_no: int) -> None:
    g = travel(planned("craftwork"), round_no)
    play(g, None, *CRAFT_FIXES)
    money = player(g, "anna").money
    play(g, None, "anna go 19 sell:2stake sell:3board sell:4reed")
    assert player(g, "anna").money == money + 2 + 4 + 6


# --- Sawing ----------------------------------------------------------------------------------------------------

SAW_FIXES = (fix("anna", "saw.F", +2), fix("anna", "saw", +1))


def test_sawing_card_one_sawyer_and_saw_saw_two_disks() -> None:
    g = step(planned("sawing"), "sawing", FALL, "anna", *SAW_FIXES)
    play(g, None, "anna saw 2F")  # the mill worker and one saw
    anna = player(g, "anna")
    assert anna.wood["sale"] == {"mF": 8} and anna.equipment == {}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_sawing_card_absent_in_other_seasons(round_no: int) -> None:
    g = step(planned("sawing"), "sawing", round_no, "anna", *SAW_FIXES)
    refused(g, "anna saw 2F", "R9")
    play(g, None, "anna saw F")
    assert player(g, "anna").wood["sale"] == {"mF": 4}


def test_sawing_card_works_in_winter() -> None:
    g = planned("sawing", pair=3)
    forward(g, step="bonus", round=4)
    play(g, None, *SAW_FIXES, fix("anna", "money", +30))
    forward(g, step="sawing", who="anna")
    play(g, None, "anna saw 2F store:8")  # the mill worker and one saw
    anna = player(g, "anna")
    assert anna.wood["saw"] == {} and anna.equipment == {}
    forward(g, step="path", round=5)
    assert anna.wood["store"] == {"mF": 8 - 2}  # the first winter burnt 2


# --- Food Supply -----------------------------------------------------------------------------------------------

RAFT_FIXES = (fix("anna", "woodpile.F", +2), fix("anna", "raft", +2))


def test_food_supply_two_food_per_floated_piece() -> None:
    g = step(planned("food-supply"), "transport", FALL, "anna", *RAFT_FIXES)
    food = player(g, "anna").food
    play(g, None, "anna raft 2F")
    assert player(g, "anna").food == food + 4


def test_R27_food_supply_pays_for_the_log_driving_card_too() -> None:
    """R27: 2 food per piece put on the river in the card's season, by rafts or by the Log Driving card."""
    cards = ("food-supply", "log-driving") + OTHER_CARDS[:2]
    g = start(2, mode="expert", cards=cards).game()
    forward(g, step="travel", round=1, who="anna")
    play(g, None, "anna go 8 food-supply 2")  # round 1 + 2 = the fall
    forward(g, step="travel", round=2, who="anna")
    play(g, None, "anna go 8 log-driving 1")  # round 2 + 1 = the fall
    g = step(g, "transport", FALL, "anna", fix("anna", "woodpile.F", +3), fix("anna", "raft", +1))
    food = player(g, "anna").food
    play(g, None, "anna float 2F")
    assert player(g, "anna").food == food + 4
    play(g, None, "anna raft F")
    assert player(g, "anna").food == food + 6


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_food_supply_absent_in_other_seasons(round_no: int) -> None:
    g = step(planned("food-supply"), "transport", round_no, "anna", *RAFT_FIXES)
    food = player(g, "anna").food
    play(g, None, "anna raft 2F")
    assert player(g, "anna").food == food


# --- Heating Supply --------------------------------------------------------------------------------------------

ONE_SAW = (fix("anna", "saw.F", +1), fix("anna", "saw", +1))


def test_heating_supply_firewood_yields_6() -> None:
    g = step(planned("heating-supply"), "sawing", FALL, "anna", *ONE_SAW)
    play(g, None, "anna saw F store:6")
    assert player(g, "anna").wood["store"] == {"mF": 6} and player(g, "anna").wood["sale"] == {}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_heating_supply_absent_in_other_seasons(round_no: int) -> None:
    g = step(planned("heating-supply"), "sawing", round_no, "anna", *ONE_SAW)
    refused(g, "anna saw F store:6", "R9")
    play(g, None, "anna saw F store:4")
    assert player(g, "anna").wood["store"] == {"mF": 4}


def test_heating_supply_only_changes_firewood() -> None:
    g = step(planned("heating-supply"), "sawing", FALL, "anna", fix("anna", "saw.S", +1), fix("anna", "saw", +1))
    play(g, None, "anna saw S")
    assert player(g, "anna").wood["sale"] == {"mS": 3}


# --- Hut Construction ------------------------------------------------------------------------------------------

TWO_TOKENS = (fix("anna", "stake", +1), fix("anna", "joker", +1))


def test_hut_construction_two_tokens_make_two_huts() -> None:
    g = travel(planned("hut-construction"), FALL)
    play(g, None, *TWO_TOKENS, "anna build food+accom")
    anna = player(g, "anna")
    assert anna.huts == {"food": 1, "accom": 1} and anna.craftwork == {}


def test_R26_hut_construction_every_pair_makes_two_huts() -> None:
    """R26: in the card's season each pair of different hut tokens becomes two huts, as often as pairs are held."""
    g = travel(planned("hut-construction"), FALL)
    play(g, None, *TWO_TOKENS, fix("anna", "board", +1), fix("anna", "shingle", +1),
         "anna build food+accom", "anna build 2drying")
    anna = player(g, "anna")
    assert anna.huts == {"food": 1, "accom": 1, "drying": 2} and anna.craftwork == {}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_hut_construction_absent_in_other_seasons(round_no: int) -> None:
    g = travel(planned("hut-construction"), round_no)
    play(g, None, *TWO_TOKENS)
    refused(g, "anna build food+accom", "R16")


def test_hut_construction_in_winter() -> None:
    g = planned("hut-construction", pair=3)
    forward(g, step="cutting", round=4, who="anna")
    play(g, None, *TWO_TOKENS, "anna build 2accom", "anna cut hut:2")
    assert player(g, "anna").huts == {}


# --- Drying ----------------------------------------------------------------------------------------------------


def test_drying_card_doubles_the_first_drying_area() -> None:
    g = step(planned("drying"), "drying", FALL, "anna", fix("anna", "sale.F", +2), fix("anna", "sale.mF", +4))
    refused(g, "anna dry 2F+mF", "R11")  # still never a mix
    play(g, None, "anna dry 2F")
    assert player(g, "anna").wood["dry1"] == {"F": 2}
    g = step(planned("drying"), "drying", FALL, "anna", fix("anna", "sale.mF", +5), fix("anna", "money", +30))
    refused(g, "anna dry 5mF", "R11")
    play(g, None, "anna dry 4mF")
    # the doubled area dries on in later rounds, together
    forward(g, step="path", round=6)
    assert player(g, "anna").wood["dry2"] == {"mF": 4}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_drying_card_absent_in_other_seasons(round_no: int) -> None:
    g = step(planned("drying"), "drying", round_no, "anna", fix("anna", "sale.F", +2), fix("anna", "sale.mF", +4))
    refused(g, "anna dry 2F", "R11")
    refused(g, "anna dry 3mF", "R11")
    play(g, None, "anna dry 2mF")


# --- Overtime --------------------------------------------------------------------------------------------------


def test_overtime_one_hardwood_as_the_season_starts() -> None:
    g = travel(planned("overtime"), FALL)
    assert player(g, "anna").wood["woodpile"] == {"H": 1}
    assert player(g, "ben").wood["woodpile"] == {}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_overtime_absent_in_other_seasons(round_no: int) -> None:
    g = travel(planned("overtime"), round_no)
    # before: none; after: the fall hardwood is still there (nobody carried it), and no second one came
    assert player(g, "anna").wood["woodpile"].get("H", 0) == (0 if round_no == BEFORE else 1)


def test_overtime_in_winter() -> None:
    g = planned("overtime", pair=3)
    forward(g, step="bonus", round=4)
    assert player(g, "anna").wood["woodpile"] == {"H": 1}
    assert player(g, "ben").wood["woodpile"] == {}


# --- Log Driving -----------------------------------------------------------------------------------------------

FLOAT_FIXES = (fix("anna", "woodpile.F", +4), fix("anna", "woodpile.H", +1), fix("anna", "raft", +1))


def test_log_driving_card_floats_3_without_worker_or_raft() -> None:
    g = step(planned("log-driving"), "transport", FALL, "anna", *FLOAT_FIXES)
    refused(g, "anna float 4F", "R20")
    play(g, None, "anna float 2F+H")
    anna = player(g, "anna")
    assert anna.wood["river"] == {"F": 2, "H": 1} and anna.mill_worker and anna.equipment == {"raft": 1}
    refused(g, "anna float F", "R20")  # once per round
    play(g, None, "anna raft F")  # ordinary log driving as well
    assert anna.wood["river"] == {"F": 3, "H": 1}


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_log_driving_card_absent_in_other_seasons(round_no: int) -> None:
    g = step(planned("log-driving"), "transport", round_no, "anna", *FLOAT_FIXES)
    refused(g, "anna float F", "R20")


# --- Cutting ---------------------------------------------------------------------------------------------------


def _cutting(round_no: int):
    """Anna (area 1) reaches the clearing before ben (area 5); anna holds 2 woodcutters."""
    g = planned("cutting")
    forward(g, step="travel", round=round_no)
    first = g.players[g.turn].name
    if first == "ben":
        play(g, None, "ben go 1", "anna go clearing", "ben go clearing")
    else:
        play(g, None, "anna go clearing", "ben go clearing")
    play(g, None, fix("anna", "woodcutters", +2))
    forward(g, step="cutting", who="anna")
    assert [g.players[i].name for i in g.clearing] == ["anna", "ben"]
    return g


def test_cutting_card_snatches_wood_from_another_area() -> None:
    g = _cutting(FALL)
    area5 = dict(g.cutting["5"])
    refused(g, "anna snatch 5 3F", "R20")  # at most 2 workers go
    play(g, None, "anna snatch 5 2F")
    anna = player(g, "anna")
    assert anna.wood["woodpile"] == {"F": 2} and g.cutting["5"]["F"] == area5["F"] - 2
    refused(g, "anna snatch 5 F", "R20")  # once
    play(g, None, "anna cut F")  # her own area with the mill worker
    assert anna.wood["woodpile"] == {"F": 3}
    # ben, snatched from, may pay $1 to move to a free area (no food), or cut what is left
    money = player(g, "ben").money
    refused(g, "ben relocate 1", "R5")  # anna's area
    play(g, None, "ben relocate 2")
    assert player(g, "ben").money == money - 1 and player(g, "ben").area == 2
    play(g, None, "ben cut F")
    assert player(g, "ben").wood["woodpile"] == {"F": 1}


def test_cutting_card_snatched_player_may_cut_what_is_left() -> None:
    g = _cutting(FALL)
    play(g, None, "anna snatch 5 2F", "anna done")
    left = sum(v for k, v in g.cutting["5"].items() if k in D.KINDS)
    play(g, None, f"ben cut {left}F" if left == 1 else "ben cut F")
    assert player(g, "ben").area == 5 and player(g, "ben").wood["woodpile"] == {"F": 1}


def test_cutting_card_may_cut_after_the_own_area_within_the_turn() -> None:
    """R28: the card's workers may cut before or after the player's own area, within that woodcutting turn."""
    g = _cutting(FALL)
    play(g, None, "anna cut F")  # her own area first: the turn stays open for the card
    assert flow.actors(g) == [g.player_index("anna")]
    assert any(a.text.startswith("anna snatch 5") for a in legal_actions(g))
    play(g, None, "anna snatch 5 2F")
    assert player(g, "anna").wood["woodpile"] == {"F": 3}
    assert flow.actors(g) == [g.player_index("ben")]  # nothing left for anna: ben's turn (R24)


def test_cutting_card_turn_after_the_own_cut_ends_with_the_next_move() -> None:
    """A file where the player cut and the next player went on (written before R28) replays unchanged."""
    g = _cutting(FALL)
    play(g, None, "anna cut F", "ben cut F")
    assert player(g, "ben").wood["woodpile"] == {"F": 1} and not g.snatched


@pytest.mark.parametrize("round_no", [BEFORE, AFTER])
def test_cutting_card_absent_in_other_seasons(round_no: int) -> None:
    g = _cutting(round_no)
    refused(g, "anna snatch 5 F", "R20")


# --- seasons a card can work in (R20) --------------------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(D.PLANNED_WORK))
def test_winter_planning_only_for_cards_that_work_in_winter(card: str) -> None:
    cards = (card,) + tuple(c for c in OTHER_CARDS if c != card)[:3]
    g = start(2, mode="expert", cards=cards).game()
    forward(g, step="travel", round=1, who="anna")
    line = f"anna go 8 {card} 3"  # spring + 3 = winter
    if "winter" in D.PLANNED_WORK[card]:
        play(g, None, line)
        assert player(g, "anna").plans[0].round == 4
    else:
        e = refused(g, line, "R20")
        assert "winter" in str(e)
