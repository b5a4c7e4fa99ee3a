"""The wood work steps after the trip, in a work round and (cutting, transport, sawing, tasks) in winter:
woodcutting, the river's arrival, transport, sawing, tasks, selling and drying (R5-R12, R19, R23-R25, R28)."""

from __future__ import annotations

from .. import data, rules
from ..errors import IllegalAction
from ..ledger import Reason
from ..pieces import total
from ..state import Game, Player, Task
from .base import Candidate, Reminder, Step, StepName, bags_up_to

# --- woodcutting (R5, R6, R25, R28) ----------------------------------------------------------------------------


def hut_could_act(g: Game, pi: int) -> bool:
    """R24: a hut that could act in this step keeps its holder in the step (not skipped, turn not over).

    The drying hut in the drying phase (moves a piece one area on), the food-storage hut in the woodcutting
    phase (takes the food of a free area); accommodation huts already count as workers (available_workers)."""
    p = g.players[pi]
    if g.winter or g.round > data.ROUNDS:
        return False
    step = g.step_of(pi)
    if step == StepName.DRYING and p.huts.get("drying"):
        return any(p.wood[a] for a in ("sale", "dry1", "dry2"))
    if step == StepName.CUTTING and p.huts.get("food"):
        return any(g.cutting[str(a)].get("food") and rules.free_area(g, pi, a) for a in data.CUTTING_AREAS)
    return False


def card_could_cut(g: Game, pi: int) -> bool:
    """R28: after cutting their own area, a player whose Cutting card works now and is unused may still send its
    workers to a second area within the same turn. Like a hut, it keeps the turn open only until someone else
    moves, so old files replay unchanged."""
    p = g.players[pi]
    if g.step_of(pi) != StepName.CUTTING or g.winter or not p.cut_done or any(w == pi for w, _ in g.snatched):
        return False
    if not rules.plan_active(g, p, "cutting") or not rules.available_workers(g, p, "woodcutters"):
        return False
    return any(a != p.area and rules.area_wood(g, a) for a in data.CUTTING_AREAS)


def _cutting_work(g: Game, pi: int) -> bool:
    p = g.players[pi]
    if p.cut_done or not rules.available_workers(g, p, "woodcutters"):
        return False
    if p.area and rules.area_wood(g, p.area):
        return True
    # R5 move, paid in cash or with a loan taken first (R3, R15)
    can_pay = p.money >= data.RELOCATE_COST or p.loans < data.MAX_LOANS
    if rules.can_relocate(g, pi) and can_pay and \
            any(rules.free_area(g, pi, a) and rules.area_wood(g, a) for a in data.CUTTING_AREAS):
        return True
    return rules.plan_active(g, p, "cutting") and not any(w == pi for w, _ in g.snatched)


def _cutting_binding(g: Game, pi: int) -> bool:
    """A cut by hired woodcutters binds the order (R24); a stand-in's (the mill worker, a hut) lapses."""
    return _cutting_work(g, pi) and g.players[pi].workers.get("woodcutters", 0) > 0


def _cutting_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    name = p.name
    c: list[Candidate] = []
    most = rules.available_workers(g, p, "woodcutters") - p.huts.get("accom", 0)
    if p.area:
        for bag in bags_up_to(rules.area_wood(g, p.area), max(most, 0), data.KINDS):
            c.append((name, "cut", {"pieces": bag, "hut": 0}))
        if p.huts.get("accom"):
            wood = rules.area_wood(g, p.area)
            for bag in bags_up_to(wood, max(most, 0) + 1, data.KINDS):
                c.append((name, "cut", {"pieces": bag, "hut": 1}))
    relocate = rules.can_relocate(g, pi)  # the handlers refuse these otherwise (R5, R20): skip them
    snatch = rules.plan_active(g, p, "cutting")
    for a in data.CUTTING_AREAS:
        if relocate:
            c.append((name, "relocate", {"area": a}))
        for bag in bags_up_to(rules.area_wood(g, a), data.CUTTING_CARD_WORKERS, data.KINDS) if snatch else ():
            c.append((name, "snatch", {"area": a, "pieces": bag, "hut": 0}))
    c.append((name, "done", {}))
    return c


def _cutting_reminder(g: Game, pi: int | None) -> Reminder:
    if pi is None:
        return Reminder()
    p = g.players[pi]
    if not _cutting_work(g, pi) and hut_could_act(g, pi):
        return Reminder("hut")  # R24: only a hut keeps this player in the step
    if p.area and not rules.area_wood(g, p.area) and rules.can_relocate(g, pi):
        return Reminder("empty")  # R5, R15: the $1 move, with a loan when the money is short
    return Reminder()


