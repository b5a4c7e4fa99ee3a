"""Table draws in `lignum play`: the questions of the path, task cards, placement cards and the simultaneous area
choice (plain builders, state in, menu out: DRAW_MENUS), and the path's shuffle the table asks for (shuffle)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from ..engine import NotationError, flow
from ..engine import data as D
from ..engine.state import Game
from .common import first_word, tpl
from .entries import MenuContext, prefixed_by
from .menu import AgainMenu, Choice, Menu

DRAW_MARK = "# shuffle:"  # a drawn path kept in the game file before its craftwork kinds are typed


class Drawing(Protocol):
    """What the shuffle reads and changes of the sitting: the game and its file, the seed and the draws so far,
    and the sitting's saying, asking and saving (the kept draw goes to the file by the one saving path)."""

    g: Game
    gf: gamefile.GameFile
    path: Path
    seed: str | None
    draws: tuple[int, int]

    def say(self, text: str = "", *, wrap: bool = True, reflow: bool = False) -> None: ...

    def text_answer(self, prompt: str, parse: Callable[[str], list[str]], default: str | None = None,
                    given: str | None = None) -> list[str]: ...

    def through(self, call: Callable[[], gamefile.Outcome]) -> gamefile.Outcome | None: ...


def path_menu(ctx: MenuContext) -> Menu:
    choices = [Choice("shuffle", tpl("note_shuffle"), follow=ctx.table.shuffle)]
    return Menu("table", choices, 0, prefixed_by(ctx.g, "path"), header=tpl("path_header"),
                prompt=tpl("ask_path"))


def shuffle(s: Drawing, arg: str | None) -> list[str]:
    """Draw the path's equipment tokens for the table; the craftwork kinds are typed (RULINGS.md). Each draw
    is kept in the game file as a comment at once, so a stop before the kinds are typed loses nothing: the
    next sitting lays out the same draw (issue 21)."""
    n = len(s.g.players)
    kept = _kept_draw(s)
    while True:
        slots: list[str] = []
        for kind, count in D.PATH_MIX[n].items():
            slots += [kind] * count
        if kept:
            slots, kept = kept, None
            s.say(tpl("shuffle_kept"))
        else:
            at = len(s.gf.actions)
            s.draws = (at, s.draws[1] + 1 if s.draws[0] == at else 1)
            rng = random.Random(f"{s.seed}:{at}:{s.draws[1]}") if s.seed else random.Random()
            rng.shuffle(slots)
            _keep_draw(s, slots)
            s.say(tpl("shuffle_intro"))
        locs = s.g.board.token_locations  # R2; R23 with the expansion
        shown = ["C" if s == "craft" else words.thing(s) for s in slots]  # the table places them: words
        wide = max(texts.display_width(w) for w in shown)
        cells = [f"{loc:>2} {w}{' ' * (wide - texts.display_width(w))}" for loc, w in zip(locs, shown, strict=True)]
        for i in range(0, len(cells), 5):
            s.say("   " + "  ".join(cells[i:i + 5]))
        crafts = [loc for loc, s in zip(locs, slots, strict=True) if s == "craft"]

        def parse(raw: str, slots: list[str] = slots, crafts: list[int] = crafts) -> list[str]:
            if raw.lower() == "again":
                return []
            kinds = [w.lower() for w in raw.replace(",", " ").split()]
            if len(kinds) != len(crafts) or any(k not in D.CRAFTWORK for k in kinds):
                kinds_said = ", ".join(map(words.token, D.CRAFTWORK))
                raise NotationError(tpl("craft_kinds", n=len(crafts), kinds=kinds_said))
            it = iter(kinds)
            tokens = [next(it) if s == "craft" else s for s in slots]
            return ["path " + " ".join(tokens)]

        lines = s.text_answer(tpl("ask_craft", locs=", ".join(map(str, crafts)), n=len(crafts)), parse)
        if lines:
            return lines


