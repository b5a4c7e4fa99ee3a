"""`lignum new` and `lignum play` in a real pseudo-terminal (pexpect), as a table uses them.

The end-to-end story of the issue: the wizard creates a 2-player game, the first round is played through the
menus, Ctrl-C in the middle of the second round stops with exit 130 keeping every finished answer, `lignum play`
resumes exactly there, `undo 2` takes two steps back, play goes on, and the log is the one expected.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from play_helpers import COLOUR, PATH_2P, ROUND_1, actions, answer, ask, prompt, spawn, transcript  # noqa: E402, F401

ROUND_2_UNTIL_CTRL_C = [
    ("path [1]", ""),                                  # shuffle for me
    ("Craftwork kinds on 1, 2, 7, in that order (or: again, back)", "stake board joker"),
    ("Placement card 1 of 1", "2:2F+S 4:food"),
    ("Areas for anna ben (one number each)", "2 5"),
    ("ben", "3"),
    ("anna", "5"),             # location 5
    ("ben", "go 14"),
]
ROUND_2_AFTER_UNDO = [
    ("anna", "go 4 2"),
    ("ben", "go 14"),
    ("anna", "10 3"),          # woodcutters: 3 of the 5 the area allows
    ("ben", "go 16"),
    ("anna", "19"),            # the market's sub-menu ...
    ("anna go 19", "4"),       # ... a saw and a food
    ("ben", "go clearing"),
    ("anna [c]", ""),          # the clearing is all that is left: it is the default (key c)
    ("ben [1]", ""), ("anna [1]", ""),    # cutting
    ("anna [1]", ""),                     # transport
    ("ben [4]", "3"), ("ben [2]", ""),    # selling: ben sells the firewood in the first drying area, no more (R11)
    ("anna [4]", ""),
    ("ben [1]", ""), ("anna [1]", ""),    # drying
]
EXPECTED = [
    "path " + PATH_2P,
    "anna go 4 2", "ben go 3", "anna go 10 2", "ben go 4 2", "anna go 12", "ben go 10 2", "anna go clearing",
    "ben go 16", "ben go clearing",
    "anna cut 3F", "ben cut 3F", "anna carry sale:2F", "ben carry sale:2F", "anna sell sale:2F", "ben done",
    "ben dry F",
    "path stake board wagon raft joker X raft food saw sledge food coin X", "placement 2:2F+S 4:food",
    "anna area 2", "ben area 5",
    "ben go 3", "anna go 4 2", "ben go 14", "anna go 10 3", "ben go 16", "anna go 19 buy:saw+food",
    "ben go clearing", "anna go clearing",
    "ben cut F", "anna cut 3F+S", "anna carry sale:F+S", "ben sell dry1:F", "ben done", "anna done", "ben dry F",
    "anna dry S",
]


def test_wizard_first_round_ctrl_c_resume_undo_and_the_expected_log(tmp_path):
    path = tmp_path / "game.lignum"
    # the wizard
    child = spawn(tmp_path, "new", "--file", str(path), "--lang", "en")
    ask(child, "Player names, 2 to 4, one word each (e.g. anna ben 민준)", "anna ben")
    child.expect("Which game")
    child.send("\r")                       # basic (the default)
    child.expect("Variant")
    child.send("\r")                       # no variant
    child.expect("Starting order of the first round")
    child.send("\x1b[B")                   # arrow down: as entered
    child.send("\r")
    ask(child, "Cutting area (1-6) for anna ben, in that order, or random [random]", "1 5")
    ask(child, "Winter card, year 1 (food/heating wood)", "4/2")
    ask(child, "Winter card, year 2 (food/heating wood)", "5/3")
    child.expect("Expansion")
    child.send("\r")                       # no expansion (the default)
    child.expect("Warn of them")
    child.send("\r")                       # warnings on (the default)
    ask(child, "Name of this game (the score sheet's title) [Lignum with anna and ben]", "Friday game")
    ask(child, "Colours of the pieces of anna ben, in that order [red blue]", "")
    child.expect("Start this game")
    child.send("\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, transcript(child)
    header = path.read_text(encoding="utf-8").splitlines()
    assert {"players anna ben", "order anna ben", "areas anna=1 ben=5", "winter 4/2 5/3", "name Friday game",
            "colors anna=red ben=blue"} <= set(header)
    assert not COLOUR.search(child.logfile_read.getvalue())

    # the first round through the menus, then into the second round
    child = spawn(tmp_path, "play", str(path))
    for label, text in ROUND_1 + ROUND_2_UNTIL_CTRL_C:
        answer(child, label, text)
    child.expect(prompt("anna"))
    child.send("go 1")                     # half an answer ...
    child.sendcontrol("c")                 # ... and Ctrl-C
    child.expect(pexpect.EOF)
    child.close()
    out = transcript(child)
    assert child.exitstatus == 130, out[-2000:]
    assert "Stopped (Ctrl-C)." in out and "Where the game stands: Summer, year 1" in " ".join(out.split())
    saved = actions(path)
    assert saved == EXPECTED[:22] + ["anna go 5", "ben go 14"]  # the half-typed answer was not saved
    assert not COLOUR.search(child.logfile_read.getvalue())

    # resume exactly there, undo two steps, go on to the end of the second round
    child = spawn(tmp_path, "play", str(path))
    child.expect(f"Resuming after {len(saved)} saved actions")
    answer(child, "anna", "undo 2")
    child.expect("taken back: anna: ")   # in words, as the ok line said them (anna go 5, ben go 14)
    child.expect("taken back: ben: take the ")
    for label, text in ROUND_2_AFTER_UNDO:
        answer(child, label, text)
    answer(child, "path [1]", "quit")      # the fall's path: stop here
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, transcript(child)[-2000:]
    assert actions(path) == EXPECTED
    wide = [line for line in transcript(child).splitlines() if len(line) > 80 and str(tmp_path) not in line]
    assert wide == []


def playing_a_new_game(tmp: Path, name: str):
    """A 2-player basic game made with every option given (no wizard), and `lignum play` started on it."""
    path = tmp / name
    child = spawn(tmp, "new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas",
                  "anna=1,ben=5", "--winter", "4/2,5/3", "--file", str(path))
    child.expect(pexpect.EOF)
    return path, spawn(tmp, "play", str(path))


def test_a_closed_terminal_stops_like_ctrl_c_and_loses_nothing(tmp_path):
    path, child = playing_a_new_game(tmp_path, "hup.lignum")
    answer(child, "path [1]", PATH_2P)
    answer(child, "anna", "go 4 2")
    child.expect(prompt("ben"))
    child.send("go 3")                     # typed, not entered, when the terminal goes away
    os.kill(child.pid, signal.SIGHUP)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert actions(path) == ["path " + PATH_2P, "anna go 4 2"]
    assert not path.with_name(path.name + ".tmp").exists()


def test_the_wizard_cancelled_with_ctrl_c_creates_nothing(tmp_path):
    path = tmp_path / "none.lignum"
    child = spawn(tmp_path, "new", "--file", str(path), "--lang", "en")
    ask(child, "Player names, 2 to 4, one word each (e.g. anna ben 민준)", "anna 민준")
    child.expect("Which game")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Cancelled: no game was created." in transcript(child)
    assert not path.exists()


def test_R24_in_a_terminal_a_loan_follows_the_move_and_a_bare_number_is_a_location(tmp_path):
    path, child = playing_a_new_game(tmp_path, "r24.lignum")
    answer(child, "path [1]", PATH_2P)
    answer(child, "anna", "1")             # location 1, not menu entry 1
    child.expect(prompt("ben"))
    child.sendline("anna loan")            # anna's turn lasts until the next move (R24)
    child.expect("ok: anna: take a loan card")
    answer(child, "ben", "stauts")
    child.expect("Did you mean `status`")
    answer(child, "ben", "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert actions(path) == ["path " + PATH_2P, "anna go 1", "anna loan"]


def test_y_then_enter_at_the_undo_question_answers_it_and_plays_no_move(tmp_path):
    """A table types `y` and Enter at a yes/no question: both belong to it. (questionary took the `y` alone and the
    Enter reached the next menu, which played its default: a move nobody chose; an English table's tryout.)"""
    path, child = playing_a_new_game(tmp_path, "yes.lignum")
    for label, text in ROUND_1:
        answer(child, label, text)
    child.expect(prompt("path [1]"))       # the summer's path: the spring is saved
    before = actions(path)
    child.sendline("undo 2")                # into the spring: asks first
    child.expect(r"\(y/N\)")
    child.send("y")
    child.send("\r")
    child.expect("taken back: ")
    answer(child, "ben [3]", "quit")        # the next menu (selling) waits for its own answer
    child.expect(pexpect.EOF)
    child.close()
    assert actions(path) == before[:-2], transcript(child)[-1500:]
