"""The `lignum` command line: a thin typer client of the engine; heavy modules load inside commands only."""

from __future__ import annotations

import sys

import typer

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Lignum Companion: rules referee and bookkeeper for a table playing Lignum.",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _register() -> None:
    """Attach the command groups; each module only imports what it needs when a command runs."""
    from . import cli_game, cli_play, cli_tools

    cli_game.register(app)
    cli_play.register(app)
    cli_tools.register(app)


_register()


def main() -> None:
    """Entry point: run the app and map interrupts to exit code 130."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.exit(130)
