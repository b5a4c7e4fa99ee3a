"""The server's way to the one saving path (`gamefile.commit` and `undo`, issue 29) and what it says of accepted
lines: their events as JSON and, in the viewer's language, the echo `views/events.py` words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lignum_companion.engine import events as engine_events
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile


@dataclass(frozen=True)
class Tried:
    """A line tried on a copy (a preview), shaped as an accepted one for the echo."""

    line: str
    events: tuple[Any, ...]


commit = gamefile.commit
undo = gamefile.undo
NOT_YOURS = frozenset({"line_not_yours", "table_line_not_yours", "no_player"})  # refusals answered 403


def events_json(accepted: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The events of accepted lines as plain JSON (docs/events.md), in the order they happened."""
    return list(engine_events.to_json([e for a in accepted for e in a.events]))


def said(g: Game, accepted: tuple[Any, ...], before: Game | None = None) -> list[str]:
    """The echo of accepted lines in the shown language: each line, then what it moved (views/events.py)."""
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views.events import event_lines

    evs = [e for a in accepted for e in a.events]
    return [a.line for a in accepted] + list(event_lines(g, evs, texts.current(), before=before))