CUTTING = Step(StepName.CUTTING, "clearing", ("cut", "relocate", "snatch", "done"), ("cut", "done"),
               binds_order=True, work=_cutting_work, binding=_cutting_binding,
               optional=lambda g, pi: hut_could_act(g, pi) or card_could_cut(g, pi),
               skip=lambda g, pi: "area_empty" if rules.available_workers(g, g.players[pi], "woodcutters")
               else "no_woodcutters", candidates=_cutting_candidates, reminder=_cutting_reminder)


def _winter_cutting_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    c: list[Candidate] = [(p.name, "cut", {"pieces": {}, "hut": 0})]
    if p.huts.get("accom"):
        c.append((p.name, "cut", {"pieces": {}, "hut": 1}))
        if p.mill_worker:  # R25: a hut cuts 1 alone, the mill worker kept for the sledge or the saw
            c.append((p.name, "cut", {"pieces": {}, "hut": 1, "mill": False}))
    c.append((p.name, "done", {}))
    return c


def _winter_cutting_reminder(g: Game, pi: int | None) -> Reminder:
    p = g.players[pi] if pi is not None else None
    return Reminder("winter_huts" if p is not None and p.mill_worker and p.huts.get("accom") else "winter")  # R25


WINTER_CUTTING = Step(StepName.CUTTING, "clearing", ("cut", "done"), ("cut", "done"),
                      work=lambda g, pi: g.players[pi].mill_worker or g.players[pi].huts.get("accom", 0) > 0,
                      skip=lambda g, pi: "no_mill_worker", candidates=_winter_cutting_candidates,
                      reminder=_winter_cutting_reminder,
                      alerts=frozenset({"huts-unused", "food-unused", "last-winter-cut"}))


# --- the river's arrival (R8) ------------------------------------------------------------------------------------


def _arrival_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    river = p.wood["river"]
    c: list[Candidate] = []
    for f in range(river.get("F", 0) + 1):
        for s in range(river.get("S", 0) + 1):
            sale = {k: v for k, v in (("F", f), ("S", s)) if v}
            saw = {k: v for k, v in (("F", river.get("F", 0) - f), ("S", river.get("S", 0) - s),
                                     ("H", river.get("H", 0))) if v}
            c.append((p.name, "receive", {"dest": {"saw": saw, "sale": sale}}))
    return c


def _river_arrives(g: Game, pi: int) -> IllegalAction | None:
    river = g.players[pi].wood["river"]
    return IllegalAction.keyed("must_receive", "R8", name=g.players[pi].name, value=dict(river)) if river else None


ARRIVAL = Step(StepName.ARRIVAL, "clearing", ("receive",), ("receive",), work=lambda g, pi: bool(
    g.players[pi].wood["river"]), skip=lambda g, pi: "no_river", must=_river_arrives,  # R8: only its split is theirs
    candidates=_arrival_candidates)


# --- transport (R7, R8, R20, R25) --------------------------------------------------------------------------------


def _dests(bag: dict[str, int]) -> list[dict[str, dict[str, int]]]:
    out = [{"saw": dict(bag)}]
    if not bag.get("H"):
        out.append({"sale": dict(bag)})
    elif len(bag) > 1:
        out.append({"saw": {"H": bag["H"]}, "sale": {k: v for k, v in bag.items() if k != "H"}})
    return out


def _transport_work(g: Game, pi: int) -> bool:
    p = g.players[pi]
    if not p.wood["woodpile"]:
        return False
    if rules.available_workers(g, p, "bearers"):
        return True
    return rules.plan_active(g, p, "log-driving") and not p.floated


def _transport_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    name = p.name
    pile = p.wood["woodpile"]
    huts = (0, 1) if p.huts.get("accom") else (0,)  # an accommodation hut can stand in for the worker (R6)
    c: list[Candidate] = []
    for kind in pile:
        c += [(name, "carry", {"dest": d, "hut": h}) for d in _dests({kind: 1}) for h in huts]
    most = rules.available_workers(g, p, "bearers") - p.huts.get("accom", 0)
    if most > 1:
        for bag in bags_up_to(pile, most, data.KINDS):
            if total(bag) == min(most, total(pile)):
                c += [(name, "carry", {"dest": d, "hut": 0}) for d in _dests(bag)]
    if p.fodder and p.equipment.get("wagon"):
        for bag in bags_up_to(pile, min(p.fodder), data.KINDS):
            c += [(name, "wagon", {"dest": d, "hut": 0}) for d in _dests(bag)]
    if p.equipment.get("raft"):
        for bag in bags_up_to(pile, p.equipment["raft"], data.KINDS):
            c.append((name, "raft", {"pieces": bag, "hut": 0}))
    if rules.plan_active(g, p, "log-driving"):
        for bag in bags_up_to(pile, data.LOG_DRIVING_CARD_PIECES, data.KINDS):
            c.append((name, "float", {"pieces": bag}))
    c.append((name, "done", {}))
    return c


