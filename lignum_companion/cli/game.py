"""CLI commands about a game file: new, do, next, show, log, undo, check, score, games.

Every command replays the file, asks the engine, and prints; refusals are one line on stderr with exit 1 and
the file untouched. Engine and table modules are imported inside the commands to keep start-up quick.
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import typer

from lignum_companion.cli import complete as cli_complete

FileArg = typer.Argument(None, help="Game file (default: the most recently played game).", show_default=False,
                         autocompletion=cli_complete.game_files)


def say(key: str, **fields: Any) -> str:
    """A message of the command line in the shown language (templates/<lang>/cli.toml)."""
    from lignum_companion.texts import catalog as texts

    return texts.text("cli", key, **fields)


def fail(message: str, code: int = 1) -> NoReturn:
    """One clear line on stderr and the exit code (1: refused or bad file, 2: usage); never raw control characters."""
    from lignum_companion.engine.names import neutralise

    sys.stderr.write(neutralise(message.rstrip()).replace("\n", " ") + "\n")
    raise typer.Exit(code)


def resolve_file(file: str | None) -> Path:
    """The named file, or the game last played in the games folder."""
    from lignum_companion.gamefile import store as gamefile

    if file:
        return Path(file)
    last = gamefile.last_game()
    if last is None:
        fail(say("no_games_start", folder=gamefile.games_dir()))
    return last


def load_or_fail(file: str | None):
    from lignum_companion.engine import GameFileError
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts

    path = resolve_file(file)
    try:
        gf, g = gamefile.load(path)
    except GameFileError as e:
        texts.use_game(getattr(e, "lang", None))  # a file whose header was read is refused in its own language
        fail(f"{path}: {e}")
    texts.use_game(gf.lang)
    return path, gf, g


def out(text: str = "", *, neutral: bool = False) -> None:
    """Print that survives consoles that cannot show every character (never crash on encoding), closed pipes
    (`lignum log | head -1` ends with success) and shared files (control characters are shown, never obeyed)."""
    from lignum_companion.engine.names import neutralise

    text = text if neutral else neutralise(text)  # neutral: made safe already, colour codes added after
    try:
        try:
            sys.stdout.write(text + "\n")
        except UnicodeEncodeError:
            enc = sys.stdout.encoding or "ascii"
            sys.stdout.write(text.encode(enc, errors="replace").decode(enc) + "\n")
    except BrokenPipeError:
        from lignum_companion.cli.stopping import _quiet_broken_pipe

        _quiet_broken_pipe()
        raise typer.Exit(0) from None


def prose(text: str = "") -> None:
    """Print sentences wrapped to the terminal (views.fit): never inside a figure ($14, -$2) or a backticked
    hint. Nothing is wrapped in a pipe or a file (term.text_width), and tables and JSON never go through here."""
    from lignum_companion.engine.names import neutralise
    from lignum_companion.texts.term import text_width
    from lignum_companion.views.game import fit

    out(fit(neutralise(text), text_width(None)), neutral=True)


def save_or_fail(gf, path: Path) -> None:
    """Save under the lock, or one line saying why nothing was saved (busy, changed, read-only, disk full)."""
    from lignum_companion.gamefile import store as gamefile

    try:
        gamefile.save(gf, path)
    except gamefile.SaveError as e:
        fail(str(e))
    gamefile.remember(path)


def table(headers: list[str], rows: list[list[Any]], align: list[str] | None = None, keep: int = 1) -> str:
    """A plain table; `align` ("left"/"right" per column) for columns of money, which tabulate reads as text.

    At a terminal (or with COLUMNS) a table wider than the width is split into blocks that fit, each repeating
    the first `keep` columns (issue 21); a pipe gets the table whole, as before."""
    from tabulate import tabulate

    from lignum_companion.texts.catalog import display_width
    from lignum_companion.texts.term import text_width

    text = tabulate(rows, headers=headers, tablefmt="simple", **({"colalign": align} if align else {}))
    width = text_width(None)
    if width and any(display_width(line) > width for line in text.splitlines()):
        from lignum_companion.table.layout import fit_table

        return fit_table(headers, rows, width, keep)
    return text


def coloured_table(headers: list[str], rows: list[list[Any]], colours: list[str], *, header: bool = False,
                   column: int | None = None, align: list[str] | None = None, keep: int = 1) -> str:
    """A table whose cells are made safe to print, with players' names in their colours where colour is on:
    the header cells (`header`, one colour per header) or one column (`column`, one colour per row)."""
    from lignum_companion.engine.names import neutralise
    from lignum_companion.texts.term import colour_on, paint

    on = colour_on()
    heads = [neutralise(str(h)) for h in headers]
    body = [[neutralise(str(c)) for c in row] for row in rows]
    if header:
        heads = [paint(h, c, on) for h, c in zip(heads, colours, strict=True)]
    if column is not None:
        for row, c in zip(body, colours, strict=True):
            row[column] = paint(row[column], c, on)
    return table(heads, body, align, keep)


def _split_list(values: list[str] | None) -> list[str]:
    out_: list[str] = []
    for v in values or []:
        out_ += [x for x in v.replace(",", " ").split() if x]
    return out_


def cmd_new(
    players: list[str] = typer.Option(None, "--players", "-p", help="Player names, e.g. -p anna,ben,cleo"),
    mode: str = typer.Option(None, "--mode", "-m", help="basic, advanced, expert or planned"),
    variant: list[str] = typer.Option(None, "--variant", help="tactical (repeat for more)"),
    no_variants: bool = typer.Option(False, "--no-variants", help="Play without variants (asks nothing)."),
    order: list[str] = typer.Option(None, "--order", help="First round's starting order, e.g. ben,anna,cleo"),
    areas: list[str] = typer.Option(None, "--areas", help="First round's cutting areas, e.g. anna=1,ben=5,cleo=6"),
    winter: str = typer.Option(None, "--winter", help="Winter cards as FOOD/HEAT for year 1 and 2, e.g. 6/3,7/4"),
    cards: list[str] = typer.Option(None, "--cards", help="Planned work cards laid out (expert/planned)"),
    money: int = typer.Option(None, "--money", help="Starting money (default $5, R1)"),
    name: str = typer.Option(None, "--name", help="The game's name, the score sheet's title (e.g. 'Friday at Zoë's')"),
    colors: list[str] = typer.Option(None, "--colors", "--colours",
                                     help="Colours of the players' pieces, e.g. anna=red,ben=yellow"),
    strict_order: bool = typer.Option(None, "--strict-order/--any-order",
                                      help="Clearing order in every step, for a first game (R24); default: any order "
                                           "except woodcutting"),
    warnings: str = typer.Option(None, "--warnings", help="on or off: the advisor's warnings in next and play "
                                                          "(default on; stored in the file)"),
    expansion: str = typer.Option(None, "--expansion", help="joinery: the Joinery and Buildings expansion (R23); "
                                                             "none: the base game (the default when nothing is asked)"),
    buildings: str = typer.Option(None, "--buildings", help="The face-up building tiles (players + 4) as "
                                                             "NAME:effect|NAME:effect (R23)"),
    file: str = typer.Option(None, "--file", "-f", help="Where to save (default: the games folder)"),
) -> None:
    """Start a game. With every option given it asks nothing; otherwise a wizard asks what is missing."""
    from lignum_companion.engine import LignumError, Setup, new_game
    from lignum_companion.engine import data as D
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts.words import card_codes

    if file:
        try:
            gamefile.check_name_fits(file)  # before the wizard asks anything
        except gamefile.SaveError as e:
            fail(str(e))
    given: dict[str, Any] = {
        "players": _split_list(players) or None,
        "mode": mode,
        "variants": _split_list(variant) if variant else ([] if no_variants else None),
        "order": _split_list(order) or None,
        "areas": None,
        "winter": None,
        "cards": card_codes(_split_list(cards)) or None,  # R20: '식량 공급' as well as food-supply
        "money": money,
        "name": name,
        "colours": None,
        "strict": strict_order,
        "warnings": None,
        "expansion": None,
        "buildings": None,
    }
    if expansion is not None:
        if expansion not in ("none", "") + D.EXPANSIONS:
            fail(say("bad_choice", option="--expansion", choices=" / ".join((*D.EXPANSIONS, "none")),
                     value=expansion[:20]), 2)
        given["expansion"] = "" if expansion == "none" else expansion
    if buildings is not None:
        given["buildings"] = gamefile.parse_buildings(buildings)
        given["expansion"] = "joinery" if given["expansion"] is None else given["expansion"]
    if warnings is not None:
        if warnings not in ("on", "off"):
            fail(say("bad_choice", option="--warnings", choices="on / off", value=warnings[:20]), 2)
        given["warnings"] = warnings == "on"
    try:
        if colors:
            given["colours"] = {}
            for part in _split_list(colors):
                who, eq, colour = part.partition("=")
                if not eq or not who or not colour:
                    fail(say("bad_pairs", option="--colors", form="NAME=COLOUR", example="anna=red,ben=yellow",
                             part=part), 2)
                given["colours"][who] = colour.casefold()
        if areas:
            given["areas"] = {}
            for part in _split_list(areas):
                name, eq, a = part.partition("=")
                if not eq or not a.isdecimal() or len(a) > 6:
                    fail(say("bad_pairs", option="--areas", form="NAME=AREA", example="anna=1,ben=5",
                             part=part[:40]), 2)
                given["areas"][name] = int(a)
        if winter:
            given["winter"] = []
            for part in winter.replace(",", " ").split():
                f, slash, h = part.partition("/")
                if not slash or not f.isdecimal() or not h.isdecimal() or len(f) > 6 or len(h) > 6:
                    fail(say("bad_pairs", option="--winter", form="FOOD/HEAT", example="6/3,7/4", part=part[:40]), 2)
                given["winter"].append([int(f), int(h)])
    except typer.Exit:
        raise
    complete = all(given[k] is not None for k in ("players", "mode", "order", "areas", "winter"))
    if complete and given["variants"] is None:
        given["variants"] = []
    if complete and given["mode"] in ("expert", "planned") and given["cards"] is None:
        complete = False
    if complete and given["expansion"] and given["buildings"] is None:
        complete = False  # R23: the wizard asks for the face-up building tiles
    if complete:
        setup = Setup(players=given["players"], mode=given["mode"], variants=given["variants"],
                      order=given["order"], areas=given["areas"], winter=given["winter"],
                      cards=given["cards"] or [], start_money=5 if given["money"] is None else given["money"],
                      name=(given["name"] or "").strip(), colours=given["colours"] or {},
                      strict_order=bool(given["strict"]), warnings=given["warnings"] is not False,
                      expansion=given["expansion"] or "", buildings=given["buildings"] or [])
    else:
        from lignum_companion import table

        setup = table.wizard(given)
        if setup is None:  # the wizard said it was cancelled: that one line, not the signal's too
            from lignum_companion.cli import stopping

            raise typer.Exit(stopping.handled() or 130)
        setup.name = setup.name or (given["name"] or "").strip()
        setup.colours = setup.colours or given["colours"] or {}
    import datetime

    today = datetime.date.today().isoformat()
    setup.date = setup.date or today
    try:
        new_game(setup)
    except LignumError as e:
        fail(say("cannot_start", reason=e))
    from lignum_companion.texts import catalog as texts

    gf = gamefile.new_file(setup, texts.current())
    if file:
        path = Path(file)
    else:
        path = gamefile.games_dir() / gamefile.default_name(setup, today)
    try:
        path = gamefile.create(gf, path, numbered=not file)  # never over another file, even one made just now
    except gamefile.SaveError as e:
        if file and e.said.key == "save.exists":
            fail(str(gamefile.Said("save.exists_file", path=path)))
        fail(str(e))
    gamefile.remember(path)
    out(say("new_saved", path=path))
    out(say("new_next", path=path))


def cmd_do(
    args: list[str] = typer.Argument(..., metavar="ACTION", autocompletion=cli_complete.action_words,
                                     help="[FILE] then one or more actions, each quoted: 'anna go 4 2'"),
    file: str = typer.Option(None, "--file", "-f", help="Game file (default: first argument if it is a file)",
                             autocompletion=cli_complete.game_files),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No warnings from the advisor"),
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
    with locked_or_fail(resolve_file(file)) as path:  # read, check and write as one step: no line is ever lost
        g = _do(path, actions, quiet)
    out(say("next", waiting=views.waiting_for(g)))


@contextlib.contextmanager
def locked_or_fail(path: Path) -> Iterator[Path]:
    """Hold the game's lock for a whole read-check-write; one line if another command keeps it too long."""
    from lignum_companion.gamefile import store as gamefile

    lock = gamefile.locked(path)
    try:
        lock.__enter__()
    except gamefile.SaveError as e:
        fail(str(e))
    try:
        yield path
    finally:
        lock.__exit__(None, None, None)


