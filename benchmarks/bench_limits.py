"""Memory and time at the limits (issue 24 items 10 and 12): `check` and `score --pdf` on a 100,000-line game, and
`check` on a file just under the size cap (gamefile.MAX_FILE_BYTES).

    python benchmarks/bench_limits.py [--lines 100000]

Each command runs in its own process; its peak resident memory comes from os.wait4. Budget: at most 250 MB for
each (the file cap is chosen so that the largest game file allowed replays within it). Exit status 1 when a
command is over budget or fails.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers import PATHS, fix, make_setup  # noqa: E402

from lignum_companion.gamefile import store as gamefile  # noqa: E402

BUDGET_MB = 250
CODE = "from lignum_companion.cli.entry import main; main()"


def write_game(path: Path, lines: int, reason: str = "n") -> None:
    gf = gamefile.append(gamefile.new_file(make_setup(2)),
                         ["path " + PATHS[2]] + [fix("anna", "money", 1, f"{reason}{i}") for i in range(lines)])
    path.write_text(gamefile.render(gf), encoding="utf-8")


def measured(*args: str, env: dict[str, str]) -> tuple[int, float, float]:
    """(exit code, seconds, peak MB) of one `lignum ARGS` process."""
    start = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", CODE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env=env)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, time.perf_counter() - start, usage.ru_maxrss / 1024  # kB on Linux


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000)
    args = ap.parse_args(argv)
    over = False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "LIGNUM_GAMES_DIR": str(folder)}
        big = folder / "big.lignum"
        write_game(big, args.lines)
        capped = folder / "capped.lignum"
        per_line = len(fix("anna", "money", 1, "c0000000")) + 1
        write_game(capped, (gamefile.MAX_FILE_BYTES - 400) // per_line, "c")
        runs = [
            (f"check, {args.lines} lines ({big.stat().st_size // 1000} kB)", ("check", str(big))),
            (f"score --pdf, {args.lines} lines", ("score", str(big), "--pdf", str(folder / "s.pdf"), "--force")),
            (f"check, {capped.stat().st_size // 1000} kB (the cap is {gamefile.MAX_FILE_BYTES // 1000} kB)",
             ("check", str(capped))),
        ]
        print(f"{'what':58} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
        for what, cmd in runs:
            code, secs, mb = measured(*cmd, env=env)
            flag = " over budget" if mb > BUDGET_MB or code else ""
            over = over or bool(flag)
            print(f"{what:58} {code:>4} {secs:8.1f} {mb:8.0f}{flag}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
