"""The one saving path (issue 29 §2): `gamefile.commit` and `gamefile.undo` take lines to the file all or nothing,
under the lock, on the file as it is on disk, and say what happened as data; nothing else in the code saves a game.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from helpers import PATHS, fix, start

from lignum_companion.engine import IllegalAction, NotationError
from lignum_companion.gamefile import store as gamefile

PATH_LINE = f"path {PATHS[2]}"
ROOT = Path(__file__).resolve().parent.parent / "lignum_companion"


def game(tmp_path: Path, *lines: str) -> Path:
    """A two-player game (anna, ben) waiting for anna's trip in spring of year 1."""
    tmp_path.mkdir(exist_ok=True)
    return start(2).then(PATH_LINE, *lines).write(tmp_path / "g.lignum")


def test_accepted_lines_are_saved_as_set_up_with_the_state_after(tmp_path):
    path = game(tmp_path)
    out = gamefile.commit(path, ["ANNA go 4 2", "Ben go 5"])
    assert out.ok and out.refusal is None and out.failed_at is None and not out.reloaded
    assert [a.line for a in out.accepted] == ["anna go 4 2", "ben go 5"]  # names as set up, as `play` saves them
    assert all(isinstance(a.events, tuple) for a in out.accepted)
    assert gamefile.read(path).action_texts()[-2:] == ["anna go 4 2", "ben go 5"]
    assert out.game.players[0].pos == 4 and out.game.players[1].pos == 5
    assert out.before is not None and out.before.players[0].pos != 4
    assert out.gamefile.origin == gamefile.fingerprint(path)  # the outcome's file is the one on disk


def test_one_refused_line_saves_nothing_and_leaves_the_file_byte_for_byte(tmp_path):
    path = game(tmp_path)
    before = path.read_bytes()
    out = gamefile.commit(path, ["anna go 4 2", "anna go 5"])  # anna's trip is over: ben's turn
    assert not out.ok and out.accepted == () and out.failed_at == 1
    assert isinstance(out.refusal, IllegalAction) and out.refusal.key == "not_your_turn"
    assert path.read_bytes() == before
    assert not path.with_name(path.name + gamefile.BACKUP_SUFFIX).exists()  # not even a backup was written
    assert out.game.players[0].pos != 4  # the state as the file holds it
    out = gamefile.commit(path, ["anna fly 4"])
    assert isinstance(out.refusal, NotationError) and out.failed_at == 0 and path.read_bytes() == before


def test_player_may_enter_only_their_own_lines(tmp_path):
    path = game(tmp_path)
    before = path.read_bytes()
    for line, key in (("ben go 5", "line_not_yours"), ("task 10 mF@0", "table_line_not_yours"),
                      ("fix anna money +5 gift", "table_line_not_yours")):
        out = gamefile.commit(path, [line], player="anna")
        assert isinstance(out.refusal, IllegalAction) and out.refusal.key == key, line
        assert path.read_bytes() == before
    out = gamefile.commit(path, ["go 4 2"], player="Anna")  # a line without a name is the player's own
    assert out.ok and [a.line for a in out.accepted] == ["anna go 4 2"]
    out = gamefile.commit(path, ["BEN go 5"], player="ben")
    assert out.ok and [a.line for a in out.accepted] == ["ben go 5"]


def test_a_changed_file_is_reloaded_and_nothing_applied_to_a_state_the_caller_no_longer_has(tmp_path):
    path = game(tmp_path)
    seen = gamefile.fingerprint(path)
    assert gamefile.commit(path, ["anna go 4 2"]).ok  # another terminal
    out = gamefile.commit(path, ["anna go 4 2"], expect=seen)
    assert out.reloaded and not out.ok and out.accepted == () and out.refusal is None
    assert out.game.players[0].pos == 4  # the state on disk, to ask again on
    assert gamefile.read(path).action_texts().count("anna go 4 2") == 1
    out = gamefile.commit(path, ["ben go 5"], expect=out.gamefile.origin)
    assert out.ok and not out.reloaded


def test_without_expect_the_lines_apply_to_what_is_on_disk(tmp_path):
    path = game(tmp_path)
    with path.open("a", encoding="utf-8") as f:  # a hand edit
        f.write("anna go 4 2\n")
    out = gamefile.commit(path, ["ben go 5"])
    assert out.ok and gamefile.read(path).action_texts()[-2:] == ["anna go 4 2", "ben go 5"]


def test_the_advisor_warnings_come_once_and_only_when_asked(tmp_path):
    path = game(tmp_path)
    out = gamefile.commit(path, [fix("anna", "sawyers", 1), fix("anna", "sawyers", 1)])  # R9: no saw
    assert out.ok and [(a.kind, a.player, a.rule) for a in out.alerts] == [("sawyers-no-saw", "anna", "R9")]
    out = gamefile.commit(path, [fix("anna", "sawyers", 1)])  # said already in this step
    assert out.ok and out.alerts == ()
    out = gamefile.commit(path, [fix("ben", "sawyers", 1), fix("ben", "saw", 1)])  # R9, then a saw: untrue, unsaid
    assert out.ok and out.alerts == ()
    out = gamefile.commit(path, [fix("ben", "saw", -1)])  # no saw again: now it holds, and is said
    assert [(a.kind, a.player) for a in out.alerts] == [("sawyers-no-saw", "ben")]
    path = game(tmp_path / "quiet")
    out = gamefile.commit(path, [fix("anna", "sawyers", 1)], warn=False)
    assert out.ok and out.alerts == ()


