"""The schemas themselves (docs/lint.md, SCH): SCH-004 (a valid JSON Schema whose local
references resolve), SCH-009 (no network ``$ref``) and SCH-010 (``x-mcp-header``).

All three read the schema positions ``walk.nodes`` visits (the walk every check shares), so
a ``$ref`` written inside ``enum``, ``const``, ``default`` or ``examples`` is a value, never
a reference, and nothing under an unknown keyword is judged.

SCH-004 validates each schema against the meta-schema of its dialect (``sch_meta``) and
resolves its ``$ref``s offline: a reference to another document is unresolvable, never
fetched. A plain JSON pointer in a document without nested ``$id`` is followed here; any
other reference is looked up with ``referencing`` (imported on first use).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from ...findings.words import fill
from ..registry import Context, Hit, ToolView, tool_rule
from ..walk import Node
from .sch_meta import meta_errors

#: ``$schema`` values SCH-004 accepts, by dialect (no ``$schema``: 2020-12).
DIALECTS = {
    "https://json-schema.org/draft/2020-12/schema": "2020-12",
    "https://json-schema.org/draft/2020-12/schema#": "2020-12",
    "http://json-schema.org/draft-07/schema": "draft-07",
    "http://json-schema.org/draft-07/schema#": "draft-07",
    "https://json-schema.org/draft-07/schema": "draft-07",
    "https://json-schema.org/draft-07/schema#": "draft-07",
}
_SPELLED = {"2020-12": "draft 2020-12", "draft-07": "draft-07"}
#: The revisions under which a network ``$ref`` is SCH-009's rather than SCH-004's.
NETWORK_REFS_ARE_SCH_009 = frozenset({"2026-07-28"})
#: How many unresolvable references a SCH-004 message quotes.
_QUOTED_REFS = 5


def _shown(value: Any) -> str:
    """A value as JSON text on one line, control characters escaped, cut at 80 characters."""
    return json.dumps(value, ensure_ascii=True, default=str, sort_keys=True)[:80]


def is_network_ref(ref: str) -> bool:
    """A reference that names a network location: ``http:``, ``https:`` or scheme-relative ``//``."""
    return ref[:8].lower().startswith(("http://", "https://", "//"))


# --- SCH-004 -------------------------------------------------------------------------------


def points_into(document: Any, pointer: str) -> bool:
    """Whether a JSON pointer (a ``$ref`` fragment, percent-encoded) names a place of
    ``document``, followed step by step as ``referencing`` follows one."""
    if not pointer:
        return True
    contents = document
    for step in unquote(pointer[1:]).split("/"):
        try:
            if isinstance(contents, (list, str)):
                contents = contents[int(step)]
            elif isinstance(contents, dict):
                contents = contents[step.replace("~1", "/").replace("~0", "~")]
            else:
                return False
        except (LookupError, ValueError):
            return False
    return True


def _resolvers(walked: list[Node], dialect: str) -> dict[Node, Any] | None:
    """A ``referencing`` resolver for each walked node, with the base URI its ``$id``s give
    it; None when the document's identifiers are too malformed to read (the meta-schema
    says so)."""
    from referencing import Registry
    from referencing.jsonschema import DRAFT7, DRAFT202012

    spec = DRAFT202012 if dialect == "2020-12" else DRAFT7
    try:
        resource = spec.create_resource(walked[0].schema)
        uri = resource.id() or ""
        registry = Registry().with_resource(uri, resource).crawl()
    except Exception:
        return None
    resolvers: dict[Node, Any] = {walked[0]: registry.resolver(base_uri=uri)}
    for node in walked[1:]:
        resolver = resolvers.get(node.up, resolvers[walked[0]]) if node.up is not None else resolvers[walked[0]]
        if isinstance(node.schema.get("$id"), str):
            with contextlib.suppress(Exception):  # an $id that is no URI reference keeps the base
                resolver = resolver.in_subresource(spec.create_resource(node.schema))
        resolvers[node] = resolver
    return resolvers


def _found(resolver: Any, ref: str) -> bool:
    try:
        resolver.lookup(ref)
    except Exception:  # Unresolvable, or a pointer step that cannot index (#/anyOf/x)
        return False
    return True


def unresolved_refs(walked: list[Node], dialect: str, skip_network: bool) -> list[str]:
    """The ``$ref`` values of the walked schema that point nowhere inside the document, in
    document order: a fragment or anchor that names nothing, or another document (never
    fetched). ``skip_network`` leaves out ``http:``, ``https:`` and ``//`` references."""
    refs = [(node, ref) for node in walked if isinstance(ref := node.schema.get("$ref"), str)
            and not (skip_network and is_network_ref(ref))]
    if not refs:
        return []
    # Without a nested $id every "#…" reference is read against the document itself.
    plain = not any("$id" in node.schema for node in walked[1:])
    verdicts: list[bool | None] = [
        points_into(walked[0].schema, ref[1:]) if plain and (ref in ("", "#") or ref.startswith("#/")) else None
        for _, ref in refs]
    if None in verdicts:
        resolvers = _resolvers(walked, dialect)
        if resolvers is None:
            return []
        verdicts = [_found(resolvers[node], ref) if verdict is None else verdict
                    for (node, ref), verdict in zip(refs, verdicts, strict=True)]
    return [ref for (_, ref), verdict in zip(refs, verdicts, strict=True) if not verdict]


