"""Puts the engine's refusals into words: a message key with its figures, the ruling id and where it was tried.

The engine raises `IllegalAction` and `NotationError` as data (engine/errors.py); this client renders them from
templates/<lang>/refusals.toml in the shown language ([refuse] and [notation]). Fields named after engine words
are put into words here: `step`, `season`, `waiting` (who the game waits for), `piece`/`kind`, `spot` (a mill
area), `location`, `board`, bags of pieces, phrases named by a code (`what`); lists are joined (words.py,
templates/<lang>/words.toml). In a notation error, `what` names what a number or list is ([notation_what]) and
notation the player types (`typed`, `part`, lists of verbs, tokens, parts) is shown as code.
"""

from __future__ import annotations

from typing import Any

from lignum_companion.engine.errors import NotationError
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words


def _words(name: str, value: Any, fields: dict[str, Any] | None = None) -> Any:

    return words.field(name, value, fields)  # steps, seasons, areas, pieces, bags, phrases: words.py


# Fields of a notation error that hold notation the player types: shown as code, in either language.
CODE_FIELDS = frozenset({"typed", "part", "example", "allowed", "tokens", "verbs", "cards", "names", "correctable",
                         "guess", "clearing"})


def _notation_words(name: str, value: Any, fields: dict[str, Any] | None = None) -> Any:
    if name == "what":
        return texts.load("refusals")["notation_what"].get(value, value)
    if name in CODE_FIELDS:
        return ", ".join(f"`{v}`" for v in value) if isinstance(value, (list, tuple)) else f"`{value}`"
    return _words(name, value, fields)


def reason(e: Any) -> str:
    """The refusal's reason alone, in the shown language."""
    if not e.key:
        return e.raw_reason
    notation = isinstance(e, NotationError)
    table = texts.load("refusals")["notation" if notation else "refuse"]
    if e.key not in table:
        return f"{e.key} {e.fields}"
    fields = dict(e.fields)
    if e.key == "where_to_go":  # a place in the shown language's words, the closest to a misspelt one first
        places = [*fields["names"], "clearing"]
        fields["names"] = [w for w, code in words.place_words(places).items() if code != "clearing"]
        fields["clearing"] = next(w for w, code in words.place_words(places).items() if code == "clearing")
        guess = words.close_place(str(fields["typed"]), places)
        if guess:
            return texts.fill(texts.load("refusals")["notation_more"]["where_to_go_guess"], guess=f"`go {guess}`", **{
                k: _notation_words(k, v, fields) for k, v in fields.items()})
    said = _notation_words if notation else _words
    return texts.fill(table[e.key], **{k: said(k, v, fields) for k, v in fields.items()})


def render(e: Any, part: str = "full") -> str:
    """`part` 'reason': the reason alone; 'full': action and position, reason, ruling id (for a notation error:
    the line that could not be read, and the reason)."""
    text = reason(e)
    if part == "reason":
        return text
    frame = texts.load("refusals")["frame"]
    if isinstance(e, NotationError):
        return texts.fill(frame["notation"], text=e.shown, reason=text) if e.text else text
    context = e.context
    if e.at:
        context = texts.fill(frame["context"], action=e.at.get("action", ""), where=words.where_at(e.at["pos"]))
    if context:
        text = texts.fill(frame["with_context"], context=context, reason=text)
    return texts.fill(frame["with_rule"], message=text, rule=e.rule) if e.rule else text


def install() -> None:
    """Make the engine's refusals speak through `render` (engine/errors.set_renderer); idempotent.

    Called once by each client at its start, where the engine is loaded anyway: the command line before any
    command runs (cli.py), the simulator, and the test suite (tests/conftest.py). Importing a module does not
    do it, so what a refusal prints never depends on which modules happen to be loaded.
    """
    from lignum_companion.engine import errors

    errors.set_renderer(render)
    errors.set_wording(word_data)


def word_data(kind: str, value: dict[str, Any]) -> str:
    """The engine's position and wait (flow.position, flow.waiting) in the shown language."""
    return words.where_at(value) if kind == "where" else words.waiting_text(value)
