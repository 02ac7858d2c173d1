"""Folds of dialect spellings that need no reference resolution: helpers of ``canonical.py``.

The one fold that canonicalises subschemas (draft-07's tuple ``items``) is handed the
canonicaliser as ``Subschemas``, the one method it calls, so this module never imports
``canonical.py``, which imports it.

Each function rewrites one canonical node in place (the node is the canonicaliser's own
fresh dict, never the input) and is a pure function of the keywords it reads. The order
in which they run, and so the order in which they add keys, is the canonicaliser's. The
folds of an array's length (``fold_array_length``) are such rewrites too, and stay beside
the others. Which keywords a draft's validators read at all is no fold but a table the
canonical form, the emptiness proof and the witness search share: drafts.py.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from ..limits import MAX_BRANCH_PAIRS, MAX_DEPENDENT_CLOSURE
from .disjoint import branch_values, disjoint
from .keywords import ANNOTATION_KEYWORDS, DEFINED_FORMATS, KEYWORDS_OF_TYPE
from .values import canonical_json, json_type, sorted_unique, types_within


class Subschemas(Protocol):
    """What a fold asks of the canonicaliser: the canonical form of a subschema met at
    ``depth`` while the references ``refs`` are being expanded (``Canonicaliser.schema``)."""

    #: Whether the declared dialect reads an integral float (1.0) as an integer (draft 6 on).
    whole_floats: bool

    def schema(self, node: Any, refs: tuple[str, ...], depth: int) -> Any: ...


#: The interoperable integer range of I-JSON (RFC 7493): JavaScript's safe integers.
SAFE_INTEGER = 2**53 - 1
#: The largest exclusive integer bound folded into an inclusive one (its fold is a safe integer).
_FOLDABLE = SAFE_INTEGER + 1
_DRAFT04_BOUNDS = (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum"))
#: The six JSON types (integer folded into number): a list of them all constrains nothing.
_EVERY_TYPE = ["array", "boolean", "null", "number", "object", "string"]
#: Keywords that evaluate an instance's items or properties in place: beside one of them,
#: ``unevaluated*`` governs fewer values than the declared keyword would.
IN_PLACE = frozenset({"allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref", "$dynamicRef"})
#: Each ``unevaluated*`` keyword, and the keyword it is on a node that nothing else evaluates.
CLOSING = (("unevaluatedProperties", "additionalProperties"), ("unevaluatedItems", "items"))
#: The unions a set of single values folds out of, in the order tried (one fold a node).
_VALUE_UNIONS = ("anyOf", "oneOf")
#: The keywords of a branch that names one value (with ``type``).
_VALUE_KEYWORDS = frozenset({"const", "enum", "type"})
_NO_VALUE: Any = object()
#: The canonical branch that admits null alone, and the value set it is.
_NULL_TYPE = ["null"]
_NULL_BRANCH = {"type": _NULL_TYPE}
_NULL_SET = [None]
_JSON_TYPES: dict[type, str] = {str: "string", list: "array", dict: "object"}


def fold_dialects(out: dict[str, Any], canonicaliser: Subschemas, refs: tuple[str, ...], depth: int) -> None:
    """Fold the dialect spellings of one node's own keywords (``canonicaliser`` canonicalises
    the draft-07 tuple's subschemas, met with ``refs`` being expanded)."""
    # The steps, and the order in which they add keys to ``out``, are those of the
    # canonical form; a keyword is looked at only once ``in`` says it is there.
    types = out.get("type")
    if isinstance(types, str):
        types = out["type"] = [types]
    if "nullable" in out:
        nullable = out["nullable"]
        if isinstance(nullable, bool):
            del out["nullable"]
            if nullable and isinstance(types, list):
                types = out["type"] = [*types, "null"]
    # One string (the usual type) is sorted and unique already, and the list is ours
    # (made above or copied by normalise_numbers), so it can stay as it is.
    if isinstance(types, list) and not (len(types) == 1 and type(types[0]) is str):
        types = sorted_unique(types)
        if "number" in types and "integer" in types:
            types.remove("integer")  # every integer is a number
        if types == _EVERY_TYPE:
            del out["type"]  # every JSON value: the same as no type at all
            types = None
        else:
            out["type"] = types
    if "exclusiveMinimum" in out or "exclusiveMaximum" in out:
        draft04_bounds(out)
    if "multipleOf" in out and canonicaliser.whole_floats:
        types = whole_multiples(out)
    if whole_numbers(types):
        integer_bounds(out)
    if "items" in out:
        items = out["items"]
        if isinstance(items, list) and "prefixItems" not in out:
            del out["items"]
            out["prefixItems"] = [canonicaliser.schema(s, refs, depth + 1) for s in items]
            if "additionalItems" in out:
                out["items"] = out.pop("additionalItems")
    if "required" in out:
        required = out["required"]
        if isinstance(required, list):
            out["required"] = required = sorted_unique(required)
            if not required:
                del out["required"]
    if "enum" in out and isinstance(out["enum"], list):
        out["enum"] = sorted_unique(out["enum"])
    if "dependentRequired" in out or "dependentSchemas" in out:
        dependent_keywords(out)


