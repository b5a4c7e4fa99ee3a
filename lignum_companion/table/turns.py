"""A player's turn in `lignum play`: the turn menu, travel along the path, loans and huts; STEP_MENUS, the builder
of each step's entries. Plain builders: state in (a MenuContext), menu out; nothing printed, asked or saved."""

from __future__ import annotations

from collections.abc import Callable

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import buildings
from lignum_companion.views import game as views

from ..engine import NotationError, flow, legal_actions, market, rules
from ..engine import data as D
from ..engine.actions import Action
from ..engine.flow import FREE_VERBS
from ..engine.pieces import total
from ..engine.state import Building, Game, Player
from . import winter, work
from .common import TOKEN_NOTES, counted, screen, tpl
from .entries import MenuContext, choice, free_player, inline_or_sub
from .menu import Choice, Menu, Said
from .wood import area_worth


def turn_menu(ctx: MenuContext, pi: int) -> Menu:
    g = ctx.g
    p = g.players[pi]
    legal = legal_actions(g, player=pi)
    main = [a for a in legal if a.verb not in FREE_VERBS]
    extra = [a for a in legal if a.verb in FREE_VERBS]
    build = STEP_MENUS.get(g.step, menu_plain)
    choices, default = build(ctx, p, main)
    free = _free_choices(ctx, p, extra)
    # Loans and huts are keyed by their verb in every step: on the path numbers are locations, and elsewhere a
    # number is never an entry out of sight (a loan behind `+` was taken by a mistyped `5`; a tryout, issue 32)
    seen: dict[str, int] = {}
    for c in free:
        verb = c.shown.split()[0]
        seen[verb] = seen.get(verb, 0) + 1
        c.key = verb if seen[verb] == 1 else f"{verb}{seen[verb]}"
        c.stem = verb if seen[verb] == 1 else ""  # `foodhut 1`, `loan 2` (menu.spelled)
    if g.step != "travel":  # a loan while money is plenty: behind `+` (issue 21), typed by its key as ever;
        own_pace = flow.actor_kind(g) == "free"  # and in the steps at one's own pace, which spend no money (R24)
        for c in free:
            c.rare = c.shown.split()[:1] == ["loan"] and (p.money >= D.WORKER_PRICE * 2 or own_pace)
    choices += free
    choices += building_entries(ctx)
    if default is None and len(choices) == 1:
        default = 0
    if default is not None:
        choices[default].rare = False  # what Enter takes is always in sight
    if sum(not c.rare for c in choices) < 2:
        for c in choices:
            c.rare = False
    header, said = turn_header(ctx, p)
    if g.step == "travel":  # before the trip: what the coming winter will ask, said again when it changes
        figures = views.forecast_figures(g, pi)  # food and logs held, the cost: said again when they change
        if figures and said.forecast_seen.get(pi) != figures:
            # the whole reckoning once a round (which wood goes, what the market would save), then one line
            # when its figures change (issue 32 §1: the forecast reprinted 5 lines a player went unread)
            whole = said.forecast_told.get(pi) != g.round
            forecast = views.forecast_player_lines(g, pi) if whole else [views.forecast_one_line(g, pi, ctx.width)]
            said = said.noting(forecast_seen={**said.forecast_seen, pi: figures},
                               forecast_told={**said.forecast_told, pi: g.round})
            header = "\n".join(forecast + [header])
        for c in free:  # a loan while money is plenty: behind `+`, typed by its key as ever (issue 21)
            c.rare = c.key == "loan" and p.money >= D.WORKER_PRICE * 2
    before = winter.winter_bill_lines(g, p, g.step) if g.step in ("feeding", "heating") else []
    return Menu(p.name, choices, default, free_player(g, p), header=header, locations=g.step == "travel",
                columns=g.step == "travel", before=before, said=said)


