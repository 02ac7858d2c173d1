"""Security: SEC-001…SEC-011, the bounds and handling of input parameters (docs/lint.md).

Every rule here reads the parameters at any depth of ``inputSchema`` (checks/parameters.py)
and judges one parameter at a time, by its schema and by the identifier tokens of its name
(checks/vocabulary.py): ``profile`` holds no ``file``, ``author`` no ``auth``. A tool whose
``inputSchema`` is not an object has no parameters here (SCH-003 and MCP-003 say so). The word
lists are the catalogue's data (``rules/checks-sec.yaml``), read through ``Context``.

The codes that judge a parameter "of type T" (SEC-001…SEC-006) ask ``params`` for their
reading: the contract's, or, when the code reads narrowly (``ctx.narrow``), one that also
reads a parameter through its local ``$ref``, alone or inside a nullable union or a one-branch
``allOf`` (``parameters.effective_schema``, which MCP-022 reads too), and T in the union
pydantic and zod 4 write for an optional parameter (``parameters.nullable_reading``), so
every such code reads those spellings alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ...findings.severity import Level
from ...snapshot.dialects import SAFE_INTEGER
from ...snapshot.keywords import accepts_anything
from ...snapshot.references import References
from ..parameters import at_any_depth, effective_schema, nullable_reading, of_type
from ..registry import Context, Hit, ToolView, tool_rule
from ..sinks import names_field
from ..vocabulary import normalised, tokens
from ..walk import step


class Param(NamedTuple):
    """A parameter with what the rules read of its name, made once per definition."""

    name: str
    lower: str
    tokens: tuple[str, ...]
    #: The schema as the rule reads it: the parameter's own, or, in the narrowed reading of a
    #: nullable union, its T branch's keywords under the node's own (``parameters.nullable_reading``).
    schema: dict[str, Any]
    path: str
    top_level: bool
    #: T when the parameter is "of type T" (``"T"``, or ``["T", "null"]``; in the narrowed
    #: reading also ``anyOf: [{type: T}, {type: null}]``), else None.
    kind: str | None


def kind_of(schema: dict[str, Any]) -> str | None:
    """The T for which ``parameters.of_type(schema, T)`` holds (not ``"null"``), else None."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return declared
    if isinstance(declared, list) and len(declared) <= 2 and all(isinstance(t, str) for t in declared):
        named = {t for t in declared if t != "null"}
        if len(named) == 1:
            kind = named.pop()
            return kind if of_type(schema, kind) else None
    return None


def _params_of(tool: ToolView) -> list[Param]:
    return [Param(p.name, p.name.lower(), tokens(p.name), p.schema, p.path, p.top_level, kind_of(p.schema))
            for p in at_any_depth(tool.schema)]


def _narrowed(param: Param, refs: References) -> Param:
    """``param`` read through its local ``$ref`` (hostile trial, round 24: ``destination:
    {"$ref": "#/properties/source"}``, zod-to-json-schema's reused schema, and ``limit`` to a
    ``$defs`` integer escaped the checks their inlined schema meets), and with a nullable
    union read as its T (new-user trial, round 19: cloudwatch-mcp-server 0.3.1 wrote
    ``metric_name`` as pydantic's ``Optional[str] = None``, and SEC-001 called the still
    unbounded string "resolved" in check and diff)."""
    if param.kind is not None:
        return param
    read = effective_schema(param.schema, refs)
    if read is not param.schema:
        param = param._replace(schema=read, kind=kind_of(read))
        if param.kind is not None:
            return param
    # param.schema is now the union as effective_schema read it, a $ref branch swapped for its
    # target, which may be [T, "null"] or a union of its own (nullable_reading reads both).
    reading = nullable_reading(param.schema)
    return param if reading is None else param._replace(kind=reading[0], schema=reading[1])


def _narrowed_params_of(tool: ToolView) -> list[Param]:
    found = params(tool)
    refs = References(tool.schema) if found else None
    return [_narrowed(param, refs) for param in found] if refs is not None else []


def params(tool: ToolView, narrow: bool = False) -> list[Param]:
    """The parameters at any depth of ``inputSchema``, in document order (shared by the rules):
    as the contract reads their type, or, with ``narrow`` (the code's ``ctx.narrow``), with a
    union of T and null read as T."""
    if narrow:
        narrowed: list[Param] = tool.shared("secbp.parameters.narrowed", _narrowed_params_of)
        return narrowed
    found: list[Param] = tool.shared("secbp.parameters", _params_of)
    return found


def is_string(param: Param) -> bool:
    return param.kind == "string"


# --- bounds ------------------------------------------------------------------------------


def is_content_name(lower: str, names: frozenset[str], suffixes: tuple[str, ...]) -> bool:
    """A whole content name (``query``, ``body``) or one ending in a content word (``htmlBody``)."""
    return lower in names or lower.endswith(suffixes)


