"""The pure rules engine of Lignum: no printing, no files, no prompts; the only place rules live.

Public API: `Setup`, `new_game`, `parse`, `apply`, `play` (parse + apply), `legal_actions`, `waiting_for`,
`score`, and the errors. Everything a client shows is asked from here.
"""

from __future__ import annotations

from .actions import Action, make, parse
from .errors import GameFileError, IllegalAction, LignumError, NotationError
from .events import Event, Played
from .flow import actors, advance, apply, has_work, waiting_for, where
from .legal import legal_actions
from .scoring import score
from .setup import Setup, new_game
from .state import Game, Player


def play(g: Game, line: str, record: bool = True) -> Played:
    """Parse a line of notation and apply it (the checked path menus and `lignum do` use): the action as kept
    in the log (`.text`) and its events."""
    action = parse(line, g.board)
    if action.player is not None:  # `zoe go 1` is kept as `Zoë go 1`: the log names players as set up
        pi = g.player_index(action.player)
        if pi is not None and g.players[pi].name != action.player:
            action = make(g.players[pi].name, action.verb, action.args, g.board)
    return Played(action, tuple(apply(g, action, record)))


__all__ = [
    "Action", "Event", "Game", "GameFileError", "IllegalAction", "LignumError", "NotationError", "Played", "Player",
    "Setup", "actors", "advance", "apply", "has_work", "legal_actions", "make", "new_game", "parse", "play", "score",
    "waiting_for", "where",
]
