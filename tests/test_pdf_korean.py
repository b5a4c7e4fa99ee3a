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

    env = {**os.environ, "LIGNUM_FONT_CACHE": str(tmp_path / "cache"), **env_extra}
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


def test_packaged_fonts_draw_hangul_bold_and_regular_from_the_cache(tmp_path, monkeypatch):
    """Without any system font the packaged Noto fonts are cut to the letters; a second sheet reuses the glyphs
    drawn for the first (the cache folder), and both weights exist."""
    monkeypatch.setenv("LIGNUM_FONT_CACHE", str(tmp_path))
    conf = {**pdf.template()["fonts"], "folders": []}
    fonts = pdf.Fonts(conf)
    runs = fonts.runs("Zoë 김민준 Σωκράτης Пётр", bold=True)
    assert "".join(t for _, t in runs) == "Zoë 김민준 Σωκράτης Пётр"
    hangul = fonts.font_of("김", bold=True)
    assert hangul.startswith("Lig-cjk-700") and fonts.font_of("김").startswith("Lig-cjk-400")
    assert fonts.font_of("Σ").startswith("Lig-latin-400") and fonts.font_of("П", bold=True).startswith("Lig-latin-700")
    assert list(tmp_path.glob("glyphs-*.pickle"))
