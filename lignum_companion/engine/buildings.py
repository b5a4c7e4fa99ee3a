"""Building tiles of the expansion (R23, amended): a tile's entered text read into an effect, and the effect applied.

The documents do not print the tiles, so the table enters each tile's text. Where that text states a gain at a
moment, the program reads it and applies the gain itself, as the building's own ledger entry, once; any other
text stays the table's, reminded to its owner at the moment it names. The reading is data: every word of a
text is looked up in the tables below (English and Korean), and a text is read only when every word is known
and the words make one moment and at least one gain. A word the tables do not know ("whenever", "less",
"may") makes the whole text a reminder, so a tile is never half-read.

`apply_moment(g, moment, ...)` is the one place that applies effects: a step's start, a tile's taking, and
the final scoring (`final_gains`, which scoring counts without changing the state) call it. It returns what it
did as `Applied` records and keeps each in `Game.building_effects` (plain data) so that a replay applies the
same and a client can say what happened ("granary: anna +1 food") by comparing two states.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import data
from .events import BuildingEffect, MoneyTakenBack, sink
from .ledger import Named
from .state import Building, Game, Player
from .verbs.common import gain as money_gain
from .verbs.common import move, receive, record, spend

# --- what an effect is ------------------------------------------------------------------------------------------

TAKEN = "taken"  # when the tile is taken (location 12)
ROUND = "round"  # at the start of every round
FINAL = "final"  # at the final scoring
SEASONS = ("spring", "summer", "fall", "winter")  # at the start of the rounds of these seasons
MOMENTS = (TAKEN, ROUND, *SEASONS, FINAL)

TOKENS = ("saw", "raft", "wagon", "sledge")  # equipment from the supply (R17: at most 4 saws)
GAIN_KINDS = ("money", "food", *TOKENS, "fodder", *data.PIECES)
# Where wood from the supply may go: the pieces a mill area can hold (as corrections allow, verbs/table.py).
AREA_PIECES: dict[str, tuple[str, ...]] = {
    "woodpile": data.KINDS, "saw": data.KINDS, "store": ("mF", "mS", "mH"),
    **{a: data.PIECES for a in data.SALE_AREAS},
}
FINAL_GAINS = ("money",)  # at the final scoring only dollars mean anything; the rest is the table's


@dataclass(frozen=True)
class Gain:
    """What a tile gives: `kind` (money, food, a token, fodder, or a piece code), how many, and for wood the area."""

    kind: str
    n: int
    area: str = ""


@dataclass(frozen=True)
class Reading:
    """How a tile's text was read: its moments and gains when the program applies it, else `remind`, the moment
    the text names for its reminder (a step name, `taken`, `round` or `final`; "" when it names none)."""

    moments: tuple[str, ...] = ()
    gains: tuple[Gain, ...] = ()
    remind: str = ""

    @property
    def automatic(self) -> bool:
        return bool(self.moments and self.gains)


@dataclass(frozen=True)
class Applied:
    """One automatic effect as it happened: whose tile, which tile, at which moment, and what it gave."""

    player: int
    tile: str
    moment: str
    gains: tuple[Gain, ...]


# --- the word tables --------------------------------------------------------------------------------------------
# Each phrase (a tuple of normalised words) stands for a symbol: (role, value). Roles: `skip` (a word that says
# nothing of the effect), `num`, `money` ($ and its words), `thing` (what is gained), `milled`, `area`, `moment`
# (taken, final, round), `season`.

_SKIP_EN = ("at", "the", "of", "each", "every", "start", "beginning", "begin", "its", "owner", "owners", "gets",
            "get", "gains", "gain", "receives", "receive", "takes", "from", "supply", "general", "into", "onto",
            "to", "in", "on", "a", "an", "and", "when", "this", "tile", "building", "is", "it", "you", "your",
            "player", "for", "free", "piece", "pieces", "token", "tokens", "plus", "put", "puts", "place", "places",
            "with", "during", "scoring", "score", "bank", "log", "logs")
_SKIP_KO = tuple((
    "시작 시작할 시작하면 시작될 처음 때 시 각 모든 매 그 이 소유자 주인 플레이어 "
    "받는다 받습니다 받음 받기 얻는다 얻습니다 얻음 획득한다 획득합니다 공급처 공급 일반 "
    "개 를 을 에 로 으로 와 과 및 그리고 타일 건물 무료로 씩 놓는다 놓습니다 놓음 "
    "계산 점수 토큰 은행"
).split())
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "한": 1, "하나": 1, "두": 2, "둘": 2,
            "세": 3, "셋": 3, "네": 4, "넷": 4, "다섯": 5}

PHRASES: dict[tuple[str, ...], tuple[str, str]] = {
    **{(w,): ("skip", "") for w in _SKIP_EN + _SKIP_KO},
    **{(w,): ("num", str(n)) for w, n in _NUMBERS.items()},
    # moments
    ("taken",): ("moment", TAKEN), ("taking",): ("moment", TAKEN), ("immediately",): ("moment", TAKEN),
    ("when", "take"): ("moment", TAKEN), ("when", "you", "take"): ("moment", TAKEN),
    ("가져올",): ("moment", TAKEN), ("가져갈",): ("moment", TAKEN), ("가져가면",): ("moment", TAKEN),
    ("가져오면",): ("moment", TAKEN), ("획득할",): ("moment", TAKEN), ("획득",): ("moment", TAKEN),
    ("즉시",): ("moment", TAKEN),
    ("final",): ("moment", FINAL), ("end", "of", "game"): ("moment", FINAL), ("game", "end"): ("moment", FINAL),
    ("최종",): ("moment", FINAL), ("게임", "종료"): ("moment", FINAL), ("종료",): ("moment", FINAL),
    ("마지막",): ("moment", FINAL),
    ("round",): ("moment", ROUND), ("라운드",): ("moment", ROUND),
    # seasons
    ("spring",): ("season", "spring"), ("summer",): ("season", "summer"), ("fall",): ("season", "fall"),
    ("autumn",): ("season", "fall"), ("winter",): ("season", "winter"),
    ("봄",): ("season", "spring"), ("여름",): ("season", "summer"), ("가을",): ("season", "fall"),
    ("겨울",): ("season", "winter"),
    # what is gained
    ("dollar",): ("money", ""), ("money",): ("money", ""), ("coin",): ("money", ""), ("달러",): ("money", ""),
    ("돈",): ("money", ""),
    ("food",): ("thing", "food"), ("음식",): ("thing", "food"),
    ("saw",): ("thing", "saw"), ("톱",): ("thing", "saw"),
    ("raft",): ("thing", "raft"), ("뗏목",): ("thing", "raft"),
    ("wagon",): ("thing", "wagon"), ("수레",): ("thing", "wagon"),
    ("sledge",): ("thing", "sledge"), ("sled",): ("thing", "sledge"), ("썰매",): ("thing", "sledge"),
    ("fodder",): ("thing", "fodder"), ("사료",): ("thing", "fodder"),
    ("firewood",): ("thing", "F"), ("softwood",): ("thing", "S"), ("hardwood",): ("thing", "H"),
    ("장작",): ("thing", "F"), ("침엽수",): ("thing", "S"), ("활엽수",): ("thing", "H"),
    ("milled",): ("milled", ""), ("가공된",): ("milled", ""), ("가공한",): ("milled", ""),
    # the mill's areas
    ("firewood", "storage"): ("area", "store"), ("storage",): ("area", "store"), ("store",): ("area", "store"),
    ("장작", "창고"): ("area", "store"),
    ("sale", "area"): ("area", "sale"), ("sale",): ("area", "sale"), ("가판대",): ("area", "sale"),
    ("sawing", "area"): ("area", "saw"), ("목공소",): ("area", "saw"),
    ("woodpile",): ("area", "woodpile"), ("목재더미",): ("area", "woodpile"),
    **{(w, "drying", "area"): ("area", f"dry{i}") for i, w in enumerate(("first", "second", "third"), 1)},
    **{(w, "건조", "구역"): ("area", f"dry{i}") for i, w in enumerate(("첫째", "둘째", "셋째"), 1)},
    **{(f"dry{i}",): ("area", f"dry{i}") for i in (1, 2, 3)},
}
VOCABULARY = frozenset(w for phrase in PHRASES for w in phrase)
# Korean particles and endings that may follow a known word (`창고로`, `공급처에서`, `라운드마다`): longest first.
SUFFIXES = ("에서", "으로", "마다", "부터", "까지", "에게", "로", "에", "을", "를", "이", "가", "은", "는", "의", "씩",
            "과", "와", "도", "만")
# The moment an unreadable text names, for its reminder: the first of these words in the text (a step's name,
# or taken/round/final as above).
REMIND_WORDS: dict[str, str] = {
    **{w: "selling" for w in ("sell", "sells", "sold", "sale", "sales", "selling", "판매", "팔", "팔면", "판매할")},
    **{w: "transport" for w in ("transport", "transports", "carry", "carries", "bearer", "bearers", "운반", "운송",
                                "짐꾼")},
    **{w: "cutting" for w in ("woodcutting", "cutting", "cut", "cuts", "woodcutter", "woodcutters", "벌목",
                              "나무꾼")},
    **{w: "sawing" for w in ("sawing", "sawyer", "sawyers", "톱질", "목공")},
    **{w: "drying" for w in ("drying", "dry", "dries", "건조")},
    **{w: "tasks" for w in ("task", "tasks", "furniture", "과업", "가구점")},
    **{w: "placement" for w in ("placement", "배치")},
    **{w: "travel" for w in ("market", "path", "location", "시장", "경로")},
    **{w: "feeding" for w in ("winter", "feeding", "겨울")},
    **{w: TAKEN for w in ("taken", "taking", "가져올", "가져갈", "획득")},
    **{w: FINAL for w in ("final", "end", "최종", "종료", "마지막")},
    **{w: ROUND for w in ("round", "rounds", "라운드")},
}

_TOKEN = re.compile(r"(?<!\w)[-−]\$?\d+|\$\s*\d+|\d+\s*\$|\d+|\w+", re.UNICODE)


def _words(text: str) -> list[str]:
    """The text's words, lower case and NFC; `$2`, `2$` and a signed number each one word; punctuation dropped."""
    text = unicodedata.normalize("NFC", text).casefold().replace("+", " ")
    return [re.sub(r"\s+", "", t) for t in _TOKEN.findall(text)]


