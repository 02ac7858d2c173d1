"""Fuzzing: random valid and invalid schemas and surfaces through the whole pipeline.

Checks, for any input hypothesis can build:
- nothing but InputError escapes loading, canonicalising or diffing (no other exception);
- the diff terminates (hypothesis' per-example deadline catches runaway work);
- the contract's invariants hold: a surface against itself has no findings, a
  re-serialised copy neither, a changed canonical form has at least one finding,
  and two runs give the same report;
- the lint never crashes, and its caches (digests, per-definition memos) never change
  what it reports;
- JSON text holding odd strings (lone surrogate escapes, any code point) and huge
  integers is read and reported in every format, as UTF-8, or refused in one line.

CI runs the fast profile. The larger budget is a separate command (README):

    HYPOTHESIS_PROFILE=fuzz python -m pytest tests/fuzz -q

(``FUZZ_EXAMPLES=N`` sets that budget per property; 20,000 by default.)
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import compare_lint

from mcp_inspect.api import diff, lint, render
from mcp_inspect.checks.engine import Memo, lint_tools
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.errors import InputError
from mcp_inspect.model import LIST_KINDS
from mcp_inspect.policy import anchor
from mcp_inspect.report.json_report import render_json
from mcp_inspect.report.sarif import sarif_log
from mcp_inspect.snapshot.reader import parse_document
from mcp_inspect.snapshot.shapes import snapshot_from_value
from mcp_inspect.snapshot.surface import build_surface

# The deadline catches runaway work, not slowness: 6 s leaves CI's slower two cores three
# times the worst example seen here (a witness search that ran into a $ref loop took 10 s there).
settings.register_profile("fast", max_examples=120, deadline=6000,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("fuzz", max_examples=int(os.environ.get("FUZZ_EXAMPLES", "20000")), deadline=5000,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fast")
FUZZ = settings.get_profile(PROFILE if PROFILE in ("fast", "fuzz") else "fast")

KEYWORDS = [
    "type", "properties", "required", "enum", "const", "items", "prefixItems", "additionalProperties",
    "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "pattern", "format", "multipleOf", "uniqueItems",
    "default", "description", "title", "deprecated", "nullable", "$ref", "$defs", "definitions",
    "$schema", "x-mcp-header", "x-vendor", "patternProperties", "dependentRequired", "contains",
]
REFS = st.sampled_from(["#", "#/$defs/a", "#/$defs/b", "#/definitions/a", "#/properties/x",
                        "#/$defs/missing", "https://example.com/s.json", "#/$defs/a/properties/x", "#/~1/%"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5),
                    st.floats(allow_nan=False, allow_infinity=False, width=32), st.text(max_size=6))


def _schema_value(children):
    return st.one_of(
        SCALARS,
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(KEYWORDS + ["a", "b", "x"]), children, max_size=4),
        REFS.map(lambda ref: {"$ref": ref}),
    )


ANY_SCHEMA = st.recursive(st.one_of(SCALARS, st.builds(dict)), _schema_value, max_leaves=20)


def _with_defs(schema):
    return {"type": "object", "properties": {"x": schema},
            "$defs": {"a": schema, "b": {"$ref": "#/$defs/a"}}} if isinstance(schema, dict) else schema


TOOLS = st.builds(
    lambda name, inp, out, extra: {"name": name, "inputSchema": _with_defs(inp),
                                   **({"outputSchema": out} if out is not None else {}), **extra},
    st.sampled_from(["a", "b", "c"]),
    ANY_SCHEMA,
    st.one_of(st.none(), ANY_SCHEMA),
    st.dictionaries(st.sampled_from(["description", "title", "annotations", "_meta", "icons", "x"]),
                    SCALARS | st.dictionaries(st.text(max_size=4), SCALARS, max_size=2), max_size=3),
)
SURFACES = st.fixed_dictionaries(
    {"tools": st.lists(TOOLS, max_size=3, unique_by=lambda t: t["name"])},
    optional={
        "prompts": st.lists(st.fixed_dictionaries({"name": st.sampled_from(["p", "q"])},
                                                  optional={"arguments": st.lists(
                                                      st.dictionaries(st.sampled_from(["name", "required"]),
                                                                      SCALARS, max_size=2), max_size=3)}),
                            max_size=2, unique_by=lambda p: p["name"]),
        "initialize": st.fixed_dictionaries({"protocolVersion": st.sampled_from(["2025-06-18", "2025-11-25"]),
                                             "capabilities": st.dictionaries(st.sampled_from(["tools", "logging"]),
                                                                             st.builds(dict), max_size=2)}),
    },
)
# Anything at all, to check the loader refuses it cleanly.
JUNK = st.recursive(SCALARS, lambda c: st.lists(c, max_size=3) | st.dictionaries(
    st.sampled_from(["tools", "resources", "prompts", "name", "uri", "jsonrpc", "result", "x"]), c, max_size=3),
    max_leaves=12)


def _diff(old, new):
    return diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))


#: Every code in the contract's reading: the properties cover all of them, not only the default set.
EVERY_CODE = LintSettings(select=("ALL",))

@FUZZ
@given(SURFACES)
def test_a_surface_against_itself_and_its_reserialisation_is_quiet(surface):
    try:
        assert _diff(surface, copy.deepcopy(surface)).findings == []
        again = json.loads(json.dumps(surface, sort_keys=True))
        assert _diff(surface, again).findings == []
    except InputError:
        pass  # refused cleanly (e.g. a schema past a limit): allowed


@FUZZ
@given(SURFACES, SURFACES)
def test_any_pair_diffs_cleanly_deterministically_and_completely(old, new):
    try:
        first = _diff(old, new)
    except InputError:
        return
    assert render_json(first) == render_json(_diff(copy.deepcopy(old), copy.deepcopy(new)))
    assert bool(first.findings) == _comparable_surfaces_differ(old, new)


def _comparable_surfaces_differ(old, new) -> bool:
    """Canonical forms differ on what both sides describe (server metadata only if both carry it,
    a list only if both declare it: a list with no key is not declared, nor read as empty)."""
    a, b = build_surface(snapshot_from_value(old, "o")), build_surface(snapshot_from_value(new, "n"))
    if a.server.get("era") and b.server.get("era") and a.server_fingerprint != b.server_fingerprint:
        return True

    def declared(surface, key):
        errors = surface.snapshot.errors or {}
        method = next(lk.method for lk in LIST_KINDS if lk.key == key)
        return getattr(surface.snapshot, key) is not None or method in errors

    both = [k for k in a.entities if declared(a, k) and declared(b, k)]
    return {k: {n: v.fingerprint for n, v in a.entities[k].items()} for k in both} != \
        {k: {n: v.fingerprint for n, v in b.entities[k].items()} for k in both}


@FUZZ
@given(JUNK)
def test_junk_input_is_refused_or_loaded_never_crashes(value):
    try:
        snapshot = snapshot_from_value(value, "junk")
        diff_snapshots(snapshot, snapshot_from_value(copy.deepcopy(value), "junk"))
    except InputError as error:
        assert "\n" not in str(error)


@FUZZ
@given(st.text(max_size=200))
def test_any_text_parses_or_is_refused_in_one_line(text):
    for hint in ("x.json", "x.yaml"):
        try:
            parse_document(text, "fuzz", hint=hint)
        except InputError as error:
            assert "\n" not in str(error)


@FUZZ
@given(SURFACES, SURFACES)
def test_the_lint_never_crashes_and_its_caches_change_nothing(old, new):
    """Any surface lints without an exception; linting again from cold caches (a copy,
    fresh digests, emptied memos) gives the same findings; and the diff's comparison
    splits the new side's findings exactly into introduced and inherited, and the old side's
    left over are the resolved ones."""
    try:
        before, after = snapshot_from_value(old, "old"), snapshot_from_value(new, "new")
    except InputError:
        return
    memo = Memo()
    lint_tools(after.tools or [], EVERY_CODE, memo=memo)
    warm = lint_tools(after.tools or [], EVERY_CODE, memo=memo)
    cold = lint_tools(copy.deepcopy(after.tools or []), EVERY_CODE)
    assert [_facts(f) for f in warm[0]] == [_facts(f) for f in cold[0]]
    assert warm[1].to_json() == cold[1].to_json()
    comparison = compare_lint(before, after, EVERY_CODE)
    assert sorted(f.id for f in comparison.introduced + comparison.inherited) == sorted(f.id for f in warm[0])
    # An anchor (code, tool, path without indices) inherits as many findings as the old
    # side has there, and no more.
    old_at = Counter(anchor(f, f.tool) for f in lint_tools(before.tools or [], EVERY_CODE)[0])
    new_at = Counter(anchor(f, f.tool) for f in warm[0])
    inherited_at = Counter(anchor(f, f.tool) for f in comparison.inherited)
    assert inherited_at == Counter({a: min(n, old_at[a]) for a, n in new_at.items() if old_at[a]})
    # And what the old side has beyond that at an anchor is resolved.
    resolved_at = Counter(anchor(f, f.tool) for f in comparison.resolved)
    assert resolved_at == Counter({a: n - new_at[a] for a, n in old_at.items() if n > new_at[a]})


# Strings with any code point, lone surrogates included (hypothesis leaves those out unless
# asked), and integers up to Python's digit limit and the folds either side of it.
ODD_STRINGS = st.text(st.characters(exclude_categories=()), max_size=6) | st.sampled_from(
    ["\ud800", "a\udfff", "\ud83d\ude00", "\\ud800", "\x00", "\u202e", "\U000e0041"])
ODD_NUMBERS = st.sampled_from([10**4299, -(10**4299), 2**53, -(2**53) - 1, 2**64, 0.5, -0.0])
ODD_SCALARS = st.one_of(SCALARS, ODD_STRINGS, ODD_NUMBERS)
ODD_TOOLS = st.builds(
    lambda name, schema, extra: {"name": name, "inputSchema": schema, **extra},
    ODD_STRINGS | st.sampled_from(["a", "b"]),
    st.recursive(ODD_SCALARS, lambda c: st.lists(c, max_size=3) | st.dictionaries(
        st.sampled_from(KEYWORDS) | ODD_STRINGS, c, max_size=3), max_leaves=10),
    st.dictionaries(st.sampled_from(["description", "title"]), ODD_STRINGS, max_size=2),
)


@FUZZ
@given(st.lists(ODD_TOOLS, max_size=3), st.lists(ODD_TOOLS, max_size=3))
def test_odd_strings_and_numbers_in_json_text_are_reported_or_refused(old_tools, new_tools):
    try:
        old_text, new_text = (json.dumps({"tools": tools}) for tools in (old_tools, new_tools))  # ASCII escapes
    except ValueError:
        return  # not writable as JSON text at all
    try:
        before = snapshot_from_value(parse_document(old_text, "old", hint="o.json"), "old")
        after = snapshot_from_value(parse_document(new_text, "new", hint="n.json"), "new")
        result = diff(before, after, lint=EVERY_CODE)
    except InputError as error:
        assert "\n" not in str(error)
        return
    for fmt in ("text", "json", "sarif", "markdown", "github"):
        render(result, fmt).encode("utf-8")  # what stdout does with it


def _facts(finding) -> tuple:
    """Everything a lint finding says, to compare findings made apart."""
    return (finding.rule, finding.entity, finding.path, finding.severity, finding.variant, finding.args,
            finding.position, finding.provenance)


def reordered(value, rnd):
    """``value`` with every object's keys, and the surface's entity lists, in another order:
    the same surface, as another server (or SDK) might write it."""
    def keys(item):
        if isinstance(item, dict):
            pairs = list(item.items())
            rnd.shuffle(pairs)
            return {key: keys(inner) for key, inner in pairs}
        return [keys(inner) for inner in item] if isinstance(item, list) else item

    out = keys(value)
    for kind in ("tools", "resources", "resourceTemplates", "prompts"):
        if isinstance(out.get(kind), list):
            rnd.shuffle(out[kind])
    return out


# Four renders of a lint and a diff per example, twice: the costliest property here, drawn
# 40 times in the suite (a sampling budget; the fuzz profile keeps its own count).
@settings(FUZZ, max_examples=40 if PROFILE != "fuzz" else FUZZ.max_examples)
@given(SURFACES, SURFACES, st.randoms(use_true_random=False))
def test_entity_and_key_order_change_no_byte_of_the_json_reports(old, new, rnd):
    """Two inputs that differ only in the order of their tools, prompts and object keys give
    byte-identical JSON and SARIF for lint and diff (docs/lint.md, "Order")."""
    try:
        pairs = [(snapshot_from_value(old, "old"), snapshot_from_value(new, "new")),
                 (snapshot_from_value(reordered(old, rnd), "old"), snapshot_from_value(reordered(new, rnd), "new"))]
    except InputError:
        return
    outputs = []
    for before, after in pairs:
        # The four rules the contract words in list order are set aside (docs/lint.md, "Order").
        settings = LintSettings(select=("ALL",), ignore=("NAM-008", "BP-006", "BP-012", "BP-015"))
        # SARIF as its value, in order, through the C encoder: render_sarif writes that value with
        # json_text.dumps, a function of the value and its key order alone (test_json_text), and
        # writing the catalogue's rules into every log that way was two thirds of this test's time.
        reports = [lint(after, settings), diff(before, after, lint=settings)]
        outputs.append([render(report, "json") for report in reports]
                       + [json.dumps(sarif_log(report), ensure_ascii=False) for report in reports])
    assert outputs[0] == outputs[1]


@FUZZ
@given(SURFACES)
def test_the_recommended_reading_never_finds_what_the_contracts_does_not(surface):
    """The default selection runs a subset of the codes, some of them more narrowly
    (docs/lint.md, "The recommended set"): each of its findings is one that --select ALL
    reports too, at the same place."""
    try:
        snap = snapshot_from_value(surface, "surface")
    except InputError:
        return
    narrow = {(f.code, f.entity, f.path) for f in lint_tools(snap.tools or [])[0]}
    every = {(f.code, f.entity, f.path) for f in lint_tools(snap.tools or [], EVERY_CODE)[0]}
    assert narrow <= every
