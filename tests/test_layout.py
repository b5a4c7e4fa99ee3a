"""The house as docs/architecture.md draws it: folders as layers, imports running one way, no circles, small rooms."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "lignum_companion"
# Bottom to top: a module may import its own layer and the layers below it, never one above.
LAYERS = ("system", "engine", "texts", "gamefile", "views", "printables", "table", "serve", "cli")
BESIDE = {"dev": set(LAYERS) - {"cli"}}  # development tools may use everything but the command line
LIMITS = {"module": 600, "class": 300, "function": 80}


def modules() -> dict[str, Path]:
    return {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
            for p in PKG.rglob("*.py")}


def imports_of(name: str, path: Path) -> set[str]:
    """Every module of the package this one imports, at the top or inside a function (lazy imports count too)."""
    is_pkg = path.name == "__init__.py"
    here = name.split(".") if is_pkg else name.split(".")[:-1]
    known = modules()
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
            mod = ".".join(x for x in (base, node.module or "") if x)
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in known and t != name}
    return found


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else None


def test_every_folder_of_the_package_is_a_layer_the_wheel_ships() -> None:
    folders = {p.name for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS) | set(BESIDE)
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in PKG.rglob("__init__.py")}  # with sub-packages
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    assert listed == packages | {"lignum_companion.templates"}
    top = {p.name for p in PKG.glob("*.py")}
    assert top == {"__init__.py", "__main__.py"}, "modules belong in a layer's folder"


# Imports still running up or round, to be mended; the lists may only shrink.
STILL_UPWARD: set[str] = set()
STILL_CIRCLES: set[str] = set()


def test_the_engine_is_pure_and_the_system_knows_no_game() -> None:
    """engine/ and system/ stand side by side at the bottom: neither imports the other or anything above."""
    for name, path in modules().items():
        if layer(name) in ("engine", "system"):
            assert {layer(t) for t in imports_of(name, path)} <= {layer(name)}, name


def test_imports_run_down_the_layers() -> None:
    wrong = []
    for name, path in modules().items():
        mine = layer(name)
        if mine is None:
            continue
        allowed = BESIDE.get(mine) or set(LAYERS[: LAYERS.index(mine) + 1])
        allowed = allowed | {mine}
        for target in imports_of(name, path):
            theirs = layer(target)
            if theirs is not None and theirs not in allowed:
                wrong.append(f"{name} -> {target}")
    assert set(wrong) <= STILL_UPWARD, "imports that run up the layers: " + ", ".join(sorted(set(wrong) - STILL_UPWARD))
    mended = STILL_UPWARD - set(wrong)
    assert not mended, "mended; strike from STILL_UPWARD: " + ", ".join(sorted(mended))


def test_no_import_circle() -> None:
    graph = {name: imports_of(name, path) for name, path in modules().items()}
    graph = {k: {t for t in v if not k.startswith(t + ".")} for k, v in graph.items()}  # a package's own face
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    found = {" -> ".join(c) for c in circles}
    assert found <= STILL_CIRCLES, "import circles: " + "; ".join(sorted(found - STILL_CIRCLES))
    assert STILL_CIRCLES <= found, "mended; strike from STILL_CIRCLES: " + "; ".join(sorted(STILL_CIRCLES - found))


def oversized() -> set[str]:
    found = set()
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).as_posix()
        src = path.read_text(encoding="utf-8")
        if len(src.splitlines()) > LIMITS["module"]:
            found.add(f"{rel}")
        for node in ast.walk(ast.parse(src)):
            size = (node.end_lineno or node.lineno) - node.lineno + 1 if hasattr(node, "lineno") else 0
            if isinstance(node, ast.ClassDef) and size > LIMITS["class"]:
                found.add(f"{rel}:{node.name}")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and size > LIMITS["function"]:
                found.add(f"{rel}:{node.name}()")
    return found


# Rooms still over the limits, to be split; the list may only shrink (a new offender fails the test).
STILL_TOO_BIG: set[str] = set()  # empty now (issue 20): every room is under the limits


def test_modules_classes_and_functions_stay_small() -> None:
    now = oversized()
    assert now <= STILL_TOO_BIG, "over the size limits " + str(LIMITS) + ": " + ", ".join(sorted(now - STILL_TOO_BIG))
    assert STILL_TOO_BIG <= now, "split already; strike from STILL_TOO_BIG: " + ", ".join(sorted(STILL_TOO_BIG - now))


def test_the_tree_in_architecture_md_matches_the_package() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = doc[doc.index("```\npyproject.toml"):]
    tree = tree[: tree.index("```", 4)]
    drawn: set[str] = set()
    folder = sub = ""
    for line in tree.splitlines():
        indent = len(line) - len(line.lstrip())
        head = re.split(r"\s{2,}", line.strip())[0]
        if indent == 2 and head.endswith("/"):
            folder, sub = head, ""
        elif indent == 4 and head.endswith("/"):
            sub = head
        elif indent in (4, 6):
            sub = sub if indent == 6 else ""
            drawn |= {f"{folder}{sub}{one}" for one in re.findall(r"\w+\.py", head) if one != "__init__.py"}
    real = {p.relative_to(PKG).as_posix() for p in PKG.glob("*/**/*.py") if p.name != "__init__.py"}
    assert real - drawn == set(), "modules missing from docs/architecture.md: " + ", ".join(sorted(real - drawn))
    assert drawn - real == set(), "drawn in the doc, not in the package: " + ", ".join(sorted(drawn - real))


def test_test_modules_share_helpers_never_one_another() -> None:
    """Tests share what they need through helper modules (helpers.py, play_helpers.py, lang_helpers.py, ...): a
    test module never imports another test module or a benchmark (issue 29 §5)."""
    import ast

    tests = Path(__file__).resolve().parent
    found = []
    for path in sorted(tests.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [(path.name, n) for n in names if n.split(".")[0].startswith(("test_", "bench_"))
                      or n.startswith(("tests.test_", "benchmarks"))]
    assert found == []
