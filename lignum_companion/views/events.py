"""The echo of accepted lines: the engine's events in words, in the shown language (issue 29 §3).

The engine says what it did (engine/events.py); this only words it, never comparing states: each board move once,
in the glossary's words (areas by their names, no codes), the moves nobody typed (the drying shift, food shared
out, Overtime's hardwood, a building's effect, a winter bill) on a line of their own marked as automatic, every
spent hut or token named, a task card as the physical card, a cutting-area token with both areas, and a
correction with the round it is booked in. `lignum play`, `lignum do` and the server use it.
Templates: templates/<lang>/screen.toml [events].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine import events as E
from lignum_companion.engine.state import Game
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

# Kinds the table's own screens already say (the path and its draws as typed, the step headers, the season's
# start and its recap): nothing to add to an echo.
QUIET = (E.StepBegan, E.RoundEnded, E.GameEnded, E.Returned, E.PathLaid, E.AreasMarked)


def _tpl() -> dict[str, str]:
    return texts.load("screen")["events"]


def _fill(key: str, **fields: Any) -> str:
    return texts.fill(_tpl()[key], **fields)


def _money(n: int, sign: bool = False) -> str:
    from lignum_companion.views.game import money

    return money(n, sign)


def place(code: str) -> str:
    """A place pieces move between, in words alone (GLOSSARY: no area code on a screen)."""
    w = texts.load("words")
    if code in w["areas"]:
        return str(w["areas"][code])
    if code.startswith("task:"):
        return _fill("task_card", task=code.partition(":")[2])
    if code.startswith("cutting:"):
        return _fill("cutting_area", area=code.partition(":")[2])
    return _tpl().get(f"place_{code}", code)


def pieces(bag: dict[str, int]) -> str:
    """Counted pieces or tokens in words ('2 firewood, 1 softwood' / '장작 2개, 침엽수 1개')."""
    return words.said({k: n for k, n in bag.items() if n})


def workers(bag: dict[str, int]) -> str:
    """Hired workers with the language's counter ('2 bearers' / '짐꾼 2명')."""
    w = texts.load("labels")["show"]["workers_words"]
    return ", ".join(texts.fill(w["pattern"], n=n, kind=w.get(k if n > 1 else k[:-1], k))
                     for k, n in bag.items() if n)


def card(code: str) -> str:
    """A planned work card by its name alone (GLOSSARY's names; the code is the notation's business)."""
    return str(texts.load("reference")["expert"]["card_names"].get(code, code))


def _held(items: dict[str, int], holding: str) -> str:
    if holding == "huts":
        return words.held(items, D.HUT_AREAS) if words.beside("bag") else ", ".join(
            words.counted(n, k, hut=True) for k, n in items.items() if n)
    return pieces(items)


@dataclass
class Said:
    """One line of an echo: whose (`player` None: the table's), whether nobody typed it (`auto`), its kind
    (`moves`, `bill`, `skip`) and its words without the name (`text`); `line` is the line as shown."""

    player: int | None
    name: str
    auto: bool
    parts: list[str] = field(default_factory=list)
    money: list[tuple[str, int]] = field(default_factory=list)  # (ledger reason, amount) in order
    cash: tuple[int, int] | None = None  # money before and after
    kind: str = "moves"
    plain: str = ""  # a whole line made elsewhere (a bill, a skip)
    tail: list[str] = field(default_factory=list)  # said after the moves (a task complete)
    by: list[str] = field(default_factory=list)  # the workers who did it (hired workers, the mill worker)
    foreman: str = ""  # the foreman's move, said when nothing else is
    bought: list[str] = field(default_factory=list)  # goods bought at the market, said under one verb
    bought_at: int = -1  # the part that says them

    @property
    def text(self) -> str:
        if self.kind == "bill":
            return _fill("bill_text", parts="; ".join(self.parts))
        parts = list(self.parts)
        if self.by and parts:
            parts[-1] += _fill("by", who=", ".join(self.by))
        elif self.by:
            parts.append(_fill("workers", items=", ".join(self.by)))
        parts += self.tail
        if not parts and self.foreman:
            parts.append(self.foreman)
        if self.money and parts and not self.auto:  # what the money was for is said by the moves: only the change
            parts.append(_fill("cash", before=self.cash[0], after=self.cash[1]) if self.cash else "")
        elif self.money:
            from lignum_companion.views.game import reason_words

            sums: dict[str, list[int]] = {}
            for reason, amount in self.money:
                sums.setdefault(reason, []).append(amount)
            reasons = ", ".join(
                f"{reason_words(r)}{_fill('times', n=len(a)) if len(a) > 1 else ''} {_money(sum(a), sign=True)}"
                for r, a in sums.items())
            before, after = self.cash or (0, 0)
            parts.append(_fill("money", reasons=reasons, before=before, after=after))
        return _tpl()["joiner"].join(p for p in parts if p)

    @property
    def line(self) -> str:
        if self.plain:
            return self.plain
        if self.kind == "bill":
            return _fill("bill", name=self.name, parts="; ".join(self.parts))
        if self.player is None:
            return _fill("table_auto" if self.auto else "table", parts=self.text)
        return _fill("auto" if self.auto else "line", name=self.name, parts=self.text)


