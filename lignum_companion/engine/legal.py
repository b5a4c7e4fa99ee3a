"""Legal-action generation: the representative moves a player can make now, each one checked by `apply`.

Menus and the simulator ask this; a menu built from it never offers an illegal choice. Where the full set
is combinatorial (which pieces to sell, how to split a river arrival), it offers the sensible whole choices
(all, what must, one piece at a time) rather than every subset; typed input still reaches every legal action.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from . import data, rules
from .actions import Action, make
from .errors import IllegalAction
from .flow import FREE_VERBS, actor_kind, actors
from .pieces import Bag, total
from .state import Game, Player


def _bags_up_to(avail: Bag, most: int, kinds: tuple[str, ...]) -> list[Bag]:
    """Every bag of the given kinds drawn from `avail` with 1..most pieces (few kinds, small counts)."""
    ranges = [range(0, min(avail.get(k, 0), most) + 1) for k in kinds]
    out = []
    for counts in product(*ranges):
        n = sum(counts)
        if 1 <= n <= most:
            out.append({k: c for k, c in zip(kinds, counts, strict=True) if c})
    return out


def _checked(g: Game, cands: list[Action]) -> list[Action]:
    """Keep only candidates the engine accepts, trying each on a copy (the engine is the only judge)."""
    from .flow import apply

    out: list[Action] = []
    for action in cands:
        trial = g.clone()
        try:
            apply(trial, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def candidates(g: Game, *, player: int | None = None, free: bool = True) -> list[Action]:
    """Unchecked candidate actions (fast); `legal_actions` keeps those the engine accepts."""
    if g.over or actor_kind(g) == "table":
        return []
    who = [i for i in actors(g) if player is None or i == player]
    cands: list[tuple[str | None, str, dict[str, Any]]] = []
    for pi in who:
        cands += _step_candidates(g, pi)
        if free and actor_kind(g) in ("path", "clearing"):
            cands += _free_candidates(g, pi)
    out, seen = [], set()
    board = g.board
    for player_name, verb, args in cands:
        action = make(player_name, verb, args, board)
        if action.text not in seen:
            seen.add(action.text)
            out.append(action)
    return out


def legal_actions(g: Game, *, player: int | None = None, free: bool = True) -> list[Action]:
    """Legal player actions now (table draws are entered, not generated). `player` narrows to one seat."""
    return _checked(g, candidates(g, player=player, free=free))


def _step_candidates(g: Game, pi: int) -> list[tuple[str | None, str, dict[str, Any]]]:
    p = g.players[pi]
    name = p.name
    step = g.step_of(pi)  # R24: the player's own step after woodcutting
    c: list[tuple[str | None, str, dict[str, Any]]] = []
    if step == "area":
        c += [(name, "area", {"area": a}) for a in data.CUTTING_AREAS]
    elif step == "travel":
        c += _travel(g, p)
    elif step == "cutting":
        if g.winter:
            c.append((name, "cut", {"pieces": {}, "hut": 0}))
            if p.huts.get("accom"):
                c.append((name, "cut", {"pieces": {}, "hut": 1}))
                if p.mill_worker:  # R25: a hut cuts 1 alone, the mill worker kept for the sledge or the saw
                    c.append((name, "cut", {"pieces": {}, "hut": 1, "mill": False}))
        else:
            most = rules.available_workers(g, p, "woodcutters") - p.huts.get("accom", 0)
            if p.area:
                for bag in _bags_up_to(rules.area_wood(g, p.area), max(most, 0), data.KINDS):
                    c.append((name, "cut", {"pieces": bag, "hut": 0}))
                if p.huts.get("accom"):
                    wood = rules.area_wood(g, p.area)
                    for bag in _bags_up_to(wood, max(most, 0) + 1, data.KINDS):
                        c.append((name, "cut", {"pieces": bag, "hut": 1}))
            relocate = rules.can_relocate(g, pi)  # the handlers refuse these otherwise (R5, R20): skip them
            snatch = rules.plan_active(g, p, "cutting")
            for a in data.CUTTING_AREAS:
                if relocate:
                    c.append((name, "relocate", {"area": a}))
                for bag in _bags_up_to(rules.area_wood(g, a), data.CUTTING_CARD_WORKERS, data.KINDS) if snatch else ():
                    c.append((name, "snatch", {"area": a, "pieces": bag, "hut": 0}))
        c.append((name, "done", {}))
    elif step == "arrival":
        river = p.wood["river"]
        for f in range(river.get("F", 0) + 1):
            for s in range(river.get("S", 0) + 1):
                sale = {k: v for k, v in (("F", f), ("S", s)) if v}
                saw = {k: v for k, v in (("F", river.get("F", 0) - f), ("S", river.get("S", 0) - s),
                                         ("H", river.get("H", 0))) if v}
                c.append((name, "receive", {"dest": {"saw": saw, "sale": sale}}))
    elif step == "transport":
        c += _transport(g, p)
        c.append((name, "done", {}))
    elif step == "sawing":
        for disk in p.wood["saw"]:
            n = total({disk: 1}) * rules.saw_yield(g, p, disk)
            for store in (0, n):
                for h in (0, 1) if p.huts.get("accom") else (0,):
                    c.append((name, "saw", {"disks": {disk: 1}, "store": {"m" + disk: store} if store else {},
                                            "hut": h}))
            if p.wood["saw"][disk] >= 2:
                c.append((name, "saw", {"disks": {disk: 2}, "store": {}, "hut": 0}))
        c.append((name, "done", {}))
    elif step == "tasks":
        for t in p.tasks:
            for piece, stage in t.missing():
                for area in data.SALE_AREAS:
                    if data.STAGE_OF_AREA[area] == stage and p.wood[area].get(piece):
                        c.append((name, "fill", {"task": t.id, "from": {area: {piece: 1}}}))
        if g.joinery:  # R23: one piece at a time into the furniture shop
            for area in data.FURNITURE_AREAS:
                for piece in data.FURNITURE_PIECES:
                    if p.wood[area].get(piece) and not p.furniture.get(piece):
                        c.append((name, "furnish", {"from": {area: {piece: 1}}}))
        c.append((name, "done", {}))
    elif step == "selling":
        c += _selling(p)
    elif step == "drying":
        sale = p.wood["sale"]
        for bag in _bags_up_to(sale, 4, tuple(sale)):
            c.append((name, "dry", {"pieces": bag}))
        c.append((name, "done", {}))
    elif step == "bonus":
        c += [(name, "bonus", {"kind": k}) for k in data.KINDS]
    elif step in ("feeding", "heating"):
        c += _winter_pay(g, p, step)
    elif step == "river":
        c += [(name, "river", {"kind": k}) for k in ("F", "S")]
    return c


def _travel(g: Game, p: Player) -> list[tuple[str | None, str, dict[str, Any]]]:
    name = p.name
    board = g.board
    c: list[tuple[str | None, str, dict[str, Any]]] = [(name, "go", {"loc": board.clearing})]
    for loc in range(p.pos + 1, board.last + 1):
        kind = board.kinds[loc]
        if kind == "token":
            if g.path.get(str(loc)) not in (None, "X"):  # a taken or X token is refused anyway (R2, R3)
                c.append((name, "go", {"loc": loc}))
        elif kind == "fodder":
            c.append((name, "go", {"loc": loc}))
        elif kind == "carpenter":  # R23: one per round, at most 3 each; a refused move is not offered
            if not g.occupants(loc) and loc not in g.used_locations and p.carpenters < data.MAX_CARPENTERS:
                c.append((name, "go", {"loc": loc}))
        elif kind in ("bearers", "woodcutters"):
            most = min(g.supply.get(kind, 0), p.money, 6)
            c += [(name, "go", {"loc": loc, "count": n}) for n in range(1, most + 1)]
        elif kind == "sawyers":
            c += [(name, "go", {"loc": loc, "extra": x}) for x in (False, True)]
        elif kind == "tasks":
            c += [(name, "go", {"loc": loc, "task": t.id}) for t in g.task_display]
        elif kind == "plan":
            c += [(name, "go", {"loc": loc, "card": card, "pair": pair}) for card, pair in rules.plan_targets(g, p)]
        elif kind == "buildings":  # R23: location 12 holds one foreman a round
            if not g.occupants(loc) and loc not in g.used_locations:
                c += [(name, "go", {"loc": loc, "buildings": [b.name]}) for b in g.buildings]
        elif kind == "market":
            c += _market(g, p, loc)
    return c


def _market(g: Game, p: Player, loc: int) -> list[tuple[str | None, str, dict[str, Any]]]:
    base = {"loc": loc, "buy": {}, "sets": [], "trade": {}}
    opts: list[dict[str, Any]] = []
    for buy in ({"saw": 1}, {"food": 1}, {"food": 2}, {"saw": 1, "food": 1}):
        opts.append({**base, "buy": buy})
    jokers = p.craftwork.get("joker", 0)
    for kind, n in p.craftwork.items():
        have = n if kind == "joker" else n + jokers
        for size in range(2, min(have, 4) + 1):
            real = min(n, size) if kind != "joker" else 0
            s = {kind: real} if real else {}
            if size - real:
                s["joker"] = size - real
            opts.append({**base, "sets": [s]})
    if rules.plan_active(g, p, "trade"):
        for tok in data.TRADE_CARD_TOKENS:
            if p.equipment.get(tok):
                opts.append({**base, "trade": {tok: p.equipment[tok]}})
    return [(p.name, "go", o) for o in opts]


def _transport(g: Game, p: Player) -> list[tuple[str | None, str, dict[str, Any]]]:
    name = p.name
    pile = p.wood["woodpile"]
    c: list[tuple[str | None, str, dict[str, Any]]] = []

    def dests(bag: Bag) -> list[dict[str, Bag]]:
        out = [{"saw": dict(bag)}]
        if not bag.get("H"):
            out.append({"sale": dict(bag)})
        elif len(bag) > 1:
            out.append({"saw": {"H": bag["H"]}, "sale": {k: v for k, v in bag.items() if k != "H"}})
        return out

    huts = (0, 1) if p.huts.get("accom") else (0,)  # an accommodation hut can stand in for the worker (R6)
    if g.winter:
        most = 2 + p.food
        for bag in _bags_up_to(pile, min(most, 5), data.KINDS):
            c += [(name, "sledge", {"dest": d, "hut": h}) for d in dests(bag) for h in huts]
        return c
    for kind in pile:
        c += [(name, "carry", {"dest": d, "hut": h}) for d in dests({kind: 1}) for h in huts]
    most = rules.available_workers(g, p, "bearers") - p.huts.get("accom", 0)
    if most > 1:
        for bag in _bags_up_to(pile, most, data.KINDS):
            if total(bag) == min(most, total(pile)):
                c += [(name, "carry", {"dest": d, "hut": 0}) for d in dests(bag)]
    if p.fodder and p.equipment.get("wagon"):
        for bag in _bags_up_to(pile, min(p.fodder), data.KINDS):
            c += [(name, "wagon", {"dest": d, "hut": 0}) for d in dests(bag)]
    if p.equipment.get("raft"):
        for bag in _bags_up_to(pile, p.equipment["raft"], data.KINDS):
            c.append((name, "raft", {"pieces": bag, "hut": 0}))
    if rules.plan_active(g, p, "log-driving"):
        for bag in _bags_up_to(pile, data.LOG_DRIVING_CARD_PIECES, data.KINDS):
            c.append((name, "float", {"pieces": bag}))
    return c


def _sellable(p: Player, areas: tuple[str, ...]) -> dict[str, Bag]:
    return {a: {k: v for k, v in p.wood[a].items() if k != "H"} for a in areas if p.wood[a]}


def _selling(p: Player) -> list[tuple[str | None, str, dict[str, Any]]]:
    name = p.name
    every = {a: b for a, b in _sellable(p, data.SALE_AREAS).items() if b}
    must = {"dry3": rules.must_sell(p)} if rules.must_sell(p) else {}  # R12 (never unsawn hardwood, R10)
    c: list[tuple[str | None, str, dict[str, Any]]] = []
    if every:
        c.append((name, "sell", {"from": every}))
    if must:
        c.append((name, "sell", {"from": must}))
    for area, bag in every.items():
        for piece in bag:
            one = dict(must)
            one[area] = dict(one.get(area, {}))
            if area != "dry3":
                one[area][piece] = one[area].get(piece, 0) + 1
            c.append((name, "sell", {"from": one}))
    c.append((name, "done", {}))
    return c


def _winter_pay(g: Game, p: Player, step: str) -> list[tuple[str | None, str, dict[str, Any]]]:
    """Forced winter sales (R14): everything, or the cheapest pieces first until the bill is covered."""
    verb = "feed" if step == "feeding" else "heat"
    extra: dict[str, Any] = {} if verb == "feed" else {"logs": None}
    every = rules.sellable_in_winter(p)
    if verb == "heat":
        every.pop("store", None)  # when heating is short, every stored log is burnt first
    options = [{}, every]  # {}: pay from money and the stored logs, when that is enough (checked like the rest)
    for key in ("cheap", "dear"):
        options.append(_greedy_sale(g, p, step, key == "dear"))
    out = []
    for k, sell in enumerate(options):
        if sell or k == 0:
            out.append((p.name, verb, {**extra, "sell": sell}))
    return out


def _greedy_sale(g: Game, p: Player, step: str, dear: bool) -> dict[str, Bag]:
    from . import prices

    need_food, need_heat = rules.winter_need(g, p)
    if step == "feeding":
        missing = need_food - min(need_food, p.food)
        store = dict(p.wood["store"])
    else:
        missing = need_heat - min(need_heat, total(p.wood["store"]))
        store = {}
    short = prices.winter_bill(missing, 0, p.money, p.loans).still_short
    items = []
    for area, bag in rules.sellable_in_winter(p).items():
        if step == "heating" and area == "store":
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


def _free_candidates(g: Game, pi: int) -> list[tuple[str | None, str, dict[str, Any]]]:
    p = g.players[pi]
    name = p.name
    c: list[tuple[str | None, str, dict[str, Any]]] = []
    if p.loans < data.MAX_LOANS:
        c.append((name, "loan", {}))
    if sum(p.craftwork.get(k, 0) for k in data.HUT_CRAFTWORK + ("joker",)) >= 2:
        for k in (3, 2) if rules.plan_active(g, p, "hut-construction") else (3,):  # 2 only with the card (R16)
            for combo in _hut_splits(k):
                c.append((name, "build", {"huts": combo, "using": {}}))
    if p.huts.get("drying"):
        for area in ("sale", "dry1", "dry2"):
            for piece in p.wood[area]:
                c.append((name, "dryhut", {"area": area, "piece": piece}))
    if p.huts.get("food"):
        for a in data.CUTTING_AREAS:
            c.append((name, "foodhut", {"area": a}))
    return c


def _hut_splits(k: int) -> list[Bag]:
    out = []
    for counts in product(range(k + 1), repeat=3):
        if sum(counts) == k:
            out.append({h: n for h, n in zip(data.HUT_AREAS, counts, strict=True) if n})
    return out


__all__ = ["legal_actions", "FREE_VERBS"]
