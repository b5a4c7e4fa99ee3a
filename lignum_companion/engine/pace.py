"""Each player's own pace after woodcutting (R24): the step each player is in, and how entries move them on.

After woodcutting nothing a player does touches another player's pieces, so a table plays transport, sawing,
tasks, selling, drying and every winter step at once. `Game.own_steps` holds each player's step (the step after
the segment once they are through); `Game.step` is the earliest of them, the one the table waits for. A player's
entry of a later step closes that player's earlier steps (optional moves lapse as after `done`); a move that is
not optional (MANDATORY) is named in the refusal instead. A table entry closes everyone's steps.
"""

from __future__ import annotations

from collections.abc import Callable

from . import data, flow, rules
from .actions import Action
from .errors import IllegalAction
from .state import Game

# --- the moves that do not lapse ----------------------------------------------------------------------------


def _river_arrives(g: Game, pi: int) -> IllegalAction | None:
    river = g.players[pi].wood["river"]
    return IllegalAction.keyed("must_receive", "R8", name=g.players[pi].name, value=dict(river)) if river else None


def _must_sell(g: Game, pi: int) -> IllegalAction | None:
    must = rules.must_sell(g.players[pi])
    return IllegalAction.keyed("must_sell_first", "R12", name=g.players[pi].name, value=must) if must else None


def _bonus(g: Game, pi: int) -> IllegalAction | None:
    return IllegalAction.keyed("must_bonus", "R13", name=g.players[pi].name)


def _winter_bill(g: Game, pi: int) -> IllegalAction | None:
    step = g.step_of(pi)
    if not flow.step_work(g, pi):
        return None
    return IllegalAction.keyed("must_pay", "R14", name=g.players[pi].name, step=step)


def _river_choice(g: Game, pi: int) -> IllegalAction | None:
    if not flow.step_work(g, pi):
        return None
    return IllegalAction.keyed("must_river", "R8", name=g.players[pi].name)


# step -> the refusal when the player still has a move there that must be made (None: nothing binding left).
# Steps not named here hold only optional moves (transport, sawing, tasks, drying, the winter cut).
MANDATORY: dict[str, Callable[[Game, int], IllegalAction | None]] = {
    "arrival": _river_arrives,  # R8: the river wood arrives; only its split is the player's
    "selling": _must_sell,  # R12: the third drying area is sold
    "bonus": _bonus,  # R13: every player takes the winter's bonus wood
    "feeding": _winter_bill,  # R14: a bill that needs wood sold waits for the player's choice
    "heating": _winter_bill,
    "river": _river_choice,  # R8: which river kind is sold at the end
}


def mandatory(g: Game, pi: int) -> IllegalAction | None:
    """The refusal naming a move of the player's step that cannot lapse, or None."""
    check = MANDATORY.get(g.step_of(pi))
    return check(g, pi) if check and flow.has_work(g, pi) else None


# --- the segment -----------------------------------------------------------------------------------------


def segment(g: Game) -> tuple[list[str], str]:
    """The own-pace steps around the table's step that apply in this round, and the step after them."""
    seq = flow.steps_of(g)
    names = [s.name for s in seq]
    i = names.index(g.step)
    a = i
    while a > 0 and flow.own_pace(g, seq[a - 1]):
        a -= 1
    b = i
    while b < len(seq) and flow.own_pace(g, seq[b]):
        b += 1
    return [s.name for s in seq[a:b] if s.when(g)], seq[b].name


def _index(steps: list[str], name: str) -> int:
    return steps.index(name) if name in steps else len(steps)


def start(g: Game, s: flow.Step) -> None:
    """The segment begins: every player is in its first step."""
    g.own_steps = [s.name] * len(g.players)
    if s.begin_player:
        for i in range(len(g.players)):
            s.begin_player(g, i)


def finished(g: Game, pi: int) -> bool:
    _, end = segment(g)
    return g.step_of(pi) == end


def open_players(g: Game) -> list[int]:
    """Players still in a step, the earliest step first, then clearing order (R18)."""
    steps, _ = segment(g)
    order = flow.turn_order(g)
    idx = [i for i in order if g.own_steps[i] in steps]
    return sorted(idx, key=lambda i: steps.index(g.own_steps[i]))


def _move_on(g: Game, pi: int, steps: list[str], end: str) -> None:
    k = _index(steps, g.own_steps[pi]) + 1
    g.own_steps[pi] = steps[k] if k < len(steps) else end
    if k < len(steps):
        s = flow._step_named(g, steps[k])
        if s.begin_player:
            s.begin_player(g, pi)


def _settle_player(g: Game, pi: int, steps: list[str], end: str) -> None:
    """Skip the player's steps in which they have nothing to do (recorded with the reason, R24)."""
    while g.own_steps[pi] != end and not flow.has_work(g, pi):
        flow.record_skip(g, g.own_steps[pi], pi)
        _move_on(g, pi, steps, end)


