"""Found by a Korean table's second tryout of `lignum play` at 80 columns; each test failed before its fix.

- A particle after a parenthesis was chosen for nothing ('과업 T7 ($11)는', '과업 T1 ($12)를'): it goes with the
  word before the parenthesis (T7 칠 -> 은, T1 일 -> 을), also past several or nested parentheses.
- `saw 장작 창고:2` at a player's prompt was refused as unreadable: 장작 창고 (the storage's full name) took the
  firewood the table had said; a piece's word then the place's short name before `:count` is both.
- Running text put the code beside the words inside another parenthesis or glued on ('목재더미(장작 3개 (3F))',
  'sawing area (1 hardwood (H)) waits', '(첫째 건조 구역의 장작 1개 (F))'): a sentence says the pieces in words;
  the code is what one types and stays in the `Example:` lines.
- A rules answer named the topic it crosses twice: 'Also Phase 6: selling and prices [selling]: …' under the
  answer, then again in 'Also matching: Phase 6: selling and prices [selling], …'.
- A skip line had two colons ('수송: 마리아에게 썰매가 없습니다: 옮길 것이 없음.', 'Sawing: anna and ben have no
  saw: nothing to saw.'): the step takes the one colon, the reason is one sentence.
"""

from __future__ import annotations

import pytest

from lignum_companion.engine import parse
from lignum_companion.engine.advice import Alert
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words


@pytest.mark.parametrize(("shown", "read"), [
    ("과업 T7 ($11)은(는) 끝", "과업 T7 ($11)은 끝"),              # 칠: final ㄹ
    ("과업 T1 ($12)을(를) 완료", "과업 T1 ($12)을 완료"),            # 일
    ("과업 T2 ($9)을(를) 완료", "과업 T2 ($9)를 완료"),              # 이: no final consonant
    ("장작 (둘째 건조 구역) (R19)을(를)", "장작 (둘째 건조 구역) (R19)을"),  # two in a row
    ("나무 (가판대 (dry1))이(가)", "나무 (가판대 (dry1))가"),        # one inside another
    ("돈 ($5)(으)로", "돈 ($5)으로"),
])
def test_a_particle_after_parentheses_goes_with_the_word_before_them(shown, read) -> None:
    assert texts.particles(shown) == read


@pytest.mark.parametrize(("kind", "task", "value", "particle"), [
    ("task-lost", "T7", 11, "은"), ("task-lost", "T2", 8, "는"),
    ("task-ready", "T1", 12, "을"), ("task-ready", "T3", 10, "을"), ("task-ready", "T4", 9, "를"),
])
def test_a_task_warning_takes_the_particle_of_its_task_number(kind, task, value, particle) -> None:
    with texts.speaking("ko"):
        shown = texts.text("advice", "warning", kind, player="톰", task=task, value=value, needs="가판대")
    assert f"과업 {task} (${value}){particle} " in shown


@pytest.mark.parametrize(("typed", "read"), [
    ("톰 saw 장작 창고:2", "톰 saw F store:2"),          # the firewood, then the storage
    ("saw 장작 창고:3", "saw F store:3"),
    ("saw F 장작 창고:2", "saw F store:2"),              # the firewood said: the storage by its full name
    ("saw 장작 장작 창고:2", "saw F store:2"),
    ("saw 장작 2개 장작 창고:2", "saw 2F store:2"),
    ("carry 장작 창고:2F", "carry store:2F"),            # a place with its pieces: the full name
    ("carry 첫째 건조 구역:2F+가판대:F", "carry dry1:2F+sale:F"),
    ("build 건조용 오두막+장작 창고", "build drying+store"),
    ("build 음식 저장고", "build food"),
])
def test_a_korean_place_of_several_words_is_read_before_a_colon_or_a_plus(typed, read) -> None:
    with texts.speaking("ko"):
        said = words.counts_first(words.to_notation(typed, keep=("톰",)))
    assert said == read


