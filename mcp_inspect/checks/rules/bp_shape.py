"""Best practice on a tool's shape (docs/lint.md, BP): BP-009 (outputSchema), BP-010
(icons) and BP-011 (a tool without arguments refuses them; in the recommended reading, a
root whose combinators or ``$ref`` declare properties has arguments, and one that refuses every
argument by another keyword than ``additionalProperties: false`` refuses them).

BP-009 and BP-010 raise or lower single findings from the rule's default, as the
contract's table says; ``--rule CODE=LEVEL`` still sets every finding of the code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from ...findings.severity import Level
from ...snapshot.drafts import LACKING
from ...snapshot.emptiness import refuses_every_value
from ...snapshot.references import References, declared_dialect
from ..registry import Context, Hit, ToolView, tool_rule
from ..text import a_json_type
from ..vocabulary import usable

#: Icon types every client renders (lower-cased); others get a note (BP-010).
ICON_TYPES = frozenset(("image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"))
ICON_THEMES = ("light", "dark")
_DATA_IMAGE = re.compile(r"data:image/[a-z0-9][a-z0-9!#$&^_.+-]*;base64,[a-z0-9+/_-]+={0,2}", re.IGNORECASE)
_SIZE = re.compile(r"any|[1-9][0-9]*x[1-9][0-9]*")


@tool_rule("BP-009")
def output_schema(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "outputSchema" not in tool.raw:
        yield Hit("outputSchema", variant="missing")
        return
    schema = tool.raw["outputSchema"]
    if not isinstance(schema, dict):
        yield Hit("outputSchema", {"json_type": a_json_type(schema)}, "not_an_object", Level.WARNING)
        return
    if "type" not in schema:
        yield Hit("outputSchema.type", variant="no_type", severity=Level.WARNING)
    elif not isinstance(schema["type"], (str, list)):
        yield Hit("outputSchema.type", {"json_type": a_json_type(schema["type"])}, "bad_type", Level.WARNING)
    if not usable(schema.get("description")):
        yield Hit("outputSchema.description", variant="no_description")
    props = schema.get("properties")
    if schema.get("type") == "object" and isinstance(props, dict) and props:
        # Named in sorted order, so the message does not depend on how the keys were written.
        bare = sorted(str(name) for name, sub in props.items()
                      if not (isinstance(sub, dict) and usable(sub.get("description"))))
        if bare:
            yield Hit("outputSchema.properties", {"count": len(bare), "total": len(props), "names": bare[:10]},
                      "undescribed_properties")


def _src_problem(icon: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    if "src" not in icon:
        return "src_missing", {}
    src = icon["src"]
    if not isinstance(src, str):
        return "src_not_a_string", {"json_type": a_json_type(src)}
    trimmed = src.strip()
    if not trimmed:
        return "src_empty", {}
    if _DATA_IMAGE.fullmatch(trimmed):
        return None
    try:
        parts = urlsplit(trimmed)
    except ValueError:
        parts = None
    if parts is not None and parts.scheme.lower() == "https" and parts.netloc:
        return None
    scheme = trimmed.split(":", 1)[0].lower() if ":" in trimmed else ""
    return "src_scheme", {"src": trimmed, "scheme": scheme or "none"}


def _icon_hits(icon: dict[str, Any], path: str) -> Iterator[Hit]:
    found = _src_problem(icon)
    if found is not None:
        variant, args = found
        yield Hit(f"{path}.src", args, variant, Level.ERROR)
    if "mimeType" in icon:
        mime = icon["mimeType"]
        if not isinstance(mime, str):
            yield Hit(f"{path}.mimeType", {"json_type": a_json_type(mime)}, "mime_not_a_string", Level.ERROR)
        elif mime.lower() not in ICON_TYPES:
            yield Hit(f"{path}.mimeType", {"mime": mime}, "mime_unusual", Level.INFO)
        elif mime.lower() == "image/svg+xml":
            yield Hit(f"{path}.mimeType", {"mime": mime}, "mime_svg", Level.INFO)
    if "sizes" in icon:
        sizes = icon["sizes"]
        others = [size for size in sizes if not isinstance(size, str)] if isinstance(sizes, list) else None
        if others is None:
            yield Hit(f"{path}.sizes", {"json_type": a_json_type(sizes)}, "sizes_not_an_array", Level.ERROR)
        elif others:
            yield Hit(f"{path}.sizes", {"json_type": a_json_type(others[0])}, "sizes_not_strings", Level.ERROR)
        else:
            for index, size in enumerate(sizes):
                if not _SIZE.fullmatch(size):
                    yield Hit(f"{path}.sizes[{index}]", {"size": size}, "size_malformed")
    if "theme" in icon and icon["theme"] not in ICON_THEMES:
        yield Hit(f"{path}.theme", {"theme": icon["theme"]}, "theme", Level.ERROR)


@tool_rule("BP-010")
def icons(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "icons" not in tool.raw:
        return
    listed = tool.raw["icons"]
    if not isinstance(listed, list):
        yield Hit("icons", {"json_type": a_json_type(listed)}, "not_an_array", Level.ERROR)
        return
    for index, icon in enumerate(listed):
        if not isinstance(icon, dict):
            yield Hit(f"icons[{index}]", {"json_type": a_json_type(icon)}, "entry_not_an_object", Level.ERROR)
        else:
            yield from _icon_hits(icon, f"icons[{index}]")


#: The root's keywords whose subschemas apply to the root object itself: a ``properties`` in
#: one of them declares arguments of the tool (``not`` declares none). ``dependentSchemas``
#: (draft 7's ``dependencies``, where its values are schemas) apply when a member is present.
_APPLIED_TO_ROOT = ("allOf", "anyOf", "oneOf", "if", "then", "else", "$ref")
_APPLIED_BY_NAME = ("dependentSchemas", "dependencies")
#: The keywords whose schema every member not listed in ``properties`` meets: one that says
#: what such a member must be declares them (zod's ``z.record(z.string())`` writes
#: ``{type: object, additionalProperties: {type: string}}``), one that says nothing does not.
_MEMBER_SCHEMAS = ("additionalProperties", "unevaluatedProperties")
#: What a schema may hold and still say nothing of the value it applies to.
_SAYS_NOTHING = frozenset(("title", "description", "default", "examples", "$comment", "deprecated",
                           "readOnly", "writeOnly"))
#: How many applied subschemas BP-011 reads before it takes the root as declaring arguments.
_APPLIED_LIMIT = 256


def _admits_members(schema: Any) -> bool:
    """Whether a member schema (``additionalProperties``, a ``patternProperties`` entry) admits
    members it says something of: not ``true``, ``{}`` or annotations alone (open, not
    declared), and not one that accepts no value (it refuses them)."""
    if schema is False or not isinstance(schema, dict) or _SAYS_NOTHING.issuperset(schema):
        return False
    return not refuses_every_value(schema)


#: What in a ``propertyNames`` names the members a root takes.
_NAMING = frozenset(("enum", "const", "pattern"))


def _asks_for_members(node: dict[str, Any], lacking: frozenset[str]) -> bool:
    """Whether ``node``, applied to every call (the root, an ``allOf`` branch, a ``$ref``
    target of one), asks for a member or names the members it takes: a non-empty ``required``,
    a ``minProperties`` of one or more, a ``propertyNames`` with an ``enum``, ``const`` or
    ``pattern`` (hostile trial, round 32: BP-011 told ``{required: ["query"]}`` and zod 4's
    ``z.record`` root, ``{propertyNames: {pattern: …}, additionalProperties: {}}``, to close
    themselves, which refuses every call), a ``const`` or ``enum`` no object of which is
    empty (round 36: ``{const: {mode: x}}`` names the member of every call; a value that is
    not an object is no call). Not in a branch that may not apply (``if``, an
    ``anyOf``/``oneOf`` branch): ``{if: {required: [x]}, then: false}`` takes no argument
    (round 33)."""
    required = node.get("required")
    if isinstance(required, list) and required:
        return True
    named = [node["const"]] if "const" in node and "const" not in lacking else node.get("enum")
    if isinstance(named, list) and all(value != {} for value in named):
        return True
    least = node.get("minProperties")
    if isinstance(least, (int, float)) and not isinstance(least, bool) and least >= 1:
        return True
    names = node.get("propertyNames")
    return "propertyNames" not in lacking and isinstance(names, dict) and bool(_NAMING.intersection(names)) \
        and not refuses_every_value(names, "string")


def _declares_members(node: dict[str, Any], lacking: frozenset[str]) -> bool:
    """Whether ``node`` itself declares members: a non-empty ``properties``; a ``patternProperties``
    with an entry that admits some (``{"^x-": {type: string}}``: hostile trial, round 31, BP-011
    said such a root took no arguments and asked to close it, which refuses every ``x-*`` one);
    or an ``additionalProperties`` or ``unevaluatedProperties`` schema that says what a member is
    (a keyword the root's draft lacks declares nothing, as it refuses nothing)."""
    props = node.get("properties")
    if isinstance(props, dict) and props:
        return True
    patterns = node.get("patternProperties")
    # A pattern names the members it admits, so even an empty schema declares them; false refuses them.
    if isinstance(patterns, dict) and any(sub is True or (isinstance(sub, dict) and not refuses_every_value(sub))
                                          for sub in patterns.values()):
        return True
    return any(_admits_members(node.get(key)) for key in _MEMBER_SCHEMAS if key not in lacking)


#: How deep ``_asks`` follows ``$ref``, ``allOf`` and unions inside a union's branch.
_BRANCH_DEPTH = 16


def _union_asks(branches: Any, refs: References, lacking: frozenset[str], depth: int = 0) -> bool:
    """Whether every branch of a union (``anyOf``/``oneOf``) asks for a member (``_asks``)."""
    return isinstance(branches, list) and bool(branches) and all(
        _asks(branch, refs, lacking, depth) for branch in branches)


def _asks(schema: Any, refs: References, lacking: frozenset[str], depth: int = 0) -> bool:
    """Whether every call a branch accepts holds a member: it asks for one (``_asks_for_members``),
    directly, through its ``$ref`` (siblings beside it too, chains followed), an ``allOf``
    branch, a union every branch of which does, or an ``if`` or its ``then``, and an ``else``,
    that both do; a branch that accepts no call (``false``, ``{not: {}}``, ``{type: string}``:
    a call is an object) asks for whatever the others do (hostile trial, round 35:
    ``{$ref: …, description: …}``, a chain of ``$ref``s, a nested ``anyOf``, ``allOf:
    [{required: [url]}]`` and a ``false`` branch were read as asking for nothing, and the root
    told to close; round 36: ``{not: {}}`` and a string branch, and ``then`` and ``else``
    each asking, were too)."""
    if not isinstance(schema, dict | bool) or depth > _BRANCH_DEPTH:
        return False
    if _refuses_every_call(schema, refs):
        return True
    if not isinstance(schema, dict):
        return False
    if _asks_for_members(schema, lacking):
        return True
    target = schema.get("$ref")
    found = refs.locate(target) if isinstance(target, str) else None
    if found is not None and _asks(found[1], refs, lacking, depth + 1):
        return True
    branches = schema.get("allOf")
    if isinstance(branches, list) and any(_asks(branch, refs, lacking, depth + 1) for branch in branches):
        return True
    # A call meets ``if`` and ``then``, or ``else``; an absent ``then`` or ``else`` accepts anything.
    if "if" not in lacking and "if" in schema and \
            (_asks(schema["if"], refs, lacking, depth + 1) or _asks(schema.get("then", {}), refs, lacking, depth + 1)) \
            and _asks(schema.get("else", {}), refs, lacking, depth + 1):
        return True
    return any(_union_asks(schema.get(key), refs, lacking, depth + 1) for key in ("anyOf", "oneOf"))


def _refuses_every_call(schema: dict[str, Any] | bool, refs: References) -> bool:
    """Whether a subschema accepts no object (snapshot/emptiness.py's proof), read in the
    root's declared draft; its ``$ref``s are left unread, as accepting anything."""
    declared = refs.root.get("$schema") if isinstance(refs.root, dict) else None
    if isinstance(schema, dict) and isinstance(declared, str) and "$schema" not in schema:
        schema = {**schema, "$schema": declared}
    return refuses_every_value(schema, "object")


def declares_arguments(schema: dict[str, Any], asked: bool = True) -> bool:
    """Whether the root, or a subschema applied to it (a combinator's branch, ``if``/``then``/
    ``else``, the target of a local ``$ref``, a ``dependentSchemas`` entry, at any nesting of
    these), declares members (``_declares_members``), or, where ``asked``, every call holds one
    (``_asks``). Bounded and safe against cycles: each subschema is read once, and past
    ``_APPLIED_LIMIT`` of them the answer is yes, the quiet one."""
    refs = References(schema)
    lacking = LACKING[declared_dialect(schema)]
    seen: set[tuple[int, bool]] = set()
    # Each subschema with whether it applies to every call (the root, allOf, $ref of such).
    stack: list[tuple[Any, bool]] = [(schema, True)]
    while stack:
        node, always = stack.pop()
        if not isinstance(node, dict) or (id(node), always) in seen:
            continue
        if len(seen) >= _APPLIED_LIMIT:
            return True
        seen.add((id(node), always))
        # A member asked for by a node every call meets, or by every branch of its union
        # (hostile trial, round 34: {anyOf: [{required: [url]}, {required: [path]}]} was told to close).
        if _declares_members(node, lacking) or (asked and always and _asks(node, refs, lacking)):
            return True
        for key in _APPLIED_TO_ROOT:
            value = node.get(key)
            applies = always and key in ("allOf", "$ref")
            if key == "$ref":
                found = refs.locate(value) if isinstance(value, str) else None
                if found is not None:
                    stack.append((found[1], applies))
            elif isinstance(value, list):
                stack.extend((branch, applies) for branch in value)
            else:
                stack.append((value, applies))
        for key in _APPLIED_BY_NAME:
            if key in lacking:  # draft 7 reads no dependentSchemas, 2019-09 on no dependencies
                continue
            value = node.get(key)
            if isinstance(value, dict):  # draft 7's lists of names are not schemas, and are skipped
                stack.extend((entry, False) for entry in value.values())
    return False


#: The root's keywords that refuse every argument when their schema accepts no value of the
#: given JSON type (any value; a property name is a string), as ``additionalProperties: false``
#: does: ``{"not": {}}``, 2019-09's ``unevaluatedProperties: false``, ``propertyNames: false``.
_REFUSING_SCHEMAS = (("additionalProperties", None), ("unevaluatedProperties", None), ("propertyNames", "string"))
#: Of those, the ones that refuse only the members nothing else declares or evaluates.
_REFUSING_UNDECLARED = frozenset(("additionalProperties", "unevaluatedProperties"))


def refuses_arguments(schema: dict[str, Any], members_declared: bool = False) -> str | None:
    """How a root refuses every argument other than by ``additionalProperties: false`` (the
    keyword, as a message says it): ``maxProperties`` below 1, or a schema of
    ``_REFUSING_SCHEMAS`` that accepts no value (snapshot/emptiness.py's proof); else None. A
    keyword the root's declared draft does not read refuses nothing (a draft-07
    ``unevaluatedProperties``), and where ``members_declared`` the members declared elsewhere
    are evaluated, so ``additionalProperties`` and ``unevaluatedProperties`` refuse them no
    more (hostile trial, round 33: ``{required: [q], maxProperties: 0}`` still refuses them)."""
    lacking = LACKING[declared_dialect(schema)]
    most = schema.get("maxProperties")
    if "maxProperties" not in lacking and isinstance(most, int | float) and not isinstance(most, bool) and most < 1:
        return f"maxProperties: {most}"
    for key, of_type in _REFUSING_SCHEMAS:
        if members_declared and key in _REFUSING_UNDECLARED:
            continue
        if key in schema and key not in lacking and refuses_every_value(schema[key], of_type):
            return f"{key}: false" if schema[key] is False else \
                f"{key}, a schema no {'name' if of_type == 'string' else 'value'} meets"
    return None


@tool_rule("BP-011")
def open_without_arguments(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None or schema.get("type") != "object":
        return
    props = schema.get("properties")
    if isinstance(props, dict) and props:
        return
    if schema.get("additionalProperties") is False:
        return
    # The recommended reading: arguments declared in the root's combinators or behind its $ref
    # are arguments. An intersection (zod's .and()) has no root properties, and the advice to
    # close the root would then refuse every call (MCP-014) (hostile trial, round 24).
    declared = declares_arguments(schema)
    if ctx.narrow("BP-011") and declared:
        return
    # A root that refuses every argument by another keyword (unevaluatedProperties: false,
    # maxProperties: 0, additionalProperties: {"not": {}}, propertyNames: false) does what the
    # rule asks: the recommended reading is quiet, and the contract's says how it refuses, where
    # "does not refuse them" was false (hostile trial, round 30).
    # Only a member declared is evaluated: one asked for alone (``required``, ``minProperties``)
    # is refused by additionalProperties and unevaluatedProperties like any other (hostile
    # trial, round 36: {required: [q], additionalProperties: {not: {}}} "does not refuse them").
    refused_by = refuses_arguments(schema, members_declared=declared and declares_arguments(schema, asked=False))
    if refused_by is not None and ctx.narrow("BP-011"):
        return
    stated = "absent" if "additionalProperties" not in schema else \
        "true" if schema["additionalProperties"] is True else "a schema"
    if refused_by is not None:
        yield Hit("inputSchema", {"additional": stated, "keyword": refused_by}, "refused_otherwise")
    else:
        yield Hit("inputSchema", {"additional": stated})
