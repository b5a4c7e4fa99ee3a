"""Sorting and naming wood for the menus' defaults and notes (what moves where, what is worth most)."""

from __future__ import annotations

from lignum_companion.texts import words

from ..engine import data as D
from ..engine import rules
from ..engine.actions import Action
from ..engine.pieces import Bag, total
from ..engine.state import Game
from .common import counted


def pieces_count(by_area: dict[str, Bag]) -> int:
    return sum(total(b) for b in by_area.values())


def moved(a: Action) -> int:
    return sum(total(b) for b in a.args.get("dest", {}).values())


def wood_value(bag: Bag) -> int:
    return sum((D.BASE_PRICE.get(k) or 0) * n for k, n in bag.items())


def wood_preference(a: Action) -> tuple[int, ...]:
    """Sort key: more softwood, then more hardwood, then more firewood first."""
    bag: Bag = dict(a.args.get("pieces") or {})
    for part in a.args.get("dest", {}).values():
        for k, v in part.items():
            bag[k] = bag.get(k, 0) + v
    return (-bag.get("S", 0), -bag.get("H", 0), -bag.get("F", 0))


def usual_destination(dest: dict[str, Bag]) -> bool:
    """The default destination: hardwood to the sawing area (R7), firewood and softwood to the sale area."""
    saw, sale = dest.get("saw", {}), dest.get("sale", {})
    return not any(k != "H" for k in saw) and "H" not in sale


def dest_words(dest: dict[str, Bag]) -> str:
    """Where the pieces go, in words: the entry's typed form beside it says the notation (issue 32 §3)."""
    parts = []
    for area in ("saw", "sale"):
        if dest.get(area):
            parts.append(words.phrase("to_area", pieces=words.said(dest[area]), area=words.area(area)))
    return ", ".join(parts)


def wood_words(g: Game, area: int) -> str:
    """The wood of a cutting area in words ('2 firewood, 1 softwood'), or 'no wood'."""
    bag = rules.area_wood(g, area)
    return words.said(bag) if any(bag.values()) else words.bag(bag, "wood")


def with_huts(a: Action) -> str:
    """What a line that spends accommodation huts as workers adds to its entry (R6): an entry that spends a hut
    never reads like the one that does not (issue 32 §3)."""
    n = a.args.get("hut", 0)
    return counted("note_with_huts", n) if n else ""


def area_worth(g: Game, area: int) -> tuple[int, int]:
    bag = g.cutting[str(area)]
    return (sum(v for k, v in bag.items() if k in D.KINDS), bag.get("food", 0))

