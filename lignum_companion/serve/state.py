"""What `GET LINK/state` answers: one viewer's state in their language, as plain JSON (docs/serve.md).

Built only from the engine (legal actions, waiting, score) and the existing views (views/game.py, reminders);
no rule here. The keys are stable: pages, scripts and tests read them.
"""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import LignumError, flow, score
from lignum_companion.engine import data as D
from lignum_companion.engine.actions import TABLE_VERBS, Action
from lignum_companion.engine.flow import FREE_VERBS
from lignum_companion.engine.legal import candidates
from lignum_companion.engine.pieces import parse_bag
from lignum_companion.engine.state import Game
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views
from lignum_companion.views.glance import forecast_brief

STATE_FORMAT = 1
MILL_AREAS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")  # a player's areas, as the state
# Moves whose pieces a player counts out with - and + (docs/notation.md): each part of the line, the mill area its
# pieces come from. The line is the verb and the parts with pieces; the engine judges it (LINK/try, LINK/act).
COMPOSERS: dict[str, tuple[tuple[str, str], ...]] = {
    "sell": (("sale:", "sale"), ("dry1:", "dry1"), ("dry2:", "dry2"), ("dry3:", "dry3")),  # R10, R11
    "dry": (("", "sale"),),
    "carry": (("saw:", "woodpile"), ("sale:", "woodpile")),  # R7
    "wagon": (("saw:", "woodpile"), ("sale:", "woodpile")),
    "raft": (("", "woodpile"),),
    "saw": (("", "saw"),),  # R9
}


def text(key: str, /, **fields: Any) -> str:
    """A text of templates/<lang>/serve.toml in the shown language."""
    return texts.fill(texts.load("serve")["text"][key], **fields)


def page_texts() -> dict[str, str]:
    """Every label the page itself shows (its buttons and headings), in the shown language."""
    return dict(texts.load("serve")["page"])


def money(change: int) -> str:
    """A change of money as every client shows it (`-$2`, `+$4`), `""` for none."""
    return views.money(change, sign=True) if change else ""


def _table(headers: list[str], rows: list[list[Any]]) -> dict[str, Any]:
    return {"headers": [str(h) for h in headers], "rows": [[str(c) for c in row] for row in rows]}


def _tried(g: Game, action: Action) -> int | None:
    """The player's money after the move, tried on a copy; None when the engine refuses it (the only judge)."""
    trial = g.clone()
    try:
        flow.apply(trial, action)
    except LignumError:
        return None
    pi = g.player_index(action.player or "")
    return trial.players[pi].money if pi is not None else None


AREA_VERBS = frozenset({"area", "relocate"})  # verbs whose number is a cutting area (R5, R21)


def _move(g: Game, pi: int, a: Action, after: int) -> dict[str, Any]:
    """One legal action as a button: the verb in words, the rest of the line, the money it moves."""
    verbs = texts.load("serve")["verbs"]
    rest = a.text[len(a.player) + 1:] if a.player and a.text.startswith(a.player + " ") else a.text
    args = rest.split(" ", 1)[1] if " " in rest else ""
    change = after - g.players[pi].money
    parts = args.split()
    said = [_arg_words(part) for part in parts]
    if a.verb in AREA_VERBS and parts[:1] and parts[0].isdigit():  # a cutting area's number, not a location (R5)
        said[0] = parts[0] if a.verb == "area" else texts.fill(texts.load("serve")["args"]["area"], n=parts[0])
    if a.verb == "go" and len(parts) > 1 and parts[0].isdigit():  # `go 10 2`: location 10, hire 2 (R3)
        said[1:] = [texts.fill(texts.load("serve")["args"]["hire"], n=p) if p.lstrip("+").isdigit()
                    else _arg_words(p) for p in parts[1:]]
    if a.verb == "go":  # what lies there and what it costs, as play's travel menu says it ('raft', '2 bearers for $2')
        from lignum_companion.views.travel_words import go_words

        there = go_words(g, pi, a)
        if there and parts[:1] == ["clearing"]:
            said = [there]
        elif there:
            said = [said[0], there] + [w for w, part in zip(said[1:], parts[1:], strict=True)
                                       if not part.lstrip("+").isdigit() and not a.args.get("card")]
    return {"line": a.text, "verb": a.verb, "label": verbs.get(a.verb, a.verb), "args": args,
            "words": ", ".join(said),
            "price": views.money(change, sign=True) if change else "", "free": a.verb in FREE_VERBS}


def _arg_words(part: str) -> str:
    """One word of a move's line in the glossary's words (`sale:2F` -> `sale area: 2 firewood`); as typed when
    it is none of the shapes below (the notation is shown beside it anyway)."""
    said = texts.load("serve")["args"]
    try:
        if part.isdigit():
            return texts.fill(said["location"], n=part)
        if part.startswith("+") and part[1:].isdigit():
            return texts.fill(said["hire"], n=part)
        if part == "clearing":
            return str(said["clearing"])
        head, colon, rest = part.partition(":")
        if colon and head == "hut" and rest.isdigit():  # accommodation huts spent as workers (R16)
            return texts.fill(said["huts_one" if rest == "1" else "huts_many"], n=rest)
        if colon and head == "buy":
            return texts.fill(said["buy"], what=words.said(parse_bag(rest, D.EQUIPMENT)))
        if colon and head in MILL_AREAS:
            return f"{words.area(head)}: {words.said(parse_bag(rest, D.PIECES))}"
        return words.said(parse_bag(part, D.PIECES))
    except (LignumError, KeyError, ValueError):
        return part


