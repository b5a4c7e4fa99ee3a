"""Legal-action generation: the representative moves a player can make now, each one checked by `apply`.

Menus and the simulator ask this; a menu built from it never offers an illegal choice. Where the full set
is combinatorial (which pieces to sell, how to split a river arrival), it offers the sensible whole choices
(all, what must, one piece at a time) rather than every subset; typed input still reaches every legal action.
"""

from __future__ import annotations

from itertools import product

from . import data, rules, steps
from .actions import Action, make
from .errors import IllegalAction
from .flow import FREE_VERBS, TURN_KINDS, actor_kind, actors
from .pieces import Bag
from .state import Game
from .steps import Candidate


def _checked(g: Game, cands: list[Action]) -> list[Action]:
    """Keep only candidates the engine accepts, trying each on a copy (the engine is the only judge)."""
    from .flow import apply

    out: list[Action] = []
    for action in cands:
        trial = g.clone()
        try:
            apply(trial, action, record=False, keep=False)
        except IllegalAction:
            continue
        out.append(action)
    return out


def candidates(g: Game, *, player: int | None = None, free: bool = True) -> list[Action]:
    """Unchecked candidate actions (fast); `legal_actions` keeps those the engine accepts."""
    if g.over or actor_kind(g) == "table":
        return []
    who = [i for i in actors(g) if player is None or i == player]
    cands: list[Candidate] = []
    for pi in who:
        cands += steps.of_player(g, pi).candidates(g, pi)  # R24: the player's own step after woodcutting
        if free and actor_kind(g) in TURN_KINDS:  # R24's own-pace steps too: huts in winter (R16), loans (R15)
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


def _free_candidates(g: Game, pi: int) -> list[Candidate]:
    """Loans (R15), hut building and the drying and food-storage huts (R16), in any step with turns."""
    p = g.players[pi]
    name = p.name
    c: list[Candidate] = []
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
    out: list[Bag] = []
    for counts in product(range(k + 1), repeat=3):
        if sum(counts) == k:
            out.append({h: n for h, n in zip(data.HUT_AREAS, counts, strict=True) if n})
    return out


__all__ = ["legal_actions", "FREE_VERBS"]
