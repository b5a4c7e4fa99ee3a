"""Never lose a game (issue #15): bad names and typed text, PDFs over games, comments on undo, symlinks, planted
links, control characters on screen, bounded counts, huge numbers, pipes and devices, and the smaller points.

Each test names the item of the issue it covers. The CLI runs in-process (typer's runner) unless a test needs
the real program (signals, pipes, exit codes).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from helpers import PATHS, fix, make_setup
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import GameFileError, IllegalAction, NotationError, new_game, parse
from lignum_companion.engine.setup import Setup, check_name
from lignum_companion.gamefile import store as gamefile
from lignum_companion.system import atomic

runner = CliRunner()
PATH_2P = "path " + PATHS[2]
NEW = ["new", "-m", "basic", "--no-variants", "--winter", "4/2,5/3"]


def lignum(*args: str, env: dict[str, str] | None = None):
    result = runner.invoke(app, list(args), env=env)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def game(tmp_path: Path, lines: list[str] = (), name: str = "g.lignum") -> Path:
    path = tmp_path / name
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), list(lines)), path)
    return path


def one_line(result) -> str:
    text = result.output.strip()
    assert text.count("\n") == 0, text
    return text


# --- item 3: names and typed text are checked before anything is written ------------------------------------


@pytest.mark.parametrize("name", ["a=b", "x\x00y", "an\x1b[31mna", "be\u202en", "zero\u200bwidth", "co,ma"])
def test_item3_names_that_would_break_the_file_are_refused(tmp_path, name):
    with pytest.raises(IllegalAction):
        check_name(name)
    r = lignum(*NEW, "-p", f"{name},ben", "--order", f"{name},ben", "--areas", f"{name}=1,ben=5",
               "-f", str(tmp_path / "n.lignum"))
    assert r.exit_code != 0
    assert not (tmp_path / "n.lignum").exists()


def test_item3_a_header_with_a_name_holding_equals_is_a_clear_refusal(tmp_path):
    path = game(tmp_path)
    text = path.read_text(encoding="utf-8").replace("players anna ben", "players a=b ben").replace(
        "areas anna=1", "areas a=b=1").replace("order anna ben", "order a=b ben")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError, match="line 3: bad setup"):
        gamefile.load(path)


def test_item3_a_nul_byte_typed_into_do_is_refused_and_nothing_written(tmp_path):
    path = game(tmp_path)
    before = path.read_bytes()
    r = lignum("do", str(path), "fix anna money +1 a\x00b")
    assert r.exit_code == 1 and "U+0000" in one_line(r)
    assert path.read_bytes() == before


# --- item 4: a PDF never replaces a game ------------------------------------------------------------------


def test_item4_score_pdf_never_overwrites_the_game_or_its_backup(tmp_path):
    path = game(tmp_path, [PATH_2P])
    game(tmp_path, [PATH_2P, fix("anna", "money", 1, "x")])  # now g.lignum.bak exists
    bak = path.with_name(path.name + ".bak")
    files = {p: p.read_bytes() for p in (path, bak)}
    other = tmp_path / "copy.txt"
    other.write_bytes(path.read_bytes())
    for target in (path, bak, other):
        r = lignum("score", str(path), "--pdf", str(target), "--force")
        assert r.exit_code == 1 and "game file" in one_line(r), r.output
    assert {p: p.read_bytes() for p in files} == files
    r = lignum("score", str(path), "--pdf", "")
    assert r.exit_code == 2 and "--pdf needs a file name" in r.output


# --- item 5: undo keeps comments ---------------------------------------------------------------------------


def test_item5_undo_keeps_hand_written_comments_after_the_removed_lines(tmp_path):
    path = game(tmp_path, [PATH_2P])
    with path.open("a", encoding="utf-8") as f:
        f.write("fix anna money +1 taken back\n# we agreed anna may take back this line\n\n# another note\n")
    r = lignum("undo", str(path))
    assert r.exit_code == 0, r.output
    text = path.read_text(encoding="utf-8")
    assert "taken back" not in text
    assert "# we agreed anna may take back this line" in text and "# another note" in text


# --- item 6: symlinked game files ---------------------------------------------------------------------------


def test_item6_a_symlinked_game_is_saved_through_the_link(tmp_path):
    synced = tmp_path / "synced"
    synced.mkdir()
    real = game(synced, [PATH_2P])
    link = tmp_path / "g.lignum"
    link.symlink_to(real)
    r = lignum("do", str(link), fix("anna", "money", 1, "through the link"))
    assert r.exit_code == 0, r.output
    assert link.is_symlink()
    assert "through the link" in real.read_text(encoding="utf-8")
    assert real.with_name(real.name + ".bak").exists()


# --- item 7: temporary files never follow planted links ----------------------------------------------------


def test_item7_planted_links_at_temporary_names_are_never_followed(tmp_path):
    path = game(tmp_path, [PATH_2P])
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    for planted in (path.with_name(path.name + ".bak.tmp"), path.with_name(path.name + ".tmp")):
        planted.symlink_to(victim)
    r = lignum("do", str(path), fix("anna", "money", 1, "x"))
    assert r.exit_code == 0, r.output
    assert victim.read_text(encoding="utf-8") == "precious"
    assert gamefile.read(path).action_texts()[-1].endswith("x")


def test_item7_a_planted_lock_link_is_refused_not_followed(tmp_path):
    path = game(tmp_path, [PATH_2P])
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    gamefile.lock_path(path).unlink()
    gamefile.lock_path(path).symlink_to(victim)
    r = lignum("do", str(path), fix("anna", "money", 1, "x"))
    assert r.exit_code == 1 and "cannot lock" in one_line(r)
    assert victim.read_text(encoding="utf-8") == "precious"


def test_item7_temporary_files_are_created_exclusively(tmp_path, monkeypatch):
    seen = []
    real = atomic.tempfile.mkstemp

    def spy(*a, **k):
        fd, name = real(*a, **k)
        seen.append(name)
        return fd, name

    monkeypatch.setattr(atomic.tempfile, "mkstemp", spy)
    path = game(tmp_path)
    gamefile.save(gamefile.append(gamefile.read(path), [PATH_2P]), path)
    # new file; then the new version (the backup is a hard link to the old file: os.link, exclusive as well)
    assert len(seen) == 2 and len(set(seen)) == 2


# --- item 8: control characters never reach the terminal ----------------------------------------------------


def test_item8_control_characters_in_a_shared_file_are_shown_not_obeyed(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    evil = games / "x\x1b[2Jy.lignum"
    game(games, [PATH_2P], name=evil.name)
    r = lignum("games", env={"LIGNUM_GAMES_DIR": str(games)})
    assert "\x1b" not in r.output and "\\u001b[2J" in r.output
    path = game(tmp_path, [PATH_2P])
    with path.open("a", encoding="utf-8") as f:
        f.write("fix anna money +1 \x1b]0;owned\x07 \u202egnp.exe\n")
    for command in ("show", "log", "next", "score", "check"):
        r = lignum(command, str(path))
        assert not any(ch in r.output for ch in "\x1b\x07\u202e"), command
    from lignum_companion.engine.names import neutralise

    assert neutralise("a\u202eb\x1bc\nd") == "a\\u202eb\\u001bc\nd"


def test_item8_a_correction_reason_with_escapes_is_refused():
    with pytest.raises(NotationError, match="U\\+001B"):
        parse("fix anna money +1 \x1b[31mred")
    with pytest.raises(NotationError, match="U\\+202E"):
        parse("fix anna money +1 \u202eevil")


def test_item8_names_are_nfc_and_typed_names_match_after_normalising(tmp_path):
    nfd = unicodedata.normalize("NFD", "björn")
    assert check_name(nfd) == "björn"
    s = Setup(players=["björn", nfd], order=["björn", nfd], areas={"björn": 1, nfd: 5}, winter=[[4, 2], [5, 3]])
    with pytest.raises(IllegalAction, match="differ"):
        new_game(s)
    s = make_setup(2, names=(nfd, "ben"))
    g = new_game(s)
    assert g.players[0].name == "björn"
    assert parse(f"fix {nfd} money +1 nfd").player is None
    assert g.player_index(nfd) == 0 and g.player_index("BJÖRN") == 0


# --- items 11 and 12: bounded counts, huge numbers, pipes and devices ---------------------------------------


@pytest.mark.parametrize("line", ["placement 2:150F+150S+150H", "anna go 4 " + "9" * 5000,
                                  "fix anna money +" + "1" * 5000 + " huge", "task " + "9" * 5000 + " mF@0"])
def test_items11_12_huge_counts_and_numbers_are_one_line_refusals(tmp_path, line):
    with pytest.raises(NotationError):  # refused by the notation, whatever the step
        parse(line)
    path = game(tmp_path, [PATH_2P])
    r = lignum("do", str(path), line)
    assert r.exit_code == 1 and len(one_line(r)) < 400, r.output


def test_item12_a_header_with_a_huge_number_is_refused_and_games_lists_the_others(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    good = game(games, [PATH_2P], name="good.lignum")
    bad = game(games, [], name="bad.lignum")
    bad.write_text(bad.read_text(encoding="utf-8").replace("start\n", "money " + "9" * 5000 + "\nstart\n"),
                   encoding="utf-8")
    with pytest.raises(GameFileError, match="far too large"):
        gamefile.load(bad)
    r = lignum("games", env={"LIGNUM_GAMES_DIR": str(games)})
    assert r.exit_code == 0
    assert good.name in r.output and "unreadable" in r.output


@pytest.mark.parametrize("args", [["sale", "9" * 5000 + "xfirewood"], ["market", "--sell", "99999999xstake"],
                                  ["winter", "--food-need", "9" * 5000, "--heat-need", "1", "--food", "1",
                                   "--heat", "1", "--money", "1"]])
def test_items11_12_calc_refuses_huge_counts_quickly(args):
    r = lignum("calc", *args)
    assert r.exit_code == 1 and "game file" not in r.output and len(one_line(r)) < 300, r.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_item11_check_and_play_refuse_a_fifo_and_a_device(tmp_path):
    fifo = tmp_path / "pipe.lignum"
    os.mkfifo(fifo)
    for target in (str(fifo), "/dev/zero"):
        for command in ("check", "play"):
            r = lignum(command, target)
            assert r.exit_code == 1 and "not a regular file" in one_line(r)


# --- item 13: signals -----------------------------------------------------------------------------------------

SIGNAL_CODE = """
import os, signal, sys
from lignum_companion.cli import entry
from lignum_companion.gamefile import save as saving
sig = getattr(signal, sys.argv[1])
def stop(name):
    if name == "temp-done":
        os.kill(os.getpid(), sig)
