"""Interactive table mode: the `lignum new` wizard, the `lignum play` guided rounds, and the prompt layer under both.

Answers come from a `Console`: a terminal (questionary/prompt_toolkit: line editing, history, Tab completion,
arrow-key menus in the wizard) or plain lines when standard input is not a terminal (pipes, prepared scripts,
tests). Both give the same questions and the same checks. In play every menu is built from
`engine.legal_actions`, so a menu never offers an illegal choice; a choice is a notation line built for the
player, applied by the engine and saved at once (the log is the game). Texts live in templates/play.toml.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import gamefile, texts, views
from .engine import LignumError, NotationError, Setup, flow, legal_actions, parse, prices, rules
from .engine import data as D
from .engine import play as engine_play
from .engine.actions import PLAYER_VERBS, TABLE_VERBS, Action
from .engine.flow import FREE_VERBS
from .engine.pieces import Bag, format_bag, total
from .engine.setup import check_name
from .engine.state import Game, Player

COMMANDS = ("undo", "status", "rules", "help", "quit")
SEED_ENV = "LIGNUM_SEED"  # fixes "shuffle for me" and "pick at random" (reproducible demos and tests)
MAX_WIDTH = 80


def tpl(key: str, **fields: Any) -> str:
    """A text of templates/play.toml, filled with this game's values."""
    return texts.fill(texts.load("play")["text"][key], **fields)


def seed_from_env() -> str | None:
    """LIGNUM_SEED, when set: random draws repeat (tests and demos)."""
    return os.environ.get(SEED_ENV) or None


def make_rng(*salt: object) -> random.Random:
    """Random draws for the wizard; repeatable under LIGNUM_SEED. (Path shuffles salt the seed with the number
    of saved actions, so a resumed game draws what the uninterrupted one would have drawn.)"""
    seed = seed_from_env()
    return random.Random(":".join(map(str, (seed,) + salt))) if seed else random.Random()


# ==========================================================================================================
# The prompt layer
# ==========================================================================================================


