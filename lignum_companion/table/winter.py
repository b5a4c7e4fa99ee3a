"""The winter steps and the river sale in `lignum play`: bonus wood, feeding, heating, the river."""

from __future__ import annotations

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views

from ..engine import data as D
from ..engine import rules
from ..engine.actions import Action
from ..engine.state import Player
from .common import tpl
from .entries import MenuEntries
from .menu import Choice


class WinterMenus(MenuEntries):
    """A part of Session: menus of the winter steps and the river sale (turns.py's STEP_MENUS names them)."""

    def menu_bonus(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        choices = [self.choice(a, words.thing(a.args["kind"])) for a in main]
        return choices, next((i for i, a in enumerate(main) if a.args["kind"] == "F"), 0)

    def menu_feeding(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        return self._winter_sale(p, main, "feeding")

    def menu_heating(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        return self._winter_sale(p, main, "heating")

    def _winter_sale(self, p: Player, main: list[Action], step: str) -> tuple[list[Choice], int | None]:
        """R14 walked through: what is missing, the loans taken first, then the wood sold for the rest."""
        g = self.g
        bill = rules.step_bill(g, p, step)  # the card, plus one food per carpenter (R14, R23): the engine's bill
        need, have = bill.need, bill.have
        what = texts.load("reminders")["winter"]["food" if step == "feeding" else "logs"]
        self.say(tpl("winter_bill", name=p.name, need=need, have=have, missing=bill.missing, cost=bill.cost,
                     what=what, money=p.money))
        if bill.loans_taken:
            self.say(tpl("winter_loans", n=bill.loans_taken, cash=bill.money_after_loans))
        elif p.loans >= D.MAX_LOANS:
            self.say(tpl("winter_no_loans", name=p.name))
        own = rules.sellable_in_winter(p)
        if step == "heating":
            own.pop("store", None)  # every stored log is burnt first (R14)
        example = rules.wood_example(own)
        self.say(tpl("winter_short", short=bill.still_short, name=p.name, wood=words.by_area(own)))
        # the heating wood in the firewood storage is sold last: sold for food, the heating misses it (issue 21)
        options = sorted(main, key=lambda a: (bool(a.args["sell"].get("store")),
                                              rules.forced_sale_value(a.args["sell"])))
        choices = []
        for a in options:
            note = tpl("note_winter_sale", value=rules.forced_sale_value(a.args["sell"]),
                       wood=words.from_areas(a.args["sell"]))
            warning = views.heating_warning(g, self.g.players.index(p), a.args["sell"])
            choices.append(self.choice(a, note + (" " + warning if warning else "")))
        verb = "feed" if step == "feeding" else "heat"
        choices.append(Choice(f"{verb} ...", tpl("note_winter_other"),
                              follow=self._typed(p, verb, "ask_winter_sell", short=bill.still_short,
                                                 example=example)))
        return choices, 0

    def menu_river(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        river = p.wood["river"]
        values = [river.get(a.args["kind"], 0) * (D.BASE_PRICE[a.args["kind"]] or 0) for a in main]
        choices = [self.choice(a, tpl("note_river", n=river.get(a.args["kind"], 0), value=v,
                                      kind=words.thing(a.args["kind"]))) for a, v in zip(main, values, strict=True)]
        return choices, max(range(len(main)), key=lambda i: values[i]) if main else None

