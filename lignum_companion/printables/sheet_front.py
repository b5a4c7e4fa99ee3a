"""The score sheet's page 1 above the chart: the header (the game, its players in their colours, the winter
cards), the standings with shared places, and the breakdown of every total."""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.printables.sheet_base import CORRECTIONS_PER_ROW, MM, TITLE_LINES, SheetBase, money
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views


class FrontPart(SheetBase):
    """The tables of page 1."""

    def header(self) -> list[Any]:
        from reportlab.platypus import Spacer, Table, TableStyle
        g, L = self.g, self.L
        seat_w = self.width / len(g.players)
        variants = ", ".join(L["variants"].get(v, v) for v in g.variants) or L["no_variants"]
        info = texts.fill(L["players_line"], count=len(g.players), mode=L["modes"].get(g.mode, g.mode),
                          variants=variants)
        if self.expansion:
            info += texts.fill(L["expansion_line"], expansion=L["expansions"].get(self.expansion, self.expansion))
        (food1, heat1), (food2, heat2) = g.winter_cards
        winter = texts.fill(L["winter_line"], food1=food1, heat1=heat1, food2=food2, heat2=heat2)
        title_w = self.width * 0.68 - 6
        size = self.S["title"]
        while size > self.S["heading"] and (self.fonts.width(self.game_name, size, True) > 2 * title_w or max(
                self.fonts.width(word, size, True) for word in self.game_name.split() or [""]) > title_w):
            size -= 1
        name = self.game_name
        if max(self.fonts.width(word, size, True) for word in name.split() or [""]) > title_w:
            name = self.fonts.fit(name, size, title_w, bold=True)
        if self.fonts.width(name, size, True) > TITLE_LINES * title_w * 0.85:  # wrapping wastes some of each line
            name = self.fonts.fit(name, size, TITLE_LINES * title_w * 0.85, bold=True)
        from reportlab.lib.styles import ParagraphStyle
        self.st["title_fit"] = ParagraphStyle("title_fit", parent=self.st["title"], fontSize=size,
                                              leading=size * 1.22)
        top = Table(
            [[self.lines([(name, True, None)], "title_fit"),
              self.lines([(L["title"], True, None),
                          (texts.fill(L["played"], date=self.played), False, None),
                          (texts.fill(L["printed"], date=self.today), False, self.hex["muted"])], "right")]],
            colWidths=[self.width * 0.68, self.width * 0.32])
        top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, -1), 0),
                                 ("RIGHTPADDING", (-1, 0), (-1, -1), 0)]))
        seats = Table(
            [[self.lines([(self.fit(p.name, seat_w - 12, bold=True), True, None),
                          (self.L["colour_names"].get(p.colour, p.colour), False, self.hex["muted"])])
              for p in g.players]],
            colWidths=[seat_w] * len(g.players))
        cmds: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 6)]
        for i, p in enumerate(g.players):
            cmds.append(("LINEBEFORE", (i, 0), (i, 0), 4, self.player_hex.get(p.colour, self.hex["ink"])))
        seats.setStyle(TableStyle(cmds))
        return [top, Spacer(1, 2), self.P(info, "body"), self.P(winter, "body"), Spacer(1, 4), seats, Spacer(1, 6)]

    def standings(self) -> list[Any]:
        from reportlab.platypus import Spacer, Table, TableStyle
        rows = self.result["players"]
        first = [r for r in rows if r["place"] == 1]
        key = ("winner" if len(first) == 1 else "winners_shared") if self.final else (
            "leader" if len(first) == 1 else "leaders_shared")
        line = texts.fill(self.L[key], names=views.join_names([r["name"] for r in first], self.L["and"]),
                          total=money(first[0]["total"]))
        data = [[self.P(self.L["place"], bold=True), self.P(self.L["player"], bold=True),
                 self.P(self.L["total"], "right", bold=True)]]
        for r in rows:
            data.append([self.P(self.place_text(r), bold=r["place"] == 1),
                         self.P(r["name"], bold=True, colour=self.colour_of(r)),
                         self.P(money(r["total"]), "right", bold=True)])
        t = Table(data, colWidths=[28 * MM, self.width - 58 * MM, 30 * MM], hAlign="LEFT")
        t.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, 0), self.C["band"]), ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, self.C["rule"]),
            ("TOPPADDING", (0, 0), (-1, -1), self.S["padding"]), ("BOTTOMPADDING", (0, 0), (-1, -1), self.S["padding"]),
        ]))
        colour = self.hex["ink"] if self.final else self.hex["provisional"]
        return [self.P(line, "heading", bold=True, colour=colour), t, Spacer(1, 4)]

    def breakdown(self) -> list[Any]:
        """What each total is made of, a column per player: money, wood sales, river, tasks, loans, debts."""
        from reportlab.platypus import Table, TableStyle

        L, rows = self.L, self.result["players"]
        label_w = 40 * MM
        col_w = (self.width - label_w) / len(rows)
        table: list[list[Any]] = [[self.P(L["breakdown"], bold=True)] + [
            self.lines([(self.fit(r["name"], col_w - 2 * 6, 2, bold=True), True, self.colour_of(r)),
                        (self.place_text(r), False, self.hex["muted"])]) for r in rows]]
        table += self._money_rows(rows) + self._task_and_debt_rows(rows)
        corrections = self._correction_rows(rows)
        corr_rows = list(range(len(table), len(table) + len(corrections)))
        table += corrections
        total_row = len(table)
        table.append([self.P(L["total"], bold=True)] + [self.P(money(r["total"]), "heading", bold=True) for r in rows])
        table.append([self.P(L["place"], bold=True)] + [self.P(self.place_text(r), bold=True) for r in rows])

        t = Table(table, colWidths=[label_w] + [col_w] * len(rows), repeatRows=1)
        pad = self.S["padding"]
        cmds: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BACKGROUND", (0, 0), (-1, 0), self.C["band"]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, self.C["rule"]),
            ("BACKGROUND", (0, total_row), (-1, -1), self.C["total"]),
            ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ]
        for i, r in enumerate(rows):
            cmds.append(("LINEABOVE", (i + 1, 0), (i + 1, 0), 3, self.colour_of(r)))
        for row in corr_rows[:1]:
            cmds.append(("TEXTCOLOR", (0, row), (0, row), self.C["correction"]))
        t.setStyle(TableStyle(cmds))
        return [t]

    def _label(self, text: str, note: str = "") -> Any:
        """A row's label, with a muted note under it (the drying bonus, what the carpenters' row means)."""
        return self.lines([(text, False, None)] + ([(note, False, self.hex["muted"])] if note else []))

    def _money_rows(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        """Money, the carpenters' income (R23), the final sale by drying area, and the river sale."""
        L, nothing, label = self.L, self.L["nothing"], self._label
        table: list[list[Any]] = [[label(L["money"])] + [self.P(money(r["money"])) for r in rows]]
        if self.expansion:  # R23: what the carpenters earned, already part of the money above
            table.append([label(L["carpenters"], L["carpenters_note"])] + [
                self.P(texts.fill(L["carpenters_value"], count=r["carpenters"]["count"],
                                  dollars=money(r["carpenters"]["income"])) if r["carpenters"]["count"] else nothing)
                for r in rows])
        for area in D.SALE_AREAS:
            bonus = D.DRYING_BONUS[area]
            note = texts.fill(L["bonus"], bonus=bonus) if bonus else ""
            cells = []
            for r in rows:
                a = r["areas"][area]
                cells.append(self.P(f"{words.said(a['pieces'])}: {money(a['dollars'])}"  # words, not codes
                                    if a["pieces"] else nothing))
            table.append([label(L["area"][area], note)] + cells)
        table.append([label(L["final_sale"])] + [self.P(money(r["final_sale"]), bold=True) for r in rows])
        river = []
        for r in rows:
            rv = r["river"]
            kind = L["kinds"].get(rv["kind"], rv["kind"])
            river.append(self.P(texts.fill(L["river_value"], count=rv["pieces"], kind=kind,
                                           dollars=money(rv["dollars"])) if rv["kind"] else nothing))
        table.append([label(L["river"])] + river)
        return table

    def _task_and_debt_rows(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        """Tasks done and open, furniture (R23), loans to repay and winter debts."""
        L, nothing, label = self.L, self.L["nothing"], self._label
        table: list[list[Any]] = []
        if self.g.has_tasks or any(r["tasks"] for r in rows):
            cells = []
            for r in rows:
                parts = [(texts.fill(L["task_done"], id=t["id"], dollars=money(t["dollars"])), False, None)
                         if t["complete"] else
                         (texts.fill(L["task_open"], id=t["id"], value=money(t["value"])), False,
                          self.hex["unfinished"]) for t in r["tasks"]]
                cells.append(self.lines(parts) if parts else self.P(nothing))
            table.append([label(L["tasks"])] + cells)
        if self.expansion or any(r.get("furniture", {}).get("pieces") for r in rows):  # R23
            table.append([label(L["furniture"])] + [
                self.P(texts.fill(L["furniture_value"], pieces=words.said(r["furniture"]["pieces"]),
                                  dollars=money(r["furniture"]["dollars"]))
                       if r.get("furniture", {}).get("pieces") else nothing) for r in rows])
        if self.expansion or any(r.get("building_rows") for r in rows):  # R23: the tiles' own row, never corrections
            table.append([label(L["buildings"], L["buildings_note"])] + [
                self.lines([(self._building_text(b), False, None) for b in r.get("building_rows", [])], "small")
                if r.get("building_rows") else self.P(nothing) for r in rows])
        table.append([label(L["loans"])] + [
            self.P(texts.fill(L["loans_value"], count=r["loans"], dollars=money(-r["loan_repayment"]))
                   if r["loans"] else nothing) for r in rows])
        table.append([label(L["debt"])] + [self.P(money(-r["debt"]) if r["debt"] else nothing) for r in rows])
        return table

    def _building_text(self, b: dict[str, Any]) -> str:
        """One tile: the dollars it gave during play and those it adds at the end (R23)."""
        parts = [texts.fill(self.L["building_money"], dollars=money(b["money"], sign=True))] if b["money"] else []
        parts += [texts.fill(self.L["building_final"], dollars=money(b["final"], sign=True))] if b["final"] else []
        return f"{b['tile']}: " + ", ".join(parts) if parts else b["tile"]

    def _correction_rows(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        """The money corrections, flagged, a few per row so that a long list splits over pages."""
        L, nothing = self.L, self.L["nothing"]
        table: list[list[Any]] = []
        if any(r["corrections"] for r in rows):
            shown = [self.corrections_shown(r["corrections"]) for r in rows]
            longest = max(len(lines) for lines in shown)
            for at in range(0, longest, CORRECTIONS_PER_ROW):  # a few per row, so a long list splits over pages
                first = self._label(f"{self.flag} {L['corrections']}") if at == 0 else self.P("")
                table.append([first] + [
                    self.lines([(c, False, self.hex["correction"]) for c in lines[at: at + CORRECTIONS_PER_ROW]],
                               "small") if lines[at: at + CORRECTIONS_PER_ROW] else self.P(nothing if at == 0 else "")
                    for lines in shown])
        return table
