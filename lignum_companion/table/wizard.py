"""The `lignum new` wizard: the questions of a new game, each asked only when its answer is missing, and
the checks of the answers."""

from __future__ import annotations

import random
import re
from typing import Any

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words
from lignum_companion.texts.words import alias, card, card_codes, to_notation
from lignum_companion.views.game import game_title

from ..engine import LignumError, NotationError, Setup
from ..engine import data as D
from ..engine.names import describe, first_unsafe, same_name
from ..engine.setup import GAME_NAME_MAX, check_name, colours_of
from .common import make_rng, tpl
from .console import Console, Interrupted, hangup_as_interrupt, safe_streams


def wizard(given: dict[str, Any], con: Console | None = None, rng: random.Random | None = None) -> Setup | None:
    """Ask what `lignum new` was not told; None when the table cancels (Ctrl-C, end of input, `quit`)."""
    safe_streams()
    con = con or Console()
    con.qmark = "?"
    rng = rng or make_rng("wizard")
    try:
        with hangup_as_interrupt():
            return _Wizard(given, con, rng).run()
    except (Interrupted, KeyboardInterrupt, EOFError):
        con.write("\n")
        con.say(tpl("wizard_cancelled"))
        return None


STRICT = "strict-order"  # the variants answer that also sets the strict turn order (R24)


