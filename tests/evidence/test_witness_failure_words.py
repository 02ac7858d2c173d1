"""A validator failure is said in words, never as a Python exception's name (hostile trial,
round 42).

A witness note read "the validator failed: AttributeError": a reader of the report is not
told what that is, and the name is an implementation detail. The note now says what failed.
"""

from __future__ import annotations

import pytest

from mcp_inspect.evidence import witness
from mcp_inspect.evidence.search import Search

SCHEMA = {"type": "object", "properties": {"a": {"type": "string"}}}


@pytest.mark.parametrize("error", [AttributeError("'list' object has no attribute 'get'"), TypeError("len()"),
                                   KeyError("x"), ValueError("bad"), LookupError("y")])
def test_a_validator_failure_is_said_in_words(monkeypatch, error):
    def fail(self, **_: object) -> None:
        raise error

    monkeypatch.setattr(Search, "run", fail)
    answer = witness.search(SCHEMA, {"type": "object", "properties": {"a": {"type": "integer"}}},
                            where="properties.a.type")
    assert answer.reason == "validator_failed"
    assert answer.note is not None and answer.note.startswith("the validator failed: ")
    assert type(error).__name__ not in answer.note, answer.note
    assert "Error" not in answer.note, answer.note