def fold_value_sets(out: dict[str, Any], read: bool = False) -> None:
    """Spellings of one value set, and keywords that cannot act, folded in one node.

    * ``anyOf`` (or ``oneOf``) whose branches each accept one value (``const``, or a
      one-value ``enum``, with at most a ``type`` that value has) is the ``enum`` of those
      values (``value_union``). A ``oneOf`` that
      repeats a value is kept: that value matches two branches and is rejected. A
      ``oneOf`` of distinct single values whose branches also carry annotations (which an
      ``enum`` has no place for) is that ``anyOf``: no value matches two of its branches.
    * a branch of an ``anyOf`` that is itself only an ``anyOf`` gives the parent its
      branches (a value matches the one exactly when it matches one of the other's).
    * a branch of an ``anyOf`` that a sibling covers (``covers``) is dropped: it adds no
      value to the union (not in a ``oneOf``, where a value matching both is rejected).
    * ``oneOf`` whose branches are provably disjoint (disjoint.py: distinct ``type`` sets,
      distinct values, or a required property naming distinct values per branch) is
      ``anyOf``: a value matching one branch matches no other, so both accept the same.
    * ``enum: [X]`` is ``const: X`` (both accept X alone); kept as ``enum`` beside a
      ``const`` of its own. ``const`` is the form kept because a sibling of a ``$ref``
      wins over the target's keyword of the same name: a ``const`` does not then
      replace a longer ``enum`` of the target, both stay and both apply.
    * ``anyOf`` whose branches each hold a type list, and beside it only keywords of a type
      no other branch admits, is one type list, their union, with those keywords (``type:
      [string, null], maxLength: 5`` and the pydantic and zod spelling ``anyOf: [{type:
      string, maxLength: 5}, {type: null}]``: ``typed_union``), unless the node states a
      ``type`` too or its own keywords would meet theirs (``_merges_beside``).
    * ``then`` and ``else`` without ``if`` apply to nothing, and ``if`` without either
      decides nothing: all three are dropped then.
    * ``unevaluatedProperties`` without ``additionalProperties`` is ``additionalProperties``
      (and ``unevaluatedItems`` without ``items`` is ``items``) when nothing else in the node
      evaluates properties (items): no in-place applicator, no kept ``$ref``, no ``contains``.
      Both then govern exactly the values ``properties`` and ``patternProperties``
      (``prefixItems``) leave over; ``unevaluatedProperties: false`` closes an object as
      ``additionalProperties: false`` does.

    Runs on a node once its keywords are canonical, never on the keywords beside a
    ``$ref`` alone (folded there, they would replace a keyword of the target).
    """
    if "enum" not in out and "const" not in out:
        for key in _VALUE_UNIONS:
            if key in out and value_union(out, key):
                break
        else:
            if "oneOf" in out and "anyOf" not in out and union_values(out, "oneOf", ANNOTATION_KEYWORDS) is not None:
                out["anyOf"] = out.pop("oneOf")  # distinct values: at most one branch matches
    # The node's own value set types it before the disjointness test reads its type.
    values = out.get("enum")
    if type(values) is list and len(values) == 1 and "const" not in out:
        del out["enum"]
        out["const"] = values[0]
    values_typed(out)
    if "oneOf" in out and "anyOf" not in out and type(out["oneOf"]) is list and disjoint(out["oneOf"], out.get("type")):
        # No value matches two branches (disjoint.py). A branch written twice is disjoint from
        # itself only when the type beside refuses it, and "A or A" is A: kept once. The anyOf
        # it becomes has not met the value-union fold above (a branch left alone, single
        # values), so the node is folded again, with no oneOf left (hostile trial, round 15:
        # oneOf [{const: 1}, {const: 1}] beside type array kept anyOf [{const: 1}] until a
        # second reading).
        out["anyOf"] = sorted_unique(out.pop("oneOf"))
        fold_value_sets(out, read)
        return
    implied_branch_bounds(out)
    branches = out.get("anyOf")
    if type(branches) is list and any(_bare_any_of(b) for b in branches):
        # anyOf is associative: a branch that is only an anyOf lends the parent its branches.
        out["anyOf"] = sorted_unique([inner for b in branches for inner in (b["anyOf"] if _bare_any_of(b) else [b])])
    branches = out.get("anyOf")
    if type(branches) is list and len(branches) > 1 and not read:
        # (``read``: an unevaluated* keyword reads what each branch that holds evaluated, a
        # covered one's too.)
        kept = uncovered_branches(branches)
        if len(kept) < len(branches):
            # What is left may be what the steps above fold (single values, an enum): the
            # node is folded again, as a second reading did, where it was no fixed point
            # (hostile trial, round 13: anyOf [{const: a}, {const: a, maxLength: 0}]).
            out["anyOf"] = kept
            fold_value_sets(out, read)
            return
    branches = out.get("anyOf")
    if type(branches) is list and len(branches) > 1:
        merged = merge_value_branches(branches)
        if merged is not None:
            out["anyOf"] = merged
    branches = out.get("anyOf")
    union = typed_union(branches) if type(branches) is list and branches and "type" not in out else None
    if union is not None and _merges_beside(out, union[1]):
        del out["anyOf"]
        types, keywords = union
        out.update(keywords)
        if "number" in types and "integer" in types:
            types.remove("integer")  # every integer is a number
        if types == _EVERY_TYPE:
            types = None  # every JSON value: as no type at all (the node has none: it is not given one)
        else:
            out["type"] = types
        if whole_numbers(types):
            integer_bounds(out)
        if "oneOf" in out and type(out["oneOf"]) is list and disjoint(out["oneOf"], out.get("type")):
            # The type just gathered may set the oneOf's branches apart, as one written beside
            # it does above (hostile trial, round 11: a one-branch anyOf of a type). The anyOf
            # it becomes has not met the steps above (a branch twice, a branch a sibling covers
            # or the type refuses), which a second reading gave it, so the form was no fixed
            # point (hostile trial, round 13): the node is folded again, with no oneOf left.
            out["anyOf"] = sorted_unique(out.pop("oneOf"))
            fold_value_sets(out, read)
            return
    if "if" not in out:
        out.pop("then", None)
        out.pop("else", None)
    elif "then" not in out and "else" not in out and not read:
        del out["if"]  # it decides nothing (though an unevaluated* reads what it evaluated)
    if ("unevaluatedProperties" in out or "unevaluatedItems" in out) and IN_PLACE.isdisjoint(out):
        for unevaluated, declared in CLOSING:
            if unevaluated in out and declared not in out and (declared == "additionalProperties"
                                                                or "contains" not in out):
                out[declared] = out.pop(unevaluated)


#: Each bound keyword, and whether a larger value is looser (an upper bound) or tighter.
_BOUNDS = {"maximum": True, "exclusiveMaximum": True, "maxLength": True, "maxItems": True, "maxProperties": True,
           "minimum": False, "exclusiveMinimum": False, "minLength": False, "minItems": False,
           "minProperties": False}


def implied_branch_bounds(out: dict[str, Any]) -> None:
    """Drop from each branch of the node's ``anyOf`` a bound that the same bound of the node
    implies: ``maximum: 100`` in a branch beside ``maximum: 1`` of the node.

    Every value the node accepts passes its own bound, which is as tight or tighter, so it
    passes the branch's too, and the branch matches the values it matched. The bound
    dropped, the union may fold as one without it does (``typed_union``): adding ``maximum:
    100`` to the integer branch of ``anyOf: [{type: integer}, {type: string}]`` beside
    ``maximum: 1`` was a BREAKING "maximum added: 1" that no call could show and a "≤ 1 →
    ≤ 100" (hostile trial, round 42)."""
    bounds = {k: v for k, v in out.items() if k in _BOUNDS and _number(v)}
    if not bounds:
        return
    branches = out.get("anyOf")
    if type(branches) is not list:
        return
    kept = [_without_implied(b, bounds) for b in branches]
    if kept != branches:
        out["anyOf"] = sorted_unique(kept)


def _without_implied(branch: Any, bounds: dict[str, Any]) -> Any:
    """``branch`` without the bounds the node's ``bounds`` imply; whole where that would
    leave it empty (a branch accepting every value is folded by steps that ran before this
    one, and the form would then be no fixed point)."""
    if type(branch) is not dict:
        return branch
    kept = {k: v for k, v in branch.items() if not _implied(k, v, bounds)}
    return kept if kept else branch


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def _implied(key: str, value: Any, bounds: dict[str, Any]) -> bool:
    """Whether the branch bound ``key: value`` holds for every value meeting the node's ``bounds``."""
    if key not in bounds or not _number(value):
        return False
    return value >= bounds[key] if _BOUNDS[key] else value <= bounds[key]


#: Keywords that govern what other keywords of their node leave over (the properties no
#: ``properties`` entry claims, the items past ``prefixItems``, the items ``contains``
#: counts): beside one of them, a keyword of a branch's own may make it accept more.
_LEFTOVER = frozenset({"additionalProperties", "unevaluatedProperties", "items", "unevaluatedItems", "contains"})
#: Keywords that change what the ``_LEFTOVER`` keywords of their node govern.
_CLAIMING = frozenset({"properties", "patternProperties", "prefixItems", "additionalProperties", "items",
                       "contains", "minContains", *IN_PLACE})


#: The assertions and applicators that act on one JSON type only (Core and Validation 2020-12:
#: each ignores an instance of another type), as the canonical form drops them: ``format`` and
#: the content keywords are left alone (a vendor's format may name another type's values), as
#: is draft-07's ``dependencies`` (split into the 2019-09 keywords before), and draft-07's
#: ``additionalItems`` is an array's too.
_LEFT_ALONE = frozenset({"format", "contentEncoding", "contentMediaType", "contentSchema", "dependencies"})
_TYPE_KEYWORDS = {kind: frozenset(keywords) - _LEFT_ALONE | ({"additionalItems"} if kind == "array" else set())
                  for kind, keywords in KEYWORDS_OF_TYPE.items()}
TYPED_KEYWORDS = frozenset().union(*_TYPE_KEYWORDS.values())


