"""The game's own name, date and colours in the header (#13), and what the score sheet does with them:
title, colours, mode/variants/winter cards/date/winner, the chart's final point, columns that say what they
hold (engine/ledger.py), no ruling ids in the player-facing text, and the paper size from the locale."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from lignum_companion.engine import IllegalAction, Setup, new_game, score
from lignum_companion.engine import ledger as L
from lignum_companion.engine.setup import colours_of
from lignum_companion.gamefile import store as gamefile
from lignum_companion.printables import score_sheet as pdf
from lignum_companion.texts import term
from lignum_companion.views import game as views

sys.path.insert(0, str(Path(__file__).parent))
import gamegen  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def lignum(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    import os

    full = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env=full, cwd=cwd)


def pages_text(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


def base_setup(**kw) -> Setup:
    return Setup(players=["anna", "ben"], order=["anna", "ben"], areas={"anna": 1, "ben": 2},
                 winter=[[5, 3], [6, 4]], **kw)


# --- the header ------------------------------------------------------------------------------------------

def test_name_date_colours_round_trip():
    s = base_setup(name="Friday at Zoë's: the rematch", date="2026-11-27", colours={"anna": "yellow", "ben": "red"})
    gf = gamefile.parse_text(gamefile.render(gamefile.new_file(s)))
    assert gf.setup.name == "Friday at Zoë's: the rematch"
    assert gf.setup.date == "2026-11-27"
    assert gf.setup.colours == {"anna": "yellow", "ben": "red"}
    g = gamefile.replay(gf)
    assert [p.colour for p in g.players] == ["yellow", "red"]


def test_old_files_read_as_before():
    """A file without name/date/colors lines: seat colours, and a title made from the players."""
    gf = gamefile.read(ROOT / "examples" / "basic-2p.lignum")
    assert gf.setup.name == "" and gf.setup.colours == {}
    assert views.game_title(gf.setup) == "Lignum with anna and ben"
    assert [p.colour for p in gamefile.replay(gf).players] == ["red", "blue"]


def test_colours_fill_in_around_chosen_ones():
    s = base_setup(colours={"ben": "red"})
    assert colours_of(s) == ["blue", "red"]


@pytest.mark.parametrize("colours, words", [
    ({"anna": "mauve"}, "unknown colour"),
    ({"anna": "red", "ben": "red"}, "colour of their own"),
    ({"zed": "red"}, "not a player"),
])
def test_bad_colours_refused(colours, words):
    with pytest.raises(IllegalAction, match=words):
        new_game(base_setup(colours=colours))


def test_bad_colour_line_in_a_file_names_the_line():
    text = gamefile.render(gamefile.new_file(base_setup())).replace("start\n", "colors anna=mauve\nstart\n")
    with pytest.raises(Exception, match=r"line \d+: bad setup: unknown colour 'mauve'"):
        gamefile.parse_text(text)


def test_cli_new_takes_name_and_colours(tmp_path):
    r = lignum("new", "-p", "anna,ben", "--mode", "basic", "--no-variants", "--order", "anna,ben",
               "--areas", "anna=1,ben=2", "--winter", "5/3,6/4", "--name", "Zoë's birthday game",
               "--colors", "anna=Yellow,ben=green", env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    (path,) = tmp_path.glob("*.lignum")
    text = path.read_text(encoding="utf-8")
    assert "name Zoë's birthday game\n" in text and "colors anna=yellow ben=green\n" in text
    assert re.search(r"^date \d{4}-\d{2}-\d{2}$", text, re.M)
    bad = lignum("new", "-p", "anna,ben", "--mode", "basic", "--no-variants", "--order", "anna,ben",
                 "--areas", "anna=1,ben=2", "--winter", "5/3,6/4", "--colors", "anna",
                 env={"LIGNUM_GAMES_DIR": str(tmp_path)})
    assert bad.returncode == 2 and "NAME=COLOUR" in bad.stderr


# --- the terminal -----------------------------------------------------------------------------------------

def test_paint_respects_no_color(monkeypatch):
    monkeypatch.delenv("LIGNUM_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert term.paint("anna", "red") == "anna"
    monkeypatch.setenv("LIGNUM_COLOR", "always")
    assert term.paint("anna", "red") == "\x1b[1;31manna\x1b[0m"
    assert term.paint("anna", "no-such-colour") == "anna"


def test_show_and_score_colour_names_only_when_asked(tmp_path):
    path = tmp_path / "g.lignum"
    gamefile.save(gamefile.new_file(base_setup(colours={"anna": "yellow"})), path)
    plain = lignum("show", str(path), env={"NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout and "anna" in plain.stdout
    coloured = lignum("score", str(path), env={"LIGNUM_COLOR": "always"})
    assert "\x1b[1;33manna\x1b[0m" in coloured.stdout  # yellow, as the header says
    shown = lignum("show", str(path), env={"LIGNUM_COLOR": "always"})
    assert "\x1b[1;33manna\x1b[0m" in shown.stdout


# --- the sheet ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def expert():
    gf, g = gamegen.play(seed=13, names=("anna", "ben", "cleo", "dan"), mode="expert")
    gf.setup.name = "Winter league, game 3"
    gf.setup.date = "2026-11-20"
    gf.setup.colours = {"anna": "yellow", "ben": "purple", "cleo": "black", "dan": "white"}
    gf = gamefile.parse_text(gamefile.render(gamefile.GameFile(gf.setup, gf.actions, gamefile.format_header(
        gf.setup) + [a.text for a in gf.actions])))
    return gf, gamefile.replay(gf)


def test_sheet_title_facts_and_winner(expert):
    gf, g = expert
    pages = pages_text(pdf.render(gf, g))
    p1 = pages[0]
    assert "Winter league, game 3" in p1 and "played 2026-11-20" in p1
    assert "4 players · expert game · variants: none" in p1
    (f1, h1), (f2, h2) = g.winter_cards
    assert f"year 1 asks {f1} food and {h1} heating wood; year 2 asks {f2} food and {h2} heating wood" in p1
    first = [r for r in score(g)["players"] if r["place"] == 1]
    assert (f"Winner: {first[0]['name']}" if len(first) == 1 else "Shared first place:") in p1
    for colour in ("yellow", "purple", "black", "white"):
        assert colour in p1  # the seats name each player's colour
    assert "Winter league, game 3" in PdfReader(io.BytesIO(pdf.render(gf, g))).metadata.title


def test_ruling_ids_only_in_the_footnote(expert):
    gf, g = expert
    pages = pages_text(pdf.render(gf, g))
    assert not re.search(r"\bR\d+\b", pages[0])
    body, _, foot = pages[1].partition("Rulings applied on this sheet")
    assert not re.search(r"\bR\d+\b", body)
    assert "R22" in foot and "R8" in foot


def test_chart_ends_with_the_final_scoring(expert):
    gf, g = expert
    sheet = pdf._Sheet(gf, g, pdf.paper_size("a4"), pdf.default_fonts(), None)
    d = sheet._chart_drawing(400, 200)
    plot = next(x for x in d.contents if type(x).__name__ == "LinePlot")
    totals = {r["name"]: r["total"] for r in score(g)["players"]}
    for p, series in zip(g.players, plot.data, strict=True):
        assert series[-1] == (9, totals[p.name])
        assert series[-2] == (8, p.season_money[7])
    assert "Final" in pages_text(pdf.render(gf, g))[0]


def test_every_ledger_reason_has_a_kind():
    """Every reason the engine writes in these games is in engine/ledger.py's table (none falls to 'other')."""
    seen = set()
    for seed, mode in ((21, "basic"), (22, "advanced"), (23, "expert"), (24, "planned")):
        _, g = gamegen.play(seed=seed, names=("anna", "ben", "cleo"), mode=mode)
        seen |= {e.reason for p in g.players for e in p.ledger}
    for path in sorted((ROOT / "examples").glob("*.lignum")):
        _, g = gamefile.load(path)
        seen |= {e.reason for p in g.players for e in p.ledger}
    assert {r for r in seen if L.kind_of(r) == "other"} == set()
    assert L.kind_of("dollar coin token") == "coin" and L.kind_of("planned work sawing") == "planned_work"
    assert L.kind_of("task 17") == "tasks" and L.kind_of("sale") == "wood"
    assert L.kind_of("carpenters") == "carpenters" and L.kind_of("building Mill: +2") == "buildings"  # R23


