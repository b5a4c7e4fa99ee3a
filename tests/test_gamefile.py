"""The game file: header, replay by line, undo by dropping lines, atomic save with backup, and bad files."""

from __future__ import annotations

import pytest

from lignum_companion.engine import GameFileError, Setup
from lignum_companion.gamefile import store as gamefile

PATH_2P = "path wagon raft saw food coin stake sledge food X raft X board joker"


def setup_2p(**kw) -> Setup:
    base = dict(players=["anna", "ben"], order=["anna", "ben"], areas={"anna": 1, "ben": 5}, winter=[[4, 2], [5, 3]])
    base.update(kw)
    return Setup(**base)


def test_header_round_trips_every_setting():
    s = setup_2p(mode="expert", variants=["tactical"], cards=["sawing", "drying", "trade", "overtime"],
                 start_money=4)
    gf = gamefile.parse_text(gamefile.render(gamefile.new_file(s)))
    assert gf.setup == s
    assert gf.actions == []


def test_replay_applies_lines_and_reports_the_failing_line():
    gf = gamefile.append(gamefile.new_file(setup_2p()), [PATH_2P, "anna go 4 2", "ben go 4 9"])
    with pytest.raises(GameFileError) as e:
        gamefile.replay(gamefile.parse_text(gamefile.render(gf)))
    assert e.value.line == gf.actions[-1].number
    assert "only 4 bearers are left" in str(e.value) and "(R3)" in str(e.value)
    g = gamefile.replay(gf, upto=2)
    assert g.players[0].money == 3


def test_drop_last_keeps_earlier_comments_and_header():
    gf = gamefile.append(gamefile.new_file(setup_2p()), [PATH_2P, "# anna plans ahead", "anna go 4 2"])
    gf = gamefile.parse_text(gamefile.render(gf))
    assert [a.text for a in gf.actions] == [PATH_2P, "anna go 4 2"]
    shorter = gamefile.drop_last(gf, 1)
    assert shorter.action_texts() == [PATH_2P]
    assert "# anna plans ahead" in gamefile.render(shorter)
    assert gamefile.drop_last(gf, 5).action_texts() == []
    assert gamefile.render(gamefile.drop_last(gf, 5)).rstrip().endswith("start\n# anna plans ahead")  # item 5
    assert gamefile.render(gamefile.drop_last(gf, 2)).count("#") == 2  # comments stay (item 5)


def test_atomic_save_keeps_backup_of_previous_version(tmp_path):
    path = tmp_path / "g.lignum"
    gf = gamefile.new_file(setup_2p())
    gamefile.save(gf, path)
    first = path.read_text()
    gamefile.save(gamefile.append(gf, [PATH_2P]), path)
    assert path.with_name("g.lignum.bak").read_text() == first
    assert path.read_text().rstrip().endswith(PATH_2P)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("", 0, "empty"),
        ("hello world\n", 1, "not a Lignum Companion game file"),
        ("lignum-game 9\nplayers a b\n", 1, "newer Lignum Companion"),
        ("lignum-game 1\nplayers anna ben\norder anna ben\n", 3, "'start' is missing"),
        ("lignum-game 1\nplayers anna ben\ncolour red\nstart\n", 3, "unknown header line"),
        ("lignum-game 1\nplayers anna ben\norder anna ben\nareas anna=1 ben=x\nwinter 4/2 5/3\nstart\n", 4,
         "NAME=AREA"),
        ("lignum-game 1\nplayers anna ben\norder anna ben\nareas anna=1 ben=5\nwinter 4-2 5/3\nstart\n", 5,
         "FOOD/HEAT"),
        ("lignum-game 1\nplayers anna\norder anna\nareas anna=1\nwinter 4/2 5/3\nstart\n", 2, "2 to 4 players"),
    ],
)
def test_bad_headers_are_reported_by_line(text, line, words):
    with pytest.raises(GameFileError) as e:
        gamefile.parse_text(text)
    assert e.value.line == line
    assert words in str(e.value)


def test_binary_and_non_utf8_files_are_refused(tmp_path):
    p = tmp_path / "bin.lignum"
    p.write_bytes(b"lignum-game 1\nplayers \xff\xfe\n")
    with pytest.raises(GameFileError) as e:
        gamefile.read(p)
    assert e.value.line == 2 and "UTF-8" in str(e.value)
    p.write_bytes(b"lignum-game 1\x00\n")
    with pytest.raises(GameFileError):
        gamefile.read(p)
    with pytest.raises(GameFileError) as e:
        gamefile.read(tmp_path)
    assert "folder" in str(e.value)


def test_default_names_are_readable_and_unique(tmp_path):
    s = setup_2p(players=["Anna", "Björn"], order=["Anna", "Björn"], areas={"Anna": 1, "Björn": 2})
    name = gamefile.default_name(s, "2026-11-29")
    assert name == "2026-11-29-anna-björn.lignum"
    (tmp_path / name).write_text("x")
    assert gamefile.unique_path(tmp_path, name).name == "2026-11-29-anna-björn-2.lignum"


def test_saving_sweeps_old_temporary_files_left_by_a_killed_save(tmp_path):
    import os
    import time

    path = tmp_path / "g.lignum"
    old = tmp_path / ".g.lignum.abc123.tmp"
    fresh = tmp_path / ".g.lignum.def456.tmp"
    old.write_text("half a save")
    fresh.write_text("another save in progress")
    past = time.time() - gamefile.STALE_SECONDS - 5
    os.utime(old, (past, past))
    gamefile.save(gamefile.new_file(setup_2p()), path)
    assert not old.exists() and fresh.exists() and path.exists()
