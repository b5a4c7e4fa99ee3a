"""An outside SIGINT right after Enter in `lignum play` stops it like a typed Ctrl-C (issue 24 item 11).

The window: the terminal prompt (prompt_toolkit) has taken the answer and is closing. Its own SIGINT handler
used to turn the signal into a key press that the closing prompt never read, so play went on to the next prompt.
The signal is now held by the console itself and acted on once the prompt is closed: exit 130, one line, what
was saved stays saved. Tested in this process at that exact moment (the prompt's last redraw), and by a real
process in a pseudo-terminal that gets SIGINT a few milliseconds after each Enter.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import PATHS, start

from lignum_companion.cli import entry
from lignum_companion.gamefile import store as gamefile
from lignum_companion.table import Console, Interrupted
from lignum_companion.table.session import Session

pexpect = pytest.importorskip("pexpect")
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def actions(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [x for x in lines[lines.index("start") + 1:] if x.strip() and not x.startswith("#")]


@pytest.fixture
def entry_handlers():
    """The handlers `lignum` installs (entry.install), put back as they were afterwards."""
    old = {s: signal.getsignal(s) for s in SIGNALS}
    entry.install()
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
        entry.caught.clear()


@pytest.fixture
def sigint_after_enter(monkeypatch):
    """An outside SIGINT at the moment the prompt has accepted an answer (its closing redraw), once `armed`."""
    from prompt_toolkit.application import Application

    armed = {"at": 0, "answers": 0}
    redraw = Application._redraw

    def closing_redraw(self, render_as_done: bool = False) -> None:
        if render_as_done:
            armed["answers"] += 1
            if armed["answers"] == armed["at"]:
                os.kill(os.getpid(), signal.SIGINT)
        redraw(self, render_as_done)

    monkeypatch.setattr(Application, "_redraw", closing_redraw)
    return armed


@contextmanager
def terminal_input(text: str) -> Iterator[None]:
    """A terminal console fed `text` as keystrokes (prompt_toolkit's pipe input, no real terminal needed)."""
    from prompt_toolkit.application.current import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text(text)
        inp.close()  # then the end of input: a dropped signal ends in "the input ended", never in a hang
        yield


def test_a_sigint_as_the_prompt_closes_after_enter_interrupts_the_answer(entry_handlers, sigint_after_enter) -> None:
    sigint_after_enter["at"] = 1
    with terminal_input("go 5\r"):
        with pytest.raises(Interrupted) as stop:
            Console(tty=True).line("anna>")
    assert stop.value.why == "interrupt"


def test_play_stopped_by_that_sigint_exits_130_keeping_the_answers_saved_before(tmp_path, entry_handlers,
                                                                                sigint_after_enter) -> None:
    path = start(2).write(tmp_path / "g.lignum")
    sigint_after_enter["at"] = 2  # the path is answered and saved; the signal comes right after `go 5`
    out = io.StringIO()
    with terminal_input(f"path {PATHS[2]}\rgo 5\r"):
        gf, g = gamefile.load(path)
        con = Console(tty=True, stdout=out)
        code = Session(path, gf, g, con, "1").main()
    assert code == 130
    text = " ".join(out.getvalue().split())
    assert "Stopped (Ctrl-C)." in text and "Resume with:" in text
    assert actions(path) == ["path " + PATHS[2]]  # the interrupted answer is not applied; nothing else is lost


def test_a_real_play_gets_sigint_milliseconds_after_enter_and_always_stops_with_130(tmp_path) -> None:
    """Ten tries spread over 0-15 ms after Enter: each ends with 130 and its one line, never a next prompt."""
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1", "TERM": "xterm-256color",
           "PROMPT_TOOLKIT_NO_CPR": "1", "LIGNUM_SEED": "4", "LANG": "C.UTF-8"}
    for i in range(10):
        path = start(2).then("path " + PATHS[2]).write(tmp_path / f"g{i}.lignum")
        child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", "play", str(path)], env=env,
                              encoding="utf-8", dimensions=(50, 100), timeout=30)
        child.logfile_read = io.StringIO()
        child.expect(r"anna(?:\x1b\[[0-9;?]*[A-Za-z])*\s*>")  # anna's prompt (escape codes may sit before `>`)
        child.sendline("go 5")
        time.sleep(i * 0.0015)
        child.kill(signal.SIGINT)
        child.expect(pexpect.EOF, timeout=30)
        child.close()
        seen = child.logfile_read.getvalue()
        assert child.exitstatus == 130, (i, seen[-1500:])
        assert "Traceback" not in seen
        assert seen.count("Resume with") == 1  # the one stop report
        assert actions(path) in (["path " + PATHS[2]], ["path " + PATHS[2], "anna go 5"])  # saved whole or not at all
