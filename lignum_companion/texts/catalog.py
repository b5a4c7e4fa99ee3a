"""Loads the texts shown to people from templates/<lang>/ (TOML) and decides which language to show.

Every language folder has the same files, keys and placeholders (tests/test_texts.py checks it both ways);
English is the default and the fallback. A key missing in another language falls back to English, and raises
`MissingText` when `LIGNUM_STRICT_TEXTS` is set (the test suite sets it), so a gap is loud where it can be fixed.

Which language: `--lang` (every command), else `LIGNUM_LANG`, else the game file's `lang` header, else the
locale (`LC_ALL`, `LC_MESSAGES`, `LANG` starting with `ko`). A game file that cannot be read is refused in its
`lang` when the problem lies after its header (gamefile.BadFile.lang), else in the language chosen before. The
notation, the log, JSON keys and ruling ids never change with the language.

Start-up (benchmarks/bench_cli.py): importing tomllib and parsing a file cost about 3 ms, a fifth of the
whole `--help` budget, so a parsed template is kept in the user's cache folder (`LIGNUM_TEXT_CACHE`, or
`off`) as marshal data together with the exact bytes it was parsed from, sealed with a checksum over the whole
entry. A file is always read; its cached data is used only when the bytes are the same, so an edited template is
never shown stale, and only when the seal holds, so a damaged entry (a flipped byte inside the parsed data) is
parsed again rather than shown garbled. A cache file is read as the games folder's side files are (a regular
file only, never through a link, never waited on as a pipe, size-capped: system/reading.py). A cache that cannot
be read or written (missing, corrupt, read-only, another Python, a link, a pipe) only costs the parse.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from lignum_companion.system.reading import read_regular


def _templates_folder() -> Path:
    """The templates: inside the package in an installed wheel, at the top of a source checkout (editable install)."""
    package = Path(__file__).resolve().parent.parent
    shipped = package / "templates"
    return shipped if shipped.is_dir() else package.parent / "templates"


TEMPLATES = _templates_folder()
LANGS = ("en", "ko")
DEFAULT = "en"
ENV_LANG = "LIGNUM_LANG"
ENV_STRICT = "LIGNUM_STRICT_TEXTS"
ENV_CACHE = "LIGNUM_TEXT_CACHE"  # folder for parsed templates; "off": parse every time
CACHE_FORMAT = 2  # raise when what a cache file holds changes (2: sealed with a checksum, issue 33)
CACHE_BYTES = 16_000_000  # an entry is a template twice over (its bytes, its data): tens of kB; more is not ours
SEAL_BYTES = 4  # the CRC-32 after the marshal data
OWN_WORDS = ("keywords", "questions", "search", "aliases")  # word lists each language keeps for itself (search
# words, the rules topics' question forms, words typed for codes), never merged
LANGUAGE_FREE = "language_free"  # a top-level list in an English file: sections every language takes from it


class MissingText(KeyError):
    """A text key exists in English but not in the chosen language (raised only when strict)."""


class _Choice:
    """The process's language choice: what the command line said, and what the game file says."""

    explicit: str | None = None
    game: str | None = None


_choice = _Choice()


def normalise(value: str | None) -> str | None:
    """'ko', 'ko_KR.UTF-8', 'KO' -> 'ko'; 'en_GB' -> 'en'; anything else -> None."""
    if not value:
        return None
    head = value.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return head if head in LANGS else None


def locale_lang() -> str:
    """The language of the locale, as POSIX orders it (LC_ALL, then LC_MESSAGES, then LANG)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "ko" if value.lower().startswith("ko") else DEFAULT
    return DEFAULT


def choose(lang: str | None) -> None:
    """The language the user asked for on the command line (`--lang`); None forgets the choice."""
    if lang is not None and normalise(lang) is None:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    _choice.explicit = normalise(lang)


def use_game(lang: str | None) -> None:
    """The language of the game being shown (its `lang` header); a command-line or LIGNUM_LANG choice wins."""
    _choice.game = normalise(lang)


def told() -> str | None:
    """The language the user chose explicitly (`--lang` or LIGNUM_LANG), if any: it beats the game's."""
    return _choice.explicit or normalise(os.environ.get(ENV_LANG))


