"""Tests of the rules lookup: every topic reachable by plain words, every ruling resolvable, texts our own."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import data
from lignum_companion.views import rules_lookup as rl

RULE_IDS = [f"R{n}" for n in range(1, 34)]
TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "en" / "rules"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
runner = CliRunner()

# One plain-words question per topic; the topic must be the best answer. Never the topic id itself.
QUERIES = {
    "overview": "how long is a game",
    "setup": "how much money do we start with",
    "round": "what are the steps of a round",
    "placement": "where does new wood appear each round",
    "cutting-area": "two players picked the same area, who gets the food",
    "player-order": "who goes first next round",
    "end-of-round": "what do we clean up before the next round",
    "modes": "difference between basic and advanced game",
    "travel": "can my foreman move backwards on the path",
    "path-tokens": "what do I do with a dollar coin token",
    "loc-4": "hire bearers",
    "loc-6": "fodder",
    "loc-8": "where do I plan",
    "loc-10": "how many woodcutters can I hire",
    "loc-13": "which location sells tasks",
    "loc-16": "is the sawyer free",
    "loc-19": "where can I buy saws",
    "clearing": "where do foremen wait after location 20",
    "woodwork": "in which order are the wood work phases",
    "mill-worker": "what can the mill worker do",
    "cutting": "someone else is in my cutting area, can I pay to move",
    "arrival": "when does wood on the river arrive",
    "transport": "how do I bring wood from the woodpile to the mill",
    "wagon": "how many pieces does a wagon carry",
    "log-driving": "how do rafts work",
    "sawing": "how many logs does a softwood give when sawn",
    "tasks": "which drying stage does a task need",
    "selling": "can I sell hardwood",
    "drying": "how much wood fits in a drying area",
    "huts": "how do I build a hut",
    "drying-hut": "a hut that pushes wood further along the drying areas",
    "food-hut": "food storage hut",
    "accommodation-hut": "worker accommodation",
    "loans": "how much do I repay for a loan",
    "winter": "what happens in winter",
    "winter-bonus": "free wood at the start of winter",
    "winter-cutting": "woodcutting in winter",
    "sledge": "how much can a sledge carry",
    "winter-sawing": "can I saw in winter",
    "winter-tasks": "tasks in the second winter",
    "winter-feeding": "not enough food in winter",
    "winter-heating": "not enough heating wood",
    "final-sale": "what can I sell at the end of the game",
    "scoring": "what if two players tie",
    "task-cards": "what are task cards",
    "planned-work": "how do I plan work for a later season",
    "pw-trade": "sell wagons and rafts",
    "pw-craftwork": "craftwork card prices",
    "pw-sawing": "sawing card two disks",
    "pw-food-supply": "food supply card",
    "pw-heating-supply": "heating supply card",
    "pw-hut-construction": "hut construction card",
    "pw-drying": "drying card",
    "pw-overtime": "overtime",
    "pw-log-driving": "log driving card",
    "pw-cutting": "cutting card",
    "tactical": "tactical variant",
    "three-players": "changes with three players",
    "two-players": "what changes with two players",
    "faq-supply": "we ran out of wood pieces",
    "faq-plan-cost": "do I pay for my own token when planning",
    "faq-no-tasks": "can we play without tasks",
    "faq-huts-winter": "can I build huts in winter",
    "faq-hardwood": "there is no hardwood in a two player game",
    "faq-winter-sell": "can I sell wood instead of taking a loan",
    "expansion": "joinery and buildings expansion",
    "carpenters": "how much money does a carpenter bring",
    "furniture-shop": "sell furniture at the end for base price plus 3",
    "buildings": "building tiles",
    "expansion-path": "expansion board with 22 locations",
}


def run(*args: str):
    """Invoke the CLI in-process at a fixed width, so the wrapped output does not depend on the terminal."""
    return runner.invoke(app, list(args), env={"COLUMNS": "80"})


# --- the set of topics ------------------------------------------------------------------------------------


def test_every_topic_has_a_reachability_query() -> None:
    assert set(QUERIES) == {t.id for t in rl.list_topics()}


@pytest.mark.parametrize("topic_id", sorted(QUERIES))
def test_topic_is_the_best_answer_to_its_plain_words_query(topic_id: str) -> None:
    query = QUERIES[topic_id]
    assert query.replace(" ", "-") != topic_id
    found = rl.lookup(query)
    assert found, query
    assert found[0].id == topic_id, (query, [t.id for t in found])


def test_topics_cover_what_the_issue_lists() -> None:
    ids = {t.id for t in rl.list_topics()}
    # each path location with an action, each wood work phase, every winter step, each planned work card
    for loc in (data.LOC_BEARERS, data.LOC_FODDER, data.LOC_PLAN, data.LOC_WOODCUTTERS, data.LOC_TASKS,
                data.LOC_SAWYERS, data.LOC_MARKET):
        assert f"loc-{loc}" in ids
    assert {"path-tokens", "clearing", "travel", "setup", "round"} <= ids
    assert {"cutting", "arrival", "transport", "sawing", "tasks", "selling", "drying"} <= ids
    assert {"winter", "winter-bonus", "winter-cutting", "sledge", "winter-sawing", "winter-tasks",
            "winter-feeding", "winter-heating"} <= ids
    assert {f"pw-{card}" for card in data.PLANNED_WORK} <= ids
    assert {"huts", "loans", "final-sale", "task-cards", "tactical", "three-players", "two-players",
            "expansion"} <= ids
    assert sum(1 for i in ids if i.startswith("faq-")) == 6


def test_the_issue_examples() -> None:
    assert rl.lookup("fodder")[0].id in {"loc-6", "wagon"}
    assert {t.id for t in rl.lookup("fodder")} >= {"loc-6", "wagon"}
    assert rl.lookup("can I sell hardwood")[0].id == "selling"
    assert rl.lookup("R11")[0].id == "drying"


def test_topic_id_and_ruling_id_forms() -> None:
    assert [t.id for t in rl.lookup("loc-19")] == ["loc-19"]
    assert [t.id for t in rl.lookup("  LOANS ")] == ["loans"]
    assert rl.lookup("r5")[0].id == "cutting-area"
    assert rl.lookup("R99") == []
    assert rl.lookup("xyzzy frobnicate") == []
    assert rl.lookup("can I") == []  # only stop words
    assert rl.lookup("") == []


def test_light_stemming_and_synonyms_find_the_same_topics() -> None:
    assert rl.lookup("selling")[0].id == rl.lookup("sell")[0].id == "selling"
    assert rl.lookup("oxen")[0].id in {"loc-6", "wagon"}
    assert rl.lookup("borrow money")[0].id == "loans"
    assert rl.lookup("sled")[0].id == "sledge"
    assert rl.lookup("tiebreaker")[0].id == "scoring"


def test_unstemmed_words_stay_apart() -> None:
    """'milled' must not fold into 'mill' (the mill worker), or price questions land on the wrong topic."""
    assert rl.lookup("how much is milled hardwood")[0].id == "selling"
    assert rl.lookup("mill worker")[0].id == "mill-worker"


# --- rulings ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_each_ruling_resolves_to_its_explanation_and_topic(rule_id: str) -> None:
    ruling = rl.ruling(rule_id)
    assert ruling is not None and ruling.id == rule_id
    assert len(ruling.text) > 60
    home = rl.topic_for_rule(rule_id)
    assert home is not None and rule_id in home.rules
    assert rl.read_more(rule_id) == f"lignum rules {home.id}"
    assert rl.lookup(rule_id.lower())[0] == home
    text = rl.render_ruling(ruling)
    assert text.startswith(f"{rule_id} {ruling.title}")
    assert f"lignum rules {home.id}" in text


def test_unknown_rule_ids() -> None:
    assert rl.ruling("R34") is None and rl.topic_for_rule("R0") is None and rl.read_more("R77") == ""
    assert rl.ruling("hello") is None


def test_every_cited_rule_exists_and_every_ruling_is_cited() -> None:
    cited = {r for t in rl.list_topics() for r in t.rules}
    assert cited == set(RULE_IDS)
    assert [r.id for r in rl.list_rulings()] == RULE_IDS


@pytest.mark.parametrize("rule_id,source", [("R5", "Korean rules summary"), ("R7", "Korean rules summary"),
                                            ("R11", "English rulebook")])
def test_disputed_rulings_state_the_other_reading_and_its_source(rule_id: str, source: str) -> None:
    ruling = rl.ruling(rule_id)
    assert ruling is not None and ruling.other is not None
    assert source in ruling.other.source
    assert f"Other reading of {rule_id}" in rl.render_ruling(ruling)
    citing = [t for t in rl.list_topics() if rule_id in t.rules]
    assert citing
    for t in citing:
        flat = " ".join(rl.render(t, width=200).split())
        shown = f"Other reading of {rule_id}, from {ruling.other.source}" in flat
        assert shown == (t.id in READING_TOPICS[rule_id]), t.id


# Issue 23: an other reading only in the topics it concerns. R7's is about the sledge's food (not transport in
# general, fodder or wagons); R11's about whether drying wood must move (not the drying hut or the Drying card);
# R5's about who may pay $1 to move (not the Cutting card's snatched player, R30).
READING_TOPICS = {"R5": ("cutting-area", "cutting"), "R7": ("sledge",), "R11": ("drying",)}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_fodder_and_wagons_state_r7_as_decided_without_the_sledge_cap(lang: str) -> None:
    """R7: the sledge takes any number of food (the English rulebook); the Korean cap of 3 is mentioned where
    the sledge is, not under fodder, wagons or rafts, where a 'food cap' reads like a fodder rule."""
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        cap = rl.ruling("R7").other.reading
        for topic_id in ("loc-6", "wagon", "log-driving", "pw-log-driving"):
            text = " ".join(rl.render(rl.topic(topic_id), width=200).split())
            assert "R7" in text and cap not in text, (lang, topic_id)
        sledge = " ".join(rl.render(rl.topic("sledge"), width=200).split())
        assert cap in sledge
        decided = {"en": "with no limit on that food (R7)", "ko": "그 음식 수에는 한도가 없습니다 (R7)"}[lang]
        assert decided in sledge
        assert {"en": "no limit", "ko": "한도를 두지 않습니다"}[lang] in rl.ruling("R7").text
    finally:
        texts.choose(None)


def test_other_readings_name_what_they_differ_on() -> None:
    assert "3 food" in rl.ruling("R7").other.reading
    assert "any player" in rl.ruling("R5").other.reading
    assert "optional" in rl.ruling("R11").other.reading
    assert "own token" in rl.ruling("R29").other.reading
    assert all(rl.ruling(r).other is None for r in RULE_IDS if r not in ("R5", "R7", "R11", "R29"))


# --- rendering --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("topic_id", sorted(QUERIES))
def test_render_names_the_rulings_and_respects_the_width(topic_id: str) -> None:
    topic = rl.topic(topic_id)
    text = rl.render(topic, width=60)
    assert text.splitlines()[0] == f"{topic.title}  [{topic.id}]"
    assert text.splitlines()[1] == rl.render(topic, width=60).split("\n\n")[0].splitlines()[1]  # the rule first
    label = rl.label("rulings", rules="").strip()
    rules_line = " ".join(next(p for p in text.split("\n\n") if p.startswith(label)).split())  # after the rule
    for rule in topic.rules:
        assert rule in rules_line
    if not topic.rules:
        assert "none" in rules_line
    assert all(len(line) <= 60 for line in text.splitlines()[1:])


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_answer_settles_its_dispute_in_its_first_three_lines_and_the_first_answer_is_short(lang) -> None:
    """Issue 32: each topic opens with a line or two that settle the common dispute (its first paragraph, which
    cites a ruling where one applies), then the details; an answer to a question shows at most SHORT_BODY lines
    of rule and names the command for the rest. The rulings line comes after the rule."""
    from lignum_companion.texts import catalog as texts

    with texts.speaking(lang):
        for topic in rl.list_topics():
            settle = rl.settling(topic)
            shown = rl.render(topic, width=80, short=True).splitlines()
            assert len(texts.wrap(" ".join(settle.split()), 80)) <= 2, (topic.id, settle)
            assert " ".join(shown[1:3]).startswith(" ".join(settle.split()).split(" (R")[0][:40]), topic.id
            assert "\n- " not in "\n" + settle and not re.match(r"\d\. ", settle), topic.id  # a sentence, no list
            assert len(shown) <= rl.SHORT_BODY + 14, (topic.id, len(shown))
            if topic.rules and topic.id not in {"round", "woodwork", "pw-overtime"}:
                assert re.search(r"R\d+", settle), (topic.id, settle)
        cutting = rl.render(rl.topic("cutting"), width=80, short=True)
        whole = rl.render(rl.topic("cutting"), width=80)
        assert len(cutting.splitlines()) < len(whole.splitlines()) and "lignum rules cutting" in cutting


def test_the_topics_the_issue_named_say_the_whole_rule() -> None:
    """Issue 32: the ruling a topic cites is in its text (R32 on the tactical variant); the sledge is used only
    in winter; the food-storage hut, like every hut, may be spent in winter (huts says so too, R16)."""
    for topic in rl.list_topics():
        assert all(r in topic.body for r in topic.rules), topic.id
    assert "only in winter" in rl.topic("sledge").body
    tactical = " ".join(rl.topic("tactical").body.split())
    assert "(R32)" in tactical and "spring of year 2" in tactical and "first winter" in tactical
    for hut in ("food-hut", "huts"):
        assert "winter" in rl.settling(rl.topic(hut)), hut


def test_render_keeps_bullets_and_numbered_items_on_their_own_lines() -> None:
    text = rl.render(rl.topic("round"), width=80)
    lines = text.splitlines()
    for n in range(1, 7):
        assert any(line.startswith(f"{n}. ") for line in lines)
    assert any(line.startswith("   ") for line in lines)  # a wrapped item is indented under its text


def test_the_list_shows_every_topic_under_its_group() -> None:
    text = rl.render_list(80)
    for t in rl.list_topics():
        assert re.search(rf"^  {re.escape(t.id)} +{re.escape(t.title)}$", text, re.M)
    groups = [t.group for t in rl.list_topics()]
    for g in dict.fromkeys(groups):
        assert f"\n{g}\n" in text


# --- the texts --------------------------------------------------------------------------------------------


def _template_texts() -> list[tuple[str, str]]:
    out = []
    for path in sorted(TEMPLATES.glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in doc.get("topic", []) + doc.get("ruling", []):
            text = " ".join(str(entry.get(k, "")) for k in ("title", "body", "text", "other_reading"))
            out.append((f"{path.name}:{entry['id']}", text))
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9$]+", text.lower())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks in shared/seeds are not beside the repository")
def test_no_template_repeats_seven_words_of_a_rulebook() -> None:
    span = 7
    seen: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        w = _words(seed.read_text(encoding="utf-8"))
        seen |= {tuple(w[i : i + span]) for i in range(len(w) - span + 1)}
    copied = []
    for name, text in _template_texts():
        w = _words(text)
        grams = (tuple(w[i : i + span]) for i in range(len(w) - span + 1))
        copied += [(name, " ".join(g)) for g in grams if g in seen]
    assert copied == []


def test_texts_live_in_templates_not_in_code() -> None:
    source = Path(rl.__file__).read_text(encoding="utf-8")
    for t in rl.list_topics():
        assert t.title not in source
    assert len(_template_texts()) == len(rl.list_topics()) + len(RULE_IDS)


# --- the command ------------------------------------------------------------------------------------------


def test_cli_lists_topics_without_a_query() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for t in rl.list_topics():
        assert t.id in result.stdout


def test_cli_answers_words_with_the_best_topic_and_the_others() -> None:
    result = run("rules", "fodder")
    assert result.exit_code == 0
    assert result.stdout.startswith("Location 6: fodder  [loc-6]")
    # the other match is the one the question crosses: shown under the answer, and not listed again below it
    assert "Also Wagons and fodder [wagon]:" in result.stdout and "lignum rules wagon" not in result.stdout
    unquoted = run("rules", "can", "I", "sell", "hardwood")
    assert unquoted.exit_code == 0 and unquoted.stdout.startswith("Phase 6: selling and prices")
    assert "one hardwood cannot be sold at all until it is sawn" in " ".join(unquoted.stdout.split())


def test_cli_explains_a_ruling_with_its_other_reading() -> None:
    result = run("rules", "R11")
    assert result.exit_code == 0
    assert result.stdout.startswith("R11 Drying areas")
    flat = " ".join(result.stdout.split())
    assert "Other reading of R11" in flat and "concise reference" in flat and "seed 00" not in flat
    assert "Read more: lignum rules drying" in flat


@pytest.mark.parametrize("query", ["xyzzy", "R99"])
def test_cli_unknown_query_is_one_line_and_exit_1(query: str) -> None:
    result = run("rules", query)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "lignum rules" in result.stderr or "R1 to R33" in result.stderr


def test_cli_json_outputs() -> None:
    listing = json.loads(run("rules", "--json").stdout)
    assert [t["id"] for t in listing["topics"]] == [t.id for t in rl.list_topics()]
    found = json.loads(run("rules", "sledge", "--json").stdout)
    assert found["topics"][0]["id"] == "sledge"
    assert found["topics"][0]["other_readings"][0]["rule"] == "R7"
    ruling = json.loads(run("rules", "R5", "--json").stdout)
    assert ruling["ruling"]["id"] == "R5" and "Korean rules summary" in ruling["ruling"]["other_reading"]["source"]
    assert ruling["topics"][0]["id"] == "cutting-area"


def test_help_does_not_import_the_lookup_or_the_calculators() -> None:
    code = (
        "import sys, lignum_companion.cli.app; "
        "print(sorted(m for m in ('lignum_companion.views.rules_lookup', 'lignum_companion.views.calc') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lookup_holds_every_ruling_r1_to_r31_in_both_languages(lang: str) -> None:
    """RULINGS.md has R1-R31: each one has its explanation and topic in every language, and a topic cites it."""
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        assert [r.id for r in rl.list_rulings()] == RULE_IDS
        assert {r for t in rl.list_topics() for r in t.rules} == set(RULE_IDS)
        for rule_id in RULE_IDS[23:]:
            r = rl.ruling(rule_id)
            assert r.text and rl.topic(r.topic) is not None and rule_id in rl.topic(r.topic).rules
    finally:
        texts.choose(None)


# --- the step a refusal happened in (issue #12) -----------------------------------------------------------


def test_every_step_where_players_act_has_its_topics_and_each_cites_something() -> None:
    """[step_topics] covers every step a player or the table enters something in, keyed as
    engine.flow.season_step says, and names only topics that exist."""
    from lignum_companion.engine import flow

    parts = (("work", flow.WORK_STEPS), ("winter", flow.WINTER_STEPS), ("final", flow.FINAL_STEPS))
    wanted = {f"{part} {s.name}" for part, steps in parts for s in steps if s.actor != "auto"}
    for lang in ("en", "ko"):
        lib = rl._library_of(lang)
        assert set(lib.step_topics) == wanted, lang
        assert all(lib.step_topics[k] and all(i in lib.by_id for i in lib.step_topics[k]) for k in wanted)


@pytest.mark.parametrize("rule,step,topic", [
    ("R24", "winter feeding", "winter"),  # issue #12: the winter topic says winter steps take any order
    ("R24", "work cutting", "woodwork"),
    ("R24", "", "woodwork"),  # no step known: the ruling's own topic
    ("R9", "winter sawing", "winter-sawing"),
    ("R9", "work sawing", "sawing"),
    ("R16", "work drying", "drying-hut"),
    ("R22", "winter feeding", "scoring"),  # no topic of the step cites it: its own topic
])
def test_a_refusal_points_to_the_topic_of_its_step_when_that_topic_cites_the_ruling(rule, step, topic) -> None:
    assert rl.read_more(rule, step) == f"lignum rules {topic}"


def test_lignum_do_refused_in_winter_feeding_points_to_the_winter_topic_in_both_languages(tmp_path, monkeypatch):
    """Issue #12: a turn refusal (R24) in winter feeding said `lignum rules woodwork`; the step's topic fits."""
    sys.path.insert(0, str(Path(__file__).parent))
    from helpers import fix, script_to, start

    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    script = script_to(start(2, winter=((6, 4), (5, 3))), step="bonus", round=4)
    # ben's winter is settled at once; anna, short of money, still has to say how she feeds (R14)
    script = script.then(fix("anna", "money", -5), fix("anna", "sale.F", 2), fix("ben", "money", +10))
    script = script_to(script, until=lambda g: g.step == "feeding" and 1 in g.acted)
    path = script.write(tmp_path / "w.lignum")
    before = path.read_text(encoding="utf-8")
    en = CliRunner().invoke(app, ["do", str(path), "ben go 3"])
    ko = CliRunner().invoke(app, ["do", str(path), "ben go 3", "--lang", "ko"])
    assert en.exit_code != 0 and "(R24)" in en.output and "see: lignum rules winter\n" in en.output, en.output
    assert ko.exit_code != 0 and "(R24)" in ko.output and "참고: lignum rules winter\n" in ko.output, ko.output
    assert "woodwork" not in en.output + ko.output and path.read_text(encoding="utf-8") == before


