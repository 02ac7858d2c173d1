"""Why a search found no witness is a code (``Witness.reason``) the audit can count
(bench/witness_audit.py), and three searches the audit found wanting now find one.
"""

from __future__ import annotations

from test_witness import accepts_everywhere, diff, obj, only

from mcp_inspect.evidence.witness import search
from mcp_inspect.findings.evidence import DOCUMENTED_REASONS, WITNESS_REASONS


def test_pydantic_optional_list_made_required_shows_its_lost_null():
    # ids: Optional[List[str]] = None → ids: List[str]: a required property and a lost null
    # branch. {"ids": null} is refused inside the property's schema, which is the lost
    # branch's refusal, not the required change's (that one is refused at ``required``).
    ids = {"type": "array", "items": {"type": "string"}, "title": "Ids"}
    old = obj({"name": {"type": "string"}, "ids": {"anyOf": [ids, {"type": "null"}], "default": None, "title": "Ids"}},
              ["name"])
    new = obj({"name": {"type": "string"}, "ids": ids}, ["name", "ids"])
    finding = only(diff(old, new), "tool.input.constraint.tightened")
    assert finding.witness.found and finding.witness.value["ids"] is None
    assert accepts_everywhere(old, finding.witness.value) and not accepts_everywhere(new, finding.witness.value)


def test_a_pattern_is_read_for_a_string_it_matches():
    # mcp-atlassian 0.23.1's issue_key: the pattern's literal characters ("A-ZA-Z0-9_-0:-0")
    # match nothing, so no call the old schema accepts was ever tried.
    key = {"type": "string", "pattern": "^[A-Z][A-Z0-9_]+-\\d+(?:-\\d+)*$"}
    old = obj({"issue_key": key, "body": {"type": "string"}}, ["issue_key", "body"], additionalProperties=False)
    new = obj({"issue_key": key, "comment": {"type": "string"}}, ["issue_key", "comment"])
    found = search(old, new, where="properties.comment", focus=["comment"])
    assert found.found and found.value["issue_key"] == "AA-0" and found.reason is None


def test_each_answer_without_a_witness_names_its_reason():
    region = {"type": "string"}
    header = only(diff(obj({"region": region}), obj({"region": {**region, "x-mcp-header": "Region"}})),
                  "tool.input.header.changed")
    assert header.witness.reason == "header"
    # A format a witness is not held to (mcp_inspect/evidence/formats.py).
    host = only(diff(obj({"host": {"type": "string"}}), obj({"host": {"type": "string", "format": "hostname"}})),
                "tool.input.constraint.tightened")
    assert host.witness.reason == "format_not_asserted" and '"hostname"' in host.witness.note
    # uri is held to, whatever is installed: "" is no URI.
    uri = only(diff(obj({"url": {"type": "string"}}), obj({"url": {"type": "string", "format": "uri"}})),
               "tool.input.constraint.tightened")
    assert uri.witness.found and uri.witness.value == {"url": ""}, uri.witness.note
    # A property removed from an object that still accepts any other name.
    removed = only(diff(obj({"a": {"type": "string"}, "b": {"type": "string"}}), obj({"a": {"type": "string"}})),
                   "tool.input.property.removed")
    assert removed.witness.reason == "open_object"
    # A vendor keyword: nothing a validator reads.
    assert search(obj({"a": {"type": "string"}}), obj({"a": {"type": "string", "x-kind": "id"}}),
                  where="properties.a.x-kind").reason == "vendor_keyword"
    # A remote reference is never fetched.
    assert search(obj({"a": {"type": "string"}}),
                  obj({"a": {"$ref": "https://example.com/s.json"}})).reason == "remote_ref"
    assert set(DOCUMENTED_REASONS) < set(WITNESS_REASONS)


def test_a_record_whose_values_became_typed_shows_a_value_it_now_refuses():
    # zod's z.record(z.any()) → z.record(z.string()), and TypeBox's Record as patternProperties.
    for old, new in (
        ({"type": "object", "additionalProperties": {}},
         {"type": "object", "additionalProperties": {"type": "string"}}),
        ({"type": "object", "patternProperties": {"^(.*)$": {}}},
         {"type": "object", "patternProperties": {"^(.*)$": {"type": "string"}}}),
    ):
        old_schema, new_schema = obj({"labels": old}), obj({"labels": new})
        found = search(old_schema, new_schema, where="properties.labels", focus=["labels"])
        assert found.found, found.note
        assert accepts_everywhere(old_schema, found.value) and not accepts_everywhere(new_schema, found.value)


def test_a_finding_path_through_a_pattern_with_dots_still_steers_the_search():
    # The finding's path is "…patternProperties.^(.*)$.type": split on dots it no longer names
    # the pattern, and the refusal was not seen as this finding's.
    old_schema = obj({"labels": {"type": "object", "patternProperties": {"^(.*)$": {}}}})
    new_schema = obj({"labels": {"type": "object", "patternProperties": {"^(.*)$": {"type": "string"}}}})
    found = search(old_schema, new_schema, where="properties.labels.patternProperties.^(.*)$.type",
                   focus=["labels"])
    assert found.found and not accepts_everywhere(new_schema, found.value)


