"""The state as events see it: `project(g)` takes every holding and the board out of a game as plain data, and
`apply_to(projection, events)` applies events to it mechanically, knowing no rule.

So a client (or a test) that holds the state before an action and its events knows the state after it without
asking the engine again; tests/test_events.py checks, over every example and simulated games, that
`apply_to(project(before), events) == project(after)`: no change goes untold. What a projection leaves out of the
state, and why, is listed there (bookkeeping such as `acted`, or data told whole by an event of its own).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from . import data
from .events import Event
from .pieces import Bag, add, add_all, take, take_all
from .state import Game, Player

Projection = dict[str, Any]


def _player(p: Player) -> dict[str, Any]:
    return {
        "money": p.money, "loans": p.loans, "debt": p.debt, "food": p.food, "fodder": sorted(p.fodder),
        "equipment": dict(p.equipment), "craftwork": dict(p.craftwork), "huts": dict(p.huts),
        "workers": dict(p.workers), "mill_worker": p.mill_worker,
        "wood": {a: dict(b) for a, b in p.wood.items()}, "area": p.area, "pos": p.pos,
        "tasks": [{"id": t.id, "value": t.value, "needs": [list(n) for n in t.needs], "placed": list(t.placed)}
                  for t in p.tasks],
        "plans": [[pl.card, pl.round, pl.pair, pl.planned_in] for pl in p.plans], "pairs_used": list(p.pairs_used),
        "carpenters": p.carpenters, "furniture": dict(p.furniture), "buildings": [b.name for b in p.buildings],
        "ledger": [[e.round, e.reason, e.amount] for e in p.ledger], "river_choice": p.river_choice,
    }


def project(g: Game) -> Projection:
    """Every player's holdings and the board, as plain data (new objects: the game is not shared)."""
    return {
        "players": [_player(p) for p in g.players],
        "path": dict(g.path), "cutting": {a: dict(b) for a, b in g.cutting.items()}, "supply": dict(g.supply),
        "task_display": [{"id": t.id, "value": t.value, "needs": [list(n) for n in t.needs]} for t in g.task_display],
        "buildings": [b.name for b in g.buildings], "pw_cards": dict(g.pw_cards),
        "next_placements": [{a: dict(b) for a, b in card.items()} for card in g.next_placements],
        "start_order": list(g.start_order), "step": g.step, "round": g.round, "over": g.over,
    }


# --- applying events ------------------------------------------------------------------------------------------


def _place(s: Projection, pl: dict[str, Any], place: str) -> Bag | None:
    if place == "supply" or place == "food" or place.startswith("task:"):
        return None
    if place.startswith("cutting:"):
        bag: Bag = s["cutting"][place.partition(":")[2]]
        return bag
    if place == "furniture":
        shop: Bag = pl["furniture"]
        return shop
    area: Bag = pl["wood"][place]
    return area


def _fill_task(pl: dict[str, Any], task_id: str, src: str, pieces: Bag) -> None:
    """Pieces put on a task card take its first open slots of their piece and drying stage (R19)."""
    task = next(t for t in pl["tasks"] if t["id"] == task_id)
    stage = data.STAGE_OF_AREA[src]
    for piece, n in pieces.items():
        for _ in range(n):
            slot = next(i for i, (need, done) in enumerate(zip(task["needs"], task["placed"], strict=True))
                        if not done and need[0] == piece and need[1] == stage)
            task["placed"][slot] = True


def _pieces_moved(s: Projection, e: dict[str, Any]) -> None:
    pl = s["players"][e["player"]]
    n = sum(e["pieces"].values())
    if e["src"] == "food":
        pl["food"] -= n
    if e["dst"] == "food":
        pl["food"] += n
    if e["dst"].startswith("task:"):
        _fill_task(pl, e["dst"].partition(":")[2], e["src"], e["pieces"])
    src, dst = _place(s, pl, e["src"]), _place(s, pl, e["dst"])
    if src is not None:
        take_all(src, e["pieces"])
    if dst is not None:
        add_all(dst, e["pieces"])


def _pieces_sold(s: Projection, e: dict[str, Any]) -> None:
    wood = s["players"][e["player"]]["wood"]
    for line in e["sold"]:
        take(wood[line["area"]], line["piece"], line["count"])


def _wood_sawn(s: Projection, e: dict[str, Any]) -> None:
    wood = s["players"][e["player"]]["wood"]
    take_all(wood["saw"], e["disks"])
    for area, bag in e["logs"].items():
        add_all(wood[area], bag)


