"""Table draws in `lignum play`: the path, task cards, placement cards and the simultaneous area choice."""

from __future__ import annotations

import random
from collections.abc import Callable

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from ..engine import NotationError, flow
from ..engine import data as D
from .common import first_word, tpl
from .entries import MenuEntries
from .menu import Choice, Menu

DRAW_MARK = "# shuffle:"  # a drawn path kept in the game file before its craftwork kinds are typed


class DrawMenus(MenuEntries):
    """A part of Session: the questions of the table's draws (no player's turn)."""

    # --- table draws ---------------------------------------------------------------------------------------
    def free_table(self, verb: str) -> Callable[[str], list[str]]:
        """Typed text at a table prompt: the verb may be left out (`17 mH@1` = `task 17 mH@1`)."""
        return self._prefixed(verb)

    def path_menu(self) -> Menu:
        choices = [Choice("shuffle", tpl("note_shuffle"), follow=self.shuffle)]
        return Menu("table", choices, 0, self.free_table("path"), header=tpl("path_header"),
                    prompt=tpl("ask_path"))

    def shuffle(self, arg: str | None) -> list[str]:
        """Draw the path's equipment tokens for the table; the craftwork kinds are typed (RULINGS.md). Each draw
        is kept in the game file as a comment at once, so a stop before the kinds are typed loses nothing: the
        next sitting lays out the same draw (issue 21)."""
        n = len(self.g.players)
        kept = self._kept_draw()
        while True:
            slots: list[str] = []
            for kind, count in D.PATH_MIX[n].items():
                slots += [kind] * count
            if kept:
                slots, kept = kept, None
                self.say(tpl("shuffle_kept"))
            else:
                at = len(self.gf.actions)
                self.draws = (at, self.draws[1] + 1 if self.draws[0] == at else 1)
                rng = random.Random(f"{self.seed}:{at}:{self.draws[1]}") if self.seed else random.Random()
                rng.shuffle(slots)
                self._keep_draw(slots)
                self.say(tpl("shuffle_intro"))
            locs = self.g.board.token_locations  # R2; R23 with the expansion
            shown = ["C" if s == "craft" else words.thing(s) for s in slots]  # the table places them: words
            wide = max(texts.display_width(w) for w in shown)
            cells = [f"{loc:>2} {w}{' ' * (wide - texts.display_width(w))}" for loc, w in zip(locs, shown, strict=True)]
            for i in range(0, len(cells), 5):
                self.say("   " + "  ".join(cells[i:i + 5]))
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

            lines = self.text_answer(tpl("ask_craft", locs=", ".join(map(str, crafts)), n=len(crafts)), parse)
            if lines:
                return lines

    def _kept_draw(self) -> list[str] | None:
        """The last shuffle kept in the file after its last action, if it is a whole draw for this table."""
        last = self.gf.actions[-1].number if self.gf.actions else 0
        mix = sorted(k for k, c in D.PATH_MIX[len(self.g.players)].items() for _ in range(c))
        kept = [line[len(DRAW_MARK):].split() for line in self.gf.raw[last:] if line.startswith(DRAW_MARK)]
        return next((k for k in reversed(kept) if sorted(k) == mix), None)

    def _keep_draw(self, slots: list[str]) -> None:
        """Keep the draw as a comment line (the log keeps comments; replay ignores them) by the one saving path;
        if it cannot be kept, the draw is still shown and the path line saves as before."""
        outcome = self.through(lambda: gamefile.note(self.path, f"{DRAW_MARK} {' '.join(slots)}",
                                                     expect=self.gf.origin))
        if outcome is not None:
            self.gf = outcome.gamefile

    def task_menu(self) -> Menu:
        g = self.g
        k = len(g.task_display) + 1
        return Menu("table", [], None, self.free_table("task"),
                    prompt=tpl("ask_task", k=k, target=flow.task_target(g)))

    def placement_menu(self) -> Menu:
        g = self.g
        return Menu("table", [], None, self.free_table("placement"),
                    prompt=tpl("ask_placement", k=flow.placements_entered(g) + 1, n=flow.placements_needed(g)))

    def area_menu(self) -> Menu:
        """The simultaneous choice (R5): one line with every waiting player's area, in the order shown."""
        g = self.g
        waiting = [g.players[i].name for i in flow.actors(g)]

        def lines(raw: str) -> list[str]:
            words = raw.replace(",", " ").split()
            if g.player_index(first_word(raw)) is not None:
                return [raw]
            if len(words) != len(waiting) or not all(w.isdecimal() for w in words):
                raise NotationError(tpl("areas_line", n=len(waiting), names=" ".join(waiting)))
            return [f"{name} area {w}" for name, w in zip(waiting, words, strict=True)]

        return Menu("table", [], None, lines, prompt=tpl("ask_area", names=" ".join(waiting)))


# The question of each step the table plays (no player's turn), keyed by the engine's step names; the players'
# steps have theirs in turns.STEP_MENUS.
DRAW_MENUS: dict[str, Callable[[DrawMenus], Menu]] = {
    "path": DrawMenus.path_menu,
    "reveal": DrawMenus.task_menu,
    "placement": DrawMenus.placement_menu,
}
