"""Pure price and cost functions: the one copy of every sum the game asks for.

The engine, the calculators and the score sheet all call these; none of them repeats a number.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import data
from .errors import IllegalAction


def sale_price(piece: str, area: str = "sale") -> int:
    """Dollars for selling one piece from an area, drying bonus included (R10)."""
    base = data.BASE_PRICE[piece]
    if base is None:
        raise IllegalAction.keyed("unmilled_not_for_sale", "R10", kind=piece[-1])
    return base + data.DRYING_BONUS.get(area, 0)


def base_price(piece: str) -> int:
    """Base price without bonus, as paid for forced winter sales from sawing area and storage (R14)."""
    return sale_price(piece, "sale")


def craftwork_set_price(size: int, craftwork_card: bool = False) -> int:
    """Dollars for one set of 2–4 identical craftwork tokens at the market (R17)."""
    table = data.CRAFTWORK_CARD_SET_PRICE if craftwork_card else data.CRAFTWORK_SET_PRICE
    if size not in table:
        raise IllegalAction.keyed("craftwork_set_size", "R17", size=size)
    return table[size]


def loan_repayment(loans: int) -> int:
    """What loans cost back at the end of the game: $7 for one, $16 for two (R15)."""
    if loans not in data.LOAN_REPAYMENT:
        raise IllegalAction.keyed("loan_repayment_count", "R15", loans=loans)
    return data.LOAN_REPAYMENT[loans]


def check_loans(loans: int) -> None:
    """A player holds at most two loans (R15)."""
    if loans > data.MAX_LOANS:
        raise IllegalAction.keyed("loans_count_max", "R15", max=data.MAX_LOANS, loans=loans)


@dataclass(frozen=True)
class LoanRow:
    """What a number of loans brings now and costs back at the end (R15)."""

    loans: int
    received: int
    repay: int
    cost: int  # repay - received


def loan_row(loans: int) -> LoanRow:
    """The figures of holding `loans` loans (R15)."""
    received = loans * data.LOAN_AMOUNT
    repay = loan_repayment(loans)
    return LoanRow(loans, received, repay, repay - received)


def drying_area_fits(pieces: dict[str, int], *, doubled: bool = False) -> bool:
    """Whether a drying area's content respects R11: one disk or up to two milled logs, never a mix."""
    disks = sum(n for p, n in pieces.items() if not p.startswith("m"))
    milled = sum(n for p, n in pieces.items() if p.startswith("m"))
    room_disks, room_milled = drying_room(doubled=doubled)
    if pieces.get("H", 0):
        return False
    if disks and milled:
        return False
    return disks <= room_disks and milled <= room_milled


def drying_room(*, doubled: bool = False) -> tuple[int, int]:
    """What a drying area holds (R11): (unmilled pieces, milled pieces), twice that where the Drying card doubles
    the first drying area."""
    factor = 2 if doubled else 1
    return data.DRYING_CAPACITY_DISKS * factor, data.DRYING_CAPACITY_MILLED * factor


@dataclass(frozen=True)
class WinterBill:
    """The walk of R14 for one need (food or heating): what is missing, what it costs, how it is paid."""

    need: int
    have: int
    missing: int
    cost: int
    money_before: int
    loans_before: int
    loans_taken: int
    money_after_loans: int
    still_short: int  # dollars that must be raised by selling wood after the loans


def winter_bill(need: int, have: int, money: int, loans: int) -> WinterBill:
    """Cost of a winter need and the loans R14 forces before any wood is sold."""
    for name, value in (("need", need), ("have", have), ("money", money), ("loans", loans)):
        if value < 0:
            raise IllegalAction.keyed("winter_bill_negative", "R14", name=name, value=value)
    if loans > data.MAX_LOANS:
        raise IllegalAction.keyed("winter_bill_loans_max", "R15", MAX_LOANS=data.MAX_LOANS)
    missing = max(0, need - have)
    cost = missing * data.WINTER_MISSING_PIECE_COST
    taken = 0
    cash = money
    while cash < cost and loans + taken < data.MAX_LOANS:
        taken += 1
        cash += data.LOAN_AMOUNT
    short = max(0, cost - cash)
    return WinterBill(need, have, missing, cost, money, loans, taken, cash, short)


@dataclass(frozen=True, kw_only=True)
class WinterSettled(WinterBill):
    """A bill as the engine settled it (R14): which step, what was handed in, sold, paid, and left as debt.

    Kept in the state (`Game.winter_bills`, as plain data) so every client can say it the same way."""

    round: int
    step: str  # "feeding" or "heating"
    player: int
    handed: int  # pieces handed in on the board (food, or logs from the storage)
    sold: dict[str, dict[str, int]]  # area -> pieces sold to pay the rest
    sale_value: int
    paid: int
    debt: int
    money_after: int


def settle_bill(bill: WinterBill, *, round: int, step: str, player: int, sold: dict[str, dict[str, int]],
                sale_value: int) -> WinterSettled:
    """Finish the walk of R14: after the loans, the wood sold pays what it can; the rest becomes debt."""
    cash = bill.money_after_loans + sale_value
    paid = min(bill.cost, cash)
    return WinterSettled(**vars(bill), round=round, step=step, player=player, handed=min(bill.need, bill.have),
                         sold=sold, sale_value=sale_value, paid=paid, debt=bill.cost - paid, money_after=cash - paid)


@dataclass(frozen=True, kw_only=True)
class WinterPaid(WinterBill):
    """A winter need's bill with what is paid from the money after the loans, the money left, and what is left over
    (food thrown away, or heating wood kept for the next winter)."""

    paid: int
    money_left: int
    left_over: int


def winter_paid(need: int, have: int, money: int, loans: int) -> WinterPaid:
    """One need walked through R14: the bill, the loans it forces, then paid as far as the money goes."""
    bill = winter_bill(need, have, money, loans)
    paid = min(bill.cost, bill.money_after_loans)
    return WinterPaid(**vars(bill), paid=paid, money_left=bill.money_after_loans - paid, left_over=max(0, have - need))


def winter_walk(food_need: int, heat_need: int, food: int, heat: int, money: int,
                loans: int = 0) -> tuple[WinterPaid, WinterPaid]:
    """A winter card walked through R14: feeding first, then heating; loans before any sale. A feeding shortfall is
    covered by selling exactly that much wood, so the heating starts from the money left ($0)."""
    check_loans(loans)
    feeding = winter_paid(food_need, food, money, loans)
    heating = winter_paid(heat_need, heat, feeding.money_left, loans + feeding.loans_taken)
    return feeding, heating
