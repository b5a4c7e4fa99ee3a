"""What a parsed line is: `Action`, and the fields of each verb as typed dicts (what `actions.parse` gives and
each handler of verbs/ takes).

At run time the fields are the plain dicts `Action.args` has always held (the log and `--json` see no change);
to a reader and to mypy they say which fields a verb has. `mill` is there only when the line says `millworker:`.
"""

# no `from __future__ import annotations`: TypedDict needs real annotations to know its NotRequired keys
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from .pieces import Bag

AreaBags = dict[str, Bag]  # area -> pieces (`sale:2F dry1:mS`)


@dataclass(frozen=True)
class Action:
    """One parsed line. `player` is None for table actions; `args` holds the verb's typed fields."""

    player: str | None
    verb: str
    args: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    text: str = ""

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)


class NoArgs(TypedDict):
    """`loan`, `done`: the verb alone."""


class PathArgs(TypedDict):
    tokens: list[str]  # the path tokens in the order of the board's token locations (R2)


class PlacementArgs(TypedDict):
    areas: dict[str, Bag]  # cutting area ("1".."6") -> wood and food the card lays there


class TaskArgs(TypedDict):
    value: int
    needs: list[list[Any]]  # [piece, drying stage] once per piece asked (R19), as state.Task holds them


class FixArgs(TypedDict):
    target: str
    field: str  # money, food, ..., a token, workers, `<kind>-hut` or `<area>.<piece>`
    delta: int
    reason: str


class AreaArgs(TypedDict):
    area: int  # a cutting area, 1..6


class GoArgs(TypedDict):
    loc: int
    kind: str  # the location's kind on the game's board (data.Board.kind)
    count: NotRequired[int]  # bearers, woodcutters
    extra: NotRequired[bool]  # sawyers: the paid one too
    task: NotRequired[str]  # tasks
    card: NotRequired[str]  # plan
    pair: NotRequired[int]
    buildings: NotRequired[list[str]]  # buildings (R23)
    buy: NotRequired[Bag]  # market (R17)
    sets: NotRequired[list[Bag]]
    trade: NotRequired[Bag]


class BuildArgs(TypedDict):
    huts: Bag
    using: Bag  # the craftwork tokens named; empty: the program chooses (R16)


class DryhutArgs(TypedDict):
    area: str
    piece: str


class Workers(TypedDict):
    """Who does the job besides hired workers: huts and the mill worker (R6, R25, R33)."""

    hut: int
    mill: NotRequired[bool]


class MillArg(TypedDict, total=False):
    """`millworker:yes|no`, when the line says it."""

    mill: bool


class CutArgs(Workers):
    pieces: Bag


class SnatchArgs(Workers):
    area: int
    pieces: Bag


class DestArgs(Workers):
    """`receive`, `carry`, `wagon`, `sledge`: pieces to the sawing area and the sale area."""

    dest: AreaBags


class RaftArgs(Workers):
    pieces: Bag


class PiecesArgs(TypedDict):
    """`float`, `dry`: the pieces alone."""

    pieces: Bag


class SawArgs(Workers):
    disks: Bag
    store: Bag  # milled pieces to the firewood storage; the rest go to the sale area (R9)


# `sell`, `furnish`, `fill`: pieces by the area they come from (`from` is a keyword, hence the call form)
FromArgs = TypedDict("FromArgs", {"from": AreaBags})
FillArgs = TypedDict("FillArgs", {"task": str, "from": AreaBags})


class KindArgs(TypedDict):
    kind: str  # `bonus`: a disk kind (R13); `river`: the river kind to sell (R8)


class FeedArgs(TypedDict):
    sell: AreaBags  # wood sold to pay the bill (R14)


class HeatArgs(TypedDict):
    logs: Bag | None  # None: the cheapest logs (rules: default_heating)
    sell: AreaBags
