"""Setting up a game: the choices a table makes before the first round, checked, and the starting state."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import data
from .actions import PLAYER_VERBS, RESERVED_NAMES
from .errors import IllegalAction
from .ledger import Reason
from .names import check_name as _check_name
from .names import describe, first_unsafe, nfc
from .state import Building, Game, LedgerEntry, Player

# A name may not be a verb either: `go 7` typed at the table must never read as a player called "go".
NOT_NAMES = RESERVED_NAMES | frozenset(PLAYER_VERBS)


@dataclass
class Setup:
    """What the game file's header holds: players, mode, variants and the setup draws."""

    players: list[str]
    mode: str = "basic"
    variants: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # first round's starting order (R18)
    areas: dict[str, int] = field(default_factory=dict)  # first round's cutting area per player
    winter: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])  # [food, heat], years 1 and 2
    cards: list[str] = field(default_factory=list)  # planned work cards laid out (R20)
    start_money: int = data.START_MONEY  # R1
    strict_order: bool = False  # R24: every step in clearing order (header line `order-rule strict`)
    name: str = ""  # the game's own name as the table typed it (score sheet title); "" for old files
    date: str = ""  # the day the game was started, ISO (score sheet, stats); "" for old files
    colours: dict[str, str] = field(default_factory=dict)  # player -> colour of their pieces
    warnings: bool = True  # the advisor's warnings in the clients (`warnings off` in the header); rules ignore it
    expansion: str = ""  # "" or "joinery" (R23)
    buildings: list[list[str]] = field(default_factory=list)  # R23: [name, effect] or [name, effect, reading]


def colours_of(s: Setup) -> list[str]:
    """Each player's colour in seat order: the table's choice, else the first colours not taken."""
    chosen = {nfc(k).casefold(): v for k, v in s.colours.items()}
    picked = [chosen.get(nfc(p.strip()).casefold(), "") for p in s.players]
    free = iter(c for c in data.PLAYER_COLOURS + data.COLOUR_CHOICES if c not in picked)
    return [c or next(free) for c in picked]


def check_name(name: str) -> str:
    """A player name is one visible word (letters of any script, NFC), not a notation keyword (engine/names.py)."""
    return _check_name(name, NOT_NAMES)


def check_building_name(name: str) -> str:
    """A building's name: one or more words, each as a player's name is (`go 12 charcoal kiln` names it), and no
    `|`, `:` or `=`, which separate the header's tiles, names and readings (R23)."""
    if any(sign in name for sign in "|:="):
        raise IllegalAction.keyed("setup_building_bar", "R23", building=name)
    try:
        return " ".join(_check_name(word) for word in name.split()) if name.split() else _check_name(name)
    except IllegalAction as e:
        raise IllegalAction.keyed("setup_building_name", "R23", reason=e.reason) from None


EFFECT_MAX = 300  # characters of a building's effect text: a tile's printed sentence or two


def check_building_effect(name: str, effect: str) -> str:
    """A building's effect text is shown and saved on one header line: no `|` (it separates the tiles), no control
    or invisible character, and not a page long (R23: recorded, not modelled)."""
    if "|" in effect:
        raise IllegalAction.keyed("setup_building_effect_bar", "R23", building=name)
    bad = first_unsafe(effect)
    if bad is not None:
        raise IllegalAction.keyed("setup_building_effect_unsafe", "R23", building=name, char=describe(bad))
    if len(effect) > EFFECT_MAX:
        raise IllegalAction.keyed("setup_building_effect_long", "R23", building=name, most=EFFECT_MAX, got=len(effect))
    return nfc(effect)