def test_undo_takes_back_lines_and_keeps_a_copy_when_asked(tmp_path):
    path = game(tmp_path, "anna go 4 2", "ben go 5")
    out = gamefile.undo(path, 2)
    assert out.ok and [a.line for a in out.accepted] == ["anna go 4 2", "ben go 5"] and out.kept is None
    assert gamefile.read(path).action_texts() == [PATH_LINE]
    out = gamefile.undo(path, 5, keep_copy=True)
    assert out.ok and out.kept is not None and gamefile.read(out.kept).action_texts() == [PATH_LINE]
    assert gamefile.read(path).action_texts() == []
    before = path.read_bytes()
    out = gamefile.undo(path)
    assert isinstance(out.refusal, IllegalAction) and out.refusal.key == "nothing_to_undo"
    assert path.read_bytes() == before


def test_undo_with_a_stale_fingerprint_takes_nothing_back(tmp_path):
    path = game(tmp_path, "anna go 4 2")
    seen = gamefile.fingerprint(path)
    assert gamefile.commit(path, ["ben go 5"]).ok
    out = gamefile.undo(path, expect=seen)
    assert out.reloaded and gamefile.read(path).action_texts()[-1] == "ben go 5"


def test_commit_holds_the_lock_a_second_writer_waits_for(tmp_path, monkeypatch):
    path = game(tmp_path)
    monkeypatch.setenv("LIGNUM_LOCK_WAIT", "0")
    with gamefile.locked(path, wait=0):  # nested in one process: allowed
        assert gamefile.commit(path, ["anna go 4 2"]).ok
    if not hasattr(os, "fork"):
        return
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child holds the lock until told
        os.close(w)
        with gamefile.locked(path, wait=5):
            os.write(os.open(tmp_path / "held", os.O_WRONLY | os.O_CREAT, 0o600), b"1")
            os.read(r, 1)
        os._exit(0)
    os.close(r)
    try:
        while not (tmp_path / "held").exists():
            os.sched_yield()
        before = path.read_bytes()
        with pytest.raises(gamefile.SaveError):
            gamefile.commit(path, ["ben go 5"])
        assert path.read_bytes() == before
    finally:
        os.write(w, b"1")
        os.waitpid(pid, 0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks racing processes")
def test_two_processes_committing_at_once_lose_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("LIGNUM_LOCK_WAIT", "60")
    path = game(tmp_path)
    k = 15
    pids = []
    for who in ("anna", "ben"):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child commits its lines one by one
            code = 0
            try:
                for i in range(k):
                    if not gamefile.commit(path, [fix(who, "money", 1, f"race {i}")]).ok:
                        code = 1
            except BaseException:
                code = 2
            os._exit(code)
        pids.append(pid)
    codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids]
    assert codes == [0, 0]
    lines = gamefile.read(path).action_texts()
    for who in ("anna", "ben"):
        assert [x for x in lines if x.startswith(f"fix {who} ")] == [fix(who, "money", 1, f"race {i}")
                                                                     for i in range(k)]


def _calls(tree: ast.AST, names: set[str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            on = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
            # `gamefile.save(...)`, a bare `save(...)` imported from it, and the writers by their own names; a PDF
            # canvas's `canv.save()` (reportlab) writes no game
            if name in names and (name != "save" or on in ("", "gamefile", "store", "save", "self")):
                found.append(name)
    return found


def test_one_place_in_the_code_saves_a_game():
    """Only gamefile/commit.py calls the game file's save (and save.py itself defines it); new games are
    `create`d, and kept copies are made by the use case too."""
    callers = {}
    for f in ROOT.rglob("*.py"):
        rel = f.relative_to(ROOT).as_posix()
        if rel in ("gamefile/save.py", "gamefile/store.py"):
            continue
        found = _calls(ast.parse(f.read_text(encoding="utf-8")), {"save", "atomic_write", "keep_copy"})
        if found:
            callers[rel] = sorted(set(found))
    assert callers == {"gamefile/commit.py": ["save"]}


def test_the_next_answer_starts_from_the_state_it_saved_and_a_changed_file_is_replayed(tmp_path, monkeypatch):
    """At the table every answer goes through commit, which reads the file each time: while the file holds the
    bytes this process saved, it starts from a copy of that state; any other bytes are replayed."""
    from lignum_companion.gamefile import commit as use_case

    path = game(tmp_path)
    replays = []
    real = use_case.replay
    monkeypatch.setattr(use_case, "replay", lambda gf: replays.append(1) or real(gf))
    out = gamefile.commit(path, ["anna go 4 2"])
    out.game.players[1].money = 999  # what a caller does with its state never reaches the remembered one
    assert gamefile.commit(path, ["ben go 5"]).ok and len(replays) == 1  # the first read only
    seen = len(replays)
    with path.open("a", encoding="utf-8") as f:  # a hand edit: other bytes, replayed
        f.write(fix("anna", "money", 1, "edit") + "\n")
    out = gamefile.commit(path, [fix("ben", "money", 1, "x")])
    assert out.ok and len(replays) == seen + 1
    assert out.game.players[1].money == start(2).then(PATH_LINE, "anna go 4 2", "ben go 5").game().players[1].money + 1
    assert out.game.players[0].money == gamefile.load(path)[1].players[0].money
