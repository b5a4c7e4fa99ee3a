"""The PDF score sheet: its text against the engine's score, every example game, scripts beyond Latin, the
provisional mark, the ledger's arithmetic, paper sizes, the refusals that leave nothing behind, and a render.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from lignum_companion.engine import data as D
from lignum_companion.engine import score
from lignum_companion.gamefile import store as gamefile
from lignum_companion.printables import score_sheet as pdf
from lignum_companion.system import atomic

sys.path.insert(0, str(Path(__file__).parent))
import gamegen  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.lignum"))
LABELS = pdf.template()["labels"]
HANGUL = ["김민준", "Zoë", "Łukasz-Ångström", "이서연"]


def pages_text(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def place_label(row: dict) -> str:
    text = LABELS["places"][row["place"] - 1]
    return f"{text} ({LABELS['shared']})" if row["shared"] else text


def assert_standings(text: str, result: dict) -> None:
    """Each player's place, name and total stand together in the standings (R22: shared places said)."""
    for row in result["players"]:
        line = r"\s*".join(re.escape(x) for x in (place_label(row), row["name"], pdf.money(row["total"])))
        assert re.search(line, text), f"standings line for {row['name']} missing: {line}"


GENERATED = {
    "basic-2p": dict(seed=11, names=("anna", "ben"), mode="basic"),
    "advanced-3p": dict(seed=12, names=("anna", "ben", "cleo"), mode="advanced"),
    "expert-4p": dict(seed=13, names=("anna", "ben", "cleo", "dan"), mode="expert"),
    "planned-4p-tactical": dict(seed=14, names=("anna", "ben", "cleo", "dan"), mode="planned",
                                variants=("tactical",)),
    "corrected-2p": dict(seed=15, names=("anna", "ben"), mode="basic",
                         fixes={30: "fix ben money +2 paid twice at the market", 60: "fix anna food +1 not taken",
                                9999: "fix anna money +1 counted after the end"}),
}


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict:
    """Seeded random finished games, each saved and read back as a file."""
    folder = tmp_path_factory.mktemp("games")
    out = {}
    for name, kw in GENERATED.items():
        gf, g = gamegen.play(**kw)
        gf = gamegen.save(gf, folder / f"{name}.lignum")
        out[name] = (gf, gamefile.replay(gf))
    return out


@pytest.fixture(scope="module")
def sheets(games) -> dict:
    return {name: pdf.render(gf, g) for name, (gf, g) in games.items()}


def check_sheet(name: str, g, data: bytes) -> None:
    """Two pages; standings with every name, place and total; the ledger names each player and total."""
    pages = pages_text(data)
    result = score(g)
    assert len(pages) == 2, name
    assert_standings(pages[0], result)
    for row in result["players"]:
        assert pdf.money(row["total"]) in pages[1], (name, row["name"])  # the ledger's final row
        assert row["name"] in pages[1]
    winners = [r["name"] for r in result["players"] if r["place"] == 1]
    if g.over:
        assert "PROVISIONAL" not in "".join(pages), name
        word = "Winner:" if len(winners) == 1 else "Shared first place:"
        assert word in pages[0], name
    else:
        assert all("PROVISIONAL" in t for t in pages), name


def test_generated_games_are_finished(games):
    for name in GENERATED:
        assert games[name][1].over, name


def test_generated_sheets_hold_names_totals_places(games, sheets):
    for name, (_gf, g) in games.items():
        check_sheet(name, g, sheets[name])


