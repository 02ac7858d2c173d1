"""Witnesses: for each BREAKING schema change, a value that shows it, checked twice.

Every witness below is checked by two independent JSON Schema implementations, not by the
code that found it: the ``jsonschema`` package's own validator class for the draft the
schema declares (Python's ``re`` for patterns: trusted test schemas only; formats asserted) and ``jsonschema_rs``
(a Rust implementation with its own regex engine, formats asserted). For an input change
both must accept the witness against the old schema and reject it against the new one;
for an output change, the mirror.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from jsonschema import validators

from mcp_inspect import api, witness
from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.evidence.attach import attach
from mcp_inspect.evidence.witness import search
from mcp_inspect.findings.severity import Severity
from mcp_inspect.snapshot.shapes import snapshot_from_value

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def accepts_everywhere(schema, value) -> bool:
    """Both validators' verdict, which must agree."""
    cls = validators.validator_for(schema, default=validators.Draft202012Validator)
    first = cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value)
    second = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    assert first == second, f"the two validators disagree on {value!r}"
    return first


def obj(properties, required=(), **more):
    out = {"type": "object", "properties": properties, **more}
    if required:
        out["required"] = list(required)
    return out


def tools(schema, key="inputSchema"):
    return {"tools": [{"name": "t", key: schema}]} if schema is not None else {"tools": [{"name": "t"}]}


def diff(old, new, key="inputSchema"):
    return api.diff(snapshot_from_value(tools(old, key), "old"), snapshot_from_value(tools(new, key), "new"))


def only(report, rule):
    found = [f for f in report.changes if f.rule == rule]
    assert found, [(f.rule, f.path) for f in report.changes]
    return found[0]


# --- one case per BREAKING input rule in the catalogue ------------------------------------

PATH = {"path": {"type": "string"}}

#: A pair of input schemas for each BREAKING tool.input.* rule whose change can refuse a call.
CASES = {
    "tool.input.constraint.changed": (obj({"path": {"type": "string", "pattern": "^/home/"}}, ["path"]),
                                      obj({"path": {"type": "string", "pattern": "^/workspace/"}}, ["path"])),
    "tool.input.constraint.tightened": (obj({"path": {"type": "string", "maxLength": 200}}, ["path"]),
                                        obj({"path": {"type": "string", "maxLength": 100}}, ["path"])),
    "tool.input.enum.narrowed": (obj({"units": {"type": "string", "enum": ["metric", "imperial"]}}, ["units"]),
                                 obj({"units": {"type": "string", "enum": ["imperial"]}}, ["units"])),
    "tool.input.property.addedRequired": (obj(PATH, ["path"]),
                                          obj({**PATH, "mode": {"type": "string"}}, ["path", "mode"])),
    # Dropped from a closed object: sending it is now refused.
    "tool.input.property.removed": (obj({**PATH, "encoding": {"type": "string"}}, ["path"]),
                                    obj(PATH, ["path"], additionalProperties=False)),
    "tool.input.required.added": (obj({**PATH, "depth": {"type": "integer"}}, ["path"]),
                                  obj({**PATH, "depth": {"type": "integer"}}, ["path", "depth"])),
    # An anchor two definitions claim is not guessed: the definitions are compared as a
    # whole (the completeness net), and the validator's reading of the anchor shows it.
    "tool.input.schema.changed": (
        obj({"a": {"$ref": "#s"}}, ["a"], **{"$defs": {name: {"$anchor": "s", "type": "string"} for name in "st"}}),
        obj({"a": {"$ref": "#s"}}, ["a"], **{"$defs": {name: {"$anchor": "s", "type": "string", "maxLength": 2}
                                                       for name in "st"}})),
    "tool.input.type.changed": (obj({"id": {"type": "string"}}, ["id"]), obj({"id": {"type": "integer"}}, ["id"])),
    "tool.input.type.narrowed": (obj({"id": {"type": ["string", "number"]}}, ["id"]),
                                 obj({"id": {"type": "string"}}, ["id"])),
}

#: The BREAKING input rules whose change refuses no call by validation, and why.
NO_WITNESS = {
    # Nothing to validate against on the new side; the break is the tool's validity.
    "tool.input.removed": (obj(PATH, ["path"]), None, "the new side declares no inputSchema"),
    # x-mcp-header is not a validation keyword: the same arguments validate; the break is
    # the HTTP header the client must now send.
    "tool.input.header.changed": (obj({"region": {"type": "string"}}, ["region"]),
                                  obj({"region": {"type": "string", "x-mcp-header": "Region"}}, ["region"]),
                                  "x-mcp-header is not a validation keyword"),
}

