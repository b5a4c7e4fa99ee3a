"""Cuts the fonts shipped in lignum_companion/fonts/ from the Noto sources; run once, by hand, when they change.

The PDF sheets need static TrueType fonts (reportlab embeds and subsets TrueType outlines only), while Noto is
published as variable fonts: Noto Sans with TrueType outlines, Noto Sans CJK with CFF2 outlines in a 33 MB
collection. This script takes from them only what the sheets show (Latin, Greek and Cyrillic from Noto Sans;
Hangul from the Korean face of Noto Sans CJK, and from it too, in a small file of their own, the arrows and signs
the texts use), fixes each at a regular (400) and a bold (700) weight (fontTools' instancer for Noto Sans; CFF2
glyphs drawn at the weight), turns CFF curves into TrueType quadratics, drops hinting and layout tables, and
writes six .ttf files. Doing this once here instead of at run time means no font package, no glyph cache in the
user's folder, and the same fonts on every machine.

Sources: the two pip packages below, installed in a throw-away venv (they are not dependencies of the project):

    python3 -m venv /tmp/fontsrc && /tmp/fontsrc/bin/pip install fonttools fontpkg-noto-sans manimgx-fonts-cjk
    /tmp/fontsrc/bin/python tools/cut_fonts.py            # or: --latin FILE.ttf --cjk FILE.ttc
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools.varLib import instancer

OUT = Path(__file__).resolve().parent.parent / "lignum_companion" / "fonts"
WEIGHTS = {"Regular": 400, "Bold": 700}


def _ranges(*pairs: tuple[int, int]) -> set[int]:
    return {cp for lo, hi in pairs for cp in range(lo, hi + 1)}


# What each shipped font must hold. Player names are typed freely, so whole scripts are kept, not the letters
# of today's templates (tests/test_pdf_korean.py checks that every letter of the templates is covered).
LATIN = _ranges(
    (0x20, 0x7E), (0xA0, 0x24F),  # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x300, 0x36F),  # combining marks (a name typed with them)
    (0x370, 0x3FF), (0x400, 0x4FF),  # Greek, Cyrillic
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x214F),  # punctuation, currency, letterlike signs
    (0x2212, 0x2212),  # minus sign
)
KOREAN = _ranges(
    (0x20, 0x7E), (0xA0, 0xFF),  # Latin in the Hangul design: a chart axis draws "봄1" in one font
    (0xAC00, 0xD7A3),  # every Hangul syllable (names are NFC-normalised: engine/names.py)
    (0x1100, 0x11FF), (0x3130, 0x318F),  # Hangul jamo and compatibility jamo
    (0x3000, 0x303F), (0xFF01, 0xFF5E),  # CJK punctuation, full-width forms
)
# Signs Noto Sans lacks, in a small file of their own, so that an English sheet never reads the Hangul font.
SIGNS = _ranges(
    (0x2190, 0x21FF), (0x2200, 0x22FF),  # arrows (→) and mathematical operators
    (0x25A0, 0x25FF), (0x2600, 0x26FF),  # geometric shapes and signs (⚠)
    (0x2460, 0x24FF),  # enclosed numbers
)


def _find(package: str, *names: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"{package} is not installed; see this script's docstring, or name the file")
    for folder in spec.submodule_search_locations:
        for name in names:
            if (Path(folder) / name).is_file():
                return Path(folder) / name
    sys.exit(f"{package} has none of {names}")


def _face(path: Path, name: str) -> TTFont:
    """One face of a collection by its full name (the Korean face of Noto Sans CJK), read whole."""
    if path.suffix.lower() not in (".ttc", ".otc"):
        return TTFont(str(path))
    for i, face in enumerate(TTCollection(str(path), lazy=True).fonts):
        if name.lower() in (face["name"].getDebugName(4) or "").lower():
            return TTFont(str(path), fontNumber=i)
    sys.exit(f"no face named {name!r} in {path}")


def _subset(font: TTFont, cps: set[int]) -> None:
    """Keep the code points asked for (no hinting, no layout features, no glyph names) in place."""
    opts = subset.Options()
    opts.hinting = False
    opts.layout_features = []
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    opts.glyph_names = False
    opts.notdef_outline = True
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "DSIG", "VORG", "vhea", "vmtx", "VVAR", "STAT", "MVAR"]
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=sorted(cps & set(font.getBestCmap())))
    sub.subset(font)


def _cff_to_glyf(font: TTFont, weight: int) -> None:
    """Replace CFF/CFF2 outlines by TrueType ones at the weight (quadratics within 1 unit of the cubics).

    CFF2 outlines are drawn at the weight directly (fontTools' instancer cannot read this collection's CFF2
    blends), so this also fixes the weight and drops the variation tables.
    """
    tag = "CFF2" if "CFF2" in font else "CFF "
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet(location={"wght": weight} if "fvar" in font else None)
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font[tag]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["head"].glyphDataFormat = 0
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    font.sfntVersion = "\x00\x01\x00\x00"
    for gone in ("fvar", "avar", "HVAR", "MVAR", "STAT", "gvar"):
        if gone in font:
            del font[gone]
    glyf.compile(font)  # fills the bounding boxes that hmtx's side bearings are taken from
    hmtx = font["hmtx"]
    for name in order:
        hmtx[name] = (round(glyphs[name].width), getattr(glyf[name], "xMin", 0))


def _names(font: TTFont, family: str, style: str) -> None:
    """Family and style names of the cut (the OFL lets a modified font keep 'Noto': it reserves no name)."""
    name = font["name"]
    ps = family.replace(" ", "") + "-" + style
    for nid, text in ((1, family), (2, style), (3, f"{ps};lignum-companion cut"), (4, f"{family} {style}"),
                      (6, ps)):
        name.setName(text, nid, 3, 1, 0x409)
        name.setName(text, nid, 1, 0, 0)
    for nid in (16, 17, 25):
        name.removeNames(nameID=nid)
    os2 = font["OS/2"]
    os2.fsType = 0  # installable embedding, as the OFL allows
    os2.fsSelection = (os2.fsSelection & ~0b1100001) | (0b100000 if style == "Bold" else 0b1000000)
    font["head"].macStyle = 1 if style == "Bold" else 0


def cut(source: Path, face: str, cps: set[int], family: str) -> list[Path]:
    written = []
    for style, weight in WEIGHTS.items():
        font = _face(source, face)
        _subset(font, cps)
        if "CFF2" in font or "CFF " in font:
            _cff_to_glyf(font, weight)
        elif "fvar" in font:
            limits = {"wght": weight, **({"wdth": 100} if any(a.axisTag == "wdth" for a in font["fvar"].axes)
                                          else {})}
            font = instancer.instantiateVariableFont(font, limits)
        font["OS/2"].usWeightClass = weight
        font["post"].formatType = 3.0
        _names(font, family, style)
        out = OUT / f"{family.replace(' ', '')}-{style}.ttf"
        font.save(str(out))
        written.append(out)
        print(f"{out.name}: {len(font.getBestCmap())} code points, {out.stat().st_size / 1024:.0f} KiB")
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latin", type=Path, help="Noto Sans variable TrueType (NotoSans[wdth,wght].ttf)")
    ap.add_argument("--cjk", type=Path, help="Noto Sans CJK variable collection (NotoSansCJK-VF.otf.ttc)")
    a = ap.parse_args()
    latin = a.latin or _find("fontpkg_noto_sans", "files/NotoSans[wdth,wght].ttf")
    cjk = a.cjk or _find("manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc")
    OUT.mkdir(exist_ok=True)
    cut(latin, "", LATIN, "Noto Sans")
    cut(cjk, "Noto Sans CJK KR", SIGNS, "Noto Sans KR Signs")
    cut(cjk, "Noto Sans CJK KR", KOREAN, "Noto Sans KR")


if __name__ == "__main__":
    main()