def building_entries(ctx: MenuContext) -> list[Choice]:
    """R23: for each tile the program cannot apply whose moment is now, an entry that books what it gives or
    takes as a correction named after it, in one step (a piece moved is two `fix` lines applied together)."""
    g = ctx.g
    out = []
    for pi, owner in enumerate(g.players):
        for b in owner.buildings:
            said = ctx.said.buildings_open.get((pi, b.name))
            if said is None or g.round > said + 1 or g.over or buildings.booked(owner, b, said):
                continue

            def follow(arg: str | None, name: str = owner.name, tile: Building = b) -> list[str]:
                ask = texts.fill(texts.load("buildings")["text"]["ask_correction"], tile=tile.name)
                return ctx.table.text_answer(ask, lambda raw: buildings.correction_lines(name, tile, raw), given=arg)

            note = texts.fill(texts.load("buildings")["text"]["entry"], tile=b.name, name=owner.name)
            out.append(Choice(f"fix {owner.name}", note, follow=follow, key=buildings.entry_key(b)))
    return out


def turn_header(ctx: MenuContext, p: Player) -> tuple[str, Said]:
    """The player's line above their menu, and what the sitting has said once it is shown (R24's "any order")."""
    g = ctx.g
    said = ctx.said
    bits = [f"${p.money}"]
    if p.food:
        bits.append(f"{tpl('word_food')} {p.food}")
    if p.loans:
        bits.append(f"{tpl('word_loans')} {p.loans}")
    # on the path, what the player holds: (text, its short form or "", when it is shortened, when left out)
    held: list[tuple[str, str, float, float]] = []
    if g.step == "travel":  # one compact line of what the player holds
        bits.insert(0, tpl("at_start") if not p.pos else tpl("at_location", loc=p.pos))
        for text, drop in ((words.held(p.equipment, D.EQUIPMENT), 5),
                           (words.fodder(p.fodder) if p.fodder else "", 5),
                           (words.held(p.craftwork, D.CRAFTWORK), 2)):
            if text:
                held.append((text, "", drop, drop))
        if any(p.huts.values()):  # each named (`1 drying hut`), or counted (`2 huts`) when the line is narrow
            held.append((words.held(p.huts, D.HUT_AREAS), counted("huts_held", sum(p.huts.values())), 1, 3))
        workers = views.workers_text(p)
        mill = texts.load("labels")["show"]["workers_words"]["mill_worker"] if p.mill_worker else ""
        hired = workers.removesuffix(mill).rstrip(", ") if mill else workers
        if hired and hired != "-":
            held.append((hired, "", 4, 4))
        if mill:  # there from the round's start until it works (R6): the first left out on a narrow screen
            held.append((mill, "", 0, 0))
    winter = views.forecast_short(g, g.players.index(p))
    from lignum_companion.texts.term import paint

    name = paint(p.name, p.colour, ctx.colour)
    others = [g.players[i].name for i in flow.actors(g) if g.players[i] is not p]
    if said.any_order_said == (g.round, g.step):
        others = []  # said once per step (issue 21)
    tail = [winter] if winter else []
    if flow.actor_kind(g) == "free" and others:  # R24: the others may enter theirs first
        said = said.noting(any_order_said=(g.round, g.step))
        tail.append(tpl("any_order", names=", ".join(others), other=others[0], verb=g.step))
    head = f"-- {name}, {views.step_name(g.step)}: "
    plain = f"-- {p.name}, {views.step_name(g.step)}: "  # its width without the colour codes
    # The richest line that fits the screen (issue 32 §1): what is held is shortened or left out from the least
    # needed on the path (the mill worker, the huts counted, craftwork, the huts, the hired workers, ...), and `…`
    # says more is held (`status NAME` shows it all)
    steps = sorted([(short_at, i, True) for i, (_, short, short_at, _) in enumerate(held) if short]
                   + [(drop_at, i, False) for i, (*_, drop_at) in enumerate(held)])
    form = {i: text for i, (text, *_) in enumerate(held)}
    for done in range(len(steps) + 1):
        if done:
            _, i, shorten = steps[done - 1]
            form[i] = held[i][1] if shorten else ""
        kept = [text for text in form.values() if text]
        line = ", ".join([*bits, *kept, *(["…"] if len(kept) < len(held) else []), *tail])
        if texts.display_width(plain + line) <= ctx.width:
            break
    return head + line, said


