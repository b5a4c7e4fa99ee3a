"""The game a server holds: the file's state as last read or saved, its lines entered through the one saving
path, a watch on the file (a `lignum do`, `play` or hand edit elsewhere), and the news sent to every open page.

Every read and write of the file happens in a worker thread under `self.lock`: `gamefile.locked` nests within a
process (one writer thread at a time here), and a watch that read the file before a save never puts the older
state back. The views speak one language at a time (`texts.speaking` is process-wide): `self.words` keeps them
apart.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lignum_companion.engine import LignumError
from lignum_companion.engine.actions import TABLE_VERBS
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile
from lignum_companion.serve import saving
from lignum_companion.serve import state as view
from lignum_companion.serve.links import Links
from lignum_companion.texts import catalog as texts

POLL_SECONDS = 0.2  # the file's stat is looked at this often; its bytes only when the stat changed
REMEMBERED_REQUESTS = 512  # request ids answered, so a retried POST is recognised and answered again
QUEUE_SIZE = 64  # news waiting for one slow page; past it the oldest goes (the page re-reads the state anyway)


@dataclass(frozen=True)
class Viewer:
    """Who a link lets in: a player (by index and name) or the table (`index` None)."""

    index: int | None
    name: str

    @property
    def key(self) -> str:
        return f"p:{self.name}" if self.index is not None else "t"


@dataclass
class Answer:
    """What `act` and `undo` answer: an HTTP status and the JSON body."""

    status: int
    body: dict[str, Any]


@dataclass
class News:
    """One change of the file, sent to every page: its version and the lines it added."""

    version: str
    lines: int
    added: tuple[Any, ...] = ()  # Accepted (or plain strings for lines another program wrote)
    game: Game | None = None
    by: str = ""
    seq: int = 0
    before: Game | None = None
    said: dict[str, dict[str, Any]] = field(default_factory=dict)  # its JSON per language, made once


@dataclass
class _Cache:
    version: str = ""
    states: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    legal: view.Legal = field(default_factory=dict)  # the players' legal moves, shared by every viewer


class Host:
    """One game served: its file, links, state and the pages listening."""

    def __init__(self, path: Path, links: Links) -> None:
        self.path = path
        self.links = links
        self.lock = threading.Lock()
        self.words = threading.Lock()
        self.gf, self.g = gamefile.load(path)
        self.seen_stat = _stat(path)
        self.answered: OrderedDict[tuple[str, str], Answer] = OrderedDict()
        self.queues: set[asyncio.Queue[News | None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.cache = _Cache()
        self.seq = 0
        self.last_news: News | None = None

    # --- who and what ---------------------------------------------------------------------------------------
    @property
    def version(self) -> str:
        return (self.gf.origin or "")[:20]

    def viewer(self, kind: str, secret: str) -> Viewer | None:
        """The viewer a link's secret names (constant time over every secret), None for no valid link."""
        who = self.links.who(secret)
        if who is None or (kind == "t") != (who == ""):
            return None
        if who == "":
            return Viewer(None, "")
        idx = self.g.player_index(who)
        return Viewer(idx, who) if idx is not None else None

    def state(self, v: Viewer, lang: str) -> dict[str, Any]:
        """The viewer's state in their language (cached per version of the file)."""
        with self.words:
            gf, g, version = self.gf, self.g, self.version
            if self.cache.version != version:
                self.cache = _Cache(version)
            key = (v.key, lang)
            if key not in self.cache.states:
                with texts.speaking(lang):
                    built = view.player_state(g, gf, version, v.index, self.cache.legal) \
                        if v.index is not None else view.table_state(g, gf, version, self.cache.legal)
                self.cache.states[key] = built
            return self.cache.states[key]

    def speak(self, lang: str, fn: Callable[[], Any]) -> Any:
        with self.words, texts.speaking(lang):
            return fn()

    # --- entering lines -------------------------------------------------------------------------------------
    def act(self, v: Viewer, line: str, rid: str, lang: str) -> Answer:
        """Enter one line through the one saving path, as this viewer may; answered once per request id."""
        with self.lock:
            if rid and (v.key, rid) in self.answered:
                return self.answered[(v.key, rid)]
            answer = self._act(v, line, lang)
            if rid and answer.status in (200, 403):
                self.answered[(v.key, rid)] = answer
                while len(self.answered) > REMEMBERED_REQUESTS:
                    self.answered.popitem(last=False)
            return answer

    def preview(self, v: Viewer, line: str, lang: str) -> Answer:
        """What a line would do, tried on a copy of the state held (nothing saved): its price before it is sent,
        or the refusal it would get."""
        from lignum_companion.engine import play

        if v.index is not None:
            line, refused = self._own_line(v, line, lang)
            if refused is not None:
                return refused
        g = self.g
        trial = g.clone()
        try:
            played = play(trial, line)
        except LignumError as e:
            return Answer(200, {"ok": False, "refusal": self._refusal(e, lang)})
        pi = g.player_index(played.action.player or "")
        change = trial.players[pi].money - g.players[pi].money if pi is not None else 0
        said = self.speak(lang, lambda: saving.said(trial, (saving.Tried(played.text, played.events),), g))
        return Answer(200, {"ok": True, "line": played.text, "price": view.money(change), "said": said[1:]})

    def _own_line(self, v: Viewer, line: str, lang: str) -> tuple[str, Answer | None]:
        """A player's line with their name put in front when left out; 403 for the table's or another's line."""
        first = line.split(" ", 1)[0]
        if first.lower() in TABLE_VERBS:
            return line, Answer(403, {"ok": False, "refusal": self.speak(
                lang, lambda: view.text("not_table_line", line=line))})
        idx = self.g.player_index(first)
        if idx is None:
            return f"{v.name} {line}", None
        if idx != v.index:
            return line, Answer(403, {"ok": False, "refusal": self.speak(
                lang, lambda: view.text("not_yours", name=v.name, line=line))})
        return line, None

    def _act(self, v: Viewer, line: str, lang: str) -> Answer:
        if _stat(self.path) != self.seen_stat:  # another program wrote first: its news goes out before ours
            self._refresh_locked()
        if v.index is not None:
            line, refused = self._own_line(v, line, lang)
            if refused is not None:
                return refused
        try:  # applied to the file as it is on disk (under its lock), whatever this server held
            out = saving.commit(self.path, [line], player=v.name if v.index is not None else None)
        except gamefile.SaveError as e:
            return self._busy(e, lang)
        except LignumError as e:  # the file cannot be read or replayed now (a hand edit gone wrong)
            return Answer(409, {"ok": False, "refusal": self._refusal(e, lang)})
        if not out.ok:
            self._take(out.gamefile, out.game, (), v.name)
            key = getattr(out.refusal, "key", "")
            return Answer(403 if key in saving.NOT_YOURS else 200,
                          {"ok": False, "refusal": self._refusal(out.refusal, lang)})
        said = self.speak(lang, lambda: (saving.said(out.game, out.accepted, out.before), _warnings(out.alerts)))
        self._take(out.gamefile, out.game, out.accepted, v.name, out.before)  # the pages hear of it only now:
        return Answer(200, {"ok": True, "lines": [a.line for a in out.accepted],  # their reads would hold the words
                            "events": saving.events_json(out.accepted), "said": said[0], "warnings": said[1],
                            "version": self.version})

    def _busy(self, e: Exception, lang: str) -> Answer:
        reason = str(e)
        return Answer(503, {"ok": False, "refusal": self.speak(lang, lambda: view.text("busy", reason=reason))})

    def _refusal(self, e: LignumError | None, lang: str) -> str:
        from lignum_companion.texts import refusals

        return str(self.speak(lang, lambda: refusals.render(e) if e is not None else ""))

    def undo(self, v: Viewer, rid: str, confirm: bool, lang: str) -> Answer:
        """A player's own last line while nobody entered after it; the table's, anything, once confirmed."""
        with self.lock:
            if rid and (v.key, rid) in self.answered:
                return self.answered[(v.key, rid)]
            try:
                with gamefile.locked(self.path):
                    self._refresh_locked()
                    answer = self._undo(v, confirm, lang)
            except gamefile.SaveError as e:
                return self._busy(e, lang)
            if rid and answer.body.get("ok"):
                self.answered[(v.key, rid)] = answer
            return answer

    def _undo(self, v: Viewer, confirm: bool, lang: str) -> Answer:
        if not self.gf.actions:
            return Answer(409, {"ok": False, "refusal": self.speak(lang, lambda: view.text("nothing_to_undo"))})
        last = self.gf.actions[-1].text
        if v.index is not None and last.split(" ", 1)[0] != v.name:
            return Answer(409, {"ok": False, "refusal": self.speak(
                lang, lambda: view.text("undo_not_yours", line=last))})
        if v.index is None and not confirm:
            return Answer(200, {"ok": False, "confirm": self.speak(lang, lambda: view.text("undo_confirm",
                                                                                           line=last))})
        out = saving.undo(self.path, 1, expect=self.gf.origin)  # the file as just read, under the lock held
        if not out.ok:
            self._take(out.gamefile, out.game, (), v.name)
            return Answer(409, {"ok": False, "refusal": self._refusal(out.refusal, lang)})
        self._take(out.gamefile, out.game, (), v.name)
        return Answer(200, {"ok": True, "undone": last, "version": self.version,
                            "said": [self.speak(lang, lambda: view.text("undone", line=last))]})

    # --- the file changing ----------------------------------------------------------------------------------
    def refresh(self) -> bool:
        """Read the file again if its stat changed and its bytes differ from the state held (True: news sent)."""
        now = _stat(self.path)
        if now == self.seen_stat:
            return False
        with self.lock:
            return self._refresh_locked()

    def _refresh_locked(self) -> bool:
        self.seen_stat = _stat(self.path)
        if gamefile.fingerprint(self.path) == self.gf.origin:
            return False
        try:
            gf, g = gamefile.load(self.path)
        except LignumError as e:  # a hand edit gone wrong: keep serving the last good state, say it once
            print(f"lignum serve: {self.path}: {e}", file=sys.stderr)
            return False
        old = [a.text for a in self.gf.actions]
        new = [a.text for a in gf.actions]
        added = tuple(new[len(old):]) if new[:len(old)] == old else ()
        self._take(gf, g, added, "")
        return True

    def _take(self, gf: Any, g: Game, added: tuple[Any, ...], by: str, before: Game | None = None) -> None:
        if gf.origin == self.gf.origin:
            return
        self.gf, self.g = gf, g
        self.seen_stat = _stat(self.path)
        self.seq += 1
        self.publish(News(self.version, len(gf.actions), added, g, by, self.seq, before))

    # --- pages listening ------------------------------------------------------------------------------------
    def publish(self, news: News) -> None:
        self.last_news = news
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._fan_out, news)

    def close(self) -> None:
        """End every open stream (the server is stopping): each page's queue gets an empty news."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._fan_out, None)

    def _fan_out(self, news: News | None) -> None:
        for q in list(self.queues):
            if q.full():
                q.get_nowait()
            q.put_nowait(news)

    def news_json(self, news: News, lang: str) -> dict[str, Any]:
        """What a page hears of a change: the version to fetch and the lines said in its language (worded once
        per language, however many pages listen)."""
        if lang in news.said:
            return news.said[lang]

        def words() -> list[str]:
            accepted = tuple(a for a in news.added if not isinstance(a, str))
            plain = [a for a in news.added if isinstance(a, str)]
            return plain + (saving.said(news.game, accepted, news.before) if accepted and news.game else [])

        body = {"version": news.version, "lines": news.lines, "by": news.by, "said": self.speak(lang, words)}
        news.said[lang] = body
        return body

    async def watch(self) -> None:
        """Poll the file's stat; read it again only when it changed (another program, a hand edit)."""
        while True:
            await asyncio.sleep(POLL_SECONDS)
            if _stat(self.path) != self.seen_stat:
                await asyncio.to_thread(self.refresh)


def _stat(path: Path) -> tuple[int, ...]:
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _warnings(alerts: tuple[Any, ...]) -> list[str]:
    if not alerts:
        return []
    from lignum_companion.views import game as views

    return list(views.warning_lines(list(alerts)))
