"""Rules lookup, the learned part: a naive Bayes vote over how players have asked for each topic.

The hand-made ranking of views/rules_rank.py scores a question against the topic texts; this module learns
from the labelled questions (each topic's `questions` in templates/<lang>/rules, the tuning sets of
tests/rules_questions) which topic a question of that kind is about. A multinomial naive Bayes over binary
features: the question's words (English stemmed, Korean without particles) and its character n-grams (English
3-5 letters, Korean 1-3 syllables), which absorb misspellings, Korean particles and spacing. Each topic's title
and keywords count as one more question. rules_rank adds the topic probabilities, flattened by a temperature,
to its own normalised score with a weight; both were fitted by leaving one tuning batch out
(docs/rules-lookup.md). Plain Python: counting takes about 0.1 s, so the counts are kept beside the template cache
(texts.catalog.cache_folder) under a digest of the questions they were counted from, and read back in about
20 ms; a question costs one look-up per feature and topic (a few ms).
"""

from __future__ import annotations

import hashlib
import marshal
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HANGUL = re.compile(r"[\uac00-\ud7a3]")
WORDS = re.compile(r"[a-z0-9]+|[\uac00-\ud7a3]+")
NGRAMS = {False: (3, 5), True: (1, 3)}  # character n-gram lengths: English letters, Korean syllables
ALPHA = 0.03  # additive smoothing of the feature counts
# per language: (temperature that flattens the posterior, weight of the probabilities beside the texts' score
# scaled to 1 for the best topic); fitted by leaving one tuning batch out (docs/rules-lookup.md)
BLEND = {False: (40.0, 0.5), True: (25.0, 0.75)}
LEARNED_FORMAT = 1  # raise when the features or what the cache file holds change


Fold = Callable[[str], str]  # a word to its index form: rules_rank._stem (English) or _bare (Korean)


def features(text: str, stem: Fold, bare: Fold) -> set[str]:
    """The features of a question: 'w:' + each word (English stemmed, Korean without its particle) and the
    character n-grams of its words joined by single spaces. `stem` and `bare` are rules_rank's word folds."""
    lowered = text.lower()
    words = WORDS.findall(lowered)
    korean = bool(HANGUL.search(lowered))
    out = {"w:" + (bare(w) if HANGUL.match(w) else stem(w)) for w in words}
    joined = f" {' '.join(words)} "
    low, high = NGRAMS[korean]
    for n in range(low, high + 1):
        out.update(joined[i: i + n] for i in range(len(joined) - n + 1))
    return out


@dataclass(frozen=True)
class Learned:
    """The counts of one language's labelled questions: per topic the questions that had each feature."""

    counts: tuple[dict[str, int], ...]  # per topic position (as in rules_rank.SearchIndex.ids): feature -> questions
    vocabulary: frozenset[str]  # every feature seen
    denominators: tuple[float, ...]  # per topic log(features counted + ALPHA * vocabulary size)
    korean: bool

    def probabilities(self, query_features: set[str]) -> list[float]:
        """P(topic | question) for every topic position, flattened by the language's temperature."""
        known = query_features & self.vocabulary
        floor = math.log(ALPHA)
        logp = [len(known) * (floor - d) + sum(math.log(counts[f] + ALPHA) - floor for f in known & counts.keys())
                for counts, d in zip(self.counts, self.denominators, strict=True)]
        temperature = BLEND[self.korean][0]
        top = max(logp)
        weights = [math.exp((v - top) / temperature) for v in logp]
        total = sum(weights)
        return [w / total for w in weights]

    @property
    def weight(self) -> float:
        """How much the probabilities count beside the texts' score (scaled to 1 for the best topic)."""
        return BLEND[self.korean][1]


def learn(asked: Sequence[Sequence[str]], named: Sequence[str], korean: bool, stem: Fold, bare: Fold) -> Learned:
    """Count the features of each topic's question forms (`asked`, per topic position) and of its title and
    keywords (`named`, one text per topic): what the vote reads."""
    counts: list[dict[str, int]] = []
    for pos, questions in enumerate(asked):
        counted: Counter[str] = Counter()
        for text in (*questions, named[pos]):
            counted.update(features(text, stem, bare))
        counts.append(counted)
    return _from_counts(counts, korean)


def _from_counts(counts: Sequence[dict[str, int]], korean: bool) -> Learned:
    """The vote from its counts: the vocabulary and each topic's smoothed denominator."""
    vocabulary: frozenset[str] = frozenset().union(*counts)
    denominators = tuple(math.log(sum(c.values()) + ALPHA * len(vocabulary)) for c in counts)
    return Learned(tuple(counts), vocabulary, denominators, korean)


def learn_cached(asked: Sequence[Sequence[str]], named: Sequence[str], korean: bool, stem: Fold, bare: Fold,
                 spot: Path | None) -> Learned:
    """`learn`, kept in the file `spot` (None: no cache) under a digest of its input, so a changed question or
    title is counted again; a cache that cannot be read or written only costs the counting."""
    digest = hashlib.sha256(marshal.dumps((LEARNED_FORMAT, korean, [list(q) for q in asked], list(named)))).digest()
    if spot is not None:
        try:
            fmt, kept, counts = marshal.loads(spot.read_bytes())
            if fmt == LEARNED_FORMAT and kept == digest:
                return _from_counts(counts, korean)
        except Exception:  # noqa: BLE001 - missing, unreadable, truncated or foreign: count again
            pass
    made = learn(asked, named, korean, stem, bare)
    if spot is not None:
        from lignum_companion.system import atomic  # as texts.catalog writes its cache: whole or not at all

        try:
            spot.parent.mkdir(parents=True, exist_ok=True)
            atomic.write(spot, marshal.dumps((LEARNED_FORMAT, digest, [dict(c) for c in made.counts])))
        except OSError:  # read-only place, no permission, full disk: no cache this time
            pass
    return made
