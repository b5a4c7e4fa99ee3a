"""What the parts of a sitting at the table see of it (Sitting, the state the Session holds) and how it asks
(Asking): a question's menu on the screen, typed answers read into notation lines, refusals in one line. The
Session (session.py) holds the state and one of each part: Asking here, Saving (saving.py), Commands (commands.py);
the menus of the steps are plain builders (draws.py, turns.py, work.py, winter.py, from entries.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from ..engine import IllegalAction, LignumError, NotationError
from ..engine.actions import TABLE_VERBS
from ..engine.state import Game
from .common import screen, tpl
from .console import Back, Console
from .layout import cell_columns, wrap_lines
from .menu import COUNTED, Choice, Menu, Said, repeated, spelled

if TYPE_CHECKING:
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.gamefile.store import GameFile


class Sitting(Protocol):
    """The state of one sitting the parts read and change (the Session holds it), and the little they ask of one
    another: saying, refusing, a command typed at a prompt, the check-and-save of an answer."""

    path: Path
    gf: GameFile
    g: Game
    con: Console
    said: Said
    hinted: bool
    menu: Menu | None
    warn: bool
    food_said: int
    after_banner: list[str]  # the echo of the new season's own moves, said under its heading

    def say(self, text: str = "", *, wrap: bool = True, reflow: bool = False) -> None: ...

    def refuse(self, e: Exception) -> None: ...

    def command(self, raw: str) -> bool:
        """A command typed at any prompt (undo, status, rules, help, quit): True when `raw` was one (commands.py)."""
        ...

    def commit(self, lines: list[str]) -> bool:
        """Apply and save the lines of an accepted answer; False when refused (saving.py)."""
        ...

    def through(self, call: Callable[[], gamefile.Outcome]) -> gamefile.Outcome | None:
        """Run a saving use case (gamefile.commit, undo, note) on this sitting's file (saving.py)."""
        ...


def short_note(note: str) -> str:
    """An entry's words in brief: its choice without the asides (`(R16)`, `; 일꾼 숙소 1개 사용`) and without the
    price at its end (said apart): `뗏목: 강에 띄워 다음 라운드에 도착`, `장작 1개 → 가공된 장작 4개, 가판대로`."""
    import re

    return re.sub(r": \$\d+$", "", re.split(r" \(|; ", note, maxsplit=1)[0])


