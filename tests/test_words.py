"""The engine's words in Korean: areas, pieces, bags, phrases of refusals, the table's shuffle line and typed words.

The engine speaks in codes (`dry1`, `mS`, `{"F": 3}`, `what="workers"`); the clients show them from
templates/<lang>/words.toml, with the notation beside the word where the player types it. English is unchanged.
"""

from __future__ import annotations

import pytest
from helpers import fix, forward, start

from lignum_companion.engine import LignumError, apply, parse
from lignum_companion.engine.actions import WOOD_AREA_KEYS
from lignum_companion.texts import catalog as texts


def _both(g, line: str) -> tuple[str, str]:
    """The refusal of `line` in English and in Korean (reason only)."""
    out = []
    for lang in ("en", "ko"):
        texts.choose(lang)
        try:
            with pytest.raises(LignumError) as info:
                apply(g.clone(), parse(line, g.board))
            out.append(info.value.reason)
        finally:
            texts.choose(None)
    return out[0], out[1]


def test_a_mill_area_and_bags_of_pieces_render_in_korean_words_the_bag_with_its_notation():
    g = forward(start().then(fix("anna", "sale.F", 1)).game(), step="selling")
    en, ko = _both(g, "anna sell dry1:mS")
    assert en == "anna's first drying area holds nothing, not 1 milled softwood (mS)"  # words first (GLOSSARY)
    assert ko == "anna의 첫째 건조 구역에 있는 것: 없음. 가공된 침엽수 1개 (mS)만큼은 없습니다"  # no 구역(dry1)


def test_a_cutting_area_lists_its_wood_in_words():
    g = forward(start().game(), step="cutting")
    en, ko = _both(g, "anna cut 5F")
    assert en == "area 1 holds 3 firewood (3F)"
    assert ko == "1번 영역에 있는 것: 장작 3개 (3F)"


def test_a_correction_names_the_area_and_pieces_in_korean():
    g = forward(start().game(), step="travel")
    en, ko = _both(g, "fix anna woodpile.mS +1 x")
    assert en.startswith("the woodpile never holds milled softwood")
    assert ko.startswith("목재더미에는 가공된 침엽수가 놓이지 않습니다")  # the words alone (issue 32 §3)
    assert "(장작, 침엽수, 활엽수)" in ko and "firewood" not in ko


def test_what_a_cost_is_for_and_the_workers_are_words_of_the_language():
    g = forward(start().then(fix("anna", "money", -5)).game(), step="travel")
    en, ko = _both(g, "anna go 4 2")
    assert en.startswith("2 bearers costs $2 and anna has $0")
    assert ko.startswith("짐꾼 2명은 $2, anna의 돈은 $0입니다")
    en, ko = _both(g, "anna go 4 9")
    assert en == "only 6 bearers are left on location 4" and ko == "4번 칸에 남은 짐꾼: 6명뿐입니다"


def test_a_planned_work_card_shows_its_korean_name_alone_and_its_english_name_beside_the_code():
    g = forward(start(mode="expert").game(), step="travel")
    en, ko = _both(g, "anna go plan overtime 1")
    assert en == "Overtime is not among the laid-out planned work cards"  # the name a table reads (no code)
    assert ko == "초과 근무는 펼쳐진 작업 계획 카드가 아닙니다"


def test_every_engine_code_has_a_word_in_every_language():
    from lignum_companion.engine import data as D

    for lang in texts.LANGS:
        w = texts.load("words", lang)
        codes = set(D.PIECES) | set(D.EQUIPMENT) | set(D.CRAFTWORK) | {"craft", "X"} | set(D.HUT_AREAS) - {"food"}
        assert codes <= set(w["things"]), (lang, codes - set(w["things"]))
        assert set(WOOD_AREA_KEYS) <= set(w["areas"])
        assert set(D.LOCATION_KINDS) <= set(w["locations"])
        assert set(D.MODES) | set(D.VARIANTS) | set(D.EXPANSIONS) <= set(w["modes"])


# --- the table mode: the shuffle line, the intro, words typed for codes ------------------------------------------


def _session(tmp_path, script, answers: list[str], lang: str) -> tuple[str, list[str]]:
    from play_helpers import session

    texts.choose(lang)
    try:
        return session(tmp_path, script, answers)
    finally:
        texts.choose(None)