def legal_moves(g: Game, pi: int) -> list[tuple[Action, int]]:
    """A player's legal moves now with the money each leaves them: the engine's candidates (as
    `engine.legal_actions` takes them), each tried once on a copy, which is both the check and the price."""
    if g.over or pi not in flow.actors(g):
        return []
    out = []
    for a in candidates(g, player=pi):
        after = _tried(g, a)
        if after is not None:
            out.append((a, after))
    return out


def moves_of(g: Game, pi: int, legal: list[tuple[Action, int]] | None = None) -> list[dict[str, Any]]:
    """A player's moves as buttons, the step's own moves first, then loans and huts."""
    legal = legal_moves(g, pi) if legal is None else legal
    return [_move(g, pi, a, m) for a, m in legal if a.verb not in FREE_VERBS] + \
           [_move(g, pi, a, m) for a, m in legal if a.verb in FREE_VERBS]


def composers(g: Game, pi: int, legal: list[tuple[Action, int]]) -> list[dict[str, Any]]:
    """The piece counters for this player's moves now: one per verb of COMPOSERS among their legal moves, each
    part with the pieces its area holds (codes, counts and words)."""
    p = g.players[pi]
    verbs = texts.load("serve")["verbs"]
    out = []
    for verb in dict.fromkeys(a.verb for a, _ in legal):
        if verb not in COMPOSERS:
            continue
        parts = []
        for prefix, area in COMPOSERS[verb]:
            held = {k: n for k, n in p.wood[area].items() if n and k in D.PIECES}
            if held:
                parts.append({"prefix": prefix, "area": area, "area_words": words.area(area),
                              "pieces": [{"code": k, "most": held[k], "words": words.piece(k)}
                                         for k in D.PIECES if k in held]})
        if parts:
            out.append({"verb": verb, "label": verbs.get(verb, verb), "line": f"{p.name} {verb}", "parts": parts})
    return out


def _mill(g: Game, pi: int | None) -> dict[str, Any]:
    headers, rows = views.player_rows(g, g.players[pi] if pi is not None else None)
    return _table(headers, rows)


def _common(g: Game, gf: Any, version: str) -> dict[str, Any]:
    pos = flow.position(g)
    wait = flow.waiting(g)
    last = gf.actions[-1].text if gf.actions else ""
    return {
        "format": STATE_FORMAT,
        "version": version,
        "lines": len(gf.actions),
        "lang": texts.current(),
        "title": views.game_title(gf.setup),
        "header": views.header_line(g),
        "where": views.where(g),
        "season": pos["season"], "year": pos["year"], "round": g.round, "step": g.step,
        "step_words": views.step_name(g.step),
        "over": g.over,
        "waiting": views.waiting_for(g),
        "waiting_kind": wait["kind"],
        "waiting_names": list(wait["names"]),
        "players": [p.name for p in g.players],
        "last_line": last,
        "score": _table(*views.score_table(g, score(g))) if g.over else None,
        "texts": page_texts(),
    }


Legal = dict[int, list[tuple[Action, int]]]  # each player's legal moves, worked out once per version of the file


def _legal(g: Game, pi: int, known: Legal | None) -> list[tuple[Action, int]]:
    if known is None:
        return legal_moves(g, pi)
    if pi not in known:
        known[pi] = legal_moves(g, pi)
    return known[pi]


def player_state(g: Game, gf: Any, version: str, pi: int, known: Legal | None = None) -> dict[str, Any]:
    """A player's page: where the game is, what to do now, their mill, their moves, their coming winter."""
    p = g.players[pi]
    out = _common(g, gf, version)
    mine = pi in flow.actors(g) and flow.actor_kind(g) != "table"
    out.update({
        "viewer": {"kind": "player", "name": p.name},
        "your_turn": mine,
        "todo": views.reminder(g, player=pi) if mine else text("not_your_turn", waiting=views.waiting_for(g)),
        "mill": _mill(g, pi),
        "moves": moves_of(g, pi, _legal(g, pi, known)),
        "composers": composers(g, pi, _legal(g, pi, known)),
        "winter": [line.strip() for line in views.forecast_player_lines(g, pi)],
        "can_undo": bool(out["last_line"]) and _is_line_of(g, out["last_line"], p.name),
    })
    return out


def table_state(g: Game, gf: Any, version: str, known: Legal | None = None) -> dict[str, Any]:
    """The table's page: the whole board, whom the game waits for, every actor's moves, the table's entries."""
    out = _common(g, gf, version)
    kind = flow.actor_kind(g)
    out.update({
        "viewer": {"kind": "table", "name": ""},
        "todo": views.reminder(g),
        "mill": _mill(g, None),
        "board": _table(*views.board_rows(g)),
        "path": views.path_line(g),
        "clearing": views.clearing_line(g),
        "table_entry": kind == "table",
        "entry_verbs": list(TABLE_VERBS),
        "moves_by_player": {g.players[i].name: moves_of(g, i, _legal(g, i, known)) for i in flow.actors(g)}
        if kind != "table" else {},
        "winter": [line.strip() for line in forecast_brief(g)],  # one line a player; each phone has its own whole
        "can_undo": bool(out["last_line"]),
    })
    return out


def _is_line_of(g: Game, line: str, name: str) -> bool:
    first = line.split(" ", 1)[0]
    return g.player_index(first) is not None and g.players[g.player_index(first)].name == name  # type: ignore[index]
