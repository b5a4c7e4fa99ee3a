"""What the menus of `lignum play` are built from: an entry for a legal action, typed text read as a player's or
the table's line, follow-up questions that type the rest of a line, and sub-menus behind one entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import NotationError, parse
from ..engine.actions import TABLE_VERBS, Action, is_location
from ..engine.state import Player
from .common import first_word, short, tpl
from .menu import Choice, Menu
from .sitting import Sitting


class MenuEntries(Sitting):
    """A part of Session under every step's menus (draws.py, turns.py, work.py, winter.py)."""

    def choice(self, a: Action, note: str = "", key: str = "") -> Choice:
        """An entry that applies one legal action, shown without the player's name (the prompt says whose turn)."""
        return Choice(short(a), note, [a.text], key=key)

    def free_player(self, p: Player) -> Callable[[str], list[str]]:
        """Typed text on a player's turn: the player's name may be left out (`go 5` = `anna go 5`); on the path
        `go` too, after a name (`lee c` = `lee go clearing`, never a guess of `lee cut`)."""
        prefixed = self._prefixed(p.name)
        if self.g.step != "travel":
            return prefixed

        def lines(raw: str) -> list[str]:
            out = prefixed(raw)
            name, _, rest = out[0].partition(" ")
            if len(out) == 1 and self.g.player_index(name) is not None and rest.split()[:1] \
                    and is_location(rest.split()[0], self.g.board):
                return [f"{name} go {rest}"]
            return out

        return lines

    def _prefixed(self, prefix: str) -> Callable[[str], list[str]]:
        """Read typed text as a full line, or as one that still needs `prefix` (a verb or a player's name)."""

        def lines(raw: str) -> list[str]:
            first = first_word(raw)
            if first.lower() in TABLE_VERBS or self.g.player_index(first) is not None:
                return [raw]
            return [f"{prefix} {raw}"]

        return lines

    def _typed(self, p: Player, verb: str, key: str, **fields: Any) -> Callable[[str | None], list[str]]:
        """A follow-up that asks for the rest of a line of this verb (`2F+S`, `sale:F saw:H`)."""

        def follow(arg: str | None) -> list[str]:
            return self.text_answer(tpl(key, **fields), lambda raw: [f"{p.name} {verb} {_rest(verb, raw)}"],
                                    given=arg)

        return follow

    def _typed_any(self, p: Player, key: str) -> Callable[[str | None], list[str]]:
        def follow(arg: str | None) -> list[str]:
            return self.text_answer(tpl(key), self.free_player(p), given=arg)

        return follow

    def _inline_or_sub(self, p: Player, shown: str, note: str, items: list[tuple[Action, str]],
                       most: int = 3) -> list[Choice]:
        """Up to `most` choices go in the menu; more go in a sub-menu behind one entry."""
        if len(items) <= most:
            return [self.choice(a, n) for a, n in items]

        stem = shown.removesuffix(" ...")

        def follow(arg: str | None) -> list[str]:
            sub = Menu(p.name, [self.choice(a, n) for a, n in items], None, self.free_player(p),
                       header=tpl("sub_header"), prompt=f"{p.name} {stem}")
            if arg:
                return self.pick_given(sub, stem, arg)
            self.show_menu(sub)
            return self.pick(sub)

        return [Choice(shown, note, follow=follow)]

    def pick_given(self, menu: Menu, stem: str, arg: str) -> list[str]:
        """Words typed after a sub-menu's key: a line of the notation with the key's stem (`19 buy:saw` = `go 19
        buy:saw`, `foodhut 1`) when they make one, else the sub-menu's entry (`19 2`); else a refusal."""
        line = f"{stem} {arg}"
        try:
            parse(f"{menu.who} {line}", self.g.board)
        except NotationError:
            choice = menu.find(arg)
            if choice is not None:
                return self.take(choice, None)
        return menu.free(line) if menu.free is not None else []


def _rest(verb: str, typed: str) -> str:
    """The rest of a typed line. At the saw prompt a line that names no disk but the storage (`장작 창고:2`, read
    as the storage's name, or `store:2`) means firewood: only firewood is sawn for the storage (R9, R14)."""
    if verb == "saw" and typed.split()[:1] and typed.split()[0].startswith("store:"):
        return f"F {typed}"
    return typed
