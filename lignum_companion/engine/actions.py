"""The action notation: one line per table draw or player decision, parsed to `Action` and written back.

The same text is used by the game file, `lignum do`, the tests and the interactive menus (docs/notation.md).
Grammar: `[PLAYER] VERB ARG... KEY:VALUE...`; a line whose first word is a table keyword is a table action.
Bags are written `2F+mS` (wood) or `2saw+food` (tokens). Parsing checks form only; rules.py checks the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import args as fields
from . import data
from .args import Action as Action
from .errors import NotationError
from .names import brief, describe, first_unsafe, neutralise, nfc
from .pieces import Bag, format_bag, parse_bag
from .reading import MILLWORKER_VALUES as MILLWORKER_VALUES
from .reading import TASK_STAGE_AREAS
from .reading import apart as _task_parts
from .reading import fmt_mill as _fmt_mill
from .reading import mill as _mill
from .reading import placement_parts as _placement_parts
from .reading import whole as _int

TABLE_VERBS = ("path", "placement", "task", "fix")
WOOD_AREA_KEYS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")
SELL_AREAS = ("sale", "dry1", "dry2", "dry3")
SELL_TYPED = SELL_AREAS + ("saw", "store")  # read in `sell` so that the rules refuse them with their reason
FORCED_SALE_AREAS = ("sale", "dry1", "dry2", "dry3", "saw", "store")  # R14
FIX_FIELDS = (
    ("money", "food", "debt", "loans", "carpenters")
    + data.EQUIPMENT[:4]
    + data.CRAFTWORK
    + ("woodcutters", "bearers", "sawyers", "fodder")
    + tuple(f"{h}-hut" for h in data.HUT_AREAS)
)
RESERVED_NAMES = frozenset(TABLE_VERBS) | {"table", "all", "undo", "status", "help", "quit", "rules"}
DISKS = ("F", "S", "H")
MAX_TASK_COUNT = 12  # a task card asks a few pieces; the bound stops `task 9 99999F` from building a huge list
MILLED = ("mF", "mS", "mH")
MAX_PLACEMENT = 6  # a placement card lays a few pieces; large counts would make menus grow with their cube
MAX_HIRE = 20  # no path location holds more workers than this
Keys = dict[str, Any]  # `key:value` parts of a line: key -> value, or a list of values for a repeatable key
Reader = Callable[..., Mapping[str, Any]]  # (positionals, keys, line[, board]) -> the verb's args (args.py)
Writer = Callable[[Any], list[str]]  # the verb's args -> the words after the verb


# ---------------------------------------------------------------------------------------------------
# small readers

def _split_keys(words: list[str], line: str, allowed: tuple[str, ...],
                repeat: tuple[str, ...] = ()) -> tuple[list[str], Keys]:
    """Split words into positionals and `key:value` pairs; repeated keys only where allowed."""
    pos: list[str] = []
    keys: Keys = {}
    for w in words:
        if ":" in w:
            key, _, value = w.partition(":")
            if key not in allowed and not allowed:
                raise NotationError.keyed("unknown_part_none", line, part=key + ":")
            if key not in allowed:
                raise NotationError.keyed("unknown_part", line, part=key + ":", allowed=[k + ":" for k in allowed])
            if not value:
                raise NotationError.keyed("part_needs_value", line, part=key + ":")
            if key in repeat:
                keys.setdefault(key, []).append(value)
            elif key in keys:
                raise NotationError.keyed("part_twice", line, part=key + ":")
            else:
                keys[key] = value
        else:
            pos.append(w)
    return pos, keys


def _area_bags(keys: Keys, areas: tuple[str, ...], allowed: tuple[str, ...], line: str) -> fields.AreaBags:
    return {a: parse_bag(keys[a], allowed, "piece") for a in areas if a in keys}


def _fmt_area_bags(bags: dict[str, Bag], areas: tuple[str, ...]) -> list[str]:
    return [f"{a}:{format_bag(bags[a], data.PIECES)}" for a in areas if bags.get(a)]


def _hut(keys: Keys, line: str) -> int:
    return _int(keys["hut"], "hut", line, 1) if "hut" in keys else 0


def _fmt_hut(n: int) -> list[str]:
    return [f"hut:{n}"] if n else []


# ---------------------------------------------------------------------------------------------------
# per-verb readers: each returns the typed args; `_format` writes them back canonically

def _p_path(pos: list[str], keys: Keys, line: str, board: data.Board = data.BASE_BOARD) -> fields.PathArgs:
    if len(pos) != len(board.token_locations):
        raise NotationError.keyed("path_count", line, n=len(board.token_locations),
                                  locations=list(board.token_locations), got=len(pos))
    tokens = []
    for w in pos:
        w = w.lower() if w != "X" else w
        if w == "x":
            w = "X"
        if w not in data.PATH_TOKENS:
            raise NotationError.keyed("path_token", line, typed=w, tokens=list(data.PATH_TOKENS))
        tokens.append(w)
    return {"tokens": tokens}


def _p_placement(pos: list[str], keys: Keys, line: str) -> fields.PlacementArgs:
    if not pos:
        raise NotationError.keyed("placement_empty", line)
    areas: dict[str, Bag] = {}
    for w in _placement_parts(pos):
        area, sep, items = w.partition(":")
        if not sep:
            raise NotationError.keyed("placement_part", line, part=w)
        a = _int(area, "cutting_area", line, 1, 6)
        bag = parse_bag(items, ("F", "S", "H", "food"), "item")
        for k, v in bag.items():
            areas.setdefault(str(a), {})
            areas[str(a)][k] = areas[str(a)].get(k, 0) + v
            if areas[str(a)][k] > MAX_PLACEMENT:  # counted over all parts naming the area, as the log writes it
                raise NotationError.keyed("placement_max", line, part=w, max=MAX_PLACEMENT)
    return {"areas": areas}


def _p_task(pos: list[str], keys: Keys, line: str) -> fields.TaskArgs:
    parts = _task_parts(pos[1:])
    if not pos or not parts:
        raise NotationError.keyed("task_form", line)
    value = _int(pos[0], "task_value", line, 0, 99)
    seen: dict[tuple[str, int], int] = {}  # counted over all parts, as `_fmt_needs` writes the card back
    for part in parts:
        count = 1
        body = part
        digits = ""
        while body and body[0].isdecimal():  # isdecimal, not isdigit: int() refuses '²'
            digits += body[0]
            body = body[1:]
        if digits:
            count = _int(digits, "count", line, 1, MAX_TASK_COUNT)
        piece, sep, stage = body.partition("@")
        if piece not in data.PIECES or piece == "H":
            raise NotationError.keyed("task_piece", line, part=part)
        if stage.lower() in TASK_STAGE_AREAS:  # `mH@dry2` = `mH@1`: the stage said by its area
            st = TASK_STAGE_AREAS[stage.lower()]
        else:
            st = _int(stage, "drying_stage", line, 0, 2) if sep else 0
        if count < 1:
            raise NotationError.keyed("count_zero", line, part=part)
        seen[(piece, st)] = seen.get((piece, st), 0) + count
        if seen[(piece, st)] > MAX_TASK_COUNT:  # `S@0+...` 13 times would be saved as `13S@0`, which no reader takes
            raise NotationError.keyed("task_max", line, part=brief(part, 12), max=MAX_TASK_COUNT)
    # in the order the log writes the card back (`F+S+F` is saved `2F@0+S@0`), so the state read back is the same
    needs = [[piece, st] for (piece, st), n in seen.items() for _ in range(n)]
    return {"value": value, "needs": needs}


def _fmt_needs(needs: list[list[Any]]) -> str:
    out = []
    seen: dict[tuple[str, int], int] = {}
    for piece, st in needs:
        seen[(piece, st)] = seen.get((piece, st), 0) + 1
    for (piece, st), n in seen.items():
        out.append(f"{n if n > 1 else ''}{piece}@{st}")
    return "+".join(out)


def _p_fix(pos: list[str], keys: Keys, line: str) -> fields.FixArgs:
    if len(pos) < 4:
        raise NotationError.keyed("fix_form", line)
    name, fld, delta = pos[0], pos[1], pos[2]
    if fld not in FIX_FIELDS and not _wood_field(fld):
        raise NotationError.keyed("fix_field", line, typed=fld, correctable=list(FIX_FIELDS))
    if not (delta.startswith("+") or delta.startswith("-")):
        raise NotationError.keyed("fix_sign", line)
    d = _int(delta, "change", line, -data.MAX_MONEY, data.MAX_MONEY)
    if d == 0:
        raise NotationError.keyed("fix_zero", line)
    return {"target": name, "field": fld, "delta": d, "reason": " ".join(pos[3:])}


def _wood_field(fld: str) -> bool:
    area, _, piece = fld.partition(".")
    return area in WOOD_AREA_KEYS and piece in data.PIECES


def _p_area(pos: list[str], keys: Keys, line: str) -> fields.AreaArgs:
    if len(pos) != 1:
        raise NotationError.keyed("area_one", line)
    return {"area": _int(pos[0], "cutting_area", line, 1, 6)}


def location(word: str, board: data.Board, line: str) -> int:
    """A location by number (1..last, or the clearing's number) or by name (`sawyers`, `clearing`) (R2, R23).

    The board has `board.last` numbered locations (20, or 22 with the expansion) and then the forest clearing,
    which the rulebook does not number: a refusal names the range 1..last and `clearing`."""
    w = word.lower()
    if w in ("clearing", "c"):
        return board.clearing
    kind = data.LOCATION_WORDS.get(w)
    if kind is not None:
        if not board.has(kind):
            raise NotationError.keyed("board_no_location", line, board=board.name, location=kind)
        return board.loc(kind)
    if not w.isdecimal():
        names = [k for k in data.LOCATION_KINDS if board.has(k)]
        raise NotationError.keyed("where_to_go", line, last=board.last, names=names, typed=word)
    if len(w) > 8 or not 1 <= int(w) <= board.clearing:  # the clearing's own number is read too, never shown
        raise NotationError.keyed("location_range", line, last=board.last, value=brief(word, 12))
    return int(w)


def _p_go(pos: list[str], keys: Keys, line: str, board: data.Board = data.BASE_BOARD) -> fields.GoArgs:
    if not pos:
        raise NotationError.keyed("go_empty", line, last=board.last)
    loc = location(pos[0], board, line)
    kind = board.kind(loc)
    rest = pos[1:]
    out: fields.GoArgs = {"loc": loc, "kind": kind}
    if kind in ("bearers", "woodcutters"):
        if len(rest) != 1:
            raise NotationError.keyed("go_hire_count", line, loc=loc)
        out["count"] = _int(rest[0], "how_many", line, 1, MAX_HIRE)
    elif kind == "sawyers":
        if rest not in ([], ["+1"], ["1"], ["2"]):
            raise NotationError.keyed("go_sawyers", line, loc=loc)
        out["extra"] = rest in (["+1"], ["2"])  # `go sawyers 2`: the free sawyer and the $1 one
    elif kind == "tasks":
        if len(rest) > 1:
            raise NotationError.keyed("go_task", line, loc=loc)
        out["task"] = rest[0].upper() if rest else ""  # none named: the rules say which is face up (R3, R19)
    elif kind == "plan":
        if len(rest) != 2:
            raise NotationError.keyed("go_plan", line, loc=loc)
        card = rest[0].lower()
        if card not in data.PLANNED_WORK:
            raise NotationError.keyed("planned_work_unknown", line, typed=card, cards=list(data.PLANNED_WORK))
        out["card"] = card
        out["pair"] = _int(rest[1], "token_pair", line, 1, 3)
    elif kind == "buildings":
        if not rest:
            raise NotationError.keyed("go_building", line, loc=loc)
        out["buildings"] = list(rest)  # more than one is refused by the rules (R23)
    elif rest and kind == "market" and "buy" in keys and not keys.keys() - {"buy"}:
        keys = {**keys, "buy": "+".join([keys["buy"], *_task_parts(rest)])}  # `buy:saw food` = `buy:saw+food`
    elif rest and kind == "market":
        raise NotationError.keyed("go_market_words", line, loc=loc)
    elif rest and kind == "clearing":  # its number (21, 23) is the program's own: name the place instead
        raise NotationError.keyed("go_clearing_no_more_words", line)
    elif rest:
        raise NotationError.keyed("go_no_more_words", line, loc=loc)
    if kind == "market":
        out["buy"] = parse_bag(keys["buy"], ("saw", "food"), "purchase") if "buy" in keys else {}
        out["sets"] = [parse_bag(v, data.CRAFTWORK, "craftwork_token") for v in keys.get("sell", [])]
        out["trade"] = parse_bag(keys["trade"], data.TRADE_CARD_TOKENS, "token") if "trade" in keys else {}
    elif keys:
        raise NotationError.keyed("market_parts", line, loc=board.loc("market"))
    return out


def _f_go(a: fields.GoArgs) -> list[str]:
    loc, kind = a["loc"], a["kind"]
    out = ["clearing" if kind == "clearing" else str(loc)]
    if "count" in a:
        out.append(str(a["count"]))
    if a.get("extra"):
        out.append("+1")
    if "task" in a:
        out.append(a["task"])
    if "card" in a:
        out += [a["card"], str(a["pair"])]
    out += a.get("buildings", [])
    if kind == "market":
        if a["buy"]:
            out.append("buy:" + format_bag(a["buy"], ("saw", "food")))
        out += ["sell:" + format_bag(s, data.CRAFTWORK) for s in a["sets"]]
        if a["trade"]:
            out.append("trade:" + format_bag(a["trade"], data.TRADE_CARD_TOKENS))
    return out


def _p_none(pos: list[str], keys: Keys, line: str) -> fields.NoArgs:
    if pos:
        raise NotationError.keyed("no_more_words", line)
    return {}


def _p_build(pos: list[str], keys: Keys, line: str) -> fields.BuildArgs:
    parts = _task_parts(pos)  # `2drying+accom`, `2 drying + accom`, `drying accom`
    if not parts:
        raise NotationError.keyed("build_form", line)
    huts = parse_bag("+".join(parts), data.HUT_AREAS, "hut_area")
    using = keys.get("using")
    if using and any(part.lstrip("0123456789") == "reed" for part in using.split("+")):
        raise NotationError.keyed("build_reed", line)
    return {"huts": huts,
            "using": parse_bag(using, data.HUT_CRAFTWORK + ("joker",), "craftwork_token") if using else {}}


def _f_build(a: fields.BuildArgs) -> list[str]:
    out = [format_bag(a["huts"], data.HUT_AREAS)]
    if a["using"]:
        out.append("using:" + format_bag(a["using"], data.CRAFTWORK))
    return out


def _p_dryhut(pos: list[str], keys: Keys, line: str) -> fields.DryhutArgs:
    area_piece = keys or {}
    if pos or len(area_piece) != 1:
        raise NotationError.keyed("dryhut_form", line)
    area, piece = next(iter(area_piece.items()))
    if piece not in data.PIECES:
        raise NotationError.keyed("unknown_name", line, what="piece", typed=piece, allowed=list(data.PIECES))
    return {"area": area, "piece": piece}


def _p_foodhut(pos: list[str], keys: Keys, line: str) -> fields.AreaArgs:
    if len(pos) != 1:
        raise NotationError.keyed("foodhut_form", line)
    return {"area": _int(pos[0], "cutting_area", line, 1, 6)}


def _p_cut(pos: list[str], keys: Keys, line: str) -> fields.CutArgs:
    if len(pos) > 1:
        raise NotationError.keyed("cut_form", line)
    pieces = parse_bag(pos[0], DISKS, "piece") if pos else {}
    # R25: `millworker:no` keeps the mill worker out of a winter cut by huts; R33: yes/no in every season
    return {"pieces": pieces, "hut": _hut(keys, line), **_mill(keys, line)}


def _f_cut(a: fields.CutArgs) -> list[str]:
    return ([format_bag(a["pieces"], DISKS)] if a["pieces"] else []) + _fmt_hut(a["hut"]) + _fmt_mill(a)


def _p_snatch(pos: list[str], keys: Keys, line: str) -> fields.SnatchArgs:
    if len(pos) != 2:
        raise NotationError.keyed("snatch_form", line)
    return {"area": _int(pos[0], "cutting_area", line, 1, 6), "pieces": parse_bag(pos[1], DISKS, "piece"),
            "hut": _hut(keys, line), **_mill(keys, line)}


def _p_relocate(pos: list[str], keys: Keys, line: str) -> fields.AreaArgs:
    if len(pos) != 1:
        raise NotationError.keyed("relocate_form", line)
    return {"area": _int(pos[0], "cutting_area", line, 1, 6)}


def _p_dest(pos: list[str], keys: Keys, line: str) -> fields.DestArgs:
    if pos:
        raise NotationError.keyed("dest_form", line)
    return {"dest": _area_bags(keys, ("saw", "sale"), DISKS, line), "hut": _hut(keys, line), **_mill(keys, line)}


def _f_dest(a: fields.DestArgs) -> list[str]:
    return _fmt_area_bags(a["dest"], ("saw", "sale")) + _fmt_hut(a.get("hut", 0)) + _fmt_mill(a)


def _p_raft(pos: list[str], keys: Keys, line: str) -> fields.RaftArgs:
    if len(pos) != 1:
        raise NotationError.keyed("raft_form", line)
    return {"pieces": parse_bag(pos[0], DISKS, "piece"), "hut": _hut(keys, line), **_mill(keys, line)}


def _p_float(pos: list[str], keys: Keys, line: str) -> fields.PiecesArgs:
    if len(pos) != 1:
        raise NotationError.keyed("float_form", line)
    return {"pieces": parse_bag(pos[0], DISKS, "piece")}


def _f_pieces_hut(a: fields.RaftArgs) -> list[str]:
    return [format_bag(a["pieces"], data.PIECES)] + _fmt_hut(a.get("hut", 0)) + _fmt_mill(a)


def _p_saw(pos: list[str], keys: Keys, line: str) -> fields.SawArgs:
    if len(pos) != 1:
        raise NotationError.keyed("saw_form", line)
    disks = parse_bag(pos[0], DISKS, "disk")
    store: Bag = {}
    if "store" in keys:
        value = keys["store"]
        if value.isdecimal():
            if len(disks) != 1:
                raise NotationError.keyed("saw_store_kinds", line)
            n = int(value)
            if n:
                store = {"m" + next(iter(disks)): n}
        else:
            store = parse_bag(value, MILLED, "milled_piece")
    return {"disks": disks, "store": store, "hut": _hut(keys, line), **_mill(keys, line)}


def _f_saw(a: fields.SawArgs) -> list[str]:
    out = [format_bag(a["disks"], DISKS)]
    if a["store"]:
        if len(a["disks"]) == 1 and set(a["store"]) == {"m" + next(iter(a["disks"]))}:
            out.append(f"store:{sum(a['store'].values())}")
        else:
            out.append("store:" + format_bag(a["store"], MILLED))
    return out + _fmt_hut(a["hut"]) + _fmt_mill(a)


def _p_fill(pos: list[str], keys: Keys, line: str) -> fields.FillArgs:
    if len(pos) != 1 or not keys:
        raise NotationError.keyed("fill_form", line)
    return {"task": pos[0].upper(), "from": _area_bags(keys, SELL_AREAS, data.PIECES, line)}


def _f_fill(a: fields.FillArgs) -> list[str]:
    return [a["task"]] + _fmt_area_bags(a["from"], SELL_AREAS)


def _p_furnish(pos: list[str], keys: Keys, line: str) -> fields.FromArgs:
    if pos or not keys:
        raise NotationError.keyed("furnish_form", line)
    return {"from": _area_bags(keys, SELL_AREAS, data.PIECES, line)}


def _p_sell(pos: list[str], keys: Keys, line: str) -> fields.FromArgs:
    if pos or not keys:
        raise NotationError.keyed("sell_form", line)
    return {"from": _area_bags(keys, SELL_TYPED, data.PIECES, line)}  # `saw:H`: the rules say why not (R7, R10)


def _f_sell(a: fields.FromArgs) -> list[str]:
    return _fmt_area_bags(a["from"], SELL_TYPED)


def _f_from(a: fields.FromArgs) -> list[str]:
    return _fmt_area_bags(a["from"], SELL_AREAS)


def _p_dry(pos: list[str], keys: Keys, line: str) -> fields.PiecesArgs:
    if len(pos) != 1:
        raise NotationError.keyed("dry_form", line)
    return {"pieces": parse_bag(pos[0], data.PIECES, "piece")}


def _p_bonus(pos: list[str], keys: Keys, line: str) -> fields.KindArgs:
    if len(pos) != 1 or pos[0] not in DISKS:
        raise NotationError.keyed("bonus_form", line)
    return {"kind": pos[0]}


def _p_feed(pos: list[str], keys: Keys, line: str) -> fields.FeedArgs:
    if pos:
        raise NotationError.keyed("feed_form", line)
    return {"sell": _area_bags(keys, FORCED_SALE_AREAS, data.PIECES, line)}


def _f_feed(a: fields.FeedArgs) -> list[str]:
    return _fmt_area_bags(a["sell"], FORCED_SALE_AREAS)


def _p_heat(pos: list[str], keys: Keys, line: str) -> fields.HeatArgs:
    if len(pos) > 1:
        raise NotationError.keyed("heat_form", line)
    logs = parse_bag(pos[0], MILLED, "milled_log") if pos else None
    return {"logs": logs, "sell": _area_bags(keys, FORCED_SALE_AREAS, data.PIECES, line)}


def _f_heat(a: fields.HeatArgs) -> list[str]:
    return ([format_bag(a["logs"], MILLED)] if a["logs"] else []) + _fmt_area_bags(a["sell"], FORCED_SALE_AREAS)


def _p_river(pos: list[str], keys: Keys, line: str) -> fields.KindArgs:
    if len(pos) == 1 and pos[0] == "H":
        raise NotationError.keyed("river_hardwood", line)
    if len(pos) != 1 or pos[0] not in ("F", "S"):
        raise NotationError.keyed("river_form", line)
    return {"kind": pos[0]}


# verb -> (reader, writer, allowed keys, repeatable keys)
_VERBS: dict[str, tuple[Reader | None, Writer | None, tuple[str, ...], tuple[str, ...]]] = {
    "path": (_p_path, lambda a: a["tokens"], (), ()),
    "placement": (_p_placement, lambda a: [f"{k}:{format_bag(v, ('F', 'S', 'H', 'food'))}"
                                           for k, v in sorted(a["areas"].items())], (), ()),
    "task": (_p_task, lambda a: [str(a["value"]), _fmt_needs(a["needs"])], (), ()),
    "fix": (None, None, (), ()),
    "area": (_p_area, lambda a: [str(a["area"])], (), ()),
    "go": (_p_go, _f_go, ("buy", "sell", "trade"), ("sell",)),
    "loan": (_p_none, lambda a: [], (), ()),
    "done": (_p_none, lambda a: [], (), ()),
    "build": (_p_build, _f_build, ("using",), ()),
    "dryhut": (_p_dryhut, lambda a: [f"{a['area']}:{a['piece']}"], ("sale", "dry1", "dry2"), ()),
    "foodhut": (_p_foodhut, lambda a: [str(a["area"])], (), ()),
    "cut": (_p_cut, _f_cut, ("hut", "millworker"), ()),
    "snatch": (_p_snatch, lambda a: [str(a["area"]), format_bag(a["pieces"], DISKS)] + _fmt_hut(a["hut"])
               + _fmt_mill(a), ("hut", "millworker"), ()),
    "relocate": (_p_relocate, lambda a: [str(a["area"])], (), ()),
    "receive": (_p_dest, _f_dest, ("saw", "sale"), ()),
    "carry": (_p_dest, _f_dest, ("saw", "sale", "hut", "millworker"), ()),
    "wagon": (_p_dest, _f_dest, ("saw", "sale", "hut", "millworker"), ()),
    "sledge": (_p_dest, _f_dest, ("saw", "sale", "hut", "millworker"), ()),
    "raft": (_p_raft, _f_pieces_hut, ("hut", "millworker"), ()),
    "float": (_p_float, lambda a: [format_bag(a["pieces"], DISKS)], (), ()),
    "saw": (_p_saw, _f_saw, ("store", "hut", "millworker"), ()),
    "fill": (_p_fill, _f_fill, SELL_AREAS, ()),
    "furnish": (_p_furnish, lambda a: _f_from(a), SELL_AREAS, ()),
    "sell": (_p_sell, _f_sell, SELL_TYPED, ()),
    "dry": (_p_dry, lambda a: [format_bag(a["pieces"], data.PIECES)], (), ()),
    "bonus": (_p_bonus, lambda a: [a["kind"]], (), ()),
    "feed": (_p_feed, _f_feed, FORCED_SALE_AREAS, ()),
    "heat": (_p_heat, _f_heat, FORCED_SALE_AREAS, ()),
    "river": (_p_river, lambda a: [a["kind"]], (), ()),
}
PLAYER_VERBS = tuple(v for v in _VERBS if v not in TABLE_VERBS)


def parse(line: str, board: data.Board | None = None) -> Action:
    """Read one line of the notation into an Action (form only; raises NotationError).

    `board` is the game's supply path (`Game.board`): locations are numbered by it and named on it (R23);
    without it, the base board. The line is NFC-normalised, so names typed with decomposed accents match;
    control and invisible characters (ANSI escapes, bidi overrides, NUL) are refused, so a saved line can never
    drive a terminal.
    """
    board = board or data.BASE_BOARD
    text = nfc(line.strip())
    if not text:
        raise NotationError.keyed("empty_line", line)
    bad = first_unsafe(text, allow_tab=True)
    if bad is not None:
        raise NotationError.keyed("invisible", neutralise(text), char=describe(bad))
    words = text.split()
    head = words[0]
    if head.lower() in TABLE_VERBS:
        verb, player, rest = head.lower(), None, words[1:]
    else:
        if len(words) < 2:
            raise NotationError.keyed("not_player_verb", text, typed=head, verbs=list(TABLE_VERBS))
        player, verb, rest = head, words[1].lower(), words[2:]
        if verb not in _VERBS or verb in TABLE_VERBS:
            meant = ["go", words[1]] if is_location(verb, board) else [_close_verb(verb) or ""]
            if meant[0]:  # a typo of a verb (or a `go` left out: `lee c`, not `lee cut`): the line it likely meant
                raise NotationError.keyed("unknown_action_guess", text, typed=words[1],
                                          guess=" ".join([head, *meant, *rest]))
            raise NotationError.keyed("unknown_action", text, typed=words[1], verbs=list(PLAYER_VERBS))
    try:
        args = _read(verb, rest, text, board)
    except NotationError as e:
        e.text = text  # a bag's error names its part; the echo is the whole line, as typed
        raise
    return make(player, verb, args)


def is_location(word: str, board: data.Board) -> bool:
    """Whether a word names a location on this board (`c`, `clearing`, `14`, `market`): a `go` with its verb left
    out."""
    try:
        location(word, board, word)
    except NotationError:
        return False
    return True


def _close_verb(typed: str) -> str | None:
    """The player verb a typo is closest to (`gp` -> go, `sel` -> sell), or None when none is close."""
    import difflib

    close = difflib.get_close_matches(typed, PLAYER_VERBS, n=1, cutoff=0.5)  # gp -> go
    return close[0] if close else None


def _read(verb: str, rest: list[str], text: str, board: data.Board) -> Mapping[str, Any]:
    if verb == "fix":
        return _p_fix(rest, {}, text)
    reader, _, allowed, repeat = _VERBS[verb]
    assert reader is not None, verb
    pos, keys = (rest, {}) if verb == "placement" else _split_keys(rest, text, allowed, repeat)
    return reader(pos, keys, text, board) if verb in ("go", "path") else reader(pos, keys, text)


def make(player: str | None, verb: str, args: Mapping[str, Any], board: data.Board | None = None) -> Action:
    """Build an Action from typed fields, with its canonical text (menus use this).

    A `go` without its location's kind gets it from `board` (the base board by default).
    """
    if verb == "go" and "kind" not in args:
        args = {**args, "kind": (board or data.BASE_BOARD).kind(args["loc"])}
    if verb == "fix":
        words = ["fix", args["target"], args["field"], f"{args['delta']:+d}", args["reason"]]
    else:
        writer = _VERBS[verb][1]
        assert writer is not None, verb
        words = ([player] if player else []) + [verb] + list(writer(args))
    kept = args if isinstance(args, dict) else dict(args)  # the caller's dict itself, as before
    return Action(player, verb, kept, " ".join([w for w in words if w != ""]))
