"""Rules data of Lignum as plain tables: prices, counts per player number, path layout, cards.

Everything numeric that the rulebooks print lives here, so that the engine, the calculators, the
reminders and the PDF all read one copy. Ruling ids (R1…) name the reading taken where the sources differ.
"""

from __future__ import annotations

from types import MappingProxyType as _ro

# --- wood -------------------------------------------------------------------------------------------
# A piece is one of six codes: a disk (unmilled) or a milled log of firewood, softwood or hardwood.
KINDS = ("F", "S", "H")
PIECES = ("F", "S", "H", "mF", "mS", "mH")
PIECE_NAMES = _ro(
    {
        "F": "firewood",
        "S": "softwood",
        "H": "hardwood",
        "mF": "milled firewood",
        "mS": "milled softwood",
        "mH": "milled hardwood",
    }
)

# R10: base sale price per piece; None = cannot be sold.
BASE_PRICE = _ro({"F": 3, "S": 4, "H": None, "mF": 1, "mS": 2, "mH": 5})
# R9: milled logs per sawn disk; the Heating Supply card makes firewood yield 6.
SAW_YIELD = _ro({"F": 4, "S": 3, "H": 1})
HEATING_SUPPLY_FIREWOOD_YIELD = 6

# The mill's areas for wood. Sale and drying areas are "for sale" (R10); the order is left to right.
SALE_AREAS = ("sale", "dry1", "dry2", "dry3")
DRYING_BONUS = _ro({"sale": 0, "dry1": 0, "dry2": 1, "dry3": 2})  # R10
# R11: a drying area holds one disk (softwood or firewood) or up to two milled logs, never a mix.
DRYING_CAPACITY_DISKS = 1
DRYING_CAPACITY_MILLED = 2
# R19: drying stage of a piece by area, for tasks.
STAGE_OF_AREA = _ro({"sale": 0, "dry1": 0, "dry2": 1, "dry3": 2})

# --- money ------------------------------------------------------------------------------------------
START_MONEY = 5  # R1
FIRST_EDITION_START_MONEY = 4  # R1: a setting, not the default
LOAN_AMOUNT = 4  # R15
MAX_LOANS = 2
LOAN_REPAYMENT = _ro({0: 0, 1: 7, 2: 16})
WINTER_MISSING_PIECE_COST = 3  # R14
RELOCATE_COST = 1  # R5
TASK_COST = 1  # R19
# Bounds of the physical box, so that no typed count can make a menu or a sum grow without end: no pile of the
# box holds more pieces than MAX_COUNT, and no table's money or correction goes beyond MAX_MONEY.
MAX_COUNT = 99
MAX_MONEY = 9_999
MAX_WINTER_NEED = 30

# --- players and the path ---------------------------------------------------------------------------
PLAYER_COUNTS = (2, 3, 4)
PLAYER_COLOURS = ("red", "blue", "green", "orange")  # given in seat order when the table names none
# Colours a table may give its players (`lignum new --colors anna=red,...`): the pieces' colours, stored in
# the header and used by the score sheet, its chart and the terminal.
COLOUR_CHOICES = ("red", "yellow", "green", "blue", "orange", "purple", "black", "white", "brown", "pink")
# Workers and fodder laid on the path each round, by player count (seed 003 table).
PATH_SUPPLY = _ro(
    {
        4: _ro({"bearers": 10, "fodder": 2, "woodcutters": 16, "free_sawyers": 4, "paid_sawyers": 1}),
        3: _ro({"bearers": 8, "fodder": 2, "woodcutters": 12, "free_sawyers": 3, "paid_sawyers": 1}),
        2: _ro({"bearers": 6, "fodder": 1, "woodcutters": 8, "free_sawyers": 2, "paid_sawyers": 1}),
    }
)
# R2: the 13 token locations of the base board, in path order.
TOKEN_LOCATIONS = (1, 2, 3, 5, 7, 9, 11, 12, 14, 15, 17, 18, 20)
# The base board's numbers (R2); a game asks its own board (`Game.board`), since the expansion renumbers (R23).
LOC_BEARERS, LOC_FODDER, LOC_PLAN, LOC_WOODCUTTERS, LOC_TASKS, LOC_SAWYERS, LOC_MARKET = 4, 6, 8, 10, 13, 16, 19
# Room per location (default 1): seed 000 "Travel along".
LOCATION_ROOM = _ro({4: 4, 8: 4, 10: 4, 13: 4, 16: 4, 19: 4, 6: 2})

