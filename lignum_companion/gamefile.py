"""The game file: a versioned header and one action per line. The log is the game; the state is its replay.

Saving appends lines and writes atomically (temporary file, flush, fsync, `os.replace`), keeping the previous
version as `FILE.bak`. Reading never raises anything but `GameFileError("line N: reason")`.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .engine import GameFileError, LignumError, Setup, apply, new_game, parse
from .engine import data as D
from .engine.state import Game

FORMAT = 1
MAGIC = "lignum-game"
HEADER_KEYS = ("players", "mode", "variants", "order", "areas", "winter", "cards", "money", "lang")
LANGS = ("en", "ko")  # the game's language (`lang ko`): what play, next and the PDF show unless told otherwise
BACKUP_SUFFIX = ".bak"


@dataclass
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

    def action_texts(self) -> list[str]:
        return [a.text for a in self.actions]


# --- header ------------------------------------------------------------------------------------------


def format_header(s: Setup, lang: str | None = None) -> list[str]:
    """The header lines for a setup (and the game's language), readable and hand-editable."""
    lines = [
        "# Lignum Companion game file. One action per line; notation: docs/notation.md",
        f"{MAGIC} {FORMAT}",
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
    if lang:
        lines.append(f"lang {lang}")
    lines.append("start")
    return lines


def _parse_header(raw: list[str]) -> tuple[Setup, int, str | None]:
    """Read the header; return the setup, the index of the first action line and the game's language."""
    seen: dict[str, tuple[int, str]] = {}
    version_line = None
    i = 0
    for i, line in enumerate(raw):
        text = line.strip()
        n = i + 1
        if not text or text.startswith("#"):
            continue
        if version_line is None:
            word, _, rest = text.partition(" ")
            if word != MAGIC:
                raise GameFileError(n, f"not a Lignum Companion game file (it should start with '{MAGIC} {FORMAT}')")
            if not rest.strip().isdecimal():
                raise GameFileError(n, "the format version is missing")
            version = int(rest.strip())
            if version > FORMAT:
                raise GameFileError(
                    n, f"this file has format {version}, made by a newer Lignum Companion; this one reads format "
                       f"{FORMAT}: please upgrade")
            version_line = n
            continue
        if text == "start":
            break
        key, _, value = text.partition(" ")
        if key not in HEADER_KEYS:
            raise GameFileError(n, f"unknown header line {key!r}; the header ends with 'start'")
        if key in seen:
            raise GameFileError(n, f"{key} is given twice in the header")
        seen[key] = (n, value.strip())
    else:
        if version_line is None:
            raise GameFileError(0, "the file is empty or not a Lignum Companion game file")
        raise GameFileError(len(raw), "the header never ends: the line 'start' is missing (is the file cut short?)")
    for key in ("players", "order", "areas", "winter"):
        if key not in seen:
            raise GameFileError(i + 1, f"the header lacks the '{key}' line")
    lang = None
    if "lang" in seen:
        n_l, lang = seen["lang"]
        if lang not in LANGS:
            raise GameFileError(n_l, f"lang is one of {', '.join(LANGS)}, not {lang!r}")
    setup = Setup(players=seen["players"][1].split())
    try:
        setup.mode = seen.get("mode", (0, "basic"))[1] or "basic"
        variants = seen.get("variants", (0, "none"))[1].split()
        setup.variants = [] if variants in ([], ["none"]) else variants
        setup.order = seen["order"][1].split()
        n_areas, areas_text = seen["areas"]
        setup.areas = {}
        for part in areas_text.split():
            name, eq, area = part.partition("=")
            if not eq or not area.isdecimal():
                raise GameFileError(n_areas, f"areas are NAME=AREA, not {part!r}")
            setup.areas[name] = int(area)
        n_w, winter_text = seen["winter"]
        cards = []
        for part in winter_text.split():
            f, slash, h = part.partition("/")
            if not slash or not f.isdecimal() or not h.isdecimal():
                raise GameFileError(n_w, f"winter cards are FOOD/HEAT, like 6/3, not {part!r}")
            cards.append([int(f), int(h)])
        setup.winter = cards
        setup.cards = seen.get("cards", (0, ""))[1].split()
        if "money" in seen:
            n_m, money = seen["money"]
            if not money.isdecimal():
                raise GameFileError(n_m, "money is a whole number")
            setup.start_money = int(money)
        from .engine.setup import validate

        validate(setup)
    except GameFileError:
        raise
    except LignumError as e:
        raise GameFileError(seen["players"][0], f"bad setup: {e}") from None
    return setup, i + 1, lang


# --- reading and replaying ---------------------------------------------------------------------------


def parse_text(text: str) -> GameFile:
    """Split a file's text into setup and action lines (form only)."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise GameFileError(line, "binary data (a NUL byte): the file is damaged or not a game file")
    raw = text.splitlines()
    setup, first, lang = _parse_header(raw)
    actions = []
    for idx in range(first, len(raw)):
        t = raw[idx].strip()
        if t and not t.startswith("#"):
            actions.append(Line(idx + 1, t))
    return GameFile(setup, actions, raw, lang=lang)


def replay(gf: GameFile, upto: int | None = None) -> Game:
    """The state after the first `upto` action lines (all by default); errors name the line."""
    try:
        g = new_game(gf.setup)
    except LignumError as e:
        raise GameFileError(0, f"bad setup: {e}") from None
    for line in gf.actions[:upto]:
        try:
            apply(g, parse(line.text))
        except LignumError as e:
            raise GameFileError(line.number, str(e)) from None
    return g


def read(path: str | os.PathLike[str]) -> GameFile:
    """Read a game file from disk; unreadable or undecodable files become GameFileError."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise GameFileError(0, f"no game file at {p}") from None
    except IsADirectoryError:
        raise GameFileError(0, f"{p} is a folder, not a game file") from None
    except OSError as e:
        raise GameFileError(0, f"cannot read {p}: {e.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise GameFileError(line, "the file is not UTF-8 text") from None
    gf = parse_text(text)
    gf.path = p
    return gf


def load(path: str | os.PathLike[str]) -> tuple[GameFile, Game]:
    """Read and replay."""
    gf = read(path)
    return gf, replay(gf)


# --- writing ------------------------------------------------------------------------------------------


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
    return GameFile(gf.setup, actions, raw, gf.path, gf.lang)


def drop_last(gf: GameFile, n: int) -> GameFile:
    """A copy without the last n action lines; comments before the first removed line stay."""
    if n <= 0 or not gf.actions:
        return gf
    n = min(n, len(gf.actions))
    keep = gf.actions[:-n]
    cut = max(gf.actions[-n].number - 1, _header_end(gf))
    raw = gf.raw[:cut]
    return GameFile(gf.setup, list(keep), raw, gf.path, gf.lang)


def _header_end(gf: GameFile) -> int:
    for i, line in enumerate(gf.raw):
        if line.strip() == "start":
            return i + 1
    return len(gf.raw)


def atomic_write(path: str | os.PathLike[str], text: str, *, backup: bool = True) -> None:
    """Write so that the file is always either the old or the new version; keep the old one as FILE.bak."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if backup and p.exists():
            bak = p.with_name(p.name + BACKUP_SUFFIX)
            btmp = bak.with_name(bak.name + ".tmp")
            with open(p, "rb") as src, open(btmp, "wb") as dst:
                dst.write(src.read())
                dst.flush()
                os.fsync(dst.fileno())
            os.replace(btmp, bak)
        os.replace(tmp, p)
        _fsync_dir(p.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save(gf: GameFile, path: str | os.PathLike[str] | None = None) -> None:
    target = path or gf.path
    if target is None:
        raise ValueError("no path to save to")
    atomic_write(target, render(gf))
    _sweep_leftovers(Path(target))


STALE_SECONDS = 600


def _sweep_leftovers(p: Path) -> None:
    """Remove temporary files a killed save left beside this game (old enough not to be another save's)."""
    import time

    cutoff = time.time() - STALE_SECONDS
    for leftover in list(p.parent.glob(f".{p.name}.*.tmp")) + [p.with_name(p.name + BACKUP_SUFFIX + ".tmp")]:
        try:
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()
        except OSError:
            pass


# --- where games live -----------------------------------------------------------------------------------

ENV_DIR = "LIGNUM_GAMES_DIR"
SUFFIX = ".lignum"


def games_dir() -> Path:
    """The user data folder (platformdirs), or $LIGNUM_GAMES_DIR."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("lignum-companion", appauthor=False)) / "games"


def list_games() -> list[Path]:
    """Saved games, most recently changed first."""
    d = games_dir()
    if not d.is_dir():
        return []
    files = [p for p in d.iterdir() if p.suffix == SUFFIX and p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def default_name(setup: Setup, today: str) -> str:
    """A readable file name: date and players, e.g. 2026-11-29-anna-ben-cleo.lignum."""
    slug = "-".join(re.sub(r"[^\w-]", "", n.casefold(), flags=re.UNICODE) or "p" for n in setup.players)
    return f"{today}-{slug}{SUFFIX}"


def unique_path(folder: Path, name: str) -> Path:
    p = folder / name
    k = 2
    while p.exists():
        p = folder / f"{name[: -len(SUFFIX)]}-{k}{SUFFIX}"
        k += 1
    return p