# --- issue 23, section 2: each topic gap, asked as a player asks it, with the figure in the answer ----------


def _answer(question: str, lang: str = "en", step: str = "") -> tuple[str, str]:
    """The first topic's id and its whole shown text (rulings, body, how to enter it) on one line."""
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        found = rl.lookup(question, step=step)
        assert found, question
        return found[0].id, " ".join(rl.render(found[0], width=200).split())
    finally:
        texts.choose(None)


@pytest.mark.parametrize("lang,question,topic,figures", [
    ("en", "does the first drying spot give +1 or nothing", "drying", ["+$0", "+$1", "+$2", "(R10)"]),
    ("ko", "첫째 건조 구역에 두면 1달러 더 받아?", "drying", ["+$0", "+$1", "+$2", "(R10)"]),
    ("en", "do carpenters eat in winter", ("carpenters", "winter-feeding"), ["one more food", "$3"]),
    ("ko", "목수도 겨울에 밥 먹어?", ("carpenters", "winter-feeding"), ["음식을 하나 더", "$3"]),
    ("en", "how many woodcutters can I use when cutting, is there a limit", ("cutting", "loc-10"),
     ["no more", "(R4)"]),
    ("en", "how many building tiles are laid out", "buildings", ["plus 4", "6 with two players", "8 with four"]),
    ("ko", "건물 타일 몇 장 깔아", "buildings", ["플레이어 수 + 4장", "2인 6장", "4인 8장"]),
    ("en", "are my leftover wagons and craftwork tokens worth money at game end", "final-sale",
     ["worth nothing", "wagons", "craftwork tokens"]),
    ("ko", "게임 끝에 남은 수레랑 공예품 토큰은 돈 돼?", "final-sale", ["값어치가 없습니다", "수레", "공예품 토큰"]),
    ("en", "does the log driving card work in winter", "pw-log-driving", ["Never in winter", "frozen", "(R20)"]),
    ("ko", "목재 띄우기 카드 겨울에도 돼?", "pw-log-driving", ["겨울에는 작동하지 않습니다", "얼어", "(R20)"]),
])
def test_a_topic_gap_is_answered_with_its_figure(lang, question, topic, figures) -> None:
    found, text = _answer(question, lang)
    assert found in ((topic,) if isinstance(topic, str) else topic), (question, found)
    for figure in figures:
        assert figure in text, (question, figure, text)


