"""The Joinery and Buildings expansion (R23): the 22-location path, carpenters, the furniture shop, buildings.

Every refusal leaves the state untouched and names R23 (or R3); the base board keeps its numbering.
"""

from __future__ import annotations

import pytest
from helpers import forward, play, player, refused, start

from lignum_companion.engine import apply, data, legal_actions, parse, score
from lignum_companion.engine.errors import NotationError
from lignum_companion.gamefile import store as gamefile


def at_travel(n: int = 2, mode: str = "basic", rnd: int = 1):
    script = start(n, mode=mode, expansion="joinery")
    g = script.game()
    lines = list(script.lines)
    forward(g, lines, step="travel", round=rnd, who="anna")
    return g, lines


# --- the board as data -------------------------------------------------------------------------------------


def test_R23_the_22_location_path_maps_the_base_locations():
    base, j = data.BASE_BOARD, data.JOINERY_BOARD
    assert j.token_locations == (1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20, 22)
    assert [j.loc(k) for k in ("bearers", "fodder", "plan", "woodcutters", "buildings", "tasks", "carpenter",
                               "sawyers", "market")] == [4, 6, 8, 10, 12, 14, 16, 18, 21]
    assert (j.last, j.clearing) == (22, 23)
    # the base board is exactly as before (R2)
    assert base.token_locations == data.TOKEN_LOCATIONS and (base.last, base.clearing) == (20, 21)
    assert [base.loc(k) for k in ("bearers", "fodder", "plan", "woodcutters", "tasks", "sawyers", "market")] == \
        [4, 6, 8, 10, 13, 16, 19]
    assert {loc: base.room(loc) for loc in (4, 6, 8, 10, 13, 16, 19)} == dict(data.LOCATION_ROOM)
    assert j.room(12) == j.room(16) == 1  # one foreman per round (R23)


def test_R23_locations_by_name_in_both_boards():
    assert parse("anna go market buy:saw").text == "anna go 19 buy:saw"
    assert parse("anna go market buy:saw", data.JOINERY_BOARD).text == "anna go 21 buy:saw"
    assert parse("anna go sawyers 2", data.JOINERY_BOARD).text == "anna go 18 +1"
    assert parse("anna go sawyers").text == "anna go 16"
    assert parse("anna go carpenter", data.JOINERY_BOARD).text == "anna go 16"
    assert parse("anna go buildings smithy", data.JOINERY_BOARD).text == "anna go 12 smithy"
    assert parse("anna go 23", data.JOINERY_BOARD).text == "anna go clearing"
    assert parse("anna go 21").args["kind"] == "clearing"
    with pytest.raises(NotationError, match="no carpenter location"):
        parse("anna go carpenter")
    with pytest.raises(NotationError, match="1–22 or `clearing`"):  # 22 locations, then the clearing (R23)
        parse("anna go 24", data.JOINERY_BOARD)


def test_R23_the_path_lies_on_the_expansion_token_locations():
    g, _ = at_travel()
    assert sorted(map(int, g.path)) == list(data.JOINERY_BOARD.token_locations)


# --- buildings ---------------------------------------------------------------------------------------------


def test_R23_a_building_is_taken_for_free_one_per_visit():
    g, lines = at_travel()
    refused(g, "anna go 12 smithy chapel", "R23")  # a building taken twice in one visit
    refused(g, "anna go 12 castle", "R23")
    play(g, lines, "anna go 12 SMITHY")
    anna = player(g, "anna")
    assert [b.name for b in anna.buildings] == ["smithy"] and anna.money == 5
    assert "smithy" not in [b.name for b in g.buildings] and len(g.buildings) == 5
    refused(g, "ben go 12 chapel", "R23")  # location 12 holds one foreman


def test_R23_no_building_when_none_is_left():
    g, lines = at_travel()
    g.buildings.clear()  # every tile taken in earlier rounds
    refused(g, "anna go 12 smithy", "R23")
    assert all("go 12" not in a.text for a in legal_actions(g))


