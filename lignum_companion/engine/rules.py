"""The rules: one handler per action verb. Each handler checks everything first and only then changes the state.

That discipline (python-chess's parse/check/apply) is what lets a refused action leave the game untouched.
Handlers get the game, the acting player's index and the parsed args; they raise `IllegalAction(reason, rule)`.
Turn and phase checks live in flow.py; the numbers live in data.py and prices.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from . import data, prices
from .errors import IllegalAction
from .pieces import Bag, add, add_all, format_bag, has_all, take, take_all, total
from .state import Game, LedgerEntry, Plan, Player, Task

Handler = Callable[[Game, int, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handler(verb: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[verb] = fn
        return fn

    return deco


# ---------------------------------------------------------------------------------------------------
# money and small helpers


def gain(g: Game, p: Player, amount: int, reason: str) -> None:
    """Add (or with a negative amount, pay) money and write the ledger line."""
    if amount:
        p.money += amount
        p.ledger.append(LedgerEntry(g.round, reason, amount))


def need_money(p: Player, amount: int, what: str, rule: str = "R3", **fields: Any) -> None:
    """Refuse unless the player has `amount`; `what` is the code of what it is for, words in the templates."""
    if p.money < amount:
        raise IllegalAction.keyed("need_money-costs_and_has_a", rule, what=what, amount=amount, name=p.name,
                                  money=p.money, **fields)


def plan_active(g: Game, p: Player, card: str) -> bool:
    """Whether the player planned this card for the current round (R20)."""
    return any(pl.card == card and pl.round == g.round for pl in p.plans)


def _check_pieces(p: Player, area: str, bag: Bag) -> None:
    if not has_all(p.wood[area], bag):
        raise IllegalAction.keyed("check_pieces-s_holds_not", "", name=p.name, spot=area, have=dict(p.wood[area]),
                                  pieces=dict(bag))


def workers_plan(g: Game, p: Player, kind: str, need: int, huts: int, what: str) -> tuple[int, int, bool]:
    """Which workers do `need` jobs (R6): hired workers first, then the huts named, then the mill worker."""
    hired = 0 if g.winter else min(p.workers.get(kind, 0), need)
    rest = need - hired
    if huts > p.huts.get("accom", 0):
        raise IllegalAction.keyed("workers_plan-has_accommodation_huts_not", "R16", name=p.name,
                                  value=p.huts.get('accom', 0), huts=huts)
    if huts > rest:
        raise IllegalAction.keyed("workers_plan-needs_no_more_than", "R6", what=what, rest=rest, huts=huts)
    rest -= huts
    mill = False
    if rest == 1 and p.mill_worker:
        mill, rest = True, 0
    if rest > 0:
        have = p.workers.get(kind, 0) if not g.winter else 0
        extra = "mill_free" if p.mill_worker else "mill_used"
        raise IllegalAction.keyed("workers_plan-needs_has_hired_huts", "R6", what=what, need=need, kind=kind,
                                  name=p.name, have=have, huts=huts, extra=extra)
    return hired, huts, mill


def use_workers(p: Player, kind: str, plan: tuple[int, int, bool]) -> None:
    hired, huts, mill = plan
    if hired:
        take(p.workers, kind, hired)
    if huts:
        take(p.huts, "accom", huts)
    if mill:
        p.mill_worker = False


def free_area(g: Game, pi: int, area: int) -> bool:
    """A cutting area with no other player's token, the player's own counting as free (R5, R29)."""
    return all(i == pi for i in g.area_players(area))


def area_wood(g: Game, area: int) -> Bag:
    return {k: v for k, v in g.cutting[str(area)].items() if k in data.KINDS}


def available_workers(g: Game, p: Player, kind: str) -> int:
    hired = 0 if g.winter else p.workers.get(kind, 0)
    return hired + int(p.mill_worker) + p.huts.get("accom", 0)


# ---------------------------------------------------------------------------------------------------
# table actions


def check_path_tokens(g: Game, tokens: list[str]) -> None:
    """The 13 path tokens must be this player count's mix (R2, seed 003)."""
    n = len(g.players)
    mix = data.PATH_MIX[n]
    counts: Bag = {}
    for t in tokens:
        key = "craft" if t in data.CRAFTWORK else t
        add(counts, key)
    for key, want in mix.items():
        have = counts.get(key, 0)
        if have != want:
            raise IllegalAction.keyed("check_path_tokens-with_players_the_path", "R2", n=n, want=want, token=key,
                                      have=have)


@handler("path")
def _path(g: Game, pi: int, a: dict[str, Any]) -> None:
    check_path_tokens(g, a["tokens"])
    g.path = {str(loc): tok for loc, tok in zip(g.board.token_locations, a["tokens"], strict=True)}
    g.supply = dict(data.PATH_SUPPLY[len(g.players)])


@handler("task")
def _task(g: Game, pi: int, a: dict[str, Any]) -> None:
    g.task_seq += 1
    tid = f"T{g.task_seq}"
    grouped: dict[tuple[str, int], int] = {}  # the notation writes needs grouped; so does the state, for replay
    for piece, stage in a["needs"]:
        grouped[(piece, stage)] = grouped.get((piece, stage), 0) + 1
    needs = [[piece, stage] for (piece, stage), n in grouped.items() for _ in range(n)]
    g.task_display.append(Task(tid, a["value"], needs, [False] * len(needs)))


@handler("placement")
def _placement(g: Game, pi: int, a: dict[str, Any]) -> None:
    if g.tactical:
        g.next_placements.append({k: dict(v) for k, v in a["areas"].items()})
    else:
        for area, bag in a["areas"].items():
            add_all(g.cutting[area], bag)
    g.placements += 1


def place_cards(g: Game, cards: list[dict[str, Bag]]) -> None:
    for card in cards:
        for area, bag in card.items():
            add_all(g.cutting[area], bag)


