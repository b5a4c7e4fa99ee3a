"""Table calculators (sale, winter, loan, market): pure functions over the engine's prices, text and JSON.

Every figure and every limit comes from the engine (`engine.prices`: sale prices, the winter walk of R14, loans;
`engine.market`: the market's sums, the saw limit, the craftwork-set optimiser), so the calculators keep no rule
of their own and can never disagree with the game; the engine's refusals are said here with the calculator's
options named (templates/<lang>/calc.toml [errors]). Each calculator returns a frozen result; `render_*` turns
it into lines for the table and `asdict`-style `*.as_json()` gives the same figures with their names for scripts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from lignum_companion.engine import data, prices
from lignum_companion.engine import market as engine_market
from lignum_companion.engine.errors import IllegalAction, LignumError
from lignum_companion.texts import catalog as texts


class CalcInputError(LignumError):
    """An argument the calculator cannot read (unknown kind, negative number): a usage problem, no ruling."""


def _said(key: str, **fields: Any) -> str:
    """A refusal of the calculators in the shown language (templates/<lang>/calc.toml [errors])."""
    return texts.fill(texts.load("calc")["errors"][key], **fields)


_OWN_KEY = {"loans_count_max": "loans_max"}  # an engine refusal's key -> the calculator's wording of it


@contextmanager
def _asking() -> Iterator[None]:
    """Ask the engine; a refusal it words for the game is said with the calculator's options (e.g. --trade-card)."""
    try:
        yield
    except IllegalAction as e:
        key = _OWN_KEY.get(e.key, e.key)
        if key and key in texts.load("calc")["errors"]:
            raise IllegalAction(_said(key, **e.fields), e.rule) from None
        raise


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
                disks, milled = prices.drying_room(doubled=doubled)
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


@dataclass(frozen=True, kw_only=True)
class WinterStep(prices.WinterPaid):
    """One winter need (feeding or heating) as the engine walked it through R14, named by its step."""

    step: str  # "feeding" or "heating"


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


def winter(food_need: int, heat_need: int, food: int, heat: int, money: int, loans: int = 0) -> WinterResult:
    """Walk R14 with the engine (prices.winter_walk): feeding first, then heating; loans before any sale; the rest
    is raised by selling wood."""
    for name, value in (("food need", food_need), ("heating need", heat_need), ("food", food),
                        ("heating wood", heat), ("money", money), ("loans", loans)):
        non_negative(name, value)
    with _asking():
        walked = prices.winter_walk(food_need, heat_need, food, heat, money, loans)
    feeding, heating = (WinterStep(**vars(paid), step=step) for paid, step in zip(walked, ("feeding", "heating"),
                                                                                   strict=True))
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
        lines.append(texts.fill(texts.counted(t, "loans", s.loans_taken), money=s.money_before,
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


LoanRow = prices.LoanRow  # what a number of loans brings now and costs at the end (R15)


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


def loan(loans: int | None = None) -> LoanResult:
    """Loan figures: the whole table, or for a player holding `loans`, their position and the next step."""
    rows = tuple(prices.loan_row(n) for n in range(1, data.MAX_LOANS + 1))
    if loans is None:
        return LoanResult(rows, None, None, None)
    non_negative("loans", loans)
    with _asking():
        prices.check_loans(loans)
    current = prices.loan_row(loans)
    nxt = prices.loan_row(loans + 1) if loans < data.MAX_LOANS else None
    return LoanResult(rows, loans, current, nxt)


def render_loan(result: LoanResult) -> str:
    """The loan table, or one player's loans and what one more would do."""
    t = texts.load("calc")["loan"]
    out: list[str] = []
    if result.current is None:
        for row in result.rows:
            out.append(texts.fill(texts.counted(t, "row", row.loans), n=row.loans,
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


CraftSet = engine_market.CraftSet  # one set of identical craftwork tokens sold together (R17)


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


def craftwork_sets(counts: dict[str, int], jokers: int, card: bool = False) -> tuple[list[CraftSet], dict[str, int]]:
    """The sets that pay most (R17), as the engine finds them (engine.market.craftwork_sets)."""
    return engine_market.craftwork_sets(counts, jokers, card)


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
    buy = {k: n for k, n in (("saw", buy_saws), ("food", buy_food)) if n}
    with _asking():  # the engine's limits: the Trade card (R17), something bought or sold (R3), four saws (R17)
        engine_market.check_visit(sells=bool(counts), trade=trade_counts, buys=bool(buy), trade_card=trade_card)
        engine_market.check_saws(buy_saws, saws_owned)
    jokers = counts.pop("joker", 0)
    sets, unsold = engine_market.craftwork_sets(counts, jokers, craftwork_card)
    sums = engine_market.visit_sums([{s.token: s.size} for s in sets], trade_counts, buy,
                                    craftwork_card=craftwork_card)
    trade = tuple(Purchase(t, n, data.TRADE_CARD_TOKEN_PRICE, n * data.TRADE_CARD_TOKEN_PRICE)
                  for t, n in trade_counts.items())
    buys = tuple(Purchase(item, n, each, n * each)
                 for item, n, each in (("saw", buy_saws, data.SAW_PRICE), ("food", buy_food, data.FOOD_PRICE)) if n)
    income, spend = sums.income, sums.cost
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
    word = t[texts.number_form(n)].get(token, token)
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
