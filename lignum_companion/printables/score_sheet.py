"""The end-of-game PDF score sheet: breakdown, standings, money chart and season-by-season ledger.

A thin client of the engine: every figure of the final scoring comes from `score(g)`, the season figures
from `Player.ledger` and `Player.season_money`. Layout, labels and colours come from
templates/scoresheet.toml. reportlab is imported inside functions so that `lignum --help` stays quick.

Text is drawn as text (searchable, extractable) in the TrueType fonts shipped in lignum_companion/fonts/ (Noto
Sans, Noto Sans KR), the same on every machine; letters the Latin font lacks (Hangul, arrows) switch font run by
run (`Fonts`). reportlab embeds and subsets them.
"""

from __future__ import annotations

import datetime
import os
import stat
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from lignum_companion.engine import data as D
from lignum_companion.engine import ledger as ledger_kinds
from lignum_companion.engine.scoring import score
from lignum_companion.engine.state import Game, Player
from lignum_companion.gamefile.store import GameFile
from lignum_companion.system import atomic
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views

MM = 72 / 25.4
PIECE_ORDER = ("F", "S", "H", "mF", "mS", "mH")
CORRECTIONS_SHOWN = 40  # per player; the rest are counted in one line
CORRECTIONS_PER_ROW = 8  # table rows never split, so a long list is laid out in rows of this many
TITLE_LINES = 3  # a game name longer than this many lines of the title is cut with an ellipsis


LedgerRow = tuple[str, dict[str, int], int, bool]  # season label, sums by reason group, money at its end, final?


class ExportError(Exception):
    """The sheet cannot be written where asked; the message says why and what to do."""


def template() -> dict[str, Any]:
    return texts.load("scoresheet")


money = views.money  # the one money format of every client: $5, -$25


def signed(n: int) -> str:
    """+$4 / -$3, and nothing for zero (a condensed ledger shows only what moved)."""
    return views.money(n, sign=True) if n else ""


# --- fonts -----------------------------------------------------------------------------------------------

FONT_FOLDER = Path(__file__).resolve().parent.parent / "fonts"  # Noto Sans and Noto Sans KR, cut by tools/cut_fonts.py


@cache
def _font_index(folders: tuple[str, ...]) -> dict[str, str]:
    """Lower-cased file name -> path of every font file under the folders (first one wins)."""
    index: dict[str, str] = {}
    for folder in folders:
        root = os.path.expanduser(folder)
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if name.lower().endswith((".ttf", ".otf", ".ttc")):
                    index.setdefault(name.lower(), os.path.join(dirpath, name))
    return index


def find_font_files(names: list[str], folders: list[str]) -> list[str]:
    """Paths of the named font files that exist under the folders, in the order named."""
    index = _font_index(tuple(folders))
    return [index[name.lower()] for name in names if name.lower() in index]


