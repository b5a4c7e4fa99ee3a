"""A line the notation cannot read is refused in the shown language, in one line, and names the board's range.

The engine raises `NotationError.keyed(KEY, LINE, **fields)` (tests/test_refusal_keys.py checks that no sentence
is left in the engine); these tests run it through `lignum do` as a player would, and check the location range
against the board tables (R2: 20 locations then the forest clearing; R23: 22 with the expansion).
"""

from __future__ import annotations

import pytest
from lang_helpers import NEW, env, runner  # noqa: F401  (env: a games folder and no language from outside)

from lignum_companion.cli.app import app
from lignum_companion.engine import NotationError, data, parse
from lignum_companion.gamefile import store as gamefile  # noqa: F401  (gamefile registers the renderer)
from lignum_companion.texts import catalog as texts


@pytest.fixture
def game(env):  # noqa: F811  (the fixture of test_lang_cli)
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--file", str(path)]).exit_code == 0
    yield path
    texts.choose(None)


def _refused(path, line: str, *extra: str) -> str:
    before = path.read_text(encoding="utf-8")
    result = runner.invoke(app, ["do", str(path), line, *extra])
    assert result.exit_code == 1, result.output
    assert path.read_text(encoding="utf-8") == before  # a refusal leaves the file untouched
    out = result.output.strip()
    assert "\n" not in out, out  # one line
    return out


KOREAN = {
    "anna go 99": "읽을 수 없는 줄: 'anna go 99'. 칸은 1~20번 또는 `clearing`이어야 합니다. 받은 것: 99",
    "bogus": "읽을 수 없는 줄: 'bogus'. `bogus`: 테이블 행동(`path`, `placement`, `task`, `fix`)도 "
             "아니고 `이름 행동` 꼴도 아닙니다",
    "anna go 19 x:2": "모르는 부분 `x:`. 이 행동에 쓰는 부분: `buy:`, `sell:`, `trade:`",
    "anna go 4 x": "고용 인원은 정수여야 합니다. 받은 것: `x`",
    "anna go carpenter": "기본 게임판에는 목수 칸이 없습니다 (목수와 건물들 확장에 있습니다, R23)",
    "anna cut 2Q": "읽을 수 없는 줄: 'anna cut 2Q'. `Q`: 알 수 없는 목재입니다. 다음 중 하나여야 합니다: "
                   "`F`, `S`, `H`",
}
ENGLISH = {
    "anna go 99": "refused: cannot read 'anna go 99': the location must be 1–20 or `clearing`, not 99",
    "bogus": "`bogus` is neither a table action (`path`, `placement`, `task`, `fix`) nor `PLAYER VERB`",
    "anna go 19 x:2": "unknown part `x:`; this action takes `buy:`, `sell:`, `trade:`",
    "anna go 4 x": "how many must be a whole number, not `x`",
    "anna go carpenter": "the base board has no carpenter location (it comes with the Joinery and Buildings",
    "anna cut 2Q": "cannot read 'anna cut 2Q': unknown piece `Q`; expected one of `F`, `S`, `H`",
}


@pytest.mark.parametrize("line", list(KOREAN))
def test_a_line_that_cannot_be_read_is_refused_in_korean_with_lang_ko(game, line) -> None:
    out = _refused(game, line, "--lang", "ko")
    assert out.startswith("거부됨: ") and KOREAN[line] in out, out
    assert "cannot read" not in out and "must be" not in out


def test_lignum_lang_ko_chooses_korean_too_in_the_real_program(game) -> None:
    from helpers import cli

    result = cli("do", str(game), "anna go 99", env={"LIGNUM_LANG": "ko"})
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == f"거부됨: {KOREAN['anna go 99']}\n"


@pytest.mark.parametrize("line", list(ENGLISH))
def test_by_default_it_stays_english(game, line) -> None:
    out = _refused(game, line)
    assert out.startswith("refused: cannot read ") and ENGLISH[line] in out, out
    assert "읽을" not in out


def test_a_long_line_is_echoed_short_in_one_line_in_either_language(game) -> None:
    line = "anna go " + "9" * 200
    for extra in ((), ("--lang", "ko")):
        out = _refused(game, line, *extra)
        assert "…" in out and len(out) < 200, out


@pytest.mark.parametrize("board", list(data.BOARDS.values()), ids=lambda b: b.name)
def test_the_location_range_is_the_boards_own(board) -> None:
    """R2: the base path has 20 locations, R23: the expansion's 22; then the forest clearing, which has no number
    of its own on the board (its number last+1 is still read, and written back as `clearing`)."""
    assert board.last == {"base": 20, "joinery": 22}[board.name]
    assert parse(f"anna go {board.last}", board).args["loc"] == board.last
    assert parse(f"anna go {board.clearing}", board).text == "anna go clearing"
    for bad in (0, board.clearing + 1, 99):
        with pytest.raises(NotationError) as info:
            parse(f"anna go {bad}", board)
        assert info.value.key == "location_range" and info.value.fields["last"] == board.last
        assert f"the location must be 1–{board.last} or `clearing`, not {bad}" in str(info.value)


def test_a_bags_error_echoes_the_whole_line() -> None:
    with pytest.raises(NotationError) as info:
        parse("anna go 19 buy:2Q")
    assert info.value.text == "anna go 19 buy:2Q" and info.value.fields["typed"] == "Q"


def test_a_notation_error_is_data_and_keeps_text_and_reason() -> None:
    with pytest.raises(NotationError) as info:
        parse("anna go 99")
    e = info.value
    assert (e.key, e.text, e.fields) == ("location_range", "anna go 99", {"last": 20, "value": "99"})
    try:
        texts.choose("ko")
        assert e.reason == "칸은 1~20번 또는 `clearing`이어야 합니다. 받은 것: 99"
        texts.choose("en")
        assert e.reason == "the location must be 1–20 or `clearing`, not 99"
    finally:
        texts.choose(None)


def test_a_client_may_still_raise_a_sentence_already_in_the_shown_language() -> None:
    """The table's wizard raises NotationError with its own translated text (table/wizard.py, draws.py)."""
    e = NotationError("이름을 입력하세요")
    assert str(e) == e.reason == "이름을 입력하세요" and e.text == "" and e.key == ""
    try:
        texts.choose("en")
        assert str(NotationError("2 names, not 3", "anna ben cleo")) == "cannot read 'anna ben cleo': 2 names, not 3"
    finally:
        texts.choose(None)


@pytest.mark.parametrize("line", ["anna go clearing now", "anna go c x"])
def test_words_after_the_clearing_name_the_clearing_not_its_inner_number(line: str) -> None:
    """`c x` in play was refused as 'location 21 takes no further words': 21 is the program's own number for the
    clearing (the path has 20 locations); the refusal names the clearing and what to type, in both languages."""
    with pytest.raises(NotationError) as info:
        parse(line)
    e = info.value
    assert (e.key, e.fields) == ("go_clearing_no_more_words", {})
    try:
        texts.choose("en")
        assert "forest clearing" in e.reason and "21" not in e.reason
        texts.choose("ko")
        assert "숲 속 공터" in e.reason and "21" not in e.reason
    finally:
        texts.choose(None)
