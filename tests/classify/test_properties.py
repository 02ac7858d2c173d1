"""The contract's invariants, on generated schemas and surfaces (hypothesis).

- equal canonical forms ⇒ no findings;
- different canonical forms ⇒ at least one finding;
- the output is identical across runs;
- swapping old and new swaps widened/narrowed, tightened/loosened, added/removed.

Names, types and values are drawn from small pools so that two generated
schemas overlap often and the walker's structured comparisons (not only
whole-property additions) are exercised.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.classify.schema import RESPELLINGS
from mcp_inspect.report.json_report import render_json
from mcp_inspect.snapshot.shapes import snapshot_from_value
from mcp_inspect.snapshot.surface import build_surface

NAMES = st.sampled_from(["a", "b", "c", "path"])
TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"]
SMALL_VALUES = st.one_of(st.integers(-3, 3), st.sampled_from(["x", "y", "z"]), st.booleans(), st.none())


def _leaf() -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(TYPES), st.lists(st.sampled_from(TYPES), min_size=1, max_size=3))},
        optional={
            "minimum": st.integers(0, 5),
            "maximum": st.integers(5, 10),
            "maxLength": st.integers(1, 4),
            "enum": st.lists(SMALL_VALUES, min_size=1, max_size=3),
            "description": st.sampled_from(["A path.", "a path", "Never a URL.", "Up to 10 items."]),
            "default": SMALL_VALUES,
            "pattern": st.sampled_from(["^a", "^b"]),
            "deprecated": st.booleans(),
            "uniqueItems": st.booleans(),
            "x-vendor": st.integers(0, 2),
        },
    )


def _extend(children: st.SearchStrategy[dict]) -> st.SearchStrategy[dict]:
    obj = st.builds(
        lambda props, required, closed: {
            "type": "object",
            "properties": props,
            **({"required": sorted(set(required) & set(props))} if required else {}),
            **({"additionalProperties": False} if closed else {}),
        },
        st.dictionaries(NAMES, children, max_size=3),
        st.lists(NAMES, max_size=3),
        st.booleans(),
    )
    array = st.builds(lambda item: {"type": "array", "items": item}, children)
    union = st.builds(lambda branches: {"anyOf": branches}, st.lists(children, min_size=1, max_size=3))
    return st.one_of(obj, array, union)


SCHEMAS = st.recursive(_leaf(), _extend, max_leaves=8)


def _input_root(schema: dict) -> dict:
    return schema if schema.get("type") == "object" else {"type": "object", "properties": {"a": schema}}


TOOLS = st.builds(
    lambda name, desc, inp, out, ro: {
        "name": name,
        **({"description": desc} if desc else {}),
        "inputSchema": _input_root(inp),
        **({"outputSchema": out} if out is not None else {}),
        **({"annotations": {"readOnlyHint": ro}} if ro is not None else {}),
    },
    st.sampled_from(["read", "write"]),
    st.sampled_from([None, "Read a file.", "read a file", "Never read a file."]),
    SCHEMAS,
    st.one_of(st.none(), SCHEMAS),
    st.one_of(st.none(), st.booleans()),
)
SURFACES = st.lists(TOOLS, max_size=2, unique_by=lambda t: t["name"]).map(lambda tools: {"tools": tools})


def _diff(old: dict, new: dict):
    return diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))


def _respell(value, rng: random.Random):
    """The same meaning, spelled differently: key order, one-element type lists, set order."""
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        out = {}
        for key, child in items:
            if key == "type" and isinstance(child, str):
                out[key] = [child]
            elif key in ("required", "enum", "type") and isinstance(child, list):
                out[key] = list(reversed(child))
            elif key in ("properties",):
                out[key] = {k: _respell(v, rng) for k, v in reversed(list(child.items()))}
            else:
                out[key] = _respell(child, rng)
        return out
    if isinstance(value, list):
        return [_respell(v, rng) for v in value]
    return value


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(SURFACES, st.randoms(use_true_random=False))
def test_equal_canonical_forms_give_no_findings(surface, rng):
    respelled = _respell(copy.deepcopy(surface), rng)
    if respelled["tools"]:
        respelled["tools"][0]["inputSchema"]["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    assert _diff(surface, respelled).findings == []


def _different_canonical_forms_give_a_finding(old, new, forward) -> None:
    differs = build_surface(snapshot_from_value(old, "o")).fingerprint != \
        build_surface(snapshot_from_value(new, "n")).fingerprint
    assert bool(forward.findings) == differs


def _output_is_identical_across_runs(old, new, forward) -> None:
    assert render_json(forward) == render_json(_diff(copy.deepcopy(old), copy.deepcopy(new)))


#: Classes of facts that must trade places when old and new are swapped. A union that
#: loses type-only branches is type.narrowed, while the reverse is a branch added
#: (constraint.loosened), so classes, not single facts, are compared.
SWAPS = (
    ({"type.narrowed", "enum.narrowed", "constraint.tightened"},
     {"type.widened", "enum.widened", "constraint.loosened"}),
    ({"property.removed"}, {"property.added", "property.addedRequired"}),
    ({"required.added"}, {"required.removed"}),
    ({"deprecated.added"}, {"deprecated.removed"}),
    ({"added"}, {"removed"}),  # a whole input/output schema
)


def _facts(result) -> Counter:
    """Counts per (tool, side, fact), e.g. ("read", "input", "type.narrowed")."""
    counts: Counter = Counter()
    for finding in result.findings:
        if finding.variant in RESPELLINGS:
            continue  # the same finding either way: no direction to swap
        parts = finding.rule.split(".")
        if parts[0] == "tool" and len(parts) >= 3 and parts[1] in ("input", "output"):
            counts[(finding.entity.name, parts[1], ".".join(parts[2:]))] += 1
    return counts


def _count(facts: Counter, tool: str, side: str, names: set[str]) -> int:
    return sum(n for (t, s, fact), n in facts.items() if t == tool and s == side and fact in names)


#: CI's draw (stop 49): a property that accepts no value on either side (a string whose enum
#: holds only 0) losing other keywords is one respelling, found alike in both directions.
_BOTH_REFUSE = ({"type": "string", "minimum": 0, "x-vendor": 0, "uniqueItems": False, "deprecated": False,
                 "maximum": 5, "pattern": "^a", "description": "A path.", "enum": [0]},
                {"type": "string", "minimum": 0, "enum": [0]})


@SETTINGS
@example(*({"tools": [{"name": "read", "inputSchema": {"type": "object", "properties": {"a": a}}}]}
           for a in _BOTH_REFUSE))
@given(SURFACES, SURFACES)
def test_any_pair_finds_a_change_iff_the_forms_differ_the_same_every_run_and_in_reverse(old, new):
    """Three properties of one drawn pair, sharing its drawing and its forward diff (they were
    three tests drawing 150 pairs each): a finding exactly when the canonical forms differ,
    byte-identical JSON on a second run, and the swap below."""
    result = _diff(old, new)
    _different_canonical_forms_give_a_finding(old, new, result)
    _output_is_identical_across_runs(old, new, result)
    _swapping_sides_swaps_the_direction_of_every_change(old, new, result)


def _swapping_sides_swaps_the_direction_of_every_change(old, new, result) -> None:
    forward, backward = _facts(result), _facts(_diff(new, old))
    keys = {(tool, side) for tool, side, _ in forward | backward}
    for tool, side in keys:
        for one_way, other_way in SWAPS:
            assert _count(forward, tool, side, one_way) == _count(backward, tool, side, other_way), \
                (tool, side, sorted(one_way), dict(forward), dict(backward))
            assert _count(forward, tool, side, other_way) == _count(backward, tool, side, one_way), \
                (tool, side, sorted(other_way), dict(forward), dict(backward))
