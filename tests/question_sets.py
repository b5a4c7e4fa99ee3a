"""The rules lookup's question sets (tests/rules_questions/, issue 23) read and scored: what
tests/test_rules_ranking.py holds the ranking to and benchmarks/bench_rules_lookup.py reports."""

from __future__ import annotations

from pathlib import Path

QUESTIONS = Path(__file__).resolve().parent / "rules_questions"
SETS = ("en-tune", "en-held", "ko-tune", "ko-held")


def read_set(name: str) -> list[tuple[tuple[str, ...], str]]:
    """(acceptable topic ids, question) for every line of a question file; '#' lines are comments."""
    out = []
    for line in (QUESTIONS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            topics, question = line.split("|", 1)
            out.append((tuple(t.strip() for t in topics.split(",")), question.strip()))
    return out


def batches(name: str) -> list[list[tuple[tuple[str, ...], str]]]:
    """The tuning batches of a question file: the runs of question lines between its '#' comment lines."""
    out: list[list[tuple[tuple[str, ...], str]]] = [[]]
    for line in (QUESTIONS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            out.append([])
        elif line.strip():
            topics, question = line.split("|", 1)
            out[-1].append((tuple(t.strip() for t in topics.split(",")), question.strip()))
    return [b for b in out if b]


def measure(name: str) -> tuple[float, float, list[str]]:
    """Top-1 and top-3 rates of one set, and a line for each question whose first answer is not acceptable."""
    from lignum_companion.views import rules_lookup as rl

    questions = read_set(name)
    top1 = top3 = 0
    misses = []
    for wanted, question in questions:
        found = [t.id for t in rl.lookup(question, limit=3)]
        top1 += bool(found) and found[0] in wanted
        top3 += any(f in wanted for f in found)
        if not found or found[0] not in wanted:
            misses.append(f"{question!r}: wanted {'/'.join(wanted)}, got {found}")
    return top1 / len(questions), top3 / len(questions), misses
