"""`lignum print reference` (#13): a one-page round reference drawn from the engine's tables (two pages for
the expert and planned-work games), checked by rendering it and reading its text back."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from lignum_companion.engine import data as D
from lignum_companion.engine.flow import WINTER_STEPS, WORK_STEPS
from lignum_companion.gamefile import store as gamefile
from lignum_companion.printables import reference
from lignum_companion.texts import catalog as texts

sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parents[1]


def pdf_text(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


def lignum(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("players", D.PLAYER_COUNTS)
@pytest.mark.parametrize("mode", D.MODES)
def test_pages_and_the_path_of_each_player_count(players, mode):
    f = reference.facts(players=players, mode=mode)
    pages = pdf_text(reference.render(f, paper="letter" if players == 3 else "a4"))
    assert len(pages) == (2 if D.MODE_HAS_PLANNED_WORK[mode] else 1)
    text = " ".join(pages)
    supply = D.PATH_SUPPLY[players]
    assert f"{supply['bearers']} bearers, {supply['fodder']} fodder, {supply['woodcutters']} woodcutters" in text
    assert reference.mix_text(f) in text
    assert all(f"{n} × " in reference.mix_text(f) for n in D.PATH_MIX[players].values() if n)
    assert ("X (blocked)" in text) == bool(D.PATH_MIX[players]["X"])
    rows = dict((loc, what) for loc, what, _ in reference.path_rows(f))
    assert (rows["8"] == "skipped in this game") == (not D.MODE_HAS_PLANNED_WORK[mode])
    assert (rows["13"] == "skipped in this game") == (not D.MODE_HAS_TASKS[mode])
    tokens = [str(x) for x in D.TOKEN_LOCATIONS]  # said in full once, then short (issue 22 §5)
    assert rows[tokens[0]] == "a token from the mix" and all(rows[loc] == "a token" for loc in tokens[1:])
    assert f"${D.LOAN_AMOUNT}" in text and f"${D.LOAN_REPAYMENT[1]} for one loan, ${D.LOAN_REPAYMENT[2]}" in text


def test_steps_follow_the_engine_in_order():
    f = reference.facts(players=4, mode="advanced")
    steps = [name for name, _ in reference.round_steps(f)]
    engine = [s.name for s in WORK_STEPS if s.actor != "auto"]
    assert steps == engine  # every step, in the engine's order, tasks included in the advanced game
    basic = [name for name, _ in reference.round_steps(reference.facts(players=4, mode="basic"))]
    assert basic == [s for s in engine if s not in ("reveal", "tasks")]
    winter = [name for name, _ in reference.winter_steps(reference.facts(players=2, mode="basic"))]
    assert winter == [s.name for s in WINTER_STEPS if s.actor != "auto" and s.name not in ("tasks", "placement")]
    from helpers import start

    tactical = [name for name, _ in reference.winter_steps(reference.facts(start(2, variants=("tactical",)).game()))]
    assert tactical == ["placement"] + winter  # R32: the cards of spring, year 2, come at the first winter's start
    text = " ".join(pdf_text(reference.render(f)))
    positions = [text.index(what[:40]) for _, what in reference.round_steps(f)]
    assert positions == sorted(positions)


def test_prices_and_bonuses_are_the_engines():
    rows = {r[0]: r[1:] for r in reference.price_rows()}
    for piece in D.PIECES:
        base = D.BASE_PRICE[piece]
        name = texts.load("reference")["prices"]["pieces"][piece]
        if base is None:
            assert rows[name][0] == "not sold"
        else:
            assert rows[name] == [f"${base}", f"${base + D.DRYING_BONUS['dry2']}", f"${base + D.DRYING_BONUS['dry3']}"]
    text = " ".join(pdf_text(reference.render(reference.facts(players=2, mode="basic"))))
    assert "milled hardwood $5 $6 $7" in text and "softwood $4 $5 $6" in text


def test_a_game_file_gives_its_mode_players_and_winter_cards(tmp_path):
    r = lignum("print", "reference", str(ROOT / "examples" / "expert-4p.lignum"), "-o", "ref.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    pages = pdf_text((tmp_path / "ref.pdf").read_bytes())
    assert len(pages) == 2
    _, g = gamefile.load(ROOT / "examples" / "expert-4p.lignum")
    (f1, h1), (f2, h2) = g.winter_cards
    assert f"year 1 asks {f1} food and {h1} heating wood; year 2 asks {f2} food and {h2} heating wood" in pages[0]
    assert "4 players · expert game" in pages[0] and "For the game Lignum with nicole" in pages[0]
    assert "In this game: Sawing, Heating Supply, Cutting, Food Supply, Overtime, Craftwork." in pages[1]
    assert "Spring 1 Summer 1 Fall 1 Winter 1" in pages[1]  # pair 1, 2, 3 from the first spring (R20)
    again = lignum("print", "reference", "-o", "ref.pdf", cwd=tmp_path)
    assert again.returncode == 1 and "--force" in again.stderr


def test_options_and_refusals(tmp_path):
    r = lignum("print", "reference", "-n", "2", "-m", "advanced", "--paper", "letter", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = (tmp_path / "lignum-reference.pdf").read_bytes()
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    text = pdf_text(data)[0]
    assert "2 players · advanced game" in text and "Stages: 0 = Sale area, First drying area" in text
    bad = lignum("print", "reference", "-n", "5", "-o", "x.pdf", cwd=tmp_path)
    assert bad.returncode == 2 and "2, 3 or 4 players" in bad.stderr and not (tmp_path / "x.pdf").exists()


def test_korean_reference(tmp_path):
    r = lignum("print", "reference", "-o", "ko.pdf", "--lang", "ko", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = pdf_text((tmp_path / "ko.pdf").read_bytes())[0]
    assert "리그넘: 한눈에 보는 라운드" in text and "4명의 공급 경로" in text
    assert re.search(r"가공된 활엽수\s*\$5\s*\$6\s*\$7", text)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_renders_a_page(tmp_path):
    out = tmp_path / "ref.pdf"
    out.write_bytes(reference.render(reference.facts(players=3, mode="basic")))
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p*.png"))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    if shutil.which("pdffonts"):
        listing = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True).stdout
        assert "Helvetica" not in listing


def test_the_expansion_board_and_its_sections():
    """With Joinery and Buildings the path has 22 locations (R23) and the reference says what the new ones give."""
    import helpers

    from lignum_companion.engine import new_game

    g = new_game(helpers.make_setup(3, mode="advanced", expansion="joinery"))
    f = reference.facts(g)
    rows = {loc: what for loc, what, _ in reference.path_rows(f)}
    assert len(rows) == g.board.last + 1
    assert rows[str(g.board.loc("carpenter"))].startswith("take the carpenter")
    assert rows[str(g.board.loc("buildings"))].startswith("take one face-up building")
    assert rows[str(g.board.loc("market"))].startswith("market")
    pages = pdf_text(reference.render(f))
    assert len(pages) == 1 and "Joinery and Buildings" in pages[0] and "Carpenters: each earns $1" in pages[0]
