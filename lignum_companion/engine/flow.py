"""The round as it moves: whose turn it is, how the game moves on from step to step, and the one door, `apply`.

The steps themselves (their actors, verbs, hooks and order) are data in steps/; like boardgame.io's flow, this
module only asks them. `apply` is the one door into the engine: turn check, then the verb's handler, then
`advance`.
"""

from __future__ import annotations

from typing import Any

from . import data, errors, events, pace, rules
from .actions import Action
from .errors import IllegalAction
from .events import Event
from .state import Game
from .steps import (
    FINAL_STEPS,
    STEP_NAMES,
    WINTER_STEPS,
    WORK_STEPS,
    Step,
    actor_kind,
    binding_work,
    card_could_cut,
    early_placement,
    has_work,
    hut_could_act,
    optional_act,
    own_pace,
    placements_entered,
    placements_needed,
    record_skip,
    skip_reason,
    step_work,
    steps_of,
    task_target,
    turn_order,
)
from .steps import current as current_step
from .steps import index as steps_index
from .steps import named as _step_named
from .steps import of_player as _own_step
from .steps import part as _part

FREE_VERBS = ("loan", "build", "dryhut", "foodhut")
# The steps' own names, lists and questions, asked of flow by clients and tests as before (they live in steps/).
__all__ = [
    "FINAL_STEPS", "FREE_VERBS", "STEP_NAMES", "Step", "WINTER_STEPS", "WORK_STEPS", "actor_kind", "actors",
    "advance", "apply", "binding_work", "card_could_cut", "close_for_table", "current_step", "early_placement",
    "end_turn", "enter", "free_verbs_allowed", "has_work", "hut_could_act", "optional_act", "own_pace",
    "placements_entered", "placements_needed", "position", "record_skip", "restore", "season_step", "skip_reason",
    "step_work", "steps_of", "task_target", "turn_order", "waiting", "waiting_for", "where", "wound_up",
]


def season_step(g: Game) -> str:
    """The current step with its part of the game ('winter feeding', 'work cutting', 'final river'), since work
    and winter steps share names; the rules lookup keys its step topics by it."""
    return f"{_part(g)} {g.step}"


TURN_KINDS = ("path", "clearing", "free")  # steps where players have turns (loans and huts allowed, R15, R16)
# Which ruling names whose turn it is: the path goes in starting order (R18); clearing order binds only in
# woodcutting, or in every step of a strict-order game (R24); tactical areas are picked in order (R21).
TURN_RULE = {"path": "R18", "clearing": "R24", "ordered": "R21"}


# --- who may act ---------------------------------------------------------------------------------------


def _n(g: Game) -> int:
    return len(g.players)


def actors(g: Game) -> list[int]:
    """Indices of the players who may act now (empty for table steps or a finished game)."""
    if g.over:
        return []
    kind = actor_kind(g)
    if kind == "table":
        return []
    if kind == "all":
        return [i for i in range(_n(g)) if i not in g.acted]
    if kind == "free":  # R24: everyone who has not finished, the earliest step first, then clearing order
        if g.own_steps:
            return pace.open_players(g)
        return [i for i in turn_order(g) if i not in g.acted]
    return [g.turn] if g.turn is not None else []


# --- moving on -----------------------------------------------------------------------------------------


def enter(g: Game, s: Step) -> None:
    g.step = s.key
    g.acted = []
    g.turn = None
    if (rec := events.sink(g)) is not None:
        rec.append(events.StepBegan(step=s.key, part=_part(g), round=g.round, auto=True))
    if s.begin:
        s.begin(g)
    if own_pace(g, s):
        pace.start(g, s)  # R24: from here each player has their own step
    elif s.begin_player:
        for i in range(_n(g)):
            s.begin_player(g, i)


def _next_step(g: Game) -> None:
    """Enter the next step that applies; after `end`/`wend` the round has moved on, so start its list."""
    seq = steps_of(g)
    if current_step(g).ends_round:
        rest = seq
    else:
        rest = seq[steps_index(g, g.step) + 1:]
    for s in rest:
        if s.when(g):
            enter(g, s)
            return
    raise AssertionError("no step left")  # pragma: no cover


