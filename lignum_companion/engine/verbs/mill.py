"""Work in the mill: sawing (R9, R20 Sawing / Heating Supply), tasks (R19), the furniture shop (R23), selling
and drying (R10, R11, R12)."""

from __future__ import annotations

from .. import data, prices
from ..args import FillArgs, FromArgs, PiecesArgs, SawArgs
from ..errors import IllegalAction
from ..events import DryingShift, PiecesSold, WoodSawn, sink
from ..ledger import Reason
from ..pieces import Bag, add, add_all, has_all, take_all, total
from ..state import Game, Player, Task
from .common import (
    Handler,
    check_pieces,
    gain,
    index_of,
    move,
    plan_active,
    record,
    spend,
    use_workers,
    workers_plan,
)


def saw_yield(g: Game, p: Player, disk: str) -> int:
    if disk == "F" and plan_active(g, p, "heating-supply"):
        return data.HEATING_SUPPLY_FIREWOOD_YIELD
    return data.SAW_YIELD[disk]


def saw_jobs(g: Game, p: Player, disks: int) -> int:
    """Sawyer-and-saw pairs needed: one per disk, one per two with the Sawing card (R9, R20)."""
    return (disks + 1) // 2 if plan_active(g, p, "sawing") else disks


def _saw(g: Game, pi: int, a: SawArgs) -> None:
    p = g.players[pi]
    disks = a["disks"]
    check_pieces(p, "saw", disks)
    jobs = saw_jobs(g, p, total(disks))
    if p.equipment.get("saw", 0) < jobs:
        raise IllegalAction.keyed("saws_too_few", "R9", jobs=jobs, name=p.name, value=p.equipment.get('saw', 0))
    logs: Bag = {}
    for disk, n in disks.items():
        add(logs, "m" + disk, n * saw_yield(g, p, disk))
    if not has_all(logs, a["store"]):
        raise IllegalAction.keyed("saw_store_more_than_sawn", "R9", value=dict(logs), value2=dict(a['store']))
    plan = workers_plan(g, p, "sawyers", jobs, a["hut"], "sawing", a.get("mill"))
    use_workers(g, p, "sawyers", plan, "saw")
    spend(g, p, "equipment", {"saw": jobs}, "saw", "R9")
    take_all(p.wood["saw"], disks)
    add_all(p.wood["store"], a["store"])
    to_sale = dict(logs)
    take_all(to_sale, a["store"])
    add_all(p.wood["sale"], to_sale)
    record(g, lambda: WoodSawn(player=pi, name=p.name, disks=dict(disks), rule="R9",
                               logs={k: dict(v) for k, v in (("store", a["store"]), ("sale", to_sale)) if v}))


def find_task(p: Player, tid: str) -> Task:
    for t in p.tasks:
        if t.id == tid:
            return t
    raise IllegalAction.keyed("task_not_held", "R19", name=p.name, tid=tid, held=[t.id for t in p.tasks])


def _fill(g: Game, pi: int, a: FillArgs) -> None:
    p = g.players[pi]
    task = find_task(p, a["task"])
    placed = list(task.placed)
    for area, bag in a["from"].items():
        check_pieces(p, area, bag)
        stage = data.STAGE_OF_AREA[area]
        for piece, n in bag.items():
            for _ in range(n):
                slot = next((i for i, (need, done) in enumerate(zip(task.needs, placed, strict=True))
                             if not done and need[0] == piece and need[1] == stage), None)
                if slot is None:
                    raise IllegalAction.keyed("task_needs_no_such_piece", "R19", id=task.id, piece=piece, stage=stage,
                                              needs=list(task.missing()))
                placed[slot] = True
    for area, bag in a["from"].items():
        move(g, p, area, f"task:{task.id}", bag, "R19")
    task.placed = placed


