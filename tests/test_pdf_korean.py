"""The score sheet of a Korean game: Korean labels, Hangul names, every font embedded, on any machine."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from lignum_companion.engine import score
from lignum_companion.gamefile import store as gamefile
from lignum_companion.printables import score_sheet as pdf
from lignum_companion.texts import catalog as texts

sys.path.insert(0, str(Path(__file__).parent))
import gamegen  # noqa: E402

NAMES = ("김민준", "Zoë", "Łukasz-Ångström", "이서연")
KO = texts.load("scoresheet", "ko")["labels"]


@pytest.fixture(scope="module")
def korean_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ko")
    gf, g = gamegen.play(seed=3, names=NAMES, mode="advanced")
    path = folder / "korean.lignum"
    gf = gamefile.parse_text(gamefile.render(gf).replace("\nstart\n", "\nlang ko\nstart\n", 1))
    gamefile.save(gf, path)
    return path, g


def _sheet(path: Path, out: Path, env_extra: dict[str, str], tmp_path: Path) -> bytes:
    import os

    env = {**os.environ, **env_extra}
    env.pop("LIGNUM_LANG", None)
    done = subprocess.run([sys.executable, "-m", "lignum_companion", "score", str(path), "--pdf", str(out)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def test_a_korean_game_prints_a_korean_sheet_with_names_and_totals(korean_game, tmp_path):
    path, g = korean_game
    data = _sheet(path, tmp_path / "sheet.pdf", {"LANG": "en_US.UTF-8"}, tmp_path)  # the game's `lang ko` wins
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
    flat = re.sub(r"\s+", "", pages[0])
    assert re.sub(r"\s+", "", KO["title"]) in flat and re.sub(r"\s+", "", KO["standings"]) in flat
    for row in score(g)["players"]:
        place = KO["places"][row["place"] - 1] + (f" ({KO['shared']})" if row["shared"] else "")
        assert re.search(r"\s*".join(map(re.escape, (place, row["name"], pdf.money(row["total"])))), pages[0]), row
    for name in NAMES:
        assert name in pages[1]


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="poppler's pdffonts is not installed")
def test_pdffonts_lists_every_font_as_embedded(korean_game, tmp_path):
    path, _ = korean_game
    out = tmp_path / "sheet.pdf"
    _sheet(path, out, {}, tmp_path)
    listing = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    rows = listing.splitlines()[2:]
    assert rows, listing
    for row in rows:
        assert re.split(r"\s+", row.strip())[-5] == "yes", f"not embedded: {row}"  # the `emb` column
    assert "Helvetica" not in listing


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler's pdftoppm is not installed")
def test_pdftoppm_renders_the_hangul_without_complaint(korean_game, tmp_path):
    path, _ = korean_game
    out = tmp_path / "sheet.pdf"
    _sheet(path, out, {}, tmp_path)
    done = subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "rror" not in done.stderr, done.stderr
    png = next(tmp_path.glob("p*.png"))
    assert png.stat().st_size > 5000


def test_the_shipped_fonts_have_every_letter_of_every_template_in_both_weights():
    """Whatever a template says (labels, reminders, the rules lookup, in both languages) can be drawn with the
    shipped fonts alone, regular and bold, and every Hangul syllable a name may hold is there too."""
    root = Path(__file__).resolve().parents[1] / "templates"
    shown = {ch for p in root.rglob("*.toml") for ch in p.read_text(encoding="utf-8") if ch.isprintable()}
    shown |= {chr(cp) for cp in range(0xAC00, 0xD7A4)} | set("ÀéßŁłŐőŸžȘșΣωПёẞ€")
    fonts = pdf.Fonts({**pdf.template()["fonts"], "folders": []})
    for bold in (False, True):
        missing = sorted(ch for ch in shown if not ch.isspace() and not fonts._font_in(bold, ord(ch)))
        assert not missing, (bold, missing)
