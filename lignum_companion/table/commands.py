"""The commands a table can type at any prompt of `lignum play` (undo, status, rules) and the end of a sitting."""

from __future__ import annotations

from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import words
from lignum_companion.views import game as views

from ..engine.actions import PLAYER_VERBS, TABLE_VERBS
from .common import COMMANDS, quote, tpl
from .console import Interrupted, Rebuild
from .layout import fit_table, turned_table
from .saving import Saving


class Commands(Saving):
    """A part of Session: commands typed at any prompt, and how a sitting ends (an undo saves, so it builds on
    Saving)."""

    # --- commands --------------------------------------------------------------------------------------------
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

    def undo(self, arg: str) -> None:
        if arg and not (arg.isdecimal() and int(arg) >= 1):
            self.say(tpl("undo_usage"))
            return
        n = int(arg) if arg else 1
        agreed = self._undo_agreed(n)
        if agreed is None:
            return
        # undo what the file holds now: a changed file is reloaded and the table asked again
        outcome = self.through(lambda: gamefile.undo(self.path, n, expect=self.gf.origin, keep_copy=agreed))
        if outcome is None:
            return
        if outcome.refusal is not None:
            self.say(tpl("undo_nothing"))
            return
        self.gf, self.g = outcome.gamefile, outcome.game
        for a in outcome.accepted:
            self.say(tpl("undone_line", text=a.line))
        if outcome.kept is not None:
            self.say(tpl("undo_kept", kept=outcome.kept, file=self.path))
        self.say(tpl("undo_now", where=views.header_line(self.g), waiting=views.waiting_for(self.g)))
        raise Rebuild

    def _undo_agreed(self, n: int) -> bool | None:
        """An undo into an earlier round, or of the whole game, takes back what a table would not lightly lose (a
        typo `undo 50` would drop a winter): the table says yes first, as `lignum undo` asks or needs --yes (issue
        24 item 3), and the game before it is kept (FILE.before-undo-N). None when the table says no; else whether
        to keep that copy."""
        actions = self.gf.actions
        if not actions:
            return False
        n = min(n, len(actions))
        back = gamefile.replay(gamefile.drop_last(self.gf, n))
        if n == len(actions) > 1:
            question = tpl("undo_all_confirm", n=n)
        elif back.round < self.g.round:
            question = tpl("undo_confirm", n=n, where=views.header_line(back))
        else:
            return False
        if self.con.confirm(question, default=False):
            return True
        self.say(tpl("undo_declined"))
        return None

    def status(self, name: str) -> None:
        g = self.g
        only = None
        if name:
            idx = g.player_index(name)
            if idx is None:
                self.say(tpl("no_player", name=name, names=", ".join(p.name for p in g.players)))
                return
            only = g.players[idx]
        width = self.con.width
        self.say(views.header_line(g))
        self.say(fit_table(*views.player_rows(g, only), width), wrap=False)
        if only is None:
            self.say("")
            self.say(turned_table(*views.board_rows(g), width), wrap=False)
            self.say(views.path_line(g))
            line = views.clearing_line(g)
            if line:
                self.say(line)
            if g.task_display:
                self.say(tpl("status_tasks", tasks="; ".join(views.task_text(t)
                                                             for t in g.task_display)))
            if g.pw_cards:
                self.say(tpl("status_cards", cards=", ".join(f"{c} ({n})" for c, n in g.pw_cards.items())))
        for line in views.pending_lines(g):
            self.say(line)
        for line in views.forecast_lines(g):
            self.say(line)
        if self.warn:
            from ..engine import advice

            for line in views.warning_lines(advice.warnings(g)):
                self.say(line)

    def rules(self, query: str) -> None:
        try:
            from lignum_companion.views import rules_lookup as rl
        except ImportError:
            self.say(tpl("rules_missing"))
            return
        width = self.con.width
        try:
            if not query:
                self.say(rl.render_list(width), wrap=False)
                return
            rid = rl.normalise_rule_id(query)
            ruling = rl.ruling(rid) if rid else None
            if ruling is not None:
                self.say(rl.render_ruling(ruling, width), wrap=False)
                return
            from ..engine import flow

            found = rl.lookup(query, step=flow.season_step(self.g))  # asked in winter: winter topics first
        except Exception as e:  # the lookup is another module: never let it end the game
            self.say(tpl("rules_failed", reason=str(e)))
            return
        if not found:
            self.say(tpl("rules_none", query=query))
            return
        self.say(rl.render(found[0], width), wrap=False)
        if len(found) > 1:
            also = ", ".join(f"{t.title} [{t.id}]" for t in found[1:])  # titles in the shown language
            self.say(tpl("rules_also", topics=also))

    # --- stopping and the end ----------------------------------------------------------------------------------
    def stopped(self, why: str) -> None:
        if why == "hangup" or self.con.gone:
            return
        g = self.g
        self.con.write("\n")
        self.say(tpl(f"stopped_{why}"))
        if why == "broken":  # the file on disk is not this sitting's game: "everything is saved in it" would be wrong
            return
        where = tpl("where_over") if g.over else tpl("where", where=views.header_line(g),
                                                      waiting=views.waiting_for(g))
        n = len(self.gf.actions)
        self.say(tpl("stopped_where", actions=tpl("one_action" if n == 1 else "actions", n=n), file=self.path,
                     where=where))
        if not g.over:
            self.say(tpl("resume", file=quote(self.path)))

    def finish(self) -> None:
        from ..engine import score

        g = self.g
        result = score(g)
        self.say("")
        self.say(tpl("game_over"))
        columns, rows = views.score_table(g, result)  # the same table as `lignum score`
        self.say(fit_table(columns, rows, self.con.width, keep=2), wrap=False)
        first = [r["name"] for r in result["players"] if r["place"] == 1]
        self.say(tpl("winners_shared" if len(first) > 1 else "winner", names=", ".join(first)))
        self.offer_pdf()

    def offer_pdf(self) -> None:
        try:
            from lignum_companion.printables import score_sheet as pdfmod
        except ImportError:
            self.say(tpl("pdf_missing", file=quote(self.path)))
            return
        out = self.path.with_suffix(".pdf")
        try:
            if not self.con.confirm(tpl("pdf_offer", path=out), True):
                self.say(tpl("pdf_later", file=quote(self.path)))
                return
            force = False
            if out.exists():
                force = self.con.confirm(tpl("pdf_overwrite", path=out), False)
                if not force:
                    return
        except Interrupted as e:
            if e.why == "eof":
                return
            raise
        try:
            pdfmod.export(self.gf, self.g, str(out), force=force, paper="A4")
        except Exception as e:  # the PDF is optional: report, never lose the finished game
            self.say(tpl("pdf_failed", reason=str(e)))
            return
        self.say(tpl("pdf_written", path=out))

