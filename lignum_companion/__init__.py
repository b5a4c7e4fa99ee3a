"""Lignum Companion: a rules referee and bookkeeper for tables playing the board game Lignum."""

__version__ = "0.1.0"  # the same as pyproject.toml's (tests/test_cli_extras.py checks it)
