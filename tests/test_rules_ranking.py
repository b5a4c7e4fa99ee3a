"""How well `lignum rules` ranks: table questions in English and Korean, each with the topic that answers it.

The question sets live in tests/rules_questions/ (issue 23): per language a tuning set the ranking was tuned on and a
held-aside set it never was, each line `topic[,other acceptable topic] | question`, written the way players argue
(colloquial, misspelt, long). `benchmarks/bench_rules_lookup.py` reports the same figures; docs/rules-lookup.md
keeps the measured ones. The tests hold each set at what the ranking reaches, so a change that makes answers
worse fails here. The issue's goal for the held-aside sets is top-1 90 %, top-3 98 % (docs/rules-lookup.md).
The two short lists below are the questions the ranking was first tuned on (before issue 23), kept as a floor.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import question_sets  # the question files read and scored (shared with the benchmark)

from lignum_companion.texts import catalog as texts
from lignum_companion.views import rules_lookup as rl

# (top-1, top-3) each set must keep. Tuning sets: measured in-sample (their questions are the topics' question
# forms and what the learned vote counts). Held-aside sets (the tenth, written blind by two colleagues, 200 a
# language; the lines repeating a tuning question word for word taken out unread before): measured once, after
# the tuning had ended, and never tuned on since: en 187 / 195 first, 192 / 195 in the top three; ko 191 / 198
# and 196 / 198. The goal (docs/rules-lookup.md) is 90 % / 98 %.
FLOORS = {
    "en-tune": (0.992, 0.998),
    "ko-tune": (0.991, 0.997),
    "en-held": (0.958, 0.984),
    "ko-held": (0.964, 0.989),
}


def test_the_question_sets_are_big_enough_honest_and_name_real_topics() -> None:
    ids = {t.id for t in rl.list_topics()}
    for lang in ("en", "ko"):
        tune, held = question_sets.read_set(f"{lang}-tune"), question_sets.read_set(f"{lang}-held")
        assert len(tune) + len(held) >= 150 and len(held) >= 60, lang
        assert {t for wanted, _ in tune + held for t in wanted} <= ids
        # the held-aside questions are new questions, not tuning ones (nor, below, the topics' question forms)
        assert not {q.lower() for _, q in tune} & {q.lower() for _, q in held}, lang
        with_hangul = [q for _, q in held if rl.HANGUL.search(q)]
        assert len(with_hangul) == (len(held) if lang == "ko" else 0)


def test_the_held_aside_questions_are_in_no_topic_template() -> None:
    """The ranking is never tuned on the held-aside sets: none of their questions is a topic's question form."""
    import tomllib

    for lang in ("en", "ko"):
        forms = set()
        for path in (Path(__file__).resolve().parents[1] / "templates" / lang / "rules").glob("*.toml"):
            for t in tomllib.loads(path.read_text(encoding="utf-8")).get("topic", []):
                forms |= {q.lower() for q in t.get("questions", [])}
        assert forms, lang
        held = {q.lower() for _, q in question_sets.read_set(f"{lang}-held")}
        assert not forms & held, lang


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_each_question_set_keeps_its_rates(name: str) -> None:
    top1, top3, misses = question_sets.measure(name)
    floor1, floor3 = FLOORS[name]
    assert top1 >= floor1 and top3 >= floor3, (name, round(top1, 3), round(top3, 3), misses)