class _Wizard:
    """The questions of a new game, each asked only when its answer is missing or does not fit."""

    def __init__(self, given: dict[str, Any], con: Console, rng: random.Random) -> None:
        self.given = given
        self.con = con
        self.rng = rng
        self.answers: dict[str, Any] = {}
        self.notes: dict[str, str] = {}

    def run(self) -> Setup:
        ask_language(self.con)
        self.con.say(tpl("wizard_intro"))
        while True:
            setup = self.ask_all()
            show_summary(self.con, setup, self.notes)
            if self.con.confirm(tpl("wizard_confirm"), True):
                return setup
            self.con.say(tpl("wizard_again"))
            self.given = {k: (v if k in ("money",) else None) for k, v in self.given.items()}

    def value(self, key: str) -> Any:
        return self.given.get(key)

    def ask_all(self) -> Setup:
        players = self.players()
        mode = self.mode()
        chosen = self.variants()
        strict = self.strict(chosen)
        variants = [v for v in chosen if v != STRICT]
        order = self.order(players)
        areas = self.areas(players)
        winter = self.winter()
        cards = self.cards(mode, len(players))
        expansion = self.expansion()
        buildings = self.buildings(len(players)) if expansion else []
        warnings = self.warnings(mode)
        name = self.name(players)
        colours = self.colours(players)
        money = self.value("money")
        setup = Setup(players=players, mode=mode, variants=variants, order=order, areas=areas, winter=winter,
                      cards=cards, start_money=D.START_MONEY if money is None else money, strict_order=strict,
                      warnings=warnings, name=name, colours=colours, expansion=expansion, buildings=buildings)
        return setup

    # --- the Joinery and Buildings expansion (R23) ---------------------------------------------------------
    def expansion(self) -> str:
        given = self.value("expansion")
        if given is not None:
            return given
        choices = [(tpl("expansion_none"), ""), (tpl("expansion_joinery"), "joinery")]
        default = 1 if self.answers.get("expansion") else 0
        self.answers["expansion"] = self.con.select(tpl("ask_expansion"), choices, default)
        return self.answers["expansion"]

    def buildings(self, n: int) -> list[list[str]]:
        """The face-up building tiles, players + 4, each entered as NAME and its printed effect (R23)."""
        want = n + D.BUILDINGS_EXTRA
        given = self.given_checked("buildings", "--buildings", lambda tiles: check_buildings(tiles, want))
        if given is not None:
            return given
        self.con.say(tpl("buildings_intro", n=want))
        previous = self.answers.get("buildings") or []
        tiles: list[list[str]] = []
        for k in range(1, want + 1):
            old = previous[k - 1] if len(previous) == want else None
            hint = f" [{old[0]}: {old[1]}]" if old else ""

            def check(raw: str, old: list[str] | None = old) -> list[str]:
                if not raw.strip() and old:
                    return list(old)
                tile = split_tile(raw)
                check_buildings(tiles + [tile], len(tiles) + 1)
                return tile

            tile = self.ask_until(tpl("ask_building", k=k, n=want) + hint, check)
            self.con.say(read_line(tile))  # R23: how the program read it, at once
            tiles.append(tile)
        correct_readings(self.con, tiles)
        self.answers["buildings"] = tiles
        return tiles

    # --- the game's name and the players' colours (the score sheet's title, the sheet's and terminal's colours)
    def name(self, players: list[str]) -> str:
        given = self.value("name")
        if given:
            return given.strip()
        default = self.answers.get("name") or game_title(Setup(players=players))

        def check(raw: str) -> str:
            bad = first_unsafe(raw or default)
            if bad:
                raise NotationError(tpl("name_unsafe", what=describe(bad)))
            if len(raw.strip()) > GAME_NAME_MAX:  # issue 33: what is typed is bounded (the default follows the names)
                raise NotationError(tpl("name_long", most=GAME_NAME_MAX, got=len(raw.strip())))
            return raw or default

        self.answers["name"] = self.ask_until(tpl("ask_name") + f" [{default}]", check)
        return self.answers["name"]

    def given_checked(self, key: str, option: str, check: Any) -> Any:
        """The command line's answer once `check` accepts it; None (and why, when refused) to ask instead."""
        given = self.value(key)
        if given is None:
            return None
        try:
            return check(given)
        except LignumError as e:
            self.con.say(tpl("given_not_usable", what=option, reason=str(e)))
            return None

    def ask_until(self, prompt: str, check: Any) -> Any:
        """Ask until `check(answer)` accepts it; a refusal says why and asks again; `quit` stops the wizard."""
        while True:
            raw = self.con.line(prompt)
            if raw.lower() == "quit":
                raise Interrupted("quit")
            try:
                return check(raw)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))

    def colours(self, players: list[str]) -> dict[str, str]:
        given = self.given_checked("colours", "--colors", lambda v: check_colours(v, players) if v else None)
        if given is not None:
            return given
        previous = self.answers.get("colours") or dict(zip(players, colours_of(Setup(players=players)), strict=True))
        shown = texts.load("scoresheet")["labels"]["colour_names"]  # the default in the players' words (빨강)
        hint = " ".join(shown.get(previous[p], previous[p]) for p in players if p in previous)

        def check(raw: str) -> dict[str, str]:
            said = to_notation(raw, keep=tuple(players)).replace(",", " ").split()  # 빨강 -> red
            return check_colours(_per_player(said, players, "colours_count") if said else dict(previous), players)

        self.answers["colours"] = self.ask_until(tpl("ask_colours", names=" ".join(players)) + f" [{hint}]", check)
        return self.answers["colours"]

    def warnings(self, mode: str) -> bool:
        """The advisor's warnings for this game (`warnings off` in the header when not wanted); the question's
        examples are of what the chosen mode has (no planned work in an advanced game)."""
        given = self.value("warnings")
        if given is not None:
            return bool(given)
        choices = [(tpl("warnings_on"), True), (tpl("warnings_off"), False)]
        default = 0 if self.answers.get("warnings", True) else 1
        examples = texts.load("play")["text"]["warnings_examples"]
        self.answers["warnings"] = self.con.select(tpl("ask_warnings", examples=examples.get(mode, examples["basic"])),
                                                   choices, default)
        return self.answers["warnings"]

    # --- players -------------------------------------------------------------------------------------
    def players(self) -> list[str]:
        given = self.given_checked("players", "--players", check_players)
        if given is not None:
            return given
        previous = self.answers.get("players")
        hint = f" [{' '.join(previous)}]" if previous else ""
        names = self.ask_until(tpl("ask_players") + hint,
                               lambda raw: previous if not raw and previous else check_players(
                                   raw.replace(",", " ").split()))
        self.answers["players"] = names
        return names

    def mode(self) -> str:
        given = self.value("mode")
        if given in D.MODES:
            return given
        if given is not None:
            known = words.field("modes", list(D.MODES))
            self.con.say(tpl("given_not_usable", what="--mode", reason=words.phrase("modes_are", modes=known)))
        choices = [(tpl(f"mode_{m}"), m) for m in D.MODES]
        default = D.MODES.index(self.answers.get("mode", "basic"))
        self.answers["mode"] = self.con.select(tpl("ask_mode"), choices, default)
        return self.answers["mode"]

    def variants(self) -> list[str]:
        given = self.value("variants")
        if given is not None and all(v in D.VARIANTS for v in given):
            return list(given)
        if given is not None:
            known = words.field("modes", list(D.VARIANTS))
            self.con.say(tpl("given_not_usable", what="--variant", reason=words.phrase("variants_are", modes=known)))
        # R24: the strict clearing order of a first game is offered with the variants (one question, not two)
        choices: list[tuple[str, Any]] = [(tpl("variant_none"), [])]
        choices += [(tpl(f"variant_{v}"), [v]) for v in D.VARIANTS]
        choices += [(tpl("variant_strict"), [STRICT])]
        names = texts.load("scoresheet")["labels"]["variants"]  # `tactical` in the shown language
        choices += [(tpl("variant_strict_with", variant=names.get(v, v)), [v, STRICT]) for v in D.VARIANTS]
        previous = self.answers.get("variants", [])
        default = next((i for i, (_, v) in enumerate(choices) if v == previous), 0)
        self.answers["variants"] = self.con.select(tpl("ask_variants"), choices, default)
        return self.answers["variants"]

    def strict(self, variants: list[str]) -> bool:
        """`--strict-order` (or `--any-order`), else the answer to the variants question (R24)."""
        given = self.value("strict")
        if given is not None:
            return bool(given)
        return STRICT in variants

    # --- order and areas -------------------------------------------------------------------------------
    def order(self, players: list[str]) -> list[str]:
        given = self.given_checked("order", "--order", lambda v: check_order(v, players))
        if given is not None:
            return given
        choices = [(tpl("order_random"), "random"), (tpl("order_as_entered", names=", ".join(players)), "entered"),
                   (tpl("order_type"), "type")]
        how = self.con.select(tpl("ask_order"), choices, 0)
        if how == "random":
            order = self.rng.sample(players, len(players))
            self.notes["order"] = tpl("picked_at_random")
            self.con.say(tpl("order_picked", names=", ".join(order)))
            return order
        if how == "entered":
            self.notes["order"] = ""
            return list(players)
        order = self.ask_until(tpl("ask_order_names", names=" ".join(players)),
                               lambda raw: check_order(raw.replace(",", " ").split(), players))
        self.notes["order"] = ""
        return order

    def areas(self, players: list[str]) -> dict[str, int]:
        given = self.given_checked("areas", "--areas", lambda v: check_areas(v, players))
        if given is not None:
            return given
        self.con.say(tpl("areas_intro", n=len(players), others=6 - len(players)))
        while True:
            raw = alias(self.con.line(tpl("ask_areas", names=" ".join(players))))  # 무작위 -> random
            if raw.lower() == "quit":
                raise Interrupted("quit")
            if not raw or raw.lower() in ("random", "r"):
                spots = self.rng.sample(list(D.CUTTING_AREAS), len(players))
                areas = dict(zip(players, spots, strict=True))
                self.notes["areas"] = tpl("picked_at_random")
                self.con.say(tpl("areas_picked", areas=_areas_text(areas)))
                return areas
            words = raw.replace(",", " ").split()
            try:
                pairs = {name: _number(w, tpl("an_area"))
                         for name, w in _per_player(words, players, "areas_count").items()}
                areas = check_areas(pairs, players)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))
                continue
            self.notes["areas"] = ""
            return areas

    # --- winter cards and planned work ---------------------------------------------------------------------
    def winter(self) -> list[list[int]]:
        given = self.value("winter")
        if given is not None and len(given) == 2 and all(len(w) == 2 and min(w) >= 0 for w in given):
            return [list(w) for w in given]
        if given is not None:
            self.con.say(tpl("given_not_usable", what="--winter", reason=tpl("winter_format")))
        self.con.say(tpl("winter_intro"))
        cards = []
        previous = self.answers.get("winter", [])
        for year in (1, 2):
            old = previous[year - 1] if len(previous) == 2 else None
            while True:
                hint = f" [{old[0]}/{old[1]}]" if old else ""
                raw = self.con.line(tpl("ask_winter", year=year) + hint)
                if raw.lower() == "quit":
                    raise Interrupted("quit")
                if not raw and old:
                    cards.append(list(old))
                    break
                m = re.fullmatch(r"(\d{1,2})\s*[/ ,:-]\s*(\d{1,2})", raw)  # 6/3, 6-3, 6 3
                if not m:
                    self.con.say(tpl("refused", reason=tpl("winter_format")))
                    continue
                cards.append([int(m.group(1)), int(m.group(2))])
                break
        self.answers["winter"] = cards
        return cards

    def cards(self, mode: str, n: int) -> list[str]:
        if not D.MODE_HAS_PLANNED_WORK[mode]:
            return []
        want = D.PLANNED_WORK_CARDS_LAID[n]
        given = self.given_checked("cards", "--cards", lambda cards: check_cards(cards, want))
        if given is not None:
            return given
        names = list(D.PLANNED_WORK)
        self.con.say(tpl("cards_intro", n=want))
        shown = {name: card(name) for name in names}
        width = max(map(texts.display_width, shown.values()))  # 식량 공급(food-supply) is wider than 17
        for i, name in enumerate(names, 1):
            seasons = tpl("season_any" if D.PLANNED_WORK[name] == D.ALL_SEASONS else "season_work")
            self.con.say(f"  {i:>2}  {shown[name]}{' ' * (width - texts.display_width(shown[name]))}  {seasons}")
        while True:
            raw = to_notation(self.con.line(tpl("ask_cards", n=want)))  # 교역 -> trade
            if raw.lower() == "quit":
                raise Interrupted("quit")
            words = raw.replace(",", " ").split()
            try:
                chosen = [names[int(w) - 1] if w.isdecimal() and 1 <= int(w) <= len(names) else w for w in words]
                return check_cards(chosen, want)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))


