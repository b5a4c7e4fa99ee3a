"""`lignum stats`: results across finished games (#13). Names match without case or accents, shared wins count
as wins and as shared, averages and bests come from the engine's scores, unfinished and unreadable files are
skipped with their reason (never a traceback), the cache never serves stale figures, JSON and PDF hold the
same figures."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from lignum_companion.engine import score
from lignum_companion.gamefile import store as gamefile
from lignum_companion.views import stats

sys.path.insert(0, str(Path(__file__).parent))
import gamegen  # noqa: E402

ROSTERS = [(("anna", "ben", "Zoë"), "basic"), (("Anna", "zoe", "cleo"), "advanced"), (("ben", "ZOË"), "expert")]


def write_game(folder: Path, i: int, names, mode: str) -> Path:
    gf, _ = gamegen.play(seed=300 + i, names=names, mode=mode)
    gf.setup.date = f"2026-09-{i + 10:02d}"
    gf.setup.name = f"Night {i}"
    raw = gamefile.format_header(gf.setup) + [a.text for a in gf.actions]
    path = folder / f"night-{i}.lignum"
    path.write_text("\n".join(raw) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("games")
    for i, (names, mode) in enumerate(ROSTERS):
        write_game(d, i, names, mode)
    gf, _ = gamegen.play(seed=5, names=("anna", "ben"), stop_after=40)
    (d / "half.lignum").write_text(gamefile.render(gf), encoding="utf-8")
    (d / "junk.lignum").write_bytes(b"\x00\x01 not a game")
    (d / "cut.lignum").write_text("lignum-game 1\nplayers anna ben\n", encoding="utf-8")
    return d


@pytest.fixture(autouse=True)
def own_games_folder(tmp_path, monkeypatch):
    """In-process calls keep their cache in a games folder of their own (the CLI runs name theirs)."""
    (tmp_path / "own-games").mkdir()
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path / "own-games"))


def run(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1", **env})


def test_players_match_without_case_or_accents(folder):
    st = stats.collect(stats.game_files(folder))
    assert len(st.games) == 3
    names = sorted(t["name"] for t in st.players)
    assert len(names) == 4, names  # anna, ben, cleo and one Zoë
    zoe = next(t for t in st.players if t["name"] in ("Zoë", "zoe", "ZOË"))
    assert zoe["games"] == 3 and zoe["name"] == "ZOË"  # the latest spelling is shown
    anna = next(t for t in st.players if t["name"].casefold() == "anna")
    assert anna["games"] == 2


def test_figures_are_the_engines_scores(folder):
    st = stats.collect(stats.game_files(folder))
    totals: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    seasons: dict[str, list[list[int]]] = {}
    for path in sorted(folder.glob("night-*.lignum")):
        _, g = gamefile.load(path)
        for r in score(g)["players"]:
            key = r["name"].casefold().replace("ë", "e")
            totals.setdefault(key, []).append(r["total"])
            wins[key] = wins.get(key, 0) + (r["place"] == 1)
        for p in g.players:
            seasons.setdefault(p.name.casefold().replace("ë", "e"), []).append(p.season_money[:8])
    for t in st.players:
        key = t["name"].casefold().replace("ë", "e")
        assert t["games"] == len(totals[key])
        assert t["best"] == max(totals[key])
        assert t["average"] == round(sum(totals[key]) / len(totals[key]), 1)
        assert t["wins"] == wins[key]
        assert t["season_average"][0] == round(sum(s[0] for s in seasons[key]) / len(seasons[key]), 1)


def test_shared_wins_count_as_wins_and_as_shared():
    def game(date, rows):
        return {"file": date, "name": date, "date": date, "mode": "basic", "variants": [], "expansion": "",
                "players": [{"name": n, "colour": "", "total": t, "place": p, "shared": s, "seasons": [5] * 8}
                            for n, t, p, s in rows]}

    games = [game("2026-01-01", [("anna", 40, 1, True), ("Ben", 40, 1, True), ("cleo", 30, 3, False)]),
             game("2026-01-02", [("ben", 50, 1, False), ("anna", 20, 2, False)])]
    table = {t["name"]: t for t in stats.player_table(games)}
    assert table["ben"]["wins"] == 2 and table["ben"]["shared_wins"] == 1
    assert table["anna"]["wins"] == 1 and table["anna"]["shared_wins"] == 1
    assert table["cleo"]["wins"] == 0
    assert table["anna"]["average"] == 30 and table["anna"]["best"] == 40
    assert [t["name"] for t in stats.player_table(games)][0] == "ben"  # most wins first


def test_skipped_files_say_why_and_nothing_breaks(folder):
    r = run("stats", env={"LIGNUM_GAMES_DIR": str(folder)})
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = r.stdout
    assert "3 finished games of 6 files read." in out
    assert "half.lignum: not finished (" in out
    assert "junk.lignum: line 1: binary data" in out
    assert "cut.lignum: line 2: the header never ends" in out
    for name in ("Night 0", "Night 1", "Night 2", "2026-09-10"):
        assert name in out


def test_given_files_and_a_missing_one(folder, tmp_path):
    r = run("stats", str(folder / "night-0.lignum"), str(tmp_path / "gone.lignum"), env={})
    assert r.returncode == 0, r.stderr
    assert "1 finished game of 2 files read." in r.stdout and "gone.lignum: no game file at" in r.stdout


def test_json(folder):
    r = run("stats", "--json", env={"LIGNUM_GAMES_DIR": str(folder)})
    data = json.loads(r.stdout)
    assert set(data) == {"players", "games", "skipped"}
    assert [g["date"] for g in data["games"]] == ["2026-09-10", "2026-09-11", "2026-09-12"]
    assert {"name", "games", "wins", "shared_wins", "average", "best", "season_average"} <= set(data["players"][0])
    assert len(data["players"][0]["season_average"]) == 8
    assert {s["file"].rsplit("/", 1)[-1] for s in data["skipped"]} == {"half.lignum", "junk.lignum", "cut.lignum"}


def test_cache_is_used_and_never_stale(folder, tmp_path, monkeypatch):
    """The cache (shared with `lignum games`) serves known bytes; a copy keeps its own name and date; a changed
    file is replayed."""
    files = stats.game_files(folder)
    first = stats.to_json(stats.collect(files))
    assert stats.cache_path().is_file()
    calls = []
    real = stats.summarise
    monkeypatch.setattr(stats, "summarise", lambda p: calls.append(p) or real(p))
    assert stats.to_json(stats.collect(files)) == first and calls == []  # all from the cache
    # a copy under another name: same bytes, its own file name and date
    copy = tmp_path / "2025-01-02-copy.lignum"
    text = (folder / "night-0.lignum").read_text(encoding="utf-8").replace("date 2026-09-10\n", "")
    copy.write_text(text, encoding="utf-8")
    st = stats.collect([copy])
    assert st.games[0]["file"] == copy.name and st.games[0]["date"] == "2025-01-02"
    # a changed file is replayed: drop its last line and it is no longer finished
    copy.write_text(text.rstrip("\n").rsplit("\n", 1)[0] + "\n", encoding="utf-8")
    calls.clear()
    st = stats.collect([copy])
    assert calls and st.skipped and "not finished" in st.skipped[0].reason


def test_many_files_replay_in_parallel_with_the_same_result(folder, tmp_path, monkeypatch):
    many = tmp_path / "many"
    many.mkdir()
    for i in range(stats.PARALLEL_FROM + 2):
        shutil.copy(folder / f"night-{i % 3}.lignum", many / f"g{i:03}.lignum")
    st = stats.collect(stats.game_files(many), use_cache=False)
    assert len(st.games) == stats.PARALLEL_FROM + 2 and not st.skipped
    one = stats.collect([many / "g000.lignum"], use_cache=False)
    assert st.games[0]["players"] == one.games[0]["players"]


def test_pdf_text_and_render(folder, tmp_path):
    out = tmp_path / "results.pdf"
    r = run("stats", "--pdf", str(out), env={"LIGNUM_GAMES_DIR": str(folder)})
    assert r.returncode == 0, r.stderr
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Lignum results" in text and "3 finished games, 2026-09-10 to 2026-09-12" in text
    assert "Totals game by game" in text and "half.lignum: not finished" in text
    for name in ("anna", "ben", "cleo", "ZOË"):
        assert name in text
    again = run("stats", "--pdf", str(out), env={"LIGNUM_GAMES_DIR": str(folder)})
    assert again.returncode == 1 and "--force" in again.stderr
    if shutil.which("pdffonts"):
        listing = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True).stdout
        assert "Helvetica" not in listing and " no " not in listing  # every font embedded
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "30", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")],
                       check=True)
        assert (tmp_path / "p-1.png").stat().st_size > 2000


def test_empty_folder(tmp_path):
    r = run("stats", env={"LIGNUM_GAMES_DIR": str(tmp_path / "none")})
    assert r.returncode == 0 and "No game files in" in r.stdout


def test_lignum_games_fills_the_same_cache(folder, tmp_path, monkeypatch):
    """`lignum games` replays every file once; `stats` then replays none (one cache, gamefile.CACHE)."""
    games = tmp_path / "shared"
    shutil.copytree(folder, games)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(games))
    r = run("games", env={"LIGNUM_GAMES_DIR": str(games)})
    assert r.returncode == 0 and "game over" in r.stdout and "unreadable" in r.stdout
    assert (games / gamefile.CACHE).is_file()
    calls = []
    monkeypatch.setattr(stats, "summarise", lambda p: calls.append(p))
    st = stats.collect(stats.game_files(games))
    assert calls == [] and len(st.games) == 3


def test_averages_use_the_one_money_format_of_every_client() -> None:
    """Stats tables and the stats PDF show averages with the clients' money format (views.money), one decimal."""
    from lignum_companion.cli import printing as cli_print
    from lignum_companion.printables import stats_sheet as stats_pdf
    from lignum_companion.views import game as views

    for n, shown in ((11.8, "$11.8"), (12.0, "$12"), (-3.5, "-$3.5"), (7, "$7"), (-25, "-$25")):
        assert views.money(n) == cli_print._money(n) == stats_pdf._money(n) == shown
    assert cli_print._money(None) == "-" and views.money(0, sign=True) == "-" and views.money(4, sign=True) == "+$4"


