"""Invariants of a Lignum game, checked after every action by the random-play simulator and by the tests.

Two layers. `state_violations(g)` looks at one state alone: no negative counts, at most 4 saws (R17) and 2 loans
(R15), money equal to its ledger, fodder values as R7 allows, drying capacities (R11), hardwood never unsawn in
the sale or drying areas (R7), hired workers only between travel and drying (R6). `Watch` follows a game action
by action and checks what needs the state before: wood is neither created nor destroyed except by the verbs
and automatic steps that may do so, and which over-full drying areas a drying hut (or the Drying card) excuses.
`replay_violations`, `undo_violations` and `json_violations` compare a live state with its log, the log minus
its last line, and its JSON round trip. Every check returns plain sentences; an empty list means all is well.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from lignum_companion.engine import data, flow, prices, rules
from lignum_companion.engine.actions import Action
from lignum_companion.engine.pieces import Bag, add, add_all, total
from lignum_companion.engine.state import WOOD_AREAS, Game

DRYING_AREAS = ("dry1", "dry2", "dry3")
NEXT_AREA = {"sale": "dry1", "dry1": "dry2", "dry2": "dry3"}
WORK_NAMES: list[str] = [str(s.name) for s in flow.WORK_STEPS]
WINTER_NAMES: list[str] = [str(s.name) for s in flow.WINTER_STEPS]
TRAVEL_AT = WORK_NAMES.index("travel")
MARK_AT = WORK_NAMES.index("mark")
DRYING_AT = WORK_NAMES.index("drying")
HEATING_AT = WINTER_NAMES.index("heating")
WOOD_KINDS = frozenset(data.PIECES)
WOOD_AREA_SET = frozenset(WOOD_AREAS)
CUTTING_ITEMS = frozenset(data.KINDS) | {"food"}
WORK_AT = {name: n for n, name in enumerate(WORK_NAMES)}
FOREST = "forest"


# ---------------------------------------------------------------------------------------------------
# one state alone


def _bag_problems(where: str, bag: Bag, allowed: frozenset[str] | None = None) -> list[str]:
    if (not bag or min(bag.values()) > 0) and (allowed is None or bag.keys() <= allowed):
        return []
    out = []
    for name, n in bag.items():
        if n <= 0:
            out.append(f"{where} holds {n} {name} (bags keep only positive counts)")
        if allowed is not None and name not in allowed:
            out.append(f"{where} holds an unknown item {name!r}")
    return out


def state_violations(g: Game, exempt: list[set[str]] | None = None) -> list[str]:
    """Everything that must hold in any state of any game; `exempt[i]` names player i's excused drying areas."""
    out: list[str] = []
    work_round = not g.over and g.round <= data.ROUNDS and not g.winter
    workers_allowed = work_round and g.step in WORK_AT and WORK_AT[g.step] >= TRAVEL_AT
    for i, p in enumerate(g.players):
        who = p.name
        if min(p.money, p.food, p.debt, p.loans) < 0:
            for fld in ("money", "food", "debt", "loans"):
                if getattr(p, fld) < 0:
                    out.append(f"{who}'s {fld} is {getattr(p, fld)} (never negative, R14)")
        if p.loans > data.MAX_LOANS:
            out.append(f"{who} holds {p.loans} loans (at most {data.MAX_LOANS}, R15)")
        if p.equipment.get("saw", 0) > data.MAX_SAWS:
            out.append(f"{who} holds {p.equipment['saw']} saws (at most {data.MAX_SAWS}, R17)")
        ledger = sum([e.amount for e in p.ledger])
        if ledger != p.money:
            out.append(f"{who} has ${p.money} but the ledger adds up to ${ledger} (every change goes through gain)")
        if p.fodder and (not set(p.fodder) <= {2, 3} or len(set(p.fodder)) != len(p.fodder)):
            out.append(f"{who}'s fodder is {p.fodder}: only values 2 and 3, never two of one value (R7)")
        groups = (p.equipment, p.craftwork, p.huts, p.workers)
        if not all(not bag or min(bag.values()) > 0 for bag in groups):
            for group, bag in zip(("equipment", "craftwork", "huts", "workers"), groups, strict=True):
                out += _bag_problems(f"{who}'s {group}", bag)
        if p.wood.keys() != WOOD_AREA_SET:
            out.append(f"{who}'s mill has areas {sorted(p.wood)}")
        if not all(bag.keys() <= WOOD_KINDS and (not bag or min(bag.values()) > 0) for bag in p.wood.values()):
            for area, bag in p.wood.items():
                out += _bag_problems(f"{who}'s {area}", bag, WOOD_KINDS)
        for area in data.SALE_AREAS:
            if p.wood[area].get("H"):
                out.append(f"{who}'s {area} holds unsawn hardwood (hardwood goes to the sawing area only, R7)")
        excused = exempt[i] if exempt else ()
        for area in DRYING_AREAS:
            if area in excused or not p.wood[area]:
                continue
            doubled = area == "dry1" and rules.plan_active(g, p, "drying")
            if not prices.drying_area_fits(p.wood[area], doubled=doubled):
                out.append(f"{who}'s {area} holds {p.wood[area]}: over capacity or mixed (R11)")
        if p.workers and not workers_allowed:
            out.append(f"{who} still has hired workers {p.workers} in {flow.where(g)}; they go back to the path at "
                       "the end of the round (R6)")
        if not p.mill_worker and not (workers_allowed or g.winter and not g.over):
            out.append(f"{who}'s mill worker is still busy in {flow.where(g)}; it is free again each round (R6)")
        for t in p.tasks:
            if len(t.placed) != len(t.needs):
                out.append(f"{who}'s task {t.id} has {len(t.needs)} needs but {len(t.placed)} slots")
        if p.carpenters or p.furniture or p.buildings:
            out += _expansion_problems(g, who, p)
    if not all(bag.keys() <= CUTTING_ITEMS and (not bag or min(bag.values()) > 0) for bag in g.cutting.values()):
        for area, bag in g.cutting.items():
            out += _bag_problems(f"cutting area {area}", bag, CUTTING_ITEMS)
    out += _bag_problems("the path supply", g.supply)
    if g.joinery:
        tiles = [b.name.casefold() for b in g.buildings] + [b.name.casefold() for p in g.players for b in p.buildings]
        if len(tiles) != len(g.players) + data.BUILDINGS_EXTRA or len(set(tiles)) != len(tiles):
            out.append(f"building tiles face up and taken are {sorted(tiles)}: players + 4 different tiles, each "
                       "in one place (R23)")
    if g.over and g.step != "over":
        out.append(f"the game is over but the step is {g.step}")
    return out


