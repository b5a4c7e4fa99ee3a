"""Never lose a game, round three (issue 24): a hand edit that arrives while a save runs is kept (item 1); a PDF
takes only a free name or an earlier PDF's (item 2); the lock is the `filelock` package's, with the old guarantees
(issue 20, section 4).

Each edit is made at a named stage of the save (monkeypatching save._stage), so nothing here depends on timing; one race
with a thread that keeps appending notes checks the same promise the way a table would break it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import PATHS, fix, make_setup
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.gamefile import save as saving
from lignum_companion.gamefile import store as gamefile
from lignum_companion.system import atomic

runner = CliRunner()
PATH_2P = "path " + PATHS[2]
NOTE = "# a note typed by hand during the save\n"


def game(tmp_path: Path, lines: list[str] = (), name: str = "g.lignum") -> Path:
    path = tmp_path / name
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), list(lines)), path)
    return path


@pytest.fixture
def hook(monkeypatch):
    """Run `action` when the save reaches `stage` (once)."""
    plan: dict[str, object] = {}

    def at(name: str) -> None:
        if name == plan.get("stage"):
            plan.pop("stage")
            plan["action"]()  # type: ignore[operator]

    monkeypatch.setattr(saving, "_stage", at)
    return plan


def append_note(path: Path):
    def go() -> None:
        with open(path, "a", encoding="utf-8") as f:
            f.write(NOTE)
    return go


def editor_save(path: Path):
    """An editor that saves by writing a new file and renaming it over the game (vim, most IDEs)."""
    def go() -> None:
        side = path.with_name("editor-swap")
        side.write_text(path.read_text(encoding="utf-8") + NOTE, encoding="utf-8")
        os.replace(side, path)
    return go


def swaps_here(folder: Path) -> bool:
    """Whether this file system swaps two names in one step (renameat2 on Linux)."""
    a, b = folder / "swap-a", folder / "swap-b"
    a.write_text("a")
    b.write_text("b")
    try:
        return atomic.exchange(a, b)
    finally:
        a.unlink()
        b.unlink()


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- item 1: hand edits during a save -------------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["temp-done", "backup-done", "backup-replaced"])
@pytest.mark.parametrize("edit", [append_note, editor_save])
def test_item1_an_edit_during_a_save_is_kept_and_the_save_refuses(tmp_path, hook, stage, edit):
    path = game(tmp_path, [PATH_2P])
    gf = gamefile.read(path)
    before = path.read_text(encoding="utf-8")
    hook.update(stage=stage, action=edit(path))
    with pytest.raises(gamefile.FileChanged, match="changed while this save was running"):
        gamefile.save(gamefile.append(gf, [fix("anna", "money", 1, "lost?")]), path)
    assert path.read_text(encoding="utf-8") == before + NOTE  # the edit is there, the refused line is not
    assert not leftovers(tmp_path)


@pytest.mark.parametrize("edit", [append_note, editor_save])
def test_item1_an_edit_in_the_last_moment_before_the_swap_is_swapped_back(tmp_path, hook, monkeypatch, edit):
    """The edit lands between the save's last look and the swap of names: the swap shows it, and is undone."""
    path = game(tmp_path, [PATH_2P])
    gf = gamefile.read(path)
    before = path.read_text(encoding="utf-8")
    real = atomic.exchange
    edited = []

    def exchange_after_an_edit(a, b):
        if not edited:
            edited.append(1)
            edit(path)()
        return real(a, b)

    if not swaps_here(tmp_path):  # a file system that cannot swap: the next test covers it
        pytest.skip("no renameat2 here")
    monkeypatch.setattr(atomic, "exchange", exchange_after_an_edit)
    with pytest.raises(gamefile.FileChanged):
        gamefile.save(gamefile.append(gf, [fix("anna", "money", 1, "lost?")]), path)
    assert path.read_text(encoding="utf-8") == before + NOTE
    assert not leftovers(tmp_path)


def test_item1_without_a_swap_an_edit_that_reached_the_old_file_is_put_back(tmp_path, hook, monkeypatch):
    """Where names cannot be swapped (macOS, Windows, network folders) the replace comes right after the last
    look; an append that lands in between reaches the old file, which the save still holds open and puts back."""
    monkeypatch.setattr(atomic, "exchange", lambda a, b: False)
    path = game(tmp_path, [PATH_2P])
    gf = gamefile.read(path)
    before = path.read_text(encoding="utf-8")
    with open(path, "a", encoding="utf-8") as held:  # opened before the replace, as `echo >>` would be
        last_look = saving._Current.named

        def looked_then_edited(current, name):  # the save's last look passes, then the edit lands
            seen = last_look(current, name)
            if seen and os.path.samefile(name, path):
                held.write(NOTE)
                held.flush()
            return seen

        monkeypatch.setattr(saving._Current, "named", looked_then_edited)
        with pytest.raises(gamefile.FileChanged):
            gamefile.save(gamefile.append(gf, [fix("anna", "money", 1, "lost?")]), path)
    assert path.read_text(encoding="utf-8") == before + NOTE
    assert not leftovers(tmp_path)


