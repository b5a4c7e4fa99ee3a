"""An English four-player expert table's tryout (`lignum play` at 80 columns): every shown text in the glossary's
words, each thing said once (a card by its name, not its name and its code), in English and in Korean alike."""

from __future__ import annotations

import pytest
from helpers import forward, start

from lignum_companion.engine.legal import legal_actions
from lignum_companion.texts import catalog as texts
from lignum_companion.views.travel_words import go_words


@pytest.fixture
def lang():
    """Run a test in one language and put the choice back afterwards."""
    def choose(code: str) -> None:
        texts.choose(code)
    yield choose
    texts.choose(None)


@pytest.mark.parametrize(("code", "name", "typed"), [("en", "plan Sawing for", "(sawing)"),
                                                     ("ko", "톱질", "(sawing)")])
def test_the_travel_menu_names_a_planned_work_card_once(lang, code, name, typed):
    """'plan Sawing (sawing) for fall year 1': the name and the code after every card; the typed action beside
    the entry (`go 8 sawing 2`) already shows the code."""
    lang(code)
    g = forward(start(4, mode="expert").game(), step="travel")
    notes = [go_words(g, 0, a) for a in legal_actions(g, player=0) if a.verb == "go" and "card" in a.args]
    said = [n for n in notes if name in n]
    assert said and not any(typed in n for n in notes), notes


@pytest.mark.parametrize(("code", "starting", "other"), [("en", "starting order", ("turn order", "start order ")),
                                                         ("ko", "시작 순서", ("차례 순서",))])
def test_the_new_game_summary_has_one_name_for_the_starting_order(tmp_path, code, starting, other):
    """The summary said 'turn order' (the steps' order, R24) and 'start order' (R18): two orders for a table
    to tell apart. The players' order is the starting order, as the wizard asked it; the steps' row says steps."""
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    new = ["new", "-p", "anna,ben", "--mode", "expert", "--no-variants", "--order", "ben,anna",
           "--areas", "anna=1,ben=2", "--winter", "6/3,7/4", "--name", "t", "--colors", "anna=red,ben=blue",
           "--expansion", "none", "--warnings", "on", "-f", str(tmp_path / "x.lignum"), "--lang", code]
    out = CliRunner().invoke(app, new, input="1 2 3 4\ny\n").output
    assert f"{starting} " in out and "ben, anna" in out, out
    assert not any(word in out for word in other), out


@pytest.mark.parametrize("code", ["en", "ko"])
def test_the_same_warning_for_several_players_is_one_line_even_when_unshown_figures_differ(lang, code):
    """'⚠ nicole and john: wood put on the river now never arrives…' was followed by '⚠ harold: wood put on
    the river now never arrives…': harold held another number of rafts, a figure the warning does not show."""
    from lignum_companion.engine.advice import Alert
    from lignum_companion.views.game import warning_lines

    lang(code)
    alerts = [Alert("river-last-fall", name, "R8", 20, "transport", figures={"rafts": rafts})
              for name, rafts in (("nicole", 2), ("harold", 1), ("john", 2))]
    lines = warning_lines(alerts)
    assert len(lines) == 2 and "nicole" in lines[1] and "harold" in lines[1] and "john" in lines[1], lines
    # a warning whose shown figures differ stays a line each
    alerts = [Alert("dry3-sale", name, "R12", 20, "selling", figures={"pieces": pieces})
              for name, pieces in (("nicole", "mF"), ("harold", "2mF"))]
    assert len(warning_lines(alerts)) == 3


@pytest.mark.parametrize(("code", "seasons", "year", "short"), [
    ("en", ["Spring", "Summer", "Fall", "Winter"], "year 1", ["Sp1", "Su1", "Fa1", "Wi1"]),
    ("ko", ["봄", "여름", "가을", "겨울"], "1년차", ["봄1", "여름1", "가을1", "겨울1"])])
def test_the_score_sheets_money_chart_names_the_seasons_and_years(lang, code, seasons, year, short):
    """The chart's axis read 'Sp1 Su1 Fa1 Wi1': abbreviations a table must decode. Now the seasons by name and
    each year once beneath its four seasons."""
    import io
    from pathlib import Path

    from pypdf import PdfReader

    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import score_sheet

    lang(code)
    gf, g = gamefile.load(Path(__file__).parent.parent / "examples" / "expert-4p.lignum")
    text = PdfReader(io.BytesIO(score_sheet.render(gf, g))).pages[0].extract_text()
    axis = text[text.rindex(seasons[0]) - 200:]
    assert all(s in axis for s in seasons) and year in axis, axis
    assert not any(s in text for s in short), text