@pytest.mark.skipif(not EXAMPLES, reason="no examples/*.lignum yet")
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_sheet_matches_score_json(path, tmp_path):
    """For every example game: the sheet written by `lignum score --pdf` holds the totals and places that
    `lignum score --json` prints, and the names."""
    out = tmp_path / f"{path.stem}.pdf"
    proc = subprocess.run([sys.executable, "-m", "lignum_companion", "score", str(path), "--json", "--pdf", str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    pages = pages_text(out.read_bytes())
    assert_standings(pages[0], result)
    gf, g = gamefile.load(path)
    assert [r["total"] for r in score(g)["players"]] == [r["total"] for r in result["players"]]
    check_sheet(path.name, g, out.read_bytes())


def test_breakdown_shows_each_part_of_the_total(games, sheets):
    gf, g = games["expert-4p"]
    text = " ".join(pages_text(sheets["expert-4p"])[0].split())  # labels may wrap in their cells
    result = score(g)
    for label in ("money", "final_sale", "river", "tasks", "loans", "debt", "total"):
        assert LABELS[label] in text, label
    for area in D.SALE_AREAS:
        assert LABELS["area"][area] in text
    assert "+$1 a piece" in text and "+$2 a piece" in text  # R10 bonuses named
    for row in result["players"]:
        for t in row["tasks"]:
            if not t["complete"]:
                assert f"{t['id']} unfinished (${t['value']}): pays $0" in text
        if row["loans"]:
            assert f"{row['loans']} × loan: -${row['loan_repayment']}" in text
        if row["debt"]:
            assert f"-${row['debt']}" in text


def test_corrections_are_flagged_on_both_pages(games, sheets):
    gf, g = games["corrected-2p"]
    pages = pages_text(sheets["corrected-2p"])
    anna, ben = g.players
    assert any("paid twice at the market" in c for c in ben.corrections)
    for p in (anna, ben):
        for c in p.corrections:
            flat = " ".join(pages[0].split())
            assert f"⚠ {c}" in flat, c
            assert f"Corrections: {c}" in " ".join(pages[1].split())
    assert "Corrections" in pages[1]  # the ledger's column for money corrections


def test_ledger_rows_add_up_to_money_and_total(games):
    """Start + every season's net = money before the final sale; each row ends on that season's money."""
    for name, (gf, g) in games.items():
        sheet = pdf._Sheet(gf, g, pdf.paper_size("A4"), pdf.default_fonts(), None)
        for row in sheet.result["players"]:
            p = g.players[g.player_index(row["name"])]
            rows = sheet._ledger_of(row)
            money = sheet._start_money(p)
            assert money == gf.setup.start_money
            for i, (label, by, end, final) in enumerate(rows):
                if final:
                    assert end == row["total"]
                    assert money + sum(by.values()) == row["total"], (name, p.name)
                    continue
                money += sum(by.values())
                assert end == money, (name, p.name, label)
                if i < len(p.season_money):
                    assert end == p.season_money[i]
            assert money == p.money


def test_provisional_on_every_page(tmp_path):
    gf, g = gamegen.play(seed=21, names=("anna", "ben", "cleo"), mode="advanced", stop_after=60)
    assert not g.over
    pages = pages_text(pdf.render(gf, g))
    assert len(pages) == 2
    for text in pages:
        assert "PROVISIONAL: the game is not over" in text
    assert "Leading so far:" in pages[0] or "Sharing the lead so far" in pages[0]
    assert_standings(pages[0], score(g))


def test_provisional_at_the_very_start():
    """Before any action both players hold their starting money: a shared lead, said as such (R22)."""
    gf, g = gamegen.play(seed=22, names=("anna", "ben"), stop_after=0)
    pages = pages_text(pdf.render(gf, g))
    assert all("PROVISIONAL" in t for t in pages)
    assert_standings(pages[0], score(g))
    assert "Sharing the lead so far: anna and ben, $5 each." in " ".join(pages[0].split())
    assert pages[0].count("1st (shared)") >= 2


def test_tie_for_first_is_a_shared_place():
    """A correction after the end evens the totals: the sheet names a shared first place and no winner (R22)."""
    gf, g = gamegen.play(seed=11, names=("anna", "ben", "cleo"))
    rows = {r["name"]: r["total"] for r in score(g)["players"]}
    top, low = max(rows, key=rows.get), min(rows, key=rows.get)
    gf, g = gamegen.play(seed=11, names=("anna", "ben", "cleo"),
                         fixes={9999: f"fix {low} money +{rows[top] - rows[low]} evened for the test"})
    result = score(g)
    assert [r["place"] for r in result["players"]][:2] == [1, 1]
    text = " ".join(pages_text(pdf.render(gf, g))[0].split())
    assert "Shared first place:" in text and "Winner:" not in text
    assert_standings(text, result)


@pytest.mark.parametrize("machine_fonts", [True, False], ids=["machine-fonts", "shipped-fonts-only"])
def test_hangul_and_accented_names_are_text_in_embedded_fonts(machine_fonts):
    """Names in Hangul and with accents come back from text extraction, and every font is embedded; the shipped
    Noto fonts draw them whether or not the machine has fonts of its own."""
    gf, g = gamegen.play(seed=3, names=HANGUL, mode="advanced")
    conf = dict(pdf.template()["fonts"])
    if not machine_fonts:
        conf["folders"] = []
    fonts = pdf.Fonts(conf)
    data = pdf.render(gf, g, fonts=fonts)
    pages = pages_text(data)
    for name in HANGUL:
        assert name in pages[0]
        assert name in pages[1]
    assert_standings(pages[0], score(g))
    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(str(font["/BaseFont"]).partition("+")[2])
            descendants = font.get("/DescendantFonts") or [font]
            for f in descendants:
                descriptor = f.get_object()["/FontDescriptor"].get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
    hangul = {"NotoSans-Regular", "NotoSans-Bold", "NotoSansKR-Regular", "NotoSansKR-Bold"}
    assert hangul <= names <= hangul | {"NotoSansKRSigns-Regular", "NotoSansKRSigns-Bold"}, names


def test_shipped_fonts_first_machine_fonts_only_for_letters_they_lack(tmp_path):
    """The shipped fonts draw every letter they have, so a sheet looks the same on every machine; a letter
    they lack is looked for in the machine's fonts named under `extra` (here a folder holding a copy of the
    Korean font stands in for the machine, with only the Latin font shipped)."""
    shutil.copy(pdf.FONT_FOLDER / "NotoSansKR-Regular.ttf", tmp_path / "Machine-KR.ttf")  # a Hangul font
    conf = {"regular": ["NotoSans-Regular.ttf"], "bold": ["NotoSans-Bold.ttf"], "folders": [str(tmp_path)],
            "extra": ["machine-kr.ttf"]}  # file names are matched whatever their case
    fonts = pdf.Fonts(conf)
    assert fonts.font_of("a") == "Lig-NotoSans-Regular" and fonts.font_of("a", bold=True) == "Lig-NotoSans-Bold"
    assert fonts.font_of("김") == "Lig-Machine-KR" and fonts.font_of("김", bold=True) == "Lig-Machine-KR"
    assert not fonts.covers("王")  # neither has Chinese characters: the sheet would show a box, so it is asked
    without = pdf.Fonts({**conf, "folders": []})
    assert without.font_of("김") == without.regular and not without.covers("김")


def test_the_correction_flag_is_worded_when_no_font_has_the_sign(games):
    """With only the Latin font (no ⚠ in it), a corrected season is flagged with the plain '(!)' instead."""
    gf, g = games["corrected-2p"]
    shipped = pages_text(pdf.render(gf, g))[0]
    latin = pdf.Fonts({"regular": ["NotoSans-Regular.ttf"], "bold": ["NotoSans-Bold.ttf"], "folders": []})
    flat = " ".join(pages_text(pdf.render(gf, g, fonts=latin))[0].split())
    assert "⚠" in shipped and "(!) round" in flat and "⚠" not in flat
    assert_standings(flat, score(g))


def test_a_missing_shipped_font_is_one_clear_refusal(games, tmp_path):
    """A damaged installation (a shipped font file gone) says which file and what to do, and writes nothing."""
    with pytest.raises(pdf.ExportError, match=r"NoSuch-Regular\.ttf.*reinstall"):
        pdf.Fonts({**pdf.template()["fonts"], "regular": ["NoSuch-Regular.ttf"]})
    (tmp_path / "empty.ttf").write_bytes(b"")  # present but unreadable counts as missing too
    with pytest.raises(pdf.ExportError, match="empty.ttf"):
        pdf.Fonts({**pdf.template()["fonts"], "bold": [str(tmp_path / "empty.ttf")]})


def test_font_switch_runs():
    fonts = pdf.default_fonts()
    runs = fonts.runs("Zoë김민준x")
    assert "".join(t for _, t in runs) == "Zoë김민준x"
    latin, korean = "Lig-NotoSans-Regular", "Lig-NotoSansKR-Regular"
    assert runs == [(latin, "Zoë"), (korean, "김민준"), (latin, "x")]
    assert fonts.runs("→ Σωκράτης Пётр ⚠", bold=True) == [
        ("Lig-NotoSansKRSigns-Bold", "→"), ("Lig-NotoSans-Bold", " Σωκράτης Пётр "), ("Lig-NotoSansKRSigns-Bold", "⚠")]
    assert fonts.one_font("시작봄1$-0") == "Lig-NotoSansKR-Regular"  # a chart axis: Hangul and digits in one font
    assert fonts.runs("e\u0301")[0][1] == "é"  # decomposed accents are composed before drawing


def test_long_names_keep_two_pages_and_appear_whole():
    long = "A" * 80
    names = (long, "Bartholomew-Fitzgerald-Montgomery-Wellington", "c", "dan")
    gf, g = gamegen.play(seed=5, names=names, mode="expert")
    pages = pages_text(pdf.render(gf, g, pagesize=pdf.paper_size("letter")))
    assert len(pages) == 2
    for name in names:
        assert name in re.sub(r"\s+", "", pages[0])
        assert name in re.sub(r"\s+", "", pages[1])


def test_paper_sizes():
    gf, g = gamegen.play(seed=11, names=("anna", "ben"))
    for paper, size in (("A4", (595.3, 841.9)), ("letter", (612.0, 792.0)), ("LETTER", (612.0, 792.0))):
        box = PdfReader(io.BytesIO(pdf.render(gf, g, pagesize=pdf.paper_size(paper)))).pages[0].mediabox
        assert (round(float(box.width), 1), round(float(box.height), 1)) == size
    with pytest.raises(pdf.ExportError, match="unknown paper 'A3'"):
        pdf.paper_size("A3")


# --- writing the file -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_game():
    return gamegen.play(seed=11, names=("anna", "ben"))


def test_export_writes_whole_file_and_no_temp(tmp_path, small_game):
    gf, g = small_game
    out = tmp_path / "score.pdf"
    pdf.export(gf, g, str(out), force=False, paper="A4")
    assert out.read_bytes().startswith(b"%PDF") and out.read_bytes().rstrip().endswith(b"%%EOF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["score.pdf"]
    assert out.stat().st_mode & 0o044  # readable by others, like any file the user saves


def test_existing_file_needs_force(tmp_path, small_game):
    gf, g = small_game
    out = tmp_path / "score.pdf"
    out.write_bytes(b"keep me")
    with pytest.raises(pdf.ExportError, match="already exists; add --force"):
        pdf.export(gf, g, str(out), force=False, paper="A4")
    with pytest.raises(pdf.ExportError, match="is not a PDF; --force replaces only an earlier PDF"):
        pdf.export(gf, g, str(out), force=True, paper="A4")  # issue 24 item 2: only a PDF is replaced
    assert out.read_bytes() == b"keep me"
    out.write_bytes(b"%PDF-1.4 an earlier sheet")
    pdf.export(gf, g, str(out), force=True, paper="letter")
    assert out.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["score.pdf"]


def test_folder_and_missing_folder_refused(tmp_path, small_game):
    gf, g = small_game
    with pytest.raises(pdf.ExportError, match="is a folder"):
        pdf.export(gf, g, str(tmp_path), force=True, paper="A4")
    with pytest.raises(pdf.ExportError, match="does not exist"):
        pdf.export(gf, g, str(tmp_path / "nope" / "s.pdf"), force=False, paper="A4")
    (tmp_path / "file").write_text("x")
    with pytest.raises(pdf.ExportError, match="is not a folder"):
        pdf.export(gf, g, str(tmp_path / "file" / "s.pdf"), force=False, paper="A4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_unwritable_folder_refused(tmp_path, small_game, monkeypatch):
    gf, g = small_game
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        if os.access(ro, os.W_OK):  # root writes anywhere: make the OS say no instead
            def refuse(*a, **k):
                raise PermissionError(13, "Permission denied")
            monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
        with pytest.raises(pdf.ExportError, match=r"cannot write .*(not writable|Permission denied)"):
            pdf.export(gf, g, str(ro / "s.pdf"), force=False, paper="A4")
    finally:
        ro.chmod(0o700)
    assert list(ro.iterdir()) == []


def test_failure_while_writing_leaves_nothing(tmp_path, small_game, monkeypatch):
    gf, g = small_game
    out = tmp_path / "score.pdf"
    out.write_bytes(b"%PDF-1.4 old")

    def broken(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    monkeypatch.setattr(atomic, "exchange", broken)
    with pytest.raises(pdf.ExportError, match="No space left"):
        pdf.export(gf, g, str(out), force=True, paper="A4")
    assert out.read_bytes() == b"%PDF-1.4 old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["score.pdf"]


def test_cli_score_pdf(tmp_path, small_game):
    gf, g = small_game
    game = tmp_path / "g.lignum"
    gamefile.save(gf, game)
    out = tmp_path / "s.pdf"

    def run(*args):
        return subprocess.run([sys.executable, "-m", "lignum_companion", "score", str(game), *args],
                              capture_output=True, text=True, env={**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path)})

    first = run("--pdf", str(out), "--paper", "letter")
    assert first.returncode == 0, first.stderr
    assert f"score sheet written to {out}" in first.stdout
    assert round(float(PdfReader(out).pages[0].mediabox.width)) == 612
    again = run("--pdf", str(out))
    assert again.returncode == 1 and "already exists; add --force" in again.stderr
    bad = run("--pdf", str(out), "--force", "--paper", "A5")
    assert bad.returncode == 1 and "unknown paper" in bad.stderr
    assert run("--pdf", str(out), "--force").returncode == 0
    assert round(float(PdfReader(out).pages[0].mediabox.width)) == 595


def test_module_imports_reportlab_lazily():
    code = ("import sys, lignum_companion.printables.score_sheet, lignum_companion.cli.app; "
            "assert 'reportlab' not in sys.modules")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_render_page_one_to_png(tmp_path):
    from PIL import Image

    gf, g = gamegen.play(seed=13, names=("anna", "ben", "cleo", "dan"), mode="expert")
    sheet = tmp_path / "s.pdf"
    pdf.export(gf, g, str(sheet), force=False, paper="A4")
    proc = subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(sheet), str(tmp_path / "p")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    png = next(tmp_path.glob("p*.png"))
    img = Image.open(png).convert("RGB")
    assert img.size[0] < img.size[1]  # portrait
    colours = {c for _, c in img.getcolors(maxcolors=1 << 24)}
    players = pdf.template()["colours"]["players"]
    for p in g.players:  # each player's colour is drawn (column bands, chart lines)
        want = tuple(int(players[p.colour][i:i + 2], 16) for i in (1, 3, 5))
        assert any(sum(abs(a - b) for a, b in zip(c, want, strict=True)) < 40 for c in colours), p.colour


def test_the_sheet_writes_money_as_the_glossary_says(games) -> None:
    """Money is `$N`, a debt `-$N` (GLOSSARY), the condensed ledger's cells signed and empty for no change; the
    sheet's standings show the totals in that form."""
    assert [pdf.money(n) for n in (0, 5, -25, 120)] == ["$0", "$5", "-$25", "$120"]
    assert [pdf.signed(n) for n in (0, 4, -3)] == ["", "+$4", "-$3"]
    gf, g = games["corrected-2p"]
    flat = " ".join(pages_text(pdf.render(gf, g))[0].split())
    for row in score(g)["players"]:
        total = row["total"]
        assert (f"-${-total}" if total < 0 else f"${total}") in flat, row
