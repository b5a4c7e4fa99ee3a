"""Each player's own pace after woodcutting (R24): the step each player is in, and how entries move them on.

After woodcutting nothing a player does touches another player's pieces, so a table plays transport, sawing,
tasks, selling, drying and every winter step at once. `Game.own_steps` holds each player's step (the step after
the segment once they are through); `Game.step` is the earliest of them, the one the table waits for. A player's
entry of a later step closes that player's earlier steps (optional moves lapse as after `done`); a move that is
not optional (the step's `must` hook) is named in the refusal instead. A table entry closes everyone's steps.
"""

from __future__ import annotations

from typing import Any

from . import data, events, rules, steps
from .actions import Action
from .errors import IllegalAction
from .state import Game
from .steps import Step


def mandatory(g: Game, pi: int) -> IllegalAction | None:
    """The refusal naming a move of the player's step that cannot lapse (its `must` hook), or None. Steps without
    one hold only optional moves (transport, sawing, tasks, drying, the winter cut)."""
    s = steps.of_player(g, pi)
    return s.must(g, pi) if s.must is not None and steps.has_work(g, pi) else None


# --- the segment -----------------------------------------------------------------------------------------


def segment(g: Game) -> tuple[list[str], str]:
    """The own-pace steps around the table's step that apply in this round, and the step after them."""
    seq = steps.steps_of(g)
    i = steps.index(g, g.step)
    a = i
    while a > 0 and steps.own_pace(g, seq[a - 1]):
        a -= 1
    b = i
    while b < len(seq) and steps.own_pace(g, seq[b]):
        b += 1
    return [s.key for s in seq[a:b] if s.when(g)], seq[b].key


def _index(names: list[str], name: str) -> int:
    return names.index(name) if name in names else len(names)


def start(g: Game, s: Step) -> None:
    """The segment begins: every player is in its first step."""
    g.own_steps = [s.key] * len(g.players)
    if s.begin_player:
        for i in range(len(g.players)):
            s.begin_player(g, i)


def finished(g: Game, pi: int) -> bool:
    _, end = segment(g)
    return g.step_of(pi) == end


def open_players(g: Game) -> list[int]:
    """Players still in a step, the earliest step first, then clearing order (R18)."""
    names, _ = segment(g)
    idx = [i for i in steps.turn_order(g) if g.own_steps[i] in names]
    return sorted(idx, key=lambda i: names.index(g.own_steps[i]))


def _move_on(g: Game, pi: int, names: list[str], end: str, why: str = "") -> None:
    """The player leaves their step for the next of the segment; `why` (events.StepClosed) when it closed."""
    if why and (rec := events.sink(g)) is not None:
        rec.append(events.StepClosed(player=pi, name=g.players[pi].name, step=g.own_steps[pi], why=why,
                                     rule="R24" if why in ("own_entry", "table", "next_round") else ""))
    k = _index(names, g.own_steps[pi]) + 1
    g.own_steps[pi] = names[k] if k < len(names) else end
    if k < len(names):
        s = steps.named(g, names[k])
        if s.begin_player:
            s.begin_player(g, pi)


def _settle_player(g: Game, pi: int, names: list[str], end: str) -> None:
    """Skip the player's steps in which they have nothing to do (recorded with the reason, R24)."""
    while g.own_steps[pi] != end and not steps.has_work(g, pi):
        steps.record_skip(g, g.own_steps[pi], pi)
        _move_on(g, pi, names, end)


def settle(g: Game) -> bool:
    """Move every player past their empty steps; then the table's step, `acted` and `turn` follow. True when
    everyone is through (the segment is over and the game may move on)."""
    names, end = segment(g)
    for i in steps.turn_order(g):
        _settle_player(g, i, names, end)
    if all(s == end for s in g.own_steps):
        g.own_steps = []
        _table_step(g, names[-1])
        g.acted = list(range(len(g.players)))
        g.turn = None
        return True
    _table_step(g, names[min(_index(names, s) for s in g.own_steps)])
    g.acted = [i for i, s in enumerate(g.own_steps) if s != g.step]
    g.turn = open_players(g)[0]
    return False


