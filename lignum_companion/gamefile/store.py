"""The game file's one face: what the commands, the table and the views use of a game on disk, from the modules
that each do one job (the names are theirs; import from here).

- format.py: the header and the action lines, versioned; parse_text, render, append, drop_last
- replay.py: read a file from disk (regular, size-capped, fingerprinted) and replay it into the state
- lock.py: the OS lock on `.FILE.lock` held for every read-check-write; names that fit beside the game
- save.py: the atomic save with FILE.bak that refuses a file changed since it was read; new games, kept copies
- folder.py: the games folder, the default game (`.last-game`) and the side files (`.games-cache.json`)
- errors.py: `Said`, `BadFile`, `SaveError` and its kinds
- commit.py: the one use case that changes a game (`commit`, `undo`, `note`): lock, read, apply all or nothing,
  save; its `Outcome` is what clients render

What a save records for tests and for the line said when a signal stops a command (`_stage`, `saved`) lives in
save.py and is set there, never through this face.
"""

from __future__ import annotations

from lignum_companion.engine import GameFileError
from lignum_companion.gamefile.commit import Accepted, Outcome, commit, note, undo
from lignum_companion.gamefile.errors import BadFile, FileBusy, FileChanged, Said, SaveError
from lignum_companion.gamefile.folder import (
    CACHE,
    ENV_DIR,
    LAST_GAME,
    SIDE_FILE_BYTES,
    default_name,
    games_dir,
    is_game_file,
    last_game,
    list_games,
    read_side_file,
    remember,
    side_file,
    unique_path,
    write_side_file,
)
from lignum_companion.gamefile.format import (
    BACKUP_SUFFIX,
    FORMAT,
    HEADER_KEYS,
    LANGS,
    MAGIC,
    ORDER_RULES,
    SUFFIX,
    GameFile,
    Line,
    append,
    drop_last,
    format_buildings,
    format_header,
    new_file,
    parse_buildings,
    parse_text,
    render,
)
from lignum_companion.gamefile.lock import LOCK_WAIT, check_name_fits, lock_path, locked, name_limit
from lignum_companion.gamefile.replay import MAX_FILE_BYTES, fingerprint, load, read, replay
from lignum_companion.gamefile.save import STALE_SECONDS, atomic_write, create, keep_copy, save

__all__ = [
    "BACKUP_SUFFIX", "CACHE", "ENV_DIR", "FORMAT", "HEADER_KEYS", "LANGS", "LAST_GAME", "LOCK_WAIT", "MAGIC",
    "MAX_FILE_BYTES", "ORDER_RULES", "SIDE_FILE_BYTES", "STALE_SECONDS", "SUFFIX",
    "Accepted", "BadFile", "FileBusy", "FileChanged", "GameFile", "GameFileError", "Line", "Said", "SaveError",
    "append", "atomic_write", "check_name_fits", "commit", "create", "default_name", "drop_last", "fingerprint",
    "format_buildings", "format_header", "games_dir", "is_game_file", "keep_copy", "last_game", "list_games", "load",
    "lock_path", "locked", "name_limit", "new_file", "note", "Outcome", "parse_buildings", "parse_text", "read",
    "read_side_file", "remember", "render", "replay", "save", "side_file", "undo", "unique_path", "write_side_file",
]
