"""The game file: a versioned header and one action per line. The log is the game; the state is its replay.

Saving appends lines and writes atomically (temporary file, flush, fsync, `os.replace`), keeping the previous
version as `FILE.bak`. Reading never raises anything but `GameFileError("line N: reason")`.

Every message is a key of templates/<lang>/gamefile.toml with its fields (`Said`), put into words when it is shown,
so a file that names its language (`lang ko`) can be refused in it: the header's language is known once the header
is read, and an error found after that carries it (`BadFile.lang`); `--lang` and LIGNUM_LANG still win, and an
error in the header itself is said in the language chosen before (the locale's, by default).

Every change is a read-modify-write under an OS lock on a sibling file `.FILE.lock` (`locked`), and `save`
refuses to write over a file that changed since it was read (`FileChanged`), so no confirmed line is ever lost
to a second terminal or a hand edit. Temporary files are created exclusively (never through a planted link);
a symlinked game file is saved through the link to its target, with its permissions kept.
"""

from __future__ import annotations

import errno
import glob
import hashlib
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from lignum_companion.engine import GameFileError, LignumError, Setup, apply, new_game, parse
from lignum_companion.engine import data as D
from lignum_companion.engine.names import brief, describe, first_unsafe
from lignum_companion.engine.state import Game
from lignum_companion.system import atomic


class Said:
    """A message of templates/<lang>/gamefile.toml ('read.no_file') with its fields, worded when shown.

    Fields may be other `Said`s or exceptions: they too are put into words only then, in the language shown then.
    """

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields = fields

    def __str__(self) -> str:
        from lignum_companion.texts import catalog as texts

        return texts.text("gamefile", *self.key.split("."), **self.fields)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.fields!r})"


class BadFile(GameFileError):
    """A `GameFileError` whose reason is a `Said`; `lang` is the file's own language when its header was read."""

    def __init__(self, line: int, key: str, /, **fields: object) -> None:
        LignumError.__init__(self, key)
        self.line = line
        self.said = Said(key, **fields)
        self.lang: str | None = None

    @property  # type: ignore[override]
    def reason(self) -> str:
        return str(self.said)

    def __str__(self) -> str:
        if not self.line:
            return self.reason
        from lignum_companion.texts import catalog as texts

        return texts.text("gamefile", "frame", "line", line=self.line, reason=self.said)

    def __reduce__(self) -> tuple:  # pickled by the worker processes of `lignum stats`
        return _bad_file, (self.line, self.said.key, self.said.fields, self.lang)


def _bad_file(line: int, key: str, fields: dict, lang: str | None) -> BadFile:
    e = BadFile(line, key, **fields)
    e.lang = lang
    return e

FORMAT = 1
MAGIC = "lignum-game"
HEADER_KEYS = ("players", "mode", "variants", "order", "areas", "winter", "cards", "money", "lang", "name", "date",
               "colors", "order-rule", "warnings", "expansion", "buildings")
LANGS = ("en", "ko")  # the game's language (`lang ko`): what play, next and the PDF show unless told otherwise
ORDER_RULES = ("free", "strict")  # R24: `order-rule strict` keeps clearing order in every step; absent = free
BACKUP_SUFFIX = ".bak"


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


# --- header ------------------------------------------------------------------------------------------


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
    return "|".join(f"{name}:{effect}" if effect else name for name, effect in tiles)


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
    seen: dict[str, tuple[int, str]] = {}
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
            word, rest = (text.split(None, 1) + [""])[:2]
            if word != MAGIC:
                raise BadFile(n, "read.not_game", magic=MAGIC, format=FORMAT)
            version = _number(rest.strip(), n, "format_version")
            if version < 1:
                raise BadFile(n, "read.no_such_format", version=version, format=FORMAT)
            if version > FORMAT:
                raise BadFile(n, "read.newer_format", version=version, format=FORMAT)
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
    lang = None
    if "lang" in seen:
        n_l, lang = seen["lang"]
        if lang not in LANGS:
            raise BadFile(n_l, "read.bad_lang", langs=", ".join(LANGS), value=lang)
    setup = Setup(players=seen["players"][1].split())
    try:
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
        from lignum_companion.engine.setup import validate

        validate(setup)
    except BadFile as e:
        e.lang = lang  # the header named its language: say the rest in it
        raise
    except LignumError as e:
        bad = BadFile(seen["players"][0], "read.bad_setup", error=e)
        bad.lang = lang
        raise bad from None
    return setup, i + 1, lang