class Asking:
    """How a sitting asks: the menu on the screen, answers read until one names lines, then checked and saved."""

    def __init__(self, s: Sitting) -> None:
        self.s = s
        # The last answer was a typed line, not a menu key nor Enter: the table types as it speaks, so the next
        # menus come short (issue 32 §1: at most 7 lines an answer); an answer by key brings them back whole.
        self.typing = False
        self.typing_said = False  # the one-time note that menus are short while moves are typed
        self.last_typed: tuple[str, str] | None = None  # the answer being checked: as typed, as read into codes

    def refuse(self, e: Exception) -> None:
        if self.last_typed is not None and isinstance(e, LignumError):  # refused on saving: echo it as typed
            e = as_typed(e, *self.last_typed)
        rule = getattr(e, "rule", "")
        text = str(e)
        if isinstance(e, NotationError) and e.key in ("unknown_action", "unknown_action_guess"):
            from ..engine import legal_actions  # the verbs of this question, not all 25 nor a guess of another step

            now = sorted({a.verb for a in legal_actions(self.s.g)} - set(TABLE_VERBS))
            guess = str(e.fields.get("guess", "")).split()[1:2]  # its verb: `anna go 16` for `anna gp 16`
            typed = str(e.fields.get("typed", ""))
            if self.last_typed is not None and typed not in self.last_typed[0]:  # read into codes: as typed
                typed = self.last_typed[0].strip()
            if now and not (guess and guess[0] in now):
                text = tpl("unknown_here", typed=typed, verbs=", ".join(map(words.verb_word, now)))
        line = tpl("refused", reason=text)
        if isinstance(e, IllegalAction) and e.key:  # the reason first, in words; then whose turn and the rule
            actor = str((e.at or {}).get("action", "")).split()[:1]
            named = actor and self.s.g.player_index(actor[0]) is not None
            turn = tpl("turn_of", name=actor[0]) if named and actor[0] not in e.reason else ""  # said once
            tail = ", ".join(x for x in (turn, rule) if x)
            line = tpl("refused_turn", reason=e.reason, tail=tail) if tail else tpl("refused", reason=e.reason)
        hint = tpl("rules_hint", rule=rule) if rule else ""
        fits = texts.display_width(line + hint) <= self.s.con.width
        self.s.say(line + hint if fits or not isinstance(e, IllegalAction) else line)  # one line where it can be

    # --- asking ----------------------------------------------------------------------------------------------
    def show_menu(self, menu: Menu, rare: bool = False, full: bool = True) -> None:
        """The question's header and entries; `rare`: the entries behind `+` only. A menu in columns already shown
        in full in this step comes as one short paragraph unless `full` (`?` shows it whole; issue 21)."""
        if menu.header and not rare:
            self.s.say(menu.header)
        if menu.columns and not rare:
            seen = (0, self.s.g.step, "")  # in full once a sitting (then brief), and on `?`
            if not full and (seen in self.s.said.menus_seen or self.typing):
                self.show_brief(menu)
                return
            self.s.said.menus_seen.add(seen)
        elif not full and not rare and self.typing and len(menu.choices) > 1:
            self.show_typed(menu)
            return
        if menu.columns or rare:
            self.show_columns(menu, rare)
            return
        shown = [c for c in menu.choices if not c.rare]  # the rest behind `+` (issue 21)
        width = max((texts.display_width(c.shown) for c in shown), default=0)
        width = min(width, 26)
        keyw = max((len(c.key) for c in shown), default=1)
        cols = self.s.con.width
        for c in shown:
            note = c.note.replace("{key}", c.key)
            line = "" if c.shown == c.key else c.shown  # `loan`: its key is its line, said once
            pad = " " * max(0, width - texts.display_width(line))  # Hangul names take two columns a letter
            head = f"  {c.key:>{keyw}}  {line}{pad}  "
            hang = " " * min(len(head), cols // 2)
            lines = texts.wrap(note, max(20, cols - texts.display_width(head))) or [""]
            self.s.say((head + lines[0]).rstrip(), wrap=False)
            for more in lines[1:]:
                self.s.say(wrap_lines(hang + more, cols)[0] if len(hang + more) > cols else hang + more, wrap=False)
        if not self.s.hinted:
            self.s.hinted = True
            self.s.say(tpl("menu_hint"))
            self.s.say(screen("more_hint"))

    def show_brief(self, menu: Menu) -> None:
        """A menu seen before in this step: each entry's key and the first words of its note, in one paragraph.

        On the path (`menu.locations`) the paragraph keeps to two lines: the entries nearest ahead, then `…`, then
        the last two (the market or the end of the path, and the clearing); every location is still typed by its
        number and `?` shows them all (issue 21: a travel turn a table glances at)."""
        import re

        drop = re.compile(screen("brief_drop")) if screen("brief_drop") else None

        def brief(c: Choice) -> str:
            said = c.note.replace("{key}", c.key) or c.shown
            text = re.split(r" \(|: |, |; | for ", said, maxsplit=1)[0]
            return drop.sub("", text, count=1) if drop and menu.locations else text  # `one free sawyer`: `free sawyer`

        def item(c: Choice) -> str:  # `4:bearers` (location 4), never `4 bearers` read as four of them
            said = brief(c)
            return said if said == c.key or said.startswith(f"{c.key} ") else f"{c.key}:{said}"  # not `loan loan`

        items = [item(c) for c in menu.choices if not c.rare]  # `?` shows the whole menu
        self.say_brief(items, tail=2 if menu.locations else 0, rows=1 if self.typing else 2)

    def show_typed(self, menu: Menu) -> None:
        """A menu while the table types its moves: each entry's key and its line, with the price an entry ends
        with (`2 sell sale:F $3`), on one line or two; `?` shows it whole (issue 32 §1: say less, hide no move)."""
        import re

        in_words = texts.load("screen")["text"].get("typed_menu_words") is True  # Korean: the words, not the codes

        def item(c: Choice) -> str:
            price = re.search(r": (\$\d+)$", c.note)
            cost = f" {price.group(1)}" if price else ""
            if in_words and c.note:
                said, room = f"{c.key}:{short_note(c.note)}", self.s.con.width - 4 - texts.display_width(cost)
                while texts.display_width(said) > room:  # one entry never wider than the line: its end left out
                    said = said[:-2] + "…"
                return said + cost
            if c.shown == c.key or c.shown.startswith(f"{c.key} "):  # `loan`, `dryhut dry1:F`: the key is in it
                return c.shown + cost
            return f"{c.key}:{c.shown}{cost}"

        self.say_brief([item(c) for c in menu.choices if not c.rare], tail=0, rows=2)

    def say_brief(self, items: list[str], *, tail: int, rows: int) -> None:
        """Brief entries on at most `rows` lines: the first ones, then `…`, then the last `tail` entries (the end
        of the path and the clearing), each typed by its key as ever."""
        if self.typing and not self.typing_said:  # once a sitting: why the menus are short, and `?`
            self.typing_said = True
            self.s.say(screen("typed_menus"))
        lines = self.brief_lines(items)
        if len(lines) > rows:
            last = items[len(items) - tail:] if tail else []
            head = items[:len(items) - tail]
            while head and len(self.brief_lines([*head, "…", *last])) > rows:
                head.pop()
            lines = self.brief_lines([*head, "…", *last])
        for line in lines:
            self.s.say(line, wrap=False)

    def brief_lines(self, items: list[str]) -> list[str]:
        """Entries joined by ` · `, a line broken between entries, never inside one (`13 a` / `task card`)."""
        out: list[str] = []
        line = ""
        for item in items:
            if line and texts.display_width(f"{line} · {item}") > self.s.con.width - 2:
                out.append(line)
                line = ""
            line = f"{line} · {item}" if line else f"  {item}"
        return [*out, line] if line else out

    def show_columns(self, menu: Menu, rare: bool) -> None:
        """Entries in columns, each its key and its note (issue 21: the travel menu fits the screen); the rarely
        used ones behind `+`, which lists them."""
        shown = [c for c in menu.choices if c.rare == rare]
        cells = [(c.key, (c.note.replace("{key}", c.key) or c.shown) if menu.columns
                  else f"{c.shown}  {c.note.replace('{key}', c.key)}".strip()) for c in shown]
        if not rare and menu.rare:
            cells.append(("+", screen("more_entries", keys=", ".join(c.key for c in menu.rare))))
        for line in cell_columns(cells, self.s.con.width):
            self.s.say(line, wrap=False)
        if not self.s.hinted:
            self.s.hinted = True
            self.s.say(tpl("menu_hint"))
            self.s.say(screen("more_hint"))

    def prompt_text(self, menu: Menu) -> str:
        label = menu.prompt or menu.who
        if menu.default is not None:
            return f"{label} [{menu.choices[menu.default].key}]>"
        return f"{label}>"

    def ask(self, menu: Menu) -> None:
        """Ask until an answer is accepted by the engine and saved."""
        self.s.menu = menu
        for line in menu.before:
            self.s.say(line)
        self.show_menu(menu, full=False)
        while True:
            try:
                lines = self.pick(menu, top=True)
            except Back:
                self.show_menu(menu)
                continue
            committed = self.s.commit(lines)
            self.last_typed = None
            if committed:
                return

    def pick(self, menu: Menu, *, top: bool = False) -> list[str]:
        """Read answers until one names lines to apply (not yet checked). Commands are handled here.

        Every typed answer takes one path: a command, `back`, a menu key (alone, or with words that complete
        the line it stands for), or a line of the notation. Whatever cannot be read is refused in one line
        and the same question is asked again (R-ids in the engine's refusals)."""
        while True:
            raw = self.s.con.line(self.prompt_text(menu))
            if not raw:
                if menu.default is None:
                    self.s.say(tpl("no_default"))
                    continue
                self.typing = False
                return self.take(menu.choices[menu.default], None)
            if raw == "?":
                self.show_menu(menu)
                continue
            if raw == "+":  # the entries behind `+`; with none, the whole menu (never a refusal, issue 32)
                self.show_menu(menu, rare=bool(menu.rare))
                continue
            if self.s.command(raw):
                self.s.say(tpl("menu_again", who=menu.prompt or menu.who))
                continue
            said, raw = raw, self.typed(raw)
            if raw.lower() == "back":
                if top:
                    self.s.say(tpl("back_top"))
                    continue
                raise Back
            try:
                self.last_typed = (said, raw)
                return self.answer(menu, raw)
            except Back:
                self.show_menu(menu)
            except LignumError as e:
                self.refuse(e)

    def answer(self, menu: Menu, raw: str) -> list[str]:
        """The lines a typed answer names, or a refusal (LignumError) in one line."""
        key, _, arg = raw.partition(" ")
        arg = arg.strip()
        choice = menu.find(key) if menu.choices else None
        self.typing = choice is None  # a line typed whole: the next menus come short (issue 32 §1)
        if choice is not None:
            return self.take(choice, arg or None, menu)
        many = repeated(key, menu.free(key), arg) if key.lower() in COUNTED and menu.free is not None else None
        if many is not None:  # `loan 2` with no loan in the menu: the engine says why not (R15)
            return many
        if key.isdecimal() and menu.locations and menu.free is not None:
            return menu.free(f"go {raw}")  # a location the menu does not offer: the engine says why not
        if menu.choices and (menu.free is None or (key.isdecimal() and not arg)):
            sub = "pick_key_sub" if menu.header == tpl("sub_header") else "pick_key"  # a sub-menu: `back` out
            raise NotationError(tpl(sub, first=menu.choices[0].key, last=menu.choices[-1].key))
        if menu.free is None:
            raise NotationError(tpl("empty_answer"))
        return menu.free(raw)

    def take(self, choice: Choice, arg: str | None, menu: Menu | None = None) -> list[str]:
        """An entry's lines; with words after its key, what they spell with it (`19 buy:saw`, `loan 2`)."""
        if choice.follow is not None:
            return choice.follow(arg)  # a count, a sub-menu's entry, the rest of a line: the follow-up reads it
        if not arg:
            return list(choice.lines or [])
        line = spelled(choice, arg)
        if isinstance(line, list):
            return line
        if line is None or menu is None or menu.free is None:
            raise NotationError(tpl("no_argument", key=choice.key))
        return menu.free(line)

    def text_answer(self, prompt: str, parse: Callable[[str], list[str]], default: str | None = None,
                    given: str | None = None) -> list[str]:
        """A follow-up question answered in words (pieces, kinds, a count); `back` returns to the menu."""
        while True:
            if given is not None:  # typed after a menu key: part of the line, never a command
                raw, given = given, None
            else:
                raw = self.s.con.line(f"{prompt}" + (f" [{default}]>" if default is not None else ">"))
                if not raw and default is not None:
                    raw = default
                if self.s.command(raw):
                    continue
            said, raw = raw, self.typed(raw)
            if raw.lower() == "back":
                raise Back
            try:
                self.last_typed = (said, raw)
                return parse(raw)
            except LignumError as e:
                self.refuse(e)

    def typed(self, raw: str) -> str:
        """A typed answer in the notation: words of the shown language for codes become the codes (판자 -> board,
        2장작 -> 2F; templates/<lang>/words.toml [aliases]); players' names stay as they are."""
        if "fix" in raw.split()[:2]:
            return raw  # a correction's reason is the table's own words, kept as typed
        g = self.s.g
        names = [p.name for p in g.players] + [b.name for b in g.buildings] + [b.name for p in g.players
                                                                               for b in p.buildings]
        return words.counts_first(words.to_notation(raw, keep=tuple(names)))


def as_typed(e: LignumError, said: str, read: str) -> LignumError:
    """A line that could not be read, echoed as the table typed it (`14 가공된 장작 2개@셋째`), never as the half
    read into codes (`task 14 mF 2개@dry3`): the words were the table's, the reading the program's."""
    if isinstance(e, NotationError) and e.text and said.strip() != read.strip():
        e.text = said.strip()
    return e
