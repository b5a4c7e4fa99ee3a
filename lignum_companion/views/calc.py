"""Table calculators (sale, winter, loan, market): pure functions over the engine's prices, text and JSON.

Every figure comes from `engine.prices` or `engine.data`, so the calculators can never disagree with the
engine. Each calculator returns a frozen result; `render_*` turns it into lines for the table and
`asdict`-style `*.as_json()` gives the same figures with their names for scripts.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from lignum_companion.engine import data, prices
from lignum_companion.engine.errors import IllegalAction, LignumError
from lignum_companion.texts import catalog as texts


class CalcInputError(LignumError):
    """An argument the calculator cannot read (unknown kind, negative number): a usage problem, no ruling."""


def _said(key: str, **fields: Any) -> str:
    """A refusal of the calculators in the shown language (templates/<lang>/calc.toml [errors])."""
    return texts.fill(texts.load("calc")["errors"][key], **fields)


# Names used on the command line, derived from the engine's names: "milled firewood" -> "milled-firewood".
PIECE_BY_NAME: dict[str, str] = {name.replace(" ", "-"): code for code, name in data.PIECE_NAMES.items()}
TOKEN_ALIASES = {"reed-bundle": "reed", "reeds": "reed", "stakes": "stake", "boards": "board",
                 "shingles": "shingle", "jokers": "joker", "rafts": "raft", "sledges": "sledge",
                 "wagons": "wagon"}
_SPEC = re.compile(r"^(?:(?P<count>\d+)\s*[x×*]?)?(?P<name>[^\W\d_][\w -]*?)(?:@(?P<area>[^@]+))?$")
_SPOKEN = re.compile(r"^(?P<name>[^\W\d_][\w -]*?)\s*(?P<count>\d+)\s*개(?P<area>@.+)?$")  # 장작 2개@가판대


def _own_name(name: str, table: str, codes: dict[str, str]) -> str:
    """A piece or token typed in Korean words (2장작, 가공된-장작@dry1, 말뚝) -> its command-line name."""
    if name.isascii():
        return name
    for lang in texts.LANGS:  # a Korean word is read whichever language is shown
        shown = texts.load("calc", lang)
        for code, word in (shown["sale"]["pieces"] if table == "pieces" else shown["market"]["one"]).items():
            if name.replace("-", " ") == word.lower():
                return codes.get(code, code)
    return name


def non_negative(name: str, value: int | None) -> int:
    """Refuse negative counts and sums up front, naming the option, so no figure comes from them."""
    if value is None:
        return 0
    if value < 0:
        raise CalcInputError(_said("negative", name=name, value=value))
    return value


def parse_count(name: str, text: str | int | None) -> int | None:
    """Read a whole number given on the command line; the message names the option instead of a usage box."""
    if text is None or isinstance(text, int):
        return non_negative(name, text) if text is not None else None
    text = text.strip()
    if len(text) > 6:  # no count or sum of the game comes near; int() of thousands of digits fails or stalls
        raise CalcInputError(_said("too_long", name=name, max=data.MAX_MONEY, text=text[:12]))
    try:
        value = int(text)
    except ValueError:
        raise CalcInputError(_said("not_whole", name=name, text=text)) from None
    if value > data.MAX_MONEY:
        raise CalcInputError(_said("too_large", name=name, max=data.MAX_MONEY, value=value))
    return non_negative(name, value)



def _split_spec(spec: str, what: str) -> tuple[int, str, str | None]:
    """Split `[N×|Nx]NAME[@AREA]` into its parts; the caller checks that the name and area exist."""
    text = spec.strip().lower()
    spoken = _SPOKEN.match(text)  # a count said after the word, as Korean says it: 가공된 장작 2개
    if spoken:
        text = f"{spoken['count']}x{spoken['name']}{spoken['area'] or ''}"
    match = _SPEC.match(text)
    if not match:
        raise CalcInputError(_said("spec_form", spec=spec[:40], what=_said(f"spec_{what}")))
    digits = match["count"]
    if digits is not None and (len(digits) > 3 or int(digits) > data.MAX_COUNT):
        raise CalcInputError(_said("spec_box", spec=spec[:20], max=data.MAX_COUNT))
    count = int(digits) if digits is not None else 1
    if count < 1:
        raise CalcInputError(_said("spec_zero", spec=spec))
    return count, match["name"], match["area"]


# --- sale ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaleLine:
    """One group of identical pieces sold from one area, with the figures the table wants to check."""

    kind: str  # command-line name, e.g. "milled-firewood"
    piece: str  # engine code, e.g. "mF"
    area: str  # sale, dry1, dry2, dry3
    count: int
    base: int
    bonus: int
    each: int
    subtotal: int


@dataclass(frozen=True)
class SaleResult:
    """The lines of a sale and its total (R10)."""

    lines: tuple[SaleLine, ...]
    total: int
    rule: str = "R10"

    def as_json(self) -> dict[str, Any]:
        """Figures with their names, for `--json`."""
        return {"pieces": [asdict(line) for line in self.lines], "total": self.total, "rule": self.rule}


def parse_piece(spec: str) -> tuple[int, str, str]:
    """Read one `[N×|Nx]KIND[@AREA]` argument into (count, piece code, area)."""
    from lignum_companion.texts import words

    count, name, area = _split_spec(spec, "piece")
    code = PIECE_BY_NAME.get(name) or words.read_code(name, data.PIECES)  # 2F, 가공된장작, 가공된 장작 2개 (issue 22)
    if code is None:
        kinds = ", ".join(PIECE_BY_NAME) if not words.beside("piece") else ", ".join(map(words.piece, data.PIECES))
        raise CalcInputError(_said("unknown_kind", name=name, spec=spec, kinds=kinds))
    where = words.read_code(area, data.SALE_AREAS) if area else data.SALE_AREAS[0]  # @dry2, @건조2, @가판대
    if where is None:
        areas = ", ".join(map(words.area, data.SALE_AREAS)) if words.beside("spot") else ", ".join(data.SALE_AREAS)
        raise CalcInputError(_said("unknown_area", area=area, spec=spec, areas=areas))
    return count, code, where



def sale(specs: list[str], *, drying_card: bool = False, overfull: bool = False) -> SaleResult:
    """Price pieces sold from the sale and drying areas; refuse unsellable pieces and impossible drying areas.

    `drying_card` doubles the first drying area's room (the Drying planned work card); `overfull` accepts
    areas that drying huts pushed past their room, which R11 allows.
    """
    if not specs:
        raise CalcInputError(_said("nothing_to_sell"))
    lines: list[SaleLine] = []
    per_area: dict[str, dict[str, int]] = {}
    for spec in specs:
        count, piece, area = parse_piece(spec)
        each = prices.sale_price(piece, area)  # raises IllegalAction (R10) for unmilled hardwood
        bonus = each - prices.base_price(piece)
        name = data.PIECE_NAMES[piece].replace(" ", "-")
        lines.append(SaleLine(name, piece, area, count, each - bonus, bonus, each, each * count))
        if area != data.SALE_AREAS[0]:
            content = per_area.setdefault(area, {})
            content[piece] = content.get(piece, 0) + count
    if not overfull:
        for area, content in per_area.items():
            doubled = drying_card and area == data.SALE_AREAS[1]
            if not prices.drying_area_fits(content, doubled=doubled):
                factor = 2 if doubled else 1
                disks, milled = data.DRYING_CAPACITY_DISKS * factor, data.DRYING_CAPACITY_MILLED * factor
                from lignum_companion.texts import words
                from lignum_companion.views import game as views

                t = texts.load("calc")["errors"]
                held = t["drying_joiner"].join(texts.fill(t["drying_item"], n=n, word=words.thing(p))
                                               for p, n in content.items())
                raise IllegalAction(texts.fill(views.counted(t, "drying_full", disks), area=words.area(area),
                                               content=held, disks=disks, milled=milled), "R11")
    return SaleResult(tuple(lines), sum(line.subtotal for line in lines))


def render_sale(result: SaleResult) -> str:
    """One line per group of pieces, then the total, in columns."""
    t = texts.load("calc")["sale"]
    rows = [
        (texts.fill(t["count"], n=line.count, piece=t["pieces"].get(line.piece, line.piece)),
         t["areas"].get(line.area, line.area),
         texts.fill(t["price"], base=line.base, bonus=line.bonus, each=line.each), f"${line.subtotal}")
        for line in result.lines
    ]
    width = texts.display_width
    widths = [max(width(row[i]) for row in rows) for i in range(3)]
    out = ["  ".join(cell + " " * (w - width(cell)) for cell, w in zip(row[:3], widths, strict=True))
           + f"  {row[3]:>4}" for row in rows]
    out.append(texts.fill(t["total"], total=result.total, rule=result.rule))
    return "\n".join(out)


# --- winter -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WinterStep(prices.WinterBill):
    """One winter need (feeding or heating) walked through R14: the engine's bill plus what is paid and kept."""

    step: str  # "feeding" or "heating"
    paid: int
    money_left: int
    left_over: int  # food thrown away, or heating wood kept for the next winter


