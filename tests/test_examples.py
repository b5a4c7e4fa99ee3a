"""The example games in examples/: each replays to the end, and its hand-worked figures match the engine.

Each example carries, in `#` comment lines, arithmetic its author worked out by hand from the rules:
`# final: NAME $TOTAL = TERM [why] ± TERM [why] ...` for every player, and in the 2-player game
`# end of SEASON year N: NAME $MONEY = ...` for every player and season. These tests check that each sum adds
up, that the 2-player season lines chain from one season to the next, and that the engine agrees: the
`lignum score --json` totals and `Player.season_money` (R10, R14, R15, R22).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import apply, data, new_game, parse, prices
from lignum_companion.engine.pieces import total
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# file -> (mode, players, variants): the games issues 2 and 3 ask for.
EXPECTED = {
    "basic-2p.lignum": ("basic", 2, []),
    "basic-3p.lignum": ("basic", 3, []),
    "basic-4p.lignum": ("basic", 4, []),
    "expert-4p.lignum": ("expert", 4, []),
    "advanced-3p.lignum": ("advanced", 3, []),
    "tactical-2p.lignum": ("planned", 2, ["tactical"]),
    "joinery-basic-2p.lignum": ("basic", 2, []),  # R23: the expansion (issue 11)
    "joinery-expert-3p.lignum": ("expert", 3, []),
}
JOINERY = ("joinery-basic-2p.lignum", "joinery-expert-3p.lignum")
FINAL_RE = re.compile(r"^#\s*final:\s*(\S+)\s+\$(-?\d+)\s*=\s*(.+)$")
SEASON_RE = re.compile(r"^#\s*end of (spring|summer|fall|winter) year ([12]):\s*(\S+)\s+\$(\d+)\s*=\s*(.+)$")
TERM_RE = re.compile(r"\s*([+-])?\s*(\d+)\s*")

runner = CliRunner()


def hand_terms(expression: str) -> list[int]:
    """Read `5 [start] - 2 [2 bearers] + 3 [F]` as [5, -2, 3]: signed whole numbers, words in brackets ignored."""
    bare = re.sub(r"\[[^\]]*\]", " ", expression)
    pos, terms = 0, []
    while pos < len(bare.rstrip()):
        m = TERM_RE.match(bare, pos)
        if not m or m.end() == pos or (terms and not m.group(1)):
            raise ValueError(f"cannot read the hand sum {expression!r} at {bare[pos:]!r}")
        terms.append(-int(m.group(2)) if m.group(1) == "-" else int(m.group(2)))
        pos = m.end()
    return terms


def hand_sum(expression: str) -> int:
    return sum(hand_terms(expression))


def comment_lines(name: str) -> list[str]:
    return [line.strip() for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
            if line.strip().startswith("#")]


@cache
def replayed(name: str) -> Game:
    return gamefile.load(EXAMPLES / name)[1]


@cache
def score_json(name: str) -> dict:
    result = runner.invoke(app, ["score", str(EXAMPLES / name), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def steps(name: str):
    """Replay an example action by action: yields (game before, action)."""
    gf = gamefile.read(EXAMPLES / name)
    g = new_game(gf.setup)
    for line in gf.actions:
        action = parse(line.text, g.board)
        yield g, action
        apply(g, action)


# --- the reader of hand sums is itself checked -----------------------------------------------------------


def test_hand_sum_reads_signed_terms_and_ignores_words():
    assert hand_sum("5 [start] - 2 [2 bearers] + 3 [F sold]") == 6
    assert hand_sum("10 [hands in 5 of 5 food: nothing missing]") == 10
    assert hand_terms("44 [money] + 12 [dry3] - 7 [one loan]") == [44, 12, -7]
    with pytest.raises(ValueError):
        hand_sum("5 2")  # a term without a sign after the first
    with pytest.raises(ValueError):
        hand_sum("5 - x")


# --- every example -------------------------------------------------------------------------------------


def test_examples_folder_holds_the_eight_games():
    assert sorted(p.name for p in EXAMPLES.glob("*.lignum")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_header_matches_the_game_it_claims_to_be(name):
    mode, n, variants = EXPECTED[name]
    setup = gamefile.read(EXAMPLES / name).setup
    assert (setup.mode, len(setup.players), setup.variants) == (mode, n, variants)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_lignum_check_replays_the_whole_game(name):
    result = runner.invoke(app, ["check", str(EXAMPLES / name)])
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_final_totals_equal_the_hand_worked_breakdown(name):
    hand: dict[str, int] = {}
    for line in comment_lines(name):
        m = FINAL_RE.match(line)
        if m:
            player, stated, expression = m.group(1), int(m.group(2)), m.group(3)
            assert hand_sum(expression) == stated, f"{name}: the hand sum for {player} does not add up: {line}"
            assert player not in hand, f"{name}: two final lines for {player}"
            hand[player] = stated
    result = score_json(name)
    assert result["final"] is True
    engine = {row["name"]: row["total"] for row in result["players"]}
    assert hand == engine


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_places_follow_the_totals(name):
    rows = score_json(name)["players"]
    for row in rows:
        assert row["place"] == 1 + sum(1 for other in rows if other["total"] > row["total"])  # R22


# --- the 2-player game: money at the end of every season, by hand -----------------------------------------


def season_lines(name: str) -> dict[str, list[tuple[str, int, str]]]:
    out: dict[str, list[tuple[str, int, str]]] = {}
    for line in comment_lines(name):
        m = SEASON_RE.match(line)
        if m:
            season, year, player, money, expression = m.groups()
            out.setdefault(player, []).append((f"{season} {year}", int(money), expression))
    return out


@pytest.mark.parametrize("name", ["basic-2p.lignum", "joinery-basic-2p.lignum"])
def test_two_player_season_money_is_worked_by_hand_for_every_season(name):
    lines = season_lines(name)
    order = [f"{data.round_season(r)} {data.round_year(r)}" for r in range(1, data.ROUNDS + 1)]
    assert sorted(lines) == ["anna", "ben"]
    for player, rows in lines.items():
        assert [season for season, _, _ in rows] == order, player
        before = data.START_MONEY  # R1
        for season, money, expression in rows:
            assert hand_sum(expression) == money, f"{player}, {season}: {expression}"
            first = hand_terms(expression)[0]
            assert first == before, f"{player}, {season} starts from ${first}, the season before ended at ${before}"
            before = money


@pytest.mark.parametrize("name", ["basic-2p.lignum", "joinery-basic-2p.lignum"])
def test_two_player_season_money_equals_the_replay(name):
    g = replayed(name)
    lines = season_lines(name)
    for p in g.players:
        assert p.season_money == [money for _, money, _ in lines[p.name]], p.name


# --- what the examples show between them -------------------------------------------------------------------


def all_steps():
    for name in sorted(EXPECTED):
        for g, action in steps(name):
            yield name, g, action


def test_examples_show_the_situations_a_table_meets():
    seen: dict[str, set[str]] = {}

    def mark(what: str, name: str) -> None:
        seen.setdefault(what, set()).add(name)

    for name, g, action in all_steps():
        verb, args = action.verb, action.args
        if verb == "loan":
            mark("loan", name)
        if verb == "build":
            mark("hut built", name)
        if verb in ("dryhut", "foodhut") or args.get("hut"):
            mark("hut used", name)
        if verb == "wagon":
            mark("wagon with fodder", name)
        if verb == "receive":
            mark("raft arrival", name)
        if verb == "relocate" and g.step == "cutting":
            mark("shared area, $1 move", name)
        if verb == "fix":
            mark("correction", name)
    for name in sorted(EXPECTED):
        for p in replayed(name).players:
            if any(e.reason in ("loan (forced by winter)", "winter forced sale") for e in p.ledger):
                mark("winter forced loan or sale", name)
    wanted = ["loan", "hut built", "hut used", "wagon with fodder", "raft arrival", "shared area, $1 move",
              "correction", "winter forced loan or sale"]
    assert [w for w in wanted if not seen.get(w)] == []


def test_a_winter_shortfall_takes_both_loans_before_any_wood_is_sold():
    """R14 in the 4-player game: dan's first winter costs two forced loans and then a forced sale."""
    dan = next(p for p in replayed("basic-4p.lignum").players if p.name == "dan")
    winter = [e for e in dan.ledger if e.round == 4]
    reasons = [e.reason for e in winter]
    assert reasons.count("loan (forced by winter)") == 2
    assert "winter forced sale" in reasons
    assert reasons.index("winter forced sale") > max(i for i, r in enumerate(reasons) if r.startswith("loan"))
    assert dan.season_money[3] == 0 and dan.debt == 0


