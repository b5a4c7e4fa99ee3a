"""The table screen (issue 21): moves on the board said once when they happen (§4), calm output (§1), tables and
menus that fit the width (§2), and what the advisor says only when it is true (§5)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from helpers import PATHS, fix, forward, game_at, idle_line, play, player, script_to, start

from lignum_companion import table
from lignum_companion.engine import data as D
from lignum_companion.table.layout import cell_columns, fit_table, turned_table
from lignum_companion.texts import catalog as texts
from lignum_companion.views import events as echo
from lignum_companion.views import game as views


def said(g, *lines: str, auto: bool | None = False) -> dict[str, str]:
    """Each player's moves on the board as the table mode says them (worded from the engine's events), for the
    lines played now; `auto`: the automatic moves only (True), the typed ones (False) or both (None)."""
    from lignum_companion.engine import play as engine_play

    before = g.clone()
    events = [e for line in lines for e in engine_play(g, line).events]
    return {s.name: s.text for s in echo.said(g, events, before=before)
            if s.kind == "moves" and s.name and (auto is None or s.auto == auto)}



at = game_at  # a game at a step of a round (helpers.game_at)


# --- §4: every move on the physical board is said, once, when it happens ----------------------------------------


def test_the_drying_step_says_which_piece_moves_from_which_area_to_which():
    g = at(step="selling", round=2, before=(fix("anna", "dry1.S", 1), fix("anna", "dry2.mF", 2),
                                            fix("anna", "sale.F", 1)))
    text = said(g, "anna dry F", auto=True)["anna"]  # her drying starts: the shift first, told as automatic (R11)
    assert text.startswith("the drying shift (R11)")
    assert "2 milled firewood: second drying area → third drying area" in text
    assert "1 softwood: first drying area → second drying area" in text
    # the move she typed is said once, apart from the shift, in words (no area code, GLOSSARY)
    g = at(step="selling", round=2, before=(fix("anna", "dry1.S", 1), fix("anna", "dry2.mF", 2),
                                            fix("anna", "sale.F", 1)))
    assert said(g, "anna dry F") == {"anna": "1 firewood: sale area → first drying area"}


def test_a_sale_then_the_drying_is_never_an_impossible_move():
    """issue 29: `harold sell sale:F` was told as firewood from the sale area to the second drying area."""
    g = at(step="selling", round=2, before=(fix("anna", "dry1.F", 1), fix("anna", "sale.F", 1),
                                            fix("anna", "sale.S", 1)))
    text = said(g, "anna sell sale:F")["anna"]
    assert text.startswith("sell 1 firewood from the sale area") and "drying" not in text
    auto = said(g, "anna done", auto=True)["anna"]
    assert auto == "the drying shift (R11): 1 firewood: first drying area → second drying area"


def test_a_wagon_trip_turns_the_fodder_and_then_spends_it():
    g = at(step="transport", round=1, before=(fix("anna", "woodpile.F", 5), fix("anna", "bearers", 2),
                                              fix("anna", "wagon", 2), fix("anna", "fodder", 3)))
    assert player(g, "anna").fodder == [3]
    text = said(g, "anna wagon sale:3F")["anna"]
    assert "3 firewood: woodpile → sale area (1 bearer)" in text and "turn the fodder from 3 to 2" in text
    assert "1 wagon back to the supply" in text  # the wagon token is spent (R7)
    assert "fodder (value 2) spent: back to the supply" in said(g, "anna wagon sale:2F")["anna"]


def test_a_hut_spent_by_a_transport_is_said():
    """issue 29: `victoria sledge saw:H hut:1`, `carry sale:S hut:1`: the hut token just disappeared."""
    g = at(step="transport", round=1, before=(fix("anna", "woodpile.S", 2), fix("anna", "accom-hut", 1)))
    text = said(g, "anna carry sale:S hut:1")["anna"]
    assert "spend 1 accommodation hut (back to the supply)" in text
    assert "1 softwood: woodpile → sale area" in text
    g = at(step="transport", round=1, before=(fix("anna", "woodpile.S", 2), fix("anna", "accom-hut", 1)))
    texts.choose("ko")
    try:
        text = said(g, "anna carry sale:S hut:1")["anna"]
    finally:
        texts.choose("en")
    assert "일꾼 숙소 1개를 써서" in text and "목재더미 → 가판대" in text
    assert "(sale)" not in text and "(woodpile)" not in text


def test_building_huts_turns_the_craftwork_tokens_onto_the_hut_areas():
    g = at(step="travel", round=1, before=(fix("anna", "stake", 1), fix("anna", "board", 1), fix("anna", "joker", 1)))
    text = said(g, "anna build drying+food+accom")["anna"]
    assert text.startswith("turn the craftwork tokens") and "stake" in text and "joker" in text
    assert "drying" in text and "accom" in text or "accommodation" in text


def test_planned_work_puts_the_token_pair_on_the_card_and_the_season():
    g = at(step="travel", round=1, mode="expert")
    text = said(g, "anna go 8 sawing 1")["anna"]
    assert "planned-work tokens numbered 1" in text and "Sawing" in text.title() and "year 1" in text


def test_a_task_card_is_told_as_the_physical_card_beside_its_location():
    g = at(step="travel", round=1, mode="advanced")
    card = g.task_display[0]
    text = said(g, f"anna go 13 {card.id}")["anna"]
    assert f"take the ${card.value} card beside location 13 ({card.id})" in text


def test_a_carpenter_and_furniture_are_said_on_the_board():
    g = at(step="travel", round=1, expansion="joinery")
    assert "take the carpenter" in said(g, "anna go carpenter")["anna"]
    f = at(step="tasks", round=2, expansion="joinery", before=(fix("anna", "dry2.mS", 1),))
    assert said(f, "anna furnish dry2:mS")["anna"] == \
        "1 milled softwood: second drying area → furniture shop"


def test_a_completed_task_is_said_with_what_it_pays_at_the_end():
    from lignum_companion.engine.state import Task

    g = at(step="travel", round=2, mode="advanced", before=(fix("anna", "sale.mF", 1),))
    player(g, "anna").tasks.append(Task("T9", 12, [["mF", 0]], [False]))
    forward(g, None, step="tasks", who="anna")
    text = said(g, "anna fill T9 sale:mF")["anna"]
    assert text.endswith("task T9 is complete: it pays $12 at the end (R19)")
    assert "1 milled firewood: sale area → task card T9" in text


def test_overtime_hardwood_onto_the_woodpile_is_said_as_automatic():
    g = at(step="travel", round=1, mode="expert",
           cards=("overtime", "craftwork", "sawing", "food-supply"))
    play(g, None, "anna go 8 overtime 1")
    lines = []
    from lignum_companion.engine import play as engine_play

    while g.round < 3:
        b = g.clone()
        line = idle_line(g)
        lines += echo.event_lines(g, engine_play(g, line).events, before=b)
    assert "  Automatic, anna: 1 hardwood: supply → woodpile (Overtime, R20)." in lines


def test_the_winter_bill_is_shown_before_its_money_and_a_terminal_waits_for_enter(tmp_path):
    script = script_to(start(2), step="bonus", round=4)
    path = script.write(tmp_path / "bill.lignum")
    out = io.StringIO()
    answers = "\n".join(["", "", "", "", "", "", "", "quit"]) + "\n"
    con = table.Console(tty=False, stdin=io.StringIO(answers), stdout=out)
    table.play(path, con=con, seed="1")
    text = out.getvalue()
    bill = text.index("Winter bill, anna: hand in 0 food and 0 heating wood")
    assert "missing: $" in text[bill:bill + 200]
    assert bill < text.index("Money after winter, year 1")  # the bill before the money it costs

    asked: list[str] = []

    class Tty(table.Console):  # a terminal: the bill waits for Enter, and nothing is added to the log
        def _read(self, message: str) -> str:
            asked.append(message)
            return ""

    from lignum_companion.gamefile import store as gamefile

    path = script.write(tmp_path / "pause.lignum")
    lines = path.read_text(encoding="utf-8")
    session = table.Session(path, *gamefile.load(path), Tty(tty=True, stdin=io.StringIO(), stdout=io.StringIO()))
    before = session.g.clone()
    session.report(before, before.clone(), [])
    assert asked == []  # no bill settled between equal states: no pause
    settled = before.clone()
    from lignum_companion.engine import play as engine_play

    accepted = []
    while not (settled.step == "path" and settled.round == 5):
        line = idle_line(settled)
        accepted.append(gamefile.Accepted(line, engine_play(settled, line).events))
    session.report(before, settled, accepted)
    assert asked == [texts.load("screen")["text"]["bill_pause"]]
    assert path.read_text(encoding="utf-8") == lines


# --- §5: the advisor says only what is true ---------------------------------------------------------------------


def test_river_lines_only_for_players_with_river_wood():
    g = start(2).game()
    g.players[0].wood["river"] = {"F": 2}
    skips = [[9, "river", 0, "one_river_kind"], [9, "river", 1, "one_river_kind"]]
    lines = views.skip_lines(g, skips)
    assert len(lines) == 1 and "anna" in lines[0] and "ben" not in lines[0]
    g.players[0].wood["river"] = {}
    assert views.skip_lines(g, skips) == []


def test_steps_with_nothing_to_do_for_anyone_are_one_line_and_a_missing_saw_is_still_said():
    g = start(3).game()
    skips = [[1, "arrival", i, "no_river"] for i in range(3)] + [[1, "sawing", 0, "no_saw"],
                                                                 [1, "sawing", 1, "no_saw"],
                                                                 [1, "sawing", 2, "nothing_to_saw"]]
    lines = views.skip_lines(g, skips)
    assert lines == ["No wood arrives from the river for anyone.",
                     "Sawing: anna and ben have no saw, so nothing is sawn."]


def test_the_winter_menu_offers_the_heating_wood_last(tmp_path):
    script = script_to(start(2), step="bonus", round=4)
    script = script.then(fix("anna", "loans", 2), fix("anna", "store.mF", 2), fix("anna", "sale.S", 4),
                         fix("anna", "money", -5))
    path = script.write(tmp_path / "feed.lignum")
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n\n\n\n\nquit\n"), stdout=out)
    table.play(path, con=con, seed="1")
    text = out.getvalue()
    menu = text[text.index("-- anna, feeding"):]
    entries = [line for line in menu.splitlines()[1:] if re.match(r"\s+\d+\s+feed \w", line)]
    assert entries and "store:" not in entries[0] and any("store:" in e for e in entries)
    first_store = next(i for i, e in enumerate(entries) if "store:" in e)
    assert all("store:" in e for e in entries[first_store:])


# --- §1: calm output --------------------------------------------------------------------------------------------


def test_the_travel_menu_at_four_players_fits_twelve_lines_at_100_columns():
    from lignum_companion.gamefile import store as gamefile

    script = start(4, mode="expert").then("path " + PATHS[4], "task 14 mF@0+mF@0", "task 16 S@0+mS@0",
                                          "task 18 S@0+mF@0", "task 8 mF@1+mF@0")
    path = script.write(Path(__import__("tempfile").mkdtemp()) / "travel.lignum")
    gf, g = gamefile.load(path)
    assert g.step == "travel"

    class Wide(table.Console):
        @property
        def width(self) -> int:
            return 100

    out = io.StringIO()
    session = table.Session(path, gf, g, Wide(tty=False, stdin=io.StringIO(), stdout=out))
    session.hinted = True
    menu = session.step_menu()
    session.show_menu(menu)
    lines = out.getvalue().splitlines()
    assert len(lines) <= 12 and max(texts.display_width(x) for x in lines) <= 100
    keys = {c.key for c in menu.choices}
    assert {"4", "10", "13", "19", "c", "loan"} <= keys  # every entry still reachable by its key
    assert any(c.rare for c in menu.choices) and "+  more:" in out.getvalue()


def test_cell_columns_read_down_and_fit_the_width():
    cells = [(str(i), "word " * (i % 5 + 1)) for i in range(1, 21)]
    for width in (60, 80, 100):
        lines = cell_columns(cells, width)
        assert max(texts.display_width(x) for x in lines) <= width
        assert len(lines) < len(cells)
    lines = cell_columns(cells, 80)
    assert lines[0].split()[0] == "1" and lines[1].split()[0] == "2"  # down the first column


# --- §2: every table fits the terminal ---------------------------------------------------------------------------


@pytest.mark.parametrize("width", [80, 100])
def test_a_wide_table_comes_in_blocks_that_fit_and_keep_every_cell(width):
    names = ["Maximiliane", "김서연아님", "Bartholomew", "이준호선생"]
    headers = [""] + names
    rows = [["tasks"] + [f"T{i} $14 needs milled firewood in the second drying area" for i in range(4)],
            ["money"] + ["$5"] * 4]
    text = fit_table(headers, rows, width)
    assert max(texts.display_width(x) for x in text.splitlines()) <= width
    for n in names:
        assert n in text
    assert text.count("money") >= (2 if width == 80 else 1)  # the label column is repeated in every block
    small = fit_table(["", "a", "b"], [["x", "1", "2"]], width)
    assert small.splitlines()[0].split() == ["a", "b"]  # a table that fits is laid out as it is


def test_the_cutting_areas_turned_side_by_side():
    g = start(2).game()
    text = turned_table(*views.board_rows(g), 80)
    first = text.splitlines()[0].split()
    assert first[1:] == [str(a) for a in D.CUTTING_AREAS] and len(text.splitlines()) == 5


# --- §5: the stats and the round reference ----------------------------------------------------------------------


def test_the_round_reference_says_hut_construction_turns_craftwork_tokens(tmp_path):
    import io as _io

    from pypdf import PdfReader

    from lignum_companion.printables import reference

    for lang, word in (("en", "two different craftwork tokens"), ("ko", "서로 다른 공예품 토큰")):
        texts.choose(lang)
        try:
            data = reference.render(reference.facts(players=3, mode="expert"))
        finally:
            texts.choose(None)
        text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(_io.BytesIO(data)).pages)
        assert word in text, lang
        assert "hut tokens already make" not in text


def test_stats_say_one_game_in_the_singular_and_season_averages_in_whole_dollars():
    from lignum_companion.views import stats

    assert [stats.whole_dollars(v) for v in (0.5, 0.4, 11.8, -0.5, None)] == [1, 0, 12, -1, None]
    lab = texts.load("stats")
    assert texts.fill(lab["title_one"], files=2) == "1 finished game of 2 files read."
    assert lab["modes"]["planned"] == "basic game with planned work"


def test_the_chart_of_one_game_puts_its_points_inside_the_axis():
    from reportlab.graphics.charts.lineplots import LinePlot

    from lignum_companion.printables import stats_sheet as stats_pdf
    from lignum_companion.printables.score_sheet import default_fonts, paper_size
    from lignum_companion.views import stats

    games = [{"file": "g", "name": "g", "date": "2026-01-01", "mode": "basic", "variants": [], "expansion": "",
              "players": [{"name": n, "colour": "", "total": t, "place": p, "shared": False, "seasons": [5] * 8}
                          for n, t, p in (("anna", 12, 1), ("ben", 9, 2))]}]
    st = stats.Stats(games=games, players=stats.player_table(games))
    chart = stats_pdf._Results(st, paper_size("a4"), default_fonts(), None)
    chart.width = 170 * 2.83465
    [plot] = [c for c in chart.chart().contents if isinstance(c, LinePlot)]
    assert plot.xValueAxis.valueMin < 1 < plot.xValueAxis.valueMax


def test_a_line_typed_at_the_winter_bill_pause_is_the_next_answer_not_lost():
    """At a terminal the winter bill waits for Enter; a table that types its next move there instead (`ben cut`)
    must not lose it: the console keeps it and gives it to the next question, not shown a second time there (a
    tryout saw it at the pause and again after the next prompt); a pasted line is shown as if typed there."""
    import io

    from lignum_companion.table.console import Console

    out = io.StringIO()
    con = Console(tty=False, stdin=io.StringIO("later\n"), stdout=out)
    con.ahead.append("ben cut")
    assert con.line(" ben [1]>") == "ben cut"
    assert "ben cut" not in out.getvalue()
    con.pasted.append("ben done")
    assert con.line(" ben [1]>") == "ben done"
    assert "ben [1]> ben done" in out.getvalue()
    assert con.line(" next>") == "later"  # then the answers go on from the input as before
    assert con.answers == 3


def test_a_key_that_opens_choices_always_opens_them(monkeypatch):
    """issue 29 §4: key `8` opened the planned-work choices in year 1 and, with one choice left, committed
    `go 8 sawing 2` (-$1) at once in year 2. The task cards' key `13` the same with one card left."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.table import turns

    script = start(4, mode="expert").then("path " + PATHS[4], "task 14 mF@0+mF@0", "task 16 S@0+mS@0",
                                          "task 18 S@0+mF@0", "task 8 mF@1+mF@0")
    path = script.write(Path(__import__("tempfile").mkdtemp()) / "keys.lignum")
    gf, g = gamefile.load(path)
    session = table.Session(path, gf, g, table.Console(tty=False, stdin=io.StringIO(), stdout=io.StringIO()))
    every = turns.legal_actions

    def one_each(g, player=None):  # one planned work choice and one task card left, as late in year 2
        out, seen = [], set()
        for a in every(g, player=player):
            loc = a.args.get("loc") if a.verb == "go" else None
            if loc in (8, 13) and loc in seen:
                continue
            seen.add(loc)
            out.append(a)
        return out

    for legal in (every, one_each):
        monkeypatch.setattr(turns, "legal_actions", legal)
        menu = session.step_menu()
        keyed = {c.key: c for c in menu.choices}
        assert keyed["8"].shown == "go 8 ..." and keyed["13"].shown == "go 13 ..."
        assert "8b" not in keyed