def _known(word: str) -> str:
    """The vocabulary's form of a word: itself, an English plural's stem, or a Korean word without its ending."""
    if word in VOCABULARY:
        return word
    if word.endswith("s") and word[:-1] in VOCABULARY:
        return word[:-1]
    for end in SUFFIXES:
        if word.endswith(end) and word[: -len(end)] in VOCABULARY:
            return word[: -len(end)]
    for end in SUFFIXES:  # two endings (`창고로는` is rare; `라운드마다의`)
        if word.endswith(end):
            inner = _known(word[: -len(end)]) if len(word) > len(end) else ""
            if inner in VOCABULARY:
                return inner
    return word


def _symbols(words: list[str]) -> list[tuple[str, str]] | None:
    """The words as symbols, longest phrase first; None when a word is not in the tables."""
    out: list[tuple[str, str]] = []
    words = [w for w in (_known(w) for w in words) if w not in ("the", "a", "an")]
    i = 0
    longest = max(len(p) for p in PHRASES)
    while i < len(words):
        w = words[i]
        if re.fullmatch(r"\$\d+|\d+\$", w):
            out.append(("money", w.strip("$")))
            i += 1
            continue
        if w.isdecimal():
            out.append(("num", w))
            i += 1
            continue
        for size in range(min(longest, len(words) - i), 0, -1):
            sym = PHRASES.get(tuple(words[i:i + size]))
            if sym is not None:
                if sym[0] != "skip":
                    out.append(sym)
                i += size
                break
        else:
            return None
    return out


