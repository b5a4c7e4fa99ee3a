"""The language setting from the command line: --lang on every command, LIGNUM_LANG, the game's `lang` header."""

from __future__ import annotations

from lang_helpers import NEW, env, runner  # noqa: F401  (env: a games folder and no language from outside)

from lignum_companion.cli.app import app
from lignum_companion.texts import catalog as texts


def _commands(group=None, prefix=()):
    """Every command path of the app, with its click command ('calc sale', ...)."""
    import typer

    group = group or typer.main.get_command(app)
    ctx = group.make_context("lignum", ["--help"], resilient_parsing=True)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if hasattr(cmd, "list_commands"):
            yield from _commands(cmd, (*prefix, name))
        yield " ".join((*prefix, name)), cmd


def test_every_command_takes_lang() -> None:
    names = []
    for name, cmd in _commands():
        names.append(name)
        assert any(p.name == "lang" for p in cmd.params), name
    assert {"new", "play", "show", "score", "rules", "calc sale", "next"} <= set(names)


def test_a_new_game_records_the_chosen_language_and_later_commands_use_it(env) -> None:  # noqa: F811  (the fixture of lang_helpers)
    result = runner.invoke(app, [*NEW, "--lang", "ko", "--file", str(env / "g.lignum")])
    assert result.exit_code == 0, result.output
    assert "lang ko" in (env / "g.lignum").read_text(encoding="utf-8").splitlines()
    shown = runner.invoke(app, ["show", str(env / "g.lignum")])
    assert shown.exit_code == 0, shown.output
    assert "돈" in shown.output and "money" not in shown.output
    english = runner.invoke(app, ["show", str(env / "g.lignum"), "--lang", "en"])
    assert "money" in english.output and "돈" not in english.output


def test_lignum_lang_and_the_locale_choose_when_the_command_line_does_not(env, monkeypatch) -> None:  # noqa: F811  (the fixture of lang_helpers)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert runner.invoke(app, [*NEW, "--file", str(env / "k.lignum")]).exit_code == 0
    assert "lang ko" in (env / "k.lignum").read_text(encoding="utf-8")
    monkeypatch.setenv("LIGNUM_LANG", "en")
    shown = runner.invoke(app, ["show", str(env / "k.lignum")])
    assert "money" in shown.output
    assert texts.current() == "en"


def test_an_unknown_language_is_a_usage_error(env) -> None:  # noqa: F811  (the fixture of lang_helpers)
    result = runner.invoke(app, ["show", "--lang", "xx"])
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.output


def test_every_command_and_option_has_korean_help() -> None:
    """templates/ko/help.toml says every command's and option's help in Korean, and nothing stale."""
    from lignum_companion.cli.lang import help_texts

    ko = help_texts("ko")
    seen = {"*"}
    missing = []
    for name, cmd in [("", None), *_commands()]:
        seen.add(name)
        entry = ko.get(name, {})
        if "help" not in entry:
            missing.append(f"[help.{name!r}] help")
        for p in (cmd.params if cmd else []):
            if getattr(p, "help", None) is not None and p.name != "lang" and f"--{p.name}" not in entry:
                missing.append(f"[help.{name!r}] --{p.name}")
    assert missing == [], "add these to templates/ko/help.toml"
    assert set(ko) <= seen, f"help for commands that do not exist: {set(ko) - seen}"


def test_help_is_shown_in_korean(env) -> None:  # noqa: F811  (the fixture of lang_helpers)
    result = runner.invoke(app, ["show", "--help", "--lang", "ko"])
    assert "상태를 표로" in result.output and "한 플레이어만 보기" in result.output
    assert "보여 줄 언어" in result.output
    top = runner.invoke(app, ["--lang", "ko", "--help"])
    assert "규칙 심판" in top.output and "게임을 시작합니다" in top.output
    english = runner.invoke(app, ["show", "--help"])
    assert "The state as tables" in english.output
