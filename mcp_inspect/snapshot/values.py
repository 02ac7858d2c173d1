"""JSON values with one spelling, and the one serialisation that hashes and orders them."""

from __future__ import annotations

import json
import operator
from typing import Any

#: Exact types ``normalise_numbers`` returns unchanged. Most values in a schema are these,
#: and ``type(v) in _ATOMS`` is one hash lookup where the function would be a call and
#: three isinstance tests; subclasses (never produced by the readers) take the full path.
_ATOMS = frozenset({str, int, bool, type(None)})


# json.dumps with these options builds a new JSONEncoder on every call; one shared encoder
# (it keeps no state between calls) writes the same text for a fraction of the overhead.
_CANONICAL_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """The one serialisation used for hashing and for ordering values."""
    return _CANONICAL_ENCODER.encode(value)


def json_type(value: Any) -> str:
    """The narrowest JSON Schema type name of a JSON value: an integral float is an integer
    (2.0 is the integer 2 to a validator), and a boolean is never one."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def keys_sorted(value: Any) -> Any:
    """``value`` with the keys of every object in it sorted: a schema or a default copied into
    a report reads the same whatever order its server wrote the keys in (JSON objects have
    none). Lists keep their order, which may mean something (``prefixItems``)."""
    kind = type(value)
    if kind is dict:
        return {key: keys_sorted(value[key]) for key in sorted(value, key=str)}
    if kind is list:
        return [keys_sorted(item) for item in value]
    return value


def normalise_numbers(value: Any) -> Any:
    """Write integral floats as integers, deeply (``1.0`` and ``1`` are one JSON number)."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: v if type(v) in _ATOMS else normalise_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _ATOMS else normalise_numbers(v) for v in value]
    return value


def sorted_unique(values: list[Any]) -> list[Any]:
    """Sort by canonical JSON and drop duplicates (``true`` and ``1`` stay distinct)."""
    for value in values:  # a plain loop: all() over a generator costs more on these short lists
        if type(value) is not str:
            break
    else:
        # The common case (required, type, string enums), without serialising each value.
        # The order differs from canonical-JSON order for some strings, but it is still a
        # function of the set alone, which is all a canonical form needs. One string (the
        # usual type list) is already sorted and unique.
        return sorted(set(values)) if len(values) > 1 else list(values)
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(canonical_json(value), value)
    return [seen[key] for key in sorted(seen)]


def types_within(narrower: Any, wider: Any) -> bool:
    """Whether every type name of ``narrower`` is one ``wider`` admits (every integer is a number)."""
    return all(t in wider or (t == "integer" and "number" in wider) for t in narrower)


def types_meet(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """The JSON types of the values both sets of type names accept (every integer is a number,
    so ``integer`` meets ``number`` as ``integer``): empty when no value has a type in both."""
    both = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        both.add("integer")
    return frozenset(both)


def passes_multiple_of(instance: int | float, step: int | float) -> bool:
    """Whether the number ``instance`` passes ``multipleOf: step`` as jsonschema tests it
    (``_keywords.multipleOf``): for a float step, the float quotient against its ``int``,
    exactly by fractions where it overflows; for an integer step, the remainder. Decimal steps
    are then not exact: ``0.35 / 0.001`` is ``349.99999999999994`` (ajv divides the same way)."""
    from fractions import Fraction  # rare (a multipleOf change)

    if isinstance(step, float):
        try:
            quotient = instance / step
            return int(quotient) == quotient
        except OverflowError:
            return (Fraction(instance) / Fraction(step)).denominator == 1
    return not instance % step


#: The largest integer a float holds exactly (2**53): a step beyond it that the canonical form
#: reads as an integer was written as a float (1e22) and is divided as one.
_EXACT_INTEGERS = 2**53


def exact_step(step: int | float) -> bool:
    """Whether ``multipleOf: step`` is tested exactly: an integer a float holds exactly."""
    return type(step) is int and abs(step) <= _EXACT_INTEGERS


def as_divided(step: int | float) -> int | float:
    """A step as the validator divides by it: an integer beyond ``_EXACT_INTEGERS`` as the
    float it was written as (hostile trial, round 38: 1e22 → 1e21 was a loosening that 5e22
    breaks, for the canonical form reads 1e22 as an integer)."""
    return float(step) if type(step) is int and not exact_step(step) else step


def unkept_multiple(kept: int | float, step: int | float, limit: int,
                    start: int | float | None = None, within: Any = None) -> int | float | None:
    """The first of the multiples of ``kept`` (``k * kept`` for k = 1 … ``limit`` + 1, each the JSON
    number nearest the decimal product, as a caller writes it: ``0.35``, not
    ``35 * 0.01``) that passes ``multipleOf: kept`` and fails ``multipleOf: step`` as jsonschema
    tests them (``passes_multiple_of``); None when none of them does (hostile trial, round 36).
    With ``start``, as many from the one below the first at or above it instead: beside
    ``minimum: 1`` the first such multiple of 0.01 (0.35) is refused by the bound, and 4.05 is
    not (hostile trial, round 38). With ``within`` (a test of a number), only a multiple it
    takes counts."""
    import math
    from fractions import Fraction

    kept, step = as_divided(kept), as_divided(step)
    base = Fraction(repr(kept))
    first = 1
    if start is not None:
        if not math.isfinite(start) or abs(start) >= 1e15:
            return None
        # One multiple lower: the float 32.2 lies just above 161 * 0.2, and the multiple written
        # 32.2 is the one a caller sends (hostile trial, round 41).
        first = math.ceil(Fraction(start) / base) - 1
    for k in range(first, first + limit + 1):
        exact = base * k
        value: int | float = int(exact) if exact.denominator == 1 else float(exact)
        if passes_multiple_of(value, kept) and not passes_multiple_of(value, step) \
                and (within is None or within(value)):
            return value
    return None


#: Each numeric bound keyword and the test a number meets to pass it.
_BOUND_TESTS = (("minimum", operator.ge), ("exclusiveMinimum", operator.gt),
                ("maximum", operator.le), ("exclusiveMaximum", operator.lt))


def in_bounds(node: dict) -> Any:
    """A test of a number against ``node``'s numeric bounds."""
    bounds = [(holds, bound) for key, holds in _BOUND_TESTS
              if isinstance(bound := node.get(key), int | float) and not isinstance(bound, bool)]
    return lambda value: all(holds(value, bound) for holds, bound in bounds)
