"""The atomic save: a game file is always either its old or its new version, the old one kept as FILE.bak.

A save writes a temporary file (created exclusively, never through a planted link), then gives it the name in one
step; it refuses (`FileChanged`) to write over a file that changed since it was read, checked as it starts and
again as the new version takes the name (issue 24: an edit that reached the old file past its check is given the
name back). A symlinked game is saved through the link to its target, with its permissions kept. New games
(`create`) and kept copies (`keep_copy`) never take a name that is in use.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from lignum_companion.gamefile.errors import FileChanged, SaveError
from lignum_companion.gamefile.format import BACKUP_SUFFIX, SUFFIX, GameFile, render
from lignum_companion.gamefile.lock import check_name_fits, locked
from lignum_companion.gamefile.replay import MAX_FILE_BYTES, fingerprint_of, read_fd
from lignum_companion.system import atomic

saved: list[Path] = []  # files this process has saved, for the line printed when a signal stops it


def _stage(name: str) -> None:
    """A named point of a save ("temp-done", "backup-replaced", "replaced", ...): nothing happens here; tests
    replace this function (monkeypatch) to stop or kill a save at one of them."""


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
            return cls(fd, read_fd(fd))
        except BaseException:
            os.close(fd)
            raise

    def unchanged(self) -> bool:
        """Whether the open file still holds what was read (its size, modification time and bytes; not its change
        time, which the swap of names itself moves)."""
        now = os.fstat(self.fd)
        if (now.st_size, now.st_mtime_ns) != (self.st.st_size, self.st.st_mtime_ns):
            return False
        return read_fd(self.fd) == self.data

    def named(self, name: str) -> bool:
        """Whether `name` is still this very file, unchanged (not a new file an editor renamed into place)."""
        try:
            st = os.lstat(name)
        except FileNotFoundError:
            return False
        return (st.st_dev, st.st_ino) == (self.st.st_dev, self.st.st_ino) and self.unchanged()

    def close(self) -> None:
        os.close(self.fd)


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
            if origin is not None and fingerprint_of(current.data) != origin:
                raise FileChanged("changed", path=path)
        elif origin is not None:
            raise FileChanged("changed", path=path)  # it was read, and it is gone
        if backup:
            _obstacle(p)
        mode = stat.S_IMODE(current.st.st_mode) if current is not None else atomic.new_file_mode()
        tmp = atomic.write_temp(p.parent, p.name, text.encode("utf-8"), mode)
        try:
            _stage("temp-done")
            bak = p.with_name(p.name + BACKUP_SUFFIX)
            linked = False  # FILE.bak is the old file itself (a second name for it), not a copy of its bytes
            if backup and current is not None:
                btmp, linked = _backup_temp(p, bak, current, mode)
                try:
                    _stage("backup-done")
                    if not current.unchanged():
                        raise FileChanged("changed_during", path=path)
                    os.replace(btmp, bak)
                    if linked:  # FILE.bak was this very file already (a save killed just here): renaming a name
                        atomic.unlink_quietly(btmp)  # onto another of the same file leaves both, so drop this one
                except BaseException:
                    atomic.unlink_quietly(btmp)
                    raise
            _stage("backup-replaced")
            try:
                displaced = atomic.put(tmp, p, current.named if current is not None else _nothing_at)
            except atomic.Displaced:
                raise FileChanged("changed_during", path=path) from None
            if displaced is None and current is not None and not current.unchanged():
                _put_back(p, current, mode)  # no swap here: the edit reached the old file just before the replace
                raise FileChanged("changed_during", path=path)
            if displaced is not None:
                if backup and not linked:
                    os.replace(displaced, bak)  # the old file itself: a late write into it is kept there
                else:
                    atomic.unlink_quietly(displaced)  # linked: FILE.bak already names the old file
                if backup and current is not None and not current.unchanged():  # an edit opened before the swap
                    os.replace(bak, p)  # landed after its check: the old file, with the edit, takes the name back
                    raise FileChanged("changed_during", path=path)
        except BaseException:
            atomic.unlink_quietly(tmp)
            raise
    finally:
        if current is not None:
            current.close()
    saved.append(Path(path))
    _stage("replaced")
    atomic.fsync_dir(p.parent)


def _backup_temp(p: Path, bak: Path, current: _Current, mode: int) -> tuple[str, bool]:
    """A temporary name for FILE.bak, and whether it is the old file itself: a hard link to the file this save
    read (written once, never copied; a late write into the old file lands in FILE.bak), or, where the file
    system has no hard links, a copy of its bytes."""
    name = os.path.join(p.parent, f".{bak.name}.{os.urandom(4).hex()}.tmp")
    try:
        os.link(p, name, follow_symlinks=False)
    except (OSError, NotImplementedError):
        return atomic.write_temp(p.parent, bak.name, current.data, mode), False
    try:
        st = os.lstat(name)
        if (st.st_dev, st.st_ino) != (current.st.st_dev, current.st.st_ino):  # an editor's new file took the name
            raise FileChanged("changed_during", path=p)
        _stage("backup-created")
    except BaseException:
        atomic.unlink_quietly(name)
        raise
    return name, True


def _nothing_at(name: str) -> bool:
    return not os.path.lexists(name)


def _put_back(p: Path, current: _Current, mode: int) -> None:
    """Give the name back to the old file as it is now (with the edit that reached it during the save)."""
    tmp = atomic.write_temp(p.parent, p.name, read_fd(current.fd), mode)
    try:
        os.replace(tmp, p)
    except BaseException:
        atomic.unlink_quietly(tmp)
        raise


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
    gf.origin = fingerprint_of(text.encode("utf-8"))
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
            gf.origin = fingerprint_of(data)
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
