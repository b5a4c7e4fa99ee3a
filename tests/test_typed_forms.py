"""Issue 32 §2, "typed as the table speaks": the forms a table typed that were refused or lost, in both languages.

Task cards in words and with spaces, Korean hut names, the placement and winter cards as said, `sell saw:H` (R10),
the market's `buy:saw food`, `NAME c` on the path, `go 13` with no task face up (R3), Korean suggestions for a
misspelt place, and answers typed ahead or pasted at the winter bill's pause (never dropped).
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

from lignum_companion import table
from lignum_companion.engine import NotationError, parse
from lignum_companion.table.console import Console
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.texts.catalog import display_width
from lignum_companion.views import calc
from tests.helpers import PATHS, fix, game_at, refused, script_to, start


@pytest.fixture
def ko():
    texts.choose("ko")
    yield
    texts.choose(None)


def typed(line: str) -> str:
    """A line as the table mode reads it: the shown language's words made codes, then the notation's own text."""
    return parse(words.to_notation(line)).text


@pytest.fixture
def en():
    texts.choose("en")
    yield
    texts.choose(None)


# --- task cards (R19) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "read"), [
    ("task 18 가공된 활엽수@2 + 가공된 침엽수@2", "task 18 mH@2+mS@2"),
    ("task 18 mH@1 mS@2", "task 18 mH@1+mS@2"),
    ("task 18 mH@1 + mS@2", "task 18 mH@1+mS@2"),
    ("task 17 가공된 활엽수@둘째 가공된 장작@첫째", "task 17 mH@1+mF@0"),  # a stage by its area: @둘째 = @1
    ("task 17 가공된 활엽수@둘째 건조 구역 + 침엽수@가판대", "task 17 mH@1+S@0"),
    ("task 12 2 가공된 침엽수@셋째", "task 12 2mS@2"),
])
def test_a_korean_table_enters_task_cards_in_its_words_and_spacing(ko, line, read) -> None:
    assert typed(line) == read


@pytest.mark.parametrize(("line", "read"), [
    ("task 17 milled hardwood@1", "task 17 mH@1"),
    ("task 17 milled hardwood@1 + milled firewood@0", "task 17 mH@1+mF@0"),
    ("task 18 mH@1 mS@2", "task 18 mH@1+mS@2"),
    ("task 18 mH@dry2 2 mS@dry3", "task 18 mH@1+2mS@2"),
    ("task 17 mH@1+mF@1", "task 17 mH@1+mF@1"),  # the compact form as before
])
def test_an_english_table_enters_task_cards_in_words_and_with_spaces(en, line, read) -> None:
    assert typed(line) == read


def test_a_task_card_refused_says_the_form_in_words_never_english_placeholders(ko) -> None:
    with pytest.raises(NotationError) as info:
        parse("task 18")
    said = str(info.value)
    assert "VALUE" not in said and "PIECE" not in said and "STAGE" not in said
    assert "둘째" in said and "셋째 건조 구역" in said  # what a stage means
    texts.choose("en")
    with pytest.raises(NotationError) as info:
        parse("task 18")
    assert "second" in str(info.value) and "VALUE" not in str(info.value)


def test_the_task_step_says_what_a_stage_means_in_both_languages(tmp_path) -> None:
    """Said once above the first card (the prompt itself is short, so that a typed card fits after it)."""
    script = start(3, mode="advanced").then(f"path {PATHS[3]}")
    for lang, stage, pieces in (("en", "second drying area (@1)", "milled hardwood (mH)"),
                                ("ko", "@1 둘째 건조 구역", "mH 가공된 활엽수")):
        path = script.write(tmp_path / f"{lang}.lignum")
        out = io.StringIO()
        texts.choose(lang)
        try:
            table.play(path, con=Console(tty=False, stdin=io.StringIO("18 mH@1 mS@2\nquit\n"), stdout=out))
        finally:
            texts.choose(None)
        text = out.getvalue()
        assert " ".join(text.split()).count(stage) == 1 and pieces in text and "@2" in text
        assert "활엽수(mH)" not in text  # issue 32 §3: no code glued to a Korean word
        assert "task 18 mH@1+mS@2" in path.read_text(encoding="utf-8")


# --- huts, placement cards, the sale calculator ---------------------------------------------------------------


@pytest.mark.parametrize(("lang", "line", "read"), [
    ("ko", "anna build 2음식저장고+일꾼숙소", "anna build 2food+accom"),
    ("ko", "anna build 음식 저장고 + 건조용 오두막", "anna build drying+food"),
    ("ko", "anna build 일꾼 숙소 using:말뚝+판자+지붕널", "anna build accom using:stake+board+shingle"),
    ("en", "anna build food-storage hut+accommodation hut", "anna build food+accom"),
    ("en", "anna build 2 drying huts", "anna build 2drying"),
])
def test_huts_are_built_by_their_names_in_either_language(lang, line, read) -> None:
    texts.choose(lang)
    try:
        assert typed(line) == read
    finally:
        texts.choose(None)


def test_a_hut_named_in_korean_is_built(ko) -> None:
    g = game_at(2, step="travel", round=1, before=tuple(fix("anna", t, 1) for t in ("stake", "board", "shingle")))
    from lignum_companion.engine import apply

    apply(g, parse(words.to_notation("anna build 2음식저장고+일꾼숙소")))  # refused before (issue 32)
    assert g.players[0].huts == {"food": 2, "accom": 1}


@pytest.mark.parametrize(("line", "read"), [
    ("placement 5:2 food", "placement 5:2food"),
    ("placement 5: 2F + food 3:S", "placement 3:S 5:2F+food"),
    ("placement 5:F S 2:food", "placement 2:food 5:F+S"),
    ("placement 2:2F+S 4:2food", "placement 2:2F+S 4:2food"),
])
def test_a_placement_card_is_read_as_said(en, line, read) -> None:
    assert typed(line) == read


def test_a_placement_card_in_korean_words(ko) -> None:
    assert typed("placement 5:2 음식 3:장작 침엽수") == "placement 3:F+S 5:2food"


def test_the_sale_calculator_reads_a_drying_area_by_its_ordinal(ko) -> None:
    assert calc.parse_piece("가공된 활엽수@셋째") == (1, "mH", "dry3")
    assert calc.parse_piece("mS@둘째") == (1, "mS", "dry2")


# --- the path: the market, the clearing, tasks, places (R3, R17, R19) ----------------------------------------------


def test_the_market_reads_buy_with_its_words_apart(en) -> None:
    assert typed("anna go 19 buy:saw food") == "anna go 19 buy:saw+food"
    assert typed("anna go 19 buy:saw 2 food") == "anna go 19 buy:saw+2food"
    with pytest.raises(NotationError) as info:
        parse("anna go 19 sell:stake board")
    assert "`go 19 buy:saw+food`" in str(info.value) and "no further words" not in str(info.value)


def test_the_market_form_in_korean(ko) -> None:
    with pytest.raises(NotationError) as info:
        parse("anna go 19 sell:stake board")
    assert "`go 19 buy:saw+food`" in str(info.value) and "시장" in str(info.value)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_name_and_a_place_is_a_go_never_a_guess_of_cut(lang) -> None:
    texts.choose(lang)
    try:
        for line, guess in (("lee c", "`lee go c`"), ("lee 14", "`lee go 14`"), ("lee cutt", "`lee cut`")):
            with pytest.raises(NotationError) as info:
                parse(line)
            assert guess in str(info.value)
    finally:
        texts.choose(None)


def test_in_play_a_name_and_c_on_the_path_goes_to_the_clearing(tmp_path) -> None:
    g_script = start(2).then("path wagon raft saw food coin stake sledge food X raft X board joker")
    path = g_script.write(tmp_path / "c.lignum")
    out = io.StringIO()
    table.play(path, con=Console(tty=False, stdin=io.StringIO("anna c\nquit\n"), stdout=out))
    assert "anna go clearing" in path.read_text(encoding="utf-8"), out.getvalue()[-600:]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_go_to_the_tasks_with_none_face_up_is_refused_by_R3(lang) -> None:
    g = game_at(2, step="travel", round=1, mode="advanced")
    texts.choose(lang)
    try:
        e = refused(g, "anna go 13 T1" if not g.task_display else "anna go 13", "R19")  # several face up: which
        assert "T1" in str(e)
        g.task_display.clear()
        refused(g, "anna go 13", "R3")
        refused(g, "anna go tasks", "R3")
    finally:
        texts.choose(None)


def test_a_misspelt_korean_place_gets_a_korean_suggestion(ko) -> None:
    for typo, meant in (("공텨", "`go 공터`"), ("시잔", "`go 시장`")):
        with pytest.raises(NotationError) as info:
            parse(words.to_notation(f"anna go {typo}"))
        said = str(info.value)
        assert said.index(meant) < said.index("1~20")
        assert "`market`" not in said and "`bearers`" not in said  # the places in Korean words


def test_a_misspelt_english_place_gets_a_guess(en) -> None:
    with pytest.raises(NotationError) as info:
        parse("anna go markt")
    assert "did you mean `go market`?" in str(info.value)


# --- selling (R7, R10) -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "says"), [("en", "unmilled hardwood"), ("ko", "가공하지 않은 활엽수")])
def test_selling_hardwood_from_the_sawing_area_is_refused_by_the_rule(lang, says) -> None:
    g = game_at(2, step="selling", round=1, before=(fix("anna", "saw.H", 1), fix("anna", "saw.S", 1),
                                                    fix("anna", "sale.S", 1)))
    texts.choose(lang)
    try:
        assert says in str(refused(g, "anna sell saw:H", "R10"))
        e = refused(g, "anna sell saw:S", "R7")
        assert ("sawing area" if lang == "en" else "목공소") in str(e)
    finally:
        texts.choose(None)


# --- answers typed ahead are never dropped -----------------------------------------------------------------


def test_several_lines_pasted_at_one_prompt_are_several_answers_in_order():
    """A paste of `2` and `done` at the winter bill's pause arrived as one answer `2\\ndone`, refused whole."""

    class Pasting(Console):
        def _read(self, message: str) -> str:
            return "2\ndone\n"

    con = Pasting(tty=False, stdin=io.StringIO(), stdout=io.StringIO())
    assert con.line(" Pay the winter on the board, then press Enter") == "2"
    con.ahead.append("2")  # what the pause does with a line typed instead of Enter (saving.py)
    assert con.line(" ben [1]>") == "2"
    assert con.line(" ben [1]>") == "done"