def test_the_correction_is_flagged_on_the_score():
    rows = {r["name"]: r for r in score_json("basic-4p.lignum")["players"]}
    assert any("entered as shingle" in c for c in rows["anna"]["corrections"])


# --- advanced, expert and tactical games (R19, R20, R21) -------------------------------------------------


def test_the_advanced_game_has_complete_and_incomplete_tasks():
    tasks = [t for row in score_json("advanced-3p.lignum")["players"] for t in row["tasks"]]
    done = [t for t in tasks if t["complete"]]
    left = [t for t in tasks if not t["complete"]]
    assert done and left
    assert all(t["dollars"] == t["value"] for t in done) and all(t["dollars"] == 0 for t in left)  # R19


def test_the_expert_game_completes_the_rulebook_tasks_of_harold():
    harold = next(r for r in score_json("expert-4p.lignum")["players"] if r["name"] == "harold")
    assert [(t["value"], t["complete"]) for t in harold["tasks"]] == [(17, True), (18, True)]
    assert harold["task_dollars"] == 35


def _plan_evidence(g_before: Game, g_after: Game, action, pi: int) -> set[str]:
    """Which planned work effects this action shows for player pi (R20)."""
    before, after = g_before.players[pi], g_after.players[pi]
    verb, args = action.verb, action.args
    seen = set()
    if verb == "saw":
        # the saw alone: at their own pace (R24) the player's heating may follow within the same line
        from lignum_companion.engine import rules

        probe = g_before.clone()
        rules.HANDLERS["saw"](probe, pi, args)
        after = probe.players[pi]
        saws = before.equipment.get("saw", 0) - after.equipment.get("saw", 0)
        disks = total(args["disks"])
        if disks == 2 * saws:
            seen.add("sawing")
        milled_f = sum(after.wood[area].get("mF", 0) - before.wood[area].get("mF", 0) for area in ("store", "sale"))
        if args["disks"].get("F") and milled_f == 6 * args["disks"]["F"]:
            seen.add("heating-supply")
    if verb == "snatch":
        seen.add("cutting")
    if verb in ("raft", "float") and after.food - before.food == 2 * total(args["pieces"]):
        seen.add("food-supply")
    if verb == "float":
        seen.add("log-driving")
    if verb == "go" and args.get("trade"):
        seen.add("trade")
    if verb == "go" and args.get("sets"):
        paid = after.money - before.money + sum(args["buy"].values())
        if paid == sum(data.CRAFTWORK_CARD_SET_PRICE[total(x)] for x in args["sets"]):
            seen.add("craftwork")
    if verb == "build" and total(args["huts"]) == 2:
        seen.add("hut-construction")
    if verb == "dry" and not prices.drying_area_fits(after.wood["dry1"]):
        seen.add("drying")
    return seen


