"""The engine's typed names (issue 20 §3): ledger reasons and kinds, and the fields of each verb, say what they mean
and change nothing a file or `--json` holds."""

from __future__ import annotations

import json
import typing
from pathlib import Path

from lignum_companion.engine import actions, args, ledger, rules
from lignum_companion.engine.ledger import Kind, Named, Reason
from lignum_companion.texts import catalog

ROOT = Path(__file__).resolve().parents[1]


def test_every_reason_and_named_reason_is_worded_in_every_language() -> None:
    for lang in catalog.LANGS:
        words = catalog.load("labels", lang)["reasons"]
        assert {r.value for r in Reason} <= set(words["exact"]), lang
        assert {n.value for n in Named} == set(words["prefixes"]), lang


def test_every_reason_has_its_kind_and_none_is_other() -> None:
    assert set(ledger.REASON_KIND) == set(Reason) and set(ledger.NAMED_KIND) == set(Named)
    assert ledger.kind_of(Reason.WINTER_LOAN) is Kind.LOANS
    assert ledger.kind_of(Named.WINTER.of("heating")) is Kind.WINTER
    assert ledger.kind_of("winter forced sale") is Kind.WOOD  # the whole reason before its beginning
    assert ledger.kind_of("something new") is Kind.OTHER


def test_a_named_reason_is_the_string_the_ledger_always_held() -> None:
    assert Named.TASK.of("T3") == "task T3"
    assert Named.CORRECTION.of("miscounted") == "correction: miscounted"
    assert Named.BUILDING.of("Mill: +2") == "building Mill: +2"


def test_the_ledger_keeps_plain_strings_so_json_is_unchanged() -> None:
    from lignum_companion.engine import Setup, new_game

    g = new_game(Setup(players=["anna", "ben"], order=["anna", "ben"], areas={"anna": 1, "ben": 2},
                       winter=[[2, 2], [3, 3]]))
    p = g.players[0]
    rules.gain(g, p, 5, Reason.SALE)
    rules.gain(g, p, -2, Named.TASK.of("T1"))
    assert [type(e.reason) for e in p.ledger] == [str, str, str]
    assert json.dumps([e.reason for e in p.ledger]) == '["starting money", "sale", "task T1"]'
    assert ledger.by_round(p.ledger, 9) == {1: {"wood": 5, "tasks": -2}}
    assert all(type(k) is str for k in ledger.by_round(p.ledger, 9)[1])


# verb -> the typed dict of its fields in engine/args.py (kept here: only this test reads the table)
VERB_FIELDS: dict[str, type] = {
    "path": args.PathArgs, "placement": args.PlacementArgs, "task": args.TaskArgs, "fix": args.FixArgs,
    "area": args.AreaArgs, "go": args.GoArgs, "loan": args.NoArgs, "done": args.NoArgs, "build": args.BuildArgs,
    "dryhut": args.DryhutArgs, "foodhut": args.AreaArgs, "cut": args.CutArgs, "snatch": args.SnatchArgs,
    "relocate": args.AreaArgs, "receive": args.DestArgs, "carry": args.DestArgs, "wagon": args.DestArgs,
    "sledge": args.DestArgs, "raft": args.RaftArgs, "float": args.PiecesArgs, "saw": args.SawArgs,
    "fill": args.FillArgs, "furnish": args.FromArgs, "sell": args.FromArgs, "dry": args.PiecesArgs,
    "bonus": args.KindArgs, "feed": args.FeedArgs, "heat": args.HeatArgs, "river": args.KindArgs,
}
# who acts in a step (`Step.actor`, the `kind` of `flow.waiting`), the plain words the state and JSON hold
ACTOR_KINDS = ("auto", "table", "all", "ordered", "path", "clearing", "free", "over")


def test_every_verb_has_its_fields_and_parse_gives_exactly_them() -> None:
    """Every line of the example games reads into the fields its verb's typed dict names, and back to itself."""
    from lignum_companion.gamefile import store

    assert set(VERB_FIELDS) == set(rules.HANDLERS) == set(actions._VERBS)
    seen = set()
    for path in sorted(ROOT.glob("examples/*.lignum")):
        gf, g = store.load(path)
        for line in gf.action_texts():
            a = actions.parse(line, g.board)
            td = VERB_FIELDS[a.verb]
            assert td.__required_keys__ <= set(a.args) <= set(typing.get_type_hints(td)), (path.name, line, a.args)
            assert type(a.args) is dict
            seen.add(a.verb)
    assert len(seen) > 20


def test_every_step_names_its_actor_by_an_actor_kind() -> None:
    from lignum_companion.engine import flow

    steps = flow.WORK_STEPS + flow.WINTER_STEPS + flow.FINAL_STEPS
    assert {s.actor for s in steps} <= set(ACTOR_KINDS)
    assert set(flow.TURN_KINDS) == {"path", "clearing", "free"}
    assert all(type(s.actor) is str for s in steps)