@contextmanager
def _speaking(lang: str | None) -> Iterator[None]:
    with texts.speaking(lang) if lang else nullcontext():
        yield


def event_lines(g: Game, events: Sequence[E.Event], lang: str | None = None, *,
                before: Game | None = None, settled: bool = False) -> list[str]:
    """The echo of a batch of events: one line per player and kind of move, automatic moves on their own lines,
    skips and winter bills as the table screen says them. `g`: the state after; `before`: the state the batch
    was applied to (for the round a correction is booked in)."""
    with _speaking(lang):
        return [s.line for s in said(g, events, before=before, settled=settled)]


def said(g: Game, events: Sequence[E.Event], *, before: Game | None = None, settled: bool = False) -> list[Said]:
    """The echo as data: `Said` per line, in the order the engine did it. `settled`: winter bills as the account
    of each settled step (`lignum do`: views.winter_lines), else as what to hand in on the board (play)."""
    out: list[Said] = []
    rnd = before.round if before is not None else g.round
    skips: list[list[Any]] = []
    bills: list[dict[str, Any]] = []
    billed: set[int] = set()
    pending_fodder: dict[int, list[str]] = {}
    plans: list[tuple[int, str, str]] = []  # (player, card, words): the round's planned work acting (R20)
    plans_round: list[int] = []
    acted: set[tuple[int, str]] = set()  # planned work whose own move is said (Overtime's hardwood): not said twice

    def group(pi: int | None, name: str, auto: bool) -> Said:
        for s in reversed(out):  # the player's open line of the same kind, unless another player's came between
            if s.kind == "moves" and s.player == pi and s.auto == auto:
                return s
            if s.kind == "moves":
                break
        s = Said(pi, name, auto)
        out.append(s)
        return s

    for e in events:
        if isinstance(e, QUIET):
            continue
        if isinstance(e, E.RoundEnded):  # pragma: no cover - quiet above; kept for the round count
            rnd = e.next_round
        if isinstance(e, E.Skipped):
            skips.append([rnd, e.step, e.player, e.why])
            continue
        if isinstance(e, E.PlayerEvent) and e.rule == "R14":
            if isinstance(e, E.WinterBill):
                bills.append(dict(e.bill, player=e.player))
                billed.add(e.player)
            elif isinstance(e, E.DebtAdded):
                bills.append({"player": e.player, "debt_before": e.debt - e.amount, "debt_after": e.debt})
            elif isinstance(e, E.Spent) and e.purpose == "discarded":
                bills.append({"player": e.player, "discarded": e.items.get("food", 0)})
            continue  # its parts (loans, a forced sale, money, debt, food and heating wood handed in) are the bill's
        if isinstance(e, E.PlanInEffect):  # the round's planned work in one line (R20)
            plans.append((e.player, e.card, _fill("plan_of", card=card(e.card), name=e.name)))
            plans_round.append(e.round)
            continue
        if isinstance(e, E.PiecesMoved) and e.auto and e.rule == "R20" and e.src == "supply":
            acted.add((e.player, "overtime"))
        if isinstance(e, E.PlayerEvent):
            _player_event(g, e, group, pending_fodder, before, rnd)
        elif isinstance(e, E.FoodShared):
            s = group(None, "", True)
            s.parts.append(_fill("food_shared", shares="; ".join(_share(g, x) for x in e.shares)))
        elif isinstance(e, E.PlacementCard):
            s = group(None, "", e.auto)
            s.parts.append(_fill("placement_held" if e.auto else "placement", areas=_areas_bags(e.areas)))
        elif isinstance(e, E.TaskRevealed):
            s = group(None, "", e.auto)
            s.parts.append(_fill("task_revealed", task=e.task, value=e.value, needs=_needs(e.needs)))
    acting = [words for pi, code, words in plans if (pi, code) not in acted]
    if acting:
        out.append(Said(None, "", True, [_fill("plans", plans=_tpl()["joiner_short"].join(acting),
                                               when=_season(plans_round[0]))]))
    for pi, spent in pending_fodder.items():  # fodder spent with nothing turned: back to the supply
        s = group(pi, g.players[pi].name, False)
        s.tail += [_fill("fodder_spent", value=v) for v in spent]
    from lignum_companion.views import game as views

    if skips:
        out += [Said(None, "", True, kind="skip", plain=line) for line in views.skip_lines(g, skips)]
    if bills and settled:
        out += [Said(None, "", True, kind="skip", plain=line)
                for line in views.winter_lines(g, [b for b in bills if "handed" in b])]
    elif bills:
        out += bill_said(g, bills)
    return [s for s in out if s.plain or s.parts or s.money or s.tail or s.by or s.foreman]


