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


@pytest.mark.parametrize(("code", "name", "typed"), [("en", "Sawing: ", "(sawing)"),
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


@pytest.mark.parametrize(("code", "said"), [("en", "2 raft · 3 (anna) · 4 bearers · 5 food · 6 fodder · 7 coin · "
                                                   "8 planned work · 9 stake · 10 woodcutters"),
                                            ("ko", "2 뗏목 · 3 (anna) · 4 짐꾼 · 5 음식 · 6 사료 · 7 동전 · "
                                                   "8 작업 계획")])
def test_the_status_path_line_says_each_location_in_words(lang, code, said):
    """`status` read 'path: … 8:plan 10:cutters 11:·[n]': abbreviations, an emptied location as '·' and a
    player as an initial. Now the travel menu's words and the player's name (a taken token: no word at all)."""
    from helpers import play

    from lignum_companion.views.game import path_line

    lang(code)
    g = forward(start(4, mode="expert").game(), step="travel")
    play(g, None, "anna go 3")
    line = path_line(g)
    assert "13\u00a0" in line  # a number never wraps away from its word ('13 / tasks')
    line = line.replace("\u00a0", " ")
    assert said in line and ":" not in line.split(":", 1)[1], line


@pytest.mark.parametrize(("code", "said"), [("en", "anna: take the free sawyer from location 16."),
                                            ("ko", "16번 칸의 무료 목공을 데려옵니다")])
def test_the_free_sawyer_is_echoed_as_the_free_sawyer(lang, code, said):
    """Location 16's free sawyer was echoed 'hire 1 sawyer', as if paid for (R3)."""
    from lignum_companion.engine import play as engine_play
    from lignum_companion.views.events import event_lines

    lang(code)
    g = forward(start(2).game(), step="travel")
    before = g.clone()
    lines = event_lines(g, engine_play(g, "anna go 16").events, before=before)
    assert any(said in line for line in lines) and not any("hire" in line or "고용" in line for line in lines), lines


WORK = {"en": {"cutting": ("each worker moves one piece to the woodpile", "one wood per worker"),
               "arrival": ("From the river: anna's wood on the river", "Log driving"),
               "sawing": ("each unmilled piece in anna's sawing area", "disk", "stand-in"),
               "saw_who": "the mill worker\nor an accommodation hut may take a sawyer's place"},
        "ko": {"cutting": ("일꾼 한 명마다 원목 하나를", "목재 하나를"),
               "arrival": ("강에서 도착 — anna: 강에 있던 원목", "띄운 목재"),
               "sawing": ("원목 하나마다 톱 1개와 목공 1명", "대신할 일꾼"),
               "saw_who": "제재소 일꾼이나\n일꾼 숙소가 목공 대신 톱질할 수 있습니다"}}


@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize("step", ["cutting", "arrival", "sawing"])
def test_the_wood_work_reminders_count_pieces_and_name_who_saws_in_the_glossarys_words(lang, code, step):
    """'moves one wood per worker', 'Log driving arrival:' (a card's name, while rafts bring river wood too),
    'each disk … needs 1 sawyer (or a stand-in)': words not in the glossary, or not said to a table."""
    from helpers import fix, game_at

    from lignum_companion.views.reminders import reminder

    lang(code)
    before = {"cutting": (), "arrival": (fix("anna", "river.F", 2),),
              "sawing": (fix("anna", "saw.H", 1), fix("anna", "saw", 1), fix("anna", "sawyers", 1))}[step]
    said = reminder(game_at(2, step=step, round=2, before=before))
    new, *old = WORK[code][step]
    assert new in said and not any(word in said for word in old), said
    if step == "sawing":
        assert WORK[code]["saw_who"] in said, said


@pytest.mark.parametrize(("code", "old", "new"), [("en", "The engine checks it.", "refused, with the reason"),
                                                  ("ko", "엔진이 확인합니다.", "이유와 함께")])
def test_the_help_speaks_of_the_rules_not_of_an_engine(lang, code, old, new):
    """A table does not know an engine: the help says a move the rules forbid is refused, with why."""
    lang(code)
    help_text = texts.load("play")["text"]["help"]
    assert old not in help_text and new in help_text


@pytest.mark.parametrize(("code", "old", "new"), [("en", "area has 3 wood", "3 left to cut in your area"),
                                                  ("ko", "영역의 목재 3개", "내 영역에 벨 원목 3개")])
def test_the_woodcutters_entry_counts_what_is_left_to_cut(lang, code, old, new):
    """'3 woodcutters for $3, area has 3 wood': wood is counted in pieces, never as 'wood'."""
    lang(code)
    g = forward(start(2).game(), step="travel")
    notes = [go_words(g, 0, a) for a in legal_actions(g, player=0) if a.verb == "go" and a.args.get("loc") == 10]
    assert any(new in n for n in notes) and not any(old in n for n in notes), notes


def test_the_toolbar_says_the_season_in_one_form_at_every_width(lang):
    """The line under the prompt read 'Spring y1, travel' for one player and 'spring year 1, travel' for the
    next, whichever form fitted: one form now, the glossary's ('year 1'). (Korean had one form already.)"""
    from lignum_companion.views.glance import toolbar_forms

    place, short = "spring year 1, travel", "y1"
    lang("en")
    g = forward(start(4).game(), step="travel")
    forms = toolbar_forms(g)
    assert all(f.startswith(place) for f in forms) and not any(short in f for f in forms), forms


@pytest.mark.parametrize(("code", "old", "new"), [("en", "ahead)", "the others are on later steps"),
                                                  ("ko", "앞선", "나머지는 다음 단계에 있습니다")])
def test_the_toolbar_says_what_the_players_ahead_are_doing(lang, code, old, new):
    """'waiting for nicole, harold (+2 ahead)': ahead of what? The others are on later steps (R24)."""
    from helpers import fix, game_at, play

    from lignum_companion.views.glance import toolbar_forms

    lang(code)
    wood = (fix("anna", "woodpile.F", 1), fix("ben", "woodpile.F", 1), fix("anna", "saw.H", 1),
            fix("anna", "saw", 1), fix("anna", "sawyers", 1))
    g = game_at(4, step="transport", round=2, before=wood)
    play(g, None, "anna done")  # anna moves on to her sawing while the others stay in transport (R24)
    forms = toolbar_forms(g)
    assert any(new in f for f in forms) and not any(old in f for f in forms), forms


@pytest.mark.parametrize(("code", "said"), [("en", "No wood arrives from the river for anyone."),
                                            ("ko", "강에서 도착하는 원목이 아무에게도 없습니다.")])
def test_a_step_nobody_has_anything_to_do_in_is_a_sentence_about_the_board(lang, code, said):
    """'Nothing to do for anyone: arrival.' named the step by its code; now what the board shows."""
    from lignum_companion.views.game import skip_lines

    lang(code)
    g = start(3).game()
    assert skip_lines(g, [[1, "arrival", i, "no_river"] for i in range(3)]) == [said]


def test_no_shown_english_text_calls_an_unmilled_piece_a_disk():
    """'disk' is the rulebook's word, not the glossary's ('unmilled piece'): the sawing reminder, the warning's
    lack, the refusals and the round reference said it."""
    texts.choose("en")
    try:
        refusals, reference = texts.load("refusals"), texts.load("reference")
        shown = [texts.load("reminders")["steps"]["sawing"], texts.load("advice")["lacks"]["disks"],
                 refusals["refuse"]["first_drying_area_full"], refusals["notation"]["saw_form"],
                 refusals["notation_what"]["disk"], reference["expert"]["effects"]["sawing"],
                 reference["winter"]["steps"]["sawing"]]
    finally:
        texts.choose(None)
    assert not any("disk" in text for text in shown), shown


@pytest.mark.parametrize("code", ["en", "ko"])
def test_the_path_line_wraps_between_locations_never_inside_one(lang, code):
    """At 80 columns '… · 13' ended a line and 'tasks · 14 …' began the next: a number must stay with its word
    (a no-break space, which the wrapper holds and shows as a space)."""
    import re

    from helpers import play

    from lignum_companion.views.game import path_line

    lang(code)
    g = forward(start(4, mode="expert").game(), step="travel")
    play(g, None, "anna go 3", "ben go 4 1", "cleo go 10 1")
    for width in range(40, 81):
        lines = texts.wrap(path_line(g), width, "    ")
        assert not any(re.search(r"(^|\s)\d+$", line) or line.lstrip().startswith("·") for line in lines), lines
        assert "\u00a0" not in "".join(lines)
