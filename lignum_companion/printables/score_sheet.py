"""The end-of-game PDF score sheet: breakdown, standings, money chart and season-by-season ledger.

A thin client of the engine: every figure of the final scoring comes from `score(g)`, the season figures
from `Player.ledger` and `Player.season_money`. Layout, labels and colours come from
templates/scoresheet.toml. reportlab is imported inside functions so that `lignum --help` stays quick.

Text is drawn as text (searchable, extractable) in the TrueType fonts shipped in lignum_companion/fonts/ (Noto
Sans, Noto Sans KR), the same on every machine; letters the Latin font lacks (Hangul, arrows) switch font run by
run (`Fonts`). reportlab embeds and subsets them.

The sheet is built from parts, each in its own module: sheet_base (figures, styles, helpers), sheet_front (header,
standings, breakdown), sheet_chart (the money chart) and sheet_ledger (page 2); paper.py and fonts.py serve every
printable. The names the other printables and the commands use are here too.
"""

from __future__ import annotations

import datetime
from typing import Any

from lignum_companion.engine.state import Game
from lignum_companion.gamefile.store import GameFile
from lignum_companion.printables.fonts import FONT_FOLDER, Fonts, build_embedded, default_fonts, find_font_files
from lignum_companion.printables.fonts import draw_runs as _draw_runs
from lignum_companion.printables.paper import (
    MM,
    ExportError,
    check_target,
    default_paper,
    is_pdf,
    paper_size,
    said,
    template,
    write_atomic,
)
from lignum_companion.printables.sheet_base import money, signed
from lignum_companion.printables.sheet_chart import ChartPart
from lignum_companion.printables.sheet_front import FrontPart
from lignum_companion.printables.sheet_ledger import LedgerPart
from lignum_companion.texts import catalog as texts
from lignum_companion.views import game as views

__all__ = ["FONT_FOLDER", "MM", "ExportError", "Fonts", "_draw_runs", "build_embedded", "check_target", "default_fonts",
           "default_paper", "export", "find_font_files", "is_pdf", "money", "paper_size", "render", "signed",
           "template", "write_atomic"]


def export(gf: GameFile, g: Game, out: str, *, force: bool, paper: str | None = None,
           note: str | None = None) -> None:
    """Write the score sheet of game `g` (read from `gf`) to `out`, all or nothing (paper from the locale);
    `note` is an extra line under the header (e.g. `score --projected`'s totals if the game ended now)."""
    size = paper_size(paper or default_paper())
    target = check_target(out, force)
    try:
        import reportlab  # noqa: F401
    except ImportError:
        raise ExportError(said("no_reportlab")) from None
    write_atomic(target, render(gf, g, pagesize=size, note=note), force)


def render(gf: GameFile | None, g: Game, *, pagesize: tuple[float, float] | None = None,
           fonts: Fonts | None = None, today: datetime.date | None = None, note: str | None = None) -> bytes:
    """The PDF as bytes (nothing touches the disk)."""
    return _Sheet(gf, g, pagesize or paper_size("A4"), fonts or default_fonts(), today, note).build()


class _Sheet(FrontPart, ChartPart, LedgerPart):
    """Builds the story of flowables from the template and the engine's figures: page 1 (front, chart), page 2
    (ledger), and what every page carries (the footer; on an unfinished game a banner and a stamp)."""

    # the document ------------------------------------------------------------------------------------------
    def build(self) -> bytes:
        import io

        from reportlab.platypus import PageBreak, SimpleDocTemplate, Spacer
        buf = io.BytesIO()
        m = self.margin
        doc = SimpleDocTemplate(
            buf, pagesize=self.pagesize, leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
            title=f"{self.L['title']}: {self.game_name}", author=self.T["page"]["author"],
            subject=", ".join(p.name for p in self.g.players), invariant=1,
            initialFontName=self.fonts.regular,  # else every page names reportlab's unembedded Helvetica
        )
        self.width = doc.width - 12  # the frame keeps 6 pt of padding on each side
        doc.afterPage = lambda: self.stamp(doc.canv)  # type: ignore[method-assign]  # reportlab's hook is an attribute
        note = [self.P(self.note, "body", bold=True, colour=self.hex["provisional"])] if self.note else []
        story = self.header() + note + self.standings() + self.breakdown()
        story += [Spacer(1, 6), self.chart(), PageBreak()] + self.ledger() + self.closing()
        build_embedded(doc, story, self.fonts, self.decorate)
        return buf.getvalue()

    def decorate(self, canv: Any, doc: Any) -> None:
        """Every page: the footer, and on an unfinished game a banner above the content."""
        w, h = self.pagesize
        canv.saveState()
        if not self.final:
            canv.setFillColor(self.C["provisional"])
            banner = texts.fill(self.L["banner"], where=views.where(self.g))
            _draw_runs(canv, self.fonts, self.margin, h - self.margin * 0.62, banner, self.S["body"], bold=True)
        canv.setFillColor(self.C["muted"])
        footer = texts.fill(self.L["footer"], game=self.fonts.fit(self.game_name, self.S["footer"], w * 0.6),
                            page=doc.page)
        _draw_runs(canv, self.fonts, w / 2, self.margin * 0.45, footer, self.S["footer"], align="centre")
        canv.restoreState()

    def stamp(self, canv: Any) -> None:
        """On an unfinished game, a see-through PROVISIONAL across the finished page."""
        if self.final:
            return
        w, h = self.pagesize
        canv.saveState()
        canv.translate(w / 2, h / 2)
        canv.rotate(48)
        canv.setFillColor(self.C["provisional"])
        canv.setFillAlpha(self.T["colours"]["stamp_alpha"])
        _draw_runs(canv, self.fonts, 0, -self.S["stamp"] / 3, self.L["stamp"], self.S["stamp"], bold=True,
                   align="centre")
        canv.restoreState()
