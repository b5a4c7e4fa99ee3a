"""Keeps the docs true: runs every docs/notation.md example, checks docs/state-json.md and docs/rules-coverage.md.

The notation examples run against the engine, the JSON fields against real `lignum show --json` output, and
every function and test named in the coverage table must exist. None of the three documents can drift.

A ```lignum block is a game file (header, `start`, one action per line) or continues an earlier block named with
`name:` (`from: NAME`). Inside it, `= KEY VALUE` checks the state, a line `! RULE words` says the action just above
is refused (with that ruling id, `-` for none, and those words in the message), and `skip to: SEASON YEAR STEP
[PLAYER]` (or `skip to: end STEP [PLAYER]`, `skip to: over`) plays the dullest moves up to that step. The format
is explained in the document itself.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import Script, forward, season_round

from lignum_companion.engine import IllegalAction, LignumError, apply, make, parse, waiting_for, where
from lignum_companion.engine.actions import PLAYER_VERBS, TABLE_VERBS
from lignum_companion.gamefile import store as gamefile

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
BLOCK = re.compile(r"^```lignum\n(.*?)^```", re.S | re.M)


@dataclass
class Block:
    """One example block: its position in the document and its lines."""

    number: int
    line: int  # line of the opening fence in the document
    lines: list[str]
    name: str = ""
    source: str = ""  # "from:" name, or "" for a game-file block

    def __str__(self) -> str:
        return f"block {self.number} (notation.md line {self.line})"


@dataclass
class Run:
    """What running a block produced: the script at its end, and the actions it played or saw refused."""

    script: Script
    accepted: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def blocks() -> list[Block]:
    text = DOC.read_text(encoding="utf-8")
    out = []
    for k, m in enumerate(BLOCK.finditer(text), 1):
        line = text.count("\n", 0, m.start()) + 1
        lines = m.group(1).splitlines()
        b = Block(k, line, lines)
        for raw in lines:
            t = raw.strip()
            if t.startswith("name:"):
                b.name = t.partition(":")[2].strip()
            elif t.startswith("from:"):
                b.source = t.partition(":")[2].strip()
        out.append(b)
    return out


def lookup(state: dict[str, Any], g, key: str) -> Any:
    """The value at a dotted KEY of Game.to_dict(); a player's name stands for that player's entry."""
    if key == "waiting":
        return waiting_for(g)
    if key == "where":
        return where(g)
    parts = key.split(".")
    idx = g.player_index(parts[0])
    cur: Any = state["players"][idx] if idx is not None else state[parts[0]]
    for part in parts[1:]:
        if isinstance(cur, list):
            cur = cur[int(part)]
        elif part in cur:
            cur = cur[part]
        elif all(isinstance(v, int) for v in cur.values()):
            cur = 0  # a bag without that item
        else:
            raise KeyError(f"{key}: no {part!r} in {sorted(cur)}")
    return cur


def value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def run_block(b: Block, done: dict[str, Run]) -> Run:
    """Play a block; every check must hold and every refusal must happen (and leave the state as it was)."""
    body = [ln.strip() for ln in b.lines]
    body = [ln for ln in body if ln and not ln.startswith("#") and not ln.startswith("name:")]
    if b.source:
        assert b.source in done, f"{b}: from: {b.source!r} names no earlier block"
        base = done[b.source].script
        script = Script(base.setup, list(base.lines))
        body = [ln for ln in body if not ln.startswith("from:")]
    else:
        end = body.index("start") + 1
        gf = gamefile.parse_text("\n".join(body[:end]) + "\n")
        script = Script(gf.setup, [])
        body = body[end:]
    g = script.game()
    run = Run(script)
    i = 0
    while i < len(body):
        ln = body[i]
        nxt = body[i + 1] if i + 1 < len(body) else ""
        if ln.startswith("= "):
            key, _, want = ln[2:].strip().partition(" ")
            got = lookup(g.to_dict(), g, key)
            assert got == value(want.strip()), f"{b}: {ln!r}: the state has {got!r}"
        elif ln.startswith("skip to:"):
            words = ln.partition(":")[2].split()
            if words == ["over"]:
                forward(g, script.lines, step="over")
            elif words[0] == "end":  # the final steps, after the second winter
                who = words[2] if len(words) > 2 else None
                forward(g, script.lines, step=words[1], round=9, who=who)
            else:
                season, year, step = words[:3]
                who = words[3] if len(words) > 3 else None
                forward(g, script.lines, step=step, round=season_round(season, int(year)), who=who)
        elif ln.startswith("!"):
            raise AssertionError(f"{b}: {ln!r} follows no action")
        elif nxt.startswith("!"):
            rule, _, words = nxt[1:].strip().partition(" ")
            before = g.to_dict()
            try:
                apply(g, parse(ln, g.board))
            except LignumError as e:
                error = e
            else:
                raise AssertionError(f"{b}: {ln!r} was accepted (the example says it is refused)")
            assert g.to_dict() == before, f"{b}: refused {ln!r} changed the state"
            msg = str(error)
            got_rule = error.rule if isinstance(error, IllegalAction) else ""
            assert got_rule == ("" if rule == "-" else rule), f"{b}: {ln!r} refused with {got_rule!r}: {msg}"
            assert words.strip() in msg, f"{b}: {ln!r}: {words.strip()!r} not in {msg!r}"
            run.refused.append(ln)
            i += 1
        else:
            try:
                action = parse(ln, g.board)
                apply(g, action)
            except LignumError as e:
                raise AssertionError(f"{b}: {ln!r} refused: {e}") from None
            script.lines.append(ln)
            run.accepted.append(ln)
        i += 1
    return run


@cache
def all_runs() -> tuple[dict[int, Run], dict[str, Run]]:
    """Every block run in document order: by number, and the named ones by name."""
    done: dict[str, Run] = {}
    out: dict[int, Run] = {}
    for b in blocks():
        run = run_block(b, done)
        out[b.number] = run
        if b.name:
            assert b.name not in done, f"{b}: the name {b.name!r} is used twice"
            done[b.name] = run
    return out, done


@pytest.fixture(scope="module")
def runs() -> dict[int, Run]:
    return all_runs()[0]


def test_the_document_has_examples() -> None:
    assert len(blocks()) >= 20


@pytest.mark.parametrize("b", blocks(), ids=str)
def test_every_example_runs(b: Block, runs: dict[int, Run]) -> None:
    run = runs[b.number]
    assert run.accepted or run.refused, f"{b} plays nothing"


def _board(r: Run):
    """The board a block plays on: its header's expansion decides the numbering (R23)."""
    from lignum_companion.engine.data import BOARDS

    return BOARDS[r.script.setup.expansion]


