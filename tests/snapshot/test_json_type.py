"""One JSON type name for a JSON value, shared by the canonical form's value unions
(snapshot/dialects.py) and the recorder's redaction (recording/log.py)."""

from __future__ import annotations

import pytest

from mcp_inspect.recording.log import redact
from mcp_inspect.snapshot.dialects import value_branch
from mcp_inspect.snapshot.values import json_type


@pytest.mark.parametrize(("value", "name"), [
    (None, "null"), (True, "boolean"), (False, "boolean"), (0, "integer"), (2.0, "integer"), (2.5, "number"),
    ("", "string"), ([], "array"), ({}, "object"),
])
def test_each_json_value_has_its_narrowest_type(value, name):
    assert json_type(value) == name


def test_a_redacted_argument_and_a_value_branch_name_a_value_alike():
    values = [None, True, 3, 3.5, "x", [1], {"a": 1}]
    redacted, _ = redact({"secret": {"k": {"a": [1]}}}, frozenset({"k"}))
    assert redacted == {"secret": {"k": "object"}}
    for value in values:
        assert redact({"k": value}, frozenset({"k"}))[0] == {"k": json_type(value)}
        assert value_branch([value])["type"] == [json_type(value)]
