"""Rules lookup: loads topic and ruling texts from templates/rules/*.toml, finds them by words or id, renders.

The texts are data (TOML, one table per topic) so they can be corrected or translated without touching code.
Search ranks topics with BM25 (Okapi, k1 1.2, b 0.75) over each topic's body, plus a fixed weight for a term
in the title (3) or the keywords (2), each times the term's BM25 idf; a bonus when the query contains every
word of one of the topic's keyword phrases ("pay for food"), more when it says them word for word; and the
closeness of the query to the topic's question forms (how players have asked for it). So that the rule in
dispute wins over an incidental word, question-frame words ('price', '얼마') and bare numbers weigh little, a
question that names a part of the game (winter, the expansion, a planned work card, a player count) prefers
its topics, and `play` passes the step it is in for the same reason. English words are lower-cased and lightly
stemmed; Korean is cut into character pairs, so a question with particles still meets the topic's words. A
synonym table per language adds spoken variants at a lower weight, and a word one letter (Korean: one jamo)
away from a word of the texts stands for it. A query in Hangul is searched in the Korean texts, one in Latin
letters in the English ones; the answer is shown in the current language. docs/rules-lookup.md has the figures.
BM25 is written out here (a few lines) rather than taken from rank_bm25, which needs numpy at start-up.

API for other modules: `lookup(query, step=...)`, `topic_for_rule(rule_id)`, `ruling(rule_id)`, `list_topics()`,
`render(topic)`, `render_ruling(ruling)`, `render_list()`, `read_more(rule_id)`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lignum_companion.texts import catalog as texts

RULE_ID = re.compile(r"^[Rr](\d{1,3})$")
TITLE_WEIGHT, KEYWORD_WEIGHT = 3.0, 2.0  # a term in the title or keywords, beside its BM25 weight in the body
PHRASE_WEIGHT = 1.5  # a keyword phrase whose every word is in the query: the topic's own way of asking
PHRASE_RUN_WEIGHT = 3.0  # the same phrase said word for word ("who goes first", "drying card")
SYNONYM = 0.7  # the weight of a word the synonym table adds
QUESTION_WEIGHT = 0.5  # the closest of a topic's question forms, times the query's weight: asked like this before
WEAK = 0.4  # a word of [search] weak ('price', '얼마') or a bare number: the question's frame, not the rule
TYPO = 0.6  # the weight of a word of the texts one slip away from a typed word they do not hold
CONTEXT_FACTOR = 1.6  # a topic of the part of the game the query names ("... in winter": the winter steps)
ELSEWHERE_FACTOR = 0.75  # a topic of a step that the named part of the game does otherwise or not at all
STEP_PART_FACTOR, STEP_ELSEWHERE_FACTOR = 1.4, 0.85  # the part of the game the table is in (`play`), as above
STEP_FACTOR = 1.15  # and the topics of its step ([step_topics])
K1, B = 1.2, 0.75  # BM25's usual term-saturation and length-normalisation constants


@dataclass(frozen=True)
class OtherReading:
    """Where the sources disagree: the reading the companion did not take, and which document holds it."""

    rule: str
    reading: str
    source: str


@dataclass(frozen=True)
class Ruling:
    """One ruling of shared/RULINGS.md, explained for players, with the topic that covers it in full."""

    id: str
    title: str
    text: str
    topic: str
    other: OtherReading | None = None


@dataclass(frozen=True)
class Topic:
    """One answer of the lookup: a titled text that names the rulings it applies."""

    id: str
    title: str
    group: str
    body: str
    rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    other_readings: tuple[OtherReading, ...] = field(default=(), compare=False)
    enter: str = ""  # how to enter it: the commands or notation, kept out of the rule prose

    def as_json(self) -> dict[str, Any]:
        """The topic with its names, for `lignum rules --json`."""
        return {
            "id": self.id,
            "title": self.title,
            "group": self.group,
            "rules": list(self.rules),
            "body": self.body,
            "enter": self.enter,
            "other_readings": [vars(o) for o in self.other_readings],
        }


@dataclass(frozen=True)
class _Library:
    """Everything loaded from the templates, plus the search index built once."""

    topics: tuple[Topic, ...]
    by_id: dict[str, Topic]
    rulings: dict[str, Ruling]
    labels: dict[str, str]
    stopwords: frozenset[str]
    unstemmed: frozenset[str]
    syllables: frozenset[str]  # Korean one-syllable words (강, 톱, 끝): found again under their endings
    weak: frozenset[str]  # words that ask about any rule ('price', '얼마'): they weigh less than the thing asked about
    synonyms: dict[str, tuple[str, ...]]
    index: tuple[tuple[frozenset[str], frozenset[str], Counter[str]], ...]
    phrases: tuple[tuple[tuple[str, ...], ...], ...]  # per topic its keyword phrases, as ordered terms
    forms: tuple[tuple[dict[str, float], ...], ...]  # per topic its question forms: term -> idf weight
    lengths: tuple[int, ...]
    idf: dict[str, float]
    step_topics: dict[str, tuple[str, ...]]  # 'winter feeding' -> the topics about that step, closest first
    contexts: dict[str, frozenset[int]]  # 'winter' -> positions of the topics about that part of the game
    elsewhere: dict[str, frozenset[int]]  # 'winter' -> the topics of steps that work otherwise (or not) then
    context_words: dict[str, tuple[tuple[str, ...], ...]]  # 'winter' -> the phrases that name it ('winter', '겨울')


class RulesTemplateError(ValueError):
    """The topic templates are inconsistent (duplicate id, ruling pointing to no topic): a packaging bug."""


# --- words ----------------------------------------------------------------------------------------------


def _stem(word: str) -> str:
    """Fold common English endings so 'selling', 'sells' and 'sell' meet; crude but predictable."""
    if len(word) > 4 and word.endswith(("ies", "ied")):
        return word[:-3] + "y"
    for suffix, minimum in (("ing", 6), ("ed", 5)):
        if word.endswith(suffix) and len(word) >= minimum:
            word = word[: -len(suffix)]
            if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            return word
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    """Lower-case words and numbers, and runs of Hangul; '$7' gives '7', 'R11' gives 'r11'."""
    return re.findall(r"[a-z0-9]+|[\uac00-\ud7a3]+", text.lower())


HANGUL = re.compile(r"[\uac00-\ud7a3]")
PARTICLES = ("에서는", "에서", "으로", "에는", "하면", "이면", "은", "는", "이", "가", "을", "를", "에", "로", "의",
             "도", "만", "와", "과", "면")


def _bare(word: str) -> str:
    """A Korean word without a trailing particle ('음식이' -> '음식'), for synonym and stop-word look-ups."""
    for p in PARTICLES:
        if len(word) > len(p) + 0 and word.endswith(p) and len(word) - len(p) >= 1:
            return word[: -len(p)]
    return word


def _pieces(word: str) -> list[str]:
    """Index terms of one word: an English stem, or the character pairs of a Korean word (itself if short)."""
    if not HANGUL.match(word):
        return [word]
    if len(word) <= 2:
        return [word]
    return [word[i: i + 2] for i in range(len(word) - 1)]


def _terms(text: str, stopwords: frozenset[str] = frozenset(), keep: frozenset[str] = frozenset(),
           syllables: frozenset[str] = frozenset()) -> list[str]:
    """Index terms of a text without stop words: stemmed English words (those in `keep` as written), Korean pairs."""
    out: list[str] = []
    for w in _words(text):
        if w in stopwords or (HANGUL.match(w) and _bare(w) in stopwords):
            continue
        if HANGUL.match(w):
            out += _pieces(w)
            if w[0] in syllables and w != w[0]:  # a one-syllable word with its ending: 강에, 톱을, 끝나면
                out.append(w[0])
        else:
            out.append(w if w in keep else _stem(w))
    return out


def _sequence(text: str, stopwords: frozenset[str], keep: frozenset[str]) -> tuple[str, ...]:
    """The terms of a text in order, Korean words without their particles: what a phrase is matched on, so
    '겨울에 시장' meets the phrase '겨울 시장' and 'who goes first' meets 'who goes first' but not 'first who'."""
    out: list[str] = []
    for w in _words(text):
        korean = bool(HANGUL.match(w))
        if w in stopwords or (korean and _bare(w) in stopwords):
            continue
        out += _pieces(_bare(w)) if korean else [w if w in keep else _stem(w)]
    return tuple(out)


def _contains(seq: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether `part` occurs in `seq` as a run of neighbouring terms."""
    n = len(part)
    return any(seq[i: i + n] == part for i in range(len(seq) - n + 1))


