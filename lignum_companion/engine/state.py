"""Typed game state: players' mills, the board, the round and step, and the money ledger.

The state is plain data (dicts, lists, ints) so that it copies fast, compares with ==, and turns into JSON
and back without loss (`to_dict` / `from_dict`). Rules never live here; `rules.py` changes the state.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from . import data
from .pieces import Bag

WOOD_AREAS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")


def _empty_wood() -> dict[str, Bag]:
    return {area: {} for area in WOOD_AREAS}


@dataclass
class Task:
    """A task card as entered by the table (R19): required pieces by drying stage, and its value."""

    id: str
    value: int
    needs: list[list[Any]]  # [[piece, stage], ...] one entry per required piece
    placed: list[bool] = field(default_factory=list)  # parallel to needs

    @property
    def complete(self) -> bool:
        return all(self.placed)

    def missing(self) -> list[list[Any]]:
        """Requirements not yet covered."""
        return [need for need, done in zip(self.needs, self.placed, strict=True) if not done]


@dataclass
class Plan:
    """A planned work (R20): which card, for which round, with which token pair; `used` once it acted."""

    card: str
    round: int
    pair: int
    planned_in: int


@dataclass
class Building:
    """A building tile of the expansion (R23): its name and effect text, as entered, and the table's correction of
    how the program read it (`reading`: a text the program reads instead, or `none`; "" keeps the text's)."""

    name: str
    effect: str = ""
    reading: str = ""


@dataclass
class LedgerEntry:
    """One change of a player's money, with the round and the reason (for the score sheet's ledger)."""

    round: int
    reason: str
    amount: int


@dataclass
class Player:
    """One player's mill and holdings."""

    name: str
    colour: str
    money: int
    loans: int = 0
    debt: int = 0  # R14: unpaid winter costs, deducted at the final scoring
    food: int = 0
    fodder: list[int] = field(default_factory=list)  # values held, at most one of each (R7)
    equipment: Bag = field(default_factory=dict)  # wagon, raft, saw, sledge
    craftwork: Bag = field(default_factory=dict)  # stake, board, shingle, reed, joker
    huts: Bag = field(default_factory=dict)  # drying, food, accom
    workers: Bag = field(default_factory=dict)  # woodcutters, bearers, sawyers hired this round (R6)
    mill_worker: bool = True  # free this round
    wood: dict[str, Bag] = field(default_factory=_empty_wood)
    area: int | None = None  # cutting area token
    pos: int = 0  # foreman on the path; the board's `clearing` once in the clearing
    tasks: list[Task] = field(default_factory=list)
    plans: list[Plan] = field(default_factory=list)
    pairs_used: list[int] = field(default_factory=list)
    cut_done: bool = False
    relocated: bool = False
    took_task: bool = False
    planned: bool = False
    floated: bool = False  # the Log Driving card was used this round
    river_choice: str | None = None  # R8: the kind sold from the river at the final sale
    carpenters: int = 0  # R23: kept for the game, at most 3
    furniture: Bag = field(default_factory=dict)  # R23: milled pieces in the furniture shop, one per kind
    buildings: list[Building] = field(default_factory=list)  # R23: building tiles taken
    ledger: list[LedgerEntry] = field(default_factory=list)
    season_money: list[int] = field(default_factory=list)  # money at the end of each round
    corrections: list[str] = field(default_factory=list)


@dataclass
class Game:
    """The whole state of one game: settings, board, players, and where the round stands."""

    players: list[Player]
    mode: str = "basic"
    variants: list[str] = field(default_factory=list)
    winter_cards: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])  # [food, heat] per year
    pw_cards: dict[str, int] = field(default_factory=dict)  # laid-out planned work card -> tokens on it
    expansion: str = ""  # "" (base game) or "joinery" (R23)
    buildings: list[Building] = field(default_factory=list)  # R23: face-up building tiles not yet taken
    round: int = 1
    step: str = "path"
    turn: int | None = None  # index of the player to act, None for table or simultaneous steps
    start_order: list[int] = field(default_factory=list)
    clearing: list[int] = field(default_factory=list)  # clearing order A, B, C, D of this round
    acted: list[int] = field(default_factory=list)  # players done in the current step
    # R24: after woodcutting each player goes through the steps at their own pace: the step each player is in
    # (the name of the step after the last one once they are through), empty while the table shares one step
    own_steps: list[str] = field(default_factory=list)
    cutting: dict[str, Bag] = field(default_factory=dict)  # "1".."6" -> wood and food
    path: dict[str, str | None] = field(default_factory=dict)  # token location -> token (None = taken)
    supply: Bag = field(default_factory=dict)  # workers and fodder left on the path this round
    placements: int = 0  # placement cards entered this round
    task_display: list[Task] = field(default_factory=list)
    task_seq: int = 0
    next_placements: list[dict[str, Bag]] = field(default_factory=list)  # R21: revealed a round early
    snatched: list[list[int]] = field(default_factory=list)  # [player, area] cut with the Cutting card
    used_locations: list[int] = field(default_factory=list)  # R23: 12 and 16 hold one foreman per round
    marked: list[int] = field(default_factory=list)  # areas that got 1 firewood for being empty this round
    food_taken: list[list[int]] = field(default_factory=list)  # [player, area, food] at this round's reveal
    strict_order: bool = False  # R24: clearing order in every work and winter step (a first game's choice)
    last_move: int | None = None  # the player whose move was entered last: their turn lasts until the next (R24)
    skips: list[list[Any]] = field(default_factory=list)  # [round, step, player, why] players skipped (R24)
    winter_bills: list[dict[str, Any]] = field(default_factory=list)  # settled feeding/heating (prices.WinterSettled)
    # R23: each building effect the program applied ({round, player, tile, moment, gains, stood_in}: buildings.py)
    building_effects: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False

    # --- lookups ---------------------------------------------------------------------------------
    @property
    def season(self) -> str:
        return data.round_season(min(self.round, data.ROUNDS))

    @property
    def year(self) -> int:
        return data.round_year(min(self.round, data.ROUNDS))

    @property
    def winter(self) -> bool:
        return min(self.round, data.ROUNDS) % 4 == 0  # rounds 4 and 8 (and the final steps after 8)

    @property
    def has_tasks(self) -> bool:
        return data.MODE_HAS_TASKS[self.mode]

    @property
    def has_planned_work(self) -> bool:
        return data.MODE_HAS_PLANNED_WORK[self.mode]

    @property
    def board(self) -> data.Board:
        """The supply path in use: the base board or the expansion's 22 locations (R2, R23)."""
        return data.BOARDS[self.expansion]

    @property
    def joinery(self) -> bool:
        return self.expansion == "joinery"

    @property
    def has_tasks_phase(self) -> bool:
        """The tasks phase exists for task cards (R19) and for the furniture shop (R23)."""
        return self.has_tasks or self.joinery

    @property
    def tactical(self) -> bool:
        return "tactical" in self.variants

    def step_of(self, pi: int) -> str:
        """The step player `pi` is in: their own after woodcutting (R24), else the table's."""
        return self.own_steps[pi] if self.own_steps else self.step

    def player_index(self, name: str) -> int | None:
        """Index of a player by name: case and accents aside when unambiguous (names.find_name), or None."""
        for i, p in enumerate(self.players):  # the name as saved, as in every replayed line: unique in a game
            if p.name == name:
                return i
        from .names import find_name

        return find_name([p.name for p in self.players], name)

    def area_bag(self, area: int) -> Bag:
        """What lies on cutting area 1..6, wood and food (the state, as its JSON, keys the areas "1".."6")."""
        return self.cutting[str(area)]

    def occupants(self, location: int) -> list[int]:
        """Players whose foreman stands on a path location."""
        return [i for i, p in enumerate(self.players) if p.pos == location]

    def area_players(self, area: int) -> list[int]:
        """Players whose cutting token stands in an area."""
        return [i for i, p in enumerate(self.players) if p.area == area]

    def clone(self) -> Game:
        """An independent copy (for look-ahead and previews)."""
        return copy.deepcopy(self)

    # --- JSON ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data for `show --json`; `from_dict` rebuilds an equal Game."""
        out = asdict(self)
        out["season"] = self.season
        out["year"] = self.year
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Game:
        """Rebuild a Game from `to_dict` output, or from `lignum show --json` (its added keys are dropped)."""
        raw = {k: v for k, v in raw.items() if k not in ("season", "year", "waiting_for", "format", "forecast",
                                                        "warnings")}
        players = []
        for p in raw.pop("players"):
            p = dict(p)
            p["tasks"] = [Task(**t) for t in p["tasks"]]
            p["plans"] = [Plan(**x) for x in p["plans"]]
            p["ledger"] = [LedgerEntry(**x) for x in p["ledger"]]
            p["buildings"] = [Building(**b) for b in p.get("buildings", [])]
            players.append(Player(**p))
        raw["task_display"] = [Task(**t) for t in raw["task_display"]]
        raw["buildings"] = [Building(**b) for b in raw.get("buildings", [])]
        return cls(players=players, **raw)
