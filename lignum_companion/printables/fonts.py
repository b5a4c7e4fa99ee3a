"""Fonts for the PDF score sheet that exist on any machine: pip-installed Noto fonts, subset and embedded.

reportlab embeds only TrueType-outline fonts. The packaged fonts are variable fonts: Noto Sans (TrueType
outlines; Latin, Greek, Cyrillic) and Noto Sans CJK (CFF2 outlines; Hangul, kana, Chinese characters). For a
sheet, only the letters it shows are taken from them, at the weight wanted (regular 400, bold 700): each
glyph is drawn at that weight with fontTools, CFF curves converted to TrueType quadratics (cu2qu), and a small
static TrueType font is built in memory for reportlab to embed. The CJK collection is never parsed as a whole
(its cmap and metrics have 65,536 entries): the few code points wanted are looked up in the raw tables.

A system TrueType font (DejaVu Sans, Nanum Gothic) is used instead when present; see templates/en/scoresheet.toml.
"""

from __future__ import annotations

import bisect
import io
import struct
from functools import cache
from importlib import util as importlib_util
from pathlib import Path
from typing import Any

REGULAR, BOLD = 400, 700


def packaged_file(spec: str) -> Path | None:
    """'package:file name' -> the file inside that installed package (without importing it), or None."""
    package, _, name = spec.partition(":")
    try:
        found = importlib_util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if found is None or not found.submodule_search_locations:
        return None
    for folder in found.submodule_search_locations:
        for candidate in (Path(folder) / name, Path(folder) / "files" / name):
            if candidate.is_file():
                return candidate
    return None


def _raw_cmap_lookup(data: bytes, cps: set[int]) -> dict[int, int]:
    """Code point -> glyph id from a raw 'cmap' table (format 12, else format 4), only for the wanted ones."""
    _version, count = struct.unpack_from(">HH", data, 0)
    offsets = {}
    for i in range(count):
        _pid, _eid, off = struct.unpack_from(">HHL", data, 4 + 8 * i)
        offsets.setdefault(struct.unpack_from(">H", data, off)[0], off)
    out: dict[int, int] = {}
    if 12 in offsets:
        off = offsets[12]
        groups_n = struct.unpack_from(">L", data, off + 12)[0]
        groups = list(struct.iter_unpack(">LLL", data[off + 16: off + 16 + 12 * groups_n]))
        starts = [g[0] for g in groups]
        for cp in cps:
            i = bisect.bisect_right(starts, cp) - 1
            if i >= 0 and cp <= groups[i][1]:
                out[cp] = groups[i][2] + cp - groups[i][0]
        return out
    if 4 in offsets:  # Basic Multilingual Plane only
        off = offsets[4]
        seg2 = struct.unpack_from(">H", data, off + 6)[0]
        ends = struct.unpack_from(f">{seg2 // 2}H", data, off + 14)
        starts_ = struct.unpack_from(f">{seg2 // 2}H", data, off + 16 + seg2)
        deltas = struct.unpack_from(f">{seg2 // 2}h", data, off + 16 + 2 * seg2)
        range_at = off + 16 + 3 * seg2
        ranges = struct.unpack_from(f">{seg2 // 2}H", data, range_at)
        for cp in cps:
            i = bisect.bisect_left(ends, cp)
            if i >= len(ends) or cp < starts_[i]:
                continue
            if ranges[i] == 0:
                gid = (cp + deltas[i]) & 0xFFFF
            else:
                at = range_at + 2 * i + ranges[i] + 2 * (cp - starts_[i])
                gid = struct.unpack_from(">H", data, at)[0]
                gid = (gid + deltas[i]) & 0xFFFF if gid else 0
            if gid:
                out[cp] = gid
    return out


