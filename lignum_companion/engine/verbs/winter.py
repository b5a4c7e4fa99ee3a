"""Winter: the bonus (R13), feeding and heating with their bills (R14), and the river sale's choice (R8)."""

from __future__ import annotations

from dataclasses import asdict

from .. import data, prices
from ..args import FeedArgs, HeatArgs, KindArgs
from ..errors import IllegalAction
from ..events import DebtAdded, LoanTaken, RiverChosen, WinterBill
from ..ledger import Named, Reason
from ..pieces import Bag, format_bag, has_all, take_all, total
from ..state import Game, Player
from .common import Handler, check_pieces, gain, index_of, move, record, spend
from .mill import sell_pieces


def winter_need(g: Game, p: Player) -> tuple[int, int]:
    """(food, heating logs) this year's winter card asks of the player (R14), one more food per carpenter (R23);
    the one place that says so."""
    food, heat = g.winter_cards[g.year - 1]
    return food + p.carpenters * data.CARPENTER_FOOD, heat


def need_and_have(g: Game, p: Player, step: str) -> tuple[int, int]:
    """What a winter step's bill counts (R14): at the feeding the food asked and held, at the heating the heating
    wood asked and the milled pieces in the firewood storage. The rules, the reminders and the menus ask here."""
    food, heat = winter_need(g, p)
    return (food, p.food) if step == "feeding" else (heat, total(p.wood["store"]))


def step_bill(g: Game, p: Player, step: str) -> prices.WinterBill:
    """The bill of a winter step for a player as things stand (R14): missing pieces, cost, the loans it forces."""
    need, have = need_and_have(g, p, step)
    return prices.winter_bill(need, have, p.money, p.loans)


def heating_missed(g: Game, p: Player, sold_from_store: int) -> int:
    """Heating wood that selling `sold_from_store` stored pieces at the feeding leaves missing beyond what was
    missing anyway (R14: the feeding's sale comes before the heating)."""
    need, have = need_and_have(g, p, "heating")
    return max(0, need - (have - sold_from_store)) - max(0, need - have)


def _bonus(g: Game, pi: int, a: KindArgs) -> None:
    move(g, g.players[pi], "supply", "woodpile", {a["kind"]: 1}, "R13")


def forced_sale_value(sell: dict[str, Bag]) -> int:
    """Winter forced sales: sale and drying areas with bonus, sawing area and storage at base price (R14)."""
    value = 0
    for area, bag in sell.items():
        for piece, n in bag.items():
            if area in ("saw", "store"):
                value += prices.base_price(piece) * n
            else:
                value += prices.sale_price(piece, area) * n
    return value


def sellable_in_winter(p: Player) -> dict[str, Bag]:
    out = {}
    for area in ("sale", "dry1", "dry2", "dry3", "saw", "store"):
        bag = {k: v for k, v in p.wood[area].items() if data.BASE_PRICE[k] is not None}
        if bag:
            out[area] = bag
    return out


def wood_example(by_area: dict[str, Bag]) -> str:
    """A notation example made of the player's own wood: one piece from each of the first two areas."""
    parts = [f"{area}:{next(iter(bag))}" for area, bag in by_area.items() if bag][:2]
    return " ".join(parts) or "sale:F"


def wood_words(by_area: dict[str, Bag]) -> str:
    """All the wood named, area by area, in the notation (`sale:2F dry1:mS`)."""
    return " ".join(f"{area}:{format_bag(bag, data.PIECES)}" for area, bag in by_area.items() if bag) or "-"


