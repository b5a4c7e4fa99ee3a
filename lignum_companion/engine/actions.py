"""The action notation: one line per table draw or player decision, parsed to `Action` and written back.

The same text is used by the game file, `lignum do`, the tests and the interactive menus (docs/notation.md).
Grammar: `[PLAYER] VERB ARG... KEY:VALUE...`; a line whose first word is a table keyword is a table action.
Bags are written `2F+mS` (wood) or `2saw+food` (tokens). Parsing checks form only; rules.py checks the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import data
from .errors import NotationError
from .names import brief, describe, first_unsafe, neutralise, nfc
from .pieces import Bag, format_bag, parse_bag

TABLE_VERBS = ("path", "placement", "task", "fix")
WOOD_AREA_KEYS = ("woodpile", "river", "saw", "store", "sale", "dry1", "dry2", "dry3")
SELL_AREAS = ("sale", "dry1", "dry2", "dry3")
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


@dataclass(frozen=True)
class Action:
    """One parsed line. `player` is None for table actions; `args` holds the verb's typed fields."""

    player: str | None
    verb: str
    args: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    text: str = ""

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)


# ---------------------------------------------------------------------------------------------------
# small readers

def _int(text: str, what: str, line: str, lo: int | None = None, hi: int | None = None) -> int:
    if hi is None:
        hi = data.MAX_MONEY  # every number of the game is bounded by the box; huge ones are refused up front
    if len(text) > 8:  # int() of thousands of digits is slow and, past 4,300 digits, raises
        raise NotationError(f"{what} must be a number up to {hi}, not {brief(text, 12)!r}", line)
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"{what} must be a whole number, not {text!r}", line) from None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo}–{hi}" if hi is not None else f"at least {lo}"
        raise NotationError(f"{what} must be {span}, not {value}", line)
    return value


def _split_keys(words: list[str], line: str, allowed: tuple[str, ...], repeat: tuple[str, ...] = ()):
    """Split words into positionals and `key:value` pairs; repeated keys only where allowed."""
    pos: list[str] = []
    keys: dict[str, Any] = {}
    for w in words:
        if ":" in w:
            key, _, value = w.partition(":")
            if key not in allowed:
                raise NotationError(f"unknown part {key + ':'!r}; this action takes {_names(allowed)}", line)
            if not value:
                raise NotationError(f"{key}: needs a value", line)
            if key in repeat:
                keys.setdefault(key, []).append(value)
            elif key in keys:
                raise NotationError(f"{key}: is given twice", line)
            else:
                keys[key] = value
        else:
            pos.append(w)
    return pos, keys


def _names(keys: tuple[str, ...]) -> str:
    return ", ".join(k + ":" for k in keys) if keys else "no key:value parts"


def _area_bags(keys: dict[str, str], areas: tuple[str, ...], allowed: tuple[str, ...], line: str) -> dict:
    return {a: parse_bag(keys[a], allowed, "piece") for a in areas if a in keys}


def _fmt_area_bags(bags: dict[str, Bag], areas: tuple[str, ...]) -> list[str]:
    return [f"{a}:{format_bag(bags[a], data.PIECES)}" for a in areas if bags.get(a)]


def _hut(keys: dict[str, str], line: str) -> int:
    return _int(keys["hut"], "hut:", line, 1) if "hut" in keys else 0


def _fmt_hut(n: int) -> list[str]:
    return [f"hut:{n}"] if n else []


# ---------------------------------------------------------------------------------------------------
# per-verb readers: each returns the typed args; `_format` writes them back canonically

def _p_path(pos, keys, line, board: data.Board = data.BASE_BOARD):
    if len(pos) != len(board.token_locations):
        raise NotationError(
            f"the path needs {len(board.token_locations)} tokens, one per location "
            f"{', '.join(map(str, board.token_locations))}; got {len(pos)}",
            line,
        )
    tokens = []
    for w in pos:
        w = w.lower() if w != "X" else w
        if w == "x":
            w = "X"
        if w not in data.PATH_TOKENS:
            raise NotationError(f"unknown path token {w!r}; tokens are {', '.join(data.PATH_TOKENS)}", line)
        tokens.append(w)
    return {"tokens": tokens}


