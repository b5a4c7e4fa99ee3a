"""The table's advisor: the coming winter's bill per player, and warnings about losses a table forgets.

Pure like the rest of the engine: it reads a Game and returns data (kinds, players, ruling ids and figures);
every client words it from templates. Nothing here changes the state, and every price comes from prices.py
and rules.py, so the forecast is the same sum the winter will charge (R14).

A warning belongs to one step: `Alert.key` names the round, the step, the kind, the player and what it is
about. `Announcer` turns the warnings of successive states into "new in this step" so that each one is said
once per step, the same way in every client and in a replay of the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, cast

from . import data, prices, rules, steps
from .actions import Action
from .errors import IllegalAction
from .flow import apply
from .legal import candidates
from .pieces import Bag, format_bag, take_all, total
from .state import Game, Player, Task
from .steps import StepName

if TYPE_CHECKING:
    from .args import GoArgs

WINTER_ROUNDS = (4, 8)
FORECAST_SEASONS = ("summer", "fall", "winter")  # clients show the forecast from the summer before a winter
# The steps of a round in order, for "is this step still to come": a winter's own steps, its table's placement
# cards aside (R32: they change no mill), so that the forecast reads the same at them as before the winter.
_WORK_ORDER = steps.NAMES["work"]
_WINTER_ORDER = tuple(s.key for s in steps.WINTER_STEPS if s.actor != "table")


# ---------------------------------------------------------------------------------------------------
# the winter forecast (R13, R14)


@dataclass(frozen=True)
class Forecast:
    """What the coming winter asks of one player and what it would cost as things stand (R14).

    `food` and `heating` are the engine's own WinterBill walks, in the order the winter charges them;
    `heating_if_made` is the heating bill if the player also saws the disks of their sawing area with the saws
    and sawyers they hold (`logs_can_make`). `food_sale` and `heating_sale` are the forced sales that would
    follow the loans (area -> pieces: the cheapest wood first, the logs the heating burns last), `sale_needed`
    the dollars they must raise, `sellable` what the mill's wood would bring (the logs the heating needs left
    out), and `debt` what would remain unpaid.
    """

    player: str
    year: int
    food: prices.WinterBill
    heating: prices.WinterBill
    logs_can_make: int
    heating_if_made: prices.WinterBill
    cost: int
    loans_forced: int
    sale_needed: int
    food_sale: dict[str, Bag]
    heating_sale: dict[str, Bag]
    sellable: int
    debt: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def winter_round(g: Game) -> int | None:
    """The round of the next winter still to be charged (4 or 8); None while a winter charges (its feeding and
    heating: the winter summary takes over) and after the second winter."""
    for r in WINTER_ROUNDS:
        if g.round < r:
            return r
        if g.round == r:
            return None if _step_reached(g, StepName.FEEDING) else r
    return None


def forecast_due(g: Game) -> bool:
    """Whether clients show the forecast now: from the summer before each winter until its feeding step."""
    return not g.over and winter_round(g) is not None and g.season in FORECAST_SEASONS


def _step_reached(g: Game, step: str) -> bool:
    """Whether the round has come to `step` of its own steps or gone past it."""
    order = _WINTER_ORDER if g.winter else _WORK_ORDER
    return g.step in order and order.index(g.step) >= order.index(step)


def _said_here(g: Game, kind: str, pi: int | None = None) -> bool:
    """Whether the step (the table's, or player `pi`'s own, R24) says warnings of this kind (Step.alerts)."""
    return kind in (steps.current(g) if pi is None else steps.of_player(g, pi)).alerts


def _step_ahead(g: Game, step: str) -> bool:
    """Whether `step` of the current round is still to come (or is the current step)."""
    order = _WINTER_ORDER if g.winter else _WORK_ORDER
    if g.step not in order:
        return False
    return order.index(g.step) <= order.index(step)


def logs_can_make(g: Game, p: Player) -> int:
    """Milled logs the disks in the sawing area give, sawn with the saws and sawyers the player holds (R9)."""
    if _step_ahead(g, StepName.SAWING):
        workers = rules.available_workers(g, p, "sawyers")
    elif not g.winter:
        workers = 1 + p.huts.get("accom", 0)  # a later round: the mill worker again, hired sawyers unknown
    else:
        workers = 0
    jobs = min(p.equipment.get("saw", 0), workers)
    per_job = 2 if rules.plan_active(g, p, "sawing") else 1
    disks: list[int] = []
    for disk, n in p.wood["saw"].items():
        disks += [rules.saw_yield(g, p, disk)] * n
    disks.sort(reverse=True)
    return sum(disks[: jobs * per_job])


def _sale_order(wood: dict[str, Bag], keep: Bag) -> list[tuple[str, str]]:
    """Pieces in the order a forced sale takes them: other wood cheapest first, then stored logs, `keep` last."""
    spare = dict(wood.get("store", {}))
    take_all(spare, keep)
    items = []
    for area, bag in wood.items():
        for piece, n in (spare if area == "store" else bag).items():
            items += [(area != "store", rules.forced_sale_value({area: {piece: 1}}), area, piece)] * n
    items.sort(key=lambda x: (not x[0], x[1]))
    last = sorted((rules.forced_sale_value({"store": {pc: 1}}), "store", pc)
                  for pc, n in keep.items() for _ in range(n))
    return [(a, pc) for _, _, a, pc in items] + [(a, pc) for _, a, pc in reversed(last)]


def _forced_sale(wood: dict[str, Bag], keep: Bag, short: int) -> dict[str, Bag]:
    """The smallest run of that order worth `short` dollars (or all of it): what R14 makes a player sell."""
    sale: dict[str, Bag] = {}
    got = 0
    for area, piece in _sale_order(wood, keep):
        if got >= short:
            break
        bag = sale.setdefault(area, {})
        bag[piece] = bag.get(piece, 0) + 1
        got += rules.forced_sale_value({area: {piece: 1}})
    return sale


def _pay(bill: prices.WinterBill, wood: dict[str, Bag], keep: Bag) -> tuple[dict[str, Bag], int, int]:
    """The forced sale a bill needs, the money left after paying, and the debt left (R14)."""
    if not bill.still_short:
        return {}, bill.money_after_loans - bill.cost, 0
    sale = _forced_sale(wood, keep, bill.still_short)
    for area, bag in sale.items():
        take_all(wood[area], bag)
    cash = bill.money_after_loans + rules.forced_sale_value(sale)
    return sale, max(0, cash - bill.cost), max(0, bill.cost - cash)


def _bill_reached(g: Game, pi: int) -> bool:
    """Whether player `pi` has reached this winter's bills at their own pace (R24): from their feeding step on, the
    bill itself is said, so a forecast of it would be stale (issue 32: "9 missing" after it was paid)."""
    if not g.winter or g.round > data.ROUNDS:
        return False
    own = g.step_of(pi)
    return own in (StepName.FEEDING, StepName.HEATING, StepName.WEND) or \
        any(b["round"] == g.round and b["player"] == pi for b in g.winter_bills)


def forecast(g: Game, pi: int) -> Forecast | None:
    """The next winter's bill for player `pi` if nothing changes before it, or None after the last one.

    It walks feeding, then heating, as the winter does: the food bill with the loans it forces, the wood sold
    for it, then the heating bill with the logs left. Every sum comes from prices.winter_bill and the forced
    sale prices of rules.py.
    """
    if winter_round(g) is None or _bill_reached(g, pi):
        return None
    p = g.players[pi]
    food_need, heat_need = rules.winter_need(g, p)
    wood = {area: dict(bag) for area, bag in rules.sellable_in_winter(p).items()}
    wood.setdefault("store", {})
    burn = rules.default_heating(p, heat_need)
    value = rules.forced_sale_value({a: b for a, b in wood.items() if a != "store"}) + \
        rules.forced_sale_value({"store": {k: n - burn.get(k, 0) for k, n in wood["store"].items()}})
    food = prices.winter_bill(food_need, min(p.food, food_need), p.money, p.loans)
    food_sale, money, food_debt = _pay(food, wood, burn)
    logs = min(total(wood["store"]), heat_need)
    loans = p.loans + food.loans_taken
    heating = prices.winter_bill(heat_need, logs, money, loans)
    wood["store"] = {} if heating.missing else wood["store"]  # short of logs, every stored log is burnt
    heat_sale, _, heat_debt = _pay(heating, wood, {})
    make = logs_can_make(g, p)
    heating_if_made = prices.winter_bill(heat_need, min(logs + make, heat_need), money, loans)
    return Forecast(
        player=p.name, year=g.year, food=food, heating=heating, logs_can_make=make,
        heating_if_made=heating_if_made, cost=food.cost + heating.cost,
        loans_forced=food.loans_taken + heating.loans_taken, sale_needed=food.still_short + heating.still_short,
        food_sale=food_sale, heating_sale=heat_sale, sellable=value, debt=food_debt + heat_debt,
    )


def forecasts(g: Game) -> list[Forecast]:
    """The forecast of every player, in seat order (empty after the second winter)."""
    out = [forecast(g, i) for i in range(len(g.players))]
    return [f for f in out if f is not None]


# ---------------------------------------------------------------------------------------------------
# warnings


@dataclass(frozen=True)
class Alert:
    """One warning: what kind, for whom, under which ruling, with its figures, in which round and step."""

    kind: str
    player: str
    rule: str
    round: int
    step: str
    subject: str = ""  # what it is about (a task id, a card), so that the key stays the same within a step
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.round}:{self.step}:{self.kind}:{self.player}:{self.subject}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "rule": self.rule, "round": self.round,
                "step": self.step, "subject": self.subject, "figures": dict(self.figures), "key": self.key}


KINDS = ("dry3-sale", "dry3-sale-task", "sawyers-no-saw", "saw-area-no-saw", "plan-unmet", "task-lost",
         "task-ready", "huts-unused", "food-unused", "fodder-unused", "river-last-fall", "last-winter-cut",
         "broke-move")
LAST_FALL, LAST_WINTER = data.ROUNDS - 1, data.ROUNDS
# Kinds whose changing count does not change what the table should do (one more sawyer still saws nothing without
# a saw, R9; one more fodder is still worth nothing without a wagon, R7): a client says them once a round per
# player, whatever their figures; kinds in one group are one warning (both say 'no saw'). Money, loans, tasks and
# plans keep their figures: a new figure there is news.
ONCE_A_ROUND = {"sawyers-no-saw": "no-saw", "saw-area-no-saw": "no-saw", "fodder-unused": "fodder-unused"}
_Say = Callable[..., None]  # alert(kind, rule, subject="", **figures): one warning for the player in hand


def warnings(g: Game) -> list[Alert]:
    """Every warning that holds now and can still be acted on, in seat order, then by kind."""
    if g.over or g.round > data.ROUNDS:
        return []
    out: list[Alert] = []
    for pi, p in enumerate(g.players):
        def alert(kind: str, rule: str, subject: str = "", **figures: Any) -> None:
            out.append(Alert(kind, p.name, rule, g.round, g.step_of(pi), subject, figures))  # noqa: B023

        _dry3(g, p, alert)
        _no_saw(g, p, alert)
        _plans(g, p, alert)
        _tasks(g, p, alert)
        _end_of_game(g, pi, p, alert)
    _broke(g, out)
    return out


def _dry3(g: Game, p: Player, alert: _Say) -> None:
    """R12: wood in the third drying area is sold in this round's selling phase; said as the round's trip starts."""
    if _said_here(g, "dry3-sale") and p.wood["dry3"]:
        pieces = p.wood["dry3"]
        dollars = sum(prices.sale_price(k, "dry3") * n for k, n in pieces.items())
        # pieces an open task can take first, in this round's tasks phase (R19 comes before the sale)
        fits = sum(min(n, sum(1 for t in p.tasks for pc, st in t.missing() if pc == k and st == 2))
                   for k, n in pieces.items()) if g.has_tasks_phase else 0
        alert("dry3-sale-task" if fits else "dry3-sale", "R12", pieces=format_bag(pieces, data.PIECES),
              dollars=dollars)


def _no_saw(g: Game, p: Player, alert: _Say) -> None:
    """R9: sawing needs a saw as well as a sawyer; said when sawyers are hired or wood is carried to the sawing
    area by a player who holds no saw (as a planned Sawing card without a saw is, R20)."""
    if p.equipment.get("saw"):
        return
    if _said_here(g, "sawyers-no-saw") and p.workers.get("sawyers"):
        alert("sawyers-no-saw", "R9", sawyers=p.workers["sawyers"])
    elif _said_here(g, "saw-area-no-saw") and p.wood["saw"]:
        alert("saw-area-no-saw", "R9", pieces=format_bag(p.wood["saw"], data.PIECES))


# --- planned work (R20) ---------------------------------------------------------------------------------


def _craft_sets(p: Player) -> int:
    jokers = p.craftwork.get("joker", 0)
    best = max((n for k, n in p.craftwork.items() if k != "joker"), default=0)
    return best + jokers


def _hut_kinds(p: Player) -> int:
    kinds = sum(1 for k in data.HUT_CRAFTWORK if p.craftwork.get(k))
    return min(3, kinds + p.craftwork.get("joker", 0))


def plan_shortfall(g: Game, p: Player, card: str) -> dict[str, int]:
    """What a planned card due now lacks to work, as named counts (empty when its needs are met; R20)."""
    saws = p.equipment.get("saw", 0)
    if card == "trade":
        held = sum(p.equipment.get(t, 0) for t in data.TRADE_CARD_TOKENS)
        return {} if held else {"trade_tokens": 0}
    if card == "craftwork":
        best = _craft_sets(p)
        return {} if best >= 2 else {"identical_craftwork": best}
    if card == "hut-construction":
        hut_kinds = _hut_kinds(p)
        return {} if hut_kinds >= 2 else {"hut_kinds": hut_kinds}
    if card in ("sawing", "heating-supply"):
        kinds = ("F",) if card == "heating-supply" else data.KINDS
        # disks that can be in the sawing area by the sawing step: there now, on the woodpile or the river,
        # or (before cutting) in the player's cutting area
        disks = sum(p.wood[a].get(k, 0) for a in ("saw", "woodpile", "river") for k in kinds)
        if not g.winter and p.area:
            disks += sum(rules.area_wood(g, p.area).get(k, 0) for k in kinds)
        sawyers = rules.available_workers(g, p, "sawyers")
        out = {"saws": saws, "sawyers": sawyers, "disks": disks}
        return {} if saws and sawyers and disks else out
    if card == "food-supply":
        rafts = p.equipment.get("raft", 0) + (data.LOG_DRIVING_CARD_PIECES if rules.plan_active(g, p, "log-driving")
                                              else 0)
        return {} if rafts else {"rafts": 0}
    return {}  # drying, overtime, log-driving, cutting: nothing to prepare that the table could forget


def _plan_window(g: Game, p: Player) -> bool:
    """A plan's last chance to prepare: on the path before the clearing; in winter, before its first work step."""
    if g.winter:
        return _said_here(g, "plan-unmet", g.players.index(p))  # R24: the player's own step (the bonus)
    return _said_here(g, "plan-unmet") and p.pos != g.board.clearing  # the trip


