"""Things said twice or out of their moment (the Korean three-player try-out, issue of 2026-12-02).

Each test renders one line in Korean and in English and checks it says the thing once, counted, in the words of
GLOSSARY.md; each failed on the code before its fix.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words as W


@contextmanager
def lang(code: str) -> Iterator[None]:
    """Show texts in `code` for the block."""
    texts.choose(code)
    try:
        yield
    finally:
        texts.choose(None)


def test_equal_pieces_a_task_needs_are_counted_not_listed_one_by_one():
    pairs = [("mF", 2), ("mF", 2), ("mH", 1)]
    with lang("ko"):
        assert W.needs(pairs) == "가공된 장작 2개 (셋째 건조 구역), 가공된 활엽수 (둘째 건조 구역)"
        assert W.coded_needs(["mF@2", "mF@2"]) == "가공된 장작 2개 (셋째 건조 구역)"
    with lang("en"):
        assert W.needs(pairs) == ("2 milled firewood from the third drying area, "
                                  "milled hardwood from the second drying area")
