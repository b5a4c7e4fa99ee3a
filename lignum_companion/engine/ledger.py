"""What each money move of the ledger is: every reason `rules.gain()` writes, and its kind, as tables.

The score sheet and `lignum stats` group money by these kinds instead of guessing from the wording, so a
column says what it holds (a path coin token is not a sale; a planned work cost is not a task). A reason not
listed here (a new rule that forgot to add its line) is of kind "other", never an error. The reasons are data,
not words: the game state keeps them as plain strings and templates/<lang>/labels.toml [reasons] words them.
"""

from __future__ import annotations

from enum import StrEnum

from .state import LedgerEntry


class Kind(StrEnum):
    """What a money move is: the columns of the score sheet's ledger and the groups of `lignum stats`."""

    START = "start"
    WOOD = "wood"
    COIN = "coin"
    MARKET = "market"
    WORKERS = "workers"
    AREA_MOVE = "area_move"
    TASKS = "tasks"
    PLANNED_WORK = "planned_work"
    CARPENTERS = "carpenters"
    BUILDINGS = "buildings"
    FURNITURE = "furniture"
    LOANS = "loans"
    WINTER = "winter"
    CORRECTIONS = "corrections"
    OTHER = "other"


class Reason(StrEnum):
    """A reason written whole (a key of labels.toml [reasons.exact])."""

    STARTING_MONEY = "starting money"  # R1
    SALE = "sale"  # selling phase (R10, R12)
    WINTER_FORCED_SALE = "winter forced sale"  # R14
    COIN_TOKEN = "dollar coin token"  # the path's coin token
    MARKET_CRAFTWORK = "market: craftwork"  # R17
    MARKET_TRADE = "market: trade"  # R17, Trade card
    MARKET_SAWS = "market: saws"
    MARKET_FOOD = "market: food"
    WOODCUTTERS = "woodcutters"  # R6
    BEARERS = "bearers"
    SAWYER = "sawyer"
    FODDER = "fodder"  # R7
    AREA_MOVE = "cutting area move"  # R5, R30
    LOAN = "loan"  # R15
    WINTER_LOAN = "loan (forced by winter)"  # R14
    CARPENTERS = "carpenters"  # R23: $1 per carpenter at the start of each spring, summer and fall round


class Named(StrEnum):
    """The beginning of a reason that carries a name after it (a key of labels.toml [reasons.prefixes])."""

    TASK = "task "  # R19: a task card bought at location 13 (`task T3`)
    PLANNED_WORK = "planned work "  # R20 (`planned work sawing`)
    WINTER = "winter "  # R14: food and heating paid (`winter food`)
    CORRECTION = "correction:"  # `correction: <why>`
    BUILDING = "building "  # R23: money a building's effect gave, entered as a correction naming it

    def of(self, name: str) -> str:
        """The whole reason: `Named.TASK.of("T3")` is 'task T3'; a space follows `correction:` too."""
        return f"{self.value}{name}" if self.value.endswith(" ") else f"{self.value} {name}"


REASON_KIND: dict[str, Kind] = {
    Reason.STARTING_MONEY: Kind.START,
    Reason.SALE: Kind.WOOD,
    Reason.WINTER_FORCED_SALE: Kind.WOOD,
    Reason.COIN_TOKEN: Kind.COIN,
    Reason.MARKET_CRAFTWORK: Kind.MARKET,
    Reason.MARKET_TRADE: Kind.MARKET,
    Reason.MARKET_SAWS: Kind.MARKET,
    Reason.MARKET_FOOD: Kind.MARKET,
    Reason.WOODCUTTERS: Kind.WORKERS,
    Reason.BEARERS: Kind.WORKERS,
    Reason.SAWYER: Kind.WORKERS,
    Reason.FODDER: Kind.WORKERS,
    Reason.AREA_MOVE: Kind.AREA_MOVE,
    Reason.LOAN: Kind.LOANS,
    Reason.WINTER_LOAN: Kind.LOANS,
    Reason.CARPENTERS: Kind.CARPENTERS,
}
NAMED_KIND: dict[Named, Kind] = {
    Named.TASK: Kind.TASKS,
    Named.PLANNED_WORK: Kind.PLANNED_WORK,
    Named.WINTER: Kind.WINTER,
    Named.CORRECTION: Kind.CORRECTIONS,
    Named.BUILDING: Kind.BUILDINGS,
}
KINDS = tuple(Kind)


def kind_of(reason: str) -> Kind:
    """The kind of a ledger reason (Kind.OTHER for one these tables do not know)."""
    if reason in REASON_KIND:
        return REASON_KIND[reason]
    for prefix, kind in NAMED_KIND.items():
        if reason.startswith(prefix):
            return kind
    return Kind.OTHER


def by_round(entries: list[LedgerEntry], last_round: int) -> dict[int, dict[str, int]]:
    """Money moved per round and kind, leaving out the starting money; rounds past `last_round` are folded in."""
    sums: dict[int, dict[str, int]] = {}
    for e in entries:
        kind = kind_of(e.reason)
        if kind == Kind.START:
            continue
        by = sums.setdefault(min(e.round, last_round), {})
        by[kind.value] = by.get(kind.value, 0) + e.amount
    return sums


def start_money(entries: list[LedgerEntry]) -> int:
    return sum(e.amount for e in entries if kind_of(e.reason) == Kind.START)
