"""Sorting and naming wood for the menus' defaults and notes (what moves where, what is worth most)."""

from __future__ import annotations

from lignum_companion.texts import words

from ..engine import data as D
from ..engine import rules
from ..engine.actions import Action
from ..engine.pieces import Bag, total
from ..engine.state import Game


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
    parts = []
    for area in ("saw", "sale"):
        if dest.get(area):
            parts.append(words.phrase("to_area", pieces=words.bag(dest[area]), area=words.area(area)))
    return ", ".join(parts)


def wood_words(g: Game, area: int) -> str:
    return words.bag(rules.area_wood(g, area), "wood")


def area_worth(g: Game, area: int) -> tuple[int, int]:
    bag = g.cutting[str(area)]
    return (sum(v for k, v in bag.items() if k in D.KINDS), bag.get("food", 0))