def ask_language(con: Console) -> None:
    """At a terminal, the game's language when neither --lang nor LIGNUM_LANG chose one (the header keeps it).

    Piped answers are not asked it (a prepared script stays valid); they follow the locale as before.
    """
    if not con.tty or texts.told() is not None:
        return
    langs = list(texts.LANGS)
    choices = [(texts.load("play", lang)["text"]["language_name"], lang) for lang in langs]
    lang = con.select(tpl("ask_language"), choices, langs.index(texts.current()))
    texts.choose(lang)


def show_summary(con: Console, s: Setup, notes: dict[str, str]) -> None:
    """The answers in one table before the table confirms them (`notes`: how the order and areas were chosen)."""
    words = texts.load("scoresheet")["labels"]  # mode, variant and colour names in the shown language
    rows = [
        (tpl("sum_players"), f"{', '.join(s.players)}  ({len(s.players)})"),
        (tpl("sum_mode"), words["modes"].get(s.mode, s.mode)),
        (tpl("sum_variants"), ", ".join(words["variants"].get(v, v) for v in s.variants) or tpl("none")),
        (tpl("sum_order"), ", ".join(s.order) + notes.get("order", "")),
        (tpl("sum_turns"), tpl("turns_strict" if s.strict_order else "turns_free")),
        (tpl("sum_areas"), _areas_text(s.areas) + notes.get("areas", "")),
        (tpl("sum_winter"), tpl("winter_cards", f1=s.winter[0][0], h1=s.winter[0][1], f2=s.winter[1][0],
                                h2=s.winter[1][1])),
        (tpl("sum_money"), f"${s.start_money}" + (" (R1)" if s.start_money == D.START_MONEY else "")),
    ]
    if s.cards:
        rows.append((tpl("sum_cards"), ", ".join(map(card, s.cards))))  # 교역, Trade (trade)
    if s.expansion:
        rows.append((tpl("sum_expansion"), tpl("expansion_joinery")))
        rows.append((tpl("sum_buildings"), ", ".join(b[0] for b in s.buildings)))
    rows.append((tpl("sum_warnings"), tpl("warnings_on_short" if s.warnings else "warnings_off_short")))
    if s.name:
        rows.insert(0, (tpl("sum_name"), s.name))
    if s.colours:
        rows.insert(2, (tpl("sum_colours"), ", ".join(f"{p} {words['colour_names'].get(c, c)}"
                                                      for p, c in s.colours.items())))
    con.say("")
    con.say(tpl("summary_title"))
    for label, value in rows:  # padded by display width: a Hangul label takes two columns a letter
        head = f"  {label}{' ' * max(1, 15 - texts.display_width(label))}"
        parts = texts.wrap(value, max(20, con.width - texts.display_width(head))) or [""]
        con.say("\n".join([head + parts[0]] + [" " * texts.display_width(head) + x for x in parts[1:]]),
                wrap=False)
    if D.MODE_HAS_TASKS[s.mode]:
        con.say(tpl("tasks_later"))
    con.say("")