def _drying_shift(s: Projection, e: dict[str, Any]) -> None:
    wood = s["players"][e["player"]]["wood"]
    for m in e["moves"]:
        take_all(wood[m["src"]], m["pieces"])
        add_all(wood[m["dst"]], m["pieces"])


def _money(s: Projection, e: dict[str, Any]) -> None:
    pl = s["players"][e["player"]]
    pl["money"] += e["amount"]
    pl["ledger"].append([s["round"], e["reason"], e["amount"]])


def _holding(pl: dict[str, Any], holding: str, items: Bag, sign: int) -> None:
    if holding == "food":
        pl["food"] += sign * items.get("food", 0)
    elif holding == "mill_worker":
        pl["mill_worker"] = sign > 0
    elif holding == "fodder":
        for value, n in items.items():
            for _ in range(n):
                if sign > 0:
                    pl["fodder"] = sorted(pl["fodder"] + [int(value)])
                else:
                    pl["fodder"].remove(int(value))
    else:
        (add_all if sign > 0 else take_all)(pl[holding], items)


def _gained(s: Projection, e: dict[str, Any]) -> None:
    _holding(s["players"][e["player"]], e["holding"], e["items"], 1)


def _spent(s: Projection, e: dict[str, Any]) -> None:
    _holding(s["players"][e["player"]], e["holding"], e["items"], -1)


def _returned(s: Projection, e: dict[str, Any]) -> None:
    pl = s["players"][e["player"]]
    if e["holding"] == "mill_worker":
        pl["mill_worker"] = True
    else:
        take_all(pl[e["holding"]], e["items"])


def _token_taken(s: Projection, e: dict[str, Any]) -> None:
    s["path"][str(e["location"])] = None
    pl = s["players"][e["player"]]
    if e["holding"] == "food":
        pl["food"] += 1
    elif e["holding"] in ("craftwork", "equipment"):
        add(pl[e["holding"]], e["token"])


def _workers_hired(s: Projection, e: dict[str, Any]) -> None:
    take_all(s["supply"], e["supply"])
    add_all(s["players"][e["player"]]["workers"], e["workers"])


def _fodder_taken(s: Projection, e: dict[str, Any]) -> None:
    take(s["supply"], "fodder")
    pl = s["players"][e["player"]]
    pl["fodder"] = sorted(pl["fodder"] + [e["value"]])


def _task_taken(s: Projection, e: dict[str, Any]) -> None:
    card = next(t for t in s["task_display"] if t["id"] == e["task"])
    s["task_display"].remove(card)
    s["players"][e["player"]]["tasks"].append({**card, "placed": [False] * len(card["needs"])})


def _plan_made(s: Projection, e: dict[str, Any]) -> None:
    pl = s["players"][e["player"]]
    pl["plans"].append([e["card"], e["target"], e["pair"], s["round"]])
    pl["pairs_used"].append(e["pair"])
    s["pw_cards"][e["card"]] += 1


def _building_taken(s: Projection, e: dict[str, Any]) -> None:
    s["buildings"].remove(e["building"])
    s["players"][e["player"]]["buildings"].append(e["building"])


def _money_taken_back(s: Projection, e: dict[str, Any]) -> None:
    """A building's money taken back with its ledger line (the latest of that reason and amount, R23)."""
    pl = s["players"][e["player"]]
    pl["money"] -= e["amount"]
    i = max(i for i, x in enumerate(pl["ledger"]) if x[1] == e["reason"] and x[2] == e["amount"])
    del pl["ledger"][i]


def _huts_built(s: Projection, e: dict[str, Any]) -> None:
    pl = s["players"][e["player"]]
    take_all(pl["craftwork"], e["tokens"])
    add_all(pl["huts"], e["huts"])


_FIX_HOLDINGS = {
    **{k: "equipment" for k in ("wagon", "raft", "saw", "sledge")},
    **{k: "craftwork" for k in data.CRAFTWORK},
    **{k: "workers" for k in ("woodcutters", "bearers", "sawyers")},
    **{f"{k}-hut": "huts" for k in data.HUT_AREAS},
}


def _corrected(s: Projection, e: dict[str, Any]) -> None:
    """A `fix`: every field but money (whose dollars come as a `money` event of their own)."""
    pl, fld, d = s["players"][e["player"]], e["field"], e["delta"]
    if fld == "money":
        return
    if fld in ("food", "debt", "loans", "carpenters"):
        pl[fld] += d
    elif fld == "fodder":
        if d > 0:
            pl["fodder"] = sorted(pl["fodder"] + [abs(d)])
        else:
            pl["fodder"].remove(abs(d))
    elif fld in _FIX_HOLDINGS:
        add(pl[_FIX_HOLDINGS[fld]], fld.removesuffix("-hut"), d)
    else:
        area, _, piece = fld.partition(".")
        add(pl["wood"][area], piece, d)