saving._stage = stop
sys.argv = ["lignum", "do", sys.argv[2], "fix anna money +1 x"]
entry.main()
"""


@pytest.mark.parametrize(("name", "code"), [("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 130)])
def test_item13_a_signal_during_a_save_exits_cleanly_with_one_line(tmp_path, name, code):
    if not hasattr(__import__("signal"), name):
        pytest.skip(f"no {name} here")
    path = game(tmp_path, [PATH_2P])
    before = path.read_bytes()
    r = subprocess.run([sys.executable, "-c", SIGNAL_CODE, name, str(path)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == code, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.strip().count("\n") == 0, r.stderr
    assert "nothing was saved" in r.stderr
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_item13_ctrl_c_while_loading_is_one_line_not_a_traceback():
    code = """
import builtins, os, signal, sys
from lignum_companion.cli import entry
real = builtins.__import__
def slow(name, *a, **k):
    if name.endswith("cli.app"):
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *a, **k)
builtins.__import__ = slow
sys.argv = ["lignum", "games"]
entry.main()
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 130 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip() == "interrupted: nothing was saved by this command; every game file is as it was"


def test_item13_bracketed_paste_is_turned_off_when_a_signal_stops_the_program():
    code = """
import os, signal, sys
from lignum_companion.cli import entry
from lignum_companion.cli import game as cli_game
def wait():
    sys.stdout.write("ready\\n"); sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGTERM)
cli_game.cmd_games = wait
from lignum_companion.cli import app as cli
cli.app.registered_commands = [c for c in cli.app.registered_commands if c.name != "games"]
cli.app.command("games")(wait)
sys.argv = ["lignum", "games"]
entry.main()
"""
    import pty

    leader, follower = pty.openpty()
    p = subprocess.Popen([sys.executable, "-c", code], stdout=follower, stderr=subprocess.PIPE, text=True)
    os.close(follower)
    chunks = b""
    while True:
        try:
            data = os.read(leader, 1024)
        except OSError:
            break
        if not data:
            break
        chunks += data
    p.wait(timeout=60)
    os.close(leader)
    assert p.returncode == 143
    assert b"\x1b[?2004l" in chunks