class VariableSource:
    """One face of a packaged variable font, read lazily; builds static TrueType subsets of it."""

    def __init__(self, path: Path, face: str = "") -> None:
        from fontTools.ttLib import TTFont

        self.path = path
        self.face = face
        index = 0
        if path.suffix.lower() in (".ttc", ".otc") and face:
            index = self._face_index(path, face)
        self.font = TTFont(str(path), fontNumber=index, lazy=True)
        self.cff = "CFF2" in self.font or "CFF " in self.font
        if self.cff:  # names from the cmap would read all 65,536 entries: number the glyphs instead
            self.font.setGlyphOrder([f"g{i}" for i in range(self.font["maxp"].numGlyphs)])
        self._cmap: dict[int, int] = {}
        self._looked: set[int] = set()

    @staticmethod
    def _face_index(path: Path, face: str) -> int:
        from fontTools.ttLib import TTCollection

        collection = TTCollection(str(path), lazy=True)
        for i, f in enumerate(collection.fonts):
            if face.lower() in (f["name"].getDebugName(4) or "").lower():
                return i
        return 0

    def glyph_ids(self, cps: set[int]) -> dict[int, int]:
        """Glyph ids of the code points this face has."""
        todo = cps - self._looked
        if todo:
            if self.cff:
                self._cmap.update(_raw_cmap_lookup(self.font.reader["cmap"], todo))
            else:
                best = self.font.getBestCmap()
                order = self.font.getGlyphOrder()
                index = {name: i for i, name in enumerate(order)}
                self._cmap.update({cp: index[best[cp]] for cp in todo if cp in best})
            self._looked |= todo
        return {cp: self._cmap[cp] for cp in cps if cp in self._cmap}

    def covers(self, cp: int) -> bool:
        return bool(self.glyph_ids({cp}))

    def _location(self, weight: int) -> dict[str, float]:
        from fontTools.varLib.models import normalizeLocation, piecewiseLinearMap

        axes = {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in self.font["fvar"].axes}
        loc = normalizeLocation({"wght": weight}, axes) if "wght" in axes else {}
        if "avar" in self.font:
            segments = self.font["avar"].segments
            loc = {k: piecewiseLinearMap(v, segments.get(k, {})) for k, v in loc.items()}
        return loc

    def _advances(self, gids: list[int]) -> dict[int, int]:
        """Default advance widths straight from the raw hmtx table (CJK glyphs share one width at any weight)."""
        raw = self.font.reader["hmtx"]
        long_n = self.font["hhea"].numberOfHMetrics
        out = {}
        for gid in gids:
            at = 4 * min(gid, long_n - 1)
            out[gid] = struct.unpack_from(">H", raw, at)[0]
        return out

    def _outlines(self, gids: list[int], weight: int) -> tuple[dict[int, Any], dict[int, int]]:
        """TrueType glyphs and advance widths at the weight; glyphs drawn once are kept in the cache folder."""
        cache_file = _cache_path(self, weight)
        known = _read_cache(cache_file)
        todo = [g for g in gids if g not in known]
        if todo:
            glyphs, widths = self._draw(todo, weight)
            known.update({g: (glyphs[g], widths[g]) for g in todo})
            _write_cache(cache_file, known)
        return {g: known[g][0] for g in gids}, {g: known[g][1] for g in gids}

    def _draw(self, gids: list[int], weight: int) -> tuple[dict[int, Any], dict[int, int]]:
        """Draw glyphs at the weight as TrueType outlines (CFF curves converted), with their advance widths."""
        from fontTools.pens.cu2quPen import Cu2QuPen
        from fontTools.pens.recordingPen import DecomposingRecordingPen
        from fontTools.pens.ttGlyphPen import TTGlyphPen

        glyphs, widths = {}, {}
        if self.cff:
            from fontTools.varLib.varStore import VarStoreInstancer

            tag = "CFF2" if "CFF2" in self.font else "CFF "
            charstrings = self.font[tag].cff.topDictIndex[0].CharStrings
            store = getattr(charstrings, "varStore", None)
            blend = (VarStoreInstancer(store.otVarStore, self.font["fvar"].axes, self._location(weight))
                     .interpolateFromDeltas if store is not None else None)
            widths = self._advances(gids)
            for gid in gids:
                pen = TTGlyphPen(None)
                charstrings[f"g{gid}"].draw(Cu2QuPen(pen, 1.0, reverse_direction=True), blend)
                glyphs[gid] = pen.glyph()
            return glyphs, widths
        order = self.font.getGlyphOrder()
        gs = self.font.getGlyphSet(location={"wght": weight} if "fvar" in self.font else None)
        for gid in gids:
            rec = DecomposingRecordingPen(gs)
            gs[order[gid]].draw(rec)
            pen = TTGlyphPen(None)
            rec.replay(pen)
            glyphs[gid] = pen.glyph()
            widths[gid] = round(gs[order[gid]].width)
        return glyphs, widths

    def subset_ttf(self, cps: set[int], weight: int, family: str) -> bytes:
        """A static TrueType font with just these code points at this weight (plus .notdef)."""
        from fontTools.fontBuilder import FontBuilder

        ids = self.glyph_ids(cps)
        gids = [0] + sorted(set(ids.values()) - {0})
        outlines, widths = self._outlines(gids, weight)
        names = {gid: (".notdef" if gid == 0 else f"g{gid}") for gid in gids}
        fb = FontBuilder(self.font["head"].unitsPerEm, isTTF=True)
        fb.setupGlyphOrder([names[g] for g in gids])
        fb.setupCharacterMap({cp: names[g] for cp, g in ids.items()})
        fb.setupGlyf({names[g]: outlines[g] for g in gids})
        glyf = fb.font["glyf"]
        fb.setupHorizontalMetrics({names[g]: (widths[g], getattr(glyf[names[g]], "xMin", 0)) for g in gids})
        hhea, os2 = self.font["hhea"], self.font["OS/2"]
        fb.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
        style = "Bold" if weight >= BOLD else "Regular"
        fb.setupNameTable({"familyName": family, "styleName": style})
        fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                    usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent, fsType=0,
                    usWeightClass=weight)
        fb.setupPost()
        buf = io.BytesIO()
        fb.save(buf)
        return buf.getvalue()


