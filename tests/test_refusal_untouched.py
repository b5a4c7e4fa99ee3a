"""A refused action leaves the Game exactly as it was, in the engine itself (issue 19, section 3).

`flow.apply` may move the flow on before a verb's own checks (closing steps that only optional moves keep open,
R24); when the action is then refused, the game is put back. A property test applies random parsed lines (table
verbs included) at states taken from every step of seeded games and from the examples entered without `done`
lines, and compares the whole state (`to_dict`) before and after each refusal.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from helpers import PATHS, fix, forward, play, refused, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lignum_companion.dev import simulate
from lignum_companion.engine import LignumError, apply, new_game, parse
from lignum_companion.engine.errors import IllegalAction
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEEDED = ((11, 2, "basic", ()), (12, 3, "advanced", ()), (13, 4, "expert", ()), (14, 2, "planned", ("tactical",)))
VERBS = ("path", "placement", "task", "area", "go", "loan", "done", "build", "dryhut", "foodhut", "cut", "snatch",
         "relocate", "receive", "carry", "wagon", "sledge", "raft", "float", "saw", "fill", "furnish", "sell", "dry",
         "bonus", "feed", "heat", "river")
WORDS = ("F", "S", "H", "2F", "F+S", "mF", "2mF", "mS", "mH", "sale:F", "sale:2F", "saw:F", "saw:H", "sale:S",
         "dry1:mF", "dry2:mF", "dry3:mF", "dry3:mS", "dry2:mS", "store:3", "store:mF", "hut:1", "hut:2",
         "millworker:yes", "millworker:no", "1", "2", "3", "4", "5", "6", "10", "12", "16", "19", "clearing",
         "buy:saw", "buy:food", "T1", "T2", "drying+food+accom", "2drying+accom", "sale:mF", "1:F", "5:2S+food",
         "10", "mF@0+mS@1", "X", "wagon", "raft", "saw", "food", "coin", "stake", "board", "joker")


def _states_of(text: str, every: int) -> list[Game]:
    gf = gamefile.parse_text(text)
    g = new_game(gf.setup)
    out = []
    for n, line in enumerate(gf.actions):
        apply(g, parse(line.text, g.board))
        if n % every == 0:
            out.append(g.clone())
    return out


@cache
def states() -> tuple[Game, ...]:
    """Game states at many steps: seeded random games of every mode, and two examples without `done` lines."""
    out: list[Game] = []
    for seed, n, mode, variants in SEEDED:
        report = simulate.play_game(seed, n, mode, variants)
        out += _states_of(report.file_text(), 3)
    for name in ("basic-3p.lignum", "joinery-expert-3p.lignum"):
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        bare = "\n".join(x for x in text.splitlines() if not re.match(r"^\S+ done\s*$", x)) + "\n"
        out += _states_of(bare, 2)
    return tuple(out)


@st.composite
def lines(draw) -> tuple[int, str]:
    pool = states()
    index = draw(st.integers(0, len(pool) - 1))
    g = pool[index]
    verb = draw(st.sampled_from(VERBS))
    words = draw(st.lists(st.sampled_from(WORDS), max_size=3))
    if verb == "path":
        words = PATHS[len(g.players)].split()
        if draw(st.booleans()):
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(WORDS))
    if verb in ("path", "placement", "task"):
        return index, " ".join([verb, *words])
    who = draw(st.sampled_from([p.name for p in g.players] + ["nobody"]))
    return index, " ".join([who, verb, *words])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lines())
def test_a_refused_line_leaves_the_whole_state_as_it_was(case: tuple[int, str]) -> None:
    index, text = case
    g = states()[index].clone()
    try:
        action = parse(text, g.board)
    except LignumError:
        return  # a line the notation cannot read never reaches the engine
    before = json.dumps(g.to_dict(), sort_keys=True)
    try:
        apply(g, action)
    except IllegalAction:
        assert json.dumps(g.to_dict(), sort_keys=True) == before, f"{text!r} was refused but changed the state"


def test_a_refused_path_in_drying_does_not_move_the_game_on() -> None:
    """The issue's case: a `path` line refused while a player may still dry closed the round before its checks."""
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "sale.mF", 1), fix("ben", "sale.mF", 1))
    forward(g, step="drying")
    refused(g, "path wagon raft saw food coin stake sledge food X raft X board wagon", "R2")  # a wrong mix
    assert g.round == 1 and g.step == "drying"


def test_a_refused_later_step_entry_puts_the_closed_steps_back() -> None:
    """`anna dry 9F` would close anna's selling before the drying check refuses it: nothing of that stays."""
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "sale.F", 1), fix("ben", "sale.F", 1))
    forward(g, step="selling")
    refused(g, "anna dry 9F")
    assert g.step_of(0) == "selling"
