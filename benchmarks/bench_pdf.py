"""Benchmark: how long `lignum score FILE --pdf OUT` takes for a 4-player game (budget: 1 s wall).

Measures two things: the whole command in a fresh process (Python start, imports, replay, fonts, PDF,
write), as a table experiences it, and `pdf.export` alone in a warm process. Two 4-player games: an example
from examples/ (or a seeded random expert game when none exists) and a seeded random game with Hangul and
accented names (tests/gamegen.py), and that game again with `lang ko` (Korean labels from the shipped Noto Sans KR,
two weights; reportlab reads each 2.4 MB font file once per process and embeds the glyphs used).
Run: python benchmarks/bench_pdf.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

BUDGET = 1.0


def four_player_game(folder: Path) -> Path:
    from lignum_companion.gamefile import store as gamefile

    for path in sorted((ROOT / "examples").glob("*4p*.lignum")) + sorted((ROOT / "examples").glob("*.lignum")):
        try:
            gf = gamefile.read(path)
        except Exception:
            continue
        if len(gf.setup.players) == 4:
            return path
    import gamegen

    gf, _ = gamegen.play(seed=13, names=("anna", "ben", "cleo", "dan"), mode="expert")
    path = folder / "bench-4p.lignum"
    gamefile.save(gf, path)
    return path


def hangul_game(folder: Path) -> Path:
    """Names that need the per-run font switch (a Hangul font file, or the readers' CID font)."""
    import gamegen

    from lignum_companion.gamefile import store as gamefile

    gf, _ = gamegen.play(seed=3, names=("김민준", "Zoë", "Łukasz-Ångström", "이서연"), mode="advanced")
    path = folder / "bench-hangul-4p.lignum"
    gamefile.save(gf, path)
    return path


def korean_game(folder: Path) -> Path:
    """The same Hangul game with `lang ko`: Korean labels, so about 150 Hangul letters in two weights."""
    from lignum_companion.gamefile import store as gamefile

    text = hangul_game(folder).read_text(encoding="utf-8").replace("\nstart\n", "\nlang ko\nstart\n", 1)
    path = folder / "bench-korean-4p.lignum"
    gamefile.save(gamefile.parse_text(text), path)
    return path


def measure(game: Path, out: Path, runs: int) -> tuple[list[float], list[float], int]:
    """Fresh-process runs first, then the export alone in this process. Bytecode is cached as in an installation
    (this sandbox sets PYTHONDONTWRITEBYTECODE; see bench_cli.py)."""
    import os

    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import score_sheet as pdf

    cold = []
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(out.parent / "pycache")}  # bytecode cached, as installed
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "lignum_companion", "score", str(game), "--pdf", str(out), "--force"],
                   check=True, capture_output=True, env=env)  # bytecode warm-up
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lignum_companion", "score", str(game), "--pdf", str(out),
                        "--force"], check=True, capture_output=True, env=env)
        cold.append(time.perf_counter() - t)
    gf, g = gamefile.load(game)
    warm = []
    for _ in range(runs):
        t = time.perf_counter()
        pdf.export(gf, g, str(out), force=True, paper="A4")
        warm.append(time.perf_counter() - t)
    return cold, warm, out.stat().st_size


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in (four_player_game(folder), hangul_game(folder), korean_game(folder)):
            cold, warm, size = measure(game, folder / "sheet.pdf", args.runs)
            worst = max(worst, max(cold))
            print(f"{game.name}:")
            print(f"  whole command, fresh process: median {statistics.median(cold):.3f} s, max {max(cold):.3f} s "
                  f"({args.runs} runs)")
            print(f"  export only, warm process:    median {statistics.median(warm):.3f} s, "
                  f"max {max(warm):.3f} s; PDF {size / 1024:.0f} KiB")
    ok = worst <= BUDGET
    print(f"budget {BUDGET:.1f} s wall for the whole command: {'met' if ok else 'MISSED'} (worst {worst:.3f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