def check_colours(chosen: dict[str, str], players: list[str]) -> dict[str, str]:
    """Each player's colour, checked by the engine's setup rules (known colours, one each)."""
    from ..engine.setup import validate

    colours = {name: colour.casefold() for name, colour in chosen.items()}
    probe = Setup(players=list(players), order=list(players), areas={p: i + 1 for i, p in enumerate(players)},
                  colours=colours)
    validate(probe)
    return {p: probe.colours[k] for p in players for k in probe.colours if same_name(k, p)}


def _per_player(words: list[str], players: list[str], count_key: str) -> dict[str, str]:
    """An answer per player: NAME=VALUE pairs, or one word per player in seat order (areas, colours)."""
    if all("=" in w for w in words):
        return {w.partition("=")[0]: w.partition("=")[2] for w in words}
    if len(words) != len(players):
        raise NotationError(tpl(count_key, n=len(players)))
    return dict(zip(players, words, strict=True))


def _number(text: str, what: str) -> int:
    if not text.strip().isdecimal():
        raise NotationError(tpl("not_a_number", what=what, text=text))
    return int(text)


def _areas_text(areas: dict[str, int]) -> str:
    return ", ".join(f"{name} {area}" for name, area in areas.items())


def check_players(names: list[str]) -> list[str]:
    """2–4 unique one-word names (letters of any script); the engine's rule for a name (check_name)."""
    names = [check_name(n) for n in names]
    if len(names) not in D.PLAYER_COUNTS:
        raise NotationError(tpl("players_count", n=len(names)))
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise NotationError(tpl("players_twice", name=n))
        seen.add(n.casefold())
    return names


