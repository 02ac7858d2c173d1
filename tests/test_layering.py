"""The package's layers import downwards only, and no import circle exists at any level.

Every import statement counts: at module level and inside functions alike (a lazy import
is still a dependency), under ``if TYPE_CHECKING:`` too (a type-only import still ties the
two modules' meanings together), and an import that names a package (``from . import
rules``, ``from .. import x``) counts as an import of that package's ``__init__``. A circle
is looked for between modules, and between packages at every depth (``mcp_inspect.report``
and ``mcp_inspect.timeline`` as wholes; ``checks.rules`` and ``checks``).

The top of the package holds packages by concept and a handful of single-concept modules
(``TOP_LEVEL``); every package opens with a docstring saying what it holds and what it
may import.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "mcp_inspect"

#: Lowest first. A module may import its own layer and every layer below it.
LAYERS: list[tuple[str, ...]] = [
    # the values everything shares, their wording, text handling and the process plumbing
    ("_version", "errors", "limits", "text", "model", "findings", "catalogue", "runtime",
     "schemas", "patterns"),
    ("snapshot",),  # read inputs losslessly, canonicalise, fingerprint, store
    # live servers, the spellings of a source, recorded calls, where the server's code registers an entity
    ("live", "sources", "recording", "codemap"),
    # two sides → changes; one side → checks; definitions → a model's opinion; a change → the value that shows it
    ("classify", "checks", "llm", "evidence"),
    ("config",),  # .mcp-inspect.yml: schema, load, validate; the entries that waive findings; where errors point
    ("policy",),  # overrides, ignores, introduced vs inherited, the gate
    ("report",),  # pure renderers
    ("timeline",),  # a server's history: releases in order, each pair diffed (reads release notes' semver plan)
    # what every command does (api.py); drift of an mcp.json
    ("api", "drift"),
    ("cli", "serve", "docgen", "__init__", "__main__"),  # the front ends and the package's public names
]

#: The modules at the top of the package; everything else lives in a package named for its
#: concept. Each of these is one concept that has no family: the public names and the entry
#: points (``__init__``, ``__main__``, ``api``, ``docgen``), the version, the exit-code errors,
#: every bound on work, the input values, the rule catalogue's reader, and the policy pass.
TOP_LEVEL = {"__init__", "__main__", "_version", "api", "catalogue", "docgen", "errors", "limits", "model", "policy"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module: at module level, in functions, under ``if``
    (``TYPE_CHECKING`` included)."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


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


def packages_at(graph: dict[str, set[str]], depth: int) -> dict[str, set[str]]:
    """The graph of ``graph``'s names cut to their first ``depth`` parts (a module deeper
    than that counts as its package), without the edges inside one package."""
    def cut(name: str) -> str:
        return ".".join(name.split(".")[:depth])

    out: dict[str, set[str]] = {cut(name): set() for name in graph}
    for name, targets in graph.items():
        out[cut(name)].update(cut(t) for t in targets if cut(t) != cut(name))
    return out


def test_no_circle_between_packages_at_any_depth():
    graph = edges()
    deepest = max(len(name.split(".")) for name in graph)
    found = {depth: cycles(packages_at(graph, depth)) for depth in range(2, deepest)}
    assert all(not circles for circles in found.values()), found


def test_the_package_circle_finder_sees_through_modules():
    graph = {"p.a.x": {"p.b.y"}, "p.b.y": set(), "p.b.z": {"p.a.w"}, "p.a.w": set()}
    assert cycles(packages_at(graph, 2)) == [["p.a", "p.b"]]
    assert cycles(graph) == []


def test_type_only_and_function_local_imports_count():
    graph = edges()
    assert "mcp_inspect.findings.release" in graph["mcp_inspect.findings.history"]  # if TYPE_CHECKING:
    assert "mcp_inspect.classify.walker" in graph["mcp_inspect.classify.containers"]  # if TYPE_CHECKING:
    assert "mcp_inspect.snapshot.cycles" in graph["mcp_inspect.snapshot.canonical"]  # in a function


def test_the_top_level_holds_packages_and_single_concept_modules():
    loose = {path.stem for path in PACKAGE.glob("*.py")}
    assert loose == TOP_LEVEL, f"not a package: {sorted(loose - TOP_LEVEL)}; gone: {sorted(TOP_LEVEL - loose)}"


def test_every_package_says_what_it_holds_and_what_it_may_import():
    silent = []
    for path in sorted(PACKAGE.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if "May import:" not in doc or len(doc.split("May import:")[0].split()) < 5:
            silent.append(str(path.relative_to(PACKAGE.parent)))
    assert not silent, silent


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


#: Folders of tests/ that are not a package's: the test data, the tests of the documentation,
#: end-to-end runs of the whole tool (the Action, pre-commit), random inputs through the whole
#: pipeline (fuzz); every other folder is named for the package whose code its tests exercise.
TEST_FOLDERS_OF_NO_PACKAGE = {"data", "docs", "e2e", "fuzz"}


def test_the_tests_are_arranged_like_the_package():
    """A developer who changes ``mcp_inspect/classify/branches.py`` finds its tests in
    tests/classify/: each test folder mirrors a package (or is one of the few that test the
    tool as a whole), and a test file at the top tests a top-level module or the package as a
    whole (the layering)."""
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - packages - TEST_FOLDERS_OF_NO_PACKAGE == set()
    top = {p.stem.removeprefix("test_") for p in (ROOT / "tests").glob("test_*.py")}
    subjects = {"api_arguments": "api", "api_parity": "api", "lifecycle": "policy", "layering": "__init__"}
    assert {subjects.get(name, name) for name in top} <= TOP_LEVEL, top