def test_woodcutting_itself_states_the_r4_limit() -> None:
    """Issue 23: the woodcutting topic cited R4 without saying what it limits."""
    text = " ".join(rl.render(rl.topic("cutting"), width=200).split())
    assert "no more of them than the pieces of wood on your area" in text and "(R4)" in text
    assert "R4" in rl.topic("cutting").rules


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_carpenters_food_is_in_the_feeding_topic(lang: str) -> None:
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        feeding = rl.topic("winter-feeding")
        assert "R23" in feeding.rules
        said = {"en": "one more food for each carpenter you hold (R23)",
                "ko": "가진 목수 한 명마다 음식을 하나 더"}[lang]
        assert said in " ".join(feeding.body.split())
        cost = {"en": "two carpenters and a winter card asking for 3 food make 5 food",
                "ko": "목수 둘에 음식 3개를 요구하는 겨울 카드면 음식 5개"}[lang]
        assert cost in " ".join(rl.render(rl.topic("carpenters"), width=200).split())
    finally:
        texts.choose(None)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_expansion_topic_claims_no_edition_and_the_winter_names_the_furniture_shop(lang: str) -> None:
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        expansion = " ".join(rl.render(rl.topic("expansion"), width=200).split())
        for claim in ("second edition", "2판", "box of"):
            assert claim not in expansion
        winter = rl.topic("winter").body
        assert "R23" in rl.topic("winter").rules and {"en": "furniture shop", "ko": "가구점"}[lang] in winter
        assert {"en": "in every mode", "ko": "모든 방식"}[lang] in " ".join(winter.split())
        assert {"en": "any mode", "ko": "어느 방식이든"}[lang] in " ".join(rl.topic("winter-tasks").body.split())
    finally:
        texts.choose(None)