def _gains(syms: list[tuple[str, str]]) -> tuple[list[Gain], list[str]] | None:
    """The gains and areas the symbols spell: `2 saws`, `톱 2개`, `$2`, `2 dollars`, `1 milled softwood`."""
    gains: list[Gain] = []
    areas: list[str] = []
    num: int | None = None  # a number waiting for its thing
    milled = False
    open_count = False  # the last gain was written without a number before it: one may follow (Korean order)
    for role, value in syms:
        if role == "num":
            if open_count and num is None and not milled:
                last = gains[-1]
                gains[-1] = Gain(last.kind, int(value), last.area)
                open_count = False
            elif num is None:
                num = int(value)
            else:
                return None
            continue
        open_count = False
        if role == "money":
            if value:
                if num is not None:
                    return None
                gains.append(Gain("money", int(value)))
            elif num is not None:
                gains.append(Gain("money", num))
                num = None
            elif not gains or gains[-1].kind != "money":
                return None  # the word "dollars" with no figure
        elif role == "milled":
            milled = True
        elif role == "thing":
            kind = value
            if milled:
                if kind not in data.KINDS:
                    return None
                kind, milled = "m" + kind, False
            gains.append(Gain(kind, num if num is not None else 1))
            open_count = num is None
            num = None
        elif role == "area":
            areas.append(value)
    if num is not None or milled:
        return None
    return gains, areas


def _moments(syms: list[tuple[str, str]]) -> tuple[str, ...] | None:
    said = {value for role, value in syms if role == "moment"}
    seasons = tuple(s for s in SEASONS if ("season", s) in syms)
    if TAKEN in said or FINAL in said:
        if len(said - {ROUND}) != 1 or seasons:
            return None
        return (TAKEN,) if TAKEN in said else (FINAL,)
    if seasons:
        return seasons
    return (ROUND,) if ROUND in said else None


