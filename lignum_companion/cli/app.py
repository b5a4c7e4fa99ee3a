"""The `lignum` command line: a thin typer client of the engine; heavy modules load inside commands only."""

# No `from __future__ import annotations`: typer reads the callback's annotations, and as strings they cost start-up.

import typer

from lignum_companion.cli.lang import LangGroup

app = typer.Typer(
    cls=LangGroup,
    add_completion=True,  # typer's --install-completion / --show-completion; values: cli_complete.py
    no_args_is_help=True,
    help="Lignum Companion: rules referee and bookkeeper for a table playing Lignum.",
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,  # plain help: rich's formatter costs more start-up than typer itself (benchmarks/)
)


def _plain_parameters() -> None:
    """Convert plain str, int, bool and list[str] parameters without pydantic, through a typer internal.

    typer 0.29 checks every parameter value with a pydantic TypeAdapter, and importing pydantic costs about
    0.1 s on every command (benchmarks/bench_cli.py). typer has no public switch for this, so this replaces
    `typer.core._TyperParameter.get_runtime_param`, typer 0.29's lazy builder of a parameter's converter, with
    one that builds a plain converter for those four annotations; pyproject.toml pins typer to 0.29.x for it,
    and tests/test_startup.py checks that the hook is in place and that commands run without pydantic. Other
    kinds of parameter, and a typer whose internals differ, keep typer's own conversion.
    """
    try:
        from typer import core
        from typer._click.exceptions import BadParameter
    except ImportError:
        return
    param_cls = getattr(core, "_TyperParameter", None)
    typer_own = getattr(param_cls, "get_runtime_param", None)
    if param_cls is None or typer_own is None:
        return
    plain: dict[object, type] = {str: str, int: int, bool: bool, list[str]: str}

    class Plain:
        def __init__(self, convert: type) -> None:
            self.convert = convert

        def one(self, value, param, ctx):
            if self.convert is bool or isinstance(value, self.convert):
                return value
            try:
                return self.convert(value)
            except ValueError:
                from lignum_companion.texts import catalog as texts

                raise BadParameter(texts.text("cli", "not_whole_number", value=value), ctx=ctx, param=param) from None

        def coerce(self, value, param, ctx):
            if param.multiple or param.nargs == -1:
                return [self.one(v, param, ctx) for v in value or ()]
            return None if value is None else self.one(value, param, ctx)

    def get_runtime_param(self):
        try:
            d = self.type_descriptor
            if self._runtime_param is None and d.annotation in plain and not (
                    d.is_choice or d.is_ranged or d.is_file or d.parameter_info.parser):
                self._runtime_param = Plain(plain[d.annotation])
        except AttributeError:  # a typer whose internals differ: keep its own conversion
            pass
        return typer_own(self)

    param_cls.get_runtime_param = get_runtime_param


_plain_parameters()


def _version(value: bool) -> None:
    """`lignum --version`: what a bug report needs first (the installed distribution's version)."""
    if value:
        from importlib.metadata import PackageNotFoundError, version

        from lignum_companion.texts import catalog as texts

        try:
            number = version("lignum-companion")
        except PackageNotFoundError:  # run from a source tree that was never installed
            from lignum_companion import __version__ as number
        typer.echo(texts.text("cli", "version", version=number))
        raise typer.Exit()


@app.callback()
def _start(
    show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Show the version and exit."),
) -> None:
    # Runs before every command (not for --help): the engine's refusals are worded from the templates.
    from lignum_companion.texts import refusals

    refusals.install()


def _register() -> None:
    """Attach the command groups; each module only imports what it needs when a command runs."""
    from lignum_companion.cli import game as cli_game
    from lignum_companion.cli import play as cli_play
    from lignum_companion.cli import printing as cli_print
    from lignum_companion.cli import serve as cli_serve
    from lignum_companion.cli import tools as cli_tools

    cli_game.register(app)
    cli_play.register(app)
    cli_tools.register(app)
    cli_print.register(app)
    cli_serve.register(app)


_register()
