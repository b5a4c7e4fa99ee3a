"""Choosing a cutting area (R5, R21) and travelling along the path: what each kind of location gives (R3, R4,
R17, R19, R20, R23). A visit checks everything, then hands back what to do once the foreman stands there."""

from __future__ import annotations

from collections.abc import Callable

from .. import buildings, data, market
from ..args import AreaArgs, GoArgs
from ..errors import IllegalAction
from ..events import (
    AreaToken,
    BuildingTaken,
    CarpenterTaken,
    FodderTaken,
    FoodShared,
    ForemanMoved,
    PlanMade,
    TaskTaken,
    TokenTaken,
    WorkersHired,
)
from ..ledger import Named, Reason
from ..pieces import Bag, add, add_all, has_all, take, total
from ..state import Game, Plan, Player
from .common import Handler, area_wood, free_area, gain, index_of, need_money, plan_active, receive, record, spend


def _area(g: Game, pi: int, a: AreaArgs) -> None:
    p = g.players[pi]
    if g.tactical and not free_area(g, pi, a["area"]):
        raise IllegalAction.keyed("tactical_area_taken", "R21", area=a['area'])
    old = p.area
    p.area = a["area"]
    record(g, lambda: AreaToken(player=pi, name=p.name, src=old, dst=a["area"], rule="R21" if g.tactical else ""))


def split_food(g: Game) -> None:
    """Reveal: alone in an area takes all its food; sharers split evenly, the rest stays (R5)."""
    shares = []
    for area in data.CUTTING_AREAS:
        who = g.area_players(area)
        food = g.area_bag(area).get("food", 0)
        if not who or not food:
            continue
        share = food // len(who)
        if share:
            for i in who:
                g.players[i].food += share
                g.food_taken.append([i, area, share])
            take(g.area_bag(area), "food", share * len(who))
            shares.append({"area": area, "players": who, "names": [g.players[i].name for i in who], "each": share,
                           "left": food - share * len(who)})
    if shares:
        record(g, lambda: FoodShared(shares=tuple(shares), rule="R5", auto=True))


def location_skipped(g: Game, loc: int) -> str:
    """The kind of a location this game's mode leaves out ('plan', 'tasks'), or '': data, not a sentence,
    so the refusal and the round reference say it in the shown language (R2)."""
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
        raise IllegalAction.keyed("plan_card_not_laid_out", "R20", card=card)
    if p.planned:
        raise IllegalAction.keyed("plan_twice_a_round", "R20", name=p.name)
    if pair in p.pairs_used:
        raise IllegalAction.keyed("plan_pair_used", "R20", name=p.name, pair=pair)
    target = g.round + pair
    if target > data.ROUNDS:
        raise IllegalAction.keyed("plan_past_last_winter", "R20", pair=pair)
    season = data.round_season(target)
    if season not in data.PLANNED_WORK[card]:
        raise IllegalAction.keyed("plan_wrong_season", "R20", card=card, season=season)
    cost = plan_cost(g, card)
    need_money(p, cost, "plan", "R20", card=card)
    return cost