def advance(g: Game) -> None:
    """Move on until someone has to decide: complete steps, skip players with nothing to do."""
    for _ in range(10_000):
        if g.over:
            return
        s = current_step(g)
        if s.complete(g):
            _next_step(g)
            continue
        kind = actor_kind(g)
        if kind == "free" and g.own_steps:  # R24: each player moves on by themselves; the rest act in any order
            if pace.settle(g):
                continue
            return
        if kind == "free":  # a state from before own steps: everyone with nothing to do is skipped at once
            for i in turn_order(g):
                if i not in g.acted and not has_work(g, i):
                    _skip(g, s, i)
            if s.complete(g):
                continue
            if g.turn is None or g.turn in g.acted:
                g.turn = actors(g)[0]
            return
        if kind in ("table", "all") or g.turn is not None:
            return
        if kind == "path":
            g.turn = _next_on_path(g)
            return
        nxt = next((i for i in turn_order(g) if i not in g.acted), None)
        if nxt is None:  # pragma: no cover - complete was checked
            return
        if has_work(g, nxt):  # the area choice always has work
            g.turn = nxt
            return
        _skip(g, s, nxt)
    raise AssertionError("advance did not settle")  # pragma: no cover


def _skip(g: Game, s: Step, pi: int) -> None:
    """A player with nothing to do: feeding and heating run by themselves (R14); the skip is recorded (R24)."""
    record_skip(g, s.key, pi)
    g.acted.append(pi)


def _next_on_path(g: Game) -> int | None:
    """Round robin in starting order, skipping players already in the clearing (seed 000, travel)."""
    order = g.start_order
    last = g.acted[-1] if g.acted else None
    start = (order.index(last) + 1) if last is not None else 0
    for k in range(len(order)):
        i = order[(start + k) % len(order)]
        if g.players[i].pos != g.board.clearing:
            return i
    return None


def end_turn(g: Game, pi: int, why: str = "") -> None:
    """The player's turn in the common step is over; `why` (events.StepClosed) is recorded when given."""
    g.acted.append(pi)
    if g.turn == pi:
        g.turn = None
    if why and (rec := events.sink(g)) is not None:
        rec.append(events.StepClosed(player=pi, name=g.players[pi].name, step=g.step, why=why,
                                     rule="R24" if why in _LAPSING else ""))


# how a step closes for a player by someone else's entry, their optional moves lapsing (R24)
_LAPSING = frozenset({"others", "table", "next_round", "own_entry"})


def close_why(verb: str, ends: bool) -> str:
    """Why a player's own move closed their step: `done`, a step-ending move, or nothing left to do."""
    return "done" if verb == "done" else "move" if ends else "no_more"


def _common_closable(g: Game, pi: int | None, verb: str) -> bool:
    """Whether the next move ends turns of a common step that only a hut or the Cutting card keeps open (R24):
    someone else's move, or a later step's. So old files, where nobody waited for a hut, replay unchanged."""
    if g.over or actor_kind(g) not in ("clearing", "free") or g.own_steps:
        return False
    waiting = actors(g)
    if not waiting or (pi in waiting and verb in current_step(g).verbs):
        return False
    return not any(binding_work(g, i) for i in waiting)


def _close_common(g: Game, pi: int | None, verb: str) -> None:
    for _ in range(2 * data.ROUNDS * _n(g)):
        if not _common_closable(g, pi, verb):
            return
        for i in actors(g):
            end_turn(g, i, "others")
        advance(g)


def free_verbs_allowed(g: Game, pi: int) -> list[str]:
    """Loans, hut building and huts the player could use now (for refusals that list what is allowed)."""
    p = g.players[pi]
    if actor_kind(g) not in TURN_KINDS or g.round > data.ROUNDS:
        return []
    out = ["loan"] if p.loans < data.MAX_LOANS else []
    if sum(p.craftwork.get(k, 0) for k in data.HUT_CRAFTWORK + ("joker",)) >= 2:
        out.append("build")
    if _step_named(g, g.step_of(pi)).hut_verbs:  # not at the winter's bills, its bonus or the final sale (R16)
        out += [v for v, hut in (("dryhut", "drying"), ("foodhut", "food")) if p.huts.get(hut)]
    return out


# --- the door ----------------------------------------------------------------------------------------


def position(g: Game) -> dict[str, Any]:
    """Where the game stands, as data for clients to put in words (views.where, refusals)."""
    return {"over": g.over, "final": g.round > data.ROUNDS, "season": g.season, "year": g.year, "step": g.step}


def waiting(g: Game) -> dict[str, Any]:
    """Whom the game waits for, as data: the table or the players, the step, and whether in any order.

    After woodcutting (R24) `players` lists everyone still playing with their own step: `names` are those in
    the earliest step (the one the table waits for), `ahead` those already further on."""
    kind = "over" if g.over else actor_kind(g)
    idx = [] if kind in ("over", "table") else actors(g)
    names = [g.players[i].name for i in idx if g.step_of(i) == g.step]
    out: dict[str, Any] = {"kind": kind, "step": g.step, "names": names,
                           "any_order": kind == "free" and len(idx) > 1}
    if g.own_steps and kind == "free":
        out["players"] = [{"name": g.players[i].name, "step": g.step_of(i)} for i in idx]
        out["ahead"] = [p for p in out["players"] if p["step"] != g.step]
    return out