def test_piped_answers_after_a_winter_bill_are_all_applied(tmp_path):
    script = script_to(start(2), step="cutting", round=4)
    path = script.write(tmp_path / "bill.lignum")
    answers = "\n".join(["", "2", "quit"]) + "\n"  # anna cuts (her bill follows), then ben's entry 2
    out = io.StringIO()
    table.play(path, con=Console(tty=False, stdin=io.StringIO(answers), stdout=out), seed="1")
    text = out.getvalue()
    assert text.index("Winter bill, anna") < text.index("ben [1]> 2") < text.index("Winter bill, ben")


def test_in_a_terminal_lines_pasted_at_the_winter_bill_pause_answer_the_next_questions(tmp_path):
    """pexpect at 80x30: `2` and `done` pasted at the pause (one bracketed paste, then Enter) are both read."""
    pexpect = pytest.importorskip("pexpect")
    path = script_to(start(2), step="cutting", round=4).write(tmp_path / "pause.lignum")
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "LANG": "C.UTF-8"}
    child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", "--lang", "en", "play", str(path)], env=env,
                          encoding="utf-8", dimensions=(30, 80), timeout=30)
    child.logfile_read = io.StringIO()
    child.expect(r"anna \[1\]>")
    child.send("\r")  # anna cuts: her bill and the pause
    child.expect("then Enter")
    child.send("\x1b[200~2\rdone\x1b[201~")  # the table pastes two answers
    child.expect("done")
    child.send("\r")
    child.expect("cannot read 'path done'")  # `2` was ben's move (done, his bill and pause), `done` the path's
    child.expect(r"\[1\]>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.logfile_read.getvalue())
    assert text.index("Winter bill, anna") < text.index("ok: ben") < text.index("Winter bill, ben")
    assert "ben [1]> 2" not in text  # typed at the pause: shown there, not a second time under ben's prompt
    assert "ben done" in Path(path).read_text(encoding="utf-8")


# --- the last winter: a hut the advisor names is in the menu (R16) -----------------------------------------------


def test_in_winter_the_drying_hut_is_in_the_menu_and_the_advisor_names_only_what_it_offers(tmp_path) -> None:
    from lignum_companion.engine import advice, legal_actions

    script = script_to(start(2), step="cutting", round=8)
    g = script.then(fix("anna", "drying-hut", 1), fix("anna", "food-hut", 1), fix("anna", "sale.S", 1)).game()
    offered = [a.text for a in legal_actions(g, player=0)]
    assert "anna dryhut sale:S" in offered  # an own-pace step (R24) has huts too: winter's were never offered
    assert not any(a.startswith("anna foodhut") for a in offered)  # no food on a free area in winter
    [urged] = [a for a in advice.warnings(g) if a.kind == "huts-unused" and a.player == "anna"]
    assert urged.figures["huts"] == "drying"  # not the food-storage hut no menu can offer
    path = script.then(fix("anna", "drying-hut", 1), fix("anna", "sale.S", 1)).write(tmp_path / "w.lignum")
    for lang, hut in (("en", "dryhut sale:S"), ("ko", "dryhut sale:S")):
        out = io.StringIO()
        texts.choose(lang)
        try:
            table.play(path, con=Console(tty=False, stdin=io.StringIO("ben done\nquit\n"), stdout=out))  # then anna
        finally:
            texts.choose(None)
        assert hut in out.getvalue()


# --- `lignum do` with several lines -------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "says"), [("en", "line 3 of the 3 given; none of the 3 lines was saved"),
                                            ("ko", "준 3줄 중 3번째 줄입니다. 3줄 모두 저장하지 않았습니다")])
