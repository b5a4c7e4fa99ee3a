"""Never lose a game, round four (issue 33): odd file names (item 4), long names (item 3), absurd cached totals
(item 6), the undo question at a terminal (item 7) and a `play` whose file is replaced by another game.

Items 1 and 2 (the text cache) are in test_text_cache.py, item 5 (cards written part by part) in
test_fuzz_notation.py; the bounded fuzz harnesses grow in test_side_files.py and test_input_limits.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import PATHS, fix, make_setup

from lignum_companion.gamefile import store as gamefile

CODE = "from lignum_companion.cli.entry import main; main()"
PATH_2P = "path " + PATHS[2]
NEW = ["new", "-p", "anna,ben", "-m", "basic", "--no-variants", "--order", "anna,ben", "--areas", "anna=1,ben=5",
       "--winter", "4/2,5/3"]
LATIN1 = b"caf\xe9.lignum"  # a name written by a Latin-1 system (or copied off one): not UTF-8


def real(*args: str | bytes, folder: Path, stdin: str = "", env: dict[str, str] | None = None):
    """The real program in its own process (arguments may be bytes: a file name is not always text)."""
    return subprocess.run([sys.executable, "-c", CODE, *args], input=stdin.encode("utf-8"), capture_output=True,
                          timeout=120, env={**os.environ, "NO_COLOR": "1", "LIGNUM_GAMES_DIR": str(folder),
                                            **(env or {})})


def text(r) -> str:
    return (r.stdout + r.stderr).decode("utf-8", "replace")


def one_clean_run(r, code: int = 0) -> str:
    said = text(r)
    assert r.returncode == code, said
    assert "internal error" not in said and "Traceback" not in said, said
    return said


# --- item 4: a file name that is not UTF-8 ---------------------------------------------------------------------


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names are bytes on Linux and other Unixes")
def test_item4_a_latin1_file_name_works_end_to_end(tmp_path):
    """`new -f` and `do` saved and then said `internal error: UnicodeEncodeError ... was saved whole before it`
    (exit 1, no `ok:`: a script that retries applies a fix twice); `play` could not start on it."""
    folder = tmp_path / "games"
    folder.mkdir()
    name = os.fsencode(folder) + b"/" + LATIN1
    path = Path(os.fsdecode(name))
    said = one_clean_run(real(*NEW, "-f", name, folder=folder))
    assert path.is_file() and gamefile.read(path).action_texts() == []
    said = one_clean_run(real("do", name, PATH_2P, folder=folder))
    assert "ok: " + PATH_2P in said
    said = one_clean_run(real("do", fix("anna", "money", 1, "once"), folder=folder))  # the default game: this one
    assert said.count("ok: fix anna money +1 once") == 1
    assert gamefile.read(path).action_texts() == [PATH_2P, fix("anna", "money", 1, "once")]
    assert (folder / gamefile.LAST_GAME).read_bytes() == LATIN1 + b"\n"  # the name's own bytes
    said = one_clean_run(real("play", name, folder=folder, stdin="anna go 1\nquit\n"))
    assert len(gamefile.read(path).actions) == 3
    for args in (["games"], ["stats"], ["next"], ["undo"]):
        one_clean_run(real(*args, folder=folder))
    assert len(gamefile.read(path).actions) == 2  # the undo took the play's line back


def test_item4_a_saved_line_is_reported_as_saved_whatever_fails_after_the_save(tmp_path, monkeypatch):
    """The save's last step (remembering the game) must never turn a saved line into an error."""
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.gamefile import folder as games_folder

    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    path = tmp_path / "g.lignum"
    gamefile.save(gamefile.new_file(make_setup(2)), path)

    def broken(*_a, **_k):
        raise UnicodeEncodeError("utf-8", "\udce9", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(games_folder, "write_side_file", broken)
    r = CliRunner().invoke(app, ["do", str(path), fix("anna", "money", 1, "x")])
    assert r.exit_code == 0 and "ok: " + fix("anna", "money", 1, "x") in r.output, r.output


# --- item 6: a games-cache entry with figures no real game reaches ----------------------------------------------

ABSURD = {
    "4,000 digits": lambda r: {**r, "total": int("9" * 4000)},  # `stats`: internal error: OverflowError
    "-10^18": lambda r: {**r, "total": -10**18},  # `stats --pdf`: over 40 s drawing the axis
    "season of 10^15": lambda r: {**r, "seasons": [10**15] + r["seasons"][1:]},
    "place 99": lambda r: {**r, "place": 99},
    "a thousand seasons": lambda r: {**r, "seasons": r["seasons"] * 125},
}


def finished_game(folder: Path) -> Path:
    src = Path(__file__).parent.parent / "examples"
    for p in sorted(src.glob("*.lignum")):
        if gamefile.load(p)[1].over:
            target = folder / p.name
            target.write_bytes(p.read_bytes())
            return target
    pytest.skip("no finished example game")


@pytest.mark.parametrize("damage", list(ABSURD), ids=list(ABSURD))
def test_item6_absurd_cached_figures_are_dropped_and_rebuilt(tmp_path, monkeypatch, damage):
    import json

    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.views import stats

    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    finished_game(tmp_path)
    runner = CliRunner()
    first = runner.invoke(app, ["stats"]).output
    cache = tmp_path / gamefile.CACHE
    data = json.loads(cache.read_text(encoding="utf-8"))
    good = json.loads(json.dumps(data["files"]))
    for entry in data["files"].values():
        entry["game"]["players"][0] = ABSURD[damage](entry["game"]["players"][0])
    cache.write_text(json.dumps(data), encoding="utf-8")
    assert not any(stats.usable_summary(v) for v in data["files"].values())
    r = runner.invoke(app, ["stats"])
    assert r.exit_code == 0 and r.output == first, r.output
    assert json.loads(cache.read_text(encoding="utf-8"))["files"] == good  # rebuilt with the real figures
    cache.write_text(json.dumps(data), encoding="utf-8")
    r = runner.invoke(app, ["stats", "--pdf", str(tmp_path / "results.pdf")])
    assert r.exit_code == 0 and (tmp_path / "results.pdf").read_bytes().startswith(b"%PDF"), r.output
    assert json.loads(cache.read_text(encoding="utf-8"))["files"] == good



# --- item 3: long names -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "said"), [("en", "at most 100 characters, not 101"), ("ko", "100자까지")])
def test_item3_new_refuses_a_name_over_the_bound_in_one_line_and_writes_nothing(tmp_path, lang, said):
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    target = tmp_path / "long.lignum"
    r = CliRunner().invoke(app, ["--lang", lang, *NEW, "--name", "x" * 101, "-f", str(target)])
    assert r.exit_code == 1 and said in r.output and r.output.strip().count("\n") == 0, r.output
    assert not target.exists() and not list(tmp_path.iterdir())
    r = CliRunner().invoke(app, ["--lang", lang, *NEW, "--name", "x" * 100, "-f", str(target)])
    assert r.exit_code == 0 and gamefile.read(target).setup.name == "x" * 100, r.output


def test_item3_the_wizard_refuses_a_long_name_and_asks_again(tmp_path):
    target = tmp_path / "w.lignum"
    answers = "4/2\n5/3\n" + "x" * 5000 + "\nFriday at Zoë's\n" + "\n" * 4
    r = real(*NEW[:-2], "--expansion", "none", "--warnings", "on", "-f", str(target), folder=tmp_path, stdin=answers,
             env={"LIGNUM_SEED": "1"})
    said = one_clean_run(r)
    assert "at most 100 characters, not 5000" in said
    assert gamefile.read(target).setup.name == "Friday at Zoë's"


def test_item3_a_long_name_is_fitted_by_bisection_as_the_old_trim_did():
    """The cut trimming one letter at a time gave (the longest head that fits beside the mark), measured a few dozen
    times instead of once per letter (10,000 measures of a 10,000-letter name: 84 s for one sheet)."""
    from lignum_companion.printables.fonts import default_fonts

    fonts = default_fonts()
    measured = []
    real_width = type(fonts).width

    def counting(self, text, size, bold=False):
        measured.append(len(text))
        return real_width(self, text, size, bold)

    for text in ("Zoë's long Friday " * 600, "민준과 지우의 금요일 " * 300, "short", "", "W" * 40):
        for width in (0.5, 30.0, 200.0):
            measured.clear()
            type(fonts).width = counting
            try:
                got = fonts.fit(text, 9, width)
            finally:
                type(fonts).width = real_width
            assert len(measured) <= 2 + 2 * len(text).bit_length()
            if real_width(fonts, text, 9) <= width:
                assert got == text
                continue
            head = got.removesuffix("…")
            assert got.endswith("…") and text.startswith(head)
            assert not head or real_width(fonts, got, 9) <= width  # it fits (or nothing does)
            assert real_width(fonts, text[: len(head) + 1] + "…", 9) > width  # and one letter more would not


# --- item 7: the undo question at a terminal is the program's own -------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a pseudo-terminal (pexpect)")
@pytest.mark.parametrize(("lang", "keys", "code"), [
    ("ko", "\x04\r", 1),  # Ctrl-D: typer said `Aborted!` (exit 1) in English; the arrow menu waits for a choice
    ("ko", "\x03", 130),  # Ctrl-C: `^CAborted!`
    ("en", "x\x03", 130),  # a bad key: typer said `Error: invalid input`
    ("en", "x\x04", 1),
    ("ko", "\r", 1),  # Enter takes the default: no
])
def test_item7_the_undo_question_is_ours_in_the_chosen_language_with_the_usual_exits(tmp_path, lang, keys, code):
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "g.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), [PATH_2P, fix("anna", "money", 1, "a")]), path)
    before = path.read_bytes()
    child = pexpect.spawn(sys.executable, ["-c", CODE, "--lang", lang, "undo", str(path), "-n", "2"], timeout=60,
                          encoding="utf-8", dimensions=(30, 80),
                          env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"})
    child.expect("되돌릴까요" if lang == "ko" else "take back all 2 actions of the game")
    child.expect("아니오" if lang == "ko" else r"\(y/N\)")  # the program's own question, drawn whole
    for key in keys:
        child.send(key)
    child.expect(pexpect.EOF)
    child.close()
    said = child.before
    assert child.exitstatus == code, said
    assert "Aborted" not in said and "Error" not in said and "invalid input" not in said, said
    assert ("아무것도 되돌리지 않았습니다" if lang == "ko" else "nothing was undone") in said, said
    assert path.read_bytes() == before and not list(tmp_path.glob("*.before-undo-*"))
