"""The PDF of `lignum stats --pdf`: the players' table, a chart of each player's totals game by game, the games.

Drawn with reportlab (imported inside the functions) in the score sheet's fonts, sizes and colours
(templates/<lang>/scoresheet.toml); the words come from templates/<lang>/stats.toml.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from lignum_companion.printables.paper import BIG_STEPS
from lignum_companion.printables.score_sheet import (
    MM,
    Fonts,
    _draw_runs,
    build_embedded,
    default_fonts,
    paper_size,
    template,
)
from lignum_companion.texts import catalog as texts
from lignum_companion.views.game import money as _money
from lignum_companion.views.stats import Stats, history, whole_dollars

CHART_PLAYERS = 8  # lines on the chart at most (issue 21: 13 players' lines could not be told apart)


def render(stats: Stats, *, paper: str = "a4", fonts: Fonts | None = None,
           today: datetime.date | None = None) -> bytes:
    """The PDF as bytes."""
    return _Results(stats, paper_size(paper), fonts or default_fonts(), today).build()


def player_colours(players: list[dict[str, Any]], palette: dict[str, str]) -> dict[str, str]:
    """A distinct colour (hex) per player, most wins first: colours the games' `colors` header gave are kept, then
    each player's default colour while it is free, then free palette colours, then colours made up, so that
    the chart never draws two players in one colour however many there are."""
    import colorsys

    out: dict[str, str] = {}
    taken: set[str] = set()

    def claim(name: str, hexa: str) -> None:
        out[name] = hexa
        taken.add(hexa.lower())

    for given in (True, False):
        for t in players:
            hexa = palette.get(t.get("colour") or "")
            if t["name"] not in out and bool(t.get("colour_given")) == given and hexa and hexa.lower() not in taken:
                claim(t["name"], hexa)
    spare = (h for h in palette.values() if h.lower() not in taken)
    k = 0
    for t in players:
        if t["name"] in out:
            continue
        hexa = next(spare, None)
        while hexa is None or hexa.lower() in taken:  # palette used up: hues spread by the golden angle
            r, g, b = colorsys.hsv_to_rgb((0.07 + k * 0.381966) % 1.0, 0.75, 0.62 + 0.2 * (k % 2))
            hexa, k = f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}", k + 1
        claim(t["name"], hexa)
    return out


class _Results:
    def __init__(self, stats: Stats, pagesize: tuple[float, float], fonts: Fonts,
                 today: datetime.date | None) -> None:
        from reportlab.lib import colors
        from reportlab.lib.styles import ParagraphStyle

        self.stats = stats
        self.T = template()
        self.L = texts.load("stats")["pdf"]
        self.SL = texts.load("stats")
        self.S = self.T["sizes"]
        self.C = {k: colors.HexColor(v) for k, v in self.T["colours"].items() if isinstance(v, str)}
        self.player_hex = self.T["colours"]["players"]
        self.fonts = fonts
        self.pagesize = pagesize
        self.margin = self.T["page"]["margin_mm"] * MM
        self.today = (today or datetime.date.today()).isoformat()
        ink = self.C["ink"]

        def style(name: str, size: float, **kw: Any) -> ParagraphStyle:
            return ParagraphStyle(name, fontName=fonts.regular, fontSize=size, leading=size * 1.22, textColor=ink,
                                  **kw)

        self.st = {"title": style("title", self.S["title"]), "heading": style("heading", self.S["heading"],
                                                                               spaceBefore=8, spaceAfter=4),
                   "cell": style("cell", self.S["table"]), "right": style("right", self.S["table"], alignment=2),
                   "small": style("small", self.S["small"]),
                   # money by season: eight narrow columns, in the small size so that `$11.8` never wraps
                   "num": style("num", self.S["small"], alignment=2)}
        self.colour = player_colours(stats.players, self.player_hex)

    def P(self, text: str, style: str = "cell", bold: bool = False, colour: str | None = None) -> Any:
        from reportlab.platypus import Paragraph

        return Paragraph(self.fonts.markup(text, bold, colour), self.st[style])

    def build(self) -> bytes:
        import io

        from reportlab.platypus import SimpleDocTemplate, Spacer

        buf = io.BytesIO()
        m = self.margin
        doc = SimpleDocTemplate(buf, pagesize=self.pagesize, leftMargin=m, rightMargin=m, topMargin=m,
                                bottomMargin=m, title=self.L["title"], author=self.T["page"]["author"], invariant=1,
                                initialFontName=self.fonts.regular)
        self.width = doc.width - 12
        games = self.stats.games
        story: list[Any] = [self.P(self.L["title"], "title", bold=True)]
        if games:
            story.append(self.P(texts.fill(self.L["subtitle_one" if len(games) == 1 else "subtitle"],
                                           games=len(games), first=games[0]["date"],
                                           last=games[-1]["date"]) + " · " +
                                texts.fill(self.L["printed"], date=self.today), "small"))
            story += [Spacer(1, 6), self.P(self.L["players"], "heading", bold=True), self.players(),
                      self.P(self.L["player_note"], "small"),
                      Spacer(1, 6), self.P(self.L["chart"], "heading", bold=True), self.chart(),
                      self.P(self.L["games"], "heading", bold=True), self.games()]
        else:
            story += [Spacer(1, 6), self.P(self.L["no_games"])]
        if self.stats.skipped:
            story += [self.P(self.L["skipped"], "heading", bold=True)]
            story += [self.P(f"{_basename(s.path)}: {s.reason}", "small") for s in self.stats.skipped]
        build_embedded(doc, story, self.fonts, self.footer)
        return buf.getvalue()

    def footer(self, canv: Any, doc: Any) -> None:
        canv.saveState()
        canv.setFillColor(self.C["muted"])
        _draw_runs(canv, self.fonts, self.pagesize[0] / 2, self.margin * 0.45,
                   texts.fill(self.L["footer"], page=doc.page), self.S["footer"], align="centre")
        canv.restoreState()

    def _table(self, data: list[list[Any]], widths: list[float], bands: Sequence[tuple[int, str]] = ()) -> Any:
        from reportlab.platypus import Table, TableStyle

        t = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        cmds: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"), ("BACKGROUND", (0, 0), (-1, 0), self.C["band"]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.C["rule"]),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for row, colour in bands:
            cmds.append(("LINEBEFORE", (0, row), (0, row), 3, colour))
        t.setStyle(TableStyle(cmds))
        return t

    def players(self) -> Any:
        from lignum_companion.engine.data import ROUNDS, round_season, round_year

        SL = self.SL
        heads = list(SL["player_columns"]) + [
            texts.fill(SL["season"], season=SL["seasons"][round_season(r)], year=round_year(r))
            for r in range(1, ROUNDS + 1)]
        data = [[self.P(h, "right" if i else "cell", bold=True) for i, h in enumerate(heads)]]
        bands = []
        for t in self.stats.players:
            bands.append((len(data), self.colour[t["name"]]))
            data.append([self.P(t["name"], bold=True, colour=self.colour[t["name"]])] + [
                self.P(str(x), "right") for x in (t["games"], t["wins"], t["shared_wins"] or "–")] + [
                self.P(_money(t["average"]), "right", bold=True), self.P(_money(t["best"]), "right")] + [
                self.P(_money(whole_dollars(v)) if v is not None else "–", "num") for v in t["season_average"]])
        first = [w * MM for w in (27, 14, 11, 15, 17, 13)]
        rest = (self.width - sum(first)) / (len(heads) - len(first))
        return self._table(data, first + [rest] * (len(heads) - len(first)), bands)

    def chart(self) -> Any:
        from reportlab.graphics.charts.lineplots import LinePlot
        from reportlab.graphics.shapes import Drawing, String
        from reportlab.graphics.widgets.markers import makeMarker
        from reportlab.lib import colors

        size = self.S["small"]
        series = history(self.stats)
        # the players with most wins, so that lines and colours stay apart; the legend counts the rest
        everyone = [t["name"] for t in self.stats.players]
        names = everyone[:CHART_PLAYERS]
        legend_w = self.T["chart"]["legend_width_mm"] * MM
        width, height = self.width, 70 * MM
        d = Drawing(width, height)
        d.initialFontName = self.fonts.regular  # type: ignore[attr-defined]  # else the renderer starts in the unembedded Helvetica
        lp = LinePlot()
        lp.x, lp.y = 34, 18
        lp.width, lp.height = width - legend_w - lp.x - 6, height - lp.y - 6  # type: ignore[assignment]  # points: floats, though the stubs say int
        lp.data = [[(i + 1, v) for i, v in series[n]] or [(1, 0)] for n in names]
        lp.data = [s if len(s) > 1 else s + s for s in lp.data]
        values = [v for s in lp.data for _, v in s] + [0]
        top, bottom = max(values + [1]), min(values)
        tick = next((s for s in (5, 10, 20, 25, 50, 100, 200, 500, *BIG_STEPS) if (top - bottom) / s <= 6),
                    BIG_STEPS[-1])
        lp.yValueAxis.valueMin = -tick * ((-bottom + tick - 1) // tick)
        lp.yValueAxis.valueMax = tick * -(-top // tick)
        lp.yValueAxis.valueStep = tick
        lp.yValueAxis.labelTextFormat = lambda v: _money(int(v))
        lp.yValueAxis.visibleGrid = True
        lp.yValueAxis.gridStrokeColor = self.C["rule"]
        lp.yValueAxis.gridStrokeWidth = 0.3
        n_games = max(len(self.stats.games), 2)
        lp.xValueAxis.valueMin, lp.xValueAxis.valueMax = 1, n_games
        if len(self.stats.games) == 1:  # one game: its points in the middle of the axis, not on its edge
            lp.xValueAxis.valueMin, lp.xValueAxis.valueMax = 0, 2
        lp.xValueAxis.valueStep = max(1, -(-n_games // 12))
        lp.xValueAxis.labelTextFormat = lambda v: str(int(v))
        for axis in (lp.xValueAxis, lp.yValueAxis):
            axis.labels.fontName = self.fonts.one_font("$-0123456789")
            axis.labels.fontSize = size
            axis.strokeColor = self.C["muted"]
        markers = self.T["chart"]["markers"]
        dense = n_games > 40  # markers only where they can still be told apart
        for i, n in enumerate(names):
            colour = colors.HexColor(self.colour[n])
            lp.lines[i].strokeColor = colour
            lp.lines[i].strokeWidth = self.T["chart"]["line_width"]
            if not dense:
                marker = makeMarker(markers[i % len(markers)])
                marker.fillColor = marker.strokeColor = colour
                marker.size = self.T["chart"]["marker_size"]
                lp.lines[i].symbol = marker
        d.add(lp)
        from reportlab.graphics.shapes import Line

        lx = width - legend_w + 6
        # every player in the legend: rows close up (and the type shrinks) as players grow; past 5 pt a row the
        # rest is counted on a last line
        step = max(5.0, min(13.0, (height - 10) / max(len(names), 1)))
        fits = int((height - 10) / step + 1e-6)
        shown = names if len(names) <= fits and len(names) == len(everyone) else names[: min(fits - 1, len(names))]
        font_size = min(self.S["table"], step * 0.85)
        for i, n in enumerate(shown):
            y = height - 14 - i * step
            colour = colors.HexColor(self.colour[n])
            d.add(Line(lx, y + font_size * 0.35, lx + 16, y + font_size * 0.35, strokeColor=colour,
                       strokeWidth=min(2.0, step / 3)))
            x = lx + 21
            for font, t in self.fonts.runs(self.fonts.fit(n, font_size, legend_w - 28)):
                d.add(String(x, y, t, fontName=font, fontSize=font_size, fillColor=self.C["ink"]))
                x += self.fonts.width(t, font_size)
        if len(shown) < len(everyone):
            more = texts.fill(self.L["legend_more"], n=len(everyone) - len(shown))
            d.add(String(lx + 21, height - 14 - len(shown) * step, more, fontName=self.fonts.one_font(more),
                         fontSize=font_size, fillColor=self.C["muted"]))
        return d

    def cell(self, text: str) -> Any:
        """Plain text where the main font has every letter (a table of 500 games stays quick), else a
        paragraph that switches fonts run by run."""
        if len(self.fonts.runs(text)) == 1 and self.fonts.runs(text)[0][0] == self.fonts.regular:
            return text
        return self.P(text)

    def games(self) -> Any:
        L, SL = self.L, self.SL
        data = [[self.P(h, bold=True) for h in L["game_columns"]]]
        w_name = self.width * 0.3
        for i, gm in enumerate(self.stats.games, start=1):
            parts = []
            for r in gm["players"]:
                mark = SL["winner_mark"] if r["place"] == 1 else ""
                parts.append(texts.fill(SL["total"], name=r["name"], total=_money(r["total"]), mark=mark))
            data.append([str(i), gm["date"], self.cell(self.fonts.fit(gm["name"], self.S["table"], w_name - 6)),
                         self.cell(SL["modes"].get(gm["mode"], gm["mode"])), self.cell(", ".join(parts))])
        w = self.width
        t = self._table(data, [10 * MM, 22 * MM, w_name, 22 * MM, w - 54 * MM - w_name])
        t.setStyle([("FONTNAME", (0, 1), (-1, -1), self.fonts.regular), ("FONTSIZE", (0, 1), (-1, -1), self.S["table"]),
                    ("TEXTCOLOR", (0, 1), (-1, -1), self.C["ink"])])
        return t


def _basename(path: str) -> str:
    from pathlib import Path

    return Path(path).name
