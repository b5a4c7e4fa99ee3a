"""The score sheet's page 2: per player, one row per season of the log's money moves summed by kind (the
ledger, engine/ledger.py), then the final row; a box for the table's notes and the rulings footnote."""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine import ledger as ledger_kinds
from lignum_companion.engine.scoring import plain_corrections
from lignum_companion.printables.fonts import draw_runs
from lignum_companion.printables.sheet_base import CORRECTIONS_PER_ROW, MM, LedgerRow, SheetBase, money, net, signed
from lignum_companion.texts import catalog as texts

LEDGER_MIN_SIZE = 5.0  # points: the smallest the season-by-season table shrinks to before it squeezes columns


class LedgerPart(SheetBase):
    """Page 2 of the sheet."""

    def ledger(self) -> list[Any]:
        """Per player, one row per season: the log's money moves summed by kind, then the final row."""
        from reportlab.platypus import KeepTogether, Spacer
        L = self.L
        columns = self.T["ledger"]["columns"]
        per_player = [self._ledger_of(r) for r in self.result["players"]]
        used = [c for c in columns if any(row[1].get(c["kind"]) for rows in per_player for row in rows)]
        story: list[Any] = [self.P(L["ledger_title"], "heading", bold=True), self.P(L["ledger_intro"], "small"),
                            Spacer(1, 4)]
        widths = self._ledger_widths(used, per_player)
        for r, rows in zip(self.result["players"], per_player, strict=True):
            p = self.player_of(r)
            title = self.lines([(r["name"], True, self.colour_of(r))], "body")
            note = texts.fill(L["ledger_player"], place=self.place_text(r), total=money(r["total"]),
                              start=money(self._start_money(p)))
            block = [title, self.P(note, "small", colour=self.hex["muted"]), Spacer(1, 1.5),
                     self._ledger_table(r, rows, used, widths)]
            plain = plain_corrections(p)  # R23: a building's effect booked by the table is the buildings' column
            if plain:
                lines = self.corrections_shown(plain, f"{L['ledger_corrections']}: ")
                for at in range(0, len(lines), CORRECTIONS_PER_ROW):
                    block.append(self.lines([(c, False, self.hex["correction"])
                                             for c in lines[at: at + CORRECTIONS_PER_ROW]], "small"))
            block.append(Spacer(1, 6))
            story.append(KeepTogether(block))
        return story

    def _ledger_of(self, r: dict[str, Any]) -> list[LedgerRow]:
        """(season label, sums by kind, money at the end, is the final row) for one player."""
        L, g = self.L, self.g
        p = self.player_of(r)
        sums = ledger_kinds.by_round(p.ledger, D.ROUNDS + 1)
        rounds = list(range(1, min(g.round, D.ROUNDS) + 1)) + ([D.ROUNDS + 1] if D.ROUNDS + 1 in sums else [])
        rows = []
        for rnd in rounds:
            if rnd <= D.ROUNDS:
                name = texts.fill(L["ledger_round"], season=L["season_names"][D.round_season(rnd)],
                                  year=D.round_year(rnd))
            else:
                name = L["ledger_after"]
            if rnd <= min(len(p.season_money), D.ROUNDS):
                end = p.season_money[rnd - 1]
            else:
                end = p.money
                if not self.final:
                    name += f" ({L['ledger_now']})"
            rows.append((name, sums.get(rnd, {}), end, False))
        final = {"wood": r["final_sale"] + r["river"]["dollars"], "tasks": r["task_dollars"],
                 "furniture": r.get("furniture", {}).get("dollars", 0), "loans": -r["loan_repayment"],
                 "winter": -r["debt"]}
        rows.append((L["ledger_final"] if self.final else L["ledger_final_provisional"],
                     {k: v for k, v in final.items() if v}, r["total"], True))
        return rows

    def closing(self) -> list[Any]:
        """The end of page 2: a ruled box for the table's notes in the room left, then the rulings footnote."""
        from reportlab.platypus import Flowable
        note = self.P(self.L["rulings"], "small", colour=self.hex["muted"])
        label = self.L["notes"]
        sheet = self

        class Notes(Flowable):
            """Takes the rest of the page (nothing when less than a few lines are left)."""

            def wrap(self, aw: float, ah: float) -> tuple[float, float]:
                _, nh = note.wrap(aw, ah)
                self.note_h = nh + 4
                self.box_h = ah - self.note_h - 8
                if self.box_h < 40 * MM:
                    self.box_h = 0
                self.width, self.height = aw, self.box_h + self.note_h + (8 if self.box_h else 0)
                return self.width, self.height

            def draw(self) -> None:
                c = self.canv
                if self.box_h:
                    top = self.height
                    c.setStrokeColor(sheet.C["rule"])
                    c.setLineWidth(0.6)
                    c.roundRect(0, self.note_h + 4, self.width, self.box_h, 4)
                    c.setFillColor(sheet.C["muted"])
                    draw_runs(c, sheet.fonts, 6, top - 14, label, sheet.S["body"], bold=True)
                    c.setLineWidth(0.3)
                    y = top - 34
                    while y > self.note_h + 14:
                        c.line(8, y, self.width - 8, y)
                        y -= 18
                note.drawOn(c, 0, 0)

        return [Notes()]

    def _ledger_widths(self, used: list[dict[str, Any]], per_player: list[Any]) -> list[float]:
        """Columns as wide as their widest figure or heading word, in the small size or, when that is too wide for
        the page (many kinds of money), a smaller one: a heading breaks between words, never inside one, and a
        figure never wraps (issue 32: "Woo/d sold", "+$1/1")."""
        from reportlab.lib.styles import ParagraphStyle

        size = self.S["small"]
        for _ in range(6):
            widths = self._ledger_widths_at(used, per_player, size)
            if sum(widths) <= self.width * 1.0001 or size <= LEDGER_MIN_SIZE:
                break
            size = max(LEDGER_MIN_SIZE, size * self.width / sum(widths) - 0.1)
        if sum(widths) > self.width:  # even the smallest size is too wide: squeezed, as before
            widths = [x * self.width / sum(widths) for x in widths]
        for name, base in (("ledger", "small"), ("ledger_right", "small_right")):
            self.st[name] = ParagraphStyle(name, parent=self.st[base], fontSize=size, leading=size * 1.22)
        return widths

    def _ledger_widths_at(self, used: list[dict[str, Any]], per_player: list[Any], size: float) -> list[float]:
        """The widths at one font size; spare room first keeps headings on one line, then widens the figure
        columns evenly."""
        pad = 8

        def w(text: str) -> float:
            return self.fonts.width(text, size, bold=True) + pad

        heads = [self.L["ledger_season"]] + [col["label"] for col in used] + [self.L["ledger_net"],
                                                                              self.L["ledger_money"]]
        widths = [max(w(word) for word in h.split()) for h in heads]
        for rows in per_player:
            for name, by, end, _ in rows:
                cells = [name] + [signed(by.get(col["kind"], 0)) for col in used] + [net(sum(by.values())),
                                                                                    money(end)]
                widths = [max(x, w(c)) for x, c in zip(widths, cells, strict=True)]
        if sum(widths) > self.width:
            return widths  # too wide at this size: the caller tries a smaller one
        want = [max(x, w(h)) - x for x, h in zip(widths, heads, strict=True)]
        spare = self.width - sum(widths)
        grow = min(1.0, spare / sum(want)) if sum(want) else 0.0
        widths = [x + g * grow for x, g in zip(widths, want, strict=True)]
        spare = self.width - sum(widths)
        return [widths[0]] + [x + spare / (len(widths) - 1) for x in widths[1:]]

    def _ledger_table(self, r: dict[str, Any], rows: list[Any], used: list[dict[str, Any]],
                      widths: list[float]) -> Any:
        from reportlab.platypus import Table, TableStyle
        L = self.L
        data = [[self.P(L["ledger_season"], "ledger", bold=True)]
                + [self.P(col["label"], "ledger_right", bold=True) for col in used]
                + [self.P(L[k], "ledger_right", bold=True) for k in ("ledger_net", "ledger_money")]]
        flagged = []
        ci = next((i for i, col in enumerate(used) if col["kind"] == "corrections"), None)
        for name, by, end, final in rows:
            if ci is not None and by.get("corrections"):
                flagged.append((ci + 1, len(data)))
            data.append([self.P(name, "ledger", bold=final)]
                        + [self.P(signed(by.get(col["kind"], 0)), "ledger_right", bold=final) for col in used]
                        + [self.P(net(sum(by.values())), "ledger_right", bold=final),
                           self.P(money(end), "ledger_right", bold=final)])
        t = Table(data, colWidths=widths, repeatRows=1)
        cmds: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BACKGROUND", (0, 0), (-1, 0), self.C["band"]),
            ("BACKGROUND", (0, -1), (-1, -1), self.C["total"]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.C["rule"]),
            ("LINEABOVE", (0, 0), (-1, 0), 2.5, self.colour_of(r)),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ]
        cmds += [("BACKGROUND", cell, cell, self.C["flagged"]) for cell in flagged]
        t.setStyle(TableStyle(cmds))
        return t
