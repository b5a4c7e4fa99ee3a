"""Random-play simulator: complete games with uniformly random legal choices, invariants checked after every action.

    python -m lignum_companion.dev.simulate --games 100 --players 4 --mode expert [--variant tactical] --seed 1
    python -m lignum_companion.dev.simulate --games 100 --players 2,3,4 --mode basic,expert --expansion joinery

The table draws (path tokens in the player count's mix, placement cards, task cards) are random but valid; the
players choose uniformly among the candidate actions the engine accepts (`engine.legal.candidates`, each tried
on the real state: a refused one must leave it untouched). Game k of a run uses seed `seed + k`, so any failure
is replayed alone with `--seed SEED+k --games 1`. Check levels:

- `none`: only that every game ends (no stuck state, a bounded number of actions);
- `light` (default): every action: `invariants.Watch` (state invariants, wood bookkeeping), and a second game fed
  the parsed text of each log line must stay equal to the live one (the replay, line by line); that comparison
  also catches a refused candidate that changed the state, and a mismatch names the refusal that did it; per
  game: the game file written and read back, one undo replayed from the file at a random line, the JSON round
  trip of the state there and of the final state, and a final score that changes nothing;
- `full`: as light, and every refused candidate is compared with the state before it, and after every action
  the whole file is replayed, the file minus its last line is replayed and compared with the state before
  (undo), and the state goes through JSON and back.

Exit status 1 when any invariant is violated.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product
from typing import Any, NoReturn

from lignum_companion.dev import invariants
from lignum_companion.engine import IllegalAction, LignumError, Setup, apply, new_game, parse, score
from lignum_companion.engine import data as D
from lignum_companion.engine.actions import Action, make
from lignum_companion.engine.flow import actor_kind, waiting_for, where
from lignum_companion.engine.legal import candidates
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile

NAMES = ("anna", "ben", "cleo", "dan")
CHECKS = ("none", "light", "full")
MAX_ACTIONS = 3000  # a real game has a few hundred lines; more means an endless loop
TASK_PIECES = ("F", "S", "mF", "mS", "mH")


# ---------------------------------------------------------------------------------------------------
# random but valid draws


BUILDING_NAMES = ("smithy", "chapel", "stable", "inn", "kiln", "tavern", "granary", "forge", "mill", "well")


def random_setup(rng: random.Random, players: int, mode: str, variants: tuple[str, ...] = (),
                 expansion: str = "") -> Setup:
    """A random legal setup: order, first-round areas, winter cards, (expert/planned) the laid-out cards and
    (expansion) players + 4 building tiles (R23)."""
    names = list(NAMES[:players])
    cards = rng.sample(sorted(D.PLANNED_WORK), D.PLANNED_WORK_CARDS_LAID[players]) \
        if D.MODE_HAS_PLANNED_WORK[mode] else []
    winter = [[rng.randint(2, 6), rng.randint(1, 4)], [rng.randint(3, 7), rng.randint(2, 5)]]
    buildings = [[b, "printed effect"] for b in rng.sample(BUILDING_NAMES, players + D.BUILDINGS_EXTRA)] \
        if expansion else []
    return Setup(players=names, mode=mode, variants=list(variants), order=rng.sample(names, players),
                 areas=dict(zip(names, rng.sample(D.CUTTING_AREAS, players), strict=True)), winter=winter,
                 cards=cards, expansion=expansion, buildings=buildings)


def table_action(g: Game, rng: random.Random) -> Action:
    """The table's draw the game waits for: path tokens, a placement card or a task card."""
    if g.step == "path":
        tokens: list[str] = []
        for kind, n in D.PATH_MIX[len(g.players)].items():
            tokens += [rng.choice(D.CRAFTWORK) if kind == "craft" else kind for _ in range(n)]
        rng.shuffle(tokens)
        return make(None, "path", {"tokens": tokens})
    if g.step == "placement":
        areas: dict[str, dict[str, int]] = {}
        for _ in range(rng.randint(1, 3)):
            bag = areas.setdefault(str(rng.choice(D.CUTTING_AREAS)), {})
            item = rng.choice(("F", "F", "S", "S", "H", "food"))
            bag[item] = bag.get(item, 0) + rng.randint(1, 2)
        return make(None, "placement", {"areas": areas})
    if g.step == "reveal":
        needs = [[rng.choice(TASK_PIECES), rng.randint(0, 2)] for _ in range(rng.randint(2, 4))]
        return make(None, "task", {"value": rng.randint(4, 20), "needs": needs})
    raise AssertionError(f"no table draw for step {g.step}")  # pragma: no cover


