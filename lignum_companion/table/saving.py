"""Saving in `lignum play`: an accepted answer taken to the file by the one saving path (gamefile.commit), a file
changed under the sitting reloaded, and the report of what the answer changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import NoReturn

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.views import game as views
from lignum_companion.views.events import Said, said

from ..engine import LignumError
from ..engine.events import Event, PlayerEvent, RoundEnded
from ..engine.state import Game
from .common import screen, tpl
from .console import Interrupted, Rebuild, signals_held
from .sitting import Sitting


def replaced(held: gamefile.GameFile, now: gamefile.GameFile) -> bool:
    """Whether the file now holds another game than the one a sitting held: another header, or lines that differ
    from the sitting's where both have lines. Lines added (a `lignum do` beside it) or taken back at the end (an
    undo, which keeps FILE.bak) are the same game going on."""
    if gamefile.format_header(held.setup, held.lang) != gamefile.format_header(now.setup, now.lang):
        return True
    ours, theirs = held.action_texts(), now.action_texts()
    k = min(len(ours), len(theirs))
    return ours[:k] != theirs[:k]


class Saving:
    """The sitting's saving: every accepted answer is saved at once by the one saving path (the log is the game),
    then reported; a Session holds one and changes its game and file only through it (and the undo)."""

    def __init__(self, s: Sitting) -> None:
        self.s = s

    def commit(self, lines: list[str]) -> bool:
        """Apply and save the lines of an answer through the one saving path (gamefile.commit: all or nothing, under
        the game's lock), then show what changed. False when refused or not saved.

        If the file changed since this sitting last read it (a `lignum do` in another terminal, a hand edit),
        nothing is applied: it is reloaded and the question asked again on the new state (Rebuild), so an answer is
        never applied to a state the table no longer has.
        """
        outcome = self.through(lambda: gamefile.commit(self.s.path, lines, expect=self.s.gf.origin, warn=False))
        if outcome is None:
            return False
        if outcome.refusal is not None:
            self.s.refuse(outcome.refusal)
            return False
        before, self.s.gf, self.s.g = self.s.g, outcome.gamefile, outcome.game
        self.report(before, self.s.g, outcome.accepted)
        return True

    def through(self, call: Callable[[], gamefile.Outcome]) -> gamefile.Outcome | None:
        """Run one of the saving use cases (commit, undo, note) on this sitting's file: None when it could not save
        (said in one line), a reloaded file adopted and the question asked again (Rebuild), a broken one kept."""
        try:
            with signals_held():  # the file and this sitting's state change together
                outcome = call()
        except gamefile.SaveError as e:  # another command kept the file too long, a full disk: nothing was saved
            self.s.say(tpl("save_failed", file=self.s.path, reason=str(e)))
            return None
        except LignumError as e:
            self.broken(e)
        if outcome.reloaded:
            n = len(outcome.gamefile.actions)
            if replaced(self.s.gf, outcome.gamefile):  # another game in its place: say so, keep the one held (issue 33)
                held = len(self.s.gf.actions)
                self.s.say(tpl("file_replaced", file=self.s.path,
                               actions=tpl("one_action" if n == 1 else "actions", n=n),
                               where=views.header_line(outcome.game), kept=self.keep_last_good(),
                               held=tpl("one_action" if held == 1 else "actions", n=held)))
            else:
                self.s.say(tpl("file_changed", file=self.s.path,
                               actions=tpl("one_action" if n == 1 else "actions", n=n),
                               where=views.header_line(outcome.game)))
            self.s.gf, self.s.g = outcome.gamefile, outcome.game
            raise Rebuild
        return outcome

    def broken(self, e: LignumError) -> NoReturn:
        """The file no longer replays: that is the table's own edit. Leave it, and keep the last good log beside
        it so that nothing this sitting saved is lost if the edit went wrong (`NAME.last-good.lignum`, never
        overwritten)."""
        n = len(self.s.gf.actions)
        self.s.say(tpl("file_broken", file=self.s.path, reason=str(e), kept=self.keep_last_good(),
                     actions=tpl("one_action" if n == 1 else "actions", n=n)))
        raise Interrupted("broken") from None

    def keep_last_good(self) -> object:
        """The game as this sitting last held it, kept beside the file (`NAME.last-good.lignum`, a new name each
        time, never over another file); where it went, or why nowhere."""
        try:
            return gamefile.create(dataclasses.replace(self.s.gf), self.s.path.with_name(
                self.s.path.name.removesuffix(gamefile.SUFFIX) + ".last-good" + gamefile.SUFFIX), numbered=True)
        except gamefile.SaveError as failed:
            return tpl("kept_nowhere", reason=str(failed))

    def report(self, before: Game, after: Game, accepted: Sequence[gamefile.Accepted]) -> None:
        """What an accepted answer did, in the order the table does it, worded from the engine's events (issue 29
        §3; views/events.py): each saved line in words with the line as typed beside it, the mover's board moves
        and money on it; then the other players' moves, the automatic moves on their own lines, the players with
        nothing to do, a winter bill (at a terminal the table presses Enter once it is paid on the board), and the
        season's money when a round ended."""
        head, later = split_at_round(accepted) if after.round > before.round and not after.over else (accepted, ())
        saved, rest = echo_lines(before, after, head, typed=self.s.con.last)
        opens = after.round > before.round and not after.over and bool(accepted) \
            and (accepted[-1].line.split() or [""])[0] in NEW_ROUND_DRAWS
        first = saved if opens else []  # the next season's path: its ok line under that season's heading (a tryout)
        saved = [] if opens else saved
        self.s.after_banner = first + [s.line for s in said(after, later)]  # said under the new season's heading
        if any(e.kind == "food_shared" for a in accepted for e in a.events):
            self.s.food_said = after.round
        for line in saved + rest:
            self.s.say(line)
        if self.s.con.tty and any(e.kind == "winter_bill" for a in accepted for e in a.events):
            typed = self.s.con.line(screen("bill_pause"))  # a pause, not a line of the log: piped scripts read on
            if typed:  # a line typed instead of Enter is the table's next answer, never dropped
                self.s.con.ahead.append(typed)
        for r in range(before.round, after.round):
            recap = views.recap_lines(after, r)
            if recap:  # the season's money in one paragraph
                self.s.say(recap[0] + " " + "; ".join(x.strip() for x in recap[1:]) + ".")


