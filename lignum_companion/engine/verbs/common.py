"""What every verb's handler needs: money and its ledger line, refusals for missing money or pieces, workers.

Handlers get the game, the acting player's index and the parsed args; each checks everything first and only then
changes the state (python-chess's parse/check/apply), which is what lets a refused action leave the game untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import data
from ..errors import IllegalAction
from ..events import Gained, MoneyChanged, PiecesMoved, Spent, sink
from ..events import record as record  # re-exported: the verbs record through common
from ..ledger import kind_of
from ..pieces import Bag, add_all, has_all, take_all, total
from ..state import Game, LedgerEntry, Player

# (game, the acting player's index or -1 for the table, the verb's fields of args.py) -> None, or IllegalAction
Handler = Callable[[Game, int, Any], None]


def gain(g: Game, p: Player, amount: int, reason: str, rule: str = "", auto: bool = False) -> None:
    """Add (or with a negative amount, pay) money, write the ledger line and record it (a `money` event);
    `reason` is a ledger.Reason or a ledger.Named with its name, kept as the plain string it stands for."""
    if amount:
        p.money += amount
        p.ledger.append(LedgerEntry(g.round, str(reason), amount))
        if (rec := sink(g)) is not None:
            rec.append(MoneyChanged(player=index_of(g, p), name=p.name, amount=amount, reason=str(reason),
                                    ledger=kind_of(str(reason)).value, money=p.money, rule=rule, auto=auto))


def need_money(p: Player, amount: int, what: str, rule: str = "R3", **fields: Any) -> None:
    """Refuse unless the player has `amount`; `what` is the code of what it is for, words in the templates."""
    if p.money < amount:
        raise IllegalAction.keyed("money_short", rule, what=what, amount=amount, name=p.name, money=p.money, **fields)


def plan_active(g: Game, p: Player, card: str) -> bool:
    """Whether the player planned this card for the current round (R20)."""
    return any(pl.card == card and pl.round == g.round for pl in p.plans)


def check_pieces(p: Player, area: str, bag: Bag) -> None:
    if not has_all(p.wood[area], bag):
        raise IllegalAction.keyed("pieces_missing", "", name=p.name, spot=area, have=dict(p.wood[area]),
                                  pieces=dict(bag))


def workers_plan(g: Game, p: Player, kind: str, need: int, huts: int, what: str,
                 mill_said: bool | None = None) -> tuple[int, int, bool]:
    """Which workers do `need` jobs (R6, R33): the huts named and the mill worker when `millworker:yes` says so
    (the player's choice, even while hired workers are unused), then hired workers, then the mill worker for
    one job left unless `millworker:no` keeps him out."""
    if huts > p.huts.get("accom", 0):
        raise IllegalAction.keyed("accommodation_huts_missing", "R16", name=p.name,
                                  value=p.huts.get('accom', 0), huts=huts)
    named = huts + (1 if mill_said else 0)
    if named > need:
        raise IllegalAction.keyed("stand_ins_too_many", "R33", what=what, rest=need, huts=named)
    if mill_said and not p.mill_worker:
        raise IllegalAction.keyed("mill_worker_used", "R6", name=p.name)
    rest = need - named
    hired = 0 if g.winter else min(p.workers.get(kind, 0), rest)
    rest -= hired
    mill = bool(mill_said)
    if rest == 1 and p.mill_worker and mill_said is None:
        mill, rest = True, 0
    if rest > 0:
        have = p.workers.get(kind, 0) if not g.winter else 0
        extra = "mill_out" if mill_said is False and p.mill_worker else "mill_free" if p.mill_worker else "mill_used"
        fields = {"what": what, "need": need, "kind": kind, "name": p.name, "have": have, "huts": huts, "extra": extra}
        # what the player has is said without its zeros (`0 huts` reads as huts spent, `0 hired` as a count)
        if huts and have:
            raise IllegalAction.keyed("workers_too_few_huts", "R6", **fields)
        if huts:
            raise IllegalAction.keyed("workers_too_few_huts_only", "R6", **fields)
        if not have:  # the mill worker is said in the words of a player with nobody hired
            raise IllegalAction.keyed("workers_too_few_none", "R6", **{**fields, "extra": f"{extra}_none"})
        raise IllegalAction.keyed("workers_too_few", "R6", **fields)
    return hired, huts, mill


def use_workers(g: Game, p: Player, kind: str, plan: tuple[int, int, bool], purpose: str) -> None:
    """Spend the workers `workers_plan` chose (R6, R33): hired ones, accommodation huts, the mill worker."""
    hired, huts, mill = plan
    spend(g, p, "workers", {kind: hired} if hired else {}, purpose, "R6")
    spend(g, p, "huts", {"accom": huts} if huts else {}, purpose, "R6")
    if mill:
        spend(g, p, "mill_worker", {"mill_worker": 1}, purpose, "R6")


def free_area(g: Game, pi: int, area: int) -> bool:
    """A cutting area with no other player's token, the player's own counting as free (R5, R29)."""
    return all(i == pi for i in g.area_players(area))


def area_wood(g: Game, area: int) -> Bag:
    return {k: v for k, v in g.area_bag(area).items() if k in data.KINDS}


def available_workers(g: Game, p: Player, kind: str) -> int:
    hired = 0 if g.winter else p.workers.get(kind, 0)
    return hired + int(p.mill_worker) + p.huts.get("accom", 0)


# --- changes that record themselves (events.py): each helper changes the state and says what it did ------------


def index_of(g: Game, p: Player) -> int:
    """The player's index, by identity (a Player compares by value)."""
    return next(i for i, q in enumerate(g.players) if q is p)


def _place(g: Game, p: Player, place: str) -> Bag | None:
    """The bag behind a place code of events.py that is not a mill area (None for the supply, which has no count,
    and for a task card, whose slots the caller fills)."""
    if place.startswith("cutting:"):
        return g.cutting[place[8:]]
    return p.furniture if place == "furniture" else None


def move(g: Game, p: Player, src: str, dst: str, pieces: Bag, rule: str = "", auto: bool = False) -> None:
    """Move pieces between places (a mill area, `cutting:N`, `furniture`, `food`, `supply`) and record it."""
    if not pieces:
        return
    wood = p.wood
    bag = wood.get(src)  # a mill area first: the common case, and a hot path of every replay
    if bag is None:
        bag = _place(g, p, src)
        if src == "food":
            p.food -= total(pieces)
    if bag is not None:
        take_all(bag, pieces)
    bag = wood.get(dst)
    if bag is None:
        bag = _place(g, p, dst)
        if dst == "food":
            p.food += total(pieces)
    if bag is not None:
        add_all(bag, pieces)
    if (rec := sink(g)) is not None:
        rec.append(PiecesMoved(player=index_of(g, p), name=p.name, src=src, dst=dst, pieces=dict(pieces), rule=rule,
                               auto=auto))


def spend(g: Game, p: Player, holding: str, items: Bag, purpose: str, rule: str = "", auto: bool = False) -> None:
    """Take items from a holding of events.HOLDINGS (food, equipment, craftwork, huts, workers, fodder,
    mill_worker) for a purpose, and record it."""
    if not items:
        return
    _change_holding(p, holding, items, -1)
    if (rec := sink(g)) is not None:
        rec.append(Spent(player=index_of(g, p), name=p.name, holding=holding, items=dict(items), purpose=purpose,
                         rule=rule, auto=auto))


def receive(g: Game, p: Player, holding: str, items: Bag, source: str, rule: str = "", auto: bool = False) -> None:
    """Add items to a holding of events.HOLDINGS, and record it (a `gained` event)."""
    if not items:
        return
    _change_holding(p, holding, items, 1)
    if (rec := sink(g)) is not None:
        rec.append(Gained(player=index_of(g, p), name=p.name, holding=holding, items=dict(items), source=source,
                          rule=rule, auto=auto))


def _change_holding(p: Player, holding: str, items: Bag, sign: int) -> None:
    if holding == "food":
        p.food += sign * items.get("food", 0)
    elif holding == "mill_worker":
        p.mill_worker = sign > 0
    elif holding == "fodder":
        for value, n in items.items():
            for _ in range(n):
                if sign > 0:
                    p.fodder = sorted(p.fodder + [int(value)])
                else:
                    p.fodder.remove(int(value))
    else:
        (add_all if sign > 0 else take_all)(getattr(p, holding), items)
