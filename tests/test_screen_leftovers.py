"""What a whole-game tryout of `lignum play` still found (the table typing every move, 80 columns): each checked on
the examples' own lines piped into play, as `benchmarks/bench_screen.py --typed` does, or on a short game."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from play_helpers import run_session

from lignum_companion.texts import catalog as texts

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@cache
def typed_game(name: str, folder: str) -> str:
    """The transcript of play fed an example's action lines one answer each, on a new file with its header."""
    lines = (EXAMPLES / f"{name}.lignum").read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    body = [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]
    path = Path(folder) / f"{name}.lignum"
    path.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    texts.choose("en")
    try:
        code, out = run_session(path, body, seed="7")
    finally:
        texts.choose(None)
    assert code == 0, out[-2000:]
    return out


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("typed")
    return {name: typed_game(name, str(folder)) for name in ("expert-4p", "tactical-2p")}


def rounds(out: str) -> list[str]:
    """The transcript cut at each season's heading."""
    return re.split(r"(?m)^=== ", out)


def test_a_warning_is_said_once_a_round_while_its_figures_stay(games: dict[str, str]) -> None:
    """The sawing area's wait for a saw was said at each step's prompt, 5-6 times a round."""
    for name, out in games.items():
        for part in rounds(out):
            said = [" ".join(w.split()) for w in re.findall(r"(?m)^  ⚠ .*(?:\n    .*)*", part)]
            again = {w for w in said if said.count(w) > 1}
            assert not again, (name, part[:60], again)


def test_the_new_seasons_automatic_moves_come_under_its_heading(games: dict[str, str]) -> None:
    """Overtime's hardwood and the planned work acting (R20) were said above the season's heading, after the
    recap of the season before."""
    acting = re.findall(r"(?m)^  Automatic: planned work acting in (\w+) of year (\d)", games["expert-4p"])
    assert acting
    for part in rounds(games["expert-4p"])[1:]:
        heading = re.match(r"(\w+), year (\d)", part)
        if heading is None:  # the final scores
            continue
        for season, year in re.findall(r"(?m)^  Automatic: planned work acting in (\w+) of year (\d)", part):
            assert (season.capitalize(), year) == heading.groups(), part[:300]
        recap = part.find("Money after")
        for line in re.findall(r"(?m)^.*\(Overtime, R20\)", part):  # said under the heading, before the recap
            assert part.index(line) < recap % len(part), part


def test_a_line_typed_exactly_is_not_said_back_and_no_echo_runs_past_80_columns(games: dict[str, str]) -> None:
    """"  (`path saw food ...`)" came after typing just that line, and ran to 82 columns."""
    for name, out in games.items():
        lines = out.splitlines()
        for i, line in enumerate(lines):
            if re.match(r"^\S.*> (path|task|placement) ", line):  # a table's line typed in the notation
                # its ok line: next, or under the next season's heading when the path opened it
                ok = next(ln for ln in lines[i + 1:i + 12] if ln.startswith("  ok: "))
                echo = " ".join([ok] + lines[lines.index(ok, i + 1) + 1:lines.index(ok, i + 1) + 3])
                assert line.partition("> ")[2] not in echo and "(`" not in echo, (name, line, echo)
            elif not re.match(r"^\S.*> ", line) and "/typed" not in line:  # what play wrote (not what was typed,
                # nor the game file's own name)
                assert texts.display_width(line) <= 80, (name, line)


def test_a_backticked_line_longer_than_the_width_breaks_at_its_spaces() -> None:
    long = "path saw food wagon stake raft coin sledge board food wagon saw raft shingle"
    lines = texts.wrap(f"  ok: the supply path as laid (`{long}`)", 80, "  ")
    assert max(texts.display_width(x) for x in lines) <= 80 and " ".join(" ".join(lines).split()).endswith(long + "`)")
    assert texts.wrap("see `lignum calc sale` here", 20) == ["see", "`lignum calc sale`", "here"]  # short: whole


