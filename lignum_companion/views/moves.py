"""What to move on the physical board after an accepted answer, from the state before and after it (issue 21 §4).

The companion mirrors the table: the engine changes the state, and this says the same change as moves of
pieces and tokens, once, when it happens - wood from area to area (the drying step's shift included), tokens
taken or returned, fodder turned or spent, craftwork turned into huts, planned-work tokens onto a card, a
carpenter, furniture, a completed task. No printing: `board_moves` gives lines worded from
templates/<lang>/screen.toml [moves]; the winter bill before it is paid is `bill_lines`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine.state import Game, Player
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

# Where wood lies, in the order the board reads left to right (the furniture shop and tasks are the ends).
AREAS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")


def _tpl() -> dict[str, str]:
    return texts.load("screen")["moves"]


def _fill(key: str, **fields: Any) -> str:
    return texts.fill(_tpl()[key], **fields)


def _wood(p: Player) -> dict[str, dict[str, int]]:
    out = {a: dict(p.wood.get(a, {})) for a in AREAS}
    out["furniture"] = dict(p.furniture)
    return out


def _place(area: str) -> str:
    return _tpl()["furniture_shop"] if area == "furniture" else words.area(area)


def _shift(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> bool:
    """Whether the drying step's move happened: what lay in the first and second drying areas now lies one area
    to the right (R11)."""
    moved = before["dry1"] or before["dry2"]
    return bool(moved) and after["dry2"] == before["dry1"] and after["dry3"] == before["dry2"]


def wood_moves(p0: Player, p1: Player, drying: bool) -> list[str]:
    """A player's wood that changed place: `from -> to` pairs per kind, then pieces that came onto the board
    (cut, bonus, Overtime's hardwood) and pieces that left it (sold, burnt, sawn, on a task)."""
    before, after = _wood(p0), _wood(p1)
    out: list[str] = []
    if drying and _shift(before, after):
        parts = [_fill("shift_part", pieces=words.bag(before[a]), src=_place(a), dst=_place(b))
                 for a, b in (("dry2", "dry3"), ("dry1", "dry2")) if before[a]]
        out.append(_fill("shift", parts="; ".join(parts)))
        before = dict(before)
        before["dry3"], before["dry2"], before["dry1"] = before["dry2"], before["dry1"], {}
    lost: dict[str, dict[str, int]] = {}
    got: dict[str, dict[str, int]] = {}
    for area in before:
        for piece in set(before[area]) | set(after[area]):
            d = after[area].get(piece, 0) - before[area].get(piece, 0)
            if d < 0:
                lost.setdefault(piece, {})[area] = -d
            elif d > 0:
                got.setdefault(piece, {})[area] = d
    pairs: dict[tuple[str, str], dict[str, int]] = {}
    for piece in sorted(set(lost) & set(got)):
        giving = sorted(lost[piece].items(), key=lambda x: list(before).index(x[0]))  # (area, pieces left)
        for dst, n in sorted(got[piece].items(), key=lambda x: list(before).index(x[0])):
            while n and giving:
                area, left = giving[0]
                k = min(n, left)
                bag = pairs.setdefault((area, dst), {})
                bag[piece] = bag.get(piece, 0) + k
                n -= k
                if left > k:
                    giving[0] = (area, left - k)
                else:
                    giving.pop(0)
            got[piece][dst] = n
        lost[piece] = dict(giving)
    for (src, dst), bag in pairs.items():
        out.append(_fill("move", pieces=words.bag(bag), src=_place(src), dst=_place(dst)))
    onto: dict[str, dict[str, int]] = {}
    off: dict[str, dict[str, int]] = {}
    for piece, where in got.items():
        for area, n in where.items():
            if n:
                onto.setdefault(area, {})[piece] = n
    for piece, where in lost.items():
        for area, n in where.items():
            if n:
                off.setdefault(area, {})[piece] = n
    for area, bag in onto.items():
        out.append(_fill("onto", pieces=words.bag(bag), dst=_place(area)))
    for area, bag in off.items():
        out.append(_fill("off", pieces=words.bag(bag), src=_place(area)))
    return out


def token_moves(g: Game, p0: Player, p1: Player) -> list[str]:
    """Tokens a player took or gave back, fodder turned or spent, huts built, plans laid, carpenters, tasks."""
    out: list[str] = []
    for kind in D.EQUIPMENT:
        d = p1.equipment.get(kind, 0) - p0.equipment.get(kind, 0)
        if d < 0:
            out.append(_fill("token_back", token=words.held({kind: -d}, D.EQUIPMENT)))
    if p0.fodder != p1.fodder:
        if len(p1.fodder) < len(p0.fodder) and not (set(p1.fodder) - set(p0.fodder)):
            spent = [v for v in p0.fodder if v not in p1.fodder]
            out.append(_fill("fodder_spent", value=spent[0]) if spent else "")
        elif len(p1.fodder) == len(p0.fodder):
            out.append(_fill("fodder_turned", old=max(p0.fodder), new=max(p1.fodder)))
    built = {h: p1.huts.get(h, 0) - p0.huts.get(h, 0) for h in D.HUT_AREAS}
    used = {c: p0.craftwork.get(c, 0) - p1.craftwork.get(c, 0) for c in D.CRAFTWORK}
    if any(n > 0 for n in built.values()) and any(n > 0 for n in used.values()):
        out.append(_fill("huts", tokens=words.held({c: n for c, n in used.items() if n > 0}, D.CRAFTWORK),
                         huts=words.held({h: n for h, n in built.items() if n > 0}, D.HUT_AREAS)))
    for pl in p1.plans[len(p0.plans):]:
        out.append(_fill("plan", pair=pl.pair, card=words.card(pl.card),
                         season=texts.load("labels")["flow"]["seasons"].get(D.round_season(pl.round),
                                                                            D.round_season(pl.round)),
                         year=D.round_year(pl.round)))
    if p1.carpenters > p0.carpenters:
        out.append(_fill("carpenter", n=p1.carpenters))
    done0 = {t.id for t in p0.tasks if t.complete}
    for t in p1.tasks:
        if t.complete and t.id not in done0:
            out.append(_fill("task_complete", id=t.id, value=t.value))
    return [line for line in out if line]


@dataclass(frozen=True)
class Moves:
    """One player's moves on the board: `moves` in words, and `line` with the player's name."""

    name: str
    moves: str

    @property
    def line(self) -> str:
        return _fill("line", name=self.name, moves=self.moves)


def board_moves(before: Game, after: Game) -> list[Moves]:
    """The players whose pieces or tokens moved, each with what to do on the board, in the order it happens."""
    out = []
    drying = after.step == "drying" or (before.step != after.step and before.step in ("selling", "drying"))
    for p0, p1 in zip(before.players, after.players, strict=True):
        parts = wood_moves(p0, p1, drying) + token_moves(after, p0, p1)
        if parts:
            out.append(Moves(p1.name, "; ".join(parts)))
    return out


def bill_lines(g: Game, bills: list[dict[str, Any]]) -> list[str]:
    """Each winter bill as what to hand in on the board, before the table pays it (R14): food and heating wood
    handed in, what is missing and its cost, forced loans, wood sold."""
    out = []
    by_player: dict[int, list[dict[str, Any]]] = {}
    for b in bills:
        by_player.setdefault(b["player"], []).append(b)
    for pi, own in by_player.items():
        food = next((b for b in own if b["step"] == "feeding"), None)
        heat = next((b for b in own if b["step"] == "heating"), None)
        asks = ""
        if food and g.players[pi].carpenters:  # R23: the carpenters' food said as theirs
            from lignum_companion.views.game import winter_asks

            asks = winter_asks(g, "feeding", food["need"], food["round"])
        parts = [_fill("bill_hand_in_carpenters" if asks else "bill_hand_in", food=food["handed"] if food else 0,
                       heat=heat["handed"] if heat else 0, asks=asks)]
        missing = sum(b["missing"] for b in own)
        cost = sum(b["cost"] for b in own)
        if missing:
            parts.append(_fill("bill_missing", missing=missing, cost=cost))
        loans = sum(b["loans_taken"] for b in own)
        if loans:
            parts.append(_fill("bill_loans_one" if loans == 1 else "bill_loans", n=loans, amount=loans * D.LOAN_AMOUNT))
        sold: dict[str, dict[str, int]] = {}
        for b in own:
            for area, bag in (b["sold"] or {}).items():
                for k, n in bag.items():
                    sold.setdefault(area, {})[k] = sold.get(area, {}).get(k, 0) + n
        if sold:
            parts.append(_fill("bill_sold", pieces=words.by_area(sold)))
        debt = sum(b["debt"] for b in own)
        if debt:
            parts.append(_fill("bill_debt", debt=debt))
        out.append(_fill("bill", name=g.players[pi].name, parts="; ".join(parts)))
    return out