def _verbs(r: Run) -> set[str]:
    return {parse(ln, _board(r)).verb for ln in r.accepted}


def test_every_action_has_an_accepted_example(runs: dict[int, Run]) -> None:
    played = set().union(*(_verbs(r) for r in runs.values()))
    missing = (set(TABLE_VERBS) | set(PLAYER_VERBS)) - played
    assert not missing, f"no example plays: {sorted(missing)}"


def test_every_path_location_kind_has_an_example(runs: dict[int, Run]) -> None:
    gos = [parse(ln).args for r in runs.values() if not r.script.setup.expansion for ln in r.accepted
           if parse(ln).verb == "go"]
    joinery = {parse(ln, _board(r)).args["kind"] for r in runs.values() if r.script.setup.expansion
               for ln in r.accepted if parse(ln, _board(r)).verb == "go"}
    assert {"buildings", "carpenter", "sawyers", "market", "clearing"} <= joinery  # R23
    kinds = {a["loc"] for a in gos if a["loc"] in (4, 6, 8, 10, 13, 16, 19, 21)}
    assert kinds == {4, 6, 8, 10, 13, 16, 19, 21}
    assert any(a.get("extra") for a in gos), "no example of `go 16 +1`"
    assert any(a["loc"] == 19 and a["buy"] for a in gos) and any(a["loc"] == 19 and a["sets"] for a in gos)
    assert any(a["loc"] == 19 and a["trade"] for a in gos)
    token_locs = {a["loc"] for a in gos} & {1, 2, 3, 5, 7, 9, 11, 12, 14, 15, 17, 18, 20}
    assert len(token_locs) >= 4


def test_optional_parts_have_examples(runs: dict[int, Run]) -> None:
    lines = [ln for r in runs.values() for ln in r.accepted]
    for part in ("hut:", "store:", "using:", "sell:", "buy:", "trade:", "dry1:", "dry2:", "dry3:", "saw:", "sale:"):
        assert any(part in ln for ln in lines), f"no accepted example uses {part}"


