"""CLI commands about a game file: do, next, show, log, undo, check, score, games (new: cli/new.py).

Every command replays the file, asks the engine, and prints; refusals are one line on stderr with exit 1 and
the file untouched. Engine and table modules are imported inside the commands to keep start-up quick.
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import functools
import os
import sys
from pathlib import Path
from typing import Any

import typer

from lignum_companion.cli import complete as cli_complete
from lignum_companion.cli.common import (
    coloured_table,
    fail,
    file_name,
    load_or_fail,
    out,
    prose,
    resolve_file,
    say,
    table,
)
from lignum_companion.cli.new import cmd_new

FileArg = typer.Argument(None, help="Game file (default: the most recently played game).", show_default=False,
                         autocompletion=cli_complete.game_files)


def cmd_do(
    args: list[str] = typer.Argument(..., metavar="ACTION", autocompletion=cli_complete.action_words,
                                     help="[FILE] then one or more actions, each quoted: 'anna go 4 2'"),
    file: str = typer.Option(None, "--file", "-f", help="Game file (default: first argument if it is a file)",
                             autocompletion=cli_complete.game_files),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No warnings from the advisor"),
    as_json: bool = typer.Option(False, "--json", help="What was saved (each line with its events) or the "
                                                       "refusal, as JSON (docs/events.md)"),
) -> None:
    """Apply actions in the notation (docs/notation.md), all or nothing; then any warning they bring up."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.views import game as views

    actions = list(args)
    if file is None and actions and (actions[0].endswith(gamefile.SUFFIX) or os.path.isfile(actions[0])):
        file = actions.pop(0)
    if not actions:
        fail(say("do_no_action"), 2)
    if len(actions) > 1 and not any(" " in a for a in actions):
        actions = [" ".join(actions)]  # typed without quotes: `lignum do anna go 4 2` is one action
    outcome = _do(resolve_file(file), actions, quiet, as_json)
    if not as_json:
        out(say("next", waiting=views.waiting_for(outcome.game)))


def _committed(call: Any, path: Path) -> Any:
    """Run a use case of the one saving path (gamefile.commit / undo) and speak the game's language after it; a
    file that cannot be read or saved is one line and exit 1 (nothing was saved)."""
    from lignum_companion.engine import GameFileError
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts

    try:
        outcome = call()
    except GameFileError as e:
        texts.use_game(getattr(e, "lang", None))  # a file whose header was read is refused in its own language
        fail(f"{path}: {e}")
    except gamefile.SaveError as e:  # busy, changed during the save, read-only, a full disk
        fail(str(e))
    texts.use_game(outcome.gamefile.lang)
    return outcome


def _do(path: Path, actions: list[str], quiet: bool = False, as_json: bool = False):
    """Apply and save through the one saving path (gamefile.commit: the lock, the file as it is on disk, all or
    nothing); print `ok` only for lines that are saved, then the advisor's warnings these lines brought up (each
    once per step, as `play` says them)."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.views import game as views

    outcome = _committed(lambda: gamefile.commit(path, actions, warn=not quiet), path)
    if as_json:
        _print_json(_outcome_json(outcome, actions))
        if not outcome.ok:
            raise typer.Exit(1)
        gamefile.remember(path)
        return outcome
    if outcome.refusal is not None:  # which line of several, and that none was saved (as branch `typed` says it)
        e, k = outcome.refusal, (outcome.failed_at or 0) + 1
        fail(say("refused", reason=e, hint=_rules_hint(e, outcome.game))
             + (say("refused_after", k=k, n=len(actions)) if len(actions) > 1 else ""))
    gamefile.remember(path)
    for a in outcome.accepted:
        out(say("ok", action=a.line))
    warnings = _heating_warnings(outcome.before, [a.line for a in outcome.accepted])
    from lignum_companion.views.buildings import newly_due

    due = newly_due(outcome.before or outcome.game, outcome.game)  # R23: a tile's reminder once, at its moment
    for line in warnings + _echo(outcome) + due + views.warning_lines(outcome.alerts):
        prose(line)
    return outcome


def _echo(outcome: Any) -> list[str]:
    """What the saved lines did, worded from the engine's events (views/events.py: each board move once,
    automatic moves on their own lines, skips and winter bills), then the season's money when a round ended."""
    from lignum_companion.views import game as views
    from lignum_companion.views.events import event_lines

    before, after = outcome.before or outcome.game, outcome.game
    out = [line.strip() for line in event_lines(after, [e for a in outcome.accepted for e in a.events],
                                                 before=before, settled=True)]
    for r in range(before.round, after.round):
        out += views.recap_lines(after, r)
    return out


