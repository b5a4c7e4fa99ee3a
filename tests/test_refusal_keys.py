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

from lignum_companion.engine import IllegalAction, apply, data, new_game, parse
from lignum_companion.texts import catalog as texts

ENGINE = Path(__file__).resolve().parents[1] / "lignum_companion" / "engine"
USE_CASE = ENGINE.parent / "gamefile" / "commit.py"
# Sentences still raised in English, per engine module: this may only go down (convert them to keys).
LEGACY_LIMIT: dict[str, int] = {}  # every engine refusal is a message key now


def _rel(path: Path) -> str:
    """An engine module by its place in the engine (steps/__init__.py apart from __init__.py)."""
    return path.relative_to(ENGINE).as_posix()


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
    for path in sorted(ENGINE.rglob("*.py")):
        legacy, _ = _refusals(path)
        if len(legacy) > LEGACY_LIMIT.get(path.name, 0):
            grown[path.name] = (len(legacy), LEGACY_LIMIT.get(path.name, 0), legacy)
    assert grown == {}, "raise IllegalAction.keyed(KEY, RULE, **fields) with KEY in templates/*/refusals.toml"


def test_every_key_the_engine_raises_has_a_text_in_every_language() -> None:
    sources = [*ENGINE.rglob("*.py"), USE_CASE]  # and the saving use case's own (a line not the player's, issue 29)
    raised = {key for path in sources for _, key in _refusals(path)[1]}
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
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    phrases = [part.strip() for t in sentences for part in t.replace("}", "{").split("{")[::2]]
    assert [p for p in phrases if len(p) >= 25 and p in source] == []


# --- notation errors (engine/actions.py, pieces.py) ----------------------------------------------------------


def test_the_engine_reads_no_line_with_an_english_sentence() -> None:
    """Every NotationError the engine raises is `NotationError.keyed(KEY, LINE, **fields)`, none a sentence."""
    sentences = {_rel(p): _refusals(p, "NotationError")[0] for p in sorted(ENGINE.rglob("*.py"))}
    assert {name: lines for name, lines in sentences.items() if lines} == {}


def test_the_check_catches_a_plain_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('raise NotationError(f"the location must be 1–{n}", line)\n'
                   'raise NotationError.keyed("location_range", line, last=20)\n', encoding="utf-8")
    assert _refusals(bad, "NotationError") == ([1], [(2, "location_range")])
    bad.write_text('why = location_skipped(g, loc)\n'
                   'raise IllegalAction(why, "R2")\n'  # a sentence held in a name is still a sentence
                   'raise IllegalAction(reason=describe(loc), rule="R2")\n'
                   'raise IllegalAction.keyed("location_not_in_mode", "R2", loc=loc)\n'
                   'return IllegalAction(self.raw_reason, self.rule, key=self.key)\n', encoding="utf-8")
    assert _refusals(bad) == ([2, 3], [(4, "location_not_in_mode")])


def test_a_skipped_location_is_refused_as_data_in_either_language() -> None:
    """The refusal once built from an English sentence held in a variable (R2): a move to the planned work
    location of a basic game is refused with a key, its fields and the ruling, worded in either language."""
    from lignum_companion.gamefile import store as gamefile

    gf = gamefile.read(Path(__file__).resolve().parents[1] / "examples" / "basic-2p.lignum")
    at = next(i for i, line in enumerate(gf.action_texts()) if " go " in f" {line} ")
    g = gamefile.replay(gf, upto=at)
    mover = gf.action_texts()[at].split()[0]
    before = g.to_dict()
    with pytest.raises(IllegalAction) as info:
        apply(g, parse(f"{mover} go 8 sawing 2"))
    e = info.value
    assert (e.key, e.rule, e.fields) == ("location_not_in_mode", "R2", {"loc": 8, "location": "plan"})
    assert g.to_dict() == before  # the state is untouched
    try:
        texts.choose("en")
        assert e.reason == "the planned work location (8) is not in play in this mode"
        texts.choose("ko")
        assert e.reason.startswith("이 게임 방식에서는 8번 칸을 쓰지 않습니다 (")
    finally:
        texts.choose(None)


def test_every_notation_key_the_engine_raises_has_a_text_in_every_language_and_back() -> None:
    raised = {key for path in ENGINE.rglob("*.py") for _, key in _refusals(path, "NotationError")[1]}
    assert len(raised) > 50, "the engine raises keyed notation errors"
    for lang in texts.LANGS:
        table = texts._read(lang, "refusals")["notation"]
        assert raised <= set(table), (lang, raised - set(table))
        assert set(table) <= raised, (lang, "texts for keys nothing raises", set(table) - raised)
        assert "notation" in texts._read(lang, "refusals")["frame"], lang


