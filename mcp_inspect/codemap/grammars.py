"""The languages the locator reads and the queries each one runs.

A file's extension picks its grammar (the tree-sitter wheels on PyPI: TypeScript and TSX,
JavaScript, Python, Go) and the query files of ``queries/`` that describe its SDKs'
registrations. The patterns are data, as the rule catalogue is: supporting another
framework is a pattern in a ``.scm`` file, read by the conventions ``scan`` documents.
tree-sitter is imported here only, and only when a scan needs a grammar.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError

QUERIES = Path(__file__).with_name("queries")

#: extension → (grammar, the query files it runs). TypeScript, TSX and JavaScript are all read
#: with the TSX grammar (a superset of the three but for the old ``<T>value`` cast, which TSX
#: code cannot use either): its queries take most of a second to compile, once per run, and
#: one grammar for the three pays that once.
_SCRIPT = ("tsx", ("typescript-sdk.scm", "typescript-only.scm"))
EXTENSIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    **dict.fromkeys((".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".jsx"), _SCRIPT),
    ".py": ("python", ("python-sdk.scm",)),
    ".go": ("go", ("go-sdk.scm",)),
}

#: What ``pip install`` line makes the grammars importable.
INSTALL_HINT = "pip install 'mcp-inspect[source]'"


@dataclass(frozen=True)
class Grammar:
    parser: Any
    query: Any


def available() -> bool:
    """Whether tree-sitter and its grammars can be imported (the ``source`` extra)."""
    try:
        _modules()
    except ImportError:
        return False
    return True


@functools.cache
def _modules() -> dict[str, Any]:
    import tree_sitter
    import tree_sitter_go
    import tree_sitter_python
    import tree_sitter_typescript

    return {
        "tree_sitter": tree_sitter,
        "tsx": tree_sitter_typescript.language_tsx,
        "python": tree_sitter_python.language,
        "go": tree_sitter_go.language,
    }


@functools.cache
def grammar(name: str, query_files: tuple[str, ...]) -> Grammar:
    """The parser of ``name`` and its queries compiled as one (cached for the process)."""
    try:
        modules = _modules()
    except ImportError:
        raise InputError(f"locating findings in the source needs tree-sitter: {INSTALL_HINT}"
                         " (or pass --no-source)") from None
    tree_sitter = modules["tree_sitter"]
    language = tree_sitter.Language(modules[name]())
    text = "\n".join((QUERIES / file).read_text(encoding="utf-8") for file in query_files)
    return Grammar(tree_sitter.Parser(language), tree_sitter.Query(language, text))


def for_path(path: str) -> tuple[str, tuple[str, ...]] | None:
    """The grammar and query files of ``path``, or None for a file the locator does not read."""
    dot = path.rfind(".")
    return EXTENSIONS.get(path[dot:].lower()) if dot > path.rfind("/") else None
