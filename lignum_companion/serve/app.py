"""The ASGI application of `lignum serve` (Starlette): the pages, `LINK/state`, `LINK/act`, `LINK/undo`,
`LINK/events` (server-sent events, sse-starlette) and `LINK/rules`, each behind a link's secret.

Nothing answers without a valid secret: every other path is the same bare 404, given after a pause that grows
with the wrong tries from that address. Requests are size-capped; no cross-origin request is served; every
answer says no-store, no referrer, and a content policy that lets the page load only its own files.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lignum_companion.serve.host import Host, Viewer
from lignum_companion.texts import catalog as texts

MAX_BODY = 4096  # bytes of a POST; a line of the notation is well under 200
MAX_LINE = 1000  # characters of one line
MAX_ID = 80  # characters of a request id
MAX_QUERY = 300  # characters of a rules question
MAX_LISTENERS = 64  # open event streams at once
ASSETS = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
# The Hangul font the package ships (lignum_companion/fonts/), the last in the page's font list: a phone uses its
# own Korean font; a browser without one (a bare laptop, the tests' chromium) fetches this from the server.
FONTS = {"kr.ttf": "NotoSansKR-Regular.ttf"}
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the link's secret never leaves in a Referer
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
}


def pause(seconds: float) -> Any:
    """How a wrong secret is slowed down (tests record the pauses instead of waiting)."""
    return asyncio.sleep(seconds)


class Misses:
    """Wrong tries per address in the last minute; each one waits longer (0.25 s doubling, at most 4 s)."""

    def __init__(self) -> None:
        self.tries: dict[str, list[float]] = {}

    def delay(self, who: str) -> float:
        now = time.monotonic()
        recent = [t for t in self.tries.get(who, []) if now - t < 60][-20:] + [now]
        self.tries[who] = recent
        if len(self.tries) > 10_000:  # a flood of addresses: forget the oldest
            self.tries.pop(next(iter(self.tries)))
        return min(0.25 * 2 ** (len(recent) - 1), 4.0)


def asset(name: str) -> bytes:
    if name in FONTS:
        return (resources.files("lignum_companion") / "fonts" / FONTS[name]).read_bytes()
    return (resources.files("lignum_companion.serve") / "assets" / name).read_bytes()


def _lang(request: Request, host: Host) -> str:
    """`?lang=`, else the phone's first language we have (Accept-Language), else the game's, else English."""
    asked = texts.normalise(request.query_params.get("lang", "")[:10])
    if asked:
        return asked
    for part in request.headers.get("accept-language", "")[:200].split(","):
        tag = texts.normalise(part.split(";")[0].strip())
        if tag:
            return tag
    return texts.normalise(host.gf.lang) or texts.DEFAULT


class Guard:
    """Pure ASGI middleware: security headers on every answer, cross-origin requests refused."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        origin = headers.get("origin")
        site = headers.get("sec-fetch-site", "")
        host = headers.get("host", "")
        if site == "cross-site" or (origin is not None and origin.split("://", 1)[-1] != host):
            await _secured(PlainTextResponse("Forbidden", 403))(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                own = {k.decode("latin-1").lower() for k, v in raw}
                raw += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items() if k.lower() not in own]
                message = {**message, "headers": raw}
            await send(message)

        await self.app(scope, receive, send_secured)


def _secured(response: Response) -> Response:
    response.headers.update(HEADERS)
    return response