BREAKING_INPUT_RULES = sorted(r.id for r in default_catalogue()
                              if r.id.startswith("tool.input.") and r.severity is Severity.BREAKING)


def test_every_breaking_input_rule_has_a_case():
    assert sorted({*CASES, *NO_WITNESS}) == BREAKING_INPUT_RULES


@pytest.mark.parametrize("rule", sorted(CASES))
def test_a_breaking_input_change_has_a_witness_both_validators_confirm(rule):
    old, new = CASES[rule]
    finding = only(diff(old, new), rule)
    assert finding.witness is not None and finding.witness.found, finding.witness
    value = finding.witness.value
    assert isinstance(value, dict)
    assert accepts_everywhere(old, value)
    assert not accepts_everywhere(new, value)


@pytest.mark.parametrize("rule", sorted(NO_WITNESS))
def test_a_breaking_input_change_no_call_shows_says_why_and_is_counted(rule):
    old, new, why = NO_WITNESS[rule]
    report = diff(old, new)
    finding = only(report, rule)
    assert finding.witness is not None and not finding.witness.found
    assert why in finding.witness.note
    assert report.unwitnessed == 1
    out = json.loads(api.render(report, "json"))
    shown = next(f for f in out["findings"] if f["rule"] == rule)
    assert shown["witness"] is None and why in shown["witnessNote"]
    assert out["summary"]["unwitnessed"] == 1


def test_the_witness_is_the_removed_enum_value():
    old, new = CASES["tool.input.enum.narrowed"]
    assert only(diff(old, new), "tool.input.enum.narrowed").witness.value == {"units": "metric"}


# --- built from the change, the rest of the old schema satisfied ---------------------------