GAME_COMMAND = re.compile(r"`(?:[a-z]+ )?(?:go|furnish|fix|cut|lignum new) [^`]*`")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_commands_stay_out_of_the_rule_prose_and_are_shown_marked(lang: str) -> None:
    """Issue 23: `anna furnish ...`, `go carpenter` and the like sit in the marked 'how to enter it' line."""
    from lignum_companion.texts import catalog as texts

    texts.choose(lang)
    try:
        for t in rl.list_topics():
            assert "`" not in t.body, (lang, t.id)
        for topic_id, command in (("furniture-shop", "`anna furnish dry2:mF dry3:mS`"),
                                  ("carpenters", "`anna go carpenter`"), ("buildings", "`anna go buildings smithy`"),
                                  ("winter-cutting", "`cut hut:1 millworker:no`"),
                                  ("expansion", "`lignum new --expansion joinery`")):
            shown = " ".join(rl.render(rl.topic(topic_id), width=200).split())
            marker = {"en": "How to enter it: ", "ko": "입력 방법: "}[lang]
            assert marker in shown and command in shown.split(marker, 1)[1], (lang, topic_id)
            assert GAME_COMMAND.search(rl.topic(topic_id).body) is None
        assert rl.topic("furniture-shop").as_json()["enter"].startswith("`anna furnish")
    finally:
        texts.choose(None)


