"""Colour in the terminal: players' names in the colours of their pieces, only where colour is wanted; and the
width the command line wraps its sentences to.

Colour is on when the output is a terminal, `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not
`dumb`; `LIGNUM_COLOR=always` or `never` overrides that. Nothing here knows the rules.
"""

from __future__ import annotations

import os
import sys
from typing import IO

# SGR codes by colour name (engine.data.COLOUR_CHOICES); 256-colour codes where the 16 basic ones have none.
SGR = {
    "red": "31", "yellow": "33", "green": "32", "blue": "34", "orange": "38;5;208", "purple": "35",
    "black": "90", "white": "97", "brown": "38;5;130", "pink": "38;5;205",
}


def colour_on(stream: IO[str] | None = None) -> bool:
    """Whether to colour what goes to `stream` (stdout by default)."""
    force = os.environ.get("LIGNUM_COLOR", "").casefold()
    if force in ("always", "never"):
        return force == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = stream or sys.stdout
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def paint(text: str, colour: str, on: bool | None = None) -> str:
    """`text` in the colour (bold), or unchanged when colour is off or the colour is unknown."""
    code = SGR.get(colour)
    if not code or not (colour_on() if on is None else on):
        return text
    return f"\x1b[1;{code}m{text}\x1b[0m"


def text_width(piped: int | None = 80, stream: IO[str] | None = None) -> int | None:
    """Columns to wrap sentences to: the terminal's (kept between 40 and 100), or `COLUMNS` when it is set.

    Output that goes to a pipe or a file gets `piped`: `lignum next` gives None there (nothing wrapped, so a
    script that greps or cuts reads each sentence on one line), `lignum rules` its 80 columns."""
    import shutil

    stream = stream or sys.stdout
    try:
        tty = bool(stream.isatty())
    except (AttributeError, ValueError):
        tty = False
    if not tty and not os.environ.get("COLUMNS"):
        return piped
    return max(40, min(shutil.get_terminal_size((80, 24)).columns, 100))
