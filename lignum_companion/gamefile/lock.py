"""The game's lock: every read-modify-write of a game file holds an OS lock on its sibling `.FILE.lock` (the
`filelock` package), so two terminals never lose each other's lines; and the check that a game's name leaves room
for the names a save makes beside it."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lignum_companion.gamefile.errors import FileBusy, SaveError
from lignum_companion.gamefile.format import BACKUP_SUFFIX

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
