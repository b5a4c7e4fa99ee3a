"""What the clients show, computed from the engine: step reminders with this game's numbers, and table rows.

No printing here: the CLI, the interactive mode and the PDF all render these the way they need.
"""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine import flow, rules, steps
from lignum_companion.engine.pieces import format_bag, parse_bag
from lignum_companion.engine.setup import Setup
from lignum_companion.engine.state import Game, Player
from lignum_companion.engine.steps import StepName
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.texts.catalog import counted  # the one plural helper (views.counted for the views)
from lignum_companion.texts.words import season_name, step_name, waiting_text, where_at  # noqa: F401 (shown by views)
from lignum_companion.views.reminders import BRIEF_STEPS, board_fields, reminder  # noqa: F401 (one renderer per step)


def where(g: Game) -> str:
    """Where the game stands, in the shown language (the engine's own `flow.where` is English, for logs)."""
    return where_at(flow.position(g))




def reason_words(reason: str) -> str:
    """A ledger reason (engine data, e.g. 'winter food', 'task T3') in the shown language."""
    r = texts.load("labels")["reasons"]
    if reason in r["exact"]:
        return r["exact"][reason]
    for prefix, said in r["prefixes"].items():
        if reason.startswith(prefix):
            rest = reason[len(prefix):]
            return said + (words.card(rest) if prefix == "planned work " else rest)
    return reason






def waiting_for(g: Game) -> str:
    """Whom the game waits for, in the shown language (as `flow.waiting_for`, which stays English)."""
    return waiting_text(flow.waiting(g))




