"""Every language has every text: the same files, keys and placeholders in templates/en and templates/ko."""

from __future__ import annotations

from pathlib import Path

import pytest

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts

OTHER = [lang for lang in texts.LANGS if lang != texts.DEFAULT]
# Korean help of the commands is checked against the command tree itself (tests/test_lang_cli.py).
KO_ONLY = {"help"}


OWN_WORDS = texts.OWN_WORDS  # word lists that belong to one language (search keywords, stop words, synonyms)


def _flatten(value: object, where: str, out: dict[str, object]) -> None:
    """Key path -> leaf; [[topic]] and [[ruling]] arrays are keyed by their ids, other lists by position."""
    if where.rsplit(".", 1)[-1] in OWN_WORDS:
        out[where] = type(value)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{where}.{k}" if where else k, out)
    elif isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
        for v in value:
            _flatten(v, f"{where}[{v['id']}]", out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _flatten(v, f"{where}[{i}]", out)
    else:
        out[where] = value


def _keys(lang: str, name: str) -> dict[str, object]:
    doc = texts._read(lang, name)
    shared = set(texts._read(texts.DEFAULT, name).get(texts.LANGUAGE_FREE, ())) | {texts.LANGUAGE_FREE}
    out: dict[str, object] = {}
    _flatten({k: v for k, v in doc.items() if k not in shared}, "", out)
    return out


def _files(lang: str) -> set[str]:
    return set(texts.files(lang))


def _params() -> list:
    return [pytest.param(lang, name, id=f"{lang}:{name}") for lang in OTHER for name in sorted(_files(texts.DEFAULT))]


def test_every_language_has_the_same_files() -> None:
    for lang in OTHER:
        assert _files(lang) - KO_ONLY <= _files(texts.DEFAULT), "a translation has a file English lacks"


@pytest.mark.parametrize("lang,name", _params())
def test_every_key_exists_both_ways_with_the_same_placeholders(lang: str, name: str) -> None:
    en, other = _keys(texts.DEFAULT, name), _keys(lang, name)
    assert sorted(set(en) - set(other)) == [], f"templates/{lang}/{name}.toml lacks these keys"
    assert sorted(set(other) - set(en)) == [], f"templates/{lang}/{name}.toml has keys English lacks"
    for key, value in en.items():
        if isinstance(value, str):
            assert isinstance(other[key], str), key
            assert texts.placeholders(other[key]) == texts.placeholders(value), f"{name}: {key}"
        else:
            assert type(other[key]) is type(value) or other[key] == value, key


def test_missing_keys_fall_back_to_english_and_are_loud_when_strict(monkeypatch, tmp_path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "ko").mkdir()
    (tmp_path / "en" / "t.toml").write_text('a = "one {n}"\nb = "two"\n', encoding="utf-8")
    (tmp_path / "ko" / "t.toml").write_text('a = "하나 {n}"\n', encoding="utf-8")
    monkeypatch.setattr(texts, "TEMPLATES", tmp_path)
    texts._read.cache_clear()
    texts._load.cache_clear()
    try:
        monkeypatch.delenv(texts.ENV_STRICT, raising=False)
        assert texts.load("t", "ko") == {"a": "하나 {n}", "b": "two"}
        texts._load.cache_clear()
        monkeypatch.setenv(texts.ENV_STRICT, "1")
        with pytest.raises(texts.MissingText, match="lacks b"):
            texts.load("t", "ko")
    finally:
        texts._read.cache_clear()
        texts._load.cache_clear()


@pytest.mark.parametrize("env,expected", [
    ({}, "en"),
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}, "ko"),
    ({"LANG": "ko_KR.UTF-8", "LC_ALL": "C.UTF-8"}, "en"),
    ({"LANG": "ko_KR.UTF-8", "LIGNUM_LANG": "en"}, "en"),
    ({"LANG": "C", "LIGNUM_LANG": "ko"}, "ko"),
])
def test_the_language_comes_from_lignum_lang_else_the_locale(monkeypatch, env, expected) -> None:
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    texts.choose(None)
    texts.use_game(None)
    assert texts.current() == expected


def test_the_game_language_beats_the_locale_and_loses_to_an_explicit_choice(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LIGNUM_LANG", raising=False)
    try:
        texts.use_game("ko")
        assert texts.current() == "ko"
        texts.choose("en")
        assert texts.current() == "en"
        with pytest.raises(ValueError, match="unknown language"):
            texts.choose("xx")
    finally:
        texts.choose(None)
        texts.use_game(None)


def test_the_game_file_keeps_its_language_and_old_files_read() -> None:
    from tests.helpers import make_setup

    gf = gamefile.new_file(make_setup(), "ko")
    assert "lang ko" in gf.raw
    again = gamefile.parse_text(gamefile.render(gf))
    assert again.lang == "ko"
    assert gamefile.parse_text(gamefile.render(gamefile.new_file(make_setup()))).lang is None
    bad = gamefile.render(gf).replace("lang ko", "lang xx")
    with pytest.raises(Exception, match="lang is one of"):
        gamefile.parse_text(bad)


SEED_KO = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_baecc53e6581980d.txt"


def _strings(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.mark.skipif(not SEED_KO.exists(), reason="the Korean rules summary is not beside the repository")
def test_no_korean_text_repeats_six_words_of_the_korean_rules_summary() -> None:
    """The Korean texts use the summary's vocabulary but are written in the project's own sentences."""
    import re

    span = 6
    words = re.findall(r"[가-힣A-Za-z0-9]+", SEED_KO.read_text(encoding="utf-8"))
    seen = {tuple(words[i: i + span]) for i in range(len(words) - span + 1)}
    copied = []
    for name in texts.files("ko"):
        for text in _strings(texts._read("ko", name)):
            w = re.findall(r"[가-힣A-Za-z0-9]+", text)
            copied += [(name, " ".join(w[i: i + span])) for i in range(len(w) - span + 1)
                       if tuple(w[i: i + span]) in seen]
    assert copied == []
