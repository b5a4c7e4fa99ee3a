"""Typed errors of the engine: every refusal says what, whose turn, and which ruling.

Like python-chess: a malformed line is a `NotationError`, a well-formed action that breaks a rule here is an
`IllegalAction`; both are `ValueError`s, and a `GameFileError` reports a bad game file by line.
"""

from __future__ import annotations


class LignumError(ValueError):
    """Base of every error the engine raises on purpose."""


class NotationError(LignumError):
    """The text is not an action of the notation (docs/notation.md)."""

    def __init__(self, message: str, text: str = "") -> None:
        self.text = text
        self.reason = message
        shown = text if len(text) <= 80 else text[:79] + "…"  # a refusal echoes a short piece, not kilobytes
        super().__init__(f"cannot read {shown!r}: {message}" if text else message)


class IllegalAction(LignumError):
    """A readable action that the rules refuse now. `rule` is a ruling id like 'R3' (or '' if none)."""

    def __init__(self, reason: str, rule: str = "", *, context: str = "") -> None:
        self.reason = reason
        self.rule = rule
        self.context = context
        super().__init__(self._text())

    def _text(self) -> str:
        text = f"{self.context}: {self.reason}" if self.context else self.reason
        return f"{text} ({self.rule})" if self.rule else text

    def with_context(self, context: str) -> IllegalAction:
        """The same refusal, prefixed with the action, player and phase it was tried in."""
        return IllegalAction(self.reason, self.rule, context=context)


class GameFileError(LignumError):
    """A game file that cannot be read or replayed, reported as `line N: reason`."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line else reason)