GLOSSARY_NOT = {  # /work/shared/GLOSSARY.md: Korean words a topic must not show, whatever it is about
    "통나무", "건조 영역", "건조칸", "숲 속 빈터", "숲속 공터", "빈터", "조커", "갈대", "식량", "판매 영역", "가공한",
    "연목", "경목", "땔감", "뗏목 운반", "오두막 짓기", "건조 1단계", "을(를)", "이(가)", "은(는)",
}


def test_korean_topics_follow_the_glossary() -> None:
    """Every shown Korean topic text (title, body, how to enter it, rulings, other readings) uses the glossary's
    words: a disk is never 통나무, the drying areas are 건조 구역, the craftwork joker 만능, and so on."""
    lib = rl._library_of("ko")
    shown = [(t.id, " ".join((t.title, t.body, t.enter))) for t in lib.topics]
    shown += [(r.id, " ".join((r.title, r.text, r.other.reading if r.other else ""))) for r in lib.rulings.values()]
    bad = [(where, word) for where, text in shown for word in GLOSSARY_NOT if word in text]
    assert bad == []
    storage = [where for where, text in shown if re.search(r"(?<!장작 )창고", text)]
    assert storage == []  # the firewood storage is always 장작 창고 (저장고 is the food-storage hut)


# --- the table's situation (issue 23): a question asked in `play` during winter prefers winter topics ------


