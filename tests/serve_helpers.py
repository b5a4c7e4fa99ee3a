"""Helpers of the `lignum serve` tests: a game file cut from an example, the server's app, and its links."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path

from lignum_companion.gamefile import store as gamefile
from lignum_companion.serve.app import build
from lignum_companion.serve.host import Host
from lignum_companion.serve.links import Links, load_links

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example_lines(name: str) -> tuple[str, list[str]]:
    """The example's header (up to `start`) and its action lines."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    head, _, rest = text.partition("\nstart\n")
    return head + "\nstart\n", [line for line in rest.splitlines() if line.strip() and not line.startswith("#")]


def game_from(tmp: Path, name: str = "basic-2p.lignum", upto: int = 6) -> Path:
    """A game file holding the example's first `upto` lines."""
    head, lines = example_lines(name)
    path = tmp / "game.lignum"
    path.write_text(head + "".join(line + "\n" for line in lines[:upto]), encoding="utf-8")
    return path


def served(path: Path) -> tuple[Host, Links]:
    links = load_links(path, list(gamefile.read(path).setup.players))
    return Host(path, links), links


def app_for(path: Path):
    host, links = served(path)
    return build(host), host, links


@contextmanager
def live_server(path: Path):
    """The real server (uvicorn) on 127.0.0.1 and a free port, in a thread; yields (base URL, links, host)."""
    import uvicorn

    from lignum_companion.serve.run import listen

    app, host, links = app_for(path)
    sock = listen("127.0.0.1", 0)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    import time

    for _ in range(500):
        if server.started:
            break
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", links, host
    finally:
        host.close()
        server.should_exit = True
        thread.join(10)
        sock.close()
