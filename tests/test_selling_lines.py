"""Selling in several lines (issue 29 §4, R11 amended): a player sells in as many entries as they like during
their selling step; their drying shift happens when their own drying starts (their first drying entry, their
`done`, a drying hut after a sale, or their step closing, R24). Old files replay unchanged, and the example games
with every multi-piece sale split into one line per piece replay to the same finals."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import PATHS, fix, forward, play, player, start

from lignum_companion.engine import Game, apply, make, new_game, parse
from lignum_companion.engine.pieces import total
from lignum_companion.gamefile import store as gamefile

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def split_sale(g: Game, line: str) -> list[str]:
    """A work round's `sell` of several pieces as one line per piece; the third drying area, which R12 sells
    whole, goes with the first line."""
    a = parse(line, g.board)
    if a.verb != "sell" or a.player is None or g.step_of(g.player_index(a.player) or 0) not in ("selling",):
        return [line]
    if g.round > 8 or sum(total(b) for b in a.args["from"].values()) <= 1:
        return [line]
    out: list[dict[str, dict[str, int]]] = []
    must = a.args["from"].get("dry3")
    for area, bag in a.args["from"].items():
        if area == "dry3":
            continue
        for piece, n in bag.items():
            out += [{area: {piece: 1}} for _ in range(n)]
    if must:
        if out:
            out[0]["dry3"] = dict(must)
        else:
            out = [{"dry3": dict(must)}]
    return [make(a.player, "sell", {"from": f}, g.board).text for f in out]


def replay_split(name: str) -> tuple[Game, int]:
    gf = gamefile.load(EXAMPLES / name)[0]
    g = new_game(gf.setup)
    split = 0
    for line in gf.actions:
        lines = split_sale(g, line.text)
        split += len(lines) > 1
        for one in lines:
            apply(g, parse(one, g.board))
    return g, split


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.lignum")))
def test_every_multi_piece_sale_split_into_one_line_per_piece_replays_to_the_same_final(name: str) -> None:
    whole = gamefile.load(EXAMPLES / name)[1]
    g, split = replay_split(name)
    assert g.over and whole.over
    assert [(p.name, p.money, p.loans, p.debt) for p in g.players] == \
        [(p.name, p.money, p.loans, p.debt) for p in whole.players]
    assert [p.wood for p in g.players] == [p.wood for p in whole.players]
    if name != "tactical-2p.lignum":
        assert split, "the example sells several pieces at once somewhere"


def at_selling():
    """anna in the selling step with firewood and softwood in the sale area and milled firewood in the first
    drying area."""
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "sale.F", 1), fix("anna", "sale.S", 1), fix("anna", "dry1.mF", 2),
         fix("ben", "sale.F", 1))
    forward(g, step="selling")
    return g


def test_a_second_sale_in_the_same_step_is_accepted_and_the_shift_waits_for_the_drying() -> None:
    g = at_selling()
    money = player(g, "anna").money
    play(g, None, "anna sell sale:F")
    assert g.step_of(0) == "selling"
    assert player(g, "anna").wood["dry1"] == {"mF": 2}  # no shift yet (R11)
    play(g, None, "anna sell sale:S")
    assert player(g, "anna").money == money + 3 + 4
    assert g.step_of(0) == "selling"
    play(g, None, "anna done")
    assert player(g, "anna").wood["dry2"] == {"mF": 2} and not player(g, "anna").wood["dry1"]


def test_the_first_drying_entry_starts_the_drying_with_its_shift() -> None:
    g = at_selling()
    play(g, None, "anna sell sale:F", "anna dry S")
    p = player(g, "anna")
    assert p.wood["dry2"] == {"mF": 2} and p.wood["dry1"] == {"S": 1} and not p.wood["sale"]


def test_selling_everything_ends_the_step_and_the_shift_happens_then() -> None:
    g = at_selling()
    play(g, None, "anna sell sale:F+S dry1:mF", "anna sell dry1:mF")
    p = player(g, "anna")
    assert g.step_of(0) != "selling" and not p.wood["dry1"] and not p.wood["dry2"]


def test_a_drying_hut_after_a_sale_starts_the_drying_as_before() -> None:
    """Old files: `anna sell ...` then `anna dryhut dry2:mF` moved the piece after the shift."""
    g = at_selling()
    play(g, None, fix("anna", "drying-hut", 1), "anna sell sale:F", "anna dryhut dry2:mF")
    p = player(g, "anna")
    assert p.wood["dry3"] == {"mF": 1} and p.wood["dry2"] == {"mF": 1}


def test_a_drying_hut_before_any_sale_moves_the_piece_before_the_shift() -> None:
    g = at_selling()
    play(g, None, fix("anna", "drying-hut", 1), "anna dryhut dry1:mF", "anna sell sale:F", "anna done")
    p = player(g, "anna")
    assert p.wood["dry3"] == {"mF": 1} and p.wood["dry2"] == {"mF": 1}


def test_the_next_round_closes_a_selling_step_left_open_and_shifts() -> None:
    g = at_selling()
    play(g, None, "anna sell sale:F")
    forward(g, round=2, step="path")
    assert player(g, "anna").wood["dry2"] == {"mF": 2}


def test_strict_order_passes_on_after_a_first_sale() -> None:
    g = start(2, strict=True).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "sale.F", 2), fix("ben", "sale.S", 1))
    forward(g, step="selling")
    first = g.players[g.turn].name
    other = "ben" if first == "anna" else "anna"
    kind = "F" if first == "anna" else "S"
    play(g, None, f"{first} sell sale:{kind}")
    play(g, None, f"{other} sell sale:{'S' if kind == 'F' else 'F'}")
    assert player(g, other).money > 0
