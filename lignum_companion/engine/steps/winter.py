"""The winter's own steps and the final sale: the bonus wood (R13), feeding and heating (R14), and the choice of
the river kind to sell at the end (R8)."""

from __future__ import annotations

from typing import Any

from .. import data, prices, rules
from ..errors import IllegalAction
from ..pieces import Bag, total
from ..state import Game, Player
from .base import Candidate, Reminder, Step, StepName

# --- the bonus wood (R13) --------------------------------------------------------------------------------------


def _bonus_reminder(g: Game, pi: int | None) -> Reminder:
    """As the winter opens (nobody has taken the bonus yet): the order, and what the winter card asks."""
    if g.acted:
        return Reminder("", {"winter_start": None})
    food, heat = g.winter_cards[g.year - 1]
    return Reminder("", {"winter_start": {"order": [g.players[i].name for i in g.clearing], "year": g.year,
                                          "food_need": food, "heat_need": heat}})


BONUS = Step(StepName.BONUS, "clearing", ("bonus",), ("bonus",), hut_verbs=False,
             must=lambda g, pi: IllegalAction.keyed("must_bonus", "R13", name=g.players[pi].name),
             candidates=lambda g, pi: [(g.players[pi].name, "bonus", {"kind": k}) for k in data.KINDS],
             reminder=_bonus_reminder, alerts=frozenset({"plan-unmet", "task-lost"}))


# --- feeding and heating (R14) ---------------------------------------------------------------------------------


def missing(g: Game, p: Player, heating: bool) -> int:
    """The food or logs the winter card asks that the player does not hold (R14; carpenters eat too, R23)."""
    food, heat = rules.winter_need(g, p)
    return heat - min(heat, total(p.wood["store"])) if heating else food - min(p.food, food)


def _choice(g: Game, pi: int, heating: bool) -> bool:
    """A feeding or heating turn is asked only when wood must be sold (R14); otherwise it runs by itself."""
    p = g.players[pi]
    short = missing(g, p, heating)
    bill = prices.winter_bill(short, 0, p.money, p.loans)
    sellable = rules.sellable_in_winter(p)
    if heating and short:
        sellable.pop("store", None)
    return bill.still_short > 0 and bool(sellable)


def _must_pay(g: Game, pi: int, heating: bool) -> IllegalAction | None:
    """A bill that needs wood sold waits for the player's choice (R14)."""
    if not _choice(g, pi, heating):
        return None
    return IllegalAction.keyed("must_pay", "R14", name=g.players[pi].name, step=g.step_of(pi))


def _greedy_sale(g: Game, p: Player, heating: bool, dear: bool) -> dict[str, Bag]:
    """Pieces sold one by one, cheapest (or dearest) first, until the bill is covered."""
    store = {} if heating else dict(p.wood["store"])
    short = prices.winter_bill(missing(g, p, heating), 0, p.money, p.loans).still_short
    items = []
    for area, bag in rules.sellable_in_winter(p).items():
        if heating and area == "store":
            continue
        if area == "store":
            bag = store
        for piece, n in bag.items():
            value = rules.forced_sale_value({area: {piece: 1}})
            items += [(value, area, piece)] * n
    items.sort(reverse=dear)
    sell: dict[str, Bag] = {}
    got = 0
    for value, area, piece in items:
        if got >= short:
            break
        sell.setdefault(area, {})
        sell[area][piece] = sell[area].get(piece, 0) + 1
        got += value
    return sell


def _pay_candidates(g: Game, pi: int, heating: bool) -> list[Candidate]:
    """Forced winter sales (R14): everything, or the cheapest pieces first until the bill is covered."""
    p = g.players[pi]
    verb = "heat" if heating else "feed"
    extra: dict[str, Any] = {"logs": None} if heating else {}
    every = rules.sellable_in_winter(p)
    if heating:
        every.pop("store", None)  # when heating is short, every stored log is burnt first
    options = [{}, every]  # {}: pay from money and the stored logs, when that is enough (checked like the rest)
    for dear in (False, True):
        options.append(_greedy_sale(g, p, heating, dear))
    return [(p.name, verb, {**extra, "sell": sell}) for k, sell in enumerate(options) if sell or k == 0]


def _pay_reminder(g: Game, pi: int | None, heating: bool) -> Reminder:
    """The player's own need: the card, plus one food per carpenter (R14, R23); the example sells wood this
    player has (heating: stored logs are burnt first)."""
    if pi is None:
        food, heat = g.winter_cards[g.year - 1]
        return Reminder("", {"food_need": food, "heat_need": heat})
    p = g.players[pi]
    food, heat = rules.winter_need(g, p)
    own = {a: b for a, b in rules.sellable_in_winter(p).items() if not (heating and a == "store")}
    return Reminder("", {"food_need": food, "heat_need": heat, "example": rules.wood_example(own)})


def _bill_step(name: StepName, verb: str, heating: bool, auto: dict[str, Any]) -> Step:
    return Step(name, "clearing", (verb,), (verb,), hut_verbs=False, work=lambda g, pi: _choice(g, pi, heating),
                skip=lambda g, pi: "paid", auto=(verb, auto), must=lambda g, pi: _must_pay(g, pi, heating),
                candidates=lambda g, pi: _pay_candidates(g, pi, heating),
                reminder=lambda g, pi: _pay_reminder(g, pi, heating))


FEEDING = _bill_step(StepName.FEEDING, "feed", False, {"sell": {}})
HEATING = _bill_step(StepName.HEATING, "heat", True, {"logs": None, "sell": {}})


# --- the river sale at the end (R8) ------------------------------------------------------------------------------


def _river_work(g: Game, pi: int) -> bool:
    river = g.players[pi].wood["river"]
    return bool(river.get("F")) and bool(river.get("S"))


def _river_reminder(g: Game, pi: int | None) -> Reminder:
    """The example is the kind that pays more (R8)."""
    if pi is None:
        return Reminder()
    river = g.players[pi].wood["river"]
    return Reminder("", {"best": max(("F", "S"), key=lambda k: river.get(k, 0) * (data.BASE_PRICE[k] or 0))})


RIVER = Step(StepName.RIVER, "clearing", ("river",), ("river",), hut_verbs=False, work=_river_work,
             skip=lambda g, pi: "one_river_kind",
             must=lambda g, pi: IllegalAction.keyed("must_river", "R8", name=g.players[pi].name)
             if _river_work(g, pi) else None,
             candidates=lambda g, pi: [(g.players[pi].name, "river", {"kind": k}) for k in ("F", "S")],
             reminder=_river_reminder)
