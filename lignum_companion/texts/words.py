"""The engine's words (codes of the notation) in the shown language, and the words players may type for them.

The engine speaks in codes (`dry1`, `mS`, `wagon`, `woodcutters`, a bag `{"F": 2}`); a client shows them from
templates/<lang>/words.toml: Korean shows the glossary's word alone (its words are typed too), English the word
or, for a planned work card, the word with its code beside it. Typed answers go the other way: `aliases` turns
a word of the shown language into the code, so the game file keeps the ASCII notation in both languages.
"""

from __future__ import annotations

from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine.pieces import format_bag
from lignum_companion.texts import catalog as texts


def _w() -> dict[str, Any]:
    return texts.load("words")


def thing(code: str) -> str:
    """A piece, token, worker, hut or counter by its code ('mS' -> 'milled softwood' / '가공된 침엽수')."""
    return _w()["things"].get(code, code)


def counted(n: int, code: str, hut: bool = False) -> str:
    """A number of one thing with its word for that number ('1 raft', '2 rafts', '3 firewood'; Korean '뗏목 2개'):
    [one] and [many] of words.toml, else [things] (or [huts] for a hut), so a number is never glued to a noun
    in code (STYLE: counting words are the language's business)."""
    w = _w()
    key = f"hut_{code}" if hut else code
    word = w[texts.number_form(n)].get(key) or (w["huts"].get(code, code) if hut else thing(code))
    return texts.fill(w["format"]["bag_item"], n=n, word=word)


def _beside(what: str, word: str, code: str) -> str:
    """The word, as the language shows it beside its code ([beside] and `word_code` in words.toml): Korean the word
    alone, English a card's name with its code."""
    w = _w()
    if not w["beside"][what] or not w["beside"]["code"] or word == code:
        return word
    return texts.fill(w["format"]["word_code"], word=word, code=code)


def beside(what: str) -> bool:
    """Whether the shown language puts the code beside the word for this kind of thing ([beside] in words.toml)."""
    return bool(_w()["beside"].get(what))


def area(code: str) -> str:
    """A mill area by its code in the shown words ('가판대', 'sale area')."""
    return _beside("spot", _w()["areas"].get(code, code), code)


def piece(code: str) -> str:
    """A piece by its code, as refusals show it ('milled softwood' / '가공된 침엽수')."""
    return _beside("piece", thing(code), code) if code in D.PIECES else thing(code)


def token(code: str) -> str:
    """A token the player types by its code, in the shown words ('stake' / '말뚝')."""
    return _beside("token", thing(code), code)


def mode(code: str) -> str:
    """A game mode, variant or expansion by its code ('basic' -> '기본')."""
    return _w()["modes"].get(code, code)


def card(code: str) -> str:
    """A planned work card by its name ('Trade', '교역'): a table reads the name; the code is typed, and the menu's
    action or the help shows it where typing needs it ([beside] card puts it beside the name, '교역(trade)')."""
    return _beside("card", card_name(code), code)


def _squashed(word: str) -> str:
    """A card name as compared: case, spaces, hyphens and underscores ignored ('식량-공급' = '식량 공급')."""
    return "".join(ch for ch in word.casefold() if not ch.isspace() and ch not in "-_")


def card_name(code: str) -> str:
    """A planned work card's name alone ('난방 공급', 'Heating Supply'): where it is read, not typed (`show`'s
    table, issue 32: no `(heating-supply)` beside it)."""
    return texts.load("reference")["expert"]["card_names"].get(code, code)


