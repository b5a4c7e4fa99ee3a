"""Whole-or-nothing file writes, one helper for every file the program writes (game files, PDFs, the text cache,
the games folder's side files).

A write goes to a new temporary file created exclusively beside the target (never through a planted link), is
flushed to disk and then takes the target's name in one step. Where the system can swap two names at once (Linux
`renameat2(RENAME_EXCHANGE)`), the swap also tells the writer what it displaced: a `check` that the displaced file
fails (a hand edit that arrived a moment ago, a link or a device planted at a PDF's name) undoes the swap, so what
was there is never replaced. Elsewhere the check runs just before the replace.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

# Opening to read without waiting (a pipe put at a name must never hang us), as bytes on Windows too; and the
# flag that refuses to follow a link, where the system has it.
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

Check = Callable[[str], bool]


class Displaced(OSError):
    """What stands at the target is not what this write may replace; it was left as it is."""

    def __init__(self, target: str | os.PathLike[str]) -> None:
        super().__init__(f"{target} changed while it was being written")
        self.target = target


def new_file_mode() -> int:
    """The permission bits a new file gets under the user's umask (mkstemp makes 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def unlink_quietly(path: str | os.PathLike[str]) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_temp(folder: str | os.PathLike[str], name: str, data: bytes, mode: int) -> str:
    """A new, uniquely named `.NAME.*.tmp` file in `folder` holding `data`, on disk (O_EXCL: never a link)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        unlink_quietly(tmp)
        raise
    return tmp


_renameat2: object = None  # the C function once looked up; False where the C library has none


def exchange(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Swap the names `a` and `b` in one step; False where the system or the file system cannot.

    Raises FileNotFoundError when either name is missing (then nothing was swapped)."""
    global _renameat2
    if _renameat2 is None:
        _renameat2 = False
        if hasattr(os, "fork") and os.uname().sysname == "Linux":
            import ctypes

            try:
                libc = ctypes.CDLL(None, use_errno=True)
                fn = libc.renameat2
                fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
                fn.restype = ctypes.c_int
                _renameat2 = fn
            except (OSError, AttributeError):
                pass
    if _renameat2 is False:
        return False
    import ctypes
    import errno

    at_fdcwd, rename_exchange = -100, 2
    if _renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:  # type: ignore[operator]
        return True
    err = ctypes.get_errno()
    if err == errno.ENOENT:
        raise FileNotFoundError(err, os.strerror(err), str(b))
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM, errno.EXDEV):
        return False  # an old kernel, or a file system (network, FUSE) that cannot swap
    raise OSError(err, os.strerror(err), str(b))


def put(tmp: str, target: str | os.PathLike[str], check: Check | None = None) -> str | None:
    """Give the finished temporary file `tmp` the name `target`, in one step.

    Without `check`, whatever is at `target` is replaced. With it, what stands there must pass `check(name)`
    (which looks at that name without following links): where names can be swapped, the swap is made first and
    undone if the displaced file fails, so nothing that arrived at the last moment is lost; nothing there is created
    only if nothing appeared meanwhile (a hard link, which fails if the name is taken). Returns the name that now
    holds the displaced file (the caller keeps it, e.g. as the backup, or removes it), or None. Raises `Displaced`
    when the check fails, with `tmp` left for the caller to remove.
    """
    if check is None:
        os.replace(tmp, target)
        return None
    for _ in range(3):
        try:
            swapped = exchange(tmp, target)
        except FileNotFoundError:
            if not os.path.exists(tmp):
                raise
            if not check(os.fspath(target)):
                raise Displaced(target) from None
            if _link_new(tmp, target):
                unlink_quietly(tmp)
                return None
            continue  # something took the name after all: look at it
        if swapped:
            if check(tmp):
                return tmp
            exchange(tmp, target)  # undo: the late arrival gets its name back
            raise Displaced(target)
        if not check(os.fspath(target)):
            raise Displaced(target)
        os.replace(tmp, target)
        return None
    raise Displaced(target)


def _link_new(tmp: str, target: str | os.PathLike[str]) -> bool:
    """Put `tmp` at `target` only if nothing is there; False if something is (hard link, else a last look)."""
    try:
        os.link(tmp, target)
        return True
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):  # no hard links here (some synced or FAT folders)
        if os.path.lexists(target):
            return False
        os.replace(tmp, target)
        return True


def fsync_dir(folder: str | os.PathLike[str]) -> None:
    """Make a rename durable (best effort: some systems cannot open folders)."""
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


def write(path: str | os.PathLike[str], data: bytes, *, mode: int | None = None, check: Check | None = None) -> None:
    """Write `data` at `path` whole or not at all (see `put` for `check`); the displaced file is removed."""
    p = Path(path)
    tmp = write_temp(p.parent, p.name, data, new_file_mode() if mode is None else mode)
    try:
        old = put(tmp, p, check)
    finally:
        if os.path.lexists(tmp):
            unlink_quietly(tmp)
    if old is not None:
        unlink_quietly(old)
    fsync_dir(p.parent)
