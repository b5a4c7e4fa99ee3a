"""Lines `lignum play` prints per answer over scripted whole games (issue 21: a screen a table glances at).

The keystroke benchmark's scripted table (bench_keystrokes.py, the fixed test table) plays a whole game once to
write its answers down; those answers are then piped, as plain lines, through the real interactive loop on a
fresh game file, exactly as `lignum play FILE < script` reads them. Every line written between one answer and the
next (the prompt line with its echoed answer included) counts for that answer. Reported per game: answers, lines,
and lines per answer (median, 95th percentile, maximum). Budgets (benchmarks/README.md): median <= 6 and 95th
percentile <= 16 at 4 players; exits 1 when missed.

    python benchmarks/bench_screen.py [--seed 7] [--show] [--worst 5]
    python benchmarks/bench_screen.py --typed [--lang ko] [--worst 5] [--show] [EXAMPLE ...]

`--typed` is the table that types every move as it speaks (issue 32): each example's own lines (examples/*.lignum,
the comments left out) are piped one answer each into `play` on a new file with that example's header, and the
mean lines per answer is reported per game; budget <= 7 at 80 columns in both languages, exits 1 when missed.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_keystrokes  # noqa: E402

from lignum_companion import table  # noqa: E402
from lignum_companion.engine import Setup, new_game  # noqa: E402
from lignum_companion.engine import data as D  # noqa: E402
from lignum_companion.gamefile import store as gamefile

GAMES = (("2-player basic", 2, "basic"), ("4-player expert", 4, "expert"))
BUDGET_MEDIAN, BUDGET_P95 = 6, 16
BUDGET_TYPED_MEAN = 7.0  # issue 32: lines an answer when every answer is a typed line, 80 columns
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class CountingConsole(table.Console):
    """A plain console (as with piped input) that counts the lines written after each answer."""

    def __init__(self, script: list[str], show: bool) -> None:
        super().__init__(tty=False, stdin=io.StringIO("".join(a + "\n" for a in script)), stdout=io.StringIO())
        self.per_answer: list[int] = [0]  # lines before the first answer, then after each answer
        self.texts: list[list[str]] = [[]]
        self.show = show

    def write(self, text: str) -> None:
        if self.show:
            sys.stdout.write(text)
        self.per_answer[-1] += text.count("\n")
        self.texts[-1].append(text)

    def _read(self, message: str) -> str:
        raw = super()._read(message)  # writes the prompt and the echoed answer
        self.per_answer.append(0)
        self.texts.append([])
        return raw


def script_for(players: int, mode: str, seed: int) -> tuple[Setup, list[str]]:
    """The setup and the answers of one scripted game at the fixed test table (bench_keystrokes, seated)."""
    con, session = bench_keystrokes.run(players, seed, mode, False, seated=True)
    return session.gf.setup, list(con.script)


def replay(setup: Setup, script: list[str], seed: int, show: bool) -> tuple[CountingConsole, table.Session]:
    """Pipe the answers through the interactive loop on a new game file."""
    path = Path(tempfile.mkdtemp(prefix="lignum-screen-")) / "screen.lignum"
    gf = gamefile.new_file(setup)
    gamefile.save(gf, path)
    gf, g = gamefile.load(path)
    con = CountingConsole(script, show)
    session = table.Session(path, gf, new_game(setup), con, str(seed))
    session.main()
    return con, session


def typed_script(example: Path) -> tuple[str, list[str]]:
    """An example's header (up to `start`) and its action lines, comments and blank lines left out."""
    lines = example.read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    body = [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]
    return "\n".join(lines[:end]) + "\n", body


def typed(example: Path, lang: str, show: bool) -> tuple[CountingConsole, table.Session]:
    """Pipe one example's lines through the interactive loop on a new file with its header, in `lang`."""
    from lignum_companion.texts import catalog

    header, body = typed_script(example)
    path = Path(tempfile.mkdtemp(prefix="lignum-typed-")) / example.name
    path.write_text(header, encoding="utf-8")
    catalog.choose(lang)
    gf, g = gamefile.load(path)
    con = CountingConsole(body, show)
    session = table.Session(path, gf, g, con, "7")
    session.main()
    return con, session


def run_typed(names: list[str], lang: str, show: bool, worst: int) -> bool:
    """Report the mean lines an answer for each example typed line by line; True when every game is in budget."""
    ok = True
    examples = [EXAMPLES / (n if n.endswith(".lignum") else n + ".lignum") for n in names] or sorted(
        EXAMPLES.glob("*.lignum"))
    for example in examples:
        con, session = typed(example, lang, show)
        counts = con.per_answer[1:]
        mean = sum(counts) / max(1, len(counts))
        done = "" if session.g.over else " (did not reach the end)"
        over = mean > BUDGET_TYPED_MEAN
        ok = ok and not over and not done
        print(f"{example.stem} [{lang}]: {len(counts)} answers, {sum(counts)} lines, {mean:.2f} an answer, "
              f"median {statistics.median(counts):g}, max {max(counts)}{done}{'  OVER BUDGET' if over else ''}")
        for i in sorted(range(len(counts)), key=lambda i: -counts[i])[:worst]:
            print(f"--- answer {i + 1} ({counts[i]} lines) " + "-" * 40)
            print("".join(con.texts[i + 1]), end="")
    print(f"(budget: at most {BUDGET_TYPED_MEAN:g} lines an answer at 80 columns)")
    return ok


def p95(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", action="store_true", help="print the 4-player session as it is played")
    ap.add_argument("--worst", type=int, default=0, help="print the N answers that printed the most lines")
    ap.add_argument("--typed", action="store_true", help="pipe each example's own lines (a table that types)")
    ap.add_argument("--lang", default="en", choices=("en", "ko"), help="with --typed: the language shown")
    ap.add_argument("examples", nargs="*", help="with --typed: example names (default: every example)")
    args = ap.parse_args()
    os.environ.setdefault("NO_COLOR", "1")
    if args.typed:
        raise SystemExit(0 if run_typed(args.examples, args.lang, args.show, args.worst) else 1)
    random.seed(args.seed)
    failed = False
    for label, players, mode in GAMES:
        setup, script = script_for(players, mode, args.seed)
        con, session = replay(setup, script, args.seed, args.show and players == 4)
        if not session.g.over:
            raise SystemExit(f"{label}: the piped script stopped before the end of the game")
        counts = con.per_answer[1:]  # after each answer (the opening lines belong to no answer)
        med, high, top = statistics.median(counts), p95(counts), max(counts)
        print(f"{label}: {len(counts)} answers, {len(session.gf.actions)} actions, {sum(con.per_answer)} lines; "
              f"lines per answer median {med:g}, 95th percentile {high:g}, max {top}")
        if players == 4 and (med > BUDGET_MEDIAN or high > BUDGET_P95):
            failed = True
            print(f"  over budget (median <= {BUDGET_MEDIAN}, 95th percentile <= {BUDGET_P95})")
        for i in sorted(range(len(counts)), key=lambda i: -counts[i])[:args.worst]:
            print(f"--- answer {i + 1} ({counts[i]} lines) " + "-" * 40)
            print("".join(con.texts[i + 1]), end="")
    rounds = D.ROUNDS
    print(f"({rounds} rounds a game; budgets at 4 players: median <= {BUDGET_MEDIAN}, 95th percentile <= {BUDGET_P95})")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
