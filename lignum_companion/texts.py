"""Loads the texts shown to people from templates/ (TOML), so they can be reworded or translated."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).with_name("templates")


@cache
def load(name: str) -> dict[str, Any]:
    """A template file by name (without .toml)."""
    with open(TEMPLATES / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, **fields: Any) -> str:
    """Format a template, leaving unknown fields visible rather than failing."""
    return text.format_map(_Blank(fields))