def _number(text: str, line: int, what: str) -> int:
    """A whole number of the header (`what`: a key of [read.what]); huge ones are refused before int() (which fails
    past 4,300 digits)."""
    if not text.isdecimal():
        raise BadFile(line, "read.not_number", what=Said(f"read.what.{what}"))
    if len(text) > 6:
        raise BadFile(line, "read.too_many_digits", what=Said(f"read.what.{what}"), digits=len(text))
    return int(text)


# --- reading and replaying ---------------------------------------------------------------------------


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


def replay(gf: GameFile, upto: int | None = None) -> Game:
    """The state after the first `upto` action lines (all by default); errors name the line."""
    try:
        g = new_game(gf.setup)
    except LignumError as e:
        raise _in_game(BadFile(0, "read.bad_setup", error=e), gf) from None
    for line in gf.actions[:upto]:
        try:
            apply(g, parse(line.text, g.board))
        except LignumError as e:
            raise _in_game(BadFile(line.number, "read.replay", error=e), gf) from None
    return g


def _in_game(e: BadFile, gf: GameFile) -> BadFile:
    e.lang = gf.lang
    return e


def read(path: str | os.PathLike[str]) -> GameFile:
    """Read a game file from disk; unreadable or undecodable files become GameFileError."""
    p = Path(path)
    try:
        data = _read_regular(p)
    except FileNotFoundError:
        raise BadFile(0, "read.no_file", path=p) from None
    except IsADirectoryError:
        raise BadFile(0, "read.folder", path=p) from None
    except OSError as e:
        raise BadFile(0, "read.cannot_read", path=p, error=e.strerror) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadFile(line, "read.not_utf8") from None
    gf = parse_text(text)
    gf.path = p
    gf.origin = _fingerprint(data)
    return gf


# A long game is a few thousand lines (under 100 kB); 4 MB holds a game of 100,000 corrections and still replays
# in about 100 MB of memory (some 30 bytes per byte of file). Anything larger is refused before it is read.
MAX_FILE_BYTES = 4_000_000


def _read_regular(p: Path) -> bytes:
    """The bytes of a regular file; a FIFO, a device or a huge file is refused before reading (it could hang).

    Opened without blocking and then looked at (fstat), so a pipe put at the name after a look cannot hang us."""
    fd = os.open(p, atomic.READ_FLAGS)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(p)
        if not stat.S_ISREG(st.st_mode):
            raise BadFile(0, "read.not_regular", path=p)
        if st.st_size > MAX_FILE_BYTES:
            raise BadFile(0, "read.too_large", path=p, size=st.st_size, most=MAX_FILE_BYTES)
        data = _read_fd(fd)
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:  # grew while read
        raise BadFile(0, "read.too_large", path=p, size=len(data), most=MAX_FILE_BYTES)
    return data


def _fingerprint(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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


class SaveError(OSError):
    """A save that did not happen, with a one-line reason (a key of [save] in templates/<lang>/gamefile.toml); the
    game file is as it was (an OSError, so callers that already handle a failed write handle these too)."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(key)
        self.said = Said(f"save.{key}", **fields)

    def __str__(self) -> str:
        return str(self.said)


class FileBusy(SaveError):
    """Another lignum command held the game file's lock for longer than we wait."""


class FileChanged(SaveError):
    """The file on disk is no longer the one that was read (a second terminal or a hand edit)."""


# --- the lock -------------------------------------------------------------------------------------------

LOCK_WAIT = 10.0  # seconds a second writer waits for the first one; LIGNUM_LOCK_WAIT overrides (tests)
_held: dict[str, list] = {}  # lock path -> [pid, depth, lock]: a process may nest `locked` on one file


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The sibling lock file of a game (beside the real file when the game is a symlink)."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.lock")