# --- the supply path as a table per board (R2, R23) -------------------------------------------------
# What each location is. Names are accepted in the notation (`go sawyers`, `go market buy:saw`).
LOCATION_KINDS = ("token", "bearers", "fodder", "plan", "woodcutters", "buildings", "tasks", "carpenter",
                  "sawyers", "market")
# Room by kind: a token location, the buildings and the carpenter location hold one foreman (R23).
ROOM_BY_KIND = _ro({"bearers": 4, "plan": 4, "woodcutters": 4, "tasks": 4, "sawyers": 4, "market": 4, "fodder": 2})
# Locations that take one foreman per round, not only one at a time: once left, they stay used (R23, R3). A token
# location is used up by its token being taken, so only the two expansion locations are listed.
ONE_FOREMAN_A_ROUND = ("buildings", "carpenter")
# Words accepted for a location kind in the notation, besides its number.
LOCATION_WORDS = _ro(
    {
        "bearers": "bearers", "bearer": "bearers", "fodder": "fodder", "plan": "plan", "planned": "plan",
        "woodcutters": "woodcutters", "woodcutter": "woodcutters", "buildings": "buildings",
        "building": "buildings", "tasks": "tasks", "task": "tasks", "carpenter": "carpenter",
        "carpenters": "carpenter", "sawyers": "sawyers", "sawyer": "sawyers", "market": "market",
    }
)


class Board:
    """One supply path: location number -> kind, the clearing after the last location (R2, R23)."""

    def __init__(self, name: str, kinds: dict[int, str]) -> None:
        self.name = name
        self.kinds = _ro(dict(kinds))
        self.last = max(kinds)
        self.clearing = self.last + 1
        self.token_locations = tuple(loc for loc, k in sorted(kinds.items()) if k == "token")
        self._where = {k: loc for loc, k in kinds.items() if k != "token"}

    def kind(self, loc: int) -> str:
        """The kind of a location 1..last ('clearing' after the last)."""
        return "clearing" if loc == self.clearing else self.kinds[loc]

    def loc(self, kind: str) -> int:
        """The number of a named location on this board (KeyError if the board has none)."""
        return self.clearing if kind == "clearing" else self._where[kind]

    def has(self, kind: str) -> bool:
        return kind in self._where

    def room(self, loc: int) -> int:
        return ROOM_BY_KIND.get(self.kinds[loc], 1)

    def __repr__(self) -> str:
        return f"Board({self.name!r})"


_BASE_KINDS = {loc: "token" for loc in TOKEN_LOCATIONS}
_BASE_KINDS.update({LOC_BEARERS: "bearers", LOC_FODDER: "fodder", LOC_PLAN: "plan", LOC_WOODCUTTERS: "woodcutters",
                    LOC_TASKS: "tasks", LOC_SAWYERS: "sawyers", LOC_MARKET: "market"})


def _joinery_number(base_loc: int) -> int:
    """R23: locations 1-11 stay; the base game's 12-14 become 13-15; its 15-20 become 17-22."""
    return base_loc if base_loc <= 11 else base_loc + 1 if base_loc <= 14 else base_loc + 2


_JOINERY_KINDS = {_joinery_number(loc): k for loc, k in _BASE_KINDS.items()}
_JOINERY_KINDS.update({12: "buildings", 16: "carpenter"})
BASE_BOARD = Board("base", _BASE_KINDS)
JOINERY_BOARD = Board("joinery", _JOINERY_KINDS)
EXPANSIONS = ("joinery",)
BOARDS = _ro({"": BASE_BOARD, "joinery": JOINERY_BOARD})

# --- the Joinery and Buildings expansion (R23) ------------------------------------------------------
MAX_CARPENTERS = 3
CARPENTER_INCOME = 1  # dollars per carpenter at the start of every spring, summer and fall round
CARPENTER_FOOD = 1  # extra food per carpenter each winter
FURNITURE_MAX = 3  # pieces in the furniture shop, one of each milled kind
FURNITURE_PIECES = ("mF", "mS", "mH")
FURNITURE_AREAS = ("dry2", "dry3")  # milled wood dried at least once more
FURNITURE_BONUS = 3  # final scoring: base price + $3, no drying bonus
BUILDINGS_EXTRA = 4  # face-up building tiles: players + 4
# Equipment tokens in the 13-token mix, by player count; "craft" is any craftwork token (drawn, entered).
EQUIPMENT = ("wagon", "raft", "saw", "sledge", "coin", "food")
CRAFTWORK = ("stake", "board", "shingle", "reed", "joker")
HUT_CRAFTWORK = ("stake", "board", "shingle")  # R16: reed never counts, joker stands for any of these
PATH_MIX = _ro(
    {
        4: _ro({"wagon": 2, "raft": 2, "saw": 2, "sledge": 1, "coin": 1, "food": 2, "craft": 3, "X": 0}),
        3: _ro({"wagon": 2, "raft": 2, "saw": 2, "sledge": 1, "coin": 1, "food": 2, "craft": 3, "X": 0}),
        2: _ro({"wagon": 1, "raft": 2, "saw": 1, "sledge": 1, "coin": 1, "food": 2, "craft": 3, "X": 2}),
    }
)
PATH_TOKENS = EQUIPMENT + CRAFTWORK + ("X",)
MAX_SAWS = 4  # R17