def _heating_warnings(before: Any, lines: list[str]) -> list[str]:
    """Selling stored logs at the feeding leaves the heating short (R14): said for each such line, on the state
    it was applied to (the lines are walked again on a copy only when one of them feeds or heats)."""
    from lignum_companion.engine import parse
    from lignum_companion.engine import play as engine_play
    from lignum_companion.views import game as views

    if not any(line.split()[1:2] in (["feed"], ["heat"]) for line in lines):
        return []
    g = before.clone()
    said = []
    for line in lines:
        action = parse(line, g.board)
        if action.verb in ("feed", "heat") and action.player is not None:
            pi = g.player_index(action.player)
            warning = views.heating_warning(g, pi, action.args.get("sell", {})) if pi is not None else ""
            said += [warning] if warning else []
        engine_play(g, line)
    return said


def _outcome_json(outcome: Any, lines: list[str]) -> dict[str, Any]:
    """`do --json` (docs/events.md): the saved lines with their events, the advisor's warnings and whom the game
    waits for; or the refusal. Keys are stable; the texts in it are English whatever the language."""
    from lignum_companion.engine import IllegalAction
    from lignum_companion.engine.events import to_json
    from lignum_companion.engine.flow import waiting_for
    from lignum_companion.texts import catalog as texts

    with texts.speaking("en"):  # a field scripts read: the same words in every language
        waiting = waiting_for(outcome.game)
        if outcome.refusal is not None:
            e = outcome.refusal
            return {"refused": {
                "line": lines[outcome.failed_at or 0], "index": outcome.failed_at,
                "kind": "illegal" if isinstance(e, IllegalAction) else "notation",
                "key": e.key, "rule": getattr(e, "rule", ""), "message": str(e),
            }, "accepted": [], "waiting": waiting}
    return {
        "accepted": [{"line": a.line, "events": to_json(a.events)} for a in outcome.accepted],
        "warnings": [a.to_dict() for a in outcome.alerts],
        "waiting": waiting,
    }


def _print_json(data: dict[str, Any]) -> None:
    import json

    out(json.dumps(data, ensure_ascii=False, indent=1), neutral=True)


def _rules_hint(e: Exception, g: Any) -> str:
    """Which rules topic explains a refusal in the step where it happened (only loaded on the failure path)."""
    rule = getattr(e, "rule", "")
    if not rule:
        return ""
    try:
        from lignum_companion.engine.flow import season_step
        from lignum_companion.views.rules_lookup import read_more

        return say("see", command=read_more(rule, season_step(g)))
    except Exception:  # the hint must never hide the refusal itself
        return say("see", command=f"lignum rules {rule}")


QuietOpt = typer.Option(False, "--quiet", "-q", help="No warnings from the advisor (also: `warnings off` in the "
                                                     "game file's header)")


def advice_lines(gf, g, quiet: bool) -> list[str]:
    """The coming winter's forecast and the warnings that hold now, unless turned off (--quiet, `warnings off`)."""
    from lignum_companion.engine import advice
    from lignum_companion.views import game as views
    from lignum_companion.views.glance import forecast_brief

    lines = forecast_brief(g)  # one line a player (issue 32); the whole reckoning is each player's, at their trip
    if not quiet and gf.setup.warnings and not g.over:  # after the final scoring a warning can change nothing
        lines += views.warning_lines(advice.warnings(g))
    return lines