def test_R23_a_building_effect_is_a_correction_under_its_name():
    g, lines = at_travel()
    play(g, lines, "anna go 12 smithy", "fix anna money +2 smithy rent of the season", "fix ben money +1 smithy x")
    assert player(g, "anna").ledger[-1].reason == "building smithy: rent of the season"
    assert player(g, "ben").ledger[-1].reason == "correction: smithy x"  # ben owns no smithy


# --- carpenters --------------------------------------------------------------------------------------------


def test_R23_a_fourth_carpenter_is_refused():
    g, lines = at_travel()
    play(g, lines, "fix anna carpenters +3 hired earlier")
    refused(g, "anna go carpenter", "R23")
    assert all(a.text != "anna go 16" for a in legal_actions(g))  # R3: no move there
    refused(g, "fix anna carpenters +1 one more", "R23")


def test_R23_carpenters_earn_a_dollar_each_work_round_and_eat_in_winter():
    g, lines = at_travel()
    play(g, lines, "anna go carpenter")
    refused(g, "ben go 16", "R23")  # one carpenter per round: the first to stop takes it
    play(g, lines, "ben go 17", "anna go clearing", "ben go clearing")
    assert player(g, "anna").carpenters == 1
    forward(g, lines, step="travel", round=2, who="anna")
    assert [(e.round, e.amount) for e in player(g, "anna").ledger if e.reason == "carpenters"] == [(2, 1)]
    forward(g, lines, step="bonus", round=4)
    anna = player(g, "anna")
    fixes = [f"fix anna money +{10 - anna.money} for the test"] if anna.money < 10 else []
    if anna.food != 4:
        fixes.append(f"fix anna food {4 - anna.food:+d} exactly the winter card")
    play(g, lines, *fixes)
    forward(g, lines, step="path", round=5)
    # the card's 4 food are handed in; the carpenter's food is missing: $3 (R14, R23)
    assert [e.amount for e in player(g, "anna").ledger if e.reason == "winter food"] == [-3]
    assert not [e for e in player(g, "ben").ledger if e.reason == "winter food" and e.round == 4 and
                player(g, "ben").food >= 4]
    forward(g, lines, step="travel", round=5, who="anna")
    assert [e.round for e in player(g, "anna").ledger if e.reason == "carpenters"] == [2, 3, 5]  # none in winter


def test_R23_winter_feeding_bill_counts_the_carpenters():
    from lignum_companion.engine import rules

    g, lines = at_travel()
    play(g, lines, "fix anna carpenters +2 hired earlier")
    assert rules.winter_need(g, player(g, "anna"))[0] == 4 + 2
    assert rules.winter_need(g, player(g, "ben"))[0] == 4


# --- the furniture shop ------------------------------------------------------------------------------------


def furnish_turn():
    g, lines = at_travel()
    play(g, lines, "fix anna dry1.mH +1 example", "fix anna dry2.mF +2 example", "fix anna dry3.mS +1 example",
         "fix anna dry2.F +1 example")
    forward(g, lines, step="tasks", round=1, who="anna")
    return g, lines


def test_R23_the_tasks_phase_exists_in_the_basic_game_for_the_shop():
    g, _ = furnish_turn()
    assert g.step == "tasks" and g.mode == "basic"


def test_R23_furniture_refusals():
    g, lines = furnish_turn()
    refused(g, "anna furnish dry1:mH", "R23")  # a first-drying-area piece
    refused(g, "anna furnish dry2:F", "R23")  # an unmilled disk
    refused(g, "anna furnish dry2:2mF", "R23")  # two of one kind at once
    play(g, lines, "anna furnish dry2:mF")
    refused(g, "anna furnish dry2:mF", "R23")  # a second furniture piece of one kind
    play(g, lines, "anna furnish dry3:mS")
    assert player(g, "anna").furniture == {"mF": 1, "mS": 1}