def settle(g: Game) -> bool:
    """Move every player past their empty steps; then the table's step, `acted` and `turn` follow. True when
    everyone is through (the segment is over and the game may move on)."""
    steps, end = segment(g)
    for i in flow.turn_order(g):
        _settle_player(g, i, steps, end)
    if all(s == end for s in g.own_steps):
        g.own_steps = []
        g.step = steps[-1]
        g.acted = list(range(len(g.players)))
        g.turn = None
        return True
    g.step = steps[min(_index(steps, s) for s in g.own_steps)]
    g.acted = [i for i, s in enumerate(g.own_steps) if s != g.step]
    g.turn = open_players(g)[0]
    return False


def finish(g: Game, pi: int) -> None:
    """The player is done with their step (a `done`, a step-ending move, or nothing left to do)."""
    steps, end = segment(g)
    if g.own_steps[pi] != end:
        _move_on(g, pi, steps, end)


def close_to(g: Game, pi: int, target: str) -> None:
    """Close the player's steps before `target`: optional moves lapse, empty steps are skipped as usual, and a
    move that must be made is refused by name (the caller keeps a copy to put back)."""
    steps, end = segment(g)
    while g.own_steps[pi] != target and g.own_steps[pi] != end:
        if flow.has_work(g, pi):
            binding = mandatory(g, pi)
            if binding is not None:
                raise binding
        else:
            flow.record_skip(g, g.own_steps[pi], pi)
        _move_on(g, pi, steps, end)


def close_all(g: Game) -> None:
    """Close everyone's steps of this segment (a table entry, or the next round's first entry)."""
    _, end = segment(g)
    for i in flow.turn_order(g):
        close_to(g, i, end)
    settle(g)


def close_for_table(g: Game) -> None:
    """Before a table entry: close every step that only optional moves keep open, for everyone (R24)."""
    for _ in range(4 * data.ROUNDS * len(g.players)):
        if g.over or flow.actor_kind(g) == "table":
            return
        if g.own_steps and flow.actor_kind(g) == "free":
            close_all(g)
        elif flow.actor_kind(g) in ("clearing", "free"):
            if any(flow.binding_work(g, i) for i in flow.actors(g)):
                return
            for i in flow.actors(g):
                flow.end_turn(g, i)
        else:
            return
        flow.advance(g)


# --- which step an entry belongs to ----------------------------------------------------------------------


def target(g: Game, pi: int, verb: str) -> str | None:
    """The player's step, or the first later step of the segment, whose verbs hold `verb` (`done`: their own
    step only); None when no step ahead of the player takes it."""
    steps, end = segment(g)
    here = g.step_of(pi)
    if here == end:
        return None
    k = _index(steps, here)
    for j in range(k, len(steps)):
        if verb in flow._step_named(g, steps[j]).verbs and (verb != "done" or j == k):
            return steps[j]
    return None


def passed_step(g: Game, pi: int, verb: str) -> str | None:
    """The latest step the player has already left whose verbs hold `verb` (not `done`), or None."""
    if verb == "done":
        return None
    steps, _ = segment(g)
    k = _index(steps, g.step_of(pi))
    return next((steps[j] for j in range(min(k, len(steps)) - 1, -1, -1)
                 if verb in flow._step_named(g, steps[j]).verbs), None)


def finished_refusal(g: Game, pi: int, action: Action, step: str) -> IllegalAction:
    """A move of a step the player has left: if a ruling would refuse the move anyway, that reason tells more
    (the furniture shop full, R23), else the step is over for them (R24). Tried on a copy; the game is untouched."""
    trial = g.clone()
    trial.own_steps[pi] = step
    try:
        rules.HANDLERS[action.verb](trial, pi, action.args)
    except IllegalAction as e:
        if e.rule:
            return e
    return IllegalAction.keyed("step_finished", "R24", name=g.players[pi].name, step=step,
                               waiting=flow.waiting(g))


def later_verb(g: Game, verb: str) -> bool:
    """Whether `verb` belongs to a player step after the table's step in this round (woodcutting's refusal)."""
    seq = flow.steps_of(g)
    names = [s.name for s in seq]
    return any(verb in s.verbs for s in seq[names.index(g.step) + 1:] if s.actor not in ("table", "auto"))


def next_part_verb(g: Game, verb: str) -> bool:
    """Whether `verb` is a player move of the next part of the game (winter after fall, the final sale after the
    second winter), where no table entry opens the round: its entry ends this round for everyone."""
    if g.round > data.ROUNDS or (g.round < data.ROUNDS and data.round_season(g.round + 1) != "winter"):
        return False  # a spring opens with the table's path
    seq = flow.FINAL_STEPS if g.round == data.ROUNDS else flow.WINTER_STEPS
    return any(verb in s.verbs for s in seq if s.actor not in ("table", "auto"))
