"""The server's way to the one saving path (`gamefile.commit`, the contract of issue 29): commit and undo as the
house defines them, with a stand-in of the same shape until that module is in the tree."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lignum_companion.engine import LignumError
from lignum_companion.engine import play as engine_play
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile


@dataclass(frozen=True)
class Accepted:
    line: str
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Outcome:
    accepted: tuple[Accepted, ...]
    alerts: tuple[Any, ...]
    refusal: LignumError | None
    failed_at: int | None
    game: Game
    gamefile: Any
    reloaded: bool

    @property
    def ok(self) -> bool:
        return self.refusal is None


def _commit_here(path: Path, lines: list[str], *, player: str | None = None, expect: str | None = None,
                 warn: bool = True) -> Outcome:
    """The contract's commit, for a tree without gamefile/commit.py: all or nothing under the lock, saved first."""
    with gamefile.locked(path):
        gf, g = gamefile.load(path)
        reloaded = expect is not None and gf.origin != expect
        trial = g.clone()
        done: list[Accepted] = []
        for i, line in enumerate(lines):
            try:
                played = engine_play(trial, line)
            except LignumError as e:
                return Outcome((), (), e, i, g, gf, reloaded)
            played_: Any = played  # an Action today, a `Played` (action and events) once the events are in
            done.append(Accepted(played_.text, tuple(getattr(played_, "events", ()))))
        new = gamefile.append(gf, [a.line for a in done])
        gamefile.save(new, path)
        return Outcome(tuple(done), (), None, None, trial, new, reloaded)


def _undo_here(path: Path, n: int = 1, *, expect: str | None = None, keep_copy: bool = False) -> Outcome:
    with gamefile.locked(path):
        gf, g = gamefile.load(path)
        reloaded = expect is not None and gf.origin != expect
        n = min(n, len(gf.actions))
        new = gamefile.drop_last(gf, n)
        g2 = gamefile.replay(new)
        if n:
            gamefile.save(new, path)
        return Outcome((), (), None, None, g2, new, reloaded)


try:  # the house's one saving path (issue 29 §2), once merged
    from lignum_companion.gamefile.commit import commit, undo  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - until the house branch is merged
    commit = _commit_here
    undo = _undo_here


def events_json(accepted: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The events of accepted lines as plain JSON (engine/events.py's `to_json`, once the events are in)."""
    out: list[dict[str, Any]] = []
    for a in accepted:
        for e in a.events:
            out.append(e.to_dict() if hasattr(e, "to_dict") else dict(e))
    return out


def said(g: Game, accepted: tuple[Any, ...]) -> list[str]:
    """The echo of accepted lines in the shown language (views/events.py once it is in; the lines themselves
    until then)."""
    try:
        from lignum_companion.views.events import event_lines  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return [a.line for a in accepted]
    from lignum_companion.texts import catalog as texts

    evs = [e for a in accepted for e in a.events]
    return [a.line for a in accepted] + list(event_lines(g, evs, texts.current()))