def acting_on(types: list[str]) -> frozenset[str]:
    """The type-bound keywords (``TYPED_KEYWORDS``) that act on some type of ``types``."""
    out: frozenset[str] = frozenset()
    for name in types:
        out |= _TYPE_KEYWORDS.get("number" if name == "integer" else name, frozenset())
    return out


def covers(wider: Any, narrower: Any) -> bool:
    """Whether the canonical schema ``wider`` accepts every value ``narrower`` accepts, as read
    from their keywords alone: every keyword of ``wider`` but its annotations is in
    ``narrower`` with an equal value (a ``type`` list: with the same types or fewer), so
    ``narrower`` only adds conditions (``{type: string}``
    covers ``{type: string, format: uri, minLength: 1}``). Not read: a keyword of
    ``narrower``'s own that changes what one of ``wider``'s governs (``properties`` beside an
    ``additionalProperties`` of both, ``prefixItems`` beside ``items``, ``minContains``
    beside ``contains``, an applicator beside ``unevaluated*``), and any ``$`` keyword of
    its own (an identifier, an anchor or a reference changes where references land)."""
    if type(wider) is not dict or type(narrower) is not dict:
        return False
    types = narrower.get("type")
    # A keyword of ``wider`` that acts on no type ``narrower`` admits holds for all its values.
    idle = TYPED_KEYWORDS - acting_on(types) if type(types) is list and all(type(t) is str for t in types) \
        else frozenset()
    for key, value in wider.items():
        if key in ANNOTATION_KEYWORDS or key in idle:
            continue
        if key == "type" and _fewer_types(narrower.get(key), value):
            continue
        if key not in narrower or canonical_json(narrower[key]) != canonical_json(value):
            return False
    own = [k for k in narrower if k not in wider and k not in ANNOTATION_KEYWORDS]
    if any(k.startswith("$") for k in own):
        return False
    return _LEFTOVER.isdisjoint(wider) or _CLAIMING.isdisjoint(own)


def _fewer_types(narrower: Any, wider: Any) -> bool:
    """Whether the type list ``narrower`` admits only values the type list ``wider`` admits
    (every integer is a number): a branch whose values typed it ``[string]`` (``values_typed``)
    is still covered by a sibling of type ``[null, string]``."""
    return (type(narrower) is list and type(wider) is list and all(type(t) is str for t in narrower)
            and types_within(narrower, wider))


def uncovered_branches(branches: list[Any]) -> list[Any]:
    """The branches of an ``anyOf`` (canonical, sorted) that no sibling covers (``covers``):
    a branch whose values another branch accepts adds no value to the union. Of branches
    that cover each other (the same conditions, other annotations, or keywords that act on
    no type they admit) the one with the fewest keywords is kept, then the first: the others
    only add words to what it says (so a union that folds to it does not take on a redundant
    branch's description). Past ``MAX_BRANCH_PAIRS`` pairs the union is kept whole (the test
    is quadratic)."""
    if len(branches) * len(branches) > MAX_BRANCH_PAIRS:
        return branches
    kept = []
    for index, branch in enumerate(branches):
        if not any(other_index != index and covers(other, branch)
                   and ((len(other), other_index) < (len(branch), index) or not covers(branch, other))
                   for other_index, other in enumerate(branches)):
            kept.append(branch)
    return kept


def merge_value_branches(branches: list[Any]) -> list[Any] | None:
    """The ``anyOf`` ``branches`` (canonical, sorted) with every branch that is a bare value
    set (``value_set``) merged into one (``value_branch``); None when there is nothing to
    merge: no such branch, or no other branch (a union of values alone is the node's
    ``enum``, ``value_union``, or kept when that fold does not apply).

    "a or b or C" is "(a or b) or C", and a set of values is one branch whatever its
    spelling: ``{const: a}``, ``{const: b}`` and ``{type: string, enum: [a, b]}`` all
    become ``{enum: [a, b], type: [string]}``, the type being the types of the values (a
    branch's own ``type`` admits its values, or it is not a value set, so it says nothing).
    """
    values: list[Any] = []
    others: list[Any] = []
    for branch in branches:
        found = value_set(branch)
        if found is None:
            others.append(branch)
        else:
            values.extend(found)
    if not values or not others:
        return None
    merged = sorted_unique([*others, value_branch(values)])
    return None if merged == branches else merged


def value_set(branch: Any) -> list[Any] | None:
    """The values of a canonical branch that names its values and says nothing else: a
    ``const``, or a non-empty ``enum``, or both (the ``const`` then in the ``enum``), with at
    most a ``type`` list that each value has; None for any other branch (one with an
    annotation keeps its text, so it stays a branch of its own)."""
    if type(branch) is not dict or not ("const" in branch or "enum" in branch):
        return None
    if not _VALUE_KEYWORDS.issuperset(branch):
        return None
    values = branch.get("enum")
    if values is not None and (type(values) is not list or not values):
        return None
    if "const" in branch:
        const = branch["const"]
        if values is not None and canonical_json(const) not in {canonical_json(v) for v in values}:
            return None
        values = [const]
    types = branch.get("type")
    if types is not None and (type(types) is not list
                              or not all(any(type(t) is str and _has_type(v, t) for t in types) for v in values)):
        return None
    return list(values)


def named_values(node: Any) -> frozenset[str] | None:
    """The canonical JSON of the values ``node`` names (``const`` or ``enum``) when its
    ``type`` list admits each of them: the values alone then decide what it accepts, and
    the ``type`` says nothing more. None when the node names no values, has no ``type``,
    or has a type some value lacks."""
    if type(node) is not dict or "type" not in node:
        return None
    found = value_set({k: node[k] for k in ("const", "enum", "type") if k in node})
    return None if found is None else frozenset(canonical_json(v) for v in found)


def value_branch(values: list[Any]) -> dict[str, Any]:
    """The one canonical branch naming ``values``: ``const`` for one value, else ``enum``,
    with the type list of the values' own types."""
    unique = sorted_unique(values)
    types = sorted_unique([json_type(v) for v in unique])
    if "number" in types and "integer" in types:
        types.remove("integer")  # every integer is a number
    if len(unique) == 1:
        return {"const": unique[0], "type": types}
    return {"enum": unique, "type": types}


def values_typed(out: dict[str, Any]) -> None:
    """Give a node that names its values (``const``, or a non-empty ``enum``) the ``type``
    list those values decide: the types of the values, of those the node's ``type`` admits
    where it has one.

    The types are the values' own, narrowest (``integer`` for ``1``, ``number`` absorbing it
    beside ``2.5``), so ``{type: number, enum: [1, 2]}`` and ``{enum: [1, 2]}`` are one form.
    Either way the node accepts the same values: only named values pass, and whether a
    value passes a type depends on its own type alone, so each passes or fails as before.
    It makes one value set one form whether or not its generator writes the type:
    valibot's ``v.union([v.literal('asc'), …])`` is bare ``const`` branches (folded to an
    untyped ``enum``) where ``v.picklist`` writes
    ``type: string`` beside the ``enum``, and moving between the two was a BREAKING
    "only string accepted" with no call to show it. A ``type`` that no value has is kept
    (the node accepts nothing, and says so), as is a malformed one; a value the ``type``
    refuses beside one it admits is dropped (it passes nothing either way).
    """
    if "const" in out:
        values = [out["const"]]
        if type(out.get("enum")) is list and canonical_json(out["const"]) not in map(canonical_json, out["enum"]):
            return  # const and enum that share no value: the node accepts nothing
    else:
        values = out.get("enum")
        if type(values) is not list or not values:
            return
    written = out.get("type")
    if written is not None and (type(written) is not list or not all(type(t) is str for t in written)):
        return
    admitted = [v for v in values if written is None or any(_has_type(v, t) for t in written)]
    types = sorted_unique([json_type(v) for v in admitted])
    if not types:
        return
    if "const" not in out and len(admitted) < len(values):
        # A value the type refuses passes nothing: named, it was a value "limited to" that no
        # call could send (hostile trial, round 42: ``{type: [string, null], enum: [1, a]}``).
        del out["enum"]
        if len(admitted) == 1:
            out["const"] = admitted[0]  # one value: the const form, as a one-value enum takes
        else:
            out["enum"] = admitted
    if "number" in types and "integer" in types:
        types.remove("integer")  # every integer is a number
    if types == written:
        return
    out["type"] = types
    if whole_numbers(types):
        integer_bounds(out)