def current() -> str:
    """The language to show now."""
    return told() or _choice.game or locale_lang()


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words in one language for a while (JSON's `waiting_for` is English whatever is shown), then as before."""
    before = _choice.explicit
    _choice.explicit = normalise(lang)
    try:
        yield
    finally:
        _choice.explicit = before


# --- templates ------------------------------------------------------------------------------------------


@cache
def _read(lang: str, name: str) -> dict[str, Any]:
    """One template file as parsed, English or not (no fallback); {} when the language has no such file."""
    path = TEMPLATES / lang / f"{name}.toml"
    try:
        source = _whole(path)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return {}
    return parse_template(source, path)


def _whole(path: Path) -> bytes:
    """A file's bytes through a plain descriptor: a Ctrl-C that lands while a file object is being made (the
    templates are read as `play` starts) left a ResourceWarning on the screen beside the one stop line."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(path)
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse_template(source: bytes, path: Path) -> dict[str, Any]:
    """The data of a template's bytes: from the cache when it was made from these very bytes, else parsed."""
    spot = cache_file(path)
    if spot is not None:
        blob = _unsealed(read_regular(spot, CACHE_BYTES))  # None: missing, a link, a pipe, too large, damaged
        if blob is not None:
            try:
                fmt, kept, data = marshal.loads(blob)
                if fmt == CACHE_FORMAT and kept == source and type(data) is dict:
                    return data
            except Exception:  # noqa: BLE001 - truncated, foreign or of another shape: parse again
                pass
    import tomllib  # here, not at the top: most runs find every template in the cache

    data = tomllib.loads(source.decode("utf-8"))
    if spot is not None:
        _keep(spot, source, data)
    return data


def _sealed(blob: bytes) -> bytes:
    """The marshal data with its checksum after it: what a cache file holds."""
    return blob + zlib.crc32(blob).to_bytes(SEAL_BYTES, "big")


def _unsealed(raw: bytes | None) -> bytes | None:
    """The marshal data of a cache file whose checksum holds, else None (parse again).

    The checksum covers the whole entry, parsed data included: only the source bytes were compared before, so 115
    of 150 one-byte changes inside an entry were shown as they were (issue 33). CRC-32 (zlib, loaded at start-up
    anyway; hashlib's import would cost a share of `--help`) finds every change of up to four bytes in a row and
    all but one in four billion others: it guards against damage, not against someone who can write into the
    user's own cache folder, who could as well write a template."""
    if raw is None or len(raw) <= SEAL_BYTES:
        return None
    blob, seal = raw[:-SEAL_BYTES], raw[-SEAL_BYTES:]
    return blob if zlib.crc32(blob).to_bytes(SEAL_BYTES, "big") == seal else None


def cache_folder() -> Path | None:
    """Where parsed templates are kept: $LIGNUM_TEXT_CACHE, else the user cache folder; None for 'off'.

    The user cache folder is worked out here rather than by platformdirs, whose import alone costs twice
    what the cache saves; it is per Python version (marshal data may differ between versions).
    """
    given = os.environ.get(ENV_CACHE)
    if given:
        return None if given == "off" else Path(given)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA", "")
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):  # unset, or relative (which the XDG rules say to ignore)
            base = os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):  # no home folder (expanduser left '~'): no cache
        return None
    return Path(base) / "lignum-companion" / f"texts-{sys.implementation.cache_tag}"


def cache_file(path: Path) -> Path | None:
    """The cache file of a template: its absolute path laid under the cache folder, as PYTHONPYCACHEPREFIX does
    (so two installs, e.g. two checkouts, never take turns overwriting each other's entries)."""
    folder = cache_folder()
    if folder is None:
        return None
    path = path.absolute()
    return folder / path.relative_to(path.anchor).with_name(path.name + ".marshal")


def _keep(spot: Path, source: bytes, data: dict[str, Any]) -> None:
    """Write the cache file whole (atomic.write, the helper every file of the program is written with: a file of
    our own renamed over the old one), so readers running at the same time see the old file or the new one, never
    half of one. Failures only lose the cache."""
    try:
        blob = _sealed(marshal.dumps((CACHE_FORMAT, source, data)))
    except ValueError:  # a value marshal cannot hold (a TOML date): this file is parsed every time
        return
    from lignum_companion.system import atomic

    try:
        spot.parent.mkdir(parents=True, exist_ok=True)
        atomic.write(spot, blob)
    except OSError:  # read-only place, no permission, full disk: no cache this time
        pass


