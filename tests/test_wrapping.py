"""Wrapping in the table mode keeps a backticked hint whole: `10 1` or `go 5` is typed as it is shown."""

from __future__ import annotations

import re

import pytest

from lignum_companion.table.layout import display_width, wrap_lines
from lignum_companion.texts import catalog as texts

NOTES = {
    "en": "3 woodcutters for $3, area has 3 wood (R4) (or 1-3: `10 1`) and then `go clearing` to end the trip",
    "ko": "나무꾼 3명 $3, 구역에 목재 3개 (R4) (또는 1-3: `10 1`) 그리고 `go clearing` 으로 이동을 끝냅니다",
}


def _spans(lines: list[str]) -> list[str]:
    return [s for line in lines for s in re.findall(r"`[^`]*`", line)]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", range(24, 70))
def test_no_line_breaks_inside_a_backticked_hint(lang: str, width: int) -> None:
    for lines in (texts.wrap(NOTES[lang], width), wrap_lines(NOTES[lang], width),  # menu notes, step texts
                  wrap_lines("  " + NOTES[lang], width, reflow=True)):
        assert all(line.count("`") % 2 == 0 for line in lines), lines
        assert _spans(lines) == ["`10 1`", "`go clearing`"]
        assert " ".join(" ".join(lines).split()) == " ".join(NOTES[lang].split())


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_menu_hint_keeps_its_hints_whole_at_every_width(lang: str) -> None:
    texts.choose(lang)
    try:
        hint = texts.load("play")["text"]["menu_hint"]
    finally:
        texts.choose(None)
    for width in range(30, 90):
        lines = wrap_lines(hint, width)
        assert all(line.count("`") % 2 == 0 for line in lines), (width, lines)
        assert all(display_width(line) <= width or "`" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rules_topics_keep_their_backticked_commands_whole(lang: str) -> None:
    """`lignum rules` (also at the play prompt) wraps with texts.wrap: a command like `lignum calc sale` stays on
    one line at every width."""
    from lignum_companion.views import rules_lookup as rl

    texts.choose(lang)
    try:
        for topic in rl.list_topics():
            for width in (44, 60, 80, 100):
                lines = rl.render(topic, width=width).splitlines()
                assert all(line.count("`") % 2 == 0 for line in lines), (topic.id, width, lines)
    finally:
        texts.choose(None)


# --- display width without colour codes; money figures stay whole (issue #12) ----------------------------

LONG = {
    "en": "Winter of year 1: anna pays $14 for 7 food and -$2 for the loan, ben pays $9 for 4 food and 2 firewood, "
          "cleo has nothing to pay and keeps $21 (R18, R19)",
    "ko": "1년차 겨울: 민준은 식량 7개에 $14 지불하고 대출에 -$2, 지우는 식량 4개와 땔감 2개에 $9 지불, "
          "서연은 낼 것이 없고 $21을 지킵니다 (R18, R19)",
}


def test_colour_codes_take_no_columns() -> None:
    """A coloured name was counted by its escape bytes, so `lignum play` wrapped its lines too early."""
    from lignum_companion.texts.term import paint

    assert display_width(paint("ben", "red", True)) == 3
    assert display_width(paint("민준", "orange", True)) == 4
    assert texts.plain(paint("ben", "red", True) + ", travel") == "ben, travel"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_coloured_line_wraps_where_the_plain_one_does(lang: str) -> None:
    """The "-- ben, travel: ..." line of the play mode breaks at the same words with and without colour."""
    from lignum_companion.texts.term import paint

    name = {"en": "ben", "ko": "지우"}[lang]
    rest = LONG[lang]
    plain_line = f"-- {name}, travel: " + rest
    coloured = f"-- {paint(name, 'red', True)}, travel: " + rest
    for width in (40, 60, 80):
        want = wrap_lines(plain_line, width)
        got = wrap_lines(coloured, width)
        assert [texts.plain(x) for x in got] == want
        assert all(display_width(x) <= width for x in got)
        assert len(want) > 1 and display_width(want[0]) > width - 12  # the first line is filled, not cut short


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", range(30, 121, 7))
def test_wrap_never_splits_a_money_figure_and_fits_the_width(lang: str, width: int) -> None:
    lines = texts.wrap(LONG[lang], width, subsequent_indent="  ")
    assert all(display_width(x) <= width for x in lines), lines
    assert all(x.startswith("  ") for x in lines[1:])
    words = " ".join(lines).split()
    assert words == LONG[lang].split()  # every word whole: $14, -$2, $9 and $21 never cut
    for fig in ("$14", "-$2", "$9"):
        assert any(fig in x for x in lines)


def test_wrap_keeps_the_first_lines_indentation_and_inner_spaces() -> None:
    assert texts.wrap("  a  b", 80) == ["  a  b"]
    assert texts.wrap("    민준 $3 지우 $4", 12, subsequent_indent="    ") == ["    민준 $3", "    지우 $4"]
    assert texts.wrap("", 40) == [] and texts.wrap("   ", 40) == []


# --- `next`, `show` and `score` wrap their sentences to the terminal (issue #12) --------------------------


@pytest.fixture(scope="module")
def after_winter(tmp_path_factory) -> str:
    """A 3-player game at the spring after its first winter: the winter bills and the money recap are shown."""
    from helpers import fix, script_to, start

    script = script_to(start(3).then(fix("anna", "money", -5)), until=lambda g: g.round >= 5)
    return str(script.write(tmp_path_factory.mktemp("wrap") / "after.lignum"))


def _run(args: list[str], columns: str | None, monkeypatch) -> str:
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG", "COLUMNS"):
        monkeypatch.delenv(var, raising=False)
    try:
        result = CliRunner().invoke(app, args, env={"COLUMNS": columns, "NO_COLOR": "1"})
    finally:
        texts.choose(None)
        texts.use_game(None)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_next_wraps_to_the_width_without_splitting_a_figure(lang: str, after_winter: str, monkeypatch) -> None:
    """The winter lines (Korean: past 120 columns) broke mid-figure in the terminal ('$1' / '4 지불')."""
    whole = _run(["--lang", lang, "next", after_winter], None, monkeypatch)
    assert max(display_width(x) for x in whole.splitlines()) > 100  # a pipe gets each sentence on one line
    for width in (44, 60, 80):
        shown = _run(["--lang", lang, "next", after_winter], str(width), monkeypatch)
        lines = shown.splitlines()
        assert all(display_width(x) <= width for x in lines), [x for x in lines if display_width(x) > width]
        assert shown.split() == whole.split()  # the same words, each whole: $12, -$5 and +$8 are never cut
        assert len(lines) > len(whole.splitlines())
        bills = [i for i, x in enumerate(whole.splitlines()) if "$12" in x and display_width(x) > width]
        assert bills  # a winter bill goes on two columns in, apart from the next bill
        for i, x in enumerate(lines[1:], 1):
            if x and not x.startswith(" ") and lines[i - 1] and "$12" in lines[i - 1]:
                assert lines[i - 1].rstrip().endswith((".", ":")), (lines[i - 1], x)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_show_and_score_wrap_their_sentences_but_never_json(lang: str, monkeypatch) -> None:
    import json
    from pathlib import Path

    game = str(Path(__file__).parent.parent / "examples" / "expert-4p.lignum")
    narrow = _run(["--lang", lang, "show", game], "40", monkeypatch).split("\n\n")[-1].splitlines()
    wide = _run(["--lang", lang, "show", game], None, monkeypatch).split("\n\n")[-1].splitlines()
    assert len(narrow) > len(wide) and max(display_width(x) for x in wide) > 40  # path, cards, waiting
    assert all(display_width(x) <= 40 for x in narrow) and " ".join(narrow).split() == " ".join(wide).split()
    over = _run(["--lang", lang, "next", game], "40", monkeypatch)
    assert "  lignum score " + game in over  # a command set apart to be copied stays whole
    for args in (["show", game, "--json"], ["score", game, "--json"]):
        assert json.loads(_run(["--lang", lang, *args], "40", monkeypatch)) == \
            json.loads(_run(["--lang", lang, *args], None, monkeypatch))
    score = _run(["--lang", lang, "score", game], "40", monkeypatch)
    whole = _run(["--lang", lang, "score", game], None, monkeypatch)
    # issue 21: at 40 columns the score table comes in blocks that fit, each repeating place and name;
    # nothing is lost, and a pipe (no COLUMNS) keeps the table whole
    assert all(display_width(x) <= 40 for x in score.splitlines() if not x.startswith("  lignum "))
    assert {w for w in whole.split() if w.strip("-")} <= set(score.split())
    assert max(display_width(x) for x in whole.splitlines()) > 40


def test_a_backticked_hint_with_hangul_counts_its_spaces_when_wrapped() -> None:
    """The spaces kept inside `김서연아님 go 4 2` (held as NULs while wrapping) take their columns: the examples
    line of a Hangul-named player ran 4 columns past an 80-column terminal."""
    from lignum_companion.texts import catalog as texts

    line = ("Examples: `김서연아님 go 4 2` | `김서연아님 go 7` | `김서연아님 go market buy:saw` | "
            "`김서연아님 go clearing`")
    lines = texts.wrap_lines(line, 80, reflow=True, hang="  ")
    assert len(lines) > 1 and all(texts.display_width(w) <= 80 for w in lines)
    assert " ".join(w.strip() for w in lines) == line  # nothing lost, every hint whole


def _bill_and_ok(lang: str) -> list[str]:
    """A winter bill and an `ok:` line as the table mode words them, each with a money change `$A → $B`."""
    with texts.speaking(lang):
        t, play = texts.load("screen")["events"], texts.load("play")["text"]
        short = texts.fill(t["bill_short_food"], n=1)
        change = texts.fill(t["money"], reasons=texts.fill(t["bill_missing"], what=short, cost=3), before=7, after=4)
        bill = texts.fill(t["bill"], name="maria", parts="; ".join([texts.fill(t["bill_hand_in"], food=5, heat=3),
                                                                      change]))
        ok = texts.fill(play["saved_moves"], name="ben", words=texts.fill(t["money"], reasons="x " * 20, before=8,
                                                                           after=6))
    return [bill, ok]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_money_change_is_never_split_at_any_width(lang: str) -> None:
    """Issue 32 §1: a Korean table read `$7 →` / `$4.` at the end of a winter bill; the change is one amount."""
    for text in _bill_and_ok(lang):
        assert "→ $" in text
        for width in range(24, 91):
            for lines in (texts.wrap(text, width, "  "), wrap_lines(text, width, reflow=True, hang="  ")):
                assert not any(line.rstrip().endswith("→") or line.lstrip().startswith("→") for line in lines), lines
                assert all(display_width(line) <= width for line in lines), lines
                assert not any(mark in line for line in lines for mark in "\x00\x01\x02"), lines  # spaces again
                assert " ".join(" ".join(lines).split()) == " ".join(text.split())


def test_a_money_change_wider_than_the_line_still_breaks() -> None:
    assert texts.wrap("pay $1000000 → $2000000", 10) == ["pay", "$1000000 →", "$2000000"]
