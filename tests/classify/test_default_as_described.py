"""A default declared that the description already gave in words is DOCUMENTATION (new-user
trial, round 17: mcp-yahoo-finance 0.1.2 said "Defaults to \"yearly\"", "Default value 12";
0.2.0 declared `default: "yearly"`, `default: 12`, and each read as POTENTIALLY_BREAKING
"default declared where there was no default", though every call that omits the argument
gets what the text promised before). The other way round too: a default dropped from the
schema that the description still gives. Any other default keeps the rule's grade."""

from __future__ import annotations

import json

import pytest
from support import diff_input_schemas

from mcp_inspect.classify.prose import states_default


def _grade(old_prop: dict, new_prop: dict) -> tuple[str, str]:
    report = diff_input_schemas({"type": "object", "properties": {"x": old_prop}},
                                {"type": "object", "properties": {"x": new_prop}})
    (finding,) = [f for f in report.findings if f.rule == "tool.input.default.changed"]
    return finding.severity.name, finding.message


@pytest.mark.parametrize(("text", "value"), [
    ('Frequency. Defaults to "yearly". Valid: "yearly", "quarterly".', "yearly"),
    ("max amount of upcoming and recent earnings. Default value 12.", 12),  # mcp-yahoo-finance 0.1.2
    ("Period (default: 1mo)", "1mo"),
    ("Include raw rows. The default is false.", False),
    ("Ratio, default 0.5", 0.5),
    # what may follow the value: a stop, a bracket, a comma or semicolon and a space, a line's end
    ("Number of results per page (default: 30, max: 100)", 30),
    ("Rows to return. Default: 20; at most 100.", 20),
    ("Rows to return.\n  limit: default 20\n  offset: default 0", 20),
    ("Rows to return [default 20]", 20),
    ("Rows to return. Default 20  ", 20),
])
def test_a_default_the_text_gave_is_documentation_both_ways(text, value):
    kind = {"yearly": "string", "1mo": "string"}.get(value, "integer") if not isinstance(value, (bool, float)) \
        else ("boolean" if isinstance(value, bool) else "number")
    plain = {"type": kind, "description": text}
    declared = {**plain, "default": value}
    assert _grade(plain, declared)[0] == "DOCUMENTATION"
    assert _grade(plain, declared)[1].endswith("declared, the one the description already gave")
    assert _grade(declared, plain) == ("DOCUMENTATION", f"default {json.dumps(value)} removed from the schema; "
                                       "the description still gives it")


@pytest.mark.parametrize(("text", "value"), [
    ("Defaults to 10", 1),  # another number that starts alike
    ("Defaults to 1.5", 1),
    ('Defaults to "yearly-ish"', "yearly"),
    ("Valid values: yearly, quarterly", "yearly"),  # named, but not as the default
    ("Defaults to quarterly", "yearly"),
    ("", "yearly"),
    # Hostile trial, round 18: a negation before "default", another case, a longer token
    ("Send a confirmation. Does not default to true; set it explicitly.", True),
    ('Report period. It no longer defaults to "yearly" since 0.2.', "yearly"),
    ('Mode. Defaults to "Fast".', "fast"),
    ("Start time (HH:MM). Defaults to 1:30.", 1),
    ("Share, defaults to 1/2", 1),
    # Hostile trial, round 19: a unit, a percentage or a multiplier after the number says
    # another quantity than the number in the argument's own unit
    ("Timeout in seconds. Defaults to 5 minutes.", 5),
    ("Rows to sample. Defaults to 10% of the table.", 10),
    ("Scale factor. Default: 2x.", 2),
    ("Batch size (default 10k)", 10),
    ("Upload limit in bytes. Default: 10 MB.", 10),
    ("Upload limit in bytes. Defaults to 10MB.", 10),
    ('Mode. Defaults to "fast" mode for small inputs, "safe" otherwise.', "fast"),
    ("Retries. Default 3 per host, 0 for local ones.", 3),
])
def test_any_other_default_keeps_the_rules_grade(text, value):
    kind = "string" if isinstance(value, str) else "boolean" if isinstance(value, bool) else "integer"
    plain = {"type": kind, "description": text}
    assert _grade(plain, {**plain, "default": value})[0] == "POTENTIALLY_BREAKING"
    assert _grade({**plain, "default": value}, plain)[0] == "POTENTIALLY_BREAKING"
    assert not states_default(text, value)


@pytest.mark.parametrize("text", [
    "Page size. The default was 10 in v1; it is 25 now.",  # the tester's case
    "Page size. The default was 10.",
    "Page size. It used to default to 10; now it is 25.",
    "Page size. Previously the default: 10; now 25.",
    "Page size. Formerly defaults to 10.",
    "Page size. In v1 the default is 10, in v2 it is 25.",
    "Page size. Before 2.0 the default is 10.",
    "Page size. Until 2.0, the default is 10.",
    "Page size. Originally the default value 10.",
])
def test_a_default_stated_in_the_past_is_not_the_current_one(text):
    """Hostile trial, round 19 (case 06-default-was): "The default was 10 in v1; it is 25 now."
    read as giving 10, so declaring ``default: 10`` (and, the other way, dropping it from a
    schema whose text says so) was DOCUMENTATION, though the text's current default is 25.
    A default in the past ("was", "used to", "previously", "formerly", "in v1", "before",
    "until") is refused as a negation before "default" is; both directions."""
    plain = {"type": "integer", "description": text}
    declared = {**plain, "default": 10}
    assert _grade(plain, declared)[0] == "POTENTIALLY_BREAKING"
    assert _grade(declared, plain)[0] == "POTENTIALLY_BREAKING"
    assert not states_default(text, 10)


def test_a_default_changed_is_not_excused_by_the_old_text():
    old = {"type": "string", "description": 'Defaults to "yearly".', "default": "quarterly"}
    new = {"type": "string", "description": 'Defaults to "yearly".', "default": "yearly"}
    assert _grade(old, new)[0] == "POTENTIALLY_BREAKING"


def test_the_reading_is_linear_on_a_long_run_of_spaces():
    """A guard against a hang, not a speed claim."""
    import time

    start = time.perf_counter()
    assert not states_default("default" + " " * 19_000 + "x" + " default" * 100, "yearly")
    assert not states_default("no default " * 1_800, "yearly")
    assert not states_default(("Defaults to 1" + " " * 60) * 300, 1)  # white space, then not the end
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize(("text", "value", "states"), [
    # dataforseo-mcp-server 2.7.11 → 2.9.11 (new-user trial, round 36): item_types declared the
    # default its old description gave on a line of its own
    ("item types to return\n        optional field\n        default: ['organic']\n        possible values:",
     ["organic"], True),
    ('Fields. Default: ["id", "name"].', ["id", "name"], True),
    ("Ports (default: [80, 443])", [80, 443], True),
    ("Tags. Defaults to [].", [], True),
    ("default: ['organic']", ["paid"], False),  # another list
    ("default: ['organic', 'paid']", ["organic"], False),  # a longer one
    ("default: organic", ["organic"], False),  # not written as a list
    ("In v1 the default is ['organic'].", ["organic"], False),  # a default of one release
    ("default: [['a']]", [["a"]], False),  # a list of lists is not read
    ("default: ['a,b']", ["a", "b"], False),  # one item holding a comma (hostile trial, round 37)
    ("default: ['a', b]", ["a", "b"], True),  # each item quoted or not on its own
])
def test_a_list_default_written_as_a_list_is_read(text, value, states):
    assert states_default(text, value) is states
    if states:
        plain = {"type": "array", "description": text}
        assert _grade(plain, {**plain, "default": value})[0] == "DOCUMENTATION"
