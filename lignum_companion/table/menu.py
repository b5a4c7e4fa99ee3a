"""A question of the table mode: a menu of choices (each a notation line or a follow-up) and typed text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Choice:
    """One menu entry: the notation it stands for (as shown), a note in words, and what it applies.

    `lines` are applied as they are; `follow` asks more (a count, a sub-menu, pieces) and gets the value typed
    after the entry's number (`4 3` = entry 4 with 3), or None.
    """

    shown: str
    note: str = ""
    lines: list[str] | None = None
    follow: Callable[[str | None], list[str]] | None = None
    key: str = ""
    rare: bool = False  # listed behind the menu's `+` key (issue 21: menus fit the screen); its key still works


@dataclass
class Menu:
    """A question: choices keyed by number (or their own key), a default, and how typed text becomes lines."""

    who: str
    choices: list[Choice] = field(default_factory=list)
    default: int | None = None
    free: Callable[[str], list[str]] | None = None
    header: str = ""
    prompt: str = ""
    locations: bool = False  # keys are location numbers: a bare number not in the menu means `go N`
    columns: bool = False  # entries laid out in columns, their notes only (the key is what to type)

    def __post_init__(self) -> None:
        for i, c in enumerate(self.choices, 1):
            if not c.key:
                c.key = str(i)

    @property
    def rare(self) -> list[Choice]:
        """Entries listed only on `+`."""
        return [c for c in self.choices if c.rare]

    def find(self, key: str) -> Choice | None:
        key = key.casefold()
        return next((c for c in self.choices if c.key.casefold() == key), None)

