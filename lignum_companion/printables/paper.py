"""Paper for every printable: the template (templates/<lang>/scoresheet.toml), sizes from the locale, where a PDF
may go (never over a game, a side file, a link or anything that is not a PDF) and its whole-or-nothing write."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lignum_companion.system import atomic
from lignum_companion.texts import catalog as texts

MM = 72 / 25.4
# Money axes' steps past $500, as far as any figure goes: the charts once stopped at $1,000 a step, so a figure of
# billions (hand corrections, a damaged cache) made millions of steps and a PDF that took minutes (issue 33)
BIG_STEPS = tuple(m * 10**k for k in range(3, 20) for m in (1, 2, 5))


class ExportError(Exception):
    """The sheet cannot be written where asked; the message says why and what to do."""


def template() -> dict[str, Any]:
    return texts.load("scoresheet")


def default_paper(env: dict[str, str] | None = None) -> str:
    """letter where the locale's country uses it (US, Canada, Mexico, the Philippines ...), else A4."""
    source: Mapping[str, str] = os.environ if env is None else env
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        value = source.get(var, "")
        if value:
            lang = value.split(".")[0].split("@")[0]
            territory = lang.partition("_")[2].upper()
            return "letter" if territory in template()["page"]["letter_territories"] else "a4"
    return "a4"


def said(key: str, **fields: Any) -> str:
    """Why a PDF was not written, in the shown language (templates/<lang>/gamefile.toml [pdf])."""
    return texts.text("gamefile", "pdf", key, **fields)


def paper_size(paper: str) -> tuple[float, float]:
    sizes = template()["page"]["paper"]
    key = (paper or "").strip().casefold()
    if key not in sizes:
        names = template()["page"]["paper_names"]
        raise ExportError(said("unknown_paper", paper=paper,
                                choices=said("or").join(names.get(k, k) for k in sizes)))
    w, h = sizes[key]
    return w * MM, h * MM


def check_target(out: str, force: bool) -> Path:
    """Refuse, before any work, a target a PDF must never take: a folder, a missing folder, a link, a device or a
    pipe, one of the games folder's own files (a game, its backup or lock, `.last-game`, the cache), anything that
    is not a PDF, or an existing PDF without --force."""
    from lignum_companion.gamefile.store import is_game_file, side_file

    p = Path(out).expanduser()
    if not str(out).strip():
        raise ExportError(said("no_name"))
    try:
        st: os.stat_result | None = os.lstat(p)
    except OSError:  # nothing there, or a parent that is not a folder (said below)
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise ExportError(said("folder", path=out, example=p / "score.pdf"))
    parent = p.parent
    if not parent.exists():
        raise ExportError(said("no_folder", path=out, folder=parent))
    if not parent.is_dir():
        raise ExportError(said("not_folder", path=out, folder=parent))
    kind = side_file(p)
    if kind is not None:
        raise ExportError(said("side_file", path=out, what=texts.text("gamefile", "pdf", "side", kind)))
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise ExportError(said("link", path=out))
        if not stat.S_ISREG(st.st_mode):
            raise ExportError(said("not_regular", path=out))
        if is_game_file(p):
            raise ExportError(said("side_file", path=out, what=texts.text("gamefile", "pdf", "side", "game")))
        if not force:
            raise ExportError(said("exists", path=out))
        if not is_pdf(str(p)):
            raise ExportError(said("not_pdf", path=out))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ExportError(said("not_writable", path=out, folder=parent))
    return p


PDF_MAGIC = b"%PDF-"


def is_pdf(name: str) -> bool:
    """Whether `name` is a regular file (not a link, a pipe or a device) that starts as every PDF does."""
    try:
        fd = os.open(name, atomic.READ_FLAGS | atomic.NOFOLLOW)
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, len(PDF_MAGIC)) == PDF_MAGIC
    except OSError:
        return False
    finally:
        os.close(fd)


def _free_or_pdf(name: str) -> bool:
    """What a forced PDF write may displace at the last moment: nothing, or an earlier PDF."""
    return not os.path.lexists(name) or is_pdf(name)


def _free(name: str) -> bool:
    return not os.path.lexists(name)


def write_atomic(p: Path, data: bytes, force: bool = True) -> None:
    """Whole or not at all (atomic.write): a temporary file in the same folder, then one step that gives it the name,
    and that displaces only an earlier PDF (`force`) or nothing; what appeared there meanwhile (a link, a device, a
    game) is left as it is and the write refused. The sheet gets the usual permissions (it is meant to be shared)."""
    try:
        atomic.write(p, data, check=_free_or_pdf if force else _free)
    except atomic.Displaced:
        raise ExportError(said("changed", path=p)) from None
    except OSError as e:
        raise ExportError(said("cannot_write", path=p, error=e.strerror or e)) from None
