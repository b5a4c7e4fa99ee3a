"""Replay speed: reading and replaying a complete 4-player game file, what every `lignum` command does first.

    python benchmarks/bench_replay.py [--runs 200] [FILE ...]

Default files: examples/*4p*.lignum; when there are none, a seeded simulated 4-player basic game written to
benchmarks/data/sim-4p-basic.lignum. For each file it reports the median and best of `gamefile.load` (read,
parse, replay every line) in a warm process, and the replay alone. Budget: at most 30 ms per 4-player game.
Exit status 1 when a file is over budget.
"""

from __future__ import annotations

import argparse
import statistics
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


def timed(fn, runs: int) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=200)
    args = ap.parse_args()
    failed = False
    for path in args.files or default_files():
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
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
