"""Engine refusals are data: a message key, its figures and the ruling id, rendered by the clients in either language.

The engine is being converted: refusals raised with an English sentence (`raise IllegalAction(f"...")`) may only
become fewer. New engine code raises `IllegalAction.keyed(KEY, RULE, **fields)` with KEY in
templates/en/refusals.toml and templates/ko/refusals.toml (the key-parity test checks both). A line the notation
cannot read is data the same way: `NotationError.keyed(KEY, LINE, **fields)` with KEY in the [notation] table.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lignum_companion import texts
from lignum_companion.engine import IllegalAction, apply, data, new_game, parse

ENGINE = Path(__file__).resolve().parents[1] / "lignum_companion" / "engine"
# Sentences still raised in English, per engine module: this may only go down (convert them to keys).
LEGACY_LIMIT: dict[str, int] = {}  # every engine refusal is a message key now


def _refusals(path: Path, cls: str = "IllegalAction") -> tuple[list[int], list[tuple[int, str]]]:
    """(lines raising an English sentence, (line, key) of keyed errors) of one module, for one error class."""
    legacy, keyed = [], []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == cls:
            message = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg in
                                                           ("reason", "message")), None)
            # Any sentence counts: a literal, an f-string, a sum, or a name or call holding one (`why`); only
            # an error passing its own fields on (errors.py: `self.raw_reason`) or an empty one is not a sentence.
            passed_on = isinstance(message, ast.Attribute) and isinstance(message.value, ast.Name) \
                and message.value.id == "self"
            empty = isinstance(message, ast.Constant) and message.value == ""
            if message is not None and not passed_on and not empty:
                legacy.append(node.lineno)
        elif isinstance(f, ast.Attribute) and f.attr == "keyed" and isinstance(f.value, ast.Name) \
                and f.value.id == cls:
            assert node.args and isinstance(node.args[0], ast.Constant), f"{path.name}:{node.lineno}: a literal key"
            keyed.append((node.lineno, node.args[0].value))
    return legacy, keyed


def test_no_new_english_refusals_in_the_engine() -> None:
    grown = {}
    for path in sorted(ENGINE.glob("*.py")):
        legacy, _ = _refusals(path)
        if len(legacy) > LEGACY_LIMIT.get(path.name, 0):
            grown[path.name] = (len(legacy), LEGACY_LIMIT.get(path.name, 0), legacy)
    assert grown == {}, "raise IllegalAction.keyed(KEY, RULE, **fields) with KEY in templates/*/refusals.toml"


def test_every_key_the_engine_raises_has_a_text_in_every_language() -> None:
    raised = {key for path in ENGINE.glob("*.py") for _, key in _refusals(path)[1]}
    assert raised, "the engine raises keyed refusals"
    for lang in texts.LANGS:
        table = texts._read(lang, "refusals")["refuse"]
        assert raised <= set(table), (lang, raised - set(table))
        assert set(table) <= raised, (lang, "texts for keys nothing raises", set(table) - raised)


def _refusal(line: str) -> IllegalAction:
    from tests.helpers import make_setup

    g = new_game(make_setup())
    with pytest.raises(IllegalAction) as info:
        apply(g, parse(line))
    return info.value


def test_a_refusal_is_data_and_renders_in_either_language() -> None:
    e = _refusal("anna go 4 2")  # the table must lay the path first
    assert e.key == "not_your_turn" and e.fields["name"] == "anna" and e.rule == ""
    assert e.at["action"] == "anna go 4 2" and e.at["pos"]["step"] == "path"
    try:
        texts.choose("en")
        assert str(e) == ("anna go 4 2 (spring year 1, path): it is not anna's turn; waiting for the table to lay "
                          "the path tokens")
        texts.choose("ko")
        assert str(e) == "anna go 4 2 (1년차 봄, 경로): anna의 차례가 아닙니다. 기다리는 사람: 테이블: 경로 토큰 놓기"
        assert e.reason == "anna의 차례가 아닙니다. 기다리는 사람: 테이블: 경로 토큰 놓기"
    finally:
        texts.choose(None)


def test_the_engine_holds_no_sentence_of_a_keyed_refusal() -> None:
    """A keyed refusal's wording lives in the templates only (a phrase of 25 characters or more is looked for)."""
    sentences = [t for t in texts._read("en", "refusals")["refuse"].values()]
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    phrases = [part.strip() for t in sentences for part in t.replace("}", "{").split("{")[::2]]
    assert [p for p in phrases if len(p) >= 25 and p in source] == []


