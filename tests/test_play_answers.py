"""Typed answers in `lignum play` and the `lignum new` wizard never end the session (issue 19 section 2).

A menu key with words after it (`19 buy:saw`, `16 +1`, `loan 2`, `c x`, `1 2`) is read as the line it spells,
or refused in one line; then the same question is asked again. The property tests answer seeded games of every
mode (en and ko) at every prompt with random text, menu keys of the menu actually shown with random words after
them, and legal notation with one word changed, and find no internal error; the same for the wizard.
Played in this process with a plain console (LIGNUM_DEBUG makes a bug raise here instead of being reported).
"""

from __future__ import annotations

import io
import random
import string
import tempfile
from functools import cache
from pathlib import Path

import pytest
from helpers import PATHS, fix, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import actions, run_session

from lignum_companion.dev.simulate import play_game
from lignum_companion.engine import Setup, legal_actions, new_game
from lignum_companion.gamefile import store as gamefile
from lignum_companion.table import Console, wizard
from lignum_companion.table.session import Session
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words


def one_line_refusals(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Refused:")]


# --- the forms of the issue, one by one ---------------------------------------------------------------------------


@pytest.fixture
def travel(tmp_path: Path) -> Path:
    """A 2-player basic game at anna's first move (location 19 is the market; 16 the sawyers)."""
    return start(2).then("path " + PATHS[2]).write(tmp_path / "t.lignum")


@pytest.mark.parametrize(("typed", "saved"), [
    ("19 buy:saw", "anna go 19 buy:saw"),       # the market key with a purchase: go 19 buy:saw
    ("16 +1", "anna go 16 +1"),                 # the form the menu itself prints for the paid sawyer
    ("19 2", "anna go 19 buy:food"),            # the market's sub-menu entry 2
    ("10 2", "anna go 10 2"),                   # woodcutters with a count
])
def test_a_menu_key_with_words_is_the_line_it_spells(travel: Path, typed: str, saved: str, monkeypatch) -> None:
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    code, out = run_session(travel, [typed, "quit"])
    assert code == 0 and "Internal error" not in out
    assert actions(travel)[-1] == saved
    assert "Stopped." in out  # the session went on to the next question


def test_loan_2_takes_two_loans_and_a_third_is_refused_by_R15(travel: Path, monkeypatch) -> None:
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    code, out = run_session(travel, ["loan 2", "loan 1", "loan 0", "quit"])
    assert code == 0
    assert actions(travel)[-2:] == ["anna loan", "anna loan"]
    refused = one_line_refusals(out)
    assert len(refused) == 2
    assert "already holds 2 loans" in " ".join(out.split()) and "(R15)" in out
    assert "Choose a number from 1 to 2: a player takes at most 2 loans (R15)." in out  # loan 0


@pytest.mark.parametrize(("typed", "said"), [
    ("c x", "cannot read 'anna go clearing x'"),            # the clearing takes nothing after it
    ("1 2", "cannot read 'anna go 1 2'"),                   # location 1 (a wagon) takes no count
    ("4 x", "Choose a number from 1 to 5: anna has $5"),   # bearers: a count, not a word; why 5 (R3)
    ("16b 2", "Entry 16b takes nothing after its key"),     # a second entry of a location: its key alone
    ("13 T3", "the tasks location (13) is not in play"),            # the basic game has no tasks (R2)
    ("loan x", "cannot read 'anna loan x'"),
])
def test_a_menu_key_with_words_that_spell_nothing_is_refused_in_one_line(travel: Path, typed: str, said: str,
                                                                         monkeypatch) -> None:
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    before = travel.read_bytes()
    code, out = run_session(travel, [typed, "quit"])
    assert code == 0 and "Internal error" not in out
    assert travel.read_bytes() == before  # nothing saved
    refused = one_line_refusals(out)
    assert len(refused) == 1 and said in " ".join(out.split())
    after = out[out.index(refused[0]):]
    assert "anna>" in after  # asked again, not the whole menu shown again
    assert "  1  go 1" not in after


def test_foodhut_with_its_area_and_a_sub_menu_entry_after_a_key(tmp_path: Path, monkeypatch) -> None:
    """`build 1` is the build sub-menu's first entry (R16); `foodhut x` spells a line the engine cannot read."""
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    script = start(2).then("path " + PATHS[2], fix("anna", "stake", 2), fix("anna", "board", 2),
                           fix("anna", "shingle", 2))
    path = script.write(tmp_path / "h.lignum")
    code, out = run_session(path, ["build 1", "foodhut x", "quit"])
    assert code == 0, out
    built = actions(path)[-1]
    assert built.startswith("anna build ")
    assert "cannot read 'anna foodhut x'" in " ".join(out.split())


def test_words_after_a_key_are_never_a_command(travel: Path, monkeypatch) -> None:
    """`19b undo` types `undo` as the purchase: refused as a purchase, nothing undone."""
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    code, out = run_session(travel, ["19b undo", "quit"])
    assert code == 0
    assert actions(travel) == ["path " + PATHS[2]]
    assert "undone" not in out and "cannot read 'anna go 19 buy:undo'" in " ".join(out.split())


# --- property tests ---------------------------------------------------------------------------------------------

# (players, mode, variants, expansion): every mode, the tactical variant and the expansion
MODES = [(2, "basic", (), ""), (3, "advanced", (), ""), (4, "expert", (), ""), (3, "basic", ("tactical",), ""),
         (2, "basic", (), "joinery"), (3, "expert", ("tactical",), "joinery")]


@cache
def whole_game(mode_index: int) -> tuple[Setup, tuple[str, ...]]:
    """A seeded random game of that mode played to its end: its setup and its log."""
    players, mode, variants, expansion = MODES[mode_index]
    report = play_game(7 + mode_index, players, mode, variants, check="none", expansion=expansion)
    assert report.over
    return report.setup, tuple(report.log)


def game_text(mode_index: int, at: int) -> str:
    """That game stopped after some of its actions (`at` modulo its length + 1: the start to the end)."""
    setup, log = whole_game(mode_index)
    return gamefile.render(gamefile.append(gamefile.new_file(setup), list(log[: at % (len(log) + 1)])))


HANGUL = "가나다판자장작침엽수활엽수말뚝지붕널대출예아니오"
NOISE = string.ascii_letters + string.digits + string.punctuation + " " + HANGUL + "\t\x1b\x00\u200b\u202e\x7f"
KEYS = ["c", "loan", "build", "dryhut", "foodhut", "shuffle", "back", "?", "16b", "19b", "again", "done"] + \
    [str(n) for n in range(0, 24)]
WORDS = ["buy:saw", "+1", "T3", "2F+S", "sale:F", "saw:H", "x", "2", "0", "99", "-1", "1.5", "buy:", "sell:",
         "store:2", "hut:1", "millworker:yes", "판자", "2장작", "back", "undo", "status", "rules", "help",
         "clearing", "anna", "dry1:mF", "using:stake", "drying+food+accom", "\x1b[31m", "１２", "٣"]


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(NOISE) for _ in range(rng.randint(0, 14)))