@pytest.mark.parametrize("question,step,outside,inside", [
    ("who cuts first", "winter cutting", "cutting", "winter-cutting"),
    ("how much wood can i cut", "winter sawing", "cutting", "winter-cutting"),
    ("두 개 톱질할 수 있어?", "winter sawing", "sawing", "winter-sawing"),
])
def test_the_step_the_table_is_in_tips_the_answer(question, step, outside, inside) -> None:
    assert rl.lookup(question)[0].id == outside
    assert rl.lookup(question, step=step)[0].id == inside
    assert rl.lookup(question, step="work transport")[0].id == outside


def test_the_step_never_overrides_a_clear_answer() -> None:
    for question, topic_id in (("how do I build a hut", "huts"), ("how much do I repay for a loan", "loans"),
                               ("can I sell hardwood", "selling")):
        assert rl.lookup(question, step="winter feeding")[0].id == topic_id


@pytest.mark.parametrize("lang,plain,winter", [
    ("en", "what do i need to saw", "what do i need to saw in winter"),
    ("ko", "톱질에 뭐가 필요해", "겨울에 톱질하려면 뭐가 필요해"),
])
def test_a_winter_step_with_a_spring_namesake_needs_winter_named(lang: str, plain: str, winter: str) -> None:
    """[context_unnamed]: players ask for winter-sawing only by naming winter (or during it, in `play`); without
    that, the spring step comes first and its winter namesake ranks lower."""
    lib = rl._library_of(lang).search
    at = lib.ids.index("winter-sawing")
    assert rank._boosts(plain, lib, "").get(at) == rank.UNNAMED_FACTOR < 1
    assert rank._boosts(winter, lib, "").get(at, 1.0) > 1
    assert rank._boosts(plain, lib, "winter sawing").get(at, 1.0) > 1
    assert rank.ranked(plain, lib)[0] == "sawing"
    assert rank.ranked(winter, lib)[0] == "winter-sawing"


@pytest.mark.parametrize("lang,question", [("en", "how many bearers with 4 players"), ("ko", "4인이면 짐꾼 몇 명")])
def test_naming_four_players_ranks_the_smaller_player_counts_lower(lang: str, question: str) -> None:
    lib = rl._library_of(lang).search
    boosts = rank._boosts(question, lib, "")
    smaller = (boosts.get(lib.ids.index("two-players")), boosts.get(lib.ids.index("three-players")))
    assert smaller == (rank.ELSEWHERE_FACTOR, rank.ELSEWHERE_FACTOR)
    assert rank._boosts(question.replace("4", "2"), lib, "").get(lib.ids.index("two-players"), 1.0) > 1


@pytest.mark.parametrize("lang,question,count", [
    ("en", "expert with three people, how many planned work cards", "three-players"),
    ("en", "two people, is the forest smaller", "two-players"),
    ("ko", "3인플 나무꾼 몇명 깔죠", "three-players"),
    ("ko", "둘인데 숲 영역 몇 개 써", "two-players"),
    ("ko", "세명이서 하면 과업 카드 몇 장", "three-players"),
    ("ko", "저희 세 명인데요 10번 칸에 나무꾼 몇 명", "three-players"),
])
def test_the_player_count_said_the_players_way_names_its_topic(lang: str, question: str, count: str) -> None:
    """'three people', 3인플, 세명이서 name the player count as '3 players' and 3인 do; a number alone does not
    ('3 woodcutters', 셋째 건조 구역), nor a stop word beside it ('3 of us' is no bare 3)."""
    lib = rl._library_of(lang).search
    assert rank._boosts(question, lib, "").get(lib.ids.index(count), 1.0) == rank.CONTEXT_FACTOR
    plain = {"en": ("3 woodcutters on 10", "2 of the bearers", "3 of them are on 10"),
             "ko": ("셋째 건조 구역 보너스", "둘이 같은 번호 골라도 돼", "오두막 셋 다 건조용 자리에 놔도 돼")}[lang]
    for said in plain:
        assert not {lib.ids.index(t) for t in ("two-players", "three-players")} & set(rank._boosts(said, lib, ""))


@pytest.mark.parametrize("lang,question", [("en", "can i use a wagon in winter"),
                                           ("ko", "겨울에 짐꾼이나 수레로 나르면 안돼?")])
def test_naming_winter_ranks_the_wagon_and_the_bearers_lower(lang: str, question: str) -> None:
    """The sledge is the only transport in winter: a winter question ranks the wagon, the bearers' and the
    wagon's locations lower, and the sledge higher (R7, R13)."""
    lib = rl._library_of(lang).search
    boosts = rank._boosts(question, lib, "")
    assert [boosts.get(lib.ids.index(t)) for t in ("wagon", "loc-4", "loc-6")] == [rank.ELSEWHERE_FACTOR] * 3
    assert boosts.get(lib.ids.index("sledge"), 1.0) > 1
    assert rank._boosts(question.replace("winter", "summer").replace("겨울", "여름"), lib, "").get(
        lib.ids.index("wagon"), 1.0) == 1.0


def test_play_passes_its_step_to_the_lookup(tmp_path) -> None:
    """`rules ...` typed at a prompt of `play` in winter answers with the winter topic; the same words given to
    `lignum rules` outside a game answer with the spring one."""
    sys.path.insert(0, str(Path(__file__).parent))
    from helpers import script_to, start

    path = script_to(start(2, winter=((6, 4), (5, 3))), step="cutting", round=4).write(tmp_path / "w.lignum")
    env = {**__import__("os").environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "100"}
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(path)],
                       input="rules who cuts first\nquit\n", capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert "Winter step 1: woodcutting  [winter-cutting]" in r.stdout, r.stdout[-3000:]
    outside = run("rules", "who", "cuts", "first")
    assert outside.stdout.startswith("Phase 1: woodcutting  [cutting]")


