"""The one use case that changes a game: lines in, the file saved, the outcome out (issue 29 §2).

`lignum do`, every saving part of `lignum play` and the server call `commit` (or `undo`); nothing else writes a
game file (new games: `create`). Under the game's lock it reads the file as it is on disk, applies every line on
the state it replays through `engine.play` (all or nothing: one refused line and nothing is saved), saves
atomically and only then returns what happened, as data the clients render: the lines as saved (names as set up),
each with the engine's events, the advisor's warnings they brought up, or the refusal.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lignum_companion import engine
from lignum_companion.engine import IllegalAction, LignumError
from lignum_companion.engine.actions import TABLE_VERBS
from lignum_companion.engine.events import Event
from lignum_companion.engine.state import Game
from lignum_companion.gamefile.format import GameFile, append, drop_last
from lignum_companion.gamefile.lock import locked
from lignum_companion.gamefile.replay import read, replay
from lignum_companion.gamefile.save import keep_copy as keep_a_copy
from lignum_companion.gamefile.save import save

if TYPE_CHECKING:  # the advisor is imported when lines are committed, not by every command that reads a game
    from lignum_companion.engine import advice


@dataclass(frozen=True)
class Accepted:
    """One line the game took: as saved (names as set up: `ANNA go 4 2` is saved `anna go 4 2`), with what the
    engine did for it."""

    line: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Outcome:
    """What a commit or an undo did, for a client to render (it never has to compare states)."""

    accepted: tuple[Accepted, ...]  # empty when refused (all or nothing); for `undo`, the lines taken back
    alerts: tuple[advice.Alert, ...]  # the advisor's warnings these lines brought up, once each, still holding
    refusal: LignumError | None  # the engine's refusal (IllegalAction / NotationError), None when accepted
    failed_at: int | None  # index into the given lines of the refused one
    game: Game  # the state after (or the unchanged state when refused or reloaded)
    gamefile: GameFile  # the file as saved (or as read)
    reloaded: bool  # the file had changed since `expect`: nothing was applied, ask again on `game`
    before: Game | None = None  # the state the lines were applied to (for the lines a client says about it)
    kept: Path | None = None  # `undo(keep_copy=True)`: where the game as it was is kept (FILE.before-undo-N)

    @property
    def ok(self) -> bool:
        """Saved: every line taken (or taken back), none refused, and the file was what the caller last saw."""
        return self.refusal is None and not self.reloaded


def commit(path: str | os.PathLike[str], lines: list[str] | tuple[str, ...], *, player: str | None = None,
           expect: str | None = None, warn: bool = True) -> Outcome:
    """Apply `lines` to the game at `path` and save them, all or nothing, under the game's lock.

    `player`: every line must be that player's own; a line for another player or for the table is refused (the
    server answers 403), a line without a name is taken as theirs. `expect`: the fingerprint of the file the caller
    last saw (`fingerprint`); when the file holds anything else (another terminal, a hand edit) nothing is applied
    and the outcome says `reloaded` with the state on disk, so an answer is never applied to a state the caller no
    longer has. `warn`: gather the advisor's warnings (when the file's header does not turn them off).

    Raises `GameFileError` when the file cannot be read or replayed and `SaveError` when it cannot be saved
    (nothing is saved then either).
    """
    with locked(path):
        gf, g = _load(path)
        if expect is not None and gf.origin != expect:
            return Outcome((), (), None, None, g, gf, True, g)
        before = g.clone()
        from lignum_companion.engine import advice

        announcer = advice.Announcer() if warn and gf.setup.warnings else None
        if announcer is not None:
            announcer.news(g)  # what held before these lines was said before
        accepted: list[Accepted] = []
        alerts: list[advice.Alert] = []
        for i, text in enumerate(lines):
            try:
                played = engine.play(g, _own(g, text, player) if player is not None else text)
            except LignumError as e:
                return Outcome((), (), e, i, before, gf, False, before)
            accepted.append(Accepted(played.text, played.events))
            if announcer is not None:
                alerts += announcer.news(g)
        if not accepted:
            return Outcome((), (), None, None, g, gf, False, before)
        if alerts:  # said after the batch: only what still holds (a later line may have made a warning untrue)
            holds = {(a.kind, a.player, a.subject) for a in advice.warnings(g)}
            alerts = [a for a in alerts if (a.kind, a.player, a.subject) in holds]
        new = append(gf, [a.line for a in accepted])
        save(new, path)
        _remember(path, new, g)
    return Outcome(tuple(accepted), tuple(alerts), None, None, g, new, False, before)


def _own(g: Game, text: str, player: str) -> str:
    """The line as `player`'s own (their name put first when it has none), or the refusal of a line that is not."""
    me = g.player_index(player)
    if me is None:
        raise IllegalAction.keyed("no_player", name=player, players=", ".join(p.name for p in g.players))
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    if first.lower() in TABLE_VERBS:
        raise IllegalAction.keyed("table_line_not_yours", name=g.players[me].name, verb=first.lower())
    who = g.player_index(first) if first else None
    if who is None:
        return f"{g.players[me].name} {text.strip()}"
    if who != me:
        raise IllegalAction.keyed("line_not_yours", name=g.players[me].name, other=g.players[who].name)
    return text


