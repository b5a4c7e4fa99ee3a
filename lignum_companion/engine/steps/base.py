"""What a step is: its name, who acts, its verbs and the hooks through which the engine asks it everything else.

Like boardgame.io's phases, a step is data plus its hooks. The flow (flow.py, pace.py), the legal moves
(legal.py), the advisor (advice.py) and the reminders (views/game.py) ask the step object and never branch on
its name; a step's own module (table.py, travel.py, work.py, winter.py) holds all the engine knows of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product
from typing import Any

from ..errors import IllegalAction
from ..pieces import Bag
from ..state import Game


class StepName(StrEnum):
    """Every step's name, as the game file, the state JSON and the templates spell it (a str: `== "drying"`)."""

    BEGIN = "begin"
    PATH = "path"
    REVEAL = "reveal"
    PLACEMENT = "placement"
    MARK = "mark"
    AREA = "area"
    SPLIT = "split"
    TRAVEL = "travel"
    CUTTING = "cutting"
    ARRIVAL = "arrival"
    TRANSPORT = "transport"
    SAWING = "sawing"
    TASKS = "tasks"
    SELLING = "selling"
    DRYING = "drying"
    END = "end"
    WINTER = "winter"
    BONUS = "bonus"
    FEEDING = "feeding"
    HEATING = "heating"
    WEND = "wend"
    RIVER = "river"
    OVER = "over"


# A candidate move: (player name, verb, args), made into an Action by legal.py.
Candidate = tuple[str | None, str, dict[str, Any]]


@dataclass(frozen=True)
class Reminder:
    """What a step's reminder needs from the engine: the situation within the step (`variant`: '' or e.g.
    'winter', 'hut', 'tactical'; the template is `<step>_<variant>`) and its figures (numbers, bags, names),
    which the client puts in words (views/game.py keeps one renderer per step)."""

    variant: str = ""
    figures: dict[str, Any] = field(default_factory=dict)


# --- turn-order presets (R18, R21) -----------------------------------------------------------------------------


def start_order(g: Game) -> list[int]:
    """The path is travelled in starting order (R18)."""
    return list(g.start_order)


def previous_clearing(g: Game) -> list[int]:
    """Areas are chosen in the clearing order of the previous round (R21): the starting order reversed."""
    return list(reversed(g.start_order))


def clearing_order(g: Game) -> list[int]:
    """Every step after the trip goes in this round's clearing order (R18)."""
    return list(g.clearing) if g.clearing else list(g.start_order)


# --- hooks a step leaves out -----------------------------------------------------------------------------------


def always(g: Game) -> bool:
    return True


def never(g: Game, pi: int) -> bool:
    return False


def some_work(g: Game, pi: int) -> bool:
    return True


def nothing(g: Game, pi: int) -> str:
    return "nothing"


def no_free_verb(g: Game, pi: int, verb: str) -> bool:
    return False


def no_moves(g: Game, pi: int) -> list[Candidate]:
    return []


def plain(g: Game, pi: int | None) -> Reminder:
    return Reminder()


def everyone_acted(g: Game) -> bool:
    return len(g.acted) == len(g.players)


@dataclass(frozen=True)
class Step:
    """One step of a round and all the engine knows of it.

    actor: table | all (simultaneous) | path | clearing | auto. A `clearing` step other than the woodcutting phase
    (`binds_order`) is played in any player order (actor kind `free`, R24) unless the game is set to strict order.
    """

    name: StepName
    actor: str
    verbs: tuple[str, ...] = ()
    ends_turn: tuple[str, ...] = ()  # verbs after which the player's turn in this step is over
    when: Callable[[Game], bool] = always  # whether this round has the step (mode, expansion, season)
    begin: Callable[[Game], None] | None = None  # as the step starts
    begin_player: Callable[[Game, int], None] | None = None  # as each player enters it (R24: their own pace)
    complete: Callable[[Game], bool] = everyone_acted  # the table's step is over
    order: Callable[[Game], list[int]] = clearing_order  # the order of turns in it
    tactical_actor: str = ""  # the actor kind in the tactical variant, when it differs (R21)
    ends_round: bool = False  # its begin moves the game to the next round: the next list starts from its top
    binds_order: bool = False  # clearing order binds even after the trip (the woodcutting phase, R24)
    hut_verbs: bool = True  # the drying and food-storage huts may be used in it (R16)
    work: Callable[[Game, int], bool] = some_work  # whether the player has a move of the step left, huts aside
    optional: Callable[[Game, int], bool] = never  # a move the player may still make but need not (R24, R28)
    binding: Callable[[Game, int], bool] | None = None  # a move the next entry may not pass over (default: work)
    skip: Callable[[Game, int], str] = nothing  # why a player has nothing to do (templates: skip_<key>)
    auto: tuple[str, dict[str, Any]] | None = None  # the verb that settles a skipped player's step (R14)
    # a free verb (a hut) that first ends the player's turn in this step at their own pace (R11: a drying hut
    # after a sale starts their drying, as it did when one sale ended the selling step)
    closed_by: Callable[[Game, int, str], bool] = no_free_verb
    must: Callable[[Game, int], IllegalAction | None] | None = None  # the refusal naming a move that cannot lapse
    candidates: Callable[[Game, int], list[Candidate]] = no_moves  # representative moves for legal_actions
    reminder: Callable[[Game, int | None], Reminder] = plain  # the reminder's situation and figures
    alerts: frozenset[str] = frozenset()  # the advisor's warnings said in this step (advice.py)
    # worked out once (a hot path): the name as the plain string the state holds, and whether the step can be
    # played at each player's own pace (R24: any step after the trip but woodcutting, unless the game is strict)
    key: str = field(init=False, repr=False, compare=False)
    paced: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", self.name.value)
        object.__setattr__(self, "paced", self.actor == "clearing" and not self.binds_order)

    @property
    def players_act(self) -> bool:
        """Whether players (not the table, not the engine by itself) make the moves of this step."""
        return self.actor not in ("table", "auto")


def bags_up_to(avail: Bag, most: int, kinds: tuple[str, ...]) -> list[Bag]:
    """Every bag of the given kinds drawn from `avail` with 1..most pieces (few kinds, small counts)."""
    ranges = [range(0, min(avail.get(k, 0), most) + 1) for k in kinds]
    out = []
    for counts in product(*ranges):
        n = sum(counts)
        if 1 <= n <= most:
            out.append({k: c for k, c in zip(kinds, counts, strict=True) if c})
    return out