@dataclass(frozen=True)
class WinterResult:
    """Feeding then heating, the loans they force, and what must still be raised by selling wood."""

    feeding: WinterStep
    heating: WinterStep
    money_before: int
    money_left: int
    loans_before: int
    loans_after: int
    to_raise_by_selling: int
    rule: str = "R14"

    def as_json(self) -> dict[str, Any]:
        """Figures with their names, for `--json`."""
        return asdict(self)


def _winter_step(step: str, need: int, have: int, money: int, loans: int) -> WinterStep:
    """Run the engine's R14 bill for one need and add what the table pays and keeps."""
    bill = prices.winter_bill(need, have, money, loans)
    paid = min(bill.cost, bill.money_after_loans)
    return WinterStep(**vars(bill), step=step, paid=paid, money_left=bill.money_after_loans - paid,
                      left_over=max(0, have - need))


def winter(food_need: int, heat_need: int, food: int, heat: int, money: int, loans: int = 0) -> WinterResult:
    """Walk R14: feeding first, then heating; loans before any sale; the rest is raised by selling wood.

    When feeding leaves a shortfall the player sells wood to cover exactly that, so heating starts from $0
    (selling more is the player's choice and would only lower the heating shortfall).
    """
    for name, value in (("food need", food_need), ("heating need", heat_need), ("food", food),
                        ("heating wood", heat), ("money", money), ("loans", loans)):
        non_negative(name, value)
    if loans > data.MAX_LOANS:
        raise IllegalAction(_said("loans_max", max=data.MAX_LOANS, loans=loans), "R15")
    feeding = _winter_step("feeding", food_need, food, money, loans)
    heating = _winter_step("heating", heat_need, heat, feeding.money_left, loans + feeding.loans_taken)
    return WinterResult(
        feeding=feeding, heating=heating, money_before=money, money_left=heating.money_left,
        loans_before=loans, loans_after=loans + feeding.loans_taken + heating.loans_taken,
        to_raise_by_selling=feeding.still_short + heating.still_short,
    )


