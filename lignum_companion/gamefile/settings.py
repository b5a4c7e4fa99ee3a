"""The environment settings the program reads (LIGNUM_*), each checked in one place so that a bad value is one clear
line (exit 2) before any command runs, never an internal error or a wait without end.

`problem()` looks at every setting (the entry point calls it); the readers below parse one setting where it is used
and raise `SettingError` for a bad value, so a command reached some other way (tests, another client) refuses too.
Only the standard library here: this runs at every start.
"""

from __future__ import annotations

import math
import os

LOCK_WAIT = "LIGNUM_LOCK_WAIT"
LOCK_WAIT_DEFAULT = 10.0
LOCK_WAIT_MAX = 3600.0  # an hour: longer than anyone waits at a table, short of "forever"
FLAGS = ("1", "0", "yes", "no", "true", "false", "on", "off")
ON = ("1", "yes", "true", "on")
SEED_MAX = 200

# name -> what it holds (a key of [setting] in templates/<lang>/gamefile.toml says it in words)
CHOICES = {"LIGNUM_LANG": ("en", "ko"), "LIGNUM_COLOR": ("always", "never", "auto")}
FOLDERS = ("LIGNUM_GAMES_DIR", "LIGNUM_TEXT_CACHE", "LIGNUM_FONT_CACHE")  # the caches also take "off"
FLAG_SETTINGS = ("LIGNUM_DEBUG", "LIGNUM_STRICT_TEXTS")
TEXTS = ("LIGNUM_SEED",)


class SettingError(ValueError):
    """A LIGNUM_* variable holds a value the program cannot use; worded from [setting] when shown."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields

    def __str__(self) -> str:
        try:
            from lignum_companion.texts import catalog as texts

            return texts.text("gamefile", "setting", self.key, **self.fields)
        except Exception:  # noqa: BLE001 - the message of a bad setting must never fail itself
            return f"{self.fields.get('var')}={self.fields.get('value')!r}: {self.key}"


def _shown(value: str) -> str:
    """A value as the message shows it: short, and with control characters made visible."""
    value = value if len(value) <= 40 else value[:40] + "…"
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in value)


def lock_wait() -> float:
    """Seconds a writer waits for another's lock: LIGNUM_LOCK_WAIT, a finite number from 0 to an hour."""
    raw = os.environ.get(LOCK_WAIT, "").strip()
    if not raw:
        return LOCK_WAIT_DEFAULT
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 <= value <= LOCK_WAIT_MAX:
        raise SettingError("seconds", var=LOCK_WAIT, value=_shown(raw), most=f"{LOCK_WAIT_MAX:g}")
    return value


def flag(name: str) -> bool:
    """A yes/no setting (LIGNUM_DEBUG ...): unset, empty, 0, no, false and off are off."""
    raw = os.environ.get(name, "").strip().casefold()
    if raw and raw not in FLAGS:
        raise SettingError("flag", var=name, value=_shown(raw), choices=", ".join(FLAGS))
    return raw in ON


def _check_choice(name: str, choices: tuple[str, ...]) -> None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return
    if name == "LIGNUM_LANG":
        from lignum_companion.texts.catalog import normalise  # 'ko_KR.UTF-8' is Korean, as with --lang

        ok = normalise(raw) is not None
    else:
        ok = raw.casefold() in choices
    if not ok:
        raise SettingError("choice", var=name, value=_shown(raw), choices=", ".join(choices))


def _check_folder(name: str) -> None:
    raw = os.environ.get(name, "")
    if not raw or (raw == "off" and name != "LIGNUM_GAMES_DIR"):
        return
    if not raw.strip() or not raw.isprintable():
        raise SettingError("folder_name", var=name, value=_shown(raw))
    if os.path.lexists(raw) and not os.path.isdir(raw):
        raise SettingError("not_folder", var=name, value=_shown(raw))


def _check_text(name: str) -> None:
    raw = os.environ.get(name, "")
    if len(raw) > SEED_MAX or not raw.isprintable():
        raise SettingError("text", var=name, value=_shown(raw), most=SEED_MAX)


def problem() -> SettingError | None:
    """The first setting that holds a bad value, or None when every one can be used."""
    try:
        lock_wait()
        for name, choices in CHOICES.items():
            _check_choice(name, choices)
        for name in FOLDERS:
            _check_folder(name)
        for name in FLAG_SETTINGS:
            flag(name)
        for name in TEXTS:
            _check_text(name)
    except SettingError as e:
        return e
    return None