# --- the ranking's ways of reading a question (issue 23, views/rules_rank.py) -----------------------------


def test_a_place_name_adds_no_synonyms_but_the_word_alone_does() -> None:
    """'sale area' is a place on the mill board, not selling: its 'sale' adds no 'sell'; a bare 'sale' does."""
    from lignum_companion.views import rules_rank as rank

    lib = rl._library_of("en").search
    assert rank._query_terms("the final sale", lib).get("sell") == rank.SYNONYM
    assert "sell" not in rank._query_terms("does hardwood go to the sale area", lib)


@pytest.mark.parametrize("question,location", [("can i go to 13", True), ("location 6 twice", True),
                                               ("3 players", False), ("i have $7", False)])
def test_a_number_said_as_a_place_weighs_as_a_word(question: str, location: bool) -> None:
    from lignum_companion.views import rules_rank as rank

    lib = rl._library_of("en").search
    number = next(w for w in rank._words(question) if w.isdigit())
    assert rank._query_terms(question, lib)[number] == (1.0 if location else rank.WEAK)


def test_a_korean_number_before_beon_is_a_location() -> None:
    from lignum_companion.views import rules_rank as rank

    lib = rl._library_of("ko").search
    assert rank._query_terms("13번 칸에 서도 돼", lib)["13"] == 1.0
    assert rank._query_terms("사료 3개", lib)["3"] == rank.WEAK


def test_a_topic_holding_every_word_asked_beats_one_repeating_a_few() -> None:
    """The coordination factor: of two topics with the same raw text score, the one that covers more of the
    question's weight ranks first; one covering nothing of it keeps COORD_FLOOR ** COORD of its score."""
    from lignum_companion.views import rules_rank as rank

    assert (rank.COORD_FLOOR + (1 - rank.COORD_FLOOR) * 1.0) ** rank.COORD == 1.0
    assert 0 < rank.COORD_FLOOR ** rank.COORD < (rank.COORD_FLOOR + (1 - rank.COORD_FLOOR) * 0.5) ** rank.COORD < 1
    assert rl.lookup("milled firewood from one firewood disk")[0].id == "sawing"  # not selling's price list


@pytest.mark.parametrize("lang,topic_id,said", [
    ("en", "sawing", "Only pieces in your sawing area can be sawn"),
    ("ko", "sawing", "목공소에 있는 원목만 톱질할 수"),
    ("en", "tasks", "Unmilled hardwood never lies on those areas, so it cannot fill a task until it is sawn"),
    ("ko", "tasks", "톱질하기 전에는 과업에 쓸 수 없습니다"),
])
def test_sawing_and_tasks_say_which_wood_they_take(lang: str, topic_id: str, said: str) -> None:
    assert said in " ".join(rl._library_of(lang).by_id[topic_id].body.split())


# --- the learned vote (views/rules_learned.py) ------------------------------------------------------------

from lignum_companion.views import rules_learned as learned  # noqa: E402
from lignum_companion.views import rules_rank as rank  # noqa: E402

_TOY_ASKED = [("can my sledge carry wood in the snow", "how many pieces fit on a sledge"),
              ("how much does a loan cost", "can i take another loan")]
_TOY_NAMED = [("Sledge winter transport",), ("Loans money", "A loan gives $4.")]


def _toy(spot: Path | None = None) -> learned.Learned:
    return learned.learn_cached(_TOY_ASKED, _TOY_NAMED, False, rank._stem, rank._bare, spot)


def test_the_vote_learns_from_how_a_topic_was_asked_even_misspelt() -> None:
    """Character n-grams carry a misspelt question to the topic whose questions share its letters."""
    for question, topic in (("sledgde in snw", 0), ("anothr lone", 1), ("slegde pieces", 0)):
        vote = _toy().probabilities(learned.features(question, rank._stem, rank._bare))
        assert vote.index(max(vote)) == topic, (question, vote)
        assert abs(sum(vote) - 1) < 1e-9


def test_korean_features_survive_particles_and_spacing() -> None:
    """'썰매에' and '썰매로' share the syllable n-grams of 썰매; spacing does not cut a word's n-grams."""
    said = learned.features("썰매에 몇 개", rank._stem, rank._bare)
    asked = learned.features("썰매로몇개 실어", rank._stem, rank._bare)
    assert {"w:썰매", "썰매"} <= said and "썰매" in asked and "썰" in said & asked


def test_the_vote_is_kept_and_read_back_the_same(tmp_path: Path) -> None:
    spot = tmp_path / "vote.marshal"
    counted = _toy(spot)
    assert spot.is_file()
    spot_bytes = spot.read_bytes()
    kept = _toy(spot)
    query = learned.features("sledge snow", rank._stem, rank._bare)
    assert kept.probabilities(query) == counted.probabilities(query) and kept.seen == counted.seen
    assert spot.read_bytes() == spot_bytes  # read, not written again


def test_a_changed_question_or_a_broken_cache_is_counted_again(tmp_path: Path) -> None:
    spot = tmp_path / "vote.marshal"
    _toy(spot)
    changed = learned.learn_cached([*_TOY_ASKED[:1], ("loan loan loan",)], _TOY_NAMED, False, rank._stem,
                                   rank._bare, spot)
    # 'loan loan loan', the title and the body line, not the two questions counted before
    assert changed.count(1, "w:loan") == 3 and changed.count(0, "w:loan") == 0
    spot.write_bytes(b"not marshal data")
    assert _toy(spot).seen == _toy(None).seen


