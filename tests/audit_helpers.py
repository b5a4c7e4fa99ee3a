"""Helpers for the rules audit (tests/test_audit.py): situations built in a few lines, kept apart from helpers.py."""

from __future__ import annotations

from helpers import fix, forward, play, player, start

from lignum_companion.engine import Game


def shared_area(placement: str = "placement 3:F 4:3F", n: int = 2, **kw) -> tuple[Game, str, str]:
    """Round 2 (summer), anna and ben both in area 3, both in the clearing: (game, first, second) in clearing order."""
    g = start(n, **kw).game()
    forward(g, step="placement", round=2)
    play(g, None, placement)
    play(g, None, "anna area 3", "ben area 3")
    forward(g, step="travel")
    first = g.players[g.turn].name
    second = "ben" if first == "anna" else "anna"
    play(g, None, f"{first} go clearing", f"{second} go clearing")
    return g, first, second


def broke(g: Game, name: str) -> None:
    """Take all of a player's money away (a correction line)."""
    money = player(g, name).money
    if money:
        play(g, None, fix(name, "money", -money))