# A table's draw typed while the round before still ends: it opens the next season (the path), so its ok line
# belongs under that season's heading, after the money of the season that ended.
NEW_ROUND_DRAWS = frozenset({"path"})


def split_at_round(accepted: Sequence[gamefile.Accepted]) -> tuple[list[gamefile.Accepted], tuple[Event, ...]]:
    """The answer's lines with what the engine did for them, and apart what it did by itself after the round's
    end in the line that ended it: the new season's automatic moves (Overtime's hardwood, the planned work acting,
    R20; a step nobody can play), which belong under that season's heading, not above it (a tryout). What the
    line's player did stays with the line (`nicole bonus S` typed at the fall's last prompt is winter's bonus)."""
    out = list(accepted)
    for i in range(len(out) - 1, -1, -1):
        ends = [j for j, e in enumerate(out[i].events) if isinstance(e, RoundEnded)]
        if ends:
            cut = ends[-1] + 1
            events = out[i].events

            def typed(e: Event) -> bool:
                return isinstance(e, PlayerEvent) and not e.auto

            out[i] = dataclasses.replace(out[i], events=events[:cut] + tuple(e for e in events[cut:] if typed(e)))
            return out, tuple(e for e in events[cut:] if not typed(e))
    return out, ()


def echo_lines(before: Game, after: Game, accepted: Sequence[gamefile.Accepted], *,
               typed: str = "") -> tuple[list[str], list[str]]:
    """The `ok` lines of an answer (each line in words, the mover's own moves and money on it, a table's line as
    saved beside it) and the lines after them (other players, automatic moves, skips, bills). Lines of one verb
    typed in one answer (`anna area 5, ben area 4`) share one `ok` line. `typed`: the answer as typed; when it is
    the very line saved, the line is not said back (a tryout: "(`path saw food ...`)" after typing just that); a
    menu key or words of the shown language still get the line beside them."""
    echoes = said(after, [e for a in accepted for e in a.events], before=before)
    used: set[int] = set()
    words_of = own_words(after, accepted, echoes, used)
    lines = [a.line for a in accepted]
    verbs = {(line.split()[1:2] or [""])[0] for line in lines}
    placed = [e for a in accepted for e in a.events if e.kind == "area_token"]
    if len(lines) > 1 and verbs == {"area"} and len(placed) == len(lines):  # the areas chosen at once (R21)
        areas = ", ".join(tpl("area_of", name=e.name, area=e.dst) for e in placed)  # type: ignore[attr-defined]
        saved = [tpl("saved_areas", areas=areas)]
    elif len(lines) > 1 and len(verbs) == 1 and all(words_of):
        named = [w if after.player_index(line.split()[0]) is None else f"{line.split()[0]}: {w}"
                 for line, w in zip(lines, words_of, strict=True)]
        saved = [tpl("saved_line", text="; ".join(named)) if _same(typed, ", ".join(lines))
                 else tpl("saved_words", words="; ".join(named), text=", ".join(lines))]
    else:  # a player's line: their name and what it did, in words (the line as typed is in the prompt above)
        saved = [tpl("saved_line", text=w) if w and after.player_index(_named(line)) is None and _same(typed, line)
                 else tpl("saved_words", words=w, text=line) if w and after.player_index(_named(line)) is None
                 else tpl("saved_moves", name=_named(line), words=w) if w else tpl("saved_line", text=line)
                 for line, w in zip(lines, words_of, strict=True)]
    return saved, [s.line for s in echoes if id(s) not in used]


