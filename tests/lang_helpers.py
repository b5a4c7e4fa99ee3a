"""What the language tests share: a runner of the command line, a new two-player game with a Hangul name, and a
games folder with no language setting from outside (tests/test_lang_cli.py, tests/test_notation_errors.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

runner = CliRunner()
NEW = ["new", "-p", "anna,민준", "--mode", "basic", "--no-variants", "--order", "anna,민준",
       "--areas", "anna=1,민준=5", "--winter", "6/3,7/4"]


@pytest.fixture
def env(monkeypatch, tmp_path):
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    return tmp_path