def test_the_path_reminder_names_the_tokens_in_korean_with_the_notation_beside(tmp_path):
    out, _ = _session(tmp_path, start(2, expansion="joinery"), ["quit"], "ko")
    assert "수레 1개, 뗏목 2개, 톱 1개" in out and "공예품 3개, X 2개" in out  # tokens to shuffle: words alone
    assert "1 wagon" not in out and "craftwork" not in out
    assert "플레이어: anna, ben (기본, 목수와 건물들 확장)" in out  # the mode and the expansion in words
    en, _ = _session(tmp_path, start(2), ["quit"], "en")
    assert "1 wagon, 2 rafts, 1 saw, 1 sledge, 1 coin token, 2 food, 3 craftwork tokens, 2 X tokens." in en
    assert "Players: anna, ben (basic)." in en


def test_korean_craftwork_words_are_accepted_and_the_file_keeps_the_notation(tmp_path):
    out, done = _session(tmp_path, start(2), ["1", "판자, 만능 짚단", "quit"], "ko")
    assert done and done[0].startswith("path ") and done[0].isascii()
    assert [t for t in done[0].split()[1:] if t in ("board", "joker", "reed")] == ["board", "joker", "reed"]
    assert "말뚝, 판자" not in out  # no refusal: the words were read
    out, done = _session(tmp_path, start(2), ["1", "판자 만능", "quit"], "ko")  # two words for three tokens
    assert done == [] and "말뚝, 판자, 지붕널, 짚단, 만능" in out and "(stake)" not in out


def test_korean_words_in_a_typed_move_become_codes_and_english_reads_as_before(tmp_path):
    from helpers import PATHS

    travel = start(2).then("path " + PATHS[2])
    _, done = _session(tmp_path, travel, ["go 짐꾼 2", "상태", "quit"], "ko")
    assert done[-1] == "anna go 4 2"
    _, done = _session(tmp_path, travel, ["go bearers 2", "quit"], "en")
    assert done[-1] == "anna go 4 2"


def test_typed_words_never_touch_a_players_name_or_part_of_a_word():
    from lignum_companion.texts import words

    texts.choose("ko")
    try:
        assert words.to_notation("carry 가판대:2장작+가공된 침엽수 오두막:1") == "carry sale:2F+mS hut:1"
        assert words.to_notation("판자 go 1", keep=("판자",)) == "판자 go 1"
        assert words.to_notation("장작왕 go 1") == "장작왕 go 1"
        assert words.alias("예") == "y" and words.alias("아니오") == "n"
    finally:
        texts.choose(None)
    assert words.to_notation("판자") == "판자"  # English has no Korean words


def test_advice_warnings_and_ledger_reasons_name_pieces_huts_and_cards_in_korean():
    from lignum_companion.engine.advice import Alert
    from lignum_companion.views import game as views

    dry3 = Alert("dry3-sale", "anna", "R12", 3, "travel", "", {"pieces": "2mS", "dollars": 8})
    huts = Alert("huts-unused", "anna", "R16", 8, "bonus", "", {"huts": "drying+accom", "count": 2})
    lost = Alert("task-lost", "anna", "R19", 5, "travel", "T1", {"task": "T1", "value": 9, "needs": ["mH@1"]})
    plan = Alert("plan-unmet", "anna", "R20", 2, "travel", "trade", {"card": "trade", "season": "summer",
                                                                      "trade_tokens": 0})
    texts.choose("ko")
    try:
        assert "가공된 침엽수 2개는" in views.warning_text(dry3)  # read, not typed: no code
        assert "건조용 오두막 1개, 일꾼 숙소 1개" in views.warning_text(huts)
        assert "가공된 활엽수 (둘째 건조 구역)" in views.warning_text(lost)  # a stage named by its area
        said = views.warning_text(plan)
        assert "교역" in said and "(trade)" not in said and "여름" in said
        assert views.reason_words("planned work trade") == "작업 계획 교역"
    finally:
        texts.choose(None)
    texts.choose("en")
    try:
        # a warning is read: the pieces and the huts in words alone, never `2mS` or `drying+accom`
        assert "2 milled softwood in" in views.warning_text(dry3) and "2mS" not in views.warning_text(dry3)
        assert "1 drying hut, 1 accommodation hut" in views.warning_text(huts)
        assert "drying+accom" not in views.warning_text(huts)
        assert "milled hardwood from the second drying area" in views.warning_text(lost)  # words, not mH@1
        assert views.reason_words("planned work trade") == "planned work Trade"
    finally:
        texts.choose(None)


