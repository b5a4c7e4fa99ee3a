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
