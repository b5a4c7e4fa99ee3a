"""Bad input loses nothing: every refusal of issues 2 and 3, in the engine and through `lignum do`, and bad files.

Each case is a game (a setup and the lines played so far) and one line that must be refused. In the engine the
refusal is one line naming the reason (and the ruling id where a ruling decides it) and `Game.to_dict()` is the
same before and after. Through the command line, `lignum do FILE LINE` exits 1 with that one line on stderr and
leaves the game file byte-for-byte as it was. `lignum check` reports damaged files as `line N: reason`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from helpers import PATHS, Script, cli, fix, script_to, start
from helpers import refused as engine_refused
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import IllegalAction, NotationError


@dataclass(frozen=True)
class Case:
    """A refusal: the game so far, the refused line, the ruling id ('' = none applies) and a word of the reason."""

    name: str
    script: str  # key of SCRIPTS
    line: str
    rule: str
    says: str


def _travel(n: int = 2, **kw) -> Script:
    return script_to(start(n, **kw), step="travel")


def _at(base: Script, *lines: str, **kw) -> Script:
    s = base.then(*lines)
    return script_to(s, **kw) if kw else s


@cache
def scripts() -> dict[str, Script]:
    t2 = _travel(2)
    t3 = _travel(3)
    clear2 = ("anna go clearing", "ben go clearing")
    expert = _travel(2, mode="expert", cards=("sawing", "trade", "drying", "overtime"))
    advanced = _travel(2, mode="advanced")
    return {
        "travel2": t2,
        "travel2-moved": t2.then("anna go 5", "ben go 7"),
        "travel2-on1": t2.then("anna go 1"),
        "travel3-left2": t3.then("anna go 2", "ben go 1", "cleo go 3", "anna go 5"),
        "travel2-bearers": t2.then("anna go 4 5"),
        "travel2-fodder3": t2.then(fix("anna", "fodder", +3)),
        "travel2-fodder-gone": t2.then("anna go 6"),
        "travel2-4saws": t2.then(fix("anna", "saw", +4)),
        "travel2-paid-sawyer": t2.then("anna go 16 +1"),
        "travel2-2loans": t2.then("anna loan", "anna loan"),
        "cutting2": _at(t2, *clear2, step="cutting", who="anna"),
        # anna hired a woodcutter: her cut binds the clearing order (a stand-in's cut alone would lapse, R24)
        "cutting2-hired": _at(t2, "anna go 10 1", "ben go clearing", "anna go clearing", step="cutting", who="anna"),
        "transport2-H": _at(t2, fix("anna", "woodpile.H", +1), fix("anna", "woodpile.F", +2), *clear2,
                            step="transport", who="anna"),
        "sawing2": _at(t2, fix("anna", "saw.F", +2), fix("anna", "saw", +1), *clear2, step="sawing", who="anna"),
        "selling2": _at(t2, fix("anna", "dry3.mF", +1), fix("anna", "sale.H", +1), fix("anna", "sale.F", +1),
                        *clear2, step="selling", who="anna"),
        "drying2-full": _at(t2, fix("anna", "sale.mF", +2), *clear2, step="drying", who="anna").then(
            fix("anna", "dry1.S", +1)),
        "arrival2-H": _at(_at(t2, fix("anna", "woodpile.H", +1), fix("anna", "raft", +1), *clear2,
                              step="transport", who="anna"), "anna raft H", step="arrival", who="anna"),
        "winter-feeding": _at(_at(start(2), step="bonus", round=4), fix("anna", "money", -5),
                              fix("anna", "sale.S", +2), step="feeding", who="anna"),
        "winter-cutting": _at(start(2), step="cutting", round=4, who="anna"),
        "area2": _at(t2, *clear2, step="area", round=2),
        "over": _at(start(2), step="over"),
        "expert-travel": expert,
        "expert-pair1-used": _at(expert, "anna go 8 sawing 1", step="travel", round=2, who="anna"),
        "expert-planned": expert.then("anna go 8 sawing 1", "ben go 9"),
        "expert-last-fall": _at(expert, step="travel", round=7, who="anna"),
        "expert-transport": _at(expert, fix("anna", "woodpile.F", +2), *clear2, step="transport", who="anna"),
        "advanced-took": advanced.then("anna go 13 T1"),
        "advanced-took-again": advanced.then("anna go 13 T1", "ben go 9"),
        "advanced-tasks": _at(advanced, "anna go 13 T1", fix("anna", "dry2.mS", +1), fix("anna", "dry1.mS", +1),
                              fix("anna", "sale.mF", +1),
                              "ben go clearing", "anna go clearing", step="tasks", who="anna").then(
            "anna fill T1 sale:mF"),
        "tactical-area": _at(start(2, variants=("tactical",)), step="area", round=2).then("anna area 5"),
    }


CASES = [
    # --- issue 2: who, what, when
    Case("unknown player", "travel2", "zoe go 4 1", "", "no player called"),
    Case("malformed: no location", "travel2", "anna go", "", "where to go"),
    Case("malformed: unknown verb", "travel2", "anna fly 3", "", "unknown action"),
    Case("malformed: count missing", "travel2", "anna go 4", "", "how many"),
    Case("malformed: bad piece", "travel2", "anna go 19 buy:3wood", "", "unknown purchase"),
    Case("malformed: short path", "travel2", "path wagon raft", "", "13 tokens"),
    Case("out of turn", "travel2", "ben go 1", "R18", "not ben's turn"),
    Case("wrong phase: cutting while travelling", "travel2", "anna cut F", "", "not part of the travel step"),
    Case("wrong phase: table draw while travelling", "travel2", "path " + PATHS[2], "", "nothing to enter"),
    Case("R13 selling in winter", "winter-cutting", "anna sell sale:F", "R13", "not part of the cutting"),
    Case("game over", "over", "anna go 1", "", "game is over"),
    # --- R3 (and R2, R4) moves along the path
    Case("R3 backwards", "travel2-moved", "anna go 3", "R3", "forward"),
    Case("R3 staying put", "travel2-moved", "anna go 5", "R3", "forward"),
    Case("R3 full location", "travel2-on1", "ben go 1", "R3", "full"),
    Case("R3 token taken", "travel3-left2", "ben go 2", "R3", "taken"),
    Case("R3 too little money", "travel2", "anna go 4 6", "R3", "costs $6"),
    Case("R3 not enough bearers left", "travel2-bearers", "ben go 4 2", "R3", "only 1 bearers"),
    Case("R3 fodder while holding fodder on 3", "travel2-fodder3", "anna go 6", "R3", "fodder on 3"),
    Case("R3 no fodder left", "travel2-fodder-gone", "ben go 6", "R3", "no fodder"),
    Case("R3 saw token with 4 saws", "travel2-4saws", "anna go 3", "R3", "4 saws"),
    Case("R17 a fifth saw at the market", "travel2-4saws", "anna go 19 buy:saw", "R17", "at most 4"),
    Case("R17 a fifth saw by correction", "travel2-4saws", "fix anna saw +1 found one", "R17", "at most 4"),
    Case("R3 market with nothing to do", "travel2", "anna go 19", "R3", "at least one thing"),
    Case("R3 the $1 sawyer twice", "travel2-paid-sawyer", "ben go 16 +1", "R3", "already hired"),
    Case("R4 more woodcutters than wood", "travel2", "anna go 10 4", "R4", "at most 3 woodcutters"),
    Case("R2 X token", "travel2", "anna go 14", "R2", "X token"),
    Case("R2 tasks skipped in basic", "travel2", "anna go 13 T1", "R2", "not in play"),
    Case("R2 planned work skipped in basic", "travel2", "anna go 8 sawing 1", "R2", "not in play"),
    Case("R15 a third loan", "travel2-2loans", "anna loan", "R15", "2 loans"),
    # --- wood work
    Case("R5 moving areas when alone", "cutting2", "anna relocate 4", "R5", "shared"),
    Case("R6 more pieces than workers", "transport2-H", "anna carry saw:H+F", "R6", "bearers"),
    Case("R7 hardwood to the sale area", "transport2-H", "anna carry sale:H", "R7", "hardwood"),
    Case("R8 river hardwood to the sale area", "arrival2-H", "anna receive sale:H", "R8", "hardwood"),
    Case("R9 a saw per disk", "sawing2", "anna saw 2F", "R9", "2 saws"),
    Case("R10 unmilled hardwood for sale", "selling2", "anna sell sale:H dry3:mF", "R10", "cannot be sold"),
    Case("R12 leaving the third drying area", "selling2", "anna done", "R12", "must be sold"),
    Case("R11 full drying area", "drying2-full", "anna dry mF", "R11", "first drying area holds"),
    Case("R11 two disks", "drying2-full", "anna dry 2mF", "R11", "never a mix"),
    Case("R16 huts without tokens", "travel2", "anna build drying+food+accom", "R16", "different tokens"),
    Case("R13 choosing wood in winter cutting", "winter-cutting", "anna cut 2S", "R13", "firewood"),
    # --- the ruling each refusal cites says what the refusal says
    Case("R24 cutting out of clearing order", "cutting2-hired", "ben cut F", "R24", "not ben's turn"),
    Case("R25 winter cutting with huts not held", "winter-cutting", "anna cut hut:1", "R25", "accommodation huts"),
    Case("R16 a hut spent while areas are chosen", "area2", "anna dryhut sale:F", "R16", "own turn"),
    Case("R15 a loan while areas are chosen", "area2", "anna loan", "R15", "own turn"),
    Case("R14 not naming the forced sale", "winter-feeding", "anna feed", "R14", "short"),
    # --- issue 3: planned work
    Case("R20 card not laid out", "expert-travel", "anna go 8 cutting 1", "R20", "not among"),
    Case("R20 pair already used", "expert-pair1-used", "anna go 8 trade 1", "R20", "pair 1"),
    Case("R20 aiming past the game", "expert-last-fall", "anna go 8 sawing 2", "R20", "past the second winter"),
    Case("R20 season the card cannot work in", "expert-travel", "anna go 8 trade 3", "R20", "winter"),
    Case("second plan in a round", "expert-planned", "anna go 8 trade 2", "R3", "forward"),
    Case("R20 effect not planned", "expert-transport", "anna float F", "R20", "Log Driving card"),
    # --- issue 3: tasks
    Case("R19 card not face up", "advanced-took", "ben go 13 T1", "R19", "not face up"),
    Case("second task in a round", "advanced-took-again", "anna go 13 T2", "R3", "forward"),
    Case("R19 piece not matching", "advanced-tasks", "anna fill T1 dry1:mS", "R19",
         "from the sale area or first drying area"),
    Case("taking a piece back from a task", "advanced-tasks", "anna unfill T1 sale:mF", "", "unknown action"),
    Case("a placed piece cannot be used again", "advanced-tasks", "anna fill T1 sale:mF", "", "holds nothing"),
    Case("R21 an area already taken", "tactical-area", "ben area 5", "R21", "taken"),
]


def _case_id(c: Case) -> str:
    return c.name


def _script(c: Case) -> Script:
    return scripts()[c.script]


def test_every_case_name_is_unique() -> None:
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_engine_refuses_and_changes_nothing(case: Case) -> None:
    g = _script(case).game()
    e = engine_refused(g, case.line, case.rule or None)
    assert case.says in str(e), str(e)
    if case.rule:
        assert isinstance(e, IllegalAction) and e.rule == case.rule
    else:
        assert isinstance(e, NotationError) or (isinstance(e, IllegalAction) and not e.rule)
    if isinstance(e, IllegalAction):
        assert case.line.split()[0] in str(e) or case.line in str(e)  # names the action (and the phase)


runner = CliRunner()


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_cli_do_refuses_with_one_line_and_keeps_the_file(case: Case, tmp_path: Path) -> None:
    path = _script(case).write(tmp_path / "game.lignum")
    before = path.read_bytes()
    result = runner.invoke(app, ["do", str(path), case.line], env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("refused: "), result.stderr
    assert case.says in lines[0]
    if case.rule:
        assert f"({case.rule})" in lines[0]
    assert "Traceback" not in result.stderr
    assert path.read_bytes() == before
    assert not (tmp_path / "game.lignum.bak").exists()


def test_cli_do_is_all_or_nothing(tmp_path: Path) -> None:
    """A refused line among several: none of them is saved."""
    path = scripts()["travel2"].write(tmp_path / "game.lignum")
    before = path.read_bytes()
    result = cli("do", str(path), "anna go 1", "ben go 2", "anna go 1")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "(R3)" in result.stderr
    assert "line 3 of the 3 given; none of the 3 lines was saved" in result.stderr
    assert path.read_bytes() == before


def test_cli_do_refusal_in_a_real_process(tmp_path: Path) -> None:
    path = scripts()["travel2-2loans"].write(tmp_path / "game.lignum")
    before = path.read_bytes()
    result = cli("do", str(path), "anna loan", env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert result.returncode == 1 and result.stdout == ""
    assert re.fullmatch(r"refused: anna loan \(spring year 1, travel\): .*2 loans.*\(R15\).*\n", result.stderr)
    assert path.read_bytes() == before


# --- damaged game files ---------------------------------------------------------------------------------------

GOOD = start(2).then("path " + PATHS[2], "anna go 4 2", "ben go 1")


def _damaged() -> dict[str, tuple[str, int, str]]:
    """name -> (file text, the line `check` must name, a word of the reason)."""
    text = GOOD.text()
    lines = text.splitlines()
    start_at = lines.index("start") + 1  # 1-based number of the first action line is start_at + 1
    return {
        "truncated header": ("\n".join(lines[:5]) + "\n", 5, "start"),
        "truncated mid-word": (text[: text.index("anna go 4 2") + 7] + "\n", start_at + 2, "where to go"),
        "garbled action": (text.replace("ben go 1", "ben g0 1"), start_at + 3, "unknown action"),
        "hand-edited illegal action": (text.replace("anna go 4 2", "anna go 4 6"), start_at + 2, "$6"),
        "hand-edited out of turn": (text.replace("ben go 1", "anna go 7"), start_at + 3, "not anna's turn"),
        "newer format": (text.replace("lignum-game 1", "lignum-game 2"), 2, "newer"),
        "not a game file": ("hello world\n", 1, "not a Lignum"),
        "unknown header line": (text.replace("mode basic", "mood basic"), 4, "unknown header"),
        "bad winter card": (text.replace("winter 4/2 5/3", "winter 4-2 5/3"), 8, "FOOD/HEAT"),
        "unknown player in header order": (text.replace("order anna ben", "order anna bob"), 3, "starting order"),
        "empty file": ("", 0, "empty"),
    }


DAMAGED = _damaged()


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_check_reports_line_and_reason(name: str, tmp_path: Path) -> None:
    text, line, says = DAMAGED[name]
    path = tmp_path / "game.lignum"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    if line:
        assert f": line {line}: " in err, err
    assert says in err, err
    assert path.read_text(encoding="utf-8") == text


def test_check_binary_and_non_utf8_files(tmp_path: Path) -> None:
    files = (("bin.lignum", b"lignum-game 1\n\x00\x01\x02"), ("latin.lignum", b"lignum-game 1\nplayers \xe9\n"))
    for name, data in files:
        path = tmp_path / name
        path.write_bytes(data)
        result = cli("check", str(path))
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1
    assert "line 2" in result.stderr and "UTF-8" in result.stderr


def test_check_in_a_real_process_gives_line_and_no_traceback(tmp_path: Path) -> None:
    text, line, says = DAMAGED["hand-edited illegal action"]
    path = tmp_path / "game.lignum"
    path.write_text(text, encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert re.fullmatch(rf".*game\.lignum: line {line}: anna go 4 6 .*\(R3\)\n", result.stderr)
    good = tmp_path / "good.lignum"
    GOOD.write(good)
    ok = cli("check", str(good))
    assert ok.returncode == 0 and ok.stderr == "" and "3 actions" in ok.stdout
