"""Counted bags of wood, tokens and food, and their compact notation (`2F+mS`, `2saw+food`).

A bag is a plain dict name -> positive count; keeping zero counts out makes equality and JSON simple.
"""

from __future__ import annotations

import re

from .data import MAX_COUNT
from .errors import IllegalAction, NotationError

Bag = dict[str, int]

_ITEM = re.compile(r"^(\d*)([A-Za-z][A-Za-z@0-9_-]*)$")


def parse_bag(text: str, allowed: tuple[str, ...] | frozenset[str], what: str = "item") -> Bag:
    """Read `2F+S+mF` into {'F': 2, 'S': 1, 'mF': 1}; only names in `allowed`.

    `what` names the items in a refusal: a word key of the templates' [notation_words.what] ('piece', 'token').
    """
    bag: Bag = {}
    names = sorted(allowed) if isinstance(allowed, frozenset) else list(allowed)
    if not text:
        raise NotationError.keyed("bag_empty", text, what=what)
    for part in text.split("+"):
        m = _ITEM.match(part.strip())
        if not part.strip():
            raise NotationError.keyed("bag_gap", text)
        if not m:
            example = f"2{names[0]}+{names[1]}" if len(names) > 1 else f"2{names[0]}"
            raise NotationError.keyed("bag_part", text, part=part, what=what, example=example)
        digits = m.group(1)
        if len(digits) > 2 or (digits and int(digits) > MAX_COUNT):  # the box holds no pile larger than this
            raise NotationError.keyed("count_max", text[:40], part=part[:12], max=MAX_COUNT)
        count = int(digits) if digits else 1
        name = m.group(2)
        if name not in allowed:
            raise NotationError.keyed("unknown_name", text, what=what, typed=name, allowed=names)
        if count <= 0:
            raise NotationError.keyed("count_zero", text, part=part)
        bag[name] = bag.get(name, 0) + count
        if bag[name] > MAX_COUNT:  # `F+F+...` a hundred times would be written back as `100F`, which no reader takes
            raise NotationError.keyed("count_total_max", text[:40], name=name, max=MAX_COUNT)
    return bag


def format_bag(bag: Bag, order: tuple[str, ...] | None = None) -> str:
    """Write a bag back in the notation, in a stable order."""
    names = [n for n in order if bag.get(n)] if order else sorted(n for n in bag if bag[n])
    return "+".join(f"{bag[n]}{n}" if bag[n] > 1 else n for n in names)


def total(bag: Bag) -> int:
    """Number of items in a bag."""
    return sum(bag.values())


def add(bag: Bag, name: str, count: int = 1) -> None:
    """Put `count` items into the bag."""
    if count:
        bag[name] = bag.get(name, 0) + count
        if bag[name] == 0:
            del bag[name]


def add_all(bag: Bag, other: Bag) -> None:
    """Put every item of `other` into `bag`."""
    for name, count in other.items():
        add(bag, name, count)


def has_all(bag: Bag, other: Bag) -> bool:
    """Whether `bag` holds every item of `other`."""
    return all(bag.get(n, 0) >= c for n, c in other.items())


def take(bag: Bag, name: str, count: int = 1) -> None:
    """Remove items; the caller has checked they are there."""
    left = bag.get(name, 0) - count
    if left < 0:  # pragma: no cover - a check was skipped
        raise IllegalAction.keyed("bag_short", "", name=name)
    if left:
        bag[name] = left
    else:
        bag.pop(name, None)


def take_all(bag: Bag, other: Bag) -> None:
    """Remove every item of `other` from `bag`; the caller has checked `has_all`."""
    for name, count in other.items():
        take(bag, name, count)


def merged(*bags: Bag) -> Bag:
    """A new bag with the items of all given bags."""
    out: Bag = {}
    for bag in bags:
        add_all(out, bag)
    return out