class Answers(io.TextIOBase):
    """Standard input that makes up each answer when it is asked for, from the question on the screen: random
    text, a key of the menu shown (or a known key) with random words after it, or a legal line of the game with
    one word changed. After `n` answers it says `quit`; `asked` counts the answers read."""

    def __init__(self, rng: random.Random, n: int) -> None:
        self.rng, self.n, self.asked = rng, n, 0
        self.session: Session | None = None

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:  # noqa: ARG002 - the signature of a stream
        self.asked += 1
        if self.asked > self.n:
            return "quit\n" if self.asked == self.n + 1 else ""
        answer = self.make().replace("\n", " ")
        first = answer.split()[:1]
        if first and words.alias(first[0]).lower() == "quit":  # the one answer that may end the session
            answer = "?"
        return answer + "\n"

    def make(self) -> str:
        rng, s = self.rng, self.session
        kind = rng.randrange(4)
        if kind == 3:  # the default or a legal line: the game moves on to other steps and other menus
            lines = [a.text for a in legal_actions(s.g)] if s is not None and not s.g.over else []
            return rng.choice(lines) if lines and rng.random() < 0.5 else ""
        if kind == 0:
            return random_text(rng)
        if kind == 1:
            menu = s.menu if s is not None else None
            keys = [c.key for c in menu.choices] if menu is not None and menu.choices else []
            key = rng.choice(keys) if keys and rng.random() < 0.7 else rng.choice(KEYS)
            after = [rng.choice(WORDS) if rng.random() < 0.7 else random_text(rng) for _ in range(rng.randint(1, 3))]
            return " ".join([key, *after])
        lines = [a.text for a in legal_actions(s.g)] if s is not None and not s.g.over else []
        line = rng.choice(lines) if lines else "anna go 5"
        parts = line.split()
        parts[rng.randrange(len(parts))] = rng.choice(WORDS) if rng.random() < 0.6 else random_text(rng)
        return " ".join(parts)


FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(mode=st.integers(0, len(MODES) - 1), at=st.integers(0, 10**4), seed=st.integers(0, 10**6),
       n=st.integers(1, 12), lang=st.sampled_from(["en", "ko"]))
def test_random_answers_at_every_step_never_end_the_session(mode: int, at: int, seed: int, n: int,
                                                            lang: str, monkeypatch) -> None:
    monkeypatch.setenv("LIGNUM_DEBUG", "1")  # a bug raises here, with its traceback, instead of one line
    texts.choose(lang)
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "fuzz.lignum"
            path.write_text(game_text(mode, at), encoding="utf-8")
            stdin = Answers(random.Random(seed), n)
            out = io.StringIO()
            gf, g = gamefile.load(path)
            session = Session(path, gf, g, Console(tty=False, stdin=stdin, stdout=out), str(seed))
            stdin.session = session
            code = session.main()
            text = out.getvalue()
            assert "Internal error" not in text and "내부 오류" not in text and "Traceback" not in text
            if not session.g.over:  # the session went on through every answer, to the `quit` after them
                assert stdin.asked >= n + 1, text[-2000:]
                assert code in (0, 130)
            gamefile.load(path)  # whatever was saved is a game file that replays
    finally:
        texts.choose(None)


WIZARD_WORDS = ["anna ben", "anna 민준 cleo", "anna", "2", "1", "3", "4", "basic", "expert", "advanced", "4/2", "5/3",
                "1 5", "1 5 3", "yes", "no", "y", "n", "예", "아니오", "joinery", "none", "tactical", "sawing drying",
                "smithy +$1", "red blue", "anna=red", "", "back", "9/9", "0/0", "anna ANNA", "a|b", "smithy:a|b"]


class WizardAnswers(io.TextIOBase):
    """The wizard's standard input: plausible answers and random text; the end of input after `n` answers."""

    def __init__(self, rng: random.Random, n: int) -> None:
        self.rng, self.n, self.asked = rng, n, 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:  # noqa: ARG002
        self.asked += 1
        if self.asked > self.n:
            return ""
        rng = self.rng
        if rng.random() < 0.6:
            return rng.choice(WIZARD_WORDS) + "\n"
        if rng.random() < 0.5:
            return f"{rng.choice(WIZARD_WORDS)} {random_text(rng)}\n"
        return random_text(rng) + "\n"


@FUZZ
@given(seed=st.integers(0, 10**6), n=st.integers(1, 40), lang=st.sampled_from(["en", "ko"]),
       mode=st.sampled_from([None, "basic", "expert"]), expansion=st.sampled_from([None, "joinery"]))