def test_craftwork_sold_at_the_market_is_a_sale_and_its_plan_is_not_warned_after_it(games: dict[str, str]) -> None:
    """`john go 19 sell:2stake+joker sell:2board buy:3food` said '2 boards, 1 joker, 2 stakes back to the supply',
    then warned that his planned Craftwork lacked two identical tokens to sell: he had just sold them (R17, R20)."""
    out = games["expert-4p"]
    after = out[out.index("john> john go 19 sell:"):]
    answer = after[:after.index("\n-- ")]  # up to the next question
    assert "ok: john: sell 2 boards, 1 joker, 2 stakes at the market; buy 3 food at the" in answer, answer
    assert "back to the supply" not in answer and "Craftwork" not in answer, answer


def test_the_forecast_says_its_money_is_still_to_find_at_todays_prices(games: dict[str, str]) -> None:
    """'3 missing: $9' grew to '4 missing: $12' with the same wood held, as money fell (heating wood sold to pay
    for the food, R14): the figure is money still to find as things stand, and says so."""
    forecasts = [" ".join(f.split()) for f in re.findall(r"(?m)^  \w+: food \d+ of \d+.*(?:\n  [^ -].*)*",
                                                          games["expert-4p"])]
    assert any("still to find at today's prices" in f for f in forecasts)
    assert not any(re.search(r"\d+ missing: \$", f) for f in forecasts)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "harold has $2 and no loan left: spending all of it at locations 4, 8 or 19 leaves nothing to pay with"),
    ("ko", "harold: $2가 있고 더 받을 대출이 없습니다: 4, 8 또는 19번 칸에서 돈을 모두 쓰면 그 뒤로 낼 돈이 없고"),
])
def test_the_last_dollar_warning_says_what_and_why_not_a_list_of_lines(lang: str, said: str) -> None:
    """'⚠ harold has $2 and no loan left: `harold go 4 2` / `harold go 8 sawing 1` / ... would leave nothing to pay
    with' was mostly lines to type, three screen lines of them (R15)."""
    from lignum_companion.engine.advice import Alert
    from lignum_companion.views.game import warning_text

    moves = ["harold go 4 2", "harold go 8 sawing 1", "harold go 8 overtime 1", "harold go 19 buy:saw+food"]
    texts.choose(lang)
    try:
        text = warning_text(Alert("broke-move", "harold", "R15", 5, "travel", "", {"money": 2, "moves": moves}))
    finally:
        texts.choose(None)
    assert text.startswith(said) and "`" not in text and "go 4" not in text and text.endswith("(R15)"), text


def test_the_rules_answer_in_play_names_what_works_at_its_prompt(tmp_path: Path) -> None:
    """Inside play the answer said `lignum rules selling` (typed there: `rules selling`) and `lignum calc sale`
    as if it were typed at the prompt, which reads only undo, status, rules, help and quit."""
    from helpers import PATHS, start

    path = start(2).then("path " + PATHS[2]).write(tmp_path / "r.lignum")
    texts.choose("en")
    try:
        _, out = run_session(path, ["rules how is a sale worked out", "rules R11", "rules", "quit"])
    finally:
        texts.choose(None)
    flat = " ".join(out.split())
    assert "the whole topic: rules selling" in flat and "Read more: rules drying" in flat
    assert "In another terminal, not at this prompt: Work out a sale with `lignum calc sale`." in flat
    assert "Show one with `rules TOPIC`" in flat and "lignum rules" not in flat


def test_a_question_said_above_its_answer_line_leaves_no_lone_question_mark(monkeypatch) -> None:
    """'Write the score sheet to /a/long/path.pdf?' is too wide for the terminal's answer line: said above it,
    the answer line then showed a stray '? (Y/n)'."""
    import io

    import questionary

    from lignum_companion.table import console as console_module

    seen: list[str] = []

    def confirm(message: str, **kw: object) -> object:
        seen.append(f"{kw.get('qmark')}|{message}")
        return True

    monkeypatch.setattr(questionary, "confirm", confirm)
    monkeypatch.setattr(console_module, "ask_deferring_signals", lambda build: build())
    con = console_module.Console(tty=True, stdin=io.StringIO(), stdout=io.StringIO())
    assert con.confirm("Write the score sheet to /" + "very-long-folder/" * 6 + "game.pdf?")
    assert con.confirm("Write it?")
    assert seen[-1] == "?|Write it?" and all(one.split("|", 1)[1].strip() for one in seen), seen  # never a bare ?
    assert "Write the score sheet to" in con.stdout.getvalue()  # the words that do not fit, said above


