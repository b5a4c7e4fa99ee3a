"""`lignum serve`: the game on the local network, a page per player and one for the table (issue 30).

Starlette, uvicorn, sse-starlette and segno load inside the command only (tests/test_startup.py checks)."""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import typer

from lignum_companion.cli import complete as cli_complete
from lignum_companion.cli.common import fail, load_or_fail, out


def cmd_serve(
    file: str = typer.Argument(None, help="Game file (default: the most recently played game).",
                               show_default=False, autocompletion=cli_complete.game_files),
    host: str = typer.Option("0.0.0.0", "--host", help="Address to listen on (default: every interface)"),
    port: int = typer.Option(0, "--port", help="Port to listen on (default: the one used last, else a free one)"),
    new_links: bool = typer.Option(False, "--new-links", help="Replace every link (the old ones stop working)"),
    print_pdf: bool = typer.Option(False, "--print", help="Write a one-page PDF of the join codes, then stop"),
    output: str = typer.Option(None, "--output", "-o", help="Where --print writes (default: NAME-links.pdf)"),
    force: bool = typer.Option(False, "--force", help="Let --print replace an earlier PDF"),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="QR codes at a terminal (default: when it is one)"),
) -> None:
    """Serve the game to every player's phone and the table's laptop; each gets a join link (and a QR code)."""
    from lignum_companion.serve import run as serving
    from lignum_companion.serve.links import LinksError, remember_port
    from lignum_companion.serve.state import text
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(file)
    texts.use_game(gf.lang)
    try:
        links = serving.links_for(path, new_links)
    except LinksError as e:
        fail(text("links_failed", reason=e.strerror or e))
    if new_links:
        out(text("links_renewed"))
    sock = _socket(serving, host, port or links.port)
    bound = sock.getsockname()[1]
    try:
        remember_port(path, links, bound)
    except LinksError as e:
        fail(text("links_failed", reason=e.strerror or e))
    base = f"http://{serving.shown_host(host, out)}:{bound}"
    entries = serving.join_links(base, links)
    title = views.game_title(gf.setup)
    if print_pdf:
        sock.close()
        _print(path, output, force, entries, title)
        return
    from lignum_companion.serve.qr import tty

    serving.print_links(title, str(path), entries, qr and tty(), out)
    _serve(serving, path, links, sock)


def _socket(serving, host: str, port: int):
    try:
        return serving.listen(host, port)
    except OSError:
        if not port:
            raise
    try:
        return serving.listen(host, 0)  # the port used last is taken now: a free one (the links change)
    except OSError as e:
        fail(str(e))


def _serve(serving, path, links, sock) -> None:
    from lignum_companion.cli import stopping
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.serve.app import build
    from lignum_companion.serve.host import Host
    from lignum_companion.serve.state import text

    host = Host(path, links)
    why = "SIGINT"
    try:
        serving.run(path, sock, build(host), host.close)
    except KeyboardInterrupt as e:  # uvicorn stopped gracefully, then raised the signal again
        why = stopping._name(getattr(e, "signum", None))
    try:
        n = len(gamefile.read(path).actions)
    except Exception:  # noqa: BLE001 - the last line must be said whatever the file is now
        n = len(host.gf.actions)
    stopping._ignore_further()
    typer.echo(text("stopped", why=stopping._say("signal", why), file=path, n=n), err=True)
    stopping.handled()
    raise typer.Exit(stopping.EXIT_CODES.get(why, 130))


def _print(path, output, force, entries, title) -> None:
    from lignum_companion.printables import paper
    from lignum_companion.serve import qr
    from lignum_companion.serve.state import text

    target = output or str(path.with_name(path.name.removesuffix(".lignum") + "-links.pdf"))
    try:
        p = paper.check_target(target, force)
        data = qr.pdf(entries, text("pdf_title", title=title), text("pdf_hint"),
                      paper.paper_size(paper.default_paper()))
        qr.write_private(p, data)
    except (paper.ExportError, OSError) as e:
        fail(str(e))
    out(text("pdf_written", file=p))


def register(app: typer.Typer) -> None:
    app.command("serve")(cmd_serve)