def fill_empty_areas(g: Game) -> None:
    """After the placement cards, 1 firewood on every cutting area without wood (seed 000, step 2)."""
    g.marked = []
    for area in data.CUTTING_AREAS:
        if not area_wood(g, area):
            add(g.cutting[str(area)], "F", data.EMPTY_AREA_FIREWOOD)
            g.marked.append(area)


FIX_GROUPS = {
    **{k: "equipment" for k in ("wagon", "raft", "saw", "sledge")},
    **{k: "craftwork" for k in data.CRAFTWORK},
    **{k: "workers" for k in ("woodcutters", "bearers", "sawyers")},
    **{f"{k}-hut": "huts" for k in data.HUT_AREAS},
}


def building_named(p: Player, word: str):
    """The player's building of that name (case-insensitive), or None (R23)."""
    return next((b for b in p.buildings if b.name.casefold() == word.casefold()), None)


def correction_reason(p: Player, reason: str) -> str:
    """Ledger text of a money correction: a building's effect is shown under its name (R23)."""
    first, _, rest = reason.strip().partition(" ")
    b = building_named(p, first)
    if b is not None:
        return f"building {b.name}" + (f": {rest.strip()}" if rest.strip() else "")
    return f"correction: {reason}"


# Which pieces a correction may put in each area of a mill: later steps rely on these (issue #15, item 10).
FIX_WOOD_PIECES = {"woodpile": data.KINDS, "river": data.KINDS, "saw": data.KINDS, "store": ("mF", "mS", "mH"),
                   **{a: data.PIECES for a in data.SALE_AREAS}}  # unsawn hardwood there stays unsold (R10, R12)
FIX_WOOD_RULE = {"woodpile": "R9", "river": "R8", "saw": "R9", "store": "R14",
                 **{a: "R7" for a in data.SALE_AREAS}}


@handler("fix")
def _fix(g: Game, pi: int, a: dict[str, Any]) -> None:
    ti = g.player_index(a["target"])
    if ti is None:
        raise IllegalAction.keyed("fix-no_player_called", "", target=a['target'])
    p = g.players[ti]
    fld, d = a["field"], a["delta"]
    if not a["reason"].strip():
        raise IllegalAction.keyed("fix-a_correction_needs_a", "")
    if fld in ("money", "food", "debt", "loans", "carpenters"):
        new = getattr(p, fld) + d
        if new < 0:
            raise IllegalAction.keyed("fix-s_would_become", "", name=p.name, fld=fld, new=new)
        if fld == "loans" and new > data.MAX_LOANS:
            raise IllegalAction.keyed("fix-a_player_holds_at", "R15", MAX_LOANS=data.MAX_LOANS)
        if fld == "carpenters" and (new > data.MAX_CARPENTERS or not g.joinery):
            raise IllegalAction.keyed("fix_carpenters", "R23", max=data.MAX_CARPENTERS)
        if fld == "money":
            gain(g, p, d, correction_reason(p, a["reason"]))
        else:
            setattr(p, fld, new)
    elif fld == "fodder":
        value = abs(d)
        if value not in (2, 3):
            raise IllegalAction.keyed("fix-fodder_corrections_are_add", "R7")
        if d > 0 and value in p.fodder:
            raise IllegalAction.keyed("fix-already_holds_fodder_on", "R7", name=p.name, value=value)
        if d < 0 and value not in p.fodder:
            raise IllegalAction.keyed("fix-holds_no_fodder_on", "R7", name=p.name, value=value)
        if d > 0:
            p.fodder = sorted(p.fodder + [value])
        else:
            p.fodder.remove(value)
    elif fld in FIX_GROUPS:
        bag = getattr(p, FIX_GROUPS[fld])
        fld = fld.removesuffix("-hut")
        if bag.get(fld, 0) + d < 0:
            raise IllegalAction.keyed("fix-has", "", name=p.name, value=bag.get(fld, 0), fld=fld)
        if fld == "saw" and bag.get(fld, 0) + d > data.MAX_SAWS:
            raise IllegalAction.keyed("fix-a_mill_holds_at", "R17", MAX_SAWS=data.MAX_SAWS)
        add(bag, fld, d)
    else:
        area, _, piece = fld.partition(".")
        if p.wood[area].get(piece, 0) + d < 0:
            raise IllegalAction.keyed("fix-s_has", "", name=p.name, spot=area, value=p.wood[area].get(piece, 0),
                                      piece=piece)
        if d > 0 and piece not in FIX_WOOD_PIECES[area]:
            raise IllegalAction.keyed("fix-the_never_holds_correct", FIX_WOOD_RULE[area], spot=area, piece=piece,
                                      pieces=list(FIX_WOOD_PIECES[area]))
        if p.wood[area].get(piece, 0) + d > data.MAX_COUNT:
            raise IllegalAction.keyed("fix-the_box_holds_no", "", value=data.MAX_COUNT + 1)
        add(p.wood[area], piece, d)
    p.corrections.append(f"round {g.round}: {a['field']} {d:+d} ({a['reason']})")


# ---------------------------------------------------------------------------------------------------
# cutting area choice (R5, R21)


