"""The menus of the wood work steps in `lignum play` (cutting, arrival, transport, sawing, tasks, selling, drying):
plain builders, state in, menu entries out, each with a default that loses nothing (turns.py's STEP_MENUS)."""

from __future__ import annotations

from collections.abc import Callable

from lignum_companion.texts import words

from ..engine import LignumError, parse, rules
from ..engine import data as D
from ..engine import play as engine_play
from ..engine.actions import Action
from ..engine.ledger import Reason
from ..engine.pieces import format_bag, parse_bag, total
from ..engine.state import Game, Player
from .common import counted, tpl
from .entries import MenuContext, choice, inline_or_sub, typed, typed_any
from .menu import TYPE_KEY, Choice
from .wood import dest_words, moved, pieces_count, usual_destination, with_huts, wood_preference, wood_value, wood_words


def menu_cutting(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    g = ctx.g
    choices: list[Choice] = []
    if g.winter:
        for a in main:
            note = _winter_cut_note(p, a) if a.verb == "cut" else \
                tpl("note_done") if a.verb == "done" else ""
            choices.append(choice(a, note))
        if g.round == D.ROUNDS:  # the last winter: wood cut now is worth nothing at the end (woodpile)
            return choices, next((i for i, a in enumerate(main) if a.verb == "done"), 0)
        return choices, 0
    cuts = [a for a in main if a.verb == "cut"]
    plain = [a for a in cuts if not a.args["hut"]]
    shown: list[Action] = []
    if plain:
        most = max(total(a.args["pieces"]) for a in plain)
        best = sorted((a for a in plain if total(a.args["pieces"]) == most), key=wood_preference)
        shown = best[:4]
        choices += [choice(a, _cut_note(p, a)) for a in shown]
        hired = p.workers.get("woodcutters", 0)
        if most > hired > 0 and p.mill_worker and not p.workers.get("bearers") and not p.huts.get("accom"):
            # the default cut takes the mill worker, leaving nobody to carry wood: offer the cut without him
            kept = sorted((a for a in plain if total(a.args["pieces"]) == hired), key=wood_preference)[:1]
            shown += kept
            choices += [choice(a, tpl("note_cut_kept", area=p.area, what=words.said(a.args["pieces"])))
                        for a in kept]
    with_hut = [a for a in cuts if a.args["hut"]]
    if with_hut:
        a = max(with_hut, key=lambda a: (total(a.args["pieces"]), -wood_preference(a)[0]))
        choices.append(choice(a, tpl("note_cut", area=p.area, what=words.said(a.args["pieces"])) + with_huts(a)))
    if len(cuts) > len(shown) + (1 if with_hut else 0):
        choices.append(Choice("cut ...", tpl("note_cut_other"), follow=typed(ctx, p, "cut", "ask_cut"), rare=True,
                              key=TYPE_KEY))
    for a in main:
        if a.verb == "relocate":
            choices.append(choice(a, tpl("note_relocate", area=a.args["area"], wood=wood_words(g, a.args["area"]))))
    snatch = [(a, tpl("note_snatch", area=a.args["area"], what=words.said(a.args["pieces"])) + with_huts(a))
              for a in main if a.verb == "snatch"]
    choices += inline_or_sub(ctx, p, "snatch ...", tpl("note_snatch_menu", n=len(snatch)), snatch) if snatch \
        else []
    done = [a for a in main if a.verb == "done"]
    choices += [choice(a, tpl("note_no_cut")) for a in done]
    return choices, 0


def _cut_note(p: Player, a: Action) -> str:
    """A cut in words; one that needs the mill worker says so and who is left to carry wood (issue 29 §4,
    R6, R33: hired woodcutters cut first)."""
    what = words.said(a.args["pieces"])
    if not (p.mill_worker and total(a.args["pieces"]) > p.workers.get("woodcutters", 0)):
        return tpl("note_cut", area=p.area, what=what)
    from lignum_companion.views.events import workers

    left = {"bearers": p.workers.get("bearers", 0)}
    huts = p.huts.get("accom", 0)
    said = ", ".join(x for x in (workers(left), words.counted(huts, "accom", hut=True) if huts else "") if x)
    key = "note_cut_mill" if p.workers.get("woodcutters", 0) else "note_cut_mill_alone"
    return tpl(key, area=p.area, what=what, left=said or tpl("nobody_left"))


def _winter_cut_note(p: Player, a: Action) -> str:
    """Who cuts and how much (R13, R25): the mill worker with any huts, or the huts alone."""
    hut, mill = a.args.get("hut", 0), a.args.get("mill", True)
    n = rules.winter_cut_firewood(p, hut, mill)
    if mill and p.mill_worker:
        if hut:  # the huts' firewood is in n; an entry with them never reads like the one without
            return tpl("note_winter_cut_huts", n=n, huts=words.counted(hut, "accom", hut=True))
        return tpl("note_winter_cut", n=n)
    return tpl("note_winter_huts_alone" if p.mill_worker else "note_winter_huts_cut", n=n)


def menu_arrival(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    choices = []
    default = 0
    for i, a in enumerate(main):
        dest = a.args["dest"]
        if usual_destination(dest):
            default = i
        choices.append(choice(a, dest_words(dest)))
    return choices, default


def menu_transport(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    if ctx.g.winter:
        return _sledge_menu(ctx, p, main)
    choices: list[Choice] = []
    best: list[tuple[int, int]] = []  # (pieces, index) of the usual-destination moves
    for verb, note_key in (("carry", "note_carry"), ("wagon", "note_wagon")):
        acts = [a for a in main if a.verb == verb]
        if not acts:
            continue
        most = max(moved(a) for a in acts)
        top = [a for a in acts if moved(a) == most]
        usual = [a for a in top if usual_destination(a.args["dest"])]
        pick = sorted(usual, key=wood_preference)[:2] + [a for a in top if a not in usual][:1]
        for a in pick:
            if a in usual:
                best.append((most, len(choices)))
            choices.append(choice(a, tpl(note_key, dest=dest_words(a.args["dest"])) + with_huts(a)))
    raft_note = "note_raft" if ctx.g.season != "fall" else ("note_raft_spring" if ctx.g.year == 1
                                                               else "note_raft_never")  # R8: no arrival in winter
    for verb, note_key in (("raft", raft_note), ("float", "note_float")):
        acts = [a for a in main if a.verb == verb]
        if acts:
            a = max(acts, key=lambda a: (total(a.args["pieces"]), -wood_preference(a)[0]))
            choices.append(choice(a, tpl(note_key)))
    split = _split_choice(ctx, p, main)
    if split is not None:
        choices.append(split)
    choices.append(Choice(tpl("shown_other"), tpl("note_transport_other"),
                          follow=typed_any(ctx, p, "ask_transport"), rare=True, key=TYPE_KEY))
    done = [a for a in main if a.verb == "done"]
    choices += [choice(a, tpl("note_done")) for a in done]
    default = max(best, key=lambda b: (b[0], -b[1]))[1] if best else len(choices) - 1
    return choices, default


def _split_choice(ctx: MenuContext, p: Player, main: list[Action]) -> Choice | None:
    """Mixed splits from the menu (R7): the biggest wagon or bearers move, some pieces to the sawing area and
    the rest to the sale area, the player says which (`wagon saw:F sale:2F`)."""
    for verb in ("wagon", "carry"):
        acts = [a for a in main if a.verb == verb and not a.args.get("hut")]
        if not acts:
            continue
        a = max(acts, key=moved)
        pieces: dict[str, int] = {}
        for part in a.args["dest"].values():
            for k, v in part.items():
                pieces[k] = pieces.get(k, 0) + v
        if sum(pieces.values()) < 2:
            return None
        example = next(iter(pieces))

        def parse_split(raw: str, verb: str = verb, pieces: dict[str, int] = pieces) -> list[str]:
            saw = parse_bag(raw.strip(), D.PIECES, "piece") if raw.strip() else {}
            sale = {k: v - saw.get(k, 0) for k, v in pieces.items() if v - saw.get(k, 0) > 0}
            dest = " ".join(f"{area}:{format_bag(bag, D.PIECES)}" for area, bag in (("saw", saw), ("sale", sale))
                            if bag)
            return [f"{p.name} {verb} {dest}"]

        def follow(arg: str | None, parse_split: Callable[[str], list[str]] = parse_split,
                   example: str = example) -> list[str]:
            return ctx.table.text_answer(tpl("ask_split", example=example), parse_split, given=arg)

        return Choice(tpl("shown_split", verb=verb), tpl("note_split"), follow=follow, rare=True, key="split")
    return None


def _sledge_menu(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    """Winter sledges (R7): two pieces for free, one more per food (food the winter card also asks)."""
    sledges = [a for a in main if a.verb == "sledge"]
    choices: list[Choice] = []
    for n in sorted({moved(a) for a in sledges}, reverse=True):
        acts = [a for a in sledges if moved(a) == n and usual_destination(a.args["dest"])]
        if not acts:
            continue
        a = sorted(acts, key=wood_preference)[0]
        food = max(0, n - D.SLEDGE_BASE)
        choices.append(choice(a, tpl("note_sledge_food" if food else "note_sledge", food=food,
                                     dest=dest_words(a.args["dest"])) + with_huts(a)))
    choices.sort(key=lambda c: 0 if "food" not in c.note else 1)
    choices.append(Choice(tpl("shown_other"), tpl("note_sledge_other"), follow=typed_any(ctx, p, "ask_sledge"),
                          rare=True, key=TYPE_KEY))
    done = [a for a in main if a.verb == "done"]
    choices += [choice(a, tpl("note_done")) for a in done]
    return choices, 0


def menu_sawing(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    """Hardwood first (unsawn it cannot be sold, R10), then softwood, then firewood; firewood logs go to
    the storage while the storage holds fewer logs than the coming winter card asks (R14)."""
    g = ctx.g
    heat = g.winter_cards[g.year - 1][1]
    stored = total(p.wood["store"])
    saws = [a for a in main if a.verb == "saw"]
    choices: list[Choice] = []
    default = None
    for kind in ("H", "S", "F"):
        acts = [a for a in saws if kind in a.args["disks"]]
        if not acts:
            continue
        n = rules.saw_yield(g, p, kind)
        one = [a for a in acts if total(a.args["disks"]) == 1]
        to_sale = next((a for a in one if not a.args["store"]), None)
        to_store = next((a for a in one if a.args["store"]), None)
        want_store = kind == "F" and stored < heat
        if want_store and 0 < heat - stored < n:  # just what the winter needs, the rest for sale
            part = parse(f"{p.name} saw F store:{heat - stored}")
            if _legal(g, part.text):
                to_store = part
        for a in (to_store, to_sale) if want_store else (to_sale, to_store):
            if a is None:
                continue
            if default is None:
                default = len(choices)
            logs = total(a.args["store"])
            said = {"kind": words.thing(kind), "milled": words.thing("m" + kind)}  # 1 softwood → 3 milled softwood
            note = tpl("note_saw_store_all", n=n, **said) if logs == n > 1 else \
                counted("note_saw_store", n, m=logs, **said) if logs else counted("note_saw", n, **said)
            choices.append(choice(a, note + with_huts(a)))
        for a in acts:
            if total(a.args["disks"]) == 2:
                card = rules.plan_active(g, p, "sawing")
                choices.append(choice(a, tpl("note_saw_two_card" if card else "note_saw_two") + with_huts(a)))
    choices.append(Choice("saw ...", tpl("note_saw_other"), follow=typed(ctx, p, "saw", "ask_saw"), rare=True,
                              key=TYPE_KEY))
    done = [a for a in main if a.verb == "done"]
    choices += [choice(a, tpl("note_done")) for a in done]
    return choices, (default if default is not None else len(choices) - 1)


def _legal(g: Game, line: str) -> bool:
    trial = g.clone()
    try:
        engine_play(trial, line)
    except LignumError:
        return False
    return True


def menu_tasks(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    choices = []
    for a in main:
        if a.verb == "fill":
            t = next(t for t in p.tasks if t.id == a.args["task"])
            note = tpl("note_fill", task=t.id, value=t.value, wood=words.from_areas(a.args["from"]))
            choices.append(choice(a, note))
        elif a.verb == "furnish":  # R23: the shop, never "finished with this step"
            note = tpl("note_furnish", wood=words.from_areas(a.args["from"]), bonus=D.FURNITURE_BONUS)
            choices.append(choice(a, note))
        else:
            choices.append(choice(a, tpl("note_done")))
    return choices, 0


def menu_selling(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    """What must be sold (R12) comes first and is the default; otherwise the default sells nothing."""
    sells = [a for a in main if a.verb == "sell"]
    must = dict(p.wood["dry3"])
    choices: list[Choice] = []
    default = None
    ordered = sorted(sells, key=lambda a: (a.args["from"] != ({"dry3": must} if must else None),
                                           -pieces_count(a.args["from"])))
    for a in ordered[:7]:
        value = rules.sale_total(a.args["from"])
        what = words.from_areas(a.args["from"])  # sell 1 firewood from the sale area: $3
        if must and a.args["from"] == {"dry3": must}:
            default = len(choices)
            note = tpl("note_sell_must", value=value, what=what)
        elif a is max(sells, key=lambda a: pieces_count(a.args["from"])):
            note = tpl("note_sell_all", value=value, what=what)
        else:
            note = tpl("note_sell", value=value, what=what)
        choices.append(choice(a, note))
    choices.append(Choice("sell ...", tpl("note_sell_other"), follow=typed(ctx, p, "sell", "ask_sell"), rare=True,
                              key=TYPE_KEY))
    done = [a for a in main if a.verb == "done"]
    for a in done:
        if default is None:
            default = len(choices)
        sold = any(e.round == ctx.g.round and e.reason == Reason.SALE for e in p.ledger)  # R11: several lines
        choices.append(choice(a, tpl("note_keep_more" if sold else "note_keep")))
    return choices, (default if default is not None else 0)


def menu_drying(ctx: MenuContext, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
    """Move into the first drying area what fits, most pieces and dearest first (R11)."""
    drys = sorted((a for a in main if a.verb == "dry"),
                  key=lambda a: (-total(a.args["pieces"]), -wood_value(a.args["pieces"])))
    choices = [choice(a, tpl("note_dry", what=words.said(a.args["pieces"]))) for a in drys[:6]]
    if len(drys) > 6:
        choices.append(Choice("dry ...", tpl("note_dry_other"), follow=typed(ctx, p, "dry", "ask_dry"), rare=True,
                              key=TYPE_KEY))
    done = [a for a in main if a.verb == "done"]
    kept = tpl("note_no_dry") if any(p.wood["sale"].values()) else tpl("note_done")  # an empty sale area: no 'leave'
    choices += [choice(a, kept) for a in done]
    return choices, 0
