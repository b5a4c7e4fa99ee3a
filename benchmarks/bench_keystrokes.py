"""Counts the answers a table types in `lignum play` to record rounds, taking the defaults wherever there is one.

A scripted table plays a whole game through the real interactive loop (plain-answer console, game file on disk):
Enter wherever a menu has a default, a travel plan a typical player follows (bearers, one token, woodcutters,
sawyers, clearing), "shuffle for me" for the path, and made-up placement and task cards typed compactly.
Every answer read is counted, by round and step. The figure reported in benchmarks/README.md is the 4-player
spring round of year 2 (path, three placement cards, cutting areas, travel and all wood work phases).

    python benchmarks/bench_keystrokes.py [--players 4] [--seed 7] [--seeds 5] [--mode basic] [--show]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

from lignum_companion import table
from lignum_companion.engine import Setup, new_game, score
from lignum_companion.engine import data as D
from lignum_companion.gamefile import store as gamefile

NAMES = ("anna", "ben", "cleo", "dan")


class TableConsole(table.Console):
    """A console whose answers come from a scripted table that reads the menu it is shown."""

    def __init__(self, rng: random.Random, show: bool, tokens: int = 1, notation: bool = False) -> None:
        super().__init__(tty=False, stdin=io.StringIO(), stdout=sys.stdout if show else io.StringIO())
        self.rng = rng
        self.session: table.Session | None = None
        self.counts: Counter[tuple[int, str]] = Counter()
        self.script: list[str] = []
        self.tokens = tokens  # tokens a player stops for on each trip (1: typical, 3: a busy trip)
        self.notation = notation  # type travel moves in the notation rather than by number (for scripts)
        self.rounds: list[int] = []
        self.taken: Counter[tuple[int, str]] = Counter()

    def _read(self, message: str) -> str:
        s = self.session
        assert s is not None
        answer = self.answer(s, message)
        menu = s.menu
        if self.notation and menu is not None and message == s.prompt_text(menu) and menu.find(answer):
            shown = menu.find(answer).shown  # type: ignore[union-attr]
            if shown.startswith("go ") and not shown.endswith("..."):
                answer = shown
        self.counts[(s.g.round, s.g.step)] += 1
        self.rounds.append(s.g.round)
        self.script.append(answer)
        self.write(f"{message} {answer}\n")
        return answer

    def answer(self, s: table.Session, message: str) -> str:
        g = s.g
        if message.startswith("Craftwork kinds on"):
            n = len(message.split(" on ", 1)[1].split(", in that order")[0].split(","))
            return " ".join(self.rng.choice(D.CRAFTWORK) for _ in range(n))
        if message.startswith("Task card"):
            needs = "+".join(f"{self.rng.choice(['mF', 'mS', 'mH', 'S'])}@{self.rng.randint(0, 1)}" for _ in range(2))
            return f"{self.rng.randint(8, 18)} {needs}"
        if message.startswith("Placement card"):
            parts = []
            for _ in range(self.rng.randint(1, 2)):
                kind = self.rng.choice(["2F", "F+S", "S", "H", "2food", "F+food"])
                parts.append(f"{self.rng.randint(1, 6)}:{kind}")
            return " ".join(parts)
        if message.startswith("Areas for"):
            waiting = message.split("for ", 1)[1].split(" (")[0].split()
            return " ".join(str(self.rng.randint(1, 6)) for _ in waiting)
        if message.startswith("Write the score sheet"):
            return "n"
        menu = s.menu
        if menu is None or message != s.prompt_text(menu):
            return ""  # follow-up questions: take their default
        if g.step == "selling" and menu.choices and g.players[g.player_index(menu.who)].money < 4:
            every = next((c.key for c in menu.choices if "everything" in c.note), None)
            if every:
                return every  # a poor player sells everything: one answer, like the default
        if menu.default is not None:
            return ""
        return self.travel(s, menu)

    def travel(self, s: table.Session, menu: table.Menu) -> str:
        """A typical trip: bearers, one token, woodcutters, a sawyer (with a saw), food in fall, the clearing."""
        p = s.g.players[s.g.player_index(menu.who)]
        shown = {c.shown: c.key for c in menu.choices}

        def first(prefix: str) -> str | None:
            return next((k for text, k in shown.items() if text.startswith(prefix)), None)

        tokens = [k for text, k in shown.items() if text.startswith("go ") and text.split()[1].isdigit()
                  and len(text.split()) == 2 and int(text.split()[1]) in D.TOKEN_LOCATIONS
                  and int(text.split()[1]) < D.LOC_WOODCUTTERS]
        taken = self.taken[(s.g.round, p.name)]
        if not p.workers.get("bearers") and first("go 4 "):
            return first("go 4 ")  # type: ignore[return-value]
        if taken >= 1 and taken < self.tokens:  # a busy trip: more tokens, anywhere ahead
            ahead = [k for text, k in shown.items() if text.startswith("go ") and len(text.split()) == 2
                     and text.split()[1].isdigit() and int(text.split()[1]) in D.TOKEN_LOCATIONS]
            if ahead and p.workers.get("woodcutters"):
                self.taken[(s.g.round, p.name)] += 1
                return ahead[0]
        if not taken and tokens and p.pos < D.LOC_WOODCUTTERS:
            self.taken[(s.g.round, p.name)] += 1
            saw = next((k for text, k in shown.items() if k in tokens and s.g.path.get(text.split()[1]) == "saw"),
                       None)
            if saw and p.equipment.get("saw", 0) < 2:
                return saw
            return self.rng.choice(tokens[:3])
        if not p.workers.get("woodcutters") and first("go 10 "):
            return first("go 10 ")  # type: ignore[return-value]
        if not p.workers.get("sawyers") and first("go 16") and p.equipment.get("saw"):
            return first("go 16")  # type: ignore[return-value]
        food_need = s.g.winter_cards[s.g.year - 1][0]
        if s.g.season == "fall" and first("go 19") and p.food < food_need and p.money >= 3:
            return "go 19 buy:2food"  # before winter: food, typed in the notation
        return first("go clearing") or menu.choices[0].key


def run(players: int, seed: int, mode: str, show: bool, tokens: int = 1,
        seated: bool = False) -> tuple[TableConsole, table.Session]:
    """One scripted game. `seated`: the fixed test table (order as seated, areas 1 5 3 6), as the tests use."""
    rng = random.Random(seed)
    names = list(NAMES[:players])
    cards = rng.sample(list(D.PLANNED_WORK), D.PLANNED_WORK_CARDS_LAID[players]) \
        if D.MODE_HAS_PLANNED_WORK[mode] else []
    order = names if seated else rng.sample(names, players)
    spots = [1, 5, 3, 6][:players] if seated else rng.sample(list(D.CUTTING_AREAS), players)
    setup = Setup(players=names, mode=mode, order=order, areas=dict(zip(names, spots, strict=True)),
                  winter=[[4, 2], [5, 3]], cards=cards)
    folder = Path(tempfile.mkdtemp(prefix="lignum-bench-"))
    path = folder / "bench.lignum"
    gf = gamefile.new_file(setup)
    gamefile.save(gf, path)
    gf, g = gamefile.load(path)
    con = TableConsole(rng, show, tokens, notation=seated)
    session = table.Session(path, gf, new_game(setup), con, str(seed))
    con.session = session
    code = session.main()
    if code != 0 or not session.g.over:
        raise SystemExit(f"the scripted game stopped early (exit {code})")
    return con, session


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7, help="first seed")
    ap.add_argument("--seeds", type=int, default=5, help="how many games (seeds) to play")
    ap.add_argument("--mode", default="basic", choices=D.MODES)
    ap.add_argument("--tokens", type=int, default=1, help="tokens each player stops for per trip (busy: 3)")
    ap.add_argument("--show", action="store_true", help="print the whole session of the first game")
    ap.add_argument("--script", action="store_true",
                    help="print the answers of one game at the fixed test table, as a script to pipe into play")
    args = ap.parse_args()
    os.environ.setdefault("NO_COLOR", "1")
    if args.script:
        con, session = run(args.players, args.seed, args.mode, False, args.tokens, seated=True)
        last = None
        for rnd, answer in zip(con.rounds, con.script, strict=True):
            if rnd != last:
                label = f"{D.round_season(rnd)} year {D.round_year(rnd)}" if rnd <= D.ROUNDS else "final sale"
                print(f"# --- {label}")
                last = rnd
            print(answer)
        totals = {r["name"]: r["total"] for r in score(session.g)["players"]}
        print(f"# {len(session.gf.actions)} actions; totals {totals}", file=sys.stderr)
        return
    spring2 = 5  # spring of year 2: path, placement cards, cutting areas and every wood work phase
    counts = []
    for k in range(args.seeds):
        seed = args.seed + k
        con, session = run(args.players, seed, args.mode, args.show and k == 0, args.tokens)
        by_round: Counter[int] = Counter()
        for (rnd, _), n in con.counts.items():
            by_round[rnd] += n
        counts.append(by_round[spring2])
        if k == 0:
            print(f"{args.players} players, {args.mode}, seed {seed}: {sum(by_round.values())} answers for the "
                  f"whole game, {len(session.gf.actions)} actions recorded")
            for rnd in sorted(by_round):
                label = f"{D.round_season(rnd)} year {D.round_year(rnd)}" if rnd <= D.ROUNDS else "final sale"
                print(f"  round {rnd} {label:<16} {by_round[rnd]:>4} answers")
            print("  spring year 2 by step: " + ", ".join(
                f"{step} {n}" for (rnd, step), n in con.counts.items() if rnd == spring2))
    print(f"spring year 2 over {len(counts)} games (seeds {args.seed}-{args.seed + len(counts) - 1}): "
          f"answers {counts}, mean {sum(counts) / len(counts):.1f}, max {max(counts)} (aim: <= 80)")
    if max(counts) > 80:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