def test_random_wizard_answers_never_crash_it(seed: int, n: int, lang: str, mode: str | None,
                                              expansion: str | None) -> None:
    texts.choose(lang)
    try:
        given_ = {k: None for k in ("players", "mode", "variants", "order", "areas", "winter", "cards", "money",
                                    "name", "colours", "strict", "warnings", "expansion", "buildings")}
        given_["mode"], given_["expansion"] = mode, expansion
        stdin = WizardAnswers(random.Random(seed), n)
        out = io.StringIO()
        setup = wizard(given_, Console(tty=False, stdin=stdin, stdout=out), random.Random(seed))
        text = out.getvalue()
        assert "Traceback" not in text
        if setup is None:  # cancelled by the end of input, after every answer was read
            assert stdin.asked == n + 1
        else:
            assert isinstance(setup, Setup)
            new_game(setup)  # what the wizard accepts is a game that starts
    finally:
        texts.choose(None)


# --- file names and answers with control characters are shown escaped (issue 24 item 9) -------------------------


def test_a_file_name_with_escape_sequences_and_an_echoed_answer_are_shown_escaped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    path = start(2).write(tmp_path / "e\x1b]0;owned\x07\x1b[31mred\nx.lignum")
    code, out = run_session(path, ["path " + PATHS[2], "\x1b[2Jgo 5", "quit"])
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out  # nothing that a terminal would act on
    shown = str(tmp_path / "e\\u001b]0;owned\\u0007\\u001b[31mred\\u000ax.lignum")
    assert out.count(shown) == 3  # the intro, where it is saved, and how to resume
    assert "anna> \\u001b[2Jgo 5\n" in out  # the piped answer's echo
    assert actions(path) == ["path " + PATHS[2]]


def test_a_saved_file_name_in_the_last_line_after_a_signal_is_shown_escaped(tmp_path: Path, monkeypatch) -> None:
    from lignum_companion.cli import stopping
    from lignum_companion.gamefile import save as saving

    monkeypatch.setattr(saving, "saved", [tmp_path / "g\x1b[2J\n.lignum"])
    line = stopping.stopped_line("SIGINT")
    assert "\x1b" not in line and "\n" not in line.strip()
    assert "g\\u001b[2J\\u000a.lignum" in line


def test_the_forms_of_the_issue_in_a_piped_play_process(tmp_path: Path) -> None:
    """The answers that ended the session with "Internal error (TypeError ...)": now lines or one-line refusals."""
    import os
    import subprocess
    import sys

    path = start(2).write(tmp_path / "p.lignum")
    answers = ["path " + PATHS[2], "19 buy:saw", "13 T3", "16 +1", "foodhut 1", "c x", "1 2", "loan 2", "c", "quit"]
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1", "LIGNUM_SEED": "2"}
    env.pop("LIGNUM_DEBUG", None)
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(path)], input="\n".join(answers) + "\n",
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert "Internal error" not in r.stdout and "Traceback" not in r.stderr
    assert actions(path) == ["path " + PATHS[2], "anna go 19 buy:saw", "ben go 16 +1", "anna loan", "anna loan",
                             "anna go clearing"]
    assert len(one_line_refusals(r.stdout)) == 4  # 13 T3 (no tasks in the basic game), foodhut 1, c x, 1 2


def test_foodhut_with_the_area_after_its_key_takes_that_areas_food(tmp_path: Path, monkeypatch) -> None:
    """`foodhut 3` on the path: the key `foodhut` and the area, as the notation writes it (R16, R29)."""
    from helpers import script_to

    monkeypatch.setenv("LIGNUM_DEBUG", "1")
    script = script_to(start(2), step="placement", round=2).then("placement 3:2food")
    script = script_to(script, step="travel", round=2).then(fix("ben", "food-hut", 1))  # ben moves first now
    path = script.write(tmp_path / "f.lignum")
    code, out = run_session(path, ["foodhut 3", "quit"])
    assert code == 0, out
    assert actions(path)[-1] == "ben foodhut 3"
    assert "ok: ben: spend 1 food-storage hut (back to the supply); 2 food from cutting area 3" in \
        " ".join(out.split())
