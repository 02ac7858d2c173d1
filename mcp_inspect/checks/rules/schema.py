"""Schema shape: MCP-003, 004, 005, 006 (the root), 008, 009, 010 (every level), 011 (dialect)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ...patterns.ecma import search
from ..registry import Context, Hit, ToolView, tool_rule
from ..text import a_json_type
from ..walk import Node

_ROOT_COMBINATORS = ("$ref", "allOf", "anyOf", "oneOf")
_TYPE_GIVING = ("type", "const", "enum", "$ref", "$dynamicRef")
_BRANCHES = ("anyOf", "oneOf", "allOf")
#: Keywords whose subschemas apply to the very value of the schema holding them.
_IN_PLACE = frozenset((*_BRANCHES, "if", "then", "else", "not", "dependentSchemas"))
#: ``$schema`` URIs by draft: the path part that names each dialect.
_DRAFTS = (
    (re.compile(r"/draft/2020-12/schema"), "2020-12"),
    (re.compile(r"/draft/2019-09/schema"), "2019-09"),
    (re.compile(r"/draft-0?(\d+)/schema"), "draft-{0:0>2}"),
)
_SPELLED = {"2020-12": "draft 2020-12", "2019-09": "draft 2019-09"}


@tool_rule("MCP-003")
def input_schema_present(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "inputSchema" not in tool.raw:
        yield Hit("inputSchema", variant="missing")
    elif tool.schema is None:
        yield Hit("inputSchema", {"json_type": a_json_type(tool.raw["inputSchema"])}, "not_an_object")


def _is_object_type(value: Any) -> bool:
    return value == "object" or value == ["object"]


@tool_rule("MCP-004")
def root_is_object(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None or not ctx.profile.root_object:
        return
    if "type" not in schema:
        yield Hit("inputSchema.type", variant="no_type")
    elif not _is_object_type(schema["type"]):
        yield Hit("inputSchema.type", {"type": str(schema["type"])}, "other_type")


@tool_rule("MCP-005")
def root_combinators(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None or ctx.profile.root_combinators:
        return
    for key in _ROOT_COMBINATORS:
        if key in schema:
            yield Hit(f"inputSchema.{key}", {"keyword": key, "profile": ctx.profile.name})


@tool_rule("MCP-006")
def root_properties(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None or not ctx.profile.root_properties:
        return
    if "type" in schema and not _is_object_type(schema["type"]):
        return  # MCP-004 already says the root is not an object
    if "properties" not in schema:
        yield Hit("inputSchema", variant="missing")
    elif not isinstance(schema["properties"], dict):
        yield Hit("inputSchema.properties", {"json_type": a_json_type(schema["properties"])}, "not_an_object")


@tool_rule("MCP-008")
def required_exists(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for node in tool.walked["inputSchema"]:
        if "required" not in node.schema:
            continue
        required = node.schema["required"]
        root = node.is_root
        # A branch of anyOf/oneOf without its own properties refers to its parent's: skip it.
        if not isinstance(required, list) or (not root and "properties" not in node.schema):
            continue
        names, patterns = _declared(node.schema)
        enclosing: list[tuple[set[str], list[str]]] | None = None  # made only when a name is missing here
        for index, name in enumerate(required):
            if not isinstance(name, str) or name in names or _pattern_matches(patterns, name):
                continue
            if enclosing is None:
                enclosing = [_declared(up.schema) for up in _enclosing(node)]
            if any(name in up_names or _pattern_matches(up_patterns, name) for up_names, up_patterns in enclosing):
                continue
            yield Hit(f"{node.path}.required[{index}]", {"name": name})


def _declared(schema: dict[str, Any]) -> tuple[set[str], list[str]]:
    """The property names a schema declares, and its patternProperties patterns."""
    props = schema.get("properties")
    patterns = schema.get("patternProperties")
    return (set(props) if isinstance(props, dict) else set(),
            [p for p in patterns if isinstance(p, str)] if isinstance(patterns, dict) else [])


def _enclosing(node: Node) -> Iterator[Node]:
    """The schemas ``node`` is a branch of, nearest first: up through every in-place keyword
    (anyOf, oneOf, allOf, if/then/else, not, dependentSchemas), which all describe the same
    object, and stopping at the first that does not (a property, array items, $defs), which
    describes another. A discriminated union declares its properties once, at the top, and
    lets each branch require some of them."""
    # Node keeps its parent and the keyword that leads to it (to spell its path). Following
    # them gives the chain of this very place, even where a YAML anchor shares one branch
    # object between places with different parents.
    while node.up is not None and node.keyword in _IN_PLACE:
        node = node.up
        yield node


def _pattern_matches(patterns: list[str], name: str) -> bool:
    """Whether a pattern matches ``name``, run on RE2 (patterns.ecma). A pattern that is not
    run (a lookaround, a backreference) counts as matching: the name may be meant for it,
    and a requirement that cannot be judged is not reported."""
    return any(search(pattern, name) is not False for pattern in patterns)


def declares_type(schema: Any, depth: int = 0) -> bool:
    """A type is given directly, by const/enum/$ref, or by every branch of a combinator."""
    if not isinstance(schema, dict) or depth > 32:
        return False
    if any(key in schema for key in _TYPE_GIVING):
        return True
    for key in _BRANCHES:
        branches = schema.get(key)
        if isinstance(branches, list) and branches and all(declares_type(b, depth + 1) for b in branches):
            return True
    return False


@tool_rule("MCP-009")
def property_type(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for prop in tool.input_properties:
        if prop.schema is False:
            continue  # a property that is forbidden needs no type
        if not declares_type(prop.schema):
            yield Hit(prop.path, {"name": prop.name})


@tool_rule("MCP-010")
def nullable(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for key in ("inputSchema", "outputSchema"):
        for node in tool.walked[key]:
            if "nullable" in node.schema:
                yield Hit(f"{node.path}.nullable")


def draft_of(uri: str) -> str | None:
    for pattern, name in _DRAFTS:
        match = pattern.search(uri)
        if match:
            return name.format(*match.groups())
    return None


#: Keywords a draft-06/07 schema may use that draft 2020-12 reads otherwise or not at all
#: (MCP-011 names the first one a schema uses; ``_changed_keyword``).
_DROPPED_AFTER_07 = ("additionalItems", "dependencies")
#: The drafts whose differences from 2020-12 ``_changed_keyword`` knows (draft-03 differs in
#: too much to list).
_READ_DRAFTS = frozenset(("draft-04", "draft-06", "draft-07", "2019-09"))
#: Keywords of 2019-09 that 2020-12 replaced.
_DROPPED_AFTER_2019 = ("additionalItems", "$recursiveRef", "$recursiveAnchor")
#: Siblings of a ``$ref`` that only annotate: draft-07 ignoring them changes no validation.
_ANNOTATIONS = frozenset(("$ref", "description", "title", "$comment", "default", "examples", "deprecated",
                          "readOnly", "writeOnly"))


def _changed_keyword(nodes: list[Node], draft: str) -> tuple[str, str] | None:
    """The first keyword (and where) a schema of ``draft`` uses whose meaning differs in draft
    2020-12: an array-form ``items`` (2020-12's ``prefixItems``), ``additionalItems``,
    ``dependencies``, a ``$ref`` into ``definitions``, a ``$ref`` with validating siblings
    (ignored before 2019-09, applied after), and for draft-04 and older ``id`` and boolean
    ``exclusiveMinimum``/``exclusiveMaximum``. None when it uses none of them."""
    if draft == "2019-09":
        dropped: tuple[str, ...] = _DROPPED_AFTER_2019
        before_2019 = old = False
    else:
        dropped, before_2019 = _DROPPED_AFTER_07, True
        old = draft == "draft-04"
    for node in nodes:
        schema = node.schema
        if isinstance(schema.get("items"), list):
            return "items (an array of schemas)", node.path
        for keyword in dropped:
            if keyword in schema:
                return keyword, node.path
        ref = schema.get("$ref")
        if before_2019 and isinstance(ref, str):
            if "/definitions/" in ref:
                return "$ref into definitions", node.path
            if any(k not in _ANNOTATIONS for k in schema):
                return "$ref with other keywords beside it", node.path
        if old and (isinstance(schema.get("id"), str) or any(
                isinstance(schema.get(k), bool) for k in ("exclusiveMinimum", "exclusiveMaximum"))):
            return "id" if isinstance(schema.get("id"), str) else "a boolean exclusiveMinimum or exclusiveMaximum", \
                node.path
    return None


@tool_rule("MCP-011")
def dialect(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    wanted = ctx.profile.draft
    if wanted is None:
        return
    for key in ("inputSchema", "outputSchema"):
        schema = tool.raw.get(key)
        if not isinstance(schema, dict) or "$schema" not in schema:
            continue
        uri = schema["$schema"]
        draft = draft_of(uri) if isinstance(uri, str) else None
        if draft == wanted:
            continue
        facts = {"schema": key, "profile": ctx.profile.name, "wanted": _SPELLED.get(wanted, wanted)}
        if draft:
            facts["draft"] = _SPELLED.get(draft, draft)
            # The message tells a declaration that changes nothing from one that does (trial
            # dec02, D14): the contract fires either way, the reader acts on the second.
            known = wanted == "2020-12" and draft in _READ_DRAFTS
            changed = _changed_keyword(tool.walked[key], draft) if known else None
            if changed is not None:
                yield Hit(f"{key}.$schema", {**facts, "keyword": changed[0], "place": changed[1]}, "changed_keyword")
            elif known:
                yield Hit(f"{key}.$schema", facts, "no_changed_keyword")
            else:
                yield Hit(f"{key}.$schema", facts)
        else:
            # A $schema that is not a string is said as sorted JSON, so the finding does not
            # depend on the order the server wrote its keys in.
            said = uri if isinstance(uri, str) else json.dumps(uri, sort_keys=True, ensure_ascii=False)
            yield Hit(f"{key}.$schema", {**facts, "uri": said}, "unknown_dialect")
