"""A bound a union's typed branch adds, against a type list, has a witness (new-user trial, round 17).

@baruchiro/paperless-mcp 2.1.0 → 2.2.1 wrote ``filter_body`` as ``{type: [string, null]}`` and then
as zod 4's ``anyOf: [{type: string, maxLength: 256}, {type: null}]``. The diff reported
"maxLength added: 256" with "no witness: none found in 668 validations: every argument object
tried that the old schema accepts, the new one accepts too", though a 257-character string is
one: the candidates are built from the old type list and steered by the new schema, whose
``maxLength`` sits inside a branch, where no candidate read it. The branch of the new union
that alone admits a value's type now steers that value (evidence/candidates/order.py, ``_guide``).

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.evidence.attach import for_schemas

NULL = {"type": "null"}
#: (the old property, the new one, the finding's path below it): a bound added in the one branch
#: of its type, the old side a type list.
CASES = {
    "maxLength": ({"type": ["string", "null"]}, {"anyOf": [{"type": "string", "maxLength": 256}, NULL]},
                  "anyOf.0.maxLength"),
    "maximum": ({"type": ["integer", "null"]}, {"anyOf": [NULL, {"type": "integer", "maximum": 10}]},
                "anyOf.1.maximum"),
    "maxItems": ({"type": ["array", "null"], "items": {"type": "string"}},
                 {"oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 2}, NULL]}, "oneOf.0.maxItems"),
}


def _mail_rule(field: dict) -> dict:
    """create_mail_rule's arguments, as paperless-mcp declares them, with ``field`` as filter_body."""
    return {"type": "object", "required": ["name", "account", "folder"],
            "properties": {"name": {"type": "string"}, "account": {"type": "number"}, "folder": {"type": "string"},
                           "filter_body": field}}


@pytest.mark.parametrize("name", list(CASES))
def test_a_bound_added_in_the_branch_of_its_type_is_witnessed(name):
    before, after, below = CASES[name]
    old, new = _mail_rule(before), _mail_rule(after)
    witness = for_schemas(old, new, "input", f"inputSchema.properties.filter_body.{below}")
    assert witness.found, witness.note
    assert accepted_by_both(old, witness.value) and not accepted_by_both(new, witness.value)


def test_the_diff_gives_the_max_length_finding_its_witness():
    old = _mail_rule({"type": ["string", "null"]})
    new = _mail_rule({"anyOf": [{"type": "string", "maxLength": 256}, NULL]})
    report = diff_input_schemas(old, new)
    [finding] = report.findings
    assert (finding.rule, finding.path) == ("tool.input.constraint.tightened",
                                            "inputSchema.properties.filter_body.anyOf.0.maxLength")
    assert finding.witness.found, finding.witness.note
    assert len(finding.witness.value["filter_body"]) == 257
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)
    assert report.unwitnessed == 0
