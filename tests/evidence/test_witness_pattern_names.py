"""Members a pattern governs, sent with the values its schema refuses (hostile trial, round 14).

Case 04: a property ``ab`` added with ``maxLength: 1`` under the old side's pattern ``^a``
(``{type: string}``), which governed it: the values of a member only the new side declares
were steered by its declaration only where the old side's additionalProperties was a
schema, never where a pattern held the name, so ``{"ab": "aa"}`` was not sent.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import jsonschema
import pytest
from support import diff_input_schemas

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRINGS = {"^a": {"type": "string"}}


def _accepts(schema, value) -> bool:
    """Both validators' verdict (formats asserted), which must agree."""
    cls = jsonschema.Draft202012Validator
    first = cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value)
    second = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    assert first == second, f"the two validators disagree on {value!r} against {schema}"
    return first


def _only_witness(old, new):
    (finding,) = diff_input_schemas(old, new).changes
    assert finding.severity.name == "BREAKING", finding
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert _accepts(old, value), value
    assert not _accepts(new, value), value
    return value


def _object(**more):
    return {"type": "object", **more}


@pytest.mark.parametrize("closing", [{}, {"additionalProperties": False}])
@pytest.mark.parametrize("nested", [False, True])
def test_a_property_added_under_the_pattern_that_governed_it_is_shown_by_its_own_bound(closing, nested):
    old = _object(patternProperties=STRINGS, **closing)
    new = _object(patternProperties=STRINGS, properties={"ab": {"type": "string", "maxLength": 1}}, **closing)
    if nested:
        old, new = _object(properties={"o": old}), _object(properties={"o": new})
    value = _only_witness(old, new)
    member = value["o"] if nested else value
    assert isinstance(member.get("ab"), str) and len(member["ab"]) > 1, value