def _needs(needs: Sequence[Sequence[Any]]) -> str:
    """A task card's needs, like pieces counted ('2 milled firewood from the third drying area')."""
    w = texts.load("labels")["flow"]
    counts: dict[tuple[str, int], int] = {}
    for pc, st in needs:
        counts[(pc, int(st))] = counts.get((pc, int(st)), 0) + 1
    return ", ".join(texts.fill(w["task_need"], piece=words.counted(n, pc), stage=w["stages"].get(str(st), st))
                     for (pc, st), n in counts.items()) or w["task_needs_nothing"]


def _share(g: Game, x: dict[str, Any]) -> str:
    names = ", ".join(x.get("names") or [g.players[i].name for i in x.get("players", [])])
    text = _fill("share" if len(x.get("players", [])) > 1 else "share_one", area=x.get("area"), names=names,
                 each=x.get("each", 0))
    return text + (_fill("share_left", left=x["left"]) if x.get("left") else "")


def _areas_bags(areas: dict[str, dict[str, int]]) -> str:
    return "; ".join(_fill("area_bag", area=a, pieces=pieces(b)) for a, b in areas.items() if b)


def _season(rnd: int) -> str:
    from lignum_companion.views.game import season_name

    if rnd > D.ROUNDS:
        return _tpl()["final_sale"]
    return _fill("season", season=season_name(D.round_season(rnd)), year=D.round_year(rnd))


def _path_would_end(before: Game | None) -> bool:
    """Whether the table's next entry (the next round's path) would close this round: then a correction typed
    now is booked in this round, not the next (R24)."""
    if before is None or before.over or before.step == "path":
        return False
    from lignum_companion.engine import flow

    trial = before.clone()
    try:
        flow.close_for_table(trial)
    except Exception:  # a binding move left: the path would be refused, the round stays
        return False
    return trial.round > before.round


def _player_event(g: Game, e: E.PlayerEvent, group: Any, fodder: dict[int, list[str]], before: Game | None,
                  rnd: int) -> None:
    """One player's event onto their line of this kind (typed or automatic): money and wood here."""
    pi, name = e.player, e.name
    s: Said = group(pi, name, e.auto)
    add = s.parts.append
    if isinstance(e, (E.MoneyChanged, E.MoneyTakenBack)):
        amount = e.amount if isinstance(e, E.MoneyChanged) else -abs(e.amount)  # a tile's gift taken back (R23)
        if s.cash is None:
            s.cash = (e.money - amount, e.money)
        s.cash = (s.cash[0], e.money)
        s.money.append((e.reason, amount))
    elif isinstance(e, E.PiecesMoved):
        add(_fill("overtime", pieces=pieces(e.pieces)) if e.auto and e.rule == "R20" and e.src == "supply"
            else _moved(e))
        if e.dst.startswith("task:"):
            task = next((t for t in g.players[pi].tasks if t.id == e.dst.partition(":")[2]), None)
            done = _fill("task_complete", id=task.id, value=task.value) if task is not None and task.complete else ""
            if done and done not in s.tail:
                s.tail.append(done)  # said after the moves
    elif isinstance(e, E.PiecesSold):
        by_area: dict[str, dict[str, int]] = {}
        for x in e.sold:
            by_area.setdefault(x["area"], {})[x["piece"]] = by_area.get(x["area"], {}).get(x["piece"], 0) + x["count"]
        add(_fill("sold", pieces=words.from_areas(by_area)))
    elif isinstance(e, E.WoodSawn):
        logs: dict[str, int] = {}
        for bag in e.logs.values():
            for k, n in bag.items():
                logs[k] = logs.get(k, 0) + n
        one_kind = len(logs) == 1
        areas = [a for a, b in e.logs.items() if b]
        where = _fill("sawn_all", area=place(areas[0])) if len(areas) == 1 and sum(logs.values()) > 1 else \
            _tpl()["joiner_short"].join(_fill("sawn_to_n", n=sum(b.values()), area=place(a)) if one_kind else
                                        _fill("sawn_to", logs=pieces(b), area=place(a))
                                        for a, b in e.logs.items() if b)  # all of them to one area: 'all'
        add(_fill("sawn", disks=pieces(e.disks), logs=pieces(logs), where=where))
    elif isinstance(e, E.DryingShift):
        moves = _tpl()["joiner_short"].join(_fill("moved", pieces=pieces(m["pieces"]), src=place(m["src"]),
                                                  dst=place(m["dst"])) for m in e.moves if m.get("pieces"))
        if moves:
            add(_fill("shift", moves=moves))
    else:
        _holdings_event(g, e, s, fodder, before, rnd)


