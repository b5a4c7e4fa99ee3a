"""Puts the engine's refusals into words: a message key with its figures, the ruling id and where it was tried.

The engine raises `IllegalAction` as data (engine/errors.py); this client renders it from
templates/<lang>/refusals.toml in the shown language. Fields named after engine words are put into words here:
`step`, `season`, `waiting` (who the game waits for), `piece`/`kind`, `spot` (a mill area), bags of pieces,
phrases named by a code (`what`); lists are joined (words.py, templates/<lang>/words.toml).
"""

from __future__ import annotations

from typing import Any

from . import texts


def _words(name: str, value: Any, fields: dict[str, Any] | None = None) -> Any:
    from . import words

    return words.field(name, value, fields)  # steps, seasons, areas, pieces, bags, phrases: words.py


def reason(e: Any) -> str:
    """The refusal's reason alone, in the shown language."""
    if not e.key:
        return e.raw_reason
    table = texts.load("refusals")["refuse"]
    if e.key not in table:
        return f"{e.key} {e.fields}"
    return texts.fill(table[e.key], **{k: _words(k, v, e.fields) for k, v in e.fields.items()})


def render(e: Any, part: str = "full") -> str:
    """`part` 'reason': the reason alone; 'full': action and position, reason, ruling id."""
    from . import views

    text = reason(e)
    if part == "reason":
        return text
    frame = texts.load("refusals")["frame"]
    context = e.context
    if e.at:
        context = texts.fill(frame["context"], action=e.at.get("action", ""), where=views.where_at(e.at["pos"]))
    if context:
        text = texts.fill(frame["with_context"], context=context, reason=text)
    return texts.fill(frame["with_rule"], message=text, rule=e.rule) if e.rule else text