def card_code(word: str) -> str | None:
    """The planned work card a player means (R20), in any language: its code, its name in reference.toml
    [expert] card_names or a words.toml alias, one word or several ('식량 공급', '식량-공급', 'food supply'),
    also as shown with the code beside it ('식량 공급(food-supply)'); None for no card."""
    table: dict[str, str] = {_squashed(code): code for code in D.PLANNED_WORK}
    for lang in texts.LANGS:
        names = texts.load("reference", lang)["expert"]["card_names"]
        table.update({_squashed(name): code for code, name in names.items() if code in D.PLANNED_WORK})
        aliases = texts.load("words", lang).get("aliases", {})
        table.update({_squashed(k): v for k, v in aliases.items() if v in D.PLANNED_WORK})
    shown = word.strip()
    if shown.endswith(")") and shown.count("(") == 1:  # 식량 공급(food-supply): name and code of one card
        name, code = shown[:-1].split("(")
        meant = table.get(_squashed(code))
        return meant if not name.strip() or table.get(_squashed(name)) == meant else None
    return table.get(_squashed(shown))


def card_codes(words: list[str]) -> list[str]:
    """Typed words as planned work cards, a card named by up to three words in a row ('식량 공급 교역' ->
    food-supply, trade); a word that names no card stays as typed (lower case) for the refusal to show."""
    out: list[str] = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + 3), i, -1):
            code = card_code(" ".join(words[i:j]))
            if code:
                out.append(code)
                i = j
                break
        else:
            out.append(words[i].lower())
            i += 1
    return out


def bag(items: dict[str, int], empty: str = "default") -> str:
    """Counted pieces or tokens: the notation ('2F+mS'), with the words beside it where the language wants them."""
    w = _w()
    if not any(items.values()):
        return w["empty"].get(empty, w["empty"]["default"])
    order = D.PIECES if set(items) <= set(D.PIECES) else None
    code = format_bag(items, order)
    keys = [k for k in order if items.get(k)] if order else sorted(k for k in items if items[k])
    said = w["format"]["bag_joiner"].join(counted(items[k], k) for k in keys)
    return texts.fill(w["format"]["bag"], code=code, words=said) if w["beside"]["bag"] else code


def said(items: dict[str, int]) -> str:
    """Counted pieces or tokens in words alone, the notation left out ('2 firewood, 1 softwood' / '장작 2개, 침엽수
    1개'): what a menu says first, before the line to type (issue 21: words, not codes)."""
    w = _w()
    if not any(items.values()):
        return w["empty"]["default"]
    order = D.PIECES if set(items) <= set(D.PIECES) else sorted(items)
    keys = [k for k in order if items.get(k)]
    return w["format"]["bag_joiner"].join(counted(items[k], k) for k in keys)


def from_areas(wood: dict[str, dict[str, int]]) -> str:
    """Wood by the mill area it comes from, in words ('1 firewood from the sale area' / '가판대의 장작 1개')."""
    w = _w()
    return w["format"]["bag_joiner"].join(texts.fill(w["phrases"]["from_area"], pieces=said(b),
                                                     area=w["areas"].get(a, a)) for a, b in wood.items() if b)


def mix(counts: dict[str, int]) -> str:
    """The path's token mix ('1 wagon, 2 rafts, 3 craftwork tokens' / '수레 1개, 뗏목 2개, 공예품 3개'), R2."""
    w = _w()
    return w["format"]["bag_joiner"].join(
        texts.fill(w["format"]["mix_craft" if k == "craft" else "mix_item"], n=n,
                   word=w["one" if n == 1 else "many"].get(k) or thing(k), token=token(k))
        for k, n in counts.items() if n)


def phrase(key: str, **fields: Any) -> str:
    """A short phrase of words.toml [phrases] ('nobody', 'anna 1 from area 3')."""
    return texts.fill(_w()["phrases"][key], **fields)


def card_needs(pairs: list[Any]) -> str:
    """A task card's needs in a menu: the notation (`mH@1 mF@1`), or words where the language shows them."""
    return needs(pairs) if _w()["beside"]["needs"] else " ".join(f"{pc}@{st}" for pc, st in pairs)