def schema_problem(key: str, schema: dict[str, Any], walked: list[Node], revision: str) -> Hit | None:
    """SCH-004's one finding for a schema, or None."""
    declared = schema.get("$schema")
    if "$schema" in schema and not (isinstance(declared, str) and declared in DIALECTS):
        return Hit(f"{key}.$schema", {"schema": key, "uri": declared if isinstance(declared, str)
                                      else _shown(declared)}, "unknown_dialect")
    dialect = DIALECTS.get(declared, "2020-12") if isinstance(declared, str) else "2020-12"
    count, where, detail = meta_errors(schema, dialect, key)
    # Sorted: found in the schema's key order, they made the message (and a JSON report) hang
    # on the order of keys, which says nothing (the seeded fuzzer, found beside round 17).
    refs = sorted(unresolved_refs(walked, dialect, skip_network=revision in NETWORK_REFS_ARE_SCH_009))
    if not count and not refs:
        return None
    facts: dict[str, Any] = {"schema": key, "dialect": _SPELLED[dialect]}
    if count:
        facts.update(errors=count, where=where, detail=detail)
    if refs:
        facts.update(unresolved=len(refs), refs=refs[:_QUOTED_REFS])
    variant = "invalid_and_unresolved" if count and refs else "invalid" if count else "unresolved"
    return Hit(key, facts, variant)


@tool_rule("SCH-004")
def valid_schema(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for key in ("inputSchema", "outputSchema"):
        schema = tool.raw.get(key)
        if isinstance(schema, dict):
            hit = schema_problem(key, schema, tool.walked[key], ctx.settings.spec_version)
            if hit is not None:
                yield hit


# --- SCH-009 -------------------------------------------------------------------------------


@tool_rule("SCH-009")
def network_refs(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for key in ("inputSchema", "outputSchema"):
        for node in tool.walked[key]:
            ref = node.schema.get("$ref")
            if isinstance(ref, str) and is_network_ref(ref):
                yield Hit(node.path + ".$ref", {"ref": ref, "schema": key})


# --- SCH-010 -------------------------------------------------------------------------------

#: RFC 9110 ``token``: one or more ``tchar``.
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_HEADER_TYPES = ("string", "integer", "boolean")
#: SCH-010's problems in the contract's order; the catalogue's data words each one (the
#: placement in two ways: ``placement_root``, ``placement_nested``).
PROBLEMS = ("placement", "not_a_string", "empty", "control", "not_a_token", "duplicate", "type")


def _placement(node: Node) -> str | None:
    """None for a node reached from the root through ``properties`` entries alone; else
    the keyword that takes it elsewhere (``"$root"`` for the root itself)."""
    if node.up is None:
        return "$root"
    outside = None
    while node.up is not None:
        if node.keyword != "properties":
            outside = node.keyword  # the step nearest the root wins
        node = node.up
    return outside


@tool_rule("SCH-010")
def header_names(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    words = ctx.data("SCH-010").get("problems") or {}
    seen: dict[str, str] = {}  # lower-cased passing value → the path that declared it first
    for node in tool.walked["inputSchema"]:
        if "x-mcp-header" not in node.schema:
            continue
        value = node.schema["x-mcp-header"]
        problems: list[str] = []
        facts: dict[str, Any] = {"type": _shown(node.schema["type"]) if "type" in node.schema else "absent"}
        under = _placement(node)
        if under is not None:
            problems.append("placement")
            facts["under"] = under
        if not isinstance(value, str):
            problems.append("not_a_string")
        else:
            problems += [name for name, holds in (("empty", not value), ("control", bool(_CONTROL.search(value))),
                                                  ("not_a_token", not _TOKEN.fullmatch(value))) if holds]
            if not {"empty", "control", "not_a_token"} & set(problems):
                first = seen.setdefault(value.lower(), node.path)
                if first != node.path:
                    problems.append("duplicate")
                    facts["first"] = first
        if node.schema.get("type") not in _HEADER_TYPES:
            problems.append("type")
        if problems:
            yield Hit(node.path + ".x-mcp-header", {
                "header": _shown(value), "problems": problems,
                "reasons": "; ".join(_reason(words, problem, facts) for problem in problems), **facts})


def _reason(words: dict[str, str], problem: str, facts: dict[str, Any]) -> str:
    if problem == "placement":
        problem = "placement_root" if facts["under"] == "$root" else "placement_nested"
    template = words.get(problem)
    return fill(template, facts) if template else problem