def _path_laid(s: Projection, e: dict[str, Any]) -> None:
    s["path"] = dict(e["tokens"])
    s["supply"] = dict(e["supply"])


def _task_revealed(s: Projection, e: dict[str, Any]) -> None:
    s["task_display"].append({"id": e["task"], "value": e["value"], "needs": [list(n) for n in e["needs"]]})


def _placement_card(s: Projection, e: dict[str, Any]) -> None:
    """A card entered now (`held`: kept for the next round, R21), or (`auto`) the first held card laid."""
    if e["held"]:
        s["next_placements"].append({a: dict(b) for a, b in e["areas"].items()})
        return
    if e["auto"]:
        s["next_placements"].pop(0)
    for area, bag in e["areas"].items():
        add_all(s["cutting"][area], bag)


def _areas_marked(s: Projection, e: dict[str, Any]) -> None:
    for area in e["areas"]:
        add_all(s["cutting"][str(area)], e["pieces"])


def _food_shared(s: Projection, e: dict[str, Any]) -> None:
    for share in e["shares"]:
        for i in share["players"]:
            s["players"][i]["food"] += share["each"]
        take(s["cutting"][str(share["area"])], "food", share["each"] * len(share["players"]))


def _round_ended(s: Projection, e: dict[str, Any]) -> None:
    for pl in s["players"]:
        pl["pos"], pl["area"] = 0, None
    s["path"], s["supply"] = {}, {}
    s["round"] = e["next_round"]
    s["start_order"] = list(e["start_order"])


def _set(player_key: str, event_key: str) -> Callable[[Projection, dict[str, Any]], None]:
    def apply(s: Projection, e: dict[str, Any]) -> None:
        s["players"][e["player"]][player_key] = e[event_key]
    return apply


def _bump(player_key: str, by: str | int) -> Callable[[Projection, dict[str, Any]], None]:
    def apply(s: Projection, e: dict[str, Any]) -> None:
        s["players"][e["player"]][player_key] += e[by] if isinstance(by, str) else by
    return apply


def _nothing(s: Projection, e: dict[str, Any]) -> None:
    """Told for the clients; its changes, if any, come as events of their own."""


def _board(key: str, value: Any = None, event_key: str = "") -> Callable[[Projection, dict[str, Any]], None]:
    def apply(s: Projection, e: dict[str, Any]) -> None:
        s[key] = e[event_key] if event_key else value
    return apply


# kind -> how it changes a projection (every kind of events.KINDS has a line: tests/test_events.py checks)
APPLY: dict[str, Callable[[Projection, dict[str, Any]], None]] = {
    "pieces_moved": _pieces_moved,
    "pieces_sold": _pieces_sold,
    "wood_sawn": _wood_sawn,
    "drying_shift": _drying_shift,
    "money": _money,
    "loan_taken": _bump("loans", 1),
    "debt_added": _bump("debt", "amount"),
    "gained": _gained,
    "spent": _spent,
    "returned": _returned,
    "foreman_moved": _set("pos", "dst"),
    "token_taken": _token_taken,
    "workers_hired": _workers_hired,
    "fodder_taken": _fodder_taken,
    "area_token": _set("area", "dst"),
    "task_taken": _task_taken,
    "plan_made": _plan_made,
    "plan_in_effect": _nothing,
    "carpenter_taken": _bump("carpenters", 1),
    "building_taken": _building_taken,
    "building_effect": _nothing,
    "money_taken_back": _money_taken_back,
    "huts_built": _huts_built,
    "winter_bill": _nothing,
    "river_chosen": _set("river_choice", "piece"),
    "step_closed": _nothing,
    "skipped": _nothing,
    "corrected": _corrected,
    "path_laid": _path_laid,
    "task_revealed": _task_revealed,
    "placement_card": _placement_card,
    "areas_marked": _areas_marked,
    "food_shared": _food_shared,
    "step_began": _board("step", event_key="step"),
    "round_ended": _round_ended,
    "game_ended": _board("over", True),
}


def apply_to(projection: Projection, events: list[Event] | tuple[Event, ...] | list[dict[str, Any]]) -> Projection:
    """The projection after the events (a new one; the given one is untouched). Events may be given as objects
    or as their JSON (`events.to_json`), as a script would read them."""
    s: Projection = pickle.loads(pickle.dumps(projection, pickle.HIGHEST_PROTOCOL))  # plain data: a fast deep copy
    for e in events:
        raw = e if isinstance(e, dict) else e.to_dict()
        APPLY[raw["kind"]](s, raw)
    return s
