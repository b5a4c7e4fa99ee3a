"""Tests of the table calculators: rulebook sale examples, loans, winter walks, market sets, and the CLI."""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import data
from lignum_companion.engine.errors import IllegalAction
from lignum_companion.views import calc

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "80"})


# --- sale -------------------------------------------------------------------------------------------------


def test_john_sells_for_7() -> None:
    """Rulebook example: two firewood and a milled firewood on the first drying area (no bonus there)."""
    result = calc.sale(["2xfirewood", "milled-firewood@dry1"])
    assert result.total == 7
    first, second = result.lines
    assert (first.piece, first.area, first.count, first.base, first.bonus, first.subtotal) == ("F", "sale", 2, 3, 0, 6)
    assert (second.piece, second.area, second.base, second.bonus, second.subtotal) == ("mF", "dry1", 1, 0, 1)


def test_victoria_sells_for_17_as_read_by_r10() -> None:
    """R10: firewood, 3 milled firewood, milled softwood, softwood; softwood on dry2, 2 milled firewood on dry3."""
    result = calc.sale(["firewood", "milled-firewood", "2xmilled-firewood@dry3", "milled-softwood", "softwood@dry2"])
    assert result.total == 17
    assert sum(line.base * line.count for line in result.lines) == 12
    assert sum(line.bonus * line.count for line in result.lines) == 5
    assert [line.bonus for line in result.lines if line.bonus] == [2, 1]


@pytest.mark.parametrize(
    "spec,expected",
    [
        ("firewood", (1, "F", "sale")),
        ("3xsoftwood@dry2", (3, "S", "dry2")),
        ("2×milled-hardwood@dry3", (2, "mH", "dry3")),
        ("2X Milled-Softwood@DRY1".replace(" ", ""), (2, "mS", "dry1")),
        ("4*milled-firewood", (4, "mF", "sale")),
    ],
)
def test_piece_notation(spec: str, expected: tuple[int, str, str]) -> None:
    assert calc.parse_piece(spec) == expected


@pytest.mark.parametrize(
    "spec", ["oak", "2xfirewood@dry4", "0xfirewood", "x", "2x", "firewood@", "@dry1", "-1xfirewood"]
)
def test_bad_piece_notation_is_an_input_error(spec: str) -> None:
    with pytest.raises(calc.CalcInputError):
        calc.parse_piece(spec)


# R10, written out here rather than asked of the engine the calculator itself calls.
R10_BASE = {"F": 3, "S": 4, "H": None, "mF": 1, "mS": 2, "mH": 5}
R10_BONUS = {"sale": 0, "dry1": 0, "dry2": 1, "dry3": 2}


def test_every_piece_and_area_is_priced_as_r10_says() -> None:
    seen = 0
    for name, code in calc.PIECE_BY_NAME.items():
        for area in data.SALE_AREAS:
            if R10_BASE[code] is None:
                continue
            count = 2 if code.startswith("m") or area == "sale" else 1
            (line,) = calc.sale([f"{count}x{name}@{area}"]).lines
            assert line.each == R10_BASE[code] + R10_BONUS[area], (name, area)
            assert line.subtotal == count * line.each
            seen += 1
    assert seen == 5 * 4  # five sellable kinds, four areas


def test_unmilled_hardwood_is_refused_with_r10() -> None:
    with pytest.raises(IllegalAction) as err:
        calc.sale(["firewood", "hardwood@dry2"])
    assert err.value.rule == "R10" and "hardwood" in err.value.reason
    assert calc.sale(["milled-hardwood@dry3"]).total == 7


@pytest.mark.parametrize(
    "pieces",
    [
        ["2xfirewood@dry2"],  # two disks
        ["firewood@dry1", "milled-firewood@dry1"],  # a mix
        ["3xmilled-softwood@dry3"],  # three logs
        ["milled-firewood@dry2", "milled-softwood@dry2", "milled-hardwood@dry2"],  # three logs of mixed kinds
    ],
)
def test_over_full_drying_areas_are_refused_with_r11(pieces: list[str]) -> None:
    with pytest.raises(IllegalAction) as err:
        calc.sale(pieces)
    assert err.value.rule == "R11"
    assert calc.sale(pieces, overfull=True).total > 0  # drying huts may overfill an area (R11)


def test_two_milled_logs_of_different_kinds_share_an_area() -> None:
    assert calc.sale(["milled-firewood@dry2", "milled-hardwood@dry2"]).total == 2 + 6


def test_the_sale_area_holds_any_amount() -> None:
    assert calc.sale(["9xsoftwood", "9xmilled-firewood"]).total == 9 * 4 + 9