# --- smaller points -------------------------------------------------------------------------------------------


def test_smaller_bom_and_tabs_in_a_hand_edited_header_are_read(tmp_path):
    path = game(tmp_path, [PATH_2P])
    text = path.read_text(encoding="utf-8").replace("players anna ben", "players\tanna\tben")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert gamefile.load(path)[0].setup.players == ["anna", "ben"]


def test_smaller_u2028_does_not_split_lines_so_numbers_match_an_editor(tmp_path):
    path = game(tmp_path, [PATH_2P])
    with path.open("a", encoding="utf-8") as f:
        f.write("# a note\u2028still the note\nfix anna money +1 a\u2028b\n")
    with pytest.raises(GameFileError) as e:
        gamefile.load(path)
    assert e.value.line == len(path.read_text(encoding="utf-8").split("\n")) - 1
    assert "U+2028" in str(e.value)


def test_smaller_format_version_0_is_refused(tmp_path):
    path = game(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("lignum-game 1", "lignum-game 0"), encoding="utf-8")
    with pytest.raises(GameFileError, match="no format 0"):
        gamefile.load(path)


def test_smaller_read_only_games_are_refused_and_modes_are_kept(tmp_path):
    path = game(tmp_path, [PATH_2P])
    os.chmod(path, 0o640)
    assert lignum("do", str(path), fix("anna", "money", 1, "x")).exit_code == 0
    bak = path.with_name(path.name + ".bak")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 == stat.S_IMODE(bak.stat().st_mode)
    os.chmod(path, 0o440)
    before = path.read_bytes()
    r = lignum("do", str(path), fix("anna", "money", 1, "y"))
    assert r.exit_code == 1 and "read-only" in one_line(r)
    r = lignum("undo", str(path))
    assert r.exit_code == 1 and "read-only" in one_line(r)
    assert path.read_bytes() == before