# --- loading --------------------------------------------------------------------------------------------


def _other(entry: dict[str, Any], rule: str) -> OtherReading | None:
    if "other_reading" not in entry:
        return None
    return OtherReading(rule, entry["other_reading"].strip(), entry["other_source"].strip())


def _library(lang: str | None = None) -> _Library:
    """The topics, rulings and index of a language (the current one by default)."""
    from lignum_companion.texts import catalog as texts

    return _library_of(lang or texts.current())


@cache
def _library_of(lang: str) -> _Library:
    """Read every TOML file of templates/<lang>/rules in name order and build the index (once per process)."""
    from lignum_companion.texts import catalog as texts

    topics_raw: list[dict[str, Any]] = []
    rulings: dict[str, Ruling] = {}
    reading_topics: dict[str, tuple[str, ...]] = {}  # a ruling's other reading, shown only on these topics
    labels: dict[str, str] = {}
    stop: set[str] = set()
    single: set[str] = set()
    weak: set[str] = set()
    keep: set[str] = set()
    synonyms: dict[str, tuple[str, ...]] = {}
    step_topics: dict[str, tuple[str, ...]] = {}
    context_ids: dict[str, tuple[str, ...]] = {}
    elsewhere_ids: dict[str, tuple[str, ...]] = {}
    context_words: dict[str, list[str]] = {}
    for name in texts.files(texts.DEFAULT, "rules"):
        doc = texts.load(name, lang)
        group = doc.get("group", "")
        for raw in doc.get("topic", []):
            topics_raw.append({"group": group, **raw})
        for raw in doc.get("ruling", []):
            if raw["id"] in rulings:
                raise RulesTemplateError(f"ruling {raw['id']} is defined twice")
            rulings[raw["id"]] = Ruling(raw["id"], raw["title"], raw["text"].strip(), raw["topic"],
                                        _other(raw, raw["id"]))
            if "other_reading_topics" in raw:
                reading_topics[raw["id"]] = tuple(raw["other_reading_topics"])
        labels.update(doc.get("labels", {}))
        step_topics.update((step, tuple(ids)) for step, ids in doc.get("step_topics", {}).items())
        context_ids.update((part, tuple(ids)) for part, ids in doc.get("context_topics", {}).items())
        elsewhere_ids.update((part, tuple(ids)) for part, ids in doc.get("context_elsewhere", {}).items())
        search = doc.get("search", {})
        context_words.update(search.get("context", {}))
        stop.update(search.get("stopwords", []))
        keep.update(search.get("unstemmed", []))
        single.update(search.get("syllables", []))
        weak.update(w if HANGUL.match(w) else _stem(w) for w in search.get("weak", []))
        for word, extra in search.get("synonyms", {}).items():
            synonyms[word] = tuple(extra)
    topics: list[Topic] = []
    asked = [tuple(raw.get("questions", [])) for raw in topics_raw]  # how players ask for it (never shown)
    for raw in topics_raw:
        rules = tuple(raw.get("rules", []))
        others = tuple(r.other for rid in rules if (r := rulings.get(rid)) and r.other
                       and raw["id"] in reading_topics.get(rid, (raw["id"],)))
        topics.append(Topic(raw["id"], raw["title"], raw["group"], raw["body"].strip(), rules,
                            tuple(raw.get("keywords", [])), others, raw.get("enter", "").strip()))
    by_id: dict[str, Topic] = {}
    for t in topics:
        if t.id in by_id:
            raise RulesTemplateError(f"topic {t.id} is defined twice")
        by_id[t.id] = t
    for step, ids in (step_topics | context_ids | elsewhere_ids).items():
        if unknown := [i for i in ids if i not in by_id]:
            raise RulesTemplateError(f"step {step} names the unknown topics {', '.join(unknown)}")
    for r in rulings.values():
        if r.topic not in by_id:
            raise RulesTemplateError(f"ruling {r.id} points to the unknown topic {r.topic}")
    stopwords, unstemmed, syllables = frozenset(stop), frozenset(keep), frozenset(single)
    index = tuple(
        (
            frozenset(_terms(t.title + " " + t.id.replace("-", " "), stopwords, unstemmed, syllables)),
            frozenset(_terms(" ".join(t.keywords), stopwords, unstemmed, syllables)),
            Counter(_terms(t.body, stopwords, unstemmed, syllables)),
        )
        for t in topics
    )
    form_terms = tuple(tuple(frozenset(_terms(q, stopwords, unstemmed, syllables)) for q in qs) for qs in asked)
    df: Counter[str] = Counter()
    for (title, keys, body), qs in zip(index, form_terms, strict=True):
        df.update(title | keys | set(body) | set().union(*qs))
    n = len(topics)
    idf = {term: math.log(1 + (n - k + 0.5) / (k + 0.5)) for term, k in df.items()}
    lengths = tuple(sum(body.values()) for _, _, body in index)
    phrases = tuple(tuple(p for k in t.keywords if (p := _sequence(k, stopwords, unstemmed))) for t in topics)
    forms = tuple(tuple({term: idf[term] for term in q} for q in qs if q) for qs in form_terms)
    position = {t.id: pos for pos, t in enumerate(topics)}
    contexts = {part: frozenset(position[i] for i in ids) for part, ids in context_ids.items()}
    elsewhere = {part: frozenset(position[i] for i in ids) for part, ids in elsewhere_ids.items()}
    naming = {part: tuple(p for w in words if (p := _sequence(w, stopwords, unstemmed)))
              for part, words in context_words.items()}
    return _Library(tuple(topics), by_id, rulings, labels, stopwords, unstemmed, syllables, frozenset(weak), synonyms,
                    index, phrases, forms, lengths, idf, step_topics, contexts, elsewhere, naming)


