"""The games folder's side files and the undo that takes back much (issue 24, items 3 to 6): a damaged cache is
rebuilt; `.last-game` and the cache are never followed as links nor waited on as pipes; an obstacle at a save's
backup name is named; a large undo asks, needs --yes in a script, and keeps the game it replaces.

The last test is the bounded fuzzing harness of the side files: each of them replaced in turn by a link, a pipe, a
folder, junk or JSON of the wrong shape, and the commands that read or write them run over it.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from helpers import PATHS, fix, make_setup, plant_obstacle
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.gamefile import store as gamefile

runner = CliRunner()
PATH_2P = "path " + PATHS[2]


def game(folder: Path, lines: list[str] = (), name: str = "g.lignum") -> Path:
    path = folder / name
    gamefile.save(gamefile.append(gamefile.new_file(make_setup(2)), list(lines)), path)
    return path


@pytest.fixture
def games(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(folder))
    return folder




def lignum(*args: str):
    r = runner.invoke(app, list(args))
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    if r.exit_code:
        assert r.output.strip().count("\n") == 0, r.output
    return r


def finished_game(folder: Path) -> Path:
    """A finished basic game from the examples, copied into the games folder."""
    src = Path(__file__).parent.parent / "examples"
    for p in sorted(src.glob("*.lignum")):
        gf, g = gamefile.load(p)
        if g.over:
            target = folder / p.name
            target.write_bytes(p.read_bytes())
            return target
    pytest.skip("no finished example game")


# --- item 4: a damaged cache is rebuilt ----------------------------------------------------------------------


@pytest.mark.parametrize("damage", [
    lambda e: {"error": 5},
    lambda e: {"players": "a", "pos": {"over": "x"}},
    lambda e: {**e, "game": {**e["game"], "players": [{"name": 3}]}} if "game" in e else {"pos": 1},
    lambda e: {**e, "game": {**e["game"], "players": [{**r, "total": "12"} for r in e["game"]["players"]]}}
    if "game" in e else [],
    lambda e: None,
    lambda e: "text",
])
def test_item4_a_cache_with_bad_entries_is_rebuilt(games, damage):
    finished_game(games)
    game(games, [PATH_2P], name="open.lignum")
    first_games, first_stats = lignum("games").output, lignum("stats").output
    cache = games / gamefile.CACHE
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["files"] = {k: damage(v) for k, v in data["files"].items()}
    cache.write_text(json.dumps(data), encoding="utf-8")
    assert lignum("games").output == first_games
    assert lignum("stats").output == first_stats
    from lignum_companion.views import stats

    kept = json.loads(cache.read_text(encoding="utf-8"))["files"]
    assert len(kept) == 2 and all(stats.usable_summary(v) for v in kept.values())  # rebuilt, not just ignored


# --- item 5: side files as links and pipes ---------------------------------------------------------------------


def test_item5_side_files_that_are_links_are_never_written_through(games, tmp_path):
    path = game(games, [PATH_2P])
    victims = {}
    for name in (gamefile.LAST_GAME, gamefile.CACHE):
        victim = tmp_path / f"victim-{name}"
        victim.write_text("precious", encoding="utf-8")
        (games / name).symlink_to(victim)
        victims[name] = victim
    assert lignum("do", str(path), fix("anna", "money", 1, "x")).exit_code == 0
    assert lignum("games").exit_code == 0 and lignum("stats").exit_code == 0
    assert lignum("check").exit_code == 0  # the default game is still found
    for name, victim in victims.items():
        assert victim.read_text(encoding="utf-8") == "precious"
        assert (games / name).is_symlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_item5_side_files_that_are_pipes_never_hang(games, no_hang):
    path = game(games, [PATH_2P])
    for name in (gamefile.LAST_GAME, gamefile.CACHE):
        os.mkfifo(games / name)
    for args in (["games"], ["stats"], ["check"], ["next"], ["do", str(path), fix("anna", "money", 1, "x")]):
        assert lignum(*args).exit_code == 0, args
    assert gamefile.last_game() == path


# --- item 6: the real obstacle is named ------------------------------------------------------------------------


def test_item6_a_folder_at_the_backup_name_is_named(tmp_path):
    path = game(tmp_path, [PATH_2P])
    bak = path.with_name(path.name + ".bak")
    bak.mkdir()
    before = path.read_bytes()
    r = lignum("do", str(path), fix("anna", "money", 1, "x"))
    assert r.exit_code == 1 and f"a folder stands at its backup's name {bak}" in r.output, r.output
    assert path.read_bytes() == before
    bak.rmdir()
    gamefile.lock_path(path).unlink()
    gamefile.lock_path(path).mkdir()
    r = lignum("do", str(path), fix("anna", "money", 1, "x"))
    assert r.exit_code == 1 and "cannot lock" in r.output and gamefile.lock_path(path).name in r.output, r.output


# --- item 3: a large undo asks, or needs --yes, and keeps what it takes back ----------------------------------------


def two_rounds(folder: Path) -> Path:
    """A game a round into spring: its first lines are the path and the travel of round 1."""
    from lignum_companion.dev import simulate
    from lignum_companion.engine import apply, new_game, parse

    report = simulate.play_game(5, 2, "basic", check="none")
    g = new_game(report.setup)
    cut = 0
    while g.round < 2:
        apply(g, parse(report.log[cut], g.board))
        cut += 1
    path = folder / "long.lignum"
    gamefile.save(gamefile.append(gamefile.new_file(report.setup), report.log[: cut + 3]), path)
    assert gamefile.load(path)[1].round == 2
    return path


def test_item3_undo_beyond_this_round_needs_yes_in_a_script_and_keeps_a_copy(tmp_path):
    path = two_rounds(tmp_path)
    before = path.read_bytes()
    r = lignum("undo", str(path), "-n", "5")
    assert r.exit_code == 1 and "beyond this round: add --yes" in r.output, r.output
    r = lignum("undo", str(path), "-n", "999")
    assert r.exit_code == 1 and "every action of the game: add --yes" in r.output, r.output
    assert path.read_bytes() == before
    r = lignum("undo", str(path), "-n", "2")  # within this round: as before, no question
    assert r.exit_code == 0, r.output
    assert not list(tmp_path.glob("*.before-undo-*"))
    middle = path.read_bytes()
    r = lignum("undo", str(path), "-n", "999", "--yes")
    assert r.exit_code == 0 and gamefile.read(path).action_texts() == []
    kept = path.with_name(path.name + ".before-undo-1")
    assert kept.read_bytes() == middle and str(kept) in " ".join(r.output.split())
    for i in range(3):  # later saves replace FILE.bak; the kept copy stays
        assert lignum("do", str(path), fix("anna", "money", 1, f"after {i}")).exit_code == 0
    assert kept.read_bytes() == middle
    assert gamefile.load(kept)[1].round == 2
    assert "long.lignum.before-undo-1" not in lignum("games").output  # not counted as another game


def test_item3_play_keeps_the_game_before_an_undo_into_an_earlier_round(tmp_path):
    import subprocess
    import sys

    path = two_rounds(tmp_path)
    before = path.read_bytes()
    r = subprocess.run([sys.executable, "-c", "from lignum_companion.cli.entry import main; main()", "play", str(path)],
                       input="undo 5\ny\nquit\n", capture_output=True, text=True, timeout=120,
                       env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    kept = path.with_name(path.name + ".before-undo-1")
    assert kept.read_bytes() == before and "is kept in" in " ".join(r.stdout.split())
    assert len(gamefile.read(path).actions) == len(gamefile.read(kept).actions) - 5


def test_item3_play_asks_before_an_undo_into_an_earlier_round_and_a_no_changes_nothing(tmp_path):
    """`undo 50` typed in play (a typo for `undo 5`) would drop a whole winter: the table is asked first, and a no
    (or a bare Enter) leaves the file byte for byte as it was, with no copy made."""
    import subprocess
    import sys

    path = two_rounds(tmp_path)
    before = path.read_bytes()
    for answer in ("n", ""):
        r = subprocess.run([sys.executable, "-c", "from lignum_companion.cli.entry import main; main()", "play",
                            str(path)], input=f"undo 50\n{answer}\nquit\n", capture_output=True, text=True,
                           timeout=120, env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"})
        out = " ".join(r.stdout.split())
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr
        assert "Take back" in out and "Nothing was taken back." in out
        assert path.read_bytes() == before
        assert not path.with_name(path.name + ".before-undo-1").exists()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a pseudo-terminal (pexpect)")
def test_item3_undo_of_the_whole_game_asks_at_a_terminal(tmp_path):
    import sys

    pexpect = pytest.importorskip("pexpect")
    path = game(tmp_path, [PATH_2P, fix("anna", "money", 1, "a"), fix("anna", "money", 1, "b")])
    before = path.read_bytes()
    code = "from lignum_companion.cli.entry import main; main()"
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "NO_COLOR": "1"}
    for answer, code_expected in (("n", 1), ("y", 0)):
        child = pexpect.spawn(sys.executable, ["-c", code, "undo", str(path), "-n", "3"], env=env, timeout=120,
                              encoding="utf-8")
        child.expect("take back all 3 actions of the game\\?")
        child.sendline(answer)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == code_expected, child.before
        if answer == "n":
            assert "nothing was undone" in child.before and path.read_bytes() == before
    assert gamefile.read(path).action_texts() == []
    assert path.with_name(path.name + ".before-undo-1").read_bytes() == before


# --- the harness: side files replaced by every kind of obstacle (bounded) -------------------------------------------

OBSTACLES = ("missing", "junk", "bad json", "link out", "dangling link", "folder", "fifo", "absurd figures",
             "link to zero", "latin-1 name")
ABSURD = (int("9" * 4000), -10**18, 10**15, 99)  # issue 33 item 6: totals, seasons and places no game reaches


def plant(spot: Path, kind: str, outside: Path, good: str = "", rng: random.Random | None = None) -> None:
    if plant_obstacle(spot, kind, outside):  # links, a folder, a FIFO: as the text cache's harness plants them
        return
    if kind == "junk":
        spot.write_bytes(b"\xff\x00 not ours")
    elif kind == "bad json":
        spot.write_text(json.dumps({"engine": "x", "files": {"k": {"error": 5}}, "x": [1]}), encoding="utf-8")
    elif kind == "absurd figures" and spot.name == gamefile.CACHE and good:
        rng = rng or random.Random(0)
        data = json.loads(good)
        for entry in data["files"].values():
            for row in entry.get("game", {}).get("players", []):
                row[rng.choice(("total", "place"))] = rng.choice(ABSURD)
        spot.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "latin-1 name" and spot.name == gamefile.LAST_GAME:
        spot.write_bytes(b"caf\xe9.lignum\n")


def test_side_files_fuzz_harness_no_internal_error_no_hang_nothing_written_outside(games, tmp_path, no_hang):
    path = game(games, [PATH_2P])
    finished_game(games)
    latin = games / os.fsdecode(b"caf\xe9.lignum")  # issue 33 item 4: a name that is not UTF-8
    game(games, [PATH_2P], name=latin.name)
    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    good = (lignum("stats"), (games / gamefile.CACHE).read_text(encoding="utf-8"))[1]
    rng = random.Random(24)
    spots = [games / gamefile.LAST_GAME, games / gamefile.CACHE]
    commands = [["games"], ["stats"], ["check"], ["next"], ["show"], ["do", str(path), "{line}"], ["undo", str(path)],
                ["do", str(latin), "{line}"], ["stats", "--pdf", str(tmp_path / "r.pdf")]]
    for k in range(30):
        for spot in spots:
            plant(spot, rng.choice(OBSTACLES), outside, good, rng)
        args = [a.replace("{line}", fix("anna", "money", 1, f"f{k}")) for a in rng.choice(commands)]
        r = lignum(*args)
        assert r.exit_code in (0, 1), (args, r.output)
        assert outside.read_text(encoding="utf-8") == "precious"
    gamefile.load(path)  # the games themselves are whole
    gamefile.load(latin)
