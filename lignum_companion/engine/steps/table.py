"""The table's steps and the ones the engine runs by itself: the round's start and end, the path, the task and
placement cards, the area choice, and the winter's and the game's start and end."""

from __future__ import annotations

from .. import buildings, data, events, rules
from ..state import Game, Player
from .base import Reminder, Step, StepName, previous_clearing

# --- the round's start and end (R6, R18, R20, R23) -------------------------------------------------------------


def overtime(g: Game, p: Player) -> None:
    if rules.plan_active(g, p, "overtime"):  # R20: one hardwood onto the woodpile as the season starts
        rules.move(g, p, "supply", "woodpile", {"H": 1}, "R20", auto=True)


def plans_in_effect(g: Game) -> None:
    """Say which planned work acts in the round beginning (R20); the cards themselves change nothing now."""
    rec = events.sink(g)
    if rec is None:
        return
    for i, p in enumerate(g.players):
        rec += [events.PlanInEffect(player=i, name=p.name, card=pl.card, round=g.round, rule="R20", auto=True)
                for pl in p.plans if pl.round == g.round]


def _begin_round(g: Game) -> None:
    plans_in_effect(g)
    for p in g.players:
        overtime(g, p)
        if p.carpenters:  # R23: $1 per carpenter at the start of every spring, summer and fall round
            rules.gain(g, p, p.carpenters * data.CARPENTER_INCOME, "carpenters", "R23", auto=True)
    buildings.apply_moment(g, buildings.ROUND)  # R23: a tile's gain at the start of every round or its season's
    if g.tactical and g.next_placements and g.round >= 2:
        rules.place_cards(g, g.next_placements)
        g.next_placements = []


def _end_round(g: Game) -> None:
    """Before the next round: workers back, path cleared, new starting order (R6, R18)."""
    for p in g.players:
        _workers_back(g, p)
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
    rules.record(g, lambda: events.RoundEnded(round=g.round - 1, next_round=g.round, start_order=tuple(g.start_order),
                                              rule="R18", auto=True))


def _workers_back(g: Game, p: Player) -> None:
    """Hired workers back to the path and the mill worker free again (R6), told as automatic."""
    if events.sink(g) is None:
        return
    pi = rules.index_of(g, p)
    if p.workers:
        rules.record(g, lambda: events.Returned(player=pi, name=p.name, holding="workers", items=dict(p.workers),
                                                rule="R6", auto=True))
    if not p.mill_worker:
        rules.record(g, lambda: events.Returned(player=pi, name=p.name, holding="mill_worker",
                                                items={"mill_worker": 1}, rule="R6", auto=True))


def _begin_winter(g: Game) -> None:
    plans_in_effect(g)
    for p in g.players:
        overtime(g, p)
    buildings.apply_moment(g, buildings.ROUND)  # R23: a tile's gain at the start of every round or each winter's


def _end_winter(g: Game) -> None:
    """Leftover food is discarded (R14); the starting order set after fall stands (R18)."""
    for p in g.players:
        rules.spend(g, p, "food", {"food": p.food} if p.food else {}, "discarded", "R14", auto=True)
        _workers_back(g, p)
        p.workers = {}
        p.mill_worker = True
        p.season_money.append(p.money)
    g.round += 1  # past round 8: the final steps
    rules.record(g, lambda: events.RoundEnded(round=g.round - 1, next_round=g.round, start_order=tuple(g.start_order),
                                              rule="R18", auto=True))


def _final(g: Game) -> None:
    g.over = True
    rules.record(g, lambda: events.GameEnded(auto=True))


def _done(g: Game) -> bool:
    return True


BEGIN = Step(StepName.BEGIN, "auto", begin=_begin_round, complete=_done)
END = Step(StepName.END, "auto", begin=_end_round, complete=_done, ends_round=True)
WINTER = Step(StepName.WINTER, "auto", begin=_begin_winter, complete=_done)
WEND = Step(StepName.WEND, "auto", begin=_end_winter, complete=_done, ends_round=True)
OVER = Step(StepName.OVER, "auto", begin=_final, complete=_done)


# --- the path (R2) -----------------------------------------------------------------------------------------------


def example_path(n: int) -> list[str]:
    """A path of this player number's tokens, in the notation (the reminder's example)."""
    tokens = []
    craft = iter(["stake", "board", "joker"])
    for k, v in data.PATH_MIX[n].items():
        tokens += [next(craft) if k == "craft" else k for _ in range(v)]
    order = [0, 6, 1, 3, 7, 2, 9, 4, 10, 5, 11, 8, 12]
    return [tokens[i] for i in order]