def test_smaller_write_failures_in_new_and_undo_are_one_line(tmp_path, monkeypatch):
    path = game(tmp_path, [PATH_2P])

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "open", refuse)
    r = lignum("undo", str(path))
    assert r.exit_code == 1 and "Permission denied" in one_line(r) and "internal error" not in r.output
    r = lignum(*NEW, "-p", "anna,ben", "--order", "anna,ben", "--areas", "anna=1,ben=5",
               "-f", str(tmp_path / "new.lignum"))
    assert r.exit_code == 1 and "Permission denied" in one_line(r) and "internal error" not in r.output


def test_smaller_refusals_echo_a_short_piece_of_long_input(tmp_path):
    path = game(tmp_path, [PATH_2P])
    r = lignum("do", str(path), "anna area " + "x" * 5000)
    assert r.exit_code == 1 and len(one_line(r)) < 400


def test_smaller_log_into_a_closed_pipe_exits_0(tmp_path):
    path = game(tmp_path, [PATH_2P] + [fix("anna", "money", 1, f"n{i}") for i in range(3000)])
    code = "from lignum_companion.cli.entry import main; main()"
    p = subprocess.Popen(f"{sys.executable} -c '{code}' log {path} | head -1", shell=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, executable="/bin/bash",
                         env={**os.environ, "SHELLOPTS": "pipefail"})
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    assert out.decode().count("\n") == 1 and not err


def test_smaller_a_player_called_go_is_refused():
    for verb in ("go", "cut", "done", "saw"):
        with pytest.raises(IllegalAction, match="word of the notation"):
            check_name(verb)