def _render_step(s: WinterStep, thing: str) -> list[str]:
    """Lines for one step: what is missing, the loans, the payment, the shortfall."""
    t = texts.load("calc")["winter"]
    title = texts.fill(t["title"], step=t["steps"].get(s.step, s.step), need=s.need, thing=thing, have=s.have)
    if not s.missing:
        return [texts.fill(t["nothing"], title=title)]
    lines = [texts.fill(t["missing"], title=title, missing=s.missing, each=s.cost // s.missing, cost=s.cost)]
    if s.loans_taken:
        lines.append(texts.fill(t["loans_one" if s.loans_taken == 1 else "loans_many"], money=s.money_before,
                                n=s.loans_taken, gain=s.money_after_loans - s.money_before, after=s.money_after_loans))
    elif s.money_before < s.cost:
        lines.append(texts.fill(t["no_loan_left"], money=s.money_before, held=s.loans_before, max=data.MAX_LOANS))
    lines.append(texts.fill(t["pay"], paid=s.paid, left=s.money_left))
    if s.still_short:
        lines.append(texts.fill(t["still_short"], short=s.still_short))
    return lines


def render_winter(result: WinterResult) -> str:
    """The R14 walk as the table would do it: feeding, then heating, then the summary."""
    t = texts.load("calc")["winter"]
    out = _render_step(result.feeding, t["food"])
    out += _render_step(result.heating, t["heat"])
    out.append(texts.fill(t["left_over"], food=result.feeding.left_over, heat=result.heating.left_over))
    out.append(texts.fill(t["summary"], before=result.loans_before, after=result.loans_after,
                          money=result.money_before, left=result.money_left))
    if result.to_raise_by_selling:
        out += texts.wrap(texts.fill(t["sell"], short=result.to_raise_by_selling, rule=result.rule), 80)
    else:
        out.append(texts.fill(t["nothing_to_sell"], rule=result.rule))
    return "\n".join(out)


# --- loans --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoanRow:
    """What a number of loans brings now and costs at the end (R15)."""

    loans: int
    received: int
    repay: int
    cost: int  # repay - received


@dataclass(frozen=True)
class LoanResult:
    """Every legal number of loans, and, if the player's count was given, theirs and the next one."""

    rows: tuple[LoanRow, ...]
    loans: int | None
    current: LoanRow | None
    next: LoanRow | None
    loan_amount: int = data.LOAN_AMOUNT
    max_loans: int = data.MAX_LOANS
    rule: str = "R15"

    def as_json(self) -> dict[str, Any]:
        """Figures with their names, for `--json`."""
        return asdict(self)


def _loan_row(n: int) -> LoanRow:
    received = n * data.LOAN_AMOUNT
    repay = prices.loan_repayment(n)
    return LoanRow(n, received, repay, repay - received)


def loan(loans: int | None = None) -> LoanResult:
    """Loan figures: the whole table, or for a player holding `loans`, their position and the next step."""
    rows = tuple(_loan_row(n) for n in range(1, data.MAX_LOANS + 1))
    if loans is None:
        return LoanResult(rows, None, None, None)
    non_negative("loans", loans)
    if loans > data.MAX_LOANS:
        raise IllegalAction(_said("loans_max", max=data.MAX_LOANS, loans=loans), "R15")
    current = _loan_row(loans)
    nxt = _loan_row(loans + 1) if loans < data.MAX_LOANS else None
    return LoanResult(rows, loans, current, nxt)


def render_loan(result: LoanResult) -> str:
    """The loan table, or one player's loans and what one more would do."""
    t = texts.load("calc")["loan"]
    out: list[str] = []
    if result.current is None:
        for row in result.rows:
            out.append(texts.fill(t["row_one" if row.loans == 1 else "row_many"], n=row.loans,
                                  received=row.received, repay=row.repay, cost=row.cost))
    else:
        cur = result.current
        key = {0: "holding_none", 1: "holding_one"}.get(cur.loans, "holding_many")
        out.append(texts.fill(t[key], n=cur.loans, received=cur.received, repay=cur.repay, cost=cur.cost))
        if result.next is None:
            out.append(texts.fill(t["no_more"], max=result.max_loans))
        else:
            nxt = result.next
            out.append(texts.fill(t["one_more"], amount=result.loan_amount, repay=cur.repay,
                                  next_repay=nxt.repay, rise=nxt.repay - cur.repay))
    out.append(texts.fill(t["rule"], rule=result.rule))
    return "\n".join(out)


# --- market -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CraftSet:
    """One set of identical craftwork tokens sold together; `jokers` of them stand in for `token`."""

    token: str
    size: int
    jokers: int
    price: int


@dataclass(frozen=True)
class Purchase:
    """Bought or sold equipment at a fixed price per token."""

    item: str
    count: int
    price_each: int
    total: int


@dataclass(frozen=True)
class MarketResult:
    """A market visit: the best craftwork sets, Trade card sales, purchases and the net (R17)."""

    sets: tuple[CraftSet, ...]
    unsold: dict[str, int]
    trade: tuple[Purchase, ...]
    buys: tuple[Purchase, ...]
    income: int
    spend: int
    net: int
    money_before: int | None
    money_after: int | None
    craftwork_card: bool
    trade_card: bool
    rule: str = "R17"
    notes: tuple[str, ...] = field(default_factory=tuple)

    def as_json(self) -> dict[str, Any]:
        """Figures with their names, for `--json`."""
        return asdict(self)


def parse_tokens(items: list[str]) -> dict[str, int]:
    """Read `--sell` values: each may be `[Nx]TOKEN` or a comma list of them, e.g. `2xstake,joker`."""
    counts: dict[str, int] = {}
    sellable = data.CRAFTWORK + data.TRADE_CARD_TOKENS
    for item in items:
        for part in filter(None, (p.strip() for p in item.split(","))):
            count, name, area = _split_spec(part, "token")
            name = TOKEN_ALIASES.get(name) or _token_code(name, sellable)
            if area is not None or name not in sellable:
                raise CalcInputError(_said("not_at_market", part=part, tokens=", ".join(sellable)))
            counts[name] = counts.get(name, 0) + count
            if counts[name] > data.MAX_COUNT:
                raise CalcInputError(_said("token_box", max=data.MAX_COUNT, name=name))
    return counts


def _token_code(name: str, sellable: tuple[str, ...]) -> str:
    """A token typed in any language's words (판자, 만능, 짚단) as its code; an unknown word stays as typed."""
    from lignum_companion.texts import words

    return words.read_code(name, sellable) or _own_name(name, "tokens", {})


Best = tuple[int, int, int]  # (dollars, -tokens used, -jokers used): more money, then keep more tokens


def _best_sets(n: int, card: bool) -> tuple[Best, tuple[int, ...]]:
    """Best split of n identical tokens into sets (sizes from the price table); leftovers stay unsold."""
    sizes = sorted(data.CRAFTWORK_SET_PRICE)
    best: list[tuple[Best, tuple[int, ...]]] = [((0, 0, 0), ())]
    for total in range(1, n + 1):
        cand = best[total - 1]  # leave one token unsold
        for size in sizes:
            if size <= total:
                (money, used, _), parts = best[total - size]
                option = ((money + prices.craftwork_set_price(size, card), used - size, 0), parts + (size,))
                if option[0] > cand[0]:
                    cand = option
        best.append(cand)
    return best[n]


def craftwork_sets(
    counts: dict[str, int], jokers: int, card: bool = False
) -> tuple[list[CraftSet], dict[str, int]]:
    """Group craftwork tokens into the sets that pay most (R17), a joker counting as any kind.

    Dynamic programming over the kinds with the jokers still free; jokers left over form sets of their own.
    Among equal sums it uses fewer tokens, then fewer jokers, keeping them back for huts.
    """
    kinds = [k for k in data.CRAFTWORK if k != "joker"]
    best_sets = cache(lambda n: _best_sets(n, card))  # per call: the price table is read afresh each time
    Plan = list[tuple[str, int, tuple[int, ...]]]  # (kind, jokers used, set sizes)
    memo: dict[tuple[int, int], tuple[Best, Plan]] = {}

    def go(i: int, free: int) -> tuple[Best, Plan]:
        """Best sets for kinds[i:] with `free` jokers still unassigned."""
        if (i, free) not in memo:
            if i == len(kinds):
                (money, used, _), parts = best_sets(free)
                memo[(i, free)] = ((money, used, used), [("joker", -used, parts)] if parts else [])
            else:
                own = counts.get(kinds[i], 0)
                best: tuple[Best, Plan] = ((-1, 0, 0), [])
                for offered in range(free + 1):
                    (money, used, _), parts = best_sets(own + offered)
                    jokers_used = max(0, -used - own)
                    if jokers_used < offered:
                        continue  # the same split with fewer jokers offered is tried already
                    (money2, used2, jokers2), rest = go(i + 1, free - jokers_used)
                    score = (money + money2, used + used2, jokers2 - jokers_used)
                    if score > best[0]:
                        best = (score, ([(kinds[i], jokers_used, parts)] if parts else []) + rest)
                memo[(i, free)] = best
        return memo[(i, free)]

    unsold = {k: n for k, n in counts.items() if n} | ({"joker": jokers} if jokers else {})
    sets: list[CraftSet] = []
    for kind, _jokers_used, parts in go(0, jokers)[1]:
        own_left = unsold.get(kind, 0) if kind != "joker" else 0
        for size in sorted(parts, reverse=True):
            own_in_set = min(size, own_left)
            own_left -= own_in_set
            sets.append(CraftSet(kind, size, size - own_in_set, prices.craftwork_set_price(size, card)))
            if kind != "joker":
                unsold[kind] -= own_in_set
            unsold["joker"] = unsold.get("joker", 0) - (size - own_in_set)
    return sets, {k: n for k, n in unsold.items() if n > 0}


def market(
    sell: list[str] | None = None,
    *,
    craftwork_card: bool = False,
    trade_card: bool = False,
    buy_saws: int = 0,
    buy_food: int = 0,
    saws_owned: int | None = None,
    money: int | None = None,
) -> MarketResult:
    """One market visit (R17): craftwork sets with jokers, Trade card sales, saws within the limit, food."""
    non_negative("--buy-saws", buy_saws)
    non_negative("--buy-food", buy_food)
    non_negative("--saws-owned", saws_owned)
    non_negative("--money", money)
    counts = parse_tokens(sell or [])
    trade_counts = {t: counts.pop(t) for t in data.TRADE_CARD_TOKENS if t in counts}
    if trade_counts and not trade_card:
        raise IllegalAction(_said("trade_card", tokens=", ".join(trade_counts)), "R17")
    if not counts and not trade_counts and not buy_saws and not buy_food:
        raise IllegalAction(_said("nothing_at_market"), "R3")
    if saws_owned is not None:
        if saws_owned > data.MAX_SAWS:
            raise IllegalAction(_said("saws_owned_max", max=data.MAX_SAWS, owned=saws_owned), "R17")
        if saws_owned + buy_saws > data.MAX_SAWS:
            raise IllegalAction(_said("saws_more", max=data.MAX_SAWS, owned=saws_owned,
                                      room=data.MAX_SAWS - saws_owned, buy=buy_saws), "R17")
    elif buy_saws > data.MAX_SAWS:
        raise IllegalAction(_said("saws_buy_max", max=data.MAX_SAWS, buy=buy_saws), "R17")
    jokers = counts.pop("joker", 0)
    sets, unsold = craftwork_sets(counts, jokers, craftwork_card)
    trade = tuple(
        Purchase(t, n, data.TRADE_CARD_TOKEN_PRICE, n * data.TRADE_CARD_TOKEN_PRICE)
        for t, n in trade_counts.items()
    )
    buys = tuple(
        Purchase(item, n, each, n * each)
        for item, n, each in (("saw", buy_saws, data.SAW_PRICE), ("food", buy_food, data.FOOD_PRICE))
        if n
    )
    income = sum(s.price for s in sets) + sum(t.total for t in trade)
    spend = sum(b.total for b in buys)
    notes: list[str] = []
    if saws_owned is None and buy_saws:
        notes.append(texts.text("calc", "market", "saws_note", max=data.MAX_SAWS))
    money_after = None if money is None else money + income - spend
    return MarketResult(
        sets=tuple(sets), unsold=unsold, trade=trade, buys=buys, income=income, spend=spend,
        net=income - spend, money_before=money, money_after=money_after, craftwork_card=craftwork_card,
        trade_card=trade_card, notes=tuple(notes),
    )


def _counted(n: int, token: str) -> str:
    """'1 stake', '3 stakes', '2 food' (in Korean: '말뚝 3개'), from templates/<lang>/calc.toml."""
    t = texts.load("calc")["market"]
    word = t["one" if n == 1 else "many"].get(token, token)
    return texts.fill(t["counted"], n=n, word=word)


def render_market(result: MarketResult) -> str:
    """A line per set, sale and purchase, then the net and, if money was given, the money after."""
    t = texts.load("calc")["market"]
    rows: list[tuple[str, str]] = []
    card = t["card"] if result.craftwork_card else ""
    for s in result.sets:
        what = _counted(s.size, s.token)
        if s.jokers and s.token != "joker":
            what += texts.fill(t["jokers"], jokers=_counted(s.jokers, "joker"))
        rows.append((texts.fill(t["set"], what=what, card=card), f"+${s.price}"))
    for tr in result.trade:
        rows.append((texts.fill(t["trade"], what=_counted(tr.count, tr.item), each=tr.price_each), f"+${tr.total}"))
    for b in result.buys:
        rows.append((texts.fill(t["buy"], what=_counted(b.count, b.item), each=b.price_each), f"-${b.total}"))
    width = max(texts.display_width(r[0]) for r in rows) if rows else 0
    out = [label + " " * (width - texts.display_width(label)) + f"  {amount:>5}" for label, amount in rows]
    if result.unsold:
        out.append(texts.fill(t["not_sold"], left=", ".join(_counted(n, k) for k, n in result.unsold.items())))
    out.append(texts.fill(t["net"], sign="+" if result.net >= 0 else "-", net=abs(result.net), income=result.income,
                          spend=result.spend, rule=result.rule))
    if result.money_after is not None:
        if result.money_after >= 0:
            out.append(texts.fill(t["money"], before=result.money_before, after=result.money_after))
        else:
            out.append(texts.fill(t["money_short"], before=result.money_before, short=-result.money_after))
    out.extend(result.notes)
    return "\n".join(out)
