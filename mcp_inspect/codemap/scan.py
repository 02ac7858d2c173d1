"""One scan of a source tree: every registration the queries find, and the lookups the
reports need.

The query files (``queries/*.scm``) speak in capture names, read here and nowhere else:

- ``@registration`` spans one registration, and ``@tool.name`` (or ``@prompt.name``,
  ``@resource.name``, ``@resourceTemplate.name``) is the node naming it: a string literal,
  or a constant's name that the same file gives a string value (``@const.name`` /
  ``@const.value``, with ``@const.scope`` for ``Enum.MEMBER``); ``@tool.function`` is a
  decorated function's name, the entity's name itself unless a ``name=`` among
  ``@arguments`` overrides it. (The kind is in the capture's name rather than in a
  ``#set!`` directive: py-tree-sitter 0.26 corrupts memory when it frees a query whose
  pattern has both a ``#set!`` and a text predicate.)
- ``@property`` is a property's key; it belongs to the innermost registration around it;
- ``@schema.ref`` inside a registration names a schema the file declares elsewhere, whose
  ``@schema.def`` carries ``@schema.property`` keys (the nearest declaration before the
  reference when the name is declared more than once, as local variables are).

Anything else (a name built at run time, a constant from another file) is not a
registration the scan can see: it gets no location, and is no error. A name registered at
more than one place is ``AMBIGUOUS``: the reports never pick one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..findings.finding import SourceLocation
from ..limits import MAX_SOURCE_PARSE_BYTES
from .grammars import for_path, grammar
from .trees import Tree

#: What a lookup answers when the name is registered at more than one place.
AMBIGUOUS = "ambiguous"

#: The entity kinds a registration's capture may name (``@tool.name``, ``@tool.function``, ...).
_KINDS = frozenset({"tool", "prompt", "resource", "resourceTemplate"})
_STRING_NODES = {"string", "interpreted_string_literal", "raw_string_literal", "template_string"}
_QUOTES = "\"'`"


@dataclass
class Registration:
    kind: str
    name: str
    site: SourceLocation
    #: the byte ranges of the file its properties may lie in: the registration itself, and a
    #: configuration object declared apart (``@extends``)
    spans: list[tuple[int, int]]
    properties: dict[str, list[SourceLocation]] = field(default_factory=dict)
    #: schemas named by constants: (name, byte offset of the reference)
    refs: list[tuple[str, int]] = field(default_factory=list)


#: A schema's declarations: its name → each declaration's property keys and where they are.
Schemas = dict[str, list[list[tuple[str, SourceLocation]]]]


@dataclass
class CodeMap:
    """The registrations of one tree, by (kind, name); ``files`` were parsed of ``seen`` read."""

    registrations: dict[tuple[str, str], list[Registration]] = field(default_factory=dict)
    files: int = 0
    seen: int = 0
    truncated: bool = False
    #: Bytes parsed, against MAX_SOURCE_PARSE_BYTES; ``unparsed`` files were left past it.
    parsed: int = 0
    unparsed: int = 0

    def may_parse(self, data: bytes) -> bool:
        """Whether ``data`` fits in what is left of the scan's parsing budget (and count it)."""
        if self.parsed + len(data) > MAX_SOURCE_PARSE_BYTES:
            self.unparsed += 1
            return False
        self.parsed += len(data)
        return True

    def entity(self, kind: str, name: str) -> SourceLocation | str | None:
        """Where ``name`` of ``kind`` is registered, AMBIGUOUS, or None when not found."""
        found = self._found(kind, name)
        if not found:
            return None
        return found[0].site if len(found) == 1 else AMBIGUOUS

    def property(self, kind: str, name: str, key: str) -> SourceLocation | str | None:
        """Where property ``key`` of the entity is declared, AMBIGUOUS, or None."""
        found = self._found(kind, name)
        if len(found) != 1:
            return AMBIGUOUS if found else None
        sites = found[0].properties.get(key, [])
        if not sites:
            return None
        return sites[0] if len(sites) == 1 else AMBIGUOUS

    def _found(self, kind: str, name: str) -> list[Registration]:
        found = self.registrations.get((kind, name), [])
        unique = {(one.site.file, one.site.line, one.site.column): one for one in found}
        return list(unique.values())


