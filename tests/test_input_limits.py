"""Input refused at the door and limits that hold (issue 24): building effects (item 7), every LIGNUM_* setting
(item 8), odd and long file names (item 9), a score sheet of many corrections or a very long name (item 10) and the
size cap of a game file (item 12).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import PATHS, fix, make_setup
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import IllegalAction
from lignum_companion.engine.setup import check_building_effect
from lignum_companion.gamefile import settings
from lignum_companion.gamefile import store as gamefile

runner = CliRunner()
PATH_2P = "path " + PATHS[2]
CODE = "from lignum_companion.cli.entry import main; main()"
NEW = ["new", "-p", "anna,ben", "-m", "basic", "--no-variants", "--order", "anna,ben", "--areas", "anna=1,ben=5",
       "--winter", "4/2,5/3"]


def game(folder: Path, lines: list[str] = (), name: str = "g.lignum") -> Path:
    path = folder / name
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), list(lines)), path)
    return path


def real(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CODE, *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "NO_COLOR": "1", **(env or {})})


# --- item 7: building effects ----------------------------------------------------------------------------------


@pytest.mark.parametrize("effect", ["a\x1bb", "a\x00b", "two\nlines", "a|b", "x" * 301])
def test_item7_a_bad_effect_is_refused_by_the_engine(effect):
    with pytest.raises(IllegalAction) as e:
        check_building_effect("smithy", effect)
    assert e.value.rule == "R23"
    assert check_building_effect("smithy", "+$1 for each softwood sold") == "+$1 for each softwood sold"


def test_item7_new_refuses_an_effect_with_an_escape_and_writes_nothing(tmp_path):
    target = tmp_path / "j.lignum"
    tiles = "smithy:a\x1bb|mill|inn|well|gate|barn"
    r = runner.invoke(app, [*NEW, "--expansion", "joinery", "--buildings", tiles, "-f", str(target)])
    assert r.exit_code == 1 and "U+001B" in r.output and "R23" in r.output, r.output
    assert not target.exists()


def test_item7_the_wizard_refuses_a_bar_in_an_effect_and_asks_again(tmp_path):
    target = tmp_path / "w.lignum"
    answers = "smithy a|b\nsmithy +$1 a sale\nmill\ninn\nwell\ngate\nbarn\n" + "\n" * 8
    r = real(*NEW, "--expansion", "joinery", "-f", str(target), stdin=answers,
             env={"LIGNUM_GAMES_DIR": str(tmp_path), "LIGNUM_SEED": "1"})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert "cannot hold |" in r.stdout
    tiles = gamefile.read(target).setup.buildings
    assert len(tiles) == 6 and tiles[0] == ["smithy", "+$1 a sale"]
    assert gamefile.load(target)  # and `check` reads back what `new` saved


# --- item 8: environment settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "value", "said"), [
    ("LIGNUM_LOCK_WAIT", "abc", "a number of seconds"), ("LIGNUM_LOCK_WAIT", "nan", "a number of seconds"),
    ("LIGNUM_LOCK_WAIT", "inf", "a number of seconds"), ("LIGNUM_LOCK_WAIT", "-3", "a number of seconds"),
    ("LIGNUM_LANG", "fr", "en, ko"), ("LIGNUM_COLOR", "sometimes", "always, never, auto"),
    ("LIGNUM_DEBUG", "maybe", "one of 1, 0"), ("LIGNUM_STRICT_TEXTS", "perhaps", "one of 1, 0"),
    ("LIGNUM_SEED", "x" * 500, "at most 200"),
])
def test_item8_every_setting_is_checked_before_a_command_runs(tmp_path, name, value, said):
    r = real("games", env={"LIGNUM_GAMES_DIR": str(tmp_path), name: value})
    assert r.returncode == 2 and r.stdout == "", r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and name in r.stderr and said in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr


def test_item8_a_games_folder_setting_that_names_a_file_is_refused(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    r = real("games", env={"LIGNUM_GAMES_DIR": str(plain)})
    assert r.returncode == 2 and "LIGNUM_GAMES_DIR names" in r.stderr and "not a folder" in r.stderr, r.stderr


def test_item8_good_values_pass_and_mean_what_they_say(monkeypatch):
    for name, value in (("LIGNUM_LOCK_WAIT", "0.5"), ("LIGNUM_LANG", "ko_KR.UTF-8"), ("LIGNUM_COLOR", "never"),
                        ("LIGNUM_DEBUG", "0"), ("LIGNUM_SEED", "4")):
        monkeypatch.setenv(name, value)
    assert settings.problem() is None
    assert settings.lock_wait() == 0.5 and settings.flag("LIGNUM_DEBUG") is False
    monkeypatch.setenv("LIGNUM_LOCK_WAIT", "")
    assert settings.lock_wait() == settings.LOCK_WAIT_DEFAULT


def test_item8_every_environment_read_is_a_checked_setting():
    """A new os.environ read of a LIGNUM_* variable must be added to settings.py (or this list of its readers)."""
    import re

    package = Path(__file__).parent.parent / "lignum_companion"
    known = set(settings.CHOICES) | set(settings.FOLDERS) | set(settings.FLAG_SETTINGS) | set(settings.TEXTS) | {
        settings.LOCK_WAIT}
    read = set()
    for p in package.rglob("*.py"):
        read |= set(re.findall(r"\"(LIGNUM_[A-Z_]+)\"", p.read_text(encoding="utf-8")))
    assert read <= known, read - known


# --- item 9: file names --------------------------------------------------------------------------------------------


def test_item9_a_file_name_with_a_newline_keeps_the_games_table_whole(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    game(games, [PATH_2P], name="two\nlines.lignum")
    game(games, [PATH_2P], name="tab\there.lignum")
    game(games, [PATH_2P], name="plain.lignum")
    r = runner.invoke(app, ["games"], env={"LIGNUM_GAMES_DIR": str(games)})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert len(lines) == 2 + 3 + 1  # header, rule, one line per game, the folder
    assert "two\\u000alines.lignum" in r.output and "tab\\u0009here.lignum" in r.output


def test_item9_a_name_too_long_to_save_beside_is_refused_at_once(tmp_path):
    limit = gamefile.name_limit(tmp_path)
    too_long = tmp_path / ("a" * (limit - len(".lignum") + 1) + ".lignum")
    r = runner.invoke(app, ["new", "-f", str(too_long)], input="")  # the wizard would ask: refused before that
    assert r.exit_code == 1 and f"at most {limit}" in r.output and r.output.count("\n") == 1, r.output
    assert not too_long.exists()
    src = game(tmp_path, [PATH_2P])
    too_long.write_bytes(src.read_bytes())  # a game copied under that name: read, refused before any change
    before = too_long.read_bytes()
    assert runner.invoke(app, ["check", str(too_long)]).exit_code == 0
    r = runner.invoke(app, ["do", str(too_long), fix("anna", "money", 1, "x")])
    assert r.exit_code == 1 and "choose a shorter name" in r.output and too_long.read_bytes() == before
    r = real("play", str(too_long), stdin="quit\n", env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert r.returncode == 1 and "choose a shorter name" in r.stderr, r.stdout + r.stderr


def test_item9_the_longest_name_allowed_saves_undoes_and_keeps_a_copy(tmp_path):
    limit = gamefile.name_limit(tmp_path)
    longest = tmp_path / ("b" * (limit - len(".lignum")) + ".lignum")
    assert runner.invoke(app, [*NEW, "-f", str(longest)]).exit_code == 0
    for i in range(2):
        assert runner.invoke(app, ["do", str(longest), fix("anna", "money", 1, f"x{i}")]).exit_code == 0
    r = runner.invoke(app, ["undo", str(longest), "-n", "2", "--yes"])
    assert r.exit_code == 0, r.output
    assert longest.with_name(longest.name + ".bak").exists()
    assert longest.with_name(longest.name + ".before-undo-1").exists()


# --- item 10: long content on the score sheet -----------------------------------------------------------------------


def pages(pdf: Path) -> tuple[int, str]:
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(pdf))
    return len(reader.pages), " ".join((page.extract_text() or "") for page in reader.pages)


def test_item10_eighty_corrections_flow_and_a_thousand_are_cut_with_a_count(tmp_path):
    counts = {}
    for n in (80, 1000):
        path = game(tmp_path, [PATH_2P] + [fix("anna", "money", 1, f"fix {i}") for i in range(n)], name=f"c{n}.lignum")
        out = tmp_path / f"c{n}.pdf"
        r = runner.invoke(app, ["score", str(path), "--pdf", str(out)])
        assert r.exit_code == 0 and "internal error" not in r.output, r.output
        counts[n], text = pages(out)
        assert f"and {n - 40} more" in " ".join(text.split())
    assert counts[80] == counts[1000]  # capped: a longer log does not make a longer sheet


def test_item10_a_300_word_name_is_cut_with_a_mark(tmp_path):
    """`new` now refuses such a name (issue 33 item 3); a file written before the bound keeps it, and its sheet
    cuts it (by bisection: one letter at a time was quadratic)."""
    name = " ".join(f"word{i}" for i in range(300))
    path = tmp_path / "n.lignum"
    assert runner.invoke(app, [*NEW, "--name", name, "-f", str(path)]).exit_code == 1 and not path.exists()
    setup = make_setup(2)
    setup.name = name
    gamefile.save(gamefile.new_file(setup), path)
    out = tmp_path / "n.pdf"
    r = runner.invoke(app, ["score", str(path), "--pdf", str(out)])
    assert r.exit_code == 0, r.output
    n, text = pages(out)
    assert "word5" in text and "word299" not in text and "…" in text


# --- item 12: the size cap -------------------------------------------------------------------------------------------


def test_item12_a_file_over_the_cap_is_refused_before_it_is_read(tmp_path):
    path = game(tmp_path, [PATH_2P])
    with open(path, "ab") as f:
        f.truncate(gamefile.MAX_FILE_BYTES + 1)  # a sparse file: nothing is read to refuse it
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 1 and f"at most {gamefile.MAX_FILE_BYTES}" in r.output, r.output
    assert gamefile.MAX_FILE_BYTES <= 4_000_000  # a real game is under 100 kB


# --- the harness: long and odd names, for the game and for its file (issue 33 items 3 and 4), bounded ----------------


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="file names as bytes")
def test_names_fuzz_harness_long_and_non_utf8_names_work_or_are_refused_before_anything_is_written(tmp_path,
                                                                                                    monkeypatch):
    """Game names around and far past the bound, file names in Latin-1, with spaces, Hangul, near the length a disk
    allows: `new` creates the game or refuses in one line with nothing written; a created game then takes a line
    (`ok:` said once), lists, scores and prints, never an internal error."""
    import random

    from lignum_companion.engine.setup import GAME_NAME_MAX

    folder = tmp_path / "games"
    folder.mkdir()
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(folder))
    rng = random.Random(33)
    game_names = ["", "Friday at Zoë's", "금요일 밤의 목재", "x" * GAME_NAME_MAX, "x" * (GAME_NAME_MAX + 1),
                  "é" * 5000, " ".join(["word"] * 3000), "a\x1bb"]
    file_names = [b"caf\xe9.lignum", b"\xff\xfe.lignum", "목재 게임.lignum".encode(), b"a b.lignum",
                  b"n" * 200 + b".lignum", b"\xe9" * 230 + b".lignum", b"plain.lignum"]

    def lignum(*args: str):
        r = runner.invoke(app, list(args))
        assert "Traceback" not in r.output and "internal error" not in r.output, (args[:3], r.output[-500:])
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        if r.exit_code:
            assert r.output.strip().count("\n") == 0, r.output[-500:]
        return r

    for k in range(20):
        name, raw = rng.choice(game_names), rng.choice(file_names)
        target = folder / os.fsdecode(b"%d-" % k + raw)
        before = sorted(os.listdir(folder))
        r = lignum(*NEW, "--name", name, "-f", str(target))
        if r.exit_code:
            assert sorted(os.listdir(folder)) == before  # refused before anything was written
            continue
        assert len(name.strip()) <= GAME_NAME_MAX and "\x1b" not in name
        r = lignum("do", str(target), PATH_2P)
        assert r.exit_code == 0 and r.output.count("ok: ") == 1, r.output
        for args in (["games"], ["stats"], ["next"], ["score", str(target), "--pdf", str(tmp_path / f"{k}.pdf")]):
            assert lignum(*args).exit_code == 0, args
        assert gamefile.read(target).action_texts() == [PATH_2P]