class Interrupted(Exception):
    """Ctrl-C, end of input or a closed terminal at a prompt: stop, keeping everything already saved."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why  # "interrupt", "eof", "hangup" or "quit"


class Back(Exception):
    """`back` at a follow-up question: return to the menu it came from."""


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


@contextmanager
def hangup_as_interrupt() -> Iterator[None]:
    """A closed terminal (SIGHUP) stops the program like Ctrl-C: exit 130 with nothing saved lost."""
    old = None
    try:
        old = signal.signal(signal.SIGHUP, _raise_interrupt)
    except (AttributeError, ValueError, OSError):  # no SIGHUP on this platform, or not the main thread
        pass
    try:
        yield
    finally:
        if old is not None:
            signal.signal(signal.SIGHUP, old)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and hang-ups while a save runs, then act on them: a save is never cut in half."""
    pending: list[int] = []
    old: dict[int, Any] = {}
    for name in ("SIGINT", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            old[sig] = signal.signal(sig, lambda s, f: pending.append(s))
        except (ValueError, OSError):
            pass
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if pending:
            raise KeyboardInterrupt


def _safe_streams() -> None:
    """Never crash on a console that cannot show a character (PYTHONIOENCODING=ascii, LANG=C)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    try:
        sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass


class Console:
    """Where answers come from and text goes to. `tty` picks questionary; otherwise plain lines, echoed."""

    def __init__(self, tty: bool | None = None, stdin: Any = None, stdout: Any = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        if tty is None:
            tty = _isatty(self.stdin) and _isatty(self.stdout)
        self.tty = tty
        self.words: list[str] = []  # Tab completion in the terminal
        self._history: Any = None
        self.answers = 0  # how many answers were read (the keystroke benchmark counts them)
        self.qmark = ""  # the mark before a terminal prompt ("?" in the wizard)
        self.gone = False  # the terminal is closed: stop writing

    # --- output ---------------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        if not self.tty:
            return MAX_WIDTH
        return max(40, min(shutil.get_terminal_size((MAX_WIDTH, 24)).columns, MAX_WIDTH))

    def say(self, text: str = "", *, wrap: bool = True, reflow: bool = False) -> None:
        """Print wrapped to the width (indentation kept); survives any console encoding and a closed terminal.

        `reflow` joins lines that go on with the same sentence first (texts written for wider screens)."""
        lines = _wrap(text, self.width, reflow) if wrap else text.split("\n")
        self.write("\n".join(lines) + "\n")

    def write(self, text: str) -> None:
        if self.gone:
            return
        try:
            try:
                self.stdout.write(text)
            except UnicodeEncodeError:
                enc = getattr(self.stdout, "encoding", None) or "ascii"
                self.stdout.write(text.encode(enc, errors="replace").decode(enc))
            self.stdout.flush()
        except OSError:  # the terminal went away (EIO) or the pipe closed
            self.gone = True

    # --- input ----------------------------------------------------------------------------------------
    def line(self, message: str) -> str:
        """One answer, stripped. Comment lines (#) of a script are skipped. Raises Interrupted."""
        while True:
            raw = _readable(self._read(message))
            if raw is None:
                self.say(tpl("bad_encoding", encoding=getattr(self.stdin, "encoding", "?")))
                continue
            self.answers += 1
            return raw.strip()

    def _read(self, message: str) -> str:
        if self.tty:
            return self._read_tty(message)
        self.write(message + " ")
        while True:
            try:
                raw = self.stdin.readline()
            except KeyboardInterrupt:
                raise Interrupted("interrupt") from None
            except OSError:
                raise Interrupted("hangup") from None
            if not raw:
                self.write("\n")
                raise Interrupted("eof")
            if not raw.lstrip().startswith("#"):  # comments of a prepared script
                break
        self.write(raw.strip() + "\n")  # echo, so a piped session reads like a transcript
        return raw

    def _read_tty(self, message: str) -> str:
        import questionary
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory

        if self._history is None:
            self._history = InMemoryHistory()
        completer = WordCompleter(self.words, ignore_case=True, sentence=False) if self.words else None
        question = questionary.text(message, qmark=self.qmark, history=self._history, completer=completer,
                                    complete_while_typing=False)
        return self._ask(question) or ""

    def _ask(self, question: Any) -> Any:
        try:
            return question.unsafe_ask()
        except KeyboardInterrupt:
            raise Interrupted("interrupt") from None
        except EOFError:
            raise Interrupted("eof") from None
        except OSError:
            self.gone = True
            raise Interrupted("hangup") from None

    def select(self, message: str, choices: list[tuple[str, Any]], default: int = 0) -> Any:
        """One of a few fixed choices: arrow keys in a terminal, a number or the name otherwise."""
        if self.tty:
            import questionary

            qs = [questionary.Choice(title, value=i) for i, (title, _) in enumerate(choices)]
            question = questionary.select(message, qs, default=qs[default], qmark="?",
                                          instruction=tpl("select_hint"))
            index = self._ask(question)
            self.answers += 1
            if index is None:
                raise Interrupted("interrupt")
            return choices[index][1]
        for i, (title, _) in enumerate(choices, 1):
            self.say(f"  {i}  {title}")
        while True:
            raw = self.line(f"{message} [{default + 1}]")
            if raw.lower() == "quit":
                raise Interrupted("quit")
            if not raw:
                return choices[default][1]
            if raw.isdecimal() and 1 <= int(raw) <= len(choices):
                return choices[int(raw) - 1][1]
            low = raw.lower()
            named = [v for title, v in choices if str(v).lower() == low or title.lower().startswith(low)]
            if len(named) == 1:
                return named[0]
            self.say(tpl("pick_number", last=len(choices)))

    def confirm(self, message: str, default: bool = True) -> bool:
        if self.tty:
            import questionary

            answer = self._ask(questionary.confirm(message, default=default, qmark="?"))
            self.answers += 1
            if answer is None:
                raise Interrupted("interrupt")
            return bool(answer)
        while True:
            raw = self.line(f"{message} [{'Y/n' if default else 'y/N'}]").lower()
            if raw == "quit":
                raise Interrupted("quit")
            if not raw:
                return default
            if raw in ("y", "yes", "j", "ja", "o", "oui"):
                return True
            if raw in ("n", "no", "nein", "non"):
                return False
            self.say(tpl("yes_or_no"))


def _readable(text: str) -> str | None:
    """The answer as text: bytes a console could not decode are read as UTF-8 when they are UTF-8 (a Hangul
    name typed on a console set to ASCII still arrives whole); None when they are not text at all."""
    if "\ufffd" in text:
        return None
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        try:
            return text.encode("utf-8", "surrogateescape").decode("utf-8")
        except UnicodeError:
            return None
    return text


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _wrap(text: str, width: int, reflow: bool = False) -> list[str]:
    """Wrap to the width, keeping indentation; `a  |  b  |  c` examples break only at the bars."""
    out: list[str] = []
    lines = text.split("\n")
    full = width
    for line in _reflow(lines, width) if reflow else lines:
        width = full - (display_width(line) - len(line))  # wide letters (Hangul) take two columns
        if len(line) <= width or line.startswith("  lignum "):  # a command stays whole, to be copied
            out.append(line)
            continue
        hang = line[: len(line) - len(line.lstrip())]
        m = re.match(r"^(\s*(?:- |-- |\d+\. +|Examples?: +))", line)
        if m and len(m.group(1)) < width // 2:
            hang = " " * len(m.group(1))
        bars = bool(re.search(r"  \|  ", line))
        body = line
        if bars:  # keep each example whole: only the bars are break points
            lead = len(line) - len(line.lstrip())
            parts = re.split(r"\s+\|\s+", line[lead:])
            body = line[:lead] + " | ".join(part.replace(" ", "\x00") for part in parts)
        wrapped = textwrap.wrap(body, width, subsequent_indent=hang, break_on_hyphens=False,
                                break_long_words=False) or [""]
        out.extend(w.replace("\x00", " ") for w in wrapped)
    return out


def _reflow(lines: list[str], width: int) -> list[str]:
    """A line that overflows takes the next one along when that one goes on with the same sentence."""
    out: list[str] = []
    for line in lines:
        prev = out[-1] if out else ""
        stripped = line.strip()
        indent = len(prev) - len(prev.lstrip())
        hang = indent + 2 if prev.lstrip().startswith("- ") else indent
        goes_on = (len(prev) > width and stripped and not re.match(r"^(- |\d+\. |Example|e\.g\.)", stripped)
                   and len(line) - len(line.lstrip()) == hang)
        if goes_on:
            out[-1] = prev.rstrip() + " " + stripped
        else:
            out.append(line)
    return out


def display_width(text: str) -> int:
    """Columns a text takes on a terminal (Hangul and other wide letters take two)."""
    try:
        from wcwidth import wcswidth
    except ImportError:  # pragma: no cover - wcwidth comes with prompt_toolkit
        return len(text)
    n = wcswidth(text)
    return n if n >= 0 else len(text)


def columns(headers: list[str], rows: list[list[Any]]) -> str:
    """A plain table: columns as wide as their widest cell, two spaces apart, a rule under the headers."""

    def width_of(x: Any) -> int:
        return display_width(str(x))

    widths = [max(width_of(r[i]) for r in [headers] + rows) for i in range(len(headers))]

    def line(cells: list[Any]) -> str:
        return "  ".join(str(c) + " " * (widths[i] - width_of(c)) for i, c in enumerate(cells)).rstrip()

    return "\n".join([line(headers), line(["-" * n for n in widths])] + [line(r) for r in rows])


def table_text(headers: list[str], rows: list[list[Any]], width: int) -> str:
    """A tabulate table that fits the width: the first column as it is, the others wrapped evenly."""
    from tabulate import tabulate

    if not rows:
        return ""
    first = max(len(str(h)) for h in [headers[0]] + [r[0] for r in rows])
    n = len(headers) - 1
    per = max(6, (width - first - 2 * n - 1) // max(n, 1))
    return tabulate(rows, headers=headers, tablefmt="simple", maxcolwidths=[None] + [per] * n,
                    disable_numparse=True)


# ==========================================================================================================
# The `lignum new` wizard
# ==========================================================================================================


def wizard(given: dict[str, Any], con: Console | None = None, rng: random.Random | None = None) -> Setup | None:
    """Ask what `lignum new` was not told; None when the table cancels (Ctrl-C, end of input, `quit`)."""
    _safe_streams()
    con = con or Console()
    con.qmark = "?"
    rng = rng or make_rng("wizard")
    try:
        with hangup_as_interrupt():
            return _Wizard(given, con, rng).run()
    except (Interrupted, KeyboardInterrupt, EOFError):
        con.write("\n")
        con.say(tpl("wizard_cancelled"))
        return None


class _Wizard:
    """The questions of a new game, each asked only when its answer is missing or does not fit."""

    def __init__(self, given: dict[str, Any], con: Console, rng: random.Random) -> None:
        self.given = given
        self.con = con
        self.rng = rng
        self.answers: dict[str, Any] = {}
        self.notes: dict[str, str] = {}

    def run(self) -> Setup:
        self.con.say(tpl("wizard_intro"))
        while True:
            setup = self.ask_all()
            self.summary(setup)
            if self.con.confirm(tpl("wizard_confirm"), True):
                return setup
            self.con.say(tpl("wizard_again"))
            self.given = {k: (v if k in ("money",) else None) for k, v in self.given.items()}

    def value(self, key: str) -> Any:
        return self.given.get(key)

    def ask_all(self) -> Setup:
        players = self.players()
        mode = self.mode()
        variants = self.variants()
        order = self.order(players)
        areas = self.areas(players)
        winter = self.winter()
        cards = self.cards(mode, len(players))
        money = self.value("money")
        setup = Setup(players=players, mode=mode, variants=variants, order=order, areas=areas, winter=winter,
                      cards=cards, start_money=D.START_MONEY if money is None else money)
        return setup

    # --- players -------------------------------------------------------------------------------------
    def players(self) -> list[str]:
        given = self.value("players")
        if given is not None:
            try:
                return check_players(given)
            except LignumError as e:
                self.con.say(tpl("given_not_usable", what="--players", reason=str(e)))
        previous = self.answers.get("players")
        while True:
            hint = f" [{' '.join(previous)}]" if previous else ""
            raw = self.con.line(tpl("ask_players") + hint)
            if raw.lower() == "quit":
                raise Interrupted("quit")
            if not raw and previous:
                return previous
            try:
                names = check_players(raw.replace(",", " ").split())
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))
                continue
            self.answers["players"] = names
            return names

    def mode(self) -> str:
        given = self.value("mode")
        if given in D.MODES:
            return given
        if given is not None:
            self.con.say(tpl("given_not_usable", what="--mode", reason=f"modes are {', '.join(D.MODES)}"))
        choices = [(tpl(f"mode_{m}"), m) for m in D.MODES]
        default = D.MODES.index(self.answers.get("mode", "basic"))
        self.answers["mode"] = self.con.select(tpl("ask_mode"), choices, default)
        return self.answers["mode"]

    def variants(self) -> list[str]:
        given = self.value("variants")
        if given is not None and all(v in D.VARIANTS for v in given):
            return list(given)
        if given is not None:
            self.con.say(tpl("given_not_usable", what="--variant", reason=f"variants are {', '.join(D.VARIANTS)}"))
        choices: list[tuple[str, Any]] = [(tpl("variant_none"), [])]
        choices += [(tpl(f"variant_{v}"), [v]) for v in D.VARIANTS]
        previous = self.answers.get("variants", [])
        default = next((i for i, (_, v) in enumerate(choices) if v == previous), 0)
        self.answers["variants"] = self.con.select(tpl("ask_variants"), choices, default)
        return self.answers["variants"]

    # --- order and areas -------------------------------------------------------------------------------
    def order(self, players: list[str]) -> list[str]:
        given = self.value("order")
        if given is not None:
            try:
                return check_order(given, players)
            except LignumError as e:
                self.con.say(tpl("given_not_usable", what="--order", reason=str(e)))
        choices = [(tpl("order_random"), "random"), (tpl("order_as_entered", names=", ".join(players)), "entered"),
                   (tpl("order_type"), "type")]
        how = self.con.select(tpl("ask_order"), choices, 0)
        if how == "random":
            order = self.rng.sample(players, len(players))
            self.notes["order"] = tpl("picked_at_random")
            self.con.say(tpl("order_picked", names=", ".join(order)))
            return order
        if how == "entered":
            self.notes["order"] = ""
            return list(players)
        while True:
            raw = self.con.line(tpl("ask_order_names", names=" ".join(players)))
            if raw.lower() == "quit":
                raise Interrupted("quit")
            try:
                order = check_order(raw.replace(",", " ").split(), players)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))
                continue
            self.notes["order"] = ""
            return order

    def areas(self, players: list[str]) -> dict[str, int]:
        given = self.value("areas")
        if given is not None:
            try:
                return check_areas(given, players)
            except LignumError as e:
                self.con.say(tpl("given_not_usable", what="--areas", reason=str(e)))
        self.con.say(tpl("areas_intro", n=len(players), others=6 - len(players)))
        while True:
            raw = self.con.line(tpl("ask_areas", names=" ".join(players)) + " [random]")
            if raw.lower() == "quit":
                raise Interrupted("quit")
            if not raw or raw.lower() in ("random", "r"):
                spots = self.rng.sample(list(D.CUTTING_AREAS), len(players))
                areas = dict(zip(players, spots, strict=True))
                self.notes["areas"] = tpl("picked_at_random")
                self.con.say(tpl("areas_picked", areas=_areas_text(areas)))
                return areas
            words = raw.replace(",", " ").split()
            try:
                if all("=" in w for w in words):
                    pairs = {w.partition("=")[0]: _number(w.partition("=")[2], tpl("an_area")) for w in words}
                else:
                    if len(words) != len(players):
                        raise NotationError(tpl("areas_count", n=len(players)))
                    pairs = {name: _number(w, tpl("an_area")) for name, w in zip(players, words, strict=True)}
                areas = check_areas(pairs, players)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))
                continue
            self.notes["areas"] = ""
            return areas

    # --- winter cards and planned work ---------------------------------------------------------------------
    def winter(self) -> list[list[int]]:
        given = self.value("winter")
        if given is not None and len(given) == 2 and all(len(w) == 2 and min(w) >= 0 for w in given):
            return [list(w) for w in given]
        if given is not None:
            self.con.say(tpl("given_not_usable", what="--winter", reason=tpl("winter_format")))
        self.con.say(tpl("winter_intro"))
        cards = []
        previous = self.answers.get("winter", [])
        for year in (1, 2):
            old = previous[year - 1] if len(previous) == 2 else None
            while True:
                hint = f" [{old[0]}/{old[1]}]" if old else ""
                raw = self.con.line(tpl("ask_winter", year=year) + hint)
                if raw.lower() == "quit":
                    raise Interrupted("quit")
                if not raw and old:
                    cards.append(list(old))
                    break
                m = re.fullmatch(r"(\d{1,2})\s*[/ ,]\s*(\d{1,2})", raw)
                if not m:
                    self.con.say(tpl("refused", reason=tpl("winter_format")))
                    continue
                cards.append([int(m.group(1)), int(m.group(2))])
                break
        self.answers["winter"] = cards
        return cards

    def cards(self, mode: str, n: int) -> list[str]:
        if not D.MODE_HAS_PLANNED_WORK[mode]:
            return []
        want = D.PLANNED_WORK_CARDS_LAID[n]
        given = self.value("cards")
        if given is not None:
            try:
                return check_cards(given, want)
            except LignumError as e:
                self.con.say(tpl("given_not_usable", what="--cards", reason=str(e)))
        names = list(D.PLANNED_WORK)
        self.con.say(tpl("cards_intro", n=want))
        for i, name in enumerate(names, 1):
            seasons = tpl("season_any" if D.PLANNED_WORK[name] == D.ALL_SEASONS else "season_work")
            self.con.say(f"  {i:>2}  {name:<17} {seasons}")
        while True:
            raw = self.con.line(tpl("ask_cards", n=want))
            if raw.lower() == "quit":
                raise Interrupted("quit")
            words = raw.replace(",", " ").split()
            try:
                chosen = [names[int(w) - 1] if w.isdecimal() and 1 <= int(w) <= len(names) else w.lower()
                          for w in words]
                return check_cards(chosen, want)
            except LignumError as e:
                self.con.say(tpl("refused", reason=str(e)))

    # --- summary -----------------------------------------------------------------------------------------
    def summary(self, s: Setup) -> None:
        rows = [
            (tpl("sum_players"), f"{', '.join(s.players)}  ({len(s.players)})"),
            (tpl("sum_mode"), s.mode),
            (tpl("sum_variants"), ", ".join(s.variants) or tpl("none")),
            (tpl("sum_order"), ", ".join(s.order) + self.notes.get("order", "")),
            (tpl("sum_areas"), _areas_text(s.areas) + self.notes.get("areas", "")),
            (tpl("sum_winter"), tpl("winter_cards", f1=s.winter[0][0], h1=s.winter[0][1], f2=s.winter[1][0],
                                    h2=s.winter[1][1])),
            (tpl("sum_money"), f"${s.start_money}" + (" (R1)" if s.start_money == D.START_MONEY else "")),
        ]
        if s.cards:
            rows.append((tpl("sum_cards"), ", ".join(s.cards)))
        self.con.say("")
        self.con.say(tpl("summary_title"))
        for label, value in rows:
            self.con.say(f"  {label:<14} {value}")
        if D.MODE_HAS_TASKS[s.mode]:
            self.con.say(tpl("tasks_later"))
        self.con.say("")


