"""Top-level parameters as a model fills them in: LLM-006 to LLM-010 (docs/validator.md).

Each looks at the entries of ``inputSchema.properties`` whose value is an object, never deeper;
a tool whose ``inputSchema`` is not an object has none (SCH-003 reports that). Names and
descriptions are compared as identifier tokens: ``fileId`` holds "file" and "id", and "ID" in
a description is the token "id", which explains nothing but itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..registry import Context, Hit, ToolView, tool_rule
from ..text import a_json_type
from .llm_common import distinct, name_tokens, params, searcher


@tool_rule("LLM-006")
def parameter_description_missing(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for param in params(tool):
        value = param.description.value
        facts: dict[str, Any] = {"param": param.name}
        if value is None:  # absent, or null
            yield Hit(param.description_path, facts, "missing")
        elif not isinstance(value, str):
            yield Hit(param.description_path, {**facts, "json_type": a_json_type(value)}, "not_a_string")
        elif not param.description.usable:
            yield Hit(param.description_path, facts, "empty")


@tool_rule("LLM-007")
def parameter_description_length(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-007")
    shortest, longest = int(data["min_chars"]), int(data["max_chars"])
    for param in params(tool):
        if not param.description.usable:
            continue  # LLM-006's
        length = len(param.description.trimmed)
        if length < shortest:
            yield Hit(param.description_path, {"param": param.name, "length": length, "min": shortest}, "too_short")
        elif length > longest:
            yield Hit(param.description_path, {"param": param.name, "length": length, "max": longest}, "too_long")


@tool_rule("LLM-008")
def parameter_vague_terms(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    vague, context = ctx.words("LLM-008", "ambiguous"), ctx.words("LLM-008", "context")
    for param in params(tool):
        text = param.description
        # The name: clear when the tool name, the parameter name or its description says what it is.
        terms = distinct(t for t in param.tokens if t in vague)
        if terms and context.isdisjoint(name_tokens(tool)) and context.isdisjoint(param.tokens) \
                and context.isdisjoint(text.words):
            yield Hit(param.path, {"param": param.name, "terms": terms, "count": len(terms)}, "name")
        # The description: clear only when the description itself says it.
        terms = distinct(t for t in text.tokens if t in vague)
        if terms and context.isdisjoint(text.words):
            yield Hit(param.description_path, {"param": param.name, "terms": terms, "count": len(terms)},
                      "description")


def _declares(schema: Mapping[str, Any], keyword: str) -> bool:
    if keyword == "enum":
        return isinstance(schema.get("enum"), list) and bool(schema["enum"])
    return keyword in schema


@tool_rule("LLM-009")
def parameter_constraints_unsaid(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    keywords: Mapping[str, Mapping[str, Any]] = ctx.data("LLM-009")["keywords"]
    for param in params(tool):
        declared = [k for k in keywords if _declares(param.schema, k)]
        if not declared:
            continue
        said = param.description.string  # "" when absent: nothing is mentioned
        unsaid = [k for k in declared if not searcher(tuple(keywords[k]["patterns"]), True)(said)]
        if unsaid:
            yield Hit(param.description_path, {"param": param.name, "keywords": unsaid,
                                               "labels": [str(keywords[k]["reported_as"]) for k in unsaid]})


@tool_rule("LLM-010")
def parameter_abbreviations(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-010")
    table: Mapping[str, list[str]] = data["abbreviations"]  # lower-case keys (a test checks the data)
    known = ctx.words("LLM-010", "self_explaining")
    for param in params(tool):
        found = [t for t in distinct(param.tokens) if t in table and t not in known]
        if not found:
            continue
        # Only an abbreviation's own expansion explains it: "ID" in the description is the
        # token "id" again, not "identifier".
        present = set(param.tokens) | param.description.words
        unexplained = [t for t in found if present.isdisjoint(table[t])]
        if unexplained:
            words = distinct(w for t in unexplained for w in table[t])
            yield Hit(param.path, {"param": param.name, "abbreviations": unexplained, "count": len(unexplained),
                                  "words": words})