def value_union(out: dict[str, Any], key: str) -> bool:
    """Fold ``out[key]`` (``anyOf`` or ``oneOf``) into an ``enum`` when it is a union of
    single values (``union_values``) or of value sets (``union_of_value_sets``); False, and
    ``out`` untouched, when it is not."""
    found = union_values(out, key, ())
    if found is None:
        found = union_of_value_sets(out, key)
    if found is None:
        return False
    types = out.get("type")
    if type(types) is list and all(type(t) is str for t in types):
        # A value the node's own type refuses passes no branch with it: it is the branch
        # ``drop_branches_outside_type`` drops, so the enum does not name it (pydantic's
        # ``{type: string, anyOf: [{type: string, enum: [...]}, {type: null}]}`` is the enum
        # of strings alone; hostile trial, round 36).
        found = [v for v in found if any(_has_type(v, t) for t in types)]
        if not found:
            return False
    del out[key]
    out["enum"] = found  # typed below (``values_typed``), as any value set is
    return True


def union_of_value_sets(node: dict[str, Any], key: str) -> list[Any] | None:
    """The values (sorted, unique) of the ``enum`` that ``node[key]`` spells as a union of
    bare value sets (``value_set``, or ``{type: [null]}``, the set ``[null]``), some with
    several values; None when it is not one, or when it is a ``oneOf`` that names a value in
    two branches (that value is rejected there).

    pydantic's ``Optional[Literal['a', 'b']]`` and zod 4 write ``anyOf: [{type: string, enum:
    [a, b]}, {type: null}]`` where zod-to-json-schema writes ``enum: [a, b, null]``: the same
    values, and moving between them was a BREAKING ``enum.widened`` no call could show
    (hostile trial, round 36). A branch with an annotation is no value set, so the union
    stays, as one of described single values does."""
    branches = node.get(key)
    if type(branches) is not list or not branches or "enum" in node or "const" in node:
        return None
    values: list[Any] = []
    for branch in branches:
        found = _NULL_SET if branch == _NULL_BRANCH else value_set(branch)
        if found is None:
            return None
        values.extend(found)
    unique = sorted_unique(values)
    if key == "oneOf" and len(unique) != len(values):
        return None
    return unique


def union_values(node: dict[str, Any], key: str, allowed: tuple[str, ...]) -> list[Any] | None:
    """The values (sorted, unique) of the ``enum`` that ``node[key]`` (``anyOf`` or ``oneOf``)
    spells as a union of single values; None when it is not one.

    Every branch must accept exactly one value: ``const``, or a one-value ``enum`` (or both,
    naming one value), with nothing beside but a ``type`` list the value belongs to and the
    keywords ``allowed`` (the canonical form allows none; the walker reads annotations). A
    branch's type then admits its value and says nothing more, so the enum takes its type
    from the values as any value set does (``values_typed``), and a ``type`` beside the union
    applies to the enum as it did to the union. A ``oneOf`` that repeats a value is not an
    enum (the value matches two branches and is rejected), and neither is a union beside an
    ``enum`` or ``const`` of the node's own.
    """
    branches = node.get(key)
    if type(branches) is not list or not branches or "enum" in node or "const" in node:
        return None
    values = []
    for branch in branches:
        found = single_value(branch, allowed)
        if found is None:
            return None
        values.append(found[0])
    unique = sorted_unique(values)
    if key == "oneOf" and len(unique) != len(values):
        return None
    return unique


def single_value(branch: Any, allowed: tuple[str, ...]) -> tuple[Any, list[str] | None] | None:
    """(the value, the branch's type list or None) when ``branch`` is a canonical schema that
    accepts one value alone, with no keyword beside but ``type`` and ``allowed``; else None.

    ``const: X``, ``enum: [X]`` and both together all name X; a ``type`` must be a list of
    names one of which X has (else the branch accepts nothing, which no enum says)."""
    if type(branch) is not dict:
        return None
    value = _NO_VALUE
    if "const" in branch:
        value = branch["const"]
    if "enum" in branch:
        one = branch["enum"]
        if type(one) is not list or len(one) != 1 or (value is not _NO_VALUE and canonical_json(one[0])
                                                       != canonical_json(value)):
            return None
        value = one[0]
    if any(k not in _VALUE_KEYWORDS and k not in allowed for k in branch):
        return None
    types = branch.get("type")
    if value is _NO_VALUE:
        # A branch whose type admits null alone names null: ``anyOf: [{const: a}, {type:
        # null}]`` is ``enum: [a, null]`` (hostile trial, round 36).
        return (None, types) if types == _NULL_TYPE else None
    if types is None:
        return value, None
    if type(types) is not list or not any(type(t) is str and _has_type(value, t) for t in types):
        return None
    return value, types


def _has_type(value: Any, name: str) -> bool:
    """Whether a JSON value is of the JSON Schema type ``name`` (an integer is a number too;
    an integral float is an integer, though the canonical form writes it as one already)."""
    if value is None:
        return name == "null"
    if isinstance(value, bool):
        return name == "boolean"
    if isinstance(value, int):
        return name in ("integer", "number")
    if isinstance(value, float):
        return name == "number" or (name == "integer" and value.is_integer())
    return _JSON_TYPES.get(type(value)) == name


def _bare_any_of(branch: Any) -> bool:
    return type(branch) is dict and len(branch) == 1 and type(branch.get("anyOf")) is list and bool(branch["anyOf"])


#: The JSON types whose values one family of type-bound keywords acts on (an integer is a
#: number: ``minimum`` acts on both); ``null`` and ``boolean`` have no keyword of their own.
_FAMILY = {"integer": "number"}
#: The keywords a union's branch may hold beside its ``type`` and still be merged into the
#: union's node (``typed_union``), by the type whose values each acts on alone (KEYWORDS_OF_TYPE), but for
#: the ``unevaluated*`` keywords, which read what the node's other in-place applicators
#: evaluated, draft-07's ``dependencies`` (split before this runs), and ``contentSchema``, which
#: reads the ``contentMediaType`` beside it.
_MERGEABLE = {kind: frozenset(keywords) - {"unevaluatedItems", "unevaluatedProperties", "dependencies",
                                           "contentSchema"}
              for kind, keywords in KEYWORDS_OF_TYPE.items()}
#: Keywords of a string branch whose reach a vendor may extend to another type (a ``format``
#: of its own for numbers): merged only beside branches that admit nothing but ``null``, but
#: for a format JSON Schema defines (``DEFINED_FORMATS``), which reads strings alone.
ANY_TYPE_MAY_READ = frozenset({"format", "contentEncoding", "contentMediaType"})
_FAMILY_OF_KEYWORD = {keyword: kind for kind, keywords in _MERGEABLE.items() for keyword in keywords}
#: The keywords a node may hold because its input spelled them in a union's branch.
MERGED_BRANCH_KEYWORDS = frozenset(_FAMILY_OF_KEYWORD)