def test_R23_furniture_scores_base_price_plus_3():
    g, lines = furnish_turn()
    play(g, lines, "anna furnish dry2:mF dry3:mS")
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["furniture"] == {"pieces": {"mF": 1, "mS": 1}, "dollars": (1 + 3) + (2 + 3)}
    assert row["total"] == row["money"] + row["final_sale"] + row["furniture"]["dollars"]


def test_R23_no_tasks_phase_in_the_first_winter_but_in_the_second():
    from lignum_companion.engine import flow

    g, lines = at_travel()
    steps = set()
    for _ in range(3000):
        if g.over:
            break
        if g.winter:
            steps.add((g.round, g.step))
        from helpers import idle_line

        apply(g, parse(idle_line(g), g.board))
    assert (4, "tasks") not in steps
    tasks_winter = next(s for s in flow.WINTER_STEPS if s.name == "tasks")
    g.round = 8
    assert tasks_winter.when(g)


def test_R23_the_furniture_shop_is_not_in_the_base_game():
    script = start(2)
    g = script.game()
    lines = list(script.lines)
    forward(g, lines, step="travel", round=1, who="anna")
    assert not g.has_tasks_phase  # the basic base game has no tasks phase
    refused(g, "anna furnish dry2:mF", None)


# --- the game file -------------------------------------------------------------------------------------------


def test_R23_header_round_trip_and_old_files(tmp_path):
    script = start(3, expansion="joinery")
    path = script.write(tmp_path / "j.lignum")
    text = path.read_text(encoding="utf-8")
    assert "expansion joinery" in text and "buildings smithy:+$1 each round|chapel:" in text
    gf = gamefile.read(path)
    assert gf.setup.expansion == "joinery" and len(gf.setup.buildings) == 7
    assert gf.setup.buildings[0] == ["smithy", "+$1 each round"]
    base = start(2).write(tmp_path / "b.lignum").read_text(encoding="utf-8")
    assert "expansion" not in base and "buildings" not in base


def test_R23_setup_needs_players_plus_4_buildings():
    from lignum_companion.engine import IllegalAction, new_game
    from lignum_companion.engine.setup import Setup

    ok = start(2, expansion="joinery").setup
    with pytest.raises(IllegalAction, match="6 building tiles"):
        new_game(Setup(**{**ok.__dict__, "buildings": ok.buildings[:5]}))
    with pytest.raises(IllegalAction, match="different names"):
        new_game(Setup(**{**ok.__dict__, "buildings": [["inn", ""]] * 6}))
    with pytest.raises(IllegalAction, match="expansion"):
        new_game(Setup(**{**ok.__dict__, "expansion": ""}))


# --- the clients: new, the wizard, show, next ------------------------------------------------------------------


def test_R23_lignum_new_takes_the_expansion_and_its_tiles(tmp_path):
    from helpers import cli

    path = tmp_path / "j.lignum"
    r = cli("new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
            "--winter", "4/2,5/3", "--expansion", "joinery", "--buildings",
            "smithy:+$1|chapel:food|stable|inn|kiln|tavern:$2", "--file", str(path))
    assert r.returncode == 0, r.stderr
    gf = gamefile.read(path)
    assert gf.setup.expansion == "joinery" and [b[0] for b in gf.setup.buildings][:2] == ["smithy", "chapel"]
    bad = cli("new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
              "--winter", "4/2,5/3", "--expansion", "joinery", "--buildings", "smithy|chapel", "--file",
              str(tmp_path / "bad.lignum"))
    assert bad.returncode == 1 and "6 building tiles" in bad.stderr and "R23" in bad.stderr


