"""`lignum play`: one sitting at the table - the main loop: the round's banner, the step's reminder, its menu."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import words
from lignum_companion.views import buildings
from lignum_companion.views import game as views

from ..engine import advice, flow, steps
from ..engine import data as D
from ..engine.actions import PLAYER_VERBS, TABLE_VERBS
from ..engine.state import Game
from .commands import Commands
from .common import COMMANDS, seed_from_env, tpl
from .console import Console, Interrupted, Rebuild, hangup_as_interrupt, safe_streams
from .draws import DRAW_MENUS, area_menu, shuffle
from .entries import MenuContext
from .layout import shortest_table
from .menu import Choice, Menu, Said
from .saving import Saving
from .sitting import Asking
from .turns import turn_menu


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


class Session:
    """One sitting at the table: the file, the replayed game, the console, what this sitting has shown; saves after
    every accepted answer.

    It holds the sitting's state (the parts see it as a `Sitting`, sitting.py) and one of each part: its asking
    (Asking), its saving (Saving: the one saving path), its commands (Commands); each step's menu is built by a
    plain function from a MenuContext (turns.STEP_MENUS, draws.DRAW_MENUS), whose follow-ups ask through it."""

    def __init__(self, path: Path, gf: gamefile.GameFile, g: Game, con: Console, seed: str | None = None) -> None:
        self.path = path
        self.gf = gf
        self.g = g
        self.con = con
        self.seed = seed  # None: real randomness; otherwise draws repeat (tests, demos)
        self.draws: tuple[int, int] = (-1, 0)  # (actions saved, shuffles at that point): salts seeded draws
        self.shown: tuple[int, str] | None = None  # the (round, step) whose reminder was shown
        self.reminded: set[str] = set()  # players of that step already reminded ("" for the whole table)
        self.steps_read: set[str] = set()  # steps whose whole reminder this sitting has shown (then: brief)
        self.said = Said()  # what the menus read so as not to say a thing twice (forecasts, columns, R23 tiles)
        self.round_shown: int | None = None
        self.hinted = False
        self.menu: Menu | None = None  # the question being asked (the keystroke benchmark reads it)
        self.warn = gf.setup.warnings  # the advisor's warnings (off with --quiet or `warnings off`)
        self.announcer = advice.Announcer()  # says each warning once per step
        # a warning said in this round with these figures: (kind, player, subject) -> (round, figures)
        self.warned: dict[tuple[str, str, str], tuple[int, str]] = {}
        self.plans_said = 0  # the round whose planned work acting was said under its heading (R20)
        self.after_banner: list[str] = []  # the new season's automatic moves, said under its heading (saving.py)
        self.food_said = 0  # the round whose food shared out the echo said (the travel reminder then leaves it out)
        self.buildings_said: set[tuple[int, int, str, str]] = set()  # R23: (round, player, tile, step) reminded
        self.asking = Asking(self)
        self.saving = Saving(self)
        self.commands = Commands(self)
        con.toolbar = self.toolbar  # at a terminal: season, step, whose turn, money, whom the game waits for
        names = [p.name for p in g.players]
        con.words = sorted(set(COMMANDS) | set(PLAYER_VERBS) | set(TABLE_VERBS) | set(names)
                           | {"clearing", "back"} | {f"{a}:" for a in ("sale", "saw", "store", "dry1", "dry2",
                                                                     "dry3", "buy", "sell", "hut")})

    # --- what the parts and the menus' follow-ups ask of it ----------------------------------------------------
    def say(self, text: str = "", *, wrap: bool = True, reflow: bool = False) -> None:
        self.con.say(text, wrap=wrap, reflow=reflow)

    def refuse(self, e: Exception) -> None:
        self.asking.refuse(e)

    def command(self, raw: str) -> bool:
        return self.commands.command(raw)

    def commit(self, lines: list[str]) -> bool:
        return self.saving.commit(lines)

    def through(self, call: Callable[[], gamefile.Outcome]) -> gamefile.Outcome | None:
        return self.saving.through(call)

    def report(self, before: Game, after: Game, accepted: Sequence[gamefile.Accepted]) -> None:
        self.saving.report(before, after, accepted)

    def ask(self, menu: Menu) -> None:
        self.asking.ask(menu)

    def show_menu(self, menu: Menu, rare: bool = False, full: bool = True) -> None:
        self.asking.show_menu(menu, rare, full)

    def prompt_text(self, menu: Menu) -> str:
        """The prompt a menu is asked with (the keystroke benchmark reads it to know the question)."""
        return self.asking.prompt_text(menu)

    def pick(self, menu: Menu, *, top: bool = False) -> list[str]:
        return self.asking.pick(menu, top=top)

    def take(self, choice: Choice, arg: str | None, menu: Menu | None = None) -> list[str]:
        return self.asking.take(choice, arg, menu)

    def text_answer(self, prompt: str, parse: Callable[[str], list[str]], default: str | None = None,
                    given: str | None = None) -> list[str]:
        return self.asking.text_answer(prompt, parse, default, given)

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
                self.commands.finish()
            except Interrupted as e:
                self.commands.stopped(e.why)
                return {"quit": 0, "broken": 1}.get(e.why, 130)
            except (KeyboardInterrupt, EOFError):
                self.commands.stopped("interrupt")
                return 130
            except Exception as e:  # a bug must not look like a lost game: everything answered is saved
                if os.environ.get("LIGNUM_DEBUG"):
                    raise
                self.say(tpl("internal_error", error=f"{type(e).__name__}: {e}"))
                self.commands.stopped("error")
                return 1
        return 0

    def toolbar(self) -> str:
        """The line that stands under the prompt at a terminal: where the game is, whose turn it is with that
        player's money, food and loans, and whom the game waits for (issue 21). It never runs past the width
        (issue 32: "waiting for nina (transp" at 80 columns): the richest of views.toolbar_forms that fits."""
        from lignum_companion.views.glance import toolbar_forms

        from .layout import display_width

        width = self.con.width - 1
        forms = toolbar_forms(self.g)
        return next((f for f in forms if display_width(f) <= width), forms[-1])

    def intro(self) -> None:
        g = self.g
        extras = list(g.variants) + ([g.expansion] if g.expansion else [])
        self.say(tpl("play_intro", file=self.path, players=", ".join(p.name for p in g.players),
                     mode=words.mode(g.mode), variants="".join(", " + words.mode(v) for v in extras)))
        if self.gf.actions and not g.over:
            self.say(tpl("resuming", n=len(self.gf.actions), where=views.header_line(g),
                         waiting=views.waiting_for(g)))

    def advise(self) -> None:
        """The advisor's warnings that are new in this step, R-ids attached; one already said in this round with
        the same figures is not said again at the next step's prompt (a tryout heard the sawing area's wait for a
        saw 5-6 times a round): said again only in a new round or when its figures change."""
        if self.warn and not self.g.over:
            for line in views.warning_lines([a for a in self.announcer.news(self.g) if self.unsaid(a)]):
                self.say(line)

    def unsaid(self, a: advice.Alert) -> bool:
        """Whether this warning, with these figures, was not yet said in this round (and note it as said); a kind
        whose count does not change what to do (advice.ONCE_A_ROUND) is said once a round per player."""
        once = advice.ONCE_A_ROUND.get(a.kind)
        if once:
            key, now = (once, a.player, ""), (a.round, "")
        else:
            key, now = (a.kind, a.player, a.subject), (a.round, repr(sorted(a.figures.items())))
        if self.warned.get(key) == now:
            return False
        self.warned[key] = now
        return True

    def show_step(self) -> None:
        """The step's reminder when the step or the player changes, then any warning new in this step."""
        self._show_step()
        self.remind_buildings()
        self.advise()

    def remind_buildings(self) -> None:
        """R23: a tile the program cannot apply, reminded once to its owner at the moment its text names."""
        g = self.g
        for pi in range(len(g.players)):
            for b in buildings.due_now(g, pi):
                key = (g.round, pi, b.name, g.step_of(pi))
                if key not in self.buildings_said:
                    self.buildings_said.add(key)
                    self.said.buildings_open[(pi, b.name)] = g.round  # its correction stays offered a little while
                    self.say(buildings.reminder_line(g, pi, b))

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
            for line in self.after_banner:
                self.say(line)
            if self.after_banner:  # the round began in this sitting: its planned work acting was said (R20)
                self.plans_said = g.round
        said_under = banner and bool(self.after_banner)  # lines under the heading: a blank line before the step's
        self.after_banner = []
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
        if not banner or said_under:  # right under the round's banner it needs no blank line
            self.say("")
        self.say(views.reminder(g, brief=g.step in self.steps_read, food=self.food_said != g.round), reflow=True)
        self.steps_read.add(g.step)
        if g.step == "area" and new_step:
            self.say("")
            self.say(shortest_table(*views.board_rows(g), self.con.width), wrap=False)
        if new_step:
            for line in views.pending_lines(g, calm=True, plans=self.plans_said != g.round)[1:]:
                self.say(line)
            if "task-ready" in steps.current(g).alerts:  # the block just said which tasks can be completed now
                for a in advice.warnings(g):
                    if a.kind == "task-ready":
                        self.unsaid(a)  # noted as said: not again as a warning under the block (R19)

    def step_menu(self) -> Menu:
        """The question of this step, built by the step's builder from the game and what was already said."""
        g = self.g
        kind = flow.actor_kind(g)
        ctx = self.context()
        if kind == "table":
            menu = DRAW_MENUS[g.step](ctx)
        elif kind == "all":
            menu = area_menu(ctx)
        else:
            menu = turn_menu(ctx, flow.actors(g)[0])
        if menu.said is not None:  # what the menu says once is said now: the sitting keeps it
            self.said = menu.said
        return menu

    def context(self) -> MenuContext:
        from lignum_companion.texts.term import colour_on

        return MenuContext(self.g, self.said, self, colour_on(self.con.stdout), self.con.width)

    def shuffle(self, arg: str | None) -> list[str]:
        """The path's shuffle (draws.shuffle), the follow-up of the path question's entry."""
        return shuffle(self, arg)

