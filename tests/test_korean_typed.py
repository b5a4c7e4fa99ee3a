"""Korean typed everywhere, and the small defects of issue 22 (§2, §3, §5), each by what a table sees or types.

- `calc sale` refused `가공된장작@dry2` and `@건조2`; the calculators read pieces, areas and craftwork in either
  language's words, spoken counts included (`장작 2개@가판대`), and refuse an unknown word naming the kinds in words.
- At the saw prompt `장작 창고:2` lost the disk from the line; it now means firewood, two milled firewood stored.
- A verb typo (`anna gp 16`) listed 25 English verbs; it now asks `혹시 anna go 16?`.
- The forecast and reminders: a stage read as the first area (`건조 1단계`), `(-)` for no change, the tasks
  example with a task the player does not hold, `배치 카드 1/2장째`, the reference's token line on every space.
"""

from __future__ import annotations

import pytest

from lignum_companion.engine import NotationError, parse
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import calc
from lignum_companion.views import game as views
from tests.helpers import fix, forward, play, start


@pytest.fixture
def ko():
    texts.choose("ko")
    yield
    texts.choose(None)


@pytest.mark.parametrize(("typed", "read"), [
    ("가공된장작@dry2", (1, "mF", "dry2")),
    ("mF@건조2", (1, "mF", "dry2")),
    ("2F@sale", (2, "F", "sale")),
    ("장작 2개@가판대", (2, "F", "sale")),
    ("3x가공된 침엽수@셋째 건조 구역", (3, "mS", "dry3")),
    ("milled-hardwood@dry1", (1, "mH", "dry1")),
    ("2xfirewood", (2, "F", "sale")),
])
def test_the_sale_calculator_reads_pieces_and_areas_in_either_language(typed, read) -> None:
    assert calc.parse_piece(typed) == read


def test_the_sale_calculator_prices_korean_words_like_the_codes() -> None:
    assert calc.sale(["가공된장작@건조2", "2x침엽수"]).total == calc.sale(["mF@dry2", "2xS"]).total == 2 + 8


def test_an_unknown_kind_is_refused_with_the_kinds_in_korean_words(ko) -> None:
    with pytest.raises(calc.CalcInputError) as info:
        calc.parse_piece("3xoak")
    said = str(info.value)
    assert "모르는 종류: 'oak'" in said and "가공된 장작, " in said and "(mF)" not in said
    with pytest.raises(calc.CalcInputError) as info:
        calc.parse_piece("F@창고")  # the storage is no sale area (R10)
    assert "모르는 구역" in str(info.value) and "둘째 건조 구역, " in str(info.value)


def test_the_market_calculator_reads_craftwork_in_korean_words() -> None:
    assert calc.parse_tokens(["2x판자", "만능,짚단"]) == {"board": 2, "joker": 1, "reed": 1}
    assert calc.parse_tokens(["지붕널"]) == calc.parse_tokens(["shingle"]) == {"shingle": 1}


def test_words_read_a_code_from_any_language_and_nothing_else() -> None:
    assert words.read_code("둘째 건조 구역", ("sale", "dry1", "dry2", "dry3")) == "dry2"
    assert words.read_code("가공된-장작", ("F", "mF")) == "mF"
    assert words.read_code("milled firewood", ("F", "mF")) == "mF"
    assert words.read_code("창고", ("sale", "dry1")) is None  # store is not among the codes asked for
    assert words.read_code("", ("F",)) is None


@pytest.mark.parametrize(("typed", "line"), [
    ("장작 창고:2", "anna saw F store:2"),   # 장작 + 창고:2, as a table says it
    ("F 장작 창고:2", "anna saw F store:2"),  # the storage by its full name
    ("침엽수", "anna saw S"),
    ("store:3", "anna saw F store:3"),
])
def test_the_saw_prompt_keeps_the_firewood_when_the_storage_is_named(ko, typed, line) -> None:
    from lignum_companion.table.entries import _rest

    said = f"anna saw {_rest('saw', words.to_notation(typed))}"
    assert said == line and parse(said).text == line


@pytest.mark.parametrize(("typed", "guess"), [("anna gp 16", "anna go 16"), ("anna sel sale:F", "anna sell sale:F"),
                                              ("anna crry sale:2F", "anna carry sale:2F")])
def test_a_verb_typo_is_answered_with_the_line_it_likely_meant(typed, guess) -> None:
    with pytest.raises(NotationError) as info:
        parse(typed)
    e = info.value
    assert e.key == "unknown_action_guess" and e.fields["guess"] == guess
    try:
        texts.choose("ko")
        assert e.reason == f"모르는 행동 `{typed.split()[1]}`. 혹시 `{guess}`?"
        texts.choose("en")
        assert e.reason == f"unknown action `{typed.split()[1]}`; did you mean `{guess}`?"
    finally:
        texts.choose(None)