def test_do_says_which_line_of_several_failed_and_that_none_was_saved(tmp_path, lang, says) -> None:
    from tests.helpers import cli

    path = start(2).then(f"path {PATHS[2]}").write(tmp_path / "do.lignum")
    before = path.read_text(encoding="utf-8")
    r = cli("--lang", lang, "do", str(path), "anna go 16", "ben go 4 1", "anna go 2")
    assert r.returncode == 1 and says in r.stderr and "anna go 2" in r.stderr
    assert path.read_text(encoding="utf-8") == before
    r = cli("--lang", lang, "do", str(path), "anna gp 16", "ben go 4 1")
    assert r.returncode == 1 and ("line 1 of the 2" in r.stderr or "2줄 중 1번째" in r.stderr)


def test_do_never_prints_a_warning_its_later_lines_made_untrue(tmp_path) -> None:
    from tests.helpers import cli

    path = start(2).then(f"path {PATHS[2]}").write(tmp_path / "do.lignum")
    r = cli("--lang", "en", "do", str(path), "anna go 16", "ben go 4 1", "anna go 19 buy:saw")
    assert r.returncode == 0 and "holds no saw" not in r.stdout  # she bought one in the same call
    r = cli("--lang", "en", "do", str(path), "ben go 5", "anna go 20")
    assert r.returncode == 0
    path2 = start(2).then(f"path {PATHS[2]}").write(tmp_path / "do2.lignum")
    r = cli("--lang", "en", "do", str(path2), "anna go 16", "ben go 4 1")
    assert "holds no saw" in r.stdout  # still true: said


