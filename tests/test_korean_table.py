"""The table mode in Korean: the wizard and a round at a real terminal (pexpect), a whole piped game per language.

The notation and the log do not change with the language: the same answers give the same game file in English and
in Korean, and a game can be switched mid-way (`--lang`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from lignum_companion.texts import catalog as texts

sys.path.insert(0, str(Path(__file__).parent))
from play_helpers import (  # noqa: E402
    PATH_2P,
    ROUND_1,
    WHOLE_GAME,
    WHOLE_GAME_ACTIONS,
    WHOLE_GAME_TOTALS,
    actions,
    answer,
    ask,
    run,
    spawn,
    totals,
    transcript,
)

pexpect = pytest.importorskip("pexpect")
KO = texts.load("play", "ko")["text"]
NEW = ["new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
       "--winter", "4/2,5/3"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_whole_piped_game_gives_the_same_log_and_totals_in_each_language(tmp_path, lang):
    path = tmp_path / f"{lang}.lignum"
    made = run(*NEW, "--lang", lang, "--file", str(path), tmp=tmp_path)
    assert made.returncode == 0, made.stderr
    assert f"lang {lang}" in path.read_text(encoding="utf-8").splitlines()
    r = run("play", str(path), tmp=tmp_path, stdin=WHOLE_GAME, LANG="C.UTF-8")  # the file's language wins
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    assert len(actions(path)) == WHOLE_GAME_ACTIONS
    assert totals(path, tmp_path) == WHOLE_GAME_TOTALS
    if lang == "ko":
        assert KO["game_over"] in r.stdout and texts.fill(KO["winner"], names="ben") in r.stdout
        assert "거부됨" not in r.stdout and "Refused" not in r.stdout
        assert "=== 2년차 겨울 (라운드 8/8) ===" in r.stdout
    else:
        assert "=== The game is over: final scores ===" in r.stdout and "Winner: ben" in r.stdout


def test_a_game_switches_language_mid_way_and_keeps_its_log(tmp_path):
    path = tmp_path / "switch.lignum"
    assert run(*NEW, "--lang", "ko", "--file", str(path), tmp=tmp_path).returncode == 0
    half = "\n".join(WHOLE_GAME.splitlines()[:40]) + "\nquit\n"
    first = run("play", str(path), tmp=tmp_path, stdin=half)
    assert first.returncode == 0 and KO["stopped_quit"] in first.stdout
    rest = "\n".join(WHOLE_GAME.splitlines()[40:]) + "\n"
    second = run("play", str(path), "--lang", "en", tmp=tmp_path, stdin=rest)
    assert second.returncode == 0, second.stdout[-2000:]
    assert "Resuming after" in second.stdout and "Winner: ben" in second.stdout
    assert totals(path, tmp_path) == WHOLE_GAME_TOTALS


def test_the_korean_wizard_and_one_round_at_a_terminal(tmp_path):
    path = tmp_path / "ko.lignum"
    child = spawn(tmp_path, "new", "--file", str(path), "--lang", "ko")
    ask(child, KO["ask_players"], "anna ben")
    child.expect(re.escape(KO["ask_mode"]))
    child.send("\r")                       # 기본 게임 (the default)
    child.expect(re.escape(KO["ask_variants"]))
    child.send("\r")
    child.expect(re.escape(KO["ask_order"]))
    child.send("\x1b[B")                   # arrow down: as entered
    child.send("\r")
    ask(child, texts.fill(KO["ask_areas"], names="anna ben"), "1 5")
    ask(child, texts.fill(KO["ask_winter"], year=1), "4/2")
    ask(child, texts.fill(KO["ask_winter"], year=2), "5/3")
    child.expect(re.escape(KO["ask_expansion"]))
    child.send("\r")                       # no expansion (the default; R23)
    child.expect(re.escape(KO["ask_warnings"].partition("{")[0]))  # its examples follow the mode
    child.send("\r")
    child.expect(re.escape(KO["ask_name"]))
    child.sendline("금요일 게임")
    child.expect(re.escape(texts.fill(KO["ask_colours"], names="anna ben") + " [빨강 파랑]"))  # not [red blue]
    child.sendline("")
    child.expect(re.escape(KO["wizard_confirm"]))
    child.send("\r")
    child.expect(pexpect.EOF)
    child.close()
    out = transcript(child)
    assert child.exitstatus == 0, out[-2000:]
    assert KO["summary_title"] in out and "새 게임을 저장했습니다" in out
    assert "아니오" in out  # a yes/no question is a choice of 예 / 아니오 (no y/n keys on a Hangul keyboard)
    hinted = [line.strip() for line in out.splitlines() if "(화살표 키, Enter)" in line]
    assert hinted and all(texts.display_width(line) <= 80 and re.match(r"\? +\S+.*\? \(화살표", line)
                          for line in hinted), hinted  # a question and its hint, one line (issue 32 §1)
    assert any(KO["ask_warnings"].split("\n")[-1] + " (화살표 키, Enter)" in line for line in hinted), hinted
    header = path.read_text(encoding="utf-8").splitlines()
    assert {"players anna ben", "areas anna=1 ben=5", "winter 4/2 5/3", "lang ko", "name 금요일 게임"} <= set(header)

    child = spawn(tmp_path, "play", str(path))  # the game's `lang ko` chooses Korean
    for label, text in ROUND_1:
        answer(child, "경로 [1]" if label == "path [1]" else label, text)  # the path's prompt in Korean
    answer(child, "경로 [1]", "quit")
    child.expect(pexpect.EOF)
    child.close()
    out = transcript(child)
    assert child.exitstatus == 0, out[-2000:]
    flat = " ".join(out.split())
    assert "=== 1년차 봄 (라운드 1/8) ===" in flat and "=== 1년차 여름 (라운드 2/8) ===" in flat
    assert "리그넘 테이블 모드" in flat and KO["stopped_quit"] in flat
    assert actions(path)[:1] == ["path " + PATH_2P] and len(actions(path)) == 17  # the notation stays ASCII
    assert "저장: 놓은 대로의 공급 경로 (`path " + PATH_2P + "`)" in flat and "ok:" not in flat  # words first


def _sh_block(path: Path, after: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    block = re.search(re.escape(after) + r".*?```sh\n(.*?)```", text, re.S)
    assert block, f"{path.name} has a block after {after!r}"
    return [line.split("  #")[0].strip() for line in block.group(1).splitlines() if line.strip()]


@pytest.mark.parametrize("readme,after", [("README.md", "### Language"), ("README.ko.md", "## 써 보기")])
def test_the_language_blocks_of_the_readmes_run_as_written(tmp_path, readme, after):
    import os
    import shlex
    import subprocess

    env = dict(os.environ, LIGNUM_GAMES_DIR=str(tmp_path), NO_COLOR="1", LIGNUM_FONT_CACHE=str(tmp_path / "f"))
    env.pop("LIGNUM_LANG", None)
    for line in _sh_block(Path(__file__).resolve().parents[1] / readme, after):
        words = shlex.split(line)
        extra = {}
        while "=" in words[0]:
            k, _, v = words.pop(0).partition("=")
            extra[k] = v
        assert words[0] == "lignum", line
        r = subprocess.run([sys.executable, "-m", "lignum_companion", *words[1:]], capture_output=True, text=True,
                           env={**env, **extra}, timeout=120, cwd=tmp_path)
        assert r.returncode == 0, f"{line}: {r.stderr}"
        assert r.stdout.strip(), f"{line} printed nothing"
        if words[1:2] == ["next"] and readme == "README.md":
            assert "기다리는 사람" in r.stdout
        if "rules" in words and "cannot" in words:
            assert r.stdout.startswith("겨울 5단계: 음식 섭취")


def test_the_wizard_asks_the_language_at_a_terminal_and_the_header_keeps_it(tmp_path):
    """Without --lang or LIGNUM_LANG the wizard's first question is the language; the rest follows the answer."""
    path = tmp_path / "asked.lignum"
    en = texts.load("play", "en")["text"]
    child = spawn(tmp_path, "new", "--file", str(path))  # LANG=C.UTF-8: English is the default answer
    child.expect(re.escape(en["ask_language"]))
    child.send("\x1b[B")                   # arrow down: 한국어
    child.send("\r")
    ask(child, KO["ask_players"], "anna ben")
    child.expect(re.escape(KO["ask_mode"]))
    child.sendcontrol("c")                  # cancelled: nothing is written
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and not path.exists()
    assert KO["wizard_intro"][:10] in transcript(child)


def test_the_wizard_does_not_ask_the_language_when_it_was_chosen(tmp_path):
    path = tmp_path / "told.lignum"
    child = spawn(tmp_path, "new", "--file", str(path), "--lang", "ko")
    ask(child, KO["ask_players"], "anna ben")
    child.expect(re.escape(KO["ask_mode"]))
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert texts.load("play", "en")["text"]["ask_language"] not in transcript(child)
    assert KO["ask_language"] not in transcript(child)
