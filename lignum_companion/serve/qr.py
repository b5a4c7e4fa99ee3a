"""The join links as QR codes (segno): printed at a terminal, and on one page of PDF to lay on the table
(reportlab, the fonts shipped with the package so any name prints)."""

from __future__ import annotations

import io
import sys
from pathlib import Path


def terminal(link: str) -> str:
    """A QR code a phone's camera reads off the terminal (half-height blocks, dark on light)."""
    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def _draw_code(canv: object, link: str, x: float, y: float, size: float) -> None:
    """Draw one code as dark squares, `size` points wide, its lower left corner at (x, y)."""
    import segno

    code = segno.make(link, error="m")
    rows = list(code.matrix_iter(border=2))
    cell = size / len(rows)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                canv.rect(x + c * cell, y + size - (r + 1) * cell, cell, cell, stroke=0, fill=1)  # type: ignore


def pdf(entries: list[tuple[str, str]], title: str, hint: str, paper: tuple[float, float]) -> bytes:
    """One page: a titled code per player and the table's, two columns, each with its name and link."""
    from reportlab.pdfgen import canvas

    from lignum_companion.printables.fonts import default_fonts, draw_runs

    fonts = default_fonts()
    w, h = paper
    buf = io.BytesIO()
    canv = canvas.Canvas(buf, pagesize=paper)
    canv.setTitle(title)
    draw_runs(canv, fonts, w / 2, h - 50, title, 16, bold=True, align="centre")
    draw_runs(canv, fonts, w / 2, h - 70, hint, 9, align="centre")
    cols, margin = 2, 40
    cell_w = (w - 2 * margin) / cols
    rows = (len(entries) + cols - 1) // cols
    cell_h = min((h - 110 - margin) / max(rows, 1), cell_w + 40)
    size = min(cell_w - 30, cell_h - 50)
    for i, (name, link) in enumerate(entries):
        col, row = i % cols, i // cols
        x0 = margin + col * cell_w
        top = h - 100 - row * cell_h
        draw_runs(canv, fonts, x0 + cell_w / 2, top - 14, fonts.fit(name, 14, cell_w - 20, True), 14, bold=True,
                  align="centre")
        _draw_code(canv, link, x0 + (cell_w - size) / 2, top - 22 - size, size)
        draw_runs(canv, fonts, x0 + cell_w / 2, top - 34 - size, link, 6.5, align="centre")
    canv.showPage()
    canv.save()
    return buf.getvalue()


def write_private(path: Path, data: bytes) -> None:
    """Whole or nothing and owner-only from the first byte: the page holds every link's secret."""
    from lignum_companion.system import atomic

    atomic.write(path, data, mode=0o600)


def tty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
