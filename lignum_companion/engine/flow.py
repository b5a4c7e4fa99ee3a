"""The round as data: which steps a season has, who acts in each, and how the game moves on.

Like boardgame.io's phases, each step names its actor kind, its verbs, when it happens and what runs when it
starts. `apply` is the one door into the engine: turn check, then the verb's handler, then `advance`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import data, errors, pace, prices, rules
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
    begin_player: Callable[[Game, int], None] | None = None  # as each player enters it (R24: their own pace)


def _n(g: Game) -> int:
    return len(g.players)


def placements_needed(g: Game) -> int:
    """Placement cards to enter in this round: from round 2; in the tactical variant the next round's, a round
    early (R21), so none in the falls (winter follows) and the spring of year 2's at the start of winter (R32)."""
    if g.tactical:
        nxt = g.round + 1
        return data.PLACEMENT_CARDS[_n(g)] if nxt <= data.ROUNDS and data.round_season(nxt) != "winter" else 0
    return data.PLACEMENT_CARDS[_n(g)] if g.round >= 2 and not g.winter else 0


def placements_entered(g: Game) -> int:
    """Cards entered for this round's reveal: the tactical variant keeps them for the next round (R21)."""
    return len(g.next_placements) if g.tactical else g.placements


def early_placement(g: Game) -> bool:
    """R32: files written before the ruling entered the spring of year 2's cards in fall of year 1; they are
    still accepted then (no state depends on the moment), though `next` and `play` ask for them in winter."""
    nxt = g.round + 2
    before_cutting = g.step in ("reveal", "mark", "area", "split", "travel")  # where the old files had them
    return g.tactical and not g.winter and data.round_season(g.round + 1) == "winter" and nxt <= data.ROUNDS \
        and before_cutting and len(g.next_placements) < data.PLACEMENT_CARDS[_n(g)]


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


