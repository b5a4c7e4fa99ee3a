"""Replay speed: reading and replaying a complete 4-player game file, what every `lignum` command does first.

    python benchmarks/bench_replay.py [--runs 200] [--events] [--against DIR [--rounds 3]] [FILE ...]

Default files: examples/*4p*.lignum; when there are none, a seeded simulated 4-player basic game written to
benchmarks/data/sim-4p-basic.lignum. For each file it reports the median and best of `gamefile.load` (read,
parse, replay every line) in a warm process, and the replay alone. Budget: at most 30 ms per 4-player game.
Exit status 1 when a file is over budget.

`--events` also times the same lines applied with their events recorded (`engine.apply`'s default, what `do`,
`play` and the server pay per line; a replay records nothing). `--against DIR` times another tree of the code
(e.g. `git archive main | tar -x -C DIR`) side by side: both trees' replays in child processes, alternating for
`--rounds` rounds so machine load hits both alike, and prints the ratio of the medians (issue 29: replay must
not get slower with events).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from lignum_companion.dev import simulate
from lignum_companion.gamefile import store as gamefile

ROOT = Path(__file__).resolve().parent.parent
FALLBACK = ROOT / "benchmarks" / "data" / "sim-4p-basic.lignum"
BUDGET_MS = 30.0


def default_files() -> list[Path]:
    files = sorted((ROOT / "examples").glob("*4p*.lignum"))
    if files:
        return files
    if not FALLBACK.exists():
        report = simulate.play_game(2026, 4, "basic")
        FALLBACK.parent.mkdir(parents=True, exist_ok=True)
        FALLBACK.write_text(report.file_text(), encoding="utf-8")
    return [FALLBACK]


def timed(fn, runs: int, clock=time.perf_counter) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(runs):
        start = clock()
        fn()
        out.append((clock() - start) * 1000)
    return out


def recorded(gf: gamefile.GameFile) -> int:
    """Replay with every line's events recorded (engine.apply's default); the number of events."""
    from lignum_companion.engine import apply, new_game, parse

    g = new_game(gf.setup)
    return sum(len(apply(g, parse(line.text, g.board))) for line in gf.actions)


def child(files: list[Path], runs: int) -> int:
    """`--json`: the replay medians of this process's code, one JSON line (for `--against`)."""
    out = {}
    for path in files:
        gf = gamefile.read(path)
        # CPU time of this process: on a shared machine, other jobs' load counts less than in wall time
        out[str(path)] = statistics.median(timed(lambda f=gf: gamefile.replay(f), runs, time.process_time))
    print(json.dumps(out))
    return 0


def against(files: list[Path], other: Path, runs: int, rounds: int) -> int:
    """This tree's replay and another tree's, in child processes taking turns (the same script, each tree's code)."""
    trees = {"this": ROOT, "other": other.resolve()}
    got: dict[str, dict[str, list[float]]] = {t: {str(f): [] for f in files} for t in trees}
    for _ in range(rounds):
        for tree, where in trees.items():
            env = {**os.environ, "PYTHONPATH": str(where)}
            res = subprocess.run([sys.executable, __file__, "--json", "--runs", str(runs), *map(str, files)],
                                 env=env, capture_output=True, text=True, check=True, cwd=where)
            for f, ms in json.loads(res.stdout.strip().splitlines()[-1]).items():
                got[tree][f].append(ms)
    for f in map(str, files):
        this, that = statistics.median(got["this"][f]), statistics.median(got["other"][f])
        print(f"{Path(f).name}: replay median (CPU) this tree {this:.1f} ms, {other} {that:.1f} ms: "
              f"{this / that:.2f}x ({rounds} rounds of {runs} replays each, alternating)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--events", action="store_true", help="also time the lines applied with events recorded")
    ap.add_argument("--against", type=Path, help="another tree of the code to time side by side")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    files = [p.resolve() for p in args.files] or default_files()
    if args.json:
        return child(files, args.runs)
    if args.against:
        return against(files, args.against, args.runs, args.rounds)
    failed = False
    for path in files:
        gf = gamefile.read(path)
        load = timed(lambda p=path: gamefile.load(p), args.runs)
        replay = timed(lambda f=gf: gamefile.replay(f), args.runs)
        med = statistics.median(load)
        ok = med <= BUDGET_MS
        failed |= not ok
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{name}: {len(gf.actions)} actions; load (read+parse+replay) median {med:.1f} ms "
              f"(best {min(load):.1f}); "
              f"replay alone median {statistics.median(replay):.1f} ms; budget {BUDGET_MS:.0f} ms: "
              f"{'ok' if ok else 'OVER'}")
        if args.events:
            rec = timed(lambda f=gf: recorded(f), args.runs)
            print(f"  with events recorded ({recorded(gf)} events): median {statistics.median(rec):.1f} ms "
                  f"(best {min(rec):.1f})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
