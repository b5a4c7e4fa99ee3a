"""Table entries and corrections: the path tokens (R2), task cards (R19), placement cards (R21, R32), `fix`."""

from __future__ import annotations

from .. import buildings, data
from ..args import FixArgs, PathArgs, PlacementArgs, TaskArgs
from ..errors import IllegalAction
from ..events import AreasMarked, Corrected, PathLaid, PlacementCard, TaskRevealed, sink
from ..ledger import Named
from ..pieces import Bag, add, add_all
from ..state import Building, Game, Player, Task
from .common import Handler, area_wood, gain, record


def check_path_tokens(g: Game, tokens: list[str]) -> None:
    """The 13 path tokens must be this player count's mix (R2, seed 003)."""
    n = len(g.players)
    mix = data.PATH_MIX[n]
    counts: Bag = {}
    for t in tokens:
        key = "craft" if t in data.CRAFTWORK else t
        add(counts, key)
    for key, want in mix.items():
        have = counts.get(key, 0)
        if have != want:
            raise IllegalAction.keyed("path_token_mix", "R2", n=n, want=want, token=key, have=have)


def _path(g: Game, pi: int, a: PathArgs) -> None:
    check_path_tokens(g, a["tokens"])
    g.path = {str(loc): tok for loc, tok in zip(g.board.token_locations, a["tokens"], strict=True)}
    g.supply = dict(data.PATH_SUPPLY[len(g.players)])
    record(g, lambda: PathLaid(tokens=dict(g.path), supply=dict(g.supply), rule="R2"))


def _task(g: Game, pi: int, a: TaskArgs) -> None:
    g.task_seq += 1
    tid = f"T{g.task_seq}"
    grouped: dict[tuple[str, int], int] = {}  # the notation writes needs grouped; so does the state, for replay
    for piece, stage in a["needs"]:
        grouped[(piece, stage)] = grouped.get((piece, stage), 0) + 1
    needs = [[piece, stage] for (piece, stage), n in grouped.items() for _ in range(n)]
    g.task_display.append(Task(tid, a["value"], needs, [False] * len(needs)))
    record(g, lambda: TaskRevealed(task=tid, value=a["value"], needs=tuple((pc, st) for (pc, st), n in grouped.items()
                                                                           for _ in range(n)), rule="R19"))


def _placement(g: Game, pi: int, a: PlacementArgs) -> None:
    if g.tactical:
        g.next_placements.append({k: dict(v) for k, v in a["areas"].items()})
    else:
        for area, bag in a["areas"].items():
            add_all(g.cutting[area], bag)
        g.placements += 1  # the tactical variant counts its cards in next_placements (R21, R32)
    record(g, lambda: PlacementCard(areas={k: dict(v) for k, v in a["areas"].items()}, held=g.tactical,
                                    rule="R21" if g.tactical else ""))


def place_cards(g: Game, cards: list[dict[str, Bag]]) -> None:
    """The cards held face up since the round before put on the areas as this round begins (R21)."""
    for card in cards:
        for area, bag in card.items():
            add_all(g.cutting[area], bag)
        if (rec := sink(g)) is not None:
            rec.append(PlacementCard(areas={k: dict(v) for k, v in card.items()}, rule="R21", auto=True))


def fill_empty_areas(g: Game) -> None:
    """After the placement cards, 1 firewood on every cutting area without wood (seed 000, step 2)."""
    g.marked = []
    for area in data.CUTTING_AREAS:
        if not area_wood(g, area):
            add(g.area_bag(area), "F", data.EMPTY_AREA_FIREWOOD)
            g.marked.append(area)
    if g.marked:
        record(g, lambda: AreasMarked(areas=tuple(g.marked), pieces={"F": data.EMPTY_AREA_FIREWOOD}, auto=True))


FIX_GROUPS = {
    **{k: "equipment" for k in ("wagon", "raft", "saw", "sledge")},
    **{k: "craftwork" for k in data.CRAFTWORK},
    **{k: "workers" for k in ("woodcutters", "bearers", "sawyers")},
    **{f"{k}-hut": "huts" for k in data.HUT_AREAS},
}


def building_named(p: Player, word: str) -> Building | None:
    """The player's building of that name (case-insensitive; a name may have several words), or None (R23)."""
    return buildings.tile_named(p.buildings, word)


