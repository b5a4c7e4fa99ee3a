"""Seeded random games for the score-sheet tests and benchmark: legal play to the end (or to a chosen length).

The table's draws (path tokens, placement cards, task cards) are made up from the seed, and each player
picks a random legal action from the engine's candidates. The result is a game file and its replayed state,
so the sheet is tested on games the engine itself accepted line by line.
"""

from __future__ import annotations

import random

from lignum_companion.dev.simulate import table_action
from lignum_companion.engine import IllegalAction, Setup, apply, data, flow, new_game
from lignum_companion.engine.actions import Action
from lignum_companion.engine.legal import candidates
from lignum_companion.engine.state import Game
from lignum_companion.gamefile import store as gamefile
from lignum_companion.gamefile.store import GameFile

NAMES = ("anna", "ben", "cleo", "dan")


def play(seed: int, names: tuple[str, ...] | list[str] = NAMES[:2], mode: str = "basic",
         variants: tuple[str, ...] = (), stop_after: int | None = None,
         fixes: dict[int, str] | None = None) -> tuple[GameFile, Game]:
    """Play a seeded random game; `stop_after` N actions leaves it unfinished; `fixes` inserts
    correction lines (`fix NAME FIELD DELTA REASON`) before the action with that index."""
    rng = random.Random(seed)
    names = list(names)
    n = len(names)
    cards = (rng.sample(list(data.PLANNED_WORK), data.PLANNED_WORK_CARDS_LAID[n])
             if data.MODE_HAS_PLANNED_WORK[mode] else [])
    setup = Setup(players=names, order=rng.sample(names, n), areas=dict(zip(names, rng.sample(range(1, 7), n),
                                                                            strict=True)),
                  winter=[[rng.randint(3, 6), rng.randint(2, 4)], [rng.randint(4, 7), rng.randint(3, 5)]],
                  mode=mode, variants=list(variants), cards=cards)
    g = new_game(setup)
    log: list[str] = []
    fixes = dict(fixes or {})
    while not g.over and (stop_after is None or len(log) < stop_after):
        if len(log) in fixes:
            a = _parse_fix(fixes.pop(len(log)))
            apply(g, a)
            log.append(a.text)
            continue
        if len(log) > 5000:
            raise AssertionError("a random game ran too long")
        if flow.actor_kind(g) == "table":
            a = table_action(g, rng)
            apply(g, a)
            log.append(a.text)
            continue
        options = candidates(g)
        rng.shuffle(options)
        for a in options:
            try:
                apply(g, a)
            except IllegalAction:
                continue
            log.append(a.text)
            break
        else:
            raise AssertionError(f"no legal action at {flow.where(g)}")
    for text in fixes.values():  # corrections asked for after the end
        a = _parse_fix(text)
        apply(g, a)
        log.append(a.text)
    gf = gamefile.append(gamefile.new_file(setup), log)
    return gf, g


def _parse_fix(text: str) -> Action:
    from lignum_companion.engine import parse

    return parse(text)


def save(gf: GameFile, path) -> GameFile:
    """Write the game file (as `lignum` would) and read it back."""
    gamefile.save(gf, path)
    return gamefile.read(path)
