"""Wood from the forest to the mill: cutting (R4, R5, R13, R20 Cutting, R25, R28), the river wood's arrival
(R8) and transport by bearers, wagon, raft, the Log Driving card and sledge (R7, R20)."""

from __future__ import annotations

from .. import data
from ..args import AreaArgs, CutArgs, DestArgs, PiecesArgs, RaftArgs, SnatchArgs
from ..errors import IllegalAction
from ..events import AreaToken
from ..ledger import Reason
from ..pieces import Bag, add_all, has_all, total
from ..state import Game, Player
from .common import (
    Handler,
    area_wood,
    check_pieces,
    free_area,
    gain,
    move,
    need_money,
    plan_active,
    receive,
    record,
    spend,
    use_workers,
    workers_plan,
)


def can_relocate(g: Game, pi: int) -> bool:
    """Only a later player in clearing order who finds the area shared (or snatched) may pay $1 to move (R5)."""
    p = g.players[pi]
    if p.cut_done or p.relocated or p.area is None:
        return False
    order = g.clearing
    earlier = [i for i in g.area_players(p.area) if i != pi and order.index(i) < order.index(pi)]
    snatched = any(area == p.area and who != pi for who, area in g.snatched)
    return bool(earlier) or snatched


def _relocate(g: Game, pi: int, a: AreaArgs) -> None:
    p = g.players[pi]
    if not can_relocate(g, pi):
        raise IllegalAction.keyed("area_move_not_allowed", "R5", name=p.name)
    if a["area"] == p.area or not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("area_move_not_free", "R5", area=a['area'])
    need_money(p, data.RELOCATE_COST, "relocate", "R5")
    old = p.area
    p.area = a["area"]
    p.relocated = True
    record(g, lambda: AreaToken(player=pi, name=p.name, src=old, dst=a["area"], rule="R5"))
    gain(g, p, -data.RELOCATE_COST, Reason.AREA_MOVE, "R5")


def _cut_work(g: Game, pi: int, a: CutArgs) -> None:
    p = g.players[pi]
    if p.cut_done:
        raise IllegalAction.keyed("cut_twice", "R5", name=p.name)
    pieces = a["pieces"]
    if not pieces:
        raise IllegalAction.keyed("cut_no_pieces", "")
    assert p.area is not None, "a player cuts in the work seasons only after the area choice (R5)"
    here = area_wood(g, p.area)
    if not has_all(here, pieces):
        raise IllegalAction.keyed("cut_wood_missing", "R5", area=p.area, wood=dict(here))
    plan = workers_plan(g, p, "woodcutters", total(pieces), a["hut"], "cutting", a.get("mill"))
    use_workers(g, p, "woodcutters", plan, "cut")
    move(g, p, f"cutting:{p.area}", "woodpile", pieces, "R5")
    p.cut_done = True


def winter_cut_firewood(p: Player, huts: int, mill: bool = True) -> int:
    """Firewood a winter cut brings (R13, R25): 2 by the mill worker while he is free and sent (`mill`), +1 per
    accommodation hut; huts sent without him (`millworker:no`, he drives the sledge or saws later) cut 1 each."""
    return huts + (data.WINTER_CUT_FIREWOOD if mill and p.mill_worker else 0)


def _cut_winter(g: Game, pi: int, a: CutArgs) -> None:
    p = g.players[pi]
    if a["pieces"]:
        raise IllegalAction.keyed("winter_cut_names_pieces", "R13")
    huts, mill = a["hut"], a.get("mill") is not False
    if a.get("mill") and not p.mill_worker:
        raise IllegalAction.keyed("winter_cut_mill_worker_used", "R13", name=p.name)
    if huts > p.huts.get("accom", 0):
        raise IllegalAction.keyed("winter_cut_huts_missing", "R25", name=p.name, value=p.huts.get('accom', 0))
    if not mill and not huts:
        raise IllegalAction.keyed("winter_cut_nobody_sent", "R25")
    if not p.mill_worker and not huts:
        raise IllegalAction.keyed("winter_cut_mill_worker_used", "R13", name=p.name)
    n = winter_cut_firewood(p, huts, mill)
    if mill:
        spend(g, p, "mill_worker", {"mill_worker": 1}, "cut", "R13")
    spend(g, p, "huts", {"accom": huts} if huts else {}, "cut", "R25")
    move(g, p, "supply", "woodpile", {"F": n}, "R13")


def _cut(g: Game, pi: int, a: CutArgs) -> None:
    (_cut_winter if g.winter else _cut_work)(g, pi, a)


def _snatch(g: Game, pi: int, a: SnatchArgs) -> None:
    """The Cutting card's workers cut a second area, before or after the player's own cut (R28)."""
    p = g.players[pi]
    if not plan_active(g, p, "cutting"):
        raise IllegalAction.keyed("second_area_without_card", "R20")
    if any(who == pi for who, _ in g.snatched):
        raise IllegalAction.keyed("second_area_twice", "R20", name=p.name)
    if a["area"] == p.area:
        raise IllegalAction.keyed("second_area_is_own", "R20")
    n = total(a["pieces"])
    if n > data.CUTTING_CARD_WORKERS:
        raise IllegalAction.keyed("second_area_too_many", "R20", CUTTING_CARD_WORKERS=data.CUTTING_CARD_WORKERS)
    here = area_wood(g, a["area"])
    if not has_all(here, a["pieces"]):
        raise IllegalAction.keyed("second_area_wood_missing", "R20", area=a['area'], wood=dict(here))
    plan = workers_plan(g, p, "woodcutters", n, a["hut"], "cutting", a.get("mill"))
    use_workers(g, p, "woodcutters", plan, "snatch")
    move(g, p, f"cutting:{a['area']}", "woodpile", a["pieces"], "R28")
    g.snatched.append([pi, a["area"]])


