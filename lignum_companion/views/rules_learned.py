"""Rules lookup, the learned part: a naive Bayes vote over how players have asked for each topic.

The hand-made ranking of views/rules_rank.py scores a question against the topic texts; this module learns
from the labelled questions (each topic's `questions` in templates/<lang>/rules, the tuning sets of
tests/rules_questions) which topic a question of that kind is about. A multinomial naive Bayes over binary
features: the question's words (English stemmed, Korean without particles) and its character n-grams (English
3-5 letters, Korean 1-3 syllables), which absorb misspellings, Korean particles and spacing. Each topic's title
and keywords, and each line of its body, count as more questions. rules_rank adds the topic probabilities,
flattened by a temperature, to its own score scaled to 1 for the best topic, with a weight; smoothing,
temperature and weight were fitted by leaving one tuning batch out (docs/rules-lookup.md). Plain Python:
counting takes a few tenths of a second, so the counts are kept beside the template cache
(texts.catalog.cache_folder) under a digest of the texts they were counted from, and read back in a few tens of
ms; a question costs one look-up per feature and topic (a few ms).
"""

from __future__ import annotations

import hashlib
import marshal
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HANGUL = re.compile(r"[\uac00-\ud7a3]")
WORDS = re.compile(r"[a-z0-9]+|[\uac00-\ud7a3]+")
NGRAMS = {False: (3, 5), True: (1, 3)}  # character n-gram lengths: English letters, Korean syllables
ALPHA = 0.03  # additive smoothing of the feature counts
# per language: (temperature that flattens the posterior, weight of the probabilities beside the texts' score
# scaled to 1 for the best topic); fitted by leaving one tuning batch out (docs/rules-lookup.md)
BLEND = {False: (40.0, 0.7), True: (20.0, 0.9)}
LEARNED_FORMAT = 2  # raise when the features or what the cache file holds change


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
    """The counts of one language's labelled questions, per feature: which topics' questions had it, how many."""

    seen: dict[str, bytes]  # feature -> (topic position, questions of that topic with it) byte pairs
    denominators: tuple[float, ...]  # per topic position (as in rules_rank.SearchIndex.ids): log(counted + ALPHA * V)
    korean: bool

    def count(self, pos: int, feature: str) -> int:
        """How many questions of the topic at `pos` had the feature."""
        pairs = self.seen.get(feature, b"")
        return next((pairs[i + 1] for i in range(0, len(pairs), 2) if pairs[i] == pos), 0)

    def probabilities(self, query_features: set[str]) -> list[float]:
        """P(topic | question) for every topic position, flattened by the language's temperature."""
        known = [self.seen[f] for f in query_features if f in self.seen]
        floor = math.log(ALPHA)
        logp = [len(known) * (floor - d) for d in self.denominators]
        for pairs in known:
            for i in range(0, len(pairs), 2):
                logp[pairs[i]] += _LOGS[pairs[i + 1]]
        temperature = BLEND[self.korean][0]
        top = max(logp)
        weights = [math.exp((v - top) / temperature) for v in logp]
        total = sum(weights)
        return [w / total for w in weights]

    @property
    def weight(self) -> float:
        """How much the probabilities count beside the texts' score (scaled to 1 for the best topic)."""
        return BLEND[self.korean][1]


_LOGS = [math.log(n + ALPHA) - math.log(ALPHA) for n in range(256)]  # a count's log-odds over an unseen feature


def learn(asked: Sequence[Sequence[str]], named: Sequence[Sequence[str]], korean: bool, stem: Fold,
          bare: Fold) -> Learned:
    """Count the features of each topic's question forms (`asked`, per topic position) and of its own texts
    (`named`, per topic: its title and keywords, each line of its body), each text one question: what the vote
    reads. Counts stop at 255 (a byte); no topic comes near it."""
    totals = [0] * len(asked)
    by_feature: dict[str, dict[int, int]] = {}
    for pos, questions in enumerate(asked):
        for text in (*questions, *named[pos]):
            found = features(text, stem, bare)
            totals[pos] += len(found)
            for f in found:
                topics = by_feature.setdefault(f, {})
                topics[pos] = topics.get(pos, 0) + 1
    seen = {f: bytes(b for pos, n in topics.items() for b in (pos, min(n, 255))) for f, topics in by_feature.items()}
    denominators = tuple(math.log(total + ALPHA * len(seen)) for total in totals)
    return Learned(seen, denominators, korean)


def learn_cached(asked: Sequence[Sequence[str]], named: Sequence[Sequence[str]], korean: bool, stem: Fold,
                 bare: Fold, spot: Path | None) -> Learned:
    """`learn`, kept in the file `spot` (None: no cache) under a digest of its input, so a changed question or
    title is counted again; a cache that cannot be read or written only costs the counting."""
    given = (LEARNED_FORMAT, korean, [list(q) for q in asked], [list(n) for n in named])
    digest = hashlib.sha256(marshal.dumps(given)).digest()
    if spot is not None:
        try:
            fmt, kept, seen, denominators = marshal.loads(spot.read_bytes())
            if fmt == LEARNED_FORMAT and kept == digest and type(seen) is dict:
                return Learned(seen, tuple(denominators), korean)
        except Exception:  # noqa: BLE001 - missing, unreadable, truncated or foreign: count again
            pass
    made = learn(asked, named, korean, stem, bare)
    if spot is not None:
        from lignum_companion.system import atomic  # as texts.catalog writes its cache: whole or not at all

        try:
            spot.parent.mkdir(parents=True, exist_ok=True)
            atomic.write(spot, marshal.dumps((LEARNED_FORMAT, digest, made.seen, made.denominators)))
        except OSError:  # read-only place, no permission, full disk: no cache this time
            pass
    return made
