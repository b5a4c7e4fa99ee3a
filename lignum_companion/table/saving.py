"""Saving in `lignum play`: an accepted answer taken to the file by the one saving path (gamefile.commit), a file
changed under the sitting reloaded, and the report of what the answer changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import NoReturn

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.views import game as views
from lignum_companion.views.moves import bill_lines, board_moves

from ..engine import LignumError
from ..engine.state import Game
from .common import dollars, screen, tpl
from .console import Interrupted, Rebuild, signals_held
from .sitting import Sitting


class Saving(Sitting):
    """A part of Session: every accepted answer is saved at once (the log is the game), then reported."""

    def commit(self, lines: list[str]) -> bool:
        """Apply and save the lines of an answer through the one saving path (gamefile.commit: all or nothing, under
        the game's lock), then show what changed. False when refused or not saved.

        If the file changed since this sitting last read it (a `lignum do` in another terminal, a hand edit),
        nothing is applied: it is reloaded and the question asked again on the new state (Rebuild), so an answer is
        never applied to a state the table no longer has.
        """
        outcome = self.through(lambda: gamefile.commit(self.path, lines, expect=self.gf.origin, warn=False))
        if outcome is None:
            return False
        if outcome.refusal is not None:
            self.refuse(outcome.refusal)
            return False
        before, self.gf, self.g = self.g, outcome.gamefile, outcome.game
        self.report(before, self.g, [a.line for a in outcome.accepted])
        return True

    def through(self, call: Callable[[], gamefile.Outcome]) -> gamefile.Outcome | None:
        """Run one of the saving use cases (commit, undo, note) on this sitting's file: None when it could not save
        (said in one line), a reloaded file adopted and the question asked again (Rebuild), a broken one kept."""
        try:
            with signals_held():  # the file and this sitting's state change together
                outcome = call()
        except gamefile.SaveError as e:  # another command kept the file too long, a full disk: nothing was saved
            self.say(tpl("save_failed", file=self.path, reason=str(e)))
            return None
        except LignumError as e:
            self.broken(e)
        if outcome.reloaded:
            n = len(outcome.gamefile.actions)
            self.say(tpl("file_changed", file=self.path, actions=tpl("one_action" if n == 1 else "actions", n=n),
                         where=views.header_line(outcome.game)))
            self.gf, self.g = outcome.gamefile, outcome.game
            raise Rebuild
        return outcome

    def broken(self, e: LignumError) -> NoReturn:
        """The file no longer replays: that is the table's own edit. Leave it, and keep the last good log beside
        it so that nothing this sitting saved is lost if the edit went wrong (`NAME.last-good.lignum`, never
        overwritten)."""
        try:
            kept: object = gamefile.create(dataclasses.replace(self.gf), self.path.with_name(
                self.path.name.removesuffix(gamefile.SUFFIX) + ".last-good" + gamefile.SUFFIX), numbered=True)
        except gamefile.SaveError as failed:
            kept = tpl("kept_nowhere", reason=str(failed))
        n = len(self.gf.actions)
        self.say(tpl("file_broken", file=self.path, reason=str(e), kept=kept,
                     actions=tpl("one_action" if n == 1 else "actions", n=n)))
        raise Interrupted("broken") from None

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
