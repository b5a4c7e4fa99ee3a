"""What every verb's handler needs: money and its ledger line, refusals for missing money or pieces, workers.

Handlers get the game, the acting player's index and the parsed args; each checks everything first and only then
changes the state (python-chess's parse/check/apply), which is what lets a refused action leave the game untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import data
from ..errors import IllegalAction
from ..pieces import Bag, has_all, take
from ..state import Game, LedgerEntry, Player

# (game, the acting player's index or -1 for the table, the verb's fields of args.py) -> None, or IllegalAction
Handler = Callable[[Game, int, Any], None]


def gain(g: Game, p: Player, amount: int, reason: str) -> None:
    """Add (or with a negative amount, pay) money and write the ledger line; `reason` is a ledger.Reason or a
    ledger.Named with its name, kept as the plain string it stands for."""
    if amount:
        p.money += amount
        p.ledger.append(LedgerEntry(g.round, str(reason), amount))


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
        extra = "mill_free" if p.mill_worker else "mill_used"
        raise IllegalAction.keyed("workers_too_few", "R6", what=what, need=need, kind=kind,
                                  name=p.name, have=have, huts=huts, extra=extra)
    return hired, huts, mill


def use_workers(p: Player, kind: str, plan: tuple[int, int, bool]) -> None:
    hired, huts, mill = plan
    if hired:
        take(p.workers, kind, hired)
    if huts:
        take(p.huts, "accom", huts)
    if mill:
        p.mill_worker = False


def free_area(g: Game, pi: int, area: int) -> bool:
    """A cutting area with no other player's token, the player's own counting as free (R5, R29)."""
    return all(i == pi for i in g.area_players(area))


def area_wood(g: Game, area: int) -> Bag:
    return {k: v for k, v in g.area_bag(area).items() if k in data.KINDS}


def available_workers(g: Game, p: Player, kind: str) -> int:
    hired = 0 if g.winter else p.workers.get(kind, 0)
    return hired + int(p.mill_worker) + p.huts.get("accom", 0)