def test_item1_a_write_still_under_way_into_the_old_file_lands_in_the_backup(tmp_path, hook):
    """A writer that opened the file before the save and writes after it: the old file itself is the backup."""
    path = game(tmp_path, [PATH_2P])
    gf = gamefile.read(path)
    with open(path, "a", encoding="utf-8") as held:
        gamefile.save(gamefile.append(gf, [fix("anna", "money", 1, "saved")]), path)
        held.write(NOTE)
    assert gamefile.read(path).action_texts()[-1] == fix("anna", "money", 1, "saved")
    if swaps_here(tmp_path):
        assert path.with_name(path.name + ".bak").read_text(encoding="utf-8").endswith(NOTE)


def test_item1_do_racing_a_hand_editor_loses_no_note_and_no_confirmed_line(tmp_path):
    """The issue's race: another process appends `# note N` every 2 ms while `lignum do` saves 40 times. Every
    note stays in the game file, every confirmed line is in it, and a save that met an edit refused in one line.
    (The editor is its own process, as a shell or an editor is: a thread of this process would hold the file open
    across a whole save while the interpreter runs the other thread, the case the test above hands to FILE.bak.)"""
    import subprocess
    import sys

    path = game(tmp_path, [PATH_2P])
    stop, log = tmp_path / "stop", tmp_path / "notes.log"
    editor = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "path, stop, log, n = sys.argv[1], sys.argv[2], sys.argv[3], 0\n"
        "while not os.path.exists(stop):\n"
        "    note = f'# note {n}\\n'\n"
        "    with open(path, 'a', encoding='utf-8') as f:\n"
        "        f.write(note)\n"
        "    with open(log, 'a', encoding='utf-8') as f:\n"
        "        f.write(note)\n"
        "    n += 1\n"
        "    time.sleep(0.002)\n"), str(path), str(stop), str(log)])
    confirmed = []
    try:
        for i in range(40):
            line = fix("anna", "money", 1, f"r{i}")
            r = runner.invoke(app, ["do", str(path), line])
            assert r.exit_code in (0, 1) and "Traceback" not in r.output, r.output
            if r.exit_code == 0:
                confirmed.append(line)
            else:
                assert "changed" in r.output, r.output  # refused because of the editor, in one line
    finally:
        stop.touch()
        editor.wait(timeout=60)
    text = path.read_text(encoding="utf-8")
    notes = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(notes) > 40
    assert [n for n in notes if n not in text] == []
    assert [t for t in gamefile.read(path).action_texts() if t != PATH_2P] == confirmed


# --- the lock (issue 20, section 4) -----------------------------------------------------------------------------


def test_the_lock_file_stays_after_use_and_a_second_holder_waits_then_is_refused(tmp_path):
    path = game(tmp_path)
    lock = gamefile.lock_path(path)
    with gamefile.locked(path):
        with gamefile.locked(path):  # nested in one process: no deadlock
            pass
        code = ("import sys; from lignum_companion.gamefile import store as gamefile\n"
                "try:\n    gamefile.locked(sys.argv[1], wait=0.1).__enter__()\n"
                "except gamefile.FileBusy as e:\n    print(e)\n")
        import subprocess
        import sys

        r = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
        assert "being changed by another lignum command (waited 0.1 s)" in r.stdout, r.stdout + r.stderr
    assert lock.is_file() and lock.stat().st_size == 0  # never removed, never written
    with gamefile.locked(path, wait=0):  # free again
        pass


@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-1", "1e9"])
def test_item8_a_bad_lock_wait_is_a_one_line_refusal(tmp_path, value):
    path = game(tmp_path, [PATH_2P])
    before = path.read_bytes()
    r = runner.invoke(app, ["do", str(path), fix("anna", "money", 1, "x")], env={"LIGNUM_LOCK_WAIT": value})
    assert r.exit_code == 1 and r.output.strip().count("\n") == 0, r.output
    assert "LIGNUM_LOCK_WAIT is a number of seconds from 0 to 3600" in r.output and "ok:" not in r.output
    assert path.read_bytes() == before


# --- item 2: where a PDF may go ------------------------------------------------------------------------------------


def score_pdf(game_path: Path, target: str | Path, *more: str):
    r = runner.invoke(app, ["score", str(game_path), "--pdf", str(target), *more])
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit)), r.output
    return r


def test_item2_a_pdf_never_replaces_the_games_folder_files(tmp_path, monkeypatch):
    games = tmp_path / "games"
    games.mkdir()
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(games))
    path = game(games, [PATH_2P])
    gamefile.remember(path)
    assert runner.invoke(app, ["games"]).exit_code == 0
    side = [gamefile.lock_path(path), games / gamefile.LAST_GAME, games / gamefile.CACHE]
    assert all(p.is_file() for p in side)
    before = {p: p.read_bytes() for p in side}
    for target in side:
        r = score_pdf(path, target, "--force")
        assert r.exit_code == 1 and "a PDF is never written there" in r.output, r.output
    assert {p: p.read_bytes() for p in side} == before
    fresh = tmp_path / ".other.lignum.lock"  # not there yet: the name alone is refused
    assert score_pdf(path, fresh).exit_code == 1 and not fresh.exists()