def _expansion_problems(g: Game, who: str, p: Any) -> list[str]:
    """R23: at most 3 carpenters; the furniture shop holds milled logs of different kinds, 3 at most."""
    out = []
    if not g.joinery:
        out.append(f"{who} holds carpenters, furniture or buildings in a game without the expansion (R23)")
    if not 0 <= p.carpenters <= data.MAX_CARPENTERS:
        out.append(f"{who} has {p.carpenters} carpenters (0 to {data.MAX_CARPENTERS}, R23)")
    shop = p.furniture
    if any(k not in data.FURNITURE_PIECES or n != 1 for k, n in shop.items()) or total(shop) > data.FURNITURE_MAX:
        out.append(f"{who}'s furniture shop holds {shop}: one milled log of each kind at most (R23)")
    return out


# ---------------------------------------------------------------------------------------------------
# wood bookkeeping


def wood_counts(g: Game) -> dict[Any, Bag]:
    """Pieces per owner: each player's mill plus the pieces on their tasks and in their furniture shop (R23), and
    the forest (cutting areas and, in the tactical variant, the placement cards revealed a round early)."""
    out: dict[Any, Bag] = {}
    for i, p in enumerate(g.players):
        bag: Bag = {}
        for area_bag in p.wood.values():
            for k, n in area_bag.items():
                bag[k] = bag.get(k, 0) + n
        for t in p.tasks:
            for (piece, _), done in zip(t.needs, t.placed, strict=True):
                if done:
                    bag[piece] = bag.get(piece, 0) + 1
        for k, n in p.furniture.items():  # R23: the furniture shop keeps its pieces to the end
            bag[k] = bag.get(k, 0) + n
        out[i] = bag
    forest: Bag = {}
    areas = list(g.cutting.values())
    for card in g.next_placements:
        areas += card.values()
    for area_bag in areas:
        for k, n in area_bag.items():
            if k != "food":
                forest[k] = forest.get(k, 0) + n
    out[FOREST] = forest
    return out


def _step_at(names: list[str], step: str) -> int:
    return names.index(step) if step in names else -1


@dataclass
class _Before:
    round: int
    year: int
    step: str
    winter: bool
    counts: dict[Any, Bag]
    expected: dict[Any, Bag]
    mark_forest: dict[str, Bag]
    actor: int | None
    verb: str
    skip: bool = False
    steps: list[str] | None = None  # each player's own step (R24)
    bills: int = 0  # winter bills settled before the action