def undo(path: str | os.PathLike[str], n: int = 1, *, expect: str | None = None,
         keep_copy: bool = False) -> Outcome:
    """Take back the last `n` lines (all there are, at most) and save, under the game's lock.

    The lines taken back are the outcome's `accepted` (with no events). `keep_copy`: keep the game as it was in
    FILE.before-undo-N first (an undo into an earlier round; issue 24). `expect` as in `commit`. A game with no
    line to take back is refused (`nothing_to_undo`). Raises `GameFileError` and `SaveError` as `commit` does.
    """
    if n < 1:
        raise ValueError("undo takes back one line or more")
    with locked(path):
        gf, g = _load(path)
        if expect is not None and gf.origin != expect:
            return Outcome((), (), None, None, g, gf, True, g)
        if not gf.actions:
            return Outcome((), (), IllegalAction.keyed("nothing_to_undo"), 0, g, gf, False, g)
        n = min(n, len(gf.actions))
        removed = gf.actions[-n:]
        new = drop_last(gf, n)
        after = replay(new)
        kept = keep_a_copy(gf, "before-undo") if keep_copy else None
        save(new, path)
        _remember(path, new, after)
    return Outcome(tuple(Accepted(line.text, ()) for line in removed), (), None, None, after, new, False, g, kept)


def note(path: str | os.PathLike[str], comment: str, *, expect: str | None = None) -> Outcome:
    """Add a comment line to the game (the table's drawn path kept before its craftwork kinds are typed: replay
    ignores comments), under the game's lock; `expect` as in `commit`."""
    import dataclasses

    with locked(path):
        gf, g = _load(path)
        if expect is not None and gf.origin != expect:
            return Outcome((), (), None, None, g, gf, True, g)
        new = dataclasses.replace(gf, raw=[*gf.raw, comment])
        save(new, path)
        _remember(path, new, g)
    return Outcome((), (), None, None, g, new, False, g)


# The last state this process read or saved, per game: the next answer at the table starts from a copy of it when
# the file still holds those very bytes (its fingerprint), instead of replaying the whole log (issue 29: play
# re-reads the file at every answer). Another writer's change, or a hand edit, changes the bytes: replayed then.
_KNOWN: dict[str, tuple[str | None, Game]] = {}
_KEEP = 4  # games remembered at once (a table plays one; tests and a server a few)


def _load(path: str | os.PathLike[str]) -> tuple[GameFile, Game]:
    """The file as it is on disk and its state: a copy of the remembered state when the bytes are the ones it was
    made from, else the replay of the log (which raises `GameFileError` for a broken file)."""
    gf = read(path)
    known = _KNOWN.get(os.path.realpath(path))
    if known is not None and gf.origin is not None and known[0] == gf.origin:
        return gf, known[1].clone()
    g = replay(gf)
    _remember(path, gf, g)
    return gf, g


def _remember(path: str | os.PathLike[str], gf: GameFile, g: Game) -> None:
    key = os.path.realpath(path)
    _KNOWN.pop(key, None)
    _KNOWN[key] = (gf.origin, g.clone())  # a copy: what callers do with theirs never reaches it
    while len(_KNOWN) > _KEEP:
        del _KNOWN[next(iter(_KNOWN))]
