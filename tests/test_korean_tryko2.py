"""Found by a Korean table's second tryout of `lignum play` at 80 columns; each test failed before its fix.

- A particle after a parenthesis was chosen for nothing ('과업 T7 ($11)는', '과업 T1 ($12)를'): it goes with the
  word before the parenthesis (T7 칠 -> 은, T1 일 -> 을), also past several or nested parentheses.
- `saw 장작 창고:2` at a player's prompt was refused as unreadable: 장작 창고 (the storage's full name) took the
  firewood the table had said; a piece's word then the place's short name before `:count` is both.
"""

from __future__ import annotations

import pytest

from lignum_companion.engine import parse
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
