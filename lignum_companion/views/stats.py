"""Results across games (`lignum stats`): per player games, wins, average and best totals and money by season;
per game its date, mode, players and totals.

A client of the engine: each finished game is replayed and scored by `engine.score`. Replaying is the costly
part (a few milliseconds a game), so each file's summary is cached in the games folder under the hash of its
bytes and a fingerprint of the engine's code: a later run (of `stats` or of `lignum games`, which shares the
cache) replays only new or changed files, and a first run over many files replays them on every core.
Unfinished and unreadable files are listed as skipped with the reason.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine.names import loose_key

CACHE_FORMAT = 3  # 2: positions as data, worded when shown; 3: each player's colour says whether the header gave it
CACHE_LIMIT = 5000  # summaries kept in the cache (the most recently used)
PARALLEL_FROM = 40  # replay on every core when at least this many files are not in the cache


@dataclass
class Skipped:
    """A file that holds no result: unreadable, not a game, or a game that is not over."""

    path: str
    reason: str


@dataclass
class Stats:
    """Finished games (oldest first), skipped files, and the per-player table."""

    games: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)


# --- one game -------------------------------------------------------------------------------------------


def whole_dollars(v: float | None) -> int | None:
    """A season's average money in whole dollars, as a table counts coins (issue 21: never `$0.5`); the JSON
    keeps the exact average."""
    return None if v is None else int(v + 0.5) if v >= 0 else -int(-v + 0.5)


def summarise(path: str) -> dict[str, Any]:
    """What `lignum games` and `lignum stats` need of one file, never raising for a bad one, as data for the cache:
    {"players": "anna, ben", "pos": flow.position} for every game, plus {"game": summary} once it is over; for a
    bad file {"error": reason, "lang": the language it is said in}. `worded` adds where it stands and why it holds
    no result in the shown language."""
    from lignum_companion.engine import GameFileError, LignumError, score
    from lignum_companion.engine.flow import position
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    try:
        gf, g = gamefile.load(path)
    except GameFileError as e:
        return {"players": "?", "error": str(e), "lang": texts.current()}
    except (LignumError, OSError, ValueError, RecursionError) as e:  # a file no check foresaw: still one line
        return {"players": "?", "error": texts.text("gamefile", "games", "cannot_read", reason=e),
                "lang": texts.current()}
    out: dict[str, Any] = {"players": ", ".join(gf.setup.players), "pos": position(g)}
    if not g.over:
        return out
    result = score(g)
    given = {loose_key(k) for k in gf.setup.colours}  # colours the header names (`colors`), not the defaults
    seasons = {p.name: list(p.season_money[: D.ROUNDS]) for p in g.players}
    out["game"] = {
        "name": views.game_title(gf.setup),
        "header_date": gf.setup.date,
        "mode": g.mode,
        "variants": list(g.variants),
        "expansion": getattr(gf.setup, "expansion", "") or "",
        "players": [{"name": r["name"], "colour": r["colour"], "given": loose_key(r["name"]) in given,
                     "total": r["total"], "place": r["place"], "shared": r["shared"], "seasons": seasons[r["name"]]}
                    for r in result["players"]],
    }
    return out


# --- the cache (shared with `lignum games`) ---------------------------------------------------------------


def cache_path() -> Path:
    """The games folder's cache file: summaries keyed by the SHA-256 of each file's bytes."""
    from lignum_companion.gamefile.store import CACHE, games_dir

    return games_dir() / CACHE


def engine_fingerprint() -> str:
    """Changes whenever the code that replays and scores a game changes (so cached totals never go stale)."""
    here = Path(__file__).resolve().parent.parent
    h = hashlib.sha1(f"{CACHE_FORMAT}".encode())
    for p in sorted(list((here / "engine").glob("*.py")) + list((here / "gamefile").glob("*.py"))
                    + list((here / "views").glob("*.py"))):
        try:
            st = p.stat()
        except OSError:
            continue
        h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _read_cache(fingerprint: str) -> dict[str, Any]:
    """The cached summaries that can be used: a cache that is not ours, damaged or of another engine counts as
    empty, and each entry of the wrong shape (a hand edit, a disk error) is dropped, so it is replayed and the
    cache rebuilt. Read from a regular file only, never through a link and never from a pipe that could hang."""
    from lignum_companion.gamefile.store import read_side_file

    raw = read_side_file(cache_path())
    if raw is None:
        return {}
    try:
        cache = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(cache, dict) or cache.get("engine") != fingerprint or not isinstance(cache.get("files"), dict):
        return {}
    return {k: v for k, v in cache["files"].items() if isinstance(k, str) and usable_summary(v)}


def _is(value: Any, kind: type) -> bool:
    """isinstance, where a whole number is never a bool (JSON's true is not a total)."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


POSITION_KEYS = {"over": bool, "final": bool, "season": str, "year": int, "step": str}
GAME_KEYS = {"name": str, "header_date": str, "mode": str, "variants": list, "expansion": str, "players": list}
ROW_KEYS = {"name": str, "colour": str, "given": bool, "total": int, "place": int, "shared": bool, "seasons": list}


def _shaped(d: Any, keys: Mapping[str, type]) -> bool:
    return isinstance(d, dict) and all(k in d and _is(d[k], t) for k, t in keys.items())


# No real game reaches a figure beyond MAX_FILE_BYTES x MAX_MONEY: a game file holds at most that many bytes, and no
# line of it moves more than MAX_MONEY (a correction included). A cached total of 4,000 digits ended `stats` in an
# OverflowError, and one of -10^18 kept `stats --pdf` drawing axis steps for minutes (issue 33): such an entry is
# dropped and replayed.
def _figure(value: Any, lo: int | None = None, hi: int | None = None) -> bool:
    """A whole number within lo..hi (by default what a game can reach at most, either way)."""
    from lignum_companion.gamefile.replay import MAX_FILE_BYTES  # loaded by then: the cache serves game files

    most = MAX_FILE_BYTES * D.MAX_MONEY
    return _is(value, int) and (-most if lo is None else lo) <= value <= (most if hi is None else hi)


def usable_summary(s: Any) -> bool:
    """Whether a cached summary has the shape `summarise` gives (so showing it can never fail), with figures a
    real game can reach (places among its players, seasons of its rounds, totals within FIGURE_MAX)."""
    if not isinstance(s, dict) or not isinstance(s.get("players"), str):
        return False
    if "error" in s:
        return isinstance(s["error"], str) and isinstance(s.get("lang"), str)
    if not _shaped(s.get("pos"), POSITION_KEYS) or not _figure(s["pos"]["year"], 0, D.ROUNDS):
        return False
    if "game" not in s:
        return True
    g = s["game"]
    return (_shaped(g, GAME_KEYS) and all(isinstance(v, str) for v in g["variants"])
            and 0 < len(g["players"]) <= max(D.PLAYER_COUNTS)
            and all(_shaped(r, ROW_KEYS) and _figure(r["total"]) and _figure(r["place"], 1, len(g["players"]))
                    and len(r["seasons"]) <= D.ROUNDS and all(_figure(m) for m in r["seasons"])
                    for r in g["players"]))


def _write_cache(fingerprint: str, files: dict[str, Any]) -> None:
    """Best effort, and only into an existing games folder: a cache that cannot be written costs time only. Written
    in its own name (gamefile.write_side_file): a link or a pipe at that name is left alone, never written through."""
    from lignum_companion.gamefile.store import SaveError, write_side_file

    target = cache_path()
    if not target.parent.is_dir():
        return
    if len(files) > CACHE_LIMIT:
        files = dict(list(files.items())[-CACHE_LIMIT:])
    try:
        write_side_file(target, json.dumps({"engine": fingerprint, "files": files}, ensure_ascii=False,
                                           separators=(",", ":")))
    except (OSError, SaveError):
        pass


def summaries(paths: list[Path], *, use_cache: bool = True,
              progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """One summary per path, in order: from the cache when the file's bytes are known, else replayed
    (`progress(done, todo)` is told along the way when more than 100 files are replayed)."""
    from lignum_companion.gamefile.store import fingerprint
    from lignum_companion.texts import catalog as texts

    engine = engine_fingerprint() if use_cache else ""
    cached = _read_cache(engine) if use_cache else {}
    keys: list[str | None] = []
    out: list[dict[str, Any] | None] = []
    todo: list[int] = []
    for i, p in enumerate(paths):
        key = fingerprint(p)  # None for a pipe, a device or a missing file: the replay says why, never hangs
        keys.append(key)
        hit = cached.get(key) if key else None
        usable = isinstance(hit, dict) and ("pos" in hit or hit.get("lang") == texts.current())
        out.append(hit if usable else None)  # a bad file's reason is kept in the language it was said in
        if out[-1] is None:
            todo.append(i)
    done = _replay_all([str(paths[i]) for i in todo], progress)
    for i, summary in zip(todo, done, strict=True):
        out[i] = summary
    if use_cache and todo:
        fresh = {k: v for k, v in cached.items() if k not in keys}
        fresh.update({key: summary for key, summary in zip(keys, out, strict=True) if key})
        _write_cache(engine, fresh)
    # the file name and the date taken from it belong to the path, not to the bytes: always from the path
    return [worded(_with_file_facts(s, p)) for s, p in zip(out, paths, strict=True)]  # type: ignore[arg-type]


def worded(summary: dict[str, Any]) -> dict[str, Any]:
    """A cached summary with "where" (the game's position, or why it is unreadable) and, for a file that holds no
    result, "skip" (the reason) in the shown language."""
    from lignum_companion.engine.names import brief
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    if "error" in summary:
        where = texts.text("gamefile", "games", "unreadable", reason=brief(summary["error"], 100))
        return dict(summary, where=where, skip=summary["error"])
    where = views.where_at(summary["pos"])
    if "game" in summary:
        return dict(summary, where=where)
    return dict(summary, where=where, skip=texts.text("gamefile", "games", "not_finished", where=where))


def _with_file_facts(summary: dict[str, Any], path: Path) -> dict[str, Any]:
    """The file name, and the date: the header's, else the file name's, else the file's age (views.game_date)."""
    from lignum_companion.engine.setup import Setup
    from lignum_companion.views.game import game_date

    if "game" not in summary:
        return summary
    g = summary["game"]
    game = {"file": path.name, "name": g["name"],
            "date": game_date(Setup(players=[], date=g.get("header_date", "")), path)}
    game.update({k: g[k] for k in ("mode", "variants", "expansion", "players")})
    return dict(summary, game=game)


def _replay_all(paths: list[str], progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Replay files, on every core when there are many (each game is independent)."""
    workers = min(os.cpu_count() or 1, 8)

    def told(results: Any) -> list[dict[str, Any]]:
        out = []
        for k, r in enumerate(results, start=1):
            out.append(r)
            if progress and len(paths) > 100 and (k % 50 == 0 or k == len(paths)):
                progress(k, len(paths))
        return out

    if len(paths) < PARALLEL_FROM or workers < 2:
        return told(summarise(p) for p in paths)
    import multiprocessing

    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:
        return told(summarise(p) for p in paths)
    with ctx.Pool(workers) as pool:
        return told(pool.imap(summarise, paths, chunksize=max(1, len(paths) // (workers * 8))))


# --- across games ---------------------------------------------------------------------------------------


def collect(paths: list[Path], *, use_cache: bool = True) -> Stats:
    """Read every file; finished games oldest first (by date, then file name), the rest skipped."""
    stats = Stats()
    for p, s in zip(paths, summaries(paths, use_cache=use_cache), strict=True):
        if "game" in s:
            stats.games.append(s["game"])
        else:
            stats.skipped.append(Skipped(str(p), s["skip"]))
    stats.games.sort(key=lambda gm: (gm["date"], gm["file"]))
    stats.players = player_table(stats.games)
    return stats


def player_table(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per player (names matched without case or accents): games, wins, shared wins, average and best total,
    and the average money at the end of each season; most wins first."""
    table: dict[str, dict[str, Any]] = {}
    for gm in games:
        for row in gm["players"]:
            key = loose_key(row["name"])
            t = table.setdefault(key, {"name": row["name"], "colour": "", "games": 0, "wins": 0, "shared_wins": 0,
                                       "totals": [], "season_sums": [0] * D.ROUNDS,
                                       "season_counts": [0] * D.ROUNDS})
            t["name"] = row["name"]  # the latest spelling and colour (games are oldest first)
            t["colour"] = row.get("colour", "")
            t["colour_given"] = bool(row.get("given"))
            t["games"] += 1
            if row["place"] == 1:
                t["wins"] += 1
                t["shared_wins"] += bool(row["shared"])
            t["totals"].append(row["total"])
            for i, m in enumerate(row["seasons"][: D.ROUNDS]):
                t["season_sums"][i] += m
                t["season_counts"][i] += 1
    out = []
    for t in table.values():
        totals = t.pop("totals")
        sums, counts = t.pop("season_sums"), t.pop("season_counts")
        t["average"] = round(sum(totals) / len(totals), 1)
        t["best"] = max(totals)
        t["season_average"] = [round(s / c, 1) if c else None for s, c in zip(sums, counts, strict=True)]
        out.append(t)
    out.sort(key=lambda t: (-t["wins"], -t["average"], loose_key(t["name"])))
    return out


def history(stats: Stats) -> dict[str, list[tuple[int, int]]]:
    """Per player (by the table's display name): (game index, total) for every game they played, in order."""
    names = {loose_key(t["name"]): t["name"] for t in stats.players}
    out: dict[str, list[tuple[int, int]]] = {name: [] for name in names.values()}
    for i, gm in enumerate(stats.games):
        for row in gm["players"]:
            out[names[loose_key(row["name"])]].append((i, row["total"]))
    return out


def to_json(stats: Stats) -> dict[str, Any]:
    """The stable JSON of `lignum stats --json`."""
    return {
        "players": stats.players,
        "games": stats.games,
        "skipped": [{"file": s.path, "reason": s.reason} for s in stats.skipped],
    }


def game_files(folder: Path) -> list[Path]:
    """Every game file in a folder (the games folder by default)."""
    from lignum_companion.gamefile.store import SUFFIX

    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file())
