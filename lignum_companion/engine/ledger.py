"""What each money move of the ledger is: the kind of every reason `rules.gain()` writes, as a table.

The score sheet and `lignum stats` group money by these kinds instead of guessing from the wording, so a
column says what it holds (a path coin token is not a sale; a planned work cost is not a task). A reason not
listed here (a new rule that forgot to add its line) is of kind "other", never an error.
"""

from __future__ import annotations

from .state import LedgerEntry

# reason written by rules.gain() -> kind
EXACT = {
    "starting money": "start",  # R1
    "sale": "wood",  # selling phase (R10, R12)
    "winter forced sale": "wood",  # R14
    "dollar coin token": "coin",  # the path's coin token
    "market: craftwork": "market",  # R17
    "market: trade": "market",  # R17, Trade card
    "market: saws": "market",
    "market: food": "market",
    "woodcutters": "workers",  # R6
    "bearers": "workers",
    "sawyer": "workers",
    "fodder": "workers",  # R7
    "cutting area move": "area_move",  # R5, R30
    "loan": "loans",  # R15
    "loan (forced by winter)": "loans",  # R14
    "carpenters": "carpenters",  # R23: $1 per carpenter at the start of each spring, summer and fall round
}
# reasons that carry a name after a fixed beginning
PREFIXES = (
    ("task ", "tasks"),  # R19: a task card bought at location 13
    ("planned work ", "planned_work"),  # R20
    ("winter ", "winter"),  # R14: food and heating paid
    ("correction:", "corrections"),
    ("building ", "buildings"),  # R23: money a building's effect gave, entered as a correction naming it
)
KINDS = ("start", "wood", "coin", "market", "workers", "area_move", "tasks", "planned_work", "carpenters",
         "buildings", "furniture", "loans", "winter", "corrections", "other")


def kind_of(reason: str) -> str:
    """The kind of a ledger reason ("other" for one this table does not know)."""
    if reason in EXACT:
        return EXACT[reason]
    for prefix, kind in PREFIXES:
        if reason.startswith(prefix):
            return kind
    return "other"


def by_round(entries: list[LedgerEntry], last_round: int) -> dict[int, dict[str, int]]:
    """Money moved per round and kind, leaving out the starting money; rounds past `last_round` are folded in."""
    sums: dict[int, dict[str, int]] = {}
    for e in entries:
        kind = kind_of(e.reason)
        if kind == "start":
            continue
        by = sums.setdefault(min(e.round, last_round), {})
        by[kind] = by.get(kind, 0) + e.amount
    return sums


def start_money(entries: list[LedgerEntry]) -> int:
    return sum(e.amount for e in entries if kind_of(e.reason) == "start")
