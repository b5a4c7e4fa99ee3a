"""The expansion's building tiles in words (R23): how a tile was read, what the program applied by itself, the
reminder of an effect it cannot apply, and the correction a table books for one (notation lines, one step)."""

from __future__ import annotations

import re
from typing import Any

from lignum_companion.engine import buildings as B
from lignum_companion.engine import data as D
from lignum_companion.engine.errors import NotationError
from lignum_companion.engine.state import Building, Game
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words


def _t() -> dict[str, Any]:
    return texts.load("buildings")


def gain_words(gains: tuple[B.Gain, ...] | list[B.Gain]) -> str:
    """'$2', '1 food', '1 milled softwood into the firewood storage', joined."""
    t = _t()["text"]
    out = []
    for x in gains:
        if x.kind == "money":
            out.append(texts.fill(t["money"], n=x.n))
        elif x.area:
            out.append(texts.fill(t["pieces_into"], pieces=words.said({x.kind: x.n}), area=words.area(x.area)))
        else:
            out.append(words.said({x.kind: x.n}))
    return t["gain_joiner"].join(out)


def moment_words(moments: tuple[str, ...]) -> str:
    m = _t()["moment"]
    if moments[0] in (B.TAKEN, B.ROUND, B.FINAL):
        return str(m[moments[0]])
    return texts.fill(m["season"], seasons=m["season_joiner"].join(words.season_name(s) for s in moments))


def when_words(remind: str) -> str:
    """When the program reminds a tile it cannot apply: the moment its text names."""
    w = _t()["when"]
    if remind in w:
        return str(w[remind])
    if remind in ("bonus", "feeding"):
        return str(w["winter"])
    return texts.fill(w["step"], step=words.step_name(remind))


def reading_text(r: B.Reading) -> str:
    """How the program read a tile: 'each winter round: its owner gets 1 food', or when it reminds its owner
    (the feeding step's tiles are reminded as the winter starts, views.due_now)."""
    t = _t()["text"]
    if r.automatic:
        return texts.fill(t["reading"], moment=moment_words(r.moments), gains=gain_words(r.gains))
    if not r.remind:
        return str(t["reading_none"])
    return texts.fill(t["reading_remind"], when=when_words(r.remind))


def read_lines(tiles: list[Building]) -> list[str]:
    """Each tile with its reading, as the wizard and `lignum new` say them."""
    return [texts.fill(_t()["text"]["read_as"], tile=b.name, reading=reading_text(B.reading_of(b))) for b in tiles]


def applied_lines(g: Game, records: list[dict[str, Any]]) -> list[str]:
    """What the program applied by itself, a line each: 'granary: anna +1 food (automatic, R23)'."""
    t = _t()["text"]
    out = []
    for a in B.applied(records):
        name = g.players[a.player].name
        given = [x for x in a.gains if x.n]
        if given:
            said = gain_words(given)
            out.append(texts.fill(t["applied"], tile=a.tile, name=name, gains="+" + said.replace(", ", ", +")))
        else:
            wanted = next((b for p in g.players for b in p.buildings if b.name == a.tile), None)
            gains = gain_words(B.reading_of(wanted).gains) if wanted else ""
            out.append(texts.fill(t["applied_nothing"], tile=a.tile, name=name, gains=gains))
    return out


def carpenter_lines(before: Game, after: Game) -> list[str]:
    """The carpenters' income paid at a round's start, on a line of its own (R23)."""
    t = _t()["text"]
    parts = []
    for p0, p1 in zip(before.players, after.players, strict=True):
        paid = sum(e.amount for e in p1.ledger[len(p0.ledger):] if e.reason == "carpenters")
        if paid:
            parts.append(texts.fill(t["carpenters_part"], name=p1.name, dollars=paid))
    return [texts.fill(t["carpenters"], parts=t["carpenters_joiner"].join(parts))] if parts else []


def entry_key(b: Building) -> str:
    """The menu key of a tile's correction: its name, its words joined by '-' (`charcoal-kiln`)."""
    return "-".join(b.name.split()).casefold()


