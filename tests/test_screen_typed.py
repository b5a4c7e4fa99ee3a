"""A table that types every move as it speaks (issue 32 §1): piped `play` at 80 columns prints at most 7 lines an
answer in both languages, by saying less, never by hiding a board move; menus come short while moves are typed
and whole again once an answer is a menu key."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import PATHS, start
from play_helpers import run_session

from lignum_companion import table
from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BUDGET = 7.0
OK = {"en": "  ok: ", "ko": "  저장: "}


class Counting(table.Console):
    """A plain console (piped input, 80 columns) that counts the lines written after each answer."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__(tty=False, stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=io.StringIO())
        self.per_answer: list[list[str]] = [[]]

    def write(self, text: str) -> None:
        self.per_answer[-1].append(text)

    def _read(self, message: str) -> str:
        raw = super()._read(message)
        self.per_answer.append([])
        return raw


def typed_game(example: str, lang: str, tmp_path: Path) -> tuple[Counting, table.Session, list[str]]:
    """Pipe an example's own lines into play on a new file with its header, one answer each, in `lang`."""
    lines = (EXAMPLES / f"{example}.lignum").read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    answers = [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]
    path = tmp_path / f"{example}.lignum"
    path.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    catalog.choose(lang)
    try:
        gf, g = gamefile.load(path)
        con = Counting(answers)
        s = table.Session(path, gf, g, con, "7")
        s.main()
    finally:
        catalog.choose(None)
    return con, s, answers


@pytest.mark.parametrize(("example", "lang"), [("expert-4p", "en"), ("joinery-expert-3p", "ko"),
                                               ("tactical-2p", "en"), ("tactical-2p", "ko")])
