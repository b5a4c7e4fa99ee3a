"""The trip along the path (R2, R3, R7, R17, R19, R20, R23): round robin in starting order to the clearing."""

from __future__ import annotations

from typing import Any

from .. import data, rules
from ..state import Game, Player
from .base import Candidate, Reminder, Step, StepName, start_order


def _begin_travel(g: Game) -> None:
    g.clearing = []
    for p in g.players:
        p.pos = 0


def _candidates(g: Game, pi: int) -> list[Candidate]:
    p = g.players[pi]
    name = p.name
    board = g.board
    c: list[Candidate] = [(name, "go", {"loc": board.clearing})]
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
                c += [(name, "go", {"loc": loc, "buildings": b.name.split()}) for b in g.buildings]
        elif kind == "market":
            c += _market(g, p, loc)
    return c


def _market(g: Game, p: Player, loc: int) -> list[Candidate]:
    base: dict[str, Any] = {"loc": loc, "buy": {}, "sets": [], "trade": {}}
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


def _reminder(g: Game, pi: int | None) -> Reminder:
    """At the first move of the trip, the food taken from the areas at the reveal (R4)."""
    taken = [(g.players[i].name, n, a) for i, a, n in g.food_taken] if not g.acted else []
    return Reminder("", {"food_taken": taken})


TRAVEL = Step(StepName.TRAVEL, "path", ("go",), ("go",), begin=_begin_travel, order=start_order,
              complete=lambda g: len(g.clearing) == len(g.players), candidates=_candidates, reminder=_reminder,
              alerts=frozenset({"dry3-sale", "sawyers-no-saw", "plan-unmet", "task-lost", "fodder-unused",
                                "broke-move"}))
