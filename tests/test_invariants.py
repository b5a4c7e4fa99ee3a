"""Invariant checks: each one fires on a state that breaks it and stays quiet on states the rules allow."""

from __future__ import annotations

import random

import pytest

from lignum_companion.dev import invariants
from lignum_companion.dev.invariants import Watch, state_violations
from lignum_companion.dev.simulate import play_game, random_setup, table_action
from lignum_companion.engine import IllegalAction, apply, make, new_game, rules
from lignum_companion.engine.legal import candidates
from lignum_companion.engine.pieces import add
from lignum_companion.engine.state import Game, Plan
from lignum_companion.gamefile import store as gamefile


def game_at(stop, seed: int = 3, players: int = 2, mode: str = "basic", variants=()) -> Game:
    """A state reached by seeded random play where `stop(g)` holds first (trying a few seeds from `seed`)."""
    for k in range(seed, seed + 30):
        report = play_game(k, players, mode, variants, check="none", stop=stop)
        if report.game is not None and not report.game.over and stop(report.game):
            return report.game
    raise AssertionError("no seeded game reached the situation")


def fresh() -> Game:
    return new_game(random_setup(random.Random(1), 3, "expert"))


def one(messages: list[str], *words: str) -> str:
    hits = [m for m in messages if all(w in m for w in words)]
    assert hits, f"no violation mentioning {words}: {messages}"
    return hits[0]


def test_a_new_game_and_every_random_state_are_sound():
    g = fresh()
    assert state_violations(g) == []
    seen = []
    play_game(11, 3, "expert", check="none", stop=lambda g: seen.append(state_violations(g)) or False)
    assert len(seen) > 100 and all(v == [] for v in seen)


@pytest.mark.parametrize("change, words", [
    (lambda p: setattr(p, "food", -1), ("food is -1", "R14")),
    (lambda p: setattr(p, "debt", -2), ("debt is -2",)),
    (lambda p: setattr(p, "loans", 3), ("3 loans", "R15")),
    (lambda p: p.equipment.update(saw=5), ("5 saws", "R17")),
    (lambda p: setattr(p, "fodder", [3, 3]), ("fodder", "R7")),
    (lambda p: setattr(p, "fodder", [1]), ("fodder", "R7")),
    (lambda p: p.wood["dry1"].update(F=2), ("dry1", "R11")),
    (lambda p: p.wood["dry2"].update(F=1, mS=1), ("dry2", "mixed", "R11")),
    (lambda p: p.wood["dry3"].update(mF=3), ("dry3", "R11")),
    (lambda p: p.wood["sale"].update(H=1), ("unsawn hardwood", "R7")),
    (lambda p: p.wood["dry1"].update(H=1), ("unsawn hardwood", "R7")),
    (lambda p: p.wood["saw"].update(F=0), ("0 F", "positive")),
    (lambda p: p.wood["store"].update(X=1), ("unknown item",)),
    (lambda p: p.craftwork.update(stake=-1), ("craftwork", "-1 stake")),
    (lambda p: p.workers.update(bearers=2), ("hired workers", "R6")),
    (lambda p: setattr(p, "mill_worker", False), ("mill worker", "R6")),
    (lambda p: setattr(p, "money", p.money + 1), ("ledger",)),
])
def test_each_state_invariant_fires(change, words):
    g = fresh()  # waiting for the path: no worker may be hired yet
    change(g.players[1])
    one(state_violations(g), g.players[1].name, *words)


def test_negative_money_is_reported_even_when_the_ledger_agrees():
    g = fresh()
    p = g.players[0]
    rules.gain(g, p, -p.money - 2, "test")
    one(state_violations(g), "money is -2", "R14")
    assert not [m for m in state_violations(g) if "ledger" in m]


def test_workers_are_allowed_during_the_wood_work_and_the_mill_worker_in_winter():
    g = game_at(lambda g: g.step == "cutting" and not g.winter)
    g.players[0].workers = {"woodcutters": 2}
    g.players[0].mill_worker = False
    assert state_violations(g) == []
    w = game_at(lambda g: g.winter and g.step == "bonus")
    w.players[0].mill_worker = False
    assert state_violations(w) == []
    w.players[0].workers = {"sawyers": 1}
    one(state_violations(w), "hired workers", "R6")


def test_cutting_areas_and_supply_must_hold_positive_counts():
    g = fresh()
    g.cutting["2"]["F"] = -1
    g.supply["bearers"] = 0
    msgs = state_violations(g)
    one(msgs, "cutting area 2")
    one(msgs, "path supply")