def _do(path: Path, actions: list[str], quiet: bool = False):
    """Apply and save under the lock held by the caller; print `ok` only for lines that are saved, then the
    advisor's warnings these lines brought up (each once per step, as `play` says them)."""
    from lignum_companion.engine import LignumError, advice, apply, parse
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(str(path))
    before = g.clone()
    announcer = advice.Announcer() if gf.setup.warnings and not quiet else None
    if announcer:
        announcer.news(g)  # what already held before this call was said before
    news: list[advice.Alert] = []
    done: list[str] = []
    warnings: list[str] = []
    for text in actions:
        try:
            action = parse(text, g.board)
            if action.verb in ("feed", "heat") and action.player is not None:
                pi = g.player_index(action.player)
                warning = views.heating_warning(g, pi, action.args.get("sell", {})) if pi is not None else ""
                warnings += [warning] if warning else []
            apply(g, action)
            news += announcer.news(g) if announcer else []
        except LignumError as e:
            hint = _rules_hint(e, g)
            fail(say("refused", reason=e, hint=hint) + (say("refused_after", n=len(done)) if done else ""))
        done.append(action.text)
    save_or_fail(gamefile.append(gf, done), path)
    for t in done:
        out(say("ok", action=t))
    for line in warnings + views.changes(before, g) + views.warning_lines(news):
        prose(line)
    return g


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

    lines = views.forecast_lines(g)
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
    if recap:
        for line in recap:
            prose(line)
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
) -> None:
    """The state as tables (or JSON)."""
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
            from lignum_companion.texts.words import card  # 교역(trade)

            cards = [say("pw_card_one" if n == 1 else "pw_card", card=card(c), n=n) for c, n in g.pw_cards.items()]
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
    kept = None
    with locked_or_fail(resolve_file(file)) as path:
        path, gf, g = load_or_fail(str(path))
        if not gf.actions:
            fail(say("undo_nothing"))
        n = min(n, len(gf.actions))
        removed = gf.actions[-n:]
        new = gamefile.drop_last(gf, n)
        g2 = gamefile.replay(new)
        if g2.round < g.round or n == len(gf.actions) > 1:  # into an earlier round, or the whole game
            _confirm_large_undo(n, g2, yes, everything=n == len(gf.actions))
            try:
                kept = gamefile.keep_copy(gf, "before-undo")
            except gamefile.SaveError as e:
                fail(str(e))
        save_or_fail(new, path)
    for line in removed:
        out(say("undone", action=line.text))
    if kept is not None:
        prose(say("undo_kept", kept=kept, path=path))
    out(say("next", waiting=views.waiting_for(g2)))


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
    if not typer.confirm(say(how, n=n, where=where), default=False, err=True):
        fail(say("undo_declined"))


def cmd_check(file: str = FileArg) -> None:
    """Replay the whole file and validate every line."""
    from lignum_companion.views import game as views

    path, gf, g = load_or_fail(file)
    out(say("checked", path=path, n=len(gf.actions), where=views.where(g)))


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


def file_name(path: Path) -> str:
    """A file's name for one cell or one line: a newline, tab or control character in it is shown as \\uXXXX, so it
    cannot break the table or drive the terminal."""
    from lignum_companion.engine.names import neutralise

    name = neutralise(path.name)
    return "".join(f"\\u{ord(c):04x}" if c in "\n\r\t" else c for c in name)


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