# --- §3: the glossary's words on the sheet, in `show` and in the Korean texts ------------------------------------


def test_korean_money_takes_one_particle_and_never_a_fallback_pair() -> None:
    """`$1를` beside `$1을`: money is read as 달러 everywhere (를, 가, 는, 로, 와), never 을(를) (GLOSSARY)."""
    import glob

    money = r"\$(?:\{[a-z_0-9]+\}|[0-9]+)"
    bad = re.compile(money + r"(?:\(으\)로|을\(를\)|이\(가\)|은\(는\)|(?:을|은|으로|과|이)(?![가-힣]))")
    for path in glob.glob("templates/ko/**/*.toml", recursive=True):  # the rules texts too ($1을 there, issue 32)
        for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith(("questions", "keywords")):  # players' own phrasing, never shown
                assert not bad.search(line), f"{path}:{n}: {line}"


def test_sawing_is_said_as_sawing_and_its_step_is_named_as_its_reminder_says(ko) -> None:
    import glob

    for path in glob.glob("templates/ko/*.toml"):
        text = Path(path).read_text(encoding="utf-8")
        assert "켤 " not in text and "켜지" not in text, path  # 톱질, as the Sawing card and step
    assert words.step_name("sawing") == "톱질"  # the step's reminder opens with `톱질:` (it said `목공`, the sawyers)
    assert 'sawing = """톱질:' in Path("templates/ko/reminders.toml").read_text(encoding="utf-8")