def where(g: Game) -> str:
    """Where the game stands, in words for logs and the simulator: the position (`position`) worded by the
    client (views.where_at, the shown language); the engine itself holds no sentence."""
    return errors.word("where", position(g))


def apply(g: Game, action: Action, record: bool = True, keep: bool = True) -> list[Event]:
    """Check and apply one action and return its events (events.py); on refusal raise IllegalAction and leave
    the game exactly as it was, with nothing recorded.

    Moving the flow on before the verb's own checks (closing steps, R24) happens on the game itself, so the
    game is copied first in that case and put back if the action is then refused (issue 19, section 3).
    `record=False` records nothing and returns [] (a replay, the simulator's and look-ahead's trials).
    `keep=False` takes no copy to put back: for a caller that throws the game away when a line is refused (a
    replay stops at the bad line, a trial runs on a copy), since the copy is most of a replay's time."""
    box: list[Game] | None = [] if keep else None
    out: list[Event] = []
    token = None
    if record:
        out, token = events.open_sink(g)
    try:
        _apply(g, action, box)
    except IllegalAction as e:
        if box:
            restore(g, box[0])
        raise e.with_context(at={"action": action.text, "pos": position(g)}) from None
    finally:
        if token is not None:
            events.close_sink(token)
    return out


def restore(g: Game, snapshot: Game) -> None:
    """Put a copy's state back into `g` (the caller's object stays the same)."""
    g.__dict__.update(snapshot.__dict__)


def _keep(g: Game, box: list[Game] | None) -> None:
    """Copy the game once, before the first change that a later refusal would have to undo (None: no copy)."""
    if box is not None and not box:
        box.append(g.clone())


def _apply(g: Game, action: Action, box: list[Game] | None, retry: bool = True) -> None:
    verb = action.verb
    if verb == "fix":
        rules.HANDLERS["fix"](g, -1, action.args)
        return
    if g.over:
        raise IllegalAction.keyed("game_over")
    if action.player is None:
        _apply_table(g, action, box)
        return
    pi = g.player_index(action.player)
    if pi is None:
        raise IllegalAction.keyed("no_player", name=action.player, players=[p.name for p in g.players])
    if verb == "done" and pi not in actors(g) and (pi in g.acted or (g.own_steps and pace.finished(g, pi))):
        return  # R24: a `done` from a player who has finished changes nothing (and closes no one else's turn)
    if verb not in FREE_VERBS and _common_closable(g, pi, verb):
        _keep(g, box)
        _close_common(g, pi, verb)
    if verb in FREE_VERBS and g.own_steps and not pace.finished(g, pi) and _own_step(g, pi).closed_by(g, pi, verb):
        _keep(g, box)
        pace.finish(g, pi)  # R11: a drying hut after a sale starts the player's drying
    kind, s = actor_kind(g), current_step(g)
    if kind == "free" and g.own_steps and verb not in FREE_VERBS:
        _apply_own(g, pi, action, box, retry)
        return
    lingering = verb in FREE_VERBS and pi == g.last_move and kind in TURN_KINDS  # R24: until the next move
    if pi not in actors(g) and not lingering:
        name = g.players[pi].name
        if kind == "clearing" and s.binds_order and pace.later_verb(g, verb):
            raise IllegalAction.keyed("still_cutting", "R24", name=name, waiting=waiting(g))
        if kind == "free" and pi in g.acted:
            raise IllegalAction.keyed("step_finished", "R24", name=name, step=s.key, waiting=waiting(g))
        rule = TURN_RULE.get(kind, "")
        raise IllegalAction.keyed("not_your_turn", rule, name=name, waiting=waiting(g))
    if verb in FREE_VERBS:
        _apply_free(g, pi, action)
        return
    if verb not in s.verbs:
        if kind == "clearing" and s.binds_order and pace.later_verb(g, verb):
            raise IllegalAction.keyed("still_cutting", "R24", name=g.players[pi].name, waiting=waiting(g))
        raise _not_in_step(g, pi, verb, s)
    rules.HANDLERS[verb](g, pi, action.args)
    g.last_move = pi
    if kind == "all":
        g.acted.append(pi)
    elif kind in ("path", "clearing", "ordered", "free"):
        ends = verb == "done" or (verb in s.ends_turn and not optional_act(g, pi))
        if ends or not has_work(g, pi):
            end_turn(g, pi, close_why(verb, ends) if kind != "path" else "")
    advance(g)


