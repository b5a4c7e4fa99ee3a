"""The `lignum` command line: a thin typer client of the engine; heavy modules load inside commands only."""

# No `from __future__ import annotations`: typer reads the callback's annotations, and as strings they cost start-up.

import typer

from lignum_companion.cli import typer_plain
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


typer_plain.install()  # the one reach into typer's internals: cli/typer_plain.py says why and what it saves


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