def test_a_word_close_to_no_verb_still_lists_the_verbs() -> None:
    with pytest.raises(NotationError) as info:
        parse("anna xyzzy 3")
    assert info.value.key == "unknown_action" and "go" in info.value.fields["verbs"]


def test_a_task_stage_is_named_by_its_areas(ko) -> None:
    assert words.needs([("mH", 1), ("mF", 0)]) == \
        "가공된 활엽수 (둘째 건조 구역), 가공된 장작 (가판대나 첫째 건조 구역)"
    texts.choose("en")
    assert words.needs([("mS", 2)]) == "milled softwood from the third drying area"


def test_the_tasks_reminder_shows_a_task_the_player_holds() -> None:
    g = start(2, mode="advanced").game()
    lines: list[str] = []
    forward(g, lines, step="travel", round=1, who="anna")
    play(g, lines, "anna go 13 T2", fix("anna", "sale.mF", 1))
    forward(g, lines, step="tasks", round=1, who="anna")
    shown = views.reminder(g)
    assert "`anna fill T2 dry2:mH`" in shown and "T1" not in shown


def test_the_season_recap_says_no_change_in_words_not_a_dash(ko) -> None:
    g = start(2).game()
    forward(g, step="path", round=2)
    p = g.players[0]
    p.season_money[0] = p.ledger[0].amount if p.ledger else p.money  # a round that left the money as it was
    recap = "\n".join(views.recap_lines(g, 1))
    shown = [line for line in recap.splitlines() if line.strip().startswith(f"{p.name}:")]
    assert shown and "(변동 없음)" in shown[0] and "(-)" not in recap


def test_the_placement_prompt_and_reminder_count_the_cards_in_korean(ko) -> None:
    from lignum_companion.table.common import tpl

    assert tpl("ask_placement", k=1, n=2).startswith("배치 카드 2장 중 1번째")
    steps = texts.load("reminders")["steps"]
    assert texts.fill(steps["placement"], card=1, cards=2).startswith("배치 카드 2장 중 1번째를 뽑아")
    assert "장째" not in steps["placement_tactical"]


def test_the_reference_says_the_token_line_in_full_once(ko) -> None:
    from lignum_companion.printables import reference

    rows = reference.path_rows(reference.facts(players=4))
    said = [what for loc, what, room in rows if what in ("토큰 묶음의 토큰 하나", "토큰 하나")]
    assert said[0] == "토큰 묶음의 토큰 하나" and set(said[1:]) == {"토큰 하나"} and len(said) > 5


def test_the_wizard_offers_no_expansion_without_calling_it_the_basic_game(ko) -> None:
    from lignum_companion.table.common import tpl

    assert "기본 게임" not in tpl("expansion_none")


# --- issue 32 §2: a Korean table types its moves as it speaks -------------------------------------------------


@pytest.fixture
def travel_ko(tmp_path, ko):
    """A 2-player basic game at anna's first move, played in Korean (location 19 is the market)."""
    from tests.helpers import PATHS

    return start(2).then("path " + PATHS[2]).write(tmp_path / "t.lignum")


def _session(path, answers: list[str]) -> str:
    from tests.play_helpers import run_session

    code, out = run_session(path, [*answers, "quit"])
    assert code == 0 and "Internal error" not in out and "내부 오류" not in out
    return out


def _flat(out: str) -> str:
    return " ".join(out.split())


@pytest.mark.parametrize("typed", ["대출", "anna 대출"])
def test_the_glossary_word_for_a_loan_takes_one(travel_ko, typed) -> None:
    from tests.play_helpers import actions

    out = _session(travel_ko, [typed])
    assert actions(travel_ko)[-1] == "anna loan" and "거부됨" not in out


def test_a_card_word_in_the_verb_place_is_that_steps_verb(ko) -> None:
    assert words.verb("벌목") == "cut" and words.verb("건조") == "dry" and words.verb("대출") == "loan"
    assert words.verb("go") == "go" and words.verb("교역") == "trade"


def test_a_korean_refusal_names_the_korean_word_of_a_verb_with_its_code(travel_ko) -> None:
    out = _flat(_session(travel_ko, ["빌리기", "벌목"]))
    assert "`대출`(loan)" in out and "`loan`," not in out  # the word that works, with the code it stands for
    assert "(여기서는: `go`, `대출`(loan))" in out  # a verb of another step: this step's verbs alike


@pytest.fixture
def reveal(tmp_path):
    """A 2-player advanced game where the table reveals its first task card."""
    from tests.helpers import PATHS

    return start(2, mode="advanced").then("path " + PATHS[2]).write(tmp_path / "r.lignum")