def test_item2_a_game_behind_a_long_comment_is_recognised_by_reading_it(tmp_path):
    path = game(tmp_path, [PATH_2P])
    other = tmp_path / "notes-for-friday"  # another game, no .lignum suffix, 10 kB of comment first
    other.write_text("# " + "x" * 10_000 + "\n\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    before = other.read_bytes()
    r = score_pdf(path, other, "--force")
    assert r.exit_code == 1 and "game file" in r.output
    assert other.read_bytes() == before
    assert gamefile.is_game_file(other) and not gamefile.is_game_file(path.with_name("nothing-here"))


def test_item2_links_devices_pipes_and_non_pdfs_are_left_alone(tmp_path):
    path = game(tmp_path, [PATH_2P])
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / "stdout"
    link.symlink_to(victim)
    plain = tmp_path / "letter.txt"
    plain.write_text("not a pdf", encoding="utf-8")
    for target in (link, plain, Path(os.devnull)):
        r = score_pdf(path, target, "--force")
        assert r.exit_code == 1 and r.output.strip().count("\n") == 0, r.output
    assert link.is_symlink() and victim.read_text(encoding="utf-8") == "precious"
    assert plain.read_text(encoding="utf-8") == "not a pdf"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.pdf"
        os.mkfifo(fifo)
        assert score_pdf(path, fifo, "--force").exit_code == 1


def test_item2_an_earlier_pdf_is_replaced_only_with_force(tmp_path):
    path = game(tmp_path, [PATH_2P])
    sheet = tmp_path / "score.pdf"
    assert score_pdf(path, sheet).exit_code == 0 and sheet.read_bytes().startswith(b"%PDF-")
    first = sheet.read_bytes()
    assert score_pdf(path, sheet).exit_code == 1 and sheet.read_bytes() == first
    assert score_pdf(path, sheet, "--force").exit_code == 0
    for name, args in (("stats.pdf", ["stats", str(path), "--pdf"]), ("ref.pdf", ["print", "reference", "-o"])):
        target = tmp_path / name
        target.symlink_to(tmp_path / "victim.txt")
        r = runner.invoke(app, [*args, str(target), "--force"])
        assert r.exit_code == 1 and "link" in r.output, r.output
        assert target.is_symlink() and not (tmp_path / "victim.txt").exists()


def test_item2_a_link_planted_while_the_sheet_is_made_is_not_replaced(tmp_path):
    from lignum_companion.printables import score_sheet as pdf

    target = tmp_path / "score.pdf"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    pdf.check_target(str(target), force=True)  # nothing there when checked
    target.symlink_to(victim)  # planted while the sheet is drawn
    with pytest.raises(pdf.ExportError):
        pdf.write_atomic(target, b"%PDF-1.4 test", force=True)
    assert target.is_symlink() and victim.read_text(encoding="utf-8") == "precious"
    assert not leftovers(tmp_path)


# --- FILE.bak is written once (issue 29 §5) ----------------------------------------------------------------


def _writes(monkeypatch) -> list[str]:
    """The temporary files a save writes, by role ("temp" for the new version, "backup" for a copy of the old)."""
    roles: list[str] = []
    real = atomic.write_temp

    def counted(folder, name, data, mode):
        roles.append("backup" if name.endswith(gamefile.BACKUP_SUFFIX) else "temp")
        return real(folder, name, data, mode)

    monkeypatch.setattr(atomic, "write_temp", counted)
    return roles


def test_a_save_makes_the_backup_once_the_old_file_itself(tmp_path, monkeypatch):
    path = game(tmp_path, [PATH_2P])
    old, inode = path.read_bytes(), path.stat().st_ino
    roles = _writes(monkeypatch)
    gamefile.save(gamefile.append(gamefile.read(path), [fix("anna", "money", 1, "x")]), path)
    bak = path.with_name(path.name + gamefile.BACKUP_SUFFIX)
    assert roles == ["temp"]  # only the new version is written; FILE.bak is a second name of the old file
    assert bak.read_bytes() == old and bak.stat().st_ino == inode
    assert not leftovers(tmp_path)


def test_without_hard_links_the_backup_is_one_copy(tmp_path, monkeypatch):
    path = game(tmp_path, [PATH_2P])
    old = path.read_bytes()
    roles = _writes(monkeypatch)

    def no_links(*args, **kwargs):
        raise OSError(1, "no hard links here")

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(atomic, "exchange", lambda a, b: False)  # nor a swap of names (a FAT or network folder)
    gamefile.save(gamefile.append(gamefile.read(path), [fix("anna", "money", 1, "x")]), path)
    assert roles == ["temp", "backup"]
    assert path.with_name(path.name + gamefile.BACKUP_SUFFIX).read_bytes() == old
    assert not leftovers(tmp_path)
