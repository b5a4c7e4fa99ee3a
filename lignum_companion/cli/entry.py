"""The process entry point of `lignum`: signals, interrupts, broken pipes and bugs each end in one plain line.

It installs the signal handlers (stopping.py) before anything heavy is imported, so Ctrl-C while the program is
still loading is handled like Ctrl-C anywhere else. Game files are only ever written whole and atomically
(system/atomic.py), so stopping never half-writes one.
"""

from __future__ import annotations

import sys

from lignum_companion.cli.stopping import (
    _last_saved,
    _name,
    _quiet_broken_pipe,
    _say,
    _shown,
    _stop,
    caught,
    install,
)


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