@tool_rule("SEC-001")
def string_max_length(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    names, suffixes = ctx.words("SEC-001", "content_names"), tuple(ctx.words("SEC-001", "content_suffixes"))
    # The recommended reading: a string limited to listed values (enum, const) needs no length.
    narrow = ctx.narrow("SEC-001")
    listed = ("enum", "const") if narrow else ()
    for param in params(tool, narrow):
        if is_string(param) and "maxLength" not in param.schema \
                and not is_content_name(param.lower, names, suffixes) and not any(k in param.schema for k in listed):
            yield Hit(param.path, {"name": param.name})


@tool_rule("SEC-002")
def array_max_items(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    narrow = ctx.narrow("SEC-002")
    for param in params(tool, narrow):
        if param.kind == "array" and "maxItems" not in param.schema and not (narrow and _closed_tuple(param.schema)):
            yield Hit(param.path, {"name": param.name})


def _closed_tuple(schema: Mapping[str, Any]) -> bool:
    """A tuple that refuses items past its listed ones (``prefixItems`` with ``items: false``, or
    draft-07's array ``items`` with ``additionalItems: false``) has a fixed length already: the
    recommended reading asks it for no maxItems (hostile trial, round 24)."""
    return (isinstance(schema.get("prefixItems"), list) and schema.get("items") is False) or \
        (isinstance(schema.get("items"), list) and schema.get("additionalItems") is False)


_NUMBER_BOUNDS = ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum")


@tool_rule("SEC-003")
def number_bounds(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # The recommended reading: a number limited to listed values (enum, const; pydantic's
    # Literal[10, 25, 50]) is bounded by them (hostile trial, round 30), as SEC-001 reads a string.
    narrow = ctx.narrow("SEC-003")
    listed = ("enum", "const") if narrow else ()
    for param in params(tool, narrow):
        if param.kind in ("integer", "number") and not any(_bounds(param.schema, key) for key in _NUMBER_BOUNDS) \
                and not any(k in param.schema for k in listed):
            # A bound at or past the safe-integer edge is given and bounds nothing: the message
            # says so, since "neither a minimum nor a maximum" contradicted the schema's
            # minimum: -1e20 (hostile trial, round 24).
            given = [f"{key} {_number(param.schema[key])}" for key in _NUMBER_BOUNDS if key in param.schema]
            if given:
                yield Hit(param.path, {"name": param.name, "type": param.kind, "bounds": given}, "past_safe_range")
            else:
                yield Hit(param.path, {"name": param.name, "type": param.kind})


def _number(value: int | float) -> str:
    """A bound as a message shows it: a huge integer in exponent form (``-1.00e+20``), not
    its hundreds of digits."""
    if isinstance(value, int) and abs(value) >= 10 ** 16:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"
    return str(value)


def _bounds(schema: Mapping[str, Any], key: str) -> bool:
    """Whether ``key`` bounds the parameter: zod's ``.int()`` writes ±(2**53 - 1), the edge of
    the safe-integer range, on every integer, which bounds nothing a caller would send; the
    diff's canonical form drops it too (docs/canonical-form.md). Read as a bound, it made
    SEC-003 "resolved" on five of paperless-mcp 2.2.1's tools that gained only that (new-user
    trial, round 17)."""
    if key not in schema:
        return False
    value = schema[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return True  # malformed: another code says so; not this one's to call missing
    # Only the edge on the bound's own side bounds nothing: a minimum of 1e18 rules out zero
    # and every negative (hostile trial, round 18: any |bound| ≥ 2**53 - 1 was set aside).
    return value > -SAFE_INTEGER if key in ("minimum", "exclusiveMinimum") else value < SAFE_INTEGER


# --- paths, URLs and operation selectors ---------------------------------------------------


@tool_rule("SEC-004")
def path_pattern(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    path_words, ids = ctx.words("SEC-004", "path_tokens"), ctx.words("SEC-004", "identifier_tokens")
    narrow = ctx.narrow("SEC-004")
    for param in params(tool, narrow):
        if not param.tokens or param.tokens[-1] in ids or not is_string(param) or "pattern" in param.schema:
            continue
        token = next((t for t in param.tokens if t in path_words), None)
        if token and not (narrow and names_field(param.schema, ctx.words("SEC-004", "field_words"))):
            yield Hit(param.path, {"name": param.name, "token": token})


@tool_rule("SEC-005")
def url_format(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    url_words = ctx.words("SEC-005", "url_tokens")
    wanted = ctx.data("SEC-005").get("format", "uri")
    for param in params(tool, ctx.narrow("SEC-005")):
        token = next((t for t in param.tokens if t in url_words), None)
        if token is None or not is_string(param):
            continue
        declared = param.schema.get("format")
        if declared == wanted:
            continue
        facts = {"name": param.name, "token": token, "wanted": wanted}
        if "format" in param.schema:
            yield Hit(param.path, {**facts, "format": declared}, "other_format")
        else:
            yield Hit(param.path, facts)


@tool_rule("SEC-006")
def operation_enum(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    selectors = ctx.words("SEC-006", "names")
    for param in params(tool, ctx.narrow("SEC-006")):
        if param.lower in selectors and is_string(param) \
                and "enum" not in param.schema and "const" not in param.schema:
            yield Hit(param.path, {"name": param.name})


# --- secrets -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def padded_phrases(phrases: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each phrase with its normalised form between spaces, ready for a whole-word search."""
    return tuple((phrase, f" {normalised(phrase)} ") for phrase in phrases if normalised(phrase))


def first_phrase(padded_text: str, phrases: tuple[str, ...]) -> str | None:
    """The first of ``phrases`` found as whole words in ``padded_text`` (normalised, between spaces)."""
    return next((phrase for phrase, padded in padded_phrases(phrases) if padded in padded_text), None)


@functools.lru_cache(maxsize=8192)  # parameter names repeat across tools (token, api_key, path)
def _sensitive(words: tuple[str, ...], phrases: tuple[str, ...], any_of: frozenset[str],
               all_of: tuple[frozenset[str], ...]) -> str | None:
    if not any_of.isdisjoint(words) or any(group.issubset(words) for group in all_of):
        return None
    return first_phrase(f" {' '.join(words)} ", phrases)


def sensitive(data: Mapping[str, Any]) -> Callable[[Param], str | None]:
    """SEC-007's test, from its catalogue data: the sensitive word or phrase a parameter's name
    holds as whole words (``apiKey`` → "api key"), or None. A pagination name (``pageToken``,
    ``nextCursor``, ``continuationToken``) is never sensitive."""
    phrases = tuple(data.get("phrases", ()))
    any_of = frozenset(data.get("pagination_any", ()))
    all_of = tuple(frozenset(group) for group in data.get("pagination_all", ()) if group)
    return lambda param: _sensitive(param.tokens, phrases, any_of, all_of)


@tool_rule("SEC-007")
def sensitive_name(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    word_of = sensitive(ctx.data("SEC-007"))
    for param in params(tool):
        word = word_of(param)
        if word:
            yield Hit(param.path, {"name": param.name, "word": word})


@tool_rule("SEC-008")
def sensitive_default(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    word_of = sensitive(ctx.data("SEC-008"))
    for param in params(tool):
        if "default" in param.schema:
            word = word_of(param)
            if word:
                # The value is not repeated: it may be a real secret.
                yield Hit(param.path, {"name": param.name, "word": word})


@tool_rule("SEC-011")
def sensitive_header(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    word_of = sensitive(ctx.data("SEC-011"))
    for param in params(tool):
        if "x-mcp-header" in param.schema:
            word = word_of(param)
            if word:
                yield Hit(param.path + step("x-mcp-header", None),
                          {"name": param.name, "word": word, "header": param.schema["x-mcp-header"]})


# --- open objects and code -----------------------------------------------------------------


def _open(schema: dict[str, Any]) -> bool:
    """``additionalProperties`` absent, ``true``, ``{}`` or a schema of annotations alone: the object
    accepts keys it does not declare. The empty schema accepts every value, so it leaves the object
    as open as ``true`` does (new-user trial, round 44: it was counted as closed), and so does one
    that only describes (hostile trial, round 45: ``{"description": …}`` was counted as closed)."""
    return accepts_anything(schema.get("additionalProperties", True))


@tool_rule("SEC-009")
def open_objects(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    root = tool.schema
    if root is None:
        return
    props = root.get("properties")
    if root.get("type") == "object" and isinstance(props, dict) and props and _open(root):
        # Leaving the root open is near-universal: advice, not a warning (docs/lint.md).
        yield Hit("inputSchema", {"count": len(props)}, "root", severity=Level.INFO)
    for param in params(tool):
        if param.schema.get("type") == "object" and _open(param.schema):
            yield Hit(param.path, {"name": param.name})


def _warns(description: Any, words: Sequence[str]) -> bool:
    if not isinstance(description, str):
        return False
    lowered = description.lower()
    return any(word in lowered for word in words)


@tool_rule("SEC-010")
def code_parameter(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    names = ctx.words("SEC-010", "names")
    warnings = sorted(ctx.words("SEC-010", "warning_words"))
    for param in params(tool):
        if param.lower in names and not _warns(param.schema.get("description"), warnings):
            yield Hit(param.path, {"name": param.name})