def _holdings_event(g: Game, e: E.PlayerEvent, s: Said, fodder: dict[int, list[str]], before: Game | None,
                    rnd: int) -> None:
    """Money aside and wood aside: loans, tokens, workers, cards, tiles, huts, the trip, a step done, a fix."""
    pi = e.player
    add = s.parts.append
    if isinstance(e, E.LoanTaken):
        add(_fill("loan", n=e.loans))
    elif isinstance(e, E.DebtAdded):
        add(_fill("debt", amount=e.amount))
    elif isinstance(e, E.Gained):
        if e.holding == "fodder":
            old = fodder.get(pi, [])
            new = next(iter(e.items), "")
            if old:
                s.tail.append(_fill("fodder_turned", old=old.pop(0), new=new))
            else:
                add(_fill("gained", items=_fill("fodder_value", value=new)))
        else:
            by_card = e.source in D.PLANNED_WORK
            if e.source == "market":  # a saw and food bought together: one verb, the goods joined
                s.bought.append(_held(e.items, e.holding))
                text = _fill("bought", items=_tpl()["joiner_short"].join(s.bought))
                if s.bought_at < 0:
                    s.bought_at = len(s.parts)
                    add(text)
                else:
                    s.parts[s.bought_at] = text
            else:
                add(_fill("gained_card" if by_card else "gained", items=_held(e.items, e.holding),
                          card=card(e.source) if by_card else e.source))
    elif isinstance(e, E.Spent):
        _spent(e, s, fodder)
    elif isinstance(e, E.ForemanMoved):
        s.foreman = _fill("clearing", src=e.src) if e.dst == g.board.clearing else _fill("foreman", src=e.src,
                                                                                           dst=e.dst)
    elif isinstance(e, E.TokenTaken):
        add(_fill("coin" if e.token == "coin" else "token", token=words.thing(e.token), location=e.location))
    elif isinstance(e, E.WorkersHired):
        free = e.supply.get("free_sawyers", 0)  # the sawyer location's free sawyer is taken, not hired (R3)
        if free:
            paid = dict(e.workers, sawyers=e.workers.get("sawyers", 0) - free)
            add(_fill("hired_free", location=e.location) if not any(paid.values())
                else _fill("hired_free_and", location=e.location, workers=workers(paid)))
        else:
            add(_fill("hired", workers=workers(e.workers)))
    elif isinstance(e, E.FodderTaken):
        add(_fill("fodder", value=e.value))
    elif isinstance(e, E.AreaToken):
        key = "area_placed" if e.src is None else "area_back" if e.dst is None else "area_moved"
        add(_fill(key, src=e.src, dst=e.dst))
    elif isinstance(e, E.TaskTaken):
        add(_fill("task", value=e.value, location=e.location, task=e.task))
    elif isinstance(e, E.PlanMade):
        add(_fill("plan", pair=e.pair, card=card(e.card), when=_season(e.target)))
    elif isinstance(e, E.CarpenterTaken):
        add(_fill("carpenter", n=e.carpenters, location=e.location))
    elif isinstance(e, E.BuildingTaken):
        add(_fill("building", building=e.building, location=e.location))
    elif isinstance(e, E.BuildingEffect):
        if e.withdrawn:
            add(_fill("building_withdrawn", building=e.building))
        elif e.applied:
            add(_fill("building_effect", building=e.building))
    elif isinstance(e, E.HutsBuilt):
        add(_fill("huts", tokens=pieces(e.tokens), huts=_held(e.huts, "huts")))
    elif isinstance(e, E.RiverChosen):
        add(_fill("river", piece=words.thing(e.piece)))
    elif isinstance(e, E.StepClosed):
        if e.why == "done":
            from lignum_companion.views.game import step_name

            add(_fill("done", step=step_name(e.step)))
    elif isinstance(e, E.Corrected):
        what = words.correction(f"round {rnd}: {e.field} {e.delta:+d} ({e.reason})").partition(": ")[2] or \
            f"{e.field} {e.delta:+d} ({e.reason})"
        key = "correction_r24" if _path_would_end(before) else "correction"
        add(_fill(key, when=_season(rnd), what=what))