def test_drying_card_doubles_only_the_first_drying_area() -> None:
    assert calc.sale(["2xsoftwood@dry1"], drying_card=True).total == 8
    assert calc.sale(["4xmilled-softwood@dry1"], drying_card=True).total == 8
    with pytest.raises(IllegalAction):
        calc.sale(["2xsoftwood@dry2"], drying_card=True)
    with pytest.raises(IllegalAction):
        calc.sale(["2xsoftwood@dry1"])


def test_calculator_follows_the_engine_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """No second copy of a number: changing the engine's table changes the calculators."""
    monkeypatch.setattr(data, "BASE_PRICE", MappingProxyType({**data.BASE_PRICE, "F": 10}))
    monkeypatch.setattr(data, "LOAN_REPAYMENT", MappingProxyType({0: 0, 1: 9, 2: 20}))
    monkeypatch.setattr(data, "WINTER_MISSING_PIECE_COST", 5)
    assert calc.sale(["2xfirewood", "milled-firewood@dry1"]).total == 21
    assert calc.loan(1).current.repay == 9
    assert calc.winter(food_need=2, heat_need=0, food=0, heat=0, money=20).feeding.cost == 10


def test_sale_render_has_a_line_per_piece_and_the_total() -> None:
    text = calc.render_sale(calc.sale(["2xfirewood", "softwood@dry3"]))
    lines = text.splitlines()
    assert len(lines) == 3
    assert "2 × firewood" in lines[0] and "$3 + $0 bonus = $3 each" in lines[0] and lines[0].endswith("$6")
    assert "third drying area" in lines[1] and "$4 + $2 bonus = $6 each" in lines[1]
    assert lines[2] == "Total: $12 (R10)"


# --- loans ------------------------------------------------------------------------------------------------


def test_loan_table() -> None:
    result = calc.loan()
    assert [(r.loans, r.received, r.repay, r.cost) for r in result.rows] == [(1, 4, 7, 3), (2, 8, 16, 8)]
    assert result.current is None
    assert "1 loan: receive $4, repay $7" in calc.render_loan(result)


def test_loan_for_a_player() -> None:
    none_yet = calc.loan(0)
    assert none_yet.current.repay == 0 and none_yet.next.repay == 7
    one = calc.loan(1)
    assert (one.current.received, one.current.repay) == (4, 7)
    assert one.next.repay == 16
    assert "repayment rises from $7 to $16 (+$9)" in calc.render_loan(one)
    two = calc.loan(2)
    assert two.next is None and "No further loan" in calc.render_loan(two)


def test_loan_limits() -> None:
    with pytest.raises(IllegalAction) as err:
        calc.loan(3)
    assert err.value.rule == "R15"
    with pytest.raises(calc.CalcInputError):
        calc.loan(-1)


# --- winter -----------------------------------------------------------------------------------------------


def test_winter_with_enough_money() -> None:
    result = calc.winter(food_need=6, heat_need=3, food=4, heat=5, money=10)
    assert (result.feeding.missing, result.feeding.cost, result.feeding.paid) == (2, 6, 6)
    assert result.heating.missing == 0 and result.heating.cost == 0
    assert result.heating.left_over == 2  # kept for the next winter
    assert result.loans_after == 0 and result.money_left == 4 and result.to_raise_by_selling == 0
    assert "Nothing has to be sold" in calc.render_winter(result)


def test_winter_forces_loans_before_selling() -> None:
    result = calc.winter(food_need=6, heat_need=3, food=4, heat=1, money=2)
    assert result.feeding.loans_taken == 1 and result.feeding.money_after_loans == 6
    assert result.feeding.money_left == 0
    # heating: $6 missing, no money left, the second loan brings $4, $2 must be raised by selling
    assert result.heating.loans_taken == 1 and result.heating.paid == 4 and result.heating.still_short == 2
    assert result.loans_after == 2 and result.to_raise_by_selling == 2
    text = calc.render_winter(result)
    assert "take 1 loan first" in text and "at least $2" in text and "player's choice" in text


def test_winter_with_both_loans_already_taken_sells_at_once() -> None:
    result = calc.winter(food_need=5, heat_need=2, food=1, heat=0, money=3, loans=2)
    assert result.feeding.loans_taken == 0 and result.feeding.paid == 3 and result.feeding.still_short == 9
    assert result.heating.still_short == 6
    assert result.to_raise_by_selling == 15 and result.money_left == 0 and result.loans_after == 2
    assert "no loan is left to take (2 of 2 held)" in calc.render_winter(result)


