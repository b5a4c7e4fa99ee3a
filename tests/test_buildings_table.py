"""R23 (amended) at the table: what `do`, `play` and `score` say of the expansion's buildings (issue 31): automatic
effects on lines of their own, a reminder once at the moment a tile names with its correction as a menu entry, the
end-of-game question, the furniture step of a basic game, the carpenters' food and income said as theirs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import fix, forward, play, start

from lignum_companion.engine.state import Building, Game
from lignum_companion.views import buildings as VB
from lignum_companion.views import game as views

TILES = [["Tavern", "$2 when taken"], ["Charcoal Kiln", "moves one piece one drying area on when taken"],
         ["Granary", "+1 food at the start of each winter round"], ["Chapel", "$1 for each carpenter at the end"],
         ["Smithy", "+$1 whenever the owner sells softwood"], ["Market Hall", "+$2 at the start of each fall round"]]


def run(*args: str, tmp: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1", "LIGNUM_SEED": "2"}
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=120)


def flat(text: str) -> str:
    return " ".join(text.split())


def written(tmp: Path, lines: list[str], name: str = "b.lignum", n: int = 2) -> Path:
    script = start(n, expansion="joinery")
    script.setup.buildings = [list(t) for t in TILES[: n + 4]]
    script.lines = list(lines)
    return script.write(tmp / name)


def travel_lines() -> tuple[Game, list[str]]:
    script = start(2, expansion="joinery")
    script.setup.buildings = [list(t) for t in TILES]
    g = script.game()
    lines: list[str] = []
    forward(g, lines, step="travel", round=1, who="anna")
    return g, lines


def file_actions(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [x for x in lines[lines.index("start") + 1:] if x and not x.startswith("#")]


# --- lignum do ---------------------------------------------------------------------------------------------------


def test_R23_do_says_an_automatic_effect_on_a_line_of_its_own(tmp_path: Path) -> None:
    _, lines = travel_lines()
    path = written(tmp_path, lines)
    r = run("do", str(path), "anna go 12 tavern", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Automatic, anna: the Tavern acts (R23); building Tavern +$2, $5 → $7." in r.stdout.splitlines()  # events
    assert "ben's" not in r.stdout and "Smithy" not in r.stdout  # no standing reminders (issue 31)


# --- play: the reminder once, the correction in one step -----------------------------------------------------------


def test_R23_play_reminds_a_tile_once_at_its_moment_and_books_a_move_in_one_step(tmp_path: Path) -> None:
    g, lines = travel_lines()
    path = written(tmp_path, [*lines, fix("anna", "dry2.mF", 1)])
    r = run("play", str(path), tmp=tmp_path, stdin="12 charcoal kiln\ncharcoal-kiln dry2:mF>dry3\nquit\n")
    out = flat(r.stdout)
    assert r.returncode == 0, out + r.stderr
    said = "anna's Charcoal Kiln: “moves one piece one drying area on when taken”. The program cannot apply it"
    assert out.count(said) == 1
    assert "Smithy" not in out.replace("Smithy,", "")  # untaken tiles are only named at location 12
    assert file_actions(path)[-3:] == ["anna go 12 charcoal kiln", "fix anna dry2.mF -1 Charcoal Kiln",
                                       "fix anna dry3.mF +1 Charcoal Kiln"]


def test_R23_the_travel_menu_names_the_tiles_and_12_name_takes_one(tmp_path: Path) -> None:
    _, lines = travel_lines()
    path = written(tmp_path, lines)
    r = run("play", str(path), tmp=tmp_path, stdin="12\nmarket-hall\nquit\n")
    out = flat(r.stdout)
    assert " 12  a building, free, kept: Tavern," in r.stdout and "Smithy, Market Hall (type" in out
    assert "12b" not in out
    sub = [x.split() for x in r.stdout.splitlines() if "  go 12 " in x]
    assert [x[0] for x in sub] == ["tavern", "charcoal-kiln", "granary", "chapel", "smithy", "market-hall"]
    assert "market-hall  go 12 Market Hall    +$2 at the start of each fall round (each" in r.stdout
    assert file_actions(path)[-1] == "anna go 12 Market Hall"


def test_R23_correction_lines_spell_money_counts_and_moves() -> None:
    b = Building("Charcoal Kiln", "x")
    assert VB.correction_lines("anna", b, "$2, -1 food, +1 saw, +1 store:mS, dry2:mF>dry3") == [
        "fix anna money +2 Charcoal Kiln", "fix anna food -1 Charcoal Kiln", "fix anna saw +1 Charcoal Kiln",
        "fix anna store.mS +1 Charcoal Kiln", "fix anna dry2.mF -1 Charcoal Kiln", "fix anna dry3.mF +1 Charcoal Kiln"]
    with pytest.raises(Exception, match="cannot read"):
        VB.correction_lines("anna", b, "a lot")


# --- the end: the question before the scores, and the score command's note -------------------------------------------


def finished(tmp: Path) -> Path:
    g, lines = travel_lines()
    play(g, lines, "anna go 12 chapel")
    forward(g, lines, step="over")
    return written(tmp, lines)


def test_R23_play_asks_an_unread_end_of_game_effect_before_the_final_scores(tmp_path: Path) -> None:
    path = finished(tmp_path)
    r = run("play", str(path), tmp=tmp_path, stdin="3\nn\n")
    out = flat(r.stdout)
    assert "anna's Chapel: “$1 for each carpenter at the end”. How many dollars does it give at the end?" in out
    assert out.index("How many dollars") < out.index("final scores")
    assert file_actions(path)[-1] == "fix anna money +3 Chapel"
    again = run("play", str(path), tmp=tmp_path, stdin="n\n")
    assert "How many dollars" not in flat(again.stdout)  # booked: never asked twice


def test_R23_score_notes_an_unread_end_of_game_effect_when_it_cannot_ask(tmp_path: Path) -> None:
    path = finished(tmp_path)
    r = run("score", str(path), tmp=tmp_path)
    assert "anna's Chapel may give something at the end" in flat(r.stdout)
    j = run("score", str(path), "--json", tmp=tmp_path)
    assert json.loads(j.stdout)["final"] is True and "anna's Chapel" in flat(j.stderr)


# --- §3: the furniture step of a basic game, carpenters' food and income ------------------------------------------


def test_R23_the_furniture_step_of_a_basic_game_speaks_of_the_shop(tmp_path: Path) -> None:
    g, lines = travel_lines()
    play(g, lines, fix("anna", "dry2.mF", 1))
    forward(g, lines, step="tasks", round=1, who="anna")
    text = flat(views.reminder(g))
    assert text.startswith("Furniture shop: anna may move milled wood from the second or third drying area")
    assert "fill" not in text and "task card" not in text and "`anna furnish dry2:mF`" in text
    path = written(tmp_path, lines)
    out = run("play", str(path), tmp=tmp_path, stdin="quit\n").stdout
    at = out.index("  furnish dry2:mF")
    entry = flat(out[at: out.index("\n  2  ", at)])  # the entry with its note wrapped under it
    assert "into the furniture shop" in entry and "finished with this step" not in entry


def test_R23_the_carpenters_food_and_income_are_said_as_theirs(tmp_path: Path) -> None:
    g, lines = travel_lines()
    play(g, lines, "anna go carpenter")
    forward(g, lines, step="travel", round=2, who="anna")
    forecast = flat(" ".join(views.forecast_player_lines(g, 0)))  # anna's, as her trip shows it
    assert "the card asks 4 food" in forecast and "food 0 of 5 (the card 4 + 1 for carpenters)" in forecast
    assert "Automatic, anna: carpenters +$1" in flat(" ".join(echo_until(g, round=3)))  # the engine's events
    said = flat(" ".join(echo_until(g, round=5)))
    assert "hand in" in said and "(the card 4 + 1 for carpenters)" in said


def echo_until(g, round: int) -> list[str]:
    """The echo (views/events.py) of the dullest lines played until the path of `round`."""
    from helpers import idle_line

    from lignum_companion.engine import play as engine_play
    from lignum_companion.views.events import event_lines

    before, events = g.clone(), []
    while not (g.step == "path" and g.round == round):
        events += engine_play(g, idle_line(g)).events
    return event_lines(g, events, before=before)


def test_R23_do_says_a_reminder_once_as_its_moment_comes(tmp_path: Path) -> None:
    _, lines = travel_lines()
    path = written(tmp_path, lines)
    first = flat(run("do", str(path), "anna go 12 charcoal kiln", tmp=tmp_path).stdout)
    assert "anna's Charcoal Kiln: “moves one piece one drying area on when taken”. The program cannot apply it" in first
    assert "`fix anna money +2 Charcoal Kiln`" in first
    second = run("do", str(path), "ben go 4 2", tmp=tmp_path)
    assert second.returncode == 0 and "Charcoal Kiln" not in second.stdout
