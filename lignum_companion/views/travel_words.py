"""A move along the supply path in the words the table mode's travel menu uses (templates/<lang>/play.toml):
what lies on the location and what it costs, for clients that show one move at a time (the phone's buttons)."""

from __future__ import annotations

from lignum_companion.engine import data as D
from lignum_companion.engine import rules
from lignum_companion.engine.actions import Action
from lignum_companion.engine.pieces import total
from lignum_companion.engine.state import Game
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from .game import season_name


def _play(key: str, **fields: object) -> str:
    return texts.fill(texts.load("play")["text"][key], **fields)


def go_words(g: Game, pi: int, a: Action) -> str:
    """`go N ...` said as the travel menu says it: the token ('raft', '1 food'), the workers hired with their
    price, the sawyer, the task card, the planned work with its season and pair, the carpenter, the clearing;
    '' when the location has nothing of its own to say (the market's purchases are said by the line)."""
    p = g.players[pi]
    loc = a.args.get("loc")
    if not isinstance(loc, int):
        return ""
    kind = g.board.kind(loc)
    if kind == "clearing":
        return _play("note_clearing", place="ABCD"[min(len(g.clearing), 3)])
    if kind in ("bearers", "woodcutters"):
        n = int(a.args.get("count", 1))
        wood = total(rules.area_wood(g, p.area)) if p.area else 0
        return _play(f"note_{kind}_{'one' if n == 1 else 'many'}", n=n, cost=n * D.WORKER_PRICE, wood=wood)
    if kind == "sawyers":
        key = "note_sawyer_extra" if a.args.get("extra") else "note_sawyer"
        return _play(key, left=g.supply.get("free_sawyers", 0))
    if kind == "tasks":
        t = next((t for t in g.task_display if t.id == a.args.get("task")), None)
        return _play("note_task", value=t.value, needs=words.card_needs(t.missing())) if t else ""
    if kind == "plan":
        card, pair = str(a.args.get("card", "")), int(a.args.get("pair", 1))
        return _play("note_plan", card=words.card(card), season=season_name(D.round_season(g.round + pair)),
                     year=D.round_year(g.round + pair), pair=pair, cost=rules.plan_cost(g, card))
    if kind == "carpenter":
        return _play("note_carpenter", have=p.carpenters)
    if kind == "fodder":
        return _play("note_fodder")
    if kind == "token":
        tok = g.path.get(str(loc)) or ""
        notes = texts.load("play")["text"]
        return str(notes.get(f"tok_{tok}", words.thing(tok))) if tok else ""
    return ""
