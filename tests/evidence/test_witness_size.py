"""A witness candidate is bounded in size, not only in depth: a small schema whose every call
nests wide and deep (a recursive array with ``minItems: 16``) once made the search build,
serialise and validate candidates of millions of values (a 280-byte schema: 49 s and 2.2 GB
for one diff), past the time budgets, which were read only between two candidates.

The structural tests count the values of every candidate the search serialises or validates
(a list repeated by reference counted at each place, as it would be sent) and fail on the
first past the bound, before it is serialised; the end-to-end test bounds the wall time loosely.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import diff_input_schemas

from mcp_inspect import limits
from mcp_inspect.evidence import search as search_module
from mcp_inspect.evidence.candidates import Spent
from mcp_inspect.evidence.candidates import streams as candidate_streams
from mcp_inspect.evidence.search import Search

#: The bound the tests hold the search to, written out so that they read the same before the
#: search had one (search.MAX_CANDIDATE_VALUES is this value).
BOUND = 10_000


def values_in(value: Any, known: dict[int, int] | None = None) -> int:
    """The values ``value`` holds as serialised, each shared list or object read once."""
    known = {} if known is None else known
    if not isinstance(value, list | dict):
        return 1
    if id(value) not in known:
        members = value.values() if isinstance(value, dict) else value
        known[id(value)] = 1 + sum(values_in(member, known) for member in members)
    return known[id(value)]


def nested(required: bool) -> dict[str, Any]:
    """The 280-byte schema: ``root`` an array of at least 16 arrays of at least 16 … (no finite
    value is one), ``q`` a string or an integer."""
    schema = {"type": "object",
              "$defs": {"a": {"type": "array", "minItems": 16, "items": {"$ref": "#/$defs/a"}}},
              "properties": {"root": {"$ref": "#/$defs/a"}, "q": {"type": ["string", "integer"]}}}
    if required:
        schema["required"] = ["root", "q"]
    return schema


def narrowed(schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "properties": {**schema["properties"], "q": {"type": "string"}}}


@pytest.fixture
def bounded(monkeypatch):
    """Fails the test on the first candidate past BOUND that the search serialises (``key_of``)
    or validates (``_valid``), before the work is done; returns the largest one seen."""
    largest = [0]

    def check(value: Any) -> None:
        size = values_in(value)
        largest[0] = max(largest[0], size)
        assert size <= BOUND, f"a candidate of {size:,} values reached the validator"

    key, valid = search_module.key_of, Search._valid

    def checked_key(value: Any) -> str:
        check(value)
        return key(value)

    def checked_valid(self: Search, validator: Any, value: Any) -> bool:
        check(value)
        return valid(self, validator, value)

    monkeypatch.setattr(search_module, "key_of", checked_key)
    monkeypatch.setattr(Search, "_valid", checked_valid)
    return largest


@pytest.mark.parametrize("required", [True, False])
def test_a_recursive_wide_array_is_never_built_past_the_bound(bounded, required):
    old = nested(required)
    engine = Search(old, narrowed(old), where="properties.q.type")
    try:
        found = engine.run()
    except Spent:
        found = None
    assert 0 < bounded[0] <= BOUND
    if required:  # no call the old schema accepts exists: none is found, and the note will say why
        assert found is None and (engine.too_large or engine.cut_deep)
    else:  # root is not required: leaving it out shows the change
        assert found is not None and "root" not in found and isinstance(found["q"], int)


def test_the_bound_is_the_one_the_search_holds():
    assert candidate_streams.MAX_CANDIDATE_VALUES == BOUND == limits.MAX_CANDIDATE_VALUES
    assert candidate_streams.size_of([[[0] * 16] * 16] * 16) == 1 + 16 * (1 + 16 * (1 + 16))
    assert candidate_streams.size_of([[0] * 1_000] * 1_000) > BOUND  # stops counting past it


def test_a_huge_min_items_is_not_built(bounded):
    """``minItems`` far past MAX_WITNESS_ITEMS: the array of it is not built (it was, by
    reference, then serialised whole)."""
    old = {"type": "object", "properties": {"a": {"type": "array", "minItems": 1_000_000, "items": {"type": "integer"}},
                                            "q": {"type": ["string", "integer"]}}}
    engine = Search(old, narrowed(old), where="properties.q.type")
    found = engine.run()
    assert found is not None and "a" not in found and bounded[0] <= BOUND


def test_the_diff_of_the_280_byte_schema_ends_in_seconds_with_a_note():
    """End to end, as ``mcp-inspect diff`` runs it: the finding ends with a note that says
    why (calls too large to build), not the 5 s budget's (it took 50 s and 2.2 GB before)."""
    old = nested(True)
    report = diff_input_schemas(old, narrowed(old))
    finding = next(f for f in report.changes if f.rule == "tool.input.type.narrowed")
    # No call the old schema accepts exists (``root`` is required and no finite array is one):
    # the note says the search did not build the calls the schema asks for (or, should the
    # no-call proof learn this case, that the old schema accepts no call).
    assert not finding.witness.found and finding.witness.reason in ("none_found", "accepts_no_call")
    assert finding.witness.reason != "none_found" or "values in one call" in finding.witness.note
    open_old = nested(False)
    report = diff_input_schemas(open_old, narrowed(open_old))
    finding = next(f for f in report.changes if f.rule == "tool.input.type.narrowed")
    assert finding.witness.found and set(finding.witness.value) == {"q"}


def test_the_random_fallback_stops_on_candidates_too_large_to_build():
    """Once the guided candidates ran out, the random ones of the recursive array are
    abandoned as they grow past the bound, and the fallback ends after a few of them."""
    old = nested(True)
    engine = Search(old, narrowed(old), where="properties.q.type")
    assert engine.run() is None
    assert engine.too_large > 0 and engine.attempts < 200