def _delta(into: dict[Any, Bag], owner: Any, bag: Bag, sign: int = 1) -> None:
    for k, v in bag.items():
        add(into.setdefault(owner, {}), k, sign * v)


@dataclass
class Watch:
    """Follows one game: call `before(g, action)` before applying and `after(g, action)` once it was accepted."""

    exempt: list[set[str]] = field(default_factory=list)
    _pre: _Before | None = None
    _counts: dict[Any, Bag] | None = None  # wood counts of the state after the last accepted action

    @classmethod
    def start(cls, g: Game) -> Watch:
        return cls([set() for _ in g.players])

    def before(self, g: Game, action: Action) -> None:
        """Note the counts and what this verb may create or destroy, computed on the state before it."""
        pi = g.player_index(action.player) if action.player else None
        exp: dict[Any, Bag] = {}
        a = action.args
        v = action.verb
        p = g.players[pi] if pi is not None else None
        mark_forest = {k: dict(b) for k, b in g.cutting.items()} if pi is None else {}
        if v == "placement":
            card = {area: {k: n for k, n in bag.items() if k in data.KINDS} for area, bag in a["areas"].items()}
            for bag in card.values():
                _delta(exp, FOREST, bag)
            if not g.tactical:
                for area, bag in card.items():
                    add_all(mark_forest.setdefault(area, {}), bag)
        elif p is not None and pi is not None:
            if v == "cut" and not g.winter or v == "snatch":
                _delta(exp, pi, a["pieces"])
                _delta(exp, FOREST, a["pieces"], -1)
            elif v == "cut":
                _delta(exp, pi, {"F": rules.winter_cut_firewood(p, a["hut"], a.get("mill", True))})  # R25
            elif v == "bonus":
                _delta(exp, pi, {a["kind"]: 1})
            elif v == "saw":
                _delta(exp, pi, a["disks"], -1)
                for disk, n in a["disks"].items():
                    _delta(exp, pi, {"m" + disk: n * rules.saw_yield(g, p, disk)})
            elif v == "sell":
                for bag in a["from"].values():
                    _delta(exp, pi, bag, -1)
            elif v in ("feed", "heat"):
                for bag in a["sell"].values():
                    _delta(exp, pi, bag, -1)
                if v == "heat":
                    need = g.winter_cards[g.year - 1][1]
                    logs = a["logs"] if a["logs"] is not None else rules.default_heating(p, need)
                    _delta(exp, pi, logs, -1)
        if self._counts is None:  # a refused action leaves the state as it was, so the counts stay valid
            self._counts = wood_counts(g)
        self._pre = _Before(g.round, g.year, g.step, g.winter, self._counts, exp, mark_forest, pi, v, skip=v == "fix",
                            steps=[g.step_of(i) for i in range(len(g.players))], bills=len(g.winter_bills))

    def after(self, g: Game, action: Action) -> list[str]:
        """All invariants of the new state, plus the wood bookkeeping of this action."""
        pre = self._pre
        self._pre = None
        self._counts = None
        out: list[str] = []
        if pre is not None:
            self._follow_drying(g, pre, action)
            now = wood_counts(g)
            if not pre.skip:
                out += self._conservation(g, pre, now)
            self._counts = now
        out += state_violations(g, self.exempt)
        return out

    # --- drying exemptions (R11: a drying hut ignores capacity; the Drying card doubles dry1) ---------------
    def _follow_drying(self, g: Game, pre: _Before, action: Action) -> None:
        steps = pre.steps or [pre.step] * len(g.players)
        for i in range(len(g.players)):  # the shift of the drying phase happened for this player (R24: own pace)
            if not pre.winter and pre.round <= data.ROUNDS and _step_at(WORK_NAMES, steps[i]) < DRYING_AT and (
                    g.round != pre.round or _step_at(WORK_NAMES, g.step_of(i)) >= DRYING_AT):
                self.exempt[i] = {NEXT_AREA[a] for a in self.exempt[i] if a in NEXT_AREA} | (self.exempt[i] & {"dry3"})
        if g.round != pre.round:
            for i, p in enumerate(g.players):  # a dry1 filled under the Drying card stays full after its round
                planned = any(pl.card == "drying" and pl.round == pre.round for pl in p.plans)
                if planned and p.wood["dry1"] and not prices.drying_area_fits(p.wood["dry1"]):
                    self.exempt[i].add("dry1")
        if action.verb == "dryhut" and pre.actor is not None:
            self.exempt[pre.actor].add(NEXT_AREA[action.args["area"]])
        if action.verb == "fix":
            ti = g.player_index(action.args["target"])
            area = action.args["field"].partition(".")[0]
            if ti is not None and area in DRYING_AREAS:
                self.exempt[ti].add(area)
        for i, p in enumerate(g.players):
            self.exempt[i] = {a for a in self.exempt[i] if p.wood[a]}

    # --- wood neither created nor destroyed except where the rules say --------------------------------------
    def _conservation(self, g: Game, pre: _Before, now: dict[Any, Bag]) -> list[str]:
        expected = {k: dict(v) for k, v in pre.expected.items()}
        if g.round != pre.round and g.round <= data.ROUNDS:
            for i, p in enumerate(g.players):  # Overtime: one hardwood as the season starts (R20)
                if rules.plan_active(g, p, "overtime"):
                    _delta(expected, i, {"H": 1})
        if not pre.winter and pre.round >= 2 and g.round == pre.round and \
                _step_at(WORK_NAMES, pre.step) < MARK_AT <= _step_at(WORK_NAMES, g.step):
            empty = sum(1 for bag in pre.mark_forest.values() if not any(bag.get(k) for k in data.KINDS))
            _delta(expected, FOREST, {"F": empty * data.EMPTY_AREA_FIREWOOD})
        heated = {b["player"] for b in g.winter_bills[pre.bills:] if b["step"] == "heating"}  # R24: own pace
        out: list[str] = []
        if not any(expected.values()) and now == pre.counts:
            return out  # most actions move no wood at all
        for owner in now.keys() | pre.counts.keys():
            a, b, e = now.get(owner, {}), pre.counts.get(owner, {}), expected.get(owner, {})
            residual: Bag = {}
            for k in a.keys() | b.keys() | e.keys():
                d = a.get(k, 0) - b.get(k, 0) - e.get(k, 0)
                if d:
                    residual[k] = d
            if residual and owner in heated and not (owner == pre.actor and pre.verb == "heat"):
                burnt = {k: n for k, n in residual.items() if k.startswith("m") and n < 0}
                need = g.winter_cards[pre.year - 1][1]
                if burnt == residual and -total(burnt) <= need:
                    residual = {}  # heating ran by itself for this player (R14)
            if residual:
                name = "the forest" if owner == FOREST else g.players[owner].name
                out.append(f"wood of {name} changed by {residual} beyond what {pre.verb} and the automatic steps "
                           f"explain (created only by cutting, bonus, overtime, sawing; destroyed only by selling, "
                           f"tasks, heating, forced sales)")
        return out


