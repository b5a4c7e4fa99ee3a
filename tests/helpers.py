"""Shared test helpers: build a game quickly at a given step, play lines, and check refusals leave no trace.

A test game is a `Script`: a `Setup` and the lines of notation played from it. The state is always the replay of
the lines (the project's "the log is the game"), so the same script gives an engine state and a game file for the
CLI. `forward` plays the dullest legal moves (everyone straight to the clearing, `done` wherever possible) until a
chosen step, so a test only writes the lines that matter to it. `fix` lines (the table's corrections) give a
player the pieces a test needs without playing rounds for them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lignum_companion.engine import (
    Game,
    IllegalAction,
    LignumError,
    Setup,
    apply,
    flow,
    legal_actions,
    new_game,
    parse,
    waiting_for,
)
from lignum_companion.engine import data as D
from lignum_companion.gamefile import store as gamefile

NAMES = ("anna", "ben", "cleo", "dan")
SEAT_AREAS = (1, 5, 3, 6)  # first-round cutting areas by seat, and the area each seat picks later by default
# One legal path per player count, in location order 1 2 3 5 7 9 11 12 14 15 17 18 20.
PATHS = {
    2: "wagon raft saw food coin stake sledge food X raft X board joker",
    3: "wagon raft saw food coin stake sledge food wagon raft saw board joker",
    4: "wagon raft saw food coin stake sledge food wagon raft saw board joker",
}
IDLE_TASK = "task 10 mF@0+mS@1"
IDLE_PLACEMENT = "placement 2:F"
WINTER = ((4, 2), (5, 3))
# Building tiles of the expansion for tests (R23): names and effects as a table would type them.
BUILDINGS = (("smithy", "+$1 each round"), ("chapel", "+1 food each winter"), ("stable", "fodder for $0"),
             ("inn", "a worker stays"), ("kiln", "dries one piece"), ("tavern", "+$2 once"),
             ("granary", "keeps food"), ("forge", "a saw for free"))
DEFAULT_CARDS = ("trade", "craftwork", "sawing", "food-supply", "heating-supply", "hut-construction")


def make_setup(
    n: int = 2,
    mode: str = "basic",
    variants: tuple[str, ...] = (),
    cards: tuple[str, ...] | None = None,
    winter: tuple[tuple[int, int], ...] = WINTER,
    money: int = D.START_MONEY,
    order: tuple[str, ...] | None = None,
    names: tuple[str, ...] = NAMES,
    strict: bool = False,
    expansion: str = "",
) -> Setup:
    """The standard test table: anna, ben (cleo, dan) or other `names`; seats in order; areas 1, 5, 3, 6."""
    names = list(names[:n])
    if cards is None:
        cards = DEFAULT_CARDS[: D.PLANNED_WORK_CARDS_LAID[n]] if D.MODE_HAS_PLANNED_WORK[mode] else ()
    return Setup(
        players=names,
        mode=mode,
        variants=list(variants),
        order=list(order or names),
        areas={name: SEAT_AREAS[i] for i, name in enumerate(names)},
        winter=[list(w) for w in winter],
        cards=list(cards),
        start_money=money,
        strict_order=strict,
        expansion=expansion,
        buildings=[list(b) for b in BUILDINGS[: n + D.BUILDINGS_EXTRA]] if expansion else [],
    )


@dataclass
class Script:
    """A setup and the lines played from it; `game()` replays them (every line must be accepted)."""

    setup: Setup
    lines: list[str] = field(default_factory=list)

    def game(self) -> Game:
        g = new_game(self.setup)
        for i, line in enumerate(self.lines, 1):
            try:
                apply(g, parse(line, g.board))
            except LignumError as e:  # pragma: no cover - a broken test script
                raise AssertionError(f"script line {i} {line!r} refused: {e}") from None
        return g

    def then(self, *lines: str) -> Script:
        """A new script with more lines (checked by replay)."""
        out = Script(self.setup, self.lines + list(lines))
        out.game()
        return out

    def text(self) -> str:
        """The game file of this script."""
        return gamefile.render(gamefile.append(gamefile.new_file(self.setup), list(self.lines)))

    def write(self, path: Path) -> Path:
        path.write_text(self.text(), encoding="utf-8")
        return path


def start(n: int = 2, **kw: Any) -> Script:
    """A new game: waiting for the table to lay the path."""
    return Script(make_setup(n, **kw))


# --- moving a game on -------------------------------------------------------------------------------------


def play(g: Game, lines: list[str] | None, *texts: str) -> None:
    """Apply lines to `g` (each must be accepted) and record them in `lines` if given."""
    for text in texts:
        try:
            apply(g, parse(text, g.board))
        except LignumError as e:
            raise AssertionError(f"{text!r} refused at {flow.where(g)}: {e}") from None
        if lines is not None:
            lines.append(text)


def idle_line(g: Game) -> str:
    """The dullest acceptable line now: table draws from the fixed test cards, otherwise pass or go to the clearing."""
    kind = flow.actor_kind(g)
    if kind == "table":
        return {"path": "path " + PATHS[len(g.players)], "reveal": IDLE_TASK, "placement": IDLE_PLACEMENT}[g.step]
    pi = flow.actors(g)[0]
    p = g.players[pi]
    step = g.step
    if step == "area":
        want = SEAT_AREAS[pi]
        if g.tactical and not all(i == pi for i in g.area_players(want)):
            want = next(a for a in D.CUTTING_AREAS if not g.area_players(a))
        return f"{p.name} area {want}"
    if step == "travel":
        return f"{p.name} go clearing"
    if step == "arrival":
        return f"{p.name} receive"
    if step == "bonus":
        return f"{p.name} bonus F"
    if step == "river":
        return f"{p.name} river {'F' if p.wood['river'].get('F') else 'S'}"
    if step == "selling" and p.wood["dry3"]:
        from lignum_companion.engine.pieces import format_bag

        return f"{p.name} sell dry3:{format_bag(p.wood['dry3'], D.PIECES)}"
    if step in ("feeding", "heating"):
        return legal_actions(g)[0].text
    return f"{p.name} done"


def forward(
    g: Game,
    lines: list[str] | None = None,
    *,
    step: str | None = None,
    round: int | None = None,
    who: str | None = None,
    until: Callable[[Game], bool] | None = None,
    limit: int = 3000,
) -> Game:
    """Play idle lines until the game is at `step` (of `round`, with `who` to act), or `until(g)` holds."""

    def arrived() -> bool:
        if until is not None:
            return until(g)
        if g.over:
            return step == "over"
        if step is not None and g.step != step:
            return False
        if round is not None and g.round != round:
            return False
        if who is not None:
            pi = g.player_index(who)
            return pi in flow.actors(g)
        return True

    for _ in range(limit):
        if arrived():
            return g
        if g.over:
            raise AssertionError(f"the game ended before reaching {step} round {round} {who}")
        play(g, lines, idle_line(g))
    raise AssertionError(f"did not reach {step} round {round} {who}")  # pragma: no cover


def script_to(script: Script, **kw: Any) -> Script:
    """The script extended by idle lines up to a step (see `forward`)."""
    lines = list(script.lines)
    g = script.game()
    forward(g, lines, **kw)
    return Script(script.setup, lines)


def fix(name: str, fld: str, delta: int, reason: str = "test set-up") -> str:
    """A correction line that gives (or takes) `delta` of a field, e.g. fix('anna', 'woodpile.F', 3)."""
    return f"fix {name} {fld} {delta:+d} {reason}"


def season_round(season: str, year: int = 1) -> int:
    """The round number of a season: spring 1 = 1 … winter 2 = 8."""
    return (year - 1) * 4 + D.SEASONS.index(season) + 1


# --- looking at the state ---------------------------------------------------------------------------------


def player(g: Game, name: str):
    return g.players[g.player_index(name)]


def refused(g: Game, text: str, rule: str | None = None) -> LignumError:
    """Apply a line that must be refused; assert the state is unchanged and the message is one line."""
    before = json.dumps(g.to_dict(), sort_keys=True)
    try:
        apply(g, parse(text, g.board))
    except LignumError as e:
        after = json.dumps(g.to_dict(), sort_keys=True)
        assert before == after, f"{text!r} was refused but changed the state"
        message = str(e)
        assert message and "\n" not in message, message
        if rule is not None:
            assert isinstance(e, IllegalAction), f"{text!r}: expected a rule refusal, got {type(e).__name__}: {e}"
            assert e.rule == rule, f"{text!r}: expected {rule}, got {e.rule!r}: {e}"
            assert f"({rule})" in message, message
        return e
    raise AssertionError(f"{text!r} was accepted at {flow.where(g)}; waiting for {waiting_for(g)}")


# --- the command line -------------------------------------------------------------------------------------


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real `lignum` program in a subprocess (exit code, stdout and stderr as a user sees them)."""
    code = "from lignum_companion.cli.entry import main; main()"
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=full,
                          timeout=120)


