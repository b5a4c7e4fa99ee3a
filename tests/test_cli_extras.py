"""What a command line is expected to have (issue 20): `--version`, shell completion of commands, options, game
files and `do`'s players and verbs; and the explicit hooks of cli.py (the refusal renderer, typer's converter)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import lignum_companion
from lignum_companion.texts import catalog as texts

ROOT = Path(__file__).resolve().parents[1]
EXPERT = ROOT / "examples" / "expert-4p.lignum"


SCRIPT = Path(sys.executable).parent / "lignum"  # the console script: shell completion is keyed to its name


def run(*args: str, cwd: Path, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", LIGNUM_GAMES_DIR=str(cwd / "games"))
    env.pop("LIGNUM_LANG", None)
    env.update(env_extra or {})
    cmd = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "lignum_companion"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)


def complete(line: str, cwd: Path, lang: str = "en") -> list[str]:
    """What bash completion offers for the last word of `line` (an empty last word when it ends in a space)."""
    if not SCRIPT.exists():
        pytest.skip("no `lignum` console script beside this interpreter")
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    done = run(env_extra={"COMP_WORDS": line, "COMP_CWORD": str(cword), "_LIGNUM_COMPLETE": "complete_bash",
                          "LIGNUM_LANG": lang}, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a game stopped in the middle of spring, year 1 (after the areas are chosen) and another."""
    lines = EXPERT.read_text(encoding="utf-8").splitlines()
    start = lines.index("start") + 1
    body = [x for x in lines[start:] if x.strip() and not x.startswith("#")]
    (tmp_path / "mid.lignum").write_text("\n".join(lines[:start] + body[:6]) + "\n", encoding="utf-8")
    shutil.copy(ROOT / "examples" / "basic-2p.lignum", tmp_path / "other.lignum")
    (tmp_path / "notes.txt").write_text("not a game", encoding="utf-8")
    (tmp_path / "games").mkdir()
    return tmp_path


def test_version_prints_the_installed_version_and_exits_0(tmp_path: Path) -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert lignum_companion.__version__ == declared
    done = run("--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == f"lignum-companion {declared}\n" and done.stderr == ""
    assert run("--version", "--lang", "ko", cwd=tmp_path).stdout == f"lignum-companion {declared}\n"


def test_completion_offers_commands_and_options(folder: Path) -> None:
    assert complete("lignum sh", folder) == ["show"]
    assert {"new", "do", "next", "score", "rules", "calc"} <= set(complete("lignum ", folder))
    assert {"--player", "--json", "--lang", "--help"} <= set(complete("lignum show --", folder))
    assert "--version" in complete("lignum --", folder)


def test_completion_offers_game_files_and_not_other_files(folder: Path) -> None:
    assert complete("lignum show ", folder) == ["games/", "mid.lignum", "other.lignum"]  # folders to go into
    assert complete("lignum score o", folder) == ["other.lignum"]
    assert complete("lignum do --file m", folder) == ["mid.lignum"]


def test_completion_in_do_offers_the_players_then_the_verbs_allowed_now(folder: Path) -> None:
    from lignum_companion.engine import legal_actions
    from lignum_companion.gamefile import store as gamefile

    gf, g = gamefile.load(folder / "mid.lignum")
    names = [p.name for p in g.players]
    offered = complete("lignum do mid.lignum ", folder)
    assert names == offered[:len(names)] and "path" in offered  # players, then the table's entries
    assert complete(f"lignum do mid.lignum {names[0][:2]}", folder) == [names[0]]
    mover = next(a.player for a in legal_actions(g) if a.player)
    allowed = sorted({a.verb for a in legal_actions(g) if a.player == mover})
    assert complete(f"lignum do mid.lignum {mover} ", folder) == allowed
    assert complete("lignum do nosuchgame.lignum anna ", folder) == []  # an unreadable game: nothing, no error


def test_cli_callback_installs_the_refusal_renderer_before_any_command(tmp_path: Path) -> None:
    """No module registers the renderer by being imported: a fresh process that only reads a game gets the
    refusal as data; the command line words it (the callback calls refusals.install)."""
    code = ("from lignum_companion.gamefile import store as gamefile\n"
            "from lignum_companion.engine import IllegalAction, parse, apply\n"
            f"gf, g = gamefile.load({str(EXPERT)!r})\n"
            "try:\n    apply(g, parse('nicole go 1'))\nexcept IllegalAction as e:\n    print(e.key, '|', str(e))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    key, _, shown = out.strip().partition(" | ")
    assert key and f"{key} {{" in shown, out  # the data itself (key and fields), never a sentence of the engine
    game = tmp_path / "expert.lignum"  # a copy: `do` takes the game's lock beside the file
    shutil.copy(EXPERT, game)
    done = run("do", str(game), "nicole go 1", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("refused:") and key not in done.stderr.split()


def test_typer_converter_hook_is_in_place_and_commands_run_without_pydantic(tmp_path: Path) -> None:
    """cli/typer_plain.py builds plain converters through typer 0.29's `_TyperParameter.get_runtime_param`; if typer
    changed, the hook would quietly step aside and every command would pay for pydantic again."""
    from typer import core

    import lignum_companion.cli.app  # noqa: F401 - installs the hook

    assert core._TyperParameter.get_runtime_param.__module__ == "lignum_companion.cli.typer_plain"
    code = (f"import sys; sys.argv = ['lignum', 'show', {str(EXPERT)!r}]\nfrom lignum_companion.cli.entry import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('pydantic' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr


def test_the_text_cache_folder_is_the_one_platformdirs_names(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """texts.cache_folder works the user cache folder out by hand (importing platformdirs costs more than the
    cache saves); it must be the folder platformdirs gives, with or without XDG_CACHE_HOME."""
    if sys.platform not in ("linux", "darwin"):
        pytest.skip("checked where the tests run")
    from platformdirs import user_cache_dir

    monkeypatch.delenv("LIGNUM_TEXT_CACHE", raising=False)
    for xdg in (str(tmp_path / "xdg"), None, "relative/ignored"):
        if xdg is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", xdg)
        folder = texts.cache_folder()
        assert folder is not None and folder.parent == Path(user_cache_dir("lignum-companion", appauthor=False))
    monkeypatch.setenv("LIGNUM_TEXT_CACHE", "off")
    assert texts.cache_folder() is None


def test_the_suite_uses_no_real_user_folder() -> None:
    """tests/conftest.py points every user folder the program could write to (games, caches, data, config) into
    a folder of this test run, so no test leaves anything in the real home folder."""
    import pwd
    import tempfile

    from platformdirs import user_cache_dir, user_config_dir, user_data_dir

    from lignum_companion.gamefile import store as gamefile

    real_home = pwd.getpwuid(os.getuid()).pw_dir
    scratch = os.path.realpath(tempfile.gettempdir())
    folders = [Path.home(), Path(user_cache_dir("lignum-companion", appauthor=False)),
               Path(user_data_dir("lignum-companion", appauthor=False)),
               Path(user_config_dir("lignum-companion", appauthor=False)), gamefile.games_dir(),
               Path(os.environ["LIGNUM_TEXT_CACHE"])]
    for folder in folders:
        where = os.path.realpath(folder)
        assert where.startswith(scratch + os.sep) and not where.startswith(real_home + os.sep), folder
