"""The `--lang en|ko` option of every command, and the help texts in the chosen language.

A command group of this class reads `--lang` wherever it stands on the command line before any command runs
(so `--help` is already in that language), gives every command the option, and lays the help texts of
templates/<lang>/help.toml over the English ones written in the code (docstrings and `help=`).
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import copy
from functools import cache
from typing import Any

import typer
from typer.core import TyperGroup

from . import texts

LANG_HELP = "Language of what is shown: en or ko (default: LIGNUM_LANG, the game's language, else the locale)."


def scan_lang(args: list[str]) -> str | None:
    """The value of `--lang X` or `--lang=X` anywhere before `--`."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _check_lang(value: str | None) -> str | None:
    if value is not None and texts.normalise(value) is None:
        raise typer.BadParameter(texts.text("cli", "bad_lang", value=value, langs=", ".join(texts.LANGS)))
    return value


@cache
def _template_option() -> Any:
    """The `--lang` parameter as typer builds it (typer's public API, whatever click it carries)."""
    probe = typer.Typer()

    @probe.command()
    def probe_command(lang: str = typer.Option(None, "--lang", metavar="en|ko", help=LANG_HELP,
                                               callback=_check_lang, is_eager=True)) -> None:
        """Only here to have typer build the option."""

    option = next(p for p in typer.main.get_command(probe).params if p.name == "lang")
    option.expose_value = False  # the commands themselves never see it: texts holds the choice
    return option


def _lang_option() -> Any:
    return copy.copy(_template_option())


def _localise(cmd: Any, path: str) -> None:
    """Help texts of one command (and its options) in the current language, from templates/<lang>/help.toml."""
    if getattr(cmd, "_lignum_help", None) is None:
        cmd._lignum_help = (cmd.help, cmd.short_help, {p.name: getattr(p, "help", None) for p in cmd.params})
    help_, short, params = cmd._lignum_help
    lang = texts.current()
    all_help = help_texts(lang)
    tr, common = all_help.get(path, {}), all_help.get("*", {})
    cmd.help = tr.get("help", help_)
    cmd.short_help = tr.get("short", None if "help" in tr else short)
    for p in cmd.params:
        if hasattr(p, "help"):
            p.help = tr.get(f"--{p.name}", common.get(f"--{p.name}", params.get(p.name)))


def help_texts(lang: str) -> dict[str, dict[str, str]]:
    """The help texts of a language: command path ('show', 'calc sale', '' for the app) -> key -> text."""
    if lang == texts.DEFAULT:
        return {}
    return texts._read(lang, "help").get("help", {})


class LangGroup(TyperGroup):
    """A typer group whose commands all take `--lang` and show their help in the chosen language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(_lang_option())

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if ctx.parent is None:  # the whole command line: decide the language before anything runs
            lang = scan_lang(args)
            texts.use_game(None)
            try:
                texts.choose(lang)
            except ValueError:
                texts.choose(None)  # the option's own check reports it as a usage error
            _localise(self, "")
        return super().parse_args(ctx, args)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is None:
            return None
        if not any(p.name == "lang" for p in cmd.params):
            cmd.params.append(_lang_option())
        names = [cmd_name]
        while ctx.parent is not None:
            names.append(ctx.info_name)
            ctx = ctx.parent
        _localise(cmd, " ".join(reversed(names)))
        return cmd
