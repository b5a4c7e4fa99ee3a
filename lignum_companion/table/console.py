"""The prompt layer of the table mode: where answers come from (terminal or plain lines) and text goes to;
signals and the exceptions that stop or step back from a question."""

from __future__ import annotations

import shutil
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words

from ..engine.names import neutralise
from .common import tpl
from .layout import display_width, wrap_lines

MAX_WIDTH = 80  # piped output, and the narrowest terminal width a table is laid out for
TTY_MAX_WIDTH = 100  # a wider terminal gets its width up to this (issue 21: the travel menu at 100 columns)


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
    """Hold Ctrl-C, hang-ups and SIGTERM while a save runs, then act on them: a save is never cut in half."""
    pending: list[int] = []
    old = _hold_signals(lambda s, f: pending.append(s))
    try:
        yield
    finally:
        _release_signals(old, pending)


def _hold_signals(hold: Any) -> dict[int, Any]:
    """Ctrl-C, hang-ups and SIGTERM go to `hold`; the handlers they had, to put back."""
    old: dict[int, Any] = {}
    for name in ("SIGINT", "SIGHUP", "SIGTERM"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            old[sig] = signal.signal(sig, hold)
        except (ValueError, OSError):  # not the main thread
            pass
    return old


def _release_signals(old: dict[int, Any], pending: list[int]) -> None:
    """Put the handlers back; a held signal then meets the handler it would have met (stopping.py's: the right
    exit code) and stops with KeyboardInterrupt."""
    for sig, handler in old.items():
        signal.signal(sig, handler)
    if pending:
        handler = old.get(pending[0])
        if callable(handler):
            handler(pending[0], None)
        raise KeyboardInterrupt


def ask_deferring_signals(build: Any) -> Any:
    """Build a questionary question and run it with Ctrl-C, hang-ups and SIGTERM held until prompt_toolkit can
    take them; then stop with KeyboardInterrupt (through the handler the signal would have met: stopping.py's
    exit codes).

    A KeyboardInterrupt raised by a signal handler anywhere inside prompt_toolkit's start or end (between
    creating `Application.run_async()` and awaiting it, or while asyncio builds or closes its loop) left an
    un-awaited coroutine and a half-made event loop: a RuntimeWarning and a `BaseEventLoop.__del__` traceback
    at exit. Held, a signal instead ends the prompt from inside its own loop: at once if the loop runs, or as
    the application starts (`pre_run`). prompt_toolkit's own SIGINT handler stays off (`handle_sigint=False`):
    it turned an outside SIGINT into a key press, which a prompt closing after Enter never read, so the signal
    was lost and play went on (issue 24). Held here, a signal in that window stops once the prompt has closed.
    Ctrl-C typed at the prompt is a key in raw mode, and the prompt's key binding still ends it.
    """
    pending: list[int] = []
    app: Any = None

    def stop_prompt() -> None:
        if pending and app is not None and app.future is not None and not app.future.done():
            app.exit(exception=KeyboardInterrupt())

    def hold(signum: int, frame: Any) -> None:
        pending.append(signum)
        loop = getattr(app, "loop", None) if app is not None and app.is_running else None
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop_prompt)

    old = _hold_signals(hold)
    try:
        app = build().application
        return None if pending else app.run(pre_run=stop_prompt, handle_sigint=False)
    finally:
        _release_signals(old, pending)


