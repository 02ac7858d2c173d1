"""Rule ids from the input's own spelling, for value sets the canonical form spells one way.

The canonical form writes ``anyOf`` of type-only branches as one ``type`` list, and a
one-value ``enum`` as ``const`` (snapshot/dialects.py, ``fold_value_sets``), so that moving
between the spellings is no change at all. A real change is still worded as the input
wrote it: a union that gains a branch is ``constraint.loosened`` (the contract's row for
``anyOf``) where a type list that gains a type is ``type.widened``, and a ``const`` that
changes is ``constraint.changed`` where an ``enum`` lists the values gained and lost. The
two wordings of each pair have the same severity in both directions; only the id and the
path differ. Where the input cannot be followed (rawpaths.py), the canonical spelling
decides.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..snapshot.canonical import canonical_json
from ..snapshot.dialects import ANY_TYPE_MAY_READ, MERGED_BRANCH_KEYWORDS, typed_branches, typed_union
from ..snapshot.disjoint import disjoint
from ..snapshot.values import json_type, types_within
from .changes import ABSENT, Change, join, same
from .edits import edit_facts, without_edit_notes
from .prose import INERT
from .values import null_kept_as_default

if TYPE_CHECKING:
    from .walker import Walker


def raw_spelling(w: Walker, keys: tuple[str, ...]) -> tuple[str | None, str | None]:
    """For each side, the first of ``keys`` that the input node spells (None: none, or unknown)."""
    if w.raw is None:
        return None, None
    found: list[str | None] = []
    for side, spot in enumerate(w.here()):
        found.append(next((k for k in keys if spot is not None and w.raw.child(side, spot, k) is not None), None))
    return found[0], found[1]


def raw_value(w: Walker, key: str, side: int) -> Any:
    """The value ``side``'s input node spells for ``key`` (ABSENT: none, or unknown)."""
    if w.raw is None:
        return ABSENT
    found = w.raw.child(side, w.here()[side], key)
    return ABSENT if found is None else found[0]


def union_types(w: Walker, path: str, before: list[str] | None, after: list[str] | None,
                gained: list[str], lost: list[str], null_default: bool = False) -> bool:
    """Report a change of the type set as an ``anyOf`` change when either side's input spells
    the set as a union of type-only branches; False when neither does (the caller words it
    as a ``type`` change). ``None`` stands for no type at all (any value). ``null_default``:
    null is what was lost, and the new node still says its default is null."""
    spelled = raw_spelling(w, ("type", *_UNIONS))
    if not any(word in _UNIONS for word in spelled):
        return False
    # The finding names the keyword of the side it speaks of: types gained and a union
    # added are the new side's, types lost and a union removed the old side's. A oneOf of
    # branches of distinct types is that anyOf (snapshot/disjoint.py).
    words = [spelled[side] if spelled[side] in _UNIONS else next(k for k in spelled if k in _UNIONS)
             for side in (0, 1)]
    gained_at, lost_at = (join(path, spelled[side] or words[side]) for side in (1, 0))
    if before is None:
        w.emit("constraint.tightened", gained_at, None, after, "union_added",
               {"keyword": words[1], "types_after": after or []})
    elif after is None:
        w.emit("constraint.loosened", lost_at, before, None, "union_removed",
               {"keyword": words[0], "types_before": before})
    else:
        types = {"types_before": before, "types_after": after}
        if gained:
            w.emit("constraint.loosened", gained_at, None, gained, "union_types_added",
                   {"keyword": words[1], "types_added": gained, **types})
        if lost:
            w.emit("type.narrowed", lost_at, lost, None,
                   "union_types_removed_default_null" if null_default else "union_types_removed",
                   {"keyword": words[0], "types_removed": lost, **types})
    return True