def game_at(n: int = 2, *, step: str, round: int, who: str = "anna", before: tuple[str, ...] = (), **kw: Any) -> Game:
    """A game at a step of a round with `who` to act; `before` lines are played at the start of that round."""
    g = start(n, **kw).game()
    lines: list[str] = []
    if before:
        forward(g, lines, step="travel", round=round, who=who)
        play(g, lines, *before)
    forward(g, lines, step=step, round=round, who=who)
    return g


def plant_obstacle(spot: Path, kind: str, outside: Path) -> bool:
    """Put an obstacle the file-safety harnesses share at a file's name, after clearing it: a link out of the
    folder, to /dev/zero or to nothing, a folder, or a FIFO. False for a kind this does not know (the harness
    plants its own kinds then)."""
    if spot.is_symlink() or spot.is_file() or (spot.exists() and not spot.is_dir()):
        spot.unlink()
    elif spot.is_dir():
        spot.rmdir()
    spot.parent.mkdir(parents=True, exist_ok=True)
    if kind == "link out":
        spot.symlink_to(outside)
    elif kind == "link to zero":
        spot.symlink_to("/dev/zero")
    elif kind == "dangling link":
        spot.symlink_to(outside.with_name("nowhere"))
    elif kind == "folder":
        spot.mkdir()
    elif kind == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(spot)
    else:
        return kind == "fifo"  # no FIFOs on this system: nothing planted, nothing else to do
    return True