def test_an_excused_drying_area_may_be_over_capacity():
    g = fresh()
    g.players[0].wood["dry1"] = {"mF": 2, "mS": 1}
    assert state_violations(g)
    assert state_violations(g, exempt=[{"dry1"}, set(), set()]) == []


def test_the_drying_card_doubles_dry1_only_in_its_round():
    g = fresh()
    p = g.players[0]
    p.wood["dry1"] = {"mF": 4}
    assert state_violations(g)
    p.plans.append(Plan("drying", g.round, 1, g.round))
    assert state_violations(g) == []


# --- Watch: the wood bookkeeping ----------------------------------------------------------------------------


def drive(g: Game, watch: Watch, until, avoid=lambda a: False, limit: int = 400) -> list[str]:
    """Play the first accepted candidate (fixed order, skipping `avoid`) with the watch, until `until(g)`."""
    rng = random.Random(0)
    out: list[str] = []
    for _ in range(limit):
        if until(g) or g.over:
            return out
        options = [table_action(g, rng)] if not candidates(g) and not g.over else candidates(g)
        options = [a for a in options if not avoid(a)] or options
        for action in options:
            watch.before(g, action)
            try:
                apply(g, action)
            except IllegalAction:
                continue
            out += watch.after(g, action)
            break
        else:
            raise AssertionError(f"stuck at {g.step}")
    raise AssertionError("the situation was never reached")


def test_watch_accepts_a_whole_game_of_real_actions():
    g = new_game(random_setup(random.Random(5), 4, "expert", ("tactical",)))
    assert drive(g, Watch.start(g), lambda g: False, limit=5000) == []
    assert g.over


def test_watch_catches_wood_created_by_a_handler(monkeypatch):
    g = game_at(lambda g: g.step == "bonus" and g.turn is not None)
    name = g.players[g.turn].name
    real = rules.HANDLERS["bonus"]

    def bonus_twice(game, pi, args):
        real(game, pi, args)
        real(game, pi, args)

    monkeypatch.setitem(rules.HANDLERS, "bonus", bonus_twice)
    watch = Watch.start(g)
    action = make(name, "bonus", {"kind": "S"})
    watch.before(g, action)
    apply(g, action)
    one(watch.after(g, action), f"wood of {name}", "'S': 1")


def test_watch_catches_wood_taken_from_the_forest_without_reaching_a_mill(monkeypatch):
    g = game_at(lambda g: g.step == "cutting" and not g.winter and g.turn is not None
                and any(a.verb == "cut" for a in candidates(g)))
    real = rules.HANDLERS["cut"]

    def leaky(game, pi, args):
        real(game, pi, args)
        add(game.cutting["1"], "S", 1)

    monkeypatch.setitem(rules.HANDLERS, "cut", leaky)
    watch = Watch.start(g)
    for action in candidates(g):
        if action.verb != "cut":
            continue
        watch.before(g, action)
        try:
            apply(g, action)
        except IllegalAction:
            continue
        one(watch.after(g, action), "wood of the forest", "'S': 1")
        return
    raise AssertionError("no cut was accepted")


@pytest.mark.parametrize("seed", range(6))
def test_watch_accepts_busy_games(seed):
    """Never passing (`done`) when something else is accepted makes players cut, saw, sell and heat a lot."""
    g = new_game(random_setup(random.Random(seed), 2 + seed % 3, "planned"))
    watch = Watch.start(g)
    assert drive(g, watch, lambda g: g.over, avoid=lambda a: a.verb in ("done", "loan"), limit=5000) == []
    assert g.over


def test_drying_hut_excuses_an_over_full_area_and_the_excuse_travels_with_the_wood():
    g = game_at(lambda g: g.step == "drying" and g.turn is not None and g.round in (1, 2, 5, 6), seed=2)
    p = g.players[g.turn]
    p.huts = {"drying": 1}
    p.wood["dry1"] = {"mF": 2}
    p.wood["sale"] = {"mS": 1}
    watch = Watch.start(g)
    action = make(p.name, "dryhut", {"area": "sale", "piece": "mS"})
    watch.before(g, action)
    apply(g, action)
    assert watch.after(g, action) == []
    assert p.wood["dry1"] == {"mF": 2, "mS": 1}
    one(state_violations(g), p.name, "dry1", "R11")  # without the excuse it would be a violation
    assert watch.exempt[g.players.index(p)] == {"dry1"}

    def keeps_dry1(a):
        return a.verb in ("sell", "dryhut") and a.player == p.name and (
            "dry1" in a.args.get("from", {}) or "dry2" in a.args.get("from", {}) or a.verb == "dryhut")

    msgs = drive(g, watch, lambda g: bool(p.wood["dry2"]) and not p.wood["dry1"], avoid=keeps_dry1)
    assert msgs == []
    assert p.wood["dry2"] == {"mF": 2, "mS": 1}
    assert watch.exempt[g.players.index(p)] == {"dry2"}


