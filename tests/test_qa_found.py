"""Bugs found by using the program as a new table would (QA pass); each test failed before its fix.

- `lignum stats examples` read the folder as one file ("is a folder, not a game file") and found no game.
- The stats PDF broke season averages over two lines (`$11.` above `8`), which reads as the wrong money.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_stats_over_a_folder_reads_the_games_in_it(tmp_path):
    files = sorted(EXAMPLES.glob("*.lignum"))
    r = run("stats", str(EXAMPLES), "--json", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data["games"]) == len(files) and not data["skipped"]
    one_by_one = json.loads(run("stats", *map(str, files), "--json", tmp=tmp_path).stdout)
    assert data["players"] == one_by_one["players"]
    text = run("stats", str(EXAMPLES), tmp=tmp_path).stdout
    assert f"{len(files)} finished games of {len(files)} files read." in text


def test_stats_pdf_keeps_every_season_average_on_one_line(tmp_path):
    out = tmp_path / "results.pdf"
    files = [str(f) for f in sorted(EXAMPLES.glob("*.lignum"))]
    r = run("stats", *files, "--pdf", str(out), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(out.read_bytes())).pages)
    data = json.loads(run("stats", *files, "--json", tmp=tmp_path).stdout)
    from lignum_companion.views.stats import whole_dollars

    exact = [v for t in data["players"] for v in t["season_average"] if v is not None]
    assert any(v != int(v) for v in exact)  # the examples do have averages with a decimal (kept in the JSON)
    shown = {f"${whole_dollars(v)}" for v in exact}  # issue 21: the sheet shows whole dollars, never `$0.5`
    assert {s for s in shown if s not in text} == set()


def test_korean_wizard_summary_is_translated_and_aligned(tmp_path):
    """The summary said `게임 basic` and `민준 red`, and its values stood at ragged columns (Hangul is two wide)."""
    from lignum_companion.texts.catalog import display_width

    answers = "민준 서연\n\n\n\n3 6\n5/2\n6/3\n\n\n\n\n\n\n"
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1"}
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "--lang", "ko", "new", "--file",
                        str(tmp_path / "k.lignum")], input=answers, capture_output=True, text=True, env=env,
                       timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    summary = lines[lines.index("새 게임:") + 1:]
    summary = summary[:summary.index("")]
    assert "  게임           기본 게임" in summary and "  색깔           민준 빨강, 서연 파랑" in summary
    assert "tactical" not in r.stdout and " basic" not in r.stdout
    columns = set()
    for line in summary:
        m = re.match(r"  (.+?) {2,}(\S.*)", line)
        assert m, line
        columns.add(display_width(line[:m.start(2)]))
    assert len(columns) == 1, columns


def test_next_after_the_end_points_at_this_game_and_warns_no_more(tmp_path):
    """`lignum next FILE` of a finished game said `lignum score` (which scores the latest game, not FILE) and
    still warned that a task needed wood, after the final scoring."""
    game = EXAMPLES / "advanced-3p.lignum"
    out = " ".join(run("next", str(game), tmp=tmp_path).stdout.split())
    assert f"See the final scores with: lignum score {game}" in out
    assert "still needs" not in out
    ko = " ".join(run("--lang", "ko", "next", str(game), tmp=tmp_path).stdout.split())
    assert f"lignum score {game}" in ko


def test_korean_show_and_turn_header_have_no_english_words(tmp_path):
    """`show` and play's turn line said `woodpile`, `mill worker`, `travel`, `food 1` in a Korean game."""
    game = tmp_path / "k.lignum"
    r = run("--lang", "ko", "new", "-p", "민준,서연", "--mode", "basic", "--no-variants", "--order", "민준,서연",
            "--areas", "민준=3,서연=6", "--winter", "5/2,6/3", "--file", str(game), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    run("do", str(game), "path food saw food raft raft board stake X coin joker sledge X wagon", "민준 go 3",
        "서연 go 4 2", tmp=tmp_path)
    show = run("show", str(game), tmp=tmp_path).stdout + run("show", str(game), "--player", "서연", tmp=tmp_path).stdout
    for english in ("woodpile", "mill worker", "sale area", "drying area", "2 bearers"):
        assert english not in show
    assert "목재더미" in show and "제재소 일꾼" in show and "짐꾼 2명" in show
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1"}
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(game)], input="quit\n",
                       capture_output=True, text=True, env=env, timeout=60)
    header = next(line for line in r.stdout.splitlines() if line.startswith("-- 민준"))
    assert header.startswith("-- 민준, 이동: ") and "음식 1" in header and "제재소 일꾼" in header, header
    assert not re.search(r"[a-z]{4,}", header), header


def test_korean_cli_messages_of_score_games_and_show(tmp_path):
    """`score --pdf`, `games` and `show --player` answered in English under --lang ko."""
    out = tmp_path / "sheet.pdf"
    r = run("--lang", "ko", "score", str(EXAMPLES / "basic-3p.lignum"), "--pdf", str(out), tmp=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == f"점수표를 {out}에 썼습니다", r.stdout + r.stderr
    r = run("--lang", "ko", "games", tmp=tmp_path)
    assert "저장된 게임이 없습니다" in r.stdout, r.stdout
    r = run("--lang", "ko", "show", str(EXAMPLES / "basic-3p.lignum"), "--player", "zz", tmp=tmp_path)
    assert r.returncode == 1 and "그런 이름의 플레이어가 없습니다: 'zz' (플레이어: anna, ben, cleo)" in r.stderr
    r = run("show", str(EXAMPLES / "basic-3p.lignum"), "--player", "zz", tmp=tmp_path)
    assert "no player called 'zz' (players: anna, ben, cleo)" in r.stderr


def test_wizard_summary_wraps_under_its_value_column(tmp_path):
    """A long summary value went on at the left margin (`  shop, buildings; R23)`), under the labels."""
    answers = ("ana bo\n\n\n\n\n4/2\n5/3\n2\nsmithy +$1 each softwood sold\nchapel one food less\n"
               "tavern $2 when taken\nstable free fodder\ninn worker stays\nkiln dries one piece\n\n\n\n\n\n")
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path / "games"), "NO_COLOR": "1", "COLUMNS": "80"}
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "new", "--file", str(tmp_path / "e.lignum")],
                       input=answers, capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  expansion      "))
    assert lines[at + 1].startswith(" " * 17 + "shop"), lines[at:at + 2]


def test_path_line_marks_locations_a_mode_skips(tmp_path):
    """A basic game's path line offered `8:plan` and `13:tasks`, which R2 skips outside those modes."""
    shown = {}
    for mode in ("basic", "advanced"):
        game = tmp_path / f"{mode}.lignum"
        r = run("new", "-p", "anna,ben", "--mode", mode, "--no-variants", "--order", "anna,ben", "--areas",
                "anna=1,ben=5", "--winter", "4/2,5/3", "--file", str(game), tmp=tmp_path)
        assert r.returncode == 0, r.stderr
        path = "path wagon raft saw food coin stake sledge food X raft X board joker"
        r = run("do", str(game), path, tmp=tmp_path)
        assert r.returncode == 0, r.stderr
        shown[mode] = next(x for x in run("show", str(game), tmp=tmp_path).stdout.splitlines()
                           if x.startswith("path:")).replace("\u00a0", " ")
    assert " 8 not used " in shown["basic"] and " 13 not used " in shown["basic"]
    assert " 8 not used " in shown["advanced"] and " 13 tasks " in shown["advanced"]
