"""`lignum serve` as a command: the links printed at start and kept for the next start, `--new-links`, `--print`,
and the line that says the game is saved when a signal stops it (issue 30). Bound to 127.0.0.1 only."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys

from serve_helpers import game_from

LINK = re.compile(r"^(\S+)\s+(http://127\.0\.0\.1:\d+/[pt]/[\w-]{32,})$")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "LIGNUM_LANG": "en"}


def _start(game, *extra: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
    proc = subprocess.Popen([sys.executable, "-m", "lignum_companion", "serve", str(game), "--host", "127.0.0.1",
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    links: dict[str, str] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        m = LINK.match(line.strip())
        if m:
            links[m.group(1)] = m.group(2)
        if line.startswith("Stop with"):
            break
    return proc, links


def test_links_printed_kept_for_the_next_start_and_a_signal_says_the_game_is_saved(tmp_path) -> None:
    import httpx

    game = game_from(tmp_path)
    proc, links = _start(game)
    try:
        assert set(links) == {"anna", "ben", "table"}
        r = httpx.post(links["ben"] + "/act", json={"line": "go 9"}, timeout=30)
        assert r.json()["ok"]
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert "the game is saved in" in err and "(7 lines)" in err
    again, links2 = _start(game)  # the same game again: the same links (secrets and port)
    again.send_signal(signal.SIGINT)
    again.communicate(timeout=30)
    assert links2 == links and again.returncode == 130
    renewed, links3 = _start(game, "--new-links")
    renewed.send_signal(signal.SIGTERM)
    renewed.communicate(timeout=30)
    assert set(links3) == set(links) and all(links3[k] != links[k] for k in links)


def test_print_writes_one_owner_only_page_of_the_codes(tmp_path) -> None:
    from pypdf import PdfReader

    game = game_from(tmp_path)
    out = tmp_path / "codes.pdf"
    done = subprocess.run([sys.executable, "-m", "lignum_companion", "serve", str(game), "--host", "127.0.0.1",
                           "--print", "-o", str(out)], capture_output=True, text=True, env=_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # it holds every secret
    pdf = PdfReader(str(out))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    for name in ("anna", "ben", "table"):
        assert name in text
    assert text.count("http://127.0.0.1:") == 3
    again = subprocess.run([sys.executable, "-m", "lignum_companion", "serve", str(game), "--print", "-o", str(out)],
                           capture_output=True, text=True, env=_env(), timeout=120)
    assert again.returncode == 1  # an earlier PDF is replaced only with --force
