"""Shell completion of `lignum` (typer's): game files, and in `do` the players' names and the verbs they may use.

typer completes commands and options by itself (`lignum --install-completion` sets it up for bash, zsh, fish or
PowerShell); the functions here are the `autocompletion=` of the parameters that name a game or an action. They
run on every TAB, so they read only what they need and never fail: a file that cannot be read completes
nothing rather than printing a traceback into the shell.
"""

import os
from pathlib import Path

import typer


def _files_like(incomplete: str) -> list[str]:
    """`*.lignum` files (and folders, to go into) that start with what is typed, here and in the games folder."""
    from lignum_companion.gamefile import store as gamefile

    head, _, stem = incomplete.rpartition(os.sep)
    folder = Path(head or ".").expanduser()
    out: list[str] = []
    try:
        for entry in sorted(folder.iterdir()):
            if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem.startswith(".")):
                continue
            shown = (head + os.sep if head else "") + entry.name
            if entry.is_dir():
                out.append(shown + os.sep)
            elif entry.name.endswith(gamefile.SUFFIX):
                out.append(shown)
    except OSError:
        pass
    if not head:  # a bare name may also be a game of the games folder, which the commands find by name
        try:
            out += sorted(p.name for p in gamefile.games_dir().glob(f"{stem}*{gamefile.SUFFIX}")
                          if p.name not in out)
        except OSError:
            pass
    return out


def game_files(incomplete: str) -> list[str]:
    """Completion of a FILE argument or `--file`."""
    return _files_like(incomplete)


def _game_of(ctx: typer.Context, words: list[str]):
    """The game a `do` line is for: --file, else its first word if it is a game file, else the last game."""
    from lignum_companion.gamefile import store as gamefile

    given = ctx.params.get("file") or (words[0] if words and words[0].endswith(gamefile.SUFFIX) else None)
    path = Path(given) if given else gamefile.last_game()
    if path is None:
        return None
    try:
        gf = gamefile.read(path)
        return gamefile.replay(gf)
    except Exception:  # noqa: BLE001 - a damaged or missing file: nothing to offer, never a traceback
        return None


def _note(key: str) -> str:
    from lignum_companion.texts import catalog as texts

    return texts.text("cli", "complete", key)


def action_words(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Completion of `do`'s words: a game file first, then a player's name, then a verb that player may use
    now (from the engine's legal actions; every verb of the notation when the engine offers none)."""
    from lignum_companion.engine import legal_actions
    from lignum_companion.engine.actions import PLAYER_VERBS, TABLE_VERBS
    from lignum_companion.gamefile import store as gamefile

    words = [str(w) for w in (ctx.params.get("args") or ())]
    if ctx.params.get("file") is None and words and words[0].endswith(gamefile.SUFFIX):
        lead, words = words[:1], words[1:]
    else:
        lead = []
    out: list[tuple[str, str]] = []
    if not lead and not words and ctx.params.get("file") is None:
        out += [(f, _note("file")) for f in _files_like(incomplete) if incomplete or f.endswith(gamefile.SUFFIX)]
    g = _game_of(ctx, lead)
    if g is None:
        return out
    names = [p.name for p in g.players]
    if not words:
        out += [(n, _note("player")) for n in names if n.casefold().startswith(incomplete.casefold())]
        out += [(v, _note("table")) for v in TABLE_VERBS if v.startswith(incomplete)]
        return out
    if len(words) == 1:
        who = next((n for n in names if n.casefold() == words[0].casefold()), None)
        if who is None:
            return out
        try:
            legal = sorted({a.verb for a in legal_actions(g) if a.player == who})
        except Exception:  # noqa: BLE001 - completion never fails the shell
            legal = []
        verbs = legal or list(PLAYER_VERBS)
        out += [(v, _note("allowed" if legal else "verb")) for v in verbs if v.startswith(incomplete)]
    return out