_MARKET_CARDS = ("craftwork", "trade")  # planned work that acts only in a sale at the market (R17, R20)


def _plans(g: Game, p: Player, alert: _Say) -> None:
    if not g.has_planned_work or not _plan_window(g, p):
        return
    market_behind = not g.winter and p.pos >= g.board.loc("market")
    for pl in p.plans:
        if pl.round == g.round:
            if pl.card in _MARKET_CARDS and market_behind:  # nothing left to prepare: the market's visit is over
                continue  # (a tryout: the Craftwork warning came right after the sale it was planned for, R17)
            short = plan_shortfall(g, p, pl.card)
            if short:
                alert("plan-unmet", "R20", pl.card, card=pl.card, season=g.season, **short)


# --- tasks (R19) ----------------------------------------------------------------------------------------

_DRYINGS_TO_STAGE = {  # drying phases a piece in an area needs to reach a task stage (R11, R19)
    0: {"sale": 0, "dry1": 0},
    1: {"sale": 2, "dry1": 1, "dry2": 0},
    2: {"sale": 3, "dry1": 2, "dry2": 1, "dry3": 0},
}


def _dryings_left(g: Game) -> int:
    """Drying phases still to come before the last tasks phase (the second winter's; R11, R19)."""
    rounds = [r for r in range(g.round, data.ROUNDS) if data.round_season(r) != "winter"]
    if rounds and rounds[0] == g.round and (g.step == StepName.DRYING or not _step_ahead(g, StepName.DRYING)):
        rounds = rounds[1:]  # the drying move happens as its step begins
    return len(rounds)


