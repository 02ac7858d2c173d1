"""A pattern change that refuses a line terminator is shown by one (hostile trial, round 44).

``.`` matches no line terminator and ``$`` (no multiline flag) only the end of the string,
so ``^a`` → ``^a.*$`` refuses ``a\\nb`` and ``^[^/]+$`` → ``^.+$`` refuses ``\\n``; each said
"none found": the samples never held a line terminator (a ``\\s`` was a space, a negated class
an ``a``, a ``\\r`` nothing at all). Now an escape by letter is the character it spells, and
the strings read from a pattern also hold a line terminator where its class or ``\\s`` allows
one, or after the sample.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, diff_input_schemas

from mcp_inspect.patterns.ecma import compile_pattern

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def patterned(pattern: str) -> dict:
    return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}


@pytest.mark.parametrize(("old", "new"), [
    ("^a", "^a.*$"),
    ("^[^/]+$", "^.+$"),
    ("^a[^b]", "^a."),
    ("^a\\s", "^a."),
])
def test_a_line_terminator_the_new_pattern_refuses_is_a_witness(old, new):
    _, witness = breaking_input_witness(patterned(old), patterned(new), "properties.s.pattern")
    assert any(end in witness["s"] for end in "\n\r\u2028\u2029"), witness


def test_a_carriage_return_the_new_dot_refuses_is_a_witness():
    """``.`` refuses ``\\r`` in ECMA-262 (ajv, the TypeScript SDK), not in Python's ``re`` or
    jsonschema-rs, so the witness is checked by ECMA's reading of the two patterns."""
    (finding,) = [f for f in diff_input_schemas(patterned("^a\\rb"), patterned("^a.b")).changes
                  if f.severity.name == "BREAKING"]
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    text = finding.witness.value["s"]
    assert "\r" in text
    assert compile_pattern("^a\\rb").search(text) and not compile_pattern("^a.b").search(text)
