"""The menus of the winter steps and the river sale in `lignum play` (bonus wood, feeding, heating, the river):
plain builders, state in, menu entries out (turns.py's STEP_MENUS names them)."""

from __future__ import annotations

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views

from ..engine import data as D
from ..engine import rules
from ..engine.actions import Action
from ..engine.state import Game, Player
from .common import tpl
from .entries import MenuContext, choice, typed
from .menu import Choice


def menu_bonus(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    choices = [choice(a, tpl("note_bonus", what=words.counted(1, a.args["kind"]))) for a in main]
    return choices, next((i for i, a in enumerate(main) if a.args["kind"] == "F"), 0)


def menu_feeding(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    return _winter_sale(ctx, p, main, "feeding")


def menu_heating(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    return _winter_sale(ctx, p, main, "heating")


def winter_bill_lines(g: Game, p: Player, step: str) -> list[str]:
    """R14 walked through, said before the feeding or heating menu: what is missing, the loans taken first, then
    the wood to sell for the rest."""
    bill = rules.step_bill(g, p, step)  # the card, plus one food per carpenter (R14, R23): the engine's bill
    need, have = bill.need, bill.have
    what = texts.load("reminders")["winter"]["food" if step == "feeding" else "logs"]
    out = [tpl("winter_bill", name=p.name, need=need, have=have, missing=bill.missing, cost=bill.cost,
               what=what, money=p.money, asks=views.winter_asks(g, step, need, g.round, what))]
    if bill.loans_taken:
        out.append(tpl("winter_loans", n=bill.loans_taken, cash=bill.money_after_loans))
    elif p.loans >= D.MAX_LOANS:
        out.append(tpl("winter_no_loans", name=p.name))
    out.append(tpl("winter_short", short=bill.still_short, name=p.name, wood=words.by_area(_own(p, step))))
    return out


def _own(p: Player, step: str) -> dict[str, dict[str, int]]:
    """The wood a player may sell in this winter step: every stored log is burnt first when heating (R14)."""
    own = rules.sellable_in_winter(p)
    if step == "heating":
        own.pop("store", None)
    return own


def _winter_sale(ctx: MenuContext, p: Player, main: list[Action], step: str) -> tuple[list[Choice], int | None]:
    """The wood sold for what is missing (R14); the bill itself is said before the menu (winter_bill_lines)."""
    g = ctx.g
    bill = rules.step_bill(g, p, step)
    example = rules.wood_example(_own(p, step))
    # the heating wood in the firewood storage is sold last: sold for food, the heating misses it (issue 21)
    options = sorted(main, key=lambda a: (bool(a.args["sell"].get("store")),
                                          rules.forced_sale_value(a.args["sell"])))
    choices = []
    for a in options:
        note = tpl("note_winter_sale", value=rules.forced_sale_value(a.args["sell"]),
                   wood=words.from_areas(a.args["sell"]))
        warning = views.heating_warning(g, g.players.index(p), a.args["sell"])
        choices.append(choice(a, note + (" " + warning if warning else "")))
    verb = "feed" if step == "feeding" else "heat"
    choices.append(Choice(f"{verb} ...", tpl("note_winter_other"),
                          follow=typed(ctx, p, verb, "ask_winter_sell", short=bill.still_short,
                                             example=example)))
    return choices, 0


def menu_river(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    river = p.wood["river"]
    values = [river.get(a.args["kind"], 0) * (D.BASE_PRICE[a.args["kind"]] or 0) for a in main]
    choices = [choice(a, tpl("note_river", n=river.get(a.args["kind"], 0), value=v,
                                  kind=words.thing(a.args["kind"]))) for a, v in zip(main, values, strict=True)]
    return choices, max(range(len(main)), key=lambda i: values[i]) if main else None

