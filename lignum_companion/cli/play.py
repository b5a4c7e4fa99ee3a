"""CLI command `lignum play`: the interactive table mode (guided rounds, menus of legal moves, undo, status)."""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import typer

from lignum_companion.cli import complete as cli_complete


def cmd_play(
    file: str = typer.Argument(None, help="Game file (default: the most recently played game).", show_default=False,
                               autocompletion=cli_complete.game_files),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No warnings from the advisor (also: `warnings off` in "
                                                             "the game file's header)"),
) -> None:
    """Guided table mode: reminders for the board, menus of legal moves, undo, status and rules at any prompt.

    When standard input is not a terminal, answers are read line by line (see `help` at any prompt).
    """
    from lignum_companion import table
    from lignum_companion.cli import stopping
    from lignum_companion.cli.common import load_or_fail
    from lignum_companion.gamefile import store as gamefile

    path, gf, g = load_or_fail(file)
    try:
        gamefile.check_name_fits(path)  # refused now, not after the table has answered (it could never be saved)
    except gamefile.SaveError as e:
        from lignum_companion.cli.common import fail

        fail(str(e))
    gamefile.remember(path)
    code = table.play(path, gf, g, quiet=quiet)
    code = stopping.handled() or code  # the table said what was saved; a SIGTERM still exits 143
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Attach `play` to the main app."""
    app.command("play")(cmd_play)
