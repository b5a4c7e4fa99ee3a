"""The table's glance at every mill at once (`status` in `play` without a name): a few lines a player, in words.

`status NAME` keeps the whole mill of one player as a table (views.game.player_rows); this is what a table reads
across the board in a second, so it says only what a player holds (nothing that is empty), one line of money and
tokens, one of wood by area, one of cards, and the board and the coming winter in a line each (issue 32: four
players fit 38 rows of 80 columns). No printing: lines for the client to wrap to its width.
"""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine import rules
from lignum_companion.engine.state import Game, Player
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from . import game as views

WOOD_AREAS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")


def _tpl() -> dict[str, Any]:
    return texts.load("glance")


def _fill(key: str, **fields: Any) -> str:
    return texts.fill(_tpl()[key], **fields)


def _joined(parts: list[str]) -> str:
    return _tpl()["joiner"].join(p for p in parts if p)


def holdings(g: Game, p: Player) -> str:
    """Money, loans, debt, food, fodder, tokens, huts, workers and the expansion's pieces: only what is held."""
    t = _tpl()
    parts = [f"${p.money}"]
    if p.loans:
        parts.append(_fill("loans_one" if p.loans == 1 else "loans", n=p.loans))
    if p.debt:
        parts.append(_fill("debt", debt=p.debt))
    parts.append(_fill("food", n=p.food))
    if p.fodder:
        parts.append(words.fodder(p.fodder))
    for held in (words.held(p.equipment, D.EQUIPMENT), words.held(p.craftwork, D.CRAFTWORK),
                 words.held(p.huts, D.HUT_AREAS)):
        if held:
            parts.append(held)
    workers = views.workers_text(p)
    if workers != "-":
        parts.append(workers)
    if g.joinery and p.carpenters:
        parts.append(_fill("carpenters_one" if p.carpenters == 1 else "carpenters", n=p.carpenters))
    if p.pos == g.board.clearing:
        parts.append(t["in_clearing"])
    elif p.pos:
        parts.append(_fill("on_location", n=p.pos))
    if p.area:
        parts.append(_fill("cutting_area", n=p.area))
    return _joined(parts)


def wood(p: Player) -> str:
    """Wood by mill area in words, areas that hold nothing left out ('' for an empty mill)."""
    names = texts.load("labels")["show"]["area_names"]
    parts = [_fill("area_wood", area=names[a], pieces=words.said(p.wood[a])) for a in WOOD_AREAS
             if any(p.wood[a].values())]
    if p.furniture and any(p.furniture.values()):
        parts.append(_fill("area_wood", area=texts.load("labels")["show"]["furniture"], pieces=words.said(p.furniture)))
    return _joined(parts)


def cards(g: Game, p: Player) -> str:
    """Tasks (what is missing, counted), planned work (card and season) and buildings, short ('' for none)."""
    parts = []
    for t in p.tasks:
        missing = len(t.missing())
        parts.append(_fill("task_done", id=t.id, value=t.value) if not missing else
                     _fill("task_missing_one" if missing == 1 else "task_missing", id=t.id, value=t.value, n=missing))
    for pl in p.plans:
        if pl.round >= min(g.round, D.ROUNDS):  # a plan whose season has passed says nothing more
            parts.append(_fill("plan", card=card_name(pl.card), season=views.season_name(D.round_season(pl.round)),
                               year=D.round_year(pl.round)))
    if p.buildings:
        parts.append(", ".join(b.name for b in p.buildings))
    return _joined(parts)


def card_name(code: str) -> str:
    """A planned work card by its name alone (GLOSSARY: the name is what the table reads; no code beside it)."""
    return texts.load("reference")["expert"]["card_names"].get(code, code)


def board(g: Game) -> list[str]:
    """The cutting areas in one line (wood, food, whose token), then the path, the clearing and the cards."""
    t = _tpl()
    areas = []
    for a in D.CUTTING_AREAS:
        bag = g.area_bag(a)
        wood_here = {k: v for k, v in bag.items() if k in D.KINDS and v}
        what = [words.said(wood_here)] if wood_here else []
        if bag.get("food"):
            what.append(_fill("food", n=bag["food"]))
        who = ", ".join(g.players[i].name for i in g.area_players(a))
        if who:
            what.append(_fill("tokens", names=who))
        if what:
            areas.append(_fill("cutting", n=a, what=" ".join(what) if len(what) == 1 else ", ".join(what)))
    out = [_fill("areas", areas=_joined(areas) if areas else t["areas_empty"])]
    out.append(views.path_line(g))
    line = views.clearing_line(g)
    if line:
        out.append(line)
    if g.task_display:
        out.append(_fill("display", tasks=", ".join(f"{tk.id} ${tk.value}" for tk in g.task_display)))
    if g.pw_cards:  # R20: the laid-out cards by name, with the planned-work tokens on each
        out.append(_fill("pw_cards", cards=", ".join(_fill("pw_card_one" if n == 1 else "pw_card", card=card_name(c),
                                                           n=n) for c, n in g.pw_cards.items())))
    if g.joinery:  # R23: the tiles still face up, by name
        out.append(_fill("buildings", tiles=", ".join(b.name for b in g.buildings) or t["buildings_none"]))
    return out