def typed_union(branches: list[Any]) -> tuple[list[str], dict[str, Any]] | None:
    """The ``type`` list and the keywords of the one node that accepts what the canonical
    ``anyOf`` ``branches`` accept together, or None when their keywords cannot share a node.

    Each branch holds a ``type`` list and the keywords that act on values of one of its types
    only (``_MERGEABLE``: ``maxLength`` on a string, ``minimum`` on an integer or a number,
    ``items`` on an array, ``properties`` on an object), and no other branch admits a type
    those keywords act on (``integer`` and ``number`` are one such type here). A value of that
    type can then match that branch alone, and a value of another type is ignored by those
    keywords, so the node with every branch's types and keywords accepts what the union
    does: zod writes ``z.string().nullable()`` as ``{type: [string, null]}`` and, once it has a
    bound, ``z.string().max(256).nullable()`` as ``anyOf: [{type: string, maxLength: 256},
    {type: null}]``, so adding the bound was also a false "null, string → string" (new-user
    trial, round 17: @baruchiro/paperless-mcp 2.1.0 → 2.2.1). A branch that holds anything
    else (an annotation, a value set, a combinator, a ``$`` keyword) keeps the union: a
    branch's ``description`` has no place in the node. Two branches that set one keyword
    would both admit its type, so none is lost."""
    types: list[str] = []
    keywords: dict[str, Any] = {}
    admitting: dict[str, list[int]] = {}  # each family of types → the branches that admit it
    constrained: dict[str, int] = {}  # each family some branch's keywords act on → that branch
    reaching: list[int] = []  # the branches whose format (or content keyword) is merged
    for index, branch in enumerate(branches):
        if type(branch) is not dict:
            return None
        kinds = branch.get("type")
        if type(kinds) is not list or not kinds or not all(type(t) is str for t in kinds):
            return None
        families = {_FAMILY.get(kind, kind) for kind in kinds}
        for key, value in branch.items():
            if key == "type":
                continue
            family = _FAMILY_OF_KEYWORD.get(key)
            if family not in families:  # not mergeable, or acting on no type the branch admits
                return None
            constrained[family] = index
            keywords[key] = value
            if key in ANY_TYPE_MAY_READ and not (key == "format" and type(value) is str and value in DEFINED_FORMATS):
                # (A defined format beside an integer branch merged: anyOf [{type: integer},
                # {type: string, format: date}] against {type: [integer, string], format: date}
                # was a BREAKING no value could show (hostile trial, round 19).)
                reaching.append(index)
        for family in families:
            admitting.setdefault(family, []).append(index)
        types += kinds
    if any(admitting[family] != [index] for family, index in constrained.items()):
        return None
    for index in reaching:
        if any(kind != "null" for other, branch in enumerate(branches) if other != index for kind in branch["type"]):
            return None
    return sorted_unique(types), keywords


def typed_branches(node: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]] | None:
    """The branches ``typed_union`` would merge into a canonical ``node``, as far as the node
    tells: for each type its ``MERGED_BRANCH_KEYWORDS`` act on, one branch with the node's types of
    that kind (``integer`` and ``number`` together) and those keywords; and the node's types
    that no such keyword acts on, whose branches the node does not tell apart. None when the
    node's ``type`` is not a list of names. Every branch acts only on its own types, so the
    union of the branches and the other types accepts what the node does."""
    types = node.get("type")
    if type(types) is not list or not all(type(t) is str for t in types):
        return None
    by_family: dict[str, dict[str, Any]] = {}
    for key, value in node.items():
        family = _FAMILY_OF_KEYWORD.get(key)
        if family is not None and any(_FAMILY.get(kind, kind) == family for kind in types):
            by_family.setdefault(family, {})[key] = value
    branches = [{"type": [kind for kind in types if _FAMILY.get(kind, kind) == family], **keywords}
                for family, keywords in sorted(by_family.items())]
    return branches, [kind for kind in types if _FAMILY.get(kind, kind) not in by_family]


def _merges_beside(out: dict[str, Any], keywords: dict[str, Any]) -> bool:
    """Whether the keywords a typed union gives its node (``typed_union``) mean there what they
    meant in their branch: the node sets none of them, no keyword of the node acts on a type
    they act on (``additionalProperties`` beside a branch's ``properties`` would read them once
    merged, ``maxLength`` beside a branch's ``minLength`` is refused too, for simplicity), and
    no ``unevaluated*`` beside them reads what the node's in-place parts evaluated."""
    if not keywords:
        return True
    if "unevaluatedProperties" in out or "unevaluatedItems" in out or not out.keys().isdisjoint(keywords):
        return False
    families = {kind for kind, listed in KEYWORDS_OF_TYPE.items() if not keywords.keys().isdisjoint(listed)}
    return all(out.keys().isdisjoint(KEYWORDS_OF_TYPE[kind]) for kind in families)


def draft04_bounds(out: dict[str, Any]) -> None:
    """Draft-04's ``exclusiveMinimum: true`` beside ``minimum: 5`` is 2020-12's ``exclusiveMinimum: 5``."""
    for bound, exclusive in _DRAFT04_BOUNDS:
        flag = out.get(exclusive)
        if isinstance(flag, bool):
            del out[exclusive]
            if flag and bound in out:
                out[exclusive] = out.pop(bound)


def whole_numbers(types: Any) -> bool:
    """Whether the type list ``types`` admits numbers, and only integers: ``integer`` is in it
    and ``number`` is not. The numeric keywords act on those integers alone (every other type
    ignores them), so ``integer_bounds`` reads them as it does beside ``type: integer``:
    ``{type: [integer, null], exclusiveMinimum: 0}`` is zod's ``anyOf`` of ``{type: integer,
    exclusiveMinimum: 0}`` and null, which merged holds ``minimum: 1`` (new-user trial, round
    17)."""
    return type(types) is list and "integer" in types and "number" not in types


def whole_multiples(out: dict[str, Any]) -> Any:
    """A ``number`` in the type list beside a whole ``multipleOf`` (1, 2, …) is ``integer``:
    every number that is a multiple of a whole number is integral, which draft 6 on reads as
    an integer (2.0 too), so ``{type: number, multipleOf: 1}`` is ``{type: integer}`` (hostile
    trial, round 36: a BREAKING ``type.narrowed`` no call could show). Only where the dialect
    reads 1.0 as an integer (the caller asks): draft 4's integer is no float. Returns the
    node's ``type``, rewritten or not."""
    types, step = out.get("type"), out["multipleOf"]
    if (type(types) is list and "number" in types and type(step) is int and step >= 1
            and all(type(t) is str for t in types)):
        types = out["type"] = sorted_unique(["integer" if t == "number" else t for t in types])
    return types


def _foldable(bound: Any) -> bool:
    """Whether ``bound`` is a number an interoperable integer can meet (at most 2**53 in size)."""
    return type(bound) in (int, float) and -_FOLDABLE <= bound <= _FOLDABLE


