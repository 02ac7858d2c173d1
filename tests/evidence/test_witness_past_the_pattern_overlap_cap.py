"""Past MAX_OVERLAPPING_PATTERN_PAIRS each pattern key's finding is shown a name its own
pattern matches, or "none found" (hostile trial, round 44).

21 keys ``^a``, ``^a{2}`` … ``^a{21}`` (strings, the object closed) became ``^a.``,
``^a{2}.`` … ``^a{21}.``: 441 pairs, past the cap, so each key removed is read as governed
by ``additionalProperties`` alone and conservatively BREAKING. All 21 findings showed
``{"x": {"a": ""}}``, refused only for the name ``a`` that ``^a`` alone of them matches: an
error at the closed object's ``additionalProperties`` was taken as any removed key's, whatever
name it refused, so the unwitnessed count read 0. It is a key's only when it refuses a name
the key's pattern matches; no name matching ``^aa`` is refused now, so those findings say
"none found".

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import re

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.limits import MAX_OVERLAPPING_PATTERN_PAIRS

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

_KEYS = 21


def _schema(suffix: str) -> dict:
    keys = ["^a" if n == 1 else f"^a{{{n}}}" for n in range(1, _KEYS + 1)]
    return {"type": "object", "properties": {"x": {
        "type": "object", "patternProperties": {key + suffix: {"type": "string"} for key in keys},
        "additionalProperties": False}}}


def test_each_removed_key_is_shown_a_name_its_own_pattern_matches_or_none():
    assert _KEYS * _KEYS > MAX_OVERLAPPING_PATTERN_PAIRS  # the case lies past the cap
    old, new = _schema(""), _schema(".")
    report = diff_input_schemas(old, new)
    breaking = [f for f in report.changes if f.severity.name == "BREAKING"]
    assert breaking, [f.message for f in report.changes]
    found = {}
    for finding in breaking:
        key = finding.path.rsplit("patternProperties.", 1)[1]
        witness = finding.witness
        assert witness is not None, finding.path
        if witness.found:
            assert accepted_by_both(old, witness.value) and not accepted_by_both(new, witness.value)
            assert any(re.search(key, name) for name in witness.value["x"]), (key, witness.value)
        found[key] = witness.found
    assert found["^a"] is True
    assert not any(found[key] for key in found if key != "^a"), found