@cache
def _load(path: str) -> tuple[str, frozenset[int]] | None:
    """Register a TrueType file once; its reportlab name and the code points it covers (None if unusable)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = "Lig-" + Path(path).stem.replace(" ", "")
    try:
        font = TTFont(name, path)  # PostScript-outline (CFF) fonts and collections are refused here
    except Exception:
        return None
    pdfmetrics.registerFont(font)
    return name, frozenset(font.face.charToGlyph)


class Fonts:
    """The sheet's fonts and the per-run switch: which font draws each letter. Every font is embedded.

    The fonts shipped in the package come first, in the template's order (Noto Sans, then Noto Sans KR), so a
    sheet looks the same on every machine; a file is read only when a letter reaches it (an English sheet
    never loads the Hangul font). Only letters none of them has (Chinese characters in a name, say) are looked
    for in the machine's fonts named under `extra`. reportlab embeds just the glyphs used.
    """

    def __init__(self, conf: dict[str, Any]) -> None:
        self._conf = conf
        self._found: dict[bool, list[str]] = {}
        self._slots: dict[bool, list[str]] = {}
        for bold in (False, True):
            shipped = [str(FONT_FOLDER / name) for name in conf["bold" if bold else "regular"]]
            # present, and the main one readable; the others are read when a letter first needs them
            missing = [p for i, p in enumerate(shipped) if not os.path.isfile(p) or (i == 0 and _load(p) is None)]
            if missing:
                raise ExportError(_said("no_fonts", files=", ".join(missing)))
            self._slots[bold] = shipped
        self.regular = self._name(self._slots[False][0])
        self.bold = self._name(self._slots[True][0])
        self._memo: dict[tuple[str, bool], str] = {}

    @staticmethod
    def _name(path: str) -> str:
        loaded = _load(path)
        assert loaded is not None  # checked in __init__
        return loaded[0]

    def _machine(self, bold: bool) -> list[str]:
        """The machine's fonts for the letters the shipped ones lack, looked for once, when first needed."""
        if bold not in self._found:
            names = list(self._conf.get("extra", []))
            if bold:
                names = list(self._conf.get("extra_bold", [])) + names
            self._found[bold] = find_font_files(names, list(self._conf.get("folders", [])))
        return self._found[bold]

    def _font_in(self, bold: bool, cp: int) -> str:
        for path in self._slots[bold] + self._machine(bold):
            loaded = _load(path)
            if loaded and cp in loaded[1]:
                return loaded[0]
        return ""

    def font_of(self, ch: str, bold: bool = False) -> str:
        key = (ch, bold)
        if key in self._memo:
            return self._memo[key]
        cp = ord(ch)
        base = self.bold if bold else self.regular
        font = base if ch.isspace() else (
            self._font_in(bold, cp) or (bold and self._font_in(False, cp)) or base)
        self._memo[key] = font
        return font

    def covers(self, text: str) -> bool:
        """Whether some font here has every letter (else the letter would show as an empty box)."""
        return all(ch.isspace() or self._font_in(False, ord(ch)) for ch in unicodedata.normalize("NFC", text))

    def one_font(self, text: str) -> str:
        """One font that has every letter of the text (an axis draws all its labels in one font)."""
        cps = {ord(ch) for ch in unicodedata.normalize("NFC", text) if not ch.isspace()}
        for path in self._slots[False] + self._machine(False):
            loaded = _load(path)
            if loaded and cps <= loaded[1]:
                return loaded[0]
        return self.regular

    def embedded(self) -> list[str]:
        """Names of the fonts in use, for tests and the benchmark."""
        return sorted({f for f in self._memo.values()})

    def runs(self, text: str, bold: bool = False) -> list[tuple[str, str]]:
        """(font, text) pieces of a string, each drawable in one font."""
        out: list[tuple[str, str]] = []
        for ch in unicodedata.normalize("NFC", text):
            font = self.font_of(ch, bold)
            if out and out[-1][0] == font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out

    def markup(self, text: str, bold: bool = False, colour: str | None = None) -> str:
        """Paragraph markup for plain text, escaped, with a font tag per run."""
        body = "".join(f'<font face="{f}">{escape(t)}</font>' for f, t in self.runs(text, bold))
        return f'<font color="{colour}">{body}</font>' if colour else body

    def width(self, text: str, size: float, bold: bool = False) -> float:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return sum(stringWidth(t, f, size) for f, t in self.runs(text, bold))

    def fit(self, text: str, size: float, width: float, bold: bool = False) -> str:
        """The text, cut with an ellipsis if it is wider than `width` (chart legends only)."""
        if self.width(text, size, bold) <= width:
            return text
        while text and self.width(text + "…", size, bold) > width:
            text = text[:-1]
        return text + "…"


@cache
def default_fonts() -> Fonts:
    return Fonts(template()["fonts"])


def _draw_runs(canv: Any, fonts: Fonts, x: float, y: float, text: str, size: float, *, bold: bool = False,
               align: str = "left") -> None:
    """Draw a line on the canvas run by run (page banner and footer)."""
    w = fonts.width(text, size, bold)
    x = x - w / 2 if align == "centre" else (x - w if align == "right" else x)
    for font, t in fonts.runs(text, bold):
        canv.setFont(font, size)
        canv.drawString(x, y, t)
        x += canv.stringWidth(t, font, size)


