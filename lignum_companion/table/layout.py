"""Text layout for the console: wrapping to the terminal width, wide letters, plain and wrapped tables."""

from __future__ import annotations

from typing import Any

from lignum_companion.texts import catalog as texts

# Columns a text takes on a terminal (Hangul and other wide letters take two): the one measure of texts.py,
# not wcwidth, whose import alone costs `lignum play` 20 ms or more of start-up (benchmarks/README.md).
display_width = texts.display_width
wrap_lines = texts.wrap_lines  # the console's wrapping is the command line's (texts.py)


def columns(headers: list[str], rows: list[list[Any]]) -> str:
    """A plain table: columns as wide as their widest cell, two spaces apart, a rule under the headers."""

    def width_of(x: Any) -> int:
        return display_width(str(x))

    widths = [max(width_of(r[i]) for r in [headers] + rows) for i in range(len(headers))]

    def line(cells: list[Any]) -> str:
        return "  ".join(str(c) + " " * (widths[i] - width_of(c)) for i, c in enumerate(cells)).rstrip()

    return "\n".join([line(headers), line(["-" * n for n in widths])] + [line(r) for r in rows])


def table_text(headers: list[str], rows: list[list[Any]], width: int) -> str:
    """A tabulate table that fits the width: the first column as it is, the others wrapped evenly."""
    from tabulate import tabulate

    if not rows:
        return ""
    first = max(len(str(h)) for h in [headers[0]] + [r[0] for r in rows])
    n = len(headers) - 1
    per = max(6, (width - first - 2 * n - 1) // max(n, 1))
    return tabulate(rows, headers=headers, tablefmt="simple", maxcolwidths=[None] + [per] * n,
                    disable_numparse=True)

