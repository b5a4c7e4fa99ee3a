"""Starting and stopping `lignum serve`: the links (kept beside the game), the lines and QR codes printed at
start, the listening socket, uvicorn, and the line that says the game is saved when it stops."""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lignum_companion.serve.links import Links, load_links
from lignum_companion.serve.state import text


def lan_address() -> str | None:
    """The address other machines on the local network reach this one at (a UDP socket connected to a private
    address sends nothing; its own end says which interface would be used); None when there is no network."""
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = s.getsockname()[0]
        except OSError:
            continue
        if ip and not ip.startswith("127.") and ip != "0.0.0.0":
            return str(ip)
    return None


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the links are printed (port 0: a free port chosen by the system)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def shown_host(host: str, say: Callable[[str], None]) -> str:
    if host in ("0.0.0.0", "::", ""):
        found = lan_address()
        if found is None:
            say(text("no_address", host="127.0.0.1"))
            return "127.0.0.1"
        return found
    return f"[{host}]" if ":" in host else host


def join_links(base: str, links: Links) -> list[tuple[str, str]]:
    """(name, link) for each player, then the table (its name in the shown language)."""
    out = [(name, f"{base}/p/{secret}") for name, secret in links.players.items()]
    return out + [(text("table_name"), f"{base}/t/{links.table}")]


def print_links(title: str, file: str, entries: list[tuple[str, str]], qr: bool,
                say: Callable[[str], None]) -> None:
    from lignum_companion.serve import qr as codes

    say(text("started", title=title, file=file))
    for i, (name, link) in enumerate(entries):
        is_table = i == len(entries) - 1
        say(text("link_table", link=link) if is_table else text("link_player", name=name, link=link))
        if qr:
            sys.stdout.write(codes.terminal(link))
    say(text("stop_hint"))
    sys.stdout.flush()


def run(path: Path, sock: socket.socket, app: Any, on_exit: Callable[[], None] = lambda: None) -> None:
    """Serve until a signal; uvicorn shuts the connections down, then raises the signal again for the caller.
    `on_exit` runs first (the open event streams end, so no page holds the stop up)."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            on_exit()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
                            limit_concurrency=200, h11_max_incomplete_event_size=16_384, server_header=False,
                            proxy_headers=False)
    Server(config).run(sockets=[sock])


def names_of(path: Path) -> list[str]:
    from lignum_companion.gamefile import store as gamefile

    return list(gamefile.read(path).setup.players)


def links_for(path: Path, renew: bool) -> Links:
    return load_links(path, names_of(path), renew=renew)