class Handlers:
    """The answers of one game's server; each first finds the viewer a link's secret names, or answers 404."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.misses = Misses()

    async def not_found(self, request: Request, exc: Exception | None = None) -> Response:
        client = request.client.host if request.client else "?"
        await pause(self.misses.delay(client))
        return PlainTextResponse("Not Found", 404)

    def who(self, request: Request) -> Viewer | None:
        kind, secret = request.path_params.get("kind", ""), request.path_params.get("secret", "")
        return self.host.viewer(kind, secret) if kind in ("p", "t") and len(secret) < 100 else None

    async def page(self, request: Request) -> Response:
        if self.who(request) is None:
            return await self.not_found(request)
        base = f"/{request.path_params['kind']}/{request.path_params['secret']}"
        html = asset("page.html").decode("utf-8").replace("{base}", base)
        return Response(html, media_type="text/html; charset=utf-8")

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if self.who(request) is None or (name not in ASSETS and name not in FONTS):
            return await self.not_found(request)
        if name in FONTS:
            return Response(asset(name), media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})
        return Response(asset(name), media_type=ASSETS[name])

    async def state(self, request: Request) -> Response:
        v = self.who(request)
        if v is None:
            return await self.not_found(request)
        body = await asyncio.to_thread(self.host.state, v, _lang(request, self.host))
        return JSONResponse(body)

    async def _posted(self, request: Request) -> tuple[Any, str, dict[str, Any]] | Response:
        """A POST's viewer, language and JSON body; the answer to send instead when the secret, the size or the
        shape is wrong (404 with no hint, 413, 400)."""
        v = self.who(request)
        if v is None:
            return await self.not_found(request)
        lang = _lang(request, self.host)
        data = await _json_body(request, self.host, lang)
        if isinstance(data, Response):
            return data
        return v, lang, data

    @staticmethod
    def _line(data: dict[str, Any]) -> str | None:
        """The line of a POST, spaces folded, or None when it is not one line of at most MAX_LINE characters."""
        line = data.get("line")
        if not isinstance(line, str) or not line.strip() or len(line) > MAX_LINE:
            return None
        return " ".join(line.split())

    @staticmethod
    def _rid(data: dict[str, Any]) -> str | None:
        """The request id a retried POST repeats ("" for none), or None when it is not a short string."""
        rid = data.get("id", "")
        return rid if isinstance(rid, str) and len(rid) <= MAX_ID else None

    async def act(self, request: Request) -> Response:
        posted = await self._posted(request)
        if isinstance(posted, Response):
            return posted
        v, lang, data = posted
        line, rid = self._line(data), self._rid(data)
        if line is None or rid is None:
            return _bad(self.host, lang)
        answer = await asyncio.to_thread(self.host.act, v, line, rid, lang)
        return JSONResponse(answer.body, answer.status)

    async def preview(self, request: Request) -> Response:
        posted = await self._posted(request)
        if isinstance(posted, Response):
            return posted
        v, lang, data = posted
        line = self._line(data)
        if line is None:
            return _bad(self.host, lang)
        answer = await asyncio.to_thread(self.host.preview, v, line, lang)
        return JSONResponse(answer.body, answer.status)

    async def undo(self, request: Request) -> Response:
        posted = await self._posted(request)
        if isinstance(posted, Response):
            return posted
        v, lang, data = posted
        rid = self._rid(data)
        if rid is None:
            return _bad(self.host, lang)
        answer = await asyncio.to_thread(self.host.undo, v, rid, data.get("confirm") is True, lang)
        return JSONResponse(answer.body, answer.status)

    async def rules(self, request: Request) -> Response:
        if self.who(request) is None:
            return await self.not_found(request)
        query = request.query_params.get("q", "")[:MAX_QUERY]
        step, joinery = self.host.g.step, self.host.g.joinery
        found = await asyncio.to_thread(self.host.speak, _lang(request, self.host),
                                        lambda: _lookup(query, step, joinery))
        return JSONResponse({"topics": found})

    async def events(self, request: Request) -> Response:
        if self.who(request) is None:
            return await self.not_found(request)
        if len(self.host.queues) >= MAX_LISTENERS:
            return PlainTextResponse("Busy", 503)
        last = request.headers.get("last-event-id", "")[:MAX_ID]
        return EventSourceResponse(_stream(self.host, _lang(request, self.host), last), ping=15, send_timeout=10)


def build(host: Host) -> Starlette:
    """The application for one game: its routes, the file's watch while it runs, the guard around it."""
    h = Handlers(host)
    routes = [
        Route("/{kind}/{secret}", h.page),
        Route("/{kind}/{secret}/", h.page),
        Route("/{kind}/{secret}/state", h.state),
        Route("/{kind}/{secret}/act", h.act, methods=["POST"]),
        Route("/{kind}/{secret}/undo", h.undo, methods=["POST"]),
        Route("/{kind}/{secret}/try", h.preview, methods=["POST"]),
        Route("/{kind}/{secret}/events", h.events),
        Route("/{kind}/{secret}/rules", h.rules),
        Route("/{kind}/{secret}/assets/{name}", h.static),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        host.loop = asyncio.get_running_loop()
        watcher = asyncio.create_task(host.watch())
        try:
            yield
        finally:
            watcher.cancel()

    app = Starlette(routes=routes, exception_handlers={404: h.not_found, 405: h.not_found}, lifespan=lifespan)
    app.add_middleware(Guard)
    return app


async def _stream(host: Host, lang: str, last_id: str) -> AsyncIterator[dict[str, str]]:
    """The news of one page: at once where the file stands (a page that reconnects with an older Last-Event-ID
    re-reads its state), then every change as it is saved. Its queue lives as long as the stream runs."""
    queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=64)
    host.queues.add(queue)
    try:
        hello = {"version": host.version, "lines": len(host.gf.actions), "by": "", "said": [],
                 "behind": bool(last_id) and last_id != host.version}
        yield {"event": "hello", "id": host.version, "data": json.dumps(hello, ensure_ascii=False)}
        while True:
            news = await queue.get()
            if news is None:  # the server is stopping
                return
            body = await asyncio.to_thread(host.news_json, news, lang)
            yield {"event": "line", "id": news.version, "data": json.dumps(body, ensure_ascii=False)}
    finally:
        host.queues.discard(queue)


async def _json_body(request: Request, host: Host, lang: str) -> dict[str, Any] | Response:
    """A POST's JSON object, size-capped while it is read; a request of another kind is refused."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _bad(host, lang, 415)
    size = request.headers.get("content-length", "0")
    if not size.isdigit() or int(size) > MAX_BODY:
        return _too_large(host, lang)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return _too_large(host, lang)
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return _bad(host, lang)
    return data if isinstance(data, dict) else _bad(host, lang)


def _bad(host: Host, lang: str, status: int = 400) -> Response:
    from lignum_companion.serve.state import text

    return JSONResponse({"ok": False, "refusal": host.speak(lang, lambda: text("bad_request"))}, status)


def _too_large(host: Host, lang: str) -> Response:
    from lignum_companion.serve.state import text

    return JSONResponse({"ok": False, "refusal": host.speak(lang, lambda: text("too_large", most=MAX_BODY))}, 413)


def _lookup(query: str, step: str, joinery: bool = True) -> list[dict[str, Any]]:
    """The topics for a question asked in a game: without the expansion's parts when the game has none (R23)."""
    from lignum_companion.views import rules_lookup

    if not query.strip():
        return []
    found = rules_lookup.lookup(query, limit=3, step=step)
    if not joinery:
        found = [rules_lookup.without_expansion(t) for t in found]
    return [{"title": t.title, "rules": list(t.rules), "body": t.body} for t in found]