ENGLISH = [  # the first tuning list (before issue 23)
    ("what happens if I can't pay for food", "winter-feeding"),
    ("we don't have enough food for the winter card", "winter-feeding"),
    ("I have no money to pay for the missing food", "winter-feeding"),
    ("not enough logs to heat the mill in winter", "winter-heating"),
    ("which wood can I use for heating", "winter-heating"),
    ("how much does a loan cost at the end", "loans"),
    ("can I take a third loan", "loans"),
    ("can I pay back a loan early", "loans"),
    ("how much money does everyone start with", "setup"),
    ("how do we set up the forest for the first round", "setup"),
    ("how many rounds does the game last", "overview"),
    ("who wins the game", "overview"),
    ("two players have the same total, who wins", "scoring"),
    ("how is the final score counted", "scoring"),
    ("what can I still sell after the last winter", "final-sale"),
    ("can I sell wood that is still on the river at the end", "final-sale"),
    ("can I walk backwards on the supply path", "travel"),
    ("do I have to move my foreman every turn", "travel"),
    ("can I stop on a location where I do nothing", "travel"),
    ("how many bearers can I hire", "loc-4"),
    ("can I buy two fodder in one visit", "loc-6"),
    ("how many woodcutters may I hire at location 10", "loc-10"),
    ("how much does a task card cost", "loc-13"),
    ("do I pay for the sawyer on 16", "loc-16"),
    ("what can I buy at the market", "loc-19"),
    ("how much do three identical craftwork tokens sell for", "loc-19"),
    ("where do foremen go after the last location", "clearing"),
    ("who acts first in the wood work phases", "player-order"),
    ("how is the starting order of the next round decided", "player-order"),
    ("what goes back to the supply at the end of a round", "end-of-round"),
    ("what is the difference between the advanced and the expert game", "modes"),
    ("how many placement cards do we draw", "placement"),
    ("an area has no wood after the placement cards", "placement"),
    ("two of us chose the same cutting area, how do we split the food", "cutting-area"),
    ("can I move to another area when someone shares mine", "cutting"),
    ("does each woodcutter cut one piece", "cutting"),
    ("when does floated wood reach the mill", "arrival"),
    ("can hardwood go to the sale area", "transport"),
    ("how many pieces can a wagon move with fodder on 3", "wagon"),
    ("which fodder is used first", "wagon"),
    ("how do I send wood down the river with rafts", "log-driving"),
    ("how many logs does a firewood disk give", "sawing"),
    ("do I need a saw for every disk", "sawing"),
    ("what drying stage counts for a task", "tasks"),
    ("can I take wood back from a task card", "tasks"),
    ("what is a milled softwood worth", "selling"),
    ("do I have to sell wood on the third drying area", "selling"),
    ("how many milled logs fit on one drying area", "drying"),
    ("can I mix a disk and milled logs in a drying area", "drying"),
    ("what does the mill worker do", "mill-worker"),
    ("which craftwork tokens make a hut", "huts"),
    ("can a reed bundle be used for a hut", "huts"),
    ("what does the food storage hut do", "food-hut"),
    ("an extra worker from a hut", "accommodation-hut"),
    ("which wood do I get as winter bonus", "winter-bonus"),
    ("how much firewood does the mill worker cut in winter", "winter-cutting"),
    ("how many pieces can a sledge move with food", "sledge"),
    ("can we fill tasks in the first winter", "winter-tasks"),
    ("how much do I pay to plan on a card with two tokens", "faq-plan-cost"),
    ("how far ahead can a planned work pair reach", "planned-work"),
    ("the trade card lets me sell what", "pw-trade"),
    ("what does the overtime card give", "pw-overtime"),
    ("how does the tactical variant choose areas", "tactical"),
    ("how many bearers are on the path with three players", "three-players"),
    ("what does the X token do with two players", "two-players"),
    ("the supply has run out of firewood pieces", "faq-supply"),
    ("may I sell wood in winter instead of a loan", "faq-winter-sell"),
    ("what does a carpenter cost in winter", "carpenters"),
    ("how much is furniture worth at the end", "furniture-shop"),
]