def test_drying_card_pieces_stay_excused_after_their_round():
    g = game_at(lambda g: g.step == "drying" and g.turn is not None and g.round in (1, 2, 5, 6), seed=4)
    p = g.players[g.turn]
    p.plans.append(Plan("drying", g.round, 1, g.round - 1))
    p.wood["dry1"] = {}
    p.wood["sale"] = {"F": 2}
    watch = Watch.start(g)
    start = g.round
    action = make(p.name, "dry", {"pieces": {"F": 2}})
    watch.before(g, action)
    apply(g, action)
    assert watch.after(g, action) == []
    msgs = drive(g, watch, lambda g: g.round > start, avoid=lambda a: a.verb == "sell" and "dry1" in a.args["from"])
    assert msgs == [] and p.wood["dry1"] == {"F": 2}
    assert "dry1" in watch.exempt[g.players.index(p)]
    one(state_violations(g), p.name, "dry1")


def test_corrections_are_not_counted_as_created_wood():
    g = fresh()
    watch = Watch.start(g)
    action = make(None, "fix", {"target": g.players[0].name, "field": "dry1.F", "delta": 2, "reason": "test"})
    watch.before(g, action)
    apply(g, action)
    assert watch.after(g, action) == []


# --- log, undo and JSON --------------------------------------------------------------------------------------


def played(seed=7, players=3, mode="advanced", upto=120):
    report = play_game(seed, players, mode, check="none", stop=lambda g: False)
    gf = gamefile.append(gamefile.new_file(report.setup), report.log[:upto])
    return gf, gamefile.replay(gf)


def test_replay_undo_and_json_agree_with_a_real_game():
    gf, g = played()
    before = gamefile.replay(gamefile.drop_last(gf, 1))
    assert invariants.replay_violations(gf, g) == []
    assert invariants.undo_violations(gf, before) == []
    assert invariants.json_violations(g) == []


def test_replay_undo_and_json_report_differences():
    gf, g = played()
    g.players[1].food += 1
    one(invariants.replay_violations(gf, g), "another state", ".players[1].food")
    before = gamefile.replay(gamefile.drop_last(gf, 1))
    before.players[1].food += 1
    one(invariants.undo_violations(gf, before), "does not restore", ".players[1].food")
    g.players[0].fodder = (3,)  # a tuple comes back from JSON as a list: not equal
    one(invariants.json_violations(g), "JSON", "fodder")


def test_an_unreplayable_log_is_reported_not_raised():
    gf, g = played(upto=40)
    bad = gamefile.append(gf, ["anna go 99"])
    one(invariants.replay_violations(bad, g), "does not replay", "line")


def test_diff_names_the_first_differences():
    g = fresh()
    h = fresh()
    h.players[2].wood["saw"] = {"H": 1}
    h.round = 3
    text = invariants.diff(g, h)
    assert ".players[2].wood.saw.H" in text and ".round: 1 != 3" in text
    assert invariants.diff(g, fresh()) == "(equal as JSON)"


@pytest.mark.parametrize("seed, players, mode, variants", [
    (1, 2, "basic", ()), (2, 3, "expert", ("tactical",)), (3, 4, "advanced", ()), (4, 4, "planned", ("tactical",)),
])
def test_show_json_round_trips_to_the_same_state(tmp_path, seed, players, mode, variants):
    """`lignum show --json` is `to_dict()` plus `waiting_for` and `format`; `Game.from_dict` reads it back."""
    import json

    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.engine.state import Game as GameType

    report = play_game(seed, players, mode, variants, check="none")
    for cut in (len(report.log) // 3, len(report.log) * 2 // 3, len(report.log)):
        path = tmp_path / f"g{cut}.lignum"
        gamefile.save(gamefile.append(gamefile.new_file(report.setup), report.log[:cut]), path)
        result = CliRunner().invoke(app, ["show", "--json", str(path)])
        assert result.exit_code == 0, result.output
        shown = json.loads(result.output)
        assert {"waiting_for", "format", "season", "year"} <= shown.keys()
        assert GameType.from_dict(shown) == gamefile.load(path)[1]
