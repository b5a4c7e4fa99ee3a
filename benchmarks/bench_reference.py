"""Benchmark: `lignum print reference` (budget: 1 s wall, the whole command in a fresh process).

Times the command for the basic game (one page) and for the expert example game (two pages), each in a fresh
process as a table runs it, and `reference.render` alone in a warm process. Exits 1 when a median of the
fresh-process runs misses the budget.
Run: python benchmarks/bench_reference.py [--runs N]
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

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    opts = ap.parse_args()
    cases = {"basic, 4 players (1 page)": ["-n", "4"],
             "expert example game (2 pages)": [str(ROOT / "examples" / "expert-4p.lignum")]}
    baseline: list[float] = []  # the imports any reportlab command pays, interleaved so load hits both alike
    results: dict[str, list[float]] = {k: [] for k in cases}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(opts.runs):
            for label, args in cases.items():
                t = time.perf_counter()
                r = subprocess.run([sys.executable, "-m", "lignum_companion", "print", "reference", *args, "-o",
                                    str(Path(tmp) / "r.pdf"), "--force"], capture_output=True, text=True)
                results[label].append(time.perf_counter() - t)
                if r.returncode:
                    raise SystemExit(r.stderr)
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import typer, tabulate, reportlab.platypus, "
                            "reportlab.graphics.charts.lineplots, reportlab.pdfbase.ttfonts"], check=True)
            baseline.append(time.perf_counter() - t)
    from lignum_companion.printables import reference

    reference.render(reference.facts(players=4, mode="expert"))  # fonts registered once, as in one command
    warm = []
    for _ in range(opts.runs):
        t = time.perf_counter()
        reference.render(reference.facts(players=4, mode="expert"))
        warm.append(time.perf_counter() - t)
    print(f"lignum print reference, {opts.runs} runs each (fresh process: start-up, imports, fonts, PDF, write)")
    ok = True
    for label, xs in results.items():
        med = statistics.median(xs)
        ok &= med <= BUDGET
        print(f"  {label:<34} median {med:.2f} s  (best {min(xs):.2f}, worst {max(xs):.2f})")
    print(f"  {'render alone, warm, expert':<34} median {statistics.median(warm) * 1000:.0f} ms")
    print(f"  {'baseline: python importing typer, reportlab':<34} median {statistics.median(baseline):.2f} s")
    print(f"  load average now: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("within budget" if ok else f"over budget ({BUDGET} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