def letters(*values: Any) -> str:
    """Every character of the strings in these values (nested dicts and lists too), once: what a sheet shows."""
    seen: set[str] = set("0123456789$+-–…·()")
    todo = list(values)
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            seen.update(v)
        elif isinstance(v, dict):
            todo += v.values()
        elif isinstance(v, (list, tuple, set)):
            todo += v
    return "".join(sorted(seen))


ENV_CACHE = "LIGNUM_FONT_CACHE"


def _cache_path(src: VariableSource, weight: int) -> Path | None:
    """Where glyphs of this font file and weight are kept; None when no cache folder can be had."""
    import hashlib
    import os

    folder = os.environ.get(ENV_CACHE)
    if folder == "off":
        return None
    if not folder:
        from platformdirs import user_cache_dir

        folder = os.path.join(user_cache_dir("lignum-companion", appauthor=False), "fonts")
    try:
        stat = src.path.stat()
    except OSError:
        return None
    key = f"{src.path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{src.face}|{weight}".encode()
    return Path(folder) / f"glyphs-{hashlib.sha1(key).hexdigest()[:16]}.pickle"


def _read_cache(path: Path | None) -> dict[int, tuple[Any, int]]:
    import pickle

    if path is None:
        return {}
    try:
        with open(path, "rb") as f:
            data = pickle.load(f)
        return data if isinstance(data, dict) else {}
    except Exception:  # missing, unreadable or from another fontTools: draw again
        return {}


def _write_cache(path: Path | None, known: dict[int, tuple[Any, int]]) -> None:
    """Save atomically (temporary file, replace); a cache that cannot be written is simply not kept."""
    import os
    import pickle
    import tempfile

    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".glyphs-", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            pickle.dump(known, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass


@cache
def source(spec: str) -> VariableSource | None:
    """The packaged font named 'package:file#face' (e.g. the Korean face of Noto Sans CJK), if installed."""
    file_spec, _, face = spec.partition("#")
    path = packaged_file(file_spec)
    if path is None:
        return None
    try:
        return VariableSource(path, face)
    except Exception:  # a damaged or unexpected file: the sheet falls back to other fonts
        return None


class SubsetFont:
    """A packaged font registered with reportlab in pieces: each piece holds the letters asked for so far.

    Letters are asked for up front (`want`) so that usually one piece per weight suffices; a letter that
    turns up later gets a new small piece rather than a box.
    """

    def __init__(self, spec: str, weight: int, tag: str) -> None:
        self.spec, self.weight, self.tag = spec, weight, tag
        self._pending: set[int] = set()
        self._done: dict[int, str] = {}
        self._pieces = 0

    def available(self) -> bool:
        """Whether the package is installed (cheap: nothing is read until a letter is asked for)."""
        return packaged_file(self.spec.partition("#")[0]) is not None

    def has(self, cp: int) -> bool:
        src = source(self.spec)
        return src is not None and src.covers(cp)

    def want(self, cps: set[int]) -> None:
        """Code points the document will show; only those this font has and no piece holds yet are kept."""
        todo = cps - set(self._done)
        src = source(self.spec) if todo else None
        if src is not None:
            self._pending |= set(src.glyph_ids(todo))

    def font_for(self, cp: int) -> str:
        """The reportlab font name of a piece holding the letter ('' if this font lacks it)."""
        if cp in self._done:
            return self._done[cp]
        if not self.has(cp):
            return ""
        self._pending.add(cp)
        self._flush()
        return self._done.get(cp, "")

    def piece_with(self, cps: set[int]) -> str:
        """The name of one piece that holds all these letters (a new piece if none does)."""
        names = {self._done.get(cp) for cp in cps}
        if len(names) == 1 and None not in names:
            return names.pop()
        self._pending |= cps
        self._flush(cps)
        return self._done[next(iter(cps))]

    def _flush(self, together: set[int] = frozenset()) -> None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        src = source(self.spec)
        if src is None or not self._pending:
            return
        self._pieces += 1
        name = f"Lig-{self.tag}-{self.weight}-{self._pieces}"
        data = src.subset_ttf(self._pending, self.weight, name)
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
        for cp in self._pending:
            if cp not in self._done or cp in together:
                self._done[cp] = name
        self._pending = set()
