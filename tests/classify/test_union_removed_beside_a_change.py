"""A union removed while the node gains a keyword no branch has is a union removed, not a
union narrowed to that keyword (new-user trial: mcp-pandoc 0.3.0 → 0.11.1 dropped a oneOf of
required members and closed the object; the diff said "oneOf lost 1 branch", BREAKING,
with no witness possible)."""

from __future__ import annotations

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _rules(old: dict, new: dict) -> list[tuple[str, str]]:
    sides = [snapshot_from_value({"tools": [{"name": "convert", "inputSchema": schema}]}, name)
             for schema, name in ((old, "old"), (new, "new"))]
    return sorted((f.rule, f.severity.name) for f in api.diff(*sides).changes)


def test_a_one_of_of_required_members_removed_as_the_object_closes():
    props = {"contents": {"type": "string"}}
    old = {"type": "object", "properties": props, "oneOf": [{"required": ["contents"]}, {"required": ["input_file"]}]}
    new = {"type": "object", "properties": props, "additionalProperties": False}
    assert _rules(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING"),
                                ("tool.input.constraint.tightened", "BREAKING")]


def test_a_single_schema_that_is_one_of_the_branches_is_still_read_as_a_branch():
    """The reading the lift exists for: {type: string} → anyOf [string, null] is a branch added."""
    old = {"type": "object", "properties": {"a": {"type": "string", "maxLength": 5}}}
    new = {"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "maxLength": 10}, {"type": "null"}]}}}
    assert all(severity != "BREAKING" for _, severity in _rules(old, new))


def test_a_branch_repeating_the_text_beside_its_union_loses_nothing_when_the_union_goes():
    """New-user trial, round 10 (@zereight/mcp-gitlab 2.0.34 → 2.1.64): ``issue_type`` said one
    sentence beside its ``anyOf`` and again inside the string branch; the null branch went and
    the sentence was recased. Before, the branch's copy read as "the text was removed"
    (POTENTIALLY_BREAKING) beside the recasing; now the recasing is said once."""
    from support import diff_input_schemas

    text = "the type of issue. One of issue, incident, test_case or task."
    values = ["issue", "incident", "test_case", "task"]
    old = {"type": "object", "properties": {"issue_type": {
        "anyOf": [{"type": "string", "enum": values, "description": text}, {"type": "null"}],
        "description": text, "default": "issue"}}}
    new = {"type": "object", "properties": {"issue_type": {
        "type": "string", "enum": values, "description": "The" + text[3:], "default": "issue"}}}
    for before, after, lost in ((old, new, "BREAKING"), (new, old, "NON_BREAKING")):
        findings = diff_input_schemas(before, after).findings
        assert sorted((f.path, f.severity.name) for f in findings) == [
            ("inputSchema.properties.issue_type.anyOf", lost),
            ("inputSchema.properties.issue_type.description", "DOCUMENTATION")], findings


def test_a_branch_repeating_the_text_beside_its_union_in_another_case_loses_nothing_either():
    """Hostile trial, round 11: the round-10 fix held for an exact repeat only; a branch whose
    text differed from the union's in letter case ("A Name." beside "A name.") still read as
    "the text was removed" (POTENTIALLY_BREAKING) when the union went."""
    from support import diff_input_schemas

    old = {"type": "object", "properties": {"n": {
        "anyOf": [{"type": "string", "description": "A Name."}, {"type": "null"}], "description": "A name."}}}
    new = {"type": "object", "properties": {"n": {"type": "string", "description": "A name."}}}
    findings = diff_input_schemas(old, new).findings
    assert [(f.path, f.severity.name) for f in findings] == [("inputSchema.properties.n.anyOf", "BREAKING")], findings