@pytest.mark.parametrize(("lang", "typed"), [
    ("ko", "14 가공된 장작 2개@셋째"), ("ko", "14 가공된장작 2개@2"), ("en", "14 2 milled firewood@2"),
    ("en", "14 2 mF@dry3"), ("ko", "task 14 2mF@2"),
])
def test_a_task_card_is_typed_with_its_count_said_either_way(reveal, lang, typed) -> None:
    from tests.play_helpers import actions

    texts.choose(lang)
    try:
        out = _session(reveal, [typed])
    finally:
        texts.choose(None)
    assert actions(reveal)[-1] == "task 14 2mF@2", out[-800:]


def test_a_refused_task_card_is_quoted_as_typed(reveal, ko) -> None:
    out = _flat(_session(reveal, ["14 가공된 장작 2개@셋째 오크"]))
    assert "'14 가공된 장작 2개@셋째 오크'" in out and "mF" not in out.split("거부됨")[1][:40]


def test_counts_said_after_the_thing_come_first_as_the_notation_writes_them() -> None:
    assert words.counts_first("mF 2개@dry3") == "2mF@dry3"
    assert words.counts_first("buy:food4") == words.counts_first("buy:food 4개") == "buy:4food"
    assert words.counts_first("go 10 2") == "go 10 2" and words.counts_first("buy:saw+food2") == "buy:saw+2food"


@pytest.mark.parametrize(("typed", "saved"), [
    ("buy:음식4", "anna go 19 buy:4food"), ("buy:4음식", "anna go 19 buy:4food"), ("buy:톱", "anna go 19 buy:saw"),
    ("buy:음식 2개+톱", "anna go 19 buy:saw+2food"),
])
def test_the_market_sub_menu_reads_korean_goods_words(travel_ko, typed, saved) -> None:
    from tests.play_helpers import actions

    out = _session(travel_ko, ["19", typed])
    assert actions(travel_ko)[-1] == saved and "거부됨" not in out


def test_a_refusal_in_the_market_sub_menu_asks_the_sub_menu_again(travel_ko) -> None:
    from tests.play_helpers import actions

    out = _session(travel_ko, ["19", "buy:9음식", "buy:음식4"])  # $9 of food with $5 (R3), then four
    assert actions(travel_ko)[-1] == "anna go 19 buy:4food"
    after = out.split("거부됨")[1]
    assert "(R3)" in after and "\nanna go 19> buy:음식4" in after  # asked again at the sub-menu's prompt


@pytest.fixture
def areas_3p(tmp_path, ko):
    """A 3-player basic game where the table types every player's cutting area on one line (R5)."""
    from tests.helpers import script_to

    return script_to(start(3), step="area", round=2).write(tmp_path / "a.lignum")


@pytest.mark.parametrize("typed", ["show", "status", "상태", "규칙 R5", "도움말"])
def test_a_command_works_at_the_area_prompt(areas_3p, typed) -> None:
    from lignum_companion.table.common import tpl

    out = _session(areas_3p, [typed])
    assert "거부됨" not in out and _flat(tpl("menu_again", who="anna ben cleo의 영역 (각각 숫자 하나)")) in _flat(out)


@pytest.mark.parametrize("answers", [["show"], ["19", "show"], ["19", "상태"]])
def test_show_is_the_status_at_a_players_prompt_and_in_a_sub_menu(travel_ko, answers) -> None:
    out = _session(travel_ko, answers)
    assert "거부됨" not in out and "벌목 영역 1:" in out  # every mill at a glance, as `lignum show`


def test_the_area_prompts_example_has_as_many_numbers_as_it_asks_for(areas_3p) -> None:
    out = _flat(_session(areas_3p, ["1 2"]))
    assert "영역 번호(1-6) 3개를 주세요, 예: `3 5 1`" in out


def test_the_korean_help_names_the_korean_command_words_and_the_english_ones_as_accepted(travel_ko) -> None:
    out = _session(travel_ko, ["도움말"])
    help_text = out[out.index("답하는 법"):out.index("건너뜁니다")]
    rows = {line.split()[0]: line for line in help_text.splitlines() if line.startswith("  ")}
    for word, code in (("되돌리기", "undo"), ("상태", "status"), ("규칙", "rules"), ("도움말", "help"),
                       ("그만", "quit"), ("뒤로", "back")):
        assert word in rows and f"({code}" in rows[word], word  # the Korean word first, the English one accepted
        assert code not in rows  # no row of an English command word alone
    assert "엔진" not in help_text and "프로그램" in help_text


@pytest.mark.parametrize("typed", ["되돌리기 x", "규칙 R6", "그만"])
def test_the_korean_command_words_of_the_help_work(travel_ko, typed) -> None:
    out = _session(travel_ko, ["대출", typed])
    assert "거부됨" not in out and "Internal" not in out


