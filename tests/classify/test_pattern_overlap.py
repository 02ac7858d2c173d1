"""A patternProperties key added or removed beside a key of the other side that matches some
of its names: a name two keys match must satisfy both schemas, so those names were not
governed by ``additionalProperties`` (hostile trial, round 42)."""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness, diff_input_schemas

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def _member(patterns: dict, rest) -> dict:
    return {"type": "object", "properties": {"p": {"type": "object", "patternProperties": patterns,
                                                   "additionalProperties": rest}}, "required": ["p"]}


@pytest.mark.parametrize("rest", [False, INTEGER], ids=["closed", "typed"])
def test_a_key_added_within_a_key_kept_holds_its_names_to_both_schemas(rest):
    """Hostile trial, round 42 (a missed break): ``^a.: integer`` added beside ``^a: string``
    said "names matching '^a.': rejected before, accepted now" (closed) or "governed by an
    equal schema" (typed rest), though a name both match must now be a string and an
    integer: ``{"p": {"ab": ""}}`` was accepted and is refused."""
    old, new = _member({"^a": STRING}, rest), _member({"^a": STRING, "^a.": INTEGER}, rest)
    breaking_input_witness(old, new, "patternProperties.^a..allOf")


@pytest.mark.parametrize("rest", [False, INTEGER], ids=["closed", "typed"])
def test_a_key_removed_within_a_key_kept_only_loosens(rest):
    """The mirror (hostile trial, round 42): removing ``^a.: integer`` beside ``^a: string``
    said "names matching '^a.': accepted before, rejected now", a BREAKING no call shows: those
    names now follow ``^a`` alone. On output a server may now return ``{"ab": ""}``."""
    old, new = _member({"^a": STRING, "^a.": INTEGER}, rest), _member({"^a": STRING}, rest)
    findings = diff_input_schemas(old, new).findings
    assert findings and {f.severity.name for f in findings} == {"NON_BREAKING"}, findings
    breaking_output_witness(old, new, "patternProperties.^a..allOf")


def test_past_the_bound_a_key_is_read_against_additional_properties_alone(monkeypatch):
    """MAX_OVERLAPPING_PATTERN_PAIRS (docs/limits.md): past it no key is read against the
    other side's, the reading before round 42."""
    from mcp_inspect.classify import pattern_members

    monkeypatch.setattr(pattern_members, "MAX_OVERLAPPING_PATTERN_PAIRS", 0)
    old, new = _member({"^a": STRING}, False), _member({"^a": STRING, "^a.": INTEGER}, False)
    findings = diff_input_schemas(old, new).findings
    assert [f.message for f in findings] == ["names matching '^a.': rejected before, accepted now"]


def _closed(patterns: dict) -> dict:
    return _member(patterns, False)


@pytest.mark.parametrize(("old", "new"), [
    (_member({"^a": STRING, "^b": STRING}, INTEGER), _member({"^[ab]": STRING}, INTEGER)),
    (_member({"^[ab]": STRING}, INTEGER), _member({"^a": STRING, "^b": STRING}, INTEGER)),
    (_closed({"^a": STRING, "^c": INTEGER}), _closed({"^[ab]": STRING, "^c": INTEGER})),
], ids=["merged", "split", "merged-beside-another"])
def test_keys_merged_or_split_with_the_same_schema_break_nobody(old, new):
    """Hostile trial, round 42: ``^a`` and ``^b`` merged into ``^[ab]`` (the same string
    schema, ``additionalProperties: integer``) were three BREAKING type changes with "no
    witness: none found", and so was the split; beside ``^c`` on a closed object the merge
    said "names matching '^a': accepted before, rejected now", though ``^[ab]`` covers ``^a``.
    A key whose names the other side's keys hold together is read against them."""
    findings = diff_input_schemas(old, new).findings
    assert findings and "BREAKING" not in {f.severity.name for f in findings}, findings


def test_a_key_split_that_drops_names_breaks_for_them_alone():
    """The split that keeps only ``^a`` of ``^[ab]`` on a closed object refuses ``{"b": ""}``."""
    breaking_input_witness(_closed({"^[ab]": STRING, "^c": INTEGER}), _closed({"^a": STRING, "^c": INTEGER}),
                           "patternProperties.^[ab]")


def test_keys_merged_into_one_of_another_schema_break_with_a_witness():
    """Merged into ``^[ab]: integer``, the names ``^a`` and ``^b`` held to strings break, and
    the finding sits at the new key, where the new schema refuses ``{"a": ""}``."""
    report = diff_input_schemas(_member({"^a": STRING, "^b": STRING}, INTEGER), _member({"^[ab]": INTEGER}, INTEGER))
    breaking = [f for f in report.findings if f.severity.name == "BREAKING"]
    assert breaking and all(f.path.endswith("patternProperties.^[ab].type") for f in breaking), breaking
    assert all(f.witness.found for f in breaking), [f.witness.note for f in breaking]