# --- export ----------------------------------------------------------------------------------------------


def build_embedded(doc: Any, story: list[Any], fonts: Fonts, decorate: Any = None) -> None:
    """Build a document whose every text is in an embedded font (the sheet, the results, the reference).

    The document template needs `initialFontName=fonts.regular`; table cells would otherwise name reportlab's
    unembedded Helvetica, so their default font is switched for the build.
    """
    from reportlab.platypus.tables import CellStyle

    default_cell_font = CellStyle.fontname
    CellStyle.fontname = fonts.regular
    try:
        if decorate is None:  # a BaseDocTemplate whose page templates draw their own decoration
            doc.build(story)
        else:
            doc.build(story, onFirstPage=decorate, onLaterPages=decorate)
    finally:
        CellStyle.fontname = default_cell_font


def default_paper(env: dict[str, str] | None = None) -> str:
    """letter where the locale's country uses it (US, Canada, Mexico, the Philippines ...), else A4."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(var, "")
        if value:
            lang = value.split(".")[0].split("@")[0]
            territory = lang.partition("_")[2].upper()
            return "letter" if territory in template()["page"]["letter_territories"] else "a4"
    return "a4"


def _said(key: str, **fields: Any) -> str:
    """Why a PDF was not written, in the shown language (templates/<lang>/gamefile.toml [pdf])."""
    return texts.text("gamefile", "pdf", key, **fields)


def paper_size(paper: str) -> tuple[float, float]:
    sizes = template()["page"]["paper"]
    key = (paper or "").strip().casefold()
    if key not in sizes:
        names = template()["page"]["paper_names"]
        raise ExportError(_said("unknown_paper", paper=paper,
                                choices=_said("or").join(names.get(k, k) for k in sizes)))
    w, h = sizes[key]
    return w * MM, h * MM


def check_target(out: str, force: bool) -> Path:
    """Refuse, before any work, a target a PDF must never take: a folder, a missing folder, a link, a device or a
    pipe, one of the games folder's own files (a game, its backup or lock, `.last-game`, the cache), anything that
    is not a PDF, or an existing PDF without --force."""
    from lignum_companion.gamefile.store import is_game_file, side_file

    p = Path(out).expanduser()
    if not str(out).strip():
        raise ExportError(_said("no_name"))
    try:
        st: os.stat_result | None = os.lstat(p)
    except OSError:  # nothing there, or a parent that is not a folder (said below)
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise ExportError(_said("folder", path=out, example=p / "score.pdf"))
    parent = p.parent
    if not parent.exists():
        raise ExportError(_said("no_folder", path=out, folder=parent))
    if not parent.is_dir():
        raise ExportError(_said("not_folder", path=out, folder=parent))
    kind = side_file(p)
    if kind is not None:
        raise ExportError(_said("side_file", path=out, what=texts.text("gamefile", "pdf", "side", kind)))
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise ExportError(_said("link", path=out))
        if not stat.S_ISREG(st.st_mode):
            raise ExportError(_said("not_regular", path=out))
        if is_game_file(p):
            raise ExportError(_said("side_file", path=out, what=texts.text("gamefile", "pdf", "side", "game")))
        if not force:
            raise ExportError(_said("exists", path=out))
        if not is_pdf(str(p)):
            raise ExportError(_said("not_pdf", path=out))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ExportError(_said("not_writable", path=out, folder=parent))
    return p


PDF_MAGIC = b"%PDF-"


def is_pdf(name: str) -> bool:
    """Whether `name` is a regular file (not a link, a pipe or a device) that starts as every PDF does."""
    try:
        fd = os.open(name, atomic.READ_FLAGS | atomic.NOFOLLOW)
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, len(PDF_MAGIC)) == PDF_MAGIC
    except OSError:
        return False
    finally:
        os.close(fd)


def _free_or_pdf(name: str) -> bool:
    """What a forced PDF write may displace at the last moment: nothing, or an earlier PDF."""
    return not os.path.lexists(name) or is_pdf(name)


def _free(name: str) -> bool:
    return not os.path.lexists(name)


def write_atomic(p: Path, data: bytes, force: bool = True) -> None:
    """Whole or not at all (atomic.write): a temporary file in the same folder, then one step that gives it the name,
    and that displaces only an earlier PDF (`force`) or nothing; what appeared there meanwhile (a link, a device, a
    game) is left as it is and the write refused. The sheet gets the usual permissions (it is meant to be shared)."""
    try:
        atomic.write(p, data, check=_free_or_pdf if force else _free)
    except atomic.Displaced:
        raise ExportError(_said("changed", path=p)) from None
    except OSError as e:
        raise ExportError(_said("cannot_write", path=p, error=e.strerror or e)) from None


def export(gf: GameFile, g: Game, out: str, *, force: bool, paper: str | None = None,
           note: str | None = None) -> None:
    """Write the score sheet of game `g` (read from `gf`) to `out`, all or nothing (paper from the locale);
    `note` is an extra line under the header (e.g. `score --projected`'s totals if the game ended now)."""
    size = paper_size(paper or default_paper())
    target = check_target(out, force)
    try:
        import reportlab  # noqa: F401
    except ImportError:
        raise ExportError(_said("no_reportlab")) from None
    write_atomic(target, render(gf, g, pagesize=size, note=note), force)


def render(gf: GameFile | None, g: Game, *, pagesize: tuple[float, float] | None = None,
           fonts: Fonts | None = None, today: datetime.date | None = None, note: str | None = None) -> bytes:
    """The PDF as bytes (nothing touches the disk)."""
    return _Sheet(gf, g, pagesize or paper_size("A4"), fonts or default_fonts(), today, note).build()


# --- the sheet -------------------------------------------------------------------------------------------



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


class _Sheet:
    """Builds the story of flowables from the template and the engine's figures."""

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

    def lines(self, parts: list[tuple[str, bool, str | None]], style: str = "cell") -> Any:
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
        doc.afterPage = lambda: self.stamp(doc.canv)
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

    # page 1 -------------------------------------------------------------------------------------------------
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
        cmds = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 6)]
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
        from reportlab.platypus import Table, TableStyle

        L, rows, muted = self.L, self.result["players"], self.hex["muted"]
        nothing = L["nothing"]

        def label(text: str, note: str = "") -> Any:
            return self.lines([(text, False, None)] + ([(note, False, muted)] if note else []))

        label_w = 40 * MM
        col_w = (self.width - label_w) / len(rows)
        table: list[list[Any]] = [[self.P(L["breakdown"], bold=True)] + [
            self.lines([(self.fit(r["name"], col_w - 2 * 6, 2, bold=True), True, self.colour_of(r)),
                        (self.place_text(r), False, muted)]) for r in rows]]
        table.append([label(L["money"])] + [self.P(money(r["money"])) for r in rows])
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
        table.append([label(L["loans"])] + [
            self.P(texts.fill(L["loans_value"], count=r["loans"], dollars=money(-r["loan_repayment"]))
                   if r["loans"] else nothing) for r in rows])
        table.append([label(L["debt"])] + [self.P(money(-r["debt"]) if r["debt"] else nothing) for r in rows])
        corr_rows: list[int] = []
        if any(r["corrections"] for r in rows):
            shown = [self.corrections_shown(r["corrections"]) for r in rows]
            longest = max(len(lines) for lines in shown)
            for at in range(0, longest, CORRECTIONS_PER_ROW):  # a few per row, so a long list splits over pages
                corr_rows.append(len(table))
                first = label(f"{self.flag} {L['corrections']}") if at == 0 else self.P("")
                table.append([first] + [
                    self.lines([(c, False, self.hex["correction"]) for c in lines[at: at + CORRECTIONS_PER_ROW]],
                               "small") if lines[at: at + CORRECTIONS_PER_ROW] else self.P(nothing if at == 0 else "")
                    for lines in shown])
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
        step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if span / s <= 8), 1000)
        legend_w = ch["legend_width_mm"] * MM
        d = Drawing(width, height)
        d.initialFontName = self.fonts.regular  # the renderer would start in the unembedded Helvetica
        lp = LinePlot()
        lp.x, lp.y = 30, 18
        lp.width, lp.height = width - legend_w - lp.x - 6, height - lp.y - 6
        lp.data = [s if len(s) > 1 else s + s for s in series]  # a lone start point still draws its marker
        ticks = [L["chart_start"]] + [
            texts.fill(L["chart_season"], season=L["seasons"][D.round_season(r)], year=D.round_year(r))
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

    def _start_money(self, p: Player) -> int:
        return ledger_kinds.start_money(p.ledger)

    # page 2 -------------------------------------------------------------------------------------------------
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
            p = self.g.players[self.g.player_index(r["name"])]
            title = self.lines([(r["name"], True, self.colour_of(r))], "body")
            note = texts.fill(L["ledger_player"], place=self.place_text(r), total=money(r["total"]),
                              start=money(self._start_money(p)))
            block = [title, self.P(note, "small", colour=self.hex["muted"]), Spacer(1, 1.5),
                     self._ledger_table(r, rows, used, widths)]
            if p.corrections:
                lines = self.corrections_shown(p.corrections, f"{L['ledger_corrections']}: ")
                for at in range(0, len(lines), CORRECTIONS_PER_ROW):
                    block.append(self.lines([(c, False, self.hex["correction"])
                                             for c in lines[at: at + CORRECTIONS_PER_ROW]], "small"))
            block.append(Spacer(1, 6))
            story.append(KeepTogether(block))
        return story

    def _ledger_of(self, r: dict[str, Any]) -> list[LedgerRow]:
        """(season label, sums by kind, money at the end, is the final row) for one player."""
        L, g = self.L, self.g
        p = g.players[g.player_index(r["name"])]
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
                    _draw_runs(c, sheet.fonts, 6, top - 14, label, sheet.S["body"], bold=True)
                    c.setLineWidth(0.3)
                    y = top - 34
                    while y > self.note_h + 14:
                        c.line(8, y, self.width - 8, y)
                        y -= 18
                note.drawOn(c, 0, 0)

        return [Notes()]

    def _ledger_widths(self, used: list[dict[str, Any]], per_player: list[Any]) -> list[float]:
        """Columns as wide as their widest figure or heading word; spare room first keeps headings on one
        line, then widens the figure columns evenly."""
        size, pad = self.S["small"], 8

        def w(text: str) -> float:
            return self.fonts.width(text, size, bold=True) + pad

        heads = [self.L["ledger_season"]] + [col["label"] for col in used] + [self.L["ledger_net"],
                                                                              self.L["ledger_money"]]
        widths = [max(w(word) for word in h.split()) for h in heads]
        for rows in per_player:
            for name, by, end, _ in rows:
                cells = [name] + [signed(by.get(col["kind"], 0)) for col in used] + [signed(sum(by.values())),
                                                                                    money(end)]
                widths = [max(x, w(c)) for x, c in zip(widths, cells, strict=True)]
        if sum(widths) > self.width:
            return [x * self.width / sum(widths) for x in widths]
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
        data = [[self.P(L["ledger_season"], "small", bold=True)]
                + [self.P(col["label"], "small_right", bold=True) for col in used]
                + [self.P(L[k], "small_right", bold=True) for k in ("ledger_net", "ledger_money")]]
        flagged = []
        ci = next((i for i, col in enumerate(used) if col["kind"] == "corrections"), None)
        for name, by, end, final in rows:
            if ci is not None and by.get("corrections"):
                flagged.append((ci + 1, len(data)))
            data.append([self.P(name, "small", bold=final)]
                        + [self.P(signed(by.get(col["kind"], 0)), "small_right", bold=final) for col in used]
                        + [self.P(signed(sum(by.values())), "small_right", bold=final),
                           self.P(money(end), "small_right", bold=final)])
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
