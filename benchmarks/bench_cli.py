"""Start-up cost of the CLI against the bare imports it cannot avoid, measured side by side in one run.

    python benchmarks/bench_cli.py [--runs 40] [--file examples/basic-4p.lignum] [--no-bytecode] [--lang both]

Each command runs in every language and beside its baseline in one loop (en, ko, baseline; then ko, baseline,
en; ...), so that machine load hits all alike; the ratio of each language's median to the baseline's is reported:

- `lignum --help`       vs `python -c "import typer"`            budget: at most 1.2x
- `lignum show FILE`    vs `python -c "import typer, tabulate"`  budget: at most 1.5x
- `lignum next FILE`    vs `python -c "import typer, tabulate"`  budget: at most 1.5x, on a game stopped in the
  middle of a summer trip (the winter forecast and the advisor's warnings are worked out and shown)
- `lignum play FILE`    vs `python -c "import typer, tabulate"`  no budget, reported: the same game answered
  `quit` at the first prompt, so the table mode loads, shows where the game stands and stops

Both sides run the same interpreter directly (the console script next to `sys.executable`, not a pyenv shim),
with bytecode caching on as in an ordinary installation: `PYTHONDONTWRITEBYTECODE` is dropped and the cache goes to
a temporary `PYTHONPYCACHEPREFIX`, warmed up before timing (`--no-bytecode` keeps compiling every module each
run, for comparison). Parsed templates are cached the same way (texts.py; `LIGNUM_TEXT_CACHE` in a temporary
folder, filled by the warm-up runs), as after a first run of an installation; `--text-cache both` also runs
each language without it (`off`), in the same loop. `--lang en|ko` measures one
language only. Exit status 1 when a budget is missed in any language (wall-clock medians, as the budgets
say); the load average is printed before and after, since a busy machine moves every figure, and the ratio of
the processor time used (user + system, which leaves out waiting for a busy core) is shown beside each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGETS: dict[str, float | None] = {"help": 1.2, "show": 1.5, "next": 1.5, "play": None}
NEXT_LINES = 240  # examples/expert-4p.lignum cut here: fall of year 1, on the path, forecast and warnings due


def lignum_command() -> list[str]:
    """The console script beside this interpreter (a shim would add its own start-up), else the module."""
    beside = Path(sys.executable).parent / "lignum"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("lignum")
    return [found] if found else [sys.executable, "-m", "lignum_companion.cli.app"]


def game_file(given: str | None) -> Path:
    if given:
        return Path(given)
    for name in ("basic-4p.lignum", "expert-4p.lignum"):
        if (ROOT / "examples" / name).exists():
            return ROOT / "examples" / name
    return ROOT / "benchmarks" / "data" / "sim-4p-basic.lignum"


def mid_game_file(folder: str) -> Path:
    """The expert example cut in the middle of a trip, so that `next` shows a forecast and warnings."""
    src = ROOT / "examples" / "expert-4p.lignum"
    lines = src.read_text(encoding="utf-8").splitlines()
    start = lines.index("start") + 1
    body = [x for x in lines[start:] if x.strip() and not x.startswith("#")]
    out = Path(folder) / "mid-game.lignum"
    out.write_text("\n".join(lines[:start] + body[:NEXT_LINES]) + "\n", encoding="utf-8")
    return out


ANSWERS = b"quit\n"  # standard input of every run: `lignum play` stops at its first prompt, the others read none


def time_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time, and the processor time (user + system) the command used: waiting for a busy core is not in it."""
    used = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, input=ANSWERS, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode(errors='replace')}")
    return took, _children_cpu() - used


def _children_cpu() -> float:
    try:
        import resource
    except ImportError:  # not on this platform: wall time only
        return 0.0
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def side_by_side(runners: list[tuple[list[str], dict[str, str]]], runs: int) -> list[list[tuple[float, float]]]:
    """Each (command, environment) once per round, the order turning every round, so load hits all alike."""
    for _ in range(3):  # warm-up: bytecode cache, text cache, page cache
        for cmd, env in runners:
            time_once(cmd, env)
    times: list[list[tuple[float, float]]] = [[] for _ in runners]
    for k in range(runs):
        for j in range(len(runners)):
            i = (j + k) % len(runners)
            times[i].append(time_once(*runners[i]))
    return times


HEAVY = ("pydantic", "rich", "reportlab", "questionary", "tabulate", "wcwidth", "tomllib")  # tomllib: a template parsed


