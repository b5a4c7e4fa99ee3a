"""What a whole-game tryout of `lignum play` still found (the table typing every move, 80 columns): each checked on
the examples' own lines piped into play, as `benchmarks/bench_screen.py --typed` does, or on a short game."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from play_helpers import run_session

from lignum_companion.texts import catalog as texts

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@cache
def typed_game(name: str, folder: str) -> str:
    """The transcript of play fed an example's action lines one answer each, on a new file with its header."""
    lines = (EXAMPLES / f"{name}.lignum").read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    body = [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]
    path = Path(folder) / f"{name}.lignum"
    path.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    texts.choose("en")
    try:
        code, out = run_session(path, body, seed="7")
    finally:
        texts.choose(None)
    assert code == 0, out[-2000:]
    return out


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("typed")
    return {name: typed_game(name, str(folder)) for name in ("expert-4p", "tactical-2p")}


def rounds(out: str) -> list[str]:
    """The transcript cut at each season's heading."""
    return re.split(r"(?m)^=== ", out)


def test_a_warning_is_said_once_a_round_while_its_figures_stay(games: dict[str, str]) -> None:
    """The sawing area's wait for a saw was said at each step's prompt, 5-6 times a round."""
    for name, out in games.items():
        for part in rounds(out):
            said = [" ".join(w.split()) for w in re.findall(r"(?m)^  ⚠ .*(?:\n    .*)*", part)]
            again = {w for w in said if said.count(w) > 1}
            assert not again, (name, part[:60], again)


def test_the_new_seasons_automatic_moves_come_under_its_heading(games: dict[str, str]) -> None:
    """Overtime's hardwood and the planned work acting (R20) were said above the season's heading, after the
    recap of the season before."""
    acting = re.findall(r"(?m)^  Automatic: planned work acting in (\w+) of year (\d)", games["expert-4p"])
    assert acting
    for part in rounds(games["expert-4p"])[1:]:
        heading = re.match(r"(\w+), year (\d)", part)
        if heading is None:  # the final scores
            continue
        for season, year in re.findall(r"(?m)^  Automatic: planned work acting in (\w+) of year (\d)", part):
            assert (season.capitalize(), year) == heading.groups(), part[:300]
        recap = part.find("Money after")
        for line in re.findall(r"(?m)^.*\(Overtime, R20\)", part):  # said with the plan acting, before the recap
            assert f"acting in {heading.group(1).lower()}" in part and part.index(line) < recap % len(part), part
