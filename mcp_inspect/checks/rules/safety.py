"""Safety: MCP-020 (injection-like text), MCP-021 (invisible characters), MCP-022 (sinks)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator

from ...limits import MAX_LINT_TEXT_CHARS
from ...snapshot.references import References
from ...text.invisible import hidden_chars, is_bidi, may_hide
from ..injection import find_injections
from ..parameters import effective_schema, may_name_elsewhere
from ..registry import Context, Hit, ToolView, list_step, tool_rule
from ..sinks import FILE_PATH, URL, TextCues, cues, holds_content, names_field, property_sink, unconstrained
from ..text import show_char
from ..tokens import SENT_FIELDS
from ..unicode import decode_tags, lookalike
from ..walk import strings, where_path


@tool_rule("MCP-020")
def injection(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for where, text in tool.prose:
        if len(text) > MAX_LINT_TEXT_CHARS:  # fail closed: padding must not hide what follows it
            yield Hit(where_path(where), {"length": len(text), "checked": MAX_LINT_TEXT_CHARS}, "too_long")
    for where, manoeuvre, matched in find_injections(tool.prose):
        # Letters of another script read as Latin ones ("Ign\u043ere"): named, since the quote
        # shows them as written and they look like the letters they stand for.
        lookalikes = [c for c in dict.fromkeys(matched) if not c.isascii() and lookalike(c) != c]
        if lookalikes:
            names = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip() for c in lookalikes)
            yield Hit(where_path(where), {"manoeuvre": manoeuvre, "matched": matched, "lookalikes": names},
                      "lookalike")
        else:
            yield Hit(where_path(where), {"manoeuvre": manoeuvre, "matched": matched})


@tool_rule("MCP-021")
def invisible(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # Almost no tool holds a hidden character: one pass over its JSON text says whether
    # the per-string walk below is needed at all. The definition text holds every string
    # a client sends; the other fields (title, icons, _meta, ...) are read apart.
    others = {key: value for key, value in tool.raw.items() if key not in SENT_FIELDS}
    if not may_hide(tool.definition) and not (others and may_hide(json.dumps(others, ensure_ascii=False))):
        return
    seen: set[str] = set()
    for path, text in strings(tool.raw, ""):
        count, found = hidden_chars(text)
        if not count or path in seen:
            continue
        seen.add(path)
        facts = {"count": count, "chars": ", ".join(show_char(c) for c in found),
                 "what": "bidirectional control" if all(is_bidi(c) for c in found) else "invisible"}
        tags = decode_tags(text)
        if tags:
            yield Hit(path, {**facts, "tags": tags}, "tags")
        else:
            yield Hit(path, facts)


def _cues(tool: ToolView) -> TextCues:
    return cues(" ".join(t for _, t in tool.prose) + " " + str(tool.raw.get("name", "")))


@tool_rule("MCP-022")
def sinks(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # The tool's own words, made only when a property name needs them, and then once (a
    # plain closure: functools.cache builds a wrapper per tool, which cost more than the rule).
    made: list[TextCues] = []

    def tool_cues() -> TextCues:
        if not made:
            made.append(_cues(tool))
        return made[0]

    refs: list[References] = []
    for prop in tool.input_properties:
        name, sub = prop.name, prop.schema
        if isinstance(sub, dict) and may_name_elsewhere(sub):
            # Read through its local $ref, alone or inside a nullable union or a one-branch
            # allOf, as the SEC codes read it: a reused schema (zod-to-json-schema's
            # {"$ref": "#/properties/source"}) is the same sink as the one it names (hostile
            # trial, round 24: destination escaped the finding its inlined copy got; round 30:
            # so did its .nullable(), anyOf [{$ref}, {type: null}], and pydantic v1's allOf [{$ref}]).
            refs = refs or [References(tool.schema)]
            sub = effective_schema(sub, refs[0])
        if not unconstrained(sub):
            continue
        kind = property_sink(name, sub, tool_cues)
        if kind == FILE_PATH and ctx.narrow("MCP-022") and (
                names_field(sub, ctx.words("MCP-022", "field_words"))
                or holds_content(sub, ctx.words("MCP-022", "encoded_words"))):
            continue  # the recommended reading: a document's field, or a file's encoded content, not a file
        if kind:
            yield Hit(prop.path, {"name": name, "sink": kind})


#: The share of a list's tools that must take an unconstrained URL for the server to be a
#: fetcher of URLs: more than half (docs/lint.md, "MCP-022").
_FETCHER_SHARE = (1, 2)


@list_step("MCP-022")
def one_finding_per_fetching_tool(ctx: Context, hits: list[list[Hit]]) -> list[list[Hit]]:
    """A server most of whose tools take an unconstrained URL fetches URLs for a living: the
    URL parameters of each of its tools are then one finding, at the first of them by path,
    naming them all (a tool with one keeps its finding as it is). Other sinks (paths,
    commands) stay findings of their own."""
    urls = [[hit for hit in found if hit.args.get("sink") == URL] for found in hits]
    fetching = sum(1 for found in urls if found)
    part, whole = _FETCHER_SHARE
    if not fetching or fetching * whole <= len(ctx.tools) * part:
        return hits
    out = []
    for found, mine in zip(hits, urls, strict=True):
        if len(mine) < 2:  # one URL parameter: its own finding already says it all
            out.append(found)
            continue
        mine = sorted(mine, key=lambda hit: hit.path)
        names = [_short_path(hit.path) for hit in mine]
        summary = Hit(mine[0].path, {"name": mine[0].args["name"], "names": names, "count": len(names),
                                     "sink": URL, "fetching": fetching, "tools": len(ctx.tools)}, "fetcher")
        out.append([hit for hit in found if hit.args.get("sink") != URL] + [summary])
    return out


def _short_path(path: str) -> str:
    """``inputSchema.properties.url`` → ``url``; a deeper place keeps the rest of its path."""
    prefix = "inputSchema.properties"
    rest = path[len(prefix):] if path.startswith(prefix) else path
    return rest[1:] if rest.startswith(".") else rest
