"""What the table-mode tests share: the whole-game script a table types, running `lignum` as a table would (piped,
in a pseudo-terminal, or a session in this process), and reading a game's lines back. Test modules import these
from here, never from one another (tests/test_layout.py checks).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from helpers import Script

from lignum_companion import table
from lignum_companion.gamefile import store as gamefile
from lignum_companion.table import Console
from lignum_companion.table.session import Session

NEW = ["new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
       "--winter", "4/2,5/3"]
PATH_2P = "wagon raft saw food coin stake sledge food X raft X board joker"

# A whole 2-player basic game; LIGNUM_SEED=2 fixes the "shuffle for me" draws. Empty lines take the default.
# Made by the keystroke benchmark's scripted table: python benchmarks/bench_keystrokes.py --players 2 --seed 2 --script
WHOLE_GAME = """\
# --- spring year 1

stake stake stake
go 4 2
go 4 2
go 5
go 9
go 10 3
go 10 3
go 16
go clearing
go clearing




1
1
# --- summer year 1

board shingle shingle
1:2food
5 6
go 4 1
go 4 2
go 5
go 9
go 10 1
go 10 2
go 16
go clearing
go clearing








# --- fall year 1

reed joker shingle
3:2food 1:2F
3 4
go 4 2
go 4 2
go 9
go 5
go 10 2
go 10 2
go 16
go clearing
go 19 buy:2food
go clearing




1
1
# --- winter year 1




# --- spring year 2

reed joker board
2:F+S
1 2
go 4 2
go 4 1
go 7
go 5
go 10 2
go 10 1
go 16
go clearing
go clearing




1
1
# --- summer year 2

board joker joker
6:2food 2:2food
4 4
go 4 1
go 4 1
go 9
go 7
go 10 1
go 10 1
go 16
go clearing
go clearing





1
1
# --- fall year 2

joker shingle shingle
4:F+S 6:F+food
4 6
go 4 2
go 4 2
go 5
go 7
go 10 2
go 10 2
go 16
go 19 buy:2food
go 19 buy:2food
go clearing
go clearing




1
1
# --- winter year 2




# --- final sale
n
"""
WHOLE_GAME_ACTIONS = 125
WHOLE_GAME_TOTALS = {"anna": 1, "ben": 2}


def run(*args: str, tmp: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1", "LIGNUM_SEED": "2", **env}
    return subprocess.run([sys.executable, "-m", "lignum_companion", *args], capture_output=True, text=True,
                          env=full, input=stdin, timeout=120)


def new_game(tmp: Path, *extra: str, name: str = "g.lignum") -> Path:
    path = tmp / name
    r = run(*(extra or NEW), "--file", str(path), tmp=tmp)
    assert r.returncode == 0, r.stderr
    return path


def actions(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    body = lines[lines.index("start") + 1:]
    return [x for x in body if x.strip() and not x.startswith("#")]


def flat(text: str) -> str:
    """The output with its line breaks undone (messages wrap at 80 columns)."""
    return " ".join(text.split())


def totals(path: Path, tmp: Path) -> dict[str, int]:
    r = run("score", str(path), "--json", tmp=tmp)
    assert r.returncode == 0, r.stderr
    return {p["name"]: p["total"] for p in json.loads(r.stdout)["players"]}


# Colour in SGR codes (30-37, 38;..., 40-47, 90-97); NO_COLOR leaves only bold and reset.
COLOUR = re.compile(r"\x1b\[(?:\d+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]")
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(tmp: Path, *args: str):
    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp / "games"), "NO_COLOR": "1", "TERM": "xterm-256color",
           "PROMPT_TOOLKIT_NO_CPR": "1", "LIGNUM_SEED": "4", "LANG": "C.UTF-8"}
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "lignum_companion", *args], env=env, encoding="utf-8",
                          dimensions=(50, 80), timeout=20)
    child.logfile_read = io.StringIO()
    return child


def prompt(label: str, mark: str = ">") -> str:
    """A prompt as the terminal shows it: its label, then `>` in play (escape codes may sit between words)."""
    return re.escape(label).replace(r"\ ", r"(?:\x1b\[[0-9;?]*[A-Za-z])*\s*") + mark


def answer(child, label: str, text: str, mark: str = ">") -> None:
    """Wait for the prompt, answer, and wait until the prompt has taken the answer (bracketed paste off)."""
    child.expect(prompt(label, mark))
    child.sendline(text)
    child.expect_exact("\x1b[?2004l")


def ask(child, label: str, text: str) -> None:
    """A text question of the wizard (no `>`)."""
    answer(child, label, text, "")


def transcript(child) -> str:
    return ESCAPES.sub("", child.logfile_read.getvalue())


ROUND_1 = [
    ("path [1]", PATH_2P),
    ("anna", "4"),             # location 4 with the suggested 2 bearers (keys on the path are locations)
    ("ben", "3"),              # the saw on location 3
    ("anna", "10 2"),          # woodcutters, 2 instead of the suggested 3
    ("ben", "4"),              # bearers
    ("anna", "12"),            # food on 12
    ("ben", "10 2"),
    ("anna", "go clearing"),   # typed in the notation
    ("ben", "go 16"),
    ("ben", "go clearing"),
    ("anna [1]", ""), ("ben [1]", ""),    # cutting: as much as the workers can
    ("anna [1]", ""), ("ben [1]", ""),    # transport: bearers carry to the sale area
    ("anna [3]", "1"), ("ben [3]", ""),   # selling: anna sells everything, ben keeps his wood
    ("ben [1]", ""),                      # drying: move the firewood on
]


def session(tmp: Path, script: Script, answers: list[str]) -> tuple[str, list[str]]:
    path = script.write(tmp / "flow.lignum")
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    table.play(path, con=con, seed="1")
    lines = path.read_text(encoding="utf-8").splitlines()
    done = [x for x in lines[lines.index("start") + 1:] if x.strip() and not x.startswith("#")]
    return re.sub(r"\s+", " ", out.getvalue()), done


def run_session(path: Path, answers: list[str], seed: str = "1") -> tuple[int, str]:
    """Play the game file with these plain answers in this process: the exit code and the output."""
    out = io.StringIO()
    con = Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    gf, g = gamefile.load(path)
    return Session(path, gf, g, con, seed).main(), out.getvalue()