@contextmanager
def locked(path: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the game's OS lock (the `filelock` package: flock, or LockFileEx on Windows) for a whole read, check
    and write.

    A second writer waits up to `wait` seconds (LIGNUM_LOCK_WAIT, settings.py), then gets `FileBusy`. The lock is on
    `.FILE.lock`, never on the game file (which a save swaps); it is opened without following links and never
    truncated or removed (removing it would let a waiter and a newcomer lock two different files).
    """
    check_name_fits(path)
    lp = str(lock_path(path))
    if lp in _held and _held[lp][0] == os.getpid():
        _held[lp][1] += 1
        try:
            yield
        finally:
            _held[lp][1] -= 1
        return
    if wait is None:
        from lignum_companion.gamefile.settings import SettingError, lock_wait

        try:
            wait = lock_wait()
        except SettingError as e:
            raise SaveError("bad_setting", setting=e) from None
    try:
        os.makedirs(os.path.dirname(lp), exist_ok=True)
        if os.path.islink(lp):  # filelock opens with O_NOFOLLOW too; this names the obstacle before waiting
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))
        from filelock import FileLock, Timeout

        lock = FileLock(lp, timeout=wait, poll_interval=0.005, fallback_to_soft=False, preserve_lock_file=True)
        try:
            lock.acquire()
        except Timeout:
            raise FileBusy("busy", path=path, wait=f"{wait:g}") from None
    except FileBusy:
        raise
    except OSError as e:
        raise SaveError("cannot_lock", path=path, error=e.strerror or e, lock=lp) from None
    _held[lp] = [os.getpid(), 1, lock]
    try:
        yield
    finally:
        del _held[lp]
        lock.release()


# The names a save makes beside FILE, the longest first: `.FILE.bak.XXXXXXXX.tmp` (the backup's temporary file) is
# 18 bytes longer than FILE; `FILE.before-undo-N`, `.FILE.XXXXXXXX.tmp`, `.FILE.lock` are shorter.
NAME_EXTRA = len(".") + len(BACKUP_SUFFIX) + len(".XXXXXXXX.tmp")


def name_limit(folder: Path) -> int:
    """The longest game file name (in bytes) whose backup, lock and temporary names the folder can still hold."""
    try:
        most = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        most = 255
    return min(most, 255) - NAME_EXTRA


def check_name_fits(path: str | os.PathLike[str]) -> None:
    """Refuse at once (`SaveError`) a game whose name is too long to save beside (it could be read, never saved)."""
    real = Path(os.path.realpath(path))
    n = len(os.fsencode(real.name))
    folder = real.parent if real.parent.is_dir() else Path(".")
    if n > name_limit(folder):
        raise SaveError("name_too_long", path=path, n=n, most=name_limit(folder))


# --- atomic writing -------------------------------------------------------------------------------------------

stage_hook: Callable[[str], None] | None = None  # tests stop a save at a named stage to kill it there
saved: list[Path] = []  # files this process has saved, for the line printed when a signal stops it


def _stage(name: str) -> None:
    if stage_hook is not None:
        stage_hook(name)


class _Current:
    """The game file as this save found it, held open: so the save can tell, up to the moment its new version
    takes the name, whether anyone (a hand edit, an editor's own save) changed the file since."""

    def __init__(self, fd: int, data: bytes) -> None:
        self.fd = fd
        self.st = os.fstat(fd)
        self.data = data

    @classmethod
    def open(cls, p: Path) -> _Current | None:
        """The file at `p` (a real path: a link planted there now is refused), or None when there is none."""
        try:
            fd = os.open(p, atomic.READ_FLAGS | atomic.NOFOLLOW)
        except FileNotFoundError:
            return None
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise SaveError("not_regular", path=p) from None
            if os.path.isdir(p):
                raise SaveError("folder", path=p) from None
            raise
        try:
            st = os.fstat(fd)
            if stat.S_ISDIR(st.st_mode):
                raise SaveError("folder", path=p)
            if not stat.S_ISREG(st.st_mode):
                raise SaveError("not_regular", path=p)
            if st.st_size > MAX_FILE_BYTES:
                raise SaveError("too_large", path=p, size=st.st_size, most=MAX_FILE_BYTES)
            return cls(fd, _read_fd(fd))
        except BaseException:
            os.close(fd)
            raise

    def unchanged(self) -> bool:
        """Whether the open file still holds what was read (its size, modification time and bytes; not its change
        time, which the swap of names itself moves)."""
        now = os.fstat(self.fd)
        if (now.st_size, now.st_mtime_ns) != (self.st.st_size, self.st.st_mtime_ns):
            return False
        return _read_fd(self.fd) == self.data

    def named(self, name: str) -> bool:
        """Whether `name` is still this very file, unchanged (not a new file an editor renamed into place)."""
        try:
            st = os.lstat(name)
        except FileNotFoundError:
            return False
        return (st.st_dev, st.st_ino) == (self.st.st_dev, self.st.st_ino) and self.unchanged()

    def close(self) -> None:
        os.close(self.fd)


def _read_fd(fd: int) -> bytes:
    """All bytes of an open file from its start (at most the size cap and one byte more)."""
    os.lseek(fd, 0, os.SEEK_SET)
    parts = []
    left = MAX_FILE_BYTES + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def _obstacle(p: Path) -> None:
    """Refuse a save whose backup or temporary name is taken by something that is not a file (a folder named
    `g.lignum.bak`), naming that thing rather than the game."""
    bak = p.with_name(p.name + BACKUP_SUFFIX)
    try:
        st = os.lstat(bak)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise SaveError("backup_folder", path=p, backup=bak)
    if not stat.S_ISREG(st.st_mode) and not stat.S_ISLNK(st.st_mode):
        raise SaveError("backup_not_regular", path=p, backup=bak)


def atomic_write(path: str | os.PathLike[str], text: str, *, backup: bool = True, origin: str | None = None) -> None:
    """Write so that the file is always either the old or the new version; keep the old one as FILE.bak.

    With `origin` (the fingerprint of the bytes the change was made from), refuse with `FileChanged` if the file
    holds anything else, checked when the save starts and again as the new version takes the name: where names can
    be swapped in one step (atomic.exchange) the file displaced must be the very one read, unchanged, or the swap
    is undone; elsewhere an edit that reached the old file in the last moment is put back. Either way a hand edit
    made during a save is kept and the save refuses. The old file itself becomes FILE.bak, so a write still under
    way into it lands there. A symlink is followed to its target (the link stays); the file's permission bits are
    kept; a read-only game file is refused rather than replaced.
    """
    p = Path(os.path.realpath(path))
    p.parent.mkdir(parents=True, exist_ok=True)
    current = _Current.open(p)
    try:
        if current is not None:
            if not os.access(p, os.W_OK) or not current.st.st_mode & stat.S_IWUSR:
                raise SaveError("read_only", path=path)
            if origin is not None and _fingerprint(current.data) != origin:
                raise FileChanged("changed", path=path)
        elif origin is not None:
            raise FileChanged("changed", path=path)  # it was read, and it is gone
        if backup:
            _obstacle(p)
        mode = stat.S_IMODE(current.st.st_mode) if current is not None else atomic.new_file_mode()
        tmp = atomic.write_temp(p.parent, p.name, text.encode("utf-8"), mode, stage=_stage)
        try:
            _stage("temp-done")
            bak = p.with_name(p.name + BACKUP_SUFFIX)
            if backup and current is not None:
                btmp = atomic.write_temp(p.parent, bak.name, current.data, mode, stage=_stage, role="backup")
                try:
                    _stage("backup-done")
                    if not current.unchanged():
                        raise FileChanged("changed_during", path=path)
                    os.replace(btmp, bak)
                except BaseException:
                    atomic.unlink_quietly(btmp)
                    raise
            _stage("backup-replaced")
            try:
                displaced = atomic.put(tmp, p, current.named if current is not None else _nothing_at, _stage)
            except atomic.Displaced:
                raise FileChanged("changed_during", path=path) from None
            if displaced is None and current is not None and not current.unchanged():
                _put_back(p, current, mode)  # no swap here: the edit reached the old file just before the replace
                raise FileChanged("changed_during", path=path)
            if displaced is not None:
                if backup:
                    os.replace(displaced, bak)  # the old file itself: a late write into it is kept there
                    if current is not None and not current.unchanged():  # an edit opened before the swap landed
                        os.replace(bak, p)  # after its check: the old file, with the edit, takes the name back
                        raise FileChanged("changed_during", path=path)
                else:
                    atomic.unlink_quietly(displaced)
        except BaseException:
            atomic.unlink_quietly(tmp)
            raise
    finally:
        if current is not None:
            current.close()
    saved.append(Path(path))
    _stage("replaced")
    atomic.fsync_dir(p.parent)


def _nothing_at(name: str) -> bool:
    return not os.path.lexists(name)


def _put_back(p: Path, current: _Current, mode: int) -> None:
    """Give the name back to the old file as it is now (with the edit that reached it during the save)."""
    tmp = atomic.write_temp(p.parent, p.name, _read_fd(current.fd), mode)
    try:
        os.replace(tmp, p)
    except BaseException:
        atomic.unlink_quietly(tmp)
        raise


def fingerprint(path: str | os.PathLike[str]) -> str | None:
    """What the file holds now (None if it is gone), to tell whether it changed since it was read."""
    try:
        return _fingerprint(_read_regular(Path(path)))
    except (OSError, GameFileError):
        return None


def save(gf: GameFile, path: str | os.PathLike[str] | None = None) -> None:
    """Save under the game's lock; refuse (`FileChanged`) if the file changed since `gf` was read from it.

    Raises only `SaveError` (with a one-line reason); on success `gf` records what the file now holds.
    """
    target = path or gf.path
    if target is None:
        raise ValueError("no path to save to")
    text = render(gf)
    try:
        with locked(target):
            atomic_write(target, text, origin=gf.origin)  # refuses if the file is not what gf was read from
    except SaveError:
        raise
    except OSError as e:
        raise SaveError("cannot_save", path=target, error=e.strerror or e) from None
    gf.origin = _fingerprint(text.encode("utf-8"))
    gf.path = Path(target)
    _sweep_leftovers(Path(os.path.realpath(target)))


def create(gf: GameFile, path: Path, *, numbered: bool = False) -> Path:
    """Save a new game at `path`, never over an existing file: two `lignum new` at once get two files.

    With `numbered`, a taken name becomes NAME-2, NAME-3, ...; otherwise a taken name is a `SaveError`.
    The file appears whole (a temporary file hard-linked into place) or, where links are not possible, is
    created with O_EXCL and written.
    """
    data = render(gf).encode("utf-8")
    folder = path.parent
    check_name_fits(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = atomic.write_temp(folder, path.name, data, atomic.new_file_mode())
    except OSError as e:
        raise SaveError("cannot_save", path=path, error=e.strerror or e) from None
    try:
        for candidate in _candidates(path, numbered):
            try:
                _place(tmp, candidate, data)
            except FileExistsError:
                if not numbered:
                    raise SaveError("exists", path=candidate) from None
                continue
            except SaveError:
                raise
            except OSError as e:
                raise SaveError("cannot_save", path=candidate, error=e.strerror or e) from None
            gf.path = candidate
            gf.origin = _fingerprint(data)
            saved.append(candidate)
            atomic.fsync_dir(folder)
            return candidate
        raise SaveError("no_free_name", path=path)  # pragma: no cover - 10,000 games of one name
    finally:
        atomic.unlink_quietly(tmp)


def keep_copy(gf: GameFile, why: str) -> Path:
    """Keep the game as `gf` holds it in a new file beside it, `FILE.WHY-N` (the first free N), and return its
    path: what a large undo takes back stays recoverable after later saves replace FILE.bak. The name does not end
    in `.lignum`, so `lignum games` and `lignum stats` do not count the copy as another game."""
    if gf.path is None:
        raise ValueError("a kept copy needs the game's path")
    real = Path(os.path.realpath(gf.path))
    data = render(gf).encode("utf-8")
    try:
        tmp = atomic.write_temp(real.parent, real.name, data, atomic.new_file_mode())
    except OSError as e:
        raise SaveError("cannot_save", path=real, error=e.strerror or e) from None
    try:
        for k in range(1, 10_000):
            candidate = real.with_name(f"{real.name}.{why}-{k}")
            try:
                _place(tmp, candidate, data)
            except FileExistsError:
                continue
            except OSError as e:
                raise SaveError("cannot_save", path=candidate, error=e.strerror or e) from None
            atomic.fsync_dir(real.parent)
            return candidate
        raise SaveError("no_free_name", path=real)  # pragma: no cover - 10,000 kept copies
    finally:
        atomic.unlink_quietly(tmp)


def _candidates(path: Path, numbered: bool) -> Iterator[Path]:
    yield path
    if numbered:
        stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
        for k in range(2, 10_000):
            yield path.with_name(f"{stem}-{k}{SUFFIX}")


def _place(tmp: str, target: Path, data: bytes) -> None:
    """Put the finished temporary file at `target` only if nothing is there (FileExistsError otherwise)."""
    try:
        os.link(tmp, target)
        return
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):  # no hard links here (some synced or FAT folders)
        pass
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_BINARY", 0), atomic.new_file_mode())
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


STALE_SECONDS = 600


def _sweep_leftovers(p: Path) -> None:
    """Remove temporary files a killed save left beside this game (old enough not to be another save's)."""
    cutoff = time.time() - STALE_SECONDS
    for leftover in p.parent.glob(f".{glob.escape(p.name)}.*.tmp"):
        try:
            if leftover.lstat().st_mtime < cutoff:
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
    """Saved games, most recently changed first (by name when two were changed at the same moment)."""
    d = games_dir()
    try:
        entries = list(os.scandir(d))
    except OSError:
        return []
    files = []
    for e in entries:
        try:
            if e.name.endswith(SUFFIX) and e.is_file():
                files.append((e.stat().st_mtime_ns, e.name, Path(e.path)))
        except OSError:  # vanished or unreadable while listing
            continue
    return [p for _, _, p in sorted(files, key=lambda t: (-t[0], t[1]))]


LAST_GAME = ".last-game"


def remember(path: str | os.PathLike[str]) -> None:
    """Note the game last played or changed in the games folder: the default game of commands without FILE.

    Modification times are a poor guide (a sync or a backup tool touches files), so the commands say which game
    they changed. Only games inside the games folder are remembered; failures are ignored.
    """
    try:
        folder = games_dir()
        p = Path(os.path.abspath(path))
        if p.parent.resolve() != folder.resolve():
            return
        write_side_file(folder / LAST_GAME, p.name + "\n")
    except (OSError, SaveError):
        pass


def last_game() -> Path | None:
    """The remembered game if it still exists, else the most recently changed one."""
    folder = games_dir()
    name = (read_side_file(folder / LAST_GAME) or "").strip()
    if name and "/" not in name and "\\" not in name and first_unsafe(name) is None and (folder / name).is_file():
        return folder / name
    games = list_games()
    return games[0] if games else None


SIDE_FILE_BYTES = 32_000_000  # `.games-cache.json` of 5,000 games is a few MB; more is not ours


def read_side_file(path: Path) -> str | None:
    """The text of one of the games folder's own files (`.last-game`, `.games-cache.json`), or None when it is
    missing, not a regular file (a link is not followed, a pipe never waited on), too large or not UTF-8."""
    try:
        fd = os.open(path, atomic.READ_FLAGS | atomic.NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > SIDE_FILE_BYTES:
            return None
        data = os.read(fd, SIDE_FILE_BYTES + 1)
        return data.decode("utf-8") if len(data) <= SIDE_FILE_BYTES else None
    except (OSError, UnicodeDecodeError):
        return None
    finally:
        os.close(fd)


def _free_or_regular(name: str) -> bool:
    """What a side file's write may displace: nothing, or a regular file (never a link, a pipe or a folder)."""
    try:
        return stat.S_ISREG(os.lstat(name).st_mode)
    except FileNotFoundError:
        return True


def write_side_file(path: Path, text: str) -> None:
    """Write one of the games folder's own files whole (atomic.write), in its own name only: a link, a pipe or a
    folder standing there is left alone and the write given up (`SaveError`), so nothing outside the folder is
    ever written through it."""
    try:
        atomic.write(path, text.encode("utf-8"), check=_free_or_regular)
    except atomic.Displaced:
        raise SaveError("not_regular", path=path) from None


def is_game_file(target: Path, game: Path | None = None) -> bool:
    """Whether writing `target` would replace a game file or a backup (so a PDF must not go there).

    A game is told by its name or by reading it as one: its first line that is not blank or a comment starts with
    `lignum-game` (however long a comment block comes first)."""
    for g in ([game, game.with_name(game.name + BACKUP_SUFFIX)] if game else []):
        try:
            if os.path.samefile(target, g):
                return True
        except OSError:
            pass
    if target.name.endswith((SUFFIX, SUFFIX + BACKUP_SUFFIX)):
        return True
    try:
        fd = os.open(target, atomic.READ_FLAGS)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return _starts_as_game(fd)
    except OSError:
        return False
    finally:
        os.close(fd)


def _starts_as_game(fd: int) -> bool:
    """Read line by line (never more than the size cap) up to the first line that is not blank or a comment."""
    rest = b""
    left = MAX_FILE_BYTES
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 16))
        left -= len(chunk)
        lines = (rest + chunk).split(b"\n")
        rest = lines.pop() if chunk else b""
        for line in lines + ([rest] if not chunk else []):
            text = line.decode("utf-8", "replace").lstrip("\ufeff").strip()
            if text and not text.startswith("#"):
                return text.split(None, 1)[0] == MAGIC
        if not chunk:
            return False
    return False


def side_file(path: Path) -> str | None:
    """Which of the games folder's own files a name is ('game', 'backup', 'lock', 'last_game', 'cache', 'temp'),
    wherever it is (a PDF must never take such a name); None for any other name."""
    name = path.name
    if name == LAST_GAME:
        return "last_game"
    if name == CACHE:
        return "cache"
    if name.endswith(SUFFIX + BACKUP_SUFFIX):
        return "backup"
    if name.endswith(SUFFIX):
        return "game"
    if name.startswith(".") and name.endswith(SUFFIX + ".lock"):
        return "lock"
    if name.startswith(".") and name.endswith(".tmp") and SUFFIX in name:
        return "temp"
    return None


CACHE = ".games-cache.json"  # `lignum games` and `lignum stats` (stats.summaries): replays kept by file hash


def default_name(setup: Setup, today: str) -> str:
    """A readable file name: date and players, e.g. 2026-11-29-anna-ben-cleo.lignum (never too long for a disk)."""
    slug = "-".join(re.sub(r"[^\w-]", "", n.casefold(), flags=re.UNICODE)[:20] or "p" for n in setup.players)
    while len(slug.encode("utf-8")) > 120:
        slug = slug[:-1]
    return f"{today}-{slug}{SUFFIX}"


def unique_path(folder: Path, name: str) -> Path:
    p = folder / name
    k = 2
    while p.exists():
        p = folder / f"{name[: -len(SUFFIX)]}-{k}{SUFFIX}"
        k += 1
    return p