# --- notation errors (engine/actions.py, pieces.py) ----------------------------------------------------------


def test_the_engine_reads_no_line_with_an_english_sentence() -> None:
    """Every NotationError the engine raises is `NotationError.keyed(KEY, LINE, **fields)`, none a sentence."""
    sentences = {p.name: _refusals(p, "NotationError")[0] for p in sorted(ENGINE.glob("*.py"))}
    assert {name: lines for name, lines in sentences.items() if lines} == {}


def test_the_check_catches_a_plain_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('raise NotationError(f"the location must be 1–{n}", line)\n'
                   'raise NotationError.keyed("location_range", line, last=20)\n', encoding="utf-8")
    assert _refusals(bad, "NotationError") == ([1], [(2, "location_range")])
    bad.write_text('why = location_skipped(g, loc)\n'
                   'raise IllegalAction(why, "R2")\n'  # a sentence held in a name is still a sentence
                   'raise IllegalAction(reason=describe(loc), rule="R2")\n'
                   'raise IllegalAction.keyed("go-location_skipped", "R2", loc=loc)\n'
                   'return IllegalAction(self.raw_reason, self.rule, key=self.key)\n', encoding="utf-8")
    assert _refusals(bad) == ([2, 3], [(4, "go-location_skipped")])


def test_a_skipped_location_is_refused_as_data_in_either_language() -> None:
    """The refusal once built from an English sentence held in a variable (R2): a move to the planned work
    location of a basic game is refused with a key, its fields and the ruling, worded in either language."""
    from lignum_companion import gamefile

    gf = gamefile.read(Path(__file__).resolve().parents[1] / "examples" / "basic-2p.lignum")
    at = next(i for i, line in enumerate(gf.action_texts()) if " go " in f" {line} ")
    g = gamefile.replay(gf, upto=at)
    mover = gf.action_texts()[at].split()[0]
    before = g.to_dict()
    with pytest.raises(IllegalAction) as info:
        apply(g, parse(f"{mover} go 8 sawing 2"))
    e = info.value
    assert (e.key, e.rule, e.fields) == ("go-location_skipped", "R2", {"loc": 8, "location": "plan"})
    assert g.to_dict() == before  # the state is untouched
    try:
        texts.choose("en")
        assert e.reason == "location 8, the planned work location, is skipped in this mode"
        texts.choose("ko")
        assert e.reason.startswith("8번 칸(") and e.reason.endswith("이 모드에서 쓰지 않습니다")
    finally:
        texts.choose(None)


def test_every_notation_key_the_engine_raises_has_a_text_in_every_language_and_back() -> None:
    raised = {key for path in ENGINE.glob("*.py") for _, key in _refusals(path, "NotationError")[1]}
    assert len(raised) > 50, "the engine raises keyed notation errors"
    for lang in texts.LANGS:
        table = texts._read(lang, "refusals")["notation"]
        assert raised <= set(table), (lang, raised - set(table))
        assert set(table) <= raised, (lang, "texts for keys nothing raises", set(table) - raised)
        assert "notation" in texts._read(lang, "refusals")["frame"], lang


def _word_keys() -> set[str]:
    """The `what` word keys the engine passes: `_int(TEXT, WHAT, ...)`, `parse_bag(TEXT, ALLOWED, WHAT)`, `what=`."""
    out = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            where = {"_int": 1, "parse_bag": 2}.get(name)
            if where is not None and len(node.args) > where and isinstance(node.args[where], ast.Constant):
                out.add(node.args[where].value)
            out |= {k.value.value for k in node.keywords if k.arg == "what" and isinstance(k.value, ast.Constant)
                    and name == "keyed"}
    return out


def test_every_word_a_notation_error_names_is_put_into_words_in_every_language() -> None:
    used = _word_keys()
    assert {"piece", "cutting_area", "how_many", "hut"} <= used
    for lang in texts.LANGS:
        assert set(texts._read(lang, "refusals")["notation_what"]) == used | {"item"}, lang  # parse_bag's default
        words = texts._read(lang, "words")  # {board} and {location} of board_no_location
        assert {b.name for b in data.BOARDS.values()} <= set(words["boards"]), lang
        assert set(data.LOCATION_KINDS) <= set(words["locations"]), lang


def test_the_engine_holds_no_sentence_of_a_notation_error() -> None:
    sentences = [t for t in texts._read("en", "refusals")["notation"].values()]
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    phrases = [part.strip() for t in sentences for part in t.replace("}", "{").split("{")[::2]]
    assert [p for p in phrases if len(p) >= 25 and p in source] == []
