"""A property added or removed is judged by what governs its name on the other side: a
``patternProperties`` key that matches it (run on RE2), else ``additionalProperties``.

Hostile trial, round 13:

- a property removed beside ``additionalProperties: false`` and a pattern without a literal
  ``^prefix`` (``_filter$``, ``b``, ``[0-9]``) was NON_BREAKING "pattern may still govern
  it", since such a pattern was taken to match every name: the gate passed a real break
  ({"query": "x"} accepted before, refused now). A pattern key removed beside a declared
  ``a`` said "and so does the declared property a" for the pattern ``b``.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import diff_input_schemas

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _diff_output_schemas(old: Any, new: Any) -> Any:
    def side(schema: Any, name: str) -> Any:
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                               "outputSchema": schema}]}, name)

    return api.diff(side(old, "old"), side(new, "new"))


def _closed(pattern: str, **properties: Any) -> dict:
    return {"type": "object", "patternProperties": {pattern: {"type": "string"}}, "additionalProperties": False,
            **({"properties": properties} if properties else {})}


@pytest.mark.parametrize("pattern", ["_filter$", "b", "xyz", "b$", "[0-9]", "^x"])
def test_a_property_removed_beside_a_pattern_that_does_not_match_it_is_a_break(pattern):
    report = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.removed", "BREAKING")
    assert finding.witness.found and finding.witness.value == {"query": ""}, finding.witness.note


@pytest.mark.parametrize("pattern", ["ue", "query$", "^q"])
def test_a_property_removed_beside_a_pattern_that_matches_it_is_left_to_the_pattern(pattern):
    (finding,) = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert f"pattern {pattern} still governs it" in finding.message


def test_a_pattern_removed_does_not_claim_a_declared_property_it_cannot_match():
    """The case's old2/new2: the pattern ``b`` cannot match the declared ``a``."""
    old = {"type": "object", "properties": {"a": {}}, "patternProperties": {"b": {"required": ["c"]}},
           "additionalProperties": False}
    new = {"type": "object", "properties": {"a": {}}, "additionalProperties": False}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING"
    assert "declared property" not in finding.message
    assert finding.message == "names matching 'b': accepted before, rejected now"


def test_a_pattern_re2_cannot_run_leaves_the_doubt_to_the_gate():
    """A lookbehind is never run: whether it governs ``query`` cannot be told, so the removal
    is not orderable (BREAKING both ways), never the NON_BREAKING it was."""
    pattern = "(?<=q)uery"
    (finding,) = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING")
    assert "which is not run" in finding.message
    # its literal start still tells a name it cannot match
    (finding,) = diff_input_schemas(_closed("^x(?<=q)", query={"type": "string"}), _closed("^x(?<=q)")).findings
    assert finding.rule == "tool.input.property.removed"