REQ = {"q": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"}}

CONSTRUCTED = {
    "minimum raised": ({"type": "integer", "minimum": 1}, {"type": "integer", "minimum": 10}),
    "exclusiveMaximum added": ({"type": "number"}, {"type": "number", "exclusiveMaximum": 0}),
    "multipleOf added": ({"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 4}),
    "minLength raised": ({"type": "string"}, {"type": "string", "minLength": 3}),
    "maxItems lowered": ({"type": "array", "items": {"type": "integer"}, "maxItems": 5},
                         {"type": "array", "items": {"type": "integer"}, "maxItems": 2}),
    "minItems raised": ({"type": "array", "items": {"type": "string"}},
                        {"type": "array", "items": {"type": "string"}, "minItems": 1}),
    "uniqueItems added": ({"type": "array", "items": {"type": "integer"}},
                          {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
    "items narrowed": ({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
                       {"type": "array", "items": {"type": "string", "enum": ["a"]}}),
    "pattern added": ({"type": "string"}, {"type": "string", "pattern": "^[0-9]+$"}),
    "format added": ({"type": "string"}, {"type": "string", "format": "email"}),
    "const added": ({"type": "string"}, {"type": "string", "const": "x"}),
    "null lost": ({"type": ["string", "null"]}, {"type": "string"}),
    "anyOf branch lost": ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, {"anyOf": [{"type": "string"}]}),
    "nested object closed": (obj({"a": {"type": "string"}}),
                             obj({"a": {"type": "string"}}, additionalProperties=False)),
    "nested property required": (obj({"a": {"type": "string"}, "b": {"type": "integer"}}, ["a"]),
                                 obj({"a": {"type": "string"}, "b": {"type": "integer"}}, ["a", "b"])),
    "propertyNames added": (obj({}), obj({}, propertyNames={"maxLength": 1})),
    "through a $ref": (obj({"v": {"$ref": "#/$defs/n"}}), obj({"v": {"$ref": "#/$defs/n"}})),
}


def _wrap(sub, defs=None):
    """A tool's input schema holding ``sub`` at ``arg``, beside a required, constrained ``q``."""
    out = obj({**REQ, "arg": sub}, ["q", "arg"])
    if defs:
        out["$defs"] = defs
    return out


@pytest.mark.parametrize("case", sorted(CONSTRUCTED))
def test_a_witness_is_built_from_the_change_and_meets_the_rest_of_the_old_schema(case):
    before, after = CONSTRUCTED[case]
    old_defs = new_defs = None
    if case == "through a $ref":
        old_defs, new_defs = {"n": {"type": "integer", "maximum": 100}}, {"n": {"type": "integer", "maximum": 10}}
    old, new = _wrap(before, old_defs), _wrap(after, new_defs)
    report = diff(old, new)
    found = [f for f in report.changes if f.witness is not None]
    assert found, [(f.rule, f.path, f.severity) for f in report.changes]
    for finding in found:
        assert finding.witness.found, (finding.rule, finding.path, finding.witness.note)
        value = finding.witness.value
        assert accepts_everywhere(old, value), value
        assert not accepts_everywhere(new, value), value
        assert len(value["q"]) >= 2  # the other required property, valid as the old schema wants it


def test_a_draft_07_schema_is_read_as_draft_07():
    draft7 = "http://json-schema.org/draft-07/schema#"
    old = obj({"t": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}}, ["t"],
              **{"$schema": draft7})
    new = obj({"t": {"type": "array", "items": [{"type": "string"}, {"type": "integer", "maximum": 3}]}}, ["t"],
              **{"$schema": draft7})
    found = witness(old, new, path="inputSchema.properties.t.items.1.maximum")
    assert found.found, found.note
    assert accepts_everywhere(old, found.value) and not accepts_everywhere(new, found.value)


# --- the output mirror ---------------------------------------------------------------------

OUTPUT = {
    "tool.output.enum.widened": (obj({"kind": {"enum": ["file", "dir"]}}, ["kind"]),
                                 obj({"kind": {"enum": ["file", "dir", "link"]}}, ["kind"])),
    "tool.output.type.widened": (obj({"size": {"type": "integer"}}, ["size"]),
                                 obj({"size": {"type": "number"}}, ["size"])),
    "tool.output.required.removed": (obj({"a": {"type": "string"}}, ["a"]), obj({"a": {"type": "string"}})),
    "tool.output.removed": (obj({"a": {"type": "string"}}, ["a"]), None),
}


@pytest.mark.parametrize("rule", sorted(OUTPUT))
def test_a_breaking_output_change_has_a_result_the_new_schema_allows_and_the_old_rejects(rule):
    old, new = OUTPUT[rule]
    report = diff(old, new, "outputSchema")
    finding = only(report, rule)
    assert finding.witness.found and finding.witness.direction == "output", finding.witness
    value = finding.witness.value
    assert not accepts_everywhere(old, value)
    if new is not None:
        assert accepts_everywhere(new, value)
    assert report.unwitnessed == 0  # the summary counts input changes only


# --- what is and is not searched -----------------------------------------------------------

def test_only_breaking_schema_changes_get_a_witness():
    old = obj({"a": {"type": "string", "maxLength": 5}})
    new = obj({"a": {"type": "string", "maxLength": 9}, "b": {"type": "string"}})
    report = diff(old, new)
    assert report.changes and all(f.witness is None for f in report.changes)
    assert all("witness" not in f for f in json.loads(api.render(report, "json"))["findings"])


def test_a_severity_override_to_breaking_searches_and_says_when_nothing_is_refused(tmp_path):
    from mcp_inspect import Config

    config = tmp_path / ".mcp-inspect.yml"
    config.write_text("severity_overrides:\n  tool.input.property.added: BREAKING\n", encoding="utf-8")
    # ``b`` added with any value: the old object took any ``b`` already, so nothing is refused
    # (with ``b: {type: string}`` the search now sends ``{"b": 0}``, which the new one refuses:
    # hostile trial, round 30).
    old, new = obj({"a": {"type": "string"}}), obj({"a": {"type": "string"}, "b": {"description": "any"}})
    report = api.diff(snapshot_from_value(tools(old), "o"), snapshot_from_value(tools(new), "n"),
                      config=Config.load(config))
    finding = only(report, "tool.input.property.added")
    assert not finding.witness.found and "accepts too" in finding.witness.note
    assert report.unwitnessed == 1
    typed = obj({"a": {"type": "string"}, "b": {"type": "string"}})
    report = api.diff(snapshot_from_value(tools(old), "o"), snapshot_from_value(tools(typed), "n"),
                      config=Config.load(config))
    witness = only(report, "tool.input.property.added").witness
    assert witness.found and accepts_everywhere(old, witness.value) and not accepts_everywhere(typed, witness.value)
    assert report.unwitnessed == 0


def test_a_severity_override_below_breaking_keeps_the_witness(tmp_path):
    """The witness is a fact about the two schemas, not about the policy: exa-mcp-server
    3.0.5 → 3.4.1's new ``query.minLength`` refuses ``{"query": ""}`` whatever severity the
    configuration gives the rule (the trial of Dec 2 lost it under an override). It is not
    counted among the breaking changes without a witness, since it is no longer breaking."""
    from conftest import DATA

    from mcp_inspect import Config

    config = tmp_path / ".mcp-inspect.yml"
    config.write_text("severity_overrides:\n  tool.input.constraint.tightened: POTENTIALLY_BREAKING\n"
                      "  tool.input.property.added: NON_BREAKING\n", encoding="utf-8")
    old, new = (api.load(str(DATA / "trial" / "exa" / f"{v}.json")) for v in ("3.0.5", "3.4.1"))
    report = api.diff(old, new, config=Config.load(config))
    [finding] = [f for f in report.changes if f.path == "inputSchema.properties.query.minLength"]
    assert finding.severity is Severity.POTENTIALLY_BREAKING and finding.default_severity is Severity.BREAKING
    assert finding.witness is not None and finding.witness.found and finding.witness.value == {"query": ""}
    assert 'e.g. this call passes the old schema and fails the new one: {"query":""}' in api.render(report, "text")
    written = [f for f in json.loads(api.render(report, "json"))["findings"] if f["id"] == finding.id]
    assert written[0]["witness"] == {"query": ""}
    # A rule that is not BREAKING by default is not searched for because of an override down.
    assert all(f.witness is None for f in report.changes if f.default_severity is not Severity.BREAKING
               and f.severity is not Severity.BREAKING)


def test_a_lowered_finding_without_a_witness_is_not_counted_as_breaking(tmp_path):
    from mcp_inspect import Config

    config = tmp_path / ".mcp-inspect.yml"
    config.write_text("severity_overrides:\n  tool.input.property.removed: POTENTIALLY_BREAKING\n", encoding="utf-8")
    old, new = obj({**PATH, "encoding": {"type": "string"}}, ["path"]), obj(PATH, ["path"])
    report = api.diff(snapshot_from_value(tools(old), "o"), snapshot_from_value(tools(new), "n"),
                      config=Config.load(config))
    finding = only(report, "tool.input.property.removed")
    assert finding.witness is not None and not finding.witness.found  # searched: the note says why
    assert report.unwitnessed == 0 and "without a witness" not in api.render(report, "text")


def test_a_property_dropped_from_an_open_object_has_no_witness():
    """The classification calls it BREAKING (the server no longer reads it), yet every call
    that sent it still validates: the witness search says so instead of inventing one."""
    old, new = obj({**PATH, "encoding": {"type": "string"}}, ["path"]), obj(PATH, ["path"])
    report = diff(old, new)
    finding = only(report, "tool.input.property.removed")
    assert not finding.witness.found
    assert finding.witness.note.startswith("the new schema still accepts a call that sends it, such as ")
    sent = json.loads(finding.witness.note.rsplit("such as ", 1)[1])
    assert "encoding" in sent and accepts_everywhere(old, sent) and accepts_everywhere(new, sent)
    assert report.unwitnessed == 1


def test_a_property_dropped_beside_another_change_borrows_no_witness_from_it():
    """``shell`` leaves an open object while ``command`` loses its string branch (as
    mcp-server-kubernetes 2.9.6 -> 4.1.7's exec_in_pod): a call refused for ``command`` does
    not show ``shell``'s removal; a call that sends ``shell`` and a valid ``command`` still
    validates, so the removal has no witness and the note says so."""
    command_old = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    command_new = {"type": "array", "items": {"type": "string"}}
    name = {"name": {"type": "string"}}
    old = obj({**name, "command": command_old, "shell": {"type": "string"}}, ["name", "command"])
    new = obj({**name, "command": command_new}, ["name", "command"])
    report = diff(old, new)
    # (A union of a string and an array of strings is the type list [array, string] with the
    # array's items since round 17 (new-user trial): losing the string is a type lost.)
    assert only(report, "tool.input.type.narrowed").witness.found
    finding = only(report, "tool.input.property.removed")
    assert not finding.witness.found, finding.witness.value
    assert finding.witness.note.startswith("the new schema still accepts a call that sends it, such as ")
    sent = json.loads(finding.witness.note.rsplit("such as ", 1)[1])
    assert "shell" in sent and accepts_everywhere(old, sent) and accepts_everywhere(new, sent)


def test_a_property_dropped_from_a_closed_object_beside_another_change_has_its_own_witness():
    """The same pair with the new object closed: the witness sends ``shell`` and is refused
    for it (by additionalProperties), not for ``command``."""
    command_old = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    command_new = {"type": "array", "items": {"type": "string"}}
    name = {"name": {"type": "string"}}
    old = obj({**name, "command": command_old, "shell": {"type": "string"}}, ["name", "command"])
    new = obj({**name, "command": command_new}, ["name", "command"], additionalProperties=False)
    witness = only(diff(old, new), "tool.input.property.removed").witness
    assert witness.found and "shell" in witness.value
    assert accepts_everywhere(old, witness.value) and not accepts_everywhere(new, witness.value)
    assert accepts_everywhere(command_new, witness.value["command"])


def test_an_output_property_dropped_beside_another_change_borrows_no_witness_from_it():
    """The output mirror: ``a`` may now be a number and ``error`` left a result that is now
    closed. A result with a number ``a`` shows the first change only; the old schema never
    required ``error``, so no result the new one allows is refused for its removal."""
    old = obj({"a": {"type": "string"}, "error": {"type": "string"}}, ["a"])
    new = obj({"a": {"anyOf": [{"type": "string"}, {"type": "number"}]}}, ["a"], additionalProperties=False)
    report = diff(old, new, key="outputSchema")
    assert only(report, "tool.output.constraint.loosened").witness.found
    witness = only(report, "tool.output.property.removed").witness
    assert not witness.found, witness.value
    assert "the new schema allows, the old one allowed too" in witness.note


def test_a_witness_of_another_change_is_not_shown_for_this_one():
    """An unmodelled vendor keyword beside a real bound: the bound has a witness, the vendor
    keyword has none, though the value refused for the bound would be refused there too."""
    old = obj({"a": {"type": "string"}}, ["a"])
    new = obj({"a": {"type": "string", "x-len": 1, "maxLength": 2}}, ["a"])
    report = diff(old, new)
    assert only(report, "tool.input.constraint.tightened").witness.found
    assert not only(report, "tool.input.schema.changed").witness.found


def test_an_invalid_schema_gives_a_note_not_a_traceback():
    old = obj({"a": {"type": "integer"}})
    new = obj({"a": {"type": "integer", "minimum": 1}}, patternProperties=[])
    found = witness(old, new, path="inputSchema.properties.a.minimum")
    assert not found.found and "the new schema is not a valid JSON Schema" in found.note
    unresolvable = obj({"a": {"type": "string", "$ref": "https://example.com/s"}})
    found = witness(obj({"a": {"type": "string"}}), unresolvable)
    assert not found.found and found.note


def test_candidates_stay_within_their_bounds():
    """MAX_WITNESS_STRING and MAX_WITNESS_ITEMS: a bound past them is not tried (no
    witness), one within them is; MAX_WITNESS_DEPTH ends a recursive schema's candidates."""
    from mcp_inspect.limits import MAX_WITNESS_DEPTH, MAX_WITNESS_ITEMS, MAX_WITNESS_STRING

    for key, limit, kind in (("maxLength", MAX_WITNESS_STRING, "string"), ("maxItems", MAX_WITNESS_ITEMS, "array")):
        far = obj({"a": {"type": kind}}), obj({"a": {"type": kind, key: limit}})
        assert not witness(*far, path=f"inputSchema.properties.a.{key}").found
        near = obj({"a": {"type": kind}}), obj({"a": {"type": kind, key: limit - 1}})
        found = witness(*near, path=f"inputSchema.properties.a.{key}")
        assert found.found and len(found.value["a"]) == limit
    tree = {"type": "object", "properties": {"next": {"$ref": "#"}, "v": {"type": "integer"}}, "required": ["next"]}
    found = witness(tree, {**tree, "maxProperties": 0})
    assert not found.found and found.attempts < 2_000
    assert MAX_WITNESS_DEPTH < 50


def test_the_random_fallback_is_bounded():
    from mcp_inspect.limits import MAX_WITNESS_RANDOM_ATTEMPTS

    old = obj({"a": {"type": "string"}})
    found = search(old, old)
    assert not found.found and found.attempts <= 300 + MAX_WITNESS_RANDOM_ATTEMPTS


def test_the_search_stops_at_its_attempt_budget():
    old = obj({"a": {"type": "string"}})
    found = search(old, old, attempts=7)
    assert not found.found and "7 validations" in found.note
    assert found.attempts <= 8


def test_a_wide_schema_meets_the_default_attempt_budget():
    from mcp_inspect.limits import MAX_WITNESS_ATTEMPTS

    wide = obj({f"p{i}": {"type": ["string", "integer", "array"]} for i in range(300)})
    found = search(wide, wide, seconds=600)
    assert not found.found and f"{MAX_WITNESS_ATTEMPTS:,} validations" in found.note


def test_the_time_budgets_are_the_defaults():
    import inspect

    from mcp_inspect.limits import MAX_WITNESS_SECONDS, MAX_WITNESS_TOTAL_ATTEMPTS, MAX_WITNESS_TOTAL_SECONDS

    assert inspect.signature(attach).parameters["attempts"].default == MAX_WITNESS_TOTAL_ATTEMPTS
    assert inspect.signature(search).parameters["seconds"].default == MAX_WITNESS_SECONDS
    assert inspect.signature(attach).parameters["seconds"].default == MAX_WITNESS_TOTAL_SECONDS
    assert inspect.signature(attach).parameters["per_finding"].default == MAX_WITNESS_SECONDS


def test_the_search_stops_at_its_time_budget():
    old = obj({"a": {"type": "string"}})
    found = search(old, old, seconds=0.0)
    assert not found.found and "0 s" in found.note


def test_past_the_report_s_validation_budget_findings_are_not_searched():
    """The report's budget counts validations, so what it says does not depend on the
    machine's speed (a time budget made a loaded CI machine write other notes)."""
    old, new = CASES["tool.input.enum.narrowed"]
    report = diff(old, new)
    finding = only(report, "tool.input.enum.narrowed")
    finding.witness = None
    attach(report, attempts=0)
    assert finding.witness is not None and not finding.witness.found
    assert "witness budget (0 validations) was spent" in finding.witness.note
    attach(report)
    assert finding.witness.found


def test_past_the_report_budget_findings_are_not_searched():
    old, new = CASES["tool.input.enum.narrowed"]
    report = diff(old, new)
    finding = only(report, "tool.input.enum.narrowed")
    finding.witness = None
    attach(report, seconds=0.0)
    assert not finding.witness.found and "budget" in finding.witness.note


def test_a_hostile_pattern_does_not_hold_the_search():
    """A pattern that makes a backtracking engine take exponential time on a long string
    of ``a`` ending in ``!``: the search's strings are matched by RE2 only, so it ends in
    well under its time budget."""
    old = obj({"a": {"type": "string", "maxLength": 80}}, ["a"])
    new = obj({"a": {"type": "string", "maxLength": 80, "pattern": "^(a+)+$"}}, ["a"])
    started = time.monotonic()
    found = search(old, new, where="properties.a.pattern", focus=["a"])
    assert time.monotonic() - started < 5
    assert found.found
    assert accepts_everywhere(old, found.value) and not accepts_everywhere(new, found.value)


def test_the_witness_is_the_same_on_every_run():
    old, new = CASES["tool.input.property.addedRequired"]
    first = [f.witness for f in diff(old, new).changes]
    assert first == [f.witness for f in diff(old, new).changes]


def test_the_library_function_takes_a_finding():
    old, new = CASES["tool.input.constraint.tightened"]
    finding = only(diff(old, new), "tool.input.constraint.tightened")
    found = witness(old, new, finding)
    assert found.found and len(found.value["path"]) == 101
    with pytest.raises(ValueError, match="direction"):
        witness(old, new, direction="sideways")
    rename = only(diff(old, new), "tool.input.constraint.tightened")
    rename.rule = "tool.description.changed"
    with pytest.raises(ValueError, match="finding"):
        witness(old, new, rename)


def test_a_note_about_a_broken_schema_reads_the_same_in_any_key_order():
    """A resolver's or the meta-schema's message quotes the schema as a Python dict, in the
    input's key order; the note names the place instead, so two spellings say one thing."""
    broken = {"type": "object", "properties": {"x": {"$ref": "#/$defs/missing"}}, "$defs": {"a": {"$ref": "#/$defs/b"}}}
    flipped = dict(reversed(list(broken.items())))
    tighter = {**broken, "properties": {"x": {"$ref": "#/$defs/missing", "maxLength": 1}}}
    notes = {search(side, tighter).note for side in (broken, flipped)}
    assert len(notes) == 1
    note = notes.pop()
    assert "does not resolve" in note and "{" not in note
    bad = {"type": "object", "then": 3, "maximum": 0}
    notes = {search(side, {"type": "object"}).note for side in (bad, dict(reversed(list(bad.items()))))}
    assert len(notes) == 1 and "{" not in notes.pop()


def test_a_ref_loop_that_never_reads_deeper_stops_the_search_at_once():
    """`a` → `b` → `a` recurses until Python's limit on every call that reaches it: the search
    stops at the first such validation with a note, instead of spending its time budget one
    recursion limit after another (found by the fuzz test, 5 s per finding)."""
    loop = {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}
    old = {"type": "object", "properties": {"x": {"$ref": "#/$defs/b"}}, **loop}
    new = {"type": "object", "properties": {"x": {"type": "string"}}}
    found = search(old, new, attempts=2_000, seconds=60)
    assert found.value is None and not found.found
    assert found.note == ("a schema cannot be judged: its $ref loop refers back to itself without reading "
                          "deeper into the value")
    assert found.attempts < 50


def test_an_invalid_schema_s_note_is_the_same_in_every_process():
    """The meta-schema finds a schema's errors in an order that hangs on the process's string
    hashes; the note names the first by place and keyword, so two runs of one diff agree
    (four $defs entries that each fail, and a bad type: notes differed with PYTHONHASHSEED)."""
    script = ("from mcp_inspect.evidence.witness import search\n"
              "bad = {'$defs': {'if': None, 'maxLength': None, 'oneOf': None, 'type': None}, 'type': None}\n"
              "print(search(bad, {'$ref': '#'}, direction='output').note)\n")
    notes = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
             for seed in range(4)}
    assert notes == {"the new schema is not a valid JSON Schema: the value at $.type fails the meta-schema's 'anyOf'\n"}


def test_a_property_dropped_from_a_plainly_open_object_stops_at_the_first_call_both_accept():
    """Nothing on the way to the object reads a member it does not declare, so once one call
    that sends the property validates against both schemas no other can be refused for it:
    the search stops there (it spent 200 more validations before, on every such removal)."""
    old, new = obj({**PATH, "encoding": {"type": "string"}}, ["path"]), obj(PATH, ["path"])
    finding = only(diff(old, new), "tool.input.property.removed")
    assert finding.witness.reason == "open_object" and finding.witness.attempts <= 10, finding.witness


@pytest.mark.parametrize("closing", [
    {"additionalProperties": {"type": "integer"}},  # an undeclared member is read
    {"maxProperties": 2},  # the object is judged as a whole
    {"not": {"required": ["encoding"]}},
    # Hostile trial: merged first come first, these read as open and the search stopped early.
    {"allOf": [{"additionalProperties": True},
               {"properties": {"path": {}, "mode": {}}, "additionalProperties": {"type": "integer"}}]},
    {"$ref": "#/$defs/open", "additionalProperties": {"type": "integer"}, "$defs": {"open": {}}},
], ids=["typed-additional", "max-properties", "not", "allof-merged", "beside-a-ref"])
def test_an_object_that_still_reads_undeclared_members_keeps_searching_after_a_call_both_accept(closing):
    """Here a call that sends ``encoding`` may be accepted by both (an integer, or alone)
    while another is refused for it: the search goes on and finds that one."""
    encoding = {"type": ["string", "integer"]}
    old = obj({**PATH, "encoding": encoding, "mode": {"type": "string"}}, ["path"])
    new = {**obj({**PATH, "mode": {"type": "string"}}, ["path"]), **closing}
    found = search(old, new, where="properties.encoding", removed=True)
    assert found.found, found
    assert accepts_everywhere(old, found.value) and not accepts_everywhere(new, found.value)
    assert "encoding" in found.value


def _nested(levels: int, leaf: dict) -> dict:
    schema = leaf
    for _ in range(levels):
        schema = obj({"a": schema}, ["a"])
    return schema


def test_a_note_says_when_calls_were_not_built_as_deep_as_the_change():
    """Hostile trial: a bound tightened 13 levels down got "none found … the new one accepts
    too", as if the search had been exhaustive; it says where it stopped instead."""
    from mcp_inspect.limits import MAX_WITNESS_DEPTH

    old = _nested(MAX_WITNESS_DEPTH + 1, {"type": "string", "maxLength": 10})
    new = _nested(MAX_WITNESS_DEPTH + 1, {"type": "string", "maxLength": 5})
    where = ".".join(["properties.a"] * (MAX_WITNESS_DEPTH + 1) + ["maxLength"])
    found = search(old, new, where=where)
    assert not found.found
    assert f"calls were built at most {MAX_WITNESS_DEPTH} levels deep, and the schema goes deeper" in found.note
    shallow = search(_nested(2, {"type": "string", "maxLength": 10}), _nested(2, {"type": "string", "maxLength": 5}))
    assert shallow.found


def test_a_search_cut_by_the_report_s_time_names_that_budget_not_the_time_left():
    """Hostile trial: the note printed the seconds the report had left ("3.38754 s"), a number
    that differs run to run; it names the report's budget, which does not."""
    from mcp_inspect.evidence.attach import for_schemas

    old, new = obj({"a": {"type": "string"}}, ["a"]), obj({"a": {"type": "integer"}}, ["a"])
    cut = for_schemas(old, new, "input", "inputSchema.properties.a.type", seconds=0.0, report_seconds=30.0)
    assert cut.note == "none found before the report's witness budget (30 s) was spent", cut.note
    own = for_schemas(old, new, "input", "inputSchema.properties.a.type", seconds=0.0)
    assert own.note == "none found within the search budget (0 s)", own.note


@pytest.mark.parametrize("new", [
    {"type": "object", "properties": {"a": {"type": "string"}},
     "allOf": [{"additionalProperties": True}, {"properties": {"a": {}}, "additionalProperties": {"type": "string"}}]},
    {"type": "object", "properties": {"a": {"type": "string"}}, "$ref": "#/$defs/open",
     "additionalProperties": {"type": "string"}, "$defs": {"open": {"additionalProperties": True}}},
], ids=["allof", "beside-a-ref"])
def test_an_object_closed_through_a_merge_is_not_taken_for_open(new):
    """Hostile trial: merged first come first, an open allOf branch or $ref target hid the
    typed additionalProperties beside it; the search stopped at {"x": ""} and said no call
    could be refused, though {"x": 0} is."""
    old = {"type": "object", "properties": {"a": {"type": "string"}, "x": {"type": ["string", "integer"]}}}
    finding = only(diff(old, new), "tool.input.property.removed")
    assert finding.witness.found, finding.witness
    assert accepts_everywhere(old, finding.witness.value) and not accepts_everywhere(new, finding.witness.value)


def test_an_untyped_value_s_arrays_of_arrays_do_not_count_as_a_schema_going_deeper():
    """New-user trial (mcp-grafana): a two-level schema's note said "the schema goes deeper"
    than 12 levels; the candidates for an untyped value nest without end, with nothing to build."""
    old, new = obj({"v": {}}, ["v"]), obj({"v": {"not": {"not": {}}}}, ["v"])  # the same values
    found = search(old, new, where="properties.v.not")
    assert not found.found and "goes deeper" not in found.note, found.note


def test_a_call_fills_what_a_condition_requires_so_an_old_if_then_does_not_hide_the_witness():
    """New-user trial (mcp-pandoc 0.3.0 → 0.11.1): with an if/then requiring output_file (an
    if over an absent property holds), every candidate left it out and the old schema refused
    it, so a closed object got "none found"; {"extra": "", "output_file": ""} shows it."""
    props = {"contents": {"type": "string"}, "output_format": {"type": "string", "enum": ["md", "pdf"]},
             "output_file": {"type": "string"}}
    pdf = {"if": {"properties": {"output_format": {"enum": ["pdf"]}}}, "then": {"required": ["output_file"]}}
    old = {"type": "object", "properties": props, "allOf": [pdf]}
    new = {"type": "object", "properties": props, "additionalProperties": False}
    finding = only(diff(old, new), "tool.input.constraint.tightened")
    assert finding.witness.found, finding.witness
    assert accepts_everywhere(old, finding.witness.value) and not accepts_everywhere(new, finding.witness.value)


def test_a_property_removed_under_then_is_sent_at_the_object_then_applies_to():
    """Round-three hostile trial: `b` removed from properties and from then.properties; the
    then finding said "none found" while {"b": "", "k": "x"} (its sibling's witness) shows it."""
    old = {"type": "object", "required": ["k"], "properties": {"k": {"enum": ["x"]}, "b": {"type": "string"}},
           "if": {"properties": {"k": {"const": "x"}}},
           "then": {"properties": {"k": {}, "b": {}}, "additionalProperties": False}}
    new = {"type": "object", "required": ["k"], "properties": {"k": {"enum": ["x"]}},
           "if": {"properties": {"k": {"const": "x"}}},
           "then": {"properties": {"k": {}}, "additionalProperties": False}}
    report = diff(old, new)
    removals = [f for f in report.changes if f.rule == "tool.input.property.removed"]
    assert {f.path for f in removals} == {"inputSchema.properties.b", "inputSchema.then.properties.b"}
    for finding in removals:
        assert finding.witness.found, (finding.path, finding.witness)
        assert accepts_everywhere(old, finding.witness.value) and not accepts_everywhere(new, finding.witness.value)
