"""The join links' secrets: one per player and one for the table, at least 128 bits each, kept beside the game in
`.NAME.links` (readable by its owner only) so the links survive a restart; compared in constant time."""

from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path

SECRET_BYTES = 24  # 192 bits; the issue asks at least 128
MAX_LINKS_BYTES = 64_000  # a links file is a few hundred bytes; anything larger is not ours


class LinksError(OSError):
    """The links file cannot be read or written (its name is said; the game itself is untouched)."""


@dataclass
class Links:
    """Who each secret lets in: `table` or a player's name."""

    table: str
    players: dict[str, str] = field(default_factory=dict)
    port: int = 0  # the port last served on, tried first again so that printed links keep working

    def who(self, secret: str) -> str | None:
        """The player's name, `""` for the table, None for no link: every secret is compared, in constant time."""
        found: str | None = None
        given = secret.encode("utf-8", "replace")
        for name, known in [("", self.table), *self.players.items()]:
            if hmac.compare_digest(given, known.encode("ascii")):
                found = name
        return found


def links_path(game: Path) -> Path:
    """`.NAME.links` beside the real game file (the lock's folder)."""
    real = Path(os.path.realpath(game))
    return real.with_name(f".{real.name}.links")


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def _read(path: Path) -> dict[str, object] | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        raise LinksError(e.errno, e.strerror, str(path)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_LINKS_BYTES:
            return None
        data = os.read(fd, MAX_LINKS_BYTES + 1)
    finally:
        os.close(fd)
    try:
        loaded = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return loaded if isinstance(loaded, dict) else None


def _write(path: Path, links: Links) -> None:
    """Whole or nothing, mode 0600 from the first byte (the program's one whole-or-nothing write, system/atomic)."""
    from lignum_companion.system import atomic

    data = json.dumps({"format": 1, "table": links.table, "players": links.players, "port": links.port},
                      ensure_ascii=False).encode()
    try:
        atomic.write(path, data, mode=0o600)
    except OSError as e:
        raise LinksError(e.errno, e.strerror, str(path)) from None


def _valid(secret: object) -> bool:
    return isinstance(secret, str) and len(secret) >= 22 and secret.isascii()


def load_links(game: Path, names: list[str], renew: bool = False) -> Links:
    """The game's links, made (or, with `renew`, made anew) for whoever has none yet, and saved when anything new
    was made. A links file that others may read is rewritten owner-only."""
    path = links_path(game)
    old = None if renew else _read(path)
    changed = old is None
    old = old or {}
    table = old.get("table")
    if not _valid(table):
        table, changed = new_secret(), True
    kept = old.get("players") if isinstance(old.get("players"), dict) else {}
    players: dict[str, str] = {}
    for name in names:
        secret = kept.get(name) if isinstance(kept, dict) else None
        if not _valid(secret):
            secret, changed = new_secret(), True
        players[name] = str(secret)
    port = old.get("port")
    links = Links(str(table), players, port if isinstance(port, int) and 0 < port < 65536 else 0)
    if not changed:
        try:
            changed = stat.S_IMODE(os.stat(path).st_mode) & 0o077 != 0
        except OSError:
            changed = True
    if changed:
        _write(path, links)
    return links


def remember_port(game: Path, links: Links, port: int) -> None:
    """Keep the port served on beside the secrets (the next start tries it first)."""
    if links.port != port:
        links.port = port
        _write(links_path(game), links)
