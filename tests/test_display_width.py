"""texts.display_width: the columns a text takes in a terminal, as wcwidth counts them, colour codes none."""

from __future__ import annotations

import pytest

from lignum_companion.texts import catalog as texts


@pytest.mark.parametrize(("text", "columns"), [
    ("anna", 4),
    ("김민준", 6),  # Hangul syllables are wide
    ("Zoë", 3),
    ("Zoe\u0308", 3),  # a combining diaeresis takes no column of its own
    ("\x1b[1;31m김민준\x1b[0m", 6),  # colour codes take none
    ("\x1b]8;;https://example.org\x07link\x1b]8;;\x07", 4),  # nor does an OSC hyperlink around a word
    ("가판대: $5 → $3", 15),
    ("日本", 4),
    ("김\x07민", 4),  # a control character counts as nothing, not as a failure of the whole text
    ("", 0),
])
def test_display_width_counts_terminal_columns(text: str, columns: int) -> None:
    assert texts.display_width(text) == columns


def test_the_shortcut_for_hangul_agrees_with_wcwidth_on_every_syllable() -> None:
    """ASCII and Hangul syllables are counted without wcwidth (start-up); the count must be wcwidth's own."""
    from wcwidth import wcswidth

    syllables = "".join(chr(cp) for cp in range(0xAC00, 0xD7A4))
    assert texts.display_width(syllables) == wcswidth(syllables) == 2 * len(syllables)
    for text in ("리그넘 lignum", "  --lang en|ko  보여 줄 언어", "민준: $5 → $3", "Zoë — ⚠ 1·2…"):
        assert texts.display_width(text) == wcswidth(text), text
    assert {ch: wcswidth(ch) for ch in texts._NARROW} == dict.fromkeys(texts._NARROW, 1)