def integer_bounds(out: dict[str, Any]) -> None:
    """For integers, ``exclusiveMinimum: 0`` is ``minimum: 1`` (and likewise for maxima),
    ``minimum: 0.5`` is ``minimum: 1`` and ``exclusiveMaximum: 10.5`` is ``maximum: 10``,
    for bounds up to ``2**53`` in size; a ``multipleOf`` every integer meets is dropped.

    A bound at the edge of the safe-integer range (what zod's ``.int()`` emits) is
    dropped: integers beyond it are not interoperable in JSON to begin with.
    """
    # Only bounds an interoperable integer can meet are folded: past 2**53 the step of one
    # means nothing to a JSON reader, and one more digit could take the number past what
    # Python will write out. A float within that range is exact, and so are its floor and
    # ceiling: the integers at or above 0.5 are those at or above 1, the integers below 10.5
    # those at most 10 (hostile trial, round 36: "≤ 10.5 → ≤ 10" was a BREAKING tightening).
    for inclusive, rounded in (("minimum", math.ceil), ("maximum", math.floor)):
        current = out.get(inclusive)
        if type(current) is float and _foldable(current):
            out[inclusive] = rounded(current)
    low, high = out.get("exclusiveMinimum"), out.get("exclusiveMaximum")
    if _foldable(low):
        current = out.get("minimum")
        bound = math.floor(low) + 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["minimum"] = bound if current is None else max(bound, current)
            del out["exclusiveMinimum"]
    if _foldable(high):
        current = out.get("maximum")
        bound = math.ceil(high) - 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["maximum"] = bound if current is None else min(bound, current)
            del out["exclusiveMaximum"]
    step = out.get("multipleOf")
    if (step == 1 and type(step) is int) or (type(step) is float and 0 < step < 1 and math.frexp(step)[0] == 0.5):
        # 1, or a power of two below it (0.5, 0.25, …): every integer n is a multiple, and
        # jsonschema's test (n / step, a float, compared with its int) is exact for a power
        # of two, and exact by fractions where the quotient overflows. 0.1 is not (3 / 0.1 is
        # 30.000000000000004): kept.
        del out["multipleOf"]
    if out.get("maximum") == SAFE_INTEGER and not isinstance(out.get("maximum"), bool):
        del out["maximum"]
    if out.get("minimum") == -SAFE_INTEGER and not isinstance(out.get("minimum"), bool):
        del out["minimum"]


def split_dependencies(value: Any) -> tuple[dict[str, list[str]], dict[str, Any]] | None:
    """Draft-07 ``dependencies`` as its 2019-09 halves: (``dependentRequired``, ``dependentSchemas``).

    An entry whose value is an array of names is a ``dependentRequired`` entry; one whose
    value is a schema (an object or a boolean) a ``dependentSchemas`` entry. None when any
    entry is neither, so that a malformed keyword is compared as written, whole.
    """
    if type(value) is not dict:
        return None
    required: dict[str, list[str]] = {}
    schemas: dict[str, Any] = {}
    for name, entry in value.items():
        if type(entry) is list and all(type(item) is str for item in entry):
            required[name] = entry
        elif type(entry) in (dict, bool):
            schemas[name] = entry
        else:
            return None
    return required, schemas


def merge_dependencies(out: dict[str, Any], required: dict[str, list[str]], schemas: dict[str, Any]) -> None:
    """Add the halves of a folded ``dependencies`` to the node's own 2019-09 keywords.

    Both spellings apply when a node carries both (as ``definitions`` and ``$defs`` both
    name places): the names one property requires are the union of the two lists, and
    two different schemas for one property must both hold (an ``allOf`` of the two).
    ``schemas`` are canonical already; lists are sorted later, by ``dependent_keywords``.
    """
    if required:
        own = out.get("dependentRequired")
        if own is None or type(own) is dict:
            merged = dict(own or {})
            for name, names in required.items():
                before = merged.get(name)
                merged[name] = [*before, *names] if type(before) is list else names
            out["dependentRequired"] = merged
        else:  # a malformed keyword of its own: both are kept as written
            out["dependencies"] = {**out.get("dependencies", {}), **required}
    if schemas:
        own = out.get("dependentSchemas")
        if own is None or type(own) is dict:
            merged = dict(own or {})
            for name, schema in schemas.items():
                if name in merged and merged[name] != schema:
                    merged[name] = {"allOf": sorted_unique([merged[name], schema])}
                else:
                    merged[name] = schema
            out["dependentSchemas"] = merged
        else:
            out["dependencies"] = {**out.get("dependencies", {}), **schemas}


def dependent_keywords(out: dict[str, Any]) -> None:
    """``dependentRequired`` lists are sets of names; vacuous entries and maps are dropped.

    An empty list requires nothing, and a ``dependentSchemas`` entry of ``{}`` accepts
    every object, so neither constrains (an entry of ``false`` does: the property must
    then be absent). A ``dependentSchemas`` entry that only requires names is the
    ``dependentRequired`` entry of those names (Validation 2020-12, 6.5.4; Core 2020-12,
    10.2.2.4: both apply when the property is present, and ``required`` evaluates nothing an
    ``unevaluated*`` could read), and an entry of a property the node requires is part of its
    ``required`` (``required_dependents``): switching between the spellings was a BREAKING
    "dependentSchemas added" beside the removal (hostile trial, round 19).
    """
    schemas = out.get("dependentSchemas")
    required = out.get("dependentRequired", {})
    if type(schemas) is dict and type(required) is dict:
        moved = {name: entry["required"] for name, entry in schemas.items()
                 if type(entry) is dict and entry.keys() == {"required"} and type(entry["required"]) is list
                 and all(type(item) is str for item in entry["required"])
                 and (name not in required or type(required[name]) is list)}
        if moved:
            out["dependentSchemas"] = {name: entry for name, entry in schemas.items() if name not in moved}
            out["dependentRequired"] = {**required, **{name: [*required.get(name, []), *names]
                                                       for name, names in moved.items()}}
    required = out.get("dependentRequired")
    if type(required) is dict:
        cleaned = {}
        for name, names in required.items():
            if type(names) is list and all(type(item) is str for item in names):
                if names:
                    cleaned[name] = sorted(set(names))
            else:
                cleaned[name] = names  # not a list of names: kept as written
        cleaned = _closed(cleaned)
        if cleaned:
            out["dependentRequired"] = cleaned
            required_dependents(out)
        else:
            del out["dependentRequired"]
    schemas = out.get("dependentSchemas")
    if type(schemas) is dict:
        kept = {name: schema for name, schema in schemas.items() if schema != {}}
        if kept:
            out["dependentSchemas"] = kept
        else:
            del out["dependentSchemas"]


#: What says nothing of a value that is always an object: ``type`` and other types' keywords.
_IDLE_ON_OBJECTS = (TYPED_KEYWORDS - acting_on(["object"])) | {"type"}


def read_on_objects(entry: Any) -> Any:
    """A canonical ``dependentSchemas`` entry as the schema of the object it applies to: the
    keyword applies the entry to the instance itself, which is an object whenever the keyword
    is read (Core 2020-12, 10.2.2.4). So a ``type`` that admits ``object`` says nothing there
    and goes, with the keywords of the other types (idle on an object), and one that does not
    admit it refuses every object holding the name: the entry is ``false``. Walked as written,
    ``{type: array}`` → ``{type: object}`` read as a BREAKING "type changed: array → object",
    though the old refused every object with the name and the new refuses none (hostile trial,
    round 31). An entry some cycle returns to (``$anchor``) is kept whole but for the ``false``
    case: a back-reference inside reads the same node on values that need not be objects. The
    canonicaliser settles what is left (``Canonicaliser.dependent_entry``). The same entry
    when unchanged."""
    if type(entry) is not dict or "$ref" in entry:
        return entry
    types = entry.get("type")
    if type(types) is list and all(type(t) is str for t in types) and "object" not in types:
        return False
    if "$anchor" in entry:
        return entry
    if "type" in entry and type(types) is not list:
        return entry  # a malformed type: compared as written
    out = {key: value for key, value in entry.items() if key not in _IDLE_ON_OBJECTS}
    # The in-place parts apply to the same object, so they are read on objects too (hostile
    # trial, round 36): {not: {type: object}} refuses every object holding the name, as false
    # does, and was a BREAKING "now rejects every value" beside it; a {type: object} allOf
    # branch, or a {type: array} oneOf branch, says nothing there. A part is only dropped (or
    # the entry made false), never rewritten: a branch rewritten would leave its list unsorted
    # and the fold no fixed point.
    negated = out.get("not")
    if negated is not None:
        inner = read_on_objects(negated)
        if inner is True or inner == {}:
            return False
        if inner is False:
            del out["not"]
    for key in ("allOf", "anyOf", "oneOf"):
        branches = out.get(key)
        if type(branches) is not list:
            continue
        read = [read_on_objects(branch) for branch in branches]
        if key == "allOf" and any(branch is False for branch in read):
            return False
        # A branch every object passes adds nothing to allOf; one no object passes neither adds
        # an object to a union nor matches one. Neither evaluates a member an unevaluated*
        # keyword could read. (An anyOf with a branch every object passes is left to settle,
        # which knows whether such a keyword reads the other branches.)
        idle = (lambda branch: branch is True or branch == {}) if key == "allOf" else (lambda branch: branch is False)
        kept = [branch for branch, on_objects in zip(branches, read, strict=True) if not idle(on_objects)]
        if not kept and key != "allOf":
            return False
        if len(kept) != len(branches):
            if kept:
                out[key] = kept
            else:
                del out[key]
    return entry if out == entry and all(out[key] is entry[key] for key in out) else out