def safe_streams() -> None:
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
        self.ahead: list[str] = []  # answers typed before their question (at a pause): read first, never dropped
        self.pasted: list[str] = []  # the further lines of one answer holding several (a paste): read next, in order
        self.toolbar: Any = None  # at a terminal: a callable giving the line that stands under the prompt
        self.last = ""  # the last answer as typed (an echo need not repeat a line the table typed exactly)

    # --- output ---------------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        if not self.tty:
            return MAX_WIDTH
        return max(40, min(shutil.get_terminal_size((MAX_WIDTH, 24)).columns, TTY_MAX_WIDTH))

    def say(self, text: str = "", *, wrap: bool = True, reflow: bool = False) -> None:
        """Print wrapped to the width (indentation kept); survives any console encoding and a closed terminal.

        `reflow` joins lines that go on with the same sentence first (texts written for wider screens)."""
        lines = wrap_lines(text, self.width, reflow) if wrap else text.split("\n")
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
        if self.ahead or self.pasted:  # typed at a pause, or pasted: it answers this question
            typed_at_pause = bool(self.ahead)
            raw = (self.ahead or self.pasted).pop(0)
            if not typed_at_pause:  # a pasted line shown as if typed here; one typed at a pause is on the screen
                self.say(f"{message} {raw}")  # already, where it was typed (a tryout saw it twice)
            self.answers += 1
            self.last = raw
            return raw
        while True:
            text = _readable(self._read(message))
            if text is None:
                self.say(tpl("bad_encoding", encoding=getattr(self.stdin, "encoding", "?")))
                continue
            self.answers += 1
            first, *more = [line.strip() for line in text.splitlines() if line.strip()] or [""]
            self.pasted += more  # `2` and `done` pasted at one prompt are two answers, never one refused line
            self.last = first
            return first

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
        self.write(neutralise(raw.strip()) + "\n")  # echo, so a piped session reads like a transcript (shown safe)
        return raw

    def _read_tty(self, message: str) -> str:
        def question() -> Any:
            import questionary
            from prompt_toolkit.completion import WordCompleter
            from prompt_toolkit.history import InMemoryHistory

            if self._history is None:
                self._history = InMemoryHistory()
            completer = WordCompleter(self.words, ignore_case=True, sentence=False) if self.words else None
            extra: dict[str, Any] = {"bottom_toolbar": self.toolbar_line} if self.toolbar is not None else {}
            return questionary.text(message, qmark=self.qmark, history=self._history, completer=completer,
                                    complete_while_typing=False, **extra)

        return self._ask(question) or ""

    def toolbar_line(self) -> str:
        """The standing line under a terminal prompt (prompt_toolkit's bottom toolbar), cut to the width: it
        never wraps, so the screen above it holds still (issue 21)."""
        try:
            text = str(self.toolbar() or "")
        except Exception:  # a toolbar must never break the prompt it stands under
            return ""
        width = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
        out, used = "", 0
        for ch in text.replace("\n", " "):
            w = display_width(ch)
            if used + w > width - 1:
                break
            out, used = out + ch, used + w
        return out

    def _ask(self, question: Any) -> Any:
        """Build the questionary question (`question()`) and run it; Ctrl-C, end of input or a closed terminal
        raise Interrupted."""
        try:
            return ask_deferring_signals(question)
        except KeyboardInterrupt:
            raise Interrupted("interrupt") from None
        except EOFError:
            raise Interrupted("eof") from None
        except OSError:
            self.gone = True
            raise Interrupted("hangup") from None

    def question(self, message: str, after: int) -> str:
        """The question for the prompt's own line, what comes before it said above (wrapped between words).

        A message's last line is its question ('Score sheet: PATH\nWrite it now?'); when the question and what
        follows it on its line (`after` columns: '? ', the hint '(화살표 키, Enter)' or '[Y/n]' and the answer)
        do not fit the width, its first words go above, and the line keeps as many of its last ones as fit: the
        terminal never cuts the hint inside a word, and the question line is never a bare hint (issue 32 §1)."""
        lead, _, question = message.rpartition("\n")
        room = self.width - after
        if display_width(question) > room:
            pieces = texts.units(question)
            k = len(pieces) - 1
            while k > 0 and display_width(" ".join(pieces[k - 1:])) <= room:
                k -= 1
            lead, question = "\n".join(x for x in (lead, " ".join(pieces[:k])) if x), " ".join(pieces[k:])
        if lead:
            self.say(lead)
        return question

    def select(self, message: str, choices: list[tuple[str, Any]], default: int = 0) -> Any:
        """One of a few fixed choices: arrow keys in a terminal, a number or the name otherwise."""
        hint = tpl("select_hint")
        message = self.question(message, 3 + display_width(hint) if self.tty else len(f" [{default + 1}]> ") + 2)
        if self.tty:
            def question() -> Any:
                import questionary

                qs = [questionary.Choice(title, value=i) for i, (title, _) in enumerate(choices)]
                return questionary.select(message, qs, default=qs[default], qmark="?" if message else "",
                                          instruction=hint)

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
        yes, no = words.phrase("yes"), words.phrase("no")
        hangul = not (yes.isascii() and no.isascii())
        if not (self.tty and hangul):  # '? QUESTION (Y/n) yes' at a terminal, 'QUESTION [Y/n]> yes' otherwise
            message = self.question(message, 12)
        if self.tty and hangul:  # y/n keys do not exist on a Hangul keyboard
            return bool(self.select(message, [(yes, True), (no, False)], 0 if default else 1))
        if self.tty:
            def question() -> Any:
                import questionary

                # y or n waits for its Enter: taken on the key alone, the Enter a table types after it reached
                # the next menu and played its default (an English table's tryout, issue 32); a question said
                # above on its own (too wide): no lone `?` on the answer's line (a tryout)
                return questionary.confirm(message, default=default, qmark="?" if message else "", auto_enter=False)

            answer = self._ask(question)
            self.answers += 1
            if answer is None:
                raise Interrupted("interrupt")
            return bool(answer)
        while True:
            raw = words.alias(self.line(f"{message} [{'Y/n' if default else 'y/N'}]")).lower()  # 예, 아니오
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


class Rebuild(Exception):
    """The game changed under the prompt (undo): build the step's question again."""