# ---------------------------------------------------------------------------------------------------
# one game


@dataclass
class GameReport:
    """What one game did: its seed and settings, its log, and the invariants it broke (empty when sound)."""

    seed: int
    setup: Setup
    log: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    over: bool = False
    tries: int = 0
    game: Game | None = None  # the live state where play ended

    def file_text(self) -> str:
        """The game as a game file, to reproduce a failure with `lignum check` or `lignum log`."""
        return gamefile.render(gamefile.append(gamefile.new_file(self.setup), self.log))


class _Stop(Exception):
    """The game cannot go on (stuck, endless, or a violation when stopping at the first one)."""


def play_game(seed: int, players: int = 4, mode: str = "expert", variants: tuple[str, ...] = (),
              check: str = "light", max_actions: int = MAX_ACTIONS,
              stop: Callable[[Game], bool] | None = None, expansion: str = "") -> GameReport:
    """Play one complete random game and check the invariants at the chosen level.

    `stop(g)` ends play early once it holds (tests use it to reach a situation); `report.game` is the live state.
    """
    rng = random.Random(seed)
    setup = random_setup(rng, players, mode, variants, expansion)
    report = GameReport(seed, setup)
    run = _Run(report, rng, check)
    g = run.g
    try:
        while not g.over:
            if stop is not None and stop(g):
                return report
            if len(report.log) >= max_actions:
                run.fail("", f"no end after {max_actions} actions: an endless loop?")
            run.at, run.number = where(g), len(report.log) + 1
            run.refused = []
            if actor_kind(g) == "table":
                run.table_turn()
            else:
                run.player_turn()
        report.over = True
        if check != "none":
            _end_checks(report, g, gamefile.append(gamefile.new_file(setup), report.log), run.undo_point, run.fail)
    except _Stop:
        pass
    return report


class _Run:
    """One game in play: the live state, a shadow fed each accepted line's text (checked equal after every action),
    and where the action being checked stands, so that a violation names its seed, action and place."""

    def __init__(self, report: GameReport, rng: random.Random, check: str) -> None:
        setup = report.setup
        self.report, self.rng, self.check = report, rng, check
        self.g = report.game = new_game(setup)
        self.gf = gamefile.new_file(setup)
        self.shadow = gamefile.replay(gamefile.parse_text(gamefile.render(self.gf))) if check != "none" else None
        self.watch = invariants.Watch.start(self.g) if check != "none" else None
        self.undo_at = rng.randrange(150) if check == "light" else -1
        self.undo_point: tuple[int, bytes] | None = None
        self.at = where(self.g)  # where the game stood before the action being checked
        self.number = 1  # that action's place in the log
        self.refused: list[Action] = []  # the candidates refused before the one accepted now

    def fail(self, text: str, msg: str) -> NoReturn:
        self.report.violations.append(f"seed {self.report.seed}, action {self.number} `{text}` ({self.at}): {msg}")
        raise _Stop

    def table_turn(self) -> None:
        """The table's draw, which must be accepted."""
        action = table_action(self.g, self.rng)
        try:
            apply(self.g, action, record=False)
        except IllegalAction as e:
            self.fail(action.text, f"a valid table draw was refused: {e}")
        self.accepted(action)

    def player_turn(self) -> None:
        """The candidates in random order until one is accepted; a refused one must leave the state untouched."""
        g, shadow = self.g, self.shadow
        options = candidates(g)
        self.rng.shuffle(options)
        for action in options:
            self.report.tries += 1
            try:
                apply(g, action, record=False)
            except IllegalAction:
                self.refused.append(action)
                if self.check == "full" and shadow is not None and g != shadow:
                    self.fail(action.text, f"refused but changed the state: {invariants.diff(shadow, g)}")
                continue
            self.accepted(action)
            return
        self.fail("", f"no legal action among {len(options)} candidates; waiting for {waiting_for(g)}")

    def accepted(self, action: Action) -> None:
        """Log the action and check it; `shadow` still holds the state before it (checked equal last time)."""
        report, g, shadow, check = self.report, self.g, self.shadow, self.check
        report.log.append(action.text)
        if check == "none":
            return
        assert self.watch is not None and shadow is not None
        self.watch.before(shadow, action)
        for msg in self.watch.after(g, action):
            self.fail(action.text, msg)
        if check == "full":
            self.gf = gamefile.append(self.gf, [action.text])
            for msg in invariants.replay_violations(self.gf, g) + invariants.undo_violations(self.gf, shadow) + \
                    invariants.json_violations(g):
                self.fail(action.text, msg)
        elif self.undo_point is None and len(report.log) > self.undo_at:
            self.undo_point = (len(report.log), pickle.dumps(shadow))
        try:
            apply(shadow, parse(action.text, shadow.board), record=False)
        except LignumError as e:
            self.fail(action.text, f"the line, parsed back from its text, is refused on replay: {e}")
        if shadow != g:
            for msg in _refusal_culprits(report.setup, report.log[:-1], self.refused):
                self.fail(action.text, msg)
            self.fail(action.text, f"replaying the text gives another state: {invariants.diff(g, shadow)}")