@pytest.mark.parametrize("rest", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("extended", ["^a.*", "^ab?", "^a(b|)"])
def test_a_pattern_extended_by_an_item_that_matches_nothing_is_a_respelling(rest, extended):
    """Hostile trial, round 43: ``^a`` → ``^a.*`` on a closed object was BREAKING "names
    matching '^a (beyond ^a.*)': accepted before, rejected now" with no witness, and on an open
    one "no longer constrained"; ``.*`` matches the empty string, so the names are the same."""
    findings = diff_input_schemas(_member({"^a": STRING}, rest), _member({extended: STRING}, rest)).findings
    assert findings and all(f.severity.name == "NON_BREAKING" and "matches the same names" in f.message
                            for f in findings), [f.message for f in findings]


@pytest.mark.parametrize(("old", "new"), [
    (_closed({"^a": STRING, "^b": STRING}), _closed({"^[ab]": STRING, "^b": STRING})),
    (_closed({"^[ab]": STRING, "^b": STRING}), _closed({"^a": STRING, "^b": STRING})),
    (_closed({"^a": STRING, "^b": {"type": "string", "minLength": 1}}),
     _closed({"^[ab]": STRING, "^b": {"type": "string", "minLength": 1}})),
], ids=["merged-beside-kept", "split-beside-kept", "kept-asks-more"])
def test_a_key_beside_a_kept_key_whose_schema_asks_all_of_its_own_adds_nothing(old, new):
    """Hostile trial, round 43: ``^a`` and ``^b`` → ``^[ab]`` beside the kept ``^b``, all
    strings, was BREAKING "allOf gained 1 branch: {type: string}" with no witness: a name
    ``^b`` matches must satisfy ``^b``'s schema, which already asks all ``^[ab]``'s does."""
    findings = diff_input_schemas(old, new).findings
    assert "BREAKING" not in {f.severity.name for f in findings}, [f.message for f in findings]


def test_keys_merged_into_one_that_asks_more_say_each_finding_once():
    """Hostile trial, round 43: ``^a`` and ``^b`` (strings) merged into ``^[ab]`` with
    ``minLength: 1`` gave two identical BREAKING "minLength added: 1" at the same path, one
    for each key merged; it is said once, with its witness, and the names of the key whose
    finding was the same are not said to be governed by an equal schema."""
    old, new = _closed({"^a": STRING, "^b": STRING}), _closed({"^[ab]": {"type": "string", "minLength": 1}})
    breaking_input_witness(old, new, "patternProperties.^[ab].minLength")
    assert [f.message for f in diff_input_schemas(old, new).findings] == ["minLength added: 1"]


def test_a_pattern_narrowed_where_only_declared_names_are_freed_only_loosens():
    """Hostile trial, round 43: ``^[ab]$`` → ``^b$`` on a closed object declaring ``a`` was
    BREAKING "names matching '^[ab]$' no longer follow the pattern instead of
    additionalProperties" with no witness: the only name freed is ``a``, which is declared,
    so it only stops having to be a string. Widened back, ``{"a": 0}`` is refused."""
    old, new = _member({"^[ab]$": STRING}, False), _member({"^b$": STRING}, False)
    for schema in (old, new):
        schema["properties"]["p"]["properties"] = {"a": {}}
    findings = diff_input_schemas(old, new).findings
    assert [f.severity.name for f in findings] == ["NON_BREAKING"], [f.message for f in findings]
    breaking_input_witness(new, old, "patternProperties.^[ab]$")


def test_a_pattern_narrowed_where_the_freed_property_asks_the_same_is_a_respelling():
    """Hostile trial, round 43: with ``additionalProperties: integer``, ``^(a|b)$`` → ``^b$``
    beside a declared string ``a`` was BREAKING "type changed: string → integer" with no
    witness: ``a`` is governed by its own schema, not by additionalProperties, and asks a
    string still."""
    old, new = _member({"^(a|b)$": STRING}, INTEGER), _member({"^b$": STRING}, INTEGER)
    for schema in (old, new):
        schema["properties"]["p"]["properties"] = {"a": STRING}
    for first, second in ((old, new), (new, old)):
        findings = diff_input_schemas(first, second).findings
        assert findings and {f.severity.name for f in findings} == {"NON_BREAKING"}, [f.message for f in findings]


def test_a_pattern_narrowed_beside_declared_names_it_still_matches_is_one_tightening():
    """Hostile trial, round 43: ``^bx*$`` → ``^bx?x?$`` on a closed object declaring ``b``,
    ``bx`` and ``bxx`` was two BREAKING findings saying the names "now follow the pattern
    instead of additionalProperties, and so does the declared property b", though ``b``
    followed the old pattern too: only names past ``bxx`` are refused now."""
    old, new = _member({"^bx*$": STRING}, False), _member({"^bx?x?$": STRING}, False)
    for schema in (old, new):
        schema["properties"]["p"]["properties"] = {"b": {}, "bx": {}, "bxx": {}}
    breaking_input_witness(old, new, "patternProperties.^bx*$")


def test_a_key_split_into_its_end_and_what_goes_on_is_a_respelling():
    """Hostile trial, round 43: ``^a`` → ``^a$`` and ``^a[\\s\\S]`` (the same names, the same
    schema) on a closed object was BREAKING "names matching '^a': accepted before, rejected
    now" with no witness."""
    findings = diff_input_schemas(_closed({"^a": STRING}), _closed({"^a$": STRING, r"^a[\s\S]": STRING})).findings
    assert findings and "BREAKING" not in {f.severity.name for f in findings}, [f.message for f in findings]


def test_a_declared_property_a_key_of_the_other_side_held_alike_is_not_said_to_move():
    """Hostile trial, round 43: ``^bx*$`` → ``^b(x|y)?$`` (the same schema) on a closed
    object declaring ``b`` said "names matching '^b(x|y)?$' now follow the pattern instead of
    additionalProperties, and so does the declared property b", though ``b`` followed
    ``^bx*$`` before with the same schema; what breaks is ``{"bxx": ""}`` alone."""
    old, new = _member({"^bx*$": STRING}, False), _member({"^b(x|y)?$": STRING}, False)
    for schema in (old, new):
        schema["properties"]["p"]["properties"] = {"b": {}}
    findings = diff_input_schemas(old, new).findings
    assert not any("declared property" in f.message for f in findings), [f.message for f in findings]
    breaking_input_witness(old, new, "patternProperties.^bx*$")


def test_a_key_added_that_partly_overlaps_a_key_kept_holds_the_shared_names_to_both_schemas():
    """Hostile trial, round 45 (a missed break): ``^x_: integer`` added beside ``^[a-z_]+$: string``
    on a closed object said only "names matching '^x_': rejected before, accepted now", though
    ``x_a`` was accepted before: neither key matches all the other's names, so the keys were
    not read together. A name both match must now be a string and an integer:
    ``{"p": {"x_a": ""}}`` was accepted and is refused. The names only ``^x_`` matches
    (``x_1``) are still a loosening, said as those beyond the kept key."""
    old, new = _closed({"^[a-z_]+$": STRING}), _closed({"^[a-z_]+$": STRING, "^x_": INTEGER})
    breaking_input_witness(old, new, "patternProperties.^x_.allOf")
    loosened = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "NON_BREAKING"]
    assert [f.message for f in loosened] == ["names matching '^x_ (beyond ^[a-z_]+$)': rejected before, accepted now"]