def validate(s: Setup) -> None:
    """Refuse an impossible setup with one clear reason; names are NFC-normalised in place (engine/names.py)."""
    n = len(s.players)
    if n not in data.PLAYER_COUNTS:
        raise IllegalAction.keyed("setup_player_count", "", n=n)
    s.players = names = [check_name(p) for p in s.players]
    s.order = [nfc(o.strip()) for o in s.order]
    s.areas = {nfc(k.strip()): v for k, v in s.areas.items()}
    if len({x.casefold() for x in names}) != n:
        raise IllegalAction.keyed("setup_names_twice", "")
    if s.mode not in data.MODES:
        raise IllegalAction.keyed("setup_mode_unknown", "", typed=s.mode, modes=list(data.MODES))
    for v in s.variants:
        if v not in data.VARIANTS:
            raise IllegalAction.keyed("setup_variant_unknown", "", v=v, modes=list(data.VARIANTS))
    folded = {x.casefold(): x for x in names}
    if sorted(o.casefold() for o in s.order) != sorted(folded):
        raise IllegalAction.keyed("setup_order_incomplete", "R18")
    if sorted(a.casefold() for a in s.areas) != sorted(folded):
        raise IllegalAction.keyed("setup_area_missing", "")
    spots = list(s.areas.values())
    if len(set(spots)) != n or any(a not in data.CUTTING_AREAS for a in spots):
        raise IllegalAction.keyed("setup_areas_shared", "")
    if len(s.winter) != 2 or any(len(w) != 2 or min(w) < 0 for w in s.winter):
        raise IllegalAction.keyed("setup_winter_cards", "R14")
    if data.MODE_HAS_PLANNED_WORK[s.mode]:
        want = data.PLANNED_WORK_CARDS_LAID[n]
        if len(s.cards) != want or len(set(s.cards)) != want:
            raise IllegalAction.keyed("setup_card_count", "R20", n=n, want=want)
        for c in s.cards:
            if c not in data.PLANNED_WORK:
                raise IllegalAction.keyed("setup_card_unknown", "R20", c=c)
    elif s.cards:
        raise IllegalAction.keyed("setup_cards_in_basic", "R20", mode=s.mode)
    if s.expansion and s.expansion not in data.EXPANSIONS:
        raise IllegalAction.keyed("setup_expansion_unknown", "R23", expansion=s.expansion, known=data.EXPANSIONS)
    if s.expansion:
        want = n + data.BUILDINGS_EXTRA
        if len(s.buildings) != want:
            raise IllegalAction.keyed("setup_buildings_count", "R23", n=n, want=want, got=len(s.buildings))
        seen = set()
        for b in s.buildings:
            b[0] = check_building_name(b[0])
            b[1] = check_building_effect(b[0], b[1])
            if len(b) > 2:
                b[2] = check_building_effect(b[0], b[2])
            if b[0].casefold() in seen:
                raise IllegalAction.keyed("setup_building_twice", "R23", building=b[0])
            seen.add(b[0].casefold())
    elif s.buildings:
        raise IllegalAction.keyed("setup_buildings_no_expansion", "R23")
    if s.start_money < 0:
        raise IllegalAction.keyed("setup_money_negative", "R1")
    if s.start_money > data.MAX_MONEY:
        raise IllegalAction.keyed("setup_money_max", "R1", MAX_MONEY=data.MAX_MONEY)
    if any(x > data.MAX_WINTER_NEED for w in s.winter for x in w):
        raise IllegalAction.keyed("setup_winter_need_max", "R14", MAX_WINTER_NEED=data.MAX_WINTER_NEED)
    for who, colour in s.colours.items():
        if nfc(who).casefold() not in folded:
            raise IllegalAction.keyed("setup_colour_for_no_player", "", who=who)
        if colour not in data.COLOUR_CHOICES:
            raise IllegalAction.keyed("setup_colour_unknown", "", colour=colour, colours=list(data.COLOUR_CHOICES))
    given = [nfc(c).casefold() for c in s.colours]
    if len(set(given)) != len(given) or len(set(s.colours.values())) != len(s.colours):
        raise IllegalAction.keyed("setup_colour_twice", "")
    bad = first_unsafe(s.name)
    if bad:
        raise IllegalAction.keyed("setup_game_name_invisible", "", value=describe(bad))
    s.name = nfc(s.name.strip())


def new_game(s: Setup) -> Game:
    """The state before the first action: mills set up, first-round wood out, the table to lay the path."""
    from . import flow

    validate(s)
    players = [Player(name=name.strip(), colour=colour, money=s.start_money)
               for name, colour in zip(s.players, colours_of(s), strict=True)]
    g = Game(players=players, mode=s.mode, variants=list(s.variants),
             winter_cards=[list(w) for w in s.winter], pw_cards={c: 0 for c in s.cards},
             strict_order=s.strict_order,
             expansion=s.expansion, buildings=[Building(b[0], b[1] if len(b) > 1 else "", b[2] if len(b) > 2 else "")
                        for b in s.buildings])
    for p in players:
        p.ledger.append(_start_entry(p.money))
    idx = {p.name.casefold(): i for i, p in enumerate(players)}
    g.start_order = [idx[o.casefold()] for o in s.order]
    g.cutting = {str(a): {"F": data.FIRST_ROUND_WOOD_OTHERS} for a in data.CUTTING_AREAS}
    for name, area in s.areas.items():
        players[idx[name.casefold()]].area = area
        g.cutting[str(area)] = {"F": data.FIRST_ROUND_WOOD_WITH_TOKEN}
    flow.enter(g, flow.WORK_STEPS[0])
    flow.advance(g)
    return g


def _start_entry(money: int) -> LedgerEntry:
    return LedgerEntry(1, str(Reason.STARTING_MONEY), money)