KOREAN = [
    ("겨울에 음식이 모자라면", "winter-feeding"),
    ("음식 값을 낼 돈이 없으면 어떻게 해", "winter-feeding"),
    ("난방용 장작이 부족하면", "winter-heating"),
    ("난방에는 어떤 목재를 쓰나요", "winter-heating"),
    ("대출은 몇 번까지 받을 수 있나요", "loans"),
    ("대출을 갚으려면 얼마가 드나요", "loans"),
    ("처음에 돈은 얼마로 시작하나요", "setup"),
    ("게임은 몇 라운드인가요", "overview"),
    ("점수가 같으면 누가 이기나요", "scoring"),
    ("게임이 끝날 때 무엇을 팔 수 있나요", "final-sale"),
    ("감독관이 뒤로 갈 수 있나요", "travel"),
    ("짐꾼은 몇 명 고용할 수 있나요", "loc-4"),
    ("사료는 어디서 사나요", "loc-6"),
    ("나무꾼은 몇 명까지 고용할 수 있나요", "loc-10"),
    ("과업 카드는 얼마인가요", "loc-13"),
    ("무료 목공은 몇 명인가요", "loc-16"),
    ("시장에서 톱을 살 수 있나요", "loc-19"),
    ("공예품 세트는 얼마에 팔리나요", "loc-19"),
    ("숲 속 공터에는 언제 가나요", "clearing"),
    ("다음 라운드에는 누가 먼저 하나요", "player-order"),
    ("배치 카드는 몇 장 뽑나요", "placement"),
    ("같은 벌목 영역을 고르면 음식은 어떻게 나누나요", "cutting-area"),
    ("다른 영역으로 옮기려면 1달러를 내나요", "cutting"),
    ("강에 띄운 목재는 언제 도착하나요", "arrival"),
    ("활엽수는 어디로 옮기나요", "transport"),
    ("수레로 몇 개를 옮길 수 있나요", "wagon"),
    ("뗏목으로 강에 목재를 보내는 법", "log-driving"),
    ("장작 통나무를 톱질하면 몇 개가 나오나요", "sawing"),
    ("과업에 필요한 건조 단계", "tasks"),
    ("가공된 활엽수는 얼마에 팔리나요", "selling"),
    ("셋째 건조 구역의 목재는 꼭 팔아야 하나요", "selling"),
    ("건조 구역에 몇 개가 들어가나요", "drying"),
    ("오두막은 어떻게 짓나요", "huts"),
    ("짚단으로 오두막을 지을 수 있나요", "huts"),
    ("겨울 보너스 목재는 무엇인가요", "winter-bonus"),
    ("썰매로 몇 개를 옮기나요", "sledge"),
    ("작업 계획은 어떻게 하나요", "planned-work"),
    ("전술 변형은 무엇인가요", "tactical"),
    ("2인 게임에서 X 토큰은", "two-players"),
    ("겨울에 대출 대신 목재를 팔아도 되나요", "faq-winter-sell"),
    ("목수는 겨울에 음식을 먹나요", "carpenters"),
    ("가구점에 넣은 목재는 얼마에 팔리나요", "furniture-shop"),
]


def _ranks(questions: list[tuple[str, str]]) -> tuple[float, float, list[str]]:
    top1 = top3 = 0
    misses = []
    for question, topic in questions:
        found = [t.id for t in rl.lookup(question, limit=3)]
        top1 += bool(found) and found[0] == topic
        top3 += topic in found
        if not found or found[0] != topic:
            misses.append(f"{question!r}: expected {topic}, got {found}")
    return top1 / len(questions), top3 / len(questions), misses


def test_the_question_sets_are_big_enough_and_name_real_topics() -> None:
    assert len(ENGLISH) >= 60 and len(KOREAN) >= 40
    ids = {t.id for t in rl.list_topics()}
    assert {topic for _, topic in ENGLISH + KOREAN} <= ids


@pytest.mark.parametrize("questions,top1_min,top3_min", [(ENGLISH, 0.95, 1.0), (KOREAN, 0.9, 1.0)],
                         ids=["english", "korean"])
def test_top1_and_top3(questions, top1_min, top3_min) -> None:
    top1, top3, misses = _ranks(questions)
    assert top1 >= top1_min and top3 >= top3_min, (top1, top3, misses)


def test_a_korean_question_answers_in_the_chosen_language() -> None:
    try:
        texts.choose("en")
        assert rl.lookup("겨울에 음식이 모자라면")[0].title == "Winter step 5: feeding"
        texts.choose("ko")
        assert rl.lookup("겨울에 음식이 모자라면")[0].title == "겨울 5단계: 음식 섭취"
        assert rl.lookup("wagon")[0].id == "wagon" and rl.lookup("wagon")[0].title == "수레와 사료"
    finally:
        texts.choose(None)
