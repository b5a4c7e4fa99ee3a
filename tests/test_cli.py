"""The non-interactive commands as a user runs them: new, do, next, show, log, undo, check, score, games."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PATH_2P = "path wagon raft saw food coin stake sledge food X raft X board joker"
NEW = ["new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
       "--winter", "4/2,5/3"]


def run(*args: str, games, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, LIGNUM_GAMES_DIR=str(games), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=60)


@pytest.fixture
def game(tmp_path):
    games = tmp_path / "games"
    r = run(*NEW, games=games)
    assert r.returncode == 0, r.stderr
    files = [p for p in games.iterdir() if not p.name.startswith(".")]  # the lock and last-game notes
    assert len(files) == 1 and files[0].name.endswith("-anna-ben.lignum")
    return games, files[0]


def test_new_with_every_option_asks_nothing_and_next_gives_the_board_numbers(game):
    games, path = game
    r = run("next", games=games)
    assert r.returncode == 0
    assert "6 bearers on location 4" in r.stdout and "2 X" in r.stdout  # 2-player path (seed 000, R2)
    assert "Waiting for: the table to lay the path tokens" in r.stdout


def test_do_applies_all_or_nothing_and_refusals_leave_the_file_untouched(game):
    games, path = game
    r = run("do", str(path), PATH_2P, "anna go 4 2", games=games)
    assert r.returncode == 0, r.stderr
    before = path.read_bytes()
    r = run("do", str(path), "ben go 1", "anna go 4 1", games=games)  # second one goes backwards
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "only move forward" in r.stderr and "(R3)" in r.stderr
    assert "Traceback" not in r.stderr
    assert path.read_bytes() == before
    r = run("do", "ben go 1", games=games)  # FILE defaults to the most recent game
    assert r.returncode == 0 and "next: anna (travel)" in r.stdout


def test_malformed_and_out_of_turn_actions_are_one_line_refusals(game):
    games, path = game
    run("do", str(path), PATH_2P, games=games)
    before = path.read_bytes()
    for action, words in [("ben go 4 1", "not ben's turn"), ("anna fly 3", "unknown action"),
                          ("zoe go 4 1", "no player called"), ("anna go 4 x", "whole number")]:
        r = run("do", str(path), action, games=games)
        assert r.returncode == 1 and words in r.stderr and r.stderr.count("\n") == 1, (action, r.stderr)
        assert path.read_bytes() == before


def test_show_json_log_undo_check_and_score(game):
    games, path = game
    run("do", str(path), PATH_2P, "anna go 4 2", "ben go 7", games=games)
    state = json.loads(run("show", "--json", games=games).stdout)
    assert state["step"] == "travel" and state["players"][0]["money"] == 3 and state["players"][1]["money"] == 6
    assert "anna" in run("show", "--player", "anna", games=games).stdout
    log = run("log", games=games).stdout
    assert "anna go 4 2" in log and "spring year 1" in log
    r = run("undo", "-n", "2", games=games)
    assert r.returncode == 0 and "undone: ben go 7" in r.stdout and "undone: anna go 4 2" in r.stdout
    assert run("check", games=games).stdout.startswith("ok:")
    score = json.loads(run("score", "--json", games=games).stdout)
    assert score["final"] is False and [p["total"] for p in score["players"]] == [5, 5]
    assert [p["place"] for p in score["players"]] == [1, 1]  # R22: shared place
    assert "ok" in run("games", games=games).stdout or path.name in run("games", games=games).stdout


def test_a_hand_edited_bad_line_is_reported_by_line(game):
    games, path = game
    run("do", str(path), PATH_2P, "anna go 4 2", games=games)
    text = path.read_text().replace("anna go 4 2", "anna go 4 22")
    path.write_text(text)
    r = run("check", str(path), games=games)
    assert r.returncode == 1 and "line " in r.stderr and "Traceback" not in r.stderr
    n = text.splitlines().index("anna go 4 22") + 1
    assert f"line {n}:" in r.stderr


def test_usage_errors_exit_2(tmp_path):
    r = run("undo", "-n", "0", games=tmp_path)
    assert r.returncode == 2
    r = run("frobnicate", games=tmp_path)
    assert r.returncode == 2


def test_superscript_digits_are_usage_errors_not_tracebacks(tmp_path):
    r = run("new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=²,ben=5",
            "--winter", "4/2,5/3", games=tmp_path)
    assert r.returncode == 2 and "NAME=AREA" in r.stderr and "Traceback" not in r.stderr


def test_the_cli_module_loads_no_heavy_library_before_a_command_runs():
    code = ("import sys, lignum_companion.cli.app; print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'reportlab', 'questionary', 'tabulate', 'pydantic', 'rich', 'prompt_toolkit'} "
            "or m.startswith('lignum_companion.engine')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "[]"


def test_final_sale_step_takes_no_loans_and_names_itself():
    from lignum_companion.engine import IllegalAction, parse
    from lignum_companion.engine.flow import apply, where
    from lignum_companion.gamefile import store as gamefile

    gf = gamefile.read("examples/basic-4p.lignum")
    g = None
    for k in range(len(gf.actions), 0, -1):  # the last state still waiting for a river choice
        g = gamefile.replay(gf, upto=k)
        if g.step == "river":
            break
    assert g is not None and g.step == "river", "basic-4p has a river choice at the end"
    assert where(g) == "final sale, river"
    name = g.players[g.turn].name
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="R15"):
        apply(g, parse(f"{name} loan"))
    assert g.to_dict() == before


def test_an_unexpected_error_is_one_line_not_a_traceback(tmp_path):
    code = ("import sys; import lignum_companion.views.game as v\n"
            "def boom(*args, **kw):\n    raise RuntimeError('boom')\n"
            "v.reminder = boom\nsys.argv = ['lignum', 'next', 'examples/basic-2p.lignum']\n"
            "from lignum_companion.cli.entry import main\nmain()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "internal error: RuntimeError: boom (nothing was saved; run again with LIGNUM_DEBUG=1 for details)"]


def test_score_labels_come_from_the_template():
    r = run("score", "examples/basic-4p.lignum", games=".")
    assert r.returncode == 0
    assert r.stdout.splitlines()[0] == "Final scores" and "Winner: cleo" in r.stdout
    assert "⚠ anna: manual correction round 5" in r.stdout