def test_columns_say_what_they_hold(expert):
    gf, g = expert
    sheet = pdf._Sheet(gf, g, pdf.paper_size("a4"), pdf.default_fonts(), None)
    for r in sheet.result["players"]:
        p = g.players[g.player_index(r["name"])]
        rows = sheet._ledger_of(r)
        coin = sum(e.amount for e in p.ledger if e.reason == "dollar coin token")
        plans = sum(e.amount for e in p.ledger if e.reason.startswith("planned work"))
        assert sum(by.get("coin", 0) for _, by, _, _ in rows) == coin
        assert sum(by.get("planned_work", 0) for _, by, _, _ in rows) == plans
        wood = sum(e.amount for e in p.ledger if e.reason in ("sale", "winter forced sale"))
        assert sum(by.get("wood", 0) for _, by, _, fin in rows if not fin) == wood
    p2 = pages_text(pdf.render(gf, g))[1]
    assert "Sales" not in p2 and "Wood sold" in p2
    planned = any(e.reason.startswith("planned work") for p in g.players for e in p.ledger)
    assert ("Planned work" in p2) == planned
    assert ("Coin tokens" in p2) == any(e.reason == "dollar coin token" for p in g.players for e in p.ledger)


def test_basic_game_has_no_tasks_column():
    gf, g = gamegen.play(seed=11, names=("anna", "ben"), mode="basic")
    p2 = pages_text(pdf.render(gf, g))[1]
    head = p2.split("Spring 1")[0].split("started with")[-1]
    assert "Tasks" not in head and "Planned work" not in head