def _refusal_culprits(setup: Setup, log: list[str], refused: list[Action]) -> list[str]:
    """Light checks compare the state once per accepted action; on a mismatch, find a refusal that changed it."""
    before = gamefile.replay(gamefile.append(gamefile.new_file(setup), log))
    for action in refused:
        trial = pickle.loads(pickle.dumps(before))
        try:
            apply(trial, action, record=False)
        except IllegalAction:
            if trial != before:
                return [f"`{action.text}` was refused but changed the state: {invariants.diff(before, trial)}"]
    return []


def _end_checks(report: GameReport, g: Game, gf: gamefile.GameFile, undo_point: tuple[int, bytes] | None,
                fail: Any) -> None:
    """Once per game: the file round trip, one undo from the file, JSON, and a score that changes nothing."""
    for msg in invariants.json_violations(g):
        fail("(end)", msg)
    text = gamefile.render(gf)
    back = gamefile.parse_text(text)
    if back.action_texts() != report.log:
        fail("(end)", "the game file read back holds other lines than were played")
    if undo_point is not None:
        n_done, frozen_before = undo_point
        before = pickle.loads(frozen_before)
        for msg in invariants.undo_violations(gamefile.append(gamefile.new_file(gf.setup), report.log[:n_done]),
                                              before) + invariants.json_violations(before):
            fail(f"(undo of line {n_done})", msg)
    frozen = pickle.dumps(g)
    result = score(g)
    if pickle.loads(frozen) != g:
        fail("(end)", "scoring changed the state")
    if not result["final"] or len(result["players"]) != len(g.players):
        fail("(end)", f"the final score is incomplete: {result}")


# ---------------------------------------------------------------------------------------------------
# many games


@dataclass
class RunReport:
    """Totals of a run: games, actions, time, and every violation found."""

    games: int = 0
    actions: int = 0
    tries: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)
    failed: list[GameReport] = field(default_factory=list)
    interrupted: bool = False  # Ctrl-C stopped the run; the totals cover the games finished before it

    @property
    def per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def combos(players: list[int], modes: list[str], variants: list[tuple[str, ...]],
           expansions: list[str] | None = None) -> list[tuple[int, str, tuple, str]]:
    """Every (players, mode, variants, expansion) combination, in a fixed order that a run cycles through."""
    return list(product(players, modes, variants, expansions or [""]))


def run(games: int, players: list[int], modes: list[str], variants: list[tuple[str, ...]] | None = None,
        seed: int = 0, check: str = "light", expansions: list[str] | None = None) -> RunReport:
    """Play `games` games cycling through the combinations; game k uses seed `seed + k`."""
    cycle = combos(players, modes, variants or [()], expansions)
    rep = RunReport()
    start = time.perf_counter()
    for k in range(games):
        n, mode, var, expansion = cycle[k % len(cycle)]
        try:
            game = play_game(seed + k, n, mode, var, check, expansion=expansion)
        except KeyboardInterrupt:
            rep.interrupted = True
            break
        rep.games += 1
        rep.actions += len(game.log)
        rep.tries += game.tries
        if game.violations:
            rep.violations += game.violations
            rep.failed.append(game)
    rep.seconds = time.perf_counter() - start
    return rep


