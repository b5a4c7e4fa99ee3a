"""Each step lives in one place (issue 20, section 1): one Step object per step in engine/steps/, asked by the flow,
the legal moves, the advisor and the reminders, which never branch on a step's name."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lignum_companion.engine import apply, flow, new_game, parse, steps
from lignum_companion.engine.state import Game
from lignum_companion.engine.steps import STEPS, StepName
from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
# The modules that ask the step objects; a step's name compared in them is a step living in two places.
ASKERS = ("engine/flow.py", "engine/pace.py", "engine/legal.py", "engine/advice.py", "views/game.py",
          "views/reminders.py")
NAMES = {s.value for s in StepName}


def test_a_step_name_is_the_plain_word_of_the_file_and_the_json() -> None:
    word: str = "drying"
    assert StepName.DRYING == word and f"{StepName.DRYING}" == word
    assert json.dumps({"step": StepName.DRYING}) == '{"step": "drying"}'
    from tests.helpers import make_setup

    g = new_game(make_setup())
    assert type(g.step) is str and g.step == StepName.PATH  # the state holds the plain word, as before
    assert set(flow.STEP_NAMES) == NAMES  # every name is used by some step, and no step goes unnamed


def test_every_step_is_one_object_its_lists_and_the_registry_share() -> None:
    for part, seq in steps.PARTS.items():
        assert [s.name for s in seq] == list(STEPS[part]), part  # no name twice in one list
        assert all(STEPS[part][s.name] is s for s in seq)
    assert flow.WORK_STEPS is steps.WORK_STEPS and flow.current_step is steps.current  # flow's face unchanged
    # a name in two lists is the same object unless the winter plays it differently (R13)
    assert STEPS["winter"]["sawing"] is STEPS["work"]["sawing"]
    assert STEPS["winter"]["cutting"] is not STEPS["work"]["cutting"]
    assert STEPS["winter"]["cutting"].verbs == ("cut", "done") and "relocate" in STEPS["work"]["cutting"].verbs


def _step_name_compares(path: Path) -> list[str]:
    """Comparisons of something named like a step with a step's name as a literal ('g.step == "drying"')."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        literals = []
        for op in operands:
            parts = op.elts if isinstance(op, ast.Tuple | ast.Set | ast.List) else [op]
            literals += [p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)]
        if set(literals) & NAMES and "step" in ast.unparse(node):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("module", ASKERS)
def test_the_flow_the_moves_the_advisor_and_the_reminders_branch_on_no_step_name(module: str) -> None:
    assert _step_name_compares(ROOT / "lignum_companion" / module) == []


def test_the_check_finds_a_step_named_in_a_branch(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('if g.step == "drying":\n    pass\nif step in ("feeding", "heating"):\n    pass\n'
                   'if kind == "path":\n    pass\nif g.step == StepName.DRYING:\n    pass\n', encoding="utf-8")
    assert _step_name_compares(bad) == ["1: g.step == 'drying'", "3: step in ('feeding', 'heating')"]


def _states(name: str) -> Iterator[Game]:
    """Every state of an example game, line by line."""
    gf = gamefile.read(EXAMPLES / name)
    g = new_game(gf.setup)
    yield g
    for line in gf.action_texts():
        apply(g, parse(line, g.board))
        yield g


@pytest.mark.parametrize("name", ["basic-3p.lignum", "expert-4p.lignum", "tactical-2p.lignum",
                                  "joinery-expert-3p.lignum"])
def test_every_reminder_a_step_gives_has_its_text_in_every_language(name: str) -> None:
    """The template a step's reminder names (`<step>_<variant>`) exists in English and Korean, in every state of
    the examples; and the variants met are the ones the hooks were written for."""
    tables = {lang: texts._read(lang, "reminders")["steps"] for lang in texts.LANGS}
    met = set()
    for g in _states(name):
        if g.over:
            continue
        actor = flow.actors(g)
        pi = actor[0] if actor and flow.actor_kind(g) != "all" else None
        rem = steps.reminder(g, pi)
        key = f"{g.step}_{rem.variant}" if rem.variant else g.step
        met.add(key)
        if steps.current(g).actor == "auto":
            continue
        for lang, table in tables.items():
            assert key in table, (lang, key, flow.where(g))
    assert {"path", "travel", "cutting", "transport", "sawing", "bonus"} <= met, met
    assert "cutting_winter" in met or "cutting_winter_huts" in met


def test_a_steps_skip_reason_is_worded_in_every_language() -> None:
    """Every skip the examples record has its words (templates: reminders [skip] or screen [skip])."""
    reasons = set()
    for name in ("basic-4p.lignum", "expert-4p.lignum", "joinery-expert-3p.lignum"):
        *_, g = _states(name)
        reasons |= {why for _, _, _, why in g.skips}
    assert {"paid", "no_river", "nothing_to_dry", "no_sledge"} <= reasons, reasons
    for lang in texts.LANGS:
        said = set(texts._read(lang, "reminders")["skip"]) | set(texts._read(lang, "screen")["skip"])
        assert reasons - {"paid"} <= said, (lang, reasons - said)  # a paid bill is said as the bill itself