def _merge(base: dict[str, Any], over: dict[str, Any], where: str, missing: list[str]) -> dict[str, Any]:
    """English `base` with the translated `over` laid on it; keys only in English are listed in `missing`."""
    out: dict[str, Any] = {}
    for key, value in base.items():
        if key in OWN_WORDS and key in over:
            out[key] = over[key]
        elif key not in over:
            missing.append(f"{where}{key}")
            out[key] = value
        elif isinstance(value, dict) and isinstance(over[key], dict):
            out[key] = _merge(value, over[key], f"{where}{key}.", missing)
        else:
            out[key] = over[key]
    for key, value in over.items():
        out.setdefault(key, value)
    return out


@cache
def _load(name: str, lang: str) -> dict[str, Any]:
    base = _read(DEFAULT, name)
    if lang == DEFAULT:
        return base
    missing: list[str] = []
    merged = _merge(base, _read(lang, name), "", missing)
    shared = set(base.get(LANGUAGE_FREE, ())) | {LANGUAGE_FREE}
    missing = [m for m in missing if m.split(".")[0] not in shared]
    if missing and os.environ.get(ENV_STRICT):
        raise MissingText(f"templates/{lang}/{name}.toml lacks {', '.join(missing[:5])}"
                          + (f" and {len(missing) - 5} more" if len(missing) > 5 else ""))
    return merged


def load(name: str, lang: str | None = None) -> dict[str, Any]:
    """A template file by name (without .toml, e.g. 'play' or 'rules/10-game') in the current language."""
    return _load(name, lang or current())


def files(lang: str = DEFAULT, folder: str = "") -> list[str]:
    """Names of the template files of a language (optionally in a sub-folder), e.g. ['rules/00-search', ...]."""
    root = TEMPLATES / lang
    base = root / folder if folder else root
    return sorted(str(p.relative_to(root).with_suffix("")) for p in base.rglob("*.toml"))


def placeholders(text: str) -> set[str]:
    """The {fields} of a template text, with their conversions ('{name!r}' -> 'name!r')."""
    from string import Formatter  # here: importing `string` costs start-up, and only the tests ask this

    out = set()
    for _, field, _, conversion in Formatter().parse(text):
        if field is not None:
            out.add(field + (f"!{conversion}" if conversion else ""))
    return out


def text(name: str, *path: str, **fields: Any) -> str:
    """One text of a template file by its key path, filled: text('labels', 'score', 'winner', names=...)."""
    value: Any = load(name)
    for key in path:
        value = value[key]
    return fill(value, **fields)


# An escape sequence (a colour code \x1b[1;31m, or an OSC \x1b]...\x07) takes no column on the terminal.
_ESCAPES = r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]"


def plain(text: str) -> str:
    """The text without terminal escape sequences (colour codes): what the reader sees."""
    if "\x1b" not in text:
        return text
    import re

    return re.sub(_ESCAPES, "", text)


# Letters of the program's own texts whose width wcwidth gives as 1 (tests/test_display_width.py checks each):
# Latin-1 (accented names) and the punctuation of the templates.
_NARROW = frozenset("±·×–—…→⚠" + "".join(map(chr, range(0xA0, 0x100))))


def display_width(text: str) -> int:
    """Columns a text takes in a terminal (wcwidth: Hangul and other wide letters two, combining marks none),
    colour codes none: a coloured name counted by its escape bytes made `lignum play` wrap short of the width.

    Text of ASCII, Hangul syllables and the narrow letters above (every help text and message the program
    words) is counted without importing wcwidth, whose import costs a quarter of Korean `--help`
    (benchmarks/README.md); the count there is wcwidth's own (tests/test_display_width.py compares them).
    """
    text = plain(text)
    if text.isascii():
        return len(text)
    if text.isprintable():
        n = 0
        for ch in text:
            if ch < "\x7f" or ch in _NARROW:
                n += 1
            elif "\uac00" <= ch <= "\ud7a3":
                n += 2
            else:
                break
        else:
            return n
    from wcwidth import wcswidth, wcwidth

    width = wcswidth(text)
    return width if width >= 0 else sum(max(0, wcwidth(ch)) for ch in text)  # a control character: none


