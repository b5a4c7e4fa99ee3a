"""Small readers of the notation its verbs share: whole numbers within the box's bounds, `millworker:yes|no`,
and the parts of a line as a table types them apart (`mH@1 + mS@2`, `5:2 food`), put back together as the
notation writes them."""

from __future__ import annotations

import re
from typing import Any

from . import args as fields
from . import data
from .errors import NotationError
from .names import brief

MILLWORKER_VALUES = ("no", "yes")  # `cut hut:N millworker:no`: the huts cut alone in winter (R25); yes = default
TASK_STAGE_AREAS = {"sale": 0, "dry1": 0, "dry2": 1, "dry3": 2}  # a stage named by its area (GLOSSARY, R19)


def whole(text: str, what: str, line: str, lo: int, hi: int = data.MAX_MONEY) -> int:
    """A whole number lo..hi; `what` is a word key (templates' [notation_words.what]) naming it in the refusal.

    Every number of the game is bounded by the box, so huge ones are refused up front."""
    if len(text) > 8:  # int() of thousands of digits is slow and, past 4,300 digits, raises
        raise NotationError.keyed("number_too_long", line, what=what, hi=hi, typed=brief(text, 12))
    try:
        value = int(text)
    except ValueError:
        raise NotationError.keyed("not_whole_number", line, what=what, typed=text) from None
    if not lo <= value <= hi:
        raise NotationError.keyed("number_range", line, what=what, lo=lo, hi=hi, value=value)
    return value


def apart(words: list[str]) -> list[str]:
    """A task card's pieces (or huts to build) as a table types them: `mH@1+mF@1`, `mH@1 + mF@1`, `mH@1 mS@2`,
    `2 mS@2` (a count apart from its piece): each piece its own part."""
    text = re.sub(r"(?<![@\w])(\d+)\s+(?=[A-Za-z])", r"\1", " ".join(words))  # `2 mS@2` -> `2mS@2`
    return [part for part in re.split(r"[\s+]+", text) if part]


def placement_parts(words: list[str]) -> list[str]:
    """A placement card's parts as a table types them: `5:2food`, `5:2 food`, `5: 2F + food`, `5:F S` (the items
    of one area may stand apart from it, up to the next `AREA:`)."""
    parts: list[str] = []
    for w in words:
        area, sep, _ = w.partition(":")
        if (sep and area.isdecimal()) or not parts:
            parts.append(w)
        elif parts[-1].endswith((":", "+")) or w.startswith("+") or (parts[-1][-1].isdecimal() and w[0].isalpha()):
            parts[-1] += w  # `5:2` + `food`, `5:2F+` + `S`
        else:
            parts[-1] += "+" + w  # `5:F` + `S`
    return parts


def mill(keys: dict[str, Any], line: str) -> fields.MillArg:
    """`millworker:yes|no`: whether the mill worker does a job of this move (R33: the player's choice; R25)."""
    if "millworker" not in keys:
        return {}
    value = keys["millworker"].lower()
    if value not in MILLWORKER_VALUES:
        raise NotationError.keyed("millworker_value", line, typed=brief(keys["millworker"], 12),
                                  allowed=list(MILLWORKER_VALUES))
    return {"mill": value == "yes"}


def fmt_mill(a: fields.Workers) -> list[str]:
    return [] if a.get("mill") is None else [f"millworker:{'yes' if a['mill'] else 'no'}"]
