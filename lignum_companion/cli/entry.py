"""The process entry point of `lignum`: signals, interrupts, broken pipes and bugs each end in one plain line.

It installs the signal handlers before anything heavy is imported, so Ctrl-C while the program is still loading
is handled like Ctrl-C anywhere else. SIGINT and SIGHUP exit 130, SIGTERM 143; the line says whether a game file
was saved. Game files are only ever written whole and atomically (gamefile.py), so stopping never half-writes one.
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
    gamefile = sys.modules.get("lignum_companion.gamefile.store")
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


def _debug() -> bool:
    """LIGNUM_DEBUG on: a bug shows its traceback (checked at the start, so it reads as a flag here)."""
    from lignum_companion.gamefile.settings import SettingError, flag

    try:
        return flag("LIGNUM_DEBUG")
    except SettingError:
        return False


def main() -> None:
    """Run the `lignum` command with the handlers in place; map each way of stopping to its exit code."""
    install()
    try:
        from lignum_companion.gamefile.settings import problem

        bad = problem()  # a LIGNUM_* variable no command could use: one line, before anything runs
        if bad is not None:
            sys.stderr.write(str(bad) + "\n")
            sys.exit(2)
        from lignum_companion.cli.app import app

        app(standalone_mode=True)
    except KeyboardInterrupt as e:  # before typer runs (Ctrl-C while loading)
        _stop(_name(getattr(e, "signum", None)))
    except SystemExit:
        if caught:  # typer turned our signal into exit 130
            _stop(_name(caught[0]))
        raise
    except BrokenPipeError:
        _quiet_broken_pipe()
        sys.exit(0)
    except Exception as e:  # noqa: BLE001 - the last line of defence of a CLI
        if _debug():
            raise
        saved = _last_saved()
        what = _say("bug_saved", path=saved) if saved else _say("bug_nothing")
        sys.stderr.write(_say("bug", kind=type(e).__name__, message=_shown(str(e)[:200]), what=what) + "\n")
        sys.exit(1)