def market_value(g: Game, p: Player, a: GoArgs) -> tuple[int, int, Bag]:
    """Check a market visit (R17) and return (income, cost, craftwork spent)."""
    spent: Bag = {}
    for s in a["sets"]:
        kinds = [k for k in s if k != "joker"]
        if len(kinds) > 1:
            raise IllegalAction.keyed("craftwork_set_mixed", "R17", value=dict(s))
        add_all(spent, s)
    sums = market.visit_sums(a["sets"], a["trade"], a["buy"], craftwork_card=plan_active(g, p, "craftwork"))
    if not has_all(p.craftwork, spent):
        raise IllegalAction.keyed("craftwork_missing", "R17", name=p.name, craftwork=dict(p.craftwork),
                                  value=dict(spent))
    if a["trade"]:
        if not plan_active(g, p, "trade"):
            raise IllegalAction.keyed("trade_without_card", "R20")
        if not has_all(p.equipment, a["trade"]):
            raise IllegalAction.keyed("trade_tokens_missing", "R17", name=p.name, equipment=dict(p.equipment))
    saws = a["buy"].get("saw", 0)
    if saws and p.equipment.get("saw", 0) + saws > data.MAX_SAWS:
        raise IllegalAction.keyed("market_saws_max", "R17", name=p.name, value=p.equipment.get('saw', 0),
                                  MAX_SAWS=data.MAX_SAWS)
    income, cost = sums.income, sums.cost
    if not (a["sets"] or a["trade"] or a["buy"]):
        raise IllegalAction.keyed("market_nothing", "R3")
    if p.money + income < cost:
        raise IllegalAction.keyed("market_money_short", "R3", cost=cost, name=p.name, value=p.money + income)
    return income, cost, spent


Commit = Callable[[], None]
# A visit checks what a location of its kind asks and hands back what to do once the foreman stands there.
Visit = Callable[[Game, Player, int, GoArgs], Commit]