def test_smaller_four_long_names_make_a_file_name_a_disk_accepts(tmp_path):
    names = tuple(c * 60 for c in "abcd")
    r = lignum(*NEW, "-p", ",".join(names), "--order", ",".join(names), "--areas",
               ",".join(f"{n}={a}" for n, a in zip(names, (1, 2, 3, 4), strict=True)), "--winter", "4/2,5/3",
               env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert r.exit_code == 0, r.output
    made = [p for p in tmp_path.iterdir() if p.suffix == ".lignum"]
    assert len(made) == 1 and len(made[0].name.encode()) < 200


def test_smaller_the_default_game_is_the_last_one_played_not_the_newest_file(tmp_path):
    env = {"LIGNUM_GAMES_DIR": str(tmp_path)}
    played = game(tmp_path, [PATH_2P], name="played.lignum")
    assert lignum("do", str(played), fix("anna", "money", 1, "x"), env=env).exit_code == 0
    touched = game(tmp_path, [], name="touched.lignum")
    os.utime(touched, (played.stat().st_mtime + 100,) * 2)  # a sync tool touched the other game
    r = lignum("check", env=env)
    assert r.exit_code == 0 and "played.lignum" in r.output


def test_smaller_games_caches_replays_and_still_sees_changes(tmp_path):
    env = {"LIGNUM_GAMES_DIR": str(tmp_path)}
    g1 = game(tmp_path, [PATH_2P], name="a.lignum")
    game(tmp_path, [], name="b.lignum")
    first = lignum("games", env=env).output
    assert (tmp_path / gamefile.CACHE).exists()
    assert lignum("games", env=env).output == first
    g1.write_text(g1.read_text(encoding="utf-8") + "nonsense here\n", encoding="utf-8")
    assert "unreadable" in lignum("games", env=env).output


def test_smaller_the_simulator_stops_on_ctrl_c_with_a_summary():
    code = """
import os, signal, sys, threading
signal.signal(signal.SIGINT, signal.default_int_handler)  # a suite run in the background starts with SIGINT ignored
from lignum_companion.dev import simulate
real = simulate.play_game
calls = []
def one(*a, **k):
    calls.append(1)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.SIGINT)
    return real(*a, **k)
simulate.play_game = one
sys.exit(simulate.main(["--games", "50", "--players", "2", "--mode", "basic", "--check", "none"]))
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 130
    assert "interrupted after" in r.stdout + r.stderr


# --- items 3 and 9: typed answers in the table mode and the wizard ---------------------------------------------


def run_cli(*args: str, stdin: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1", "LIGNUM_SEED": "1"}
    return subprocess.run([sys.executable, "-c", "from lignum_companion.cli.entry import main; main()", *args],
                          input=stdin, capture_output=True, text=True, env=env, timeout=120)


def test_item9_a_word_in_the_wizards_area_answer_is_refused_and_the_answers_kept(tmp_path):
    path = tmp_path / "w.lignum"
    r = run_cli("new", "-p", "anna,ben", "-m", "basic", "--no-variants", "--order", "anna,ben", "--winter",
                "4/2,5/3", "-f", str(path), stdin="1 x\n1 5\n" + "\n" * 6, tmp=tmp_path)
    assert "internal error" not in r.stderr.lower() and "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert gamefile.read(path).setup.areas == {"anna": 1, "ben": 5}


def test_items3_9_odd_answers_in_play_are_refused_not_errors(tmp_path):
    path = game(tmp_path)
    r = run_cli("play", str(path), stdin="1 2\nback\nfix anna money +1 a\x00b\n1 x 2\nquit\n", tmp=tmp_path)
    assert "internal error" not in (r.stdout + r.stderr).lower() and "Traceback" not in r.stderr, r.stdout[-3000:]
    assert r.returncode == 0
    assert gamefile.read(path).action_texts() == []


def test_item13_a_forked_worker_ends_on_sigterm_as_by_default():
    """Pools (lignum games, stats) terminate their workers with SIGTERM: our handler must not keep them alive."""
    code = """
import os, signal, sys, time
from lignum_companion.cli import entry
entry.install()
pid = os.fork()
if pid == 0:
    time.sleep(30)
    os._exit(0)
time.sleep(0.2)
os.kill(pid, signal.SIGTERM)
_, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status))
"""
    if not hasattr(os, "fork"):
        pytest.skip("needs fork")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "-15", r.stdout + r.stderr
