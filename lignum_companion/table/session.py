"""`lignum play`: one sitting at the table - the main loop, asking, saving every accepted action."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views
from lignum_companion.views.moves import bill_lines, board_moves

from ..engine import LignumError, NotationError, advice, flow
from ..engine import data as D
from ..engine import play as engine_play
from ..engine.actions import PLAYER_VERBS, TABLE_VERBS
from ..engine.state import Game
from .commands import Commands
from .common import COMMANDS, dollars, screen, seed_from_env, tpl
from .console import Back, Console, Interrupted, Rebuild, hangup_as_interrupt, safe_streams, signals_held
from .draws import DrawMenus
from .layout import cell_columns, turned_table, wrap_lines
from .menu import COUNTED, Choice, Menu, repeated, spelled
from .turns import TurnMenus
from .winter import WinterMenus
from .work import WorkMenus


def play(path: Path, gf: gamefile.GameFile | None = None, g: Game | None = None, *,
         con: Console | None = None, seed: str | None = None, quiet: bool = False) -> int:
    """Run the guided table mode on a game file until the final scoring; the exit code (130 when stopped).

    `quiet` (or `warnings off` in the file's header) keeps the advisor's warnings out; the winter forecast stays.
    """
    safe_streams()
    if gf is None or g is None:
        gf, g = gamefile.load(path)
    session = Session(Path(path), gf, g, con or Console(), seed or seed_from_env())
    session.warn = not quiet and gf.setup.warnings
    return session.main()


class Session(Commands, DrawMenus, TurnMenus, WorkMenus, WinterMenus):
    """One sitting at the table: the file, the replayed game, the console; saves after every accepted action."""

    def __init__(self, path: Path, gf: gamefile.GameFile, g: Game, con: Console, seed: str | None = None) -> None:
        self.path = path
        self.gf = gf
        self.g = g
        self.con = con
        self.seed = seed  # None: real randomness; otherwise draws repeat (tests, demos)
        self.draws: tuple[int, int] = (-1, 0)  # (actions saved, shuffles at that point): salts seeded draws
        self.shown: tuple[Any, ...] | None = None  # the (round, step) whose reminder was shown
        self.reminded: set[str] = set()  # players of that step already reminded ("" for the whole table)
        self.steps_read: set[str] = set()  # steps whose whole reminder this sitting has shown (then: brief)
        self.forecast_seen: dict[int, tuple[int, ...]] = {}  # the forecast figures last shown to each player
        self.menus_seen: set[tuple[int, str, str]] = set()  # (0, step, "") whose menu in columns was shown
        self.any_order_said: tuple[int, str] | None = None  # the step whose "any order" note was said (R24)
        self.round_shown: int | None = None
        self.hinted = False
        self.menu: Menu | None = None  # the question being asked (the keystroke benchmark reads it)
        self.warn = gf.setup.warnings  # the advisor's warnings (off with --quiet or `warnings off`)
        self.announcer = advice.Announcer()  # says each warning once per step
        con.toolbar = self.toolbar  # at a terminal: season, step, whose turn, money, whom the game waits for
        names = [p.name for p in g.players]
        con.words = sorted(set(COMMANDS) | set(PLAYER_VERBS) | set(TABLE_VERBS) | set(names)
                           | {"clearing", "back"} | {f"{a}:" for a in ("sale", "saw", "store", "dry1", "dry2",
                                                                     "dry3", "buy", "sell", "hut")})

    # --- the loop ----------------------------------------------------------------------------------------
    def main(self) -> int:
        with hangup_as_interrupt():
            try:
                self.intro()
                while not self.g.over:
                    try:
                        self.show_step()
                        self.ask(self.step_menu())
                    except Rebuild:
                        self.shown = None
                self.finish()
            except Interrupted as e:
                self.stopped(e.why)
                return {"quit": 0, "broken": 1}.get(e.why, 130)
            except (KeyboardInterrupt, EOFError):
                self.stopped("interrupt")
                return 130
            except Exception as e:  # a bug must not look like a lost game: everything answered is saved
                if os.environ.get("LIGNUM_DEBUG"):
                    raise
                self.say(tpl("internal_error", error=f"{type(e).__name__}: {e}"))
                self.stopped("error")
                return 1
        return 0

    def toolbar(self) -> str:
        """The line that stands under the prompt at a terminal: where the game is, whose turn it is with that
        player's money, food and loans, and whom the game waits for (issue 21)."""
        g = self.g
        if g.over:
            return views.header_line(g)
        parts = [views.where(g)]
        actor = flow.actors(g)
        if actor and flow.actor_kind(g) not in ("table", "all"):
            p = g.players[actor[0]]
            parts.append(screen("toolbar_turn", name=p.name, money=p.money, food=p.food, loans=p.loans))
        parts.append(screen("toolbar_waiting", waiting=views.waiting_for(g)))
        return " · ".join(parts)

    def say(self, text: str = "", **kw: Any) -> None:
        self.con.say(text, **kw)

    def intro(self) -> None:
        g = self.g
        extras = list(g.variants) + ([g.expansion] if g.expansion else [])
        self.say(tpl("play_intro", file=self.path, players=", ".join(p.name for p in g.players),
                     mode=words.mode(g.mode), variants="".join(", " + words.mode(v) for v in extras)))
        if self.gf.actions and not g.over:
            self.say(tpl("resuming", n=len(self.gf.actions), where=views.header_line(g),
                         waiting=views.waiting_for(g)))

    def advise(self) -> None:
        """The advisor's warnings that are new in this step (each said once per step, R-ids attached)."""
        if self.warn and not self.g.over:
            for line in views.warning_lines(self.announcer.news(self.g)):
                self.say(line)

    def show_step(self) -> None:
        """The step's reminder when the step or the player changes, then any warning new in this step."""
        self._show_step()
        self.advise()

    def _show_step(self) -> None:
        g = self.g
        banner = g.round != self.round_shown and not g.over
        if banner:
            self.round_shown = g.round
            self.say("")
            if g.round > D.ROUNDS:
                self.say(tpl("final_banner"))
            else:
                self.say(tpl("round_banner", season=views.season_name(g.season).capitalize(), year=g.year,
                             round=g.round, rounds=D.ROUNDS))
        kind = flow.actor_kind(g)
        actor = flow.actors(g)
        # once per step; in steps where each player acts for themselves, once per player concerned (issue 21)
        person = g.players[actor[0]].name if actor and kind == "ordered" else ""
        step_key = (g.round, g.step)
        new_step = self.shown is None or self.shown != step_key
        if new_step:
            self.shown, self.reminded = step_key, set()
        if person in self.reminded or (not new_step and not person):
            return
        self.reminded.add(person)
        if not banner:  # right under the round's banner it needs no blank line
            self.say("")
        self.say(views.reminder(g, brief=g.step in self.steps_read), reflow=True)
        self.steps_read.add(g.step)
        if g.step == "area" and new_step:
            self.say("")
            self.say(turned_table(*views.board_rows(g), self.con.width), wrap=False)
        if new_step:
            for line in views.pending_lines(g, calm=True)[1:]:
                self.say(line)

    def step_menu(self) -> Menu:
        g = self.g
        kind = flow.actor_kind(g)
        if kind == "table":
            return {"path": self.path_menu, "reveal": self.task_menu, "placement": self.placement_menu}[g.step]()
        if kind == "all":
            return self.area_menu()
        return self.turn_menu(flow.actors(g)[0])

    # --- asking ----------------------------------------------------------------------------------------------
    def show_menu(self, menu: Menu, rare: bool = False, full: bool = True) -> None:
        """The question's header and entries; `rare`: the entries behind `+` only. A menu in columns already shown
        in full in this step comes as one short paragraph unless `full` (`?` shows it whole; issue 21)."""
        if menu.header and not rare:
            self.say(menu.header)
        if menu.columns and not rare:
            seen = (0, self.g.step, "")  # in full once a sitting (then brief), and on `?`
            if not full and seen in self.menus_seen:
                self.show_brief(menu)
                return
            self.menus_seen.add(seen)
        if menu.columns or rare:
            self.show_columns(menu, rare)
            return
        shown = [c for c in menu.choices if not c.rare]  # the rest behind `+` (issue 21)
        width = max((texts.display_width(c.shown) for c in shown), default=0)
        width = min(width, 26)
        keyw = max((len(c.key) for c in shown), default=1)
        cols = self.con.width
        for c in shown:
            note = c.note.replace("{key}", c.key)
            pad = " " * max(0, width - texts.display_width(c.shown))  # Hangul names take two columns a letter
            head = f"  {c.key:>{keyw}}  {c.shown}{pad}  "
            hang = " " * min(len(head), cols // 2)
            lines = texts.wrap(note, max(20, cols - texts.display_width(head))) or [""]
            self.say((head + lines[0]).rstrip(), wrap=False)
            for more in lines[1:]:
                self.say(wrap_lines(hang + more, cols)[0] if len(hang + more) > cols else hang + more, wrap=False)
        if not self.hinted:
            self.hinted = True
            self.say(tpl("menu_hint"))
            self.say(screen("more_hint"))

    def show_brief(self, menu: Menu) -> None:
        """A menu seen before in this step: each entry's key and the first words of its note, in one paragraph."""
        import re

        def brief(c: Choice) -> str:
            text = c.note.replace("{key}", c.key) or c.shown
            return re.split(r" \(|: |, |; | for ", text, maxsplit=1)[0]

        items = [f"{c.key} {brief(c)}" for c in menu.choices if not c.rare]  # `?` shows the whole menu
        line = ""
        for item in items:  # a line breaks between entries, never inside one (`13 a` / `task card`)
            if line and texts.display_width(f"{line} · {item}") > self.con.width - 2:
                self.say(line, wrap=False)
                line = ""
            line = f"{line} · {item}" if line else f"  {item}"
        if line:
            self.say(line, wrap=False)

    def show_columns(self, menu: Menu, rare: bool) -> None:
        """Entries in columns, each its key and its note (issue 21: the travel menu fits the screen); the rarely
        used ones behind `+`, which lists them."""
        shown = [c for c in menu.choices if c.rare == rare]
        cells = [(c.key, (c.note.replace("{key}", c.key) or c.shown) if menu.columns
                  else f"{c.shown}  {c.note.replace('{key}', c.key)}".strip()) for c in shown]
        if not rare and menu.rare:
            cells.append(("+", screen("more_entries", keys=", ".join(c.key for c in menu.rare))))
        for line in cell_columns(cells, self.con.width):
            self.say(line, wrap=False)
        if not self.hinted:
            self.hinted = True
            self.say(tpl("menu_hint"))
            self.say(screen("more_hint"))

    def prompt_text(self, menu: Menu) -> str:
        label = menu.prompt or menu.who
        if menu.default is not None:
            return f"{label} [{menu.choices[menu.default].key}]>"
        return f"{label}>"

    def ask(self, menu: Menu) -> None:
        """Ask until an answer is accepted by the engine and saved."""
        self.menu = menu
        self.show_menu(menu, full=False)
        while True:
            try:
                lines = self.pick(menu, top=True)
            except Back:
                self.show_menu(menu)
                continue
            if self.commit(lines):
                return

    def pick(self, menu: Menu, *, top: bool = False) -> list[str]:
        """Read answers until one names lines to apply (not yet checked). Commands are handled here.

        Every typed answer takes one path: a command, `back`, a menu key (alone, or with words that complete
        the line it stands for), or a line of the notation. Whatever cannot be read is refused in one line
        and the same question is asked again (R-ids in the engine's refusals)."""
        while True:
            raw = self.con.line(self.prompt_text(menu))
            if not raw:
                if menu.default is None:
                    self.say(tpl("no_default"))
                    continue
                return self.take(menu.choices[menu.default], None)
            if raw == "?":
                self.show_menu(menu)
                continue
            if raw == "+" and menu.rare:
                self.show_menu(menu, rare=True)
                continue
            if self.command(raw):
                self.say(tpl("menu_again", who=menu.prompt or menu.who))
                continue
            raw = self.typed(raw)
            if raw.lower() == "back":
                if top:
                    self.say(tpl("back_top"))
                    continue
                raise Back
            try:
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
                raw = self.con.line(f"{prompt}" + (f" [{default}]>" if default is not None else ">"))
                if not raw and default is not None:
                    raw = default
                if self.command(raw):
                    continue
            raw = self.typed(raw)
            if raw.lower() == "back":
                raise Back
            try:
                return parse(raw)
            except LignumError as e:
                self.refuse(e)

    def typed(self, raw: str) -> str:
        """A typed answer in the notation: words of the shown language for codes become the codes (판자 -> board,
        2장작 -> 2F; templates/<lang>/words.toml [aliases]); players' names stay as they are."""
        if "fix" in raw.split()[:2]:
            return raw  # a correction's reason is the table's own words, kept as typed
        g = self.g
        names = [p.name for p in g.players] + [b.name for b in g.buildings] + [b.name for p in g.players
                                                                               for b in p.buildings]
        return words.to_notation(raw, keep=tuple(names))

    def command(self, raw: str) -> bool:
        """undo [N], status [NAME], rules [TOPIC], help, quit: True when the answer was one of them."""
        word, _, rest = raw.partition(" ")
        word = words.alias(word).lower() if self.g.player_index(word) is None else word.lower()
        rest = rest.strip()
        if word not in COMMANDS:
            guess = self.did_you_mean(word)
            if guess is None:
                return False
            self.say(tpl("did_you_mean", word=f"{guess} {rest}".strip()))
            return True
        if word == "quit":
            raise Interrupted("quit")
        if word == "help":
            self.say(tpl("help"))
        elif word == "status":
            self.status(rest)
        elif word == "rules":
            self.rules(rest)
        elif word == "undo":
            self.undo(rest)
        return True

    def did_you_mean(self, word: str) -> str | None:
        """A command a typo is close to (`stauts` -> status, `udno` -> undo, `rule` -> rules); never a verb of
        the notation, a table word or a player's name, which are answers in their own right."""
        import difflib

        if len(word) < 3 or word in PLAYER_VERBS or word in TABLE_VERBS or word in ("back", "clearing") \
                or self.g.player_index(word) is not None or word.isdecimal():
            return None
        close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.75)
        return close[0] if close else None

    def refuse(self, e: Exception) -> None:
        rule = getattr(e, "rule", "")
        text = str(e)
        if isinstance(e, NotationError) and e.key in ("unknown_action", "unknown_action_guess"):
            from ..engine import legal_actions  # the verbs of this question, not all 25 nor a guess of another step

            now = sorted({a.verb for a in legal_actions(self.g)} - set(TABLE_VERBS))
            guess = str(e.fields.get("guess", "")).split()[-1:]
            if now and not (guess and guess[0] in now):
                text = tpl("unknown_here", typed=e.fields.get("typed", ""), verbs=", ".join(f"`{v}`" for v in now))
        self.say(tpl("refused", reason=text) + (tpl("rules_hint", rule=rule) if rule else ""))

    # --- saving ----------------------------------------------------------------------------------------------
    def commit(self, lines: list[str]) -> bool:
        """Apply lines on a copy (all or nothing), save them, then show what changed. False when refused.

        The whole check-and-save holds the game's lock; if the file changed since this sitting last read it (a
        `lignum do` in another terminal, a hand edit), it is reloaded and re-checked first, and the question is
        asked again on the new state (Rebuild): an answer is never applied to a state the table no longer has.
        """
        try:
            with gamefile.locked(self.path):
                self.reload_if_changed()
                return self._commit(lines)
        except gamefile.SaveError as e:  # another command kept the file too long; nothing was saved
            self.say(tpl("save_failed", file=self.path, reason=str(e)))
            return False

    def reload_if_changed(self) -> None:
        """Under the lock: if the file is not what this sitting saved or read, replay it and ask again."""
        if gamefile.fingerprint(self.path) == self.gf.origin:
            return
        try:
            gf, g = gamefile.load(self.path)
        except LignumError as e:
            # The broken file is the table's own edit: leave it, and keep the last good log beside it so that
            # nothing this sitting saved is lost if the edit went wrong (`NAME.last-good.lignum`, never overwritten).
            try:
                kept: object = gamefile.create(dataclasses.replace(self.gf), self.path.with_name(
                    self.path.name.removesuffix(gamefile.SUFFIX) + ".last-good" + gamefile.SUFFIX), numbered=True)
            except gamefile.SaveError as failed:
                kept = tpl("kept_nowhere", reason=str(failed))
            n = len(self.gf.actions)
            self.say(tpl("file_broken", file=self.path, reason=str(e), kept=kept,
                         actions=tpl("one_action" if n == 1 else "actions", n=n)))
            raise Interrupted("broken") from None
        n = len(gf.actions)
        self.say(tpl("file_changed", file=self.path, actions=tpl("one_action" if n == 1 else "actions", n=n),
                     where=views.header_line(g)))
        self.gf, self.g = gf, g
        raise Rebuild

    def _commit(self, lines: list[str]) -> bool:
        trial = self.g.clone()
        done: list[str] = []
        try:
            for line in lines:
                done.append(engine_play(trial, line).text)
        except LignumError as e:
            self.refuse(e)
            return False
        new = gamefile.append(self.gf, done)
        try:
            with signals_held():
                gamefile.save(new, self.path)
                before, self.gf, self.g = self.g, new, trial
        except OSError as e:
            self.say(tpl("save_failed", file=self.path, reason=e.strerror or str(e)))
            return False
        self.report(before, trial, done)
        return True

    def report(self, before: Game, after: Game, done: list[str]) -> None:
        """What an accepted answer changed, in the order the table does it (issue 21): the lines saved with the
        money they moved, what to move on the board, the players with nothing to do, and a winter bill before
        its money (at a terminal the table presses Enter once the bill is paid on the board), then the season's
        money when a round ended."""
        said = texts.load("screen")["saved"]  # a table draw in words first, the line as typed beside it
        saved = [tpl("saved_words", words=said[t.split()[0]], text=t) if t.split()[0] in said
                 else tpl("saved_line", text=t) for t in done]  # the notation lines as written to the file
        money = self.money_lines(before, after)
        bills = after.winter_bills[len(before.winter_bills):]
        moves = board_moves(before, after)
        if len(saved) == 1 and not bills:  # the mover's board moves and money on the line of their answer
            actor = next((p.name for p in after.players if done[0].startswith(p.name + " ")), None)
            own = [m for m in moves if actor is not None and m.name == actor]
            cash = [m for m in money if actor is not None and m.strip().startswith(actor + ": ")]
            parts = [own[0].moves] if own else []
            parts += [cash[0].strip().partition(": ")[2]] if cash else []
            if parts:
                saved = [saved[0] + " - " + "; ".join(parts)]
                moves = [m for m in moves if m not in own]
                money = [m for m in money if m not in cash]
        if len(saved) > 1 and len({d.split()[1:2][0] if len(d.split()) > 1 else "" for d in done}) == 1:
            saved = [tpl("saved_line", text=", ".join(done))]  # `anna area 5, ben area 4, ...` in one line
        for line in saved:
            self.say(line)
        for m in moves:
            self.say(m.line)
        for line in views.skip_lines(after, after.skips[len(before.skips):]):
            self.say(line)
        if bills:
            for line in bill_lines(after, bills):  # R14: what to hand in, before the money changes
                self.say(line)
            if self.con.tty:  # a pause, not a line of the log: piped scripts read on as before
                typed = self.con.line(screen("bill_pause"))
                if typed:  # a line typed instead of Enter is the table's next answer, never dropped
                    self.con.ahead.append(typed)
        if bills and after.round > before.round:  # the bills said it, and the season's money follows
            billed = {after.players[b["player"]].name for b in bills}
            money = [m for m in money if m.strip().partition(": ")[0] not in billed]
        for line in money:
            self.say(line)
        for r in range(before.round, after.round):
            recap = views.recap_lines(after, r)
            if recap:  # the season's money in one paragraph
                self.say(recap[0] + " " + "; ".join(x.strip() for x in recap[1:]) + ".")

    def money_lines(self, before: Game, after: Game) -> list[str]:
        """One line per player whose money, food, loans or debt changed."""
        out = []
        for p0, p1 in zip(before.players, after.players, strict=True):
            sums: dict[str, list[int]] = {}
            for e in p1.ledger[len(p0.ledger):]:
                sums.setdefault(e.reason, []).append(e.amount)
            parts = [f"{views.reason_words(reason)}{tpl('times', n=len(a)) if len(a) > 1 else ''} "
                     f"{dollars(sum(a), sign=True)}" for reason, a in sums.items()]
            if p0.money != p1.money or parts:
                parts.append(f"${p0.money} → ${p1.money}")  # a change of money, as GLOSSARY writes it
            show = texts.load("labels")["show"]
            for attr, word in (("food", show["food"]), ("loans", show["loans"]), ("debt", show["debt"])):
                a, b = getattr(p0, attr), getattr(p1, attr)
                if a != b:
                    parts.append(f"{word} ${a} → ${b}" if attr == "debt" else f"{word} {a} → {b}")  # debt is dollars
            if parts:
                out.append(f"     {p1.name}: " + ", ".join(parts))
        return out