def hut_moves(g: Game, p: Player) -> int:
    """At most how many one-area moves drying huts can still make before the last tasks phase (R11, R16).

    Huts held, huts the held craftwork builds, and (an upper bound) huts from craftwork tokens still on the path
    ahead of the foreman this round or on the paths of later rounds (at most 3 craftwork tokens each).
    """
    usable = data.HUT_CRAFTWORK + ("joker",)
    held = sum(p.craftwork.get(k, 0) for k in usable)
    ahead = 0
    if g.step == StepName.TRAVEL or (not g.winter and _step_ahead(g, StepName.PATH)):
        ahead = sum(1 for loc, tok in g.path.items() if tok in usable and int(loc) > p.pos) if g.path else 3
    later = 3 * len([r for r in range(g.round + 1, data.ROUNDS) if data.round_season(r) != "winter"])
    per_set = 2 if rules.plan_active(g, p, "hut-construction") else 3
    if ahead or later:
        return p.huts.get("drying", 0) + (held + ahead + later) // per_set * per_set
    return p.huts.get("drying", 0) + (held // per_set * per_set if _hut_kinds(p) >= per_set else 0)


def _need_reachable(g: Game, p: Player, piece: str, stage: int) -> bool:
    """Whether some piece could still lie at `stage` in a tasks phase: one in the mill, or new wood (R19).

    Asked at the start of a round (travel, or the second winter's bonus step), when this round's tasks phase
    is still ahead. Drying-area capacity is ignored, so "lost" means lost whatever the player does.
    """
    if g.round == data.ROUNDS and not _step_ahead(g, StepName.TASKS):
        return False
    left = _dryings_left(g) + hut_moves(g, p)
    for area, dryings in _DRYINGS_TO_STAGE[stage].items():
        if dryings <= left and p.wood[area].get(piece):
            return True
    # new wood reaches the sale area in a transport or sawing step: this round's if still ahead, else later
    arrives_now = _step_ahead(g, StepName.SAWING)
    if stage == 0:
        return arrives_now or g.round < data.ROUNDS
    left_new = left if arrives_now or g.winter else left - (1 if _step_ahead(g, StepName.DRYING) else 0)
    return _DRYINGS_TO_STAGE[stage]["sale"] <= left_new


def task_lost(g: Game, p: Player, t: Task) -> list[list[Any]]:
    """The missing needs of a task that no piece can meet any more before the last tasks phase (R19)."""
    return [[pc, st] for pc, st in t.missing() if not _need_reachable(g, p, pc, st)]


def task_ready(g: Game, pi: int, t: Task) -> bool:
    """Whether the pieces in the mill complete the task now (R19), by the engine's own fills: the tasks step's
    legal fills, one piece after another, each made by the fill verb on a copy of the game; no matching of its
    own, so that this warning and the tasks reminder say what the tasks step will accept."""
    from .steps.work import TASKS
    from .verbs.mill import HANDLERS

    if t.complete:
        return False
    trial = g.clone()
    for _ in t.missing():
        fill = next((args for _, verb, args in TASKS.candidates(trial, pi)
                     if verb == "fill" and args["task"] == t.id), None)
        if fill is None:
            return False
        HANDLERS["fill"](trial, pi, fill)
    return True


def _tasks(g: Game, p: Player, alert: _Say) -> None:
    if not g.has_tasks:
        return
    pi = g.players.index(p)  # R24: the player's own step after woodcutting
    ready = _said_here(g, "task-ready", pi)
    lost = _said_here(g, "task-lost", pi) and (not g.winter or g.round == LAST_WINTER)  # the trip, the last bonus
    for t in p.tasks:
        if t.complete:
            continue
        if ready and task_ready(g, pi, t):
            alert("task-ready", "R19", t.id, task=t.id, value=t.value)
        if lost:
            needs = task_lost(g, p, t)
            if needs:
                alert("task-lost", "R19", t.id, task=t.id, value=t.value,
                      needs=[f"{pc}@{st}" for pc, st in needs])


# --- things worth nothing at the end ---------------------------------------------------------------------


def _end_of_game(g: Game, pi: int, p: Player, alert: _Say) -> None:
    if g.round == LAST_FALL and _said_here(g, "fodder-unused") and p.fodder and not p.equipment.get("wagon"):
        alert("fodder-unused", "R7", fodder=len(p.fodder))
    if g.round == LAST_FALL and _said_here(g, "river-last-fall", pi) and p.wood["woodpile"]:  # R24: own step
        rafts = p.equipment.get("raft", 0)
        if rafts or (rules.plan_active(g, p, "log-driving") and not p.floated):
            alert("river-last-fall", "R8", rafts=rafts)
    if g.round != LAST_WINTER or not _said_here(g, "huts-unused", pi):  # the last winter's cut
        return
    usable = _huts_usable(g, pi, p)  # a hut named here is one a menu offers this winter (issue 32)
    if sum(usable.values()):
        alert("huts-unused", "R16", huts=format_bag(usable, data.HUT_AREAS), count=sum(usable.values()))
    food_need, heat_need = rules.winter_need(g, p)
    if p.food > food_need:
        alert("food-unused", "R14", food=p.food, need=food_need, surplus=p.food - food_need)
    if (p.mill_worker or p.huts.get("accom")) and not _cut_can_heat(p, heat_need):
        alert("last-winter-cut", "R13", firewood=rules.winter_cut_firewood(p, p.huts.get("accom", 0)))


def _huts_usable(g: Game, pi: int, p: Player) -> Bag:
    """The huts a player can still spend: a food-storage hut only with food on a free area (R16, R29), a drying
    hut only with wood that can move on (R11, R16); accommodation huts cut in winter (R25)."""
    from .verbs.common import free_area

    food = any(g.area_bag(a).get("food") and free_area(g, pi, a) for a in data.CUTTING_AREAS)
    drying = any(p.wood[a] for a in ("sale", "dry1", "dry2"))
    return {h: n for h, n in p.huts.items() if n and (h != "food" or food) and (h != "drying" or drying)}


def _cut_can_heat(p: Player, heat_need: int) -> bool:
    """Whether wood cut in the last winter can still be sledged, sawn and burnt (R13, R25, R14).

    The cut, the sledge and the saw take one worker each: the mill worker (who cuts, or with `cut hut:N
    millworker:no` stays free to sledge or saw, R25) and the accommodation huts count alike, so three are needed
    whoever cuts; two huts are not enough once the mill worker is spent.
    """
    workers = int(p.mill_worker) + p.huts.get("accom", 0)
    return bool(p.equipment.get("sledge") and p.equipment.get("saw")) and workers >= 3 and \
        total(p.wood["store"]) < heat_need


# --- a move that leaves nothing to pay with (R3, R15) ---------------------------------------------------


def _move_cost(g: Game, p: Player, action: Action) -> int:
    """Dollars a path move takes from the player, from the engine's own prices (R3, R17, R19, R20, R23)."""
    a = action.args
    kind = a.get("kind") or g.board.kind(a["loc"])
    if kind in ("bearers", "woodcutters"):
        return data.WORKER_PRICE * int(a.get("count", 1))
    if kind == "fodder":
        return data.WORKER_PRICE
    if kind == "sawyers":
        return data.WORKER_PRICE if a.get("extra") else 0
    if kind == "tasks":
        return data.TASK_COST
    if kind == "plan":
        return rules.plan_cost(g, a["card"])
    if kind == "market":
        try:
            income, cost, _ = rules.market_value(g, p, cast("GoArgs", a))
        except IllegalAction:
            return 0
        return cost - income
    return 0  # tokens are free (the coin even pays), and so are buildings, carpenters and the clearing


def _broke(g: Game, out: list[Alert]) -> None:
    """On the path: moves after which the player has $0 and no loan left, so nothing more can be bought."""
    if not _said_here(g, "broke-move") or g.turn is None:
        return
    p = g.players[g.turn]
    if p.loans < data.MAX_LOANS or p.money <= 0:
        return
    moves = []
    for action in candidates(g, player=g.turn, free=False):
        if action.verb != "go" or _move_cost(g, p, action) != p.money:
            continue
        trial = g.clone()  # the engine is the judge of whether the move is legal at all
        try:
            apply(trial, action, record=False, keep=False)
        except IllegalAction:
            continue
        if trial.players[g.turn].money == 0:
            moves.append(action.text)
    if moves:
        out.append(Alert("broke-move", p.name, "R15", g.round, g.step, "", {"money": p.money, "moves": moves}))


# ---------------------------------------------------------------------------------------------------
# once per step


class Announcer:
    """Says each warning once per step: `news(g)` gives the warnings not yet given in this step.

    Feed it the states of a game in order (after each action); it forgets the keys of earlier steps. Every
    client that walks the same log gets the same news at the same line.
    """

    def __init__(self) -> None:
        self.where: tuple[int, str] = (0, "")
        self.seen: set[str] = set()

    def news(self, g: Game) -> list[Alert]:
        # An alert's key holds its round and the player's own step (R24: players are in different steps after
        # woodcutting), so the keys of a round are kept until the round ends.
        here = (g.round, "")
        if here != self.where:
            self.where, self.seen = here, set()
        fresh = [a for a in warnings(g) if a.key not in self.seen]
        self.seen.update(a.key for a in fresh)
        return fresh


# ---------------------------------------------------------------------------------------------------
# the projected final score


def projected(g: Game) -> dict[str, Any]:
    """The final score if the game ended now: scoring.score (final sale at today's prices, the river sale,
    complete tasks, loans repaid, debts), marked `projected`, with the wood each player would leave unsold
    (woodpile, sawing area, firewood storage: nothing there is sold at the end; R8, R10, R15)."""
    from .scoring import score

    result = score(g)
    result["projected"] = True
    for row in result["players"]:
        pi = g.player_index(row["name"])
        assert pi is not None  # the score names the game's own players
        p = g.players[pi]
        row["unsold"] = {a: dict(p.wood[a]) for a in ("woodpile", "saw", "store") if p.wood[a]}
    return result