# --- cutting areas ----------------------------------------------------------------------------------
CUTTING_AREAS = (1, 2, 3, 4, 5, 6)
FIRST_ROUND_WOOD_WITH_TOKEN = 3  # firewood on each area that gets a player's token at setup
FIRST_ROUND_WOOD_OTHERS = 2
PLACEMENT_CARDS = _ro({4: 3, 3: 2, 2: 1})  # cards drawn per round from round 2
EMPTY_AREA_FIREWOOD = 1

# --- fodder (R7) ------------------------------------------------------------------------------------
FODDER_NEW_VALUE = 3  # bought fodder goes on value 3; a use drops it to 2, a use on 2 spends it

# --- market (R17) -----------------------------------------------------------------------------------
SAW_PRICE = 1
FOOD_PRICE = 1
CRAFTWORK_SET_PRICE = _ro({2: 2, 3: 4, 4: 6})
CRAFTWORK_CARD_SET_PRICE = _ro({2: 5, 3: 8, 4: 11})
TRADE_CARD_TOKEN_PRICE = 2
TRADE_CARD_TOKENS = ("raft", "sledge", "wagon")
WORKER_PRICE = 1  # bearers, woodcutters, the paid sawyer, fodder

# --- seasons ----------------------------------------------------------------------------------------
SEASONS = ("spring", "summer", "fall", "winter")
ROUNDS = 8  # two years of four seasons
WINTER_BONUS_PIECES = KINDS  # R13: one wood of any kind onto the woodpile
WINTER_CUT_FIREWOOD = 2  # R13: the mill worker cuts 2 firewood, +1 per accommodation hut spent
SLEDGE_BASE = 2  # R7: a sledge moves 2 pieces, +1 per food spent

# --- huts (R16) -------------------------------------------------------------------------------------
HUT_AREAS = ("drying", "food", "accom")

# --- advanced and expert (R19, R20) -----------------------------------------------------------------
MODES = ("basic", "advanced", "expert", "planned")  # planned = planned work without tasks (FAQ)
MODE_HAS_TASKS = _ro({"basic": False, "advanced": True, "expert": True, "planned": False})
MODE_HAS_PLANNED_WORK = _ro({"basic": False, "advanced": False, "expert": True, "planned": True})
PLANNED_WORK_CARDS_LAID = _ro({4: 6, 3: 5, 2: 4})
PLAN_PAIRS = (1, 2, 3)
TASK_CARDS = 10  # the task deck (R19)
ALL_SEASONS = frozenset(SEASONS)
WORK_SEASONS = frozenset({"spring", "summer", "fall"})
# R20: the seasons in which each planned work card can take effect.
PLANNED_WORK = _ro(
    {
        "trade": WORK_SEASONS,
        "craftwork": WORK_SEASONS,
        "sawing": ALL_SEASONS,
        "food-supply": WORK_SEASONS,
        "heating-supply": ALL_SEASONS,
        "hut-construction": ALL_SEASONS,
        "drying": WORK_SEASONS,
        "overtime": ALL_SEASONS,
        "log-driving": WORK_SEASONS,
        "cutting": WORK_SEASONS,
    }
)
FOOD_SUPPLY_PER_PIECE = 2
LOG_DRIVING_CARD_PIECES = 3
CUTTING_CARD_WORKERS = 2
VARIANTS = ("tactical",)


def round_season(round_no: int) -> str:
    """Season of a round (1-based): spring, summer, fall, winter, twice."""
    return SEASONS[(round_no - 1) % 4]


def round_year(round_no: int) -> int:
    """Year (1 or 2) of a round."""
    return (round_no - 1) // 4 + 1
