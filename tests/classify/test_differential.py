"""Differential test against an independent prover, jsoncompat.

For every tool whose input or output schema changed between consecutive corpus
releases (both directions): when jsoncompat proves the change incompatible
(role ``deserializer`` for input, ``serializer`` for output, ``$schema``
stripped), mcp-inspect must report a BREAKING finding on that side of that tool.

Where the contract deliberately disagrees with the prover, the disagreement is
an exception class below, with its reason; an exception that no longer matches
anything fails the test, so the list cannot go stale.
"""

from __future__ import annotations

import json

import pytest
from conftest import corpus_releases

from mcp_inspect import diff, load

jsoncompat = pytest.importorskip("jsoncompat", reason="jsoncompat (test extra) is not installed")

SIDES = (("inputSchema", "deserializer", "tool.input."), ("outputSchema", "serializer", "tool.output."))


def _optional_property_on_open_object(findings, old_schema, new_schema=None, role=None) -> bool:
    """The contract: an optional input property added is NON_BREAKING.

    jsoncompat disagrees when the object is open (no ``additionalProperties:
    false``): a caller *could* have sent any value under that name before, and a
    typed property now rejects some of them. No correct caller sends undeclared
    properties, so the contract (and mcp-inspect) call it additive.
    """
    return bool(findings) and all(f.rule.endswith(".property.added") for f in findings) and \
        isinstance(old_schema, dict) and old_schema.get("additionalProperties") is not False


SAFE_INTEGER = 2**53 - 1


def _without_safe_integer_bounds(schema):
    if isinstance(schema, dict):
        return {k: _without_safe_integer_bounds(v) for k, v in schema.items()
                if not (k == "maximum" and v == SAFE_INTEGER) and not (k == "minimum" and v == -SAFE_INTEGER)}
    if isinstance(schema, list):
        return [_without_safe_integer_bounds(v) for v in schema]
    return schema


def _safe_integer_bound(findings, old_schema, new_schema=None, role=None) -> bool:
    """mcp-inspect folds ``maximum: 2**53 - 1`` (zod's ``.int()``) away; the prover does not.

    Integers beyond the safe range are not interoperable in JSON (I-JSON, RFC 7493), so
    such a bound excludes nothing a client can send reliably. The exception applies when
    the prover finds the schemas compatible once those bounds are removed.
    """
    if new_schema is None:
        return False
    return jsoncompat.check_compat(json.dumps(_strip(_without_safe_integer_bounds(old_schema))),
                                   json.dumps(_strip(_without_safe_integer_bounds(new_schema))), role)


EXCEPTIONS = {
    "optional property added to an open object": _optional_property_on_open_object,
    "integer bound at the edge of the safe-integer range": _safe_integer_bound,
}


def _strip(schema):
    return {k: v for k, v in schema.items() if k != "$schema"} if isinstance(schema, dict) else schema


def _changed_schemas():
    for server, releases in corpus_releases().items():
        for a, b in zip(releases, releases[1:], strict=False):
            for before, after in ((a, b), (b, a)):
                yield server, before, after


def test_every_proven_incompatibility_is_reported_as_breaking():
    used = {name: 0 for name in EXCEPTIONS}
    checked = proven = 0
    misses = []
    for server, before, after in _changed_schemas():
        old, new = load(str(before)), load(str(after))
        findings = diff(old, new).findings
        old_tools = {t["name"]: t for t in old.tools or []}
        new_tools = {t["name"]: t for t in new.tools or []}
        for name in sorted(old_tools.keys() & new_tools.keys()):
            for key, role, side in SIDES:
                s1, s2 = old_tools[name].get(key), new_tools[name].get(key)
                if s1 is None or s2 is None or s1 == s2:
                    continue
                checked += 1
                if jsoncompat.check_compat(json.dumps(_strip(s1)), json.dumps(_strip(s2)), role):
                    continue
                proven += 1
                ours = [f for f in findings if f.entity.name == name and f.rule.startswith(side)]
                if any(f.severity.name == "BREAKING" for f in ours):
                    continue
                exception = next((n for n, applies in EXCEPTIONS.items() if applies(ours, s1, s2, role)), None)
                if exception:
                    used[exception] += 1
                else:
                    misses.append(f"{server} {before.stem}->{after.stem} {name} {key}: "
                                  f"{[(f.rule, f.path) for f in ours]}")
    assert checked > 100 and proven > 20
    assert not misses, "\n".join(misses)
    assert all(used.values()), f"stale exception: {used}"
