"""Wording defects seen when a table tried `lignum play` (issue 21, last parts), each checked as the table sees it.

English counts say the plural ("2 rafts", "1 reed bundle"); a count refusal says why its range is what it is; the
words for pieces are read in a typed line (`bonus softwood`); a table draw is echoed in words first, in Korean
too; an unknown action lists the actions of the question, not every verb; and a shuffle drawn for the table is
kept in the file at once, so a stop before the craftwork kinds are typed loses nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import PATHS, fix, script_to, start
from play_helpers import actions, run_session

from lignum_companion.engine import data as D
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words


@pytest.fixture(params=["en", "ko"])
def lang(request):
    texts.choose(request.param)
    yield request.param
    texts.choose(None)


@pytest.fixture
def en():
    texts.choose("en")
    yield
    texts.choose(None)


def test_english_counts_say_the_plural_and_the_glossary_word(en) -> None:
    assert words.mix({"wagon": 1, "raft": 2, "craft": 3, "X": 2}) == "1 wagon, 2 rafts, 3 craftwork tokens, 2 X tokens"
    assert words.bag({"raft": 2, "reed": 1, "F": 3}) == "3 firewood, 2 rafts, 1 reed bundle (3F+2raft+reed)"
    assert words.said({"reed": 2, "joker": 1, "food": 2}) == "2 food, 1 joker, 2 reed bundles"
    assert words.said({"woodcutters": 1, "bearers": 2, "carpenters": 1, "loans": 2}) == \
        "2 bearers, 1 carpenter, 2 loans, 1 woodcutter"
    assert words.held({"drying": 2, "food": 1}, D.HUT_AREAS) == "2 drying huts, 1 food-storage hut"
    assert words.thing("reed") == "reed bundle"  # GLOSSARY: stake, board, shingle, reed bundle, joker


def test_korean_counts_keep_the_counter_and_no_plural() -> None:
    texts.choose("ko")
    try:
        assert words.mix({"wagon": 1, "raft": 2}) == "수레 1개, 뗏목 2개"
        assert words.held({"drying": 2}, D.HUT_AREAS) == "건조용 오두막 2개"
    finally:
        texts.choose(None)


def test_a_count_refusal_says_the_money_behind_its_range(tmp_path: Path, lang: str) -> None:
    path = start(2).then(fix("anna", "money", -4), "path " + PATHS[2]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["4 3", "quit"])
    refusal = next(line for line in out.splitlines() if line.startswith(("Refused:", "거부됨:")))
    assert "$1" in refusal and ("anna has $1" in refusal if lang == "en" else "anna의 돈이 $1" in refusal)
    assert actions(path) == [fix("anna", "money", -4), "path " + PATHS[2]]  # nothing saved


def test_the_words_for_pieces_are_read_in_a_typed_line(tmp_path: Path, en) -> None:
    assert words.to_notation("anna bonus softwood") == "anna bonus S"
    assert words.to_notation("anna sell sale:milled-firewood") == "anna sell sale:mF"
    assert words.to_notation("milled firewood in the firewood storage") == "mF in the store"
    assert words.to_notation("softwoods anna", keep=("anna",)) == "softwoods anna"  # never inside a word
    script = script_to(start(2).then("path " + PATHS[2]), step="bonus")
    path = script.write(tmp_path / "w.lignum")
    who = "anna" if "anna bonus" not in "\n".join(script.lines) else "ben"
    _, out = run_session(path, [f"{who} bonus softwood", "quit"])
    assert actions(path)[-1] == f"{who} bonus S", out


def test_a_table_draw_is_echoed_in_words_first_with_the_line_typed(tmp_path: Path, lang: str) -> None:
    """In words first; the line as saved beside them when the table typed it otherwise (here in the words of the
    shown language), never repeated when the table typed that very line (a whole-game tryout)."""
    path = start(2).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["path " + PATHS[2].replace("wagon", {"en": "wagons", "ko": "수레"}[lang]), "quit"])
    said = {"en": "ok: the supply path as laid", "ko": "저장: 놓은 대로의 공급 경로"}[lang]
    assert said in out and f"(`path {PATHS[2].split()[0]}" in out
    path = start(2).write(tmp_path / "u.lignum")
    _, out = run_session(path, ["path " + PATHS[2], "quit"])
    assert said in out and "(`path" not in out


def test_the_korean_placement_refusal_names_its_form_in_words() -> None:
    from lignum_companion.engine import NotationError, parse

    texts.choose("ko")
    try:
        with pytest.raises(NotationError) as info:
            parse("placement 2-2F")
        assert "AREA" not in str(info.value) and "영역:물건" in str(info.value)
    finally:
        texts.choose(None)


def test_an_unknown_action_lists_the_actions_of_the_question(tmp_path: Path, lang: str) -> None:
    path = start(2).then("path " + PATHS[2]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["xyzzy", "quit"])
    refusal = out[out.index("xyzzy`"):].split("\n\n")[0]
    assert "`go`" in refusal and ("`loan`" if lang == "en" else "`대출`(loan)") in refusal  # the word a table types
    assert "`heat`" not in refusal and "`furnish`" not in refusal  # not every verb of the notation
    _, out = run_session(path, ["anna sel", "anna lon", "quit"])  # a guess only among this question's verbs
    assert "anna sell" not in out and "`sel`" in out and "`go`" in out
    assert ("did you mean `anna loan`?" if lang == "en" else "혹시 `anna loan`?") in " ".join(out.split())


def test_a_shuffle_is_kept_in_the_file_before_its_craftwork_is_typed(tmp_path: Path, en) -> None:
    path = start(2).write(tmp_path / "t.lignum")
    _, first = run_session(path, ["", "quit"], seed="a")  # shuffle drawn, then a stop at the craftwork question
    kept = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# shuffle:")]
    assert len(kept) == 1 and actions(path) == []
    slots = kept[0].split()[2:]
    _, second = run_session(path, ["", "stake board joker", "quit"], seed="b")  # another seed: it would differ
    assert "as drawn before the stop" in second
    crafts = iter(["stake", "board", "joker"])
    assert actions(path) == ["path " + " ".join(next(crafts) if s == "craft" else s for s in slots)]


def test_a_players_name_on_the_score_sheet_reads_on_white_in_every_colour() -> None:
    from lignum_companion.printables.sheet_base import legible

    def contrast(hex_colour: str) -> float:
        c = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lum = sum(w * (x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4)
                  for w, x in zip((0.2126, 0.7152, 0.0722), c, strict=True))
        return 1.05 / (lum + 0.05)

    palette = texts.load("scoresheet")["colours"]["players"]
    assert contrast(palette["yellow"]) < 3  # the pieces' own yellow, kept for the seat bars and the chart
    assert all(contrast(legible(v)) >= 4.5 for v in palette.values())
    assert legible(palette["blue"]) == palette["blue"]  # a colour that reads already is left as it is


def test_a_menu_seen_before_breaks_its_lines_between_entries(tmp_path: Path, lang: str) -> None:
    import re

    path = start(4).then("path " + PATHS[4]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["1", "1", "quit"])  # anna's menu in full, then the others' in brief
    brief = [line for line in out.splitlines() if " · " in line]
    assert len(brief) >= 2  # a brief menu of several lines
    for line in brief:
        for item in line.strip().split(" · "):
            assert item in ("…", "loan") or re.fullmatch(r"(\d+[b-h]?|c):\S.*", item), (item, line)
            assert item != "loan loan"


def test_a_brief_path_menu_keeps_to_two_lines_and_every_location_still_goes(tmp_path: Path, en) -> None:
    """Issue 21: a travel turn seen before is glanced at: the nearest entries, `…`, the market/end and the
    clearing, in two lines at 80 columns; a location left out is still taken by its number."""
    import re

    path = start(4).then("path " + PATHS[4]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["1", "2", "quit"])  # anna in full; ben's menu brief, then ben goes to 2
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("-- ben, travel"))
    brief = [line for line in lines[at + 1:] if line.startswith("  ")]
    brief = brief[: next((i for i, line in enumerate(brief) if " · " not in line), len(brief))]
    assert 1 <= len(brief) <= 2 and all(len(line) <= 80 for line in brief), brief
    items = " · ".join(line.strip() for line in brief).split(" · ")
    assert items[-1].startswith("c:") and "…" in items, items  # cut, the clearing kept
    assert "one free sawyer" not in " ".join(items) and "a task card" not in " ".join(items)  # the first word left out
    shown = {item.split(":")[0] for item in items}
    assert "18" not in shown  # left out of the brief menu ...
    _, out = run_session(path, ["18", "quit"])  # ... but the next to move still goes there by its number
    assert re.search(r"ok: \w+: take the [a-z ]+ token from location 18\b", out), out[-600:]


def test_a_number_outside_a_sub_menu_says_back_leads_out(tmp_path: Path, en) -> None:
    path = start(2).then("path " + PATHS[2]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["19", "9", "back", "quit"])  # the market's sub-menu, then a key it lacks
    assert "Choose an entry from 1 to" in out and "or `back` to the menu before" in " ".join(out.split())
    assert actions(path) == ["path " + PATHS[2]]


def test_a_lost_task_warning_names_the_pieces_in_words(en) -> None:
    assert words.coded_needs(["mS@2"]) == "milled softwood from the third drying area"
    assert "@" not in words.coded_needs(["mH@1", "F@0"])


def test_a_winter_sale_entry_says_the_wood_in_words(tmp_path: Path, lang: str) -> None:
    script = script_to(start(2), step="bonus", round=4).then(fix("anna", "loans", 2), fix("anna", "dry2.S", 1))
    path = script.write(tmp_path / "w.lignum")
    _, out = run_session(path, ["", "", "", "", "", "quit"])
    said = {"en": "sell 1 softwood from the second drying area: $", "ko": "둘째 건조 구역의 침엽수 1개 팔기: $"}[lang]
    assert said in " ".join(out.split())


def test_a_woodcutter_count_refusal_says_the_wood_in_the_area(tmp_path: Path, en) -> None:
    path = start(2).then("path " + PATHS[2]).write(tmp_path / "t.lignum")
    _, out = run_session(path, ["10 5", "quit"])  # area 1 holds 3 firewood; anna has $5 (R4 caps it)
    assert "Choose a number from 1 to 3: anna's cutting area 1 holds 3 wood, one woodcutter for each piece (R4)." \
        in " ".join(out.split())


def test_a_debt_and_a_plan_are_said_once_a_season_in_play_and_always_in_next(en) -> None:
    """Issue 21 tryout: "anna owes $4 ..." was printed at every step of year 2, and a plan line twice when two
    plans aim at one card and season. In `play` (calm) they come with the season's first step; `next` keeps them."""
    from lignum_companion.engine.state import Plan
    from lignum_companion.views import game as views

    at_path = start(4, mode="expert").game()  # the table lays the path: not a step that acts on plans
    at_travel = start(4, mode="expert").then("path " + PATHS[4], "task 14 mF@0+mF@0", "task 16 S@0+mS@0",
                                              "task 18 S@0+mF@0", "task 8 mF@1+mF@0").game()
    assert at_travel.step == "travel"
    for g in (at_path, at_travel):
        g.players[0].debt = 4
        g.players[1].plans = [Plan("overtime", g.round, 1, 0), Plan("overtime", g.round, 2, 0)]
    owes = [line for line in views.pending_lines(at_path) if "owes" in line]
    assert owes and not [line for line in views.pending_lines(at_path, calm=True) if "owes" in line]
    calm = views.pending_lines(at_travel, calm=True)
    assert [line for line in calm if "owes" in line] == owes
    plans = [line for line in calm if "planned work" in line]
    assert plans == [line for line in views.pending_lines(at_travel) if "planned work" in line]
    assert len(plans) == 1, calm  # the same card for the same season: one line


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_question_mark_at_the_area_prompt_shows_the_areas_again(tmp_path, lang: str) -> None:
    """A tryout's `?` at `Areas for nicole harold victoria john (one number each)>` showed nothing, though the hint
    said `?` shows the menu again: it shows the cutting areas' table again (R5); the hint reads without the prompt
    inside it, and the table is not said twice before the question."""
    from lignum_companion.table.common import tpl

    path = script_to(start(3), step="area", round=2).write(tmp_path / "a.lignum")
    texts.choose(lang)
    try:
        code, out = run_session(path, ["status", "?", "quit"])
        hint = tpl("menu_again", who="")
    finally:
        texts.choose(None)
    assert code == 0
    head = out.splitlines()[[i for i, ln in enumerate(out.splitlines()) if ln.startswith("----")][0] - 1]
    first, _, rest = out.partition("> status")
    assert first.count(head) == 1  # the table once, under the step's reminder
    after = rest.split("> ?", 1)[1]
    assert head in after.split(">", 1)[0]  # `?`: the table again, before the question is asked again
    assert " ".join(hint.split()) in " ".join(rest.split()) and "(one number each)" not in hint and "각각" not in hint