def hold_ticked(text: str) -> str:
    """The spaces inside backticked hints (`10 1`) as NULs, so that no wrapper breaks there (give them back with
    .replace("\x00", " ") after wrapping)."""
    if "`" not in text:
        return text
    import re

    return re.sub(r"`[^`\n]*`", lambda m: m.group(0).replace(" ", "\x00"), text)


# Units a line breaks inside only when one alone is wider than the line (issue 32 §1, "echoed lines split inside
# a word"): a money change ($7 → $4), a count and what it counts (장작 2개, 가공된 장작 2개, 짐꾼 2명, 2 woodcutters,
# 1 milled hardwood), a square (6번 칸); 'area 1 / and moves' may break. Their spaces are \x02s while wrapping.
_HELD = (r"-?\$\d+ → -?\$\d+",
         r"(?:가공된 )?[\uac00-\ud7a3)]+ \d+(?:개|명|장|번)",
         r"\d+번 칸",
         r"(?<![\w$@:+\-/.])\d+ (?!(?:and|or|to|in|of|on|at|is|for|from|with|each)\b)(?:milled )?[a-z]+")
# Larger units, held the same way, whose own spaces are \x01s and break first: an item of a line of items joined by
# ' · ' (the glance: `벌목 영역 6: 장작 2개`; in an item that lists several, `6: 장작 1개, 침엽수 1개`, the head up
# to the first comma), a short aside in brackets (`(이름부터 입력)`, `(짐꾼 2명)`).
_SOFT_BRACKETS = 24
_held_re: Any = None
_MARKS_HELD = ("\x01", "\x02")  # the marks a unit too wide for a line is broken at, in turn


def hold_units(text: str) -> str:
    """The spaces inside backticked hints as NULs (never broken), inside the units above as \x02s and inside
    glance items and short asides as \x01s: the wrapper's marks, given back as spaces by `wrap` (nothing
    marked leaves it, nor reaches a file, a JSON state or a test's text)."""
    global _held_re
    import re

    if _held_re is None:
        _held_re = re.compile("|".join(f"(?:{h})" for h in _HELD))
    text = _held_re.sub(lambda m: m.group(0).replace(" ", "\x02"), hold_ticked(text))
    if "(" in text:
        text = re.sub(r"\([^()\n]*\)", lambda m: m.group(0).replace(" ", "\x01")
                      if display_width(m.group(0)) <= _SOFT_BRACKETS else m.group(0), text)
    if " · " in text:  # the '·' stays with the item before it, and the line breaks after it
        text = "\x00· ".join(_soft_head(part) for part in text.split(" · "))
    return text


def _soft_head(item: str) -> str:
    """A glance item's head held: its label and its first piece (`5: 장작 2개`, `first drying area: 1 softwood`),
    up to the first comma; what it lists after that breaks at a space (four players' glance fits 38 rows)."""
    head, comma, rest = item.partition(", ")
    return head.replace(" ", "\x01") + comma + rest


def _spaces(word: str) -> str:
    return word.replace("\x00", " ").replace("\x01", " ").replace("\x02", " ").replace("\u00a0", " ")


def units(text: str) -> list[str]:
    """The pieces a line may break between, in order: words, with each unit of `hold_units` whole."""
    return [_spaces(w) for w in hold_units(text).split()]


