"""Test-wide settings: a text missing from a translation is an error here, not a quiet English fallback.

Every user folder the program could write to is a folder of this test run, set before any test (and any
command a test starts) runs: the games folder, the cache of parsed templates, and the platform's data, cache,
config and state folders (XDG_*, HOME, APPDATA, LOCALAPPDATA), so that no test writes into the real home
folder. The engine's refusals are worded by the package's renderer, as every client does at its start.
"""

import atexit
import os
import shutil
import tempfile

_ROOT = tempfile.mkdtemp(prefix="lignum-tests-home-")
atexit.register(shutil.rmtree, _ROOT, ignore_errors=True)
os.environ.setdefault("LIGNUM_STRICT_TEXTS", "1")
os.environ.setdefault("LIGNUM_TEXT_CACHE", os.path.join(_ROOT, "text-cache"))
os.environ.setdefault("LIGNUM_GAMES_DIR", os.path.join(_ROOT, "games"))
for _var, _sub in (("HOME", "home"), ("XDG_DATA_HOME", "home/.local/share"), ("XDG_CACHE_HOME", "home/.cache"),
                   ("XDG_CONFIG_HOME", "home/.config"), ("XDG_STATE_HOME", "home/.local/state"),
                   ("APPDATA", "home/AppData/Roaming"), ("LOCALAPPDATA", "home/AppData/Local")):
    os.environ[_var] = os.path.join(_ROOT, _sub)
    os.makedirs(os.environ[_var], exist_ok=True)

from lignum_companion.texts import refusals  # noqa: E402 - after the folders are set

refusals.install()


import pytest  # noqa: E402


class Hung(BaseException):
    """Raised by the alarm of `no_hang`: a BaseException, so no `except Exception` on the way can take it for an
    ordinary failure of the code under test."""


@pytest.fixture
def no_hang():
    """A read or a command that would wait on a pipe for ever fails the test instead of hanging CI."""
    import signal

    def hung(*_):
        raise Hung("hung: waited 60 s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
