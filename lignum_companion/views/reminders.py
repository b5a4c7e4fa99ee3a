"""The step reminders for the physical board, filled with this game's numbers: one renderer per step.

The engine's step object says the situation and its figures (`engine.steps.reminder`: a variant and numbers,
bags, names); a renderer here puts them in words. Adding a step means one engine module and, if its figures need
words, one renderer in RENDERERS; the text itself is templates/<lang>/reminders.toml `[steps]`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Any

from lignum_companion.engine import flow, rules, steps
from lignum_companion.engine.state import Game
from lignum_companion.engine.steps import Reminder, StepName
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.texts.words import season_name

# Steps whose reminder a table that has read it once gets as its first sentence (issue 21); the others (the area
# choice, winter, the final river sale, a hut's turn) come whole every time.
BRIEF_STEPS = frozenset({"cutting", "transport", "sawing", "tasks", "tasks_shop", "tasks_both", "drying", "arrival",
                         "reveal", "placement", "area_tactical"})

# One renderer per step whose figures need words: (game, the step's reminder data, the fields so far, templates).
Renderer = Callable[[Game, Reminder, dict[str, Any], dict[str, str]], None]


def _path(g: Game, rem: Reminder, fields: dict[str, Any], tpl: dict[str, str]) -> None:
    f = rem.figures
    fields.update(f["supply"], mix=words.mix(f["mix"]), example=" ".join(f["example"]))
    if f["cleanup"] is not None:  # from round 2: the last round's board is cleared, the new starting order
        fields["cleanup"] = texts.fill(tpl["cleanup"], order=", ".join(f["cleanup"]))


def _area(g: Game, rem: Reminder, fields: dict[str, Any], tpl: dict[str, str]) -> None:
    waiting = rem.figures["waiting"]
    fields.update(first=waiting[0] if waiting else "", waiting=", ".join(waiting) or words.phrase("nobody"))


def _travel(g: Game, rem: Reminder, fields: dict[str, Any], tpl: dict[str, str]) -> None:
    taken = ", ".join(words.phrase("food_taken", name=name, n=n, area=a) for name, n, a in rem.figures["food_taken"])
    if taken:
        fields["food"] = texts.fill(tpl["food"], taken=taken)


def _bonus(g: Game, rem: Reminder, fields: dict[str, Any], tpl: dict[str, str]) -> None:
    start = rem.figures["winter_start"]
    fields["winter_start"] = texts.fill(tpl["winter_start"], **{**start, "order": ", ".join(start["order"])}) \
        if start else ""


def _figures(g: Game, rem: Reminder, fields: dict[str, Any], tpl: dict[str, str]) -> None:
    """Figures that are shown as they are (cards, task ids, yields, needs, the notation's examples)."""
    fields.update(rem.figures)


RENDERERS: dict[str, Renderer] = {StepName.PATH: _path, StepName.AREA: _area, StepName.TRAVEL: _travel,
                                  StepName.BONUS: _bonus}


def board_fields(g: Game, tpl: dict[str, str]) -> dict[str, Any]:
    """The numbers of the board in use (R2; R23 renumbers), and the expansion's lines, for the reminders."""
    board = g.board
    out: dict[str, Any] = {f"loc_{k}": board.loc(k) for k in ("bearers", "fodder", "woodcutters", "tasks", "sawyers",
                                                               "market")}
    out["tokens"] = " ".join(map(str, board.token_locations))
    names = ", ".join(b.name for b in g.buildings) or "-"
    # the templates' own first newline is eaten by TOML, so the line break is added here
    out["joinery_path"] = "\n" + texts.fill(tpl["joinery_path"], buildings=names) if g.joinery else ""
    out["joinery_travel"] = "\n" + texts.fill(tpl["joinery_travel"]) if g.joinery else ""
    return out


def _fields(g: Game, tpl: dict[str, str], pi: int | None) -> dict[str, Any]:
    """What every reminder may name: the season, the board, the player to act and their mill, marked areas."""
    fields: dict[str, Any] = {"season": season_name(g.season), "year": g.year, **board_fields(g, tpl),
                              "cleanup": "", "food": ""}
    if pi is not None:
        p = g.players[pi]
        fields.update(player=p.name, pos=p.pos or texts.load("labels")["flow"]["the_start"], area=p.area,
                      # the wood in words only: a reminder is read; the codes to type are in its examples
                      area_wood=words.said(rules.area_wood(g, p.area)) if p.area else words.said({}),
                      river=words.said(p.wood["river"]), woodpile=words.said(p.wood["woodpile"]),
                      saw=words.said(p.wood["saw"]))
    fields["marked"] = texts.fill(tpl["marked"], areas=", ".join(map(str, g.marked))) if g.marked else ""
    return fields


def reminder(g: Game, file: str = "", brief: bool = False, food: bool = True, player: int | None = None) -> str:
    """The step's reminder for the physical board, filled with this game's numbers.

    `file`: the game file as the user named it, so that the closing hint scores this game, not the latest one.
    `brief`: for a table that has read it once this sitting, the path and the trip in a line or two (the
    travel menu itself says what each location costs; issue 21). `food`: False when the echo of the area step
    already said the food shared out (views/events.py), so it is said once. `player`: that player's own step and
    figures (R24: after woodcutting each player may be in a step of their own; a player's page of `lignum serve`)."""
    tpl = texts.load("reminders")["steps"]
    if g.over:
        return texts.fill(tpl["over"], file=f" {shlex.quote(file)}" if file else "")
    actor = flow.actors(g)
    pi = actor[0] if actor and flow.actor_kind(g) != "all" else None
    rem = steps.reminder(g, pi)
    step = g.step
    if player is not None:
        pi, step = player, g.step_of(player)
        rem = steps.of_player(g, pi).reminder(g, pi)
    key = f"{step}_{rem.variant}" if rem.variant else step
    fields = _fields(g, tpl, pi)
    RENDERERS.get(step, _figures)(g, rem, fields, tpl)
    if not food and "food" in fields:
        fields["food"] = ""
    if brief and key == StepName.TRAVEL:
        return fields["food"] + texts.fill(tpl["travel"], **{**fields, "food": ""}).split("\n")[0]
    if brief and key == StepName.PATH:
        cleanup = fields["cleanup"].rstrip("\n") + "\n" if fields["cleanup"] else ""
        return cleanup + texts.fill(texts.load("screen")["text"]["path_brief"], **fields)
    text = texts.fill(tpl.get(key, step), **fields)
    if brief and key in BRIEF_STEPS:  # read once this sitting: its first sentence says what to do
        first = re.split(r"(?<=\.)\s", text.replace("\n", " "), maxsplit=1)[0]
        return first if len(first) < len(text) else text
    return text