def cmd_next(file: str = FileArg, quiet: bool = QuietOpt) -> None:
    """Where the game stands, what the table does on the physical board now, the coming winter and warnings."""
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(file)
    prose(views.header_line(g))
    prose()
    recap = views.season_start_lines(g)
    if recap:  # the season's money in one paragraph, as `play` says it
        prose(recap[0] + " " + "; ".join(x.strip() for x in recap[1:]) + ".")
        prose()
    prose(views.reminder(g, file or ""))
    prose()
    for line in views.step_lines(g):
        prose(line)
    for line in views.pending_lines(g):
        prose(line)
    extra = advice_lines(gf, g, quiet)
    if extra:
        prose()
    for line in extra:
        prose(line)


def cmd_show(
    file: str = FileArg,
    player: str = typer.Option(None, "--player", help="Show one player only"),
    as_json: bool = typer.Option(False, "--json", help="The full state as JSON (docs/state-json.md)"),
    tables: bool = typer.Option(False, "--tables", help="Every mill as a table, row by row (long at four players)"),
) -> None:
    """Every mill at a glance, one player's whole mill (--player), every mill as tables (--tables), or JSON."""
    from lignum_companion.engine.flow import waiting_for
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(file)
    only = None
    if player:
        idx = g.player_index(player)
        if idx is None:
            fail(say("no_player", player=player, names=", ".join(p.name for p in g.players)))
        only = g.players[idx]
    if as_json:
        state = g.to_dict()
        from lignum_companion.engine import advice

        with texts.speaking("en"):  # a field scripts read: the same words in every language
            state["waiting_for"] = waiting_for(g)
        state["forecast"] = [f.to_dict() for f in advice.forecasts(g)]
        state["warnings"] = [a.to_dict() for a in advice.warnings(g)]
        state["format"] = 1
        if only:
            state["players"] = [p for p in state["players"] if p["name"] == only.name]
            state["forecast"] = [f for f in state["forecast"] if f["player"] == only.name]
            state["warnings"] = [a for a in state["warnings"] if a["player"] == only.name]
        import json

        out(json.dumps(state, ensure_ascii=False, indent=1))
        return
    if not (only or tables):  # a few lines a player, in words, fits a screen (issue 32 §1), as `status` in play
        from lignum_companion.engine.names import neutralise
        from lignum_companion.texts.catalog import wrap
        from lignum_companion.texts.term import colour_on, paint, text_width
        from lignum_companion.views.glance import status_lines

        on = colour_on()
        heads = {neutralise(p.name) + ": ": paint(neutralise(p.name), p.colour, on) + ": " for p in g.players}
        width = text_width(None)
        for line in status_lines(g, warn=gf.setup.warnings, more="lignum show --player {name}"):
            # wrapped as `status` wraps it in play: a line's rest four columns in, apart from a player's next line
            text = "\n".join(wrap(neutralise(line), width, "    ")) if width else neutralise(line)
            head = next((h for h in heads if text.startswith(h)), None)
            out(heads[head] + text[len(head):] if head else text, neutral=True)  # a name in its colour
        return
    prose(views.header_line(g))
    headers, rows = views.player_rows(g, only)
    colour = {p.name: p.colour for p in g.players}
    out(coloured_table(headers, rows, [colour.get(h, "") for h in headers], header=True), neutral=True)
    if not only:
        out()
        out(table(*views.board_rows(g)))
        out()
        prose(views.path_line(g))
        line = views.clearing_line(g)
        if line:
            prose(line)
        if g.task_display:
            prose(say("tasks_up", tasks="; ".join(f"{t.id} ${t.value}" for t in g.task_display)))
        if g.pw_cards:
            from lignum_companion.texts.words import card_name  # 교역: read here, not typed (issue 32)

            cards = [say("pw_card_one" if n == 1 else "pw_card", card=card_name(c), n=n)
                     for c, n in g.pw_cards.items()]
            prose(say("pw_cards", cards=", ".join(cards)))
        if g.joinery:  # R23
            prose(say("buildings_face_up", tiles="; ".join(f"{b.name} ({b.effect})" if b.effect else b.name
                                                          for b in g.buildings) or say("buildings_none")))
    prose(say("waiting", waiting=views.waiting_for(g)))