def own_words(after: Game, accepted: Sequence[gamefile.Accepted], echoes: list[Said], used: set[int], *,
              money: bool = True) -> list[str]:
    """Each line's own words ("" when it has none): its player's moves of the echo (or their bill), a table draw's
    words; the echo lines taken are noted in `used`. `money`: with the player's money before and after."""
    table_words = texts.load("screen")["saved"]
    words_of: list[str] = []
    for a in accepted:
        verb = (a.line.split() or [""])[0]
        actor = after.player_index(_named(a.line)) if verb else None
        own = ""
        if actor is not None:
            mine = [s for s in echoes if id(s) not in used and s.player == actor and
                    (s.kind == "moves" and not s.auto or s.kind == "bill")]
            if mine:
                used.add(id(mine[0]))
                own = mine[0].text if money or mine[0].kind == "bill" else \
                    dataclasses.replace(mine[0], money=[], cash=None).text
        elif verb in table_words:
            own = table_words[verb]
        else:
            table = [s for s in echoes if id(s) not in used and s.kind == "moves" and s.player is None and not s.auto]
            if table:
                used.add(id(table[0]))
                own = table[0].text
        words_of.append(own)
    return words_of


def undone_words(back: Game, lines: Sequence[str]) -> list[str]:
    """What an undo took back, a line each, in the words its `ok` line said it (a tryout: the raw line was said
    back): the player and their moves, a table draw's words; the line itself only when it has no words. `back`:
    the game as it is after the undo, on which the lines are played again to word them (never saved)."""
    from lignum_companion import engine

    g = back.clone()
    out: list[str] = []
    for line in lines:
        before = g.clone()
        try:
            played = engine.play(g, line)
        except LignumError:  # a line the game took but that no longer reads alike (a hand edit): as it was
            out.append(f"`{line}`")
            continue
        echoes = said(g, list(played.events), before=before)
        words = own_words(g, [gamefile.Accepted(played.text, played.events)], echoes, set(), money=False)[0]
        name = _named(played.text)
        out.append(f"`{line}`" if not words else f"{name}: {words}" if g.player_index(name) is not None
                   else words)
    return out


def _same(typed: str, line: str) -> bool:
    """Whether the answer as typed is the line as saved (spaces and letter case aside)."""
    return bool(typed) and " ".join(typed.split()).casefold() == " ".join(line.split()).casefold()


def _named(line: str) -> str:
    """The player a line is about: its first word, or the second of a correction (`fix anna money -1 ...`)."""
    words = line.split()
    return words[1] if words[:1] == ["fix"] and len(words) > 1 else (words[0] if words else "")