def heavy_imports(cmd: list[str], env: dict[str, str]) -> list[str]:
    """Which heavy packages a command imports (python -X importtime), to name the culprit when a budget is missed."""
    script = cmd[:1] if cmd[0] != sys.executable else []
    full = [sys.executable, "-X", "importtime"] + (script + cmd[1:] if script else cmd[1:])
    proc = subprocess.run(full, env=env, input=ANSWERS.decode(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    names = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in proc.stderr.splitlines() if "|" in line}
    return [h for h in HEAVY if h in names]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--file", help="game file for `lignum show` (default: examples/basic-4p.lignum)")
    ap.add_argument("--no-bytecode", action="store_true", help="honour PYTHONDONTWRITEBYTECODE (compile each run)")
    ap.add_argument("--lang", choices=("en", "ko", "both"), default="both",
                    help="language of the lignum side (LIGNUM_LANG); both: every pair once per language")
    ap.add_argument("--text-cache", choices=("on", "off", "both"), default="on",
                    help="the cache of parsed templates (texts.py); both: each language with and without it, "
                         "in the same loop")
    args = ap.parse_args()
    env = dict(os.environ)
    cache = tempfile.mkdtemp(prefix="lignum-bench-pycache-")
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    env["LIGNUM_GAMES_DIR"] = tempfile.mkdtemp(prefix="lignum-bench-games-")
    env["LIGNUM_TEXT_CACHE"] = os.path.join(cache, "texts")
    env["COLUMNS"] = "100"
    lignum = lignum_command()
    py = [sys.executable]
    path = game_file(args.file)
    mid = str(mid_game_file(env["LIGNUM_GAMES_DIR"]))
    pairs = {
        "help": (lignum + ["--help"], py + ["-c", "import typer"]),
        "show": (lignum + ["show", str(path)], py + ["-c", "import typer, tabulate"]),
        "next": (lignum + ["next", mid], py + ["-c", "import typer, tabulate"]),
        "play": (lignum + ["play", mid], py + ["-c", "import typer, tabulate"]),
    }
    print(f"python {sys.version.split()[0]} at {sys.executable}; lignum: {' '.join(lignum)}")
    print(f"{args.runs} rounds per command, each language and the baseline once a round, in turning order; "
          f"bytecode cache: {'off' if args.no_bytecode else 'on'}; "
          f"show file: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at {time.strftime('%Y-%m-%d %H:%M %Z')}")
    failed = []
    langs = ("en", "ko") if args.lang == "both" else (args.lang,)
    caches = {"on": ("",), "off": ("no cache",), "both": ("", "no cache")}[args.text_cache]
    variants = [f"{lang}, {c}" if c else lang for lang in langs for c in caches]
    try:
        for key, (cmd, base) in pairs.items():
            envs = {v: dict(env, LIGNUM_LANG=v.split(",")[0], **({"LIGNUM_TEXT_CACHE": "off"} if "," in v else {}))
                    for v in variants}
            *ours, tb = side_by_side([(cmd, envs[v]) for v in variants] + [(base, env)], args.runs)
            mb, cb = statistics.median(t for t, _ in tb), statistics.median(c for _, c in tb)
            for lang, runs in zip(variants, ours, strict=True):
                ma, ca = statistics.median(t for t, _ in runs), statistics.median(c for _, c in runs)
                ratio = ma / mb
                budget = BUDGETS[key]
                ok = budget is None or ratio <= budget
                if not ok:
                    failed.append(f"{key} ({lang}) {ratio:.2f} > {budget}")
                heavy = ", ".join(heavy_imports(cmd, envs[lang])) or "none"
                label = f"lignum {key} FILE" if key != "help" else "lignum --help"
                print(f"[{lang}] {label:<17}"
                      f"median {ma * 1000:6.1f} ms (min {min(t for t, _ in runs) * 1000:6.1f})   "
                      f"{' '.join(base[1:]):<30} median {mb * 1000:6.1f} ms (min {min(t for t, _ in tb) * 1000:6.1f})"
                      f"   ratio {ratio:.2f} "
                      + (f"(budget {budget}) {'ok' if ok else 'OVER'}" if budget else "(no budget)")
                      + (f"; processor time {ca * 1000:.1f} / {cb * 1000:.1f} ms = {ca / cb:.2f}" if cb else "")
                      + f"; heavy imports: {heavy}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(env["LIGNUM_GAMES_DIR"], ignore_errors=True)
    load = os.getloadavg()
    print(f"load average {' '.join(f'{x:.2f}' for x in load)} at the end; "
          + (f"budget missed: {', '.join(failed)}" if failed else "every budget met"))
    if failed and max(load) > (os.cpu_count() or 1) / 2:
        print("the machine was busy: medians move by 10 % or more at this load; re-run when it is quiet "
              "(the processor-time ratios above wait for no core and move less)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