def test_a_key_removed_beside_a_partly_overlapping_key_added_breaks_for_the_shared_names():
    """Hostile trial, round 45 (a missed break): ``^.*$: string`` on a closed object became
    ``^a: integer`` on an open one: three NON_BREAKING findings, though ``{"p": {"a": ""}}`` is
    refused now (``.`` takes no line terminator, so neither key holds all the other's names)."""
    old = _closed({"^.*$": STRING})
    new = {"type": "object", "properties": {"p": {"type": "object", "patternProperties": {"^a": INTEGER}}},
           "required": ["p"]}
    breaking_input_witness(old, new, "patternProperties.^a.type")


def test_keys_whose_names_cannot_be_shown_to_meet_are_not_read_together():
    """``_id$: integer`` added beside ``_name$: string`` (no name ends with both): no name is
    shown to match both, so the new key is read against ``additionalProperties`` alone, a
    loosening on a closed object."""
    findings = diff_input_schemas(_closed({"_name$": STRING}), _closed({"_name$": STRING, "_id$": INTEGER})).findings
    assert findings and {f.severity.name for f in findings} == {"NON_BREAKING"}, findings


@pytest.mark.parametrize("added", ["^x_(?=y)", "^(x)\\1"])
def test_a_key_re2_cannot_run_beside_a_key_of_the_other_side_is_no_loosening(added):
    """Hostile trial, round 45: a key RE2 cannot run (a lookahead, a backreference) added
    beside ``^[a-z_]+$`` on a closed object was read as sharing no name with it, a
    NON_BREAKING "rejected before, accepted now", though ``{"x_y": ""}`` (``{"xx": ""}``) is
    refused now. No name can be shown for such a key, and a doubt is never resolved toward
    NON_BREAKING."""
    old = {"type": "object", "patternProperties": {"^[a-z_]+$": {"type": "string"}}, "additionalProperties": False}
    new = {**old, "patternProperties": {**old["patternProperties"], added: {"type": "integer"}}}
    report = diff_input_schemas(old, new)
    assert [f for f in report.findings if f.severity.name == "BREAKING"], [f.message for f in report.findings]