def _closed(entries: dict[str, Any]) -> dict[str, Any]:
    """``dependentRequired`` closed over itself: an entry also asks for what the entries of the
    names it asks for ask for, and not for its own name (present already). ``{a: [b], b: [c]}``
    and ``{a: [b, c], b: [c]}`` accept the same objects (Validation 2020-12, 6.5.4: b present
    asks for c), and the second read as a BREAKING tightening (hostile trial, round 21). An
    entry that is no list of names is kept as written and closes nothing; past
    MAX_DEPENDENT_CLOSURE the entries are kept as they are."""
    readable = {name: asked for name, asked in entries.items() if _names(asked)}
    if len(readable) * (1 + sum(len(asked) for asked in readable.values())) > MAX_DEPENDENT_CLOSURE:
        return entries
    out = dict(entries)
    for name in readable:
        seen: set[str] = set()
        stack = list(readable[name])
        while stack:
            asked = stack.pop()
            if asked not in seen:
                seen.add(asked)
                stack.extend(readable.get(asked, ()))
        seen.discard(name)
        if seen:
            out[name] = sorted(seen)
        else:
            del out[name]
    return out


def _names(value: Any) -> bool:
    """Whether ``value`` is a list of property names (strings)."""
    return type(value) is list and all(type(item) is str for item in value)


def required_dependents(out: dict[str, Any]) -> None:
    """The ``dependentRequired`` entries of a property the node requires, folded into its
    ``required`` (the property is always there, so what it asks for is always required), and
    the entries that ask only for names the node requires anyway, dropped: ``required: [a]``
    beside ``dependentRequired: {a: [b]}`` is ``required: [a, b]``. Both keywords judge objects
    alone, so the two accept the same values."""
    dependents, names = out["dependentRequired"], out.get("required", [])
    if not _names(names):
        return
    # (An entry that is no list of names is kept as written, and folds nothing.)
    readable = {name: asked for name, asked in dependents.items() if _names(asked)}
    always = set(names)
    grown = True
    while grown:
        grown = False
        for name, asked in readable.items():
            if name in always and not always.issuperset(asked):
                always.update(asked)
                grown = True
    kept = {name: asked for name, asked in dependents.items()
            if name not in readable or name not in always and not always.issuperset(set(asked) - {name})}
    if always != set(names):
        out["required"] = sorted_unique(list(always))
    if kept:
        out["dependentRequired"] = kept
    else:
        del out["dependentRequired"]


#: Keywords whose value here is the one their absence means (Validation 2020-12: "omitting this
#: keyword has the same behavior as a value of 0", 6.3.2, 6.4.2, 6.5.2; ``uniqueItems`` false,
#: 6.4.3): they constrain nothing.
_IDLE_VALUES = (("minLength", 0), ("minItems", 0), ("minProperties", 0), ("uniqueItems", False))


def drop_idle_values(out: dict[str, Any]) -> None:
    """Drops a keyword written with the value its absence means (``_IDLE_VALUES``): zod's
    ``.min(0)`` and a hand-written ``uniqueItems: false`` constrain nothing, and adding one was
    a BREAKING "minProperties added: 0", or a BREAKING ``schema.changed`` for ``uniqueItems:
    false``, that no call could show (hostile trial, round 23)."""
    for key, idle in _IDLE_VALUES:
        if key in out and type(out[key]) is type(idle) and out[key] == idle:
            del out[key]


def drop_idle_contains(out: dict[str, Any], read: bool) -> None:
    """``minContains: 1`` is the default, so it says nothing (Validation 2020-12, 6.4.5); and
    ``contains`` with ``minContains: 0`` and no ``maxContains`` passes every array (Core 2020-12,
    10.3.1.3), so it and its ``minContains`` are dropped, unless an ``unevaluatedItems`` reads the
    items it matched (``read``: the annotation it leaves still evaluates them). Read as a
    ``minContains`` added, ``minContains: 0`` was a BREAKING tightening though it lets ``[]``
    through, and a ``contains`` narrowed beside it one no call could show (hostile trial, round 19).

    ``contains: X`` with ``minContains: 0`` and ``maxContains: 0`` passes exactly the arrays
    none of whose items X accepts (Validation 2020-12, 6.4.4), which is ``items: {not: X}`` (Core
    2020-12, 10.3.1.2) where no other keyword reads the items (``items``, ``prefixItems``) and no
    ``unevaluatedItems`` reads what was evaluated (``items`` evaluates every item, ``contains``
    none of an array it passes). Respelled so, it was a BREAKING "items added" no call could show
    (hostile trial, round 22)."""
    if out.get("minContains") == 1 and type(out["minContains"]) is int:
        del out["minContains"]
    if out.get("minContains") == 0 and type(out["minContains"]) is int and "maxContains" not in out \
            and "contains" in out and not read:
        del out["contains"], out["minContains"]
    if out.get("minContains") == 0 and type(out["minContains"]) is int and out.get("maxContains") == 0 \
            and type(out["maxContains"]) is int and "contains" in out and not read \
            and "prefixItems" not in out and all(out.get(key, {}) == {} for key in _EVERY_ITEM):
        no_match = out.pop("contains")
        del out["minContains"], out["maxContains"]
        for key in _EVERY_ITEM:
            out.pop(key, None)
        if no_match is not False and no_match != {"not": {}}:  # else no item can match: every array passes
            out["items"] = {"not": no_match}


#: The keywords that read every item ``prefixItems`` leaves: beside one, ``items: {not: X}``
#: would not be the node's only reading of an item, unless it is ``{}``, which reads nothing and
#: is dropped later (the fold is then the same at once).
_EVERY_ITEM = ("items", "additionalItems")


def fold_array_length(out: dict[str, Any]) -> None:
    """The length folds, in their order: positions no array reaches cut (and a tuple the cap
    closes written as the closed tuple), then a ``maxItems`` a closed tuple implies dropped."""
    if "prefixItems" in out or "maxItems" in out:
        cut_unreachable_positions(out)
    if "maxItems" in out:
        drop_implied_max_items(out)


