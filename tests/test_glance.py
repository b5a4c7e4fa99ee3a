"""`status` in the table mode, every mill at a glance (issue 32 §1): four players fit 38 rows of 80 columns in both
languages at every point of the example games; only what a player holds is said; `status NAME` gives one whole mill.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lignum_companion.engine import apply, parse
from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.texts.catalog import display_width, wrap
from lignum_companion.views.glance import status_lines

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.lignum"))
WIDTH, ROWS = 80, 38


def positions(every: int):
    """(example name, line number, game) at every `every`-th line of every example: each step of each season is
    met in some example."""
    for path in EXAMPLES:
        gf = gamefile.read(path)
        g = gamefile.replay(gamefile.drop_last(gf, len(gf.actions)))
        for k, line in enumerate(gf.actions):
            apply(g, parse(line.text, g.board))
            if k % every == 0:
                yield path.name, k + 1, g


def screen(g) -> list[str]:
    """The glance as the table mode prints it: each logical line wrapped to 80 columns, the rest indented."""
    return [row for line in status_lines(g) for row in wrap(line, WIDTH, "    ")]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_point_of_every_example_fits_38_rows_of_80_columns(lang: str) -> None:
    worst = (0, "")
    with texts.speaking(lang):
        for name, n, g in positions(7):
            rows = screen(g)
            assert all(display_width(r) <= WIDTH for r in rows), rows
            if len(rows) > worst[0]:
                worst = (len(rows), f"{name} after line {n}")
    assert 0 < worst[0] <= ROWS, f"{worst[0]} rows at {worst[1]}"


def test_only_what_is_held_is_said_and_every_area_by_its_name() -> None:
    gf = gamefile.read(ROOT / "examples" / "expert-4p.lignum")
    g = gamefile.replay(gamefile.drop_last(gf, len(gf.actions) - 175))  # the first winter's woodcutting
    with texts.speaking("en"):
        text = "\n".join(status_lines(g))
    nicole = g.players[0]
    assert nicole.wood["saw"] == {"H": 3} and "sawing area: 3 hardwood" in text
    assert "third drying area" not in text  # nobody holds anything there, so it is not named
    assert "(sawing)" not in text and "Sawing in winter of year 1" in text  # card names, never codes
    assert "john covered" in text and "harold 3 missing, $9" in text  # the coming winter, one line
    assert "`status nicole`" in text


def test_status_with_a_name_shows_that_mill_whole_and_the_glance_without(tmp_path: Path) -> None:
    game = tmp_path / "mid.lignum"
    lines = (ROOT / "examples" / "expert-4p.lignum").read_text(encoding="utf-8").splitlines()
    game.write_text("\n".join(lines[:200]) + "\n", encoding="utf-8")  # the first winter's woodcutting
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "LIGNUM_LANG": "en"}
    out = subprocess.run([sys.executable, "-m", "lignum_companion", "play", str(game)], capture_output=True, text=True,
                         input="status\nstatus john\nquit\n", env=env, timeout=120).stdout
    glance = out.split("> status\n", 1)[1].split("> status john", 1)[0]
    assert glance.count("\n") <= ROWS + 2 and "john: $24" in glance
    whole = out.split("> status john\n", 1)[1]
    assert "third drying area" in whole and "nicole" not in whole.split("Waiting for")[0]


def test_a_winter_already_paid_is_never_forecast_again() -> None:
    """basic-4p, line 156: cleo went through her first winter at her own pace (R24) and paid; the others still cut.
    The forecast (and so `status`, `next`, the travel menus) speaks only of those who have not paid (issue 32)."""
    from lignum_companion.engine import advice

    gf = gamefile.read(ROOT / "examples" / "basic-4p.lignum")
    g = gamefile.replay(gamefile.drop_last(gf, len(gf.actions) - 156))
    assert g.step_of(2) == "wend" and any(b["player"] == 2 and b["round"] == g.round for b in g.winter_bills)
    assert advice.forecast(g, 2) is None
    assert [f.player for f in advice.forecasts(g)] == ["anna", "ben", "dan"]
    with texts.speaking("en"):
        winter = [line for line in status_lines(g) if line.startswith("Coming winter")]
    assert len(winter) == 1 and "cleo" not in winter[0] and "anna 2 missing, $6" in winter[0]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", [80, 60])
def test_the_line_under_the_prompt_is_never_cut(lang: str, width: int) -> None:
    """The toolbar chooses the richest of its forms that fits (issue 32: "waiting for nina (transp" at 80 columns):
    at 80 columns the turn's money and whom the game waits for are always there, by name."""
    from lignum_companion.engine import flow
    from lignum_companion.views.glance import toolbar_forms

    richest = 0
    with texts.speaking(lang):
        for _, _, g in positions(5):
            forms = toolbar_forms(g)
            shown = next((f for f in forms if display_width(f) <= width - 1), None)
            assert shown is not None, forms[-1]
            richest += shown == forms[0]
            if width == 80 and not g.over and flow.actors(g):
                wait = [p for p in g.players if p.name in shown]
                assert wait, shown  # a name is always there: whose turn, or whom the game waits for
    assert richest > 0