def menu_plain(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    choices = [choice(a) for a in main]
    done = next((i for i, a in enumerate(main) if a.verb == "done"), None)
    return choices, (0 if main and done is None else done)


def menu_area(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    """Tactical variant (R21): free areas only, keyed by the area number; default the richest area."""
    g = ctx.g
    choices = []
    for a in main:
        area = a.args["area"]
        bag = g.cutting[str(area)]
        kinds = {k: v for k, v in bag.items() if k in D.KINDS}
        wood = words.said(kinds) if any(kinds.values()) else words.bag(kinds, "wood")
        food = bag.get("food", 0)
        note = tpl("note_area", area=area, wood=words.phrase("with_food", wood=wood, n=food) if food else wood)
        choices.append(choice(a, note, key=str(area)))
    richest = max(range(len(main)), key=lambda i: area_worth(g, main[i].args["area"]), default=None)
    return choices, richest


# travel (R3, R4, R17, R19, R20) ----------------------------------------------------------------------------
def menu_travel(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    g = ctx.g
    by_loc: dict[int, list[Action]] = {}
    for a in main:
        by_loc.setdefault(a.args["loc"], []).append(a)
    choices: list[Choice] = []
    for loc in sorted(by_loc):
        acts = by_loc[loc]
        kind = g.board.kind(loc)  # the board in use numbers the locations (R2, R23)
        if kind == "clearing":
            continue
        if kind in ("bearers", "woodcutters"):
            choices.append(_hire_choice(ctx, p, loc, sorted(a.args["count"] for a in acts)))
        elif kind == "carpenter":
            choices.append(choice(acts[0], tpl("note_carpenter", have=p.carpenters)))
        elif kind == "buildings":  # R23: one entry naming the tiles; `12 chapel` takes one (a key that never
            choices.append(_buildings_choice(ctx, p, loc, acts))  # changes when another tile is taken)
        elif kind == "sawyers":
            for a in acts:
                free_left = g.supply.get("free_sawyers", 0)
                note = tpl("note_sawyer_extra" if a.args["extra"] else "note_sawyer", left=free_left)
                choices.append(choice(a, note))
                choices[-1].rare = bool(a.args["extra"])  # the paid sawyer: behind `+` (issue 21)
        elif kind == "tasks":
            notes = []
            for a in acts:
                t = next(t for t in g.task_display if t.id == a.args["task"])
                notes.append((a, tpl("note_task", value=t.value, needs=words.card_needs(t.missing()))))
            # one entry for the face-up cards, each card on `13 N` (issue 21: the menu fits the screen); a key
            # that opens choices always opens them, one card left or four (issue 29 §4)
            cards = ", ".join(screen("task_value", id=a.args["task"], value=next(
                t.value for t in g.task_display if t.id == a.args["task"])) for a, _ in notes)
            choices += inline_or_sub(ctx, p, f"go {loc} ...", screen("tasks_menu", cards=cards), notes, most=0)
        elif kind == "plan":
            notes = [(a, tpl("note_plan", card=words.card(a.args["card"]),
                             season=views.season_name(D.round_season(g.round + a.args["pair"])),
                             year=D.round_year(g.round + a.args["pair"]), pair=a.args["pair"],
                             cost=rules.plan_cost(g, a.args["card"]))) for a in acts]
            menu = tpl("note_plan_menu_one" if len(acts) == 1 else "note_plan_menu", n=len(acts))
            choices += inline_or_sub(ctx, p, f"go {loc} ...", menu, notes,
                                           most=0)  # the key opens the cards, even with one left (issue 29 §4)
        elif kind == "market":
            notes = [(a, _market_note(ctx, p, a)) for a in acts]
            choices += inline_or_sub(ctx, p, f"go {loc} ...", tpl("note_market_menu"), notes)
            choices.append(Choice(f"go {loc} buy:...", tpl("note_market_buy"),
                                  follow=_typed_go(ctx, p, loc, "buy:", "ask_market_buy"), rare=True))
        elif kind == "fodder":
            choices.append(choice(acts[0], tpl("note_fodder")))
        else:
            tok = g.path.get(str(loc)) or ""
            choices.append(choice(acts[0], tpl(f"tok_{tok}") if tok in TOKEN_NOTES else tok))
    for a in by_loc.get(g.board.clearing, []):
        choices.append(choice(a, tpl("note_clearing", place="ABCD"[len(g.clearing)])))
    location_keys(choices)
    return choices, (0 if len(choices) == 1 else None)


def _buildings_choice(ctx: MenuContext, p: Player, loc: int, acts: list[Action]) -> Choice:
    """Location 12 (R23): the face-up tiles by name; `12 NAME` takes one, `12` alone shows each tile with how the
    program reads it, keyed by its name."""
    g = ctx.g
    tiles = [b for b in g.buildings if b.name.split() in [a.args["buildings"] for a in acts]]

    def follow(arg: str | None) -> list[str]:
        if arg:
            return [f"{p.name} go {loc} {arg}"]
        entries = [Choice(f"go {loc} {b.name}", buildings.tile_note(b), [f"{p.name} go {loc} {b.name}"],
                          key=buildings.entry_key(b)) for b in tiles]
        sub = Menu(p.name, entries, None, lambda raw: [f"{p.name} go {loc} {raw}"], header=tpl("sub_header"),
                   prompt=f"{p.name} go {loc}")
        ctx.table.show_menu(sub)
        return ctx.table.pick(sub)

    names = ", ".join(b.name for b in tiles)
    return Choice(f"go {loc} ...", tpl("note_buildings", names=names, loc=loc), follow=follow, key=str(loc))


def _typed_go(ctx: MenuContext, p: Player, loc: int, prefix: str, key: str) -> Callable[[str | None], list[str]]:
    """A follow-up that types the rest of a move (`saw+2food` after `go 19 buy:`)."""

    def follow(arg: str | None) -> list[str]:
        return ctx.table.text_answer(tpl(key), lambda raw: [f"{p.name} go {loc} {prefix}{raw.strip()}"], given=arg)

    return follow


def _hire_choice(ctx: MenuContext, p: Player, loc: int, counts: list[int]) -> Choice:
    """Bearers or woodcutters with a suggested number; `KEY N` hires another number in one answer."""
    g = ctx.g
    kind = g.board.kind(loc)  # bearers or woodcutters
    wood = total(rules.area_wood(g, p.area)) if p.area else 0
    if kind == "woodcutters":
        n = counts[-1]  # already capped by the wood in the area (R4), the money and the supply
    else:
        n = min(counts[-1], max(1, p.money // 2), max(1, wood))
    note = counted(f"note_{kind}", n, cost=n * D.WORKER_PRICE, wood=wood)
    if kind == "bearers":  # the menu offers a few counts; the hint names every count that can be paid (R3)
        counts = list(range(counts[0], max(counts[-1], min(g.supply.get(kind, 0), p.money)) + 1))
    if counts[0] != counts[-1]:
        other = counts[0] if counts[0] != n else counts[-1]
        note += " " + tpl("note_other_count", low=counts[0], high=counts[-1], other=other)

    def follow(arg: str | None) -> list[str]:
        if arg is None:
            return [f"{p.name} go {loc} {n}"]
        if not arg.isdecimal() or int(arg) not in counts:
            raise NotationError(_count_refusal(ctx, p, kind, counts, wood))
        return [f"{p.name} go {loc} {int(arg)}"]

    return Choice(f"go {loc} {n}", note, follow=follow)


def _count_refusal(ctx: MenuContext, p: Player, kind: str, counts: list[int], wood: int) -> str:
    """Why the count of workers is what it is, in one line (issue 21): the wood in the area (R4), the money
    (R3) or the workers left in the supply, whichever holds the most down."""
    high = counts[-1]
    why = ("wood" if kind == "woodcutters" and wood == high else
           "money" if p.money // D.WORKER_PRICE == high else "supply")
    return tpl(f"count_range_{why}", low=counts[0], high=high, name=p.name, money=p.money, wood=wood,
               price=D.WORKER_PRICE, left=ctx.g.supply.get(kind, 0), kind=words.thing(kind),
               area=p.area or "")


def _market_note(ctx: MenuContext, p: Player, a: Action) -> str:
    g = ctx.g
    args = a.args
    sums = market.visit_sums(args["sets"], args["trade"], args["buy"],  # the engine's sums (R17)
                             craftwork_card=rules.plan_active(g, p, "craftwork"))
    cost, income = sums.cost, sums.income
    parts = []  # each thing in words first (buy 1 saw: pay $1), then the money
    if args["buy"]:
        parts.append(tpl("note_buy", what=words.said(args["buy"])))
    sold: dict[str, int] = {}
    for s in [*args["sets"], args["trade"]]:
        for k, n in s.items():
            sold[k] = sold.get(k, 0) + n
    if sold:
        parts.append(tpl("note_sell_tokens", what=words.said(sold)))
    money = [tpl("note_pay", n=cost)] if cost else []
    money += [tpl("note_get", n=income)] if income else []
    return tpl("note_market", what=", ".join(parts), money=", ".join(money)) if parts else ", ".join(money)


# loans and huts (R15, R16) -----------------------------------------------------------------------------------
def _free_choices(ctx: MenuContext, p: Player, extra: list[Action]) -> list[Choice]:
    out: list[Choice] = []
    for a in extra:
        if a.verb == "loan":
            out.append(choice(a, tpl("note_loan", repay=D.LOAN_REPAYMENT[p.loans + 1])))
    for verb in ("build", "dryhut", "foodhut"):
        acts = [a for a in extra if a.verb == verb]
        if not acts:
            continue
        notes = [(a, _hut_note(ctx.g, a)) for a in acts]
        out += inline_or_sub(ctx, p, f"{verb} ...", tpl(f"note_{verb}_menu"), notes) if len(acts) > 1 \
            else [choice(acts[0], notes[0][1])]
    return out


def _hut_note(g: Game, a: Action) -> str:
    if a.verb == "build":
        return ", ".join(counted(f"hut_{h}", n) for h, n in a.args["huts"].items())
    if a.verb == "dryhut":
        return tpl(f"note_dryhut_{a.args['area']}", what=words.said({a.args["piece"]: 1}))  # from where to where
    return tpl("note_foodhut", area=a.args["area"], food=g.cutting[str(a.args["area"])].get("food", 0))


# A player's menu in each step, keyed by the engine's step names (flow.STEP_NAMES); a step not named here lists its
# legal moves as they are (menu_plain). Each renderer gives the entries and the one Enter takes (None: no default).
StepMenu = Callable[[MenuContext, Player, list[Action]], tuple[list[Choice], int | None]]
STEP_MENUS: dict[str, StepMenu] = {
    "area": menu_area,  # the tactical variant's ordered choice (R21)
    "travel": menu_travel,
    "cutting": work.menu_cutting,
    "arrival": work.menu_arrival,
    "transport": work.menu_transport,  # in winter: the sledges
    "sawing": work.menu_sawing,
    "tasks": work.menu_tasks,
    "selling": work.menu_selling,
    "drying": work.menu_drying,
    "bonus": winter.menu_bonus,
    "feeding": winter.menu_feeding,
    "heating": winter.menu_heating,
    "river": winter.menu_river,
}


def location_keys(choices: list[Choice]) -> None:
    """R24 menus on the path: an entry's key is its location number (`c` for the clearing); several entries at
    one location get `19`, `19b`, `19c`. So a bare `10` always means location 10, never menu entry 10."""
    seen: dict[str, int] = {}
    for c in choices:
        words = c.shown.split()
        base = "c" if words[1:2] == ["clearing"] else (words[1] if len(words) > 1 else c.shown)
        n = seen.get(base, 0)
        seen[base] = n + 1
        c.key = base if n == 0 else base + "bcdefgh"[n - 1]
        if n == 0 and len(words) > 1 and words[0] == "go":  # `16 +1` = `go 16 +1`, `13 T3` = `go 13 T3`
            c.stem = f"go {words[1]}"
