"""`lignum new`: start a game. With every option given it asks nothing (scriptable); otherwise the table's wizard
asks what is missing. The new file never takes the name of another one."""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lignum_companion.cli.common import fail, out, say, split_list

if TYPE_CHECKING:
    from lignum_companion.engine import Setup


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
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts.words import card_codes

    if file:
        try:
            gamefile.check_name_fits(file)  # before the wizard asks anything
        except gamefile.SaveError as e:
            fail(str(e))
    given: dict[str, Any] = {
        "players": split_list(players) or None,
        "mode": mode,
        "variants": split_list(variant) if variant else ([] if no_variants else None),
        "order": split_list(order) or None,
        "areas": None,
        "winter": None,
        "cards": card_codes(split_list(cards)) or None,  # R20: '식량 공급' as well as food-supply
        "money": money,
        "name": name,
        "colours": None,
        "strict": strict_order,
        "warnings": None,
        "expansion": None,
        "buildings": None,
    }
    _read_choices(given, expansion, buildings, warnings)
    _read_pairs(given, colors, areas, winter)
    _start(_setup(given), file)


def _read_choices(given: dict[str, Any], expansion: str | None, buildings: str | None, warnings: str | None) -> None:
    """--expansion, --buildings (R23: they imply the expansion) and --warnings; a wrong word is a usage error."""
    from lignum_companion.engine import data as D
    from lignum_companion.gamefile import store as gamefile

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


def _read_pairs(given: dict[str, Any], colors: list[str] | None, areas: list[str] | None, winter: str | None) -> None:
    """--colors NAME=COLOUR, --areas NAME=AREA and --winter FOOD/HEAT; a malformed pair is a usage error."""
    if colors:
        given["colours"] = {}
        for part in split_list(colors):
            who, eq, colour = part.partition("=")
            if not eq or not who or not colour:
                fail(say("bad_pairs", option="--colors", form="NAME=COLOUR", example="anna=red,ben=yellow",
                         part=part), 2)
            given["colours"][who] = colour.casefold()
    if areas:
        given["areas"] = {}
        for part in split_list(areas):
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


def _setup(given: dict[str, Any]) -> "Setup":
    """The game's setup: straight from the options when they say everything, else from the wizard's questions."""
    from lignum_companion.engine import Setup

    complete = all(given[k] is not None for k in ("players", "mode", "order", "areas", "winter"))
    if complete and given["variants"] is None:
        given["variants"] = []
    if complete and given["mode"] in ("expert", "planned") and given["cards"] is None:
        complete = False
    if complete and given["expansion"] and given["buildings"] is None:
        complete = False  # R23: the wizard asks for the face-up building tiles
    if complete:
        return Setup(players=given["players"], mode=given["mode"], variants=given["variants"],
                     order=given["order"], areas=given["areas"], winter=given["winter"],
                     cards=given["cards"] or [], start_money=5 if given["money"] is None else given["money"],
                     name=(given["name"] or "").strip(), colours=given["colours"] or {},
                     strict_order=bool(given["strict"]), warnings=given["warnings"] is not False,
                     expansion=given["expansion"] or "", buildings=given["buildings"] or [])
    from lignum_companion import table

    asked = table.wizard(given)
    if asked is None:  # the wizard said it was cancelled: that one line, not the signal's too
        from lignum_companion.cli import stopping

        raise typer.Exit(stopping.handled() or 130)
    asked.name = asked.name or (given["name"] or "").strip()
    asked.colours = asked.colours or given["colours"] or {}
    return asked


def _start(setup: "Setup", file: str | None) -> None:
    """Check the setup with the engine, then create the file (in the games folder under a readable name unless
    --file says where) and say how to go on."""
    import datetime

    from lignum_companion.engine import LignumError, new_game
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog as texts

    today = datetime.date.today().isoformat()
    setup.date = setup.date or today
    try:
        new_game(setup)
    except LignumError as e:
        fail(say("cannot_start", reason=e))
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
    if setup.expansion:  # R23: how the program read each tile, so that the table can check it before the game
        from lignum_companion.engine.state import Building
        from lignum_companion.views.buildings import read_lines

        for line in read_lines([Building(*t[:3]) for t in setup.buildings]):
            out(line)
    out(say("new_next", path=path))
