"""CLI commands that need no game file: the rules lookup (`lignum rules`) and the calculators (`lignum calc`)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach `rules` and `calc` to the main app (filled in by the rules-lookup and calculator work)."""
