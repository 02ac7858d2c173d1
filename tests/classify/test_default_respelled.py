"""A default a description states in words, stated again in other words: the same default,
DOCUMENTATION; another value, a default that was, or a unit after it keeps the grade."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("before", "after", "grade"), [
    # @azure/mcp 2.0.5 → 3.0.0-beta.46, virtual-users (new-user trial, round 42)
    ("Number of virtual users (Default - 50)", "Number of virtual users. Default is 50.", "DOCUMENTATION"),
    ("Number of virtual users. Defaults to 50.", "Number of virtual users (default: 50)", "DOCUMENTATION"),
    ('Mode. Default: "fast".', "Mode (default is fast).", "DOCUMENTATION"),
    # another default, a default that was, a unit after it, a sign, or other words beside it
    ("Number of virtual users (Default - 50)", "Number of virtual users. Default is 60.", "POTENTIALLY_BREAKING"),
    ("Number of virtual users (Default - 50)", "Number of virtual users. Default was 50.", "POTENTIALLY_BREAKING"),
    ("Timeout (Default - 50)", "Timeout. Default is 50 minutes.", "POTENTIALLY_BREAKING"),
    ("Offset (Default - 50)", "Offset (Default -50)", "POTENTIALLY_BREAKING"),
    ("Number of virtual users (Default - 50)", "Number of real users. Default is 50.", "POTENTIALLY_BREAKING"),
])
def test_the_same_default_stated_in_other_words_is_documentation(before, after, grade):
    """"(Default - 50)" → "Default is 50." read as POTENTIALLY_BREAKING: the same default, only
    worded another way, moves nothing a model sends (new-user trial, round 42)."""
    from support import diff_input_schemas

    wrap = lambda text: {"type": "object", "properties": {"p": {"type": "integer", "description": text}}}  # noqa: E731
    found = [f for f in diff_input_schemas(wrap(before), wrap(after)).findings
             if f.rule.endswith("description.changed")]
    assert [f.severity.name for f in found] == [grade]