def _path_reminder(g: Game, pi: int | None) -> Reminder:
    n = len(g.players)
    cleanup = [g.players[i].name for i in g.start_order] if g.round > 1 else None  # last round's board cleared
    return Reminder("", {"supply": dict(data.PATH_SUPPLY[n]), "mix": dict(data.PATH_MIX[n]),
                         "example": example_path(n), "cleanup": cleanup})


PATH = Step(StepName.PATH, "table", ("path",), complete=lambda g: bool(g.path), reminder=_path_reminder)


# --- the task cards (R19) ----------------------------------------------------------------------------------------


def task_target(g: Game) -> int:
    """The face-up display is refilled to one card per player while the deck lasts (R19)."""
    left_in_deck = data.TASK_CARDS - g.task_seq
    return min(len(g.players), len(g.task_display) + left_in_deck)


REVEAL = Step(StepName.REVEAL, "table", ("task",), when=lambda g: g.has_tasks and len(g.task_display) < task_target(g),
              complete=lambda g: len(g.task_display) >= task_target(g),
              reminder=lambda g, pi: Reminder("", {"target": task_target(g), "shown": len(g.task_display)}))


# --- the placement cards (R21, R32) ------------------------------------------------------------------------------


def placements_needed(g: Game) -> int:
    """Placement cards to enter in this round: from round 2; in the tactical variant the next round's, a round
    early (R21), so none in the falls (winter follows) and the spring of year 2's at the start of winter (R32)."""
    n = len(g.players)
    if g.tactical:
        nxt = g.round + 1
        return data.PLACEMENT_CARDS[n] if nxt <= data.ROUNDS and data.round_season(nxt) != "winter" else 0
    return data.PLACEMENT_CARDS[n] if g.round >= 2 and not g.winter else 0


def placements_entered(g: Game) -> int:
    """Cards entered for this round's reveal: the tactical variant keeps them for the next round (R21)."""
    return len(g.next_placements) if g.tactical else g.placements


# where files written before R32 entered the spring of year 2's cards: after the placement step, before cutting
_OLD_PLACEMENT_STEPS = frozenset({StepName.REVEAL, StepName.MARK, StepName.AREA, StepName.SPLIT, StepName.TRAVEL})


def early_placement(g: Game) -> bool:
    """R32: files written before the ruling entered the spring of year 2's cards in fall of year 1; they are
    still accepted then (no state depends on the moment), though `next` and `play` ask for them in winter."""
    nxt = g.round + 2
    return g.tactical and not g.winter and data.round_season(g.round + 1) == "winter" and nxt <= data.ROUNDS \
        and g.step in _OLD_PLACEMENT_STEPS and len(g.next_placements) < data.PLACEMENT_CARDS[len(g.players)]


def _placement_reminder(g: Game, pi: int | None) -> Reminder:
    return Reminder("tactical" if g.tactical else "",
                    {"card": placements_entered(g) + 1, "cards": placements_needed(g)})


PLACEMENT = Step(StepName.PLACEMENT, "table", ("placement",), when=lambda g: placements_needed(g) > 0,
                 complete=lambda g: placements_entered(g) >= placements_needed(g), reminder=_placement_reminder)


# --- the empty areas and the area choice (R4, R21) ---------------------------------------------------------------


def _mark(g: Game) -> None:
    if g.round >= 2:
        rules.fill_empty_areas(g)


def _split(g: Game) -> None:
    if g.round >= 2:
        rules.split_food(g)


def _area_reminder(g: Game, pi: int | None) -> Reminder:
    waiting = [g.players[i].name for i in range(len(g.players)) if i not in g.acted]  # all at once
    return Reminder("tactical" if g.tactical else "", {"waiting": waiting})


MARK = Step(StepName.MARK, "auto", begin=_mark, complete=_done)
AREA = Step(StepName.AREA, "all", ("area",), ("area",), when=lambda g: g.round >= 2, order=previous_clearing,
            tactical_actor="ordered", candidates=lambda g, pi: [(g.players[pi].name, "area", {"area": a})
                                                               for a in data.CUTTING_AREAS],
            reminder=_area_reminder)
SPLIT = Step(StepName.SPLIT, "auto", begin=_split, complete=_done)