def test_R23_the_wizard_question_chooses_the_expansion():
    import io

    from lignum_companion import table

    given = {"players": ["anna", "ben"], "mode": "basic", "variants": [], "order": ["anna", "ben"],
             "areas": {"anna": 1, "ben": 5}, "winter": [[4, 2], [5, 3]], "cards": None, "money": None,
             "name": "j", "colours": None, "strict": False, "warnings": True, "expansion": None, "buildings": None}
    answers = ["2", "smithy +$1", "chapel", "stable", "inn", "kiln", "tavern $2", "", "", ""]  # Enter: readings kept
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    setup = table.wizard(given, con)
    assert setup is not None, out.getvalue()
    assert setup.expansion == "joinery" and setup.buildings[0] == ["smithy", "+$1"] and len(setup.buildings) == 6


def test_R23_show_and_next_use_the_expansion_board(tmp_path):
    from helpers import cli

    g, lines = at_travel()
    play(g, lines, "anna go carpenter", "ben go 12 tavern")
    script = start(2, expansion="joinery").then(*lines)
    path = script.write(tmp_path / "j.lignum")
    shown = cli("show", str(path))
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert "1 carpenter" in text and "buildings face up: smithy" in text  # the glance: what anna holds
    tables = " ".join(cli("show", str(path), "--tables").stdout.split())
    assert "carpenters" in tables and "furniture shop" in tables  # every row of every mill
    assert "16 carpenter (anna)" in text and "12 buildings (ben)" in text and "21 market" in text
    nxt = " ".join(cli("next", str(path)).stdout.split())
    assert "18 gives one free sawyer" in nxt and "21 is the market" in nxt and "16 takes the carpenter" in nxt
    assert "tavern" not in nxt  # R23 amended: no standing reminder at every step (issue 31)
    base = start(2).then()
    g2 = base.game()
    forward(g2, base.lines, step="travel", round=1, who="anna")
    bpath = base.write(tmp_path / "b.lignum")  # forward wrote its lines into the script
    bnext = " ".join(cli("next", str(bpath)).stdout.split())
    assert "16 gives one free sawyer" in bnext and "19 is the market" in bnext and "carpenter" not in bnext


def test_R23_the_score_sheet_shows_carpenters_furniture_and_the_building(tmp_path):
    import io

    from helpers import cli
    from pypdf import PdfReader

    out = tmp_path / "sheet.pdf"
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "joinery-basic-2p.lignum"
    r = cli("score", str(example), "--pdf", str(out))
    assert r.returncode == 0, r.stderr
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(out.read_bytes())).pages).split())
    assert "Carpenters" in text and "1 × carpenter: $4 earned" in text  # "How each total is made"
    assert "Furniture shop" in text and "1 milled hardwood: $8" in text and "1 milled firewood: $4" in text
    assert "Buildings" in text and "Furniture" in text  # the season ledger's columns


def test_R23_score_shows_the_furniture_shop_column():
    from pathlib import Path

    from helpers import cli

    example = Path(__file__).resolve().parent.parent / "examples" / "joinery-basic-2p.lignum"
    r = cli("score", str(example))
    assert r.returncode == 0, r.stderr
    assert "furniture" in r.stdout.splitlines()[1]
    assert "ben: furniture shop 1 milled hardwood = $8 (base price + $3 each, R23)" in r.stdout
    base = cli("score", str(example.with_name("basic-2p.lignum")))
    assert "furniture" not in base.stdout


def test_R23_one_score_table_serves_score_and_play_with_the_furniture_column() -> None:
    """`lignum score` and the end of `play` build their table from views.score_table: the furniture shop's column
    (R23) stands in an expansion game and only there, so the two clients can no longer disagree."""
    from pathlib import Path

    from lignum_companion.engine import score
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    label = texts.load("labels")["score"]["furniture"]
    examples = Path(__file__).resolve().parents[1] / "examples"
    for name, has_shop in (("joinery-basic-2p.lignum", True), ("basic-2p.lignum", False)):
        gf, g = gamefile.load(examples / name)
        columns, rows = views.score_table(g, score(g))
        assert (label in columns) is has_shop, name
        assert all(len(row) == len(columns) for row in rows)
        assert [row[-1] for row in rows] == [views.money(r["total"]) for r in score(g)["players"]]