def _moved(e: E.PiecesMoved) -> str:
    bag = pieces(e.pieces)
    if e.src.startswith("cutting:"):
        area = e.src.partition(":")[2]
        return _fill("from_cutting" if e.dst != "food" else "food_from_cutting", pieces=bag, area=area,
                     dst=place(e.dst))
    if e.src == "supply":
        return _fill("from_supply", pieces=bag, dst=place(e.dst))
    if e.dst == "supply":
        return _fill("to_supply", pieces=bag, src=place(e.src))
    return _fill("moved", pieces=bag, src=place(e.src), dst=place(e.dst))


def _spent(e: E.Spent, s: Said, fodder: dict[int, list[str]]) -> None:
    add = s.parts.append
    if e.holding == "workers":
        s.by.append(workers(e.items))
    elif e.holding == "mill_worker":
        s.by.append(_tpl()["mill_worker"])
    elif e.holding == "huts":
        for hut, n in e.items.items():
            add(_fill("hut", huts=words.counted(n, hut, hut=True)))  # the hut named once
    elif e.holding == "fodder":
        for value, n in e.items.items():
            fodder.setdefault(e.player, []).extend([value] * n)
    elif e.purpose == "market":  # craftwork sets, or wagons, sledges and rafts on the Trade card (R17, R20)
        add(_fill("market_sold", items=pieces(e.items)))
    elif e.holding == "food":
        s.tail.append(_fill("food_back", items=pieces(e.items)))
    else:
        s.tail.append(_fill("token_back", items=pieces(e.items)))


def bill_said(g: Game, bills: list[dict[str, Any]]) -> list[Said]:
    """Each player's winter bill as what to hand in on the board (R14): food and heating wood handed in, what is
    missing and its cost, forced loans, wood sold, a debt, leftover food back to the supply."""
    out = []
    by_player: dict[int, list[dict[str, Any]]] = {}
    for b in bills:
        by_player.setdefault(b["player"], []).append(b)
    for pi, own in by_player.items():
        food = next((b for b in own if b.get("step") == "feeding"), None)
        heat = next((b for b in own if b.get("step") == "heating"), None)
        parts = []
        asks = ""
        if food and g.players[pi].carpenters:  # R23: the carpenters' food said as theirs
            from lignum_companion.views.game import winter_asks

            asks = winter_asks(g, "feeding", food["need"], food["round"])
        if food and heat:
            parts.append(_fill("bill_hand_in_carpenters" if asks else "bill_hand_in", food=food["handed"],
                               heat=heat["handed"], asks=asks))
        elif food:  # one of the two settled now (the other waits for the player's choice of wood, R14)
            parts.append(_fill("bill_food_carpenters" if asks else "bill_food", food=food["handed"], asks=asks))
        elif heat:
            parts.append(_fill("bill_heat", heat=heat["handed"]))
        cost = sum(b.get("cost", 0) for b in own)
        short = [_fill("bill_short_food" if b.get("step") == "feeding" else "bill_short_heat", n=b["missing"])
                 for b in own if b.get("missing")]
        if short:  # what is short, by name, and its cost once (the money change follows as figures alone)
            parts.append(_fill("bill_missing", what=_tpl()["joiner_short"].join(short), cost=cost))
        loans = sum(b.get("loans_taken", 0) for b in own)
        if loans:
            parts.append(_fill("bill_loans_one" if loans == 1 else "bill_loans", n=loans, amount=loans * D.LOAN_AMOUNT))
        sold: dict[str, dict[str, int]] = {}
        for b in own:
            for area, bag in (b.get("sold") or {}).items():
                for k, n in bag.items():
                    sold.setdefault(area, {})[k] = sold.get(area, {}).get(k, 0) + n
        if sold:
            parts.append(_fill("bill_sold", pieces=words.from_areas(sold)))
        debts = [b for b in own if "debt_after" in b]
        if debts:  # the debt in dollars, before and after (R14)
            parts.append(_fill("bill_debt", before=debts[0]["debt_before"], after=debts[-1]["debt_after"]))
        left = sum(b.get("discarded", 0) for b in own)
        if left:
            parts.append(_fill("bill_discarded", n=left))
        paid = [b for b in own if "money_before" in b]
        if paid and (cost or loans):
            parts.append(_fill("cash", before=paid[0]["money_before"], after=paid[-1].get("money_after", 0)))
        out.append(Said(pi, g.players[pi].name, True, parts, kind="bill"))
    return out
