"""What every part of the score sheet draws with: the game's figures (`score(g)`), the template's labels, sizes
and colours, the paragraph styles, and small helpers (a paragraph in the sheet's fonts, places, colours)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from lignum_companion.engine import ledger as ledger_kinds
from lignum_companion.engine.scoring import score
from lignum_companion.engine.state import Game, Player
from lignum_companion.gamefile.store import GameFile
from lignum_companion.printables.fonts import Fonts
from lignum_companion.printables.paper import MM, template
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views

CORRECTIONS_SHOWN = 40  # per player; the rest are counted in one line
CORRECTIONS_PER_ROW = 8  # table rows never split, so a long list is laid out in rows of this many
TITLE_LINES = 3  # a game name longer than this many lines of the title is cut with an ellipsis


LedgerRow = tuple[str, dict[str, int], int, bool]  # season label, sums by reason group, money at its end, final?


money = views.money  # the one money format of every client: $5, -$25


def signed(n: int) -> str:
    """+$4 / -$3, and nothing for zero (a condensed ledger shows only what moved)."""
    return views.money(n, sign=True) if n else ""


def net(n: int) -> str:
    """A row's net change: +$4 / -$3, and $0 written out (a blank net read as a figure left out)."""
    return views.money(n, sign=True) if n else views.money(0)



def legible(colour: str, contrast: float = 4.5) -> str:
    """`#rrggbb` darkened step by step until text in it reads on white paper (WCAG contrast at least 4.5:1):
    yellow pieces' #e0b400 is under 2:1; the seat bars and the chart keep the table's own colour."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]

    def luminance(c: list[float]) -> float:
        return sum(w * (x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4)
                   for w, x in zip((0.2126, 0.7152, 0.0722), c, strict=True))

    while 1.05 / (luminance(rgb) + 0.05) < contrast:
        rgb = [x * 0.9 for x in rgb]
    return "#" + "".join(f"{round(x * 255):02x}" for x in rgb)

class SheetBase:
    """The figures, the template and the styles of one sheet; the parts of the sheet (sheet_front, sheet_chart,
    sheet_ledger) build on it, and score_sheet puts them together."""

    width: float  # the frame's width, known once the document is laid out (build)

    def __init__(self, gf: GameFile | None, g: Game, pagesize: tuple[float, float], fonts: Fonts,
                 today: datetime.date | None, note: str | None = None) -> None:
        from reportlab.lib import colors
        from reportlab.lib.styles import ParagraphStyle
        self.g = g
        self.T = template()
        self.L = self.T["labels"]
        self.S = self.T["sizes"]
        self.C = {k: colors.HexColor(v) for k, v in self.T["colours"].items() if isinstance(v, str)}
        self.hex = {k: v for k, v in self.T["colours"].items() if isinstance(v, str)}
        self.player_hex = self.T["colours"]["players"]
        self.fonts = fonts
        self.pagesize = pagesize
        self.margin = self.T["page"]["margin_mm"] * MM
        self.result = score(g)
        self.final = bool(self.result["final"])
        self.game_name = views.game_title(gf.setup) if gf is not None else self.L["unsaved"]
        self.today = (today or datetime.date.today()).isoformat()
        self.played = (views.game_date(gf.setup, gf.path) if gf is not None else "") or self.today
        self.expansion = g.expansion
        self.note = note  # an extra line under the header (`score --projected`)
        flag = self.L["correction_flag"]
        self.flag = flag if fonts.covers(flag) else self.L["correction_flag_plain"]

        def style(name: str, size: float, leading: float = 1.22, **kw: Any) -> ParagraphStyle:
            return ParagraphStyle(name, fontName=fonts.regular, fontSize=size, leading=size * leading,
                                  textColor=self.C["ink"], **kw)

        self.st = {
            "title": style("title", self.S["title"], spaceAfter=2),
            "heading": style("heading", self.S["heading"], spaceBefore=8, spaceAfter=4),
            "body": style("body", self.S["body"]),
            "cell": style("cell", self.S["table"]),
            "small": style("small", self.S["small"]),
            "right": style("right", self.S["table"], alignment=2),
            "small_right": style("small_right", self.S["small"], alignment=2),
        }

    # helpers ---------------------------------------------------------------------------------------------
    def P(self, text: str, style: str = "cell", bold: bool = False, colour: str | None = None) -> Any:
        from reportlab.platypus import Paragraph
        return Paragraph(self.fonts.markup(text, bold, colour), self.st[style])

    def lines(self, parts: Sequence[tuple[str, bool, str | None]], style: str = "cell") -> Any:
        """A paragraph of several lines, each (text, bold, colour)."""
        from reportlab.platypus import Paragraph
        return Paragraph("<br/>".join(self.fonts.markup(t, b, c) for t, b, c in parts), self.st[style])

    def fit(self, name: str, width: float, lines: int = 1, bold: bool = False) -> str:
        """A name short enough for `lines` lines of a narrow column; the full name is in the standings."""
        return self.fonts.fit(name, self.S["table"], width * lines - (lines - 1) * self.S["table"], bold)

    def corrections_shown(self, corrections: list[str], lead: str = "") -> list[str]:
        """The first corrections as flagged lines, and a last line counting the rest: a sheet of 80 or 100,000
        corrections stays a few pages (every line is in the log: `lignum log`)."""
        lines = [f"{self.flag} {lead}{words.correction(c)}" for c in corrections[:CORRECTIONS_SHOWN]]
        if len(corrections) > CORRECTIONS_SHOWN:
            lines.append(texts.fill(self.L["corrections_more"], n=len(corrections) - CORRECTIONS_SHOWN))
        return lines

    def colour_of(self, row: dict[str, Any]) -> str:
        """A player's colour for their name in the tables: darkened where it would not read on white (issue 21)."""
        return legible(self.player_hex.get(row["colour"], self.hex["ink"]))

    def place_text(self, row: dict[str, Any]) -> str:
        places = self.L["places"]
        text = places[row["place"] - 1] if row["place"] <= len(places) else str(row["place"])
        return f"{text} ({self.L['shared']})" if row["shared"] else text

    def player_of(self, row: dict[str, Any]) -> Player:
        """The player of a row of the scoring."""
        index = self.g.player_index(row["name"])
        assert index is not None  # the scoring's rows are the game's players
        return self.g.players[index]

    def _start_money(self, p: Player) -> int:
        return ledger_kinds.start_money(p.ledger)
