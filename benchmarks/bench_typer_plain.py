"""What cli/typer_plain.py (the one reach into typer's internals) saves: `lignum show FILE` with and without it.

    python benchmarks/bench_typer_plain.py [--runs 20] [--file examples/basic-4p.lignum]

Both sides run the same command in a fresh interpreter, alternating (with, without; without, with; ...) so that
machine load hits both alike; "without" turns `typer_plain.install` into a no-op before the command line is
imported, so typer builds its pydantic TypeAdapters as it would on its own. Bytecode is cached (a temporary
PYTHONPYCACHEPREFIX, warmed up first), as in an installation. Prints the medians, their difference and ratio.
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

ROOT = Path(__file__).resolve().parent.parent
RUN = ("import sys; sys.argv = ['lignum', 'show', {file!r}]\n"
       "{off}from lignum_companion.cli.entry import main\nmain()\n")
OFF = "import lignum_companion.cli.typer_plain as p; p.install = lambda: None\n"


def timed(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--file", default=str(ROOT / "examples" / "basic-4p.lignum"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=cache, PYTHONPATH=str(ROOT), LIGNUM_TEXT_CACHE=cache)
        with_patch, without = RUN.format(file=args.file, off=""), RUN.format(file=args.file, off=OFF)
        for _ in range(3):  # warm the bytecode and text caches
            timed(with_patch, env)
            timed(without, env)
        on: list[float] = []
        off: list[float] = []
        for i in range(args.runs):
            pair = [(on, with_patch), (off, without)]
            for times, code in pair if i % 2 == 0 else reversed(pair):
                times.append(timed(code, env))
    a, b = statistics.median(on), statistics.median(off)
    print(f"load average before/after: {os.getloadavg()[0]:.1f}")
    print(f"lignum show, with typer_plain:    {a * 1000:7.1f} ms (median of {args.runs})")
    print(f"lignum show, typer's own (pydantic): {b * 1000:7.1f} ms")
    print(f"saved: {(b - a) * 1000:.1f} ms per command ({b / a:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