def _not_in_step(g: Game, pi: int, verb: str, s: Step) -> IllegalAction:
    # R13: winter has its own steps (no path, market, selling, drying or river; sledges only)
    allowed = list(s.verbs) + free_verbs_allowed(g, pi)
    return IllegalAction.keyed("verb_not_in_step", "R13" if g.winter and g.round <= data.ROUNDS else "",
                               verb=verb, step=s.key, allowed=list(allowed))


def _apply_free(g: Game, pi: int, action: Action) -> None:
    """Loans (R15), hut building and huts (R16): on the player's own turn, in the step they are in."""
    verb = action.verb
    kind, step = actor_kind(g), g.step_of(pi)
    own_rule = "R15" if verb == "loan" else "R16"
    if kind not in TURN_KINDS:
        raise IllegalAction.keyed("free_verb_own_turn", own_rule, verb=verb)
    if g.round > data.ROUNDS:
        raise IllegalAction.keyed("free_verb_final_sale", own_rule, verb=verb)
    if verb not in ("loan", "build") and not _step_named(g, step).hut_verbs:
        raise IllegalAction.keyed("free_verb_step", "R16", verb=verb, step=step)
    rules.HANDLERS[verb](g, pi, action.args)


def _apply_own(g: Game, pi: int, action: Action, box: list[Game] | None, retry: bool) -> None:
    """R24: a player's entry after woodcutting, in their own step or a later one (which closes theirs)."""
    verb = action.verb
    where_to = pace.target(g, pi, verb)
    if where_to is None:
        if verb == "done" and pace.finished(g, pi):
            return  # R24: a `done` from a player who has finished changes nothing
        passed = pace.passed_step(g, pi, verb)
        if passed is not None:
            raise pace.finished_refusal(g, pi, action, passed, waiting(g))
        if pace.finished(g, pi) and not pace.next_part_verb(g, verb):
            raise IllegalAction.keyed("steps_finished", "R24", name=g.players[pi].name, waiting=waiting(g))
        if retry and pace.next_part_verb(g, verb):  # the next round's first steps: the round ends for all
            _keep(g, box)
            pace.close_all(g, "next_round")
            advance(g)
            _apply(g, action, box, retry=False)
            return
        raise _not_in_step(g, pi, verb, _step_named(g, g.step_of(pi)))
    if where_to != g.step_of(pi):
        _keep(g, box)
        pace.close_to(g, pi, where_to, "own_entry")
    s = _step_named(g, where_to)
    rules.HANDLERS[verb](g, pi, action.args)
    g.last_move = pi
    ends = verb == "done" or (verb in s.ends_turn and not optional_act(g, pi))
    if ends or not has_work(g, pi):
        pace.finish(g, pi, close_why(verb, ends))
    advance(g)


def _apply_table(g: Game, action: Action, box: list[Game] | None) -> None:
    """A table entry (path, task cards, placement cards) closes every step for everyone (R24), unless someone
    still has a move that is not optional, which the refusal names."""
    verb = action.verb
    if verb == "placement" and early_placement(g) and not (actor_kind(g) == "table" and verb in
                                                          current_step(g).verbs):
        rules.HANDLERS[verb](g, -1, action.args)  # R32: an old file's early cards; nothing closes
        g.last_move = None
        return
    if actor_kind(g) != "table":
        _keep(g, box)
        close_for_table(g)
    kind, s = actor_kind(g), current_step(g)
    if kind != "table" or verb not in s.verbs:
        raise IllegalAction.keyed("table_nothing", waiting=waiting(g))
    rules.HANDLERS[verb](g, -1, action.args)
    g.last_move = None
    advance(g)


def close_for_table(g: Game) -> None:
    """Before a table entry: close every step that only optional moves keep open, for everyone (R24)."""
    for _ in range(4 * data.ROUNDS * _n(g)):
        if g.over or actor_kind(g) == "table":
            return
        if g.own_steps and actor_kind(g) == "free":
            pace.close_all(g, "table")
        elif actor_kind(g) in ("clearing", "free"):
            if any(binding_work(g, i) for i in actors(g)):
                return
            for i in actors(g):
                end_turn(g, i, "table")
        else:
            return
        advance(g)


def wound_up(g: Game) -> Game | None:
    """A copy of the game in which every remaining optional move has lapsed, when that ends the game: the last
    winter (or the final sale) with nothing binding left (R24: tables do not say `done`). None otherwise."""
    if g.over or g.round < data.ROUNDS:
        return None
    trial = g.clone()
    try:
        close_for_table(trial)
    except IllegalAction:
        return None
    return trial if trial.over else None


def waiting_for(g: Game) -> str:
    """Who the game waits for, in words: `waiting` worded by the client (views.waiting_text)."""
    return errors.word("waiting", waiting(g))