def _p_placement(pos, keys, line):
    if not pos:
        raise NotationError("a placement card needs AREA:ITEMS parts, like 2:2F+S 4:2food", line)
    areas: dict[str, Bag] = {}
    for w in pos:
        area, sep, items = w.partition(":")
        if not sep:
            raise NotationError(f"{w!r} should be AREA:ITEMS, like 3:2F+food", line)
        a = _int(area, "a cutting area", line, 1, 6)
        bag = parse_bag(items, ("F", "S", "H", "food"), "item")
        for k, v in bag.items():
            areas.setdefault(str(a), {})
            areas[str(a)][k] = areas[str(a)].get(k, 0) + v
            if areas[str(a)][k] > MAX_PLACEMENT:  # counted over all parts naming the area, as the log writes it
                raise NotationError(f"{w!r}: a placement card puts at most {MAX_PLACEMENT} of one item in an area",
                                    line)
    return {"areas": areas}


def _p_task(pos, keys, line):
    if len(pos) != 2:
        raise NotationError("a task card is `task VALUE PIECE@STAGE+...`, like task 17 mH@1+mF@1", line)
    value = _int(pos[0], "the task value", line, 0, 99)
    needs = []
    for part in pos[1].split("+"):
        count = 1
        body = part
        digits = ""
        while body and body[0].isdecimal():  # isdecimal, not isdigit: int() refuses '²'
            digits += body[0]
            body = body[1:]
        if digits:
            count = _int(digits, "a count", line, 1, MAX_TASK_COUNT)
        piece, sep, stage = body.partition("@")
        if piece not in data.PIECES or piece == "H":
            raise NotationError(f"{part!r}: a task piece is F, S, mF, mS or mH (unmilled hardwood never)", line)
        st = _int(stage, "a drying stage", line, 0, 2) if sep else 0
        if count < 1:
            raise NotationError(f"{part!r}: a count must be at least 1", line)
        needs.extend([[piece, st]] * count)
    return {"value": value, "needs": needs}


def _fmt_needs(needs) -> str:
    out = []
    seen: dict[tuple, int] = {}
    for piece, st in needs:
        seen[(piece, st)] = seen.get((piece, st), 0) + 1
    for (piece, st), n in seen.items():
        out.append(f"{n if n > 1 else ''}{piece}@{st}")
    return "+".join(out)


def _p_fix(pos, keys, line):
    if len(pos) < 4:
        raise NotationError("a correction is `fix PLAYER FIELD ±N REASON...`, like fix anna money -2 paid twice", line)
    name, fld, delta = pos[0], pos[1], pos[2]
    if fld not in FIX_FIELDS and not _wood_field(fld):
        raise NotationError(f"cannot correct {fld!r}; fields are {', '.join(FIX_FIELDS)} or AREA.PIECE", line)
    if not (delta.startswith("+") or delta.startswith("-")):
        raise NotationError("the change must carry a sign, like +2 or -1", line)
    d = _int(delta, "the change", line, -data.MAX_MONEY, data.MAX_MONEY)
    if d == 0:
        raise NotationError("a correction of 0 changes nothing", line)
    return {"target": name, "field": fld, "delta": d, "reason": " ".join(pos[3:])}


def _wood_field(fld: str) -> bool:
    area, _, piece = fld.partition(".")
    return area in WOOD_AREA_KEYS and piece in data.PIECES


