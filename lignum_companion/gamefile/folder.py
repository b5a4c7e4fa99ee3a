"""Where games live: the games folder (platformdirs, or $LIGNUM_GAMES_DIR), its games most recent first, the
default game (`.last-game`), readable new names, and the folder's own side files (`.last-game`,
`.games-cache.json`), read and written in their own name only, never through a link."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from lignum_companion.engine import Setup
from lignum_companion.engine.names import first_unsafe
from lignum_companion.gamefile.errors import SaveError
from lignum_companion.gamefile.format import BACKUP_SUFFIX, MAGIC, SUFFIX
from lignum_companion.gamefile.replay import MAX_FILE_BYTES
from lignum_companion.system import atomic, reading

ENV_DIR = "LIGNUM_GAMES_DIR"


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
        write_side_file(folder / LAST_GAME, os.fsencode(p.name) + b"\n")  # the name's own bytes, UTF-8 or not
    except (OSError, SaveError, ValueError):  # a name that is no text at all must not stop the saved line's report
        pass


def last_game() -> Path | None:
    """The remembered game if it still exists, else the most recently changed one."""
    folder = games_dir()
    raw = reading.read_regular(folder / LAST_GAME, SIDE_FILE_BYTES)
    name = os.fsdecode(raw).strip() if raw else ""  # as `remember` wrote it: a Latin-1 `caf\xe9.lignum` too
    if name and "/" not in name and "\\" not in name and first_unsafe(name) is None and (folder / name).is_file():
        return folder / name
    games = list_games()
    return games[0] if games else None


SIDE_FILE_BYTES = 32_000_000  # `.games-cache.json` of 5,000 games is a few MB; more is not ours


def read_side_file(path: Path) -> str | None:
    """The text of one of the games folder's own files (`.last-game`, `.games-cache.json`), or None when it is
    missing, not a regular file (a link is not followed, a pipe never waited on), too large or not UTF-8."""
    data = reading.read_regular(path, SIDE_FILE_BYTES)
    try:
        return None if data is None else data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _free_or_regular(name: str) -> bool:
    """What a side file's write may displace: nothing, or a regular file (never a link, a pipe or a folder)."""
    try:
        return stat.S_ISREG(os.lstat(name).st_mode)
    except FileNotFoundError:
        return True


def write_side_file(path: Path, text: str | bytes) -> None:
    """Write one of the games folder's own files whole (atomic.write), in its own name only: a link, a pipe or a
    folder standing there is left alone and the write given up (`SaveError`), so nothing outside the folder is
    ever written through it."""
    try:
        atomic.write(path, text.encode("utf-8") if isinstance(text, str) else text, check=_free_or_regular)
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
