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



def cell_columns(cells: list[tuple[str, str]], width: int, most: int = 3, narrowest: int = 26) -> list[str]:
    """Menu entries (key, text) in as many columns as the width holds, read down each column; a long text wraps
    inside its column under its own start, and columns are filled to an even height in lines. The count of
    columns that gives the fewest lines wins (fewer columns on a tie)."""
    if not cells:
        return []
    keyw = max(display_width(k) for k, _ in cells)
    best: list[str] | None = None
    for n in range(1, most + 1):
        colw = (width - 2 * (n - 1)) // n
        if n > 1 and colw < narrowest:
            break
        textw = max(8, colw - keyw - 3)
        blocks = []
        for key, text in cells:
            lines = wrap_lines(text, textw) or [""]
            head = " " * (keyw - display_width(key)) + key
            blocks.append([f" {head}  {lines[0]}"] + [" " * (keyw + 3) + more for more in lines[1:]])
        cols = _stack(blocks, n)
        out: list[str] = []
        for r in range(max(len(c) for c in cols)):
            parts = [c[r] if r < len(c) else "" for c in cols]
            line = "".join(part + " " * (colw + 2 - display_width(part)) for part in parts[:-1]) + parts[-1]
            out.append(line.rstrip())
        if best is None or len(out) < len(best):
            best = out
    return best or []


def _stack(blocks: list[list[str]], n: int) -> list[list[str]]:
    """Blocks in order into at most n columns of the smallest even height (a block never splits)."""
    height = max(max(len(b) for b in blocks), -(-sum(len(b) for b in blocks) // n))
    while True:
        cols: list[list[str]] = [[]]
        for b in blocks:
            if cols[-1] and len(cols[-1]) + len(b) > height:
                cols.append([])
            cols[-1].extend(b)
        if len(cols) <= n:
            return cols
        height += 1


def fit_table(headers: list[str], rows: list[list[Any]], width: int, keep: int = 1) -> str:
    """A plain table (headers, a rule, rows; columns two spaces apart) that fits `width` columns: when it is
    too wide, the columns after the first `keep` (players' names, a score's place and name) go in blocks one
    under the other, each block repeating the kept columns, and a cell too long for its column wraps inside it
    (issue 21: 80 columns, four players, long and Hangul names). A table that fits is laid out as it is."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    n = len(headers)
    natural = [max(display_width(r[i]) for r in cells) for i in range(n)]
    if sum(natural) + 2 * (n - 1) <= width:
        return _render(cells, natural)
    kept = list(range(min(keep, n)))
    kept_w = [min(natural[i], max(8, width // (3 * len(kept)))) for i in kept]
    room = width - sum(kept_w) - 2 * len(kept)
    rest = list(range(len(kept), n))
    blocks: list[list[int]] = []
    i = 0
    while i < len(rest):
        k = 1
        for m in range(len(rest) - i, 0, -1):  # the most columns whose cells keep a readable width
            per = (room - 2 * (m - 1)) // m
            if all(per >= min(natural[j], 18) for j in rest[i:i + m]):
                k = m
                break
        blocks.append(rest[i:i + k])
        i += k
    out = []
    for block in blocks:
        per = (room - 2 * (len(block) - 1)) // len(block)
        widths = kept_w + [min(natural[j], max(per, 6)) for j in block]
        out.append(_render([[r[j] for j in kept + block] for r in cells], widths))
    return "\n\n".join(out)


def _render(cells: list[list[str]], widths: list[int]) -> str:
    """Rows of cells in columns of these widths; a longer cell wraps inside its column."""
    def lines_of(row: list[str]) -> list[str]:
        parts = [wrap_lines(c, w) if display_width(c) > w else [c] for c, w in zip(row, widths, strict=True)]
        out = []
        for k in range(max(len(p) for p in parts)):
            line = "  ".join((p[k] if k < len(p) else "") + " " * (w - display_width(p[k] if k < len(p) else ""))
                             for p, w in zip(parts, widths, strict=True))
            out.append(line.rstrip())
        return out

    out = lines_of(cells[0]) + ["  ".join("-" * w for w in widths)]
    for row in cells[1:]:
        out += lines_of(row)
    return "\n".join(out)


def turned_table(headers: list[str], rows: list[list[Any]], width: int) -> str:
    """A table with rows and columns swapped (the six cutting areas side by side), fitted to the width."""
    turned_headers = [str(headers[0])] + [str(r[0]) for r in rows]
    turned = [[headers[j]] + [r[j] for r in rows] for j in range(1, len(headers))]
    return fit_table(turned_headers, turned, width)


def shortest_table(headers: list[str], rows: list[list[Any]], width: int) -> str:
    """The table turned or not, whichever takes fewer lines at this width: the six areas side by side when they
    fit in one block, else one area a row, which never needs a second block (issue 21: a screen that holds still)."""
    plain, turned = fit_table(headers, rows, width), turned_table(headers, rows, width)
    return turned if turned.count("\n") <= plain.count("\n") else plain
