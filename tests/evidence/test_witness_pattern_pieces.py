"""A pattern whose character class lost a range is shown by a string that uses it.

New-user trial, round 31 (@cloudbase/cloudbase-mcp 2.32.4 → 2.34.6): ``migrationName``'s
pattern ``^[a-z][a-z0-9_]*$`` became ``^[a-z][a-z_]*$``, and the search said "none found":
its samples of a pattern left starred items out (``a``) or took each class's first or last
character (``a``, ``z``), none of them a digit. ``a0`` passes the old pattern and fails the
new one. The samples now also keep optional items once and take each piece of each class.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, breaking_input_witness

from mcp_inspect.evidence.samples import sample


def test_a_class_gives_each_of_its_pieces_with_optional_items_kept():
    assert [sample("^[a-z][a-z0-9_]*$", piece=n) for n in range(4)] == ["aa", "a0", "a_", "a_"]
    assert sample("^[a-z][a-z0-9_]*$") == "a"  # the plain sample is unchanged


@pytest.mark.parametrize("old,new", [
    ("^[a-z][a-z0-9_]*$", "^[a-z][a-z_]*$"),
    ("^[A-Z0-9-]+$", "^[A-Z0-9]+$"),
    ("^v[0-9.]+$", "^v[0-9]+$"),
])
def test_a_range_dropped_from_a_class_has_a_witness(old, new):
    def schema(pattern: str) -> dict:
        return {"type": "object", "properties": {"name": {"type": "string", "pattern": pattern}},
                "required": ["name"], "additionalProperties": False}

    _, witness = breaking_input_witness(schema(old), schema(new), "properties.name.pattern")
    assert accepted_by_both(schema(old), witness) and not accepted_by_both(schema(new), witness)


def test_an_escape_by_code_in_a_class_is_the_character_it_spells():
    """Hostile trial, round 32: ``[\\u00e0-\\u00ff]`` gave the piece ``u``, the range after it
    lost, so ``^[\\u00e0-\\u00ff]$`` → ``^[\\u00e0-\\u00fe]$`` had no witness; ``ÿ`` is one."""
    from mcp_inspect.evidence.samples import _class_pieces

    assert _class_pieces(r"\u00e0-\u00ff") == ["à"]
    assert _class_pieces(r"\x41-\x5a\u{1F600}") == ["A", "😀"]
    assert _class_pieces(r"\p{L}x") == ["x"]


def test_a_range_end_written_by_code_has_a_witness():
    def schema(pattern: str) -> dict:
        return {"type": "object", "properties": {"p": {"type": "string", "pattern": pattern}}, "required": ["p"]}

    _, witness = breaking_input_witness(schema("^[\\u00e0-\\u00ff]$"), schema("^[\\u00e0-\\u00fe]$"),
                                        "properties.p.pattern")
    assert witness == {"p": "ÿ"}


@pytest.mark.parametrize("old,new,expected", [
    ("^[^ab]$", "^[^abc]$", "c"),
    ("^[^a]+$", "^[^ab]+$", "b"),
])
def test_a_character_a_negated_class_gained_has_a_witness(old, new, expected):
    """Hostile trial, round 32: a negated class always sampled as ``a`` (or ``0``), so a
    character the new class excludes and the old one did not was never tried."""
    def schema(pattern: str) -> dict:
        return {"type": "object", "properties": {"p": {"type": "string", "pattern": pattern}}, "required": ["p"]}

    _, witness = breaking_input_witness(schema(old), schema(new), "properties.p.pattern")
    assert witness == {"p": expected}
