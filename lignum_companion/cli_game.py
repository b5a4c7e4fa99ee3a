"""CLI commands about a game file: new, do, next, show, log, undo, check, score, games."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the game commands to the main app."""
