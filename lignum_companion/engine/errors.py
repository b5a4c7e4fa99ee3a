"""Typed errors of the engine: every refusal says what, whose turn, and which ruling.

Like python-chess: a malformed line is a `NotationError`, a well-formed action that breaks a rule here is an
`IllegalAction`; both are `ValueError`s, and a `GameFileError` reports a bad game file by line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class LignumError(ValueError):
    """Base of every error the engine raises on purpose."""


class NotationError(LignumError):
    """The text is not an action of the notation (docs/notation.md).

    Like a refusal, it is data: a message `key` of the `[notation]` table of templates/<lang>/refusals.toml with
    its `fields` (notation words stay as typed; plain words such as `what` are word keys the client puts into
    words), and `text`, the line that could not be read. `str(e)` is "cannot read TEXT: REASON" in the shown
    language. A plain `message` sentence is still accepted for callers outside the engine (the table's wizard
    passes texts already in the shown language); inside it, tests/test_refusal_keys.py allows none.
    """

    def __init__(self, message: str = "", text: str = "", *, key: str = "",
                 fields: dict[str, Any] | None = None) -> None:
        self.text = text
        self.raw_reason = message
        self.key = key
        self.fields = dict(fields or {})
        super().__init__(key or message)

    @classmethod
    def keyed(cls, key: str, text: str = "", /, **fields: Any) -> NotationError:
        """A notation error as data: `NotationError.keyed("location_range", line, last=20, value="99")`."""
        return cls(text=text, key=key, fields=fields)

    @property
    def shown(self) -> str:
        """The line as echoed: a short piece, not kilobytes."""
        return self.text if len(self.text) <= 80 else self.text[:79] + "…"

    @property
    def reason(self) -> str:
        """The reason alone, in the shown language (without the line that could not be read)."""
        return _render(self, "reason")

    def __str__(self) -> str:
        return _render(self, "full")


class IllegalAction(LignumError):
    """A readable action that the rules refuse now. `rule` is a ruling id like 'R3' (or '' if none).

    A refusal is data: a message `key` of templates/<lang>/refusals.toml with its `fields` (names, numbers, and
    engine words such as step names or piece codes), the ruling id, and where it was tried (`at`: the action's
    text and the game's position). The engine holds no sentence; a client renders it in the shown language
    through the renderer it registers (`set_renderer`). A plain `reason` sentence is still accepted for callers
    outside the engine; inside it, tests/test_refusal_keys.py allows none.
    """

    def __init__(self, reason: str = "", rule: str = "", *, context: str = "", key: str = "",
                 fields: dict[str, Any] | None = None, at: dict[str, Any] | None = None) -> None:
        self.raw_reason = reason
        self.rule = rule
        self.context = context
        self.key = key
        self.fields = dict(fields or {})
        self.at = at
        super().__init__(key or reason)

    @classmethod
    def keyed(cls, key: str, rule: str = "", **fields: Any) -> IllegalAction:
        """A refusal as data: `IllegalAction.keyed("not_your_turn", "R18", name=..., waiting=...)`."""
        return cls(rule=rule, key=key, fields=fields)

    @property
    def reason(self) -> str:
        """The reason alone, in the shown language (without action, position or ruling id)."""
        return _render(self, "reason")

    def __str__(self) -> str:
        return _render(self, "full")

    def with_context(self, context: str = "", at: dict[str, Any] | None = None) -> IllegalAction:
        """The same refusal, with the action and the game's position it was tried in."""
        return IllegalAction(self.raw_reason, self.rule, context=context, key=self.key, fields=self.fields, at=at)


Renderer = Callable[["IllegalAction | NotationError", str], str]
_renderer: list[Renderer] = []


def set_renderer(renderer: Renderer) -> None:
    """Clients register how refusals and notation errors become text (the package: templates/<lang>/refusals.toml)."""
    _renderer[:] = [renderer]


def _render(e: IllegalAction | NotationError, part: str) -> str:
    if _renderer:
        return _renderer[0](e, part)
    reason = e.raw_reason or f"{e.key} {e.fields}"  # no client: the data itself, never a sentence of the engine
    if part == "reason":
        return reason
    if isinstance(e, NotationError):
        return f"{e.shown!r}: {reason}" if e.text else reason
    at = e.at or {}
    context = e.context or at.get("action", "")
    text = f"{context}: {reason}" if context else reason
    return f"{text} ({e.rule})" if e.rule else text


Wording = Callable[[str, dict[str, Any]], str]
_wording: list[Wording] = []


def set_wording(wording: Wording) -> None:
    """Clients register how the engine's other data becomes text: `where` (flow.position) and `waiting`
    (flow.waiting), in the shown language."""
    _wording[:] = [wording]


def word(kind: str, value: dict[str, Any]) -> str:
    """A position or a wait in the client's words; without a client, the data itself (never a sentence)."""
    if _wording:
        return _wording[0](kind, value)
    return f"{kind} {value}"


class GameFileError(LignumError):
    """A game file that cannot be read or replayed, reported as `line N: reason`."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line else reason)