def settle(g: Game, p: Player, need: int, have: int, sell: dict[str, Bag], what: str) -> None:
    """Pay $3 per missing piece: loans first, then forced sales, then debt (R14). Checks before changing.

    The settled bill is kept in `g.winter_bills` (prices.WinterSettled as plain data) for the clients."""
    full = prices.winter_bill(need, have, p.money, p.loans)
    cost = full.cost
    bill = full if cost else None
    short = bill.still_short if bill else 0
    if sell:
        if not short:
            raise IllegalAction.keyed("winter_sale_not_needed", "R14", name=p.name, what=what)
        for area, bag in sell.items():
            check_pieces(p, area, bag)
        value = forced_sale_value(sell)
        left = sellable_in_winter(p)
        for area, bag in sell.items():
            left[area] = dict(left.get(area, {}))
            take_all(left[area], bag)
        if value < short and any(left.values()):
            raise IllegalAction.keyed("winter_sale_too_little", "R14", name=p.name, short=short, value=value)
    elif short and any(sellable_in_winter(p).values()):  # heat() has already taken the burnt logs
        own = sellable_in_winter(p)
        raise IllegalAction.keyed("winter_sale_needed", "R14", name=p.name, short=short, what=what,
                                  value=wood_example(own), value2=wood_words(own))
    pi = index_of(g, p)
    if bill:
        for _ in range(bill.loans_taken):
            p.loans += 1
            record(g, lambda: LoanTaken(player=pi, name=p.name, loans=p.loans, forced=True, rule="R14"))
            gain(g, p, data.LOAN_AMOUNT, Reason.WINTER_LOAN, "R14")
    if sell:
        value = forced_sale_value(sell)
        sell_pieces(g, p, sell, value, forced=True)
        gain(g, p, value, Reason.WINTER_FORCED_SALE, "R14")
    if cost:
        paid = min(cost, p.money)
        gain(g, p, -paid, Named.WINTER.of(what), "R14")
        if cost > paid:
            p.debt += cost - paid
            record(g, lambda: DebtAdded(player=pi, name=p.name, amount=cost - paid, debt=p.debt, rule="R14"))
    step = "feeding" if what == "food" else "heating"
    settled = prices.settle_bill(full, round=g.round, step=step, player=pi,
                                 sold={a: dict(b) for a, b in sell.items() if b},
                                 sale_value=forced_sale_value(sell) if sell else 0)
    g.winter_bills.append(asdict(settled))
    record(g, lambda: WinterBill(player=pi, name=p.name, step=step, bill=asdict(settled), rule="R14"))


def _feed(g: Game, pi: int, a: FeedArgs) -> None:
    p = g.players[pi]
    need, have = need_and_have(g, p, "feeding")
    settle(g, p, need, have, a["sell"], "food")
    # R14: handed food goes to the supply; leftover food is discarded after winter
    spend(g, p, "food", {"food": min(need, have)} if min(need, have) else {}, "feeding", "R14")
    spend(g, p, "food", {"food": have - min(need, have)} if have > need else {}, "discarded", "R14")


def default_heating(p: Player, need: int) -> Bag:
    """Cheapest logs first: milled firewood, then softwood, then hardwood (R14 lets any kind burn)."""
    out: Bag = {}
    left = need
    for piece in ("mF", "mS", "mH"):
        n = min(left, p.wood["store"].get(piece, 0))
        if n:
            out[piece] = n
            left -= n
    return out


def _heat(g: Game, pi: int, a: HeatArgs) -> None:
    p = g.players[pi]
    need = need_and_have(g, p, "heating")[0]
    logs = a["logs"] if a["logs"] is not None else default_heating(p, need)
    check_pieces(p, "store", logs)
    can = min(need, total(p.wood["store"]))
    if total(logs) != can:
        raise IllegalAction.keyed("heating_wood_count", "R14", can=can, need=need)
    sell = a["sell"]
    if sell.get("store"):
        after = dict(p.wood["store"])
        take_all(after, logs)
        if not has_all(after, sell["store"]):
            raise IllegalAction.keyed("heating_wood_sold", "R14")
    store_before = dict(p.wood["store"])
    move(g, p, "store", "supply", logs, "R14")
    try:
        settle(g, p, need, total(logs), sell, "heating")
    except IllegalAction:
        p.wood["store"] = store_before
        raise


def _river(g: Game, pi: int, a: KindArgs) -> None:
    p = g.players[pi]
    if not p.wood["river"].get(a["kind"]):
        raise IllegalAction.keyed("river_kind_missing", "R8", name=p.name, kind=a['kind'])
    p.river_choice = a["kind"]
    record(g, lambda: RiverChosen(player=pi, name=p.name, piece=a["kind"], rule="R8"))


HANDLERS: dict[str, Handler] = {
    "bonus": _bonus,
    "feed": _feed,
    "heat": _heat,
    "river": _river,
}