TRANSPORT = Step(StepName.TRANSPORT, "clearing", ("carry", "wagon", "raft", "float", "done"), ("done",),
                 work=_transport_work, skip=lambda g, pi: "empty_woodpile" if not g.players[pi].wood["woodpile"]
                 else "no_bearers", candidates=_transport_candidates,
                 alerts=frozenset({"saw-area-no-saw", "river-last-fall"}))


def _sledge_work(g: Game, pi: int) -> bool:
    p = g.players[pi]
    return bool(p.wood["woodpile"]) and bool(p.equipment.get("sledge")) and \
        (p.mill_worker or p.huts.get("accom", 0) > 0)


def _first_lack(p: Player, area: str, tool: str, reasons: tuple[str, str, str]) -> str:
    """Why a player skips a step that needs wood in `area`, a `tool` and a worker: the first thing lacking."""
    if not p.wood[area]:
        return reasons[0]
    return reasons[1] if not p.equipment.get(tool) else reasons[2]


def _sledge_skip(g: Game, pi: int) -> str:
    return _first_lack(g.players[pi], "woodpile", "sledge", ("empty_woodpile", "no_sledge", "no_worker"))


def _sledge_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    huts = (0, 1) if p.huts.get("accom") else (0,)  # an accommodation hut can stand in for the worker (R6)
    c: list[Candidate] = []
    for bag in bags_up_to(p.wood["woodpile"], min(2 + p.food, 5), data.KINDS):
        c += [(p.name, "sledge", {"dest": d, "hut": h}) for d in _dests(bag) for h in huts]
    c.append((p.name, "done", {}))
    return c


WINTER_TRANSPORT = Step(StepName.TRANSPORT, "clearing", ("sledge", "done"), ("done",), work=_sledge_work,
                        skip=_sledge_skip, candidates=_sledge_candidates, reminder=lambda g, pi: Reminder("winter"),
                        alerts=frozenset({"saw-area-no-saw"}))


# --- sawing (R9, R20) -------------------------------------------------------------------------------------------


def _sawing_work(g: Game, pi: int) -> bool:
    p = g.players[pi]
    return bool(p.wood["saw"]) and p.equipment.get("saw", 0) > 0 and rules.available_workers(g, p, "sawyers") > 0


def _sawing_skip(g: Game, pi: int) -> str:
    return _first_lack(g.players[pi], "saw", "saw", ("nothing_to_saw", "no_saw", "no_sawyer"))


def _sawing_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    c: list[Candidate] = []
    for disk in p.wood["saw"]:
        n = total({disk: 1}) * rules.saw_yield(g, p, disk)
        for store in (0, n):
            for h in (0, 1) if p.huts.get("accom") else (0,):
                c.append((p.name, "saw", {"disks": {disk: 1}, "store": {"m" + disk: store} if store else {},
                                          "hut": h}))
        if p.wood["saw"][disk] >= 2:
            c.append((p.name, "saw", {"disks": {disk: 2}, "store": {}, "hut": 0}))
    c.append((p.name, "done", {}))
    return c


def _sawing_reminder(g: Game, pi: int | None) -> Reminder:
    """Input -> output with both named (R9; the Heating Supply card's firewood, R20)."""
    p = g.players[pi] if pi is not None else None
    return Reminder("", {f"yield_{k}": rules.saw_yield(g, p, k) if p else data.SAW_YIELD[k] for k in data.KINDS})


SAWING = Step(StepName.SAWING, "clearing", ("saw", "done"), ("done",), work=_sawing_work, skip=_sawing_skip,
              candidates=_sawing_candidates, reminder=_sawing_reminder)


# --- tasks and the furniture shop (R19, R23) ---------------------------------------------------------------------


def _task_fill_possible(p: Player, t: Task) -> bool:
    for piece, stage in t.missing():
        for area in data.SALE_AREAS:
            if data.STAGE_OF_AREA[area] == stage and p.wood[area].get(piece):
                return True
    return False


def _tasks_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    c: list[Candidate] = []
    for t in p.tasks:
        for piece, stage in t.missing():
            for area in data.SALE_AREAS:
                if data.STAGE_OF_AREA[area] == stage and p.wood[area].get(piece):
                    c.append((p.name, "fill", {"task": t.id, "from": {area: {piece: 1}}}))
    if g.joinery:  # R23: one piece at a time into the furniture shop
        for area in data.FURNITURE_AREAS:
            for piece in data.FURNITURE_PIECES:
                if p.wood[area].get(piece) and not p.furniture.get(piece):
                    c.append((p.name, "furnish", {"from": {area: {piece: 1}}}))
    c.append((p.name, "done", {}))
    return c