def read_text(text: str) -> Reading:
    """Read a tile's text into its effect; a text the tables cannot read whole is a reminder (R23)."""
    return _read(" ".join(text.split()))


@lru_cache(maxsize=256)
def _read(text: str) -> Reading:
    words = _words(text)
    syms = _symbols(words)
    parts = _gains(syms) if syms is not None else None
    moments = _moments(syms) if syms is not None else None
    if syms is not None and parts is not None and moments is not None and parts[0]:
        gains, areas = parts
        wood = [g for g in gains if g.kind in data.PIECES]
        ok = len(set(areas)) <= 1 and bool(areas) == bool(wood)
        if ok and areas:
            area = areas[0]
            ok = all(g.kind in AREA_PIECES[area] for g in wood)
            gains = [Gain(g.kind, g.n, area) if g.kind in data.PIECES else g for g in gains]
        ok = ok and all(0 < g.n <= data.MAX_COUNT for g in gains)
        if ok and moments == (FINAL,):
            ok = all(g.kind in FINAL_GAINS for g in gains)
        if ok:
            return Reading(moments, tuple(gains), _remind_moment(words))
    return Reading(remind=_remind_moment(words))


def _remind_moment(words: list[str]) -> str:
    for w in words:
        for form in (w, _known(w)):
            if form in REMIND_WORDS:
                return REMIND_WORDS[form]
    return ""


NONE_WORDS = ("none", "no", "-", "없음", "없다", "아니오")  # a table's answer: the tile is left to the table


def reading_of(b: Building) -> Reading:
    """The reading the game uses for a tile: the table's correction when it gave one, else its text's."""
    if b.reading.strip().casefold() in NONE_WORDS:
        return Reading(remind=read_text(b.effect).remind)
    return read_text(b.reading or b.effect)


# --- applying an effect -----------------------------------------------------------------------------------------


def _give(g: Game, p: Player, tile: str, gain: Gain) -> Gain:
    """Give one gain from the supply; what was really given (the saw limit and fodder's one token may cut it)."""
    n = gain.n
    source = f"building:{tile}"  # each change recorded as an automatic event of R23 (events.py)
    if gain.kind == "money":
        money_gain(g, p, n, Named.BUILDING.of(tile), "R23", auto=True)
    elif gain.kind == "food":
        receive(g, p, "food", {"food": n}, source, "R23", auto=True)
    elif gain.kind == "saw":
        n = max(0, min(n, data.MAX_SAWS - p.equipment.get("saw", 0)))  # R17: at most 4 saws
        if n:
            receive(g, p, "equipment", {"saw": n}, source, "R23", auto=True)
    elif gain.kind in TOKENS:
        receive(g, p, "equipment", {gain.kind: n}, source, "R23", auto=True)
    elif gain.kind == "fodder":  # fresh fodder goes on 3; a player holds one of each (R7)
        n = 0 if 3 in p.fodder else 1
        if n:
            receive(g, p, "fodder", {"3": 1}, source, "R23", auto=True)
    else:
        move(g, p, "supply", gain.area, {gain.kind: n}, "R23", auto=True)
    return Gain(gain.kind, n, gain.area)


def _take_back(g: Game, p: Player, tile: str, gain: Gain) -> None:
    """Undo a gain given a moment ago (a correction named after the tile stands in for it: R23); each change
    recorded (events.py), the money as its ledger line taken back."""
    if gain.kind == "money":
        for i in range(len(p.ledger) - 1, -1, -1):
            e = p.ledger[i]
            if e.reason == Named.BUILDING.of(tile) and e.amount == gain.n:
                del p.ledger[i]
                p.money -= gain.n
                if (rec := sink(g)) is not None:
                    rec.append(MoneyTakenBack(player=g.players.index(p), name=p.name, amount=gain.n, reason=e.reason,
                                              money=p.money, rule="R23"))
                return
    elif gain.kind == "food":
        spend(g, p, "food", {"food": min(gain.n, p.food)} if min(gain.n, p.food) else {}, "stood_in", "R23")
    elif gain.kind in TOKENS:
        n = min(gain.n, p.equipment.get(gain.kind, 0))
        spend(g, p, "equipment", {gain.kind: n} if n else {}, "stood_in", "R23")
    elif gain.kind == "fodder":
        if 3 in p.fodder:
            spend(g, p, "fodder", {"3": 1}, "stood_in", "R23")
    else:
        n = min(gain.n, p.wood[gain.area].get(gain.kind, 0))
        move(g, p, gain.area, "supply", {gain.kind: n} if n else {}, "R23")