def test_refusal_examples_cover_the_common_mistakes(runs: dict[int, Run]) -> None:
    refused = [ln for r in runs.values() for ln in r.refused]
    assert len(refused) >= 10


def test_examples_are_canonical_or_read_back_the_same(runs: dict[int, Run]) -> None:
    """What the engine writes back from an example reads as the same action (the log keeps canonical text)."""
    for r in runs.values():
        board = _board(r)
        for ln in r.accepted:
            a = parse(ln, board)
            again = parse(a.text, board)
            assert again.text == a.text and make(a.player, a.verb, a.args, board).text == a.text


def test_game_file_header_keys_are_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in gamefile.HEADER_KEYS + ("start", gamefile.MAGIC):
        assert f"`{key}" in text, f"the header key {key!r} is not explained"
    assert f"{gamefile.MAGIC} {gamefile.FORMAT}" in text


def test_the_documented_canonical_form_and_message(runs: dict[int, Run]) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "`anna go 19 buy:food+2saw`" in text and "`anna go 19 buy:2saw+food`" in text
    assert parse("anna go 19 buy:food+2saw").text == "anna go 19 buy:2saw+food"
    message = "anna go 3 (spring year 1, travel): anna stands on 4; foremen only move forward (R3)"
    assert f"`{message}`" in text
    two = all_runs()[1]["two"].script
    g = two.then("anna go 4 1", "ben go 5").game()
    with pytest.raises(IllegalAction) as info:
        apply(g, parse("anna go 3"))
    assert str(info.value) == message



# --- docs/state-json.md ---------------------------------------------------------------------------------------

STATE_DOC = DOC.with_name("state-json.md")
ROW = re.compile(r"^\| `([a-z_]+)` \| ([a-z ]+) \| .+\|$")
TYPES = {"int": int, "str": str, "bool": bool, "list": list, "object": dict, "null": type(None)}


def documented_fields() -> dict[str, dict[str, str]]:
    """Section title -> {field: type} from the tables of docs/state-json.md."""
    out: dict[str, dict[str, str]] = {}
    section = ""
    for line in STATE_DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = ROW.match(line)
        if m:
            out.setdefault(section, {})[m.group(1)] = m.group(2).strip()
    return out


def _has_type(value: Any, spec: str) -> bool:
    kinds = [TYPES[t] for t in spec.split(" or ")]
    if isinstance(value, bool):
        return bool in kinds
    return any(isinstance(value, k) for k in kinds)