def _table_step(g: Game, name: str) -> None:
    """The table's step follows the earliest player's (told as `step_began` when it changes)."""
    if g.step != name:
        g.step = name
        if (rec := events.sink(g)) is not None:
            rec.append(events.StepBegan(step=name, part=steps.part(g), round=g.round, auto=True))


def finish(g: Game, pi: int, why: str = "move") -> None:
    """The player is done with their step (a `done`, a step-ending move, or nothing left to do)."""
    names, end = segment(g)
    if g.own_steps[pi] != end:
        _move_on(g, pi, names, end, why)


def close_to(g: Game, pi: int, target: str, why: str = "own_entry") -> None:
    """Close the player's steps before `target`: optional moves lapse, empty steps are skipped as usual, and a
    move that must be made is refused by name (the caller keeps a copy to put back)."""
    names, end = segment(g)
    while g.own_steps[pi] != target and g.own_steps[pi] != end:
        if steps.has_work(g, pi):
            binding = mandatory(g, pi)
            if binding is not None:
                raise binding
            _move_on(g, pi, names, end, why)
        else:
            steps.record_skip(g, g.own_steps[pi], pi)
            _move_on(g, pi, names, end)


def close_all(g: Game, why: str = "table") -> None:
    """Close everyone's steps of this segment (a table entry, or the next round's first entry)."""
    _, end = segment(g)
    for i in steps.turn_order(g):
        close_to(g, i, end, why)
    settle(g)


# --- which step an entry belongs to ----------------------------------------------------------------------


def target(g: Game, pi: int, verb: str) -> str | None:
    """The player's step, or the first later step of the segment, whose verbs hold `verb` (`done`: their own
    step only); None when no step ahead of the player takes it."""
    names, end = segment(g)
    here = g.step_of(pi)
    if here == end:
        return None
    k = _index(names, here)
    for j in range(k, len(names)):
        if verb in steps.named(g, names[j]).verbs and (verb != "done" or j == k):
            return names[j]
    return None


def passed_step(g: Game, pi: int, verb: str) -> str | None:
    """The latest step the player has already left whose verbs hold `verb` (not `done`), or None."""
    if verb == "done":
        return None
    names, _ = segment(g)
    k = _index(names, g.step_of(pi))
    return next((names[j] for j in range(min(k, len(names)) - 1, -1, -1)
                 if verb in steps.named(g, names[j]).verbs), None)


def finished_refusal(g: Game, pi: int, action: Action, step: str, waiting: dict[str, Any]) -> IllegalAction:
    """A move of a step the player has left: if a ruling would refuse the move anyway, that reason tells more
    (the furniture shop full, R23), else the step is over for them (R24; `waiting`: flow.waiting). Tried on a
    copy; the game is untouched."""
    trial = g.clone()
    trial.own_steps[pi] = step
    try:
        rules.HANDLERS[action.verb](trial, pi, action.args)
    except IllegalAction as e:
        if e.rule:
            return e
    return IllegalAction.keyed("step_finished", "R24", name=g.players[pi].name, step=step, waiting=waiting)


def later_verb(g: Game, verb: str) -> bool:
    """Whether `verb` belongs to a player step after the table's step in this round (woodcutting's refusal)."""
    seq = steps.steps_of(g)
    i = steps.index(g, g.step)
    return any(verb in s.verbs for s in seq[i + 1:] if s.players_act)


def next_part_verb(g: Game, verb: str) -> bool:
    """Whether `verb` is a player move of the next part of the game (winter after fall, the final sale after the
    second winter), where no table entry opens the round: its entry ends this round for everyone."""
    if g.round > data.ROUNDS or (g.round < data.ROUNDS and data.round_season(g.round + 1) != "winter"):
        return False  # a spring opens with the table's path
    seq = steps.FINAL_STEPS if g.round == data.ROUNDS else steps.WINTER_STEPS
    return any(verb in s.verbs for s in seq if s.players_act)
