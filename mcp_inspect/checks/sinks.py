"""Which input properties are sinks (MCP-022): shell commands, file paths, SQL, URLs.

A property is judged by the words of its name (``repo_path`` → repo, path), split on
case changes and separators, never by substring, so ``profile`` holds no ``file`` and
``fileId`` names an identifier, not a path. Words that only sometimes mean a sink
(``code``, ``query``, ``source``) count only when the tool's own text says so. A plural
counts as its singular (``scripts``, ``imageURLs``), and ``dir`` after sort or order is a
direction (``sort_dir``), not a directory. A sink is *constrained* when its schema
limits the values (``enum``, ``const`` or ``pattern``); ``maxLength`` and ``format``
limit the shape, not where the value leads. An optional string written as a union
(``anyOf: [{type: string}, {type: null}]``, as pydantic and FastMCP write it) is judged
by its branches: a sink when every branch that is not null carries a string,
constrained when any of them is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from ..limits import MAX_WALK_DEPTH

# An acronym with a lower-case plural s is one word (URLs, fileIDs): without the first
# alternative the s took the acronym's last letter with it ("URLs" read as ur, ls).
_WORD = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

_SHELL = {"command", "commands", "cmd", "cmds", "cmdline", "commandline", "shell", "bash", "sh", "zsh",
          "powershell", "pwsh", "script", "exec"}
_FILE = {"path", "paths", "filepath", "filepaths", "filename", "filenames", "dirname",
         "directory", "directories", "folder", "folders", "dirpath", "file", "files", "cwd", "workdir"}
_URL = {"url", "urls", "uri", "uris", "href", "endpoint", "endpoints", "webhook", "callback"}
_SQL = {"sql", "sqlquery"}
#: Words that make the sink word a label for something else: ``file_id``, ``url_type``.
_NOT_THE_VALUE = {"id", "ids", "type", "types", "size", "count", "mode", "sha", "hash", "format",
                  "extension", "ext", "encoding", "content", "contents", "data", "text", "body",
                  "mime", "kind", "index", "key", "token", "secret", "password", "status", "length", "limit", "pattern",
                  "patterns", "description", "title", "label", "number", "version", "template",
                  "style", "timeout", "exists", "flag", "enabled", "allowed", "dialect", "language", "lang"}
#: Words that are sinks only in the right company: (words of the property, context that must
#: appear in the tool's name or text, the sink they then are).
_CONTEXTUAL = (
    ({"code", "source", "program", "snippet", "expression"},
     {"execute", "executes", "exec", "eval", "evaluate", "evaluates", "interpreter", "python", "javascript",
      "repl", "sandbox", "shell"}, "code"),
    ({"query", "statement", "stmt"},
     {"sql", "sqlite", "postgres", "postgresql", "mysql", "select", "ddl", "dml"}, "SQL"),
    ({"source", "destination", "src", "dest", "dir", "dirs"},
     {"file", "files", "directory", "directories", "folder", "folders", "path", "paths"}, "file path"),
)
_KIND = (( _SHELL, "shell command"), (_SQL, "SQL"), (_URL, "URL"), (_FILE, "file path"))
#: Words before ``dir`` that make it a sort direction (``sort_dir``, ``orderDir``), not a directory.
_ORDERING = {"sort", "sorting", "sorted", "order", "ordering", "ordered"}
_CONSTRAINTS = frozenset(("enum", "const", "pattern"))
_UNIONS = ("anyOf", "oneOf")
_COMBINATORS = frozenset((*_UNIONS, "allOf"))


def words(text: str) -> list[str]:
    """``repo_path`` → [repo, path]; ``fileID`` → [file, id]; ``HTMLUrl`` → [html, url];
    ``imageURLs`` → [image, urls]."""
    return [w.lower() for w in _WORD.findall(text)]


def _singular(word: str) -> str:
    """``paths`` → path, ``directories`` → directory, ``hashes`` → hash, ``statuses`` →
    status. Only used to look a word up next to its own spelling, so a wrong guess for a
    word outside the vocabularies (``exists`` → exist) changes nothing."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "uses")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") in ("null", ["null"])
                                         or ("const" in schema and schema["const"] is None))


def _value_schemas(schema: Any, depth: int = 0) -> list[dict[str, Any]] | None:
    """The schemas that limit the string the property carries: itself, with the branches of
    its anyOf/oneOf/allOf, or its items' for an array of strings. None when the property is
    not string-valued (numbers, objects, a ``$ref`` this rule does not follow), or when a
    union has a branch that is neither null nor a string."""
    if not isinstance(schema, dict) or depth > MAX_WALK_DEPTH:
        return None
    kind = schema.get("type")
    # Only type names count; anything else a hostile schema puts there (objects, lists) is no type.
    if type(kind) is str:
        kinds: tuple[str, ...] | list[str] = (kind,)
    else:
        kinds = [k for k in kind if isinstance(k, str)] if isinstance(kind, list) else ()
    if "array" in kinds and isinstance(schema.get("items"), dict):
        return _value_schemas(schema["items"], depth + 1)
    if kind is not None and "string" not in kinds:
        return None
    if kind is None and any(k in schema for k in ("properties", "items", "$ref")):
        return None
    found = [schema]
    if _COMBINATORS.isdisjoint(schema):  # most properties: a plain string
        return found
    for key in ("anyOf", "oneOf", "allOf"):
        if key not in schema:
            continue
        branches = schema[key]
        if not isinstance(branches, list):
            return None
        # A null branch only makes the property optional; every other branch must carry a
        # string, and each may limit it. (In allOf a null branch rules strings out, and
        # the recursion below says so.)
        values = [b for b in branches if isinstance(b, dict) and not (key in _UNIONS and _is_null(b))]
        if not values:
            return None
        for branch in values:
            limits = _value_schemas(branch, depth + 1)
            if limits is None:
                return None
            found += limits
    return found


def sink_kind(name: str, context: set[str] | Callable[[], set[str]]) -> str | None:
    """The kind of sink a property called ``name`` is, in a tool whose text has ``context`` words.

    ``context`` may be a function that makes the set: most names never need it.
    """
    kind, contextual = _name_kinds(name)
    if kind is not None or not contextual:
        return kind
    known = context() if callable(context) else context
    for needs, contextual_kind in contextual:
        if known & needs:
            return contextual_kind
    return None


@functools.lru_cache(maxsize=4096)
def _name_kinds(name: str) -> tuple[str | None, tuple[tuple[frozenset[str], str], ...]]:
    """What the name alone says: the sink it names, or the sinks it may name in the right
    company. Property names repeat across tools (path, query, url), so this is cached."""
    parts = words(name)
    for i in range(1, len(parts)):
        if parts[i] in ("dir", "dirs") and parts[i - 1] in _ORDERING:
            parts[i] = "direction"  # sort_dir is the direction of a sort, not a directory
    if not parts or parts[-1] in _NOT_THE_VALUE or _singular(parts[-1]) in _NOT_THE_VALUE:
        return None, ()
    # A plural sink word is the sink its singular is: scripts, webhooks, dirnames.
    present = set(parts) | {_singular(p) for p in parts}
    for vocabulary, kind in _KIND:
        if present & vocabulary:
            return kind, ()
    return None, tuple((frozenset(needs), kind) for vocabulary, needs, kind in _CONTEXTUAL if present & vocabulary)


def unconstrained(schema: Any) -> bool:
    """A string-valued property none of whose schemas has a pattern, enum or const."""
    values = _value_schemas(schema)
    return values is not None and all(_CONSTRAINTS.isdisjoint(value) for value in values)
