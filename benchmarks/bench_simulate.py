"""Random-play speed: complete 4-player expert games per second on one core, at each check level.

    python benchmarks/bench_simulate.py [--games 100] [--repeat 5] [--players 4] [--mode expert]

Each repetition plays the same seeded games (seeds 0..games-1) in this one single-threaded process (one core);
the median over the repetitions is reported, with the best. Budget: at least 20 games per second (aim: 50) for
play with the per-action invariants (`light`, the simulator's default); `none` (play only) and `full` (whole-file
replay, undo and JSON after every action, a few games) are shown for comparison. Then the same games with the
Joinery and Buildings expansion (R23) against the base game, side by side: each repetition plays the base games
and then the expansion games, so machine load hits both alike; budget: the expansion's games per second at
least 80 % of the base game's. Exit status 1 when a budget is missed or any invariant is violated.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys

from lignum_companion.dev import simulate

BUDGET = 20.0
AIM = 50.0
EXPANSION_RATIO = 0.8  # R23: with the expansion, within 20 % of the base game's speed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--mode", default="expert")
    args = ap.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, one thread; "
          f"{args.players} players, {args.mode}, seeds 0..{args.games - 1}, {args.repeat} repetitions")
    failed = False
    for check, games in (("none", args.games), ("light", args.games), ("full", max(2, args.games // 20))):
        rates, actions, violations = [], 0, 0
        for _ in range(args.repeat if check != "full" else 1):
            rep = simulate.run(games, [args.players], [args.mode], [()], seed=0, check=check)
            rates.append(rep.per_second)
            actions, violations = rep.actions, len(rep.violations)
        med = statistics.median(rates)
        verdict = ""
        if check == "light":
            ok = med >= BUDGET
            failed |= not ok
            verdict = (f"  budget >= {BUDGET:.0f}: {'ok' if ok else 'MISSED'}; "
                       f"aim {AIM:.0f}: {'met' if med >= AIM else 'not met'}")
        failed |= violations > 0
        print(f"check {check:5}: {med:6.1f} games/s median (best {max(rates):.1f}) over {len(rates)} runs of {games} "
              f"games, {actions / games:.0f} actions per game, {violations} violations{verdict}")
    failed |= compare_boards(args)
    return 1 if failed else 0


def compare_boards(args: argparse.Namespace) -> bool:
    """Base game and expansion, interleaved per repetition; True when the ratio budget is missed (R23)."""
    failed = False
    for check in ("none", "light"):
        rates: dict[str, list[float]] = {"": [], "joinery": []}
        actions: dict[str, int] = {}
        for _ in range(args.repeat):
            for board in rates:
                rep = simulate.run(args.games, [args.players], [args.mode], [()], seed=0, check=check,
                                   expansions=[board])
                rates[board].append(rep.per_second)
                actions[board] = rep.actions
                failed |= bool(rep.violations)
        base, joinery = statistics.median(rates[""]), statistics.median(rates["joinery"])
        ratio = joinery / base
        ok = ratio >= EXPANSION_RATIO
        failed |= not ok
        print(f"check {check:5}, side by side: base {base:6.1f} games/s ({actions[''] / args.games:.0f} actions per "
              f"game), joinery {joinery:6.1f} games/s ({actions['joinery'] / args.games:.0f} actions per game): "
              f"{ratio:.2f}x, budget >= {EXPANSION_RATIO:.2f}x: {'ok' if ok else 'MISSED'}")
    return failed


if __name__ == "__main__":
    sys.exit(main())