def scan(tree: Tree, names: Iterable[str] | None = None, prefix: str = "") -> CodeMap:
    """Every registration in ``tree``; with ``names``, only files that contain one of them
    are parsed (a registration names its entity in its own file, so no other file can hold
    one). ``prefix`` is put before each path (the tree's place in its repository).

    A schema a registration names but its file does not declare (``zodToJsonSchema(
    issues.GetIssueSchema)``) is looked for in a second pass over the files that mention
    it; it is used when exactly one file declares it."""
    mentions = None if names is None else _Mentions(names)
    code = CodeMap()
    unresolved: dict[str, list[Registration]] = {}
    for path, data in tree.files():
        code.seen += 1
        if mentions is not None and not mentions(data):
            continue
        if not code.may_parse(data):
            continue
        code.files += 1
        registrations, missing = scan_file(prefix + path, data)
        for registration in registrations:
            code.registrations.setdefault((registration.kind, registration.name), []).append(registration)
        for ref, registration in missing:
            unresolved.setdefault(ref, []).append(registration)
    if unresolved:
        _resolve_elsewhere(tree, prefix, unresolved, code)
    code.truncated = tree.truncated
    return code


def _resolve_elsewhere(tree: Tree, prefix: str, unresolved: dict[str, list[Registration]], code: CodeMap) -> None:
    declared: Schemas = {}
    mentions = _Mentions(unresolved)
    for path, data in tree.files():
        if mentions(data) and code.may_parse(data):
            for name, declarations in _schemas(prefix + path, data).items():
                if name in unresolved:
                    declared.setdefault(name, []).extend(declarations)
    for name, registrations in unresolved.items():
        if len(declared.get(name, [])) == 1:  # declared in one place only: never a guess
            for registration in registrations:
                for key, where in declared[name][0]:
                    _add(registration.properties, key, where)


class _Mentions:
    """Whether a file mentions one of the names as a whole word (``get_issue`` is not in
    ``get_issues``), cheaply enough to ask of every file of a large tree: one search for all
    the names at once (a regular expression of plain alternatives, which the engine scans
    for quickly), then a look at the characters around each hit."""

    _WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    def __init__(self, names: Iterable[str]) -> None:
        encoded = sorted({name.encode("utf-8") for name in names if name}, key=len, reverse=True)
        self.pattern = re.compile(b"|".join(re.escape(name) for name in encoded)) if encoded else None

    def __call__(self, data: bytes) -> bool:
        if self.pattern is None:
            return False
        for hit in self.pattern.finditer(data):
            start, end = hit.span()
            if (start == 0 or data[start - 1] not in self._WORD) and (end == len(data) or data[end] not in self._WORD):
                return True
        return False


def _parse(path: str, data: bytes) -> tuple[Any, list[tuple[int, dict[str, list[Any]]]], Any] | None:
    language = for_path(path)
    if language is None:
        return None
    parsed = grammar(*language)
    import tree_sitter

    root = parsed.parser.parse(data).root_node
    return parsed.query, tree_sitter.QueryCursor(parsed.query).matches(root), _Sites(path, data)


class _Sites:
    """A node's place as a SourceLocation: 1-based line, and column in characters."""

    def __init__(self, path: str, data: bytes) -> None:
        self.path, self.lines = path, data.split(b"\n")

    def __call__(self, node: Any) -> SourceLocation:
        row, column = node.start_point
        text = self.lines[row][:column].decode("utf-8", "replace") if row < len(self.lines) else ""
        return SourceLocation(self.path, row + 1, len(text) + 1)


def _declarations(matches: list[tuple[int, dict[str, list[Any]]]]) -> dict[str, dict[int, list[Any]]]:
    """``@schema.def`` → its declarations by position → their ``@schema.property`` keys (a query
    reports one match per key, so one declaration arrives several times)."""
    schemas: dict[str, dict[int, list[Any]]] = {}
    for _, captures in matches:
        if "schema.def" in captures:
            node = captures["schema.def"][0]
            keys = schemas.setdefault(_text(node), {}).setdefault(node.start_byte, [])
            keys.extend(captures.get("schema.property", []))
    return schemas


def _schemas(path: str, data: bytes) -> Schemas:
    """The schemas one file declares, with their keys' places."""
    parsed = _parse(path, data)
    if parsed is None:
        return {}
    _, matches, site = parsed
    out: Schemas = {}
    for name, declarations in _declarations(matches).items():
        for nodes in declarations.values():
            out.setdefault(name, []).append([(key, site(node)) for node in nodes if (key := _key(node)) is not None])
    return out


