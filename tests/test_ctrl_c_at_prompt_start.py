"""Ctrl-C just as a terminal prompt starts (`lignum new`, `lignum play`): exit 130 with one line, never a traceback.

It was seen once: an asyncio "coroutine 'Application.run_async' was never awaited" RuntimeWarning and a
`BaseEventLoop.__del__` traceback, when the interrupt landed while prompt_toolkit built its event loop. The
moments are hit exactly, not by timing: a profile hook sends the process SIGINT (what Ctrl-C in a terminal
sends) as a chosen function starts; other runs press Ctrl-C in the pseudo-terminal as the first prompt shows.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

# (file the function is in, function): building the question, starting the application, asyncio.run, the loop's
# construction and self-pipe, the coroutine's first step, prompt_toolkit's first draw and its start (pre_run).
MOMENTS = [
    ("questionary/prompts/text.py", "text"),
    ("prompt_toolkit/application/application.py", "run"),
    ("asyncio/runners.py", "run"),
    ("asyncio/base_events.py", "__init__"),
    ("asyncio/selector_events.py", "_make_self_pipe"),
    ("prompt_toolkit/application/application.py", "run_async"),
    ("prompt_toolkit/application/application.py", "_redraw"),  # its first draw (its own SIGINT handler is off)
    ("prompt_toolkit/application/application.py", "_pre_run"),
]

DRIVER = """
import os, signal, sys
where, name = sys.argv[1], sys.argv[2]
def hook(frame, event, arg):
    code = frame.f_code
    if event == "call" and code.co_name == name and code.co_filename.replace(os.sep, "/").endswith(where):
        sys.setprofile(None)
        os.kill(os.getpid(), signal.SIGINT)
    return None
sys.argv = ["lignum", *sys.argv[3:]]
from lignum_companion.cli.entry import main
sys.setprofile(hook)
main()
"""


def _spawn(tmp: Path, argv: list[str]):
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1", "TERM": "xterm-256color",
           "PROMPT_TOOLKIT_NO_CPR": "1", "LANG": "C.UTF-8", "PYTHONWARNINGS": "default"}
    env.pop("LIGNUM_DEBUG", None)
    child = pexpect.spawn(sys.executable, argv, env=env, encoding="utf-8", dimensions=(40, 100), timeout=30)
    child.logfile_read = io.StringIO()
    return child


def _stopped_cleanly(child) -> str:
    child.expect(pexpect.EOF)
    child.close()
    out = child.logfile_read.getvalue()
    assert "Traceback" not in out and "Warning" not in out and "Exception ignored" not in out, out
    assert child.exitstatus == 130, out
    return out


@pytest.mark.parametrize("where, name", MOMENTS, ids=[f"{w.split('/')[-1]}:{n}" for w, n in MOMENTS])
def test_ctrl_c_as_the_wizards_first_prompt_starts_exits_130_without_a_traceback(tmp_path, where, name):
    path = tmp_path / "never.lignum"
    child = _spawn(tmp_path, ["-c", DRIVER, where, name, "new", "--file", str(path), "--lang", "en"])
    out = _stopped_cleanly(child)
    said = [line for line in out.splitlines() if "Cancelled" in line or "nothing was saved" in line]
    assert said == ["Cancelled: no game was created."], out  # one line, not the signal's line as well
    assert not path.exists()


def test_ctrl_c_pressed_at_early_moments_of_new_and_play(tmp_path):
    """Real Ctrl-C keys in the terminal: as the wizard's first line shows (its prompt still being built), as its
    first question shows, and as play's first prompt shows."""
    for shown in ("New game of Lignum", "Player names"):
        child = _spawn(tmp_path, ["-m", "lignum_companion", "new", "--lang", "en"])
        child.expect(shown)
        child.sendcontrol("c")
        _stopped_cleanly(child)
    game = tmp_path / "g.lignum"
    child = _spawn(tmp_path, ["-m", "lignum_companion", "new", "-p", "anna,ben", "--mode", "basic",
                              "--no-variants", "--order", "anna,ben", "--areas", "anna=1,ben=5", "--winter",
                              "6/3,7/4", "--name", "t", "--colors", "anna=red,ben=blue", "--expansion", "none",
                              "--warnings", "on", "--lang", "en", "-f", str(game)])
    child.expect(pexpect.EOF)
    child.close()
    assert game.exists(), child.logfile_read.getvalue()
    child = _spawn(tmp_path, ["-m", "lignum_companion", "play", str(game), "--lang", "en"])
    child.expect("path")
    child.sendcontrol("c")
    _stopped_cleanly(child)