def test_the_korean_wizard_reads_colours_cards_and_yes_in_korean_words():
    import io

    from lignum_companion import table

    given = {"players": ["민준", "서연"], "mode": "expert", "variants": [], "order": ["민준", "서연"],
             "areas": {"민준": 1, "서연": 5}, "winter": [[4, 2], [5, 3]], "cards": None, "money": None,
             "name": "k", "colours": None, "strict": False, "warnings": True, "expansion": "", "buildings": None}
    answers = ["교역 공예 톱질 식량 공급", "초록 보라색", "예"]
    out = io.StringIO()
    texts.choose("ko")
    try:
        con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
        setup = table.wizard(given, con)
    finally:
        texts.choose(None)
    assert setup is not None, out.getvalue()
    assert setup.cards == ["trade", "craftwork", "sawing", "food-supply"]
    assert setup.colours == {"민준": "green", "서연": "purple"}
    assert "교역" in out.getvalue() and "(trade)" not in out.getvalue()  # the cards by their Korean names


def test_the_winter_bill_in_play_names_the_logs_in_korean(tmp_path):
    from helpers import script_to

    base = start().then(fix("anna", "store.mF", 1), fix("anna", "sale.S", 2))
    script = script_to(base, step="heating", round=4, who="anna")
    out, done = _session(tmp_path, script, ["quit"], "ko")
    assert "anna: 카드는 난방 목재 2개를 요구하고 anna에게는 1개가 있습니다" in out and "logs" not in out


def test_the_final_scores_of_play_have_korean_column_names(tmp_path):
    from helpers import script_to

    base = script_to(start(), step="bonus", round=8).then(fix("anna", "river.F", 1), fix("ben", "river.S", 1))
    out, done = _session(tmp_path, script_to(base, step="over"), ["quit"], "ko")
    assert "순위 플레이어 돈 최종 판매 강 과업 대출 빚 합계" in out and "place" not in out


def test_a_setup_refusal_lists_modes_and_colours_as_the_codes_to_type_with_the_korean_words():
    from helpers import make_setup

    from lignum_companion.engine import IllegalAction
    from lignum_companion.engine.setup import validate

    bad_mode, bad_colour = make_setup(), make_setup()
    bad_mode.mode = "xx"
    bad_colour.colours = {"anna": "teal"}
    for setup, ko, en in ((bad_mode, "basic (기본), advanced (상급)", "basic, advanced, expert, planned"),
                          (bad_colour, "red (빨강), yellow (노랑)", "red, yellow, green")):
        with pytest.raises(IllegalAction) as info:
            validate(setup)
        for lang, want in (("ko", ko), ("en", en)):
            texts.choose(lang)
            try:
                assert want in info.value.reason
            finally:
                texts.choose(None)


def test_the_tactical_area_menu_names_wood_and_food_in_korean(tmp_path):
    from helpers import script_to

    script = script_to(start(2, variants=("tactical",)), step="area", round=2)
    out, _ = _session(tmp_path, script, ["quit"], "ko")
    assert "3번 영역: 장작 2개" in out and "no wood" not in out and "(2F)" not in out, out[-1500:]
    en, _ = _session(tmp_path, script, ["quit"], "en")
    assert "area 3: 2 firewood" in en and "no wood" not in en, en[-1500:]


def test_the_travel_reminder_says_who_took_food_in_korean():
    from helpers import script_to

    from lignum_companion.views import game as views

    script = script_to(start(), step="placement", round=2).then("placement 4:2food")
    g = script.then("anna area 4", "ben area 4").game()
    texts.choose("ko")
    try:
        assert "anna 4번 영역에서 1개, ben 4번 영역에서 1개" in views.reminder(g)
    finally:
        texts.choose(None)
    texts.choose("en")
    try:
        assert "anna 1 from area 4, ben 1 from area 4" in views.reminder(g)
    finally:
        texts.choose(None)