def test_two_player_sheet_fills_page_two():
    """Page 2 of a short ledger ends with a notes box rather than half a blank page."""
    gf, g = gamegen.play(seed=11, names=("anna", "ben"), mode="basic")
    assert "Notes" in pages_text(pdf.render(gf, g))[1]


@pytest.mark.parametrize("env, paper", [
    ({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "en_GB.UTF-8"}, "a4"), ({"LANG": "ko_KR.UTF-8"}, "a4"),
    ({"LANG": "fr_CA.UTF-8"}, "letter"), ({"LANG": "en_GB.UTF-8", "LC_PAPER": "es_MX.UTF-8"}, "letter"),
    ({"LC_ALL": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "a4"), ({"LANG": "C.UTF-8"}, "a4"), ({}, "a4"),
    ({"LANG": "fil_PH"}, "letter"),
])
def test_paper_follows_the_locale(env, paper):
    assert pdf.default_paper(env) == paper


def test_cli_paper_default_from_locale(tmp_path):
    src = ROOT / "examples" / "basic-2p.lignum"
    r = lignum("score", str(src), "--pdf", str(tmp_path / "s.pdf"), env={"LC_ALL": "", "LC_PAPER": "",
                                                                         "LANG": "en_US.UTF-8"})
    assert r.returncode == 0, r.stderr
    box = PdfReader(tmp_path / "s.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_play_headers_name_the_player_in_colour_only_when_wanted(tmp_path):
    path = tmp_path / "g.lignum"
    gamefile.save(gamefile.new_file(base_setup(colours={"anna": "green", "ben": "pink"})), path)
    tokens = "path wagon raft saw food coin stake sledge food X raft X board joker\nquit\n"
    env = {"LIGNUM_GAMES_DIR": str(tmp_path)}
    coloured = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(path)], input=tokens,
                              capture_output=True, text=True, env={**os.environ, **env,
                                                                   "LIGNUM_COLOR": "always"})
    assert "-- \x1b[1;32manna\x1b[0m, travel" in coloured.stdout, coloured.stdout[-800:]
    plain = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(path)], input=tokens,
                           capture_output=True, text=True, env={**os.environ, **env, "NO_COLOR": "1"})
    assert "-- anna, travel" in plain.stdout and "\x1b[" not in plain.stdout


def test_the_readme_printables_block_runs(tmp_path):
    """The README's block of printables and results runs as written, in a fresh games folder."""
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"Printables and results over time:\s*```sh\n(.*?)```", text, re.S)
    assert block
    lines = [ln.split("  #")[0].strip() for ln in block.group(1).splitlines() if ln.startswith("lignum ")]
    assert len(lines) == 4
    env = {"LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1"}
    for line in lines:
        r = lignum(*shlex.split(line)[1:], env=env, cwd=tmp_path)
        assert r.returncode == 0, f"{line}: {r.stderr}"
    assert (tmp_path / "sheet.pdf").is_file() and (tmp_path / "lignum-reference.pdf").is_file()
    assert "0 finished games of 1 files read." in r.stdout and "not finished" in r.stdout


def test_the_wizard_asks_again_for_colours_the_command_line_got_wrong(tmp_path):
    path = tmp_path / "w.lignum"
    answers = ["5/3", "6/4", "", "", "", "yellow", "yellow yellow", "anna=green", ""]
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "new", "-p", "anna,ben", "--mode", "basic",
                        "--no-variants", "--order", "anna,ben", "--areas", "anna=1,ben=2", "--colors", "anna=mauve",
                        "--file", str(path)], input="\n".join(answers) + "\n", capture_output=True, text=True,
                       env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"})
    out = " ".join(r.stdout.split())
    assert r.returncode == 0, out + r.stderr
    assert "--colors cannot be used: unknown colour 'mauve'" in out
    assert "give 2 colours, one per player in seat order" in out and "each player has a colour of their own" in out
    text = path.read_text(encoding="utf-8").splitlines()
    assert "colors anna=green" in text and "name Lignum with anna and ben" in text
    assert [p.colour for p in gamefile.load(path)[1].players] == ["green", "red"]
    bad = lignum("new", "-p", "anna,ben", "--mode", "basic", "--no-variants", "--order", "anna,ben", "--areas",
                 "anna=1,ben=2", "--winter", "5/3,6/4", "--colors", "anna=mauve", "--file", str(tmp_path / "x.lignum"))
    assert bad.returncode == 1 and "unknown colour 'mauve'" in bad.stderr and not (tmp_path / "x.lignum").exists()
