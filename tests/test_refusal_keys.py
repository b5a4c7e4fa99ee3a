"""Engine refusals are data: a message key, its figures and the ruling id, rendered by the clients in either language.

The engine is being converted: refusals raised with an English sentence (`raise IllegalAction(f"...")`) may only
become fewer. New engine code raises `IllegalAction.keyed(KEY, RULE, **fields)` with KEY in
templates/en/refusals.toml and templates/ko/refusals.toml (the key-parity test checks both).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lignum_companion import texts
from lignum_companion.engine import IllegalAction, apply, new_game, parse

ENGINE = Path(__file__).resolve().parents[1] / "lignum_companion" / "engine"
# Sentences still raised in English, per engine module: this may only go down (convert them to keys).
LEGACY_LIMIT: dict[str, int] = {}  # every engine refusal is a message key now


def _refusals(path: Path) -> tuple[list[int], list[tuple[int, str]]]:
    """(lines raising an English sentence, (line, key) of keyed refusals) of one module."""
    legacy, keyed = [], []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id == "IllegalAction" and node.args:
            if isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp)):
                legacy.append(node.lineno)
        elif isinstance(f, ast.Attribute) and f.attr == "keyed" and isinstance(f.value, ast.Name) \
                and f.value.id == "IllegalAction":
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