def _word_keys() -> set[str]:
    """The `what` word keys the engine passes: `_int(TEXT, WHAT, ...)`, `parse_bag(TEXT, ALLOWED, WHAT)`, `what=`."""
    out = set()
    for path in ENGINE.rglob("*.py"):
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
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    phrases = [part.strip() for t in sentences for part in t.replace("}", "{").split("{")[::2]]
    assert [p for p in phrases if len(p) >= 25 and p in source] == []


# --- every sentence the engine can produce (issue 22 §2) ------------------------------------------------------

# Strings of the engine with words in them that are data, not sentences a table reads. Each is named here, so a
# new English sentence in the engine fails the test below until it is a key of a template.
ENGINE_WORDS_ALLOWED = {
    # the kinds' and areas' English names: the calculators' command-line words (calc.py), never shown as prose
    "milled firewood", "milled softwood", "milled hardwood", "sawing area", "firewood storage", "sale area",
    "first drying area", "second drying area", "third drying area", "drying hut", "food-storage hut",
    "worker-accommodation hut",
    # ledger reasons: keys of templates/<lang>/labels.toml [reasons] (views.reason_words)
    "starting money", "winter forced sale", "dollar coin token", "cutting area move", "loan (forced by winter)",
    "planned work ", "planned work {}",
    # unicodedata's fallback name of a character in `U+0007 control character` (the refusal's {char})
    "control character",
}
# Messages of a bug (an AssertionError or RuntimeError): entry.py reports them as a bug, never as a refusal.
BUG_CALLS = ("AssertionError", "RuntimeError")


def _sentences(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string with two words in it that the module can hand to a client: no docstring,
    no bug message, no string listed in ENGINE_WORDS_ALLOWED."""
    import re

    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in BUG_CALLS:
            skip |= {id(n) for arg in node.args for n in ast.walk(arg)}
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip |= {id(n) for n in ast.walk(node.msg)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in skip:
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            skip |= {id(v) for v in node.values}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        else:
            continue
        if re.search(r"[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}", text) and text not in ENGINE_WORDS_ALLOWED:
            out.append((node.lineno, text))
    return out


def test_the_engine_produces_no_sentence_of_its_own() -> None:
    """Refusals, notation errors, where the game stands and whom it waits for are data the clients word; a
    sentence held in an engine module (an f-string passed on as a reason) fails here."""
    found = {_rel(p): _sentences(p) for p in sorted(ENGINE.rglob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_sentence_check_catches_a_reason_passed_through_a_variable(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('def skipped(loc):\n    """Why."""\n    return f"location {loc} is skipped in this mode"\n\n'
                   'why = skipped(8)\nraise IllegalAction(why, "R2")\nraise AssertionError(f"no step {why} left")\n'
                   'label = "sale area"\n', encoding="utf-8")
    assert _sentences(bad) == [(3, "location {} is skipped in this mode")]
    assert _refusals(bad) == ([6], [])


def test_where_and_whom_the_engine_waits_for_are_worded_in_the_shown_language() -> None:
    from lignum_companion.engine import flow
    from tests.helpers import make_setup

    g = new_game(make_setup())
    try:
        texts.choose("ko")
        assert flow.where(g) == "1년차 봄, 경로" and flow.waiting_for(g) == "테이블: 경로 토큰 놓기"
        texts.choose("en")
        assert flow.where(g) == "spring year 1, path"
        assert flow.waiting_for(g) == "the table to lay the path tokens"
    finally:
        texts.choose(None)


def test_a_location_the_mode_leaves_out_is_refused_in_words_in_either_language() -> None:
    from tests.helpers import script_to, start

    g = script_to(start(2), step="travel").game()
    who = g.players[g.turn].name
    with pytest.raises(IllegalAction) as info:
        apply(g, parse(f"{who} go 8 trade 1"))
    e = info.value
    assert (e.key, e.rule, e.fields["location"]) == ("location_not_in_mode", "R2", "plan")
    try:
        texts.choose("ko")
        assert e.reason == "이 게임 방식에서는 8번 칸을 쓰지 않습니다 (작업 계획 칸)"
        texts.choose("en")
        assert e.reason == "the planned work location (8) is not in play in this mode"
    finally:
        texts.choose(None)