def test_the_learned_vote_is_part_of_the_ranking() -> None:
    """Without the vote the ranking is the texts' alone; with it, the blend keeps the best topic a match."""
    index = rl._library_of("en").search
    assert index.learned.seen and len(index.learned.denominators) == len(index.ids)
    scored = rank.scores("can my sledge carry hardwood", index)
    assert scored[0][0] <= 1 + index.learned.weight  # texts scaled to 1, plus at most the vote's weight
    assert index.ids[scored[0][1]] in {"sledge", "transport", "winter-transport"}


# --- the question's language, and questions about nothing in the game (issue 32) -------------------------


def _no_choice(monkeypatch: pytest.MonkeyPatch, locale: str = "en_US.UTF-8") -> None:
    """No --lang, no LIGNUM_LANG, and a locale: the machine's setting, which counts as no choice."""
    monkeypatch.delenv("LIGNUM_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", locale)


def test_a_question_in_hangul_is_answered_in_korean_when_no_language_was_chosen(monkeypatch) -> None:
    _no_choice(monkeypatch)
    korean = run("rules", "겨울에", "음식이", "모자라면")
    assert korean.exit_code == 0 and korean.stdout.startswith("겨울 5단계: 음식 섭취  [winter-feeding]")
    assert "적용하는 판정" in korean.stdout and "Rulings applied" not in korean.stdout
    assert run("rules", "fodder").stdout.startswith("Location 6: fodder")  # Latin letters keep the locale
    chosen = run("rules", "겨울에 음식이 모자라면", "--lang", "en")
    assert chosen.exit_code == 0 and chosen.stdout.startswith("Winter step 5: feeding  [winter-feeding]")
    monkeypatch.setenv("LIGNUM_LANG", "en")
    assert run("rules", "겨울에 음식이 모자라면").stdout.startswith("Winter step 5: feeding")
    assert rl.language_of("겨울에 음식이 모자라면") is None  # LIGNUM_LANG chose
    monkeypatch.delenv("LIGNUM_LANG")
    assert rl.language_of("겨울에 음식이 모자라면") == "ko" and rl.language_of("winter food") is None


@pytest.mark.parametrize("query,lang", [("치킨 시켜도 돼?", "ko"), ("what's the wifi password", "en"),
                                        ("오늘 날씨 어때", "ko"), ("should we get beer", "en")])
def test_a_question_about_nothing_in_the_game_says_so_lists_topics_and_exits_1(monkeypatch, query, lang) -> None:
    _no_choice(monkeypatch)
    assert rl.lookup(query) == []
    result = run("rules", *query.split())
    assert result.exit_code == 1 and result.stdout == ""
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1
    assert ("맞는 규칙이 없습니다" in line) == (lang == "ko") and ("no rule matches" in line) == (lang == "en")
    ids = {t.id for t in rl.list_topics()}
    named = re.findall(r"`(?:lignum rules )?([a-z-]+)`", line)
    assert len(named) >= 5 and set(named) <= ids, named


def test_a_question_with_a_game_word_or_a_part_of_the_game_still_finds_its_topic() -> None:
    assert rl.lookup("3인이면 뭐가 달라")[0].id == "three-players"  # names a player count, few words of the texts
    assert rl.lookup("price list for wood please")[0].id == "selling"
    assert rl.lookup("go to 13")[0].id == "loc-13"


@pytest.mark.parametrize("question,count", [
    ("we are 2 players, do we put 3 firewood on three areas", "two-players"),
    ("2인이면 첫 숲에 장작 3개 영역 몇 개야", "two-players"),  # 2인인데 장작 3개 놓는 영역: placement (docs)
    ("three of us, how many bearers", "three-players"),
])
def test_a_player_count_named_wins_over_another_number_in_the_question(question: str, count: str) -> None:
    """Issue 32: a two-player setup question that also says "3" was answered with the three-player rules."""
    assert rl.lookup(question)[0].id == count


def test_a_question_that_crosses_two_topics_shows_the_second_ones_settling_line_under_the_first() -> None:
    found, crossed = rl.answer("we are 2 players, do we put 3 firewood on three areas")
    assert found[0].id == "two-players" and crossed is not None and crossed.id == "three-players"
    shown = rl.render(found[0], width=80, also=crossed, short=True).splitlines()
    head = " ".join(" ".join(shown[:8]).split())
    assert head.index(" ".join(rl.settling(found[0]).split())[:30]) < head.index("[three-players]")
    assert " ".join(rl.settling(crossed).split())[:30] in head
    result = run("rules", "we", "are", "2", "players,", "do", "we", "put", "3", "firewood", "on", "three", "areas")
    assert result.exit_code == 0 and "Also Changes for three players [three-players]:" in result.stdout
    assert json.loads(run("rules", "wagon", "--json").stdout)["also"] is None


@pytest.mark.parametrize("question,first,settles", [
    ("can I put milled firewood from the heating storage onto a task", "winter-heating", "put on a task"),
    ("장작 창고 가공된 장작 과업에 써도 됨?", "winter-heating", "과업에 올릴 수 없습니다"),
    ("can i sell the wood in my firewood storage at the end", "final-sale", "firewood storage bring nothing"),
    ("do loans count before we compare money at the end", "loans", "before money is compared"),
])
def test_questions_across_two_topics_are_settled_in_the_first_lines(question: str, first: str, settles: str) -> None:
    """Issue 32: storage wood onto a task, selling the storage at the end, loans before comparing money."""
    from lignum_companion.texts import catalog as texts

    with texts.speaking("ko" if rl.HANGUL.search(question) else "en"):
        topic = rl.lookup(question)[0]
        assert topic.id == first
        assert settles in " ".join(" ".join(rl.render(topic, 80, short=True).splitlines()[1:3]).split())
