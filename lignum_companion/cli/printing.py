"""CLI commands for the printables and the history: `lignum stats` (results across games) and `lignum print
reference` (a one-page round reference as PDF).

Only typer at module level; the engine, tabulate and reportlab load inside the commands. A bad file never
stops `stats`: it is listed as skipped with the reason.
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

from pathlib import Path

import typer

from lignum_companion.cli import complete as cli_complete
from lignum_companion.cli.lang import LangGroup

print_app = typer.Typer(cls=LangGroup, no_args_is_help=True, help="Printable pages: the round reference.")


def _fail(message: str, code: int = 1) -> None:
    from lignum_companion.cli.common import fail

    fail(message, code)


def _money(n: float | int | None) -> str:
    from lignum_companion.views.game import money  # the one money format; views is imported only when a command runs

    return money(n)


def stats(
    files: list[str] = typer.Argument(None, help="Game files, or folders of them (default: the games folder).",
                                      autocompletion=cli_complete.game_files),
    as_json: bool = typer.Option(False, "--json", help="The figures as JSON."),
    pdf: str = typer.Option(None, "--pdf", help="Write the results with a chart of each player's totals to this PDF."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing PDF."),
    paper: str = typer.Option(None, "--paper", help="a4 or letter (default: from the locale)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Replay every game instead of using the cache."),
) -> None:
    """Results across finished games: wins, averages, best totals, money by season; per game the totals."""
    from lignum_companion.cli.common import coloured_table, file_name, out
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import stats as st

    lab = texts.load("stats")
    paths: list[Path] = []
    for f in files or []:  # a folder stands for the game files in it (`lignum stats examples`)
        paths += st.game_files(Path(f)) if Path(f).is_dir() else [Path(f)]
    if not files:
        paths = st.game_files(gamefile.games_dir())
    if pdf:
        from lignum_companion.printables import score_sheet as pdfmod

        try:
            target = pdfmod.check_target(pdf, force)
            pdfmod.paper_size(paper or pdfmod.default_paper())
        except pdfmod.ExportError as e:
            _fail(str(e))
    result = st.collect(paths, use_cache=not no_cache)
    if pdf:
        from lignum_companion.printables import score_sheet as pdfmod
        from lignum_companion.printables import stats_sheet as stats_pdf

        try:
            pdfmod.write_atomic(target, stats_pdf.render(result, paper=paper or pdfmod.default_paper()), force)
        except pdfmod.ExportError as e:
            _fail(str(e))
    if as_json:
        import json

        out(json.dumps(st.to_json(result), ensure_ascii=False, indent=1))
        return
    if not files and not paths:
        out(texts.fill(lab["no_games"], folder=gamefile.games_dir()))
        return
    out(texts.fill(lab["title_one" if len(result.games) == 1 else "title"], games=len(result.games), files=len(paths)))
    if result.players:
        out()
        from lignum_companion.engine.data import ROUNDS, round_season, round_year

        seasons = [texts.fill(lab["season"], season=lab["seasons"][round_season(r)], year=round_year(r))
                   for r in range(1, ROUNDS + 1)]
        rows = [[t["name"], t["games"], t["wins"], t["shared_wins"], _money(t["average"]), _money(t["best"])]
                + [_money(st.whole_dollars(v)) for v in t["season_average"]] for t in result.players]
        out(coloured_table(list(lab["player_columns"]) + seasons, rows, [t["colour"] for t in result.players],
                           column=0, align=["left"] + ["right"] * (len(seasons) + 5)), neutral=True)
        out()
        rows = []
        for gm in result.games:
            totals = ", ".join(
                texts.fill(lab["total"], name=r["name"], total=_money(r["total"]),
                           mark=lab["winner_mark"] if r["place"] == 1 else "") for r in gm["players"])
            rows.append([gm["date"], gm["name"], lab["modes"].get(gm["mode"], gm["mode"]), totals])
        out(coloured_table(list(lab["game_columns"]), rows, [""] * len(rows)), neutral=True)
    if result.skipped:
        out()
        out(lab["skipped"])
        for s in result.skipped:
            out(f"  {file_name(Path(s.path))}: {s.reason}")
    if pdf:
        out(texts.fill(lab["written"], path=pdf))


def reference(
    file: str = typer.Argument(None, help="A game file: use its mode, variants, player count and winter cards.",
                               autocompletion=cli_complete.game_files),
    players: int = typer.Option(None, "--players", "-n", help="Player count, 2 to 4 (default 4, or the game's)."),
    mode: str = typer.Option(None, "--mode", "-m", help="basic, advanced, expert or planned (default: the game's)."),
    out_path: str = typer.Option(None, "--out", "-o", help="Where to write the PDF (default: lignum-reference.pdf)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing PDF."),
    paper: str = typer.Option(None, "--paper", help="a4 or letter (default: from the locale)."),
) -> None:
    """A one-page reference of the round (two for the expert game), for this player count and mode."""
    from lignum_companion.cli.common import load_or_fail, out
    from lignum_companion.printables import reference as ref
    from lignum_companion.printables import score_sheet as pdfmod

    game, name = None, ""
    if file:
        from lignum_companion.views.game import game_title

        _, gf, game = load_or_fail(file)
        name = game_title(gf.setup)
    try:
        facts = ref.facts(game, players=players, mode=mode, name=name)
    except ValueError as e:
        _fail(str(e), 2)
    target_name = out_path or "lignum-reference.pdf"
    try:
        target = pdfmod.check_target(target_name, force)
        data = ref.render(facts, paper=paper or pdfmod.default_paper())
        pdfmod.write_atomic(target, data, force)
    except pdfmod.ExportError as e:
        _fail(str(e))
    from lignum_companion.texts import catalog as texts

    out(texts.fill(texts.load("reference")["written"], path=target_name))


def register(app: typer.Typer) -> None:
    """Attach `stats` and the `print` group to the main app."""
    app.command("stats")(stats)
    print_app.command("reference")(reference)
    app.add_typer(print_app, name="print")
