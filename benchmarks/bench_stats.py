"""Benchmark: `lignum stats` over 500 finished games (budget: 2 s wall, the whole command in a fresh process).

Writes 500 seeded random finished games (2-4 players, every mode; simulate.play_game) into a temporary games
folder, then times, interleaved run by run: the first run with an empty cache (every game replayed, on every
core), a run with the cache filled by an earlier one (files read and hashed only), and `--no-cache` (every game
replayed, no cache read or written). Exits 1 when the cold or the warm run misses the budget.
Run: python benchmarks/bench_stats.py [--games 500] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUDGET = 2.0
MODES = ("basic", "advanced", "expert", "planned")


def write_games(folder: Path, n: int) -> None:
    from lignum_companion.dev import simulate
    from lignum_companion.gamefile import store as gamefile

    for i in range(n):
        report = simulate.play_game(10_000 + i, 2 + i % 3, MODES[i % 4], check="none")
        gf = gamefile.append(gamefile.new_file(report.setup), report.log)
        gamefile.atomic_write(folder / f"2026-{1 + i % 12:02}-{1 + i % 28:02}-game{i:03}.lignum", gamefile.render(gf),
                              backup=False)


def timed(args: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "lignum_companion", *args], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "games"
        cache = games / ".games-cache.json"  # gamefile.CACHE, shared with `lignum games`
        games.mkdir()
        t = time.perf_counter()
        write_games(games, opts.games)
        print(f"wrote {opts.games} finished games in {time.perf_counter() - t:.1f} s")
        env = {**os.environ, "LIGNUM_GAMES_DIR": str(games), "NO_COLOR": "1"}
        cold, warm, nocache = [], [], []
        for _ in range(opts.runs):
            cache.unlink(missing_ok=True)
            cold.append(timed(["stats"], env))
            warm.append(timed(["stats"], env))
            nocache.append(timed(["stats", "--no-cache"], env))
        json_warm = timed(["stats", "--json"], env)
        pdf = timed(["stats", "--pdf", str(Path(tmp) / "r.pdf"), "--force"], env)
    rows = [("first run, empty cache (replay on every core)", cold), ("cache filled", warm),
            ("--no-cache", nocache)]
    print(f"lignum stats over {opts.games} finished games, {opts.runs} runs each, {os.cpu_count()} cores")
    for label, xs in rows:
        print(f"  {label:<48} median {statistics.median(xs):.2f} s  (best {min(xs):.2f}, worst {max(xs):.2f})")
    print(f"  {'--json, cache filled':<48} {json_warm:.2f} s")
    print(f"  {'--pdf, cache filled':<48} {pdf:.2f} s")
    ok = statistics.median(cold) <= BUDGET and statistics.median(warm) <= BUDGET
    print("within budget" if ok else f"over budget ({BUDGET} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
