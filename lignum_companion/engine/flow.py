"""The round as data: which steps a season has, who acts in each, and how the game moves on.

Like boardgame.io's phases, each step names its actor kind, its verbs, when it happens and what runs when it
starts. `apply` is the one door into the engine: turn check, then the verb's handler, then `advance`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import data, errors, prices, rules
from .actions import Action
from .errors import IllegalAction
from .pieces import add, total
from .state import Game, Player

FREE_VERBS = ("loan", "build", "dryhut", "foodhut")


@dataclass(frozen=True)
class Step:
    """One step of a round. actor: table | all (simultaneous) | ordered | path | clearing | auto.

    A `clearing` step other than the woodcutting phase is played in any player order (actor kind `free`, R24)
    unless the game is set to strict order."""

    name: str
    actor: str
    verbs: tuple[str, ...] = ()
    ends_turn: tuple[str, ...] = ()
    when: Callable[[Game], bool] = field(default=lambda g: True)
    begin: Callable[[Game], None] | None = None


def _n(g: Game) -> int:
    return len(g.players)


def placements_needed(g: Game) -> int:
    """Placement cards to enter now: from round 2 (R21: in the tactical variant, the next round's, a round early)."""
    if g.tactical:
        nxt = next_work_round(g.round)
        return data.PLACEMENT_CARDS[_n(g)] if nxt and nxt >= 2 else 0
    return data.PLACEMENT_CARDS[_n(g)] if g.round >= 2 else 0


def next_work_round(r: int) -> int | None:
    for nxt in range(r + 1, data.ROUNDS + 1):
        if data.round_season(nxt) != "winter":
            return nxt
    return None


def task_target(g: Game) -> int:
    """The face-up display is refilled to one card per player while the deck lasts (R19)."""
    left_in_deck = data.TASK_CARDS - g.task_seq
    return min(_n(g), len(g.task_display) + left_in_deck)


# --- automatic steps -----------------------------------------------------------------------------------


def _begin_round(g: Game) -> None:
    for p in g.players:
        _overtime(g, p)
        if p.carpenters:  # R23: $1 per carpenter at the start of every spring, summer and fall round
            rules.gain(g, p, p.carpenters * data.CARPENTER_INCOME, "carpenters")
    if g.tactical and g.next_placements and g.round >= 2:
        rules.place_cards(g, g.next_placements)
        g.next_placements = []


def _overtime(g: Game, p: Player) -> None:
    if rules.plan_active(g, p, "overtime"):  # R20: one hardwood onto the woodpile as the season starts
        add(p.wood["woodpile"], "H")


def _mark(g: Game) -> None:
    if g.round >= 2:
        rules.fill_empty_areas(g)


def _split(g: Game) -> None:
    if g.round >= 2:
        rules.split_food(g)


def _begin_travel(g: Game) -> None:
    g.clearing = []
    for p in g.players:
        p.pos = 0


def _begin_drying(g: Game) -> None:
    for p in g.players:
        rules.shift_drying(p)


def _end_round(g: Game) -> None:
    """Before the next round: workers back, path cleared, new starting order (R6, R18)."""
    for p in g.players:
        p.workers = {}
        p.mill_worker = True
        p.area = None
        p.pos = 0
        p.cut_done = p.relocated = p.took_task = p.planned = p.floated = False
        p.season_money.append(p.money)
    g.path = {}
    g.supply = {}
    g.placements = 0
    g.snatched = []
    g.marked = []
    g.food_taken = []
    g.start_order = list(reversed(g.clearing))
    g.round += 1


def _begin_winter(g: Game) -> None:
    for p in g.players:
        _overtime(g, p)


def _end_winter(g: Game) -> None:
    """Leftover food is discarded (R14); the starting order set after fall stands (R18)."""
    for p in g.players:
        p.food = 0
        p.workers = {}
        p.mill_worker = True
        p.season_money.append(p.money)
    g.round += 1  # past round 8: the final steps


def _final(g: Game) -> None:
    g.over = True


WORK_STEPS: tuple[Step, ...] = (
    Step("begin", "auto", begin=_begin_round),
    Step("path", "table", ("path",)),
    Step("reveal", "table", ("task",), when=lambda g: g.has_tasks and len(g.task_display) < task_target(g)),
    Step("placement", "table", ("placement",), when=lambda g: placements_needed(g) > 0),
    Step("mark", "auto", begin=_mark),
    Step("area", "all", ("area",), ("area",), when=lambda g: g.round >= 2),
    Step("split", "auto", begin=_split),
    Step("travel", "path", ("go",), ("go",), begin=_begin_travel),
    Step("cutting", "clearing", ("cut", "relocate", "snatch", "done"), ("cut", "done")),
    Step("arrival", "clearing", ("receive",), ("receive",)),
    Step("transport", "clearing", ("carry", "wagon", "raft", "float", "done"), ("done",)),
    Step("sawing", "clearing", ("saw", "done"), ("done",)),
    Step("tasks", "clearing", ("fill", "furnish", "done"), ("done",), when=lambda g: g.has_tasks_phase),
    Step("selling", "clearing", ("sell", "done"), ("sell", "done")),
    Step("drying", "clearing", ("dry", "done"), ("dry", "done"), begin=_begin_drying),
    Step("end", "auto", begin=_end_round),
)
WINTER_STEPS: tuple[Step, ...] = (
    Step("winter", "auto", begin=_begin_winter),
    Step("bonus", "clearing", ("bonus",), ("bonus",)),
    Step("cutting", "clearing", ("cut", "done"), ("cut", "done")),
    Step("transport", "clearing", ("sledge", "done"), ("done",)),
    Step("sawing", "clearing", ("saw", "done"), ("done",)),
    Step("tasks", "clearing", ("fill", "furnish", "done"), ("done",),
         when=lambda g: g.has_tasks_phase and g.year == 2),
    Step("feeding", "clearing", ("feed",), ("feed",)),
    Step("heating", "clearing", ("heat",), ("heat",)),
    Step("wend", "auto", begin=_end_winter),
)
FINAL_STEPS: tuple[Step, ...] = (
    Step("river", "clearing", ("river",), ("river",)),
    Step("over", "auto", begin=_final),
)
STEP_NAMES = tuple(dict.fromkeys(s.name for s in WORK_STEPS + WINTER_STEPS + FINAL_STEPS))


def steps_of(g: Game) -> tuple[Step, ...]:
    if g.round > data.ROUNDS:
        return FINAL_STEPS
    return WINTER_STEPS if g.winter else WORK_STEPS


def season_step(g: Game) -> str:
    """The current step with its part of the game ('winter feeding', 'work cutting', 'final river'), since work
    and winter steps share names; the rules lookup keys its step topics by it."""
    steps = steps_of(g)
    part = "final" if steps is FINAL_STEPS else "winter" if steps is WINTER_STEPS else "work"
    return f"{part} {g.step}"


_BY_NAME = tuple({s.name: s for s in seq} for seq in (WORK_STEPS, WINTER_STEPS, FINAL_STEPS))


def current_step(g: Game) -> Step:
    """The step named by g.step, looked up in this round's list first (a hot path: dicts, no list building)."""
    work, winter, final = _BY_NAME
    first = final if g.round > data.ROUNDS else (winter if g.winter else work)
    s = first.get(g.step) or work.get(g.step) or winter.get(g.step)  # end/wend have already moved the round on
    if s is None:  # pragma: no cover
        raise AssertionError(f"unknown step {g.step}")
    return s


def actor_kind(g: Game) -> str:
    s = current_step(g)
    if s.name == "area" and g.tactical:
        return "ordered"
    if s.actor == "clearing" and not g.strict_order and not (s.name == "cutting" and not g.winter):
        return "free"  # R24: only the woodcutting phase is bound to clearing order
    return s.actor


TURN_KINDS = ("path", "clearing", "free")  # steps where players have turns (loans and huts allowed, R15, R16)
# Which ruling names whose turn it is: the path goes in starting order (R18); clearing order binds only in
# woodcutting, or in every step of a strict-order game (R24); tactical areas are picked in order (R21).
TURN_RULE = {"path": "R18", "clearing": "R24", "ordered": "R21"}


# --- who may act ---------------------------------------------------------------------------------------


def turn_order(g: Game) -> list[int]:
    """Order of turns in the current step (R18)."""
    s = current_step(g)
    if s.actor == "path":
        return list(g.start_order)
    if s.name == "area":
        return list(reversed(g.start_order))  # R21: clearing order of the previous round
    return list(g.clearing) if g.clearing else list(g.start_order)


def actors(g: Game) -> list[int]:
    """Indices of the players who may act now (empty for table steps or a finished game)."""
    if g.over:
        return []
    kind = actor_kind(g)
    if kind == "table":
        return []
    if kind == "all":
        return [i for i in range(_n(g)) if i not in g.acted]
    if kind == "free":  # R24: everyone who has not finished, the next in clearing order first
        return [i for i in turn_order(g) if i not in g.acted]
    return [g.turn] if g.turn is not None else []


def hut_could_act(g: Game, pi: int) -> bool:
    """R24: a hut that could act in this step keeps its holder in the step (not skipped, turn not over).

    The drying hut in the drying phase (moves a piece one area on), the food-storage hut in the woodcutting
    phase (takes the food of a free area); accommodation huts already count as workers (available_workers)."""
    p = g.players[pi]
    if g.winter or g.round > data.ROUNDS:
        return False
    if g.step == "drying" and p.huts.get("drying"):
        return any(p.wood[a] for a in ("sale", "dry1", "dry2"))
    if g.step == "cutting" and p.huts.get("food"):
        return any(g.cutting[str(a)].get("food") and rules.free_area(g, pi, a) for a in data.CUTTING_AREAS)
    return False


def card_could_cut(g: Game, pi: int) -> bool:
    """R28: after cutting their own area, a player whose Cutting card works now and is unused may still send its
    workers to a second area within the same turn. Like a hut, it keeps the turn open only until someone else
    moves, so old files replay unchanged."""
    p = g.players[pi]
    if g.step != "cutting" or g.winter or not p.cut_done or any(w == pi for w, _ in g.snatched):
        return False
    if not rules.plan_active(g, p, "cutting") or not rules.available_workers(g, p, "woodcutters"):
        return False
    return any(a != p.area and rules.area_wood(g, a) for a in data.CUTTING_AREAS)


def optional_act(g: Game, pi: int) -> bool:
    """Something the player may still do in this step but need not: a hut (R24) or the Cutting card (R28)."""
    return hut_could_act(g, pi) or card_could_cut(g, pi)


def has_work(g: Game, pi: int) -> bool:
    """Whether the player has anything to do in this step; players with nothing are skipped."""
    return step_work(g, pi) or optional_act(g, pi)


def step_work(g: Game, pi: int) -> bool:
    """Whether the player has a move of this step left (huts aside)."""
    p = g.players[pi]
    step = g.step
    if step == "cutting":
        if g.winter:
            return p.mill_worker or p.huts.get("accom", 0) > 0
        if p.cut_done:
            return False
        workers = rules.available_workers(g, p, "woodcutters")
        if not workers:
            return False
        if p.area and rules.area_wood(g, p.area):
            return True
        # R5 move, paid in cash or with a loan taken first (R3, R15)
        can_pay = p.money >= data.RELOCATE_COST or p.loans < data.MAX_LOANS
        if rules.can_relocate(g, pi) and can_pay and \
                any(rules.free_area(g, pi, a) and rules.area_wood(g, a) for a in data.CUTTING_AREAS):
            return True
        return rules.plan_active(g, p, "cutting") and not any(w == pi for w, _ in g.snatched)
    if step == "arrival":
        return bool(p.wood["river"])
    if step == "transport":
        if not p.wood["woodpile"]:
            return False
        if g.winter:
            return bool(p.equipment.get("sledge")) and (p.mill_worker or p.huts.get("accom", 0) > 0)
        if rules.available_workers(g, p, "bearers"):
            return True
        return rules.plan_active(g, p, "log-driving") and not p.floated
    if step == "sawing":
        return bool(p.wood["saw"]) and p.equipment.get("saw", 0) > 0 and \
            rules.available_workers(g, p, "sawyers") > 0
    if step == "tasks":
        return any(_task_fill_possible(p, t) for t in p.tasks) or (g.joinery and rules.furnish_possible(p))
    if step == "selling":
        return any(k != "H" for a in data.SALE_AREAS for k in p.wood[a])
    if step == "drying":
        return any(rules.dry1_fits(g, p, {k: 1}) for k in p.wood["sale"])
    if step == "river":
        return bool(p.wood["river"].get("F")) and bool(p.wood["river"].get("S"))
    if step == "feeding":
        food = rules.winter_need(g, p)[0]
        return _winter_choice(g, p, food - min(p.food, food))
    if step == "heating":
        need = rules.winter_need(g, p)[1]
        return _winter_choice(g, p, need - min(need, total(p.wood["store"])), burn_all=True)
    return True


def skip_reason(g: Game, pi: int) -> str:
    """Why a player has nothing to do in this step, as a key the clients word (templates: skip_<key>)."""
    p = g.players[pi]
    step = g.step
    if step == "cutting":
        if g.winter:
            return "no_mill_worker"
        if not rules.available_workers(g, p, "woodcutters"):
            return "no_woodcutters"
        return "area_empty"
    if step == "arrival":
        return "no_river"
    if step == "transport":
        if not p.wood["woodpile"]:
            return "empty_woodpile"
        if g.winter:
            return "no_sledge" if not p.equipment.get("sledge") else "no_worker"
        return "no_bearers"
    if step == "sawing":
        if not p.wood["saw"]:
            return "nothing_to_saw"
        return "no_saw" if not p.equipment.get("saw") else "no_sawyer"
    if step in ("feeding", "heating"):
        return "paid"
    return {"tasks": "no_task_piece", "selling": "nothing_to_sell", "drying": "nothing_to_dry",
            "river": "one_river_kind"}.get(step, "nothing")


def _task_fill_possible(p: Player, t: Any) -> bool:
    for piece, stage in t.missing():
        for area in data.SALE_AREAS:
            if data.STAGE_OF_AREA[area] == stage and p.wood[area].get(piece):
                return True
    return False


def _winter_choice(g: Game, p: Player, missing: int, burn_all: bool = False) -> bool:
    """A feeding or heating turn is asked only when wood must be sold (R14); otherwise it runs by itself."""
    bill = prices.winter_bill(missing, 0, p.money, p.loans)
    sellable = rules.sellable_in_winter(p)
    if burn_all and missing:
        sellable.pop("store", None)
    return bill.still_short > 0 and bool(sellable)


_AUTO_VERBS = {"feeding": ("feed", {"sell": {}}), "heating": ("heat", {"logs": None, "sell": {}})}


# --- moving on -----------------------------------------------------------------------------------------


def _step_complete(g: Game) -> bool:
    s = current_step(g)
    if s.actor == "auto":
        return True
    if s.name == "path":
        return bool(g.path)
    if s.name == "reveal":
        return len(g.task_display) >= task_target(g)
    if s.name == "placement":
        return g.placements >= placements_needed(g)
    if s.actor == "path":
        return len(g.clearing) == _n(g)
    return len(g.acted) == _n(g)


def enter(g: Game, s: Step) -> None:
    g.step = s.name
    g.acted = []
    g.turn = None
    if s.begin:
        s.begin(g)


def _next_step(g: Game) -> None:
    """Enter the next step that applies; after `end`/`wend` the round has moved on, so start its list."""
    if g.step in ("end", "wend"):
        rest = steps_of(g)
    else:
        seq = steps_of(g)
        rest = seq[[s.name for s in seq].index(g.step) + 1:]
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
        if _step_complete(g):
            _next_step(g)
            continue
        kind = actor_kind(g)
        if kind == "free":  # R24: everyone with nothing to do is skipped at once; the rest act in any order
            for i in turn_order(g):
                if i not in g.acted and not has_work(g, i):
                    _skip(g, s, i)
            if _step_complete(g):
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
        if s.name == "area" or has_work(g, nxt):
            g.turn = nxt
            return
        _skip(g, s, nxt)
    raise AssertionError("advance did not settle")  # pragma: no cover


def _skip(g: Game, s: Step, pi: int) -> None:
    """A player with nothing to do: feeding and heating run by themselves (R14); the skip is recorded (R24)."""
    g.skips.append([g.round, s.name, pi, skip_reason(g, pi)])
    auto = _AUTO_VERBS.get(s.name)
    if auto:
        rules.HANDLERS[auto[0]](g, pi, dict(auto[1]))
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


def end_turn(g: Game, pi: int) -> None:
    g.acted.append(pi)
    if g.turn == pi:
        g.turn = None


def _close_optional(g: Game, pi: int | None, verb: str) -> None:
    """The next move entered (by someone else, or a later step's move) ends the turns that only a hut kept open
    (R24); then the game moves on. So old files, where nobody waited for a hut, replay unchanged."""
    for _ in range(2 * data.ROUNDS * _n(g)):
        if g.over or actor_kind(g) not in ("clearing", "free"):
            return
        waiting = actors(g)
        if not waiting or (pi in waiting and verb in current_step(g).verbs):
            return
        if any(step_work(g, i) for i in waiting):
            return
        for i in waiting:
            end_turn(g, i)
        advance(g)


def free_verbs_allowed(g: Game, pi: int) -> list[str]:
    """Loans, hut building and huts the player could use now (for refusals that list what is allowed)."""
    p = g.players[pi]
    if actor_kind(g) not in TURN_KINDS or g.round > data.ROUNDS:
        return []
    out = ["loan"] if p.loans < data.MAX_LOANS else []
    if sum(p.craftwork.get(k, 0) for k in data.HUT_CRAFTWORK + ("joker",)) >= 2:
        out.append("build")
    if g.step not in ("feeding", "heating", "river", "bonus"):
        out += [v for v, hut in (("dryhut", "drying"), ("foodhut", "food")) if p.huts.get(hut)]
    return out


# --- the door ----------------------------------------------------------------------------------------


def position(g: Game) -> dict[str, Any]:
    """Where the game stands, as data for clients to put in words (views.where, refusals)."""
    return {"over": g.over, "final": g.round > data.ROUNDS, "season": g.season, "year": g.year, "step": g.step}


def waiting(g: Game) -> dict[str, Any]:
    """Whom the game waits for, as data: the table or the players, the step, and whether in any order."""
    kind = "over" if g.over else actor_kind(g)
    names = [] if kind in ("over", "table") else [g.players[i].name for i in actors(g)]
    return {"kind": kind, "step": g.step, "names": names, "any_order": kind == "free" and len(names) > 1}


def where(g: Game) -> str:
    """Where the game stands, in words for logs and the simulator: the position (`position`) worded by the
    client (views.where_at, the shown language); the engine itself holds no sentence."""
    return errors.word("where", position(g))


def apply(g: Game, action: Action) -> None:
    """Check and apply one action; on refusal raise IllegalAction and leave the game as it was."""
    try:
        _apply(g, action)
    except IllegalAction as e:
        raise e.with_context(at={"action": action.text, "pos": position(g)}) from None


def _apply(g: Game, action: Action) -> None:
    verb = action.verb
    if verb == "fix":
        rules.HANDLERS["fix"](g, -1, action.args)
        return
    if g.over:
        raise IllegalAction.keyed("game_over")
    kind = actor_kind(g)
    s = current_step(g)
    if action.player is None:
        _close_optional(g, None, verb)
        kind, s = actor_kind(g), current_step(g)
        if kind != "table" or verb not in s.verbs:
            raise IllegalAction.keyed("table_nothing", waiting=waiting(g))
        rules.HANDLERS[verb](g, -1, action.args)
        g.last_move = None
        advance(g)
        return
    pi = g.player_index(action.player)
    if pi is None:
        raise IllegalAction.keyed("no_player", name=action.player, players=[p.name for p in g.players])
    if verb not in FREE_VERBS:
        _close_optional(g, pi, verb)
        kind, s = actor_kind(g), current_step(g)
    lingering = verb in FREE_VERBS and pi == g.last_move and kind in TURN_KINDS  # R24: until the next move
    if pi not in actors(g) and not lingering:
        name = g.players[pi].name
        if kind == "free" and pi in g.acted:
            raise IllegalAction.keyed("step_finished", "R24", name=name, step=s.name, waiting=waiting(g))
        rule = TURN_RULE.get(kind, "")
        raise IllegalAction.keyed("not_your_turn", rule, name=name, waiting=waiting(g))
    if verb in FREE_VERBS:
        own_rule = "R15" if verb == "loan" else "R16"  # loans (R15); huts and hut building (R16)
        if kind not in TURN_KINDS:
            raise IllegalAction.keyed("free_verb_own_turn", own_rule, verb=verb)
        if g.round > data.ROUNDS:
            raise IllegalAction.keyed("free_verb_final_sale", own_rule, verb=verb)
        if verb != "loan" and s.name in ("feeding", "heating", "river", "bonus") and verb != "build":
            raise IllegalAction.keyed("free_verb_step", "R16", verb=verb, step=s.name)
        rules.HANDLERS[verb](g, pi, action.args)
        return
    if verb not in s.verbs:
        # R13: winter has its own steps (no path, market, selling, drying or river; sledges only)
        allowed = list(s.verbs) + free_verbs_allowed(g, pi)
        raise IllegalAction.keyed("verb_not_in_step", "R13" if g.winter and g.round <= data.ROUNDS else "",
                                  verb=verb, step=s.name, allowed=list(allowed))
    rules.HANDLERS[verb](g, pi, action.args)
    g.last_move = pi
    if kind == "all":
        g.acted.append(pi)
    elif kind in ("path", "clearing", "ordered", "free"):
        ends = verb == "done" or (verb in s.ends_turn and not optional_act(g, pi))
        if ends or not has_work(g, pi):
            end_turn(g, pi)
    advance(g)


def waiting_for(g: Game) -> str:
    """Who the game waits for, in words: `waiting` worded by the client (views.waiting_text)."""
    return errors.word("waiting", waiting(g))
