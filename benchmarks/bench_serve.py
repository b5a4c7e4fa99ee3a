"""`lignum serve` on the loopback: four player clients and the table posting and reading at once (issue 30).

    python benchmarks/bench_serve.py [--game examples/basic-4p.lignum] [--lines N] [--check]

Starts `lignum serve --host 127.0.0.1` in its own process on a copy of the example's header, opens the live
stream (`LINK/events`) of every viewer (four players and the table), and enters the example's lines one by one,
each from its owner's link (a player's line with the name left out, a table entry from the table's link). Each
viewer re-reads `LINK/state` whenever its stream says the file changed, as the pages do. Reported:

- round trip per accepted line (POST LINK/act until its answer): median and 95th percentile (budget p95 100 ms);
- time until every page has it (POST sent until the last of the five viewers has read the state holding the
  line): median and 95th percentile (budget p95 300 ms);
- the server's peak memory (VmHWM);
- the scores of the game entered through the links against the example's own.

`--check` exits 1 when a budget is missed or the scores differ; `--check-scores` only when the scores differ or a
line is refused (what `.ci/run` uses: its timings are printed, but a CI machine shared with other jobs is no place to
hold a timing budget).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
BUDGET_ROUND_TRIP_MS = 100.0
BUDGET_EVERY_PAGE_MS = 300.0


def example(path: Path) -> tuple[str, list[str]]:
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("\nstart\n")
    return head + "\nstart\n", [line for line in rest.splitlines() if line.strip() and not line.startswith("#")]


def start_server(game: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "LIGNUM_LANG": "en"}
    proc = subprocess.Popen([sys.executable, "-m", "lignum_companion", "serve", str(game), "--host", "127.0.0.1",
                             "--no-qr"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    links: dict[str, str] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.match(r"^(\S+)\s+(http://\S+)$", line.strip())
        if m:
            links[m.group(1)] = m.group(2)
        if line.startswith("Stop with"):
            break
    return proc, links


class Viewer(threading.Thread):
    """One page: listens to the stream and re-reads the state on every change, noting when it had each count."""

    def __init__(self, link: str) -> None:
        super().__init__(daemon=True)
        self.link = link
        self.had: dict[int, float] = {}  # number of lines -> when this page had read a state holding them
        self.ready = threading.Event()
        self.stop = False

    def run(self) -> None:
        with httpx.Client(timeout=60) as client, client.stream("GET", self.link + "/events") as stream:
            self.ready.set()
            for line in stream.iter_lines():
                if self.stop:
                    return
                if line.startswith("data:"):
                    lines = client.get(self.link + "/state").json()["lines"]
                    self.had.setdefault(lines, time.perf_counter())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default=str(ROOT / "examples" / "basic-4p.lignum"))
    ap.add_argument("--lines", type=int, default=0, help="enter only the first N lines (0: the whole game)")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--check-scores", action="store_true")
    args = ap.parse_args()
    head, lines = example(Path(args.game))
    lines = lines[: args.lines] if args.lines else lines
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    game = folder / "bench.lignum"
    game.write_text(head, encoding="utf-8")
    proc, links = start_server(game)
    try:
        return run(proc, links, game, lines, Path(args.game), args)
    finally:
        proc.terminate()
        proc.wait(10)


def run(proc, links, game: Path, lines: list[str], source: Path, args) -> int:
    names = [n for n in links if n != "table"]
    viewers = [Viewer(links[n]) for n in links]
    for v in viewers:
        v.start()
        v.ready.wait(10)
    time.sleep(0.3)
    trips, everyone = [], []
    with httpx.Client(timeout=60) as client:
        for i, line in enumerate(lines, start=1):
            first, _, rest = line.partition(" ")
            url, sent = (links[first], rest) if first in names else (links["table"], line)
            t0 = time.perf_counter()
            r = client.post(url + "/act", json={"line": sent, "id": f"b{i}"})
            trips.append(time.perf_counter() - t0)
            if not r.json().get("ok"):
                print(f"line {i} refused: {line}: {r.json()}", file=sys.stderr)
                return 1
            deadline = time.perf_counter() + 10
            while any(i not in v.had and not any(k >= i for k in v.had) for v in viewers):
                if time.perf_counter() > deadline:
                    print(f"line {i}: a page never had it", file=sys.stderr)
                    return 1
                time.sleep(0.001)
            everyone.append(max(min(t for k, t in v.had.items() if k >= i) for v in viewers) - t0)
    peak = _peak_kb(proc.pid)
    for v in viewers:
        v.stop = True
    from lignum_companion.engine import score
    from lignum_companion.gamefile import store as gamefile

    same = len(lines) < len(example(source)[1]) or score(gamefile.load(game)[1]) == score(gamefile.load(source)[1])
    ms = [t * 1000 for t in trips]
    pages = [t * 1000 for t in everyone]
    report = {"lines": len(lines), "viewers": len(viewers),
              "round_trip_ms": {"median": round(statistics.median(ms), 1), "p95": round(percentile(ms, .95), 1),
                                "max": round(max(ms), 1)},
              "every_page_ms": {"median": round(statistics.median(pages), 1),
                                "p95": round(percentile(pages, .95), 1), "max": round(max(pages), 1)},
              "server_peak_mb": round(peak / 1024, 1), "same_scores": same}
    print(json.dumps(report, indent=1))
    ok = report["round_trip_ms"]["p95"] <= BUDGET_ROUND_TRIP_MS and \
        report["every_page_ms"]["p95"] <= BUDGET_EVERY_PAGE_MS and same
    if args.check_scores and not same:
        return 1
    return 0 if ok or not args.check else 1


def _peak_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
