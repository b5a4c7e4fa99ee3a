"""The market's sums and limits (R17): what a visit brings and costs, the four-saw limit, and the craftwork sets that
pay most; the one copy the travel rules, the table's menu notes and `lignum calc market` all ask."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from . import data, prices
from .errors import IllegalAction
from .pieces import Bag, total


@dataclass(frozen=True)
class VisitSums:
    """A market visit's money: what the craftwork sets and the Trade card's tokens bring, what saws and food cost."""

    sets: int  # craftwork sets sold (R17)
    trade: int  # raft, sledge and wagon tokens sold with the Trade card (R20)
    cost: int  # saws and food bought

    @property
    def income(self) -> int:
        return self.sets + self.trade


def visit_sums(sets: Iterable[Mapping[str, int]], trade: Mapping[str, int], buy: Mapping[str, int], *,
               craftwork_card: bool = False) -> VisitSums:
    """The money of a visit (R17): each set of identical craftwork tokens at the set price (the Craftwork card's
    prices when it is active), each trade token at its price, saws and food at theirs."""
    income = sum(prices.craftwork_set_price(total(dict(s)), craftwork_card) for s in sets)
    trade_income = data.TRADE_CARD_TOKEN_PRICE * total(dict(trade))
    cost = buy.get("saw", 0) * data.SAW_PRICE + buy.get("food", 0) * data.FOOD_PRICE
    return VisitSums(income, trade_income, cost)


def check_saws(buy: int, owned: int | None = None) -> None:
    """A mill holds at most four saws (R17): refuse a purchase past that (without `owned`, a purchase of more than
    four on its own)."""
    if owned is None:
        if buy > data.MAX_SAWS:
            raise IllegalAction.keyed("saws_buy_max", "R17", max=data.MAX_SAWS, buy=buy)
        return
    if owned > data.MAX_SAWS:
        raise IllegalAction.keyed("saws_owned_max", "R17", max=data.MAX_SAWS, owned=owned)
    if owned + buy > data.MAX_SAWS:
        raise IllegalAction.keyed("saws_more", "R17", max=data.MAX_SAWS, owned=owned, room=data.MAX_SAWS - owned,
                                  buy=buy)


def check_visit(*, sells: bool, trade: Mapping[str, int], buys: bool, trade_card: bool) -> None:
    """A visit must buy or sell something (R3); trade tokens are sold only with the Trade card (R17, R20)."""
    if trade and not trade_card:
        raise IllegalAction.keyed("trade_card", "R17", tokens=", ".join(trade))
    if not sells and not trade and not buys:
        raise IllegalAction.keyed("nothing_at_market", "R3")


@dataclass(frozen=True)
class CraftSet:
    """One set of identical craftwork tokens sold together; `jokers` of them stand in for `token`."""

    token: str
    size: int
    jokers: int
    price: int


Best = tuple[int, int, int]  # (dollars, -tokens used, -jokers used): more money, then keep more tokens


def _best_sets(n: int, card: bool) -> tuple[Best, tuple[int, ...]]:
    """Best split of n identical tokens into sets (sizes from the price table); leftovers stay unsold."""
    sizes = sorted(data.CRAFTWORK_SET_PRICE)
    best: list[tuple[Best, tuple[int, ...]]] = [((0, 0, 0), ())]
    for count in range(1, n + 1):
        cand = best[count - 1]  # leave one token unsold
        for size in sizes:
            if size <= count:
                (money, used, _), parts = best[count - size]
                option = ((money + prices.craftwork_set_price(size, card), used - size, 0), parts + (size,))
                if option[0] > cand[0]:
                    cand = option
        best.append(cand)
    return best[n]


Plan = list[tuple[str, int, tuple[int, ...]]]  # (kind, jokers used, set sizes)


def craftwork_sets(counts: Mapping[str, int], jokers: int, card: bool = False) -> tuple[list[CraftSet], Bag]:
    """Group craftwork tokens into the sets that pay most (R17), a joker counting as any kind; returns the sets and
    the tokens left unsold.

    Dynamic programming over the kinds with the jokers still free; jokers left over form sets of their own.
    Among equal sums it uses fewer tokens, then fewer jokers, keeping them back for huts (R16).
    """
    kinds = [k for k in data.CRAFTWORK if k != "joker"]
    best_sets = cache(lambda n: _best_sets(n, card))  # per call: the price table is read afresh each time
    memo: dict[tuple[int, int], tuple[Best, Plan]] = {}

    def go(i: int, free: int) -> tuple[Best, Plan]:
        """Best sets for kinds[i:] with `free` jokers still unassigned."""
        if (i, free) not in memo:
            if i == len(kinds):
                (money, used, _), parts = best_sets(free)
                memo[(i, free)] = ((money, used, used), [("joker", -used, parts)] if parts else [])
            else:
                own = counts.get(kinds[i], 0)
                best: tuple[Best, Plan] = ((-1, 0, 0), [])
                for offered in range(free + 1):
                    (money, used, _), parts = best_sets(own + offered)
                    jokers_used = max(0, -used - own)
                    if jokers_used < offered:
                        continue  # the same split with fewer jokers offered is tried already
                    (money2, used2, jokers2), rest = go(i + 1, free - jokers_used)
                    score = (money + money2, used + used2, jokers2 - jokers_used)
                    if score > best[0]:
                        best = (score, ([(kinds[i], jokers_used, parts)] if parts else []) + rest)
                memo[(i, free)] = best
        return memo[(i, free)]

    unsold: Bag = {k: n for k, n in counts.items() if n} | ({"joker": jokers} if jokers else {})
    sets: list[CraftSet] = []
    for kind, _jokers_used, parts in go(0, jokers)[1]:
        own_left = unsold.get(kind, 0) if kind != "joker" else 0
        for size in sorted(parts, reverse=True):
            own_in_set = min(size, own_left)
            own_left -= own_in_set
            sets.append(CraftSet(kind, size, size - own_in_set, prices.craftwork_set_price(size, card)))
            if kind != "joker":
                unsold[kind] -= own_in_set
            unsold["joker"] = unsold.get("joker", 0) - (size - own_in_set)
    return sets, {k: n for k, n in unsold.items() if n > 0}