def _check_dest(p: Player, dest: dict[str, Bag], rule: str = "R7") -> Bag:
    if dest.get("sale", {}).get("H"):
        raise IllegalAction.keyed("hardwood_to_sale_area", rule)
    return _sum(dest)


def _sum(dest: dict[str, Bag]) -> Bag:
    out: Bag = {}
    for bag in dest.values():
        add_all(out, bag)
    return out


def _deliver(g: Game, p: Player, src: str, dest: dict[str, Bag], rule: str = "R7") -> None:
    for area, bag in dest.items():
        move(g, p, src, area, bag, rule)


def _receive(g: Game, pi: int, a: DestArgs) -> None:
    p = g.players[pi]
    river = p.wood["river"]
    dest = a["dest"] or {"saw": {k: v for k, v in river.items() if k == "H"},
                         "sale": {k: v for k, v in river.items() if k != "H"}}
    moved = _check_dest(p, dest, "R8")
    if moved != river:
        raise IllegalAction.keyed("river_wood_not_all", "R8", value=dict(river))
    _deliver(g, p, "river", dest, "R8")


def _transport_common(g: Game, p: Player, dest: dict[str, Bag]) -> Bag:
    moved = _check_dest(p, dest)
    if not moved:
        raise IllegalAction.keyed("transport_no_pieces", "R7")
    check_pieces(p, "woodpile", moved)
    return moved


def _carry(g: Game, pi: int, a: DestArgs) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("carry_in_winter", "R7")
    moved = _transport_common(g, p, a["dest"])
    plan = workers_plan(g, p, "bearers", total(moved), a["hut"], "carrying", a.get("mill"))
    use_workers(g, p, "bearers", plan, "carry")
    _deliver(g, p, "woodpile", a["dest"])


def _wagon(g: Game, pi: int, a: DestArgs) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("wagon_in_winter", "R7")
    if not p.equipment.get("wagon"):
        raise IllegalAction.keyed("no_wagon", "R7", name=p.name)
    if not p.fodder:
        raise IllegalAction.keyed("wagon_without_fodder", "R7", name=p.name)
    value = min(p.fodder)  # R7: fodder on 2 is used before fodder on 3
    moved = _transport_common(g, p, a["dest"])
    if total(moved) > value:
        raise IllegalAction.keyed("wagon_too_many", "R7", value=value)
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "wagon", a.get("mill"))
    use_workers(g, p, "bearers", plan, "wagon")
    spend(g, p, "equipment", {"wagon": 1}, "wagon", "R7")
    spend(g, p, "fodder", {str(value): 1}, "wagon", "R7")
    if value == 3:
        receive(g, p, "fodder", {"2": 1}, "wagon", "R7")
    _deliver(g, p, "woodpile", a["dest"])


def _food_supply(g: Game, p: Player, n: int) -> None:
    if plan_active(g, p, "food-supply"):  # R27
        receive(g, p, "food", {"food": data.FOOD_SUPPLY_PER_PIECE * n}, "food-supply", "R27", auto=True)


def _raft(g: Game, pi: int, a: RaftArgs) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("river_frozen", "R7")
    n = total(a["pieces"])
    if p.equipment.get("raft", 0) < n:
        raise IllegalAction.keyed("rafts_too_few", "R7", n=n, name=p.name, value=p.equipment.get('raft', 0))
    check_pieces(p, "woodpile", a["pieces"])
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "log_driving", a.get("mill"))
    use_workers(g, p, "bearers", plan, "raft")
    spend(g, p, "equipment", {"raft": n}, "raft", "R7")
    move(g, p, "woodpile", "river", a["pieces"], "R7")
    _food_supply(g, p, n)


def _float(g: Game, pi: int, a: PiecesArgs) -> None:
    p = g.players[pi]
    if not plan_active(g, p, "log-driving"):
        raise IllegalAction.keyed("float_without_card", "R20")
    if p.floated:
        raise IllegalAction.keyed("float_twice", "R20", name=p.name)
    n = total(a["pieces"])
    if n > data.LOG_DRIVING_CARD_PIECES:
        raise IllegalAction.keyed("float_too_many", "R20", LOG_DRIVING_CARD_PIECES=data.LOG_DRIVING_CARD_PIECES)
    check_pieces(p, "woodpile", a["pieces"])
    move(g, p, "woodpile", "river", a["pieces"], "R20")
    p.floated = True
    _food_supply(g, p, n)


def _sledge(g: Game, pi: int, a: DestArgs) -> None:
    p = g.players[pi]
    if not g.winter:
        raise IllegalAction.keyed("sledge_outside_winter", "R7")
    if not p.equipment.get("sledge"):
        raise IllegalAction.keyed("no_sledge", "R7", name=p.name)
    moved = _transport_common(g, p, a["dest"])
    food = max(0, total(moved) - data.SLEDGE_BASE)
    if food > p.food:
        raise IllegalAction.keyed("sledge_food_short", "R7", SLEDGE_BASE=data.SLEDGE_BASE, name=p.name, food=p.food)
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "sledge", a.get("mill"))
    use_workers(g, p, "bearers", plan, "sledge")
    spend(g, p, "equipment", {"sledge": 1}, "sledge", "R7")
    spend(g, p, "food", {"food": food} if food else {}, "sledge", "R7")
    _deliver(g, p, "woodpile", a["dest"])


HANDLERS: dict[str, Handler] = {
    "relocate": _relocate,
    "cut": _cut,
    "snatch": _snatch,
    "receive": _receive,
    "carry": _carry,
    "wagon": _wagon,
    "raft": _raft,
    "float": _float,
    "sledge": _sledge,
}
