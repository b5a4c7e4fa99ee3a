"""Moves a player may make on their own turn whatever the step: loans (R15), huts (R16), and `done`."""

from __future__ import annotations

from .. import data
from ..args import AreaArgs, BuildArgs, DryhutArgs, NoArgs
from ..errors import IllegalAction
from ..events import HutsBuilt, LoanTaken
from ..ledger import Reason
from ..pieces import Bag, add_all, has_all, take_all, total
from ..state import Game, Player
from .common import Handler, check_pieces, free_area, gain, move, plan_active, record, spend
from .mill import must_sell


def _loan(g: Game, pi: int, a: NoArgs) -> None:
    p = g.players[pi]
    if p.loans >= data.MAX_LOANS:
        raise IllegalAction.keyed("loans_max", "R15", name=p.name, MAX_LOANS=data.MAX_LOANS)
    p.loans += 1
    record(g, lambda: LoanTaken(player=pi, name=p.name, loans=p.loans, rule="R15"))
    gain(g, p, data.LOAN_AMOUNT, Reason.LOAN, "R15")


def hut_tokens(p: Player, k: int, using: Bag) -> Bag:
    """Choose k different hut craftwork tokens (jokers fill gaps; reeds never) (R16)."""
    if using:
        if total(using) != k:
            raise IllegalAction.keyed("hut_token_count", "R16", k=k, value=total(using))
        real = [t for t in using if t != "joker"]
        if any(using[t] > 1 for t in real):
            raise IllegalAction.keyed("hut_tokens_same_kind", "R16")
        if not has_all(p.craftwork, using):
            raise IllegalAction.keyed("hut_tokens_missing", "R16", name=p.name, craftwork=dict(p.craftwork))
        return dict(using)
    chosen: Bag = {}
    for t in data.HUT_CRAFTWORK:
        if total(chosen) < k and p.craftwork.get(t, 0):
            chosen[t] = 1
    jokers = k - total(chosen)
    if jokers > p.craftwork.get("joker", 0):
        raise IllegalAction.keyed("hut_tokens_too_few_kinds", "R16", name=p.name, k=k, held=dict(p.craftwork))
    if jokers:
        chosen["joker"] = jokers
    return chosen


def _build(g: Game, pi: int, a: BuildArgs) -> None:
    p = g.players[pi]
    k = total(a["huts"])
    allowed = (3, 2) if plan_active(g, p, "hut-construction") else (3,)
    if k not in allowed:
        extra = "hut_card" if k == 2 else "none"
        raise IllegalAction.keyed("hut_count", "R16", extra=extra, k=k)
    tokens = hut_tokens(p, k, a["using"])
    take_all(p.craftwork, tokens)
    add_all(p.huts, a["huts"])
    record(g, lambda: HutsBuilt(player=pi, name=p.name, huts=dict(a["huts"]), tokens=dict(tokens),
                                rule="R26" if k == 2 else "R16"))


NEXT_AREA = {"sale": "dry1", "dry1": "dry2", "dry2": "dry3"}


def _dryhut(g: Game, pi: int, a: DryhutArgs) -> None:
    p = g.players[pi]
    if not p.huts.get("drying"):
        raise IllegalAction.keyed("no_drying_hut", "R16", name=p.name)
    check_pieces(p, a["area"], {a["piece"]: 1})
    spend(g, p, "huts", {"drying": 1}, "dryhut", "R16")
    move(g, p, a["area"], NEXT_AREA[a["area"]], {a["piece"]: 1}, "R11")


def _foodhut(g: Game, pi: int, a: AreaArgs) -> None:
    p = g.players[pi]
    if not p.huts.get("food"):
        raise IllegalAction.keyed("no_food_storage_hut", "R16", name=p.name)
    if not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("food_hut_area_shared", "R29", area=a['area'])
    food = g.area_bag(a["area"]).get("food", 0)
    if not food:
        raise IllegalAction.keyed("food_hut_area_without_food", "R16", area=a['area'])
    spend(g, p, "huts", {"food": 1}, "foodhut", "R16")
    move(g, p, f"cutting:{a['area']}", "food", {"food": food}, "R29")


def _done(g: Game, pi: int, a: NoArgs) -> None:
    p = g.players[pi]
    step = g.step_of(pi)  # R24: the player's own step
    if step == "selling" and must_sell(p):
        raise IllegalAction.keyed("done_before_third_area_sold", "R12", value=dict(must_sell(p)))
    if step == "cutting" and not g.winter:
        p.cut_done = True


HANDLERS: dict[str, Handler] = {
    "loan": _loan,
    "build": _build,
    "dryhut": _dryhut,
    "foodhut": _foodhut,
    "done": _done,
}
