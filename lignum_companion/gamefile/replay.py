"""A game from disk: read a file (a regular file only, size-capped, fingerprinted so a save can tell it changed)
and replay its lines into the state. Reading never raises anything but `GameFileError("line N: reason")`."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from lignum_companion.engine import GameFileError, LignumError, apply, new_game, parse
from lignum_companion.engine.state import Game
from lignum_companion.gamefile.errors import BadFile
from lignum_companion.gamefile.format import GameFile, parse_text
from lignum_companion.system import atomic


def replay(gf: GameFile, upto: int | None = None) -> Game:
    """The state after the first `upto` action lines (all by default); errors name the line."""
    try:
        g = new_game(gf.setup)
    except LignumError as e:
        raise _in_game(BadFile(0, "read.bad_setup", error=e), gf) from None
    for line in gf.actions[:upto]:
        try:
            apply(g, parse(line.text, g.board), record=False, keep=False)
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
    gf.origin = fingerprint_of(data)
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
        data = read_fd(fd)
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:  # grew while read
        raise BadFile(0, "read.too_large", path=p, size=len(data), most=MAX_FILE_BYTES)
    return data


def fingerprint_of(data: bytes) -> str:
    """What a file holds, in a few bytes: the bytes' SHA-256."""
    return hashlib.sha256(data).hexdigest()


def load(path: str | os.PathLike[str]) -> tuple[GameFile, Game]:
    """Read and replay."""
    gf = read(path)
    return gf, replay(gf)


def read_fd(fd: int) -> bytes:
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


def fingerprint(path: str | os.PathLike[str]) -> str | None:
    """What the file holds now (None if it is gone), to tell whether it changed since it was read."""
    try:
        return fingerprint_of(_read_regular(Path(path)))
    except (OSError, GameFileError):
        return None