def test_a_whole_typed_game_prints_at_most_seven_lines_an_answer_and_says_every_move(example, lang, tmp_path,
                                                                                       monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    con, s, answers = typed_game(example, lang, tmp_path)
    assert s.g.over and len(s.gf.actions) == len(answers)  # every line accepted, the game ended
    texts = ["".join(t) for t in con.per_answer[1:]]
    counts = [t.count("\n") for t in texts]
    assert len(counts) == len(answers)
    assert sum(counts) / len(counts) <= BUDGET, f"{sum(counts) / len(counts):.2f} lines an answer"
    # never by hiding a board move: each answer's move is said in its `ok:` line, and no line is over 80 columns
    assert all(OK[lang] in t for t in texts), [a for a, t in zip(answers, texts, strict=True) if OK[lang] not in t]
    typed = tuple(answers)  # a prompt with the answer typed after it wraps at the terminal as the table types
    shown = [line for t in texts for line in t.splitlines()
             if not line.endswith(typed) and str(tmp_path) not in line]  # nor a file's name, as long as it is
    assert max(catalog.display_width(line) for line in shown) <= 80, max(shown, key=catalog.display_width)


TRAVEL2 = start(2).then("path " + PATHS[2])


def test_menus_come_short_while_moves_are_typed_and_whole_after_a_menu_key(tmp_path):
    path = TRAVEL2.write(tmp_path / "typed.lignum")
    _, out = run_session(path, ["anna go 1", "ben go 3", "c", "quit"])
    assert path.read_text(encoding="utf-8").splitlines()[-3:] == ["anna go 1", "ben go 3", "anna go clearing"]
    after_typed = out.split("> ben go 3", 1)[1].split("> c\n", 1)[0]
    assert "menus come short" in out  # said once, with `?` to see one whole
    # the line that says the move, the turn's line, one line of entries (the end of the path kept), the prompt
    assert " · c:end the trip" in after_typed and len(after_typed.strip("\n").splitlines()) == 4, after_typed
    # an answer by key (`c`): the table reads the menus, so the next brief has its two lines again
    after_key = out.split("> c\n", 1)[1].split("> quit", 1)[0]
    assert len(after_key.strip("\n").splitlines()) == 5 and "11:sledge" in after_key, after_key


def test_the_travel_line_fits_the_screen_leaving_out_the_mill_worker_and_the_huts_first(tmp_path):
    from helpers import fix

    script = TRAVEL2.then(fix("anna", "saw", 2), fix("anna", "stake", 1), fix("anna", "board", 1),
                          fix("anna", "drying-hut", 1), fix("anna", "accom-hut", 1), fix("anna", "raft", 2))
    _, out = run_session(script.write(tmp_path / "held.lignum"), ["quit"])
    line = next(ln for ln in out.splitlines() if ln.startswith("-- anna, travel:"))
    assert catalog.display_width(line) <= 80 and "2 saws" in line and "2 rafts" in line, line
    assert "mill worker" not in line and "drying hut" not in line and line.endswith("…"), line  # `status anna`


def test_the_winter_forecast_is_whole_once_a_round_a_player_then_one_line_when_it_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    con, _, _ = typed_game("advanced-3p", "en", tmp_path)
    rounds = "".join("".join(t) for t in con.per_answer).split("\n=== ")
    again = 0
    for text in rounds:
        lines = text.splitlines()
        whole = [lines[i + 1].split(":")[0].strip() for i, ln in enumerate(lines[:-1])
                 if ln.startswith("Coming winter (year")]
        assert len(whole) == len(set(whole)), whole  # each player's whole reckoning at most once a round
        short = [ln for ln in lines if ln.startswith("Winter (year")]
        assert all(catalog.display_width(ln) <= 80 for ln in short), short
        assert not {ln.split(", ", 1)[1].split(":")[0] for ln in short} - set(whole)  # after the whole one only
        again += len(short)
    assert again  # the one-line form is said (figures change within a round in this game)


def test_the_planned_work_choices_fit_a_30_row_screen_one_line_each(tmp_path):
    """The planned work sub-menu was 32 lines (each entry wrapped): its 15 choices and the question fit 30 rows."""
    lines = (EXAMPLES / "expert-4p.lignum").read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    body = [ln for ln in lines[end:] if ln.strip() and not ln.startswith("#")]
    first = next(i for i, ln in enumerate(body) if " go 8 " in ln)
    path = tmp_path / "plan.lignum"
    path.write_text("\n".join(lines[:end] + body[:first]) + "\n", encoding="utf-8")
    _, out = run_session(path, ["8", "quit"])
    sub = out.split("> 8\n", 1)[1].split("> quit", 1)[0].splitlines()
    entries = [ln for ln in sub if ln[:5].strip().isdecimal()]
    assert len(entries) >= 12 and len(sub) == len(entries) + 2, sub  # the question, the entries, the prompt
    assert all(catalog.display_width(ln) <= 80 for ln in sub)


def test_a_path_typed_while_the_season_ends_is_said_under_the_next_seasons_heading(tmp_path, monkeypatch):
    """An English table's tryout: 'ok: the supply path as laid' came before 'Money after summer' and the fall's
    heading when the path was typed at the last selling prompt."""
    monkeypatch.setenv("NO_COLOR", "1")
    con, _, answers = typed_game("tactical-2p", "en", tmp_path)
    for i, answer in enumerate(answers):
        text = "".join(con.per_answer[i + 1])
        if answer.startswith("path ") and "=== " in text:
            assert text.index("Money after") < text.index("=== ") < text.index("ok: the supply path"), text
            break
    else:
        raise AssertionError("no path typed while a season ended")


def test_a_korean_typing_tables_short_menus_are_in_words(tmp_path, monkeypatch):
    """A Korean table's tryout: every short menu after the path showed only codes (`1:cut 3F · 3:done`)."""
    monkeypatch.setenv("NO_COLOR", "1")
    con, _, _ = typed_game("advanced-3p", "ko", tmp_path)
    text = "".join("".join(t) for t in con.per_answer)
    short = [ln for ln in text.splitlines() if ln.startswith("  1:") and " · " in ln]
    assert short and not [ln for ln in short if "1:cut " in ln or "1:sell " in ln or "1:carry " in ln], short[:5]
    assert any("1:" in ln and "팔기" in ln for ln in short)  # the selling menu's entries in words