def scan_file(path: str, data: bytes) -> tuple[list[Registration], list[tuple[str, Registration]]]:
    """The registrations of one file (none for a language the locator does not read), and
    the schemas they name that the file does not declare."""
    parsed = _parse(path, data)
    if parsed is None:
        return [], []
    _, matches, site = parsed
    constants: dict[str, str] = {}
    configs: dict[str, dict[int, Any]] = {}
    for _, captures in matches:
        if "const.name" in captures and "const.value" in captures:
            value = _literal(captures["const.value"][0])
            if value is not None:
                scope = captures.get("const.scope")
                key = _text(captures["const.name"][0])
                constants[f"{_text(scope[0])}.{key}" if scope else key] = value
        if "extends.def" in captures and "extends.body" in captures:
            node = captures["extends.def"][0]
            configs.setdefault(_text(node), {})[node.start_byte] = captures["extends.body"][0]
    schemas = _declarations(matches)

    registrations: list[Registration] = []
    for _, captures in matches:
        if "registration" not in captures:
            continue
        named = next(((key, nodes[0]) for key, nodes in captures.items()
                      if key.endswith((".name", ".function")) and key.split(".")[0] in _KINDS), None)
        if named is None:
            continue
        key, node = named
        kind, by_function = key.split(".")[0], key.endswith(".function")
        explicit = _keyword(captures.get("arguments"), "name")
        if explicit is not None:
            node, by_function = explicit, False
        name = _text(node) if by_function else _name(node, constants)
        if name is None:
            continue  # built at run time, or a constant of another file
        if kind == "resource" and "{" in name:
            kind = "resourceTemplate"
        span = captures["registration"][0]
        registrations.append(Registration(kind, name, site(node), [(span.start_byte, span.end_byte)]))

    def around(node: Any) -> Registration | None:
        inside = [(end - start, one) for one in registrations for start, end in one.spans
                  if start <= node.start_byte and node.end_byte <= end]
        return min(inside, key=lambda pair: pair[0])[1] if inside else None

    for _, captures in matches:
        for node in captures.get("extends", []):
            owner, body = around(node), _nearest(configs.get(_text(node), {}), node.start_byte)
            if owner is not None and body is not None:
                owner.spans.append((body.start_byte, body.end_byte))
    for _, captures in matches:
        for node in captures.get("property", []):
            owner, key = around(node), _key(node)
            if owner is not None and key is not None:
                _add(owner.properties, key, site(node))
        for node in captures.get("schema.ref", []):
            owner = around(node)
            if owner is not None:
                owner.refs.append((_text(node), node.start_byte))
    missing: list[tuple[str, Registration]] = []
    for registration in registrations:
        for ref, at in registration.refs:
            keys = _nearest(schemas.get(ref, {}), at)
            if keys is None:
                if ref not in schemas:
                    missing.append((ref, registration))
                continue
            for node in keys:
                key = _key(node)
                if key is not None:
                    _add(registration.properties, key, site(node))
    return registrations, missing


def _nearest(declared: dict[int, Any], at: int) -> Any | None:
    """The one declaration of a name, or the nearest before ``at`` when there are several (a
    local variable declared in each function); None when none comes before."""
    if len(declared) == 1:
        return next(iter(declared.values()))
    before = [start for start in declared if start < at]
    return declared[max(before)] if before else None


def _add(properties: dict[str, list[SourceLocation]], key: str, where: SourceLocation) -> None:
    sites = properties.setdefault(key, [])
    if where not in sites:
        sites.append(where)


def _text(node: Any) -> str:
    return node.text.decode("utf-8", "replace")


def _literal(node: Any) -> str | None:
    """A string literal's value; None for anything else or a template with substitutions."""
    if node.type not in _STRING_NODES:
        return None
    if any(child.type in ("template_substitution", "interpolation", "escape_sequence") for child in node.children):
        return None
    text = _text(node)
    prefix = re.match(r"[rRbBuU]*", text)
    text = text[prefix.end():] if prefix else text
    for quote in ('"""', "'''", *_QUOTES):
        if len(text) >= 2 * len(quote) and text.startswith(quote) and text.endswith(quote):
            return text[len(quote):-len(quote)]
    return None


def _name(node: Any, constants: dict[str, str]) -> str | None:
    value = _literal(node)
    if value is not None:
        return value
    if node.type in _STRING_NODES:
        return None
    text = _text(node)
    # An enum member's value spelled out (Python: TimeTools.GET_CURRENT_TIME.value) is the member.
    return constants.get(text) or constants.get(text.removesuffix(".value"))


def _key(node: Any) -> str | None:
    """A property key as written: a string's value or an identifier."""
    if node.type in _STRING_NODES:
        return _literal(node)
    if node.type in ("identifier", "property_identifier", "field_identifier"):
        return _text(node)
    return None


def _keyword(arguments: list[Any] | None, keyword: str) -> Any | None:
    """The value node of ``keyword=`` among a call's arguments (Python), if given."""
    for node in arguments[0].children if arguments else []:
        if node.type == "keyword_argument":
            name = node.child_by_field_name("name")
            if name is not None and _text(name) == keyword:
                return node.child_by_field_name("value")
    return None