def _heads_whole(line: str, rows: list[str]) -> list[str]:
    """The heads of a glance line's items (a label and the first thing listed, up to a comma) not found whole on
    one row."""
    flat = [" ".join(r.split()) for r in rows]
    heads = [" ".join(item.partition(", ")[0].split()) for item in line.split(" · ")]
    return [h for h in heads if not any(h in r for r in flat)]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_glance_line_breaks_between_items_never_inside_one(lang: str) -> None:
    """Issue 32 §1: a Korean table read `벌목` / `영역 6` and `5: 장작` / `2개` in `status`. An item's head stays
    on one row; a line breaks after a '·' (or after the comma of an item that lists several)."""
    with texts.speaking(lang):
        for name, n, g in positions(5):
            for line in status_lines(g):
                if " · " in line:
                    rows = wrap(line, WIDTH, "    ")
                    assert not _heads_whole(line, rows), (name, n, rows)


def test_lignum_show_wraps_the_glance_as_play_does(tmp_path: Path) -> None:
    """`lignum show` at 80 columns in Korean: the areas' line of basic-3p's first round kept `벌목 영역 1` and each
    `N: 장작 2개` whole only by luck; a line's rest goes on four columns in, apart from a player's wood line."""
    game = tmp_path / "mid.lignum"
    lines = (ROOT / "examples" / "advanced-3p.lignum").read_text(encoding="utf-8").splitlines()
    game.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "LIGNUM_LANG": "ko"}
    out = subprocess.run([sys.executable, "-m", "lignum_companion", "show", str(game)], capture_output=True,
                         text=True, env=env, timeout=120).stdout.splitlines()
    areas = next(i for i, r in enumerate(out) if r.startswith("벌목 영역 1"))
    end = next(i for i in range(areas + 1, len(out)) if not out[i].startswith("    "))
    rows = out[areas:end]
    assert len(rows) > 1 and not _heads_whole(" ".join(r.strip() for r in rows), rows), rows
    assert all(display_width(r) <= WIDTH for r in out)
    tom = next(i for i, r in enumerate(out) if r.startswith("tom: "))
    assert out[tom + 1].startswith("    ") and out[tom + 2].startswith("  목재더미:"), out[tom:tom + 3]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_warnings_hint_names_a_player_who_has_warnings(lang: str) -> None:
    """The tryout's `Warnings now: harold 1 (`status nicole` ...)` sent the table to a mill with nothing to say."""
    from lignum_companion.engine import advice

    met = 0
    with texts.speaking(lang):
        for _, _, g in positions(3):
            warned = {a.player for a in advice.warnings(g)}
            if not warned or g.players[0].name in warned or g.over:
                continue
            met += 1
            hint = status_lines(g)[-1]
            named = [p.name for p in g.players if f"status {p.name}`" in hint]
            assert named and named[0] in warned, hint
    assert met, "no point of the examples had warnings only for a player after the first"
