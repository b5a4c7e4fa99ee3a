"""What every command of the command line shares: its messages (templates/<lang>/cli.toml), the one line of a
refusal, the game file to use, printing that never breaks (encodings, closed pipes, control characters), saving
under the lock, and tables that fit the terminal."""

# No `from __future__ import annotations`: typer reads the commands' annotations, and as strings they cost start-up.

import sys
from pathlib import Path
from typing import Any, NoReturn

import typer


def say(key: str, **fields: Any) -> str:
    """A message of the command line in the shown language (templates/<lang>/cli.toml)."""
    from lignum_companion.texts import catalog as texts

    return texts.text("cli", key, **fields)


def fail(message: str, code: int = 1) -> NoReturn:
    """One clear line on stderr and the exit code (1: refused or bad file, 2: usage); never raw control characters."""
    from lignum_companion.engine.names import neutralise

    sys.stderr.write(neutralise(message.rstrip()).replace("\n", " ") + "\n")
    raise typer.Exit(code)


def resolve_file(file: str | None) -> Path:
    """The named file, or the game last played in the games folder."""
    from lignum_companion.gamefile import store as gamefile

    if file:
        return Path(file)
    last = gamefile.last_game()
    if last is None:
        fail(say("no_games_start", folder=gamefile.games_dir()))
    return last


def load_or_fail(file: str | None):
    from lignum_companion.engine import GameFileError
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts

    path = resolve_file(file)
    try:
        gf, g = gamefile.load(path)
    except GameFileError as e:
        texts.use_game(getattr(e, "lang", None))  # a file whose header was read is refused in its own language
        fail(f"{path}: {e}")
    texts.use_game(gf.lang)
    return path, gf, g


def out(text: str = "", *, neutral: bool = False) -> None:
    """Print that survives consoles that cannot show every character (never crash on encoding), closed pipes
    (`lignum log | head -1` ends with success) and shared files (control characters are shown, never obeyed)."""
    from lignum_companion.engine.names import neutralise

    text = text if neutral else neutralise(text)  # neutral: made safe already, colour codes added after
    try:
        try:
            sys.stdout.write(text + "\n")
        except UnicodeEncodeError:
            enc = sys.stdout.encoding or "ascii"
            sys.stdout.write(text.encode(enc, errors="replace").decode(enc) + "\n")
    except BrokenPipeError:
        from lignum_companion.cli.stopping import _quiet_broken_pipe

        _quiet_broken_pipe()
        raise typer.Exit(0) from None


def prose(text: str = "") -> None:
    """Print sentences wrapped to the terminal (views.fit): never inside a figure ($14, -$2) or a backticked
    hint. Nothing is wrapped in a pipe or a file (term.text_width), and tables and JSON never go through here."""
    from lignum_companion.engine.names import neutralise
    from lignum_companion.texts.term import text_width
    from lignum_companion.views.game import fit

    out(fit(neutralise(text), text_width(None)), neutral=True)


def table(headers: list[str], rows: list[list[Any]], align: list[str] | None = None, keep: int = 1) -> str:
    """A plain table; `align` ("left"/"right" per column) for columns of money, which tabulate reads as text.

    At a terminal (or with COLUMNS) a table wider than the width is split into blocks that fit, each repeating
    the first `keep` columns (issue 21); a pipe gets the table whole, as before."""
    from tabulate import tabulate

    from lignum_companion.texts.catalog import display_width
    from lignum_companion.texts.term import text_width

    text = tabulate(rows, headers=headers, tablefmt="simple", colalign=align)
    width = text_width(None)
    if width and any(display_width(line) > width for line in text.splitlines()):
        from lignum_companion.table.layout import fit_table

        return fit_table(headers, rows, width, keep)
    return text


def coloured_table(headers: list[str], rows: list[list[Any]], colours: list[str], *, header: bool = False,
                   column: int | None = None, align: list[str] | None = None, keep: int = 1) -> str:
    """A table whose cells are made safe to print, with players' names in their colours where colour is on:
    the header cells (`header`, one colour per header) or one column (`column`, one colour per row)."""
    from lignum_companion.engine.names import neutralise
    from lignum_companion.texts.term import colour_on, paint

    on = colour_on()
    heads = [neutralise(str(h)) for h in headers]
    body = [[neutralise(str(c)) for c in row] for row in rows]
    if header:
        heads = [paint(h, c, on) for h, c in zip(heads, colours, strict=True)]
    if column is not None:
        for row, c in zip(body, colours, strict=True):
            row[column] = paint(row[column], c, on)
    return table(heads, body, align, keep)


def split_list(values: list[str] | None) -> list[str]:
    """An option given as `a,b c` or repeated (`-p a -p b`), as one list of its words."""
    out_: list[str] = []
    for v in values or []:
        out_ += [x for x in v.replace(",", " ").split() if x]
    return out_


def file_name(path: Path) -> str:
    """A file's name for one cell or one line: a newline, tab or control character in it is shown as \\uXXXX, so it
    cannot break the table or drive the terminal."""
    from lignum_companion.engine.names import neutralise

    name = neutralise(path.name)
    return "".join(f"\\u{ord(c):04x}" if c in "\n\r\t" else c for c in name)
