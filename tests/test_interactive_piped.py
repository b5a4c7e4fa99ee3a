"""`lignum new` and `lignum play` with standard input that is not a terminal: plain answers read line by line.

The same questions and checks as at the terminal, so a prepared script can be piped in. The whole-game script below
is what a table types: Enter (an empty line) for every default, travel moves in the notation, the craftwork kinds
after "shuffle for me", placement cards and cutting areas in their compact one-line forms, `1` for a menu entry.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from play_helpers import (  # noqa: F401  (shared with the Korean table tests)
    NEW,
    PATH_2P,
    WHOLE_GAME,
    WHOLE_GAME_ACTIONS,
    WHOLE_GAME_TOTALS,
    actions,
    flat,
    new_game,
    run,
    totals,
)

from lignum_companion.engine import data as D

# --- a whole game ---------------------------------------------------------------------------------------------


def test_a_whole_game_through_piped_input_ends_with_the_final_scores(tmp_path):
    path = new_game(tmp_path)
    r = run("play", str(path), tmp=tmp_path, stdin=WHOLE_GAME)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    assert "Refused" not in r.stdout and "Traceback" not in r.stderr
    assert len(actions(path)) == WHOLE_GAME_ACTIONS
    assert totals(path, tmp_path) == WHOLE_GAME_TOTALS
    out = r.stdout
    assert "=== The game is over: final scores ===" in out
    assert "Winner: ben" in out
    table = out[out.index("final scores ==="):]
    assert [line.split()[:2] + line.split()[-1:] for line in table.splitlines()[3:5]] == \
        [["1", "ben", "$2"], ["2", "anna", "$1"]]
    assert "=== Winter, year 2 (round 8 of 8) ===" in out
    assert "\x1b[" not in out  # NO_COLOR and a pipe: plain text only
    wide = [line for line in out.splitlines() if len(line) > 80 and ">" not in line and str(tmp_path) not in line]
    assert wide == []  # 80 columns, except prompts with their echoed answers and the long test folder
    # every path was drawn by "shuffle for me" and holds the 2-player mix (R2)
    for line in actions(path):
        if line.startswith("path "):
            tokens = line.split()[1:]
            assert sum(t in D.CRAFTWORK for t in tokens) == D.PATH_MIX[2]["craft"]
            assert tokens.count("X") == D.PATH_MIX[2]["X"] and tokens.count("wagon") == D.PATH_MIX[2]["wagon"]
    # the finished game shows its scores again and offers the score sheet
    again = run("play", str(path), tmp=tmp_path, stdin="n\n")
    assert again.returncode == 0
    assert "final scores" in again.stdout and f"  lignum score {path} --pdf sheet.pdf" in again.stdout


def test_a_script_cut_short_stops_with_130_and_the_rest_resumes_exactly_there(tmp_path):
    path = new_game(tmp_path)
    lines = WHOLE_GAME.splitlines()
    cut = lines.index("# --- summer year 2") + 5  # a few answers into the summer of year 2
    first = run("play", str(path), tmp=tmp_path, stdin="\n".join(lines[:cut]) + "\n")
    assert first.returncode == 130
    assert "Stopped: the input ended" in first.stdout
    assert "Where the game stands: Summer, year 2" in flat(first.stdout)
    assert f"Resume with:\n  lignum play {path}\n" in first.stdout
    saved = actions(path)
    rest = run("play", str(path), tmp=tmp_path, stdin="\n".join(lines[cut:]) + "\n")
    assert rest.returncode == 0, rest.stdout[-2000:]
    assert f"Resuming after {len(saved)} saved actions" in rest.stdout
    assert actions(path)[: len(saved)] == saved
    assert len(actions(path)) == WHOLE_GAME_ACTIONS
    assert totals(path, tmp_path) == WHOLE_GAME_TOTALS


# --- bad input -------------------------------------------------------------------------------------------------


def test_bad_answers_are_refused_with_the_reason_and_nothing_is_saved(tmp_path):
    path = new_game(tmp_path)
    answers = [
        "path wagon raft",          # too few tokens: a notation error
        "99",                       # no such menu entry
        "wagon raft saw food coin stake sledge food X raft X board X",  # wrong mix for 2 players (R2)
        PATH_2P,                    # accepted (the word path may be left out)
        "go 2 7",                   # location 2 takes no further words
        "ben go 4 2",               # not ben's turn
        "go 4 6",                   # six bearers cost $6, anna has $5 (R3)
        "4 7",                      # entry 4 (bearers) with a number out of range
        "4 3",                      # entry 4 with 3: anna go 4 3
        "quit",
    ]
    r = run("play", str(path), tmp=tmp_path, stdin="\n".join(answers) + "\n")
    out = flat(r.stdout)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert "Refused: cannot read 'path wagon raft': the path needs 13 tokens" in out
    assert "Choose an entry from 1 to 1" in out
    assert "with 2 players the path holds 3 craftwork tokens, not 2 (R2)" in out
    assert "location 2 takes no further words" in out
    assert "it is not ben's turn" in out
    # the reason first, then the rule; `rules R3` only where the line keeps to the screen's width (issue 32 §2)
    assert "Refused: 6 bearers costs $6 and anna has $5; a loan may be taken first (R15) (R3)" in out
    assert "Refused: it is not ben's turn; waiting for anna (travel) (R18)" in out and "`rules R18`" not in out
    assert "Choose a number from 1 to 5: anna has $5, and each of the bearers costs $1 (R3)." in out
    assert actions(path) == ["path " + PATH_2P, "anna go 4 3"]
    assert "Stopped." in out and "(2 actions)" in out


# --- commands at any prompt -----------------------------------------------------------------------------------


def test_status_rules_help_and_undo_work_at_any_prompt(tmp_path):
    path = new_game(tmp_path)
    answers = [PATH_2P, "status", "status BEN", "status zed", "rules fodder", "rules R11", "help",
               "go 4 2", "ben go 7", "undo 2", "undo", "undo", "undo 0", "quit"]
    r = run("play", str(path), tmp=tmp_path, stdin="\n".join(answers) + "\n")
    out = flat(r.stdout)
    assert r.returncode == 0, out[-2000:]
    assert "firewood storage" in out and "sawing area" in out      # the mill tables
    assert "No player called 'zed' (players: anna, ben)." in out
    assert "R11" in out and "How to answer" in out
    assert "taken back: anna: hire 2 bearers taken back: ben: take the coin token from location 7" in out
    assert "taken back: the supply path as laid" in out and "undone: path" not in out  # in words
    assert "Nothing to undo: the game has no actions yet." in out
    assert "Write `undo` or `undo N`" in out
    assert actions(path) == []


def test_undo_reaches_back_into_the_previous_round_and_typed_lines_put_it_back(tmp_path):
    path = new_game(tmp_path)
    lines = WHOLE_GAME.splitlines()
    spring = lines[: lines.index("# --- summer year 1")]
    run("play", str(path), tmp=tmp_path, stdin="\n".join(spring + ["quit"]) + "\n")
    played = actions(path)
    r = run("play", str(path), tmp=tmp_path, stdin="undo 3\ny\nquit\n")  # into the spring: the table says yes
    out = flat(r.stdout)
    assert r.returncode == 0
    assert "Resuming after" in out and "Summer, year 1" in out  # it stood at the summer's path
    assert "Now: Spring, year 1" in out                           # and went back into the spring
    assert actions(path) == played[:-3]
    r = run("play", str(path), tmp=tmp_path, stdin="\n".join(played[-3:] + ["quit"]) + "\n")
    assert "Refused" not in r.stdout
    assert actions(path) == played


# --- the wizard ------------------------------------------------------------------------------------------------


def test_the_wizard_reads_piped_answers_including_a_hangul_name(tmp_path):
    path = tmp_path / "new.lignum"
    answers = ["anna 민준", "2", "", "2", "1 5", "4/2", "5 3", "", "2", "Zoë's birthday", "yellow red", ""]
    # advanced, no variant, order as entered, no expansion, no warnings, a name, colours in seat order
    r = run("new", "--file", str(path), tmp=tmp_path, stdin="\n".join(answers) + "\n")
    assert r.returncode == 0, r.stdout + r.stderr
    text = path.read_text(encoding="utf-8")
    for line in ("players anna 민준", "mode advanced", "variants none", "order anna 민준", "areas anna=1 민준=5",
                 "winter 4/2 5/3", "warnings off", "name Zoë's birthday", "colors anna=yellow 민준=red"):
        assert line in text.splitlines()
    assert "Task cards are entered when play reaches the first reveal step." in r.stdout


def test_the_wizard_refuses_bad_names_and_end_of_input_cancels(tmp_path):
    path = tmp_path / "never.lignum"
    answers = ["anna", "anna ANNA", "anna b#n", "anna path", "anna ben cleo dan eve"]
    r = run("new", "--file", str(path), tmp=tmp_path, stdin="\n".join(answers) + "\n")
    out = flat(r.stdout)
    assert r.returncode == 130
    assert "Lignum is played by 2 to 4 players; 1 names were given" in out
    assert "the name 'ANNA' is given twice" in out
    assert "without spaces or the signs" in out
    assert "'path' is a word of the notation" in out
    assert "5 names were given" in out
    assert "Cancelled: no game was created." in out
    assert not path.exists()


def test_the_wizard_asks_only_what_the_options_left_out(tmp_path):
    path = tmp_path / "expert.lignum"
    answers = ["", "4/2", "9", "5/3", "1 2 3", "sawing drying trade overtime", "", "", "", "", ""]
    r = run("new", "-p", "anna,ben", "--mode", "expert", "--order", "ben,anna", "--no-variants", "--file", str(path),
            tmp=tmp_path, stdin="\n".join(answers) + "\n")
    out = flat(r.stdout)
    assert r.returncode == 0, out + r.stderr
    assert "Player names" not in out and "Which game?" not in out and "Starting order" not in out
    assert "write the winter card as food/heating wood" in out
    assert "lay out 4 different planned work cards (R20)" in out
    text = path.read_text(encoding="utf-8").splitlines()
    assert "cards sawing drying trade overtime" in text and "order ben anna" in text
    assert "name Lignum with anna and ben" in text and "colors anna=red ben=blue" in text  # Enter: the defaults
    areas = next(x for x in text if x.startswith("areas "))
    spots = [int(x.split("=")[1]) for x in areas.split()[1:]]
    assert len(set(spots)) == 2 and all(1 <= a <= 6 for a in spots)  # picked at random, different (setup)


# --- consoles that cannot show everything -----------------------------------------------------------------------


def test_an_ascii_console_never_crashes_on_hangul(tmp_path):
    path = tmp_path / "ascii.lignum"
    answers = ["anna 민준", "", "", "", "", "4/2", "5/3", "", "", "", "", ""]
    r = run("new", "--file", str(path), tmp=tmp_path, stdin="\n".join(answers) + "\n", PYTHONIOENCODING="ascii")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert "players anna 민준" in path.read_text(encoding="utf-8").splitlines()  # stored whole, shown as ??
    assert "anna, ??" in r.stdout
    r = run("play", str(path), tmp=tmp_path, stdin=f"{PATH_2P}\nstatus 민준\nquit\n", PYTHONIOENCODING="ascii")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "No player called" not in r.stdout  # the typed Hangul name was understood


def test_bytes_that_are_not_text_are_asked_again(tmp_path):
    path = tmp_path / "latin.lignum"
    full = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"}
    answers = b"anna \xe9ric\nanna eric\n\n\n\n\n4/2\n5/3\n\n\n\n\n\n"  # Latin-1 bytes, then plain ASCII
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "new", "--file", str(path)], input=answers,
                       capture_output=True, env=full, timeout=60)
    out = r.stdout.decode("utf-8", "replace")
    assert r.returncode == 0, out
    assert "could not be read in this console's encoding" in flat(out)
    assert "players anna eric" in path.read_text(encoding="utf-8").splitlines()


# --- menus of particular steps, played in-process with a plain console ---------------------------------------


def session(tmp: Path, script, answers: list[str]) -> tuple[str, list[str]]:
    """Play a prepared game file with plain answers in this process; the output and the saved actions."""
    import io

    from lignum_companion import table

    path = script.write(tmp / "menus.lignum")
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    table.play(path, con=con, seed="1")
    return out.getvalue(), actions(path)


def test_a_winter_shortfall_shows_the_bill_and_offers_the_cheapest_sale_first(tmp_path):
    from helpers import fix, script_to, start

    script = script_to(start(2), step="bonus", round=4)
    script = script.then(fix("anna", "loans", 2), fix("anna", "sale.mF", 2), fix("anna", "dry2.S", 1),
                         fix("anna", "saw.F", 1))
    out, done = session(tmp_path, script, ["", "", "", "", "", "quit"])
    text = flat(out)
    assert "anna: the card asks 4 food and anna has 0; 4 missing cost $12, and anna has $5." in text
    assert "anna already holds two loans, the most allowed (R15)." in text
    assert "Still $7 short: choose wood to sell (R14)." in text
    menu = text[text.index("-- anna, feeding"):]
    cheapest = menu.index("feed dry2:S saw:F sell 1 softwood from the second drying area, 1 firewood from the "
                          "sawing area: $8")  # the wood in words first (issue 21)
    assert cheapest < menu.index(": $10")  # cheapest cover first
    assert "anna feed dry2:S saw:F" in done
    assert ("ok: anna: winter bill: feeding: hand in 0 food; 4 food missing: $12; sell 1 softwood from "
            "the second drying area, 1 firewood from the sawing area; $5 → $1") in " ".join(text.split())


def test_sawing_firewood_fills_the_storage_up_to_the_winter_card_by_default(tmp_path):
    from helpers import fix, script_to, start

    script = script_to(start(2), step="travel", round=1)
    script = script.then(fix("anna", "saw.F", 1), fix("anna", "saw", 1), fix("anna", "sawyers", 1),
                         "anna go clearing", "ben go clearing", "anna done", "ben done")
    out, done = session(tmp_path, script, ["", "quit"])
    assert "saw F store:2" in out  # the winter card asks 2 heating wood
    assert "1 firewood → 4 milled firewood, 2 of them to the firewood storage (heating)" in flat(out)
    assert done[-1] == "anna saw F store:2"


def test_tactical_areas_are_chosen_by_their_number_and_taken_areas_are_not_offered(tmp_path):
    from helpers import script_to, start

    script = script_to(start(3, variants=("tactical",)), step="area", round=2)
    out, done = session(tmp_path, script, ["4", "4", "2", "quit"])
    assert done[-2:] == ["anna area 4", "ben area 2"]
    ben = out[out.index("-- ben, area"):]
    assert "  4  area 4" not in ben[: ben.index("ben [")]
    assert "Choose an entry from 1 to 6" in out  # the 4 typed for ben is no entry of his menu


def test_sub_menus_loans_and_huts_from_the_travel_menu(tmp_path):
    from helpers import PATHS, fix, start

    script = start(2).then("path " + PATHS[2], fix("anna", "stake", 1), fix("anna", "board", 1),
                           fix("anna", "joker", 1))
    # 2-player path: 19 is the market; entries are numbered in location order, loan and huts last
    out, done = session(tmp_path, script, ["loan", "build ...", "?", "quit"])
    assert done[-1] == "anna loan" and "ok: anna: take a loan card (1 held); $5 → $9" in out
    import re

    from lignum_companion.texts import catalog as texts

    notes = texts.load("play")["text"]

    def key_of(note: str) -> str:  # the travel menu lays its entries in columns: the key stands before its note
        return re.search(r"(\S+)\s+" + re.escape(note[:16]), out).group(1)

    build_key = key_of(notes["note_build_menu"])
    market_key = key_of(notes["note_market_menu"])
    assert (build_key, market_key) == ("build", "19")
    out, done = session(tmp_path, script.then("anna loan"), [f"{build_key} 6", f"{market_key}", "back",
                                                              f"{market_key} 2", "quit"])
    assert done[-2:] == ["anna build drying+food+accom", "anna go 19 buy:food"]
    assert "Choose one (or `back`):" in out and "anna go 19>" in out


def test_R23_the_wizard_asks_for_the_expansion_and_its_building_tiles(tmp_path):
    path = tmp_path / "joinery.lignum"
    # the tiles (one refused as a repeat; a name of two words with a colon: issue 31, it was stored as `Charcoal`),
    # then the readings: one corrected, one refused, Enter; then warnings, name, colours, confirm (R23)
    tiles = ["smithy +$1 for each softwood sold", "chapel one food less each winter", "stable", "inn a worker stays",
             "smithy again", "Charcoal Kiln: when taken 1 milled softwood into the firewood storage",
             "tavern: $2 when taken", "tavern: none", "castle: none", ""]
    answers = [*tiles, "", "", "", ""]
    r = run("new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--no-variants", "--areas",
            "anna=1,ben=5", "--winter", "4/2,5/3", "--expansion", "joinery", "--file", str(path), tmp=tmp_path,
            stdin="\n".join(answers) + "\n")
    out = flat(r.stdout)
    assert r.returncode == 0, out + r.stderr
    assert "Lay out 6 building tiles face up (players + 4)" in out and "Expansion?" not in out
    assert "two building tiles are called 'smithy'" in out
    assert "Charcoal Kiln: when taken: its owner gets 1 milled softwood into the firewood storage" in out
    assert "tavern: when taken: its owner gets $2" in out  # the reading said, then corrected by the table
    assert "smithy: the program cannot apply this; it reminds its owner in the selling step" in out
    text = path.read_text(encoding="utf-8").splitlines()
    assert "expansion joinery" in text
    assert "buildings smithy:+$1 for each softwood sold|chapel:one food less each winter|stable|inn:a worker stays|" \
           "Charcoal Kiln:when taken 1 milled softwood into the firewood storage|tavern:$2 when taken" in text
    assert "readings tavern=none" in text