def _begin_drying(g: Game, pi: int) -> None:
    rules.shift_drying(g.players[pi])


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
    g.used_locations = []
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
    Step("drying", "clearing", ("dry", "done"), ("dry", "done"), begin_player=_begin_drying),
    Step("end", "auto", begin=_end_round),
)
WINTER_STEPS: tuple[Step, ...] = (
    Step("winter", "auto", begin=_begin_winter),
    Step("placement", "table", ("placement",), when=lambda g: placements_needed(g) > 0),  # R32
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


def own_pace(g: Game, s: Step) -> bool:
    """R24: after woodcutting each player goes through the steps at their own pace, unless the game is strict."""
    return s.actor == "clearing" and not g.strict_order and not (s.name == "cutting" and not g.winter)


def actor_kind(g: Game) -> str:
    s = current_step(g)
    if s.name == "area" and g.tactical:
        return "ordered"
    if own_pace(g, s):
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
    if kind == "free":  # R24: everyone who has not finished, the earliest step first, then clearing order
        if g.own_steps:
            return pace.open_players(g)
        return [i for i in turn_order(g) if i not in g.acted]
    return [g.turn] if g.turn is not None else []


def hut_could_act(g: Game, pi: int) -> bool:
    """R24: a hut that could act in this step keeps its holder in the step (not skipped, turn not over).

    The drying hut in the drying phase (moves a piece one area on), the food-storage hut in the woodcutting
    phase (takes the food of a free area); accommodation huts already count as workers (available_workers)."""
    p = g.players[pi]
    if g.winter or g.round > data.ROUNDS:
        return False
    step = g.step_of(pi)
    if step == "drying" and p.huts.get("drying"):
        return any(p.wood[a] for a in ("sale", "dry1", "dry2"))
    if step == "cutting" and p.huts.get("food"):
        return any(g.cutting[str(a)].get("food") and rules.free_area(g, pi, a) for a in data.CUTTING_AREAS)
    return False


def card_could_cut(g: Game, pi: int) -> bool:
    """R28: after cutting their own area, a player whose Cutting card works now and is unused may still send its
    workers to a second area within the same turn. Like a hut, it keeps the turn open only until someone else
    moves, so old files replay unchanged."""
    p = g.players[pi]
    if g.step_of(pi) != "cutting" or g.winter or not p.cut_done or any(w == pi for w, _ in g.snatched):
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
    """Whether the player has a move of their step left (huts aside)."""
    p = g.players[pi]
    step = g.step_of(pi)
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
    """Why a player has nothing to do in their step, as a key the clients word (templates: skip_<key>)."""
    p = g.players[pi]
    step = g.step_of(pi)
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
        return placements_entered(g) >= placements_needed(g)
    if s.actor == "path":
        return len(g.clearing) == _n(g)
    return len(g.acted) == _n(g)


def enter(g: Game, s: Step) -> None:
    g.step = s.name
    g.acted = []
    g.turn = None
    if s.begin:
        s.begin(g)
    if own_pace(g, s):
        pace.start(g, s)  # R24: from here each player has their own step
    elif s.begin_player:
        for i in range(_n(g)):
            s.begin_player(g, i)


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
        if kind == "free" and g.own_steps:  # R24: each player moves on by themselves; the rest act in any order
            if pace.settle(g):
                continue
            return
        if kind == "free":  # a state from before own steps: everyone with nothing to do is skipped at once
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
    record_skip(g, s.name, pi)
    g.acted.append(pi)


def record_skip(g: Game, step: str, pi: int) -> None:
    """The skip of one player's step, with its reason; feeding and heating are settled by themselves (R14)."""
    g.skips.append([g.round, step, pi, skip_reason(g, pi)])
    auto = _AUTO_VERBS.get(step)
    if auto:
        rules.HANDLERS[auto[0]](g, pi, dict(auto[1]))


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


def _common_closable(g: Game, pi: int | None, verb: str) -> bool:
    """Whether the next move ends turns of a common step that only a hut or the Cutting card keeps open (R24):
    someone else's move, or a later step's. So old files, where nobody waited for a hut, replay unchanged."""
    if g.over or actor_kind(g) not in ("clearing", "free") or g.own_steps:
        return False
    waiting = actors(g)
    if not waiting or (pi in waiting and verb in current_step(g).verbs):
        return False
    return not any(binding_work(g, i) for i in waiting)


def binding_work(g: Game, pi: int) -> bool:
    """A move of a common step that the next entry may not pass over (R24): in woodcutting a cut by hired
    woodcutters (a stand-in's cut, by the mill worker or a hut, lapses like a hut's move); elsewhere any move."""
    if g.step_of(pi) == "cutting" and not g.winter:
        return step_work(g, pi) and g.players[pi].workers.get("woodcutters", 0) > 0
    return step_work(g, pi)


def _close_common(g: Game, pi: int | None, verb: str) -> None:
    for _ in range(2 * data.ROUNDS * _n(g)):
        if not _common_closable(g, pi, verb):
            return
        for i in actors(g):
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
    if g.step_of(pi) not in ("feeding", "heating", "river", "bonus"):
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


def apply(g: Game, action: Action) -> None:
    """Check and apply one action; on refusal raise IllegalAction and leave the game exactly as it was.

    Moving the flow on before the verb's own checks (closing steps, R24) happens on the game itself, so the
    game is copied first in that case and put back if the action is then refused (issue 19, section 3)."""
    box: list[Game] = []
    try:
        _apply(g, action, box)
    except IllegalAction as e:
        if box:
            restore(g, box[0])
        raise e.with_context(at={"action": action.text, "pos": position(g)}) from None


def restore(g: Game, snapshot: Game) -> None:
    """Put a copy's state back into `g` (the caller's object stays the same)."""
    g.__dict__.update(snapshot.__dict__)


def _keep(g: Game, box: list[Game]) -> None:
    """Copy the game once, before the first change that a later refusal would have to undo."""
    if not box:
        box.append(g.clone())


def _apply(g: Game, action: Action, box: list[Game], retry: bool = True) -> None:
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
    kind, s = actor_kind(g), current_step(g)
    if kind == "free" and g.own_steps and verb not in FREE_VERBS:
        _apply_own(g, pi, action, box, retry)
        return
    lingering = verb in FREE_VERBS and pi == g.last_move and kind in TURN_KINDS  # R24: until the next move
    if pi not in actors(g) and not lingering:
        name = g.players[pi].name
        if kind == "clearing" and s.name == "cutting" and not g.winter and pace.later_verb(g, verb):
            raise IllegalAction.keyed("still_cutting", "R24", name=name, waiting=waiting(g))
        if kind == "free" and pi in g.acted:
            raise IllegalAction.keyed("step_finished", "R24", name=name, step=s.name, waiting=waiting(g))
        rule = TURN_RULE.get(kind, "")
        raise IllegalAction.keyed("not_your_turn", rule, name=name, waiting=waiting(g))
    if verb in FREE_VERBS:
        _apply_free(g, pi, action)
        return
    if verb not in s.verbs:
        if kind == "clearing" and s.name == "cutting" and not g.winter and pace.later_verb(g, verb):
            raise IllegalAction.keyed("still_cutting", "R24", name=g.players[pi].name, waiting=waiting(g))
        raise _not_in_step(g, pi, verb, s)
    rules.HANDLERS[verb](g, pi, action.args)
    g.last_move = pi
    if kind == "all":
        g.acted.append(pi)
    elif kind in ("path", "clearing", "ordered", "free"):
        ends = verb == "done" or (verb in s.ends_turn and not optional_act(g, pi))
        if ends or not has_work(g, pi):
            end_turn(g, pi)
    advance(g)


def _not_in_step(g: Game, pi: int, verb: str, s: Step) -> IllegalAction:
    # R13: winter has its own steps (no path, market, selling, drying or river; sledges only)
    allowed = list(s.verbs) + free_verbs_allowed(g, pi)
    return IllegalAction.keyed("verb_not_in_step", "R13" if g.winter and g.round <= data.ROUNDS else "",
                               verb=verb, step=s.name, allowed=list(allowed))


def _apply_free(g: Game, pi: int, action: Action) -> None:
    """Loans (R15), hut building and huts (R16): on the player's own turn, in the step they are in."""
    verb = action.verb
    kind, step = actor_kind(g), g.step_of(pi)
    own_rule = "R15" if verb == "loan" else "R16"
    if kind not in TURN_KINDS:
        raise IllegalAction.keyed("free_verb_own_turn", own_rule, verb=verb)
    if g.round > data.ROUNDS:
        raise IllegalAction.keyed("free_verb_final_sale", own_rule, verb=verb)
    if verb not in ("loan", "build") and step in ("feeding", "heating", "river", "bonus"):
        raise IllegalAction.keyed("free_verb_step", "R16", verb=verb, step=step)
    rules.HANDLERS[verb](g, pi, action.args)


def _apply_own(g: Game, pi: int, action: Action, box: list[Game], retry: bool) -> None:
    """R24: a player's entry after woodcutting, in their own step or a later one (which closes theirs)."""
    verb = action.verb
    where_to = pace.target(g, pi, verb)
    if where_to is None:
        if verb == "done" and pace.finished(g, pi):
            return  # R24: a `done` from a player who has finished changes nothing
        passed = pace.passed_step(g, pi, verb)
        if passed is not None:
            raise pace.finished_refusal(g, pi, action, passed)
        if pace.finished(g, pi) and not pace.next_part_verb(g, verb):
            raise IllegalAction.keyed("steps_finished", "R24", name=g.players[pi].name, waiting=waiting(g))
        if retry and pace.next_part_verb(g, verb):  # the next round's first steps: the round ends for all
            _keep(g, box)
            pace.close_all(g)
            advance(g)
            _apply(g, action, box, retry=False)
            return
        raise _not_in_step(g, pi, verb, _step_named(g, g.step_of(pi)))
    if where_to != g.step_of(pi):
        _keep(g, box)
        pace.close_to(g, pi, where_to)
    s = _step_named(g, where_to)
    rules.HANDLERS[verb](g, pi, action.args)
    g.last_move = pi
    ends = verb == "done" or (verb in s.ends_turn and not optional_act(g, pi))
    if ends or not has_work(g, pi):
        pace.finish(g, pi)
    advance(g)


def _step_named(g: Game, name: str) -> Step:
    """A step of this round's list by name (a player's own step, R24); the end marker gives the last step."""
    seq = steps_of(g)
    return next((s for s in seq if s.name == name), seq[-1])


def _apply_table(g: Game, action: Action, box: list[Game]) -> None:
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
        pace.close_for_table(g)
    kind, s = actor_kind(g), current_step(g)
    if kind != "table" or verb not in s.verbs:
        raise IllegalAction.keyed("table_nothing", waiting=waiting(g))
    rules.HANDLERS[verb](g, -1, action.args)
    g.last_move = None
    advance(g)


def wound_up(g: Game) -> Game | None:
    """A copy of the game in which every remaining optional move has lapsed, when that ends the game: the last
    winter (or the final sale) with nothing binding left (R24: tables do not say `done`). None otherwise."""
    if g.over or g.round < data.ROUNDS:
        return None
    trial = g.clone()
    try:
        pace.close_for_table(trial)
    except IllegalAction:
        return None
    return trial if trial.over else None


def waiting_for(g: Game) -> str:
    """Who the game waits for, in words: `waiting` worded by the client (views.waiting_text)."""
    return errors.word("waiting", waiting(g))