def value_set(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """``enum`` and ``const`` compared as one value set, worded as the input spells it."""
    if ("enum" in old and "const" in old) or ("enum" in new and "const" in new):
        # A node with both keywords (their intersection): each is compared on its own.
        if key == "enum":
            enums(w, old, new, path)
        else:
            w.added_removed_changed(old, new, path, "const")
        return
    if key == "const" and ("enum" in old or "enum" in new):
        return  # compared under "enum"
    left = values_left_by_type(old, new)
    if left is not None and _values(left[0]).keys() == _values(left[1]).keys():  # type: ignore[union-attr]
        w.covered += 1
        return
    old, new = left or (_every_value_named(old), _every_value_named(new))
    spelled = raw_spelling(w, _VALUE_SPELLINGS)
    canonical = (_key(old), _key(new))
    words = [spelled[side] or canonical[side] for side in (0, 1)]
    if any(word in _ENUM_LIKE for word in words):
        # A side that spells the set as a union of single values is named at that union,
        # one that spells a single value at its ``const``.
        keywords = [word if word in _NAMED else "enum" for word in words]
        if keywords != ["enum", "enum"]:
            w.sides.fork(join(path, "enum"), *(w.sides.child(path, side, keywords[side]) for side in (0, 1)))
        enums(w, _as_enum(old), _as_enum(new), path, new)
    else:
        w.added_removed_changed(_as_const(old), _as_const(new), path, "const")


#: Every value of the types that have few.
_EVERY_VALUE = {"null": (None,), "boolean": (False, True)}


def _every_value_of(types: object) -> list | None:
    """Every value of ``types`` where each type has few (``null``, ``boolean``); None otherwise."""
    if type(types) is not list or not types or not all(t in _EVERY_VALUE for t in types):
        return None
    return [value for t in types for value in _EVERY_VALUE[t]]


def _every_value_named(node: dict) -> dict:
    """``node``, naming every value of its type where it names none and its type has few
    (``null``, ``boolean``): ``type: boolean`` and ``enum: [true, false]`` accept the same, and
    TypeBox spells a union of the two literals where another generator writes the type, so
    ``boolean`` → ``enum: [true, false]`` read as a BREAKING "values are now limited to false,
    true" no call showed; ``boolean`` → ``const: true`` now says the value lost, false (hostile
    trial, round 42)."""
    every = _every_value_of(node.get("type"))
    if "enum" in node or "const" in node or every is None:
        return node
    return {**node, "enum": every}


def values_said_by_type(old: dict, new: dict) -> bool:
    """Whether the value sets of ``old`` and ``new``, with every value of a type of few values
    named where a side names none, are the same (the contract's covered branch), or differ
    only by values of kinds the other side's type refuses, a change the type's finding says
    alone: boolean → enum [true, false, null] was an "enum gained null" beside the type
    widened, two BREAKINGs on an output (hostile trial, round 43), and boolean → enum [true,
    false, 0] likewise with 0 (hostile trial, round 44). The type comparison reports the type
    then, where it would leave a change of named values to their finding: [boolean, null] →
    enum [true, false] said nothing at all, though null is refused now (hostile trial, round
    44, a missed break)."""
    left = values_left_by_type(old, new)
    return left is not None and _values(left[0]).keys() == _values(left[1]).keys()  # type: ignore[union-attr]


def values_left_by_type(old: dict, new: dict) -> tuple[dict, dict] | None:
    """``old`` and ``new`` naming every value of a type of few values where a side names
    none, less the values gained of a kind the old type refuses and those lost of a kind the
    new type refuses, which the type's finding says; None where neither side names every
    value of its type. What is left is the value sets' own change: boolean → enum [true, 1]
    on an output is the type widened (1) and "enum lost false", where "enum gained 1" stood
    beside the type widened as well (hostile trial, round 45)."""
    named = _every_value_named(old), _every_value_named(new)
    if named[0] is old and named[1] is new:
        return None
    before, after = _values(named[0]), _values(named[1])
    types = named[0].get("type"), named[1].get("type")
    if before is None or after is None or not all(type(t) is list for t in types):
        return None
    said_gained = {key for key in after.keys() - before.keys() if not _type_accepts(types[0], after[key])}
    said_lost = {key for key in before.keys() - after.keys() if not _type_accepts(types[1], before[key])}
    return (_without(named[0], before, said_lost), _without(named[1], after, said_gained))


def _without(node: dict, values: dict[str, Any], said: set[str]) -> dict:
    """``node`` naming its ``values`` but those ``said``, as an ``enum`` (``node`` itself when none is)."""
    if not said:
        return node
    rest = {key: value for key, value in node.items() if key != "const"}
    return {**rest, "enum": [value for key, value in values.items() if key not in said]}


def _type_accepts(types: list, value: Any) -> bool:
    return types_within([json_type(value)], types)


def _values(node: dict) -> dict[str, Any] | None:
    """The values ``node`` names (``const``, else ``enum``) by their canonical JSON, or None."""
    values = [node["const"]] if "const" in node else node.get("enum")
    return {canonical_json(v): v for v in values} if type(values) is list else None


#: How an input may spell the value set the canonical form writes as ``enum``/``const``:
#: a union of single values folds into an ``enum`` (snapshot/dialects.py, ``value_union``).
_VALUE_SPELLINGS = ("enum", "const", "anyOf", "oneOf")
_UNIONS = ("anyOf", "oneOf")
_ENUM_LIKE = ("enum", *_UNIONS)
#: The spellings a value-set finding names on its side (any other: the ``enum``).
_NAMED = ("const", *_UNIONS)


def enums(w: Walker, old: dict, new: dict, path: str, node_after: dict | None = None) -> None:
    """Two ``enum`` lists: the values gained (widened) and lost (narrowed), each listed; an
    enum added narrows and one removed widens. The walk path is ``….enum``; where a side
    spells the values as a union the caller has forked it to that side's union.
    ``node_after``: the new node ``new`` was read from, whose ``default`` the wording reads."""
    before, after = old.get("enum", ABSENT), new.get("enum", ABSENT)
    at = join(path, "enum")
    if (before is not ABSENT and not isinstance(before, list)) or \
            (after is not ABSENT and not isinstance(after, list)):
        w.emit("schema.changed", at, old.get("enum"), new.get("enum"), "not_a_list", {"keyword": "enum"})
        return
    if before is ABSENT:
        w.emit("enum.narrowed", at, None, after, "enum_added", {"values": after})
        return
    if after is ABSENT:
        w.emit("enum.widened", at, before, None, "enum_removed", {"values": before})
        return
    old_keys = {canonical_json(v): v for v in before}
    new_keys = {canonical_json(v): v for v in after}
    added = [new_keys[k] for k in sorted(new_keys.keys() - old_keys.keys())]
    removed = [old_keys[k] for k in sorted(old_keys.keys() - new_keys.keys())]
    if added:
        w.emit("enum.widened", at, None, added, "values_added", {"values_added": added})
    if removed:
        # null lost where the new node still says its default is null: said as a lost null
        # branch or type is (values.py), now that ``{type: null}`` beside an enum's branch is
        # that enum's value (hostile trial, round 36).
        null_default = removed == [None] and null_kept_as_default(new if node_after is None else node_after, w.prefix)
        w.emit("enum.narrowed", at, removed, None, "values_removed_default_null" if null_default else "values_removed",
               {"values_removed": removed})


def _key(schema: dict) -> str | None:
    return "enum" if "enum" in schema else "const" if "const" in schema else None


def _as_enum(schema: dict) -> dict[str, Any]:
    if "const" in schema:
        return {"enum": [schema["const"]]}
    return {"enum": schema["enum"]} if "enum" in schema else {}


def _as_const(schema: dict) -> dict[str, Any]:
    values = schema.get("enum", ABSENT)
    if isinstance(values, list) and len(values) == 1:
        return {"const": values[0]}
    if values is not ABSENT:  # an enum the canonical form keeps and the input spelled as const: not expected
        return {"const": values}
    return {"const": schema["const"]} if "const" in schema else {}


def unfold_types(w: Walker, old: dict[str, Any], new: dict[str, Any], path: str
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A type list compared with a union the canonical form kept is read as branches of its
    types (with the keywords of each type, which the canonical form merged into the node:
    snapshot/dialects.py, ``typed_union``), so that the two are compared branch by branch
    rather than the type list lifted into one branch of the other: ``oneOf: [string,
    integer]`` against ``oneOf: [string, string, integer]``, and ``{type: [string, null]}``
    against zod 4's ``anyOf: [{type: string, description: …}, {type: null}]``, where the lifted
    list lost ``null`` and gave a false BREAKING "null, string → string" (new-user trial, round
    17). The text zod 3 wrote beside the type list and zod 4 writes in the string branch is
    then a description removed and one added, which ``moved_branch_text`` reads as moved.

    A vendor's format (or a content keyword) beside other types than null is read in the
    string branch too, as JSON Schema reads its own formats, though the canonical form keeps
    such a union apart (a vendor's format may read other types): where the other side's branch
    holds it, the one spelling against the other is said as such (``respelled``), where it was
    a BREAKING "recursion cut at other places" (hostile trial, round 19)."""
    nodes = [old, new]
    for side, other in ((0, 1), (1, 0)):
        node, union = nodes[side], nodes[other]
        types = node.get("type")
        keys = [k for k in _UNIONS if k in union]
        if (len(keys) != 1 or any(k in node for k in _UNIONS) or type(types) is not list or len(types) < 2
                or not all(type(t) is str for t in types)):
            continue
        split = typed_branches(node)
        assert split is not None  # a type list of names
        typed, rest_types = split
        moved = {key for branch in typed for key in branch if key != "type"}
        rest = {k: v for k, v in node.items() if k != "type" and k not in moved}
        # An anyOf, whatever this side's input spells (a oneOf the canonical form folded, or the
        # type list itself): the branches of a type list admit no type in common, and a oneOf of
        # such branches is anyOf in the canonical form. Read back as the input's oneOf, the
        # list faced a kept anyOf as a switch, a tightening (hostile trial, round 19: oneOf
        # [{type: null}, {type: string}] against anyOf [{type: null, description: d}, {type:
        # string}] was a BREAKING "anyOf became oneOf"), and a kept oneOf as branches that may
        # overlap on both sides. A kept oneOf facing it is then a switch (switch_union), and
        # the findings still name each side's own keyword (branches.py, ``_Places``).
        key = "anyOf"
        branches = typed + (_type_branches(rest_types, union[keys[0]], key) if rest_types else [])
        nodes[side] = {**rest, key: branches}
        if typed_union(branches) is None:  # the canonical form keeps the union: a keyword read as the branch's
            for keyword in sorted(ANY_TYPE_MAY_READ & moved):
                holding = [b for b in union[keys[0]] if type(b) is dict and same(b.get(keyword, ABSENT), node[keyword])]
                _read_beside_other_types(branches, holding, keyword, node[keyword])
                if any("string" in _types_of(b) for b in holding):
                    w.respelled(join(path, keyword), node[keyword], node[keyword], "read_on_strings",
                                {"keyword": keyword, "value": node[keyword]}, side=side)
    return nodes[0], nodes[1]


def _types_of(branch: dict[str, Any]) -> list[Any]:
    types = branch.get("type")
    return types if type(types) is list else []


def _read_beside_other_types(branches: list[dict[str, Any]], holding: list[dict[str, Any]], keyword: str,
                             value: Any) -> None:
    """Gives ``keyword`` (a vendor's format or a content keyword, beside the type list) to each
    unfolded branch of ``branches`` whose types a branch of the other side's union holding the
    same value (``holding``) names, but the string branch (where unfold_types put it already):
    the canonical form's stance is that a vendor's format may read every type beside it, so the
    list's ``int32`` reads integers as the union's integer branch's does. Left in the string
    branch alone, ``{type: [integer, string], format: int32}`` against ``anyOf: [{type: integer,
    format: int32}, {type: string}]`` was the format added and removed at one path, and a
    BREAKING among them (hostile trial, round 20); it is now the format gone from strings."""
    for other in holding:
        kinds = set(_types_of(other))
        if "string" in kinds:
            continue
        for branch in branches:
            if set(_types_of(branch)) == kinds and keyword not in branch:
                branch[keyword] = value


def fork_branch_keywords(w: Walker, old: dict[str, Any], new: dict[str, Any], path: str) -> None:
    """Name each keyword the canonical form merged into the node from a union's typed branch
    (snapshot/dialects.py, ``typed_union``) at that branch, on the side whose input spells it
    there: ``maxLength`` added to ``anyOf: [{type: string}, {type: null}]`` is at
    ``….anyOf.0.maxLength``, where the server wrote it (new-user trial, round 17)."""
    assert w.raw is not None
    spots = w.here()
    for key in sorted(MERGED_BRANCH_KEYWORDS.intersection(old.keys() | new.keys())):
        found = [w.raw.merged_branch(side, spot, key) for side, spot in enumerate(spots)]
        if found == [None, None]:
            continue
        paths = [w.sides.child(path, side, *(() if at is None else at[0]), key) for side, at in enumerate(found)]
        w.sides.fork(join(path, key), paths[0], paths[1])


def _type_branches(types: list[str], others: Any, key: str) -> list[dict[str, Any]]:
    """Type-only branches that, as ``key``, accept what ``types`` does: the other side's own,
    when they are all type-only and cover the same types (as anyOf any such split is the
    type list; as oneOf only one whose branches share no type), else one branch per type.
    As anyOf, the other side's type-only branches within ``types`` are taken even beside
    other branches, and each type they leave out is a branch of its own: ``anyOf: [{type:
    object, required: [a]}, {type: [string, null]}, {type: object}]``, whose first branch
    the canonical form drops (its sibling covers it), is ``[string, null]`` and ``object``
    again, not three one-type branches paired anew."""
    if not isinstance(others, list) or not others:
        return [{"type": [t]} for t in types]
    typed = [b for b in others if isinstance(b, dict) and set(b) == {"type"} and isinstance(b["type"], list)]
    if (key == "anyOf" or disjoint(others, None)) and len(typed) == len(others):
        covered = {t for b in others for t in b["type"]}
        if "number" in covered:
            covered.discard("integer")
        if covered == set(types):
            return [dict(b) for b in others]
    if key == "anyOf":
        inside = [dict(b) for b in typed if set(b["type"]) <= set(types)]
        taken = {t for b in inside for t in b["type"]}
        return inside + [{"type": [t]} for t in types if t not in taken]
    return [{"type": [t]} for t in types]


#: The reason a text that only moved between a value's schema and its union's branch gives (a
#: key of the ``prose`` phrases).
MOVED_INTO_BRANCH = "moved_branch_text"
#: A path's step into a union's branch, and the keyword after it: ``.anyOf.0.description``.
_BRANCH_TEXT = re.compile(r"\.(?:anyOf|oneOf)\.\d+(\.[^.]+)$")


def moved_branch_text(changes: list[Change]) -> list[Change]:
    """``changes`` with each pair of prose changes that only moved one text between a value's
    schema and a branch of its union graded DOCUMENTATION: the text removed at ``….description``
    and added at ``….anyOf.0.description`` of the same value (or the reverse), the same but for
    letter case and spacing. zod 3 writes ``z.string().describe(d).nullable()`` as ``{type:
    [string, null], description: d}`` and zod 4 as ``anyOf: [{type: string, description: d},
    {type: null}]``: a reader is shown the same text for the value (new-user trial, round 17)."""
    removed: dict[tuple[str, str], list[int]] = {}
    added: dict[tuple[str, str], list[int]] = {}
    for index, change in enumerate(changes):
        if not change.rule.endswith(".description.changed") or change.grade is INERT:
            continue
        if isinstance(change.before, str) and change.after is None:
            text, found = change.before, removed
        elif change.before is None and isinstance(change.after, str):
            text, found = change.after, added
        else:
            continue
        key = (change.rule, " ".join(text.casefold().split()))
        found.setdefault(key, []).append(index)
    regraded: set[int] = set()
    for key, gone in removed.items():
        came = added.get(key, [])
        if len(gone) == 1 and len(came) == 1 and _one_value(changes[gone[0]].path, changes[came[0]].path):
            regraded.update((gone[0], came[0]))
    return [_moved(change) if index in regraded else change for index, change in enumerate(changes)]


def _one_value(one: str, other: str) -> bool:
    """Whether one path is the other with a step into a union's branch before its keyword."""
    for longer, shorter in ((one, other), (other, one)):
        match = _BRANCH_TEXT.search(longer)
        if match is not None and longer[:match.start()] + match.group(1) == shorter:
            return True
    return False


def _moved(change: Change) -> Change:
    facts = edit_facts(change.before if isinstance(change.before, str) else None,
                       change.after if isinstance(change.after, str) else None, MOVED_INTO_BRANCH, "")
    return replace(change, grade=INERT, args={**without_edit_notes(change.args), "reason": MOVED_INTO_BRANCH, **facts})
