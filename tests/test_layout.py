"""The package's shape: small modules and classes, and no import circles.

A reader should find a rulebook section's code by its name and hold one module in their head; a
circle of imports means two modules that cannot be understood (or tested) one without the other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "laguna"
MAX_MODULE_LINES = 800
MAX_CLASS_LINES = 400


def _modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement wherever it stands: a function's and one only type checkers read
    (``if TYPE_CHECKING:``) tie two modules together as much as one at the top."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def _imported(module: str, path: Path) -> set[str]:
    """The modules of the package that `module` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets: set[str] = set()
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            targets.add(submodule if submodule in MODULES else base)
    return {target for target in targets if target in MODULES and target != module}


def import_graph() -> dict[str, set[str]]:
    return {module: _imported(module, path) for module, path in MODULES.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_reads_imports_of_every_form() -> None:
    graph = import_graph()
    assert "laguna.core.game" in graph["laguna.core.registry"]  # from laguna.core.game import Game
    assert "laguna.core" in graph["laguna.bots.evaluation"]  # from laguna.core import GameState
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    assert circles(import_graph()) == []


def test_rules_never_import_a_bots_judgement() -> None:
    for module, targets in import_graph().items():
        if module.startswith("laguna.games.") and module.endswith(".state"):
            assert not any(target.endswith(".heuristics") for target in targets), module


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_stay_small(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_MODULE_LINES, f"{module} has {lines} lines"


def test_classes_stay_small() -> None:
    large = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > MAX_CLASS_LINES:
                    large.append(f"{module}.{node.name}: {length} lines")
    assert large == []