def test_the_default_cut_says_it_takes_the_mill_worker_and_who_is_left_to_carry(tmp_path):
    """issue 29 §4: the default cut used the mill worker without a word, leaving nobody to carry wood."""
    from lignum_companion.gamefile import store as gamefile

    script = script_to(start(2), step="cutting", round=1, who="anna").then(fix("anna", "woodcutters", 2))
    path = script.write(tmp_path / "cut.lignum")
    gf, g = gamefile.load(path)
    p = player(g, "anna")
    assert p.mill_worker and not p.workers.get("bearers") and g.players[flow_turn(g)].name == "anna"
    session = table.Session(path, gf, g, table.Console(tty=False, stdin=io.StringIO(), stdout=io.StringIO()))
    menu = session.step_menu()
    notes = [c.note for c in menu.choices if c.shown.startswith("cut ")]
    assert notes[0] == "cut 3 firewood in area 1; the mill worker cuts too, leaving nobody to carry wood"
    assert "cut 2 firewood in area 1 with the hired woodcutters; the mill worker stays to carry wood" in notes


def flow_turn(g) -> int:
    from lignum_companion.engine import flow

    return flow.actors(g)[0]


def test_a_correction_says_the_round_it_is_booked_in_and_why_before_the_next_path():
    """issue 29 §3, R24: a `fix` typed while only optional moves keep a round open (the table is about to lay
    the next path) is booked in that round, not the next: the echo says so."""
    g = at(step="selling", round=2, before=(fix("anna", "drying-hut", 1), fix("anna", "dry1.F", 1)))
    play(g, None, "anna done", "ben done")
    assert g.round == 2  # anna's drying hut keeps the summer open (R24)
    text = said(g, "fix ben money +1 a coin found")["ben"]
    assert text.startswith("correction booked in summer of year 1, which the next path closes (R24)")
    g = at(step="travel", round=3)
    assert said(g, "fix ben money +1 a coin found")["ben"].startswith("correction booked in fall of year 1:")