@pytest.mark.parametrize("name", ["expert-4p.lignum", "tactical-2p.lignum"])
def test_every_plan_is_carried_out_in_its_season(name):
    """The examples claim each planned work was used in the season it was planned for (R20)."""
    used: set[tuple[str, str, int]] = set()
    gf = gamefile.read(EXAMPLES / name)
    g = new_game(gf.setup)
    for line in gf.actions:
        action = parse(line.text, g.board)
        before = g.clone()
        apply(g, action)
        for pi, p in enumerate(g.players):
            if action.player and g.player_index(action.player) == pi:
                for card in _plan_evidence(before, g, action, pi):
                    used.add((p.name, card, before.round))
            if g.round != before.round:  # overtime acts as the next season begins
                h_before = before.players[pi].wood["woodpile"].get("H", 0)
                if p.wood["woodpile"].get("H", 0) == h_before + 1:
                    used.add((p.name, "overtime", g.round))
    planned = {(p.name, x.card, x.round) for p in g.players for x in p.plans}
    assert len(planned) >= 6
    assert planned - used == set()


def test_the_tactical_game_never_shares_a_cutting_area():
    """R21: one token each, only free areas, so no two players ever cut in the same area."""
    rounds = set()
    for g, action in steps("tactical-2p.lignum"):
        if action.verb == "cut" and not g.winter:
            areas = [p.area for p in g.players if p.area is not None]
            assert len(areas) == len(set(areas)) == len(g.players)
            rounds.add(g.round)
    assert rounds == {1, 2, 3, 5, 6, 7}


def test_the_readme_describes_every_example():
    text = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"`{name}`" in text


# --- the Joinery and Buildings expansion (R23) -----------------------------------------------------------


@pytest.mark.parametrize("name", JOINERY)
def test_R23_expansion_examples_play_on_the_22_location_board(name):
    g = replayed(name)
    assert g.joinery and gamefile.read(EXAMPLES / name).setup.expansion == "joinery"
    gos = [a for _, a in steps(name) if a.verb == "go"]
    assert {a.args["kind"] for a in gos} >= {"carpenter", "buildings", "sawyers", "market", "clearing"}
    assert all(a.args["loc"] <= 23 for a in gos) and any(a.args["loc"] == 23 for a in gos)
    assert any(p.carpenters for p in g.players) and any(p.buildings for p in g.players)
    # carpenter income as each work round starts (not in winter), and the building's money under its name
    income = [e for p in g.players for e in p.ledger if e.reason == "carpenters"]
    assert income and all(data.round_season(e.round) != "winter" for e in income)
    assert any(e.reason.startswith("building tavern") for p in g.players for e in p.ledger)


def test_R23_the_basic_expansion_example_uses_the_furniture_shop():
    rows = {r["name"]: r for r in score_json("joinery-basic-2p.lignum")["players"]}
    assert rows["anna"]["furniture"] == {"pieces": {"mF": 1}, "dollars": 1 + 3}
    assert rows["ben"]["furniture"] == {"pieces": {"mH": 1}, "dollars": 5 + 3}
    furnished = [a.text for _, a in steps("joinery-basic-2p.lignum") if a.verb == "furnish"]
    assert furnished == ["ben furnish dry2:mH", "anna furnish dry3:mF"]


def test_R23_carpenters_cost_food_in_winter_in_the_examples():
    """Ben's carpenter makes his first winter 6 food instead of the card's 5 (R14, R23)."""
    ben = next(p for p in replayed("joinery-basic-2p.lignum").players if p.name == "ben")
    assert ben.carpenters == 1
    assert [e.amount for e in ben.ledger if e.reason == "winter food" and e.round == 4] == [-3]
