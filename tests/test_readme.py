"""The README's scripted tour runs as written, so the first thing a new user copies keeps working."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def scripted_tour() -> list[str]:
    """The `lignum ...` lines of the README block that follows 'Or script it'."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"Or script it.*?```sh\n(.*?)```", text, re.S)
    assert block, "the README has a scripted tour"
    lines = [line.split("  #")[0].strip() for line in block.group(1).splitlines()]
    return [line for line in lines if line.startswith("lignum ")]


def test_every_line_of_the_scripted_tour_succeeds(tmp_path):
    env = dict(os.environ, LIGNUM_GAMES_DIR=str(tmp_path), NO_COLOR="1")
    lines = scripted_tour()
    assert len(lines) >= 8
    for line in lines:
        args = shlex.split(line)[1:]
        r = subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                           env=env, timeout=60)
        assert r.returncode == 0, f"{line}: {r.stderr}"
        assert r.stdout.strip(), f"{line} printed nothing"
