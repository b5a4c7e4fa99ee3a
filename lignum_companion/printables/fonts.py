"""The printables' fonts: the TrueType files shipped in lignum_companion/fonts/ (Noto Sans, Noto Sans KR), the same
on every machine; letters the Latin font lacks (Hangul, arrows) switch font run by run (`Fonts`), and reportlab
embeds and subsets them. reportlab is imported inside functions so that `lignum --help` stays quick."""

from __future__ import annotations

import os
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from lignum_companion.printables.paper import ExportError, said, template

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
                raise ExportError(said("no_fonts", files=", ".join(missing)))
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
        """The text, cut with an ellipsis if it is wider than `width` (chart legends, titles).

        The longest head that fits is found by bisection (a head's width grows with its length): trimming one
        letter at a time measured a 10,000-letter name 10,000 times, 84 s for one sheet (issue 33)."""
        if self.width(text, size, bold) <= width:
            return text
        fits, too_long = 0, len(text)  # text[:fits] + "…" fits (or fits is 0); text[:too_long] + "…" does not
        while too_long - fits > 1:
            mid = (fits + too_long) // 2
            if self.width(text[:mid] + "…", size, bold) <= width:
                fits = mid
            else:
                too_long = mid
        return text[:fits] + "…"


@cache
def default_fonts() -> Fonts:
    return Fonts(template()["fonts"])


def draw_runs(canv: Any, fonts: Fonts, x: float, y: float, text: str, size: float, *, bold: bool = False,
               align: str = "left") -> None:
    """Draw a line on the canvas run by run (page banner and footer)."""
    w = fonts.width(text, size, bold)
    x = x - w / 2 if align == "centre" else (x - w if align == "right" else x)
    for font, t in fonts.runs(text, bold):
        canv.setFont(font, size)
        canv.drawString(x, y, t)
        x += canv.stringWidth(t, font, size)


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
