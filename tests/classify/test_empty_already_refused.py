"""zod's ``.min(1)`` beside a ``.url()``, ``.email()`` or ``.regex()``: the only string
``minLength: 1`` refuses is "", which a pattern, an asserted format, an enum or a const of the
other side may refuse already. New-user trial, round 14: @cyanheads/git-mcp-server 2.10.5 →
2.15.3 gave git_clone's ``url`` (``format: uri`` → ``minLength: 1, maxLength: 2048``) and
git_commit's ``author.email`` (a pattern → ``minLength: 1``) three BREAKING ``minLength added``
findings that no call could show; the maxLength stays a break."""

from __future__ import annotations

import jsonschema
import pytest
from support import diff_input_schemas

from mcp_inspect.evidence.formats import witness_formats


def _one(schema):
    return {"type": "object", "properties": {"p": schema}, "required": ["p"]}


@pytest.mark.parametrize(("refusing", "said"), [
    ({"format": "uri"}, 'the old format "uri"'),
    ({"format": "email"}, 'the old format "email"'),
    ({"pattern": "^[^@]+@[^@]+$"}, "the old pattern"),
    ({"enum": ["a", "b"]}, "the old enum"),
])
def test_min_length_one_beside_what_refused_the_empty_string_breaks_nothing(refusing, said):
    old = _one({"type": "string", **refusing})
    new = _one({"type": "string", **refusing, "minLength": 1})
    checker = witness_formats(jsonschema.Draft202012Validator)
    assert not jsonschema.Draft202012Validator(old["properties"]["p"], format_checker=checker).is_valid("")
    [added] = diff_input_schemas(old, new).findings
    assert (added.path, added.severity.name) == ("inputSchema.properties.p.minLength", "NON_BREAKING"), added
    assert said in added.message, added.message
    [removed] = diff_input_schemas(new, old).findings
    assert removed.severity.name == "NON_BREAKING", removed


@pytest.mark.parametrize("beside", [{}, {"pattern": "^a*$"}, {"format": "unknown-format"}, {"enum": ["", "a"]}],
                         ids=["nothing", "pattern-matching-empty", "unknown-format", "enum-with-empty"])
def test_min_length_one_where_the_empty_string_was_taken_still_breaks(beside):
    old = _one({"type": "string", **beside})
    new = _one({"type": "string", **beside, "minLength": 1})
    [added] = diff_input_schemas(old, new).findings
    assert (added.rule, added.severity.name) == ("tool.input.constraint.tightened", "BREAKING"), added
    assert added.witness.found and added.witness.value == {"p": ""}, added.witness


def test_the_trials_pair_keeps_its_max_length_break_alone():
    old = _one({"type": "string", "format": "uri"})
    new = _one({"type": "string", "minLength": 1, "maxLength": 2048})
    breaking = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert [f.path for f in breaking] == ["inputSchema.properties.p.maxLength"], breaking
    assert breaking[0].witness.found
