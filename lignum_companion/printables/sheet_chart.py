"""The score sheet's money chart: each player's money at the end of every season, and the final scoring as its
last point once the game is over, so the final order and any tie show."""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.printables.paper import BIG_STEPS
from lignum_companion.printables.sheet_base import MM, SheetBase, money
from lignum_companion.texts import catalog as texts


class ChartPart(SheetBase):
    """The chart under the breakdown, taking the room left on page 1."""

    def chart(self) -> Any:
        from reportlab.platypus import Flowable
        ch = self.T["chart"]
        build = self._chart_drawing
        title = self.P(self.L["chart_title"], "heading", bold=True)

        class FitChart(Flowable):
            """The chart takes the room left on page 1, between its minimum and its natural height."""

            def wrap(self, aw: float, ah: float) -> tuple[float, float]:
                _, th = title.wrap(aw, ah)
                self.title_h = th + 6
                h = max(ch["min_height_mm"] * MM, min(ch["height_mm"] * MM, ah - self.title_h - 2))
                self.drawing = build(aw, h)
                self.width, self.height = aw, h + self.title_h
                return self.width, self.height

            def draw(self) -> None:
                from reportlab.graphics import renderPDF
                title.drawOn(self.canv, 0, self.height - self.title_h + 4)
                renderPDF.draw(self.drawing, self.canv, 0, 0)

        return FitChart()

    def _chart_drawing(self, width: float, height: float) -> Any:
        from reportlab.graphics.charts.lineplots import LinePlot
        from reportlab.graphics.shapes import Drawing, Line, String
        from reportlab.graphics.widgets.markers import makeMarker
        from reportlab.lib import colors
        ch, L, size = self.T["chart"], self.L, self.S["small"]
        players = self.g.players
        start = {p.name: self._start_money(p) for p in players}
        total = {r["name"]: r["total"] for r in self.result["players"]}
        # the final scoring is the last point, so the final order and any tie show (only once the game is over)
        series = [[(0, start[p.name])] + [(i + 1, m) for i, m in enumerate(p.season_money[: D.ROUNDS])]
                  + ([(D.ROUNDS + 1, total[p.name])] if self.final else []) for p in players]
        top = max([v for s in series for _, v in s] + [1])
        bottom = min([v for s in series for _, v in s] + [0])
        span = top - bottom
        step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, *BIG_STEPS) if span / s <= 8), BIG_STEPS[-1])
        legend_w = ch["legend_width_mm"] * MM
        d = Drawing(width, height)
        d.initialFontName = self.fonts.regular  # type: ignore[attr-defined]  # the renderer would start in the unembedded Helvetica
        lp = LinePlot()
        lp.x, lp.y = 30, 26 + size  # room under the seasons for the row of years
        lp.width, lp.height = width - legend_w - lp.x - 6, height - lp.y - 6  # type: ignore[assignment]  # stubs say int; points are floats
        lp.data = [s if len(s) > 1 else s + s for s in series]  # a lone start point still draws its marker
        # the seasons by name, their year once beneath them ('Spring … Winter', 'year 1'), never 'Sp1'
        ticks = [L["chart_start"]] + [texts.fill(L["chart_season"], season=L["season_names"][D.round_season(r)])
                                      for r in range(1, D.ROUNDS + 1)] + [L["chart_final"]]
        lp.xValueAxis.valueMin, lp.xValueAxis.valueMax, lp.xValueAxis.valueStep = 0, D.ROUNDS + 1, 1
        lp.xValueAxis.labelTextFormat = lambda v: ticks[int(round(v))] if 0 <= round(v) < len(ticks) else ""
        lp.yValueAxis.valueMin, lp.yValueAxis.valueStep = -step * ((-bottom + step - 1) // step), step
        lp.yValueAxis.valueMax = step * -(-top // step)
        lp.yValueAxis.labelTextFormat = lambda v: money(int(v))
        lp.yValueAxis.visibleGrid = True
        lp.yValueAxis.gridStrokeColor = self.C["rule"]
        lp.yValueAxis.gridStrokeWidth = 0.3
        for axis, shown in ((lp.xValueAxis, "".join(ticks)), (lp.yValueAxis, "$0123456789-")):
            axis.labels.fontName = self.fonts.one_font(shown)  # an axis draws its labels in one font
            axis.labels.fontSize = size
            axis.strokeColor = self.C["muted"]
        markers = ch["markers"]
        # Lines drawn first are wider with bigger markers, so a player whose money equals another's still
        # shows as a coloured edge around the later line instead of vanishing under it.
        nest = [1 + ch["nesting"] * (len(players) - 1 - i) for i in range(len(players))]
        for i, p in enumerate(players):
            colour = colors.HexColor(self.player_hex.get(p.colour, self.hex["ink"]))
            lp.lines[i].strokeColor = colour
            lp.lines[i].strokeWidth = ch["line_width"] * nest[i]
            marker = makeMarker(markers[i % len(markers)])
            marker.fillColor = colour
            marker.strokeColor = colour
            marker.size = ch["marker_size"] * nest[i]
            lp.lines[i].symbol = marker
        d.add(lp)
        years = sorted({D.round_year(r) for r in range(1, D.ROUNDS + 1)})
        for year in years:
            rounds = [r for r in range(1, D.ROUNDS + 1) if D.round_year(r) == year]
            left, right = (lp.x + lp.width * r / (D.ROUNDS + 1) for r in (rounds[0], rounds[-1]))
            said = texts.fill(L["chart_year"], year=year)
            d.add(Line(left - 8, 6 + size, right + 8, 6 + size, strokeColor=self.C["rule"], strokeWidth=0.5))
            d.add(String((left + right) / 2, 2, said, fontName=self.fonts.one_font(said), fontSize=size,
                         fillColor=self.C["muted"], textAnchor="middle"))
        # legend: a line, a marker and the name drawn run by run (names may mix scripts)
        lx = width - legend_w + 6
        for i, p in enumerate(players):
            y = height - 14 - i * 14
            colour = colors.HexColor(self.player_hex.get(p.colour, self.hex["ink"]))
            d.add(Line(lx, y + 3, lx + 16, y + 3, strokeColor=colour, strokeWidth=ch["line_width"] * nest[i]))
            m = makeMarker(markers[i % len(markers)])
            m.x, m.y, m.size, m.fillColor, m.strokeColor = lx + 8, y + 3, ch["marker_size"] * nest[i], colour, colour
            d.add(m)
            x = lx + 21
            name = self.fonts.fit(p.name, self.S["table"], legend_w - 28)
            for font, t in self.fonts.runs(name):
                d.add(String(x, y, t, fontName=font, fontSize=self.S["table"], fillColor=self.C["ink"]))
                x += self.fonts.width(t, self.S["table"])
        return d