def winter(g: Game) -> list[str]:
    """The coming winter in one line: each player's cost, or that it is covered ([] when not due, or paid)."""
    if g.over:  # the advisor is not even imported for a finished game (`show` of a game over stays quick)
        return []
    from lignum_companion.engine import advice

    if not advice.forecast_due(g):
        return []
    found = advice.forecasts(g)
    if not found:
        return []
    food, heat = rules.winter_need(g, g.players[0])
    each = [f"{f.player} " + (_fill("winter_cost", n=f.food.missing + f.heating.missing, cost=f.cost) if f.cost
                              else _tpl()["winter_ok"]) for f in found]
    return [_fill("winter", year=found[0].year, food=food, heat=heat, players=_joined(each))]


def warnings(g: Game, more: str = "status {name}") -> list[str]:
    """How many of the advisor's warnings hold for each player, in one line ([] for none): they were said in their
    step, and `more` (filled with the first player who has warnings, never someone without) says a player's again."""
    from collections import Counter

    from lignum_companion.engine import advice

    counts = Counter(a.player for a in advice.warnings(g))
    if not counts:
        return []
    command = texts.fill(more, name=next(iter(counts)))
    return [_fill("warnings", players=_joined([f"{name} {n}" for name, n in counts.items()]), command=command)]


def status_lines(g: Game, warn: bool = True, more: str = "status {name}") -> list[str]:
    """Every mill at a glance: the position, three lines at most a player, the board, the winter, the hint.

    Lines are logical: the console wraps them, each player's later lines under their first with an indent.
    `more` is the command that shows one whole mill (`status {name}` in play, `lignum show --player {name}`);
    each player's first line begins with their name and a colon, for a client to colour."""
    out = [views.header_line(g) + _fill("waiting", waiting=views.waiting_for(g))]
    for p in g.players:
        out.append(f"{p.name}: {holdings(g, p)}")
        for line in (wood(p), cards(g, p)):
            if line:
                out.append("  " + line)
    out += board(g)
    out += winter(g)
    said = warnings(g, more) if warn and not g.over else []
    out += said or [_fill("more", command=texts.fill(more, name=g.players[0].name))]
    return out


def toolbar_forms(g: Game) -> list[str]:
    """The line under a terminal prompt, from the richest form to the shortest (the client shows the first that
    fits its width): where the game stands, whose turn with their money, food and loans, whom it waits for."""
    from lignum_companion.engine import flow

    from .game import where

    if g.over:
        return [views.header_line(g)]
    t = texts.load("screen")["text"]
    place = where(g)  # one form on every line ('spring year 1, travel'), never 'Spring y1' beside it
    turn = short = ""
    actor = flow.actors(g)
    if actor and flow.actor_kind(g) not in ("table", "all"):
        p = g.players[actor[0]]
        turn = texts.fill(t["toolbar_turn"], name=p.name, money=p.money, food=p.food, loans=p.loans)
        short = _fill("turn", name=p.name, money=p.money)
    waiting = texts.fill(t["toolbar_waiting"], waiting=views.waiting_for(g))
    wait = flow.waiting(g)
    names = wait.get("names") or []
    ahead = [x["name"] for x in wait.get("ahead", [])]
    few = _fill("waiting_names", names=", ".join(names)) if names else waiting
    if ahead:
        few = _fill("waiting_ahead", names=", ".join(names))  # the others: on later steps (R24)
    fewest = _fill("waiting_count", n=len(names) + len(ahead)) if names else ""

    def line(*parts: str) -> str:
        return " · ".join(x for x in parts if x)

    return [line(place, turn, waiting), line(place, turn, few), line(place, short, few), line(place, short, fewest),
            line(place, short)]


def forecast_brief(g: Game) -> list[str]:
    """The coming winter as `next` says it: the card's need, then one line a player with what is missing, its cost,
    the loans it forces and what stays as debt ([] when not due; a player who has paid is left out). The whole
    reckoning (which wood goes, what the market would save) is the player's own, at their trip."""
    from lignum_companion.engine import advice

    if not advice.forecast_due(g):
        return []
    found = advice.forecasts(g)
    if not found:
        return []
    tpl = texts.load("advice")["forecast"]
    food, heat = rules.winter_need(g, g.players[0])
    out = [texts.fill(tpl["heading"], year=found[0].year, food=food, heat=heat)]
    for f in found:
        out.append(f"  {f.player}: " + "; ".join(views.forecast_outcome(f)))
    return out
