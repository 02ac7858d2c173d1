"""Best practice, one tool at a time: BP-001…BP-005, BP-007, BP-008, BP-013 and BP-014.

Annotations a client uses to decide how carefully to call a tool (title, read-only,
destructive, idempotent), the size and depth of the input schema, examples on complex
parameters, and whether a tool that can return a lot lets the caller ask for less. The
rules that compare tools with each other are in bp_siblings.py; BP-009…BP-011 (output
schema, icons, argument-less tools) are elsewhere. Word lists and thresholds are the
catalogue's data (``rules/checks-bp.yaml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..registry import Context, Hit, ToolView, tool_rule
from ..vocabulary import normalised, tokens
from .sec import Param, first_phrase, params

# --- annotations ---------------------------------------------------------------------------


def _annotations(tool: ToolView) -> dict[str, Any]:
    found = tool.raw.get("annotations")
    return found if isinstance(found, dict) else {}


def _non_empty(value: Any) -> bool:
    """A string of at least one character: BP-001 asks for a *non-empty* title, so one of white
    space passes (the contract says "empty or whitespace" where it means both)."""
    return isinstance(value, str) and value != ""


@tool_rule("BP-001")
def title(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if not _non_empty(tool.raw.get("title")) and not _non_empty(_annotations(tool).get("title")):
        yield Hit("title")


@tool_rule("BP-002")
def read_only_hint(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "readOnlyHint" not in _annotations(tool):
        yield Hit("annotations.readOnlyHint")


@tool_rule("BP-003")
def destructive_hint(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = tool.raw.get("name")
    if not isinstance(name, str) or "destructiveHint" in _annotations(tool):
        return
    words = tokens(name)
    if not words:
        return
    if words[0] in ctx.words("BP-003", "first_tokens"):
        yield Hit("annotations.destructiveHint", {"name": name, "token": words[0]})
    elif words[-1] in ctx.words("BP-003", "last_tokens"):
        yield Hit("annotations.destructiveHint", {"name": name, "token": words[-1]})


@tool_rule("BP-004")
def idempotent_hint(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "idempotentHint" not in _annotations(tool):
        yield Hit("annotations.idempotentHint")


# --- the shape of the input schema ---------------------------------------------------------


@tool_rule("BP-005")
def too_many_parameters(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    props = schema.get("properties") if schema is not None else None
    limit = int(ctx.data("BP-005").get("max_parameters", 10))
    if isinstance(props, dict) and len(props) > limit:
        yield Hit("inputSchema.properties", {"count": len(props), "max": limit})


#: Steps that go one level deeper (BP-007); the combinators' branches describe the same value.
_DEEPER = frozenset(("properties", "items", "additionalProperties"))
_SAME_LEVEL = frozenset(("anyOf", "oneOf", "allOf"))


@tool_rule("BP-007")
def nesting_depth(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if tool.schema is None:
        return
    limit = int(ctx.data("BP-007").get("max_depth", 4))
    # The walk lists every schema after the one it is written in, so each node's depth is
    # its parent's plus its step. A node under any other keyword ($defs, not, if, …) is
    # not counted, nor is anything below it.
    depth_of: dict[int, int] = {}
    deepest, where = 0, None
    for node in tool.walked["inputSchema"]:
        up = node.up
        if up is None:
            depth_of[id(node)] = 0
            continue
        above = depth_of.get(id(up))
        if above is None or (node.keyword not in _DEEPER and node.keyword not in _SAME_LEVEL):
            continue
        depth = above + (node.keyword in _DEEPER)
        depth_of[id(node)] = depth
        # Of the deepest places, the one whose path sorts first: the walk meets them in the
        # order the schema's keys are written, and a reordered schema must read the same.
        if depth > deepest or (depth == deepest and where is not None and depth > limit
                               and node.path < where.path):
            deepest, where = depth, node
    if deepest > limit and where is not None:
        yield Hit("inputSchema", {"depth": deepest, "max": limit, "deepest": where.path})


def _complexity(param: Param, enum_values: int) -> str | None:
    """What makes a top-level parameter complex for BP-008, in the message's words; None if nothing."""
    if param.kind == "object":
        return "an object"
    if param.kind == "array":
        return "an array"
    schema = param.schema
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return f"a choice of schemas ({key})"
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) > enum_values:
        return f"an enum of {len(enum)} values"
    return None


@tool_rule("BP-008")
def complex_without_example(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    enum_values = int(ctx.data("BP-008").get("enum_values", 3))
    for param in params(tool):
        if not param.top_level or any(key in param.schema for key in ("examples", "example", "default")):
            continue
        what = _complexity(param, enum_values)
        if what:
            yield Hit(param.path, {"name": param.name, "what": what})


# --- output the caller cannot narrow -------------------------------------------------------


def _parameter_tokens(tool: ToolView) -> frozenset[str]:
    return frozenset(token for param in params(tool) for token in param.tokens)


def _has_parameter_token(tool: ToolView, words: frozenset[str]) -> bool:
    """Some parameter, at any depth, has one of ``words`` among its name's tokens."""
    found: frozenset[str] = tool.shared("secbp.parameter_tokens", _parameter_tokens)
    return not words.isdisjoint(found)


def _padded_description(tool: ToolView) -> str:
    text = tool.raw.get("description")
    return f" {normalised(text)} " if isinstance(text, str) else " "


def description_words(tool: ToolView) -> str:
    """The normalised description between spaces, for whole-word searches (" " when not usable)."""
    found: str = tool.shared("description.padded", _padded_description)
    return found


@tool_rule("BP-013")
def collection_without_paging(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if tool.schema is None:
        return
    name = tool.raw.get("name")
    first = tokens(name)[:1] if isinstance(name, str) else ()
    hit = None
    if first and first[0] in ctx.words("BP-013", "name_tokens"):
        hit = Hit("inputSchema", {"token": first[0]}, "name")
    else:
        phrase = first_phrase(description_words(tool), tuple(ctx.data("BP-013").get("phrases", ())))
        if phrase:
            hit = Hit("inputSchema", {"phrase": phrase}, "description")
    if hit is not None and not _has_parameter_token(tool, ctx.words("BP-013", "parameter_tokens")):
        yield hit


@tool_rule("BP-014")
def large_output_without_control(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if tool.schema is None:
        return
    word = first_phrase(description_words(tool), tuple(ctx.data("BP-014").get("words", ())))
    if word and not _has_parameter_token(tool, ctx.words("BP-014", "parameter_tokens")):
        yield Hit("inputSchema", {"word": word})
