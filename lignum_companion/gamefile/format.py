"""The game file's format: a versioned header (players, mode, variants, setup draws) and one action per line,
parsed into a `GameFile` (form only: what the lines mean is the engine's, replay.py) and rendered back with every
comment and blank line where it was."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lignum_companion.engine import LignumError, Setup
from lignum_companion.engine import data as D
from lignum_companion.engine.names import brief, describe, first_unsafe
from lignum_companion.gamefile.errors import BadFile, Said

FORMAT = 1
MAGIC = "lignum-game"
HEADER_KEYS = ("players", "mode", "variants", "order", "areas", "winter", "cards", "money", "lang", "name", "date",
               "colors", "order-rule", "warnings", "expansion", "buildings", "readings")
LANGS = ("en", "ko")  # the game's language (`lang ko`): what play, next and the PDF show unless told otherwise
ORDER_RULES = ("free", "strict")  # R24: `order-rule strict` keeps clearing order in every step; absent = free
BACKUP_SUFFIX = ".bak"
SUFFIX = ".lignum"  # the end of every game file's name (`lignum games` and `stats` count only these)


@dataclass(slots=True)
class Line:
    """One action line of the file with its 1-based line number."""

    number: int
    text: str


@dataclass
class GameFile:
    """A parsed file: its setup, its action lines, and the raw lines (comments kept on rewrite)."""

    setup: Setup
    actions: list[Line] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    path: Path | None = None
    lang: str | None = None  # the `lang` header line; None in files written before it existed
    origin: str | None = None  # fingerprint of the bytes this was read from; `save` refuses if the file changed

    def action_texts(self) -> list[str]:
        return [a.text for a in self.actions]


# --- header -----------------------------------------------------------------------------------------


def format_header(s: Setup, lang: str | None = None) -> list[str]:
    """The header lines for a setup (and the game's language), readable and hand-editable."""
    lines = [
        "# Lignum Companion game file. One action per line; notation: docs/notation.md",
        f"{MAGIC} {FORMAT}",
    ]
    if s.name:
        lines.append(f"name {s.name}")
    if s.date:
        lines.append(f"date {s.date}")
    lines += [
        "players " + " ".join(s.players),
        f"mode {s.mode}",
        "variants " + (" ".join(s.variants) if s.variants else "none"),
        "order " + " ".join(s.order),
        "areas " + " ".join(f"{name}={area}" for name, area in s.areas.items()),
        "winter " + " ".join(f"{f}/{h}" for f, h in s.winter),
    ]
    if s.cards:
        lines.append("cards " + " ".join(s.cards))
    if s.start_money != D.START_MONEY:
        lines.append(f"money {s.start_money}")
    if s.expansion:  # R23; files without these lines are base games
        lines.append(f"expansion {s.expansion}")
        lines.append("buildings " + format_buildings(s.buildings))
        if any(len(t) > 2 and t[2] for t in s.buildings):  # the table's corrections of the program's readings
            lines.append("readings " + "|".join(f"{t[0]}={t[2]}" for t in s.buildings if len(t) > 2 and t[2]))
    if lang:
        lines.append(f"lang {lang}")
    if s.colours:
        lines.append("colors " + " ".join(f"{name}={colour}" for name, colour in s.colours.items()))
    if s.strict_order:
        lines.append("order-rule strict")
    if not s.warnings:
        lines.append("warnings off")  # the advisor's warnings are not shown for this game
    lines.append("start")
    return lines


def format_buildings(tiles: list[list[str]]) -> str:
    """`NAME:effect text|NAME:effect` (R23): the face-up building tiles, as task cards are entered."""
    return "|".join(f"{t[0]}:{t[1]}" if t[1] else t[0] for t in tiles)


def parse_buildings(text: str) -> list[list[str]]:
    """Read `NAME:effect|NAME:effect` back; a tile without `:` has no effect text."""
    out = []
    for part in text.split("|"):
        name, _, effect = part.strip().partition(":")
        if name.strip() or effect.strip():
            out.append([name.strip(), " ".join(effect.split())])
    return out


def _parse_header(raw: list[str]) -> tuple[Setup, int, str | None]:
    """Read the header; return the setup, the index of the first action line and the game's language."""
    seen, end = _header_lines(raw)
    lang = None
    if "lang" in seen:
        n_l, lang = seen["lang"]
        if lang not in LANGS:
            raise BadFile(n_l, "read.bad_lang", langs=", ".join(LANGS), value=lang)
    setup = Setup(players=seen["players"][1].split())
    try:
        _read_core(setup, seen)
        _read_options(setup, seen)
        from lignum_companion.engine.setup import validate

        validate(setup)
    except BadFile as e:
        e.lang = lang  # the header named its language: say the rest in it
        raise
    except LignumError as e:
        refusal = BadFile(seen["players"][0], "read.bad_setup", error=e)
        refusal.lang = lang
        raise refusal from None
    return setup, end, lang


Seen = dict[str, tuple[int, str]]  # header key -> (its line number, its value)


def _header_lines(raw: list[str]) -> tuple[Seen, int]:
    """The header's lines by key, each once, after the magic line with a format we can read; and the index of the
    first line after `start`."""
    seen: Seen = {}
    version_line = None
    i = 0
    for i, line in enumerate(raw):
        text = line.strip()
        n = i + 1
        if not text or text.startswith("#"):
            continue
        bad = first_unsafe(text, allow_tab=True)
        if bad is not None:
            raise BadFile(n, "read.invisible", char=describe(bad))
        if version_line is None:
            _check_magic(text, n)
            version_line = n
            continue
        if text == "start":
            break
        key, value = (text.split(None, 1) + [""])[:2]
        if key not in HEADER_KEYS:
            raise BadFile(n, "read.unknown_header", key=key)
        if key in seen:
            raise BadFile(n, "read.twice", key=key)
        seen[key] = (n, value.strip())
    else:
        if version_line is None:
            raise BadFile(0, "read.empty")
        raise BadFile(len(raw), "read.no_start")
    for key in ("players", "order", "areas", "winter"):
        if key not in seen:
            raise BadFile(i + 1, "read.lacks", key=key)
    return seen, i + 1


def _check_magic(text: str, n: int) -> None:
    """The first line: `lignum-game N` with a format version this program reads."""
    word, rest = (text.split(None, 1) + [""])[:2]
    if word != MAGIC:
        raise BadFile(n, "read.not_game", magic=MAGIC, format=FORMAT)
    version = _number(rest.strip(), n, "format_version")
    if version < 1:
        raise BadFile(n, "read.no_such_format", version=version, format=FORMAT)
    if version > FORMAT:
        raise BadFile(n, "read.newer_format", version=version, format=FORMAT)


def _read_core(setup: Setup, seen: Seen) -> None:
    """Mode, variants, order, starting areas, winter cards, task cards, money, name and date."""
    setup.mode = seen.get("mode", (0, "basic"))[1] or "basic"
    variants = seen.get("variants", (0, "none"))[1].split()
    setup.variants = [] if variants in ([], ["none"]) else variants
    setup.order = seen["order"][1].split()
    n_areas, areas_text = seen["areas"]
    setup.areas = {}
    for part in areas_text.split():
        name, eq, area = part.rpartition("=")
        if not eq or not name or not area.isdecimal():
            raise BadFile(n_areas, "read.bad_area", part=brief(part))
        setup.areas[name] = _number(area, n_areas, "area")
    n_w, winter_text = seen["winter"]
    cards = []
    for part in winter_text.split():
        f, slash, h = part.partition("/")
        if not slash or not f.isdecimal() or not h.isdecimal():
            raise BadFile(n_w, "read.bad_winter", part=brief(part))
        cards.append([_number(f, n_w, "winter_need"), _number(h, n_w, "winter_need")])
    setup.winter = cards
    setup.cards = seen.get("cards", (0, ""))[1].split()
    if "money" in seen:
        n_m, money = seen["money"]
        setup.start_money = _number(money, n_m, "money")
    setup.name = seen.get("name", (0, ""))[1]
    if "date" in seen:
        n_d, day = seen["date"]
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
            raise BadFile(n_d, "read.bad_date", value=day)
        setup.date = day


def _read_options(setup: Setup, seen: Seen) -> None:
    """Colours, the order rule (R24), warnings, and the expansion with its buildings (R23)."""
    if "colors" in seen:
        n_c, colours_text = seen["colors"]
        for part in colours_text.split():
            name, eq, colour = part.partition("=")
            if not eq or not colour:
                raise BadFile(n_c, "read.bad_colour", part=part)
            setup.colours[name] = colour.casefold()
    if "order-rule" in seen:
        n_o, rule = seen["order-rule"]
        if rule not in ORDER_RULES:
            raise BadFile(n_o, "read.bad_order_rule", choices=" or ".join(ORDER_RULES), value=rule)
        setup.strict_order = rule == "strict"
    if "warnings" in seen:
        n_w, value = seen["warnings"]
        if value not in ("on", "off"):
            raise BadFile(n_w, "read.bad_warnings", value=value)
        setup.warnings = value == "on"
    if "expansion" in seen:
        value = seen["expansion"][1]
        setup.expansion = "" if value in ("", "none") else value
    setup.buildings = parse_buildings(seen.get("buildings", (0, ""))[1])
    if "readings" in seen:  # `readings NAME=TEXT|NAME=none`: how the table corrected the program's readings (R23)
        n_r, text = seen["readings"]
        by_name = {" ".join(t[0].split()).casefold(): t for t in setup.buildings}
        for part in text.split("|"):
            name, eq, reading = part.partition("=")
            tile = by_name.get(" ".join(name.split()).casefold())
            if not eq or tile is None:
                raise BadFile(n_r, "read.bad_reading", part=part.strip())
            tile[1:] = [tile[1], " ".join(reading.split())]


def _number(text: str, line: int, what: str) -> int:
    """A whole number of the header (`what`: a key of [read.what]); huge ones are refused before int() (which fails
    past 4,300 digits)."""
    if not text.isdecimal():
        raise BadFile(line, "read.not_number", what=Said(f"read.what.{what}"))
    if len(text) > 6:
        raise BadFile(line, "read.too_many_digits", what=Said(f"read.what.{what}"), digits=len(text))
    return int(text)


# --- the text of a file ----------------------------------------------------------------------------


def parse_text(text: str) -> GameFile:
    """Split a file's text into setup and action lines (form only)."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise BadFile(line, "read.binary")
    if text.startswith("\ufeff"):  # a byte order mark that some editors add
        text = text[1:]
    # Only newlines end a line (not U+2028, form feeds and the like), so line numbers match an editor's.
    raw = [line.removesuffix("\r") for line in text.split("\n")]
    if raw and raw[-1] == "":
        raw.pop()
    setup, first, lang = _parse_header(raw)
    actions = []
    for idx in range(first, len(raw)):
        t = raw[idx].strip()
        if t and not t.startswith("#"):
            actions.append(Line(idx + 1, t))
    return GameFile(setup, actions, raw, lang=lang)


def render(gf: GameFile) -> str:
    return "\n".join(gf.raw) + "\n"


def new_file(setup: Setup, lang: str | None = None) -> GameFile:
    raw = format_header(setup, lang)
    return GameFile(setup, [], raw, lang=lang)


def append(gf: GameFile, texts: list[str]) -> GameFile:
    """A copy of the file with action lines appended (the caller has checked them by replay)."""
    raw = list(gf.raw)
    actions = list(gf.actions)
    for t in texts:
        raw.append(t)
        actions.append(Line(len(raw), t))
    return GameFile(gf.setup, actions, raw, gf.path, gf.lang, gf.origin)


def drop_last(gf: GameFile, n: int) -> GameFile:
    """A copy without the last n action lines; every comment and blank line stays where it was."""
    if n <= 0 or not gf.actions:
        return gf
    n = min(n, len(gf.actions))
    keep = gf.actions[:-n]
    gone = {line.number for line in gf.actions[-n:]}
    raw = [text for i, text in enumerate(gf.raw, start=1) if i not in gone]
    while len(raw) > _header_end(gf) and not raw[-1].strip():  # no trailing blank lines where actions were
        raw.pop()
    return GameFile(gf.setup, list(keep), raw, gf.path, gf.lang, gf.origin)


def _header_end(gf: GameFile) -> int:
    for i, line in enumerate(gf.raw):
        if line.strip() == "start":
            return i + 1
    return len(gf.raw)
