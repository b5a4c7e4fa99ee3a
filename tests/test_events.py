"""The engine's events (issue 29, section 1): every change an action makes is told by its events.

The property: for every line of every example and of simulated games of every mode, the events of the line
applied to the state before it (`projection.apply_to`) give the state after it. The projection covers every
player's holdings and the board; the fields it leaves out are listed below with the reason.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from helpers import forward, start

from lignum_companion import engine
from lignum_companion.dev.simulate import random_setup, table_action
from lignum_companion.engine import IllegalAction, apply, new_game, parse
from lignum_companion.engine import events as ev
from lignum_companion.engine.flow import actor_kind
from lignum_companion.engine.legal import candidates
from lignum_companion.engine.projection import APPLY, apply_to, project
from lignum_companion.engine.state import Game, Player
from lignum_companion.gamefile import store

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.lignum"))

# Fields of the state the projection leaves out, and why (a new field must be added to one side or the other).
LEFT_OUT_GAME = {
    "mode": "setup: never changes in play", "variants": "setup", "winter_cards": "setup", "expansion": "setup",
    "strict_order": "setup",
    "turn": "bookkeeping of whose turn it is (flow.waiting says it)",
    "acted": "bookkeeping of who finished the common step (step_closed / skipped tell it)",
    "own_steps": "bookkeeping of each player's own step (step_closed / skipped tell it)",
    "clearing": "the clearing order is the order of the foreman_moved events whose location is `clearing`",
    "placements": "a count of placement_card events this round",
    "task_seq": "the last task id, told in task_revealed",
    "snatched": "told by pieces_moved from a second cutting area (rule R28)",
    "used_locations": "told by foreman_moved (R23's one foreman a round at 12 and 16)",
    "marked": "told whole by areas_marked",
    "food_taken": "told whole by food_shared",
    "last_move": "bookkeeping of whose move was entered last (R24)",
    "skips": "told whole by skipped",
    "winter_bills": "told whole by winter_bill",
    "building_effects": "told by building_effect and the automatic events after it (R23)",
}
LEFT_OUT_PLAYER = {
    "name": "never changes", "colour": "never changes",
    "cut_done": "flag of the round (woodcutting done)", "relocated": "flag of the round (told by area_token)",
    "took_task": "flag of the round (told by task_taken)", "planned": "flag of the round (told by plan_made)",
    "floated": "flag of the round (told by pieces_moved woodpile -> river, rule R20)",
    "season_money": "money at each round's end: the money events summed",
    "corrections": "the text of each fix, told whole by corrected",
}


def _diff(got: dict, want: dict) -> list[str]:
    out = []
    for k in want:
        if k == "players":
            for i, (a, b) in enumerate(zip(got[k], want[k], strict=True)):
                out += [f"player {i} {kk}: told {a[kk]!r}, is {b[kk]!r}" for kk in b if a[kk] != b[kk]]
        elif got[k] != want[k]:
            out.append(f"{k}: told {got[k]!r}, is {want[k]!r}")
    return out


def _check(before: dict, events: list[ev.Event], g: Game, where: str) -> dict:
    after = project(g)
    told = apply_to(before, ev.to_json(events))  # as a script reads them: plain JSON
    assert told == after, f"{where}: {_diff(told, after)}"
    return after


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_line_of_every_example_is_told_by_its_events(path: Path) -> None:
    gf = store.read(path)
    g = new_game(gf.setup)
    state = project(g)
    kinds = set()
    for line in gf.actions:
        events = apply(g, parse(line.text, g.board))
        kinds |= {e.kind for e in events}
        state = _check(state, events, g, f"{path.name} line {line.number} `{line.text}`")
    assert g.over and {"pieces_sold", "money", "round_ended", "game_ended"} <= kinds


# Tiles whose texts the program reads and applies itself (R23 amended): every kind of gain, at every moment.
READABLE_TILES = [["tavern", "$2 when taken"], ["forge", "when taken: 2 saws from the supply"],
                  ["granary", "+1 food at the start of each winter round"],
                  ["market hall", "+$2 at the start of each fall round"], ["chapel", "+$5 at the final scoring"],
                  ["charcoal kiln", "when taken 1 milled softwood into the firewood storage"],
                  ["stable", "when taken: 1 wagon from the supply"], ["barn", "when taken: 1 fodder"],
                  ["lodge", "2 firewood onto the woodpile at the start of each spring round"],
                  ["inn", "+$1 at the start of every round"]]


def _simulated(seed: int, players: int, mode: str, variants: tuple[str, ...], expansion: str) -> set[str]:
    """One random game (the simulator's draws and candidates); every accepted line checked. With the expansion,
    the tiles are ones the program applies itself."""
    rng = random.Random(seed)
    setup = random_setup(rng, players, mode, variants, expansion)
    if expansion:
        setup.buildings = [list(t) for t in rng.sample(READABLE_TILES, len(setup.buildings))]
    g = new_game(setup)
    state = project(g)
    kinds: set[str] = set()
    while not g.over:
        if actor_kind(g) == "table":
            action = table_action(g, rng)
            events = apply(g, action)
        else:
            options = candidates(g)
            rng.shuffle(options)
            for action in options:
                try:
                    events = apply(g, action)  # a refused one records nothing and changes nothing
                    break
                except IllegalAction:
                    continue
            else:  # pragma: no cover - the simulator's own tests say a game never sticks
                raise AssertionError(f"seed {seed}: stuck")
        kinds |= {e.kind for e in events}
        state = _check(state, events, g, f"seed {seed} {players}p {mode} {variants} {expansion} `{action.text}`")
    return kinds


# 80 games of every mode (240 in all, about 20 s on one core): 2, 3 and 4 players, a quarter tactical and a
# quarter with the expansion, seeds fixed so a failure names its game.
GAMES_PER_MODE = 80


@pytest.mark.parametrize("mode", ["basic", "advanced", "expert"])
def test_every_line_of_simulated_games_is_told_by_its_events(mode: str) -> None:
    kinds: set[str] = set()
    for seed in range(GAMES_PER_MODE):
        variants = ("tactical",) if seed % 4 == 1 else ()
        expansion = "joinery" if seed % 4 == 2 else ""
        kinds |= _simulated(seed, 2 + seed % 3, mode, variants, expansion)
    expected = {"pieces_moved", "pieces_sold", "wood_sawn", "drying_shift", "money", "spent", "returned",
                "foreman_moved", "token_taken", "workers_hired", "area_token", "food_shared", "winter_bill",
                "skipped", "step_closed", "round_ended", "game_ended", "huts_built", "placement_card"}
    if mode != "basic":
        expected |= {"task_revealed", "task_taken"}
    if mode == "expert":
        expected |= {"plan_made", "plan_in_effect"}
    expected |= {"building_taken", "building_effect", "carpenter_taken"}
    assert expected <= kinds, expected - kinds


FIXES = ["money +3", "money -1", "food +2", "debt +1", "loans +1", "saw +1", "stake +1",
         "joker +1", "woodcutters +1", "drying-hut +1", "accom-hut +1", "sale.mS +2", "dry2.F +1", "store.mF +1",
         "river.H +1", "woodpile.S +1"]


def test_corrections_of_every_field_are_told() -> None:
    gf = store.read(ROOT / "examples" / "joinery-basic-2p.lignum")
    g = store.replay(gf, 40)
    name = g.players[1].name
    fodder = ["fodder -3", "fodder +3"] if 3 in g.players[1].fodder else ["fodder +3", "fodder -3"]
    for fix in FIXES + fodder + ["carpenters +1"]:
        before = project(g)
        events = apply(g, parse(f"fix {name} {fix} table mistake", g.board))
        assert any(e.kind == "corrected" for e in events)
        _check(before, events, g, fix)


def test_a_correction_named_after_a_tile_takes_its_effect_back_and_says_so() -> None:
    """R23 amended: never both; what the tile gave is taken back, each part told (money with its ledger line)."""
    for tile, fix in (("tavern", "money +2 tavern pays $2"), ("forge", "saw +2 forge gave two saws"),
                      ("charcoal kiln", "store.mS +1 charcoal kiln"), ("barn", "money +1 barn its fodder as $1")):
        script = start(2, expansion="joinery")
        script.setup.buildings = [list(t) for t in READABLE_TILES if t[0] != tile][:5] + \
            [next(list(t) for t in READABLE_TILES if t[0] == tile)]
        g = script.game()
        forward(g, list(script.lines), step="travel", round=1, who="anna")
        state = project(g)
        events = apply(g, parse(f"anna go 12 {tile}", g.board))
        state = _check(state, events, g, f"anna takes {tile}")
        assert [e.auto for e in events if e.kind == "building_effect"] == [True], tile
        events = apply(g, parse(f"fix anna {fix}", g.board))
        _check(state, events, g, f"fix anna {fix}")
        assert [e.to_dict()["withdrawn"] for e in events if e.kind == "building_effect"] == [True], tile


def test_a_refusal_records_nothing_and_leaves_no_sink_open() -> None:
    gf = store.read(EXAMPLES[0])
    g = store.replay(gf, 30)
    copy = g.clone()
    with pytest.raises(IllegalAction):
        apply(g, parse("path " + " ".join(["coin"] * 13), g.board))  # a table entry closes steps first (R24)
    assert g == copy and ev.sink(g) is None
    line = gf.actions[30].text
    assert apply(g, parse(line, g.board), record=False) == []
    assert ev.sink(g) is None


def test_play_gives_the_line_as_kept_and_its_events() -> None:
    gf = store.read(ROOT / "examples" / "basic-2p.lignum")
    g = store.replay(gf, 0)
    played = engine.play(g, gf.actions[0].text)
    assert isinstance(played, ev.Played) and played.text == gf.actions[0].text
    assert played.events and played.events[0].kind == "path_laid"
    json.dumps(ev.to_json(played.events))  # plain JSON


def test_the_automatic_changes_say_so() -> None:
    """The drying shift, food shared out, workers coming back, a round's end and bills nobody typed: auto."""
    gf = store.read(ROOT / "examples" / "basic-4p.lignum")
    g = new_game(gf.setup)
    autos: dict[str, set[bool]] = {}
    for line in gf.actions:
        for e in apply(g, parse(line.text, g.board)):
            autos.setdefault(e.kind, set()).add(e.auto)
    for kind in ("drying_shift", "food_shared", "returned", "round_ended", "skipped", "step_began", "areas_marked"):
        assert autos[kind] == {True}, kind
    for kind in ("foreman_moved", "pieces_sold", "token_taken", "huts_built"):
        assert autos[kind] == {False}, kind
    assert autos["winter_bill"] == {True, False}  # settled by itself when nothing must be chosen (R14)


def test_every_kind_can_be_applied_and_projects_every_field() -> None:
    assert set(APPLY) == set(ev.KINDS)
    g = new_game(store.read(EXAMPLES[0]).setup)
    s = project(g)
    game_fields = {f.name for f in dataclasses.fields(Game)}
    player_fields = {f.name for f in dataclasses.fields(Player)}
    assert game_fields - set(LEFT_OUT_GAME) == set(s)
    assert player_fields - set(LEFT_OUT_PLAYER) == set(s["players"][0])


def _documented() -> dict[str, dict]:
    """Each `### kind` heading of docs/events.md with the JSON example under it."""
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    out = {}
    for m in re.finditer(r"^### `(\w+)`\n(.*?)(?=^### |\Z)", text, re.M | re.S):
        block = re.search(r"```json\n(.*?)```", m.group(2), re.S)
        assert block, f"{m.group(1)} has no JSON example"
        out[m.group(1)] = json.loads(block.group(1))
    return out


def test_docs_list_every_kind_with_its_keys() -> None:
    documented = _documented()
    assert set(documented) == set(ev.KINDS), set(documented) ^ set(ev.KINDS)
    for kind, example in documented.items():
        cls = ev.KINDS[kind]
        keys = {"kind"} | set(cls.field_names())
        assert example["kind"] == kind and set(example) == keys, (kind, set(example) ^ keys)


def test_the_docs_python_example_runs() -> None:
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/events.md", "exec"), {})


def test_replay_and_the_simulators_play_record_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: replay must not get slower, so a replay and the simulator's play never open a sink."""
    from lignum_companion.dev import simulate

    def refuse(g: object) -> None:
        raise AssertionError("recorded events where nobody asked for them")

    monkeypatch.setattr(ev, "open_sink", refuse)
    g = store.replay(store.read(ROOT / "examples" / "expert-4p.lignum"))
    assert g.over
    assert simulate.play_game(7, 3, "expert", check="none").over


def test_the_simulator_checks_the_events_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --events`: a line whose events leave a change untold is a violation."""
    from lignum_companion.dev import simulate

    assert simulate.play_game(3, 2, "basic", check="none", events=True).violations == []
    monkeypatch.setitem(APPLY, "money", lambda s, e: None)  # as if money changed without its event
    report = simulate.play_game(3, 2, "basic", check="none", events=True)
    assert "do not give the state after it" in report.violations[0]
