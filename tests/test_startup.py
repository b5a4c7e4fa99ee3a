"""What keeps `lignum` quick to start (benchmarks/bench_cli.py has the timings; these tests check the causes only)."""

from __future__ import annotations

import typer

from lignum_companion.cli.app import app


def _callbacks(group=None):
    group = group or typer.main.get_command(app)
    for cmd in getattr(group, "commands", {}).values():
        yield from _callbacks(cmd)
        if cmd.callback is not None:
            yield cmd.name, cmd.callback


def test_typer_gets_real_annotations_not_strings_to_evaluate() -> None:
    """typer looks up every command's parameter types when it builds the command tree (on every run, --help
    included). Annotations kept as strings (`from __future__ import annotations` in a cli module) must be
    compiled and evaluated there: the first build took 5.7 ms instead of 3.3 ms, a fifth of the --help budget."""
    strings = sorted(f"{name}: {param}" for name, callback in _callbacks()
                     for param, hint in getattr(callback, "__annotations__", {}).items() if isinstance(hint, str))
    assert strings == [], "remove `from __future__ import annotations` from the module of these commands"
    assert len(list(_callbacks())) >= 15  # the whole tree was walked


def test_the_servers_libraries_stay_out_of_every_other_commands_start_up() -> None:
    """`lignum serve` needs Starlette, uvicorn, sse-starlette, segno and anyio; no other command imports them
    (issue 30), nor its own package. Checked in a fresh interpreter that builds the command tree and runs
    `lignum --help`, `lignum rules R11` and `lignum calc sale 3F`."""
    import os
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from lignum_companion.cli.app import app\n"
        "r = CliRunner()\n"
        "for args in (['--help'], ['rules', 'R11'], ['serve', '--help']):\n"
        "    assert r.invoke(app, args).exit_code == 0, args\n"
        "heavy = ('starlette', 'uvicorn', 'sse_starlette', 'segno', 'anyio', 'httpx', 'h11',\n"
        "         'lignum_companion.serve')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m.startswith(heavy)))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
