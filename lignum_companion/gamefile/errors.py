"""The game file's messages and errors: `Said` (a key of templates/<lang>/gamefile.toml with its fields), `BadFile`
(a file that cannot be read or replayed) and `SaveError` with its kinds (a save that did not happen).

Every message is a key with its fields, put into words only when it is shown, so a file that names its language
(`lang ko`) can be refused in it: the header's language is known once the header is read, and an error found after
that carries it (`BadFile.lang`); `--lang` and LIGNUM_LANG still win, and an error in the header itself is said in
the language chosen before (the locale's, by default).
"""

from __future__ import annotations

from lignum_companion.engine import GameFileError, LignumError


class Said:
    """A message of templates/<lang>/gamefile.toml ('read.no_file') with its fields, worded when shown.

    Fields may be other `Said`s or exceptions: they too are put into words only then, in the language shown then.
    """

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields = fields

    def __str__(self) -> str:
        from lignum_companion.texts import catalog as texts

        return texts.text("gamefile", *self.key.split("."), **self.fields)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.fields!r})"


class BadFile(GameFileError):
    """A `GameFileError` whose reason is a `Said`; `lang` is the file's own language when its header was read."""

    def __init__(self, line: int, key: str, /, **fields: object) -> None:
        LignumError.__init__(self, key)
        self.line = line
        self.said = Said(key, **fields)
        self.lang: str | None = None

    @property
    def reason(self) -> str:  # type: ignore[override]
        return str(self.said)

    def __str__(self) -> str:
        if not self.line:
            return self.reason
        from lignum_companion.texts import catalog as texts

        return texts.text("gamefile", "frame", "line", line=self.line, reason=self.said)

    def __reduce__(self) -> tuple:  # pickled by the worker processes of `lignum stats`
        return _bad_file, (self.line, self.said.key, self.said.fields, self.lang)


def _bad_file(line: int, key: str, fields: dict, lang: str | None) -> BadFile:
    e = BadFile(line, key, **fields)
    e.lang = lang
    return e


class SaveError(OSError):
    """A save that did not happen, with a one-line reason (a key of [save] in templates/<lang>/gamefile.toml); the
    game file is as it was (an OSError, so callers that already handle a failed write handle these too)."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(key)
        self.said = Said(f"save.{key}", **fields)

    def __str__(self) -> str:
        return str(self.said)


class FileBusy(SaveError):
    """Another lignum command held the game file's lock for longer than we wait."""


class FileChanged(SaveError):
    """The file on disk is no longer the one that was read (a second terminal or a hand edit)."""

