"""Every menu `lignum play` asks over the example games typed line by line, in one language (issue 32 §3).

Each example's own lines are piped into `play` (benchmarks/bench_screen.py --typed); every menu asked is recorded
with its entries (key, shown, note), and the sub-menus behind its entries are opened without answering them. Used
by tests/test_menu_words.py and by hand:

    python tools/menu_words.py [--lang ko] [EXAMPLE ...]     # prints the menus whose entries read alike
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class Seen:
    """One menu as asked: where (example, step), its entries (key, shown, note), and the screen text so far."""

    example: str
    step: str
    entries: tuple[tuple[str, str, str], ...]
    locations: bool = False  # keys are location numbers on the path: the key itself names the choice


class _Probe(Exception):
    """Raised where a sub-menu would wait for an answer: the probe only reads what it shows."""


def _example_lines(example: Path) -> tuple[str, list[str]]:
    lines = example.read_text(encoding="utf-8").splitlines()
    end = lines.index("start") + 1
    return "\n".join(lines[:end]) + "\n", [ln for ln in lines[end:] if ln.strip() and not ln.lstrip().startswith("#")]


@contextmanager
def _recording(out: list[Seen], example: str) -> Iterator[None]:
    """Record each menu asked (and the sub-menus behind its entries) while the context is open."""
    from lignum_companion.table.menu import Menu
    from lignum_companion.table.sitting import Asking

    ask, show, pick, text = Asking.ask, Asking.show_menu, Asking.pick, Asking.text_answer
    probing = [False]

    def entries(menu: Menu) -> tuple[tuple[str, str, str], ...]:
        return tuple((c.key, c.shown, c.note.replace("{key}", c.key)) for c in menu.choices)

    def show_menu(self: Asking, menu: Menu, rare: bool = False, full: bool = True) -> None:
        if probing[0]:
            out.append(Seen(example, self.s.g.step + " (sub-menu)", entries(menu), menu.locations))
            raise _Probe
        show(self, menu, rare, full)

    def pick_or_stop(self: Asking, menu: Menu, *, top: bool = False) -> list[str]:
        if probing[0]:
            raise _Probe
        return pick(self, menu, top=top)

    def text_or_stop(self: Asking, *args: object, **kw: object) -> list[str]:
        if probing[0]:
            raise _Probe
        return text(self, *args, **kw)  # type: ignore[arg-type]

    def ask_recorded(self: Asking, menu: Menu) -> None:
        out.append(Seen(example, self.s.g.step, entries(menu), menu.locations))
        probing[0] = True
        try:
            for c in menu.choices:
                if c.follow is not None:
                    try:
                        c.follow(None)
                    except Exception:  # noqa: BLE001 - a probe stops a follow-up wherever it would ask
                        pass
        finally:
            probing[0] = False
        ask(self, menu)

    Asking.ask, Asking.show_menu, Asking.pick, Asking.text_answer = (  # type: ignore[method-assign]
        ask_recorded, show_menu, pick_or_stop, text_or_stop)
    try:
        yield
    finally:
        Asking.ask, Asking.show_menu, Asking.pick, Asking.text_answer = ask, show, pick, text  # type: ignore


def play_example(example: Path, lang: str) -> tuple[list[Seen], str]:
    """The menus asked and the whole screen text when the example's lines are typed into `play` in `lang`."""
    from lignum_companion import table
    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.texts import catalog

    header, body = _example_lines(example)
    path = Path(tempfile.mkdtemp(prefix="lignum-words-")) / example.name
    path.write_text(header, encoding="utf-8")
    catalog.choose(lang)
    try:
        gf, g = gamefile.load(path)
        stdout = io.StringIO()
        con = table.Console(tty=False, stdin=io.StringIO("".join(a + "\n" for a in body)), stdout=stdout)
        seen: list[Seen] = []
        with _recording(seen, example.stem):
            table.Session(path, gf, g, con, "7").main()
    finally:
        catalog.choose("en")
    return seen, stdout.getvalue()


def alike(menu: Seen) -> list[tuple[str, str, str]]:
    """Pairs of entries (shown, shown, words) of one menu that say the same words (on the path the key is the
    location, which names the choice)."""
    if menu.locations:
        return []
    said: dict[str, str] = {}
    out = []
    for _key, shown, note in menu.entries:
        text = note or shown
        if text in said:
            out.append((said[text], shown, text))
        else:
            said[text] = shown
    return out


# A code glued to a Korean word: `가판대(sale)`, `장작(F)`, `구역(@0)`; a ruling id (`(R16)`) is no code
GLUED_ANY = re.compile(r"[가-힣]\((?!R\d)[A-Za-z@]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="en", choices=("en", "ko"))
    ap.add_argument("--all", action="store_true", help="print every distinct menu entry")
    ap.add_argument("examples", nargs="*")
    args = ap.parse_args()
    examples = [EXAMPLES / (n if n.endswith(".lignum") else n + ".lignum") for n in args.examples] or sorted(
        EXAMPLES.glob("*.lignum"))
    notes: set[tuple[str, str, str]] = set()
    for example in examples:
        seen, screen = play_example(example, args.lang)
        for m in seen:
            for a, b, text in alike(m):
                print(f"{m.example} {m.step}: `{a}` and `{b}` both say {text!r}")
            notes.update((m.step, shown, note) for _, shown, note in m.entries)
        for line in sorted({ln.strip() for ln in screen.splitlines() if GLUED_ANY.search(ln)}):
            print(f"{example.stem}: code glued to a word: {line}")
    if args.all:
        for step, shown, note in sorted(notes):
            print(f"{step:22} {shown:28} {note}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
