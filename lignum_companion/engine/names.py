"""Text that people type or share: player names and notation lines, normalised (NFC) and free of control characters.

Pure helpers used by the setup check, the notation parser and every client's output. A shared game file must not
be able to drive a terminal (ANSI escapes, bidi overrides), and two names that look the same must be the same
name: input is NFC-normalised and refused if it holds invisible or control characters; output neutralises them.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import IllegalAction

MAX_NAME_LENGTH = 100  # long enough for any real name; file names shorten them (gamefile.default_name)
NAME_SIGNS = "#:+@=,"  # the notation and the header use these between names and values
# Control (C0, DEL, C1), soft hyphen, Arabic letter mark, Mongolian vowel separator, zero-width, bidi marks,
# embeddings, overrides and isolates, line/paragraph separators, word joiners, BOM, interlinear marks, tags.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb"
    "\U000e0000-\U000e007f]"
)
_UNSAFE_INPUT = re.compile(_UNSAFE.pattern[:1] + "\t\n" + _UNSAFE.pattern[1:])  # tabs and newlines too


def nfc(text: str) -> str:
    """The NFC form: é typed as one code point or as e + accent is the same text."""
    return unicodedata.normalize("NFC", text)


def first_unsafe(text: str, *, allow_tab: bool = False) -> str | None:
    """The first control or invisible formatting character in `text`, or None."""
    m = (_UNSAFE if allow_tab else _UNSAFE_INPUT).search(text)
    return m.group() if m else None


def describe(ch: str) -> str:
    """U+001B ESCAPE: how a refusal names an invisible character."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'control character')}"


def neutralise(text: str) -> str:
    r"""Show control and invisible characters as `\uXXXX` so printed text cannot drive the terminal.

    Newlines and tabs are kept (they lay out tables). The escape is JSON's, so JSON output stays valid and
    means the same text.
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) <= 0xFFFF else "\ufffd", text)


def brief(text: str, limit: int = 60) -> str:
    """At most `limit` characters of an echoed input, so a refusal stays one readable line."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_name(name: str, reserved: frozenset[str] = frozenset()) -> str:
    """A player name, NFC-normalised: one word of letters (any script), no signs of the notation, visible."""
    name = nfc(name.strip())
    if not name:
        raise IllegalAction.keyed("name_empty", "")
    bad = first_unsafe(name)
    if bad is not None:
        raise IllegalAction.keyed("name_invisible_character", "", value=brief(neutralise(name)), value2=describe(bad))
    if any(ch.isspace() for ch in name) or any(s in name for s in NAME_SIGNS):
        raise IllegalAction.keyed("name_one_word", "", value=brief(name), value2=' '.join(NAME_SIGNS))
    if len(name) > MAX_NAME_LENGTH:
        raise IllegalAction.keyed("name_too_long", "", value=brief(name), MAX_NAME_LENGTH=MAX_NAME_LENGTH)
    if any(unicodedata.category(ch)[0] in "CZ" for ch in name):
        raise IllegalAction.keyed("name_not_visible", "", name=name)
    if name.casefold() in reserved:
        raise IllegalAction.keyed("name_is_notation_word", "", name=name)
    if name.isdigit():
        raise IllegalAction.keyed("name_without_letter", "", name=name)
    return name


def same_name(a: str, b: str) -> bool:
    """Names match without regard to case or Unicode normal form."""
    return nfc(a).casefold() == nfc(b).casefold()


def loose_key(name: str) -> str:
    """The same key for names typed with or without case or accents (Zoë, zoe, ZOE): results across games.

    Within one game names differ by accents (same_name); across a group's games the table types them as it
    likes. Accents are the combining marks of the NFD form; Hangul and other scripts come back whole (NFC).
    """
    decomposed = unicodedata.normalize("NFD", name.strip())
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return nfc(bare.casefold())


def find_name(names: list[str], typed: str) -> int | None:
    """Which of the names a typed one means: exactly (case and normal form aside), else without accents when
    only one name fits (`zoe` finds Zoë; with both Zoe and Zoë at the table it finds neither). The one place
    names are matched: the engine's player lookup and the clients use it."""
    exact = [i for i, n in enumerate(names) if same_name(n, typed)]
    if exact:
        return exact[0]
    loose = [i for i, n in enumerate(names) if loose_key(n) == loose_key(typed)]
    return loose[0] if len(loose) == 1 else None