def test_every_player_gets_a_distinct_colour_and_header_colours_are_kept(tmp_path) -> None:
    """More players than the palette has colours: no two share one in the stats PDF; a colour that a game's
    `colors` header gave is kept even when a player with more wins has it as a default."""
    from lignum_companion.printables import stats_sheet as stats_pdf
    from lignum_companion.printables.score_sheet import template

    palette = template()["colours"]["players"]
    players = [{"name": f"p{i}", "colour": "red", "colour_given": False} for i in range(len(palette) + 4)]
    players += [{"name": "blue-by-header", "colour": "blue", "colour_given": True},
                {"name": "red-by-header", "colour": "red", "colour_given": True}]
    colours = stats_pdf.player_colours(players, palette)
    assert len(colours) == len(players) and len(set(colours.values())) == len(players)
    assert colours["blue-by-header"] == palette["blue"] and colours["red-by-header"] == palette["red"]
    assert all(len(c) == 7 and c.startswith("#") for c in colours.values())

    gf, _ = gamegen.play(seed=301, names=("anna", "ben"), mode="basic")
    gf.setup.colours = {"ben": "purple"}
    path = tmp_path / "colours.lignum"
    path.write_text("\n".join(gamefile.format_header(gf.setup) + [a.text for a in gf.actions]) + "\n",
                    encoding="utf-8")
    rows = {r["name"]: r for r in stats.summarise(str(path))["game"]["players"]}
    assert rows["ben"]["colour"] == "purple" and rows["ben"]["given"] and not rows["anna"]["given"]
    table = {t["name"]: t for t in stats.player_table([stats.summarise(str(path))["game"]])}
    assert table["ben"]["colour_given"] and not table["anna"]["colour_given"]