def test_a_warning_whose_count_changes_nothing_is_said_once_a_round_per_player() -> None:
    """A tryout heard `harold has hired sawyers but holds no saw` at each free sawyer taken (5-6 times a round): a
    new count of sawyers, or the wood moving on to the sawing area, changes nothing the table should do (R9).
    A warning whose figures matter (money, R15) is said again when they change."""
    from types import SimpleNamespace

    from lignum_companion.engine.advice import Alert
    from lignum_companion.table.session import Session

    s = SimpleNamespace(warned={})
    said = [Session.unsaid(s, a) for a in (  # type: ignore[arg-type]
        Alert("sawyers-no-saw", "harold", "R9", 2, "travel", "", {"sawyers": 1}),
        Alert("sawyers-no-saw", "harold", "R9", 2, "travel", "", {"sawyers": 2}),
        Alert("saw-area-no-saw", "harold", "R9", 2, "sawing", "", {"pieces": "2 hardwood"}),
        Alert("sawyers-no-saw", "victoria", "R9", 2, "travel", "", {"sawyers": 1}),
        Alert("sawyers-no-saw", "harold", "R9", 3, "travel", "", {"sawyers": 2}),
        Alert("broke-move", "harold", "R15", 3, "travel", "", {"money": 3, "moves": ["go 4"]}),
        Alert("broke-move", "harold", "R15", 3, "travel", "", {"money": 2, "moves": ["go 5"]}),
    )]
    assert said == [True, False, False, True, True, True, True]


def test_planned_work_is_said_once_a_season(games: dict[str, str]) -> None:
    """A tryout heard nicole's Overtime three times in one summer: its hardwood moved, `planned work acting ...:
    Overtime for nicole`, then at harold's turn `nicole's planned work Overtime works this summer` (R20). A card is
    said once: the line of what it did, or the line of which card acts; no reminder after either."""
    for part in rounds(games["expert-4p"])[1:]:
        flat = " ".join(part.split())
        assert not re.search(r"planned work \w[\w ]* works this", flat), part[:200]
        for name in re.findall(r"Automatic, (\w+): 1 hardwood: supply → woodpile \(Overtime, R20\)", flat):
            assert f"Overtime for {name}" not in flat, part[:300]
    assert "Overtime for" not in games["expert-4p"] and "(Overtime, R20)" in games["expert-4p"]


def test_the_tasks_block_says_a_task_that_can_be_completed_now_as_such(games: dict[str, str]) -> None:
    """The last winter's tasks block said `harold's task T2 ($18) still needs milled hardwood from the third drying
    area...` with those pieces there, and harold completed T2 right under it (R19): a task the engine's fills
    complete now is said as one to complete, and no task said to still need pieces is completed in that step."""
    out = games["expert-4p"]
    checked = 0
    for part in rounds(out):
        flat = " ".join(part.split())
        start = flat.find("Tasks: ")
        if start < 0:
            continue
        after = flat[start:]
        for name, task in re.findall(r"(\w+)'s task (T\d+) \(\$\d+\) still needs", after):
            checked += 1
            assert f"task {task} is complete" not in after, (name, task, after[:400])
        for name, task in re.findall(r"(\w+) can complete task (T\d+) \(\$\d+\) now", after):
            assert f"task {task} is complete" in after, (name, task)
            assert after.count(f"can complete task {task} ") == 1  # the block says it; no warning under it
    final = " ".join(rounds(out)[-2].split())
    assert "harold can complete task T2 ($18) now" in final and "victoria can complete task T5 ($15) now" in final
    assert checked