@pytest.fixture
def transport_ko(tmp_path, ko):
    """anna at her transport with a hardwood and two firewood in the woodpile, one bearer hired and one
    accommodation hut (R6, R16)."""
    from tests.helpers import fix, script_to

    clear = ("anna go clearing", "ben go clearing")
    base = script_to(start(2), step="travel").then(fix("anna", "woodpile.H", 1), fix("anna", "woodpile.F", 2),
                                                   fix("anna", "accom-hut", 1), "anna go 4 1", "ben go clearing",
                                                   clear[0])
    return script_to(base, step="transport", who="anna").write(tmp_path / "c.lignum")


@pytest.mark.parametrize(("typed", "said"), [
    ("carry saw:F+H sale:F", "짐 나르기에 짐꾼 3명이 필요한데 anna에게는 1명, 제재소 일꾼뿐입니다 (R6)"),
    ("carry saw:F+H sale:F hut:1 millworker:no",
     "짐 나르기에 짐꾼 3명이 필요한데 anna에게는 1명, 쓴 일꾼 숙소 1채뿐입니다 (제재소 일꾼은 뺐습니다) (R6)"),
])
def test_a_workers_shortfall_is_refused_reason_first_in_words_on_one_line(transport_ko, typed, said) -> None:
    from lignum_companion.texts.catalog import display_width

    out = _session(transport_ko, [typed])
    refused = [line for line in out.splitlines() if line.startswith("거부됨")]
    assert len(refused) == 1 and refused[0].startswith("거부됨: " + said.split(" (")[0]), out[-600:]
    assert said in _flat(out) and "적은 오두막" not in out and "carry" not in refused[0]
    if "hut:" not in typed:
        assert display_width(refused[0]) <= 80 and refused[0].endswith("(R6)")  # one line at 80 columns


@pytest.mark.parametrize(("lang", "said"), [
    ("ko", "짐 나르기에 짐꾼 3명이 필요한데 anna에게는 고용한 짐꾼이 없습니다 (제재소 일꾼만 있음)"),
    ("en", "carrying needs 3 bearers; anna has none hired, only the mill worker"),  # R6: the mill worker counts
])
def test_a_workers_shortfall_says_no_zero(lang, said) -> None:
    from tests.helpers import fix, refused, script_to

    g = script_to(script_to(start(2), step="travel").then(fix("anna", "woodpile.H", 1), fix("anna", "woodpile.F", 2),
                                                          "anna go clearing", "ben go clearing"),
                  step="transport", who="anna").game()
    e = refused(g, "anna carry saw:F+H sale:F", "R6")
    texts.choose(lang)
    try:
        assert e.reason == said and "0" not in e.reason
    finally:
        texts.choose(None)


def test_the_rules_hint_follows_a_refusal_only_where_the_line_keeps_to_the_width(transport_ko) -> None:
    texts.choose("en")
    out = _session(transport_ko, ["carry saw:F+H sale:F hut:2", "carry saw:F+H sale:F"])
    refused = [line for line in out.splitlines() if line.startswith("Refused")]
    assert refused[0] == "Refused: anna has 1 accommodation huts, not 2 (R16) - `rules R16` explains it."
    assert refused[1] == "Refused: carrying needs 3 bearers; anna has 1 hired, and the mill worker (R6)"


def test_a_card_word_stays_a_card_where_a_card_is_asked(tmp_path, ko) -> None:
    from tests.helpers import script_to
    from tests.play_helpers import actions

    path = script_to(start(2, mode="expert", cards=("sawing", "trade", "drying", "overtime")),
                     step="travel").write(tmp_path / "x.lignum")
    out = _session(path, ["8", "톱질 1"])  # the planned work sub-menu: 톱질 is the Sawing card, not `saw`
    assert actions(path)[-1] == "anna go 8 sawing 1" and "거부됨" not in out


def test_a_common_korean_refusal_keeps_to_one_line_at_80_columns(travel_ko) -> None:
    from lignum_companion.texts.catalog import display_width

    out = _session(travel_ko, ["go 4 6"])  # six bearers at $1 with $5 (R3; a loan first, R15)
    refused = [line for line in out.splitlines() if line.startswith("거부됨")]
    assert refused == ["거부됨: 짐꾼 6명은 $6, anna의 돈은 $5입니다 (먼저 대출 가능, R15) (R3)"]
    assert display_width(refused[0]) <= 80


def test_a_word_that_is_no_action_is_quoted_as_typed_not_as_read(travel_ko) -> None:
    out = _flat(_session(travel_ko, ["buy:음식4"]))  # at the path's prompt, not in the market's sub-menu
    assert "행동이 아닙니다: `buy:음식4`" in out and "food" not in out.split("거부됨")[1][:60]