def wrap(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    """Greedy word wrap by display width: the one wrapper of the console and the command line.

    Widths are what the terminal shows (a Hangul letter takes two columns, a colour code none; textwrap counts
    characters). Lines break only at spaces, so a word is never split: a money figure ($14, -$2) stays whole,
    and so does a backticked hint (`go 5`, `lignum calc sale`), typed as it is shown, and each unit of
    `hold_units` (a money change, a count with its noun, a glance item) unless it alone is wider than a line.
    The first line keeps its own indentation, the others start with `subsequent_indent`; spaces inside a line
    are kept as they are. A backticked hint wider than a whole line (a path of 13 tokens) breaks at its spaces
    after all; a no-break space (U+00A0: '13\u00a0tasks' on the path line) joins two words, shown as a space."""
    import re

    text = text.expandtabs()
    lines: list[str] = []
    lead = text[: len(text) - len(text.lstrip(" "))]
    line, used = lead, len(lead)
    room = width - display_width(subsequent_indent)
    words = re.findall(r"([^\S\u00a0]*)((?:[^\s]|\u00a0)+)", hold_units(text[len(lead):]))  # U+00A0 holds
    words.reverse()
    while words:
        space, word = words.pop()
        w = display_width(_spaces(word))  # a held space still takes its column
        sep = " " * len(space) if line.strip() else ""
        if used + len(sep) + w > width and w > (room if line.strip() else width - used):
            mark = next((m for m in _MARKS_HELD if m in word), None)
            if mark is None and "\x00" in word and not word.lstrip("(`").startswith("lignum"):
                mark = "\x00"  # a typed line wider than a line (a path's 13 tokens); a command to copy stays whole
            if mark:  # a unit wider than a line: broken at its own spaces after all
                parts = word.split(mark)
                words.extend(reversed([(space, parts[0])] + [(" ", part) for part in parts[1:]]))
                continue
        if line.strip() and used + len(sep) + w > width:
            lines.append(line)
            line, used, sep = subsequent_indent, display_width(subsequent_indent), ""
        line, used = line + sep + word, used + len(sep) + w
    if line.strip():
        lines.append(line)
    return [_spaces(line) for line in lines]


def wrap_lines(text: str, width: int, reflow: bool = False, hang: str = "") -> list[str]:
    """Wrap each line to the width, keeping its indentation; `a  |  b  |  c` examples break only at the bars.

    A list item (`- `, `-- `, `⚠ `, `1. `, `예: `) goes on under its text; another line goes on at its own
    indentation plus `hang` (the command line gives "  ", so that a long entry reads apart from the next)."""
    import re

    out: list[str] = []
    lines = text.split("\n")
    for line in _reflow(lines, width) if reflow else lines:
        if display_width(line) <= width or line.startswith("  lignum "):  # a command stays whole, to be copied
            out.append(line)
            continue
        more = line[: len(line) - len(line.lstrip())] + hang
        m = re.match(r"^(\s*(?:- |-- |⚠ |\d+\. +|Examples?: +|예: +))", line)
        if m and display_width(m.group(1)) < width // 2:
            more = " " * display_width(m.group(1))
        bars = bool(re.search(r"  \|  ", line))
        body = line
        if bars:  # keep each example whole: only the bars are break points
            lead = len(line) - len(line.lstrip())
            parts = re.split(r"\s+\|\s+", line[lead:])
            body = line[:lead] + " | ".join(part.replace(" ", "\x00") for part in parts)
        if "  lignum " in body:  # a command set apart to be copied ('with:  lignum score FILE') stays whole
            body = re.sub(r"(?<=  )lignum(?: [^\s|]+)+", lambda m: m.group(0).replace(" ", "\x00"), body)
        # texts.wrap measures what the terminal shows (Hangul two columns, colour codes none) and keeps a
        # backticked hint (`10 1`) whole: it is typed as shown
        out.extend(wrap(body, width, more) or [""])
    return out


def _reflow(lines: list[str], width: int) -> list[str]:
    """A line that overflows takes the next one along when that one goes on with the same sentence."""
    import re

    out: list[str] = []
    for line in lines:
        prev = out[-1] if out else ""
        stripped = line.strip()
        indent = len(prev) - len(prev.lstrip())
        hang = indent + 2 if prev.lstrip().startswith("- ") else indent
        starts = re.match(r"^(- |\d+\. |Example|e\.g\.|예:)", stripped)  # a new item or the examples
        goes_on = display_width(prev) > width and stripped and not starts and len(line) - len(line.lstrip()) == hang
        if goes_on:
            out[-1] = prev.rstrip() + " " + stripped
        else:
            out.append(line)
    return out


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def number_form(*counts: int) -> str:
    """"one" when every count is 1, else "many": the one place a text's form is chosen by its figures. Each
    language words both forms (English "1 loan / 2 loans"; Korean, without a plural, the same twice), so a number
    is never glued to a noun in code."""
    return "one" if all(n == 1 for n in counts) else "many"


def counted(table: Mapping[str, Any], key: str, *counts: int) -> str:
    """The form of the text `key` of a template table for these counts: `KEY_one` or `KEY_many` (number_form)
    where the language has that form, else `KEY` itself."""
    return table.get(f"{key}_{number_form(*counts)}") or table[key]


def fill(template: str, /, **fields: Any) -> str:
    """Format a template, leaving unknown fields visible rather than failing (a field may be called `text`).

    Korean templates write a particle after a field in both forms ('{player}은(는)'); once the word is known,
    the right one is kept (민준은, 지우는, '$5가' read 5달러가), see `particles`."""
    out = template.format_map(_Blank(fields))
    if ")" in out and not out.isascii() and any(pair in out for pair in _MARKS):  # no regex unless needed
        out = particles(out)
    return out


# Korean particle pairs, by whether the word before ends in a final consonant (batchim): (with, without)
_PAIRS = {"은(는)": ("은", "는"), "이(가)": ("이", "가"), "을(를)": ("을", "를"), "와(과)": ("과", "와"),
          "과(와)": ("과", "와"), "(으)로": ("으로", "로"), "(이)": ("이", "")}
_MARKS = ("(는)", "(가)", "(를)", "(과)", "(와)", "(으)", "(이)")
_particle_re: Any = None


def _final(word: str) -> str:
    """'' (no final consonant), 'l' (ㄹ, which takes 로 not 으로) or 'c' (any other); '?' when unknown."""
    if word.startswith("$"):
        return ""  # $5 reads "5달러"
    if word.isdecimal():  # how the last figure is read: 일 이 삼 사 오 육 칠 팔 구, 십/백/천/만 for a 0
        return {"1": "l", "7": "l", "8": "l", "2": "", "4": "", "5": "", "9": ""}.get(word[-1], "c")
    last = word[-1].lower()
    if last.isascii() or last in "ëé":  # a Latin name, by how Korean writes its last sound: anna 안나, ben 벤
        return "" if last in "aiouyë" else "c" if last in "mn" else "l" if last == "l" else "?"  # e: mike/jane
    code = ord(word[-1]) - 0xAC00
    if not 0 <= code < 11172:
        return "?"
    tail = code % 28
    return "" if tail == 0 else ("l" if tail == 8 else "c")


def particles(text: str) -> str:
    """Choose each 'X은(는)'-style particle pair after a Hangul word or a figure. Parenthesised glosses and a
    closing quote may stand between, one or several, one inside another, since the particle goes with the word:
    '초과 근무(overtime)은(는)' -> '...는', '장작 2개 (2F)을(를)' -> '...를', '과업 T7 ($11)은(는)' -> '...은',
    '장작 (둘째 건조 구역) (R19)을(를)' -> '...을'. After a Latin word only when its last letter tells (anna는,
    ben은; bob, jane keep both)."""
    global _particle_re
    if _particle_re is None:
        import re

        alternatives = "|".join(re.escape(k) for k in _PAIRS)
        # any trailing parentheticals (one may hold another) are skipped: the particle goes with the word before
        paren = r" ?\((?:[^()]|\([^()]*\))*\)"
        word_end = r"(\$?\d+|[\uac00-\ud7a3A-Za-zëé])"
        _particle_re = re.compile(word_end + r"((?:" + paren + r")*['\"’`]?)(" + alternatives + ")")

    def pick(m: Any) -> str:
        last = m.group(1)
        if last.isascii() and last.isalpha():  # a Latin name, not a path or a code: /tmp/no, dry2:F
            start = max(text.rfind(c, 0, m.start(1)) for c in " \n(") + 1
            if not text[start:m.end(1)].strip("'\"`’").isalpha():
                return m.group(0)
        final = _final(last)
        if final == "?":
            return m.group(0)
        with_, without = _PAIRS[m.group(3)]
        if m.group(3) == "(으)로":
            chosen = "으로" if final == "c" else "로"
        else:
            chosen = with_ if final else without
        return m.group(1) + m.group(2) + chosen

    return _particle_re.sub(pick, text)