# --- queries --------------------------------------------------------------------------------------------


def list_topics() -> list[Topic]:
    """Every topic, in the order of the templates (grouped as the list shows them)."""
    return list(_library().topics)


def topic(topic_id: str) -> Topic | None:
    """The topic with this id, if any."""
    return _library().by_id.get(topic_id.strip().lower())


def normalise_rule_id(text: str) -> str | None:
    """'r11', 'R11 ' -> 'R11'; anything else -> None."""
    match = RULE_ID.match(text.strip())
    return f"R{int(match[1])}" if match else None


def ruling(rule_id: str) -> Ruling | None:
    """The ruling with this id ('R11' or 'r11'), if it exists."""
    rid = normalise_rule_id(rule_id)
    return _library().rulings.get(rid) if rid else None


def list_rulings() -> list[Ruling]:
    """All rulings in id order."""
    return sorted(_library().rulings.values(), key=lambda r: int(r.id[1:]))


def topic_for_rule(rule_id: str, step: str = "") -> Topic | None:
    """The topic to read about a ruling, so a refused action can say what to read: in a step ('winter feeding',
    engine.flow.season_step) the first of that step's topics (the [step_topics] data) that cites the ruling,
    else the topic that explains the ruling in full (R24 refused in winter feeding: `winter`, not `woodwork`)."""
    r = ruling(rule_id)
    if r is None:
        return None
    lib = _library()
    here = (lib.by_id[i] for i in lib.step_topics.get(step, ()))
    return next((t for t in here if r.id in t.rules), lib.by_id[r.topic])


