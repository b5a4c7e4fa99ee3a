"""`lignum do --json` (issue 29 §2): the saved lines with their events, or the refusal, as docs/notation.md shows
them; a refusal exits 1 and leaves the file byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import PATHS, start
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import events as engine_events
from lignum_companion.gamefile import store as gamefile

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
SECTION = DOC.read_text(encoding="utf-8").split("## `lignum do --json`", 1)[1]
EXAMPLES = re.findall(r"```console\n\$ lignum do game\.lignum (.*?) --json\n```\n\n```json\n(.*?)```", SECTION, re.S)


def game(tmp_path: Path) -> Path:
    return start(2).then(f"path {PATHS[2]}").write(tmp_path / "game.lignum")


def run(path: Path, *lines: str) -> tuple[int, dict]:
    result = CliRunner().invoke(app, ["do", str(path), *lines, "--json"])
    return result.exit_code, json.loads(result.stdout)


def typed(args: str) -> list[str]:
    return re.findall(r'"(.*?)"', args)


def test_the_documented_examples_are_what_do_json_prints(tmp_path):
    assert len(EXAMPLES) == 2
    path = game(tmp_path)  # the examples follow each other in one game
    for args, shown in EXAMPLES:
        before = path.read_bytes()
        code, got = run(path, *typed(args))
        want = json.loads(shown)
        assert got.keys() == want.keys()
        if "refused" in want:
            assert code == 1 and got == want and path.read_bytes() == before
            continue
        assert code == 0
        assert [a["line"] for a in got["accepted"]] == [a["line"] for a in want["accepted"]]
        assert got["accepted"] == want["accepted"]
        assert got["warnings"] == want["warnings"] and got["waiting"] == want["waiting"]


def test_events_are_the_engines_and_the_file_holds_the_lines(tmp_path):
    path = game(tmp_path)
    code, got = run(path, "Anna go 4 2", "ben go 10 1")
    assert code == 0 and [a["line"] for a in got["accepted"]] == ["anna go 4 2", "ben go 10 1"]
    assert gamefile.read(path).action_texts()[-2:] == ["anna go 4 2", "ben go 10 1"]
    kinds = {k.kind for k in _event_types()}
    for a in got["accepted"]:
        assert a["events"] and all(e["kind"] in kinds for e in a["events"])
    money = [e for e in got["accepted"][1]["events"] if e["kind"] == "money"]
    assert money and money[0]["name"] == "ben" and money[0]["amount"] == -1


def test_a_line_that_cannot_be_read_is_a_notation_refusal(tmp_path):
    path = game(tmp_path)
    before = path.read_bytes()
    code, got = run(path, "anna go 4 2", "anna fly")
    assert code == 1 and path.read_bytes() == before
    assert got["refused"]["kind"] == "notation" and got["refused"]["index"] == 1 and got["accepted"] == []


def test_warnings_are_the_advisors_alerts(tmp_path):
    path = game(tmp_path)
    code, got = run(path, "fix anna sawyers +1 hired")  # R9: sawyers and no saw
    assert code == 0
    assert [(w["kind"], w["player"], w["rule"]) for w in got["warnings"]] == [("sawyers-no-saw", "anna", "R9")]
    code, got = run(path, "fix anna sawyers +1 hired")  # once per step
    assert code == 0 and got["warnings"] == []


def _event_types() -> list[type]:
    out, todo = [], [engine_events.Event]
    while todo:
        t = todo.pop()
        out.append(t)
        todo += t.__subclasses__()
    return out