def test_show_names_planned_work_cards_without_codes_and_fits_80_columns(tmp_path) -> None:
    from tests.helpers import cli

    text = Path("examples/expert-4p.lignum").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "mid.lignum"
    path.write_text("\n".join(text[: text.index("start") + 120]) + "\n", encoding="utf-8")
    r = cli("--lang", "ko", "show", str(path), env={"COLUMNS": "80"})
    assert r.returncode == 0, r.stderr
    assert "(heating-supply)" not in r.stdout and "난방 공급" in r.stdout
    assert max(texts.display_width(line) for line in r.stdout.splitlines()) <= 80


def test_the_korean_score_sheet_names_drying_areas_by_their_ordinals(tmp_path) -> None:
    from pypdf import PdfReader

    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import score_sheet as pdf

    gf, g = gamefile.load(Path("examples/advanced-3p.lignum"))
    texts.choose("ko")
    try:
        data = pdf.render(gf, g)
    finally:
        texts.choose(None)
    said = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "둘째 건조 구역" in said and "셋째 건조 구역" in said and "건조 구역 2" not in said


def test_the_season_table_shrinks_its_type_before_it_breaks_a_word(monkeypatch) -> None:
    """Every kind of money in use (14 columns): each heading word and figure fits its column whole."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import score_sheet as pdf
    from lignum_companion.printables import sheet_ledger

    gf, g = gamefile.load(Path("examples/expert-4p.lignum"))
    sheet = pdf._Sheet(gf, g, pdf.paper_size("letter"), pdf.default_fonts(), None)
    sheet.width = pdf.paper_size("letter")[0] - 2 * sheet.margin - 12  # as build() sets it
    used = sheet.T["ledger"]["columns"]
    per_player = [[(name, {c["kind"]: -13 for c in used}, 100, final) for name, _, _, final in
                   sheet._ledger_of(r)] for r in sheet.result["players"]]
    widths = sheet._ledger_widths(used, per_player)
    size = sheet.st["ledger"].fontSize
    assert sheet_ledger.LEDGER_MIN_SIZE <= size < sheet.S["small"] and sum(widths) <= sheet.width + 0.01
    heads = [sheet.L["ledger_season"], *(c["label"] for c in used), sheet.L["ledger_net"], sheet.L["ledger_money"]]
    figures = ["-$13", f"-${13 * len(used)}", "$100"]
    for col, (w, head) in enumerate(zip(widths, heads, strict=True)):
        longest = max(sheet.fonts.width(x, size, bold=True) for x in [*head.split(), *(figures if col else [])])
        assert longest + 8 <= w + 0.01, (head, w)


def _asked_at_80(lang: str, message: str, monkeypatch, tty: bool = True) -> tuple[list[str], str]:
    """The question a console put on the prompt's line (a Korean yes or no is questionary's select, an English
    one its confirm; piped, the prompt's line), and what it said before it, at 80 columns."""
    import questionary

    out = io.StringIO()
    con = Console(tty=tty, stdin=io.StringIO("\n"), stdout=out)
    monkeypatch.setattr(Console, "width", property(lambda self: 80))
    asked: list[str] = []
    monkeypatch.setattr(questionary, "select", lambda message, *a, **k: message)
    monkeypatch.setattr(questionary, "confirm", lambda message, *a, **k: message)
    monkeypatch.setattr(con, "_ask", lambda question: asked.append(question()) or 0)
    with texts.speaking(lang):
        con.confirm(message, default=False)
    if not tty:
        asked.append(out.getvalue().splitlines()[-1])
    return asked, out.getvalue()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_long_yes_or_no_question_keeps_its_question_and_hint_on_one_line(lang: str, monkeypatch) -> None:
    """The undo question in Korean showed `?  (화살표 키, Enter)` under its text, and the wizard's warnings question
    was cut by the terminal inside its hint (`(화살표` / `키, Enter)`): what leads up to a question is said above
    it, and the question with its hint fits 80 columns."""
    from lignum_companion.table.common import tpl

    long_path = "/home/table/games/" + "friday-" * 6 + "game.pdf"
    where = "1년차 가을 (라운드 3/8) — 단계: 벌목 영역" if lang == "ko" else "Fall, year 1 (round 3 of 8) — step: areas"
    with texts.speaking(lang):
        hint = 3 + display_width(tpl("select_hint")) if lang == "ko" else 9
        questions = [tpl("undo_confirm", n=5, where=where), tpl("pdf_offer", path=long_path),
                     tpl("pdf_overwrite", path=long_path), tpl("ask_warnings"),
                     texts.fill(texts.load("cli")["undo_confirm"], n=5, where=where)]
    for message in questions:
        asked, said = _asked_at_80(lang, message, monkeypatch)
        assert len(asked) == 1 and asked[0].strip(), (message, asked)
        assert display_width(asked[0]) + hint <= 80, asked
        assert all(display_width(line) <= 80 for line in said.splitlines()), said
        assert " ".join((said + " " + asked[0]).split()) == " ".join(message.split())  # every word, once, in order
    asked, said = _asked_at_80(lang, questions[1], monkeypatch, tty=False)  # piped: the question, '[Y/n]' after it
    assert long_path in [line.strip() for line in said.splitlines()] and display_width(asked[0]) <= 80, said


