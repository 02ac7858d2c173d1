"""One scan of a source tree: every registration the queries find, and the lookups the
reports need.

The query files (``queries/*.scm``) speak in capture names, read here and nowhere else:

- ``@registration`` spans one registration, with ``(#set! kind "tool")`` (or ``prompt``,
  ``resource``, ``resourceTemplate``) and ``@name``, the node naming it: a string literal,
  or a constant's name that the same file gives a string value (``@const.name`` /
  ``@const.value``, with ``@const.scope`` for ``Enum.MEMBER``); ``(#set! spelling
  "function")`` says the ``@name`` identifier is the name itself (a decorated function), and
  a ``name=`` among ``@arguments`` overrides it;
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
from .grammars import for_path, grammar
from .trees import Tree

#: What a lookup answers when the name is registered at more than one place.
AMBIGUOUS = "ambiguous"

_STRING_NODES = {"string", "interpreted_string_literal", "raw_string_literal", "template_string"}
_QUOTES = "\"'`"


@dataclass
class Registration:
    kind: str
    name: str
    site: SourceLocation
    start: int
    end: int
    properties: dict[str, list[SourceLocation]] = field(default_factory=dict)
    refs: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class CodeMap:
    """The registrations of one tree, by (kind, name); ``files`` were parsed of ``seen`` read."""

    registrations: dict[tuple[str, str], list[Registration]] = field(default_factory=dict)
    files: int = 0
    seen: int = 0
    truncated: bool = False

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
    one). ``prefix`` is put before each path (the tree's place in its repository)."""
    wanted = None if names is None else [name.encode("utf-8") for name in names if name]
    code = CodeMap()
    for path, data in tree.files():
        code.seen += 1
        if wanted is not None and not any(name in data for name in wanted):
            continue
        code.files += 1
        for registration in scan_file(prefix + path, data):
            code.registrations.setdefault((registration.kind, registration.name), []).append(registration)
    code.truncated = tree.truncated
    return code


def scan_file(path: str, data: bytes) -> list[Registration]:
    """The registrations of one file (none for a language the locator does not read)."""
    language = for_path(path)
    if language is None:
        return []
    parsed = grammar(*language)
    import tree_sitter

    root = parsed.parser.parse(data).root_node
    matches = tree_sitter.QueryCursor(parsed.query).matches(root)
    lines = data.split(b"\n")

    def site(node: Any) -> SourceLocation:
        row, column = node.start_point
        text = lines[row][:column].decode("utf-8", "replace") if row < len(lines) else ""
        return SourceLocation(path, row + 1, len(text) + 1)

    constants: dict[str, str] = {}
    #: a schema's name → its declarations by position → their property keys (a query
    #: reports one match per key, so one declaration arrives several times)
    schemas: dict[str, dict[int, list[Any]]] = {}
    for _, captures in matches:
        if "const.name" in captures and "const.value" in captures:
            value = _literal(captures["const.value"][0])
            if value is not None:
                scope = captures.get("const.scope")
                key = _text(captures["const.name"][0])
                constants[f"{_text(scope[0])}.{key}" if scope else key] = value
        if "schema.def" in captures:
            node = captures["schema.def"][0]
            keys = schemas.setdefault(_text(node), {}).setdefault(node.start_byte, [])
            keys.extend(captures.get("schema.property", []))

    registrations: list[Registration] = []
    for index, captures in matches:
        if "registration" not in captures or "name" not in captures:
            continue
        settings = parsed.query.pattern_settings(index)
        node, by_function = captures["name"][0], settings.get("spelling") == "function"
        explicit = _keyword(captures.get("arguments"), "name")
        if explicit is not None:
            node, by_function = explicit, False
        name = _text(node) if by_function else _name(node, constants)
        if name is None:
            continue  # built at run time, or a constant of another file
        kind = str(settings.get("kind"))
        if kind == "resource" and "{" in name:
            kind = "resourceTemplate"
        span = captures["registration"][0]
        registrations.append(Registration(kind, name, site(node), span.start_byte, span.end_byte))

    def around(node: Any) -> Registration | None:
        inside = [one for one in registrations if one.start <= node.start_byte and node.end_byte <= one.end]
        return min(inside, key=lambda one: one.end - one.start) if inside else None

    for _, captures in matches:
        for node in captures.get("property", []):
            owner, key = around(node), _key(node)
            if owner is not None and key is not None:
                _add(owner.properties, key, site(node))
        for node in captures.get("schema.ref", []):
            owner = around(node)
            if owner is not None:
                owner.refs.append((_text(node), node.start_byte))
    for registration in registrations:
        for ref, at in registration.refs:
            declared = schemas.get(ref, {})
            before = [start for start in declared if start < at]
            chosen = next(iter(declared)) if len(declared) == 1 else max(before) if before else None
            for node in declared[chosen] if chosen is not None else []:
                key = _key(node)
                if key is not None:
                    _add(registration.properties, key, site(node))
    return registrations


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
    return constants.get(_text(node))


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
