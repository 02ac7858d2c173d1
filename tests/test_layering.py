"""The package's layers import downwards only, and no module imports itself in a circle.

Every import statement counts: at module level and inside functions alike (a lazy import
is still a dependency), and an import that names a package (``from . import rules``,
``from .. import x``) counts as an import of that package's ``__init__``. Only imports
under ``if TYPE_CHECKING:`` are left out: they never run.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "mcp_inspect"

#: Lowest first. A module may import its own layer and every layer below it.
LAYERS: list[tuple[str, ...]] = [
    # the values everything shares, and their wording
    ("_version", "errors", "limits", "invisible", "escape", "textdiff", "model", "findings", "catalogue", "phases",
     "schemas", "patterns"),
    ("snapshot",),  # read inputs losslessly, canonicalise, fingerprint, store
    ("live", "sources", "locations", "recording"),  # live servers, the other spellings of a source, recorded calls
    # two sides → changes; one side → checks; definitions → a model's opinion; a change → the value that shows it
    ("classify", "checks", "llm", "evidence"),
    ("config_places", "config"),  # .mcp-inspect.yml: where errors point and how they read; schema, load, validate
    ("policy",),  # overrides, ignores, introduced vs inherited, the gate
    ("report",),  # pure renderers
    ("timeline",),  # a server's history: releases in order, each pair diffed (reads release notes' semver plan)
    # what every command does; the service's inline JSON
    ("executor", "api_settings", "api_store", "api_approve", "api_history", "api", "api_service", "drift"),
    ("cli", "cli_approve", "cli_drift", "cli_history", "cli_options", "cli_output", "cli_serve", "cli_store", "process",
     "serve", "docgen", "__init__", "__main__"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            visit(child)

    visit(tree)
    return found


def edges() -> dict[str, set[str]]:
    """Each module's imports of other modules of the package (a copy of the graph, read once)."""
    return {name: set(targets) for name, targets in _edges().items()}


@functools.cache
def _edges() -> dict[str, frozenset[str]]:
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = here[: len(here) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                if target in known and target != name:
                    graph[name].add(target)
    return {name: frozenset(targets) for name, targets in graph.items()}


def layer_of(name: str) -> int:
    parts = name.split(".")
    key = parts[1] if len(parts) > 1 else "__init__"
    for index, layer in enumerate(LAYERS):
        if key in layer:
            return index
    raise AssertionError(f"{name} belongs to no layer: add it to LAYERS in tests/test_layering.py")


def test_every_module_has_a_layer():
    for name in modules():
        layer_of(name)


def test_no_module_imports_a_higher_layer():
    wrong = sorted(f"{a} (layer {layer_of(a)}) imports {b} (layer {layer_of(b)})"
                   for a, targets in edges().items() for b in targets if layer_of(b) > layer_of(a))
    assert not wrong, "\n".join(wrong)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_import_circle():
    assert cycles(edges()) == []


def test_the_circle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_an_import_of_a_package_counts_as_its_init():
    graph = edges()
    assert "mcp_inspect.checks.rules" in graph["mcp_inspect.checks.engine"]  # from . import rules (in a function)


def test_every_subpackage_imports_as_itself():
    import importlib

    for name, path in modules().items():
        if path.name == "__init__.py" and "." in name:
            module = importlib.import_module(name)
            assert module.__name__ == name and module.__file__ == str(path), name
            parent, _, child = name.rpartition(".")
            assert getattr(importlib.import_module(parent), child) is module, name