def by_area(wood: dict[str, dict[str, int]]) -> str:
    """Wood by mill area: the notation (`sale:2S dry1:mS`), or the words with it where the language shows them
    ('2 softwood (2S) in the sale area' / '가판대의 침엽수 2개 (2S)'); '-' for none."""
    w = _w()
    if not w["beside"]["bag"]:
        return " ".join(f"{a}:{format_bag(b, D.PIECES)}" for a, b in wood.items() if b) or "-"
    return "; ".join(texts.fill(w["format"]["area_bag"], area=area(a), bag=bag(b)) for a, b in wood.items() if b) \
        or "-"


def held(items: dict[str, int], order: tuple[str, ...] | None = None) -> str:
    """What a player holds, short: the notation ('saw+stake'), or the words where the language shows them
    ('톱 1개, 말뚝 1개'); '' for nothing."""
    w = _w()
    if not w["beside"]["bag"]:
        return format_bag(items, order)
    keys = [k for k in order if items.get(k)] if order else sorted(k for k in items if items[k])
    return w["format"]["bag_joiner"].join(counted(items[k], k, hut=order == D.HUT_AREAS) for k in keys)


def coded_needs(coded: list[str]) -> str:
    """Needs written as the notation (`mH@1`) in words, in every language: a warning is read, not typed (issue 21:
    "nothing can reach milled softwood from the third drying area", not `mS@2`)."""
    return needs([(c.partition("@")[0], int(c.partition("@")[2] or 0)) for c in coded])


def needs(pairs: list[Any]) -> str:
    """What a task still needs, from (piece, stage) pairs, the stage named by its areas ('milled hardwood from
    the second drying area'; GLOSSARY: a stage number alone reads as the first area).
    Equal pieces are counted once ('2 milled firewood from the third drying area'), never listed one by one."""
    w = texts.load("labels")["flow"]
    counts: dict[tuple[str, str], int] = {}
    for pc, st in pairs:
        counts[(pc, str(st))] = counts.get((pc, str(st)), 0) + 1
    return ", ".join(texts.fill(w["task_need"] if n == 1 else w["task_need_many"], piece=w["pieces"].get(pc, pc),
                                stage=w["stages"].get(st, st), n=n)
                     for (pc, st), n in counts.items()) or w["task_needs_nothing"]


def fodder(values: list[int] | list[str]) -> str:
    """Fodder tokens held, counted, each by the value it shows ('사료 2개(값 3, 2)' / '2 fodder (values 3, 2)'):
    '사료 2,3' read as a count or a page (R7)."""
    shown = sorted(values, key=int, reverse=True)
    key = texts.counted(_w()["phrases"], "fodder", len(shown))
    return texts.fill(key, n=len(shown), values=", ".join(map(str, shown)))


def correction(text: str) -> str:
    """A player's correction in the shown words ('round 5: shingle -1 (…)' -> '라운드 5: 지붕널 -1 (…)').

    The state keeps each correction as the language-free text of docs/state-json.md (`round N: FIELD ±D
    (REASON)`, FIELD as the `fix` line typed it); the reason is the table's own words and is never changed.
    """
    head, sep, rest = text.partition(": ")
    fld, _, tail = rest.partition(" ")
    delta, _, reason = tail.partition(" ")
    word, num = head.split(" ", 1) if " " in head else ("", "")
    if not sep or word != "round" or not num.isdigit() or delta[:1] not in "+-" or not delta[1:].isdigit() \
            or not (reason.startswith("(") and reason.endswith(")")):
        return text  # not the engine's form (an older or hand-made file): shown as it is
    w = _w()
    area, dot, pc = fld.partition(".")
    if dot:
        said = f"{w['areas'].get(area, area)} {thing(pc)}"
    elif fld.endswith("-hut"):
        said = w["huts"].get(fld.removesuffix("-hut"), fld)
    else:
        said = thing(fld)
    shown = _beside("field", said, fld) if w["beside"]["field"] else fld  # English: the field as typed
    return texts.fill(w["format"]["correction"], round=num, field=shown, delta=delta, reason=reason[1:-1])


