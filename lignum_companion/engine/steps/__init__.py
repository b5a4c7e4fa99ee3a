"""Every step of the game as one object (base.Step), in the order a round plays them, and what the engine asks
of the step a player or the table is in.

A work round (spring, summer, fall), a winter and the final sale each have their own list; a name may stand in
two lists with different objects (winter cutting takes no woodcutters, R13). flow.py and pace.py move the game
through these lists, legal.py asks a step for its candidate moves, advice.py for the warnings it says, and
views/game.py for its reminder; none of them branches on a step's name.
"""

from __future__ import annotations

from .. import data, events, rules
from ..state import Game
from .base import Candidate, Reminder, Step, StepName, bags_up_to
from .table import (
    AREA,
    BEGIN,
    END,
    MARK,
    OVER,
    PATH,
    PLACEMENT,
    REVEAL,
    SPLIT,
    WEND,
    WINTER,
    early_placement,
    placements_entered,
    placements_needed,
    task_target,
)
from .travel import TRAVEL
from .winter import BONUS, FEEDING, HEATING, RIVER
from .work import (
    ARRIVAL,
    CUTTING,
    DRYING,
    SAWING,
    SELLING,
    TASKS,
    TRANSPORT,
    WINTER_CUTTING,
    WINTER_TASKS,
    WINTER_TRANSPORT,
    card_could_cut,
    hut_could_act,
)

WORK_STEPS: tuple[Step, ...] = (BEGIN, PATH, REVEAL, PLACEMENT, MARK, AREA, SPLIT, TRAVEL, CUTTING, ARRIVAL,
                                TRANSPORT, SAWING, TASKS, SELLING, DRYING, END)
WINTER_STEPS: tuple[Step, ...] = (WINTER, PLACEMENT, BONUS, WINTER_CUTTING, WINTER_TRANSPORT, SAWING, WINTER_TASKS,
                                  FEEDING, HEATING, WEND)  # the tactical variant's spring cards first (R32)
FINAL_STEPS: tuple[Step, ...] = (RIVER, OVER)
PARTS: dict[str, tuple[Step, ...]] = {"work": WORK_STEPS, "winter": WINTER_STEPS, "final": FINAL_STEPS}
STEPS: dict[str, dict[str, Step]] = {part: {s.name: s for s in seq} for part, seq in PARTS.items()}
STEP_NAMES: tuple[StepName, ...] = tuple(dict.fromkeys(s.name for seq in PARTS.values() for s in seq))
NAMES: dict[str, tuple[str, ...]] = {part: tuple(s.key for s in seq) for part, seq in PARTS.items()}


def part(g: Game) -> str:
    """Which part of the game the round is in: 'work', 'winter' or 'final' (after the second winter)."""
    if g.round > data.ROUNDS:
        return "final"
    return "winter" if g.round % 4 == 0 else "work"  # Game.winter, without the property (a hot path)


def steps_of(g: Game) -> tuple[Step, ...]:
    return PARTS[part(g)]


def index(g: Game, name: str) -> int:
    """Where a step of this round's list stands in it."""
    return NAMES[part(g)].index(name)


_WORK, _WINTER, _FINAL = STEPS["work"], STEPS["winter"], STEPS["final"]


def named(g: Game, name: str) -> Step:
    """The step of that name in this round's list first (a hot path: dicts, no list building); `end`/`wend` have
    already moved the round on, so the other lists are asked next."""
    first = _FINAL if g.round > data.ROUNDS else (_WINTER if g.round % 4 == 0 else _WORK)  # Game.winter
    s = first.get(name) or _WORK.get(name) or _WINTER.get(name) or _FINAL.get(name)
    if s is None:  # pragma: no cover
        raise AssertionError(f"unknown step {name}")
    return s


def current(g: Game) -> Step:
    """The table's step (Game.step)."""
    return named(g, g.step)


def of_player(g: Game, pi: int) -> Step:
    """The step player `pi` is in: their own after woodcutting (R24), else the table's."""
    return named(g, g.step_of(pi))


def own_pace(g: Game, s: Step) -> bool:
    """R24: after woodcutting each player goes through the steps at their own pace, unless the game is strict."""
    return s.paced and not g.strict_order


def actor_kind(g: Game) -> str:
    """Who acts now: table | all | ordered | path | clearing | free (any order, R24) | auto."""
    s = current(g)
    if s.tactical_actor and g.tactical:
        return s.tactical_actor
    if own_pace(g, s):
        return "free"  # R24: only the woodcutting phase is bound to clearing order
    return s.actor


def turn_order(g: Game) -> list[int]:
    """Order of turns in the current step (R18, R21)."""
    return current(g).order(g)


def step_work(g: Game, pi: int) -> bool:
    """Whether the player has a move of their step left (huts aside)."""
    return of_player(g, pi).work(g, pi)


def optional_act(g: Game, pi: int) -> bool:
    """Something the player may still do in this step but need not: a hut (R24) or the Cutting card (R28)."""
    return of_player(g, pi).optional(g, pi)


def has_work(g: Game, pi: int) -> bool:
    """Whether the player has anything to do in this step; players with nothing are skipped."""
    s = of_player(g, pi)
    return s.work(g, pi) or s.optional(g, pi)


def binding_work(g: Game, pi: int) -> bool:
    """A move of a common step that the next entry may not pass over (R24): in woodcutting a cut by hired
    woodcutters (a stand-in's cut, by the mill worker or a hut, lapses like a hut's move); elsewhere any move."""
    s = of_player(g, pi)
    return (s.binding or s.work)(g, pi)


def skip_reason(g: Game, pi: int) -> str:
    """Why a player has nothing to do in their step, as a key the clients word (templates: skip_<key>)."""
    return of_player(g, pi).skip(g, pi)


def record_skip(g: Game, step: str, pi: int) -> None:
    """The skip of one player's step, with its reason; feeding and heating are settled by themselves (R14)."""
    why = skip_reason(g, pi)
    g.skips.append([g.round, step, pi, why])
    rec = events.sink(g)
    if rec is not None:
        rec.append(events.Skipped(player=pi, name=g.players[pi].name, step=step, why=why, rule="R24", auto=True))
    auto = named(g, step).auto
    if auto:
        n = len(rec) if rec is not None else 0
        rules.HANDLERS[auto[0]](g, pi, dict(auto[1]))
        if rec is not None:  # the bill settled by itself (R14): its events are automatic
            rec[n:] = [e.replaced(auto=True) for e in rec[n:]]


def reminder(g: Game, pi: int | None) -> Reminder:
    """The current step's reminder data, for player `pi` (None: the table, or everyone at once)."""
    return current(g).reminder(g, pi)


__all__ = [
    "Candidate", "FINAL_STEPS", "NAMES", "PARTS", "Reminder", "STEPS", "STEP_NAMES", "Step", "StepName",
    "WINTER_STEPS", "WORK_STEPS", "actor_kind", "bags_up_to", "binding_work", "card_could_cut", "current",
    "early_placement", "has_work", "hut_could_act", "index", "named", "of_player", "optional_act", "own_pace", "part",
    "placements_entered", "placements_needed", "record_skip", "reminder", "skip_reason", "step_work", "steps_of",
    "task_target", "turn_order",
]