def read_more(rule_id: str, step: str = "") -> str:
    """A short pointer for refusal messages, e.g. 'lignum rules drying'; '' for an unknown id."""
    t = topic_for_rule(rule_id, step)
    return f"lignum rules {t.id}" if t else ""


def _korean_synonyms(word: str, lib: _Library) -> tuple[str, ...]:
    """The synonyms of the longest Korean key (two syllables or more) that the word starts with: '빌리기보다'
    meets '빌리', whatever ending follows."""
    keys = [k for k in lib.synonyms if len(k) >= 2 and HANGUL.match(k) and word.startswith(k)]
    return lib.synonyms[max(keys, key=len)] if keys else ()


def _query_terms(query: str, lib: _Library) -> dict[str, float]:
    """Query terms with weights: typed words 1.0, synonyms 0.7, misspellings 0.6, longer or shorter forms 0.5."""
    weights: dict[str, float] = {}

    def add(term: str, weight: float) -> None:
        weights[term] = max(weights.get(term, 0.0), weight)

    for word in _words(query):
        korean = bool(HANGUL.match(word))
        bare = _bare(word) if korean else word
        if word in lib.stopwords or bare in lib.stopwords:
            continue
        weak = any(word.startswith(w) for w in lib.weak) if korean else _stem(word) in lib.weak or word.isdigit()
        full = WEAK if weak else 1.0
        if korean:
            for piece in _pieces(word):
                add(piece, full)
            if len(word) > 1 and word[0] in lib.syllables:  # a one-syllable word with its ending: 끝나, 강에
                add(word[0], full)
        else:
            add(word if word in lib.unstemmed else _stem(word), full)
        related = lib.synonyms.get(word, ()) or lib.synonyms.get(bare, ())
        for extra in related or (_korean_synonyms(word, lib) if korean else ()):
            for term in _terms(extra, keep=lib.unstemmed):
                add(term, SYNONYM * full)
    for term, weight in list(weights.items()):
        if weight >= 1.0 and term not in lib.idf:  # a misspelling: the texts' words one letter (jamo) away
            for known in lib.idf:
                if _one_apart(term, known):
                    add(known, TYPO)
        if len(term) >= 5 and not RULE_ID.match(term):
            for known in lib.idf:
                if known != term and len(known) >= 5 and (known.startswith(term) or term.startswith(known)):
                    add(known, weight * 0.5)
    return weights


