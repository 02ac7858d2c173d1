"""Which input properties are sinks (MCP-022): shell commands, file paths, SQL, URLs.

A property is judged by the words of its name (``repo_path`` → repo, path), split on
case changes and separators, never by substring, so ``profile`` holds no ``file`` and
``fileId`` names an identifier, not a path. Words that only sometimes mean a sink
(``code``, ``query``, ``source``) count only when the tool's own text says so. A sink
is *constrained* when its schema limits the values (``enum``, ``const`` or ``pattern``);
``maxLength`` and ``format`` limit the shape, not where the value leads.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

_SHELL = {"command", "commands", "cmd", "cmds", "cmdline", "commandline", "shell", "bash", "sh", "zsh",
          "powershell", "pwsh", "script", "exec"}
_FILE = {"path", "paths", "filepath", "filepaths", "filename", "filenames", "dirname",
         "directory", "directories", "folder", "folders", "dirpath", "file", "files", "cwd", "workdir"}
_URL = {"url", "urls", "uri", "uris", "href", "endpoint", "endpoints", "webhook", "callback"}
_SQL = {"sql", "sqlquery"}
#: Words that make the sink word a label for something else: ``file_id``, ``url_type``.
_NOT_THE_VALUE = {"id", "ids", "type", "types", "size", "count", "mode", "sha", "hash", "format",
                  "extension", "ext", "encoding", "content", "contents", "data", "text", "body",
                  "mime", "kind", "index", "key", "token", "status", "length", "limit", "pattern",
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
_CONSTRAINTS = frozenset(("enum", "const", "pattern"))


def words(text: str) -> list[str]:
    """``repo_path`` → [repo, path]; ``fileID`` → [file, id]; ``HTMLUrl`` → [html, url]."""
    return [w.lower() for w in _WORD.findall(text)]


def _value_schema(schema: Any) -> dict[str, Any] | None:
    """The schema of the string the property carries: itself, or its items for an array
    of strings. None when the property is not string-valued (numbers, objects, ...)."""
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    # Only type names count; anything else a hostile schema puts there (objects, lists) is no type.
    if type(kind) is str:
        kinds: tuple[str, ...] | list[str] = (kind,)
    else:
        kinds = [k for k in kind if isinstance(k, str)] if isinstance(kind, list) else ()
    if "array" in kinds and isinstance(schema.get("items"), dict):
        return _value_schema(schema["items"])
    if kind is None or "string" in kinds:
        if kind is None and any(k in schema for k in ("properties", "items", "$ref", "anyOf", "oneOf", "allOf")):
            return None
        return schema
    return None


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
    if not parts or parts[-1] in _NOT_THE_VALUE:
        return None, ()
    present = set(parts)
    for vocabulary, kind in _KIND:
        if present & vocabulary:
            return kind, ()
    return None, tuple((frozenset(needs), kind) for vocabulary, needs, kind in _CONTEXTUAL if present & vocabulary)


def unconstrained(schema: Any) -> bool:
    value = _value_schema(schema)
    return value is not None and _CONSTRAINTS.isdisjoint(value)
