"""Small pieces every part of the table mode uses: its texts, seeded draws, and short word helpers."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from lignum_companion.texts import catalog as texts

from ..engine import NotationError
from ..engine.actions import Action
from ..engine.names import neutralise

COMMANDS = ("undo", "status", "rules", "help", "quit")
SAME_COMMANDS = {"show": "status"}  # `lignum show`'s word at a prompt: every mill at a glance, as `status`
SEED_ENV = "LIGNUM_SEED"  # fixes "shuffle for me" and "pick at random" (reproducible demos and tests)


def tpl(key: str, /, **fields: Any) -> str:
    """A text of templates/<lang>/play.toml, filled with this game's values (any field name, `key` too).

    Values are shown safe: control characters of a file name or a message become `\\uXXXX` (engine/names.py),
    so a game file called `\\x1b]0;...` cannot drive the terminal, and a file name stays on one line."""
    return texts.fill(texts.load("play")["text"][key], **{k: safe(v) for k, v in fields.items()})


def safe(value: Any) -> Any:
    """A value as it may be shown: paths with every control character escaped (newlines too), text without
    control characters (its newlines and tabs kept); numbers and other values as they are."""
    if isinstance(value, os.PathLike):
        return neutralise(os.fspath(value)).replace("\n", "\\u000a").replace("\t", "\\u0009")
    if isinstance(value, str):
        return neutralise(value)
    return value


def screen(key: str, **fields: Any) -> str:
    """A text of templates/<lang>/screen.toml (the calm screen of issue 21: moves on the board, the toolbar)."""
    return texts.fill(texts.load("screen")["text"][key], **fields)


def counted(key: str, n: int, /, **fields: Any) -> str:
    """A text of play.toml with a count, in the form the count asks (texts.counted: `<key>_one`, `<key>_many`)."""
    return texts.fill(texts.counted(texts.load("play")["text"], key, n), **{k: safe(v) for k, v in
                                                                           {"n": n, **fields}.items()})


def seed_from_env() -> str | None:
    """LIGNUM_SEED, when set: random draws repeat (tests and demos)."""
    return os.environ.get(SEED_ENV) or None


def make_rng(*salt: object) -> random.Random:
    """Random draws for the wizard; repeatable under LIGNUM_SEED. (Path shuffles salt the seed with the number
    of saved actions, so a resumed game draws what the uninterrupted one would have drawn.)"""
    seed = seed_from_env()
    return random.Random(":".join(map(str, (seed,) + salt))) if seed else random.Random()


TOKEN_NOTES = ("wagon", "raft", "saw", "sledge", "coin", "food", "stake", "board", "shingle", "reed", "joker")


def first_word(raw: str) -> str:
    """The first word of an answer; an empty answer where words are needed is refused with a reason."""
    words = raw.split()
    if not words:
        raise NotationError(tpl("empty_answer"))
    return words[0]


def short(a: Action) -> str:
    """The notation without the player's name (the prompt already says whose turn it is)."""
    if a.player and a.text.startswith(a.player + " "):
        return a.text[len(a.player) + 1:]
    return a.text


def dollars(n: int, sign: bool = False) -> str:
    """The one money format of every client (views.money): `-$25`, `+$4`, `-` for nothing."""
    from lignum_companion.views.game import money

    return money(n, sign)


def quote(path: Path) -> str:
    """A path as the user would type it again after a command (`lignum play "my game.lignum"`), shown safe."""
    text = safe(path)
    return f'"{text}"' if " " in text else text

