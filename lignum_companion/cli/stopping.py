"""How the program stops: signals raise `Stopped`, and each way of ending says in one line what was saved.

SIGINT and SIGHUP exit 130, SIGTERM 143. The entry point installs these handlers before anything heavy is
imported; the commands that save (do, play) ask `handled()` which exit code a signal they caught asks for.
"""

from __future__ import annotations

import os
import signal
import sys

SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
EXIT_CODES = {"SIGINT": 130, "SIGHUP": 130, "SIGTERM": 143}
BRACKETED_PASTE_OFF = "\x1b[?2004l"


class Stopped(KeyboardInterrupt):
    """A signal asked the program to stop; raised where the program is, like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


caught: list[int] = []  # signals received; typer turns the interrupt into exit 130, we say what it was


_owner: list[int] = []  # the process that installed the handlers


def _raise_stopped(signum: int, frame: object) -> None:
    if _owner and os.getpid() != _owner[0]:  # a forked worker (multiprocessing pools): the default behaviour,
        signal.signal(signum, signal.SIG_DFL)  # so that a pool's terminate() ends it at once
        os.kill(os.getpid(), signum)
        return
    caught.append(signum)
    raise Stopped(signum)


def handled() -> int | None:
    """A command that said itself what was saved calls this; the exit code its signal asks for (or None)."""
    if not caught:
        return None
    code = EXIT_CODES.get(_name(caught[0]), 130)
    caught.clear()
    return code


def install() -> None:
    """SIGINT, SIGTERM and SIGHUP all raise `Stopped` (a KeyboardInterrupt), so `finally` blocks run."""
    _owner[:] = [os.getpid()]
    for name in SIGNALS:
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, _raise_stopped)
            except (ValueError, OSError):  # not the main thread, or not on this platform
                pass


def _ignore_further() -> None:
    for name in SIGNALS:
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, signal.SIG_IGN)
            except (ValueError, OSError):
                pass


def _name(signum: int | None) -> str:
    try:
        return signal.Signals(signum).name if signum is not None else "SIGINT"
    except ValueError:
        return "SIGINT"


def _last_saved() -> str | None:
    """The game file this command saved last (gamefile records every completed save), if any."""
    gamefile = sys.modules.get("lignum_companion.gamefile.save")
    saved = [p for p in getattr(gamefile, "saved", []) if not p.name.startswith(".")]
    return _shown(str(saved[-1])) if saved else None


def _shown(text: str) -> str:
    """A file name as it may be printed: control characters (an escape sequence in the name) as `\\uXXXX`."""
    try:
        from lignum_companion.engine.names import neutralise

        return neutralise(text).replace("\n", "\\u000a").replace("\t", "\\u0009")
    except Exception:  # noqa: BLE001 - the last line a stopped program prints must never fail
        return text.encode("ascii", "backslashreplace").decode("ascii")


def _say(*key: str, **fields: object) -> str:
    """A line of templates/<lang>/gamefile.toml [stop] in the shown language; its key and figures if the templates
    cannot be read (this is the last line a stopped or broken program prints: it must never fail)."""
    try:
        from lignum_companion.texts import catalog as texts

        return texts.text("gamefile", "stop", *key, **fields)
    except Exception:  # noqa: BLE001
        return " ".join([".".join(key), *(f"{k}={v}" for k, v in fields.items())])


def stopped_line(name: str) -> str:
    """What was saved before a signal stopped the program, in the shown language."""
    what = _say("signal", name)
    saved = _last_saved()
    return _say("saved", what=what, path=saved) if saved else _say("nothing", what=what)


def restore_terminal() -> None:
    """Turn bracketed-paste mode off, in case the prompt library turned it on and had no chance to undo it."""
    try:
        if sys.stdout.isatty():
            sys.stdout.write(BRACKETED_PASTE_OFF)
            sys.stdout.flush()
    except (OSError, ValueError):
        pass


def _quiet_broken_pipe() -> None:
    """`lignum log | head -1`: the reader left; stop quietly with success, as `cat` does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _stop(name: str) -> None:
    _ignore_further()
    restore_terminal()
    try:
        sys.stderr.write("\n" + stopped_line(name) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_CODES.get(name, 130))