@pytest.fixture(scope="module")
def shown(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Real `lignum show --json` output of an expert game with a plan, a task and a correction."""
    from helpers import fix, forward, start
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    script = start(2, mode="expert").then()
    g = script.game()
    forward(g, script.lines, step="travel", round=1, who="anna")
    script = script.then("anna go 8 sawing 2", "ben go 13 T1", fix("anna", "money", -1, "paid twice"))
    path = script.write(tmp_path_factory.mktemp("state") / "game.lignum")
    joinery = start(2, mode="expert", expansion="joinery")
    g = joinery.game()
    forward(g, joinery.lines, step="travel", round=1, who="anna")
    joinery = joinery.then("anna go buildings smithy")
    joinery_path = joinery.write(tmp_path_factory.mktemp("state") / "joinery.lignum")
    result = CliRunner().invoke(app, ["show", str(path), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    one = CliRunner().invoke(app, ["show", str(path), "--json", "--player", "BEN"])
    assert [p["name"] for p in json.loads(one.stdout)["players"]] == ["ben"]
    result = CliRunner().invoke(app, ["show", str(joinery_path), "--json"])
    assert result.exit_code == 0, result.output
    state["joinery"] = json.loads(result.stdout)
    return state


@pytest.fixture(scope="module")
def warned(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`lignum show --json` of a basic game in the summer with wood in the third drying area (a warning)."""
    from helpers import fix, script_to, start
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    script = script_to(start(2), step="travel", round=2, who="anna").then(fix("anna", "dry3.mF", 2))
    path = script.write(tmp_path_factory.mktemp("warned") / "game.lignum")
    result = CliRunner().invoke(app, ["show", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


SECTIONS = ["Top level", "A player", "A task", "A plan", "A ledger entry", "A forecast", "A winter bill",
            "A warning", "A building"]


def test_state_doc_has_its_sections() -> None:
    assert set(documented_fields()) == set(SECTIONS)


@pytest.mark.parametrize("section", SECTIONS)
def test_state_doc_matches_real_output(section: str, shown: dict[str, Any], warned: dict[str, Any]) -> None:
    shown = dict(shown)
    joinery = shown.pop("joinery")
    anna, ben = shown["players"]
    assert anna["plans"] and ben["tasks"] and shown["task_display"] and anna["corrections"]
    assert shown["forecast"] and warned["warnings"]
    assert joinery["expansion"] == "joinery" and joinery["players"][0]["buildings"]
    forecasts = shown["forecast"] + warned["forecast"]
    objects = {
        "Top level": [shown, warned, joinery],
        "A player": [anna, ben] + joinery["players"],
        "A building": joinery["buildings"] + joinery["players"][0]["buildings"],
        "A task": shown["task_display"] + ben["tasks"],
        "A plan": anna["plans"],
        "A ledger entry": anna["ledger"] + ben["ledger"],
        "A forecast": forecasts,
        "A winter bill": [f[k] for f in forecasts for k in ("food", "heating", "heating_if_made")],
        "A warning": warned["warnings"],
    }[section]
    doc = documented_fields()[section]
    for obj in objects:
        only_doc, only_real = set(doc) - set(obj), set(obj) - set(doc)
        assert not only_doc and not only_real, f"{section}: documented only {only_doc}, undocumented {only_real}"
        for name, spec in doc.items():
            assert _has_type(obj[name], spec), f"{section}: {name} is {obj[name]!r}, documented as {spec}"


def test_state_doc_names_every_step_and_area() -> None:
    from lignum_companion.engine.flow import STEP_NAMES
    from lignum_companion.engine.state import WOOD_AREAS

    text = STATE_DOC.read_text(encoding="utf-8")
    for name in [s for s in STEP_NAMES if s not in ("begin", "mark", "split", "end", "winter", "wend")] + list(
            WOOD_AREAS):
        assert f"`{name}`" in text, name


# --- docs/rules-coverage.md -----------------------------------------------------------------------------------

COVERAGE_DOC = DOC.with_name("rules-coverage.md")
TEST_REF = re.compile(r"`(test_\w+\.py)::(test_\w+)`")
CODE_REF = re.compile(r"`([a-z_][a-z_.]*):([A-Za-z_]\w*)`")  # module (under the package or its engine): name


def _test_names(file: str) -> set[str]:
    import ast

    tree = ast.parse((DOC.parent.parent / "tests" / file).read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_coverage_doc_names_only_existing_tests() -> None:
    refs = TEST_REF.findall(COVERAGE_DOC.read_text(encoding="utf-8"))
    assert len(refs) > 100
    missing = [f"{f}::{t}" for f, t in refs if t not in _test_names(f)]
    assert not missing, f"docs/rules-coverage.md names tests that do not exist: {missing}"


def test_coverage_doc_names_only_existing_code() -> None:
    import importlib

    refs = CODE_REF.findall(COVERAGE_DOC.read_text(encoding="utf-8"))
    assert len(refs) > 50
    missing = []
    for module, name in refs:
        for package in ("lignum_companion.engine.", "lignum_companion."):
            try:
                mod = importlib.import_module(package + module)
            except ModuleNotFoundError:
                continue
            if hasattr(mod, name):
                break
        else:
            missing.append(f"{module}:{name}")
    assert not missing, f"docs/rules-coverage.md names code that does not exist: {missing}"


def test_coverage_doc_has_every_ruling_and_card() -> None:
    from lignum_companion.engine.data import PLANNED_WORK

    text = COVERAGE_DOC.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if re.match(r"\| R\d+ ", line)]
    assert list(dict.fromkeys(line.split()[1] for line in rows)) == [f"R{k}" for k in range(1, 34)]
    for row in rows:  # R23 (the expansion) has a row per part
        assert TEST_REF.search(row) and CODE_REF.search(row), row
    for card in PLANNED_WORK:
        title = card.replace("-", " ").title()
        assert f"| {title} |" in text, card


def test_every_rules_test_is_listed_in_the_coverage_doc() -> None:
    text = COVERAGE_DOC.read_text(encoding="utf-8")
    files = ("test_rulings.py", "test_tasks_tactical.py", "test_planned_work.py", "test_rulebook_examples.py")
    missing = [f"{f}::{t}" for f in files for t in sorted(_test_names(f)) if f"`{f}::{t}`" not in text]
    assert not missing, f"not in docs/rules-coverage.md: {missing}"
