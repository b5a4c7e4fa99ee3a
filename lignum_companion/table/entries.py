"""What the menus of `lignum play` are built from: the context a step's menu builder reads (MenuContext), an entry
for a legal action, typed text read as a player's or the table's line, follow-ups that type the rest of a line, and
sub-menus behind one entry. Builders are plain functions: state in, menu out; they print, prompt, save and change
nothing (what a menu says once comes back as its `said`; a follow-up asks through the context's `table` only when
the table picks its entry)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import NotationError, parse
from ..engine.actions import TABLE_VERBS, Action, is_location
from ..engine.state import Game, Player
from ..texts import words
from .common import first_word, short, tpl
from .menu import Choice, Menu, Said


class Table(Protocol):
    """What a menu's follow-ups may ask of the sitting, at the prompt (never while a menu is built)."""

    def text_answer(self, prompt: str, parse: Callable[[str], list[str]], default: str | None = None,
                    given: str | None = None) -> list[str]: ...

    def show_menu(self, menu: Menu, rare: bool = False, full: bool = True) -> None: ...

    def pick(self, menu: Menu, *, top: bool = False) -> list[str]: ...

    def take(self, choice: Choice, arg: str | None, menu: Menu | None = None) -> list[str]: ...

    def shuffle(self, arg: str | None) -> list[str]: ...


@dataclass(frozen=True)
class MenuContext:
    """What a step's menu builder reads: the game, what the sitting already said, whether names are coloured,
    and the table its follow-ups ask."""

    g: Game
    said: Said
    table: Table
    colour: bool = False
    width: int = 80  # the screen's columns: a turn's line is laid out to fit one (issue 32 §1)


def choice(a: Action, note: str = "", key: str = "") -> Choice:
    """An entry that applies one legal action, shown without the player's name (the prompt says whose turn)."""
    return Choice(short(a), note, [a.text], key=key)


def free_player(g: Game, p: Player) -> Callable[[str], list[str]]:
    """Typed text on a player's turn: the player's name may be left out (`go 5` = `anna go 5`); on the path
    `go` too, after a name (`lee c` = `lee go clearing`, never a guess of `lee cut`)."""
    prefixed = prefixed_by(g, p.name)
    if g.step != "travel":
        return prefixed

    def lines(raw: str) -> list[str]:
        out = prefixed(raw)
        name, _, rest = out[0].partition(" ")
        if len(out) == 1 and g.player_index(name) is not None and rest.split()[:1] \
                and is_location(rest.split()[0], g.board):
            return [f"{name} go {rest}"]
        return out

    return lines


def prefixed_by(g: Game, prefix: str) -> Callable[[str], list[str]]:
    """Read typed text as a full line, or as one that still needs `prefix` (a verb or a player's name)."""

    def lines(raw: str) -> list[str]:
        first = first_word(raw)
        if first.lower() in TABLE_VERBS:
            return [raw]
        line = raw if g.player_index(first) is not None else f"{prefix} {raw}"
        name, _, rest = line.partition(" ")
        verb, _, args = rest.partition(" ")  # the verb said as the table says it (`벌목 hut:1` = `cut hut:1`)
        return [" ".join(x for x in (name, words.verb(verb), args) if x)]

    return lines


def typed(ctx: MenuContext, p: Player, verb: str, key: str, **fields: Any) -> Callable[[str | None], list[str]]:
    """A follow-up that asks for the rest of a line of this verb (`2F+S`, `sale:F saw:H`)."""

    def follow(arg: str | None) -> list[str]:
        return ctx.table.text_answer(tpl(key, **fields), lambda raw: [f"{p.name} {verb} {_rest(verb, raw)}"],
                                     given=arg)

    return follow


def typed_any(ctx: MenuContext, p: Player, key: str) -> Callable[[str | None], list[str]]:
    def follow(arg: str | None) -> list[str]:
        return ctx.table.text_answer(tpl(key), free_player(ctx.g, p), given=arg)

    return follow


def inline_or_sub(ctx: MenuContext, p: Player, shown: str, note: str, items: list[tuple[Action, str]],
                  most: int = 3) -> list[Choice]:
    """Up to `most` choices go in the menu; more go in a sub-menu behind one entry."""
    if len(items) <= most:
        return [choice(a, n) for a, n in items]

    stem = shown.removesuffix(" ...")

    def follow(arg: str | None) -> list[str]:
        sub = Menu(p.name, [choice(a, n) for a, n in items], None, sub_lines(ctx.g, p, stem),
                   header=tpl("sub_header"), prompt=f"{p.name} {stem}")
        if arg:
            return pick_given(ctx, sub, stem, arg)
        ctx.table.show_menu(sub)
        return ctx.table.pick(sub)

    return [Choice(shown, note, follow=follow)]


def sub_lines(g: Game, p: Player, stem: str) -> Callable[[str], list[str]]:
    """Words typed in a sub-menu: the rest of its line (`buy:4food` at `anna go 19>` is `go 19 buy:4food`) or a
    whole line; tried on a copy of the game, so that a refusal is said here and the sub-menu asks again (its
    prompt names the line begun), instead of the menu before it."""
    import copy

    from ..engine import play

    whole = free_player(g, p)

    def lines(raw: str) -> list[str]:
        try:
            out = whole(f"{stem} {raw}")
            parse(out[0], g.board)
        except NotationError:
            out = whole(raw)
        tried = copy.deepcopy(g)
        for line in out:
            play(tried, line)  # a LignumError is the refusal of this answer
        return out

    return lines


def pick_given(ctx: MenuContext, menu: Menu, stem: str, arg: str) -> list[str]:
    """Words typed after a sub-menu's key: a line of the notation with the key's stem (`19 buy:saw` = `go 19
    buy:saw`, `foodhut 1`) when they make one, else the sub-menu's entry (`19 2`); else a refusal."""
    line = f"{stem} {arg}"
    try:
        parse(f"{menu.who} {line}", ctx.g.board)
    except NotationError:
        found = menu.find(arg)
        if found is not None:
            return ctx.table.take(found, None)
    return menu.free(line) if menu.free is not None else []


def _rest(verb: str, typed: str) -> str:
    """The rest of a typed line. At the saw prompt a line that names no disk but the storage (`장작 창고:2`, read
    as the storage's name, or `store:2`) means firewood: only firewood is sawn for the storage (R9, R14)."""
    if verb == "saw" and typed.split()[:1] and typed.split()[0].startswith("store:"):
        return f"F {typed}"
    return typed
