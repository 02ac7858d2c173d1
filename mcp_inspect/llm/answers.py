"""The answers a model must give, and the check that turns its text into an opinion.

A model's answer is untrusted text: it is read as JSON (a code fence around it is
tolerated, nothing else), checked against a schema with bounds on every list and string,
and only then made into a ``ToolOpinion`` or ``ChangeOpinion``. Anything else is an
``AnswerError`` whose message is written here and never quotes the answer, so a hostile
answer cannot put its own words into a report's error field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..findings.review import ChangeOpinion, ToolOpinion
from ..limits import MAX_ANSWER_CHARS

#: Items in one list of a tool's answer, and characters in one item (or in a change's ``why``).
MAX_ITEMS = 20
MAX_ITEM_CHARS = 1_000

_TEXT = {"type": "string", "maxLength": MAX_ITEM_CHARS}
_LIST = {"type": "array", "maxItems": MAX_ITEMS, "items": _TEXT}

TOOL_ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["clarity", "ambiguities", "conflicts", "suggestions"],
    "properties": {
        "clarity": {"type": "integer", "minimum": 0, "maximum": 100},
        "ambiguities": _LIST,
        "conflicts": _LIST,
        "suggestions": _LIST,
    },
}

CHANGE_ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["routing_change", "argument_change", "why"],
    "properties": {
        "routing_change": {"type": "boolean"},
        "argument_change": {"type": "boolean"},
        "why": _TEXT,
    },
}

#: A whole answer inside one Markdown code fence (``` or ```json), which models add unasked.
_FENCED = re.compile(r"\A```[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)\r?\n?```\Z", re.DOTALL)


class AnswerError(ValueError):
    """The model's answer is not the JSON object asked for; the message says how, in our words."""


def _value(text: str) -> Any:
    if len(text) > MAX_ANSWER_CHARS:
        raise AnswerError(f"the model's answer is longer than {MAX_ANSWER_CHARS:,} characters")
    text = text.strip()
    fenced = _FENCED.match(text)
    if fenced:
        text = fenced.group(1).strip()
    if not text:
        raise AnswerError("the model's answer is empty")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise AnswerError("the model's answer is not JSON") from None


def _check(value: Any, schema: dict[str, Any]) -> None:
    import jsonschema  # type: ignore[import-untyped,unused-ignore]

    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(value),
                    key=lambda e: [str(p) for p in e.absolute_path])
    if not errors:
        return
    error = errors[0]
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "type" and not where:
        raise AnswerError("the model's answer is not a JSON object")
    if error.validator == "additionalProperties" and isinstance(value, dict):
        unknown = sorted(str(k) for k in value if k not in schema["properties"])
        said = f"{len(unknown)} key{'s' if len(unknown) != 1 else ''} not asked for"
    elif error.validator == "required":
        said = "no " + ", ".join(k for k in schema["required"] if not isinstance(value, dict) or k not in value)
    elif error.validator in ("maxItems", "maxLength"):
        said = f"{where} longer than allowed"
    elif error.validator in ("minimum", "maximum"):
        said = f"{where} out of range"
    else:
        said = f"{where} not {_KIND.get(error.validator_value, 'what was asked')}" if where else "a malformed value"
    raise AnswerError(f"the model's answer does not match the schema: it has {said}")


_KIND = {"integer": "an integer", "boolean": "true or false", "string": "a string", "array": "a list"}


def tool_opinion(text: str) -> ToolOpinion:
    """A tool review's answer as an opinion; AnswerError if it is anything else."""
    value = _value(text)
    _check(value, TOOL_ANSWER_SCHEMA)
    return ToolOpinion(clarity=int(value["clarity"]), ambiguities=tuple(value["ambiguities"]),
                       conflicts=tuple(value["conflicts"]), suggestions=tuple(value["suggestions"]))


def change_opinion(text: str) -> ChangeOpinion:
    """A change review's answer as an opinion; AnswerError if it is anything else."""
    value = _value(text)
    _check(value, CHANGE_ANSWER_SCHEMA)
    return ChangeOpinion(routing_change=value["routing_change"], argument_change=value["argument_change"],
                         why=value["why"])


def tool_answer_value(opinion: ToolOpinion) -> dict[str, Any]:
    """An opinion as the JSON object the model gave (what the cache keeps, and reads back
    through ``tool_opinion``)."""
    return {"clarity": opinion.clarity, "ambiguities": list(opinion.ambiguities),
            "conflicts": list(opinion.conflicts), "suggestions": list(opinion.suggestions)}


def change_answer_value(opinion: ChangeOpinion) -> dict[str, Any]:
    return {"routing_change": opinion.routing_change, "argument_change": opinion.argument_change,
            "why": opinion.why}
