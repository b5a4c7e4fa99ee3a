"""Text layout for the console: wrapping to the terminal width, wide letters, plain and wrapped tables."""

from __future__ import annotations

import re
from typing import Any

from .. import texts


def wrap_lines(text: str, width: int, reflow: bool = False) -> list[str]:
    """Wrap to the width, keeping indentation; `a  |  b  |  c` examples break only at the bars."""
    out: list[str] = []
    lines = text.split("\n")
    for line in _reflow(lines, width) if reflow else lines:
        if display_width(line) <= width or line.startswith("  lignum "):  # a command stays whole, to be copied
            out.append(line)
            continue
        hang = line[: len(line) - len(line.lstrip())]
        m = re.match(r"^(\s*(?:- |-- |\d+\. +|Examples?: +))", line)
        if m and len(m.group(1)) < width // 2:
            hang = " " * len(m.group(1))
        bars = bool(re.search(r"  \|  ", line))
        body = line
        if bars:  # keep each example whole: only the bars are break points
            lead = len(line) - len(line.lstrip())
            parts = re.split(r"\s+\|\s+", line[lead:])
            body = line[:lead] + " | ".join(part.replace(" ", "\x00") for part in parts)
        # texts.wrap measures what the terminal shows (Hangul two columns, colour codes none) and keeps a
        # backticked hint (`10 1`) whole: it is typed as shown
        out.extend(w.replace("\x00", " ") for w in texts.wrap(body, width, hang) or [""])
    return out


def _reflow(lines: list[str], width: int) -> list[str]:
    """A line that overflows takes the next one along when that one goes on with the same sentence."""
    out: list[str] = []
    for line in lines:
        prev = out[-1] if out else ""
        stripped = line.strip()
        indent = len(prev) - len(prev.lstrip())
        hang = indent + 2 if prev.lstrip().startswith("- ") else indent
        starts = re.match(r"^(- |\d+\. |Example|e\.g\.|예:)", stripped)  # a new item or the examples
        goes_on = display_width(prev) > width and stripped and not starts and len(line) - len(line.lstrip()) == hang
        if goes_on:
            out[-1] = prev.rstrip() + " " + stripped
        else:
            out.append(line)
    return out


# Columns a text takes on a terminal (Hangul and other wide letters take two): the one measure of texts.py,
# not wcwidth, whose import alone costs `lignum play` 20 ms or more of start-up (benchmarks/README.md).
display_width = texts.display_width


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