def due(g: Game, moment: str, pi: int | None = None, tile: str | None = None) -> list[tuple[int, Building]]:
    """The taken tiles whose automatic effect acts at this moment (all players', or one player's one tile)."""
    out = []
    for i, p in enumerate(g.players):
        if pi is not None and i != pi:
            continue
        for b in p.buildings:
            if tile is not None and b.name != tile:
                continue
            r = reading_of(b)
            if r.automatic and _acts(r, moment, g):
                out.append((i, b))
    return out


def _acts(r: Reading, moment: str, g: Game) -> bool:
    if moment == ROUND:  # a round's start: every round, or the rounds of the named seasons
        return ROUND in r.moments or g.season in r.moments
    return moment in r.moments


def apply_moment(g: Game, moment: str, pi: int | None = None, tile: str | None = None) -> list[Applied]:
    """Apply every automatic building effect of this moment (`taken` for one player's tile, `round` at a
    round's start), once, as the building's own entry, and keep what it gave in `Game.building_effects`."""
    if not g.joinery or moment == FINAL:  # the final scoring counts its gains without changing the state
        return []
    done: list[Applied] = []
    for i, b in due(g, moment, pi, tile):
        p = g.players[i]
        record(g, lambda: BuildingEffect(player=i, name=p.name, building=b.name, moment=moment,  # noqa: B023
                                         applied=True, rule="R23", auto=True))
        given = tuple(_give(g, p, b.name, gain) for gain in reading_of(b).gains)
        g.building_effects.append({"round": g.round, "player": i, "tile": b.name, "moment": moment,
                                   "gains": [[x.kind, x.n, x.area] for x in given], "stood_in": False})
        done.append(Applied(i, b.name, moment, given))
    return done


def stand_in(g: Game, pi: int, tile: str) -> bool:
    """A correction named after a tile stands in for its automatic effect at that moment (R23: never both): the
    effect applied this round for that tile, not yet stood in for, is taken back. True when one was."""
    for rec in reversed(g.building_effects):
        if rec["player"] == pi and rec["tile"] == tile and rec["round"] == g.round and not rec["stood_in"]:
            p = g.players[pi]
            record(g, lambda: BuildingEffect(player=pi, name=p.name, building=tile, moment=rec["moment"],  # noqa: B023
                                             applied=False, withdrawn=True, rule="R23"))
            for kind, n, area in rec["gains"]:
                _take_back(g, p, tile, Gain(kind, n, area))
            rec["stood_in"] = True
            return True
    return False


def applied(records: list[dict[str, Any]]) -> list[Applied]:
    """The records of `Game.building_effects` as Applied (the ones a correction stood in for left out)."""
    return [Applied(r["player"], r["tile"], r["moment"], tuple(Gain(*x) for x in r["gains"]))
            for r in records if not r["stood_in"]]


def final_gains(g: Game) -> dict[int, list[Applied]]:
    """Each player's building gains at the final scoring (dollars), those a correction named after the tile in
    the last round or later stands in for left out (R23). Scoring adds them; the state does not change."""
    out: dict[int, list[Applied]] = {}
    if not g.joinery:
        return out
    for i, b in due(g, FINAL):
        named = Named.BUILDING.of(b.name)
        if any(e.round >= data.ROUNDS and (e.reason == named or e.reason.startswith(named + ":"))
               for e in g.players[i].ledger):
            continue
        out.setdefault(i, []).append(Applied(i, b.name, FINAL, reading_of(b).gains))
    return out


def tile_named(tiles: list[Building], words: str) -> Building | None:
    """The tile a name means (case and spacing aside; a name may have several words), or None."""
    key = " ".join(words.split()).casefold()
    return next((b for b in tiles if " ".join(b.name.split()).casefold() == key), None)


def named_in(tiles: list[Building], text: str) -> tuple[Building | None, str]:
    """The tile a correction's reason begins with (the longest name that fits) and the rest of the reason."""
    words = text.split()
    for k in range(len(words), 0, -1):
        b = tile_named(tiles, " ".join(words[:k]))
        if b is not None:
            return b, " ".join(words[k:])
    return None, text


def reminders_due(g: Game, pi: int, step: str) -> list[Building]:
    """The owner's tiles the program cannot apply whose text names this step (or `taken`, `round`, `final`)."""
    return [b for b in g.players[pi].buildings if not reading_of(b).automatic and reading_of(b).remind == step]
