"""Runs the console examples of docs/calculators.md and docs/rules-lookup.md and compares their output.

A ```console block holds commands starting with `$ lignum `, each followed by the exact output; an output
that starts with `error:` is expected on stderr with exit code 1, any other with exit code 0.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.views import rules_lookup

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("calculators.md", "rules-lookup.md")
runner = CliRunner()


def examples(page: str) -> list[tuple[int, str, list[str]]]:
    """(line number, command, expected output lines) for every `$ lignum` line in the page's console blocks."""
    found: list[tuple[int, str, list[str]]] = []
    in_block = False
    for number, line in enumerate((DOCS / page).read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            in_block = line.strip() == "```console"
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            assert line.startswith("$ lignum "), f"{page}:{number}: examples run lignum only"
            found.append((number, line[len("$ lignum "):], []))
        else:
            assert found, f"{page}:{number}: output before any command"
            found[-1][2].append(line)
    return found


ALL = [(page, *example) for page in PAGES for example in examples(page)]


def test_the_pages_have_examples() -> None:
    counts = {page: len(examples(page)) for page in PAGES}
    assert counts["calculators.md"] >= 12 and counts["rules-lookup.md"] >= 1
    commands = " ".join(cmd for _, cmd, _ in examples("calculators.md"))
    for sub in ("calc sale", "calc winter", "calc loan", "calc market", "--json"):
        assert sub in commands


@pytest.mark.parametrize("page,line,command,expected", ALL, ids=[f"{p}:{n}" for p, n, _, _ in ALL])
def test_example_output_is_exact(page: str, line: int, command: str, expected: list[str]) -> None:
    result = runner.invoke(app, shlex.split(command), env={"COLUMNS": "80"})
    is_error = bool(expected) and expected[0].startswith("error:")
    assert result.exit_code == (1 if is_error else 0), result.output
    stream = result.stderr if is_error else result.stdout
    assert [s.rstrip() for s in stream.rstrip("\n").splitlines()] == expected
    if is_error:
        assert result.stdout == ""


def test_the_python_names_in_the_rules_page_exist() -> None:
    text = (DOCS / "rules-lookup.md").read_text(encoding="utf-8")
    names = set(re.findall(r"rules_lookup\.(\w+)\(", text))
    assert names >= {"lookup", "topic_for_rule", "render", "list_topics"}
    for name in names:
        assert callable(getattr(rules_lookup, name))