def _number(text: str, what: str) -> int:
    if not text.strip().isdecimal():
        raise NotationError(tpl("not_a_number", what=what, text=text))
    return int(text)


def _areas_text(areas: dict[str, int]) -> str:
    return ", ".join(f"{name} {area}" for name, area in areas.items())


def check_players(names: list[str]) -> list[str]:
    """2–4 unique one-word names (letters of any script); the engine's rule for a name (check_name)."""
    names = [check_name(n) for n in names]
    if len(names) not in D.PLAYER_COUNTS:
        raise NotationError(tpl("players_count", n=len(names)))
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise NotationError(tpl("players_twice", name=n))
        seen.add(n.casefold())
    return names


def check_order(order: list[str], players: list[str]) -> list[str]:
    by_key = {p.casefold(): p for p in players}
    out = []
    for name in order:
        if name.casefold() not in by_key:
            raise NotationError(tpl("order_unknown", name=name, names=", ".join(players)))
        out.append(by_key[name.casefold()])
    if sorted(out) != sorted(players):
        raise NotationError(tpl("order_every"))
    return out


def check_areas(areas: dict[str, int], players: list[str]) -> dict[str, int]:
    by_key = {p.casefold(): p for p in players}
    out: dict[str, int] = {}
    for name, area in areas.items():
        if name.casefold() not in by_key:
            raise NotationError(tpl("order_unknown", name=name, names=", ".join(players)))
        out[by_key[name.casefold()]] = area
    if len(out) != len(players):
        raise NotationError(tpl("areas_count", n=len(players)))
    if any(a not in D.CUTTING_AREAS for a in out.values()) or len(set(out.values())) != len(out):
        raise NotationError(tpl("areas_different"))
    return {p: out[p] for p in players}


def check_cards(cards: list[str], want: int) -> list[str]:
    for c in cards:
        if c not in D.PLANNED_WORK:
            raise NotationError(tpl("card_unknown", card=c, cards=", ".join(D.PLANNED_WORK)))
    if len(cards) != want or len(set(cards)) != want:
        raise NotationError(tpl("cards_count", n=want))
    return list(cards)


# ==========================================================================================================
# `lignum play`: the guided rounds
# ==========================================================================================================


@dataclass
class Choice:
    """One menu entry: the notation it stands for (as shown), a note in words, and what it applies.

    `lines` are applied as they are; `follow` asks more (a count, a sub-menu, pieces) and gets the value typed
    after the entry's number (`4 3` = entry 4 with 3), or None.
    """

    shown: str
    note: str = ""
    lines: list[str] | None = None
    follow: Callable[[str | None], list[str]] | None = None
    key: str = ""


@dataclass
class Menu:
    """A question: choices keyed by number (or their own key), a default, and how typed text becomes lines."""

    who: str
    choices: list[Choice] = field(default_factory=list)
    default: int | None = None
    free: Callable[[str], list[str]] | None = None
    header: str = ""
    prompt: str = ""

    def __post_init__(self) -> None:
        for i, c in enumerate(self.choices, 1):
            if not c.key:
                c.key = str(i)

    def find(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)


class _Rebuild(Exception):
    """The game changed under the prompt (undo): build the step's question again."""