def reminder_line(g: Game, pi: int, b: Building) -> str:
    return texts.fill(_t()["text"]["reminder"], name=g.players[pi].name, tile=b.name, effect=b.effect or "-",
                      key=entry_key(b))


def due_now(g: Game, pi: int) -> list[Building]:
    """The player's tiles the program cannot apply whose moment is now: their own step, the travel step for a
    tile that acts each round, the winter's first step for one that acts in winter, or just after its taking."""
    step = g.step_of(pi)
    out = []
    for b in g.players[pi].buildings:
        r = B.reading_of(b)
        if r.automatic or not r.remind:
            continue
        at = {B.ROUND: "travel", "feeding": "bonus"}.get(r.remind, r.remind)
        if r.remind == B.TAKEN:
            p = g.players[pi]
            if not (step == "travel" and p.buildings[-1] is b and g.board.kind(p.pos) == "buildings"):
                continue
        elif at != step or g.over:
            continue
        out.append(b)
    return out


def final_unread(g: Game) -> list[tuple[int, Building]]:
    """Tiles whose end-of-game effect the program could not read and that no correction booked yet (R23)."""
    out = []
    for i, p in enumerate(g.players):
        for b in p.buildings:
            r = B.reading_of(b)
            if r.automatic or r.remind != B.FINAL:
                continue
            named = "building " + b.name
            if any(e.round >= D.ROUNDS and (e.reason == named or e.reason.startswith(named + ":")) for e in p.ledger):
                continue
            if any(c.startswith(f"round {g.round}:") and f"({b.name}" in c for c in p.corrections):
                continue
            out.append((i, b))
    return out


_MONEY = re.compile(r"^([+-]?)\$(\d+)$|^([+-]?)(\d+)\$$")
_COUNTED = re.compile(r"^([+-]?)(\d+)\s+(\S+)$")
_MOVE = re.compile(r"^(?:(\d+)\s*)?(woodpile|saw|store|sale|dry1|dry2|dry3):(\d*)(m?[FSH])>(woodpile|saw|store|sale|"
                   r"dry1|dry2|dry3)$")
_THINGS = {"food": "food", "saw": "saw", "raft": "raft", "wagon": "wagon", "sledge": "sledge", "debt": "debt",
           "음식": "food", "톱": "saw", "뗏목": "raft", "수레": "wagon", "썰매": "sledge"}


def correction_lines(name: str, b: Building, text: str) -> list[str]:
    """The `fix` lines a table's answer spells, each named after the tile, applied together as one step:
    `$2`, `-1 food`, `+1 saw`, `+1 store:mS`, `dry2:mF>dry3` (a move is two lines), several with commas."""
    out = []
    for part in (x.strip() for x in text.replace(";", ",").split(",")):
        if not part:
            continue
        m, c, mv = _MONEY.match(part), _COUNTED.match(part), _MOVE.match(part)
        if m:
            sign, n = (m.group(1), m.group(2)) if m.group(2) else (m.group(3), m.group(4))
            out.append(f"fix {name} money {'-' if sign == '-' else '+'}{n} {b.name}")
        elif mv:
            n = int(mv.group(1) or mv.group(3) or 1)
            out += [f"fix {name} {mv.group(2)}.{mv.group(4)} -{n} {b.name}",
                    f"fix {name} {mv.group(5)}.{mv.group(4)} +{n} {b.name}"]
        elif c and (c.group(3).casefold().rstrip("s") in _THINGS or c.group(3) in _THINGS or ":" in c.group(3)
                    or c.group(3) == "fodder"):
            sign, n, what = c.group(1) or "+", int(c.group(2)), c.group(3).casefold()
            if ":" in what:
                area, _, piece = what.partition(":")
                out.append(f"fix {name} {area}.{piece} {sign}{n} {b.name}")
            elif what == "fodder":
                out.append(f"fix {name} fodder {sign}3 {b.name}")
            else:
                out.append(f"fix {name} {_THINGS.get(what, _THINGS.get(what.rstrip('s'), what))} {sign}{n} {b.name}")
        else:
            raise NotationError(texts.fill(_t()["text"]["bad_correction"], part=part))
    if not out:
        raise NotationError(texts.fill(_t()["text"]["bad_correction"], part=text))
    return out
