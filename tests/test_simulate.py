"""The random-play simulator: hundreds of seeded games end with no invariant broken, and broken rules are caught."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lignum_companion.dev import simulate
from lignum_companion.engine import IllegalAction, data, parse, rules
from lignum_companion.gamefile import store as gamefile

PLAYERS = (2, 3, 4)
VARIANTS = ((), ("tactical",))
GAMES_PER_COMBO = 9  # 3 player counts x 4 modes x 2 variant settings x 9 = 216 games


@pytest.mark.parametrize("variants", VARIANTS, ids=["plain", "tactical"])
@pytest.mark.parametrize("mode", data.MODES)
@pytest.mark.parametrize("players", PLAYERS)
def test_seeded_random_games_keep_every_invariant(players, mode, variants):
    seed = 1000 * players + 100 * data.MODES.index(mode) + 50 * len(variants)
    for k in range(GAMES_PER_COMBO):
        report = simulate.play_game(seed + k, players, mode, variants, check="light")
        assert report.violations == []
        assert report.over and report.game is not None and report.game.over
        assert report.game.step == "over" and report.game.round == data.ROUNDS + 1
        assert len(report.log) > 40


@pytest.mark.parametrize("mode", data.MODES)
def test_full_checks_after_every_action(mode):
    """Whole-file replay, undo of the last line and the JSON round trip after every single action."""
    for k, (players, variants) in enumerate([(2, ()), (4, ("tactical",))]):
        report = simulate.play_game(77 + k, players, mode, variants, check="full")
        assert report.violations == [] and report.over


def test_games_are_reproducible_from_their_seed():
    a = simulate.play_game(5, 3, "expert", ("tactical",))
    b = simulate.play_game(5, 3, "expert", ("tactical",))
    c = simulate.play_game(6, 3, "expert", ("tactical",))
    assert a.log == b.log and a.log != c.log
    run = simulate.run(3, [3], ["expert"], [("tactical",)], seed=4)
    assert run.games == 3 and run.actions == sum(len(simulate.play_game(s, 3, "expert", ("tactical",)).log)
                                                 for s in (4, 5, 6))


def test_random_table_draws_are_valid_notation():
    report = simulate.play_game(8, 4, "advanced", check="none")
    table = [line for line in report.log if line.split()[0] in ("path", "placement", "task")]
    kinds = {line.split()[0] for line in table}
    assert kinds == {"path", "placement", "task"}
    for line in table:
        assert parse(line).text == line
    for line in (t for t in table if t.startswith("path")):
        tokens = line.split()[1:]
        assert len(tokens) == len(data.TOKEN_LOCATIONS)
        assert tokens.count("wagon") == data.PATH_MIX[4]["wagon"]


def test_the_game_file_of_a_simulated_game_replays_and_checks(tmp_path):
    report = simulate.play_game(12, 2, "planned")
    path = tmp_path / "sim.lignum"
    path.write_text(report.file_text(), encoding="utf-8")
    gf, g = gamefile.load(path)
    assert g == report.game and gf.action_texts() == report.log


def test_command_line_prints_totals_and_exits_zero(capsys):
    code = simulate.main(["--games", "4", "--players", "2,3", "--mode", "basic,advanced", "--both-variants",
                          "--seed", "9"])
    out = capsys.readouterr().out
    assert code == 0
    assert "games: 4" in out and "games per second:" in out and "invariant violations: 0" in out
    assert "actions:" in out


def test_module_runs_as_a_program():
    proc = subprocess.run([sys.executable, "-m", "lignum_companion.dev.simulate", "--games", "2", "--players", "2",
                           "--mode", "basic", "--variant", "tactical", "--seed", "3"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "invariant violations: 0" in proc.stdout


def test_bad_arguments_are_usage_errors(capsys):
    for argv in (["--players", "5"], ["--mode", "easy"], ["--games", "0"]):
        with pytest.raises(SystemExit) as e:
            simulate.main(argv)
        assert e.value.code == 2


# --- the simulator catches broken rules ------------------------------------------------------------------------


def test_created_wood_fails_the_run_and_the_failing_game_is_dumped(monkeypatch, tmp_path, capsys):
    real = rules.HANDLERS["bonus"]

    def generous(g, pi, a):
        real(g, pi, a)
        g.players[pi].wood["woodpile"]["F"] = g.players[pi].wood["woodpile"].get("F", 0) + 1

    monkeypatch.setitem(rules.HANDLERS, "bonus", generous)
    code = simulate.main(["--games", "2", "--players", "2", "--mode", "basic", "--seed", "40",
                          "--dump", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "invariant violations: 2" in out and "seed 40, action" in out and "bonus" in out
    dumped = sorted(p.name for p in tmp_path.iterdir())
    assert dumped == ["seed-40.lignum", "seed-41.lignum"]
    gf = gamefile.read(tmp_path / "seed-40.lignum")
    assert gf.action_texts()[-1].split()[1] == "bonus"


@pytest.mark.parametrize("check", ["light", "full"])
def test_a_refusal_that_changes_the_state_is_caught(monkeypatch, check):
    real = rules.HANDLERS["go"]

    def careless(g, pi, a):
        g.players[pi].food += 1  # changed before the checks
        real(g, pi, a)
        g.players[pi].food -= 1

    monkeypatch.setitem(rules.HANDLERS, "go", careless)
    found = [v for s in range(4) for v in simulate.play_game(s, 2, "basic", check=check).violations]
    assert found and all("refused but changed the state" in v and "food" in v for v in found)


def test_a_line_that_replays_differently_is_caught(monkeypatch):
    def misread(text, board=None):
        return parse(text.replace("bonus F", "bonus S"), board)

    monkeypatch.setattr(simulate, "parse", misread)
    found = [v for s in range(6) for v in simulate.play_game(s, 2, "basic").violations]
    assert found and all("replaying the text gives another state" in v for v in found)


def test_undo_and_json_failures_are_caught(monkeypatch):
    from lignum_companion.dev import invariants

    monkeypatch.setattr(invariants, "undo_violations", lambda gf, before, n=1: ["undo broke"])
    assert simulate.play_game(1, 2, "basic", check="full").violations[0].endswith("undo broke")
    assert simulate.play_game(1, 2, "basic", check="light").violations[0].endswith("undo broke")
    assert simulate.play_game(1, 2, "basic", check="none").violations == []


def test_a_state_without_any_legal_action_is_reported(monkeypatch):
    monkeypatch.setattr(simulate, "candidates", lambda g: [])
    report = simulate.play_game(1, 2, "basic")
    assert not report.over
    assert "no legal action among 0 candidates" in report.violations[0]


def test_a_state_where_every_candidate_is_refused_is_reported(monkeypatch):
    def refuse(g, pi, a):
        raise IllegalAction("never", "R3")

    monkeypatch.setitem(rules.HANDLERS, "go", refuse)
    monkeypatch.setitem(rules.HANDLERS, "loan", refuse)
    report = simulate.play_game(1, 3, "basic")
    assert not report.over and "no legal action" in report.violations[0] and "travel" in report.violations[0]


def test_an_endless_game_is_reported():
    report = simulate.play_game(1, 2, "basic", max_actions=30)
    assert not report.over and "no end after 30 actions" in report.violations[0]


# --- the Joinery and Buildings expansion (R23) -------------------------------------------------------------


@pytest.mark.parametrize("variants", VARIANTS, ids=["plain", "tactical"])
@pytest.mark.parametrize("mode", data.MODES)
def test_R23_expansion_games_keep_every_invariant(mode, variants):
    """5 games x 3 player counts x 4 modes x 2 variant settings = 120 expansion games, no violation."""
    seed = 90_000 + 100 * data.MODES.index(mode) + 50 * len(variants)
    carpenters = buildings = 0
    for k in range(15):
        report = simulate.play_game(seed + k, 2 + k % 3, mode, variants, check="light", expansion="joinery")
        assert report.violations == []
        assert report.over and report.game is not None and report.game.joinery
        carpenters += sum(p.carpenters for p in report.game.players)
        buildings += sum(len(p.buildings) for p in report.game.players)
    assert carpenters and buildings  # the random players do take them


def test_R23_invariants_catch_a_fourth_carpenter_and_a_second_piece_of_a_kind():
    from lignum_companion.dev import invariants

    g = simulate.play_game(3, 2, "basic", check="none", expansion="joinery",
                           stop=lambda g: g.round == 2).game
    assert invariants.state_violations(g) == []
    g.players[0].carpenters = 4
    g.players[1].furniture = {"mF": 2}
    found = invariants.state_violations(g)
    assert any("4 carpenters" in v for v in found) and any("furniture shop" in v for v in found)
    g.players[0].buildings.append(g.buildings[0])  # a tile in two places
    assert any("building tiles" in v for v in invariants.state_violations(g))


def test_R23_the_simulator_command_plays_the_expansion():
    out = subprocess.run([sys.executable, "-m", "lignum_companion.dev.simulate", "--games", "4", "--players", "2,3",
                          "--mode", "basic,expert", "--both-boards"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "base and joinery boards" in out.stdout and "invariant violations: 0" in out.stdout