def test_winter_follows_r14_step_by_step() -> None:
    """Worked by hand from R14 and R15: 5 food missing cost $15; $5 in hand, so both loans come first (+$4
    each: $13), then $2 is still owed; heating misses 1 piece ($3) with no money and no loan left: $3 more. $5
    must be raised by selling wood, and nothing is left."""
    result = calc.winter(food_need=7, heat_need=4, food=2, heat=3, money=5, loans=0)
    f, h = result.feeding, result.heating
    assert (f.missing, f.cost, f.loans_taken, f.money_after_loans, f.paid, f.still_short) == (5, 15, 2, 13, 13, 2)
    assert (h.missing, h.cost, h.loans_taken, h.paid, h.still_short) == (1, 3, 0, 0, 3)
    assert result.to_raise_by_selling == 5 and result.money_left == 0 and result.loans_after == 2


def test_winter_leftover_food_is_thrown_away_and_heating_kept() -> None:
    result = calc.winter(food_need=3, heat_need=2, food=5, heat=6, money=0)
    assert result.feeding.left_over == 2 and result.heating.left_over == 4
    assert "2 food (thrown away)" in calc.render_winter(result)
    assert "4 heating wood (kept for next winter)" in calc.render_winter(result)


def test_winter_rejects_negative_numbers_and_a_third_loan() -> None:
    with pytest.raises(calc.CalcInputError, match="money cannot be negative"):
        calc.winter(food_need=1, heat_need=1, food=0, heat=0, money=-2)
    with pytest.raises(IllegalAction) as err:
        calc.winter(food_need=1, heat_need=1, food=0, heat=0, money=0, loans=3)
    assert err.value.rule == "R15"


# --- market -----------------------------------------------------------------------------------------------


def _sets(result: calc.MarketResult) -> list[tuple[str, int, int, int]]:
    return [(s.token, s.size, s.jokers, s.price) for s in result.sets]


def test_identical_sets_at_normal_prices() -> None:
    assert calc.market(["2xstake"]).income == 2
    assert calc.market(["3xboard"]).income == 4
    assert calc.market(["4xshingle"]).income == 6


def test_a_joker_completes_a_set() -> None:
    result = calc.market(["stake", "stake", "joker"])
    assert _sets(result) == [("stake", 3, 1, 4)]
    assert result.unsold == {}


def test_a_joker_goes_where_it_pays_most() -> None:
    # stake+joker ($2) and board alone ($0), or three boards? board x2 + joker = $4 beats stake pair
    result = calc.market(["stake", "2xboard", "joker"])
    assert _sets(result) == [("board", 3, 1, 4)]
    assert result.unsold == {"stake": 1}


def test_lone_tokens_and_jokers_form_sets_of_their_own() -> None:
    assert _sets(calc.market(["2xjoker"])) == [("joker", 2, 2, 2)]
    result = calc.market(["shingle"])
    assert result.sets == () and result.unsold == {"shingle": 1} and result.income == 0


def test_spare_jokers_are_kept_back_when_they_add_nothing() -> None:
    result = calc.market(["4xstake", "joker"])
    assert _sets(result) == [("stake", 4, 0, 6)]
    assert result.unsold == {"joker": 1}


def test_craftwork_card_prices_and_splitting() -> None:
    assert calc.market(["2xstake"], craftwork_card=True).income == 5
    assert calc.market(["3xstake"], craftwork_card=True).income == 8
    assert calc.market(["4xstake"], craftwork_card=True).income == 11
    # five stakes: one set of 4 pays most normally ($6, one left over), 3 + 2 with the card ($13)
    normal = calc.market(["5xstake"])
    assert normal.income == 6 and normal.unsold == {"stake": 1}
    card = calc.market(["5xstake"], craftwork_card=True)
    assert sorted(s.size for s in card.sets) == [2, 3] and card.income == 13


def test_craftwork_card_with_jokers() -> None:
    result = calc.market(["2xboard,joker", "reed", "joker"], craftwork_card=True)
    assert result.income == 8 + 5  # a set of 3 and a set of 2, whichever kind takes which joker
    assert {s.token for s in result.sets} == {"board", "reed"}
    assert sorted(s.size for s in result.sets) == [2, 3]
    assert sum(s.jokers for s in result.sets) == 2 and result.unsold == {}


def test_sets_are_priced_as_r17_says() -> None:
    """2/3/4 identical craftwork tokens sell for $2/$4/$6, with the Craftwork card $5/$8/$11 (R17)."""
    for card, want in ((False, {2: 2, 3: 4, 4: 6}), (True, {2: 5, 3: 8, 4: 11})):
        for size, income in want.items():
            assert calc.market([f"{size}xboard"], craftwork_card=card).income == income, (card, size)