_PHRASES = ("what", "extra", "cap")  # a code naming a phrase, filled with the refusal's other fields


def field(name: str, value: Any, fields: dict[str, Any] | None = None) -> Any:
    """One field of an engine refusal in words, by its name: steps, seasons, areas, pieces, bags, phrases."""
    w = _w()
    if name == "waiting" and isinstance(value, dict):
        return waiting_text(value)
    if isinstance(value, dict):
        return bag(value, name)
    if name == "needs":
        return needs(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return w["empty"].get(name, w["empty"]["default"])
        return ", ".join(str(field(name, v)) for v in value)
    if name == "stage" and isinstance(value, int):  # a task's drying stage, named by its areas (R19)
        return texts.load("labels")["flow"]["stages"].get(str(value), value)
    if not isinstance(value, str):
        return value
    if name == "step" or name.endswith("_step"):
        return step_name(value)
    if name in ("verb", "allowed") and w["beside"]["token"]:  # a step's verbs: the table's word with the code
        return verb_word(value)
    if name == "season":
        return season_name(value)
    if name == "spot":
        return area(value)
    if name in ("piece", "kind", "pieces", "fld"):
        return piece(value)
    if name in ("modes", "colours"):  # what an option takes (`--mode basic`): the code, then the shown word
        if not w["beside"]["token"]:
            return value
        said = mode(value) if name == "modes" else texts.load("scoresheet")["labels"]["colour_names"].get(value)
        return texts.fill(w["format"]["code_word"], word=said, code=value) if said and said != value else value
    if name == "token":
        return texts.fill(w["format"]["token"], word=thing(value), code=value)
    if name == "location":
        return w["locations"].get(value, value)
    if name == "board":
        return w["boards"].get(value, value)
    if name == "card":
        return card(value)
    if name == "mode":
        return texts.fill(w["format"]["mode"], word=mode(value), code=value)
    if name in _PHRASES and value in w[name]:
        others = {k: field(k, v) for k, v in (fields or {}).items() if k not in _PHRASES}
        return texts.fill(w[name][value], **others)
    return value


# --- typed words -> codes ---------------------------------------------------------------------------------


def read_code(word: str, codes: tuple[str, ...] | list[str]) -> str | None:
    """The code among `codes` that a typed word names, in any language: the code itself (any case: `f`, `mF`),
    the shown word ('가공된 장작', 'milled firewood', '둘째 건조 구역'), a words.toml alias ('가공된장작', '건조2',
    '판자'), or the calculators' hyphenated name (`milled-firewood`); spaces and hyphens do not count. None if
    it names none of them, so the caller refuses it with its own words."""
    typed = _squashed(word)
    if not typed:
        return None
    for code in codes:
        if typed == _squashed(code):
            return code
    for lang in texts.LANGS:
        w = texts.load("words", lang)
        aliases: dict[str, str] = w.get("aliases", {})
        for table in (w["things"], w["areas"], aliases):
            for name, meant in (table.items() if table is aliases else ((v, k) for k, v in table.items())):
                if meant in codes and typed == _squashed(name):
                    return meant
    return None


def _jamo(word: str) -> str:
    """A word compared letter by letter: Hangul syllables taken apart (공텨 and 공터 differ in one vowel, not in a
    whole syllable), case and spaces ignored."""
    import unicodedata

    return unicodedata.normalize("NFD", _squashed(word))


def place_words(codes: list[str]) -> dict[str, str]:
    """The words a player may type for these locations in the shown language (`시장` -> market, `공터` ->
    clearing), the notation's own names where the language has none."""
    shown: dict[str, str] = {}
    for word, code in _aliases().items():
        if code in codes and code not in shown.values():
            shown[word] = code
    for code in codes:
        if code not in shown.values():
            shown[code] = code
    return shown


def close_place(typed: str, codes: list[str]) -> str | None:
    """The place word a misspelt one is closest to, in the shown language (`공텨` -> `공터`, `markt` -> `market`),
    or None when none is close."""
    import difflib

    table = {_jamo(w): w for w in place_words(codes)}
    close = difflib.get_close_matches(_jamo(typed), list(table), n=1, cutoff=0.6)
    return table[close[0]] if close else None


def _aliases() -> dict[str, str]:
    return {k.casefold(): v for k, v in _w().get("aliases", {}).items()}


def _typed_words() -> dict[str, str]:
    """What `to_notation` swaps: the shown language's aliases, and the words for pieces, mill areas and huts in every
    language as `read_code` reads them ('softwood', 'milled firewood', 'milled-firewood', 'sale area'), so
    `bonus softwood` is `bonus S` in a typed line as in a calculator (issue 21)."""
    table: dict[str, str] = {}
    for lang in texts.LANGS:
        w = texts.load("words", lang)
        named = [(v, k) for k, v in w["things"].items() if k in D.PIECES] + [(v, k) for k, v in w["areas"].items()]
        named += [(v, k) for k, v in w["huts"].items()]  # `build 2음식저장고+일꾼숙소`, `build drying hut` (R16)
        named += [(v, k.removeprefix("hut_")) for k, v in w["many"].items() if k.startswith("hut_")]  # 2 drying huts
        for word, code in named:
            for form in {word, word.replace(" ", "-"), word.replace(" ", "")}:
                if form.casefold() != code.casefold():
                    table.setdefault(form.casefold(), code)
    table.update(_aliases())
    return table


# A planned work card's word said where a verb goes is that step's verb (`벌목 hut:1` = `cut hut:1`): the
# shown language names the step and its card alike (벌목, 건조, 톱질), and no card is ever a verb of a line.
_CARD_VERBS = {"cutting": "cut", "drying": "dry", "sawing": "saw"}


def verb(word: str) -> str:
    """A typed word in a line's verb place as the verb it names ('대출' -> 'loan', '벌목' -> 'cut', 'cutting' ->
    'cut'); any other word as it was."""
    code = alias(word)
    return _CARD_VERBS.get(code.casefold(), code)


def verb_word(code: str) -> str:
    """A verb as a refusal names it: in a language that shows its words beside the codes, the word a table may
    type with the code beside it ('`대출`(loan)'), else the code ('`loan`')."""
    if _w()["beside"]["token"]:
        for word, meant in _aliases().items():
            if code in (meant, _CARD_VERBS.get(meant)) and not word.isascii():
                return texts.fill(_w()["format"]["typed_word"], word=word, code=code)
    return f"`{code}`"


def alias(word: str) -> str:
    """One typed word as its code ('판자' -> 'board', '예' -> 'y'); any other word as it was."""
    return _aliases().get(word.strip().casefold(), word)


def to_notation(raw: str, keep: tuple[str, ...] = ()) -> str:
    """A typed answer with the shown language's words for codes replaced by the codes (`2장작+침엽수` -> `2F+S`,
    `가판대:판자` -> `sale:board`), so the game file keeps the ASCII notation. A word stands alone or between
    signs and digits (never inside another word), and a word that is one of `keep` (players' names) stays.
    A place named by a piece's word and its own short name before `:count` with no piece said yet is both
    (`saw 장작 창고:2` is `saw F store:2`: a table says the piece, then the place, R9, R14)."""
    import re

    table = _typed_words()
    names = {k.casefold() for k in keep}
    pattern = re.compile("|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)), re.IGNORECASE)

    def swap(m: re.Match[str]) -> str:
        before = raw[m.start() - 1] if m.start() else " "
        after = raw[m.end()] if m.end() < len(raw) else " "
        if before.isalpha() or after.isalpha():
            return m.group(0)
        if m.group(0).casefold() in names:  # a player's (or a building's) name is never read as a code
            return m.group(0)
        split = _piece_then_place(m.group(0), table)
        if split and re.match(r":\d+(?!\w)", raw[m.end():]) and not _piece_before(raw[:m.start()], table):
            return split
        return table[m.group(0).casefold()]

    return pattern.sub(swap, raw)


def _piece_then_place(word: str, table: dict[str, str]) -> str:
    """A place's name that starts with a piece's word and ends in another name of that place ('장작 창고' is
    '장작' + '창고'), as the codes of the two ('F store'); '' for any other word."""
    head, _, tail = word.partition(" ")
    code = table.get(word.casefold())
    if tail and table.get(head.casefold()) in D.PIECES and table.get(tail.casefold()) == code:
        return f"{table[head.casefold()]} {code}"
    return ""


def _piece_before(text: str, table: dict[str, str]) -> bool:
    """Whether the typed word just before names a piece (`F`, `2F`, `장작`, `장작 2개`)."""
    import re

    said = re.sub(r"\s*\d+\s*개$", "", text.rstrip()).split()
    last = re.sub(r"^\d+", "", said[-1]) if said else ""
    return table.get(last.casefold(), last) in D.PIECES


def counts_first(line: str) -> str:
    """A count said after the thing, as Korean says it, put before it as the notation writes it: `mF 2개@dry3` ->
    `2mF@dry3` (from `가공된 장작 2개@셋째`), `buy:food 4개` and `buy:food4` -> `buy:4food`. A count glued on
    without 개 is read only right after `:` or `+`, where nothing else can stand (`go 10 2` keeps its count)."""
    import re

    codes = "|".join(sorted((*D.PIECES, *D.EQUIPMENT, *D.CRAFTWORK), key=len, reverse=True))
    line = re.sub(rf"(?<!\w)({codes})\s*(\d+)\s*개(?!\w)", r"\2\1", line)
    return re.sub(rf"(?<=[:+])({codes})(\d+)(?![\w])", r"\2\1", line)


# Where the game stands and whom it waits for: the engine's data (flow.position, flow.waiting) in words.


def where_at(pos: dict[str, Any]) -> str:
    """A position (flow.position) in words: '1년차 봄, 이동' / 'spring year 1, travel'."""
    w = texts.load("labels")["flow"]
    step = w["steps"].get(pos["step"], pos["step"])
    if pos["over"]:
        return w["where_over"]
    if pos["final"]:
        return texts.fill(w["where_final"], step=step)
    return texts.fill(w["where"], season=w["seasons"].get(pos["season"], pos["season"]), year=pos["year"], step=step)


def season_name(season: str) -> str:
    """A season in the shown language ('fall' -> '가을')."""
    return texts.load("labels")["flow"]["seasons"].get(season, season)


def step_name(step: str) -> str:
    """A step in the shown language ('cutting' -> '벌목'); English keeps the engine's own names."""
    return texts.load("labels")["flow"]["steps"].get(step, step)


def waiting_text(wait: dict[str, Any]) -> str:
    """Whom the game waits for (flow.waiting) in words."""
    w = texts.load("labels")["flow"]
    if wait["kind"] == "over":
        return w["waiting_over"]
    if wait["kind"] == "table":
        return w["waiting_table"].get(wait["step"], w["waiting_table"]["other"])
    if wait.get("ahead"):  # R24: each at their own pace after woodcutting
        here = [texts.fill(w["waiting_own"], name=p["name"], step=w["steps"].get(p["step"], p["step"]))
                for p in wait["players"] if p["step"] == wait["step"]]
        ahead = [texts.fill(w["waiting_ahead"], name=p["name"], doing=w["doing"].get(p["step"], w["doing"]["other"]))
                 for p in wait["ahead"]]
        return texts.fill(w["waiting_pace"], here=", ".join(here), ahead=", ".join(ahead))
    key = "waiting_any_order" if wait["any_order"] else "waiting_players"
    return texts.fill(w[key], names=", ".join(wait["names"]), step=w["steps"].get(wait["step"], wait["step"]))