# --- winter cards as said ------------------------------------------------------------------------------------------


def test_a_winter_card_is_read_as_6_3_in_the_wizard_and_on_the_command_line(tmp_path) -> None:
    from tests.helpers import cli

    common = ["new", "-p", "lee,amy", "--mode", "basic", "--order", "lee,amy", "--areas", "lee=1,amy=5"]
    r = cli("--lang", "en", *common, "--winter", "6-3,7:4", "--file", str(tmp_path / "a.lignum"))
    assert r.returncode == 0, r.stderr
    assert "winter 6/3 7/4" in (tmp_path / "a.lignum").read_text(encoding="utf-8")
    import subprocess

    r = subprocess.run([sys.executable, "-c", "from lignum_companion.cli.entry import main; main()", "--lang", "ko",
                        *common, "--no-variants", "--expansion", "none", "--warnings", "on", "--file",
                        str(tmp_path / "b.lignum")], input="6-3\n7:4\n" + "\n" * 6, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout[-800:] + r.stderr
    assert "winter 6/3 7/4" in (tmp_path / "b.lignum").read_text(encoding="utf-8")


def test_plus_with_no_entry_behind_it_shows_the_menu_and_refuses_nothing(tmp_path) -> None:
    path = script_to(start(2), step="cutting", round=8).write(tmp_path / "plus.lignum")
    for lang in ("en", "ko"):
        out = io.StringIO()
        texts.choose(lang)
        try:
            table.play(path, con=Console(tty=False, stdin=io.StringIO("+\nquit\n"), stdout=out))
        finally:
            texts.choose(None)
        after = out.getvalue().split("> +", 1)[1]
        assert "  1  cut" in after and "Refused" not in after and "거부됨" not in after


def test_in_play_a_verb_typo_with_words_after_it_gets_its_guess(tmp_path) -> None:
    """`anna gp 16` on the path: the guess `anna go 16` is shown (its verb is go, legal here), not the list."""
    path = start(2).then(f"path {PATHS[2]}").write(tmp_path / "gp.lignum")
    out = io.StringIO()
    table.play(path, con=Console(tty=False, stdin=io.StringIO("anna gp 16\nquit\n"), stdout=out))
    assert "did you mean `anna go 16`?" in " ".join(out.getvalue().split())


def test_the_expansion_market_reads_buy_with_its_words_apart(en) -> None:
    from lignum_companion.engine import data

    assert parse("anna go 21 buy:saw food", data.JOINERY_BOARD).text == "anna go 21 buy:saw+food"  # R23