def _kept_draw(s: Drawing) -> list[str] | None:
    """The last shuffle kept in the file after its last action, if it is a whole draw for this table."""
    last = s.gf.actions[-1].number if s.gf.actions else 0
    mix = sorted(k for k, c in D.PATH_MIX[len(s.g.players)].items() for _ in range(c))
    kept = [line[len(DRAW_MARK):].split() for line in s.gf.raw[last:] if line.startswith(DRAW_MARK)]
    return next((k for k in reversed(kept) if sorted(k) == mix), None)


def _keep_draw(s: Drawing, slots: list[str]) -> None:
    """Keep the draw as a comment line (the log keeps comments; replay ignores them) by the one saving path;
    if it cannot be kept, the draw is still shown and the path line saves as before."""
    outcome = s.through(lambda: gamefile.note(s.path, f"{DRAW_MARK} {' '.join(slots)}",
                                                 expect=s.gf.origin))
    if outcome is not None:
        s.gf = outcome.gamefile


def task_menu(ctx: MenuContext) -> Menu:
    g = ctx.g
    k = len(g.task_display) + 1
    said = (0, "reveal", "key")  # what pieces and stages mean: once a sitting (the prompt and refusals say @1)
    header = "" if said in ctx.said.menus_seen else tpl("task_key")
    return Menu("table", [], None, _task_lines(ctx.g), header=header,
                said=ctx.said.noting(menus_seen=ctx.said.menus_seen | {said}),
                prompt=tpl("ask_task", k=k, target=flow.task_target(g)))


def _task_lines(g: Game) -> Callable[[str], list[str]]:
    """A task card as typed: its value, then its pieces, a count spaced from its piece as a table says it (`14 2
    milled firewood@2` = `task 14 2mF@2`; the Korean `가공된 장작 2개` is read before, words.counts_first)."""
    import re

    prefixed = prefixed_by(g, "task")

    def lines(raw: str) -> list[str]:
        out = prefixed(raw)
        verb, value, rest = (out[0].split(maxsplit=2) + ["", ""])[:3]
        if verb != "task" or not rest:
            return out
        pieces = "|".join(sorted(D.PIECES, key=len, reverse=True))
        rest = re.sub(rf"(?<![\w@])(\d+)\s*[x×]?\s+(?=(?:{pieces})(?![\w]))", r"\1", rest)
        return [f"task {value} {rest}"]

    return lines


def placement_menu(ctx: MenuContext) -> Menu:
    g = ctx.g
    return Menu("table", [], None, prefixed_by(ctx.g, "placement"),
                prompt=tpl("ask_placement", k=flow.placements_entered(g) + 1, n=flow.placements_needed(g)))


def area_menu(ctx: MenuContext) -> Menu:
    """The simultaneous choice (R5): one line with every waiting player's area, in the order shown."""
    g = ctx.g
    waiting = [g.players[i].name for i in flow.actors(g)]

    def lines(raw: str) -> list[str]:
        words = raw.replace(",", " ").split()
        if g.player_index(first_word(raw)) is not None:
            return [raw]
        if len(words) != len(waiting) or not all(w.isdecimal() for w in words):
            example = " ".join("351624"[:len(waiting)])  # as many numbers as it asks for
            raise NotationError(tpl("areas_line", n=len(waiting), names=" ".join(waiting), example=example))
        return [f"{name} area {w}" for name, w in zip(waiting, words, strict=True)]

    from lignum_companion.views import game as views

    from .layout import shortest_table

    board = shortest_table(*views.board_rows(g), ctx.width)  # said by the step's reminder, again on `?` (R5)
    return AgainMenu("table", [], None, lines, header=board, prompt=tpl("ask_area", names=" ".join(waiting)))


# The question of each step the table plays (no player's turn), keyed by the engine's step names; the players'
# steps have theirs in turns.STEP_MENUS.
DRAW_MENUS: dict[str, Callable[[MenuContext], Menu]] = {
    "path": path_menu,
    "reveal": task_menu,
    "placement": placement_menu,
}
