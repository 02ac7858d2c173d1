"""A local JSON pointer is read as RFC 6901 and the validator read it: only its one leading
`/` goes, so `#//x` names `x` under the key `""`. Hostile trial: it was read as the root's
`x`, which made a bound added through such a reference "No changes" (one fingerprint) and
made MCP-014 claim that no call was valid."""

from __future__ import annotations

import jsonschema
from support import diff_input_schemas

from mcp_inspect.checks.rules.no_call import no_call_accepted
from mcp_inspect.snapshot.references import resolve_pointer, split_pointer


def _schema(a: dict, root_x: object) -> dict:
    return {"type": "object", "properties": {"a": a}, "x": root_x, "": {"x": {"type": "string", "maxLength": 1}}}


def test_an_empty_first_step_is_a_key():
    assert split_pointer("#//x") == ["", "x"]
    assert split_pointer("#/x") == ["x"] and split_pointer("#") == []
    assert resolve_pointer(_schema({}, {"type": "string"}), "#//x") == {"type": "string", "maxLength": 1}


def test_a_bound_reached_through_it_is_reported():
    old, new = _schema({"type": "string"}, {"type": "string"}), _schema({"$ref": "#//x"}, {"type": "string"})
    assert jsonschema.Draft202012Validator(old).is_valid({"a": "xy"})
    assert not jsonschema.Draft202012Validator(new).is_valid({"a": "xy"})
    report = diff_input_schemas(old, new)
    assert [(f.rule, f.severity.name) for f in report.changes] == [("tool.input.constraint.tightened", "BREAKING")]
    assert report.changes[0].witness.found


def test_no_call_is_not_claimed_through_it():
    schema = {**_schema({"$ref": "#//x"}, False), "required": ["a"]}
    assert jsonschema.Draft202012Validator(schema).is_valid({"a": "x"})
    assert no_call_accepted(schema) is None
