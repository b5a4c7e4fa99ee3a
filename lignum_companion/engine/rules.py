"""The rules' face: HANDLERS, the table from action verb to its handler, and the helpers other modules ask.

The handlers live in engine/verbs/, one module per part of the game; each checks everything first and only then
changes the state (python-chess's parse/check/apply), which is what lets a refused action leave the game
untouched. They raise `IllegalAction`. Turn and phase checks live in flow.py; the numbers in data.py and prices.py.
"""

from __future__ import annotations

from .verbs import cutting, mill, table, travel, turn, winter
from .verbs.common import (
    Handler,
    area_wood,
    available_workers,
    free_area,
    gain,
    index_of,
    move,
    need_money,
    plan_active,
    receive,
    record,
    spend,
)
from .verbs.cutting import can_relocate, winter_cut_firewood
from .verbs.mill import dry1_fits, furnish_possible, must_sell, sale_total, saw_jobs, saw_yield, shift_drying
from .verbs.table import fill_empty_areas, place_cards
from .verbs.travel import location_skipped, market_value, plan_cost, plan_targets, split_food
from .verbs.winter import (
    default_heating,
    forced_sale_value,
    heating_missed,
    need_and_have,
    sellable_in_winter,
    step_bill,
    winter_need,
    wood_example,
)

__all__ = [
    "HANDLERS", "Handler", "area_wood", "available_workers", "can_relocate", "default_heating", "dry1_fits",
    "fill_empty_areas", "forced_sale_value", "free_area", "furnish_possible", "gain", "heating_missed",
    "location_skipped", "market_value", "must_sell", "need_and_have", "need_money", "place_cards", "plan_active",
    "plan_cost", "plan_targets", "sale_total", "saw_jobs", "saw_yield", "sellable_in_winter", "shift_drying",
    "step_bill", "split_food", "winter_cut_firewood", "winter_need", "wood_example", "index_of", "move", "receive",
    "record", "spend",
]


def _gather(*tables: dict[str, Handler]) -> dict[str, Handler]:
    """One table of every verb; a verb handled twice is a mistake of the split, found at import."""
    out: dict[str, Handler] = {}
    for t in tables:
        twice = out.keys() & t.keys()
        assert not twice, twice
        out.update(t)
    return out


# verb -> handler; flow.apply() looks the verb up here (tests swap an entry to break a rule on purpose)
HANDLERS: dict[str, Handler] = _gather(table.HANDLERS, travel.HANDLERS, turn.HANDLERS, cutting.HANDLERS,
                                       mill.HANDLERS, winter.HANDLERS)