def _jamo(syllable: str) -> tuple[int, int, int]:
    """A Hangul syllable as its initial, medial and final letters (jamo), so 썰메 and 썰매 are one letter apart."""
    code = ord(syllable) - 0xAC00
    return code // 588, (code % 588) // 28, code % 28


def _one_apart(typed: str, known: str) -> bool:
    """Whether a word the texts do not hold is one slip away from one they do: in English (5 letters or more)
    one letter changed, added, dropped or two swapped; in Korean one jamo of one syllable changed."""
    if HANGUL.match(typed):
        if len(typed) != len(known) or not HANGUL.match(known):
            return False
        diff = [(_jamo(a), _jamo(b)) for a, b in zip(typed, known, strict=True) if a != b]
        return len(diff) == 1 and sum(x != y for x, y in zip(*diff[0], strict=True)) == 1
    if len(typed) < 5 or abs(len(typed) - len(known)) > 1 or HANGUL.match(known):
        return False
    if len(typed) == len(known):
        diff = [i for i, (a, b) in enumerate(zip(typed, known, strict=True)) if a != b]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and typed[diff[0]] == known[diff[1]] and typed[diff[1]] == known[diff[0]])
    short, long_ = sorted((typed, known), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _mentions(query: str, phrases: tuple[tuple[str, ...], ...], lib: _Library) -> bool:
    """Whether the query names a part of the game: one of its phrases, word for word ('drying card', '2 player';
    Korean without particles, so '겨울에는' names 겨울)."""
    sequence = _sequence(query, lib.stopwords, lib.unstemmed)
    return any(_contains(sequence, p) for p in phrases)


def _boosts(query: str, lib: _Library, step: str) -> dict[int, float]:
    """Factors for topics of the part of the game the question is about: named in the query (a question about
    winter prefers the winter steps over their spring namesakes), or, more weakly, the step the table is in."""
    factor: dict[int, float] = {}

    def boost(positions: frozenset[int] | tuple[int, ...], by: float) -> None:
        for pos in positions:
            factor[pos] = max(factor.get(pos, 1.0), by)

    for part, words in lib.context_words.items():
        if part in lib.contexts and _mentions(query, words, lib):
            boost(lib.contexts[part], CONTEXT_FACTOR)
            for pos in lib.elsewhere.get(part, ()):  # "... in winter": not the spring woodcutting or market
                factor[pos] = min(factor.get(pos, 1.0), ELSEWHERE_FACTOR)
    if step:  # asked at the table: the part of the game it is in, a little less than naming it, and its step
        part = step.split()[0]
        boost(lib.contexts.get(part, frozenset()), STEP_PART_FACTOR)
        for pos in lib.elsewhere.get(part, ()):
            factor[pos] = min(factor.get(pos, 1.0), STEP_ELSEWHERE_FACTOR)
        position = {t.id: pos for pos, t in enumerate(lib.topics)}
        for pos in {position[i] for i in lib.step_topics.get(step, ()) if i in position}:
            factor[pos] = factor.get(pos, 1.0) * STEP_FACTOR
    return factor


def _cosine(asked: dict[str, float], form: dict[str, float]) -> float:
    """How close a question is to one of a topic's question forms: the cosine of their idf-weighted terms."""
    shared = [weight * form[term] for term, weight in asked.items() if term in form]
    if len(shared) < 2:  # one word in common says nothing about the question (a bare 'fodder' is no question form)
        return 0.0
    dot = sum(shared)
    return dot / math.sqrt(sum(w * w for w in asked.values()) * sum(w * w for w in form.values()))


def _scores(query: str, lib: _Library, step: str = "") -> list[tuple[float, int, float]]:
    """(score, topic position, score of the texts' words alone) for every topic that matches a term: BM25
    over the body, title and keyword weights, keyword phrases said in full (more when said as written), the
    closest question form, ruling ids, and the part of the game the question or the table is in."""
    terms = _query_terms(query, lib)
    wanted_rules = {rid for w in _words(query) if (rid := normalise_rule_id(w))}
    home = {lib.rulings[r].topic for r in wanted_rules if r in lib.rulings}
    average = sum(lib.lengths) / max(len(lib.lengths), 1)
    said = {t for t, w in terms.items() if w >= SYNONYM}  # typed words and synonyms: a phrase in other words
    sequence = _sequence(query, lib.stopwords, lib.unstemmed)
    said |= set(sequence)
    factors = _boosts(query, lib, step)
    asked = {term: weight * lib.idf[term] for term, weight in terms.items() if term in lib.idf}
    mass = sum(asked.values())
    results = []
    for pos, (t, (title, keys, body), length) in enumerate(zip(lib.topics, lib.index, lib.lengths, strict=True)):
        score = 0.0
        norm = K1 * (1 - B + B * length / average)
        for term, weight in terms.items():
            tf = body.get(term, 0)
            hits = TITLE_WEIGHT * (term in title) + KEYWORD_WEIGHT * (term in keys) + tf * (K1 + 1) / (tf + norm)
            if hits:
                score += weight * lib.idf[term] * hits
        plain = score  # the texts' words alone: what says which other topics are related
        best_phrase = 0.0
        for p in lib.phrases[pos]:
            if set(p) <= said:  # a keyword phrase the query says in full; as written, it says the topic's rule
                weight = PHRASE_RUN_WEIGHT if len(p) > 1 and _contains(sequence, p) else PHRASE_WEIGHT
                best_phrase = max(best_phrase, weight * sum(lib.idf.get(term, 0.0) for term in p))
        score += best_phrase
        known = QUESTION_WEIGHT * mass * max((_cosine(asked, form) for form in lib.forms[pos]), default=0.0)
        score += 20.0 * len(wanted_rules & set(t.rules)) + 40.0 * (t.id in home)
        if score + known > 0:
            results.append(((score + known) * factors.get(pos, 1.0), pos, plain * factors.get(pos, 1.0)))
    results.sort(key=lambda sp: (-sp[0], sp[1]))
    return results


def lookup(query: str, limit: int = 5, step: str = "") -> list[Topic]:
    """Best topics for a query: a topic id, a ruling id (R1…) or plain words; [] when nothing matches.

    A ruling id puts the topic that explains it first, then other topics that apply it. `step` is where the
    table is ('winter feeding', engine.flow.season_step), given by `play`: it tips close answers towards
    that part of the game, never over a clearly better one.
    """
    lib = _library()
    q = query.strip().lower()
    if not q:
        return []
    if q in lib.by_id:
        return [lib.by_id[q]]
    if (rid := normalise_rule_id(q)) and rid not in lib.rulings:
        return []
    from lignum_companion.texts import catalog as texts

    search = _library("ko" if HANGUL.search(q) else texts.DEFAULT)  # the texts written in the query's script
    scored = _scores(q, search, step)
    if not scored:
        return []
    # the others that match: near the best on the texts' words alone (a keyword phrase or a question form said
    # word for word makes its topic's score soar, but the related topics are still worth naming)
    best = max(base for _, _, base in scored[:limit])
    return [lib.by_id.get(search.topics[pos].id, search.topics[pos]) for n, (_, pos, base) in enumerate(scored[:limit])
            if n == 0 or base >= 0.4 * best]


# --- rendering ------------------------------------------------------------------------------------------


def _wrap_body(body: str, width: int) -> list[str]:
    """Wrap paragraphs; '- ' bullets and '1. ' items get a hanging indent. Blank lines separate paragraphs."""
    out: list[str] = []
    blocks: list[str] = []
    current: list[str] = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            if current:
                blocks.append(" ".join(current))
                current = []
            blocks.append("")
        elif re.match(r"^(- |\d+\. )", stripped):
            if current:
                blocks.append(" ".join(current))
            current = [stripped]
        else:
            current.append(stripped)
    if current:
        blocks.append(" ".join(current))
    for block in blocks:
        if not block:
            if out and out[-1] != "":
                out.append("")
            continue
        marker = re.match(r"^(- |\d+\. )", block)
        indent = " " * len(marker[0]) if marker else ""
        out.extend(texts.wrap(block, width, subsequent_indent=indent))
    return out


def _label(key: str, **values: str) -> str:
    return _library().labels[key].format(**values)


def _rules_line(rules: tuple[str, ...]) -> str:
    lib = _library()
    if not rules:
        return _label("no_rulings")
    named = "; ".join(f"{r} {lib.rulings[r].title}" if r in lib.rulings else r for r in rules)
    return _label("rulings", rules=named)


def _other_lines(other: OtherReading, width: int) -> list[str]:
    text = _label("other_reading", rule=other.rule, reading=other.reading, source=other.source)
    return texts.wrap(text, width, subsequent_indent="  ")


def render(topic: Topic, width: int = 80) -> str:
    """A topic as text for the terminal: title, rulings applied, body, how to enter it, other readings."""
    width = max(width, 30)
    lines = [f"{topic.title}  [{topic.id}]"]
    lines += texts.wrap(_rules_line(topic.rules), width, subsequent_indent="  ")
    lines.append("")
    lines += _wrap_body(topic.body, width)
    if topic.enter:  # the commands, marked, after the rule: the prose stays about the game
        lines.append("")
        lines += texts.wrap(_label("enter", text=topic.enter), width, subsequent_indent="  ")
    for other in topic.other_readings:
        lines.append("")
        lines += _other_lines(other, width)
    return "\n".join(lines)


def render_ruling(r: Ruling, width: int = 80) -> str:
    """A ruling as text: id and title, the explanation, the other reading, and where to read more."""
    width = max(width, 30)
    lib = _library()
    lines = [f"{r.id} {r.title}", ""]
    lines += _wrap_body(r.text, width)
    if r.other:
        lines.append("")
        lines += _other_lines(r.other, width)
    home = lib.by_id[r.topic]
    lines.append("")
    lines.append(_label("read_more", command=f"lignum rules {home.id}", title=home.title))
    cited = [t.id for t in lib.topics if r.id in t.rules and t.id != home.id]
    if cited:
        lines += texts.wrap(_label("cited_in", topics=", ".join(cited)), width, subsequent_indent="  ")
    return "\n".join(lines)


def render_list(width: int = 80) -> str:
    """All topics grouped, one line each with its id, for `lignum rules` without a query."""
    lib = _library()
    lines = texts.wrap(_label("list_intro"), width)
    id_width = max(len(t.id) for t in lib.topics)
    group = None
    for t in lib.topics:
        if t.group != group:
            group = t.group
            lines += ["", group]
        lines.append(f"  {t.id:<{id_width}}  {t.title}")
    return "\n".join(lines)


def label(key: str, **values: str) -> str:
    """A user-facing message of the lookup (from the templates), e.g. the 'no match' line of the CLI."""
    return _label(key, **values)
