"""Under Korean, what the command line itself prints is Korean: bad game files (by line), saves that did not
happen, the lock, the last line after a signal, the `games` list and the `rules` help; English stays English."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from lignum_companion.cli import stopping
from lignum_companion.cli.app import app
from lignum_companion.gamefile import store as gamefile
from lignum_companion.texts import catalog as texts

runner = CliRunner()
NEW = ["new", "-p", "anna,민준", "--mode", "basic", "--no-variants", "--order", "anna,민준",
       "--areas", "anna=1,민준=5", "--winter", "6/3,7/4"]
HANGUL = range(0xAC00, 0xD7A4)


def hangul(text: str) -> bool:
    return any(ord(ch) in HANGUL for ch in text)


@pytest.fixture
def env(monkeypatch, tmp_path):
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path / "games"))
    yield tmp_path
    texts.choose(None)
    texts.use_game(None)


def bad_files(tmp_path):
    """Broken inputs of every kind, each with the English words its refusal keeps."""
    (tmp_path / "folder.lignum").mkdir()
    (tmp_path / "binary.lignum").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "nul.lignum").write_text("lignum-game 1\n\x00\n", encoding="utf-8")
    (tmp_path / "header.lignum").write_text("lignum-game 1\nplayers a b\ncolour red\nstart\n", encoding="utf-8")
    (tmp_path / "cut.lignum").write_text("lignum-game 1\nplayers a b\n", encoding="utf-8")
    (tmp_path / "money.lignum").write_text("lignum-game 1\nplayers a b\norder a b\nareas a=1 b=5\nwinter 6/3 7/4\n"
                                           "money lots\nstart\n", encoding="utf-8")
    return {"missing.lignum": "no game file at", "folder.lignum": "is a folder, not a game file",
            "binary.lignum": "line 1: the file is not UTF-8 text", "nul.lignum": "line 2: binary data",
            "header.lignum": "line 3: unknown header line 'colour'", "cut.lignum": "the line 'start' is missing",
            "money.lignum": "line 6: money is missing or not a whole number"}


def test_a_bad_game_file_is_refused_in_korean_and_in_english_as_before(env):
    for name, english in bad_files(env).items():
        path = str(env / name)
        en = runner.invoke(app, ["show", path])
        assert en.exit_code == 1 and english in en.output, (name, en.output)
        ko = runner.invoke(app, ["show", path, "--lang", "ko"])
        assert ko.exit_code == 1 and hangul(ko.output) and english not in ko.output, (name, ko.output)
        assert ko.output.count("\n") == 1, ko.output  # still one line
    ko = runner.invoke(app, ["check", str(env / "header.lignum"), "--lang", "ko"])
    assert "3번째 줄: 알 수 없는 머리말 줄 'colour'" in ko.output


def test_a_korean_game_is_refused_in_korean_once_its_header_is_read(env, monkeypatch):
    """The header's `lang ko` holds for errors found after it (a bad line, a bad setup) unless told otherwise;
    an error in the header before its language is known is said in the language chosen before (the locale)."""
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--lang", "ko", "--file", str(path)]).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8") + "anna fly 99\n", encoding="utf-8")
    shown = runner.invoke(app, ["show", str(path)])
    assert shown.exit_code == 1 and "번째 줄" in shown.output and "line " not in shown.output, shown.output
    told = runner.invoke(app, ["show", str(path), "--lang", "en"])
    assert "line " in told.output and not hangul(told.output.replace("민준", "")), told.output
    monkeypatch.setenv("LIGNUM_LANG", "en")
    assert "line " in runner.invoke(app, ["show", str(path)]).output
    monkeypatch.delenv("LIGNUM_LANG")
    bad_setup = path.read_text(encoding="utf-8").replace("winter 6/3 7/4", "winter 6/3")
    path.write_text(bad_setup, encoding="utf-8")
    assert hangul(runner.invoke(app, ["show", str(path)]).output.replace("민준", ""))
    path.write_text("lignum-game 1\nlang ko\nbogus line\nstart\n", encoding="utf-8")
    assert "unknown header line 'bogus'" in runner.invoke(app, ["show", str(path)]).output


def test_a_locked_game_and_a_taken_name_are_refused_in_korean(env):
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--file", str(path)]).exit_code == 0
    taken = runner.invoke(app, [*NEW, "--file", str(path), "--lang", "ko"])
    assert taken.exit_code == 1 and "이미 있는 파일" in taken.output and "--file" in taken.output
    assert "already exists; choose another --file" in runner.invoke(app, [*NEW, "--file", str(path)]).output
    run_env = {**os.environ, "LIGNUM_LOCK_WAIT": "0.2", "LIGNUM_LANG": "ko"}
    with gamefile.locked(path):  # another command holds the game
        done = subprocess.run([sys.executable, "-m", "lignum_companion", "do", str(path), "anna go 4 2"],
                              capture_output=True, text=True, env=run_env, timeout=60)
    assert done.returncode == 1 and "다른 lignum 명령이" in done.stderr and "0.2초" in done.stderr, done.stderr


def test_a_read_only_game_is_refused_in_korean(env):
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--file", str(path)]).exit_code == 0
    path.chmod(0o444)
    try:
        result = runner.invoke(app, ["do", str(path), "anna go 4 2", "--lang", "ko"])
    finally:
        path.chmod(0o644)
    if os.geteuid() != 0:  # root may write anyway
        assert result.exit_code == 1 and "읽기 전용" in result.output, result.output


@pytest.mark.parametrize("signal_name,english", [("SIGINT", "interrupted"), ("SIGTERM", "stopped (SIGTERM)"),
                                                 ("SIGHUP", "the terminal closed")])
def test_the_last_line_after_a_signal_is_in_the_shown_language(env, monkeypatch, signal_name, english):
    from lignum_companion.gamefile import save as saving

    monkeypatch.setattr(saving, "saved", [])
    texts.choose("en")
    assert stopping.stopped_line(signal_name).startswith(english + ": nothing was saved")
    texts.choose("ko")
    line = stopping.stopped_line(signal_name)
    assert hangul(line) and english not in line.replace("SIGTERM", "")
    saving.saved.append(env / "g.lignum")
    assert f"{env / 'g.lignum'}에 지금까지" in stopping.stopped_line(signal_name)


def test_games_says_where_each_game_stands_in_korean(env):
    folder = env / "games"
    assert runner.invoke(app, NEW).exit_code == 0
    (folder / "broken.lignum").write_text("not a game\n", encoding="utf-8")
    ko = runner.invoke(app, ["games", "--lang", "ko"])
    assert ko.exit_code == 0
    rows = {line.split()[0]: line for line in ko.output.splitlines() if ".lignum" in line}
    game_row = next(v for k, v in rows.items() if k != "broken.lignum")
    assert "1년차 봄" in game_row and "spring" not in game_row, ko.output
    assert "읽을 수 없음: 1번째 줄" in rows["broken.lignum"], ko.output
    en = runner.invoke(app, ["games"])  # the cache holds data, not words: English is English again
    assert "spring year 1" in en.output and "unreadable: line 1: not a Lignum" in en.output, en.output


def test_the_rules_help_names_the_rulings_range_of_the_data(env):
    from lignum_companion.views import rules_lookup as rl

    ids = [r.id for r in rl.list_rulings()]
    for lang in ("en", "ko"):
        shown = runner.invoke(app, ["rules", "-h", "--lang", lang]).output
        assert f"({ids[0]}…{ids[-1]})" in shown.replace("\n", " "), shown
        assert "{rulings}" not in runner.invoke(app, ["--help", "--lang", lang]).output
    missing = runner.invoke(app, ["rules", "R999"])
    assert f"from {ids[0]} to {ids[-1]}" in missing.output


def test_the_command_line_s_own_refusals_are_korean(env):
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--file", str(path)]).exit_code == 0
    cases = [(["do", str(path), "--lang", "ko"], "행동을 하나 이상"),
             ([*NEW, "--warnings", "maybe", "--lang", "ko"], "--warnings: on / off입니다"),
             ([*NEW[:-2], "--winter", "6x3", "--lang", "ko"], "--winter: 6/3,7/4처럼"),  # 6-3 is read (issue 32)
             (["undo", "-n", "x", "--lang", "ko"], "'x': 정수가 아닙니다"),
             (["calc", "loan", "--loans", "x", "--lang", "ko"], "오류: ")]
    for args, korean in cases:
        result = runner.invoke(app, args)
        assert result.exit_code != 0 and korean in result.output, (args, result.output)


# click's own words: each usage error by a command line that makes it, with click's English and the Korean.
USAGE_ERRORS = [
    (["new", "t"], "Got unexpected extra argument(s) (t)", "필요 없는 인수가 더 있습니다: t"),
    (["show", "--bogus"], "No such option: --bogus", "--bogus 옵션은 없습니다"),
    (["show", "--pl"], "(Possible options: --help, --lang, --player)", "(있는 옵션: --help, --lang, --player)"),
    (["calc", "winter"], "Missing option '--food-need'.", "빠진 옵션: '--food-need'."),
    (["calc", "sale"], "Missing argument 'PIECE'.", "빠진 인수: '목재'."),
    (["undo", "-n", "x"], "Invalid value for '-n': 'x' is not a whole number",
     "'-n'의 값이 잘못되었습니다: 'x': 정수가"),
    (["shw"], "No such command 'shw'. Did you mean 'show'?", "그런 명령은 없습니다: 'shw'. 혹시 'show'?"),
    (["calc", "winter", "--food-need"], "Option '--food-need' requires an argument.", "'--food-need' 옵션에는 값이"),
    (["calc", "market", "--trade-card=1"], "Option '--trade-card' does not take a value.", "값을 받지 않습니다"),
    (["calc"], None, "명령:"),
    (["calc", "loan", "extra"], "Got unexpected extra argument(s) (extra)", "필요 없는 인수가 더 있습니다: extra"),
]


@pytest.mark.parametrize("args,english,korean", USAGE_ERRORS, ids=[" ".join(a) for a, _, _ in USAGE_ERRORS])
def test_usage_errors_are_korean_under_korean_and_english_stays_click_s(env, args, english, korean):
    en = runner.invoke(app, args)
    ko = runner.invoke(app, ["--lang", "ko", *args])
    assert ko.exit_code == en.exit_code == 2, (en.output, ko.output)
    assert korean in ko.output, ko.output
    for word in ("Usage:", "Error:", "Try '", "Show this message", "Options:", "Commands:"):
        assert word not in ko.output, ko.output
    if english is not None:
        assert english in en.output and english not in ko.output, en.output
        assert "Error: " in en.output and not hangul(en.output), en.output
    if "Try '" in en.output:  # the usage line and where to find help, as click shows them
        usage = en.output.splitlines()[0].removeprefix("Usage: ").replace("[OPTIONS]", "[옵션]")
        usage = usage.replace("COMMAND [ARGS]...", "명령 [인수]...")
        for name, word in (("ACTION", "행동"), ("[file]", "[파일]"), ("PIECE", "목재")):
            usage = usage.replace(name, word)
        assert ko.output.startswith(f"사용법: {usage}\n도움말: '")


def test_help_headings_and_click_s_words_are_korean(env, monkeypatch):
    ko = runner.invoke(app, ["rules", "-h", "--lang", "ko"]).output
    for word in ("사용법: root rules [옵션] [검색어]...", "인수:", "옵션:", "이 도움말을 보이고 끝냅니다."):
        assert word in ko, ko
    winter = runner.invoke(app, ["calc", "winter", "-h", "--lang", "ko"]).output
    assert "[필수]" in winter and "[기본: 0]" in winter and "required" not in winter
    top = runner.invoke(app, ["--help", "--lang", "ko"]).output
    assert "사용법: root [옵션] 명령 [인수]..." in top and "\n명령:\n" in top and "\n옵션:\n" in top
    assert "Show this message" not in top
    monkeypatch.setenv("LIGNUM_LANG", "ko")  # the environment chooses too, and `lignum` alone shows the help
    assert "사용법:" in runner.invoke(app, []).output
    monkeypatch.delenv("LIGNUM_LANG")
    en = runner.invoke(app, ["calc", "winter", "-h"]).output  # English after Korean in one process
    for word in ("Usage: root calc winter [OPTIONS]", "Options:", "[required]", "[default: 0]",
                 "Show this message and exit."):
        assert word in en, en
    assert not hangul(en)


def test_every_usage_pattern_still_matches_click_s_english(env):
    """click's `ctx.fail` texts carry no kind: the patterns read their English, so a typer that words them
    differently fails here (the Korean would quietly fall back to English)."""
    import re

    from lignum_companion.cli.lang import USAGE_PATTERNS

    messages = [runner.invoke(app, args).output.splitlines()[-1].removeprefix("Error: ")
                for args in (["new", "t"], ["shw"], ["--lang", "en"], ["calc", "market", "--trade-card=1"],
                             ["calc", "winter", "--food-need"])]
    matched = {key for pattern, key in USAGE_PATTERNS for m in messages if re.fullmatch(pattern, m)}
    assert matched == {"extra_args", "no_such_command", "missing_command", "no_value", "needs_value"}, messages


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_stats_lists_a_named_pipe_as_skipped_instead_of_waiting_on_it(env):
    pipe = env / "pipe.lignum"
    os.mkfifo(pipe)
    done = subprocess.run([sys.executable, "-m", "lignum_companion", "stats", str(pipe), "--lang", "ko"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "LIGNUM_GAMES_DIR": str(env)})
    assert done.returncode == 0 and "pipe.lignum: " in done.stdout and "보통 파일이 아닙니다" in done.stdout, done


def test_a_pdf_that_cannot_be_written_is_refused_in_korean(env):
    path = env / "g.lignum"
    assert runner.invoke(app, [*NEW, "--file", str(path)]).exit_code == 0
    old = env / "old.pdf"
    old.write_bytes(b"%PDF-1.4 an earlier sheet")
    for args, english, korean in (
            (["score", str(path), "--pdf", str(env / "no" / "x.pdf")], "does not exist", "없는 폴더"),
            (["score", str(path), "--pdf", str(env / "x.pdf"), "--paper", "a9"], "unknown paper 'a9'", "모르는 용지"),
            (["print", "reference", "-o", str(old)], "already exists; add --force", "--force를 붙이세요"),
            (["print", "reference", "-o", str(path), "--force"], "a PDF is never written there",
             "PDF는 그 자리에 쓰지 않습니다")):  # issue 24 item 2: never over a game, whatever the flags
        assert english in runner.invoke(app, args).output
        ko = runner.invoke(app, [*args, "--lang", "ko"])
        assert ko.exit_code == 1 and korean in ko.output and english not in ko.output, ko.output


@pytest.mark.parametrize("args,english,korean", [
    (["calc", "loan", "--loans", "9"], "a player holds at most 2 loans, not 9 (R15)", "대출을 2번까지만"),
    (["calc", "sale", "2xoak"], "unknown kind 'oak'", "모르는 종류"),
    (["calc", "sale", "3xfirewood@dry1", "milled-firewood@dry1"], "cannot hold 3 firewood and 1 milled firewood",
     "장작 3개, 가공된 장작 1개를 둘 수 없습니다"),
    (["calc", "market", "--sell", "raft"], "only with the Trade planned work card", "교역 작업 계획 카드"),
    (["calc", "winter", "--food-need", "1", "--heat-need", "1", "--food", "1", "--heat", "1", "--money", "x"],
     "--money must be a whole number, not 'x'", "--money: 정수여야 합니다"),
])
def test_the_calculators_refuse_in_korean(env, args, english, korean):
    en = runner.invoke(app, args)
    assert en.exit_code == 1 and en.output.startswith("error: ") and english in en.output, en.output
    ko = runner.invoke(app, ["--lang", "ko", *args])
    assert ko.exit_code == 1 and ko.output.startswith("오류: ") and korean in ko.output, ko.output
    assert english not in ko.output


# command, what Korean help shows, English metavars and type names it must not show, what English still shows
METAVARS = [
    (["undo"], ["사용법: root undo [옵션] [파일]", "파일 <글>", "-n <수> "], ["[file]", "<str>", "<int>"],
     ["Usage: root undo [OPTIONS] [file]", "file <str>", "-n <int>"]),
    (["rules"], ["[검색어]...", "검색어 <목록>"], ["QUERY", "list[str]"], ["[QUERY]...", "QUERY <list[str]>"]),
    (["new"], ["--players <목록>", "--money <수>", "--mode <글>"], ["<list[str]>", "<int>", "<str>"],
     ["--players <list[str]>", "--money <int>"]),
    (["do"], ["사용법: root do [옵션] 행동...", "행동 <목록>"], ["{", "args", "ACTION"],
     ["Usage: root do [OPTIONS] ACTION...", "ACTION <list[str]>"]),
    (["calc", "sale"], ["[옵션] 목재...", "목재 <목록>"], ["{", "PIECE"], ["[OPTIONS] PIECE..."]),
    (["calc", "winter"], ["--food-need 수 "], [" N "], ["--food-need N "]),
]


@pytest.mark.parametrize("args,korean,gone,english", METAVARS, ids=[" ".join(m[0]) for m in METAVARS])
def test_usage_lines_and_option_lists_name_arguments_and_types_in_korean(env, args, korean, gone, english):
    """Issue #12: argument names and typer's type names read in Korean under --lang ko; option names stay as
    typed; typer's `{args}...` for a required argument reads `ACTION...` / `행동...` in both languages."""
    ko = runner.invoke(app, [*args, "--help", "--lang", "ko"]).output
    en = runner.invoke(app, [*args, "--help"]).output
    for word in korean:
        assert word in ko, ko
    for word in gone:
        assert word not in ko, ko
    for word in english:
        assert word in en, en
    assert "{" not in en and not hangul(en), en


