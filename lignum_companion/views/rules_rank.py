"""Rules lookup ranking: the search index over the topic texts and the score of every topic for a question.

Split from views/rules_lookup.py, which loads the texts and renders them; this module knows only words and
numbers. BM25 (Okapi, k1 1.2, b 0.75) over each topic's body, plus a fixed weight for a term in the title (3) or
the keywords (2), each times the term's BM25 idf, scaled by how much of the question the topic holds
(coordination); a bonus when the query contains every word of one of the topic's keyword phrases, more when it
says them word for word; and the closeness of the query to the topic's question forms (how players have asked
for it). So that the rule in dispute wins over an incidental word,
question-frame words ('price', '얼마') and bare numbers weigh little, a question that names a part of the game
(winter, the expansion, a planned work card, a player count) prefers its topics, and `play` passes the step it is
in for the same reason. English words are lower-cased and lightly stemmed; Korean is cut into character pairs, so
a question with particles still meets the topic's words. A synonym table per language adds spoken variants at a
lower weight (not for the words of a place's name: 'sale area' is no sale), a word one letter (Korean: one
jamo) away from a word of the texts stands for it, and a number weighs little unless it is said as a place.
BM25 is written out here (a few lines) rather than taken from rank_bm25, which needs numpy at start-up.
Last, the scores are scaled to 1 for the best topic and a vote learned from the labelled questions is added
(views/rules_learned.py): how players asked before settles what the texts leave close.
docs/rules-lookup.md has the method and the figures.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from lignum_companion.views import rules_learned

RULE_ID = re.compile(r"^[Rr](\d{1,3})$")
TITLE_WEIGHT, KEYWORD_WEIGHT = 3.0, 2.0  # a term in the title or keywords, beside its BM25 weight in the body
PHRASE_WEIGHT = 1.5  # a keyword phrase whose every word is in the query: the topic's own way of asking
PHRASE_RUN_WEIGHT = 3.0  # the same phrase said word for word ("who goes first", "drying card")
SYNONYM = 0.7  # the weight of a word the synonym table adds
FORMS_K = 1
# coordination: the texts' score times (COORD_FLOOR + the rest * the share of the question's weight the topic
# holds) ** COORD, so a topic that has every word asked about beats one that repeats a few of them
COORD, COORD_FLOOR = 0.5, 0.3
RELATED = 0.25  # the others named beside the best: at least this share of its score on the texts alone
CROSS = 0.8  # a second topic within this share of the best one's score: the question crosses both, and the
# answer shows that topic's settling lines under the first ("milled firewood from the storage onto a task")
NOTHING = 1.5  # below this score on the texts' words alone, and naming no part of the game, a question is about
# nothing in the game ("what's the wifi password", 치킨 시켜도 돼?): the question forms and the vote alone would
# still pick a topic from a colloquial ending, so no topic is named (every tuning question scores 2 or more)
QUESTION_WEIGHT = 0.5  # the closest of a topic's question forms, times the query's weight: asked like this before
WEAK = 0.4  # a word of [search] weak ('price', '얼마') or a bare number: the question's frame, not the rule
TYPO = 0.6  # the weight of a word of the texts one slip away from a typed word they do not hold
CONTEXT_FACTOR = 1.6  # a topic of the part of the game the query names ("... in winter": the winter steps)
PART_FACTORS: dict[str, float] = {}
ELSEWHERE_FACTOR = 0.75  # a topic of a step that the named part of the game does otherwise or not at all
STEP_PART_FACTOR, STEP_ELSEWHERE_FACTOR = 1.5, 0.85  # the part of the game the table is in (`play`), as above
UNNAMED_FACTOR = 0.7  # a topic of [context_unnamed] when its part is neither named nor the table's (a winter step)
STEP_FACTOR = 1.15  # and the topics of its step ([step_topics])
K1, B = 1.2, 0.75  # BM25's usual term-saturation and length-normalisation constants


class Indexed(Protocol):
    """What the index reads of a topic (views.rules_lookup.Topic has it)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def body(self) -> str: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    @property
    def keywords(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class SearchIndex:
    """The words of one language's topics, indexed once, and the search settings of [search] and the step data."""

    ids: tuple[str, ...]  # the topics in template order: a position in every tuple below
    rules: tuple[tuple[str, ...], ...]  # per topic the rulings it cites
    ruling_topics: dict[str, str]  # 'R11' -> the topic that explains it in full
    stopwords: frozenset[str]
    unstemmed: frozenset[str]
    syllables: frozenset[str]  # Korean one-syllable words (강, 톱, 끝): found again under their endings
    weak: frozenset[str]  # words that ask about any rule ('price', '얼마'): they weigh less than the thing asked about
    synonyms: dict[str, tuple[str, ...]]
    places: frozenset[tuple[str, ...]]  # two-word names of places ('sale area'): their words add no synonyms
    place_before: frozenset[str]  # words before a number that make it a location ('location', 'to'), not a count
    place_after: tuple[str, ...]  # the same after it (Korean '번')
    index: tuple[tuple[frozenset[str], frozenset[str], Counter[str]], ...]  # per topic: title, keywords, body
    phrases: tuple[tuple[tuple[str, ...], ...], ...]  # per topic its keyword phrases, as ordered terms
    forms: tuple[tuple[dict[str, float], ...], ...]  # per topic its question forms: term -> idf weight
    lengths: tuple[int, ...]
    idf: dict[str, float]
    step_topics: dict[str, tuple[str, ...]]  # 'winter feeding' -> the topics about that step, closest first
    contexts: dict[str, frozenset[int]]  # 'winter' -> positions of the topics about that part of the game
    elsewhere: dict[str, frozenset[int]]  # 'winter' -> the topics of steps that work otherwise (or not) then
    unnamed: dict[str, frozenset[int]]  # 'winter' -> the topics asked for only by naming it (winter-sawing)
    context_words: dict[str, tuple[tuple[str, ...], ...]]  # 'winter' -> the phrases that name it ('winter', '겨울')
    learned: rules_learned.Learned  # the naive Bayes vote learned from the question forms (views/rules_learned.py)


def normalise_rule_id(text: str) -> str | None:
    """'r11', 'R11 ' -> 'R11'; anything else -> None."""
    match = RULE_ID.match(text.strip())
    return f"R{int(match[1])}" if match else None


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
    if len(word) > 4 and word.endswith(("shes", "ches", "xes", "sses", "zes")):
        return word[:-2]  # 'pushes', 'passes', 'boxes': the -es of a hissing end
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


# --- the index ------------------------------------------------------------------------------------------


def build_index(topics: Sequence[Indexed], asked: Sequence[Sequence[str]], search: Mapping[str, Any],
                ruling_topics: dict[str, str], step_topics: dict[str, tuple[str, ...]],
                parts: tuple[dict[str, tuple[str, ...]], ...],
                learned_at: Path | None = None) -> SearchIndex:
    """Index the topics (with `asked`, each topic's question forms) under the [search] settings of a language;
    `parts` is ([context_topics], [context_elsewhere], [context_unnamed]): per part of the game its topics, the
    steps it does otherwise and the topics asked for only by naming it, by topic id; `learned_at` is where the
    learned vote's counts are kept (None: counted here)."""
    stopwords, unstemmed = frozenset(search.get("stopwords", ())), frozenset(search.get("unstemmed", ()))
    syllables = frozenset(search.get("syllables", ()))
    weak = frozenset(w if HANGUL.match(w) else _stem(w) for w in search.get("weak", ()))

    def terms(text: str) -> list[str]:
        return _terms(text, stopwords, unstemmed, syllables)

    index = tuple((frozenset(terms(t.title + " " + t.id.replace("-", " "))), frozenset(terms(" ".join(t.keywords))),
                   Counter(terms(t.body))) for t in topics)
    form_terms = tuple(tuple(frozenset(terms(q)) for q in qs) for qs in asked)
    df: Counter[str] = Counter()
    for (title, keys, body), qs in zip(index, form_terms, strict=True):
        df.update(title | keys | set(body) | set().union(*qs))
    n = len(topics)
    idf = {term: math.log(1 + (n - k + 0.5) / (k + 0.5)) for term, k in df.items()}
    position = {t.id: pos for pos, t in enumerate(topics)}

    def positions(named: dict[str, tuple[str, ...]]) -> dict[str, frozenset[int]]:
        return {part: frozenset(position[i] for i in ids) for part, ids in named.items()}

    naming = {part: tuple(p for w in words if (p := _sequence(w, frozenset(), unstemmed)))
              for part, words in search.get("context", {}).items()}
    return SearchIndex(
        ids=tuple(t.id for t in topics), rules=tuple(t.rules for t in topics), ruling_topics=ruling_topics,
        stopwords=stopwords, unstemmed=unstemmed, syllables=syllables, weak=weak,
        synonyms={word: tuple(extra) for word, extra in search.get("synonyms", {}).items()},
        places=frozenset(tuple(_words(p)) for p in search.get("places", ())),
        place_before=frozenset(search.get("location_before", ())), place_after=tuple(search.get("location_after", ())),
        index=index, phrases=tuple(tuple(p for k in t.keywords if (p := _sequence(k, stopwords, unstemmed)))
                                   for t in topics),
        forms=tuple(tuple({term: idf[term] for term in q} for q in qs if q) for qs in form_terms),
        lengths=tuple(sum(body.values()) for _, _, body in index), idf=idf, step_topics=step_topics,
        contexts=positions(parts[0]), elsewhere=positions(parts[1]),
        unnamed=positions(parts[2]) if len(parts) > 2 else {}, context_words=naming,
        learned=rules_learned.learn_cached(asked, [_own_texts(t) for t in topics],
                                           any(HANGUL.search(t.title) for t in topics), _stem, _bare, learned_at))


def _own_texts(topic: Indexed) -> tuple[str, ...]:
    """What the learned vote counts of a topic beside its question forms: its title and keywords, and each line
    of its body (the held-aside questions are written from these texts too)."""
    return (f"{topic.title} {' '.join(topic.keywords)}", *(ln for ln in topic.body.splitlines() if ln.strip()))


# --- a question -----------------------------------------------------------------------------------------


def _korean_synonyms(word: str, lib: SearchIndex) -> tuple[str, ...]:
    """The synonyms of the longest Korean key (two syllables or more) that the word starts with: '빌리기보다'
    meets '빌리', whatever ending follows."""
    keys = [k for k in lib.synonyms if len(k) >= 2 and HANGUL.match(k) and word.startswith(k)]
    return lib.synonyms[max(keys, key=len)] if keys else ()


def _names_location(said: list[str], n: int, lib: SearchIndex) -> bool:
    """Whether the number said[n] names a location of the path ('go to 13', 'location 6', '13번'), not a count or
    a price: then it weighs as much as any word."""
    before, after = said[n - 1] if n else "", said[n + 1] if n + 1 < len(said) else ""
    return before in lib.place_before or any(after.startswith(w) for w in lib.place_after if after)


def _query_terms(query: str, lib: SearchIndex) -> dict[str, float]:
    """Query terms with weights: typed words 1.0, synonyms 0.7, misspellings 0.6, longer or shorter forms 0.5."""
    weights: dict[str, float] = {}

    def add(term: str, weight: float) -> None:
        weights[term] = max(weights.get(term, 0.0), weight)

    said = _words(query)
    for n, word in enumerate(said):
        korean = bool(HANGUL.match(word))
        bare = _bare(word) if korean else word
        if word in lib.stopwords or bare in lib.stopwords:
            continue
        weak = any(word.startswith(w) for w in lib.weak) if korean else _stem(word) in lib.weak or (
            word.isdigit() and not _names_location(said, n, lib))
        full = WEAK if weak else 1.0
        if korean:
            for piece in _pieces(word):
                add(piece, full)
            if len(word) > 1 and word[0] in lib.syllables:  # a one-syllable word with its ending: 끝나, 강에
                add(word[0], full)
        else:
            add(word if word in lib.unstemmed else _stem(word), full)
        if (word, *said[n + 1: n + 2]) in lib.places or (*said[max(n - 1, 0): n], word) in lib.places:
            continue  # a part of a place's name ('sale area'): the place, not what its word means alone
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
        changed = [(_jamo(a), _jamo(b)) for a, b in zip(typed, known, strict=True) if a != b]
        return len(changed) == 1 and sum(x != y for x, y in zip(*changed[0], strict=True)) == 1
    if len(typed) < 5 or abs(len(typed) - len(known)) > 1 or HANGUL.match(known):
        return False
    if len(typed) == len(known):
        diff = [i for i, (a, b) in enumerate(zip(typed, known, strict=True)) if a != b]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and typed[diff[0]] == known[diff[1]] and typed[diff[1]] == known[diff[0]])
    short, long_ = sorted((typed, known), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _mentions(query: str, phrases: tuple[tuple[str, ...], ...], lib: SearchIndex) -> bool:
    """Whether the query names a part of the game: one of its phrases, word for word ('drying card', '2 player';
    Korean without particles, so '겨울에는' names 겨울). Stop words count here: '3 of us' is not a bare 3."""
    sequence = _sequence(query, frozenset(), lib.unstemmed)
    return any(_contains(sequence, p) for p in phrases)


def _boosts(query: str, lib: SearchIndex, step: str) -> dict[int, float]:
    """Factors for topics of the part of the game the question is about: named in the query (a question about
    winter prefers the winter steps over their spring namesakes), or, more weakly, the step the table is in."""
    factor: dict[int, float] = {}

    def boost(positions: frozenset[int] | tuple[int, ...], by: float) -> None:
        for pos in positions:
            factor[pos] = max(factor.get(pos, 1.0), by)

    named = {step.split()[0]} if step else set()
    said = [part for part, words in lib.context_words.items()
            if part in lib.contexts and _mentions(query, words, lib)]
    kept = frozenset().union(*(lib.contexts[part] for part in said))  # a part named is never lowered by another
    for part in said:
        named.add(part)
        boost(lib.contexts[part], PART_FACTORS.get(part, CONTEXT_FACTOR))
        for pos in lib.elsewhere.get(part, frozenset()) - kept:  # "... in winter": not the spring woodcutting
            factor[pos] = min(factor.get(pos, 1.0), ELSEWHERE_FACTOR)
    if step:  # asked at the table: the part of the game it is in, a little less than naming it, and its step
        part = step.split()[0]
        boost(lib.contexts.get(part, frozenset()), STEP_PART_FACTOR)
        for pos in lib.elsewhere.get(part, ()):
            factor[pos] = min(factor.get(pos, 1.0), STEP_ELSEWHERE_FACTOR)
        position = {topic_id: pos for pos, topic_id in enumerate(lib.ids)}
        for pos in {position[i] for i in lib.step_topics.get(step, ()) if i in position}:
            factor[pos] = factor.get(pos, 1.0) * STEP_FACTOR
    for part, positions in lib.unnamed.items():  # no winter word, not in winter: the spring step, not its namesake
        if part not in named:
            for pos in positions:
                factor[pos] = min(factor.get(pos, 1.0), UNNAMED_FACTOR)
    return factor


def _cosine(asked: dict[str, float], form: dict[str, float]) -> float:
    """How close a question is to one of a topic's question forms: the cosine of their idf-weighted terms."""
    shared = [weight * form[term] for term, weight in asked.items() if term in form]
    if len(shared) < 2:  # one word in common says nothing about the question (a bare 'fodder' is no question form)
        return 0.0
    dot = sum(shared)
    return dot / math.sqrt(sum(w * w for w in asked.values()) * sum(w * w for w in form.values()))


def scores(query: str, lib: SearchIndex, step: str = "") -> list[tuple[float, int, float]]:
    """(score, topic position, score of the texts' words alone) for every topic that matches a term: BM25
    over the body, title and keyword weights, keyword phrases said in full (more when said as written), the
    closest question form, ruling ids, and the part of the game the question or the table is in."""
    terms = _query_terms(query, lib)
    wanted_rules = {rid for w in _words(query) if (rid := normalise_rule_id(w))}
    home = {lib.ruling_topics[r] for r in wanted_rules if r in lib.ruling_topics}
    average = sum(lib.lengths) / max(len(lib.lengths), 1)
    said = {t for t, w in terms.items() if w >= SYNONYM}  # typed words and synonyms: a phrase in other words
    sequence = _sequence(query, lib.stopwords, lib.unstemmed)
    said |= set(sequence)
    factors = _boosts(query, lib, step)
    asked = {term: weight * lib.idf[term] for term, weight in terms.items() if term in lib.idf}
    mass = sum(asked.values())
    results = []
    for pos, (topic_id, rules, (title, keys, body), length) in enumerate(
            zip(lib.ids, lib.rules, lib.index, lib.lengths, strict=True)):
        score = 0.0
        norm = K1 * (1 - B + B * length / average)
        covered = 0.0
        for term, weight in terms.items():
            tf = body.get(term, 0)
            hits = TITLE_WEIGHT * (term in title) + KEYWORD_WEIGHT * (term in keys) + tf * (K1 + 1) / (tf + norm)
            if hits:
                score += weight * lib.idf[term] * hits
                covered += asked.get(term, 0.0)
        if mass:
            score *= (COORD_FLOOR + (1 - COORD_FLOOR) * covered / mass) ** COORD
        plain = score  # the texts' words alone: what says which other topics are related
        best_phrase = 0.0
        for p in lib.phrases[pos]:
            if set(p) <= said:  # a keyword phrase the query says in full; as written, it says the topic's rule
                weight = PHRASE_RUN_WEIGHT if len(p) > 1 and _contains(sequence, p) else PHRASE_WEIGHT
                best_phrase = max(best_phrase, weight * sum(lib.idf.get(term, 0.0) for term in p))
        score += best_phrase
        near = sorted((_cosine(asked, form) for form in lib.forms[pos]), reverse=True)[:FORMS_K]
        known = QUESTION_WEIGHT * mass * (sum(near) / FORMS_K if FORMS_K > 1 else max(near, default=0.0))
        score += 20.0 * len(wanted_rules & set(rules)) + 40.0 * (topic_id in home)
        if score + known > 0:
            results.append(((score + known) * factors.get(pos, 1.0), pos, plain * factors.get(pos, 1.0)))
    return _blend(query, lib, results, factors)


def _blend(query: str, lib: SearchIndex, results: list[tuple[float, int, float]],
           factors: Mapping[int, float]) -> list[tuple[float, int, float]]:
    """The texts' scores scaled to 1 for the best, plus the learned vote's probability of each topic times its
    weight (views/rules_learned.py): how players asked for a topic before settles what the texts leave close.
    The part of the game the question names (or the table is in) weighs on the vote as on the texts: a question
    with no winter word is not about a winter step because players asked for that step in similar words."""
    if not results:
        return results
    best = max(s for s, _, _ in results)
    vote = lib.learned.probabilities(rules_learned.features(query, _stem, _bare))
    blended = [(s / best + lib.learned.weight * vote[pos] * factors.get(pos, 1.0), pos, plain)
               for s, pos, plain in results]
    blended.sort(key=lambda sp: (-sp[0], sp[1]))
    return blended


def about_the_game(query: str, lib: SearchIndex, scored: list[tuple[float, int, float]] | None = None) -> bool:
    """Whether a question is about the game at all: some topic's own texts (not only how players asked before)
    hold its words well enough, or it names a part of the game ("3인이면 뭐가 달라"), a ruling or a location."""
    if scored is None:
        scored = scores(query, lib)
    if max((base for _, _, base in scored), default=0.0) >= NOTHING:
        return True
    said = _words(query)
    return (any(normalise_rule_id(w) for w in said)
            or any(w.isdigit() and _names_location(said, n, lib) for n, w in enumerate(said))
            or any(_mentions(query, words, lib) for words in lib.context_words.values()))


def ranked(query: str, lib: SearchIndex, limit: int = 5, step: str = "") -> list[str]:
    """The ids of the best topics for a lower-cased query, best first: the first, and the others among the best
    `limit` that are near it on the texts' words alone (a keyword phrase or a question form said word for word
    makes its topic's score soar, but the related topics are still worth naming)."""
    return answered(query, lib, limit, step)[0]


def answered(query: str, lib: SearchIndex, limit: int = 5, step: str = "") -> tuple[list[str], str | None]:
    """`ranked`, and the second topic when the question crosses it too (its score within CROSS of the best)."""
    scored = scores(query, lib, step)
    if not scored or not about_the_game(query, lib, scored):
        return [], None
    best = max(base for _, _, base in scored[:limit])
    kept = [(score, pos) for n, (score, pos, base) in enumerate(scored[:limit]) if n == 0 or base >= RELATED * best]
    crossed = lib.ids[kept[1][1]] if len(kept) > 1 and kept[1][0] >= CROSS * kept[0][0] else None
    return [lib.ids[pos] for _, pos in kept], crossed
