"""Each rule's catalogue example, diffed, fires that rule (and only the rules it declares)."""

from __future__ import annotations

import pytest

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

RULES = [r for r in default_catalogue() if r.example]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_example_fires_its_rule(rule):
    old = snapshot_from_value(rule.example["before"], "before")
    new = snapshot_from_value(rule.example["after"], "after")
    findings = diff_snapshots(old, new).findings
    fired = {f.rule for f in findings}
    assert rule.id in fired, [(f.rule, f.path, f.message) for f in findings]
    assert fired <= {rule.id, *rule.also}, [(f.rule, f.path, f.message) for f in findings]
    if rule.graded:
        assert all(f.severity.name in ("DOCUMENTATION", "POTENTIALLY_BREAKING") for f in findings
                   if f.rule == rule.id)
    else:
        assert all(f.severity is rule.severity for f in findings if f.rule == rule.id)
