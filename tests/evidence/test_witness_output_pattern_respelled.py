"""On an output schema, a member the new side holds under a key the old side writes otherwise
is refused by the old side at its own key, which is the finding's place (hostile trial,
round 44).

``patternProperties {"^[ab]": string}`` → ``{"^a": string, "^b": integer}`` lets the server
return ``{"b": 0}``, which the old schema refuses at ``patternProperties/^[ab]/type``; and
``{"^a": string, "^b": string}`` → ``{"^[ab]": integer}`` lets it return ``{"b": 0}`` (or
``{"a": 0}``), refused at ``^a``'s or ``^b``'s ``type``. Both said "none found": the old
side's refusal was read at a key the finding's path does not name.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_output_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def closed(patterns: dict) -> dict:
    return {"type": "object", "properties": {"x": {
        "type": "object", "patternProperties": patterns, "additionalProperties": False}}}


@pytest.mark.parametrize(("old", "new", "path"), [
    ({"^[ab]": STRING}, {"^a": STRING, "^b": INTEGER}, "properties.x.patternProperties.^b.type"),
    ({"^a": STRING, "^b": STRING}, {"^[ab]": INTEGER}, "properties.x.patternProperties.^[ab].type"),
])
def test_a_result_under_a_respelled_key_has_a_witness(old, new, path):
    _, witness = breaking_output_witness(closed(old), closed(new), path)
    (name,) = witness["x"]
    assert witness["x"][name] == 0 and name in "ab", witness