# ---------------------------------------------------------------------------------------------------
# the log, undo and JSON


def diff(a: Game, b: Game, limit: int = 5) -> str:
    """A short description of where two states differ (for messages)."""
    da, db = a.to_dict(), b.to_dict()
    out: list[str] = []

    def walk(x: Any, y: Any, path: str) -> None:
        if len(out) >= limit:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in sorted(set(x) | set(y), key=str):
                walk(x.get(k), y.get(k), f"{path}.{k}")
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for n, (xi, yi) in enumerate(zip(x, y, strict=True)):
                walk(xi, yi, f"{path}[{n}]")
        elif x != y:
            out.append(f"{path or '.'}: {x!r} != {y!r}")

    walk(da, db, "")
    return "; ".join(out) or "(equal as JSON)"


def json_violations(g: Game) -> list[str]:
    """`Game.to_dict()` through JSON text and back must give an equal state (`show --json` round-trips)."""
    from lignum_companion.engine.state import Game as GameType

    back = GameType.from_dict(json.loads(json.dumps(g.to_dict())))
    return [] if back == g else [f"the JSON round trip changes the state: {diff(g, back)}"]


def replay_violations(gf: Any, g: Game) -> list[str]:
    """The game file, written out and read back, must replay to the live state."""
    from lignum_companion.engine import LignumError
    from lignum_companion.gamefile import store as gamefile

    try:
        again = gamefile.replay(gamefile.parse_text(gamefile.render(gf)))
    except LignumError as e:
        return [f"the log does not replay: {e}"]
    return [] if again == g else [f"replaying the log gives another state: {diff(g, again)}"]


def undo_violations(gf: Any, before: Game, n: int = 1) -> list[str]:
    """Dropping the last n lines (undo) and replaying must give the state before them exactly."""
    from lignum_companion.engine import LignumError
    from lignum_companion.gamefile import store as gamefile

    try:
        again = gamefile.replay(gamefile.drop_last(gf, n))
    except LignumError as e:
        return [f"undo of {n} line(s) does not replay: {e}"]
    return [] if again == before else [f"undo of {n} line(s) does not restore the state: {diff(before, again)}"]


__all__ = ["Watch", "diff", "json_violations", "replay_violations", "state_violations", "undo_violations",
           "wood_counts"]