@pytest.mark.parametrize("lang,more", [("en", "and {n} more"), ("ko", "외 {n}명")])
def test_the_chart_draws_the_players_with_most_wins_and_counts_the_rest(lang: str, more: str) -> None:
    """Issue 21 §5: with many players the lines could not be told apart; the chart draws the 8 players with most
    wins, each in its own colour, and the legend counts the rest."""
    from reportlab.graphics.shapes import String

    from lignum_companion.printables import stats_sheet as stats_pdf
    from lignum_companion.printables.score_sheet import default_fonts, paper_size
    from lignum_companion.texts import catalog as texts

    def legend(n: int) -> list[str]:
        games = [{"file": f"g{g}", "name": f"g{g}", "date": f"2026-01-{g + 1:02d}", "mode": "basic", "variants": [],
                  "expansion": "", "players": [{"name": f"p{g * 4 + k:02d}", "colour": "", "total": 10 + k,
                                                "place": 4 - k, "shared": False, "seasons": [5] * 8}
                                               for k in range(4)]} for g in range(n // 4)]
        st = stats.Stats(games=games, players=stats.player_table(games))
        chart = stats_pdf._Results(st, paper_size("a4"), default_fonts(), None)
        chart.width = 170 * 2.83465
        return [s.text for s in chart.chart().contents if isinstance(s, String)]

    texts.choose(lang)
    try:
        shown = legend(8)
        assert all(f"p{i:02d}" in shown for i in range(8)) and not any(more.format(n=k) in shown for k in range(9))
        for n in (12, 20, 40):
            shown = legend(n)
            named = [t for t in shown if t.startswith("p")]
            assert len(named) == stats_pdf.CHART_PLAYERS and more.format(n=n - 8) in shown
    finally:
        texts.choose(None)