def play(path: Path, gf: gamefile.GameFile | None = None, g: Game | None = None, *,
         con: Console | None = None, seed: str | None = None) -> int:
    """Run the guided table mode on a game file until the final scoring; the exit code (130 when stopped)."""
    _safe_streams()
    if gf is None or g is None:
        gf, g = gamefile.load(path)
    session = Session(Path(path), gf, g, con or Console(), seed or seed_from_env())
    return session.main()


class Session:
    """One sitting at the table: the file, the replayed game, the console; saves after every accepted action."""

    def __init__(self, path: Path, gf: gamefile.GameFile, g: Game, con: Console, seed: str | None = None) -> None:
        self.path = path
        self.gf = gf
        self.g = g
        self.con = con
        self.seed = seed  # None: real randomness; otherwise draws repeat (tests, demos)
        self.draws: tuple[int, int] = (-1, 0)  # (actions saved, shuffles at that point): salts seeded draws
        self.shown: tuple[Any, ...] | None = None
        self.round_shown: int | None = None
        self.hinted = False
        self.menu: Menu | None = None  # the question being asked (the keystroke benchmark reads it)
        names = [p.name for p in g.players]
        con.words = sorted(set(COMMANDS) | set(PLAYER_VERBS) | set(TABLE_VERBS) | set(names)
                           | {"clearing", "back"} | {f"{a}:" for a in ("sale", "saw", "store", "dry1", "dry2",
                                                                     "dry3", "buy", "sell", "hut")})

    # --- the loop ----------------------------------------------------------------------------------------
    def main(self) -> int:
        with hangup_as_interrupt():
            try:
                self.intro()
                while not self.g.over:
                    try:
                        self.show_step()
                        self.ask(self.step_menu())
                    except _Rebuild:
                        self.shown = None
                self.finish()
            except Interrupted as e:
                self.stopped(e.why)
                return 0 if e.why == "quit" else 130
            except (KeyboardInterrupt, EOFError):
                self.stopped("interrupt")
                return 130
            except Exception as e:  # a bug must not look like a lost game: everything answered is saved
                if os.environ.get("LIGNUM_DEBUG"):
                    raise
                self.say(tpl("internal_error", error=f"{type(e).__name__}: {e}"))
                self.stopped("error")
                return 1
        return 0

    def say(self, text: str = "", **kw: Any) -> None:
        self.con.say(text, **kw)

    def intro(self) -> None:
        g = self.g
        self.say(tpl("play_intro", file=self.path, players=", ".join(p.name for p in g.players), mode=g.mode,
                     variants=(", " + ", ".join(g.variants)) if g.variants else ""))
        if self.gf.actions and not g.over:
            self.say(tpl("resuming", n=len(self.gf.actions), where=views.header_line(g),
                         waiting=flow.waiting_for(g)))

    def show_step(self) -> None:
        g = self.g
        if g.round != self.round_shown and not g.over:
            self.round_shown = g.round
            self.say("")
            if g.round > D.ROUNDS:
                self.say(tpl("final_banner"))
            else:
                self.say(tpl("round_banner", season=g.season.capitalize(), year=g.year, round=g.round,
                             rounds=D.ROUNDS))
        kind = flow.actor_kind(g)
        per_player = kind in ("clearing", "ordered")
        key = (g.round, g.step, tuple(flow.actors(g)) if per_player else ())
        if key == self.shown:
            return
        new_step = self.shown is None or self.shown[:2] != key[:2]
        self.shown = key
        self.say("")
        self.say(views.reminder(g), reflow=True)
        if g.step == "area" and new_step:
            self.say("")
            self.say(table_text(*views.board_rows(g), self.con.width), wrap=False)
        if new_step:
            for line in views.pending_lines(g)[1:]:
                self.say(line)

    def step_menu(self) -> Menu:
        g = self.g
        kind = flow.actor_kind(g)
        if kind == "table":
            return {"path": self.path_menu, "reveal": self.task_menu, "placement": self.placement_menu}[g.step]()
        if kind == "all":
            return self.area_menu()
        return self.turn_menu(flow.actors(g)[0])

    # --- asking ----------------------------------------------------------------------------------------------
    def show_menu(self, menu: Menu) -> None:
        if menu.header:
            self.say(menu.header)
        width = max((len(c.shown) for c in menu.choices), default=0)
        width = min(width, 26)
        keyw = max((len(c.key) for c in menu.choices), default=1)
        cols = self.con.width
        for c in menu.choices:
            note = c.note.replace("{key}", c.key)
            head = f"  {c.key:>{keyw}}  {c.shown:<{width}}  "
            hang = " " * min(len(head), cols // 2)
            lines = textwrap.wrap(note, max(20, cols - len(head)), break_on_hyphens=False) or [""]
            self.say((head + lines[0]).rstrip(), wrap=False)
            for more in lines[1:]:
                self.say(_wrap(hang + more, cols)[0] if len(hang + more) > cols else hang + more, wrap=False)
        if not self.hinted:
            self.hinted = True
            self.say(tpl("menu_hint"))

    def prompt_text(self, menu: Menu) -> str:
        label = menu.prompt or menu.who
        if menu.default is not None:
            return f"{label} [{menu.choices[menu.default].key}]>"
        return f"{label}>"

    def ask(self, menu: Menu) -> None:
        """Ask until an answer is accepted by the engine and saved."""
        self.menu = menu
        self.show_menu(menu)
        while True:
            try:
                lines = self.pick(menu, top=True)
            except Back:
                self.show_menu(menu)
                continue
            if self.commit(lines):
                return

    def pick(self, menu: Menu, *, top: bool = False) -> list[str]:
        """Read answers until one names lines to apply (not yet checked). Commands are handled here."""
        while True:
            raw = self.con.line(self.prompt_text(menu))
            if not raw:
                if menu.default is None:
                    self.say(tpl("no_default"))
                    continue
                return self.take(menu.choices[menu.default], None)
            if raw == "?":
                self.show_menu(menu)
                continue
            if self.command(raw):
                self.say(tpl("menu_again", who=menu.prompt or menu.who))
                continue
            if raw.lower() == "back":
                if top:
                    self.say(tpl("back_top"))
                    continue
                raise Back
            key, _, arg = raw.partition(" ")
            choice = menu.find(key) if menu.choices else None
            if choice is not None:
                try:
                    return self.take(choice, arg.strip() or None)
                except Back:
                    self.show_menu(menu)
                    continue
            if key.isdecimal() and menu.choices and (menu.free is None or not arg):
                keys = [c.key for c in menu.choices]
                self.say(tpl("pick_key", first=keys[0], last=keys[-1]))
                continue
            if menu.free is None:
                self.say(tpl("pick_key", first=menu.choices[0].key, last=menu.choices[-1].key))
                continue
            try:
                return menu.free(raw)
            except LignumError as e:
                self.refuse(e)

    def take(self, choice: Choice, arg: str | None) -> list[str]:
        if choice.follow is not None:
            return choice.follow(arg)
        if arg:
            self.say(tpl("no_argument", key=choice.key))
            raise Back
        return list(choice.lines or [])

    def text_answer(self, prompt: str, parse: Callable[[str], list[str]], default: str | None = None,
                    given: str | None = None) -> list[str]:
        """A follow-up question answered in words (pieces, kinds, a count); `back` returns to the menu."""
        while True:
            if given is not None:
                raw, given = given, None
            else:
                raw = self.con.line(f"{prompt}" + (f" [{default}]>" if default is not None else ">"))
            if not raw and default is not None:
                raw = default
            if raw.lower() == "back":
                raise Back
            if self.command(raw):
                continue
            try:
                return parse(raw)
            except LignumError as e:
                self.refuse(e)

    def command(self, raw: str) -> bool:
        """undo [N], status [NAME], rules [TOPIC], help, quit: True when the answer was one of them."""
        word, _, rest = raw.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word not in COMMANDS:
            return False
        if word == "quit":
            raise Interrupted("quit")
        if word == "help":
            self.say(tpl("help"))
        elif word == "status":
            self.status(rest)
        elif word == "rules":
            self.rules(rest)
        elif word == "undo":
            self.undo(rest)
        return True

    def refuse(self, e: Exception) -> None:
        rule = getattr(e, "rule", "")
        self.say(tpl("refused", reason=str(e)) + (tpl("rules_hint", rule=rule) if rule else ""))

    # --- saving ----------------------------------------------------------------------------------------------
    def commit(self, lines: list[str]) -> bool:
        """Apply lines on a copy (all or nothing), save them, then show what changed. False when refused."""
        trial = self.g.clone()
        done: list[str] = []
        try:
            for line in lines:
                done.append(engine_play(trial, line).text)
        except LignumError as e:
            self.refuse(e)
            return False
        new = gamefile.append(self.gf, done)
        try:
            with signals_held():
                gamefile.save(new, self.path)
                before, self.gf, self.g = self.g, new, trial
        except OSError as e:
            self.say(tpl("save_failed", file=self.path, reason=e.strerror or str(e)))
            return False
        for text in done:
            self.say(f"  ok: {text}")
        self.report(before, trial)
        return True

    def report(self, before: Game, after: Game) -> None:
        """Money, food, loans and debts that changed (also by the automatic winter steps)."""
        for p0, p1 in zip(before.players, after.players, strict=True):
            sums: dict[str, list[int]] = {}
            for e in p1.ledger[len(p0.ledger):]:
                sums.setdefault(e.reason, []).append(e.amount)
            parts = [f"{reason}{f' x{len(a)}' if len(a) > 1 else ''} {_dollars(sum(a), sign=True)}"
                     for reason, a in sums.items()]
            if p0.money != p1.money or parts:
                parts.append(f"${p0.money} -> ${p1.money}")
            for attr, word in (("food", "food"), ("loans", "loans"), ("debt", "debt")):
                a, b = getattr(p0, attr), getattr(p1, attr)
                if a != b:
                    parts.append(f"{word} {a} -> {b}")
            if parts:
                self.say(f"     {p1.name}: " + ", ".join(parts))

    # --- commands --------------------------------------------------------------------------------------------
    def undo(self, arg: str) -> None:
        if arg and not (arg.isdecimal() and int(arg) >= 1):
            self.say(tpl("undo_usage"))
            return
        n = int(arg) if arg else 1
        if not self.gf.actions:
            self.say(tpl("undo_nothing"))
            return
        n = min(n, len(self.gf.actions))
        removed = self.gf.actions[-n:]
        new = gamefile.drop_last(self.gf, n)
        g2 = gamefile.replay(new)
        with signals_held():
            gamefile.save(new, self.path)
            self.gf, self.g = new, g2
        for line in removed:
            self.say(f"  undone: {line.text}")
        self.say(tpl("undo_now", where=views.header_line(g2), waiting=flow.waiting_for(g2)))
        raise _Rebuild

    def status(self, name: str) -> None:
        g = self.g
        only = None
        if name:
            idx = g.player_index(name)
            if idx is None:
                self.say(tpl("no_player", name=name, names=", ".join(p.name for p in g.players)))
                return
            only = g.players[idx]
        width = self.con.width
        self.say(views.header_line(g))
        self.say(table_text(*views.player_rows(g, only), width), wrap=False)
        if only is None:
            self.say("")
            self.say(table_text(*views.board_rows(g), width), wrap=False)
            self.say(views.path_line(g))
            line = views.clearing_line(g)
            if line:
                self.say(line)
            if g.task_display:
                self.say(tpl("status_tasks", tasks="; ".join(f"{t.id} ${t.value} needs {rules.needs_words(t)}"
                                                             for t in g.task_display)))
            if g.pw_cards:
                self.say(tpl("status_cards", cards=", ".join(f"{c} ({n})" for c, n in g.pw_cards.items())))
        for line in views.pending_lines(g):
            self.say(line)

    def rules(self, query: str) -> None:
        try:
            from . import rules_lookup as rl
        except ImportError:
            self.say(tpl("rules_missing"))
            return
        width = self.con.width
        try:
            if not query:
                self.say(rl.render_list(width), wrap=False)
                return
            rid = rl.normalise_rule_id(query)
            if rid and rl.ruling(rid) is not None:
                self.say(rl.render_ruling(rl.ruling(rid), width), wrap=False)
                return
            found = rl.lookup(query)
        except Exception as e:  # the lookup is another module: never let it end the game
            self.say(tpl("rules_failed", reason=str(e)))
            return
        if not found:
            self.say(tpl("rules_none", query=query))
            return
        self.say(rl.render(found[0], width), wrap=False)
        if len(found) > 1:
            self.say(tpl("rules_also", topics=", ".join(t.id for t in found[1:])))

    # --- stopping and the end ----------------------------------------------------------------------------------
    def stopped(self, why: str) -> None:
        if why == "hangup" or self.con.gone:
            return
        g = self.g
        self.con.write("\n")
        self.say(tpl(f"stopped_{why}"))
        where = tpl("where_over") if g.over else tpl("where", where=views.header_line(g),
                                                      waiting=flow.waiting_for(g))
        n = len(self.gf.actions)
        self.say(tpl("stopped_where", actions=tpl("one_action" if n == 1 else "actions", n=n), file=self.path,
                     where=where))
        if not g.over:
            self.say(tpl("resume", file=_quote(self.path)))

    def finish(self) -> None:
        from .engine import score

        g = self.g
        result = score(g)
        self.say("")
        self.say(tpl("game_over"))
        rows = []
        for r in result["players"]:
            place = f"{r['place']}" + (" (shared)" if r["shared"] else "")
            river = f"${r['river']['dollars']}" if r["river"]["kind"] else "-"
            rows.append([place, r["name"], _dollars(r["money"]), _dollars(r["final_sale"]), river,
                         _dollars(r["task_dollars"]) if r["tasks"] else "-",
                         _dollars(-r["loan_repayment"]) if r["loans"] else "-",
                         _dollars(-r["debt"]) if r["debt"] else "-", _dollars(r["total"])])
        self.say(columns(["place", "player", "money", "sale", "river", "tasks", "loans", "debt", "total"], rows),
                 wrap=False)
        first = [r["name"] for r in result["players"] if r["place"] == 1]
        self.say(tpl("winners_shared" if len(first) > 1 else "winner", names=", ".join(first)))
        self.offer_pdf()

    def offer_pdf(self) -> None:
        try:
            from . import pdf as pdfmod
        except ImportError:
            self.say(tpl("pdf_missing", file=_quote(self.path)))
            return
        out = self.path.with_suffix(".pdf")
        try:
            if not self.con.confirm(tpl("pdf_offer", path=out), True):
                self.say(tpl("pdf_later", file=_quote(self.path)))
                return
            force = False
            if out.exists():
                force = self.con.confirm(tpl("pdf_overwrite", path=out), False)
                if not force:
                    return
        except Interrupted as e:
            if e.why == "eof":
                return
            raise
        try:
            pdfmod.export(self.gf, self.g, str(out), force=force, paper="A4")
        except Exception as e:  # the PDF is optional: report, never lose the finished game
            self.say(tpl("pdf_failed", reason=str(e)))
            return
        self.say(tpl("pdf_written", path=out))

    # --- table draws ---------------------------------------------------------------------------------------
    def free_table(self, verb: str) -> Callable[[str], list[str]]:
        """Typed text at a table prompt: the verb may be left out (`17 mH@1` = `task 17 mH@1`)."""
        return self._prefixed(verb)

    def _prefixed(self, prefix: str) -> Callable[[str], list[str]]:
        """Read typed text as a full line, or as one that still needs `prefix` (a verb or a player's name)."""

        def lines(raw: str) -> list[str]:
            first = _first_word(raw)
            if first.lower() in TABLE_VERBS or self.g.player_index(first) is not None:
                return [raw]
            return [f"{prefix} {raw}"]

        return lines

    def path_menu(self) -> Menu:
        choices = [Choice("shuffle", tpl("note_shuffle"), follow=self.shuffle)]
        return Menu("table", choices, 0, self.free_table("path"), header=tpl("path_header"), prompt="path")

    def shuffle(self, arg: str | None) -> list[str]:
        """Draw the path's equipment tokens for the table; the craftwork kinds are typed (RULINGS.md)."""
        n = len(self.g.players)
        while True:
            slots: list[str] = []
            for kind, count in D.PATH_MIX[n].items():
                slots += [kind] * count
            at = len(self.gf.actions)
            self.draws = (at, self.draws[1] + 1 if self.draws[0] == at else 1)
            rng = random.Random(f"{self.seed}:{at}:{self.draws[1]}") if self.seed else random.Random()
            rng.shuffle(slots)
            self.say(tpl("shuffle_intro"))
            cells = [f"{loc:>2} {'C' if s == 'craft' else s:<7}" for loc, s in zip(D.TOKEN_LOCATIONS, slots,
                                                                                   strict=True)]
            for i in range(0, len(cells), 5):
                self.say("   " + "  ".join(cells[i:i + 5]))
            crafts = [loc for loc, s in zip(D.TOKEN_LOCATIONS, slots, strict=True) if s == "craft"]

            def parse(raw: str, slots: list[str] = slots, crafts: list[int] = crafts) -> list[str]:
                if raw.lower() == "again":
                    return []
                kinds = [w.lower() for w in raw.replace(",", " ").split()]
                if len(kinds) != len(crafts) or any(k not in D.CRAFTWORK for k in kinds):
                    raise NotationError(tpl("craft_kinds", n=len(crafts), kinds=", ".join(D.CRAFTWORK)))
                it = iter(kinds)
                tokens = [next(it) if s == "craft" else s for s in slots]
                return ["path " + " ".join(tokens)]

            lines = self.text_answer(tpl("ask_craft", locs=", ".join(map(str, crafts)), n=len(crafts)), parse)
            if lines:
                return lines

    def task_menu(self) -> Menu:
        g = self.g
        k = len(g.task_display) + 1
        return Menu("table", [], None, self.free_table("task"),
                    prompt=tpl("ask_task", k=k, target=flow.task_target(g)))

    def placement_menu(self) -> Menu:
        g = self.g
        return Menu("table", [], None, self.free_table("placement"),
                    prompt=tpl("ask_placement", k=g.placements + 1, n=flow.placements_needed(g)))

    def area_menu(self) -> Menu:
        """The simultaneous choice (R5): one line with every waiting player's area, in the order shown."""
        g = self.g
        waiting = [g.players[i].name for i in flow.actors(g)]

        def lines(raw: str) -> list[str]:
            words = raw.replace(",", " ").split()
            if g.player_index(_first_word(raw)) is not None:
                return [raw]
            if len(words) != len(waiting) or not all(w.isdecimal() for w in words):
                raise NotationError(tpl("areas_line", n=len(waiting), names=" ".join(waiting)))
            return [f"{name} area {w}" for name, w in zip(waiting, words, strict=True)]

        return Menu("table", [], None, lines, prompt=tpl("ask_area", names=" ".join(waiting)))

    # --- a player's turn -------------------------------------------------------------------------------------
    def free_player(self, p: Player) -> Callable[[str], list[str]]:
        """Typed text on a player's turn: the player's name may be left out (`go 5` = `anna go 5`)."""
        return self._prefixed(p.name)

    def turn_menu(self, pi: int) -> Menu:
        g = self.g
        p = g.players[pi]
        legal = legal_actions(g, player=pi)
        main = [a for a in legal if a.verb not in FREE_VERBS]
        extra = [a for a in legal if a.verb in FREE_VERBS]
        build = getattr(self, f"_menu_{g.step}", None) or self._menu_plain
        choices, default = build(p, main)
        choices += self._free_choices(p, extra)
        if default is None and len(choices) == 1:
            default = 0
        return Menu(p.name, choices, default, self.free_player(p), header=self.turn_header(p))

    def turn_header(self, p: Player) -> str:
        g = self.g
        bits = [f"${p.money}"]
        if p.food:
            bits.append(f"food {p.food}")
        if p.loans:
            bits.append(f"loans {p.loans}")
        if g.step == "travel":
            bits.insert(0, tpl("at_start") if not p.pos else tpl("at_location", loc=p.pos))
            workers = views.workers_text(p)
            if workers != "-":
                bits.append(workers)
        return f"-- {p.name}, {g.step}: " + ", ".join(bits)

    def choice(self, a: Action, note: str = "", key: str = "") -> Choice:
        return Choice(_short(a), note, [a.text], key=key)

    def _menu_plain(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        choices = [self.choice(a) for a in main]
        done = next((i for i, a in enumerate(main) if a.verb == "done"), None)
        return choices, (0 if main and done is None else done)

    def _menu_area(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        """Tactical variant (R21): free areas only, keyed by the area number; default the richest area."""
        g = self.g
        choices = []
        for a in main:
            area = a.args["area"]
            bag = g.cutting[str(area)]
            wood = format_bag({k: v for k, v in bag.items() if k in D.KINDS}, D.KINDS) or "no wood"
            food = bag.get("food", 0)
            choices.append(self.choice(a, wood + (f", {food} food" if food else ""), key=str(area)))
        richest = max(range(len(main)), key=lambda i: _area_worth(g, main[i].args["area"]), default=None)
        return choices, richest

    # travel (R3, R4, R17, R19, R20) ----------------------------------------------------------------------------
    def _menu_travel(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        g = self.g
        by_loc: dict[int, list[Action]] = {}
        for a in main:
            by_loc.setdefault(a.args["loc"], []).append(a)
        choices: list[Choice] = []
        for loc in sorted(by_loc):
            acts = by_loc[loc]
            if loc == D.CLEARING:
                continue
            if loc in (D.LOC_BEARERS, D.LOC_WOODCUTTERS):
                choices.append(self._hire_choice(p, loc, sorted(a.args["count"] for a in acts)))
            elif loc == D.LOC_SAWYERS:
                for a in acts:
                    free_left = g.supply.get("free_sawyers", 0)
                    note = tpl("note_sawyer_extra" if a.args["extra"] else "note_sawyer", left=free_left)
                    choices.append(self.choice(a, note))
            elif loc == D.LOC_TASKS:
                for a in acts:
                    t = next(t for t in g.task_display if t.id == a.args["task"])
                    needs = " ".join(f"{pc}@{st}" for pc, st in t.missing())
                    choices.append(self.choice(a, tpl("note_task", value=t.value, needs=needs)))
            elif loc == D.LOC_PLAN:
                notes = [(a, tpl("note_plan", card=a.args["card"],
                                 season=D.round_season(g.round + a.args["pair"]),
                                 year=D.round_year(g.round + a.args["pair"]), pair=a.args["pair"],
                                 cost=rules.plan_cost(g, a.args["card"]))) for a in acts]
                choices += self._inline_or_sub(p, "go 8 ...", tpl("note_plan_menu", n=len(acts)), notes)
            elif loc == D.LOC_MARKET:
                notes = [(a, self._market_note(p, a)) for a in acts]
                choices += self._inline_or_sub(p, "go 19 ...", tpl("note_market_menu"), notes)
            elif loc == D.LOC_FODDER:
                choices.append(self.choice(acts[0], tpl("note_fodder")))
            else:
                tok = g.path.get(str(loc)) or ""
                choices.append(self.choice(acts[0], tpl(f"tok_{tok}") if tok in _TOKEN_NOTES else tok))
        for a in by_loc.get(D.CLEARING, []):
            choices.append(self.choice(a, tpl("note_clearing", place="ABCD"[len(g.clearing)])))
        return choices, (0 if len(choices) == 1 else None)

    def _hire_choice(self, p: Player, loc: int, counts: list[int]) -> Choice:
        """Bearers or woodcutters with a suggested number; `KEY N` hires another number in one answer."""
        g = self.g
        kind = "bearers" if loc == D.LOC_BEARERS else "woodcutters"
        wood = total(rules.area_wood(g, p.area)) if p.area else 0
        if kind == "woodcutters":
            n = counts[-1]  # already capped by the wood in the area (R4), the money and the supply
        else:
            n = min(counts[-1], max(1, p.money // 2), max(1, wood))
        word = kind if n > 1 else kind[:-1]
        note = tpl(f"note_{kind}", n=n, what=word, cost=n * D.WORKER_PRICE, wood=wood)
        if counts[0] != counts[-1]:
            other = counts[0] if counts[0] != n else counts[-1]
            note += " " + tpl("note_other_count", low=counts[0], high=counts[-1], other=other)

        def follow(arg: str | None) -> list[str]:
            if arg is None:
                return [f"{p.name} go {loc} {n}"]
            if not arg.isdecimal() or int(arg) not in counts:
                self.say(tpl("count_range", low=counts[0], high=counts[-1]))
                raise Back
            return [f"{p.name} go {loc} {int(arg)}"]

        return Choice(f"go {loc} {n}", note, follow=follow)

    def _market_note(self, p: Player, a: Action) -> str:
        g = self.g
        args = a.args
        cost = args["buy"].get("saw", 0) * D.SAW_PRICE + args["buy"].get("food", 0) * D.FOOD_PRICE
        card = rules.plan_active(g, p, "craftwork")
        income = sum(prices.craftwork_set_price(total(s), card) for s in args["sets"])
        income += D.TRADE_CARD_TOKEN_PRICE * total(args["trade"])
        parts = []
        if cost:
            parts.append(tpl("note_pay", n=cost))
        if income:
            parts.append(tpl("note_get", n=income))
        return ", ".join(parts)

    def _inline_or_sub(self, p: Player, shown: str, note: str, items: list[tuple[Action, str]]) -> list[Choice]:
        """Up to three choices go in the menu; more go in a sub-menu behind one entry."""
        if len(items) <= 3:
            return [self.choice(a, n) for a, n in items]

        def follow(arg: str | None) -> list[str]:
            sub = Menu(p.name, [self.choice(a, n) for a, n in items], None, self.free_player(p),
                       header=tpl("sub_header"), prompt=f"{p.name} {shown.removesuffix(' ...')}")
            self.show_menu(sub)
            if arg:
                return self.pick_given(sub, arg)
            return self.pick(sub)

        return [Choice(shown, note, follow=follow)]

    def pick_given(self, menu: Menu, arg: str) -> list[str]:
        choice = menu.find(arg)
        if choice is None:
            self.say(tpl("pick_key", first=menu.choices[0].key, last=menu.choices[-1].key))
            return self.pick(menu)
        return self.take(choice, None)

    # wood work ---------------------------------------------------------------------------------------------------
    def _menu_cutting(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        g = self.g
        if g.winter:
            choices = []
            for a in main:
                note = {"cut": tpl("note_winter_cut", n=D.WINTER_CUT_FIREWOOD + a.args.get("hut", 0))
                        if a.verb == "cut" else "", "done": tpl("note_done")}.get(a.verb, "")
                choices.append(self.choice(a, note))
            return choices, 0
        cuts = [a for a in main if a.verb == "cut"]
        plain = [a for a in cuts if not a.args["hut"]]
        choices: list[Choice] = []
        shown: list[Action] = []
        if plain:
            most = max(total(a.args["pieces"]) for a in plain)
            best = sorted((a for a in plain if total(a.args["pieces"]) == most), key=_wood_preference)
            shown = best[:4]
            choices += [self.choice(a, tpl("note_cut", area=p.area)) for a in shown]
        with_hut = [a for a in cuts if a.args["hut"]]
        if with_hut:
            a = max(with_hut, key=lambda a: (total(a.args["pieces"]), -_wood_preference(a)[0]))
            choices.append(self.choice(a, tpl("note_hut_worker")))
        if len(cuts) > len(shown) + (1 if with_hut else 0):
            choices.append(Choice("cut ...", tpl("note_cut_other"), follow=self._typed(p, "cut", "ask_cut")))
        for a in main:
            if a.verb == "relocate":
                choices.append(self.choice(a, tpl("note_relocate", wood=_wood_words(g, a.args["area"]))))
        snatch = [(a, tpl("note_snatch")) for a in main if a.verb == "snatch"]
        choices += self._inline_or_sub(p, "snatch ...", tpl("note_snatch_menu", n=len(snatch)), snatch) if snatch \
            else []
        done = [a for a in main if a.verb == "done"]
        choices += [self.choice(a, tpl("note_no_cut")) for a in done]
        return choices, 0

    def _typed(self, p: Player, verb: str, key: str) -> Callable[[str | None], list[str]]:
        """A follow-up that asks for the rest of a line of this verb (`2F+S`, `sale:F saw:H`)."""

        def follow(arg: str | None) -> list[str]:
            return self.text_answer(tpl(key), lambda raw: [f"{p.name} {verb} {raw}"], given=arg)

        return follow

    def _menu_arrival(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        choices = []
        default = 0
        for i, a in enumerate(main):
            dest = a.args["dest"]
            if _usual_destination(dest):
                default = i
            choices.append(self.choice(a, _dest_words(dest)))
        return choices, default

    def _menu_transport(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        if self.g.winter:
            return self._menu_sledge(p, main)
        choices: list[Choice] = []
        best: list[tuple[int, int]] = []  # (pieces, index) of the usual-destination moves
        for verb, note_key in (("carry", "note_carry"), ("wagon", "note_wagon")):
            acts = [a for a in main if a.verb == verb]
            if not acts:
                continue
            most = max(_moved(a) for a in acts)
            top = [a for a in acts if _moved(a) == most]
            usual = [a for a in top if _usual_destination(a.args["dest"])]
            pick = sorted(usual, key=_wood_preference)[:2] + [a for a in top if a not in usual][:1]
            for a in pick:
                if a in usual:
                    best.append((most, len(choices)))
                choices.append(self.choice(a, tpl(note_key, dest=_dest_words(a.args["dest"]))))
        for verb, note_key in (("raft", "note_raft"), ("float", "note_float")):
            acts = [a for a in main if a.verb == verb]
            if acts:
                a = max(acts, key=lambda a: (total(a.args["pieces"]), -_wood_preference(a)[0]))
                choices.append(self.choice(a, tpl(note_key)))
        choices.append(Choice("other ...", tpl("note_transport_other"), follow=self._typed_any(p, "ask_transport")))
        done = [a for a in main if a.verb == "done"]
        choices += [self.choice(a, tpl("note_done")) for a in done]
        default = max(best, key=lambda b: (b[0], -b[1]))[1] if best else len(choices) - 1
        return choices, default

    def _typed_any(self, p: Player, key: str) -> Callable[[str | None], list[str]]:
        def follow(arg: str | None) -> list[str]:
            return self.text_answer(tpl(key), self.free_player(p), given=arg)

        return follow

    def _menu_sledge(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        """Winter sledges (R7): two pieces for free, one more per food (food the winter card also asks)."""
        sledges = [a for a in main if a.verb == "sledge"]
        choices: list[Choice] = []
        for n in sorted({_moved(a) for a in sledges}, reverse=True):
            acts = [a for a in sledges if _moved(a) == n and _usual_destination(a.args["dest"])]
            if not acts:
                continue
            a = sorted(acts, key=_wood_preference)[0]
            food = max(0, n - D.SLEDGE_BASE)
            choices.append(self.choice(a, tpl("note_sledge_food" if food else "note_sledge", food=food,
                                              dest=_dest_words(a.args["dest"]))))
        choices.sort(key=lambda c: 0 if "food" not in c.note else 1)
        choices.append(Choice("other ...", tpl("note_sledge_other"), follow=self._typed_any(p, "ask_sledge")))
        done = [a for a in main if a.verb == "done"]
        choices += [self.choice(a, tpl("note_done")) for a in done]
        return choices, 0

    def _menu_sawing(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        """Hardwood first (unsawn it cannot be sold, R10), then softwood, then firewood; firewood logs go to
        the storage while the storage holds fewer logs than the coming winter card asks (R14)."""
        g = self.g
        heat = g.winter_cards[g.year - 1][1]
        stored = total(p.wood["store"])
        saws = [a for a in main if a.verb == "saw"]
        choices: list[Choice] = []
        default = None
        for kind in ("H", "S", "F"):
            acts = [a for a in saws if kind in a.args["disks"]]
            if not acts:
                continue
            n = rules.saw_yield(g, p, kind)
            one = [a for a in acts if total(a.args["disks"]) == 1]
            to_sale = next((a for a in one if not a.args["store"]), None)
            to_store = next((a for a in one if a.args["store"]), None)
            want_store = kind == "F" and stored < heat
            if want_store and 0 < heat - stored < n:  # just what the winter needs, the rest for sale
                part = parse(f"{p.name} saw F store:{heat - stored}")
                if self._legal(part.text):
                    to_store = part
            for a in (to_store, to_sale) if want_store else (to_sale, to_store):
                if a is None:
                    continue
                if default is None:
                    default = len(choices)
                logs = total(a.args["store"])
                note = tpl("note_saw_store", n=n, m=logs, kind=D.KIND_NAMES[kind]) if logs \
                    else tpl("note_saw", n=n, kind=D.KIND_NAMES[kind])
                choices.append(self.choice(a, note))
            for a in acts:
                if total(a.args["disks"]) == 2:
                    choices.append(self.choice(a, tpl("note_saw_two")))
        choices.append(Choice("saw ...", tpl("note_saw_other"), follow=self._typed(p, "saw", "ask_saw")))
        done = [a for a in main if a.verb == "done"]
        choices += [self.choice(a, tpl("note_done")) for a in done]
        return choices, (default if default is not None else len(choices) - 1)

    def _legal(self, line: str) -> bool:
        trial = self.g.clone()
        try:
            engine_play(trial, line)
        except LignumError:
            return False
        return True

    def _menu_tasks(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        choices = []
        for a in main:
            if a.verb == "fill":
                t = next(t for t in p.tasks if t.id == a.args["task"])
                choices.append(self.choice(a, tpl("note_fill", task=t.id, value=t.value)))
            else:
                choices.append(self.choice(a, tpl("note_done")))
        return choices, 0

    def _menu_selling(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        """What must be sold (R12) comes first and is the default; otherwise the default sells nothing."""
        sells = [a for a in main if a.verb == "sell"]
        must = dict(p.wood["dry3"])
        choices: list[Choice] = []
        default = None
        ordered = sorted(sells, key=lambda a: (a.args["from"] != ({"dry3": must} if must else None),
                                               -_pieces(a.args["from"])))
        for a in ordered[:7]:
            value = rules.sale_total(a.args["from"])
            if must and a.args["from"] == {"dry3": must}:
                default = len(choices)
                note = tpl("note_sell_must", value=value)
            elif a is max(sells, key=lambda a: _pieces(a.args["from"])):
                note = tpl("note_sell_all", value=value)
            else:
                note = tpl("note_sell", value=value)
            choices.append(self.choice(a, note))
        choices.append(Choice("sell ...", tpl("note_sell_other"), follow=self._typed(p, "sell", "ask_sell")))
        done = [a for a in main if a.verb == "done"]
        for a in done:
            if default is None:
                default = len(choices)
            choices.append(self.choice(a, tpl("note_keep")))
        return choices, (default if default is not None else 0)

    def _menu_drying(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        """Move into the first drying area what fits, most pieces and dearest first (R11)."""
        drys = sorted((a for a in main if a.verb == "dry"),
                      key=lambda a: (-total(a.args["pieces"]), -_value(a.args["pieces"])))
        choices = [self.choice(a, tpl("note_dry")) for a in drys[:6]]
        if len(drys) > 6:
            choices.append(Choice("dry ...", tpl("note_dry_other"), follow=self._typed(p, "dry", "ask_dry")))
        done = [a for a in main if a.verb == "done"]
        choices += [self.choice(a, tpl("note_no_dry")) for a in done]
        return choices, 0

    def _menu_bonus(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        choices = [self.choice(a, D.KIND_NAMES[a.args["kind"]]) for a in main]
        return choices, next((i for i, a in enumerate(main) if a.args["kind"] == "F"), 0)

    def _menu_feeding(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        return self._winter_sale(p, main, "feeding")

    def _menu_heating(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        return self._winter_sale(p, main, "heating")

    def _winter_sale(self, p: Player, main: list[Action], step: str) -> tuple[list[Choice], int | None]:
        """R14 walked through: what is missing, the loans taken first, then the wood sold for the rest."""
        g = self.g
        food, heat = g.winter_cards[g.year - 1]
        need, have = (food, p.food) if step == "feeding" else (heat, total(p.wood["store"]))
        bill = prices.winter_bill(need, have, p.money, p.loans)
        self.say(tpl("winter_bill", name=p.name, need=need, have=have, missing=bill.missing, cost=bill.cost,
                     what="food" if step == "feeding" else "logs", money=p.money))
        if bill.loans_taken:
            self.say(tpl("winter_loans", n=bill.loans_taken, cash=bill.money_after_loans))
        elif p.loans >= D.MAX_LOANS:
            self.say(tpl("winter_no_loans", name=p.name))
        self.say(tpl("winter_short", short=bill.still_short))
        options = sorted(main, key=lambda a: rules.forced_sale_value(a.args["sell"]))
        choices = [self.choice(a, tpl("note_winter_sale", value=rules.forced_sale_value(a.args["sell"])))
                   for a in options]
        return choices, 0

    def _menu_river(self, p: Player, main: list[Action]) -> tuple[list[Choice], int | None]:
        river = p.wood["river"]
        values = [river.get(a.args["kind"], 0) * (D.BASE_PRICE[a.args["kind"]] or 0) for a in main]
        choices = [self.choice(a, tpl("note_river", n=river.get(a.args["kind"], 0), value=v,
                                      kind=D.KIND_NAMES[a.args["kind"]])) for a, v in zip(main, values, strict=True)]
        return choices, max(range(len(main)), key=lambda i: values[i]) if main else None

    # loans and huts (R15, R16) -----------------------------------------------------------------------------------
    def _free_choices(self, p: Player, extra: list[Action]) -> list[Choice]:
        out: list[Choice] = []
        for a in extra:
            if a.verb == "loan":
                out.append(self.choice(a, tpl("note_loan", repay=D.LOAN_REPAYMENT[p.loans + 1])))
        for verb in ("build", "dryhut", "foodhut"):
            acts = [a for a in extra if a.verb == verb]
            if not acts:
                continue
            notes = [(a, self._hut_note(a)) for a in acts]
            out += self._inline_or_sub(p, f"{verb} ...", tpl(f"note_{verb}_menu"), notes) if len(acts) > 1 \
                else [self.choice(acts[0], notes[0][1])]
        return out

    def _hut_note(self, a: Action) -> str:
        if a.verb == "build":
            return ", ".join(f"{n} {D.HUT_AREA_NAMES[h]}" for h, n in a.args["huts"].items())
        if a.verb == "dryhut":
            return tpl("note_dryhut", area=D.AREA_NAMES[a.args["area"]])
        return tpl("note_foodhut", food=self.g.cutting[str(a.args["area"])].get("food", 0))


_TOKEN_NOTES = ("wagon", "raft", "saw", "sledge", "coin", "food", "stake", "board", "shingle", "reed", "joker")


def _first_word(raw: str) -> str:
    """The first word of an answer; an empty answer where words are needed is refused with a reason."""
    words = raw.split()
    if not words:
        raise NotationError(tpl("empty_answer"))
    return words[0]


def _short(a: Action) -> str:
    """The notation without the player's name (the prompt already says whose turn it is)."""
    if a.player and a.text.startswith(a.player + " "):
        return a.text[len(a.player) + 1:]
    return a.text


def _dollars(n: int, sign: bool = False) -> str:
    return f"-${-n}" if n < 0 else (f"+${n}" if sign else f"${n}")


def _quote(path: Path) -> str:
    text = str(path)
    return f'"{text}"' if " " in text else text


def _pieces(by_area: dict[str, Bag]) -> int:
    return sum(total(b) for b in by_area.values())


def _moved(a: Action) -> int:
    return sum(total(b) for b in a.args.get("dest", {}).values())


def _value(bag: Bag) -> int:
    return sum((D.BASE_PRICE.get(k) or 0) * n for k, n in bag.items())


def _wood_preference(a: Action) -> tuple[int, ...]:
    """Sort key: more softwood, then more hardwood, then more firewood first."""
    bag: Bag = dict(a.args.get("pieces") or {})
    for part in a.args.get("dest", {}).values():
        for k, v in part.items():
            bag[k] = bag.get(k, 0) + v
    return (-bag.get("S", 0), -bag.get("H", 0), -bag.get("F", 0))


def _usual_destination(dest: dict[str, Bag]) -> bool:
    """The default destination: hardwood to the sawing area (R7), firewood and softwood to the sale area."""
    saw, sale = dest.get("saw", {}), dest.get("sale", {})
    return not any(k != "H" for k in saw) and "H" not in sale


def _dest_words(dest: dict[str, Bag]) -> str:
    parts = []
    for area in ("saw", "sale"):
        if dest.get(area):
            parts.append(f"{format_bag(dest[area], D.PIECES)} to the {D.AREA_NAMES[area]}")
    return ", ".join(parts)


def _wood_words(g: Game, area: int) -> str:
    return format_bag(rules.area_wood(g, area), D.KINDS) or "no wood"


def _area_worth(g: Game, area: int) -> tuple[int, int]:
    bag = g.cutting[str(area)]
    return (sum(v for k, v in bag.items() if k in D.KINDS), bag.get("food", 0))


__all__ = ["Console", "Interrupted", "Session", "play", "wizard"]
