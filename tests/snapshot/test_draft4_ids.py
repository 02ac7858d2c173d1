"""Draft 3 and 4 name a resource with `id` and read no `$id`. Hostile trial: the references
read `$id` in every draft, so in a draft-04 schema a `$id: "#foo"` (data there) made the
anchor `#foo` claimed twice, the reference was left as written, and a bound its real target
(`id: "#foo"`) gained was "No changes"; MCP-014 claimed no call was valid on the same shape."""

from __future__ import annotations

import jsonschema
from support import diff_input_schemas

from mcp_inspect.checks.rules.no_call import no_call_accepted

DRAFT4 = "http://json-schema.org/draft-04/schema#"


def _schema(target: dict) -> dict:
    return {"$schema": DRAFT4, "type": "object", "properties": {"a": {"$ref": "#foo"}}, "required": ["a"],
            "definitions": {"x": {"id": "#foo", **target}, "y": {"$id": "#foo", "type": "integer"}}}


def test_a_bound_on_the_id_target_is_reported():
    old, new = _schema({"type": "string"}), _schema({"type": "string", "maxLength": 1})
    assert jsonschema.Draft4Validator(old).is_valid({"a": "xy"})
    assert not jsonschema.Draft4Validator(new).is_valid({"a": "xy"})
    report = diff_input_schemas(old, new)
    assert [(f.rule, f.severity.name) for f in report.changes] == [("tool.input.constraint.tightened", "BREAKING")]


def test_no_call_is_not_claimed():
    schema = _schema({"type": "string"})
    schema["definitions"]["y"] = {"$id": "#foo", "not": {}}  # data in draft 4: never the target
    assert jsonschema.Draft4Validator(schema).is_valid({"a": "x"})
    assert no_call_accepted(schema) is None