def _p_area(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("choose one cutting area, like `anna area 3`", line)
    return {"area": _int(pos[0], "the cutting area", line, 1, 6)}


def location(word: str, board: data.Board, line: str) -> int:
    """A location by number (1..last, or the clearing's number) or by name (`sawyers`, `clearing`) (R2, R23)."""
    w = word.lower()
    if w in ("clearing", "c"):
        return board.clearing
    kind = data.LOCATION_WORDS.get(w)
    if kind is not None:
        if not board.has(kind):
            raise NotationError(f"the {board.name} board has no {kind} location (it comes with the Joinery and "
                                "Buildings expansion, R23)", line)
        return board.loc(kind)
    if not w.isdecimal():
        names = ", ".join(k for k in data.LOCATION_KINDS if board.has(k))
        raise NotationError(f"say where to go: a location 1–{board.last}, {names} or clearing; not {word!r}", line)
    loc = _int(w, "the location", line, 1, board.clearing)
    return loc


def _p_go(pos, keys, line, board: data.Board = data.BASE_BOARD):
    if not pos:
        raise NotationError(f"say where to go: a location 1–{board.last}, a name like `market`, or `clearing`", line)
    loc = location(pos[0], board, line)
    kind = board.kind(loc)
    rest = pos[1:]
    out: dict[str, Any] = {"loc": loc, "kind": kind}
    if kind in ("bearers", "woodcutters"):
        if len(rest) != 1:
            raise NotationError(f"say how many to hire at location {loc}, like `go {loc} 2`", line)
        out["count"] = _int(rest[0], "how many", line, 1, MAX_HIRE)
    elif kind == "sawyers":
        if rest not in ([], ["+1"], ["1"], ["2"]):
            raise NotationError(f"at location {loc} write `go {loc}`, or `go {loc} +1` to hire the $1 sawyer too",
                                line)
        out["extra"] = rest in (["+1"], ["2"])  # `go sawyers 2`: the free sawyer and the $1 one
    elif kind == "tasks":
        if len(rest) != 1:
            raise NotationError(f"say which face-up task to take, like `go {loc} T2`", line)
        out["task"] = rest[0].upper()
    elif kind == "plan":
        if len(rest) != 2:
            raise NotationError(f"say which card and token pair, like `go {loc} sawing 2`", line)
        card = rest[0].lower()
        if card not in data.PLANNED_WORK:
            raise NotationError(f"unknown planned work {card!r}; cards are {', '.join(data.PLANNED_WORK)}", line)
        out["card"] = card
        out["pair"] = _int(rest[1], "the token pair", line, 1, 3)
    elif kind == "buildings":
        if not rest:
            raise NotationError(f"say which face-up building to take, like `go {loc} smithy`", line)
        out["buildings"] = list(rest)  # more than one is refused by the rules (R23)
    elif rest:
        raise NotationError(f"location {loc} takes no further words", line)
    if kind == "market":
        out["buy"] = parse_bag(keys["buy"], ("saw", "food"), "purchase") if "buy" in keys else {}
        out["sets"] = [parse_bag(v, data.CRAFTWORK, "craftwork token") for v in keys.get("sell", [])]
        out["trade"] = parse_bag(keys["trade"], data.TRADE_CARD_TOKENS, "token") if "trade" in keys else {}
    elif keys:
        raise NotationError(f"buy:, sell: and trade: belong to the market, location {board.loc('market')}", line)
    return out


def _f_go(a: dict) -> list[str]:
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


def _p_none(pos, keys, line):
    if pos:
        raise NotationError("this action takes no further words", line)
    return {}


def _p_build(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("say where the huts go, like `build drying+food+accom` or `build 2drying+accom`", line)
    out = {"huts": parse_bag(pos[0], data.HUT_AREAS, "hut area")}
    using = keys.get("using")
    if using and any(part.lstrip("0123456789") == "reed" for part in using.split("+")):
        raise NotationError("a reed bundle never counts for huts: use stake, board, shingle or a joker (R16)", line)
    out["using"] = parse_bag(using, data.HUT_CRAFTWORK + ("joker",), "craftwork token") if using else {}
    return out


def _f_build(a):
    out = [format_bag(a["huts"], data.HUT_AREAS)]
    if a["using"]:
        out.append("using:" + format_bag(a["using"], data.CRAFTWORK))
    return out


def _p_dryhut(pos, keys, line):
    area_piece = keys or {}
    if pos or len(area_piece) != 1:
        raise NotationError("name one piece and its area, like `dryhut dry1:mF`", line)
    area, piece = next(iter(area_piece.items()))
    if piece not in data.PIECES:
        raise NotationError(f"unknown piece {piece!r}", line)
    return {"area": area, "piece": piece}


def _p_foodhut(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("name the free cutting area whose food to take, like `foodhut 4`", line)
    return {"area": _int(pos[0], "the cutting area", line, 1, 6)}


def _p_cut(pos, keys, line):
    if len(pos) > 1:
        raise NotationError("write the pieces as one list, like `cut 2F+S`", line)
    pieces = parse_bag(pos[0], DISKS, "piece") if pos else {}
    return {"pieces": pieces, "hut": _hut(keys, line)}


def _f_cut(a):
    return ([format_bag(a["pieces"], DISKS)] if a["pieces"] else []) + _fmt_hut(a["hut"])


def _p_snatch(pos, keys, line):
    if len(pos) != 2:
        raise NotationError("write the area and the pieces, like `snatch 3 2F`", line)
    return {"area": _int(pos[0], "the cutting area", line, 1, 6), "pieces": parse_bag(pos[1], DISKS, "piece"),
            "hut": _hut(keys, line)}


def _p_relocate(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("name the free area to move to, like `relocate 5`", line)
    return {"area": _int(pos[0], "the cutting area", line, 1, 6)}


def _p_dest(pos, keys, line):
    if pos:
        raise NotationError("write where each piece goes, like `saw:H sale:2F`", line)
    return {"dest": _area_bags(keys, ("saw", "sale"), DISKS, line), "hut": _hut(keys, line)}


def _f_dest(a):
    return _fmt_area_bags(a["dest"], ("saw", "sale")) + _fmt_hut(a.get("hut", 0))


def _p_raft(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("write the pieces to float, like `raft 2F+S`", line)
    return {"pieces": parse_bag(pos[0], DISKS, "piece"), "hut": _hut(keys, line)}


def _p_float(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("write the pieces to float with the Log Driving card, like `float 2F+S`", line)
    return {"pieces": parse_bag(pos[0], DISKS, "piece")}


def _f_pieces_hut(a):
    return [format_bag(a["pieces"], data.PIECES)] + _fmt_hut(a.get("hut", 0))


def _p_saw(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("write the disks to saw, like `saw F store:3`", line)
    disks = parse_bag(pos[0], DISKS, "disk")
    store: Bag = {}
    if "store" in keys:
        value = keys["store"]
        if value.isdecimal():
            if len(disks) != 1:
                raise NotationError("with several kinds, write store: as milled pieces, like store:3mF+mS", line)
            n = int(value)
            if n:
                store = {"m" + next(iter(disks)): n}
        else:
            store = parse_bag(value, MILLED, "milled piece")
    return {"disks": disks, "store": store, "hut": _hut(keys, line)}


def _f_saw(a):
    out = [format_bag(a["disks"], DISKS)]
    if a["store"]:
        if len(a["disks"]) == 1 and set(a["store"]) == {"m" + next(iter(a["disks"]))}:
            out.append(f"store:{sum(a['store'].values())}")
        else:
            out.append("store:" + format_bag(a["store"], MILLED))
    return out + _fmt_hut(a["hut"])


def _p_fill(pos, keys, line):
    if len(pos) != 1 or not keys:
        raise NotationError("name the task and the pieces with their areas, like `fill T3 dry2:mH`", line)
    return {"task": pos[0].upper(), "from": _area_bags(keys, SELL_AREAS, data.PIECES, line)}


def _f_fill(a):
    return [a["task"]] + _fmt_area_bags(a["from"], SELL_AREAS)


def _p_furnish(pos, keys, line):
    if pos or not keys:
        raise NotationError("name the milled pieces and their drying areas, like `furnish dry2:mF dry3:mS`", line)
    return {"from": _area_bags(keys, SELL_AREAS, data.PIECES, line)}


def _p_sell(pos, keys, line):
    if pos or not keys:
        raise NotationError("write the pieces by area, like `sell sale:2F dry3:2mF`", line)
    return {"from": _area_bags(keys, SELL_AREAS, data.PIECES, line)}


def _f_from(a):
    return _fmt_area_bags(a["from"], SELL_AREAS)


def _p_dry(pos, keys, line):
    if len(pos) != 1:
        raise NotationError("write the pieces to move from the sale area into the first drying area, like `dry 2mF`",
                            line)
    return {"pieces": parse_bag(pos[0], data.PIECES, "piece")}


def _p_bonus(pos, keys, line):
    if len(pos) != 1 or pos[0] not in DISKS:
        raise NotationError("take one wood of your choice: `bonus F`, `bonus S` or `bonus H`", line)
    return {"kind": pos[0]}


def _p_feed(pos, keys, line):
    if pos:
        raise NotationError("feeding takes only pieces to sell by area, like `feed sale:F saw:S`", line)
    return {"sell": _area_bags(keys, FORCED_SALE_AREAS, data.PIECES, line)}


def _f_feed(a):
    return _fmt_area_bags(a["sell"], FORCED_SALE_AREAS)


def _p_heat(pos, keys, line):
    if len(pos) > 1:
        raise NotationError("write the logs to burn as one list, like `heat 2mF+mS`", line)
    logs = parse_bag(pos[0], MILLED, "milled log") if pos else None
    return {"logs": logs, "sell": _area_bags(keys, FORCED_SALE_AREAS, data.PIECES, line)}


def _f_heat(a):
    return ([format_bag(a["logs"], MILLED)] if a["logs"] else []) + _fmt_area_bags(a["sell"], FORCED_SALE_AREAS)


def _p_river(pos, keys, line):
    if len(pos) == 1 and pos[0] == "H":
        raise NotationError("hardwood on the river cannot be sold (R8): choose `river F` or `river S`", line)
    if len(pos) != 1 or pos[0] not in ("F", "S"):
        raise NotationError("choose the river kind to sell: `river F` or `river S`", line)
    return {"kind": pos[0]}


# verb -> (reader, writer, allowed keys, repeatable keys)
_VERBS: dict[str, tuple[Any, Any, tuple[str, ...], tuple[str, ...]]] = {
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
    "cut": (_p_cut, _f_cut, ("hut",), ()),
    "snatch": (_p_snatch, lambda a: [str(a["area"]), format_bag(a["pieces"], DISKS)] + _fmt_hut(a["hut"]),
               ("hut",), ()),
    "relocate": (_p_relocate, lambda a: [str(a["area"])], (), ()),
    "receive": (_p_dest, _f_dest, ("saw", "sale"), ()),
    "carry": (_p_dest, _f_dest, ("saw", "sale", "hut"), ()),
    "wagon": (_p_dest, _f_dest, ("saw", "sale", "hut"), ()),
    "sledge": (_p_dest, _f_dest, ("saw", "sale", "hut"), ()),
    "raft": (_p_raft, _f_pieces_hut, ("hut",), ()),
    "float": (_p_float, lambda a: [format_bag(a["pieces"], DISKS)], (), ()),
    "saw": (_p_saw, _f_saw, ("store", "hut"), ()),
    "fill": (_p_fill, _f_fill, SELL_AREAS, ()),
    "furnish": (_p_furnish, lambda a: _f_from(a), SELL_AREAS, ()),
    "sell": (_p_sell, _f_from, SELL_AREAS, ()),
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
        raise NotationError("an empty line is not an action", line)
    bad = first_unsafe(text, allow_tab=True)
    if bad is not None:
        raise NotationError(f"the line holds the invisible character {describe(bad)}", neutralise(text))
    words = text.split()
    head = words[0]
    if head.lower() in TABLE_VERBS:
        verb, player, rest = head.lower(), None, words[1:]
    else:
        if len(words) < 2:
            raise NotationError(
                f"{head!r} is neither a table action ({', '.join(TABLE_VERBS)}) nor PLAYER VERB", text)
        player, verb, rest = head, words[1].lower(), words[2:]
        if verb not in _VERBS or verb in TABLE_VERBS:
            raise NotationError(f"unknown action {words[1]!r}; actions are {', '.join(PLAYER_VERBS)}", text)
    if verb == "fix":
        args = _p_fix(rest, {}, text)
    else:
        reader, _, allowed, repeat = _VERBS[verb]
        if verb == "placement":
            pos, keys = rest, {}
        else:
            pos, keys = _split_keys(rest, text, allowed, repeat)
        args = reader(pos, keys, text, board) if verb in ("go", "path") else reader(pos, keys, text)
    return make(player, verb, args)


def make(player: str | None, verb: str, args: dict[str, Any], board: data.Board | None = None) -> Action:
    """Build an Action from typed fields, with its canonical text (menus use this).

    A `go` without its location's kind gets it from `board` (the base board by default).
    """
    if verb == "go" and "kind" not in args:
        args = {**args, "kind": (board or data.BASE_BOARD).kind(args["loc"])}
    if verb == "fix":
        words = ["fix", args["target"], args["field"], f"{args['delta']:+d}", args["reason"]]
    else:
        writer = _VERBS[verb][1]
        words = ([player] if player else []) + [verb] + list(writer(args))
    return Action(player, verb, args, " ".join([w for w in words if w != ""]))