def test_korean_option_lists_line_up_in_terminal_columns(env):
    """The names column is measured in terminal columns: `-n <수>` is two columns wider than its length, and its
    help starts in the same column as that of `--lang en|ko`."""
    ko = runner.invoke(app, ["undo", "--help", "--lang", "ko"]).output
    lines = [line for line in ko.splitlines() if line.startswith(("  -n ", "  --lang ", "  -h, "))]
    starts = {texts.display_width(line[: line.index("  ", 2)]) + len(line[line.index("  ", 2):]) -
              len(line[line.index("  ", 2):].lstrip()) for line in lines}
    assert len(lines) == 3 and len(starts) == 1, ko


def test_a_missing_argument_is_named_in_korean(env):
    """The error names the argument as the usage line above it does (`행동`, not `ACTION`); English stays."""
    ko = runner.invoke(app, ["do", "--lang", "ko"]).output
    assert "사용법: root do [옵션] 행동..." in ko and "'행동'" in ko and "ACTION" not in ko, ko
    assert "Missing argument 'ACTION'." in runner.invoke(app, ["do"]).output


def test_korean_help_fits_the_terminal_width_in_columns(env, monkeypatch):
    """Hangul takes two columns: the help paragraphs and the option list are wrapped by what the terminal shows,
    so no line of an 80-column help runs past 80 columns (click alone counts characters and overflowed)."""
    monkeypatch.setenv("COLUMNS", "80")
    for args in (["new"], ["calc", "winter"], ["play"], ["print", "reference"], []):
        ko = runner.invoke(app, [*args, "--help", "--lang", "ko"], terminal_width=80).output
        widest = max(texts.display_width(line) for line in ko.splitlines())
        assert widest <= 80 and "  [필수]" in runner.invoke(app, ["calc", "winter", "-h", "--lang", "ko"]).output, ko
