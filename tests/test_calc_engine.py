"""Calculators ask the engine (issue 29 §4): the market's sums and limits, the loan limit, the winter walk and a
player's winter bill live in the engine once; `lignum calc`, the table's menus and the reminders ask it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import fix, game_at, play, player

from lignum_companion.engine import IllegalAction, market, prices, rules
from lignum_companion.engine import data as D
from lignum_companion.views import calc

ROOT = Path(__file__).resolve().parent.parent / "lignum_companion"
RULE_FUNCTIONS = {"winter_bill", "craftwork_set_price", "loan_repayment", "winter_paid"}


def test_no_client_computes_a_rule_of_its_own():
    """Outside the engine nobody prices a set, a loan or a winter bill, nor multiplies the market's prices."""
    found = []
    for f in ROOT.rglob("*.py"):
        rel = f.relative_to(ROOT).as_posix()
        if rel.startswith("engine/"):
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in RULE_FUNCTIONS:
                found.append((rel, node.func.attr, node.lineno))
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
                for side in (node.left, node.right):
                    if isinstance(side, ast.Attribute) and side.attr in ("SAW_PRICE", "FOOD_PRICE",
                                                                         "TRADE_CARD_TOKEN_PRICE"):
                        if rel != "views/calc.py":  # calc lists each purchase at the engine's price
                            found.append((rel, side.attr, node.lineno))
    assert found == []


def test_the_market_sums_are_the_ones_the_engine_charges():
    g = game_at(2, step="travel", round=1, before=(fix("anna", "stake", 2), fix("anna", "joker", 1),
                                                   fix("anna", "money", 3)))
    anna = player(g, "anna")
    money = anna.money
    sums = market.visit_sums([{"stake": 2, "joker": 1}], {}, {"saw": 1, "food": 2})
    assert (sums.sets, sums.trade, sums.cost, sums.income) == (D.CRAFTWORK_SET_PRICE[3], 0, 3, 4)
    play(g, None, "anna go 19 sell:2stake+joker buy:saw+2food")
    assert player(g, "anna").money == money + sums.income - sums.cost
    figures = calc.market(["2xstake", "joker"], buy_saws=1, buy_food=2)
    assert (figures.income, figures.spend) == (sums.income, sums.cost)


def test_the_optimiser_is_the_engines():
    sets, unsold = market.craftwork_sets({"stake": 3, "board": 1}, 1)
    assert calc.craftwork_sets({"stake": 3, "board": 1}, 1) == (sets, unsold)
    assert sum(s.price for s in sets) == calc.market(["3xstake", "board", "joker"]).income


@pytest.mark.parametrize(("call", "key", "rule"), [
    (lambda: market.check_saws(2, 3), "saws_more", "R17"),
    (lambda: market.check_saws(5), "saws_buy_max", "R17"),
    (lambda: market.check_saws(0, 5), "saws_owned_max", "R17"),
    (lambda: market.check_visit(sells=False, trade={"raft": 1}, buys=False, trade_card=False), "trade_card", "R17"),
    (lambda: market.check_visit(sells=False, trade={}, buys=False, trade_card=False), "nothing_at_market", "R3"),
    (lambda: prices.check_loans(3), "loans_count_max", "R15"),
])
def test_the_limits_are_the_engines_and_calc_words_them(call, key, rule):
    with pytest.raises(IllegalAction) as info:
        call()
    assert (info.value.key, info.value.rule) == (key, rule)


def test_calc_says_the_engines_refusal_with_its_options():
    with pytest.raises(IllegalAction, match=r"--trade-card") as info:
        calc.market(["raft"])
    assert info.value.rule == "R17"
    with pytest.raises(IllegalAction, match="at most 2 loans, not 3"):
        calc.loan(3)
    with pytest.raises(IllegalAction, match="at most 2 loans"):
        calc.winter(4, 2, 0, 0, 0, 3)


def test_the_winter_walk_is_the_engines():
    feeding, heating = prices.winter_walk(5, 3, 2, 1, 4, 1)
    result = calc.winter(5, 3, 2, 1, 4, 1)
    assert (result.feeding.paid, result.feeding.money_left, result.heating.still_short) == \
        (feeding.paid, feeding.money_left, heating.still_short)
    assert result.heating.money_before == feeding.money_left  # heating starts where feeding left the money


def test_a_players_winter_bill_is_one_engine_function():
    g = game_at(2, step="travel", round=3, before=(fix("anna", "food", 1), fix("anna", "store.mF", 1)))
    anna = player(g, "anna")
    assert anna.food == 1 and sum(anna.wood["store"].values()) == 1
    food, heat = rules.winter_need(g, anna)
    assert rules.need_and_have(g, anna, "feeding") == (food, anna.food)
    assert rules.need_and_have(g, anna, "heating") == (heat, 1)
    bill = rules.step_bill(g, anna, "feeding")
    assert (bill.need, bill.have, bill.missing) == (food, anna.food, max(0, food - anna.food))
    # selling the one stored log for food leaves one more heating wood missing (R14)
    assert rules.heating_missed(g, anna, 1) == (1 if heat >= 1 else 0)
