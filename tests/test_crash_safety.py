"""Crash safety: a save killed at any moment leaves the old or the new file, never a partial one; damaged files are
reported by line without a traceback; FILE.bak holds the previous version and brings it back.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.dev import simulate
from lignum_companion.gamefile import save as saving
from lignum_companion.gamefile import store as gamefile
from lignum_companion.system import atomic

KILLS = 60
PADDING = ["# " + "padding so that one save takes a few milliseconds " * 2] * 10_000  # about 1 MB per version


@pytest.fixture(scope="module")
def played():
    report = simulate.play_game(21, 4, "expert", check="none")
    return report.setup, report.log


def version(setup, log, k: int) -> gamefile.GameFile:
    """Version k of the game file: the first 10*k lines of the game, behind a large comment block."""
    gf = gamefile.append(gamefile.new_file(setup), log[: 10 * k])
    raw = gf.raw[:1] + PADDING + gf.raw[1:]
    return gamefile.parse_text("\n".join(raw) + "\n")


# Every point of a save where a kill could land, in order; the child stops at one of them and is killed there.
# The save names its points (save._stage); the two inside the writing of the new version are made here, by a
# write of the temporary file that stops when it is created and when it holds half of the bytes. Where the file
# system has hard links, FILE.bak is the old file itself, linked (nothing is written for it).
STAGES = ("temp-created", "temp-half-written", "temp-done", "backup-created", "backup-done", "backup-replaced",
          "replaced")
if not hasattr(os, "link"):
    STAGES = tuple(s for s in STAGES if s != "backup-created")
REPLACED_AT = STAGES.index("replaced")  # from here on the file is the new version
BACKUP_AT = STAGES.index("backup-replaced")  # from here on the backup is the old file


def _saver(path: Path, version: gamefile.GameFile, stage: str, ready: int) -> None:
    """Child process: save one version, and stop at `stage` (telling the parent) so that it is killed there."""

    def stop_here(name: str) -> None:
        if name == stage:
            os.write(ready, b"x")
            time.sleep(120)  # the parent kills us now

    real_write_temp = atomic.write_temp

    def write_temp_in_halves(folder, name, data, mode):
        """The new version's temporary file, written as the save does but stopping in the middle."""
        if name != path.name:  # not the game's new version (a backup copy): as it is
            return real_write_temp(folder, name, data, mode)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            stop_here("temp-created")
            f.write(data[: len(data) // 2])
            f.flush()
            stop_here("temp-half-written")
            f.write(data[len(data) // 2:])
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        return tmp

    saving._stage = stop_here  # this forked child only
    atomic.write_temp = write_temp_in_halves
    gamefile.save(version, path)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_sigkill_during_saves_leaves_the_old_or_the_new_version(tmp_path, played):
    """A kill at each stage of a save, in turn (deterministic: the saver stops at the stage before it is killed)."""
    setup, log = played
    n = len(log) // 10
    versions = [version(setup, log, k) for k in range(n)]
    texts = [gamefile.render(v).encode() for v in versions]
    index = {t: k for k, t in enumerate(texts)}
    assert len(index) == n >= 8
    path = tmp_path / "game.lignum"
    gamefile.save(versions[-1], path)
    gamefile.save(versions[0], path)  # now game.lignum.bak holds the version before 0 (the sequence wraps)
    current, backup = 0, n - 1
    for kill in range(KILLS):
        stage_at = kill % len(STAGES)
        new = (current + 1) % n
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            try:
                os.close(r)
                _saver(path, versions[new], STAGES[stage_at], w)
            finally:
                os._exit(0)
        os.close(w)
        assert os.read(r, 1) == b"x", f"the saver never reached {STAGES[stage_at]}"
        os.close(r)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)

        data = path.read_bytes()
        assert data in index, f"the game file is partial ({len(data)} bytes)"
        expected = new if stage_at >= REPLACED_AT else current
        assert index[data] == expected, f"killed at {STAGES[stage_at]}"
        bak = path.with_name(path.name + ".bak").read_bytes()
        assert bak in index, "the backup is partial"
        expected_bak = current if stage_at >= BACKUP_AT else backup
        assert index[bak] == expected_bak, f"killed at {STAGES[stage_at]}: the backup"
        gf, g = gamefile.load(path)
        assert gf.action_texts() == log[: 10 * expected]
        leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert bool(leftovers) == (stage_at < REPLACED_AT), STAGES[stage_at]  # a kill leaves them; saves sweep
        for p in leftovers:
            p.unlink()
        current, backup = expected, expected_bak
    assert {p.name for p in tmp_path.iterdir() if not p.name.startswith(".")} == {"game.lignum", "game.lignum.bak"}


# --- damaged files -----------------------------------------------------------------------------------------------

runner = CliRunner()


def check(path: Path):
    result = runner.invoke(app, ["check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def game_text(played):
    setup, log = played
    return gamefile.render(gamefile.append(gamefile.new_file(setup), log))


def test_truncated_files_are_reported_by_line(tmp_path, game_text):
    data = game_text.encode()
    path = tmp_path / "cut.lignum"
    rng = random.Random(3)
    magic_end = data.index(b"lignum-game 1") + len(b"lignum-game 1")
    failures = 0
    for cut in sorted(rng.sample(range(1, len(data) - 1), 80)) + [0, 5, 20]:
        path.write_bytes(data[:cut])
        result = check(path)
        if result.exit_code == 0:  # cut at a line end (or mid-line into a shorter legal action): a shorter game
            assert result.output.startswith("ok: ")
            continue
        failures += 1
        assert result.exit_code == 1
        message = result.output.strip()
        assert message.count("\n") == 0, message
        assert message.startswith(f"{path}: ")
        reason = message[len(f"{path}: "):]
        assert reason.startswith("line ") or cut < magic_end, message  # no line says what the file is
        if reason.startswith("line "):
            line_no = int(reason.split()[1].rstrip(":"))
            assert 1 <= line_no <= data[:cut].count(b"\n") + 1
    assert failures >= 40


def test_garbled_files_are_reported_by_line(tmp_path, game_text):
    data = bytearray(game_text.encode())
    path = tmp_path / "garbled.lignum"
    rng = random.Random(4)
    for _ in range(60):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(bad))
            bad[at] = rng.choice([0, 0xFF, 0xC3, ord("#"), ord("\n"), ord("X"), ord("9"), ord(":"), ord(" ")])
        path.write_bytes(bytes(bad))
        result = check(path)
        assert result.exit_code in (0, 1)
        if result.exit_code == 1:
            reason = result.output.strip()[len(f"{path}: "):]
            assert reason.startswith("line "), result.output


def test_the_real_command_exits_1_with_one_line_and_no_traceback(tmp_path, game_text):
    lignum = shutil.which("lignum")
    cmd = [lignum] if lignum else [sys.executable, "-m", "lignum_companion.cli.app"]
    path = tmp_path / "cut.lignum"
    lines = game_text.splitlines(keepends=True)
    path.write_text("".join(lines[:40]) + lines[40][:7], encoding="utf-8")  # the last line cut inside a word
    proc = subprocess.run(cmd + ["check", str(path)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path)})
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert f": line {41}: " in proc.stderr


# --- the backup ---------------------------------------------------------------------------------------------------


def test_backup_holds_the_previous_version_and_restores_it(tmp_path, played):
    setup, log = played
    path = tmp_path / "g.lignum"
    bak = path.with_name(path.name + gamefile.BACKUP_SUFFIX)
    old = gamefile.append(gamefile.new_file(setup), log[:50])
    new = gamefile.append(old, log[50:60])
    gamefile.save(old, path)
    assert not bak.exists()
    gamefile.save(new, path)
    assert bak.read_text(encoding="utf-8") == gamefile.render(old)
    assert path.read_text(encoding="utf-8") == gamefile.render(new)
    shutil.copyfile(bak, path)  # restoring: put the backup back in place
    gf, g = gamefile.load(path)
    assert gf.action_texts() == log[:50]
    assert g == gamefile.replay(old)
    assert check(path).exit_code == 0


def test_undo_keeps_the_undone_version_as_backup(tmp_path, played):
    setup, log = played
    path = tmp_path / "u.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(setup), log[:30]), path)
    before = path.read_bytes()
    result = runner.invoke(app, ["undo", str(path), "-n", "3"])
    assert result.exit_code == 0, result.output
    assert gamefile.read(path).action_texts() == log[:27]
    assert path.with_name(path.name + ".bak").read_bytes() == before
    shutil.copyfile(path.with_name(path.name + ".bak"), path)
    assert gamefile.read(path).action_texts() == log[:30]


def test_a_refused_action_leaves_file_and_backup_untouched(tmp_path, played):
    setup, log = played
    path = tmp_path / "r.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(setup), log[:20]), path)
    gamefile.save(gamefile.append(gamefile.new_file(setup), log[:21]), path)
    lock = gamefile.lock_path(path).name  # the lock file of the read-check-write (empty, never removed)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != lock}
    result = runner.invoke(app, ["do", str(path), "anna go 99"])
    assert result.exit_code == 1
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != lock} == files
