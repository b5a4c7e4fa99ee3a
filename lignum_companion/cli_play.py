"""CLI command `lignum play`: the interactive table mode (filled in by the interactive-mode work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach `play` to the main app."""
