"""Issue 21 §2 at a real terminal (pexpect): four players with long and Hangul names, 80 and 100 columns, both
languages: `show`, `next`, `score`, and `play` with `status` and the whole travel menu print no line wider than
the terminal. A line is what the program wrote between two line breaks, escape codes left out (the terminal
would wrap anything longer)."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from lignum_companion.dev import simulate  # noqa: E402
from lignum_companion.gamefile import store as gamefile  # noqa: E402
from lignum_companion.texts.catalog import display_width  # noqa: E402

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
NAMES = {"anna": "Maximiliane", "ben": "김서연아님", "cleo": "Bartholomew", "dan": "이준호선생"}


@pytest.fixture(scope="module")
def long_names(tmp_path_factory) -> Path:
    """A 4-player expert game on the path in summer of year 2, its players renamed long and in Hangul."""
    def on_the_path(g) -> bool:
        return g.round == 6 and g.step == "travel" and not g.acted

    report = simulate.play_game(123, 4, "expert", check="none", stop=on_the_path)
    path = tmp_path_factory.mktemp("screen") / "long.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(report.setup), report.log), path)
    text = path.read_text(encoding="utf-8")
    for old, new in NAMES.items():
        text = re.sub(rf"\b{old}\b", new, text)
    path.write_text(text, encoding="utf-8")
    gamefile.load(path)  # still a good game
    return path


def spawn(width: int, *args: str):
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color", "LIGNUM_SEED": "4", "LANG": "C.UTF-8"}
    env.pop("COLUMNS", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)  # the toolbar needs the terminal's cursor position: answered below
    child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", *args], env=env, encoding="utf-8",
                          dimensions=(50, width), timeout=60)
    child.logfile_read = io.StringIO()
    return child


def too_wide(raw: str, width: int) -> list[str]:
    return [line for line in re.split(r"\r\n|\n|\r", ESCAPES.sub("", raw)) if display_width(line) > width]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", [80, 100])
def test_show_next_score_and_play_fit_the_terminal(long_names, width, lang):
    for args in (["show"], ["next"], ["score"]):
        child = spawn(width, *args, str(long_names), "--lang", lang)
        child.expect(pexpect.EOF)
        raw = child.logfile_read.getvalue()
        assert any(name in raw for name in NAMES.values()), args
        assert too_wide(raw, width) == [], (args, width, lang)
    child = spawn(width, "play", str(long_names), "--lang", lang)
    for answer in ("status", "?", "quit"):
        while child.expect_exact(["\x1b[6n", ">"]) == 0:  # prompt_toolkit asks where the cursor is
            child.send("\x1b[40;1R")
        child.sendline(answer)
    child.expect(pexpect.EOF)
    raw = child.logfile_read.getvalue()
    assert "Maximiliane" in raw and too_wide(raw, width) == [], (width, lang)
    plain = ESCAPES.sub("", raw)
    assert ("waiting for" if lang == "en" else "기다리는 중") in plain  # the toolbar under the prompt


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_line_under_the_prompt_stands_whole_at_80_by_30(long_names, lang):
    """Issue 32 §1: the toolbar was cut at 80 columns ("waiting for nina (transp", "(수"); it now shows the
    richest of its forms that fits, whole, with the long and Hangul names of this table."""
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views.glance import toolbar_forms

    with texts.speaking(lang):
        forms = toolbar_forms(gamefile.load(long_names)[1])
    shown = next(f for f in forms if display_width(f) <= 79)
    assert display_width(forms[0]) > 80  # these names are too long for the whole line: a shorter form stands
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color", "LIGNUM_SEED": "4", "LANG": "C.UTF-8"}
    env.pop("COLUMNS", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", "play", str(long_names), "--lang", lang],
                          env=env, encoding="utf-8", dimensions=(30, 80), timeout=60)
    child.logfile_read = io.StringIO()
    while child.expect_exact(["\x1b[6n", ">"]) == 0:
        child.send("\x1b[20;1R")
    child.expect_exact(shown.split(" · ")[-1][-12:])  # the end of the line is drawn: nothing was cut off
    child.sendline("quit")
    child.expect(pexpect.EOF)
    plain = re.sub(r"\s+", " ", ESCAPES.sub("", child.logfile_read.getvalue()))
    assert re.sub(r"\s+", " ", shown) in plain


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_undo_question_and_its_hint_stand_on_one_line_at_80_by_30(long_names, lang, tmp_path):
    """Issue 32 §1: the Korean undo question showed `?  (화살표 키, Enter)` under its own text. What leads up to the
    question (back to where) is said above; the question and its hint are one line that fits."""
    game = tmp_path / "undo.lignum"
    game.write_text(long_names.read_text(encoding="utf-8"), encoding="utf-8")
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    env.pop("COLUMNS", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", "--lang", lang, "undo", "-n", "40", str(game)],
                          env=env, encoding="utf-8", dimensions=(30, 80), timeout=60)
    child.logfile_read = io.StringIO()
    hint = "(화살표 키, Enter)" if lang == "ko" else "(y/N)"
    while child.expect_exact(["\x1b[6n", hint]) == 0:
        child.send("\x1b[20;1R")
    child.send("\r")  # the default: no
    child.expect(pexpect.EOF)
    raw = ESCAPES.sub("", child.logfile_read.getvalue())
    lines = [line for line in re.split(r"\r\n|\n|\r", raw) if hint in line]
    question = "되돌릴까요?" if lang == "ko" else "take back 40 actions?"
    assert lines and all(question in line and display_width(line) <= 80 for line in lines), lines
    assert not too_wide(raw, 80)
    assert game.read_text(encoding="utf-8") == long_names.read_text(encoding="utf-8")  # nothing taken back