def _tasks_reminder(g: Game, pi: int | None) -> Reminder:
    """The example fills a task this player holds (T2 for the owner of T2)."""
    held = g.players[pi].tasks if pi is not None else []
    return Reminder("", {"task": next((t.id for t in held if not t.complete), "T1")})


def _tasks_step(when_year2: bool) -> Step:
    return Step(StepName.TASKS, "clearing", ("fill", "furnish", "done"), ("done",),
                when=(lambda g: g.has_tasks_phase and g.year == 2) if when_year2 else (lambda g: g.has_tasks_phase),
                work=lambda g, pi: any(_task_fill_possible(g.players[pi], t) for t in g.players[pi].tasks)
                or (g.joinery and rules.furnish_possible(g.players[pi])),
                skip=lambda g, pi: "no_task_piece", candidates=_tasks_candidates, reminder=_tasks_reminder,
                alerts=frozenset({"task-ready"}))


TASKS = _tasks_step(False)
WINTER_TASKS = _tasks_step(True)  # only the second winter has a tasks phase (R19)


# --- selling (R10, R12) ------------------------------------------------------------------------------------------


def _selling_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    every = {a: b for a, b in ((a, {k: v for k, v in p.wood[a].items() if k != "H"}) for a in data.SALE_AREAS
                               if p.wood[a]) if b}
    must = {"dry3": rules.must_sell(p)} if rules.must_sell(p) else {}  # R12 (never unsawn hardwood, R10)
    c: list[Candidate] = []
    if every:
        c.append((p.name, "sell", {"from": every}))
    if must:
        c.append((p.name, "sell", {"from": must}))
    for area, bag in every.items():
        for piece in bag:
            one = dict(must)
            one[area] = dict(one.get(area, {}))
            if area != "dry3":
                one[area][piece] = one[area].get(piece, 0) + 1
            c.append((p.name, "sell", {"from": one}))
    c.append((p.name, "done", {}))
    return c


def _must_sell(g: Game, pi: int) -> IllegalAction | None:
    must = rules.must_sell(g.players[pi])
    return IllegalAction.keyed("must_sell_first", "R12", name=g.players[pi].name, value=must) if must else None


def sold_here(g: Game, pi: int) -> bool:
    """Whether the player has sold in this round's selling step (a sale is the one ledger line of that reason)."""
    return any(e.round == g.round and e.reason == Reason.SALE for e in g.players[pi].ledger)


def _selling_work(g: Game, pi: int) -> bool:
    return any(k != "H" for a in data.SALE_AREAS for k in g.players[pi].wood[a])


# R11 amended: a player sells in as many entries as they like; their drying (and its shift) starts with their
# first drying entry, their `done`, or their selling step closing (R24). A drying hut after a sale starts it too,
# so old files, where one sale ended the step, replay unchanged. In strict order the turn binds until the
# player's first sale (or `done`); after it, the next entry passes on.
SELLING = Step(StepName.SELLING, "clearing", ("sell", "done"), ("done",),
               work=_selling_work, binding=lambda g, pi: _must_sell(g, pi) is not None
               or (_selling_work(g, pi) and not sold_here(g, pi)),
               skip=lambda g, pi: "nothing_to_sell", must=_must_sell,  # R12: the third drying area is sold
               candidates=_selling_candidates,
               closed_by=lambda g, pi, verb: verb == "dryhut" and sold_here(g, pi))


# --- drying (R11, R16) ------------------------------------------------------------------------------------------


def _drying_candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    sale = p.wood["sale"]
    c: list[Candidate] = [(p.name, "dry", {"pieces": bag}) for bag in bags_up_to(sale, 4, tuple(sale))]
    c.append((p.name, "done", {}))
    return c


def _drying_work(g: Game, pi: int) -> bool:
    p = g.players[pi]
    return any(rules.dry1_fits(g, p, {k: 1}) for k in p.wood["sale"])


DRYING = Step(StepName.DRYING, "clearing", ("dry", "done"), ("dry", "done"),
              begin_player=lambda g, pi: rules.shift_drying(g, pi), work=_drying_work,
              optional=hut_could_act, skip=lambda g, pi: "nothing_to_dry", candidates=_drying_candidates,
              reminder=lambda g, pi: Reminder("hut" if pi is not None and not _drying_work(g, pi)
                                              and hut_could_act(g, pi) else ""))