def correction_reason(p: Player, reason: str) -> str:
    """Ledger text of a money correction: a building's effect is shown under its name (R23)."""
    b, rest = buildings.named_in(p.buildings, reason.strip())
    if b is not None:
        return Named.BUILDING.of(b.name + (f": {rest.strip()}" if rest.strip() else ""))
    return Named.CORRECTION.of(reason)


# Which pieces a correction may put in each area of a mill: later steps rely on these (issue #15, item 10).
FIX_WOOD_PIECES = {"woodpile": data.KINDS, "river": data.KINDS, "saw": data.KINDS, "store": ("mF", "mS", "mH"),
                   **{a: data.PIECES for a in data.SALE_AREAS}}  # unsawn hardwood there stays unsold (R10, R12)


FIX_WOOD_RULE = {"woodpile": "R9", "river": "R8", "saw": "R9", "store": "R14",
                 **{a: "R7" for a in data.SALE_AREAS}}


def _fix(g: Game, pi: int, a: FixArgs) -> None:
    ti = g.player_index(a["target"])
    if ti is None:
        raise IllegalAction.keyed("correction_unknown_player", "", target=a['target'])
    p = g.players[ti]
    fld, d = a["field"], a["delta"]
    if not a["reason"].strip():
        raise IllegalAction.keyed("correction_without_reason", "")
    if fld in ("money", "food", "debt", "loans", "carpenters"):
        new = getattr(p, fld) + d
        if new < 0:
            raise IllegalAction.keyed("correction_negative", "", name=p.name, fld=fld, new=new)
        if fld == "loans" and new > data.MAX_LOANS:
            raise IllegalAction.keyed("correction_loans_max", "R15", MAX_LOANS=data.MAX_LOANS)
        if fld == "carpenters" and (new > data.MAX_CARPENTERS or not g.joinery):
            raise IllegalAction.keyed("fix_carpenters", "R23", max=data.MAX_CARPENTERS)
        if fld == "money":
            gain(g, p, d, correction_reason(p, a["reason"]))
        else:
            setattr(p, fld, new)
    elif fld == "fodder":
        value = abs(d)
        if value not in (2, 3):
            raise IllegalAction.keyed("correction_fodder_value", "R7")
        if d > 0 and value in p.fodder:
            raise IllegalAction.keyed("correction_fodder_held", "R7", name=p.name, value=value)
        if d < 0 and value not in p.fodder:
            raise IllegalAction.keyed("correction_fodder_not_held", "R7", name=p.name, value=value)
        if d > 0:
            p.fodder = sorted(p.fodder + [value])
        else:
            p.fodder.remove(value)
    elif fld in FIX_GROUPS:
        bag = getattr(p, FIX_GROUPS[fld])
        fld = fld.removesuffix("-hut")
        if bag.get(fld, 0) + d < 0:
            raise IllegalAction.keyed("correction_below_zero", "", name=p.name, value=bag.get(fld, 0), fld=fld)
        if fld == "saw" and bag.get(fld, 0) + d > data.MAX_SAWS:
            raise IllegalAction.keyed("correction_saws_max", "R17", MAX_SAWS=data.MAX_SAWS)
        add(bag, fld, d)
    else:
        area, _, piece = fld.partition(".")
        if p.wood[area].get(piece, 0) + d < 0:
            raise IllegalAction.keyed("correction_wood_below_zero", "", name=p.name, spot=area,
                                      value=p.wood[area].get(piece, 0), piece=piece)
        if d > 0 and piece not in FIX_WOOD_PIECES[area]:
            raise IllegalAction.keyed("correction_piece_never_there", FIX_WOOD_RULE[area], spot=area, piece=piece,
                                      pieces=list(FIX_WOOD_PIECES[area]))
        if p.wood[area].get(piece, 0) + d > data.MAX_COUNT:
            raise IllegalAction.keyed("correction_over_box", "", value=data.MAX_COUNT + 1)
        add(p.wood[area], piece, d)
    p.corrections.append(f"round {g.round}: {a['field']} {d:+d} ({a['reason']})")
    record(g, lambda: Corrected(player=ti, name=p.name, field=a["field"], delta=d, reason=a["reason"]))
    tile, _ = buildings.named_in(p.buildings, a["reason"].strip())
    if tile is not None:  # R23: a correction named after a tile stands in for its automatic effect at that moment
        buildings.stand_in(g, ti, tile.name)  # (never both); a second line of it finds nothing left to take back


HANDLERS: dict[str, Handler] = {
    "path": _path,
    "task": _task,
    "placement": _placement,
    "fix": _fix,
}