def check_order(order: list[str], players: list[str]) -> list[str]:
    by_key = {p.casefold(): p for p in players}
    out = []
    for name in order:
        if name.casefold() not in by_key:
            raise NotationError(tpl("order_unknown", name=name, names=", ".join(players)))
        out.append(by_key[name.casefold()])
    if sorted(out) != sorted(players):
        raise NotationError(tpl("order_every"))
    return out


def check_areas(areas: dict[str, int], players: list[str]) -> dict[str, int]:
    by_key = {p.casefold(): p for p in players}
    out: dict[str, int] = {}
    for name, area in areas.items():
        if name.casefold() not in by_key:
            raise NotationError(tpl("order_unknown", name=name, names=", ".join(players)))
        out[by_key[name.casefold()]] = area
    if len(out) != len(players):
        raise NotationError(tpl("areas_count", n=len(players)))
    if any(a not in D.CUTTING_AREAS for a in out.values()) or len(set(out.values())) != len(out):
        raise NotationError(tpl("areas_different"))
    return {p: out[p] for p in players}


def read_line(tile: list[str]) -> str:
    """How the program reads a tile entered as [name, text(, reading)] (R23)."""
    from ..engine.state import Building
    from ..views.buildings import read_lines

    return read_lines([Building(*tile[:3])])[0]


def correct_readings(con: Console, tiles: list[list[str]]) -> None:
    """Let the table correct how the program read a tile (R23): `NAME: other words` is read instead (and said
    again), `NAME: none` leaves the tile to the table (reminded at its moment); Enter keeps the readings."""
    from ..engine.buildings import tile_named
    from ..engine.setup import check_building_effect
    from ..engine.state import Building

    while True:
        raw = con.line(tpl("ask_readings"))
        if raw.lower() == "quit":
            raise Interrupted("quit")
        if not raw.strip():
            return
        name, text = split_tile(raw) if ":" in raw else ("", "")
        b = tile_named([Building(t[0]) for t in tiles], name)
        if b is None or not text:
            con.say(tpl("refused", reason=tpl("reading_which", names=", ".join(t[0] for t in tiles))))
            continue
        try:
            corrected = check_building_effect(b.name, text)
        except LignumError as e:
            con.say(tpl("refused", reason=str(e)))
            continue
        tile = next(t for t in tiles if t[0] == b.name)
        tile[1:] = [tile[1], corrected]
        con.say(read_line(tile))


def split_tile(raw: str) -> list[str]:
    """`Charcoal Kiln: when taken ...` is the tile `Charcoal Kiln` (a name may have several words, R23); without a
    colon the first word is the name."""
    text = " ".join(raw.split())
    name, colon, effect = text.partition(":")
    if not colon:
        name, _, effect = text.partition(" ")
    return [name.strip(), effect.strip()]


def check_buildings(tiles: list[list[str]], want: int) -> list[list[str]]:
    """players + 4 building tiles with different one-word names (R23); the engine's own check says why not."""
    from ..engine.setup import check_building_effect, check_building_name

    names = set()
    for name, effect, *_ in tiles:
        check_building_name(name)
        check_building_effect(name, effect)  # a `|` or an escape in the effect would break the header line
        if name.casefold() in names:
            raise NotationError(tpl("building_twice", name=name))
        names.add(name.casefold())
    if len(tiles) != want:
        raise NotationError(tpl("buildings_count", n=want, got=len(tiles)))
    return [list(t) for t in tiles]


def check_cards(typed: list[str], want: int) -> list[str]:
    """The laid-out planned work cards (R20) from the typed words: codes or any language's card names, a name
    of several words included ('식량 공급'); the codes, or a one-line refusal naming the cards."""
    cards = card_codes(typed)
    for c in cards:
        if c not in D.PLANNED_WORK:
            raise NotationError(tpl("card_unknown", card=c, cards=", ".join(map(card, D.PLANNED_WORK))))  # 교역
    if len(cards) != want or len(set(cards)) != want:
        raise NotationError(tpl("cards_count", n=want))
    return list(cards)