def _ints(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"player counts are numbers like 4 or 2,3,4, not {text!r}") from None
    if not values or any(v not in D.PLAYER_COUNTS for v in values):
        raise argparse.ArgumentTypeError(f"player counts are 2, 3 or 4, not {text!r}")
    return values


def _modes(text: str) -> list[str]:
    values = [x for x in text.split(",") if x]
    bad = [m for m in values if m not in D.MODES]
    if not values or bad:
        raise argparse.ArgumentTypeError(f"modes are {', '.join(D.MODES)}; not {text!r}")
    return values


def main(argv: list[str] | None = None) -> int:
    """Command line: play, print the totals, exit 1 on any violation."""
    ap = argparse.ArgumentParser(prog="python -m lignum_companion.dev.simulate", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    ap.add_argument("--players", type=_ints, default=[4], help="player count, or a list like 2,3,4 (default 4)")
    ap.add_argument("--mode", type=_modes, default=["expert"], help="mode, or a list like basic,expert")
    ap.add_argument("--variant", action="append", choices=D.VARIANTS, default=[],
                    help="play with this variant (repeatable); --both-variants alternates with and without")
    ap.add_argument("--both-variants", action="store_true", help="alternate games without and with the variants")
    ap.add_argument("--expansion", choices=D.EXPANSIONS, help="play with the Joinery and Buildings expansion (R23)")
    ap.add_argument("--both-boards", action="store_true", help="alternate games without and with the expansion")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game; game k uses seed+k")
    ap.add_argument("--check", choices=CHECKS, default="light", help="how much to check (default light)")
    ap.add_argument("--dump", metavar="DIR", help="write the game file of every failing game into DIR")
    ap.add_argument("--profile", action="store_true", help="run under cProfile and print the top functions")
    args = ap.parse_args(argv)
    from lignum_companion.texts import refusals

    refusals.install()  # violations quote refusals: in words, as the command line shows them
    if args.games < 1:
        ap.error("--games must be at least 1")
    variants: list[tuple[str, ...]] = [tuple(args.variant)]
    if args.both_variants:
        variants = [(), tuple(args.variant or D.VARIANTS)]
    expansions = ["", args.expansion or "joinery"] if args.both_boards else [args.expansion or ""]
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        rep = prof.runcall(run, args.games, args.players, args.mode, variants, args.seed, args.check, expansions)
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    else:
        rep = run(args.games, args.players, args.mode, variants, args.seed, args.check, expansions)
    label = f"players {','.join(map(str, args.players))}, mode {','.join(args.mode)}"
    label += ", base and joinery boards" if args.both_boards else f", expansion {args.expansion}" if args.expansion \
        else ""
    label += "".join(f", {'/'.join(v) or 'no variant'}" for v in variants) if args.both_variants or args.variant \
        else ""
    print(f"{label}, check {args.check}, seeds {args.seed}..{args.seed + args.games - 1}")
    if rep.interrupted:
        print(f"interrupted after {rep.games} of {args.games} games; the totals cover those")
    print(f"games: {rep.games}  actions: {rep.actions} ({rep.actions / max(rep.games, 1):.0f} per game, "
          f"{rep.tries} tried)  time: {rep.seconds:.2f} s  games per second: {rep.per_second:.1f}")
    print(f"invariant violations: {len(rep.violations)}")
    for v in rep.violations[:20]:
        print("  " + v)
    if args.dump and rep.failed:
        from pathlib import Path

        folder = Path(args.dump)
        folder.mkdir(parents=True, exist_ok=True)
        for game in rep.failed:
            path = folder / f"seed-{game.seed}.lignum"
            path.write_text(game.file_text(), encoding="utf-8")
            print(f"  wrote {path}")
    return 1 if rep.violations else 130 if rep.interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
