"""Two terminals at once (issue #15, item 1): racing `lignum do`, `lignum undo` and `lignum new` never lose a line
that was confirmed with `ok`, and never give two games one file.

Each race starts two processes at the same moment on one game file; a few races run side by side in a small
pool, so several processes contend for the same lock. The 50-pair races fork this test process and run the
command there (the same code as `lignum`, without paying an interpreter start-up per process); the others start
the real program. Nothing here depends on the machine's speed: whatever the order, every confirmed line must be
in the file and every undone line out of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import fix, make_setup

from lignum_companion import gamefile

PAIRS = 50
POOL = 3  # races run side by side: up to six processes on one file
CODE = "from lignum_companion.entry import main; main()"


def spawn(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CODE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


def forked(args: tuple[str, ...]) -> int:
    """A child process running `lignum ARGS` (already imported here); returns its pid. Output goes to files."""
    from lignum_companion.cli import app

    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        code = 1
        try:
            out = os.open(args[-1], os.O_WRONLY | os.O_CREAT, 0o600)
            os.dup2(out, 1)
            os.dup2(out, 2)
            sys.stdout = open(1, "w", closefd=False)
            sys.stderr = sys.stdout
            try:
                app(list(args[:-1]), standalone_mode=True)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            sys.stdout.flush()
        finally:
            os._exit(code)
    return pid


def fork_race(commands: list[tuple[str, ...]], tmp: Path, k: int) -> list[tuple[int, str, str]]:
    outs = [str(tmp / f"out-{k}-{j}.txt") for j in range(len(commands))]
    pids = [forked((*c, o)) for c, o in zip(commands, outs, strict=True)]
    results = []
    for pid, o in zip(pids, outs, strict=True):
        _, status = os.waitpid(pid, 0)
        text = Path(o).read_text(encoding="utf-8")
        results.append((os.waitstatus_to_exitcode(status), text, text))
    return results


def race(commands: list[tuple[str, ...]], env: dict[str, str]) -> list[tuple[int, str, str]]:
    procs = [spawn(*c, env=env) for c in commands]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        results.append((p.returncode, out, err))
    return results


def game(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "race.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), lines), path)
    return path


def env_for(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "LIGNUM_LOCK_WAIT": "60"}


def oks(out: str) -> list[str]:
    return [line[len("ok: "):] for line in out.splitlines() if line.startswith("ok: ")]


def run_races(pairs: list[list[tuple[str, ...]]], tmp: Path) -> list[tuple[int, str, str]]:
    """POOL races at a time, all their processes started together."""
    (tmp / "out").mkdir()
    results = []
    for at in range(0, len(pairs), POOL):
        batch = [c for pair in pairs[at: at + POOL] for c in pair]
        results += fork_race(batch, tmp / "out", at)
    return results


needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="forks racing processes")


@needs_fork
def test_racing_do_do_keeps_every_confirmed_line(tmp_path):
    path = game(tmp_path, [])
    pairs = [[("do", str(path), fix("anna", "money", 1, f"a{i}")), ("do", str(path), fix("ben", "money", 1, f"b{i}"))]
             for i in range(PAIRS)]
    results = run_races(pairs, tmp_path)
    confirmed = [t for code, out, err in results for t in oks(out)]
    for code, _out, err in results:
        assert code == 0 and "Traceback" not in err, err  # with a generous wait, every writer gets its turn
    assert len(confirmed) == 2 * PAIRS
    assert sorted(gamefile.read(path).action_texts()) == sorted(confirmed)
    gf, g = gamefile.load(path)
    assert [p.money for p in g.players] == [5 + PAIRS, 5 + PAIRS]


@needs_fork
def test_racing_do_undo_loses_nothing_confirmed_and_keeps_nothing_undone(tmp_path):
    start = [fix("anna", "money", 1, f"s{i}") for i in range(PAIRS + 5)]
    path = game(tmp_path, start)
    pairs = [[("do", str(path), fix("ben", "money", 1, f"d{i}")), ("undo", str(path))] for i in range(PAIRS)]
    results = run_races(pairs, tmp_path)
    confirmed, undone = [], []
    for code, out, err in results:
        assert code == 0 and "Traceback" not in err, err
        confirmed += oks(out)
        undone += [line[len("undone: "):] for line in out.splitlines() if line.startswith("undone: ")]
    assert len(confirmed) == PAIRS and len(undone) == PAIRS
    expected = [t for t in start + confirmed if t not in undone]  # every line is unique (its reason)
    assert sorted(gamefile.read(path).action_texts()) == sorted(expected)


def test_a_writer_that_waits_too_long_refuses_and_never_says_ok(tmp_path):
    path = game(tmp_path, [])
    before = path.read_bytes()
    with gamefile.locked(path):  # another command holds the game
        r = race([("do", str(path), fix("anna", "money", 1, "late"))],
                 {**env_for(tmp_path), "LIGNUM_LOCK_WAIT": "0.2"})[0]
    code, out, err = r
    assert code == 1 and "ok:" not in out
    assert err.strip().count("\n") == 0 and "being changed by another lignum command" in err, err
    assert path.read_bytes() == before


def test_ten_new_games_at_once_with_the_same_names_get_ten_files(tmp_path):
    env = env_for(tmp_path)
    args = ("new", "-p", "anna,ben", "-m", "basic", "--no-variants", "--order", "anna,ben", "--areas",
            "anna=1,ben=5", "--winter", "4/2,5/3")
    results = race([args] * 10, env)
    paths = []
    for code, out, err in results:
        assert code == 0, err
        paths.append(out.splitlines()[0].removeprefix("New game saved to "))
    assert len(set(paths)) == 10
    for p in paths:
        assert gamefile.read(p).setup.players == ["anna", "ben"]