@handler("area")
def _area(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if g.tactical and not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("area-area_is_taken_in", "R21", area=a['area'])
    p.area = a["area"]


def split_food(g: Game) -> None:
    """Reveal: alone in an area takes all its food; sharers split evenly, the rest stays (R5)."""
    for area in data.CUTTING_AREAS:
        who = g.area_players(area)
        food = g.cutting[str(area)].get("food", 0)
        if not who or not food:
            continue
        share = food // len(who)
        if share:
            for i in who:
                g.players[i].food += share
                g.food_taken.append([i, area, share])
            take(g.cutting[str(area)], "food", share * len(who))


# ---------------------------------------------------------------------------------------------------
# travel along the path (R3, R4, R17, R19, R20)


def location_skipped(g: Game, loc: int) -> str:
    """The kind of a location that is not in play in this game's mode (R2: planned work, tasks), or ''."""
    kind = g.board.kind(loc)
    if (kind == "plan" and not g.has_planned_work) or (kind == "tasks" and not g.has_tasks):
        return kind
    return ""


def plan_cost(g: Game, card: str) -> int:
    return g.pw_cards.get(card, 0)  # R20: $1 per token already on the card


def plan_targets(g: Game, p: Player) -> list[tuple[str, int]]:
    """(card, pair) choices the player could plan now, ignoring money."""
    out = []
    for card in g.pw_cards:
        for pair in data.PLAN_PAIRS:
            if pair in p.pairs_used:
                continue
            target = g.round + pair
            if target > data.ROUNDS:
                continue
            if data.round_season(target) in data.PLANNED_WORK[card]:
                out.append((card, pair))
    return out


def check_plan(g: Game, p: Player, card: str, pair: int) -> int:
    if card not in g.pw_cards:
        raise IllegalAction.keyed("check_plan-is_not_among_the", "R20", card=card)
    if p.planned:
        raise IllegalAction.keyed("check_plan-has_already_planned_work", "R20", name=p.name)
    if pair in p.pairs_used:
        raise IllegalAction.keyed("check_plan-has_already_used_the", "R20", name=p.name, pair=pair)
    target = g.round + pair
    if target > data.ROUNDS:
        raise IllegalAction.keyed("check_plan-pair_would_aim_past", "R20", pair=pair)
    season = data.round_season(target)
    if season not in data.PLANNED_WORK[card]:
        raise IllegalAction.keyed("check_plan-cannot_work_in", "R20", card=card, season=season)
    cost = plan_cost(g, card)
    need_money(p, cost, "plan", "R20", card=card)
    return cost


def market_value(g: Game, p: Player, a: dict[str, Any]) -> tuple[int, int, Bag]:
    """Check a market visit (R17) and return (income, cost, craftwork spent)."""
    card_prices = plan_active(g, p, "craftwork")
    income = 0
    spent: Bag = {}
    for s in a["sets"]:
        size = total(s)
        kinds = [k for k in s if k != "joker"]
        if len(kinds) > 1:
            raise IllegalAction.keyed("market_value-a_craftwork_set_is", "R17", value=dict(s))
        income += prices.craftwork_set_price(size, card_prices)
        add_all(spent, s)
    if not has_all(p.craftwork, spent):
        raise IllegalAction.keyed("market_value-holds_not", "R17", name=p.name, craftwork=dict(p.craftwork),
                                  value=dict(spent))
    if a["trade"]:
        if not plan_active(g, p, "trade"):
            raise IllegalAction.keyed("market_value-selling_rafts_sledges_and", "R20")
        if not has_all(p.equipment, a["trade"]):
            raise IllegalAction.keyed("market_value-holds", "R17", name=p.name, equipment=dict(p.equipment))
        income += data.TRADE_CARD_TOKEN_PRICE * total(a["trade"])
    saws = a["buy"].get("saw", 0)
    if saws and p.equipment.get("saw", 0) + saws > data.MAX_SAWS:
        raise IllegalAction.keyed("market_value-has_saws_a_mill", "R17", name=p.name, value=p.equipment.get('saw', 0),
                                  MAX_SAWS=data.MAX_SAWS)
    cost = saws * data.SAW_PRICE + a["buy"].get("food", 0) * data.FOOD_PRICE
    if not (a["sets"] or a["trade"] or a["buy"]):
        raise IllegalAction.keyed("market_value-at_the_market_buy", "R3")
    if p.money + income < cost:
        raise IllegalAction.keyed("market_value-the_purchases_cost_and", "R3", cost=cost, name=p.name,
                                  value=p.money + income)
    return income, cost, spent


@handler("go")
def _go(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    board = g.board
    loc = a["loc"]
    if loc > board.clearing or a["kind"] != board.kind(loc):  # read for another board: a client's mistake
        raise IllegalAction.keyed("board_mismatch", "R23", loc=loc, board=board.name,
                                  location=board.kind(loc) if loc <= board.last else "-")
    kind = a["kind"]
    if loc <= p.pos:
        raise IllegalAction.keyed("go-stands_on_foremen_only", "R3", name=p.name, pos=p.pos)
    if kind == "clearing":
        p.pos = loc
        g.clearing.append(pi)
        return
    skipped = location_skipped(g, loc)
    if skipped:
        raise IllegalAction.keyed("go-location_skipped", "R2", loc=loc, location=skipped)
    if len(g.occupants(loc)) >= board.room(loc):
        raise IllegalAction.keyed("go-location_is_full", "R23" if kind in ("carpenter", "buildings") else "R3",
                                  loc=loc)
    supply = g.supply
    commit: list[Callable[[], None]] = []
    if kind == "token":
        tok = g.path.get(str(loc))
        if tok == "X":
            raise IllegalAction.keyed("go-location_is_blocked_by", "R2", loc=loc)
        if not tok:
            raise IllegalAction.keyed("go-the_token_on_location", "R3", loc=loc)
        if tok == "saw" and p.equipment.get("saw", 0) >= data.MAX_SAWS:
            raise IllegalAction.keyed("go-already_has_saws", "R3", name=p.name, MAX_SAWS=data.MAX_SAWS)

        def take_token() -> None:
            g.path[str(loc)] = None
            if tok == "coin":
                gain(g, p, 1, "dollar coin token")
            elif tok == "food":
                p.food += 1
            elif tok in data.CRAFTWORK:
                add(p.craftwork, tok)
            else:
                add(p.equipment, tok)

        commit.append(take_token)
    elif kind in ("bearers", "woodcutters"):
        n = a["count"]
        if supply.get(kind, 0) < n:
            raise IllegalAction.keyed("go-only_are_left_on", "R3", value=supply.get(kind, 0), kind=kind, loc=loc)
        if kind == "woodcutters":
            wood = total(area_wood(g, p.area)) if p.area else 0
            if n > wood:
                raise IllegalAction.keyed("go-s_cutting_area_holds", "R4", name=p.name, area=p.area, wood=wood)
        need_money(p, n * data.WORKER_PRICE, "workers", n=n, kind=kind)

        def hire() -> None:
            take(supply, kind, n)
            add(p.workers, kind, n)
            gain(g, p, -n * data.WORKER_PRICE, kind)

        commit.append(hire)
    elif kind == "fodder":
        if supply.get("fodder", 0) < 1:
            raise IllegalAction.keyed("go-no_fodder_is_left", "R3", loc=loc)
        if data.FODDER_NEW_VALUE in p.fodder:
            raise IllegalAction.keyed("go-holds_fodder_on_the", "R3", name=p.name)
        need_money(p, data.WORKER_PRICE, "fodder")

        def buy_fodder() -> None:
            take(supply, "fodder")
            p.fodder = sorted(p.fodder + [data.FODDER_NEW_VALUE])
            gain(g, p, -data.WORKER_PRICE, "fodder")

        commit.append(buy_fodder)
    elif kind == "sawyers":
        if supply.get("free_sawyers", 0) < 1 and not a["extra"]:
            raise IllegalAction.keyed("go-no_free_sawyer_is", "R3")
        if a["extra"]:
            if supply.get("paid_sawyers", 0) < 1:
                raise IllegalAction.keyed("go-the_sawyer_is_already", "R3")
            need_money(p, data.WORKER_PRICE, "extra_sawyer")

        def sawyers() -> None:
            n = 0
            if supply.get("free_sawyers", 0):
                take(supply, "free_sawyers")
                n += 1
            if a["extra"]:
                take(supply, "paid_sawyers")
                gain(g, p, -data.WORKER_PRICE, "sawyer")
                n += 1
            add(p.workers, "sawyers", n)

        commit.append(sawyers)
    elif kind == "tasks":
        if p.took_task:
            raise IllegalAction.keyed("go-has_already_taken_a", "R19", name=p.name)
        card = next((t for t in g.task_display if t.id == a["task"]), None)
        if card is None:
            raise IllegalAction.keyed("go-task_is_not_face", "R19", task=a['task'],
                                      shown=[t.id for t in g.task_display])
        need_money(p, data.TASK_COST, "task", "R19")

        def take_task() -> None:
            g.task_display.remove(card)
            p.tasks.append(card)
            p.took_task = True
            gain(g, p, -data.TASK_COST, f"task {card.id}")

        commit.append(take_task)
    elif kind == "plan":
        cost = check_plan(g, p, a["card"], a["pair"])

        def plan() -> None:
            p.plans.append(Plan(a["card"], g.round + a["pair"], a["pair"], g.round))
            p.pairs_used.append(a["pair"])
            p.planned = True
            g.pw_cards[a["card"]] += 1
            gain(g, p, -cost, f"planned work {a['card']}")

        commit.append(plan)
    elif kind == "carpenter":
        if p.carpenters >= data.MAX_CARPENTERS:
            raise IllegalAction.keyed("carpenters_max", "R23", name=p.name, max=data.MAX_CARPENTERS)

        def hire_carpenter() -> None:
            p.carpenters += 1

        commit.append(hire_carpenter)
    elif kind == "buildings":
        names = a["buildings"]
        if len(names) > 1:
            raise IllegalAction.keyed("building_one_per_visit", "R23", loc=loc, n=len(names))
        if not g.buildings:
            raise IllegalAction.keyed("building_none_left", "R23", loc=loc)
        tile = next((b for b in g.buildings if b.name.casefold() == names[0].casefold()), None)
        if tile is None:
            raise IllegalAction.keyed("building_not_face_up", "R23", building=names[0],
                                      shown=[b.name for b in g.buildings])

        def take_building() -> None:
            g.buildings.remove(tile)
            p.buildings.append(tile)

        commit.append(take_building)
    elif kind == "market":
        income, cost, spent = market_value(g, p, a)

        def market() -> None:
            take_all(p.craftwork, spent)
            take_all(p.equipment, a["trade"])
            if a["sets"]:
                gain(g, p, income - data.TRADE_CARD_TOKEN_PRICE * total(a["trade"]), "market: craftwork")
            if a["trade"]:
                gain(g, p, data.TRADE_CARD_TOKEN_PRICE * total(a["trade"]), "market: trade")
            add(p.equipment, "saw", a["buy"].get("saw", 0))
            p.food += a["buy"].get("food", 0)
            if a["buy"].get("saw"):
                gain(g, p, -a["buy"]["saw"] * data.SAW_PRICE, "market: saws")
            if a["buy"].get("food"):
                gain(g, p, -a["buy"]["food"] * data.FOOD_PRICE, "market: food")

        commit.append(market)
    p.pos = loc
    for fn in commit:
        fn()


# ---------------------------------------------------------------------------------------------------
# free actions on one's own turn: loans (R15), huts (R16)


@handler("loan")
def _loan(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if p.loans >= data.MAX_LOANS:
        raise IllegalAction.keyed("loan-already_holds_loans_the", "R15", name=p.name, MAX_LOANS=data.MAX_LOANS)
    p.loans += 1
    gain(g, p, data.LOAN_AMOUNT, "loan")


def hut_tokens(p: Player, k: int, using: Bag) -> Bag:
    """Choose k different hut craftwork tokens (jokers fill gaps; reeds never) (R16)."""
    if using:
        if total(using) != k:
            raise IllegalAction.keyed("hut_tokens-a_hut_needs_tokens", "R16", k=k, value=total(using))
        real = [t for t in using if t != "joker"]
        if any(using[t] > 1 for t in real):
            raise IllegalAction.keyed("hut_tokens-the_tokens_for_huts", "R16")
        if not has_all(p.craftwork, using):
            raise IllegalAction.keyed("hut_tokens-holds", "R16", name=p.name, craftwork=dict(p.craftwork))
        return dict(using)
    chosen: Bag = {}
    for t in data.HUT_CRAFTWORK:
        if total(chosen) < k and p.craftwork.get(t, 0):
            chosen[t] = 1
    jokers = k - total(chosen)
    if jokers > p.craftwork.get("joker", 0):
        raise IllegalAction.keyed("hut_tokens-needs_different_tokens_among", "R16", name=p.name, k=k,
                                  held=dict(p.craftwork))
    if jokers:
        chosen["joker"] = jokers
    return chosen


@handler("build")
def _build(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    k = total(a["huts"])
    allowed = (3, 2) if plan_active(g, p, "hut-construction") else (3,)
    if k not in allowed:
        extra = "hut_card" if k == 2 else "none"
        raise IllegalAction.keyed("build-huts_are_built_at", "R16", extra=extra, k=k)
    tokens = hut_tokens(p, k, a["using"])
    take_all(p.craftwork, tokens)
    add_all(p.huts, a["huts"])


NEXT_AREA = {"sale": "dry1", "dry1": "dry2", "dry2": "dry3"}


@handler("dryhut")
def _dryhut(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not p.huts.get("drying"):
        raise IllegalAction.keyed("dryhut-has_no_drying_hut", "R16", name=p.name)
    _check_pieces(p, a["area"], {a["piece"]: 1})
    take(p.huts, "drying")
    take(p.wood[a["area"]], a["piece"])
    add(p.wood[NEXT_AREA[a["area"]]], a["piece"])


@handler("foodhut")
def _foodhut(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not p.huts.get("food"):
        raise IllegalAction.keyed("foodhut-has_no_food_storage", "R16", name=p.name)
    if not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("foodhut-area_holds_another_player", "R29", area=a['area'])
    food = g.cutting[str(a["area"])].get("food", 0)
    if not food:
        raise IllegalAction.keyed("foodhut-area_has_no_food", "R16", area=a['area'])
    take(p.huts, "food")
    take(g.cutting[str(a["area"])], "food", food)
    p.food += food


# ---------------------------------------------------------------------------------------------------
# wood work: cutting (R4, R5, R13, R20 Cutting)


def can_relocate(g: Game, pi: int) -> bool:
    """Only a later player in clearing order who finds the area shared (or snatched) may pay $1 to move (R5)."""
    p = g.players[pi]
    if p.cut_done or p.relocated or p.area is None:
        return False
    order = g.clearing
    earlier = [i for i in g.area_players(p.area) if i != pi and order.index(i) < order.index(pi)]
    snatched = any(area == p.area and who != pi for who, area in g.snatched)
    return bool(earlier) or snatched


@handler("relocate")
def _relocate(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not can_relocate(g, pi):
        raise IllegalAction.keyed("relocate-may_only_move_areas", "R5", name=p.name)
    if a["area"] == p.area or not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("relocate-area_is_not_free", "R5", area=a['area'])
    need_money(p, data.RELOCATE_COST, "relocate", "R5")
    p.area = a["area"]
    p.relocated = True
    gain(g, p, -data.RELOCATE_COST, "cutting area move")


def _cut_work(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if p.cut_done:
        raise IllegalAction.keyed("cut_work-has_already_cut_this", "R5", name=p.name)
    if not a.get("mill", True):
        raise IllegalAction.keyed("cut_work-millworker_only_in_winter", "R25")
    pieces = a["pieces"]
    if not pieces:
        raise IllegalAction.keyed("cut_work-say_which_pieces_to", "")
    here = area_wood(g, p.area)
    if not has_all(here, pieces):
        raise IllegalAction.keyed("cut_work-area_holds", "R5", area=p.area, wood=dict(here))
    plan = workers_plan(g, p, "woodcutters", total(pieces), a["hut"], "cutting")
    use_workers(p, "woodcutters", plan)
    take_all(g.cutting[str(p.area)], pieces)
    add_all(p.wood["woodpile"], pieces)
    p.cut_done = True


def winter_cut_firewood(p: Player, huts: int, mill: bool = True) -> int:
    """Firewood a winter cut brings (R13, R25): 2 by the mill worker while he is free and sent (`mill`), +1 per
    accommodation hut; huts sent without him (`millworker:no`, he drives the sledge or saws later) cut 1 each."""
    return huts + (data.WINTER_CUT_FIREWOOD if mill and p.mill_worker else 0)


def _cut_winter(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if a["pieces"]:
        raise IllegalAction.keyed("cut_winter-in_winter_the_mill", "R13")
    huts, mill = a["hut"], a.get("mill", True)
    if huts > p.huts.get("accom", 0):
        raise IllegalAction.keyed("cut_winter-has_accommodation_huts", "R25", name=p.name,
                                  value=p.huts.get('accom', 0))
    if not mill and not huts:
        raise IllegalAction.keyed("cut_winter-millworker_no_needs_huts", "R25")
    if not p.mill_worker and not huts:
        raise IllegalAction.keyed("cut_winter-s_mill_worker_is", "R13", name=p.name)
    n = winter_cut_firewood(p, huts, mill)
    if mill:
        p.mill_worker = False
    if huts:
        take(p.huts, "accom", huts)
    add(p.wood["woodpile"], "F", n)


@handler("cut")
def _cut(g: Game, pi: int, a: dict[str, Any]) -> None:
    (_cut_winter if g.winter else _cut_work)(g, pi, a)


@handler("snatch")
def _snatch(g: Game, pi: int, a: dict[str, Any]) -> None:
    """The Cutting card's workers cut a second area, before or after the player's own cut (R28)."""
    p = g.players[pi]
    if not plan_active(g, p, "cutting"):
        raise IllegalAction.keyed("snatch-cutting_in_a_second", "R20")
    if any(who == pi for who, _ in g.snatched):
        raise IllegalAction.keyed("snatch-has_already_used_the", "R20", name=p.name)
    if a["area"] == p.area:
        raise IllegalAction.keyed("snatch-the_cutting_card_sends", "R20")
    n = total(a["pieces"])
    if n > data.CUTTING_CARD_WORKERS:
        raise IllegalAction.keyed("snatch-the_cutting_card_moves", "R20",
                                  CUTTING_CARD_WORKERS=data.CUTTING_CARD_WORKERS)
    here = area_wood(g, a["area"])
    if not has_all(here, a["pieces"]):
        raise IllegalAction.keyed("snatch-area_holds", "R20", area=a['area'], wood=dict(here))
    plan = workers_plan(g, p, "woodcutters", n, a["hut"], "cutting")
    use_workers(p, "woodcutters", plan)
    take_all(g.cutting[str(a["area"])], a["pieces"])
    add_all(p.wood["woodpile"], a["pieces"])
    g.snatched.append([pi, a["area"]])


# ---------------------------------------------------------------------------------------------------
# arrival and transport (R7, R8)


def _check_dest(p: Player, dest: dict[str, Bag], rule: str = "R7") -> Bag:
    if dest.get("sale", {}).get("H"):
        raise IllegalAction.keyed("check_dest-hardwood_goes_to_the", rule)
    return _sum(dest)


def _sum(dest: dict[str, Bag]) -> Bag:
    out: Bag = {}
    for bag in dest.values():
        add_all(out, bag)
    return out


def _deliver(p: Player, dest: dict[str, Bag]) -> None:
    for area, bag in dest.items():
        add_all(p.wood[area], bag)


@handler("receive")
def _receive(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    river = p.wood["river"]
    dest = a["dest"] or {"saw": {k: v for k, v in river.items() if k == "H"},
                         "sale": {k: v for k, v in river.items() if k != "H"}}
    moved = _check_dest(p, dest, "R8")
    if moved != river:
        raise IllegalAction.keyed("receive-all_river_wood_arrives", "R8", value=dict(river))
    p.wood["river"] = {}
    _deliver(p, dest)


def _transport_common(g: Game, p: Player, dest: dict[str, Bag]) -> Bag:
    moved = _check_dest(p, dest)
    if not moved:
        raise IllegalAction.keyed("transport_common-say_which_pieces_go", "R7")
    _check_pieces(p, "woodpile", moved)
    return moved


@handler("carry")
def _carry(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("carry-in_winter_only_sledges", "R7")
    moved = _transport_common(g, p, a["dest"])
    plan = workers_plan(g, p, "bearers", total(moved), a["hut"], "carrying")
    use_workers(p, "bearers", plan)
    take_all(p.wood["woodpile"], moved)
    _deliver(p, a["dest"])


@handler("wagon")
def _wagon(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("wagon-in_winter_only_sledges", "R7")
    if not p.equipment.get("wagon"):
        raise IllegalAction.keyed("wagon-has_no_wagon_token", "R7", name=p.name)
    if not p.fodder:
        raise IllegalAction.keyed("wagon-has_no_fodder_for", "R7", name=p.name)
    value = min(p.fodder)  # R7: fodder on 2 is used before fodder on 3
    moved = _transport_common(g, p, a["dest"])
    if total(moved) > value:
        raise IllegalAction.keyed("wagon-fodder_on_moves_at", "R7", value=value)
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "wagon")
    use_workers(p, "bearers", plan)
    take(p.equipment, "wagon")
    p.fodder.remove(value)
    if value == 3:
        p.fodder = sorted(p.fodder + [2])
    take_all(p.wood["woodpile"], moved)
    _deliver(p, a["dest"])


def _food_supply(g: Game, p: Player, n: int) -> None:
    if plan_active(g, p, "food-supply"):
        p.food += data.FOOD_SUPPLY_PER_PIECE * n


@handler("raft")
def _raft(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if g.winter:
        raise IllegalAction.keyed("raft-the_river_is_frozen", "R7")
    n = total(a["pieces"])
    if p.equipment.get("raft", 0) < n:
        raise IllegalAction.keyed("raft-pieces_need_rafts_has", "R7", n=n, name=p.name,
                                  value=p.equipment.get('raft', 0))
    _check_pieces(p, "woodpile", a["pieces"])
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "log_driving")
    use_workers(p, "bearers", plan)
    take(p.equipment, "raft", n)
    take_all(p.wood["woodpile"], a["pieces"])
    add_all(p.wood["river"], a["pieces"])
    _food_supply(g, p, n)


@handler("float")
def _float(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not plan_active(g, p, "log-driving"):
        raise IllegalAction.keyed("float-floating_wood_without_raft", "R20")
    if p.floated:
        raise IllegalAction.keyed("float-has_already_used_the", "R20", name=p.name)
    n = total(a["pieces"])
    if n > data.LOG_DRIVING_CARD_PIECES:
        raise IllegalAction.keyed("float-the_log_driving_card", "R20",
                                  LOG_DRIVING_CARD_PIECES=data.LOG_DRIVING_CARD_PIECES)
    _check_pieces(p, "woodpile", a["pieces"])
    take_all(p.wood["woodpile"], a["pieces"])
    add_all(p.wood["river"], a["pieces"])
    p.floated = True
    _food_supply(g, p, n)


@handler("sledge")
def _sledge(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not g.winter:
        raise IllegalAction.keyed("sledge-sledges_run_in_winter", "R7")
    if not p.equipment.get("sledge"):
        raise IllegalAction.keyed("sledge-has_no_sledge_token", "R7", name=p.name)
    moved = _transport_common(g, p, a["dest"])
    food = max(0, total(moved) - data.SLEDGE_BASE)
    if food > p.food:
        raise IllegalAction.keyed("sledge-a_sledge_moves_pieces", "R7", SLEDGE_BASE=data.SLEDGE_BASE, name=p.name,
                                  food=p.food)
    plan = workers_plan(g, p, "bearers", 1, a["hut"], "sledge")
    use_workers(p, "bearers", plan)
    take(p.equipment, "sledge")
    p.food -= food
    take_all(p.wood["woodpile"], moved)
    _deliver(p, a["dest"])


# ---------------------------------------------------------------------------------------------------
# sawing (R9, R20 Sawing / Heating Supply)


def saw_yield(g: Game, p: Player, disk: str) -> int:
    if disk == "F" and plan_active(g, p, "heating-supply"):
        return data.HEATING_SUPPLY_FIREWOOD_YIELD
    return data.SAW_YIELD[disk]


def saw_jobs(g: Game, p: Player, disks: int) -> int:
    """Sawyer-and-saw pairs needed: one per disk, one per two with the Sawing card (R9, R20)."""
    return (disks + 1) // 2 if plan_active(g, p, "sawing") else disks


@handler("saw")
def _saw(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    disks = a["disks"]
    _check_pieces(p, "saw", disks)
    jobs = saw_jobs(g, p, total(disks))
    if p.equipment.get("saw", 0) < jobs:
        raise IllegalAction.keyed("saw-sawing_jobs_need_saws", "R9", jobs=jobs, name=p.name,
                                  value=p.equipment.get('saw', 0))
    logs: Bag = {}
    for disk, n in disks.items():
        add(logs, "m" + disk, n * saw_yield(g, p, disk))
    if not has_all(logs, a["store"]):
        raise IllegalAction.keyed("saw-sawing_gives_cannot_store", "R9", value=dict(logs), value2=dict(a['store']))
    plan = workers_plan(g, p, "sawyers", jobs, a["hut"], "sawing")
    use_workers(p, "sawyers", plan)
    take(p.equipment, "saw", jobs)
    take_all(p.wood["saw"], disks)
    add_all(p.wood["store"], a["store"])
    to_sale = dict(logs)
    take_all(to_sale, a["store"])
    add_all(p.wood["sale"], to_sale)


# ---------------------------------------------------------------------------------------------------
# tasks (R19)


def find_task(p: Player, tid: str) -> Task:
    for t in p.tasks:
        if t.id == tid:
            return t
    raise IllegalAction.keyed("find_task-holds_no_task_holds", "R19", name=p.name, tid=tid,
                              held=[t.id for t in p.tasks])


@handler("fill")
def _fill(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    task = find_task(p, a["task"])
    placed = list(task.placed)
    for area, bag in a["from"].items():
        _check_pieces(p, area, bag)
        stage = data.STAGE_OF_AREA[area]
        for piece, n in bag.items():
            for _ in range(n):
                slot = next((i for i, (need, done) in enumerate(zip(task.needs, placed, strict=True))
                             if not done and need[0] == piece and need[1] == stage), None)
                if slot is None:
                    raise IllegalAction.keyed("fill-task_needs_no_at", "R19", id=task.id, piece=piece, stage=stage,
                                              needs=list(task.missing()))
                placed[slot] = True
    for area, bag in a["from"].items():
        take_all(p.wood[area], bag)
    task.placed = placed


@handler("furnish")
def _furnish(g: Game, pi: int, a: dict[str, Any]) -> None:
    """Furniture shop (R23): milled wood from the second or third drying area, one piece of each kind, 3 at most."""
    p = g.players[pi]
    if not g.joinery:
        raise IllegalAction.keyed("furniture_no_expansion", "R23")
    shop = dict(p.furniture)
    for area, bag in a["from"].items():
        if area not in data.FURNITURE_AREAS:
            raise IllegalAction.keyed("furniture_area", "R23", spot=area)
        _check_pieces(p, area, bag)
        for piece, n in bag.items():
            if piece not in data.FURNITURE_PIECES:
                raise IllegalAction.keyed("furniture_not_milled", "R23", piece=piece)
            if shop.get(piece, 0) + n > 1:
                raise IllegalAction.keyed("furniture_kind_twice", "R23", name=p.name, piece=piece)
            add(shop, piece, n)
    if total(shop) > data.FURNITURE_MAX:  # pragma: no cover - three kinds, one each
        raise IllegalAction.keyed("furniture_full", "R23", max=data.FURNITURE_MAX)
    for area, bag in a["from"].items():
        take_all(p.wood[area], bag)
    p.furniture = shop


def furnish_possible(p: Player) -> bool:
    """Whether a milled piece of a kind not yet in the shop waits in the second or third drying area (R23)."""
    return any(p.wood[area].get(piece) and not p.furniture.get(piece)
               for area in data.FURNITURE_AREAS for piece in data.FURNITURE_PIECES)


# ---------------------------------------------------------------------------------------------------
# selling and drying (R10, R11, R12)


def sale_total(pieces_by_area: dict[str, Bag]) -> int:
    return sum(prices.sale_price(pc, area) * n for area, bag in pieces_by_area.items() for pc, n in bag.items())


def must_sell(p: Player) -> Bag:
    """What the third drying area forces on sale (R12): all of it that can be sold (unsawn hardwood never, R10,
    e.g. after a table's correction)."""
    return {k: n for k, n in p.wood["dry3"].items() if data.BASE_PRICE[k] is not None}


@handler("sell")
def _sell(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    for area, bag in a["from"].items():
        _check_pieces(p, area, bag)
    must = must_sell(p)
    if must and not has_all(a["from"].get("dry3", {}), must):
        raise IllegalAction.keyed("sell-wood_in_the_third", "R12", value=dict(must))
    amount = sale_total(a["from"])
    for area, bag in a["from"].items():
        take_all(p.wood[area], bag)
    gain(g, p, amount, "sale")


def dry1_fits(g: Game, p: Player, extra: Bag) -> bool:
    content = dict(p.wood["dry1"])
    add_all(content, extra)
    return prices.drying_area_fits(content, doubled=plan_active(g, p, "drying"))


@handler("dry")
def _dry(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    _check_pieces(p, "sale", a["pieces"])
    if not dry1_fits(g, p, a["pieces"]):
        cap = "double" if plan_active(g, p, "drying") else "single"
        raise IllegalAction.keyed("dry-the_first_drying_area", "R11", cap=cap)
    take_all(p.wood["sale"], a["pieces"])
    add_all(p.wood["dry1"], a["pieces"])


def shift_drying(p: Player) -> None:
    """Drying phase: unsold pieces in drying areas move one area right (R11)."""
    add_all(p.wood["dry3"], p.wood["dry2"])
    p.wood["dry2"] = p.wood["dry1"]
    p.wood["dry1"] = {}


# ---------------------------------------------------------------------------------------------------
# winter (R13, R14)


def winter_need(g: Game, p: Player) -> tuple[int, int]:
    """(food, heating logs) this year's winter card asks of the player (R14), one more food per carpenter (R23);
    the one place that says so."""
    food, heat = g.winter_cards[g.year - 1]
    return food + p.carpenters * data.CARPENTER_FOOD, heat


@handler("bonus")
def _bonus(g: Game, pi: int, a: dict[str, Any]) -> None:
    add(g.players[pi].wood["woodpile"], a["kind"])


def forced_sale_value(sell: dict[str, Bag]) -> int:
    """Winter forced sales: sale and drying areas with bonus, sawing area and storage at base price (R14)."""
    value = 0
    for area, bag in sell.items():
        for piece, n in bag.items():
            if area in ("saw", "store"):
                value += prices.base_price(piece) * n
            else:
                value += prices.sale_price(piece, area) * n
    return value


def sellable_in_winter(p: Player) -> dict[str, Bag]:
    out = {}
    for area in ("sale", "dry1", "dry2", "dry3", "saw", "store"):
        bag = {k: v for k, v in p.wood[area].items() if data.BASE_PRICE[k] is not None}
        if bag:
            out[area] = bag
    return out


def wood_example(by_area: dict[str, Bag]) -> str:
    """A notation example made of the player's own wood: one piece from each of the first two areas."""
    parts = [f"{area}:{next(iter(bag))}" for area, bag in by_area.items() if bag][:2]
    return " ".join(parts) or "sale:F"


def wood_words(by_area: dict[str, Bag]) -> str:
    """All the wood named, area by area, in the notation (`sale:2F dry1:mS`)."""
    return " ".join(f"{area}:{format_bag(bag, data.PIECES)}" for area, bag in by_area.items() if bag) or "-"


def settle(g: Game, p: Player, need: int, have: int, sell: dict[str, Bag], what: str) -> None:
    """Pay $3 per missing piece: loans first, then forced sales, then debt (R14). Checks before changing.

    The settled bill is kept in `g.winter_bills` (prices.WinterSettled as plain data) for the clients."""
    full = prices.winter_bill(need, have, p.money, p.loans)
    cost = full.cost
    bill = full if cost else None
    short = bill.still_short if bill else 0
    if sell:
        if not short:
            raise IllegalAction.keyed("settle-can_pay_the_without", "R14", name=p.name, what=what)
        for area, bag in sell.items():
            _check_pieces(p, area, bag)
        value = forced_sale_value(sell)
        left = sellable_in_winter(p)
        for area, bag in sell.items():
            left[area] = dict(left.get(area, {}))
            take_all(left[area], bag)
        if value < short and any(left.values()):
            raise IllegalAction.keyed("settle-is_short_after_loans", "R14", name=p.name, short=short, value=value)
    elif short and any(sellable_in_winter(p).values()):  # heat() has already taken the burnt logs
        own = sellable_in_winter(p)
        raise IllegalAction.keyed("settle-is_short_for_after", "R14", name=p.name, short=short, what=what,
                                  value=wood_example(own), value2=wood_words(own))
    if bill:
        for _ in range(bill.loans_taken):
            p.loans += 1
            gain(g, p, data.LOAN_AMOUNT, "loan (forced by winter)")
    if sell:
        for area, bag in sell.items():
            take_all(p.wood[area], bag)
        gain(g, p, forced_sale_value(sell), "winter forced sale")
    if cost:
        paid = min(cost, p.money)
        gain(g, p, -paid, f"winter {what}")
        if cost > paid:
            p.debt += cost - paid
    step = "feeding" if what == "food" else "heating"
    settled = prices.settle_bill(full, round=g.round, step=step, player=g.players.index(p),
                                 sold={a: dict(b) for a, b in sell.items() if b},
                                 sale_value=forced_sale_value(sell) if sell else 0)
    g.winter_bills.append(asdict(settled))


@handler("feed")
def _feed(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    need = winter_need(g, p)[0]
    settle(g, p, need, p.food, a["sell"], "food")
    p.food = 0  # R14: leftover food is discarded after winter; handed food goes to the supply


def default_heating(p: Player, need: int) -> Bag:
    """Cheapest logs first: milled firewood, then softwood, then hardwood (R14 lets any kind burn)."""
    out: Bag = {}
    left = need
    for piece in ("mF", "mS", "mH"):
        n = min(left, p.wood["store"].get(piece, 0))
        if n:
            out[piece] = n
            left -= n
    return out


@handler("heat")
def _heat(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    need = winter_need(g, p)[1]
    logs = a["logs"] if a["logs"] is not None else default_heating(p, need)
    _check_pieces(p, "store", logs)
    can = min(need, total(p.wood["store"]))
    if total(logs) != can:
        raise IllegalAction.keyed("heat-hand_in_logs_from", "R14", can=can, need=need)
    sell = a["sell"]
    if sell.get("store"):
        after = dict(p.wood["store"])
        take_all(after, logs)
        if not has_all(after, sell["store"]):
            raise IllegalAction.keyed("heat-the_logs_burnt_cannot", "R14")
    store_before = dict(p.wood["store"])
    take_all(p.wood["store"], logs)
    try:
        settle(g, p, need, total(logs), sell, "heating")
    except IllegalAction:
        p.wood["store"] = store_before
        raise


@handler("river")
def _river(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if not p.wood["river"].get(a["kind"]):
        raise IllegalAction.keyed("river-has_no_on_the", "R8", name=p.name, kind=a['kind'])
    p.river_choice = a["kind"]


@handler("done")
def _done(g: Game, pi: int, a: dict[str, Any]) -> None:
    p = g.players[pi]
    if g.step == "selling" and must_sell(p):
        raise IllegalAction.keyed("done-wood_in_the_third", "R12", value=dict(must_sell(p)))
    if g.step == "cutting" and not g.winter:
        p.cut_done = True