def join_names(names: list[str], word: str) -> str:
    """anna / anna and ben / anna, ben and cleo."""
    if not word:  # a language that lists names with commas alone (templates: `and = ""`)
        return ", ".join(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def game_title(setup: Setup) -> str:
    """The game's own name; for files from before names were stored, one made from the players."""
    if setup.name:
        return setup.name
    lab = texts.load("labels")["game"]
    return texts.fill(lab["untitled"], players=join_names(list(setup.players), lab["and"]))


def game_date(setup: Setup, path: Any = None) -> str:
    """The day the game was started (ISO): from the header, else the file name's date, else the file's age."""
    import datetime
    import re
    from pathlib import Path

    if setup.date:
        return setup.date
    if path is not None:
        m = re.match(r"\d{4}-\d{2}-\d{2}", Path(path).name)
        if m:
            return m.group(0)
        try:
            return datetime.date.fromtimestamp(Path(path).stat().st_mtime).isoformat()
        except OSError:
            pass
    return ""


def fit(text: str, width: int | None) -> str:
    """The command line's sentences shaped to the terminal: each line wrapped to `width` columns (None: left as
    they are) by the console's wrapper, so `next` shows a reminder as `play` does. A long entry (a winter bill,
    a forecast) goes on two columns in, to read apart from the next; a list item goes on under its text."""
    if not width:
        return text
    return "\n".join(texts.wrap_lines(text, width, reflow=True, hang="  "))


def _bag(bag: dict[str, int], order: tuple[str, ...] | None = None) -> str:
    return format_bag(bag, order) or "-"


def pending_lines(g: Game, calm: bool = False, plans: bool = True) -> list[str]:
    """Who the game waits for, plus anything owed (e.g. wood that must be sold).

    `calm` (the table mode, at each new step): only what this step can act on - a task's needs in the tasks
    step, a plan and a debt in the season's travel (or the winter's first step), once a season - so that a step
    does not repeat every player's tasks and debts (issue 21); two plans of one card for one season, one line.
    `plans` False: the round's planned work was already said as it began (the table mode), so not again (R20)."""
    from lignum_companion.engine import advice

    w = texts.load("labels")["flow"]
    here = steps.current(g).alerts  # the steps that can act on a task's needs or a plan say their warnings
    tasks_now = not calm or "task-ready" in here
    plans_now = plans and (not calm or "plan-unmet" in here)
    out = [texts.fill(w["pending_waiting"], waiting=waiting_for(g))]
    for p in g.players:
        if g.step == StepName.SELLING and rules.must_sell(p):  # R12 binds here; the advisor forecasts it at travel
            out.append(texts.fill(w["pending_dry3"], name=p.name, pieces=words.said(rules.must_sell(p))))
        if p.debt and plans_now:
            out.append(texts.fill(w["pending_debt"], name=p.name, debt=p.debt))
        for pl in p.plans if plans_now else ():
            line = texts.fill(w["pending_plan"], name=p.name, card=words.card(pl.card),  # 교역, Trade (trade)
                              season=w["seasons"].get(g.season, g.season))
            if pl.round == g.round and not g.over and line not in out:
                out.append(line)
        for t in p.tasks if tasks_now else ():
            if t.complete or g.over:  # after the end the score says it pays nothing (R19)
                continue
            if advice.task_ready(g, g.players.index(p), t):  # the pieces are there: as the warning says it (R19)
                out.append(texts.fill(w["pending_task_ready"], name=p.name, id=t.id, value=t.value))
            else:
                out.append(texts.fill(w["pending_task"], name=p.name, id=t.id, value=t.value,
                                      needs=needs_words(t)))
    return out  # R23: a building the program cannot apply is reminded once, at its moment (views/buildings.py)


def needs_words(t: Any) -> str:
    """What a task still needs, in the shown language (e.g. 'milled hardwood stage 1')."""
    from lignum_companion.texts.words import needs

    return needs(t.missing())


def task_text(t: Any) -> str:
    """A task card in a player's hand: its id, value and what it still needs ('T3 $5 needs mH stage 1')."""
    if t.complete:
        return words.phrase("task_done", id=t.id, value=t.value)
    return words.phrase("task_needs", id=t.id, value=t.value, needs=needs_words(t))


def player_rows(g: Game, only: Player | None = None) -> tuple[list[str], list[list[Any]]]:
    """One row per line of a player's mill; one column per player."""
    players = [only] if only else g.players
    headers = [""] + [p.name for p in players]
    rows: list[list[Any]] = []

    def row(label: str, fn: Any) -> None:
        rows.append([label] + [fn(p) for p in players])

    lab = texts.load("labels")["show"]
    row(lab["money"], lambda p: f"${p.money}")
    row(lab["loans"], lambda p: p.loans)
    row(lab["debt"], lambda p: f"${p.debt}" if p.debt else "-")
    row(lab["food"], lambda p: p.food)
    row(lab["fodder"], lambda p: ",".join(map(str, p.fodder)) or "-")
    row(lab["equipment"], lambda p: words.held(p.equipment, D.EQUIPMENT) or "-")
    row(lab["craftwork"], lambda p: words.held(p.craftwork, D.CRAFTWORK) or "-")
    row(lab["huts"], lambda p: words.held(p.huts, D.HUT_AREAS) or "-")
    row(lab["workers"], workers_text)
    row(lab["area"], lambda p: p.area or "-")
    row(lab["path"], lambda p: lab["clearing"] if p.pos == g.board.clearing else (p.pos or lab["start"]))
    for area in ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3"):
        row(lab["area_names"][area], lambda p, a=area: words.said(p.wood[a]) if any(p.wood[a].values()) else "-")
    if g.has_tasks:
        row(lab["tasks"], lambda p: "; ".join(
            task_text(t) for t in p.tasks) or "-")
    if g.has_planned_work:
        row(lab["plans"], lambda p: "; ".join(
            words.phrase("plan_at", card=words.card_name(pl.card), season=season_name(D.round_season(pl.round)),
                         year=D.round_year(pl.round)) for pl in p.plans) or "-")
    if g.joinery:  # R23
        row(lab["carpenters"], lambda p: p.carpenters or "-")
        row(lab["furniture"], lambda p: _bag(p.furniture, D.FURNITURE_PIECES))
        row(lab["buildings"], lambda p: ", ".join(b.name for b in p.buildings) or "-")
    return headers, rows


def workers_text(p: Player) -> str:
    """Hired workers and whether the mill worker is still free this round (R6)."""
    w = texts.load("labels")["show"]["workers_words"]
    parts = [texts.fill(w["pattern"], n=n, kind=w[kind if n > 1 else kind[:-1]])
             for kind in ("woodcutters", "bearers", "sawyers") if (n := p.workers.get(kind, 0))]
    if p.mill_worker:
        parts.append(w["mill_worker"])
    return ", ".join(parts) or "-"


def board_rows(g: Game) -> tuple[list[str], list[list[Any]]]:
    """Cutting areas with their wood, food and tokens."""
    headers = list(texts.load("labels")["show"]["board"])
    rows = []
    for a in D.CUTTING_AREAS:
        bag = g.cutting[str(a)]
        wood = {k: v for k, v in bag.items() if k in D.KINDS}
        rows.append([a, words.said(wood) if any(wood.values()) else "-", bag.get("food", 0) or "-",  # in words
                     ", ".join(g.players[i].name for i in g.area_players(a)) or "-"])
    return headers, rows


def path_line(g: Game) -> str:
    """The path in the numbering of the board in use (R2, R23), with who stands where, in the travel menu's words
    ('8 planned work · 11 (nicole)'; a location whose token is taken is left out unless someone stands on it),
    never abbreviations such as '8:plan 11:·[n]' a table must decode."""
    w = texts.load("labels")["flow"]
    if not g.path:
        return w["path_empty"]
    named = texts.load("words")["path"]
    parts = []
    board = g.board
    for loc in range(1, board.last + 1):
        who = ", ".join(g.players[i].name for i in g.occupants(loc))
        kind = board.kind(loc)
        what = words.thing(g.path.get(str(loc)) or "") if kind == "token" else named.get(kind, kind)
        if (kind == "plan" and not g.has_planned_work) or (kind == "tasks" and not g.has_tasks):
            what = w["path_skipped"]  # skipped entirely in this mode (R2)
        if not what and not who:
            continue  # its token taken and nobody there: nothing on the board to read
        key = "path_here" if what and who else "path_item" if what else "path_who"
        parts.append(texts.fill(w[key], loc=loc, what=what, names=who))
    return texts.fill(w["path_line"], path=w["path_joiner"].join(parts))


def header_line(g: Game) -> str:
    w = texts.load("labels")["flow"]
    if g.over:
        return w["header_over"]
    if g.round > D.ROUNDS:
        return texts.fill(w["header_final"], rounds=D.ROUNDS, step=w["steps"].get(g.step, g.step))
    return texts.fill(w["header"], season=w["seasons"].get(g.season, g.season).capitalize(), year=g.year,
                      round=min(g.round, D.ROUNDS), rounds=D.ROUNDS, step=w["steps"].get(g.step, g.step))


def clearing_line(g: Game) -> str:
    if not g.clearing:
        return ""
    return texts.fill(texts.load("labels")["flow"]["clearing_line"],
                      places=" ".join(f"{'ABCD'[k]}={g.players[i].name}" for k, i in enumerate(g.clearing)))


# --- what happened: skipped players, the winter bill, the money recap (R24, R14) ----------------------------


def money(n: int | float | None, sign: bool = False) -> str:
    """The one money format: `$5`, `-$25`, `+$4` with `sign`, and `-` for nothing (no change, or no figure).

    Averages (floats, as in `lignum stats`) show one decimal when they have one: `$11.8`, `$12`.
    """
    if n is None or (n == 0 and sign):
        return "-"
    text = f"{abs(n):.1f}".removesuffix(".0") if isinstance(n, float) else str(abs(n))
    return f"-${text}" if n < 0 else (f"+${text}" if sign else f"${text}")


# Skips that only say a place is empty (the board shows it); others (no saw for the wood in the sawing area, no
# sledge for the woodpile) are news the table wants (issue 21).
EMPTY_SKIPS = frozenset({"no_river", "empty_woodpile", "nothing_to_saw", "nothing_to_sell", "nothing_to_dry",
                         "no_task", "no_task_piece", "nothing", "no_mill_worker", "no_woodcutters"})


def skip_lines(g: Game, skips: list[list[Any]]) -> list[str]:
    """Players skipped because they had nothing to do (feeding or heating paid alone is a bill), said calmly:
    the steps where nobody had anything to do in one line for the lot, and one line per other step naming
    its players with the reason (issue 21). A river line only for a player with river wood (R8)."""
    tpl = texts.load("reminders")["skip"]
    scr = texts.load("screen")["skip"]
    by_step: dict[tuple[int, str], list[tuple[int, str]]] = {}
    for rnd, step, pi, why in skips:
        if why == "paid":
            continue
        p = g.players[pi]
        if why == "one_river_kind" and not p.wood["river"]:
            continue  # nothing on the river: nothing to say (R8)
        if why == "no_task_piece" and not any(not t.complete for t in p.tasks):
            why = "no_task"
        by_step.setdefault((rnd, step), []).append((pi, why))
    idle, out = [], []
    n = len(g.players)
    for (_rnd, step), who in by_step.items():
        if len({pi for pi, _ in who}) == n and all(why in EMPTY_SKIPS for _, why in who):
            reasons = {why for _, why in who}  # one reason for all: said as it is on the board; else the step
            line = scr["idle"].get(reasons.pop(), scr["idle"]["other"]) if len(reasons) == 1 else scr["idle"]["other"]
            idle.append(texts.fill(line, step=step_name(step)))
            continue
        said: dict[str, list[str]] = {}
        for pi, why in who:
            if why in EMPTY_SKIPS and step != StepName.RIVER:
                continue  # nothing there to work on: plain on the board, not worth a line
            said.setdefault(why, []).append(g.players[pi].name)
        for why, names in said.items():  # players with the same reason in one line
            many = scr.get(f"{why}_many") if len(names) > 1 else None
            text = texts.fill(many, names=join_names(names, texts.load("labels")["game"]["and"])) if many else None
            for name in ([] if text else names):
                out.append(texts.fill(tpl["line"], step=step_name(step).capitalize(),
                                      why=texts.fill(tpl.get(why) or scr.get(why) or tpl["nothing"], name=name)))
            if text:
                out.append(texts.fill(tpl["line"], step=step_name(step).capitalize(), why=text))
    if idle:  # a sentence about the board ('No wood arrives from the river for anyone.'), not the step's code name
        steps = scr["nobody_joiner"].join(idle)
        out.insert(0, texts.fill(scr["nobody"], steps=steps[:1].upper() + steps[1:]))
    return out


def winter_lines(g: Game, bills: list[dict[str, Any]]) -> list[str]:
    """Each settled feeding or heating: handed in, missing and its cost, forced loans, wood sold, paid, debt."""
    tpl = texts.load("reminders")["winter"]
    out = []
    for b in bills:
        what = tpl["food"] if b["step"] == StepName.FEEDING else tpl["logs"]
        parts = [texts.fill(tpl["head"], step=tpl[b["step"]], name=g.players[b["player"]].name,
                            handed=b["handed"], what=what, need=b["need"],
                            asks=winter_asks(g, b["step"], b["need"], b["round"]))]
        if not b["missing"]:
            parts.append(tpl["nothing_missing"])
        else:
            parts.append(texts.fill(tpl["missing"], missing=b["missing"], cost=b["cost"]))
            if b["loans_taken"]:
                n = b["loans_taken"]
                parts.append(texts.fill(counted(tpl, "loans", n), n=n, amount=n * D.LOAN_AMOUNT))
            if b["sold"]:
                pieces = " ".join(f"{a}:{format_bag(bag, D.PIECES)}" for a, bag in b["sold"].items())
                parts.append(texts.fill(tpl["sold"], pieces=pieces, value=b["sale_value"]))
            parts.append(texts.fill(tpl["paid"], paid=b["paid"]))
            if b["debt"]:
                parts.append(texts.fill(tpl["debt"], debt=b["debt"]))
        out.append(parts[0] + ": " + "; ".join(parts[1:]) + ".")
    return out


def winter_asks(g: Game, step: str, need: int, rnd: int, what: str = "") -> str:
    """What the winter asks, the carpenters' food said as theirs (R23): 'the card 4 + 2 for carpenters'."""
    tpl = texts.load("reminders")["winter"]
    card = g.winter_cards[D.round_year(min(rnd, D.ROUNDS)) - 1][0] if step == StepName.FEEDING else need
    key = "asks_what" if what else "asks"
    if need > card:
        return texts.fill(tpl[key + "_carpenters"], card=card, extra=need - card, what=what)
    return texts.fill(tpl[key], need=need, what=what)


def winter_forecast(g: Game, pi: int) -> str:
    """The bill of the player who must choose wood to sell now (feeding or heating), before it is settled."""
    from lignum_companion.engine.rules import step_bill

    tpl = texts.load("reminders")["winter"]
    p = g.players[pi]
    step = g.step
    feeding = step == StepName.FEEDING
    bill = step_bill(g, p, step)  # the engine's R14 bill: carpenters eat too (R23)
    need, have = bill.need, bill.have
    return texts.fill(counted(tpl, "forecast", bill.loans_taken), step=tpl[step], name=p.name, need=need,
                      have=have, missing=bill.missing, cost=bill.cost,
                      what=tpl["food"] if feeding else tpl["logs"], loans=bill.loans_taken,
                      asks=winter_asks(g, step, need, g.round, tpl["food"] if feeding else tpl["logs"]),
                      cash=bill.money_after_loans, short=bill.still_short)


def heating_warning(g: Game, pi: int, sell: dict[str, dict[str, int]]) -> str:
    """Selling stored logs at the feeding leaves the heating short: say so before (R14)."""
    from lignum_companion.engine.pieces import total

    if g.step != StepName.FEEDING or not sell.get("store"):
        return ""
    from lignum_companion.engine.rules import heating_missed

    p = g.players[pi]
    miss = heating_missed(g, p, total(sell["store"]))
    if miss <= 0:
        return ""
    return texts.fill(counted(texts.load("reminders")["winter"], "heating_warning", total(sell["store"]), miss),
                      name=p.name, n=total(sell["store"]),
                      miss=miss, cost=miss * D.WINTER_MISSING_PIECE_COST)


def recap_lines(g: Game, r: int) -> list[str]:
    """Each player's money at the end of round r, the change over the round and the loans taken in it."""
    tpl = texts.load("reminders")["recap"]
    if r < 1 or any(len(p.season_money) < r for p in g.players):
        return []
    out = [texts.fill(tpl["title"], season=season_name(D.round_season(r)), year=D.round_year(r))]
    for p in g.players:
        now = p.season_money[r - 1]
        before = p.season_money[r - 2] if r >= 2 else next((e.amount for e in p.ledger if e.round == 1), now)
        loans = sum(1 for e in p.ledger if e.round == r and e.reason.startswith("loan") and e.amount > 0)
        extra = texts.fill(counted(tpl, "loans", loans), n=loans) if loans else ""
        if p.loans:
            extra += texts.fill(tpl["total_loans"], n=p.loans)
        change = money(now - before, sign=True) if now != before else tpl["no_change"]  # never '(-)', a minus
        out.append(texts.fill(tpl["line"], name=p.name, money=now, change=change, loans=extra))
    return out


def season_start_lines(g: Game) -> list[str]:
    """At the first step of a round (or at the end): the last round's money recap, and its winter bills."""
    first = {StepName.PATH, StepName.BONUS, StepName.RIVER}
    if not (g.over or (g.step in first and not g.acted)) or g.round < 2:
        return []
    last = min(g.round, D.ROUNDS + 1) - 1
    bills = [b for b in g.winter_bills if b["round"] == last]
    return winter_lines(g, bills) + recap_lines(g, last)


def step_lines(g: Game) -> list[str]:
    """At feeding and heating: the bills settled so far this winter, and the bill of each player still to choose."""
    if g.step not in (StepName.FEEDING, StepName.HEATING) or g.over:
        return []
    out = winter_lines(g, [b for b in g.winter_bills if b["round"] == g.round])
    out += [winter_forecast(g, pi) for pi in flow.actors(g)]
    return out


# --- the advisor (engine/advice.py): the coming winter and warnings ---------------------------------------


def forecast_outcome(f: Any, debt: bool = True) -> list[str]:
    """What a player's coming winter comes to, in parts: what is missing and its cost (R14), the loans it forces
    (R15), the debt left (`debt`); the one wording of the forecast's line, its one-line form and `next`'s brief."""
    tpl = texts.load("advice")["forecast"]
    missing = f.food.missing + f.heating.missing
    parts = [texts.fill(tpl["missing"], missing=missing, cost=f.cost) if missing else tpl["nothing_missing"]]
    if f.loans_forced:
        parts.append(texts.fill(tpl["loans"], loans=f.loans_forced))
    if debt and f.debt:
        parts.append(texts.fill(tpl["debt"], debt=f.debt))
    return parts


def forecast_line(f: Any, card: int | None = None) -> str:
    """One player's coming winter: what the card asks (`card`: its food, so that the carpenters' food is said as
    theirs, R23), what they hold, and what it costs (R14)."""
    tpl = texts.load("advice")["forecast"]
    parts = forecast_outcome(f, debt=False)
    if f.sale_needed:
        sale: dict[str, dict[str, int]] = {}
        for part in (f.food_sale, f.heating_sale):
            for area, bag in part.items():
                sale.setdefault(area, {}).update({k: sale.get(area, {}).get(k, 0) + n for k, n in bag.items()})
        if sale:  # the wood in words only: a forecast is read; what to type is asked when selling
            parts.append(texts.fill(tpl["sale"], dollars=f.sale_needed - f.debt, pieces=words.from_areas(sale)))
    if f.debt:
        parts.append(texts.fill(tpl["debt"], debt=f.debt))
    make = texts.fill(tpl["make"], logs=f.logs_can_make) if f.logs_can_make and f.heating.missing else ""
    sold_logs = sum(f.food_sale.get("store", {}).values())
    if sold_logs:  # R14: food is paid before heating, so the heating wood they can see may go for food (issue 21)
        parts.insert(0, texts.fill(counted(tpl, "chain", sold_logs), n=sold_logs,
                                   cost=f.heating.cost))
        if f.food.missing:
            parts.append(texts.fill(tpl["avoid"], food=f.food.missing, price=D.FOOD_PRICE,
                                    winter=D.WINTER_MISSING_PIECE_COST))
    card = f.food.need if card is None else card
    carpenters = texts.fill(tpl["carpenters"], card=card, extra=f.food.need - card) if f.food.need > card else ""
    return texts.fill(tpl["player"], player=f.player, food_have=f.food.have, food_need=f.food.need,
                      carpenters=carpenters,
                      logs_have=f.heating.have + sold_logs, heat_need=f.heating.need, make=make,
                      outcome="; ".join(parts))


def forecast_player_lines(g: Game, pi: int) -> list[str]:
    """The heading and one player's forecast line, for the top of that player's travel menu ([] when not due)."""
    from lignum_companion.engine import advice

    f = advice.forecast(g, pi) if advice.forecast_due(g) else None
    if f is None:
        return []
    food, heat = g.winter_cards[f.year - 1]  # the card itself; the carpenters' food is said on the player's line
    heading = texts.fill(texts.load("advice")["forecast"]["heading"], year=f.year, food=food, heat=heat)
    return [heading, "  " + forecast_line(f, food)]


def forecast_one_line(g: Game, pi: int, width: int) -> str:
    """One player's coming winter again, after its figures changed: held against the card, what is missing and its
    cost, the loans it forces, the debt left; the parts at the end left out when the line would not fit."""
    from lignum_companion.engine import advice

    f = advice.forecast(g, pi)
    if f is None:  # asked only when forecast_figures said there is one
        return ""
    tpl = texts.load("advice")["forecast"]
    parts = forecast_outcome(f)
    sold_logs = sum(f.food_sale.get("store", {}).values())
    while True:
        line = texts.fill(tpl["again"], player=f.player, year=f.year, food_have=f.food.have,
                          food_need=f.food.need, logs_have=f.heating.have + sold_logs, heat_need=f.heating.need,
                          outcome="; ".join(parts))
        if texts.display_width(line) <= width or len(parts) == 1:
            return line
        parts.pop()


def forecast_figures(g: Game, pi: int) -> tuple[int, ...]:
    """What a table reads in a forecast: food and logs held, what is missing and its cost (() when not due).
    The table mode says the forecast again only when these change (issue 21)."""
    from lignum_companion.engine import advice

    f = advice.forecast(g, pi) if advice.forecast_due(g) else None
    if f is None:
        return ()
    return (f.year, f.food.have, f.food.need, f.heating.have, f.heating.need, f.cost, f.logs_can_make)


def forecast_short(g: Game, pi: int) -> str:
    """A player's coming winter in two words for the turn's status line ('' when not due)."""
    from lignum_companion.engine import advice

    f = advice.forecast(g, pi) if advice.forecast_due(g) else None
    if f is None:
        return ""
    tpl = texts.load("advice")["forecast"]
    return texts.fill(tpl["short_cost"], cost=f.cost) if f.cost else tpl["short_ok"]


def _places(moves: list[str], tpl: dict[str, str]) -> str:
    """The path locations of `go` lines ('location 4, 8 or 19'), each once, in the order given."""
    found: list[str] = []
    for m in moves:
        parts = m.split()
        loc = parts[parts.index("go") + 1] if "go" in parts[:-1] else ""
        if loc and loc not in found:
            found.append(loc)
    if len(found) == 1:
        return texts.fill(tpl["one"], n=found[0])
    return texts.fill(tpl["many"], list=tpl["sep"].join(found[:-1]), last=found[-1])


def warning_text(alert: Any) -> str:
    """A warning in words, from templates/<lang>/advice.toml, with its ruling id."""
    tpl = texts.load("advice")
    fields = dict(alert.figures)
    fields["player"] = alert.player
    if alert.kind == "plan-unmet":
        lacks = tpl["lacks"]
        named = [lacks[k] for k in ("trade_tokens", "identical_craftwork", "hut_kinds", "rafts")
                 if k in alert.figures]
        named += [lacks[k] for k in ("saws", "sawyers", "disks") if alert.figures.get(k) == 0]
        fields["lacks"] = lacks["joiner"].join(named)
        fields["season"] = tpl["season"].get(alert.figures.get("season", ""), alert.figures.get("season", ""))
        fields["card"] = words.card(alert.figures.get("card", ""))
    if alert.kind == "task-lost":
        fields["needs"] = words.coded_needs(alert.figures["needs"])
    if alert.kind in ("dry3-sale", "dry3-sale-task", "saw-area-no-saw"):
        fields["pieces"] = words.said(parse_bag(alert.figures["pieces"], D.PIECES, "piece"))  # read, not typed
    if alert.kind == "huts-unused":
        fields["huts"] = words.held(parse_bag(alert.figures["huts"], D.HUT_AREAS, "hut"), D.HUT_AREAS)
    if alert.kind == "broke-move":  # the places in words, not a list of lines to type (a tryout)
        fields["places"] = _places(alert.figures["moves"], tpl["places"])
    return texts.fill(tpl["warning"][alert.kind], **fields) + f" ({alert.rule})"


def warning_lines(alerts: list[Any]) -> list[str]:
    """A heading and one line per warning ([] when there is none); the same warning for several players, worded
    to begin with the player, is one line naming them all (issue 21). 'The same' is the same words: figures
    the text does not show (the rafts a player holds beside the last fall's river warning) do not split it."""
    import dataclasses

    if not alerts:
        return []
    tpl = texts.load("advice")["warning"]
    groups: dict[tuple[str, str], list[Any]] = {}
    for a in alerts:
        alike = tpl.get(a.kind, "").startswith("{player}:")
        same = warning_text(dataclasses.replace(a, player="")) if alike else a.key
        groups.setdefault((a.kind, same), []).append(a)
    out = [tpl["heading"]]
    for group in groups.values():
        first = group[0]
        if len(group) > 1:
            names = join_names([a.player for a in group], texts.load("labels")["game"]["and"])
            first = dataclasses.replace(first, player=names)
        out.append("  ⚠ " + warning_text(first))
    return out


def score_table(g: Game, result: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The final (or provisional) scores as columns and rows, the same for `lignum score` and `play`'s end: place
    (shared places said so, R22), money, final sale, river, tasks, the furniture shop (R23), loans, debts, total."""
    lab = texts.load("labels")["score"]
    columns = list(lab["columns"])
    rows = []
    for r in result["players"]:
        place = f"{r['place']}" + (f" ({lab['shared']})" if r["shared"] else "")
        river = money(r["river"]["dollars"]) if r["river"]["kind"] else "-"
        rows.append([place, r["name"], money(r["money"]), money(r["final_sale"]), river,
                     money(r["task_dollars"]) if r["tasks"] else "-",
                     money(-r["loan_repayment"]) if r["loan_repayment"] else "-",
                     money(-r["debt"]) if r["debt"] else "-", money(r["total"])])
    if g.joinery:  # R23: the furniture shop at base price + $3, before the loans
        columns.insert(6, lab["furniture"])
        for row, r in zip(rows, result["players"], strict=True):
            row.insert(6, money(r["furniture"]["dollars"]) if r["furniture"]["pieces"] else "-")
        if any(r.get("building_dollars") for r in result["players"]):  # R23: the tiles' dollars at the end
            columns.insert(7, lab["buildings"])
            for row, r in zip(rows, result["players"], strict=True):
                row.insert(7, money(r["building_dollars"]) if r["building_dollars"] else "-")
    return columns, rows
