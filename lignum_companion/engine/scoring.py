"""Final scoring: final sale, river sale, tasks, loan repayment, debts, and places with shared ties.

The final sale is computed, never applied to money, so the same function gives the provisional score of a
running game and the final score of a finished one (R8, R10, R15, R19, R22).
"""

from __future__ import annotations

from typing import Any

from . import buildings, data, prices
from .ledger import Kind, Named, Reason, kind_of
from .state import Game, Player


def river_sale(p: Player) -> tuple[str | None, int, int]:
    """(kind, pieces, dollars) sold from the river: the player's choice, or the better kind (R8)."""
    river = p.wood["river"]
    options = [(k, river.get(k, 0), river.get(k, 0) * prices.sale_price(k)) for k in ("F", "S") if river.get(k)]
    if not options:
        return None, 0, 0
    if p.river_choice:
        for opt in options:
            if opt[0] == p.river_choice:
                return opt
    return max(options, key=lambda o: (o[2], o[0]))


def furniture_dollars(p: Player) -> int:
    """R23: each piece in the furniture shop sells at its base price + $3, with no drying bonus."""
    return sum((prices.base_price(k) + data.FURNITURE_BONUS) * n for k, n in p.furniture.items())


def carpenter_income(p: Player) -> int:
    """Dollars the player's carpenters earned so far (R23), read from the ledger."""
    return sum(e.amount for e in p.ledger if e.reason == Reason.CARPENTERS)


def building_rows(g: Game, p: Player) -> list[dict[str, Any]]:
    """Each tile the player holds with the dollars it gave during play (its own entries and the corrections named
    after it) and at the final scoring (R23): the score sheet's buildings row."""
    final = {a.tile: sum(x.n for x in a.gains) for a in buildings.final_gains(g).get(g.players.index(p), [])}
    out = []
    for b in p.buildings:
        named = Named.BUILDING.of(b.name)
        during = sum(e.amount for e in p.ledger if e.reason == named or e.reason.startswith(named + ":"))
        out.append({"tile": b.name, "money": during, "final": final.get(b.name, 0)})
    return out


def plain_corrections(p: Player) -> list[str]:
    """The corrections that are not a building's effect (those are the buildings' own row, R23)."""
    out = []
    for c in p.corrections:
        reason = c[c.find("(") + 1: -1] if c.endswith(")") and "(" in c else ""
        if buildings.named_in(p.buildings, reason)[0] is None:
            out.append(c)
    return out


def player_score(g: Game, p: Player) -> dict[str, Any]:
    """The breakdown of one player's total, with stable keys for `score --json` and the score sheet."""
    areas: dict[str, dict[str, Any]] = {}
    for area in data.SALE_AREAS:
        pieces = {k: v for k, v in p.wood[area].items() if data.BASE_PRICE[k] is not None}
        areas[area] = {
            "pieces": pieces,
            "bonus": data.DRYING_BONUS[area],
            "dollars": sum(prices.sale_price(k, area) * n for k, n in pieces.items()),
        }
    kind, count, river_dollars = river_sale(p)
    tasks: list[dict[str, Any]] = [
        {"id": t.id, "value": t.value, "complete": t.complete, "dollars": t.value if t.complete else 0,
         "missing": [f"{pc}@{st}" for pc, st in t.missing()]}
        for t in p.tasks
    ]
    final_sale = sum(a["dollars"] for a in areas.values())
    task_dollars = sum(t["dollars"] for t in tasks)
    furniture = furniture_dollars(p)
    repay = prices.loan_repayment(p.loans)
    # R23: a tile's dollars at the final scoring (counted, never applied to money, as the final sale is)
    at_end = sum(x.n for a in buildings.final_gains(g).get(g.players.index(p), []) for x in a.gains)
    total = p.money + final_sale + river_dollars + task_dollars + furniture + at_end - repay - p.debt
    return {
        "name": p.name,
        "colour": p.colour,
        "money": p.money,
        "final_sale": final_sale,
        "areas": areas,
        "river": {"kind": kind, "pieces": count, "dollars": river_dollars},
        "tasks": tasks,
        "task_dollars": task_dollars,
        "furniture": {"pieces": dict(p.furniture), "dollars": furniture},  # R23
        "carpenters": {"count": p.carpenters, "income": carpenter_income(p)},  # R23: income is part of money
        "buildings": [b.name for b in p.buildings],
        # R23: money the tiles gave during play (part of money) and their dollars at the final scoring
        "building_money": sum(e.amount for e in p.ledger if kind_of(e.reason) == Kind.BUILDINGS),
        "building_dollars": at_end,
        "building_rows": building_rows(g, p),
        "loans": p.loans,
        "loan_repayment": repay,
        "debt": p.debt,
        "corrections": plain_corrections(p),
        "total": total,
    }


def places(totals: list[int]) -> list[int]:
    """Competition ranking: equal totals share a place, the next place skips (R22)."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


def score(g: Game) -> dict[str, Any]:
    """`{"final": bool, "players": [...]}` ordered by place, then by seat.

    Tables do not announce that they are done (R24): a last winter in which only optional moves are left is
    scored as the game those moves lapsing gives (feeding and heating settled), and that score is final."""
    from .flow import wound_up

    g = wound_up(g) or g
    rows = [player_score(g, p) for p in g.players]
    for row, place in zip(rows, places([r["total"] for r in rows]), strict=True):
        row["place"] = place
        row["shared"] = sum(1 for r in rows if r["total"] == row["total"]) > 1
    rows.sort(key=lambda r: r["place"])
    return {"final": g.over, "players": rows}

