"""The `--lang en|ko` option of every command, and the help texts in the chosen language.

A command group of this class reads `--lang` wherever it stands on the command line before any command runs
(so `--help` is already in that language), gives every command the option, and lays the help texts of
templates/<lang>/help.toml over the English ones written in the code (docstrings and `help=`).

typer's and click's own words (`Usage:`, `Options:`, `Show this message and exit.`, `Error: No such option ...`)
are plain English strings in the click that typer carries (no gettext catalogue to hook into), so they are put
into words here: every context makes a `LangFormatter` (usage line, headings, `[required]`), and a usage error
is shown as a `WordedUsageError` (the frame, and the message by its kind or, for click's `ctx.fail` texts, by a
table of their English patterns), from the `[click]` table of templates/<lang>/help.toml. In English nothing is
read and click speaks for itself.
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import copy
import re
from functools import cache
from typing import Any

import typer
from typer import core as typer_core
from typer.core import TyperGroup

from lignum_companion.texts import catalog as texts

# typer's own copy (0.2x), else click (an attribute of typer.core only in some typer versions)
_click: Any = getattr(typer_core, "_click", None) or typer_core.click  # type: ignore[attr-defined]

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


def _localise_help_option(cmd: Any, ctx: Any) -> None:
    """`-h, --help  Show this message and exit.` in the current language."""
    option = cmd.get_help_option(ctx)
    if option is None:
        return
    if getattr(option, "_lignum_help", None) is None:
        option._lignum_help = option.help
    option.help = click_words().get("help_option", option._lignum_help)


def help_texts(lang: str) -> dict[str, dict[str, str]]:
    """The help texts of a language: command path ('show', 'calc sale', '' for the app) -> key -> text."""
    if lang == texts.DEFAULT:
        return {}
    return texts._read(lang, "help").get("help", {})


def click_words() -> dict[str, Any]:
    """typer's and click's own words in the shown language (the [click] table of help.toml); {} in English."""
    lang = texts.current()
    if lang == texts.DEFAULT:
        return {}
    return texts._read(lang, "help").get("click", {})


def worded_metavars(text: str, words: dict[str, Any]) -> str:
    """Argument names and typer's type names (`[file]`, `QUERY`, `<list[str]>`) in a usage line or in the names
    column of a help list, in the words of the [click.metavars] and [click.types] tables; option names stay."""
    names, types = words.get("metavars", {}), words.get("types", {})
    text = re.sub(r"<[^<>]*>", lambda m: types.get(m.group(0), m.group(0)), text)
    return re.sub(r"(?<![\w-])[A-Za-z]\w*(?![\w-])", lambda m: names.get(m.group(0), m.group(0)), text)


class LangFormatter(_click.HelpFormatter):
    """click's help formatter, saying its own words (usage, headings, required, default) in the shown language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.words = click_words()

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        args = re.sub(r"\{([^{}]*)\}", r"\1", args)  # typer's `{ACTION}...` for a required argument: bare, as click
        w = self.words
        if w and prefix is None:
            prefix = w["usage"] + " "
            args = args.replace("[OPTIONS]", w["options_metavar"]).replace("COMMAND [ARGS]...", w["command_metavar"])
            args = worded_metavars(args, w)
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(self.words.get("headings", {}).get(heading, heading))

    def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
        if not self.words:
            return super().write_dl(rows, *args, **kwargs)
        self._write_wide_dl([(worded_metavars(first, self.words), self._extras(second)) for first, second in rows],
                            *args, **kwargs)

    def write_text(self, text: str) -> None:
        """A help paragraph wrapped by terminal columns (click counts characters, and Hangul takes two)."""
        if not self.words or "\b" in text:
            return super().write_text(text)
        indent = " " * self.current_indent
        paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
        self.write("\n\n".join("\n".join(texts.wrap(indent + p, self.width, indent)) for p in paragraphs) + "\n")

    def _write_wide_dl(self, rows: list[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        """click's `write_dl` measured in terminal columns (a Hangul `<수>` takes four), the help wrapped so too."""
        widths = [texts.display_width(first) for first, _ in rows]
        first_col = min(max(widths, default=0), col_max) + col_spacing
        indent = " " * self.current_indent
        for (first, second), width in zip(rows, widths, strict=True):
            self.write(indent + first)
            if not second:
                self.write("\n")
                continue
            self.write(" " * (first_col - width) if width <= first_col - col_spacing
                       else "\n" + " " * (first_col + self.current_indent))
            lines = texts.wrap(re.sub(r" *\n *", " ", second), max(self.width - first_col - 2, 10)) or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * (first_col + self.current_indent) + line + "\n")

    def _extras(self, text: str) -> str:
        """typer's `help  [default: 1; required]` ending, in words."""
        found = re.search(r"(^|  )\[([^\[\]]*)\]$", text)
        if not found:
            return text
        parts = []
        for part in found.group(2).split("; "):
            if part == "required":
                part = self.words["required"]
            elif part.startswith("default: "):
                part = texts.fill(self.words["default"], default=part.removeprefix("default: "))
            parts.append(part)
        return text[: found.start(2)] + "; ".join(parts) + "]"


class LangContext(_click.Context):
    """The context of a command that runs or shows its help: its help option and its help and usage lines (made by
    `LangFormatter`) in the shown language. Only commands that run get one, so listing commands costs nothing."""

    formatter_class = LangFormatter

    def __init__(self, command: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(command, *args, **kwargs)
        _localise_help_option(command, self)


# click's `ctx.fail(...)` texts and parser messages, which carry no kind: their English pattern -> message key.
USAGE_PATTERNS = (
    (r"Got unexpected extra argument(?:s|\(s\)) \((?P<args>.*)\)", "extra_args"),
    (r"No such command '(?P<name>.*)'\.(?: Did you mean (?P<suggestions>.*)\?)?", "no_such_command"),
    (r"Missing command\.", "missing_command"),
    (r"Option '(?P<option>.*)' does not take a value\.", "no_value"),
    (r"Option '(?P<option>.*)' requires an argument\.", "needs_value"),
    (r"Option '(?P<option>.*)' requires (?P<n>\d+) arguments\.", "needs_values"),
    (r"Argument '(?P<name>.*)' takes (?P<n>\d+) values\.", "takes_values"),
)


def _hint(e: Any, words: dict[str, Any]) -> str:
    """The parameter a usage error is about, as click names it ('--food-need' in quotes, an argument in words), or
    ''."""
    hint = e.param_hint if e.param_hint is not None else (e.param.get_error_hint() if e.param is not None else "")
    return worded_metavars(hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint), words)


def usage_message(e: Any, words: dict[str, Any]) -> str:
    """The message of a click usage error in the words of `words` (click's English where no pattern knows it)."""
    m = words["messages"]
    exc = _click.exceptions
    if isinstance(e, exc.NoSuchOption):
        text = texts.fill(m["no_such_option"], option=e.option_name)
        return text + (" " + texts.fill(m["possible_options"], options=", ".join(sorted(e.possibilities)))
                       if e.possibilities else "")
    if isinstance(e, exc.MissingParameter):
        kind = e.param_type or (e.param.param_type_name if e.param is not None else "parameter")
        return texts.fill(m["missing"], kind=words["kinds"].get(kind, kind), name=_hint(e, words)) + (
            f" {e.message}" if e.message else "")
    if isinstance(e, exc.BadParameter):
        hint = _hint(e, words)
        return texts.fill(m["invalid_value_for"] if hint else m["invalid_value"], name=hint, message=e.message)
    for pattern, key in USAGE_PATTERNS:
        found = re.fullmatch(pattern, e.message)
        if found:
            fields = {k: v for k, v in found.groupdict().items() if v is not None}
            text = texts.fill(m[key], **fields)
            if fields.get("suggestions"):
                text += " " + texts.fill(m["did_you_mean"], suggestions=fields["suggestions"])
            return text
    return e.message


class WordedUsageError(_click.exceptions.UsageError):
    """A usage error said in the shown language: the usage line, where to find help, and the message."""

    def __init__(self, original: Any, words: dict[str, Any]) -> None:
        super().__init__(usage_message(original, words), original.ctx)
        self.exit_code = original.exit_code
        self.words = words

    def show(self, file: Any = None) -> None:
        echo = _click.utils.echo
        err = file is None
        ctx = self.ctx
        if ctx is not None:
            hint = ""
            if ctx.command.get_help_option(ctx) is not None:
                hint = texts.fill(self.words["try"], command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
            echo(f"{ctx.get_usage()}\n{hint}", file=file, err=err, color=ctx.color)
        echo(texts.fill(self.words["error"], message=self.format_message()), file=file, err=err,
             color=ctx.color if ctx is not None else None)


def _worded(e: Any) -> Any:
    """A usage error to raise in its place: in the shown language, or itself (English, help, already worded)."""
    if isinstance(e, (WordedUsageError, _click.exceptions.NoArgsIsHelpError)):
        return e
    words = click_words()
    return WordedUsageError(e, words) if words else e


class LangGroup(TyperGroup):
    """A typer group whose commands all take `--lang` and show their help and usage errors in the chosen language."""

    context_class = LangContext

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
            _localise_help_option(self, ctx)  # its context was made before the language was known
        return super().parse_args(ctx, args)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except _click.exceptions.UsageError as e:
            raise _worded(e) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _click.exceptions.UsageError as e:
            raise _worded(e) from None

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
        if cmd.context_class is _click.Context:
            cmd.context_class = LangContext
        return cmd