def cut_unreachable_positions(out: dict[str, Any]) -> None:
    """Cuts ``prefixItems`` at its first position that accepts nothing (``false``, ``{not:
    {}}``), which caps the length there (the cap becomes ``maxItems``, the smaller of the two
    kept), and at ``maxItems``, past which no position is reached: an array long enough to have
    such a position is refused either way, and a shorter one never meets it (Core 2020-12,
    10.3.1.1; Validation 6.4.1). ``{maxItems: 0}`` → ``{maxItems: 0, prefixItems: [false]}``
    was a BREAKING "position 0 is now constrained", and ``{maxItems: 1}`` → ``{prefixItems:
    [false]}`` on an output a BREAKING loosening, each no value could show (hostile trial,
    round 23). A tuple the cap leaves no room after is then the closed tuple it is:
    ``items: false`` in place of the ``maxItems`` and of any ``items`` or ``unevaluatedItems``
    (nothing past the positions is reached, and nothing is left unevaluated), so ``{maxItems:
    0}`` is ``{items: false}``.
    Read after every position is canonical, so a refusing one is spelled so."""
    positions, most = out.get("prefixItems", []), out.get("maxItems")
    if type(positions) is not list:
        return  # malformed: compared as written
    cap = next((index for index, position in enumerate(positions)
                if position is False or position == {"not": {}}), None)
    if cap is not None:
        most = cap if type(most) is not int or isinstance(most, bool) else min(most, cap)
        out["maxItems"] = most
    if type(most) is int and not isinstance(most, bool) and 0 <= most < len(positions):
        if most:
            out["prefixItems"] = positions[:most]
        else:
            del out["prefixItems"]
    if type(most) is int and not isinstance(most, bool) and most <= len(out.get("prefixItems", ())):
        # No array reaches a position past the tuple: whatever items or unevaluatedItems says
        # there reads nothing (every item there is is evaluated by prefixItems), and the cap
        # is the closed tuple's, spelled so: items false and no maxItems (as an items false
        # beside a maxItems it implies is, drop_implied_max_items).
        out.pop("unevaluatedItems", None)
        out.pop("maxItems")
        out["items"] = False


def drop_implied_max_items(out: dict[str, Any]) -> None:
    """Drops a ``maxItems`` that a closed tuple implies: beside ``items: false`` an array holds
    at most the positions of ``prefixItems`` (Core 2020-12, 10.3.1.2), so a ``maxItems`` of that
    many or more refuses no array the node accepts. Added, it was a BREAKING tightening no call
    could show (hostile trial, round 19)."""
    most, positions = out.get("maxItems"), out.get("prefixItems", [])
    if out.get("items") is False and type(positions) is list and type(most) is int and most >= len(positions):
        del out["maxItems"]


def accepts_every_name(schema: Any) -> bool:
    """Whether a canonical ``propertyNames`` schema accepts every string (``{}`` is dropped
    already): ``{type: string}``, a type list with ``string`` in it, ``minLength: 0``. Such a
    ``propertyNames`` constrains nothing, as every key of a JSON object is a string."""
    if type(schema) is not dict or not schema:
        return False
    for key, value in schema.items():
        if key == "type":
            if type(value) is not list or "string" not in value:
                return False
        elif key == "minLength":
            if type(value) is not int or value != 0:
                return False
        else:
            return False
    return True


#: The keywords of a ``propertyNames`` schema ``name_accepted`` reads (annotations aside).
_NAME_KEYWORDS = frozenset({"type", "enum", "const", "minLength", "maxLength", "pattern"})


def drop_implied_names(out: dict[str, Any]) -> None:
    """Drops a ``propertyNames`` that every name a closed object admits satisfies: with
    ``additionalProperties: false`` and no ``patternProperties`` the object holds only the names
    its ``properties`` declares (Core 2020-12, 10.3.2.3), so a ``propertyNames`` that accepts
    each of them refuses no object the node accepts. Added, it was a BREAKING tightening no call
    could show (hostile trial, round 19: ``propertyNames: {enum: [a, b]}`` beside the closed
    ``properties: {a: {}}``). Read only where each name's answer is sure (``name_accepted``)."""
    declared = out.get("properties", {})
    if not rejects_all_names(out.get("additionalProperties", True)) or "patternProperties" in out \
            or type(declared) is not dict:
        return
    if all(name_accepted(out["propertyNames"], name) is True for name in declared):
        del out["propertyNames"]


def rejects_all_names(schema: Any) -> bool:
    """Whether an ``additionalProperties`` value is spelled as one that accepts no value."""
    return schema is False or schema == {"not": {}}


def name_accepted(schema: Any, name: str) -> bool | None:
    """Whether the canonical ``propertyNames`` schema accepts the property name ``name``; None
    when that is not sure: a keyword other than ``type``, ``enum``, ``const``, ``minLength``,
    ``maxLength``, ``pattern`` and ``not`` of those (annotations aside), or a pattern RE2
    cannot run. (``not`` read since hostile trial, round 23: ``propertyNames: {not: {const: a}}``
    refusing ``a`` is how a schema forbids one name.)"""
    if schema is True or schema == {}:
        return True
    if type(schema) is not dict:
        return False if schema is False else None
    unsure = False
    for key, value in schema.items():
        if key in ANNOTATION_KEYWORDS:
            continue
        if key not in _NAME_KEYWORDS and key != "not":
            return None
        if key == "not":
            inner = name_accepted(value, name)
            answer = None if inner is None else not inner
        elif key == "type":
            answer: bool | None = "string" in value if type(value) is list else None
        elif key == "enum":
            answer = name in value if type(value) is list else None
        elif key == "const":
            answer = value == name
        elif key in ("minLength", "maxLength"):
            if type(value) is not int:
                return None
            # (JSON Schema counts characters, as Python's len does: code points.)
            answer = len(name) >= value if key == "minLength" else len(name) <= value
        else:
            from ..patterns.ecma import search  # rare: a propertyNames pattern beside a closed object

            answer = search(value, name) if type(value) is str else None
        if answer is False:
            return False
        unsure = unsure or answer is None
    return None if unsure else True


def drop_free_patterns(out: dict[str, Any]) -> None:
    """Drop the ``patternProperties`` entries that accept every value (``{}``, the canonical
    ``true``) on a node where no ``additionalProperties`` or ``unevaluatedProperties`` governs
    the names they match: there a name a pattern matches may have any value, as it may
    without the pattern. TypeBox writes ``Type.Record(Type.String(), Type.Unknown())`` so
    (``{"^(.*)$": {}}``). Beside either keyword the entry frees its names from it, and stays."""
    patterns = out.get("patternProperties")
    if type(patterns) is not dict or "additionalProperties" in out or "unevaluatedProperties" in out:
        return
    kept = {pattern: schema for pattern, schema in patterns.items() if schema != {}}
    if not kept:
        del out["patternProperties"]
    elif len(kept) < len(patterns):
        out["patternProperties"] = kept


#: The keys of OpenAPI's discriminator object.
_DISCRIMINATOR_KEYS = frozenset({"propertyName", "mapping"})


def drop_restating_discriminator(out: dict[str, Any]) -> None:
    """Drop OpenAPI's ``discriminator`` beside a ``oneOf``/``anyOf`` (canonical branches) when
    it says nothing the branches do not: every branch requires ``propertyName`` and names its
    values (``const``/``enum``), and every ``mapping`` key is one of those values. JSON
    Schema validates nothing with the keyword; pydantic writes it beside each discriminated
    union, and its mapping gains and loses an entry with each branch. A discriminator that
    names another property, a value no branch has, or keys beyond OpenAPI's stays (and a
    change of it is the completeness net's)."""
    found = out["discriminator"]
    if type(found) is not dict or not _DISCRIMINATOR_KEYS.issuperset(found):
        return
    name, mapping = found.get("propertyName"), found.get("mapping", {})
    if type(name) is not str or type(mapping) is not dict:
        return
    branches = out.get("oneOf", out.get("anyOf"))
    if type(branches) is not list or not branches:
        return
    named: set[str] = set()
    for branch in branches:
        values = branch_values(branch, name)
        if values is None:
            return
        named |= values
    if all(type(key) is str and canonical_json(key) in named for key in mapping):
        del out["discriminator"]