def _visit_token(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    tok = g.path.get(str(loc))
    if tok == "X":
        raise IllegalAction.keyed("location_blocked", "R2", loc=loc)
    if not tok:
        raise IllegalAction.keyed("path_token_taken", "R3", loc=loc)
    if tok == "saw" and p.equipment.get("saw", 0) >= data.MAX_SAWS:
        raise IllegalAction.keyed("saw_token_saws_max", "R3", name=p.name, MAX_SAWS=data.MAX_SAWS)

    def take_token() -> None:
        g.path[str(loc)] = None
        holding = "money" if tok == "coin" else "food" if tok == "food" else \
            "craftwork" if tok in data.CRAFTWORK else "equipment"
        record(g, lambda: TokenTaken(player=index_of(g, p), name=p.name, location=loc, token=tok, holding=holding))
        if tok == "coin":
            gain(g, p, 1, Reason.COIN_TOKEN)
        elif tok == "food":
            p.food += 1
        elif tok in data.CRAFTWORK:
            add(p.craftwork, tok)
        else:
            add(p.equipment, tok)

    return take_token


def _visit_workers(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    """Bearers or woodcutters, $1 each; no more woodcutters than the player's area holds wood (R3, R4)."""
    kind, n, supply = a["kind"], a["count"], g.supply
    if supply.get(kind, 0) < n:
        raise IllegalAction.keyed("workers_not_left", "R3", value=supply.get(kind, 0), kind=kind, loc=loc)
    if kind == "woodcutters":
        wood = total(area_wood(g, p.area)) if p.area else 0
        if n > wood:
            raise IllegalAction.keyed("woodcutters_over_wood", "R4", name=p.name, area=p.area, wood=wood)
    need_money(p, n * data.WORKER_PRICE, "workers", n=n, kind=kind)

    def hire() -> None:
        take(supply, kind, n)
        add(p.workers, kind, n)
        record(g, lambda: WorkersHired(player=index_of(g, p), name=p.name, location=loc, supply={kind: n},
                                       workers={kind: n}))
        gain(g, p, -n * data.WORKER_PRICE, Reason(kind))

    return hire


def _visit_fodder(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    supply = g.supply
    if supply.get("fodder", 0) < 1:
        raise IllegalAction.keyed("fodder_none_left", "R3", loc=loc)
    if data.FODDER_NEW_VALUE in p.fodder:
        raise IllegalAction.keyed("fodder_stable_full", "R3", name=p.name)
    need_money(p, data.WORKER_PRICE, "fodder")

    def buy_fodder() -> None:
        take(supply, "fodder")
        p.fodder = sorted(p.fodder + [data.FODDER_NEW_VALUE])
        record(g, lambda: FodderTaken(player=index_of(g, p), name=p.name, location=loc, value=data.FODDER_NEW_VALUE,
                                      rule="R7"))
        gain(g, p, -data.WORKER_PRICE, Reason.FODDER)

    return buy_fodder


def _visit_sawyers(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    """The free sawyer, and with `extra` the paid one beside him (R3)."""
    supply = g.supply
    if supply.get("free_sawyers", 0) < 1 and not a["extra"]:
        raise IllegalAction.keyed("free_sawyer_gone", "R3")
    if a["extra"]:
        if supply.get("paid_sawyers", 0) < 1:
            raise IllegalAction.keyed("paid_sawyer_gone", "R3")
        need_money(p, data.WORKER_PRICE, "extra_sawyer")

    def sawyers() -> None:
        n = 0
        taken: Bag = {}
        if supply.get("free_sawyers", 0):
            take(supply, "free_sawyers")
            taken["free_sawyers"] = 1
            n += 1
        if a["extra"]:
            take(supply, "paid_sawyers")
            taken["paid_sawyers"] = 1
            n += 1
        add(p.workers, "sawyers", n)
        record(g, lambda: WorkersHired(player=index_of(g, p), name=p.name, location=loc, supply=taken,
                                       workers={"sawyers": n}))
        if a["extra"]:
            gain(g, p, -data.WORKER_PRICE, Reason.SAWYER)

    return sawyers


def _visit_tasks(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    if p.took_task:
        raise IllegalAction.keyed("task_twice_a_round", "R19", name=p.name)
    card = next((t for t in g.task_display if t.id == a["task"]), None)
    if card is None:
        raise IllegalAction.keyed("task_not_face_up", "R19", task=a['task'], shown=[t.id for t in g.task_display])
    need_money(p, data.TASK_COST, "task", "R19")

    def take_task() -> None:
        g.task_display.remove(card)
        p.tasks.append(card)
        p.took_task = True
        record(g, lambda: TaskTaken(player=index_of(g, p), name=p.name, task=card.id, value=card.value, location=loc,
                                    rule="R19"))
        gain(g, p, -data.TASK_COST, Named.TASK.of(card.id))

    return take_task


def _visit_plan(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    cost = check_plan(g, p, a["card"], a["pair"])

    def plan() -> None:
        p.plans.append(Plan(a["card"], g.round + a["pair"], a["pair"], g.round))
        p.pairs_used.append(a["pair"])
        p.planned = True
        g.pw_cards[a["card"]] += 1
        record(g, lambda: PlanMade(player=index_of(g, p), name=p.name, card=a["card"], pair=a["pair"],
                                   target=g.round + a["pair"], cost=cost, rule="R20"))
        gain(g, p, -cost, Named.PLANNED_WORK.of(a["card"]))

    return plan


def _visit_carpenter(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    if p.carpenters >= data.MAX_CARPENTERS:
        raise IllegalAction.keyed("carpenters_max", "R23", name=p.name, max=data.MAX_CARPENTERS)

    def hire_carpenter() -> None:
        p.carpenters += 1
        record(g, lambda: CarpenterTaken(player=index_of(g, p), name=p.name, location=loc, carpenters=p.carpenters,
                                         rule="R23"))

    return hire_carpenter


def _visit_buildings(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    words = a["buildings"]  # a tile's name may have several words (`go 12 charcoal kiln`)
    if not g.buildings:
        raise IllegalAction.keyed("building_none_left", "R23", loc=loc)
    tile = buildings.tile_named(g.buildings, " ".join(words))
    if tile is None:
        named = [w for w in words if buildings.tile_named(g.buildings, w) is not None]
        if len(named) > 1:
            raise IllegalAction.keyed("building_one_per_visit", "R23", loc=loc, n=len(named))
        raise IllegalAction.keyed("building_not_face_up", "R23", building=" ".join(words),
                                  shown=[b.name for b in g.buildings])

    def take_building() -> None:
        g.buildings.remove(tile)
        p.buildings.append(tile)
        record(g, lambda: BuildingTaken(player=index_of(g, p), name=p.name, building=tile.name, location=loc,
                                        rule="R23"))
        buildings.apply_moment(g, buildings.TAKEN, index_of(g, p), tile.name)  # R23: its gain when taken

    return take_building


def _visit_market(g: Game, p: Player, loc: int, a: GoArgs) -> Commit:
    income, cost, spent = market_value(g, p, a)

    def market() -> None:
        spend(g, p, "craftwork", spent, "market", "R17")
        spend(g, p, "equipment", a["trade"], "market", "R20")
        if a["sets"]:
            gain(g, p, income - data.TRADE_CARD_TOKEN_PRICE * total(a["trade"]), Reason.MARKET_CRAFTWORK)
        if a["trade"]:
            gain(g, p, data.TRADE_CARD_TOKEN_PRICE * total(a["trade"]), Reason.MARKET_TRADE)
        receive(g, p, "equipment", {"saw": a["buy"]["saw"]} if a["buy"].get("saw") else {}, "market", "R17")
        receive(g, p, "food", {"food": a["buy"]["food"]} if a["buy"].get("food") else {}, "market", "R17")
        if a["buy"].get("saw"):
            gain(g, p, -a["buy"]["saw"] * data.SAW_PRICE, Reason.MARKET_SAWS)
        if a["buy"].get("food"):
            gain(g, p, -a["buy"]["food"] * data.FOOD_PRICE, Reason.MARKET_FOOD)

    return market


# location kind -> its visit; a kind not listed here gives nothing but the place on the path
VISITS: dict[str, Visit] = {
    "token": _visit_token,
    "bearers": _visit_workers,
    "woodcutters": _visit_workers,
    "fodder": _visit_fodder,
    "sawyers": _visit_sawyers,
    "tasks": _visit_tasks,
    "plan": _visit_plan,
    "carpenter": _visit_carpenter,
    "buildings": _visit_buildings,
    "market": _visit_market,
}


def _go(g: Game, pi: int, a: GoArgs) -> None:
    """Move the foreman forward: checks common to every location, then the location's own visit (R3, R23)."""
    p = g.players[pi]
    board = g.board
    loc = a["loc"]
    if loc > board.clearing or a["kind"] != board.kind(loc):  # read for another board: a client's mistake
        raise IllegalAction.keyed("board_mismatch", "R23", loc=loc, board=board.name,
                                  location=board.kind(loc) if loc <= board.last else "-")
    kind = a["kind"]
    if loc <= p.pos:
        raise IllegalAction.keyed("foreman_backwards", "R3", name=p.name, pos=p.pos)
    if kind == "clearing":
        record(g, lambda: ForemanMoved(player=pi, name=p.name, src=p.pos, dst=loc, location=kind))
        p.pos = loc
        g.clearing.append(pi)
        return
    skipped = location_skipped(g, loc)
    if skipped:
        raise IllegalAction.keyed("location_not_in_mode", "R2", loc=loc, location=skipped)
    if len(g.occupants(loc)) >= board.room(loc):
        raise IllegalAction.keyed("location_full", "R23" if kind in ("carpenter", "buildings") else "R3", loc=loc)
    if kind in data.ONE_FOREMAN_A_ROUND and loc in g.used_locations:  # R23: one foreman per round, as a token
        raise IllegalAction.keyed("location_used_this_round", "R23", loc=loc, location=kind)
    visit = VISITS.get(kind)
    commit = visit(g, p, loc, a) if visit else None
    record(g, lambda: ForemanMoved(player=pi, name=p.name, src=p.pos, dst=loc, location=kind))
    p.pos = loc
    if kind in data.ONE_FOREMAN_A_ROUND:
        g.used_locations.append(loc)
    if commit:
        commit()


HANDLERS: dict[str, Handler] = {
    "area": _area,
    "go": _go,
}