def test_each_finding_under_a_union_has_a_witness_of_its_own():
    """aws-pricing-mcp-server trial: ``Field`` and ``Type`` of pydantic's optional list of
    filters both gained ``minLength: 1``. The ``anyOf`` holding them refused the call that
    empties ``Field`` too, and that refusal sat above ``Type``'s place, so ``Type``'s witness
    was ``Field``'s. A union's refusal is read from its branches' errors: each witness now
    empties its own string, and the other's stays accepted."""
    def schema(min_length):
        bound = {"minLength": 1} if min_length else {}
        pricing_filter = obj({"Field": {"type": "string", **bound}, "Type": {"type": "string", "default": "TERM_MATCH",
                                                                          **bound},
                              "Value": {"type": "string"}}, ["Field", "Value"], title="PricingFilter")
        return obj({"service_code": {"type": "string"},
                    "filters": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/PricingFilter"}},
                                          {"type": "null"}], "default": None}},
                   ["service_code"], **{"$defs": {"PricingFilter": pricing_filter}})

    report = diff(schema(False), schema(True))
    witnesses = {f.path.split(".")[-2]: f.witness for f in report.changes
                 if f.rule == "tool.input.constraint.tightened"}
    assert set(witnesses) == {"Field", "Type"}
    for name, witness in witnesses.items():
        assert witness.found, name
        [sent] = witness.value["filters"]
        assert sent[name] == "", (name, sent)
        other = next(n for n in ("Field", "Type") if n != name)
        assert sent.get(other, "x") != "", (name, sent)
        assert accepts_everywhere(schema(False), witness.value) and not accepts_everywhere(schema(True), witness.value)


def test_each_witness_is_refused_for_its_own_finding_alone():
    """New-user trial: a tool gained a required ``n`` and ``q`` gained minLength 1; the witness
    for ``q`` was ``{"mode": "b", "q": ""}``, which the new schema also refuses for lacking
    ``n``, so a maintainer replaying it could not tell which change it showed. Each witness
    now breaks its own finding only, where such a call exists."""
    old = obj({"mode": {"enum": ["a", "b"]}, "q": {"type": "string"}, "n": {"type": "integer"}}, ["mode"])
    new = obj({"mode": {"enum": ["a", "b"]}, "q": {"type": "string", "minLength": 1}, "n": {"type": "integer"}},
              ["mode", "n"])
    report = diff(old, new)
    from jsonschema import Draft202012Validator
    for finding in report.changes:
        if finding.severity.name != "BREAKING":
            continue
        assert finding.witness.found, finding.rule
        errors = list(Draft202012Validator(new).iter_errors(finding.witness.value))
        assert len(errors) == 1, (finding.rule, finding.witness.value, [e.message for e in errors])
    minimum = only(report, "tool.input.constraint.tightened")
    assert minimum.witness.value["q"] == "" and "n" in minimum.witness.value


def test_a_loosening_at_the_same_place_does_not_claim_the_refusal_of_its_breaking_twin():
    """New-user trial, round 10 (excel-mcp-server 1.1.2 → 2.2.2): a nullable string became an
    object, reported as "anyOf no longer accepts null, string" (BREAKING) and "anyOf now also
    accepts object" (NON_BREAKING, at ``…auto_filter.type``). The refusal of
    ``{"layout": {"auto_filter": ""}}`` is at ``type``, which the loosening's path held, so the
    BREAKING finding said "none found … the new one accepts too"."""
    from support import diff_input_schemas

    old = {"type": "object", "required": ["layout"], "properties": {"layout": {"$ref": "#/$defs/Layout"}},
           "$defs": {"Layout": {"type": "object", "properties": {
               "auto_filter": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}}}}}
    new = {"type": "object", "required": ["layout"], "properties": {"layout": {"$ref": "#/$defs/Layout"}},
           "$defs": {"Layout": {"type": "object", "properties": {"auto_filter": {"$ref": "#/$defs/AutoFilter"}}},
                     "AutoFilter": {"type": "object", "properties": {"range": {"type": "string"}},
                                    "required": ["range"]}}}
    report = diff_input_schemas(old, new)
    [narrowed] = [f for f in report.findings if f.severity.name == "BREAKING"]
    assert any(f.severity.name == "NON_BREAKING" for f in report.findings), report.findings
    assert narrowed.witness.found, narrowed.witness.note
    from jsonschema import Draft202012Validator

    value = narrowed.witness.value
    assert Draft202012Validator(old).is_valid(value) and not Draft202012Validator(new).is_valid(value)


def test_a_closed_object_beside_a_new_required_member_gets_a_call_refused_for_it_alone():
    """New-user trial, round 11 (mcp-pypi 2.7.1 → 4.0.1, check_vulnerabilities): the object
    closed (additionalProperties false) as it gained a required ``packages``; the witness of
    the closing was {"package_name": ""}, refused for the missing ``packages`` too, because the
    ``required`` error was read as the closing's (a keyword of the same root) rather than the
    new member's. The search now sends ``packages`` (the old object takes any member)."""
    from jsonschema import Draft202012Validator
    from support import diff_input_schemas

    old = {"type": "object", "properties": {"package_name": {"type": "string"}}, "required": ["package_name"]}
    new = {"type": "object", "properties": {"packages": {"type": "array", "items": {"type": "string"}}},
           "required": ["packages"], "additionalProperties": False}
    [closed] = [f for f in diff_input_schemas(old, new).findings if f.rule == "tool.input.constraint.tightened"]
    assert closed.witness.found, closed.witness.note
    errors = list(Draft202012Validator(new).iter_errors(closed.witness.value))
    assert Draft202012Validator(old).is_valid(closed.witness.value)
    assert [e.validator for e in errors] == ["additionalProperties"], closed.witness.value