def cmd_log(file: str = FileArg) -> None:
    """The history, numbered by line; corrections are flagged."""
    from lignum_companion.engine import apply, parse
    from lignum_companion.engine.data import round_season, round_year
    from lignum_companion.engine.setup import new_game
    from lignum_companion.texts import catalog as texts

    path, gf, g = load_or_fail(file)
    game = new_game(gf.setup)
    out(say("log_head", path=path, n=len(gf.actions)))
    seasons = texts.load("labels")["flow"]["seasons"]
    last = None
    for line in gf.actions:
        if game.round != last and game.round <= 8:
            out(say("log_round", season=seasons[round_season(game.round)], year=round_year(game.round)))
            last = game.round
        action = parse(line.text, game.board)
        flag = say("log_correction") if action.verb == "fix" else ""
        out(f"{line.number:5}  {line.text}{flag}")
        apply(game, action)


def cmd_undo(
    file: str = FileArg,
    n: int = typer.Option(1, "-n", help="How many actions to take back"),
    yes: bool = typer.Option(False, "--yes", "-y", help="Take back actions of earlier rounds without asking"),
) -> None:
    """Take back the last action(s) (the previous file is kept as FILE.bak; an undo into an earlier round asks
    first, or needs --yes, and keeps the whole game as it was in FILE.before-undo-N)."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.views import game as views

    if n < 1:
        fail(say("undo_n"), 2)
    path = resolve_file(file)
    outcome = None
    while outcome is None or outcome.reloaded:  # a file changed between the look and the undo: look again
        path, gf, g = load_or_fail(str(path))
        if not gf.actions:
            fail(say("undo_nothing"))
        n = min(n, len(gf.actions))
        g2 = gamefile.replay(gamefile.drop_last(gf, n))
        large = g2.round < g.round or n == len(gf.actions) > 1  # into an earlier round, or the whole game
        if large:
            _confirm_large_undo(n, g2, yes, everything=n == len(gf.actions))
        outcome = _committed(functools.partial(gamefile.undo, path, n, expect=gf.origin, keep_copy=large), path)
    if outcome.refusal is not None:
        fail(say("undo_nothing"))
    gamefile.remember(path)
    for a in outcome.accepted:
        out(say("undone", action=a.line))
    if outcome.kept is not None:
        prose(say("undo_kept", kept=outcome.kept, path=path))
    out(say("next", waiting=views.waiting_for(outcome.game)))


def _confirm_large_undo(n: int, back_to: Any, yes: bool, everything: bool = False) -> None:
    """An undo beyond the current round takes back what a table would not lightly lose: a terminal asks, a script
    says --yes (PRODUCT: any mistake undoable, nothing lost; issue 24 item 3)."""
    from lignum_companion.views import game as views

    where = views.where(back_to)
    if yes:
        return
    how = "undo_all_confirm" if everything else "undo_confirm"
    if not sys.stdin.isatty():
        fail(say(f"{how}_needed", n=n, where=where))
    if not _yes_or_no(say(how, n=n, where=where)):
        fail(say("undo_declined"))


def _yes_or_no(question: str) -> bool:
    """The program's own yes/no question (the table mode's: y/n, or 예/아니오 chosen from two lines where a Hangul
    keyboard has no y), in the shown language, answered at the terminal; typer's said `Aborted!` and `Error:
    invalid input` in English (issue 33 item 7). End of input is a no; Ctrl-C, a closed terminal or a signal
    stops with the usual exit code (130) and the one line that nothing was undone."""
    from lignum_companion.cli import stopping
    from lignum_companion.table.console import Console, Interrupted

    con = Console(stdout=sys.stderr)  # the question beside the refusals, so `undo > log` still shows it
    con.qmark = "?"
    try:
        return con.confirm(question, default=False)
    except Interrupted as e:
        if e.why in ("eof", "quit"):
            return False
        fail(say("undo_declined"), stopping.handled() or 130)


def cmd_check(file: str = FileArg) -> None:
    """Replay the whole file and validate every line."""
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(file)
    out(say("checked", path=path, n=len(gf.actions), where=views.where(g)))


def _final_buildings(path: Path, gf, g, as_json: bool):
    """R23: before the final scores, an end-of-game effect the program could not read. At a terminal the table is
    asked what it gives (booked as a correction named after the tile); elsewhere a note says how to book it."""
    from lignum_companion.engine import LignumError
    from lignum_companion.engine import score as engine_score
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import buildings

    if not engine_score(g)["final"]:
        return gf, g
    t = texts.load("buildings")["text"]
    for pi, b in buildings.final_unread(g):
        name = g.players[pi].name
        if as_json or not sys.stdin.isatty():
            note = texts.fill(t["final_note"], name=name, tile=b.name, effect=b.effect, file=path)
            if as_json:  # the JSON stays whole on stdout
                sys.stderr.write(note + "\n")
            else:
                prose(note)
            continue
        raw = input(texts.fill(t["final_ask"], name=name, tile=b.name, effect=b.effect) + " ").strip()
        if not raw or raw in ("0", "$0"):
            continue
        try:
            lines = buildings.correction_lines(name, b, f"${raw}" if raw.isdecimal() else raw)
        except LignumError as e:
            fail(say("refused", reason=e, hint=""))
        outcome = _committed(lambda done=lines: gamefile.commit(path, done), path)  # the one saving path (§2)
        if outcome.refusal is not None:
            fail(say("refused", reason=outcome.refusal, hint=""))
        gf, g = outcome.gamefile, outcome.game
    return gf, g


def cmd_score(
    file: str = FileArg,
    as_json: bool = typer.Option(False, "--json", help="Scores as JSON"),
    pdf: str = typer.Option(None, "--pdf", help="Write the PDF score sheet to this path"),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing PDF"),
    paper: str = typer.Option(None, "--paper", help="a4 or letter (default: from the locale, LC_PAPER or LANG)"),
    projected: bool = typer.Option(False, "--projected", help="The final score if the game ended now, with the "
                                                              "wood that would stay unsold (and a line on the PDF)"),
) -> None:
    """Final scores (provisional while the game runs); optionally the PDF score sheet."""
    from lignum_companion.engine import score

    if pdf is not None:
        pdf = _pdf_target(pdf, file)
    path, gf, g = load_or_fail(file)
    gf, g = _final_buildings(path, gf, g, as_json)
    if projected:
        from lignum_companion.engine.advice import projected as projected_score

        result = projected_score(g)
    else:
        result = score(g)
    if pdf is not None:
        _refuse_pdf_over_game(Path(pdf), path)
        try:
            from lignum_companion.printables import score_sheet as pdfmod
        except ImportError:
            fail(say("no_pdf"))
        try:
            pdfmod.export(gf, g, pdf, force=force, paper=paper, note=_projected_line(result) if projected else None)
        except pdfmod.ExportError as e:
            fail(str(e))
        if not as_json:
            out(say("sheet_written", path=pdf))
    if as_json:
        import json

        out(json.dumps(result, ensure_ascii=False, indent=1))
        return
    if pdf is not None:
        return
    from lignum_companion.texts import catalog as texts
    from lignum_companion.texts import words
    from lignum_companion.views import game as views
    from lignum_companion.views.game import money

    lab = texts.load("labels")["score"]
    if projected and not result["final"]:
        prose(texts.load("advice")["projected"]["title"])
    else:
        prose(lab["final"] if result["final"] else lab["provisional"])
    columns, rows = views.score_table(g, result)
    out(coloured_table(columns, rows, [r["colour"] for r in result["players"]], column=1, keep=2), neutral=True)
    for r in result["players"]:
        if r["furniture"]["pieces"]:
            shop = words.said(r["furniture"]["pieces"])  # in words: '1 milled softwood, 1 milled hardwood'
            prose(f"{r['name']}: " + texts.fill(lab["furniture_line"], pieces=shop,
                                              dollars=money(r["furniture"]["dollars"])))
        for t in r["tasks"]:
            state = lab["task_complete"] if t["complete"] else lab["task_incomplete"]
            prose(f"{r['name']}: {t['id']} ${t['value']} {state}")
        if r["river"]["kind"]:  # the kind in words (issue 21: 'river sale: 2 firewood = $6', not 'F 2')
            said = {**r["river"], "kind": words.thing(r["river"]["kind"])}
            prose(f"{r['name']}: " + texts.fill(lab["river"], **said))
        for c in r["corrections"]:
            from lignum_companion.texts import words

            prose(f"⚠ {r['name']}: " + texts.fill(lab["correction"], what=words.correction(c)))
        if r.get("unsold"):
            from lignum_companion.texts import words

            left = words.by_area(r["unsold"])  # in the shown words: '1 firewood (F) in the sawing area'
            prose(f"{r['name']}: " + texts.fill(texts.load("advice")["projected"]["unsold"], where=left))
    first = [r["name"] for r in result["players"] if r["place"] == 1]
    if result["final"]:
        prose(texts.fill(lab["winners"] if len(first) > 1 else lab["winner"], names=", ".join(first)))


def _pdf_target(pdf: str, file: str | None) -> str:
    if not pdf.strip():
        fail(say("pdf_needs_name"), 2)
    return pdf


def _refuse_pdf_over_game(target: Path, game: Path) -> None:
    """A score sheet is never written over a game file or its backup, whatever the flags."""
    from lignum_companion.gamefile import store as gamefile

    if gamefile.is_game_file(target, game):
        fail(say("pdf_over_game", target=target))


def _projected_line(result: dict[str, Any]) -> str | None:
    """The PDF's line for `score --projected` on an unfinished game: each player's total if it ended now."""
    from lignum_companion.texts import catalog as texts

    if result["final"]:
        return None
    players = ", ".join(f"{r['name']} ${r['total']}" for r in result["players"])
    return texts.fill(texts.load("advice")["projected"]["pdf_line"], players=players)


def cmd_games() -> None:
    """Saved games, most recent first; an unreadable file is listed with its reason, the others still show."""
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts

    games = gamefile.list_games()
    if not games:
        out(say("no_games", folder=gamefile.games_dir()))
        return
    from lignum_companion.views.stats import summaries

    rows = [[file_name(p), s["players"], s["where"]]
            for p, s in zip(games, summaries(games, progress=_progress), strict=True)]
    out(table(list(texts.load("cli")["games_columns"]), rows))
    out(say("games_folder", folder=gamefile.games_dir()))


def _progress(done: int, todo: int) -> None:
    """A counter on stderr while many games are read for the first time (later runs use the cache)."""
    if sys.stderr.isatty():
        from lignum_companion.texts import catalog as texts

        sys.stderr.write("\r" + texts.text("gamefile", "games", "reading", done=done, todo=todo)
                         + ("\n" if done == todo else ""))
        sys.stderr.flush()


def register(app: typer.Typer) -> None:
    """Attach the game commands to the main app."""
    app.command("new")(cmd_new)
    app.command("do")(cmd_do)
    app.command("next")(cmd_next)
    app.command("show")(cmd_show)
    app.command("log")(cmd_log)
    app.command("undo")(cmd_undo)
    app.command("check")(cmd_check)
    app.command("score")(cmd_score)
    app.command("games")(cmd_games)
