"""Find lines of a screen that break inside a unit the table reads as one (issue 32 §1, "echoed lines split inside
a word"): a money change `$A → $B`, a count and what it counts (`장작 2개`, `8 bearers`), `N번 칸`, a glance item
(`벌목 영역 6: 장작 2개`) or a hint in brackets (`(화살표 키, Enter)`), and any line wider than the screen (the
terminal would cut it wherever the column ends, inside a word).

    python benchmarks/bench_screen.py --typed --lang ko --show basic-3p | python -m lignum_companion.dev.breaks
    COLUMNS=80 lignum show GAME.lignum | python -m lignum_companion.dev.breaks --glance

Prints each break found as `line N: <end of the line> / <start of the next>` and exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import re
import sys

from lignum_companion.texts.catalog import display_width

HANGUL = "\uac00-\ud7a3"
WORDS = r"(?:and|or|to|in|of|on|at|is|for|from|with|each)\b"  # 'area 1' / 'and moves' is not a count
PROMPT = re.compile(r"^\S+(?: \[[^\]]*\])?>")  # a prompt with what was typed: a new line, not a rest
NAMED = re.compile(r"^[a-z]+: ")  # a player's own line ('tom: 6 missing'): a new line, not a rest
SHORT = 24  # an aside in brackets this wide or less is read as one (texts.catalog._SOFT_BRACKETS)
COUNTER = r"\d+(?:개|명|장|번|칸)"
# (what a line may end with, what the next may begin with): a pair that matches is a break inside one unit
SPLITS = [
    (re.compile(r"-?\$\d+\s*→$"), re.compile(r"^-?\$\d+")),            # `$7 →` / `$4.`
    (re.compile(r"-?\$\d+[.,;]?$"), re.compile(r"^→\s*-?\$\d+")),      # `$12` / `→ $6.`
    (re.compile(rf"[{HANGUL}]$"), re.compile(rf"^{COUNTER}")),           # `장작` / `2개`
    (re.compile(r"\d+번$"), re.compile(r"^칸")),                          # `6번` / `칸에`
    (re.compile(r"(?:^|[\s(])\d+$"), re.compile(rf"^(?!{WORDS})[{HANGUL}a-z]")),  # `8` / `bearers`
    (re.compile(r"\([^)]*$"), re.compile(r"^[^(]*\)$")),                # `(화살표` / `키, Enter)`: a short hint
]


def breaks(lines: list[str], width: int, glance: bool = False) -> list[str]:
    """Each place where a line and the next split one unit, and each line wider than `width`."""
    found = []
    for i, line in enumerate(lines):
        if display_width(line) > width:
            found.append(f"line {i + 1}: wider than {width}: {line.strip()[-30:]}")
        if i + 1 == len(lines):
            break
        a, b = line.rstrip(), lines[i + 1].strip()
        if not a.strip() or not b or b.startswith(("-- ", "=== ", "저장:", "ok:")) or PROMPT.match(b) or \
                NAMED.match(b):
            continue
        if len(re.findall(r"\S {2,}(?=\S)", a)) >= 2:  # a table's row: its cells are not a sentence
            continue
        if glance and not lines[i + 1].startswith("    "):  # the glance goes on four columns in, and only there
            continue
        hint = SPLITS[-1]
        for end, start in SPLITS:
            if end.search(a) and start.search(b):
                if (end, start) == hint and display_width(a[a.rindex("("):] + " " + b) > SHORT:
                    continue  # a long aside in brackets breaks like any sentence; a short hint stays whole
                found.append(f"line {i + 1}: {a.strip()[-30:]} / {b[:30]}")
                break
        else:
            if glance and " · " in a and not a.endswith(("·", ",")) and ", " not in a.rsplit(" · ", 1)[-1]:
                found.append(f"line {i + 1}: inside a glance item: {a.strip()[-30:]} / {b[:30]}")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="screens to read (default: standard input)")
    ap.add_argument("--width", type=int, default=80)
    ap.add_argument("--glance", action="store_true",
                    help="the glance (`lignum show`, `status`): a line four columns in goes on the one before, and a"
                         " line of ' · ' items breaks after a '·', or after an item's first ','")
    args = ap.parse_args()
    found = []
    for name in args.files or ["-"]:
        text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)
        found += [f"{name}: {f}" for f in breaks(text.split("\n"), args.width, args.glance)]
    print("\n".join(found) or "no break inside a unit")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
