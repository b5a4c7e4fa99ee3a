"""The commands a table can type at any prompt of `lignum play` (undo, status, rules) and the end of a sitting."""

from __future__ import annotations

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.views import game as views

from ..engine import LignumError
from ..engine.actions import PLAYER_VERBS, TABLE_VERBS
from ..engine.state import Building
from .common import COMMANDS, SAME_COMMANDS, quote, tpl
from .console import Interrupted, Rebuild
from .layout import fit_table
from .sitting import Sitting


class Commands:
    """The commands typed at any prompt, and how a sitting ends; a Session holds one (an undo saves through the
    sitting's saving)."""

    def __init__(self, s: Sitting) -> None:
        self.s = s

    # --- commands --------------------------------------------------------------------------------------------
    def command(self, raw: str) -> bool:
        """undo [N], status [NAME], rules [TOPIC], help, quit: True when the answer was one of them."""
        word, _, rest = raw.partition(" ")
        word = words.alias(word).lower() if self.s.g.player_index(word) is None else word.lower()
        word = SAME_COMMANDS.get(word, word) if self.s.g.player_index(word) is None else word
        rest = rest.strip()
        if word not in COMMANDS:
            guess = self.did_you_mean(word)
            if guess is None:
                return False
            self.s.say(tpl("did_you_mean", word=f"{guess} {rest}".strip()))
            return True
        if word == "quit":
            raise Interrupted("quit")
        if word == "help":
            self.s.say(tpl("help"))
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
                or self.s.g.player_index(word) is not None or word.isdecimal():
            return None
        close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.75)
        return close[0] if close else None

    def undo(self, arg: str) -> None:
        if arg and not (arg.isdecimal() and int(arg) >= 1):
            self.s.say(tpl("undo_usage"))
            return
        n = int(arg) if arg else 1
        agreed = self._undo_agreed(n)
        if agreed is None:
            return
        # undo what the file holds now: a changed file is reloaded and the table asked again
        outcome = self.s.through(lambda: gamefile.undo(self.s.path, n, expect=self.s.gf.origin, keep_copy=agreed))
        if outcome is None:
            return
        if outcome.refusal is not None:
            self.s.say(tpl("undo_nothing"))
            return
        self.s.gf, self.s.g = outcome.gamefile, outcome.game
        from .saving import undone_words

        for text in undone_words(outcome.game, [a.line for a in outcome.accepted]):  # in words, as the ok line
            self.s.say(tpl("undone_line", text=text))
        if outcome.kept is not None:
            self.s.say(tpl("undo_kept", kept=outcome.kept, file=self.s.path))
        self.s.say(tpl("undo_now", where=views.header_line(self.s.g), waiting=views.waiting_for(self.s.g)))
        raise Rebuild

    def _undo_agreed(self, n: int) -> bool | None:
        """An undo into an earlier round, or of the whole game, takes back what a table would not lightly lose (a
        typo `undo 50` would drop a winter): the table says yes first, as `lignum undo` asks or needs --yes (issue
        24 item 3), and the game before it is kept (FILE.before-undo-N). None when the table says no; else whether
        to keep that copy."""
        actions = self.s.gf.actions
        if not actions:
            return False
        n = min(n, len(actions))
        back = gamefile.replay(gamefile.drop_last(self.s.gf, n))
        if n == len(actions) > 1:
            question = tpl("undo_all_confirm", n=n)
        elif back.round < self.s.g.round:
            question = tpl("undo_confirm", n=n, where=views.header_line(back))
        else:
            return False
        if self.s.con.confirm(question, default=False):
            return True
        self.s.say(tpl("undo_declined"))
        return None

    def status(self, name: str) -> None:
        """Every mill at a glance (views/glance.py, issue 32: four players fit 38 rows of 80 columns), or with a
        name that player's whole mill as a table, with what is pending for them and their coming winter."""
        g = self.s.g
        if not name:
            from lignum_companion.texts.catalog import wrap
            from lignum_companion.views.glance import status_lines

            for line in status_lines(g, self.s.warn):  # later lines of a player, a long line's rest: under its start
                self.s.say("\n".join(wrap(line, self.s.con.width, "    ")), wrap=False)
            return
        idx = g.player_index(name)
        if idx is None:
            self.s.say(tpl("no_player", name=name, names=", ".join(p.name for p in g.players)))
            return
        only = g.players[idx]
        self.s.say(views.header_line(g))
        self.s.say(fit_table(*views.player_rows(g, only), self.s.con.width), wrap=False)
        for line in views.pending_lines(g):
            if only.name in line:
                self.s.say(line)
        for line in views.forecast_player_lines(g, idx):
            self.s.say(line)
        if self.s.warn:
            from ..engine import advice

            for line in views.warning_lines([a for a in advice.warnings(g) if a.player == only.name]):
                self.s.say(line)

    def rules(self, query: str) -> None:
        try:
            from lignum_companion.views import rules_lookup as rl
        except ImportError:
            self.s.say(tpl("rules_missing"))
            return
        width = self.s.con.width
        try:
            if not query:
                self.s.say(rl.render_list(width, at_play=True), wrap=False)
                return
            rid = rl.normalise_rule_id(query)
            ruling = rl.ruling(rid) if rid else None
            if ruling is not None:
                self.s.say(rl.render_ruling(ruling, width, at_play=True), wrap=False)
                return
            from ..engine import flow

            found, crossed = rl.answer(query, step=flow.season_step(self.s.g))  # in winter: winter topics first
            if not self.s.g.joinery:  # no carpenters to feed in this game (R23)
                found = [rl.without_expansion(t) for t in found]
                crossed = rl.without_expansion(crossed) if crossed else None
        except Exception as e:  # the lookup is another module: never let it end the game
            self.s.say(tpl("rules_failed", reason=str(e)))
            return
        if not found:
            self.s.say(tpl("rules_none", query=query))
            return
        self.s.say(rl.render(found[0], width, also=crossed, short=query.strip().lower() != found[0].id, at_play=True),
                   wrap=False)
        if more := rl.others(found, crossed):  # the topic shown under the answer is not named again
            also = ", ".join(f"{t.title} [{t.id}]" for t in more)  # titles in the shown language
            self.s.say(tpl("rules_also", topics=also))

    # --- stopping and the end ----------------------------------------------------------------------------------
    def stopped(self, why: str) -> None:
        if why == "hangup" or self.s.con.gone:
            return
        g = self.s.g
        self.s.con.write("\n")
        self.s.say(tpl(f"stopped_{why}"))
        if why == "broken":  # the file on disk is not this sitting's game: "everything is saved in it" would be wrong
            return
        where = tpl("where_over") if g.over else tpl("where", where=views.header_line(g),
                                                      waiting=views.waiting_for(g))
        n = len(self.s.gf.actions)
        self.s.say(tpl("stopped_where", actions=tpl("one_action" if n == 1 else "actions", n=n), file=self.s.path,
                     where=where))
        if not g.over:
            self.s.say(tpl("resume", file=quote(self.s.path)))

    def ask_final_buildings(self) -> None:
        """R23: before the final scores, what each end-of-game effect the program could not read gives, asked once
        and booked as a correction named after the tile (Enter: nothing)."""
        from lignum_companion.views import buildings

        for pi, b in buildings.final_unread(self.s.g):
            name = self.s.g.players[pi].name
            ask = texts.fill(texts.load("buildings")["text"]["final_ask"], name=name, tile=b.name, effect=b.effect)

            def lines(raw: str, name: str = name, b: Building = b) -> list[str]:
                return buildings.correction_lines(name, b, raw if raw.strip().startswith(("$", "+", "-")) or
                                                  not raw.strip().isdecimal() else f"${raw.strip()}")

            while True:
                raw = self.s.con.line(ask).strip()
                if not raw or raw in ("0", "$0"):
                    break
                try:
                    if self.s.commit(lines(raw)):
                        break
                except LignumError as e:
                    self.s.refuse(e)

    def finish(self) -> None:
        from ..engine import score

        self.ask_final_buildings()
        g = self.s.g
        result = score(g)
        self.s.say("")
        self.s.say(tpl("game_over"))
        columns, rows = views.score_table(g, result)  # the same table as `lignum score`
        self.s.say(fit_table(columns, rows, self.s.con.width, keep=2), wrap=False)
        first = [r["name"] for r in result["players"] if r["place"] == 1]
        self.s.say(tpl("winners_shared" if len(first) > 1 else "winner", names=", ".join(first)))
        self.offer_pdf()

    def offer_pdf(self) -> None:
        try:
            from lignum_companion.printables import score_sheet as pdfmod
        except ImportError:
            self.s.say(tpl("pdf_missing", file=quote(self.s.path)))
            return
        out = self.s.path.with_suffix(".pdf")
        try:
            if not self.s.con.confirm(tpl("pdf_offer", path=out), True):
                self.s.say(tpl("pdf_later", file=quote(self.s.path)))
                return
            force = False
            if out.exists():
                force = self.s.con.confirm(tpl("pdf_overwrite", path=out), False)
                if not force:
                    return
        except Interrupted as e:
            if e.why == "eof":
                return
            raise
        try:
            pdfmod.export(self.s.gf, self.s.g, str(out), force=force, paper="A4")
        except Exception as e:  # the PDF is optional: report, never lose the finished game
            self.s.say(tpl("pdf_failed", reason=str(e)))
            return
        self.s.say(tpl("pdf_written", path=out))

