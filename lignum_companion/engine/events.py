"""What an action did, as typed data: the engine's events, made where each change happens (issue 29, section 1).

`flow.apply` returns the events of one action and `engine.play` returns them in a `Played`; clients word them
(views/events.py) and scripts read them as JSON (`to_json`, docs/events.md), so no client compares states to
guess what moved. Events hold no words: codes, counts, bags of pieces, ruling ids. The keys are stable.

Recording is tied to the game object being changed: `flow.apply(g, action)` opens a sink for `g`; the engine's
helpers append to it (`sink(g)`) only while one is open for that very object, so a look-ahead on a copy, a
replay (`record=False`) or the simulator's trials record nothing and cost one lookup. A refused action raises
before its events are handed back, so a refusal records nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import FrozenInstanceError, dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .args import Action
from .pieces import Bag

# --- the sink ---------------------------------------------------------------------------------------------------

_SINK: ContextVar[tuple[object, list[Event]] | None] = ContextVar("lignum_events", default=None)


def sink(g: object) -> list[Event] | None:
    """The list the events of a change to `g` go to, or None when nobody records `g` (a hot path: one lookup)."""
    open_ = _SINK.get()
    return open_[1] if open_ is not None and open_[0] is g else None


def record(g: object, event: Callable[[], Event]) -> None:
    """Record the event `event()` makes only while someone records `g`: nothing is built otherwise (a hot path of
    every replay: no call beyond this one)."""
    open_ = _SINK.get()
    if open_ is not None and open_[0] is g:
        open_[1].append(event())


def open_sink(g: object) -> tuple[list[Event], Any]:
    """Start recording changes to `g`; returns the list and the token `close_sink` needs."""
    out: list[Event] = []
    return out, _SINK.set((g, out))


def close_sink(token: Any) -> None:
    _SINK.reset(token)


# --- the events -------------------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A field's value as plain JSON data (tuples become lists, nested dicts copied)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


_E = TypeVar("_E", bound="type[Event]")
_Self = TypeVar("_Self", bound="Event")


@dataclass_transform(kw_only_default=True, frozen_default=True)
def event(cls: _E) -> _E:
    """Make an event class: its annotated fields (after its bases'), keyword-only, frozen, compared by value.

    Type checkers read it as a dataclass (PEP 681); at run time it only lists the fields and their defaults, so
    that the engine's import does not build forty dataclasses' methods on every command (about 20 ms)."""
    own = [name for name, kind in cls.__dict__.get("__annotations__", {}).items()
           if not str(kind).startswith(("ClassVar", "typing.ClassVar"))]
    defaults = dict(cls._defaults)
    for name in own:
        if name in cls.__dict__:
            defaults[name] = cls.__dict__[name]
            delattr(cls, name)
    cls._fields = cls._fields + tuple(name for name in own if name not in cls._fields)
    cls._defaults = defaults
    return cls


@event
class Event:
    """One change the engine made. `kind` is the JSON `kind`; `auto` marks changes nobody typed; `rule` is the
    ruling that caused the change, where one did ("" otherwise)."""

    kind: ClassVar[str] = "event"
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    auto: bool = False
    rule: str = ""

    def __init__(self, **given: Any) -> None:
        for name in self._fields:
            if name in given:
                value = given.pop(name)
            elif name in self._defaults:
                value = self._defaults[name]
            else:
                raise TypeError(type(self).__name__, name)  # a field left out (a bug, never a player's)
            object.__setattr__(self, name, value)
        if given:
            raise TypeError(type(self).__name__, *given)  # a field the event does not have

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(name)  # events are never changed in place

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(name)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"

    def replaced(self: _Self, **changes: Any) -> _Self:
        """A copy with some fields changed (an event is never changed in place)."""
        return type(self)(**{**{name: getattr(self, name) for name in self._fields}, **changes})

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The event's fields in order (`kind` aside): the keys of its JSON besides `kind`."""
        return cls._fields

    def to_dict(self) -> dict[str, Any]:
        """`{"kind": ..., field: value, ...}` with plain JSON values (docs/events.md lists every key)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in self._fields:
            out[name] = _plain(getattr(self, name))
        return out


@event
class PlayerEvent(Event):
    """An event of one player's holdings: their index in the game and their name as set up."""

    kind: ClassVar[str] = "player_event"
    player: int
    name: str


# Places pieces move between (`src`, `dst`): a player's mill areas (woodpile, river, saw, store, sale, dry1, dry2,
# dry3), their furniture shop (`furniture`), one of their task cards (`task:T3`), their food (`food`), a cutting
# area of the board (`cutting:3`), and the general supply (`supply`: pieces come from it or go back to it).
PLACES_OF_PLAYER = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3", "furniture", "food")


@event
class PiecesMoved(PlayerEvent):
    """Pieces (wood, milled wood, food) moved from one place to another: cutting, transport, the river's arrival,
    drying moves and huts, tasks, the furniture shop, the winter bonus and cut, Overtime, heating logs burnt."""

    kind: ClassVar[str] = "pieces_moved"
    src: str
    dst: str
    pieces: Bag


@event
class PiecesSold(PlayerEvent):
    """Pieces sold, one line per area and piece with its unit price and the drying bonus in it (R10); the money
    comes as its own `money` event. `forced`: a winter sale to pay a bill (R14)."""

    kind: ClassVar[str] = "pieces_sold"
    sold: tuple[dict[str, Any], ...]  # {"area": "dry2", "piece": "S", "count": 1, "price": 5, "bonus": 1}
    total: int
    forced: bool = False


@event
class WoodSawn(PlayerEvent):
    """Disks from the sawing area sawn into milled logs, put in the store or the sale area (R9). The saws and
    workers it took come as `spent` events."""

    kind: ClassVar[str] = "wood_sawn"
    disks: Bag
    logs: dict[str, Bag]  # area -> milled logs put there


@event
class DryingShift(PlayerEvent):
    """The drying shift (R11): every unsold piece in a drying area moved one area right, in the order given."""

    kind: ClassVar[str] = "drying_shift"
    moves: tuple[dict[str, Any], ...]  # {"src": "dry2", "dst": "dry3", "pieces": {...}}, dry2 first


@event
class MoneyChanged(PlayerEvent):
    """Money in (positive) or out, with its ledger reason (ledger.Reason / Named) and kind; `money` after it."""

    kind: ClassVar[str] = "money"
    amount: int
    reason: str
    ledger: str
    money: int


@event
class LoanTaken(PlayerEvent):
    """A loan (R15; `forced` by a winter bill, R14); `loans` held after it. The $4 come as a `money` event."""

    kind: ClassVar[str] = "loan_taken"
    loans: int
    forced: bool = False


@event
class DebtAdded(PlayerEvent):
    """The part of a winter bill nobody could pay, booked as debt (R14); `debt` after it."""

    kind: ClassVar[str] = "debt_added"
    amount: int
    debt: int


# Holdings (`holding`) that `gained`, `spent` and `returned` change: food ({"food": n}), equipment (wagon, raft,
# saw, sledge), craftwork (stake, board, shingle, reed, joker), huts (drying, food, accom), workers (woodcutters,
# bearers, sawyers), fodder ({"2": 1}: a fodder token by its value), mill_worker ({"mill_worker": 1}).
HOLDINGS = ("food", "equipment", "craftwork", "huts", "workers", "fodder", "mill_worker")


@event
class Gained(PlayerEvent):
    """Something added to a player's holdings; `source` says from where (`market`, `card`, `building:NAME`...)."""

    kind: ClassVar[str] = "gained"
    holding: str
    items: Bag
    source: str


@event
class Spent(PlayerEvent):
    """Something taken from a player's holdings for a purpose (the verb, `feeding`, `discarded`...): a worker,
    a hut, the mill worker, a saw, a wagon, a sledge, a raft, fodder, food, craftwork."""

    kind: ClassVar[str] = "spent"
    holding: str
    items: Bag
    purpose: str


@event
class Returned(PlayerEvent):
    """Hired workers back to the path and the mill worker free again at a round's end (R6)."""

    kind: ClassVar[str] = "returned"
    holding: str
    items: Bag


@event
class ForemanMoved(PlayerEvent):
    """The foreman moved along the path (`src` 0: the start); `location` is the kind of location reached."""

    kind: ClassVar[str] = "foreman_moved"
    src: int
    dst: int
    location: str


@event
class TokenTaken(PlayerEvent):
    """A path token taken from its location into a holding (`food`, `craftwork`, `equipment`; `money` for the
    coin, whose dollar comes as a `money` event)."""

    kind: ClassVar[str] = "token_taken"
    location: int
    token: str
    holding: str


@event
class WorkersHired(PlayerEvent):
    """Workers taken from the path's supply (`supply`: woodcutters, bearers, free_sawyers, paid_sawyers) into
    the player's workers (`workers`); what they cost comes as a `money` event."""

    kind: ClassVar[str] = "workers_hired"
    location: int
    supply: Bag
    workers: Bag


@event
class FodderTaken(PlayerEvent):
    """A fodder token taken from the path's supply, placed at its value (R7)."""

    kind: ClassVar[str] = "fodder_taken"
    location: int
    value: int


@event
class AreaToken(PlayerEvent):
    """A cutting-area token placed (`src` None), moved (R5, R30: both areas) or taken back (`dst` None)."""

    kind: ClassVar[str] = "area_token"
    src: int | None
    dst: int | None


@event
class TaskTaken(PlayerEvent):
    """A face-up task card taken from the display at the tasks location (R19)."""

    kind: ClassVar[str] = "task_taken"
    task: str
    value: int
    location: int


@event
class PlanMade(PlayerEvent):
    """A planned-work token pair put on a card for round `target` (R20); the cost comes as a `money` event."""

    kind: ClassVar[str] = "plan_made"
    card: str
    pair: int
    target: int
    cost: int


@event
class PlanInEffect(PlayerEvent):
    """A planned work card acting for its owner in this round (R20), told as the round begins."""

    kind: ClassVar[str] = "plan_in_effect"
    card: str
    round: int


@event
class CarpenterTaken(PlayerEvent):
    """A carpenter taken at the carpenter location (R23); `carpenters` held after it."""

    kind: ClassVar[str] = "carpenter_taken"
    location: int
    carpenters: int


@event
class BuildingTaken(PlayerEvent):
    """A building tile taken from the display (R23)."""

    kind: ClassVar[str] = "building_taken"
    building: str
    location: int


@event
class BuildingEffect(PlayerEvent):
    """A building's effect at its moment (R23 amended, issue 31): `moment` (`taken`, `round`, or a season) and,
    when the program applies it, the changes it made follow as their own events (auto, rule R23). `withdrawn`:
    a correction named after the tile stands in for it, and what it gave is taken back (events follow)."""

    kind: ClassVar[str] = "building_effect"
    building: str
    moment: str
    applied: bool
    withdrawn: bool = False  # a correction named after the tile stands in for the effect (R23): taken back


@event
class MoneyTakenBack(PlayerEvent):
    """Money a building's effect gave, taken back with its ledger line when a correction named after the tile
    stands in for the effect (R23 amended: never both); `money` after it."""

    kind: ClassVar[str] = "money_taken_back"
    amount: int
    reason: str
    money: int


@event
class HutsBuilt(PlayerEvent):
    """Craftwork tokens (`tokens`) turned into hut tokens (`huts`) (R16, R26)."""

    kind: ClassVar[str] = "huts_built"
    huts: Bag
    tokens: Bag


@event
class WinterBill(PlayerEvent):
    """A winter bill settled (R14): what was needed and missing and what it cost; its parts (loans, forced sale,
    money paid, debt) come as their own events just before it. `bill` holds prices.WinterSettled's fields."""

    kind: ClassVar[str] = "winter_bill"
    step: str
    bill: dict[str, Any]


@event
class RiverChosen(PlayerEvent):
    """The kind of river wood the player sells at the final sale (R8)."""

    kind: ClassVar[str] = "river_chosen"
    piece: str


@event
class StepClosed(PlayerEvent):
    """A player's step closed (R24). `why`: `done`, `move` (a move that ends the step), `no_more` (nothing left
    to do after a move), `own_entry` (their entry of a later step: optional moves lapsed), `others` (someone
    else's move closed a common step), `table` (a table entry), `next_round` (an entry of the next part)."""

    kind: ClassVar[str] = "step_closed"
    step: str
    why: str


@event
class Skipped(PlayerEvent):
    """A player skipped in a step with nothing to do (R24); `why` is the skip key (templates: skip_<key>)."""

    kind: ClassVar[str] = "skipped"
    step: str
    why: str


@event
class Corrected(PlayerEvent):
    """A table's correction (`fix`): `field` changed by `delta`. A money correction's dollars come as a `money`
    event beside it; every other field changes by this event itself."""

    kind: ClassVar[str] = "corrected"
    field: str
    delta: int
    reason: str


# --- the board's events -----------------------------------------------------------------------------------------


@event
class PathLaid(Event):
    """The table laid the path tokens (location -> token, R2) and the path's supply of workers and fodder."""

    kind: ClassVar[str] = "path_laid"
    tokens: dict[str, str | None]
    supply: Bag


@event
class TaskRevealed(Event):
    """A task card turned face up on the display (R19): its id, value and needs ([piece, stage] each)."""

    kind: ClassVar[str] = "task_revealed"
    task: str
    value: int
    needs: tuple[tuple[str, int], ...]


@event
class PlacementCard(Event):
    """A placement card's wood and food put on the cutting areas (area "1".."6" -> bag); `held`: kept face up
    for the next round (R21, R32), put on the areas as that round begins (a second event, auto)."""

    kind: ClassVar[str] = "placement_card"
    areas: dict[str, Bag]
    held: bool = False


@event
class AreasMarked(Event):
    """One firewood put on every cutting area left without wood after the placement cards (seed 000)."""

    kind: ClassVar[str] = "areas_marked"
    areas: tuple[int, ...]
    pieces: Bag  # put on each of them


@event
class FoodShared(Event):
    """The cutting areas' food shared out at the reveal (R5): per area, who took how much each, what stayed."""

    kind: ClassVar[str] = "food_shared"
    shares: tuple[dict[str, Any], ...]  # {"area": 3, "players": [0, 2], "names": [...], "each": 1, "left": 1}


@event
class StepBegan(Event):
    """The table's step is now `step` (of `part`: work, winter, final) in round `round`."""

    kind: ClassVar[str] = "step_began"
    step: str
    part: str
    round: int


@event
class RoundEnded(Event):
    """A round ended: foremen and cutting-area tokens off the board, the path cleared, `next_round` begins with
    `start_order` (R18). Workers coming back come as `returned` events just before it."""

    kind: ClassVar[str] = "round_ended"
    round: int
    next_round: int
    start_order: tuple[int, ...]


@event
class GameEnded(Event):
    """The game is over: the final scoring can be read (engine.score)."""

    kind: ClassVar[str] = "game_ended"


KINDS: dict[str, type[Event]] = {c.kind: c for c in (
    PiecesMoved, PiecesSold, WoodSawn, DryingShift, MoneyChanged, LoanTaken, DebtAdded, Gained, Spent, Returned,
    ForemanMoved, TokenTaken, WorkersHired, FodderTaken, AreaToken, TaskTaken, PlanMade, PlanInEffect,
    CarpenterTaken, BuildingTaken, BuildingEffect, MoneyTakenBack, HutsBuilt, WinterBill, RiverChosen, StepClosed,
    Skipped, Corrected, PathLaid, TaskRevealed, PlacementCard, AreasMarked, FoodShared, StepBegan, RoundEnded,
    GameEnded,
)}


def to_json(events: list[Event] | tuple[Event, ...]) -> list[dict[str, Any]]:
    """The events as plain JSON data (`lignum do --json`, the server)."""
    return [e.to_dict() for e in events]


@dataclass(frozen=True, slots=True)
class Played:
    """One line applied: the action as parsed (names as set up) and the events it caused."""

    action: Action
    events: tuple[Event, ...]

    @property
    def text(self) -> str:
        """The line as the log keeps it (`engine.play(g, line).text` as before)."""
        return self.action.text
