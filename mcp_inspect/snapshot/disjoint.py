"""Whether the branches of a union can be told apart: no value matches two of them.

``oneOf`` accepts a value that matches exactly one branch, ``anyOf`` one that matches at
least one. When no value can match two branches the two accept the same values, and the
canonical form writes such a ``oneOf`` as ``anyOf`` (dialects.py, ``fold_value_sets``).
Only what can be proven from the branches' own keywords counts, pair by pair:

* their ``type`` lists share no type (every integer is a number, and a branch without a
  ``type`` accepts every type);
* each names its own values (``const`` or ``enum``) and no value is named by both;
* both accept only objects (their ``type``, or the ``type`` beside the union) and both
  require a property whose schema names its values (``const`` or ``enum``), with no
  value in common: the *discriminator* (``name: {const: "find"}`` against
  ``name: {const: "count"}``). JSON Schema keywords only ever add conditions, so whatever
  else a branch says, a value it accepts has the discriminator set to one of its values.

Anything else (an ``allOf`` deciding the type, a ``$ref`` kept as written, a pattern) is
not read: such a ``oneOf`` stays a ``oneOf``, and a change of spelling stays a finding.
The walker (classify/branches.py) pairs the branches of a union old ↔ new by the same
discriminator (``discriminators``, ``branch_values``).
"""

from __future__ import annotations

from typing import Any

from ..limits import MAX_BRANCH_PAIRS
from .values import canonical_json, types_meet

_OBJECT_ONLY = frozenset({"object"})


def disjoint(branches: list[Any], outer_type: Any) -> bool:
    """Whether no value can match two of ``branches`` (canonical schemas of one union), as
    far as the keywords above prove; ``outer_type`` is the ``type`` beside the union.
    A lone branch is left alone (beside other keywords it is kept as written), and past
    ``MAX_BRANCH_PAIRS`` pairs nothing is proven (the test is quadratic)."""
    if len(branches) < 2 or len(branches) * len(branches) > MAX_BRANCH_PAIRS:
        return False
    facts = []
    for branch in branches:
        if type(branch) is not dict or ("type" in branch and _types(branch["type"]) is None):
            return False
        facts.append(_Facts(branch, outer_type))
    return all(facts[i].apart(facts[j]) for i in range(len(facts)) for j in range(i + 1, len(facts)))


def branch_values(branch: Any, name: str) -> frozenset[str] | None:
    """The canonical JSON of each value ``branch`` allows for the property ``name``, when
    the branch requires it and its schema names its values (``const``, else ``enum``);
    None otherwise."""
    if type(branch) is not dict:
        return None
    required = branch.get("required")
    properties = branch.get("properties")
    if type(required) is not list or name not in required or type(properties) is not dict:
        return None
    return _named_values(properties.get(name))


def discriminators(branches: list[Any]) -> list[str]:
    """The properties (sorted) that every branch of ``branches`` requires and names the
    values of; the branches may still share values."""
    names: set[str] | None = None
    for branch in branches:
        if type(branch) is not dict or type(branch.get("required")) is not list:
            return []
        own = {n for n in branch["required"] if type(n) is str and branch_values(branch, n) is not None}
        names = own if names is None else names & own
        if not names:
            return []
    return sorted(names or ())


def _named_values(schema: Any) -> frozenset[str] | None:
    if type(schema) is not dict:
        return None
    if "const" in schema:
        return frozenset({canonical_json(schema["const"])})
    values = schema.get("enum")
    if type(values) is list:
        return frozenset(canonical_json(v) for v in values)
    return None


class _Facts:
    """What one branch says that can set it apart from another."""

    __slots__ = ("branch", "types", "values", "objects_only")

    def __init__(self, branch: dict[str, Any], outer_type: Any) -> None:
        self.branch = branch
        own = _types(branch.get("type"))
        outer = _types(outer_type)
        self.types = own if outer is None else outer if own is None else types_meet(own, outer)
        self.values = _named_values(branch)
        self.objects_only = self.types is not None and self.types <= _OBJECT_ONLY

    def apart(self, other: _Facts) -> bool:
        if self.types is not None and other.types is not None and not types_meet(self.types, other.types):
            return True
        if self.values is not None and other.values is not None and not self.values & other.values:
            return True
        if not (self.objects_only and other.objects_only):
            return False
        required = self.branch.get("required")
        if type(required) is not list:
            return False
        for name in required:
            if type(name) is not str:
                continue
            mine, theirs = branch_values(self.branch, name), branch_values(other.branch, name)
            if mine is not None and theirs is not None and not mine & theirs:
                return True
        return False


def _types(value: Any) -> frozenset[str] | None:
    """A canonical type list as a set; None for no type, or one that is not a list of names."""
    if type(value) is not list or not all(type(t) is str for t in value):
        return None
    return frozenset(value)


