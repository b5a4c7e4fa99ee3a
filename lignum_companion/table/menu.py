"""A question of the table mode: a menu of choices (each a notation line or a follow-up) and typed text."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import NotationError
from ..engine.data import MAX_LOANS
from .common import tpl


@dataclass
class Choice:
    """One menu entry: the notation it stands for (as shown), a note in words, and what it applies.

    `lines` are applied as they are; `follow` asks more (a count, a sub-menu, pieces) and gets the value typed
    after the entry's number (`4 3` = entry 4 with 3), or None. `stem` is the notation the key abbreviates
    (`go 19` for key 19, `loan` for key loan): words typed after the key then complete that line (`19 buy:saw`
    = `go 19 buy:saw`), which the engine reads and checks like any typed line.
    """

    shown: str
    note: str = ""
    lines: list[str] | None = None
    follow: Callable[[str | None], list[str]] | None = None
    key: str = ""
    stem: str = ""
    rare: bool = False  # listed behind the menu's `+` key (issue 21: menus fit the screen); its key still works


@dataclass
class Said:
    """What this sitting has already said, which the menus read so as not to say it twice (issue 21). A builder
    never changes it: a menu that says something once gives back the Said after it (Menu.said), which the sitting
    keeps."""

    forecast_seen: dict[int, tuple[int, ...]] = field(default_factory=dict)  # forecast figures last shown a player
    forecast_told: dict[int, int] = field(default_factory=dict)  # player -> the round their whole reckoning was said
    menus_seen: set[tuple[int, str, str]] = field(default_factory=set)  # (0, step, "") whose menu in columns was shown
    any_order_said: tuple[int, str] | None = None  # the step whose "any order" note was said (R24)
    # R23: a tile the program cannot apply, reminded at its moment: (player, tile) -> the round it was said in;
    # its correction is offered in the menus of that round and the next (a step may close by itself first)
    buildings_open: dict[tuple[int, str], int] = field(default_factory=dict)

    def noting(self, **changes: Any) -> Said:
        """A copy with these fields replaced (this one unchanged)."""
        return dataclasses.replace(self, **changes)


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
    before: list[str] = field(default_factory=list)  # said once before the question is first shown (a winter bill)
    said: Said | None = None  # what the sitting has said once this menu is built (None: as before)

    def __post_init__(self) -> None:
        n = 0  # the entries without a key of their own are numbered 1, 2, 3 ... with no gap (a word-keyed entry
        for c in self.choices:  # such as `type` or `loan` takes no number: an English table's tryout)
            if not c.key:
                n += 1
                c.key = str(n)

    @property
    def rare(self) -> list[Choice]:
        """Entries listed only on `+`."""
        return [c for c in self.choices if c.rare]

    def find(self, key: str) -> Choice | None:
        key = key.casefold()
        return next((c for c in self.choices if c.key.casefold() == key), None)


class AgainMenu(Menu):
    """A question whose header the step's reminder has just said (the cutting areas' table, R5): its first
    showing leaves the header out, and `?` or `+` say it again (a tryout's `?` at the area prompt showed nothing)."""

    again: str = ""
    quiet: bool = True

    @property
    def header(self) -> str:
        if self.quiet:  # the question's first showing, right under the reminder that said it
            self.quiet = False
            return ""
        return self.again

    @header.setter
    def header(self, value: str) -> None:
        self.again = value


# The key of the entry that asks a player's own move in words (`cut ...`, behind `+`): a word, never a number, so
# no number is an entry out of sight (an English table's tryout, issue 32)
TYPE_KEY = "type"

# Verbs whose line takes no words, where a count after the key repeats the line (`loan 2`: two loans, R15), and
# the most lines such a count may spell: one more than the rules allow, so that the engine's refusal names the rule.
COUNTED = {"loan": MAX_LOANS + 1}


def repeated(verb: str, lines: list[str], arg: str) -> list[str] | None:
    """`loan 2`: the lines of a verb that takes no words, once per count; None when `arg` is not a count of one.

    A count of 0 is refused with the range (NotationError); the engine refuses what the rules do not allow."""
    if verb.lower() not in COUNTED or not arg.isdecimal() or len(lines) != 1:
        return None
    n = int(arg)
    if n < 1:
        raise NotationError(tpl("count_range_loans", low=1, high=COUNTED[verb.lower()] - 1))
    return lines * min(n, COUNTED[verb.lower()])


def spelled(choice: Choice, arg: str) -> list[str] | str | None:
    """What `KEY WORDS` spells for an entry that applies fixed lines: the entry's lines repeated (`loan 2`), a
    line for the engine to read and check (`stem WORDS`: `go 16 +1`), or None when the words mean nothing here."""
    many = repeated(choice.stem.split()[0], choice.lines or [], arg) if choice.stem else None
    if many is not None:
        return many
    return f"{choice.stem} {arg}" if choice.stem else None
