"""The JSON Schema keywords the canonical form, its cycle folding and the diff all read,
and how a cycle is marked in a canonical form."""

from __future__ import annotations

import re
from typing import Any

#: Keywords whose value is one subschema.
SUBSCHEMA_KEYWORDS = frozenset(
    {
        "additionalProperties", "items", "additionalItems", "contains", "propertyNames",
        "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties",
        "contentSchema",
    }
)
#: Keywords whose value maps names to subschemas.
SCHEMA_MAP_KEYWORDS = frozenset({"properties", "patternProperties", "dependentSchemas"})
#: Keywords whose value is an array of subschemas.
SCHEMA_LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
#: Model-visible text, graded by the diff's prose measure.
PROSE_KEYWORDS = ("description", "title", "examples", "$comment")
#: Keywords that describe a schema without constraining it: a branch of a union of single
#: values may carry them (dialects.py, ``union_values``).
ANNOTATION_KEYWORDS = (*PROSE_KEYWORDS, "default", "deprecated")


def accepts_anything(schema: Any) -> bool:
    """Whether ``schema`` is ``true``, ``{}`` or an object of annotations alone
    (``ANNOTATION_KEYWORDS``): each accepts every value, so an applicator holding one
    (``additionalProperties``, ``items``, ``propertyNames``…) constrains nothing, as ``{}``
    does (hostile trial, round 45: ``additionalProperties: {"description": …}`` was read as
    a schema added, and by SEC-009 as closing the object). Not under ``not`` or ``contains``:
    there the schema is read, and refuses (asks for) every value as ``{}`` does."""
    return schema is True or isinstance(schema, dict) and all(key in ANNOTATION_KEYWORDS for key in schema)
#: The keywords that apply to values of one JSON type alone (``format`` is read as a string's:
#: the formats JSON Schema defines are all strings'). When the type changes, a keyword of a
#: type only one side accepts says what that side does with values the other rejects
#: anyway: it goes with the type change (``type_bound_keywords`` in classify/schema.py).
KEYWORDS_OF_TYPE = {
    "string": ("minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType",
               "contentSchema"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
    "array": ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains",
              "maxContains", "unevaluatedItems"),
    "object": ("properties", "required", "additionalProperties", "patternProperties", "propertyNames",
               "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "dependencies",
               "unevaluatedProperties"),
}
#: The formats JSON Schema defines (Validation 2020-12, 7.3; the drafts before define a subset),
#: each for strings alone: a value of another type passes it (7.1), so beside a union's other
#: types it reads nothing. A format of another name is a vendor's, which may read any type.
DEFINED_FORMATS = frozenset({
    "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
    "relative-json-pointer", "regex",
})
#: Combinators that, alone and with one branch, mean that branch.
LONE_BRANCH = frozenset({"allOf", "anyOf", "oneOf"})
#: What a cycle's target carries (``"$anchor": "^"``) and how a reference back to it is
#: spelled (``#^k``). Neither can come from a valid schema: an anchor name starts with a
#: letter or ``_``, and ``^`` is not allowed in a URI, so a real ``$ref`` is never ``#^k``.
CYCLE_ANCHOR = "^"
BACK_REFERENCE = re.compile(r"#\^[1-9][0-9]*\Z")


def anchored(node: Any) -> dict[str, Any]:
    """``node`` marked as an expansion a cycle returns to (a node of its own for each such expansion).

    A node that is itself a reference, or carries an ``$anchor`` already (a chain of
    references whose every link is returned to, or the input's own anchor), is wrapped
    in a one-branch ``allOf``, so that every marked expansion is one marked node above
    the references back to it, and ``#^k`` counts them all.
    """
    if type(node) is dict and "$anchor" not in node and "$ref" not in node:
        return {**node, "$anchor": CYCLE_ANCHOR}
    return {"allOf": [node], "$anchor": CYCLE_ANCHOR}


def one_branch(out: dict[str, Any]) -> Any:
    """``{"anyOf": [X]}``, ``{"oneOf": [X]}`` or ``{"allOf": [X]}`` alone accepts what X accepts: it is X.

    The diff reads a lone branch as the schema it wraps (``branches.lift_to_union``), so
    without this the two spellings had different fingerprints and no finding between
    them. Only a combinator with nothing beside it is unwrapped: next to other keywords
    (or a ``$ref``) the branch's keywords could collide with them.
    """
    if len(out) == 1:
        ((key, value),) = out.items()
        if key in LONE_BRANCH and type(value) is list and len(value) == 1 and type(value[0]) in (dict, bool):
            return value[0]
    return out
