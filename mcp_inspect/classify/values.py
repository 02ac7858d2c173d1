"""Schema keywords that constrain a value in place: bounds, steps, exact values, flags.

Handlers share the walker's signature ``(walker, key, old, new, path, depth)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..limits import MAX_MULTIPLES_TRIED
from ..snapshot.dialects import integer_bounds
from ..snapshot.values import exact_step, unkept_multiple
from .changes import ABSENT, join, or_none, same
from .keywords import LOWER_BOUNDS, NUMERIC_BOUNDS

if TYPE_CHECKING:
    from .walker import Walker

#: (value, excluded, keyword): the effective bound one side states.
Bound = tuple[float, bool, str]


def exact(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    w.added_removed_changed(old, new, path, key)


def pattern(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """A replaced ``pattern`` is not orderable, unless the two patterns differ only in the
    characters some positions accept and the alternatives some alternations list, and all
    of those grew (or all shrank): then every string the old one matched still matches (or
    the other way round), read from the patterns' text without running them
    (``patterns.inclusion``). Two spellings of the same strings (``\\d`` and ``[0-9]``,
    ``^a+$`` and ``^(a+)$``) are one finding that breaks nobody."""
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    if isinstance(before, str) and isinstance(after, str) and before != after:
        from ..patterns.inclusion import compare  # rare (a pattern replaced)

        order = compare(before, after)
        if order == "same":
            # Two spellings of one set of strings: no value's fate changes, but the canonical
            # forms differ, so one finding says so (completeness), graded by the reading that
            # holds in this direction: an input that refuses nothing it took (loosened), an
            # output that returns nothing it did not (tightened); inside an odd number of
            # ``not``s emit() turns the one into the other, so start from the other.
            w.respelled(join(path, key), before, after, "pattern_respelled",
                        {"keyword": key, "value_before": before, "value_after": after})
            return
        if order in ("wider", "narrower"):
            fact, variant = (("constraint.loosened", "pattern_widened") if order == "wider"
                             else ("constraint.tightened", "pattern_narrowed"))
            w.emit(fact, join(path, key), before, after, variant,
                   {"keyword": key, "value_before": before, "value_after": after})
            return
    w.added_removed_changed(old, new, path, key)


def bound(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    if same(before, after):
        return
    stated = after if before is ABSENT else before if after is ABSENT else None
    if key in ("minContains", "maxContains") and ("contains" not in old or "contains" not in new):
        if "contains" in old or "contains" in new:
            return  # a contains added or removed with its counts: that finding says it
        # With no contains beside it a count counts nothing (Validation 2020-12, 6.4.4-5): one
        # spelling of no constraint for another, not a bound added (round 19's contains cases).
        change = f"added: {after}" if before is ABSENT else f"removed (was {before})" if after is ABSENT \
            else f"{before} → {after}"
        w.respelled(join(path, key), or_none(before), or_none(after), "counts_without_contains",
                    {"keyword": key, "change": change})
        return
    if key == "minContains" and is_number(stated) and ("contains" in old if before is ABSENT else "contains" in new):
        # Absent beside contains, minContains is 1 (Validation 2020-12, 6.4.5): 0 added (beside
        # a maxContains, which keeps it in the canonical form) lets an array with no match
        # through, and 0 removed refuses it again (hostile trial, round 19: read as a bound
        # added, minContains 0 was a BREAKING tightening).
        was, now = (1, after) if before is ABSENT else (before, 1)
        if was != now:
            fact = "constraint.tightened" if now > was else "constraint.loosened"
            if before is ABSENT:
                w.emit(fact, join(path, key), None, after, "keyword_added", {"keyword": key, "value": after})
            else:
                w.emit(fact, join(path, key), before, None, "keyword_removed", {"keyword": key, "value": before})
            return
    if key == "minLength" and is_number(stated) and stated == 1:
        # zod's .min(1) beside a .url() or .regex() of the other side: the only string
        # minLength 1 refuses is "", which that side refused already (new-user trial, round 14:
        # git-mcp-server's url lost format uri and gained minLength 1 and maxLength 2048, and
        # the minLength was a BREAKING no call could show).
        refuser = empty_refused_by(old if before is ABSENT else new)
        if refuser is not None:
            w.respelled(join(path, key), or_none(before), or_none(after), "empty_already_refused",
                        {"keyword": key, "value": 1, "change": "added" if before is ABSENT else "removed",
                         "refuser": f"the {'old' if before is ABSENT else 'new'} {refuser}"})
            return
    if is_number(before) and is_number(after):
        inward = after > before if key in LOWER_BOUNDS else after < before
        fact = "constraint.tightened" if inward else "constraint.loosened"
        w.emit(fact, join(path, key), before, after, "keyword_moved",
               {"keyword": key, "value_before": before, "value_after": after})
    elif (before is ABSENT or is_number(before)) and (after is ABSENT or is_number(after)):
        w.added_removed_changed(old, new, path, key)
    else:
        w.emit("schema.changed", join(path, key), old.get(key), new.get(key), "not_a_number", {"keyword": key})


def numeric_bound(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """``minimum``/``exclusiveMinimum`` (and the two maxima) state one bound between them.

    ``exclusiveMinimum: 0`` → ``minimum: 0`` accepts 0 as well: one loosening, not a
    bound removed plus a bound added. The pair is judged once, under the inclusive
    keyword when either side has it.
    """
    inclusive, exclusive = NUMERIC_BOUNDS[key]
    if key == exclusive and (inclusive in old or inclusive in new):
        return
    values = [side.get(k, ABSENT) for side in (old, new) for k in (inclusive, exclusive)]
    if same(values[:2], values[2:]):
        return
    if all(v is ABSENT or is_number(v) for v in values) and _narrowed_to_integers(old, new):
        # The new side takes integers only, and its bounds were folded to integer bounds in
        # the canonical form (``exclusiveMinimum: 0`` is ``minimum: 1``): the old bound is
        # read over the integers too, since the non-integers it took are the type's finding
        # (hostile trial, round 44: zod's .positive() gaining .int() was "lower bound > 0 →
        # ≥ 1" beside "type narrowed", one fact reported twice).
        # A bound that moved is still judged and shown as written: the folding is monotone,
        # so two integer bounds that differ are ordered as the written ones are.
        read = {k: v for k, v in zip((inclusive, exclusive), values[:2], strict=True) if v is not ABSENT}
        integer_bounds(read)
        if same([read.get(inclusive, ABSENT), read.get(exclusive, ABSENT)], values[2:]):
            return
    if all(v is ABSENT or is_number(v) for v in values) and _narrowed_to_integers(new, old):
        # The mirror: the old side took integers only, its bounds folded (zod's ``.int()``
        # removed from ``.positive()``: ``minimum: 1`` → ``exclusiveMinimum: 0``), so the new
        # bound is read over the integers too; the non-integers it now takes are the type's
        # finding (hostile trial, round 45: "lower bound ≥ 1 → > 0" beside "type widened").
        read = {k: v for k, v in zip((inclusive, exclusive), values[2:], strict=True) if v is not ABSENT}
        integer_bounds(read)
        if same(values[:2], [read.get(inclusive, ABSENT), read.get(exclusive, ABSENT)]):
            return
    if not all(v is ABSENT or is_number(v) for v in values):
        for k in (inclusive, exclusive):  # kept keyword by keyword, as before: the net reports the odd one
            bound(w, k, old, new, path, depth)
        return
    lower = inclusive == "minimum"
    was, now = _effective(lower, *values[:2]), _effective(lower, *values[2:])
    if was is None or now is None:  # one side has no bound at all: added or removed
        stated = now if now is not None else was
        if stated is not None:
            w.added_removed_changed(old, new, path, stated[2])
        return
    at = join(path, now[2])
    before, after = (was[0], now[0]) if was[2] == now[2] else ({was[2]: was[0]}, {now[2]: now[0]})
    # The effective bound on each side, as a comparison (``≥ 1``, ``< 5``).
    args = {"bound": "lower" if lower else "upper", "operator_before": _operator(lower, was),
            "value_before": was[0], "operator_after": _operator(lower, now), "value_after": now[0]}
    if _stricter(lower, now, was):
        w.emit("constraint.tightened", at, before, after, "bound_moved", args)
    elif _stricter(lower, was, now):
        w.emit("constraint.loosened", at, before, after, "bound_moved", args)
    else:  # e.g. a redundant minimum beside a larger exclusiveMinimum removed
        w.respelled(at, before, after, "bound_respelled", args)


def _numeric_types(node: dict) -> set[str]:
    """The numeric types ``node`` admits (both when it names no type)."""
    declared = node.get("type", ABSENT)
    if declared is ABSENT:
        return {"number", "integer"}
    names = declared if isinstance(declared, list) else [declared]
    return {name for name in names if name in ("number", "integer")}


def _narrowed_to_integers(old: dict, new: dict) -> bool:
    """Whether ``new`` takes integers only among numbers where ``old`` took every number (with
    the sides swapped: whether the other side widened integers to every number)."""
    return "number" in _numeric_types(old) and _numeric_types(new) == {"integer"}


def _effective(lower: bool, inclusive: Any, exclusive: Any) -> Bound | None:
    stated = [(v, flag, k) for v, flag, k in ((inclusive, False, "minimum" if lower else "maximum"),
                                              (exclusive, True, "exclusiveMinimum" if lower else "exclusiveMaximum"))
              if v is not ABSENT]
    if not stated:
        return None
    strongest = stated[0]
    for candidate in stated[1:]:
        if _stricter(lower, candidate, strongest):
            strongest = candidate
    return strongest


def _stricter(lower: bool, a: Bound, b: Bound) -> bool:
    """``a`` excludes values that ``b`` accepts (and so, bounds being nested, accepts fewer)."""
    if a[0] != b[0]:
        return a[0] > b[0] if lower else a[0] < b[0]
    return a[1] and not b[1]


def _operator(lower: bool, b: Bound) -> str:
    return (">" if b[1] else "≥") if lower else ("<" if b[1] else "≤")


def multiple_of(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = old.get("multipleOf", ABSENT), new.get("multipleOf", ABSENT)
    if is_number(before) and is_number(after) and before > 0 and after > 0:
        from fractions import Fraction  # rare (a multipleOf change); ~4 ms of import

        ratio = Fraction(str(after)) / Fraction(str(before))
        if ratio == 1:
            return  # the same step (2 and 2.0 alike): the handler runs whenever a sibling keyword moved
        at = join(path, "multipleOf")
        args = {"keyword": "multipleOf", "value_before": before, "value_after": after}
        fact = ("constraint.tightened" if ratio.denominator == 1  # every multiple of the new step is one of the old
                else "constraint.loosened" if ratio.numerator == 1 else "constraint.changed")
        if fact != "constraint.changed" and not (exact_step(before) and exact_step(after)):
            # A decimal step is tested by float division (jsonschema, ajv): 0.35 passes 0.01 and
            # fails 0.001 (0.35 / 0.001 is 349.99999999999994), so the ratio's ordering holds only
            # where no multiple of the narrower step tried fails the wider one (hostile trial,
            # round 36: 0.01 → 0.001 was a NON_BREAKING loosening that {"p": 0.35} breaks).
            narrower, wider = (after, before) if fact == "constraint.tightened" else (before, after)
            # The multiples from zero, whatever the bounds: a reading within the bounds missed
            # refused multiples at a range's edges (hostile trials, rounds 40 and 41), and a
            # loosening no multiple inside the bounds contradicts ([0, 0.3]) stays BREAKING.
            if unkept_multiple(narrower, wider, MAX_MULTIPLES_TRIED) is not None:
                fact = "constraint.changed"
        w.emit(fact, at, before, after, "keyword_moved", args)
        return
    w.added_removed_changed(old, new, path, "multipleOf")


def unique_items(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    w.flag(key, old, new, path, ("constraint.tightened", "unique_on"), ("constraint.loosened", "unique_off"))


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def empty_refused_by(node: dict[str, Any]) -> str | None:
    """What in ``node`` refuses the empty string, said for a message (``pattern``, ``format
    "uri"``, ``enum``), or None: a ``pattern`` RE2 runs that does not match "", a
    ``format`` whose checker (the one witnesses are held to, formats asserted as the contract
    reads an added format) refuses "", an ``enum`` or ``const`` without "". Only a node
    typed as strings alone is read: elsewhere "" is not the only value at stake."""
    if node.get("type") != ["string"]:
        return None
    if isinstance(node.get("pattern"), str):
        from ..patterns.ecma import search  # rare: a minLength 1 added or removed

        if search(node["pattern"], "") is False:
            return "pattern"
    if isinstance(node.get("format"), str):
        from jsonschema import Draft202012Validator

        from ..evidence.formats import witness_formats

        checker = witness_formats(Draft202012Validator)
        if node["format"] in checker.checkers and not checker.conforms("", node["format"]):
            return f'format "{node["format"]}"'
    if isinstance(node.get("enum"), list) and "" not in node["enum"]:
        return "enum"
    if "const" in node and node["const"] != "":
        return "const"
    return None


def null_kept_as_default(new: dict[str, Any], prefix: str) -> bool:
    """Whether the new node of an input schema (``prefix``, the walker's ``tool.input`` or
    ``tool.output``) still says its default is null (``default: null``): a node that lost
    ``null`` from its values and says so reads as a generator dropping the null of an optional
    parameter (new-user trial, round 30: workspace-mcp's FastMCP upgrade wrote
    ``Optional[str] = None`` as ``{type: string, default: null}``, 165 findings). The finding
    stays what the contract says, and its message names the contradiction, so that a
    maintainer reading it knows the server may still take null. An output is no parameter and
    nothing the server returns is taken, so there the message is the plain one (hostile trial,
    round 36)."""
    return prefix.endswith(".input") and new.get("default", ABSENT) is None