def test_the_saw_line_the_table_typed_is_a_line_the_game_reads() -> None:
    with texts.speaking("ko"):
        said = words.counts_first(words.to_notation("tom saw 장작 창고:2"))
    assert parse(said).text == "tom saw F store:2"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_reminder_says_the_wood_in_words_and_types_the_code_only_in_its_example(lang) -> None:
    from lignum_companion.views import reminders
    from tests.helpers import fix, script_to, start

    cutting = script_to(start(2), step="cutting").game()
    transport = script_to(start(2).then(fix("anna", "woodpile.F", 2), fix("anna", "woodpile.H", 1)),
                          step="transport").game()
    with texts.speaking(lang):
        for g, said in ((cutting, {"ko": "1번 영역의 원목: 장작 3개.", "en": "Area 1 holds 3 firewood."}),
                        (transport, {"ko": "목재더미(장작 2개, 활엽수 1개)의", "en": "(2 firewood, 1 hardwood) to"})):
            shown = reminders.reminder(g)
            sentence, example = shown.rsplit("\n", 1)
            assert said[lang] in sentence and "F)" not in sentence and "H)" not in sentence
            assert "`anna " in example  # the line to type, with its codes


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "anna: the wood in the sawing area (1 softwood, 1 hardwood) waits for a saw"),
    ("ko", "anna: 목공소의 침엽수 1개, 활엽수 1개: 톱이"),
])
def test_a_warning_says_the_wood_in_words_alone(lang, said) -> None:
    from lignum_companion.views import game as views

    alert = Alert("saw-area-no-saw", "anna", "R9", 2, "sawing", "", {"pieces": "S+H"})
    with texts.speaking(lang):
        shown = views.warning_text(alert)
    assert said in shown and "(S+H)" not in shown


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "by selling wood (1 softwood from the sale area)"),
    ("ko", "마련해야 함 (가판대의 침엽수 1개)"),
])
def test_the_winter_forecast_names_the_wood_to_sell_in_words_alone(lang, said) -> None:
    from lignum_companion.views import game as views
    from tests.helpers import fix, script_to, start

    g = script_to(start().then(fix("anna", "store.mF", 1), fix("anna", "sale.S", 2)), step="bonus", round=4).game()
    with texts.speaking(lang):
        shown = "\n".join(views.forecast_player_lines(g, 0))
    assert said in " ".join(shown.split()) and "(S)" not in shown


QUESTION = "how much does hardwood give when sawn"


def test_the_rules_answer_in_play_names_the_topic_it_crosses_once(monkeypatch, tmp_path) -> None:
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.views import rules_lookup as rl

    found, crossed = rl.answer(QUESTION)
    assert crossed is not None and crossed in found[1:]  # the case itself: the crossed topic is also a match
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    runner = CliRunner()
    try:
        new = ["new", "-p", "anna,ben", "--mode", "basic", "--no-variants", "--order", "anna,ben",
               "--areas", "anna=1,ben=5", "--winter", "6/3,7/4", "--lang", "en"]
        assert runner.invoke(app, new).exit_code == 0
        out = runner.invoke(app, ["play", "--lang", "en"], input=f"rules {QUESTION}\nquit\n").output
    finally:
        texts.choose(None)
        texts.use_game(None)
    assert out.count(f"[{crossed.id}]") == 1, out
    also = " ".join(out.split()).partition("Also matching: ")[2]
    assert also and all(f"[{t.id}]" in also for t in found[1:] if t.id != crossed.id), out


def test_lignum_rules_lists_the_topic_it_crosses_once(monkeypatch) -> None:
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.views import rules_lookup as rl

    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    _, crossed = rl.answer(QUESTION)
    try:
        out = CliRunner().invoke(app, ["rules", *QUESTION.split()]).output
    finally:
        texts.choose(None)
    assert crossed is not None and f"lignum rules {crossed.id} " not in out and f"[{crossed.id}]" in out


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_skip_reason_is_one_sentence_after_the_steps_colon(lang) -> None:
    reasons = {**texts.load("reminders", lang)["skip"], **texts.load("screen", lang)["skip"]}
    said = {k: v for k, v in reasons.items() if isinstance(v, str) and k not in ("line", "nobody", "nobody_joiner")}
    assert said and [k for k, v in said.items() if ":" in v] == []


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("ko", "수송: 마리아에게 썰매가 없어 옮길 것이 없습니다.", "톱질: 마리아, 톰에게 톱이 없어 톱질할 것이 없습니다."),
    ("en", "Transport: 마리아 has no sledge, so nothing is transported.",
     "Sawing: 마리아 and 톰 have no saw, so nothing is sawn."),
])
def test_a_skip_line_has_one_colon(lang, one, many) -> None:
    from lignum_companion.views import game as views
    from tests.helpers import start

    g = start(3).game()
    g.players[0].name, g.players[1].name = "마리아", "톰"
    with texts.speaking(lang):
        lines = views.skip_lines(g, [[1, "transport", 0, "no_sledge"], [1, "sawing", 0, "no_saw"],
                                     [1, "sawing", 1, "no_saw"]])
    assert lines == [one, many]
