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

from lignum_companion.gamefile import store as gamefile

PAIRS = 50
POOL = 3  # races run side by side: up to six processes on one file
CODE = "from lignum_companion.cli.entry import main; main()"


def spawn(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CODE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


def forked(args: tuple[str, ...]) -> int:
    """A child process running `lignum ARGS` (already imported here); returns its pid. Output goes to files."""
    from lignum_companion.cli.app import app

    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        code = 1
        try:
            if args[-2].startswith("<"):  # answers for `play` from a file
                answers = os.open(args[-2][1:], os.O_RDONLY)
                os.dup2(answers, 0)
                sys.stdin = open(0, encoding="utf-8", closefd=False)
                args = (*args[:-2], args[-1])
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
        assert out.splitlines()[0] == "New game saved to"  # the path on a line of its own, never split
        paths.append(out.splitlines()[1].strip())
    assert len(set(paths)) == 10
    for p in paths:
        assert gamefile.read(p).setup.players == ["anna", "ben"]


# --- play and a second terminal (item 2) -------------------------------------------------------------------------


class Player:
    """`lignum play` on a pipe, answered one line at a time; `said` waits for a text in its output."""

    def __init__(self, path: Path, env: dict[str, str]) -> None:
        self.p = subprocess.Popen([sys.executable, "-c", CODE, "play", str(path)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**env, "NO_COLOR": "1"})
        self.out = b""

    def answer(self, line: str) -> None:
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()

    def said(self, text: str) -> str:
        import select

        while text not in " ".join(self.out.decode(errors="replace").split()):  # messages wrap at 80 columns
            ready, _, _ = select.select([self.p.stdout], [], [], 60)
            assert ready, f"play never said {text!r}: {self.out.decode()[-2000:]}"
            chunk = os.read(self.p.stdout.fileno(), 65536)
            assert chunk, f"play ended before saying {text!r}: {self.out.decode()[-2000:]}"
            self.out += chunk
        return self.out.decode()

    def quit(self) -> int:
        self.answer("quit")
        self.p.stdin.close()
        self.out += self.p.stdout.read()
        return self.p.wait(timeout=120)


def playing_after_one_line(tmp_path: Path) -> tuple[Path, dict[str, str], Player]:
    """A new game with `lignum play` running on it, one correction already entered and saved."""
    path = game(tmp_path, [])
    env = env_for(tmp_path)
    play = Player(path, env)
    play.answer(fix("anna", "money", 1, "first"))
    play.said("money +1 (first)")  # the ok line says it in words
    return path, env, play


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
def test_play_reloads_a_file_changed_by_another_terminal_or_an_editor(tmp_path):
    path, env, play = playing_after_one_line(tmp_path)
    r = race([("do", str(path), fix("ben", "money", 1, "other terminal"))], env)[0]
    assert r[0] == 0, r[2]
    play.answer(fix("anna", "money", 1, "second"))  # answered for a state the file no longer has
    play.said("was changed outside this sitting")
    play.answer(fix("anna", "money", 1, "third"))
    play.said("money +1 (third)")  # the ok line says it in words
    with path.open("a", encoding="utf-8") as f:  # a hand edit, as the README suggests for mistakes
        f.write("# fixed by hand\n" + fix("ben", "money", 1, "by hand") + "\n")
    play.answer("undo")  # the file changed again: reloaded first, so the table sees what it would undo
    play.said("4 actions, Spring")
    play.answer("undo")
    play.said("taken back: ben: ")  # in words, as its ok line said it
    play.said("money +1 (by hand)")
    assert play.quit() == 0
    assert gamefile.read(path).action_texts() == [fix("anna", "money", 1, "first"),
                                                  fix("ben", "money", 1, "other terminal"),
                                                  fix("anna", "money", 1, "third")]
    assert "# fixed by hand" in path.read_text(encoding="utf-8")
    assert " ".join(play.out.decode().split()).count("was changed outside this sitting") == 2


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
def test_play_says_so_and_keeps_its_lines_when_the_file_is_replaced_by_another_game(tmp_path):
    """Another valid game copied over the file (a wrong `cp`, a sync tool): play reloaded it without a word and
    kept nothing of the lines it had confirmed (issue 33). Now it says so and keeps them, as for a broken edit."""
    path, env, play = playing_after_one_line(tmp_path)
    play.answer(fix("anna", "money", 1, "second"))
    play.said("money +1 (second)")  # the ok line says it in words
    other = gamefile.append(gamefile.new_file(make_setup(3)), [fix("cleo", "money", 2, "theirs")])
    other_path = tmp_path / "other.lignum"
    gamefile.save(other, other_path)
    os.replace(other_path, path)
    play.answer(fix("anna", "money", 1, "third"))  # answered for a game the file no longer holds
    flat = " ".join(play.said("Answer again").split())
    kept = path.with_name(path.name.removesuffix(".lignum") + ".last-good.lignum")
    assert "was replaced outside this sitting by another game" in flat and f"is kept in {kept}" in flat
    assert gamefile.read(kept).action_texts() == [fix("anna", "money", 1, "first"), fix("anna", "money", 1, "second")]
    assert play.quit() == 0
    assert gamefile.read(path).action_texts() == [fix("cleo", "money", 2, "theirs")]  # the new game, untouched


@needs_fork
def test_racing_play_and_do_keep_every_confirmed_line(tmp_path):
    path = game(tmp_path, [])
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    pairs = []
    for i in range(PAIRS):
        script = scripts / f"{i}.txt"
        script.write_text(f"{fix('anna', 'money', 1, f'p{i}')}\n{fix('anna', 'money', 1, f'q{i}')}\nquit\n",
                          encoding="utf-8")
        pairs.append([("play", str(path), f"<{script}"), ("do", str(path), fix("ben", "money", 1, f"d{i}"))])
    results = run_races(pairs, tmp_path)
    confirmed = []
    for code, out, _ in results:
        assert code == 0 and "Traceback" not in out, out[-2000:]
        # `do` says each saved line as typed; play says a correction in words, with its reason in brackets
        confirmed += [line.strip()[len("ok: "):] for line in out.splitlines() if line.strip().startswith("ok: ")]
    said = sorted(t if t.startswith("fix ") else "fix anna money +1 " + t.rpartition("(")[2].partition(")")[0]
                  for t in confirmed)
    assert len([t for t in said if " d" in t]) == PAIRS  # every `do` got its turn
    assert sorted(gamefile.read(path).action_texts()) == said


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
def test_play_keeps_the_last_good_log_when_a_hand_edit_breaks_the_file(tmp_path):
    """A broken hand edit stays as typed; the sitting's last good log is kept beside it, and play says where."""
    path, env, play = playing_after_one_line(tmp_path)
    broken = path.read_text(encoding="utf-8") + "anna go sideways\n"
    path.write_text(broken, encoding="utf-8")  # an editor saves a line the notation does not read
    play.answer(fix("anna", "money", 1, "second"))
    flat = " ".join(play.said("run lignum play again").split())
    play.p.stdin.close()
    assert play.p.wait(timeout=120) == 1
    kept = path.with_name(path.name.removesuffix(".lignum") + ".last-good.lignum")
    assert path.read_text(encoding="utf-8") == broken  # the table's edit is not overwritten
    assert gamefile.read(kept).action_texts() == [fix("anna", "money", 1, "first")]
    assert f"is kept in {kept}" in flat and "1 action" in flat
    assert "FILE.bak" not in flat and "Everything entered before this prompt is saved" not in flat