def test_a_correction_typed_in_play_keeps_its_korean_reason(tmp_path):
    from helpers import PATHS

    travel = start(2).then("path " + PATHS[2])
    _, done = _session(tmp_path, travel, ["fix anna money +1 장작 판 돈", "quit"], "ko")
    assert done[-1] == "fix anna money +1 장작 판 돈"


def test_the_winter_forecast_names_the_wood_to_sell_in_korean():
    from helpers import script_to


    g = script_to(start().then(fix("anna", "store.mF", 1), fix("anna", "sale.S", 2)), step="bonus", round=4).game()
    texts.choose("ko")
    try:
        assert "(가판대의 침엽수 1개)" in _forecasts(g)  # words only in a sentence
    finally:
        texts.choose(None)
    texts.choose("en")
    try:
        shown = _forecasts(g)
        assert "(1 softwood from the sale area)" in shown and "sale:S" not in shown and "(S)" not in shown
    finally:
        texts.choose(None)


@pytest.mark.parametrize(("stored", "ko"), [
    ("round 5: shingle -1 (was a board)", "라운드 5: 지붕널 -1 (was a board)"),
    ("round 1: money -2 (paid (twice): sorry)", "라운드 1: 돈 -2 (paid (twice): sorry)"),
    ("round 3: woodpile.F +2 (forgot)", "라운드 3: 목재더미 장작 +2 (forgot)"),
    ("round 2: drying-hut +1 (built)", "라운드 2: 건조용 오두막 +1 (built)"),
    ("a line written by hand", "a line written by hand"),  # not the engine's form: shown as it is
])
def test_a_correction_is_shown_in_the_words_of_the_language_and_its_reason_as_typed(stored, ko):
    from lignum_companion.texts import words

    texts.choose("ko")
    try:
        assert words.correction(stored) == ko
    finally:
        texts.choose(None)
    texts.choose("en")
    try:
        assert words.correction(stored) == stored  # English shows the state's own text (docs/state-json.md)
    finally:
        texts.choose(None)


def test_score_and_the_pdf_name_a_correction_in_korean(tmp_path, monkeypatch):
    """The 4-player example holds a shingle correction: `score` and both pages of the sheet word it in Korean."""
    from pathlib import Path

    from pypdf import PdfReader
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    example = Path(__file__).resolve().parents[1] / "examples" / "basic-4p.lignum"
    runner = CliRunner()
    sheet = tmp_path / "sheet.pdf"
    try:
        ko = runner.invoke(app, ["score", str(example), "--lang", "ko"])
        assert ko.exit_code == 0 and "라운드 5: 지붕널 -1" in ko.output and "round 5" not in ko.output
        assert runner.invoke(app, ["score", str(example), "--lang", "ko", "--pdf", str(sheet)]).exit_code == 0
        en = runner.invoke(app, ["score", str(example), "--lang", "en"])
        assert "round 5: shingle -1 (" in en.output
    finally:  # --lang is kept for the process, as the command line chose it: later tests start without it
        texts.choose(None)
        texts.use_game(None)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(str(sheet)).pages]
    assert all("지붕널 -1" in page for page in pages), pages
    assert not any("round 5" in page for page in pages)


def test_one_helper_chooses_a_text_by_its_counts():
    """The views, the table and the words ask one helper for the form of a counted text (issue 29 §5)."""
    from lignum_companion.table import common
    from lignum_companion.views import game as views

    assert views.counted is texts.counted
    assert [texts.number_form(*c) for c in ((1,), (2,), (0,), (1, 1), (1, 3))] == ["one", "many", "many", "one", "many"]
    table = {"loans": "{n} loans", "loans_one": "1 loan"}
    assert (texts.counted(table, "loans", 1), texts.counted(table, "loans", 2)) == ("1 loan", "{n} loans")
    assert texts.counted({"x": "a", "x_many": "b"}, "x", 5) == "b"
    with texts.speaking("en"):
        assert common.counted("hut_drying", 2) != common.counted("hut_drying", 1)


def _forecasts(g) -> str:
    """Every player's coming winter as their own trip shows it (views.forecast_player_lines)."""
    from lignum_companion.views import game as views

    return "\n".join(line for pi in range(len(g.players)) for line in views.forecast_player_lines(g, pi))