def _furnish(g: Game, pi: int, a: FromArgs) -> None:
    """Furniture shop (R23): milled wood from the second or third drying area, one piece of each kind, 3 at most."""
    p = g.players[pi]
    if not g.joinery:
        raise IllegalAction.keyed("furniture_no_expansion", "R23")
    shop = dict(p.furniture)
    for area, bag in a["from"].items():
        if area not in data.FURNITURE_AREAS:
            raise IllegalAction.keyed("furniture_area", "R23", spot=area)
        check_pieces(p, area, bag)
        for piece, n in bag.items():
            if piece not in data.FURNITURE_PIECES:
                raise IllegalAction.keyed("furniture_not_milled", "R23", piece=piece)
            if shop.get(piece, 0) + n > 1:
                raise IllegalAction.keyed("furniture_kind_twice", "R23", name=p.name, piece=piece)
            add(shop, piece, n)
    if total(shop) > data.FURNITURE_MAX:  # pragma: no cover - three kinds, one each
        raise IllegalAction.keyed("furniture_full", "R23", max=data.FURNITURE_MAX)
    for area, bag in a["from"].items():
        move(g, p, area, "furniture", bag, "R23")


def furnish_possible(p: Player) -> bool:
    """Whether a milled piece of a kind not yet in the shop waits in the second or third drying area (R23)."""
    return any(p.wood[area].get(piece) and not p.furniture.get(piece)
               for area in data.FURNITURE_AREAS for piece in data.FURNITURE_PIECES)


def sale_total(pieces_by_area: dict[str, Bag]) -> int:
    return sum(prices.sale_price(pc, area) * n for area, bag in pieces_by_area.items() for pc, n in bag.items())


def must_sell(p: Player) -> Bag:
    """What the third drying area forces on sale (R12): all of it that can be sold (unsawn hardwood never, R10,
    e.g. after a table's correction)."""
    return {k: n for k, n in p.wood["dry3"].items() if data.BASE_PRICE[k] is not None}


def _sell(g: Game, pi: int, a: FromArgs) -> None:
    p = g.players[pi]
    for area, bag in a["from"].items():
        check_pieces(p, area, bag)
    must = must_sell(p)
    if must and not has_all(a["from"].get("dry3", {}), must):
        raise IllegalAction.keyed("third_drying_area_unsold", "R12", value=dict(must))
    amount = sale_total(a["from"])
    sell_pieces(g, p, a["from"], amount)
    gain(g, p, amount, Reason.SALE, "R10")


def sell_pieces(g: Game, p: Player, pieces_by_area: dict[str, Bag], amount: int, forced: bool = False) -> None:
    """Take sold pieces off the mill and record the sale (the money is the caller's `gain`)."""
    for area, bag in pieces_by_area.items():
        take_all(p.wood[area], bag)
    if (rec := sink(g)) is not None:
        lines = tuple({"area": area, "piece": pc, "count": n,
                       "price": (prices.base_price(pc) if area in ("saw", "store") else prices.sale_price(pc, area)),
                       "bonus": 0 if area in ("saw", "store") else data.DRYING_BONUS.get(area, 0)}
                      for area, bag in pieces_by_area.items() for pc, n in bag.items() if n)
        if lines:
            rec.append(PiecesSold(player=index_of(g, p), name=p.name, sold=lines, total=amount, forced=forced,
                                  rule="R14" if forced else "R10"))


def dry1_fits(g: Game, p: Player, extra: Bag) -> bool:
    content = dict(p.wood["dry1"])
    add_all(content, extra)
    return prices.drying_area_fits(content, doubled=plan_active(g, p, "drying"))


def _dry(g: Game, pi: int, a: PiecesArgs) -> None:
    p = g.players[pi]
    check_pieces(p, "sale", a["pieces"])
    if not dry1_fits(g, p, a["pieces"]):
        cap = "double" if plan_active(g, p, "drying") else "single"
        raise IllegalAction.keyed("first_drying_area_full", "R11", cap=cap)
    move(g, p, "sale", "dry1", a["pieces"], "R11")


def shift_drying(g: Game, pi: int) -> None:
    """Drying phase: unsold pieces in drying areas move one area right (R11), recorded as one automatic
    `drying_shift` event wherever the shift runs."""
    p = g.players[pi]
    moves = tuple({"src": src, "dst": dst, "pieces": dict(p.wood[src])}
                  for src, dst in (("dry2", "dry3"), ("dry1", "dry2")) if p.wood[src])
    add_all(p.wood["dry3"], p.wood["dry2"])
    p.wood["dry2"] = p.wood["dry1"]
    p.wood["dry1"] = {}
    if moves:
        record(g, lambda: DryingShift(player=pi, name=p.name, moves=moves, rule="R11", auto=True))


HANDLERS: dict[str, Handler] = {
    "saw": _saw,
    "fill": _fill,
    "furnish": _furnish,
    "sell": _sell,
    "dry": _dry,
}