def test_trade_card_sells_rafts_sledges_wagons() -> None:
    result = calc.market(["2xraft", "sledge", "wagon"], trade_card=True)
    assert result.income == 4 * data.TRADE_CARD_TOKEN_PRICE
    with pytest.raises(IllegalAction) as err:
        calc.market(["raft"])
    assert err.value.rule == "R17" and "--trade-card" in err.value.reason


def test_buying_saws_and_food() -> None:
    result = calc.market(["2xstake"], buy_saws=2, buy_food=3, saws_owned=2, money=1)
    assert result.spend == 5 and result.income == 2 and result.net == -3
    assert result.money_after == -2
    assert "short" in calc.render_market(result) and "(R15)" in calc.render_market(result)
    ok = calc.market(buy_food=2, money=5)
    assert ok.money_after == 3 and ok.net == -2


def test_the_four_saw_limit() -> None:
    assert calc.market(buy_saws=1, saws_owned=3).spend == 1
    with pytest.raises(IllegalAction) as err:
        calc.market(buy_saws=2, saws_owned=3)
    assert err.value.rule == "R17" and "1 more" in err.value.reason
    with pytest.raises(IllegalAction):
        calc.market(buy_saws=5)
    note = calc.render_market(calc.market(buy_saws=2))
    assert "--saws-owned" in note


def test_market_refusals() -> None:
    with pytest.raises(IllegalAction) as err:
        calc.market()
    assert err.value.rule == "R3"
    with pytest.raises(calc.CalcInputError):
        calc.market(["saw"])
    with pytest.raises(calc.CalcInputError):
        calc.market(buy_food=-1)


def test_market_render() -> None:
    text = calc.render_market(calc.market(["stake,stake,joker", "2xraft", "reed"], trade_card=True, buy_saws=1))
    lines = text.splitlines()
    assert lines[0].startswith("Sell a set of 3 stakes (1 joker among them)") and lines[0].endswith("+$4")
    assert "Sell 2 rafts (Trade card, $2 each)" in text
    assert "Buy 1 saw ($1 each)" in text
    assert "Not sold: 1 reed bundle" in text
    assert "Net: +$7 (income $8, spent $1, R17)" in text


# --- the commands -----------------------------------------------------------------------------------------


def test_cli_sale_prints_john_and_json_has_the_figures() -> None:
    result = run("calc", "sale", "2xfirewood", "milled-firewood@dry1")
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == "Total: $7 (R10)"
    figures = json.loads(run("calc", "sale", "2xfirewood", "milled-firewood@dry1", "--json").stdout)
    assert figures["total"] == 7
    assert figures["pieces"][1] == {"kind": "milled-firewood", "piece": "mF", "area": "dry1", "count": 1,
                                    "base": 1, "bonus": 0, "each": 1, "subtotal": 1}


def test_cli_winter_loan_market_json() -> None:
    w = json.loads(run("calc", "winter", "--food-need", "6", "--heat-need", "3", "--food", "4", "--heat", "1",
                       "--money", "2", "--json").stdout)
    assert w["to_raise_by_selling"] == 2 and w["loans_after"] == 2 and w["feeding"]["cost"] == 6
    loan = json.loads(run("calc", "loan", "--loans", "1", "--json").stdout)
    assert loan["current"]["repay"] == 7 and loan["next"]["repay"] == 16
    market = json.loads(run("calc", "market", "--sell", "stake", "stake", "joker", "--craftwork-card",
                            "--buy-food", "2", "--json").stdout)
    assert market["income"] == 8 and market["spend"] == 2 and market["sets"][0]["jokers"] == 1


@pytest.mark.parametrize(
    "args,words",
    [
        (["calc", "sale", "hardwood"], "(R10)"),
        (["calc", "sale", "oak"], "unknown kind"),
        (["calc", "sale", "2xsoftwood@dry2"], "(R11)"),
        (["calc", "loan", "--loans", "-1"], "cannot be negative"),
        (["calc", "loan", "--loans", "many"], "whole number"),
        (["calc", "winter", "--food-need", "6", "--heat-need", "3", "--food", "-4", "--heat", "1", "--money", "2"],
         "--food cannot be negative"),
        (["calc", "market", "--sell", "raft"], "(R17)"),
        (["calc", "market", "--buy-saws", "2", "--saws-owned", "3"], "(R17)"),
        (["calc", "market", "--buy-food", "x"], "whole number"),
        (["calc", "market"], "(R3)"),
    ],
)
def test_cli_bad_arguments_give_one_line_and_exit_1(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
