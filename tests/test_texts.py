"""Every language has every text: the same files, keys and placeholders in templates/en and templates/ko."""

from __future__ import annotations

import pytest

from lignum_companion import gamefile, texts

OTHER = [lang for lang in texts.LANGS if lang != texts.DEFAULT]
# Korean help of the commands is checked against the command tree itself (tests/test_lang_cli.py).
KO_ONLY = {"help"}


def _flatten(value: object, where: str, out: dict[str, object]) -> None:
    """Key path -> leaf; [[topic]] and [[ruling]] arrays are keyed by their ids, other lists by position."""
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


RULES_PENDING = pytest.mark.xfail(strict=True, reason="the Korean rules topics are still being written (issue 12)")


def _params() -> list:
    out = []
    for lang in OTHER:
        for name in sorted(_files(texts.DEFAULT)):
            marks = [RULES_PENDING] if name.startswith("rules/") and not (texts.TEMPLATES / lang / f"{name}.toml"
                                                                          ).exists() else []
            out.append(pytest.param(lang, name, marks=marks, id=f"{lang}:{name}"))
    return out


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
            assert type(other[key]) is type(value), key


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
