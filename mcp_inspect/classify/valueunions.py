"""A union of single values whose branches describe their values, compared as an ``enum``.

The canonical form folds a union of bare single-value branches (``anyOf: [{type: string,
const: "off"}, …]``) into the ``enum`` it spells (snapshot/dialects.py, ``value_union``).
A branch that also carries prose (``{const: "off", description: "No filtering."}``) is kept:
folding would drop text a model reads. The walker still reads such a union as the value
set it is, so moving between it and an ``enum`` (or between ``anyOf`` and ``oneOf``) gives
the value findings the ``enum`` spelling would give (spelling.py names each side's
keyword), and the annotations of a value found on both sides are compared as the prose of
a branch always is, at that branch's index in the input. A value gained or lost takes its
annotations with it: its ``enum`` finding says so once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..snapshot.canonical import canonical_json
from ..snapshot.dialects import single_value, union_values, values_typed
from .changes import ABSENT, same
from .keywords import ANNOTATION_KEYWORDS, PROSE_KEYWORDS

if TYPE_CHECKING:
    from .walker import Walker

_UNIONS = ("anyOf", "oneOf")
#: Per side: the union's keyword and, by the canonical JSON of each value, its branch.
Described = tuple[str, dict[str, Any]]


def read_as_enums(old: dict[str, Any], new: dict[str, Any]
                  ) -> tuple[dict[str, Any], dict[str, Any], list[Described | None]] | None:
    """Both nodes with each described union of single values rewritten as its ``enum``, and
    per side the union it came from; None when neither side holds one, or the other side
    holds a union of another kind (then the branches are compared as branches)."""
    found = [_described(old), _described(new)]
    if found == [None, None]:
        return None
    out: list[dict[str, Any]] = []
    described: list[Described | None] = []
    for node, spelled in ((old, found[0]), (new, found[1])):
        if spelled is None:
            if any(key in node for key in _UNIONS):
                return None  # a union of other branches: compared branch by branch
            out.append(node)
            described.append(None)
            continue
        key, values = spelled
        rewritten = {k: v for k, v in node.items() if k != key}
        rewritten["enum"] = values
        values_typed(rewritten)  # as the canonical form types an enum
        out.append(rewritten)
        described.append((key, {canonical_json(_value(b)): b for b in node[key]}))
    return out[0], out[1], described


def _value(branch: Any) -> Any:
    found = single_value(branch, ANNOTATION_KEYWORDS)
    assert found is not None  # union_values read every branch so
    return found[0]


def _described(node: dict[str, Any]) -> tuple[str, list[Any]] | None:
    for key in _UNIONS:
        if key in node:
            found = union_values(node, key, ANNOTATION_KEYWORDS)
            if found is not None:
                return key, found
    return None


def compare_annotations(w: Walker, old: dict[str, Any], new: dict[str, Any],
                        described: list[Described | None], path: str, depth: int) -> None:
    """The annotations of each value that both ``old`` and ``new`` (as ``read_as_enums``
    rewrote them) accept, compared at its branch's place (a side that spells an ``enum``
    has none)."""
    held = [_values(node) for node in (old, new)]
    indexes = [_indexes(w, side, d) for side, d in enumerate(described)]
    for key in sorted(held[0] & held[1]):
        branches = [d[1].get(key) if d is not None else None for d in described]
        notes = [{k: b[k] for k in ANNOTATION_KEYWORDS if k in b} if isinstance(b, dict) else {} for b in branches]
        if same(notes[0], notes[1]):
            continue
        places = [_place(w, path, side, described[side], indexes[side], branches[side]) for side in (0, 1)]
        walk_at = places[1] or places[0] or path
        if places[0] is not None and places[1] is not None:
            w.sides.fork(walk_at, places[0], places[1])
        for keyword in ANNOTATION_KEYWORDS:
            if same(notes[0].get(keyword, ABSENT), notes[1].get(keyword, ABSENT)):
                continue
            if keyword in PROSE_KEYWORDS:
                w.prose(keyword, notes[0], notes[1], walk_at, depth + 1)
            elif keyword == "default":
                w.default(keyword, notes[0], notes[1], walk_at, depth + 1)
            else:
                w.deprecated(keyword, notes[0], notes[1], walk_at, depth + 1)


def _values(node: dict[str, Any]) -> set[str]:
    """The canonical JSON of each value an ``enum`` or ``const`` of ``node`` names."""
    if isinstance(node.get("enum"), list):
        return {canonical_json(v) for v in node["enum"]}
    return {canonical_json(node["const"])} if "const" in node else set()


def _indexes(w: Walker, side: int, described: Described | None) -> tuple[str, dict[str, int | str]] | None:
    """The union's keyword in ``side``'s input (the canonical form writes a ``oneOf`` of
    distinct values as ``anyOf``) and each canonical branch's index there."""
    if described is None or w.raw is None:
        return None
    here = w.here()[side]
    for key in (described[0], *(k for k in _UNIONS if k != described[0])):
        found = w.raw.branch_indexes(side, here, key)
        if found is not None:
            return key, found[0]
    return None


def _place(w: Walker, path: str, side: int, described: Described | None,
           indexes: tuple[str, dict[str, int | str]] | None, branch: Any) -> str | None:
    """The path of ``branch`` in ``side``'s input (its position in the canonical union when
    the input cannot be followed); None for a side without the union."""
    if described is None:
        return None
    key, by_value = described
    index = None
    if indexes is not None:
        key, index = indexes[0], indexes[1].get(canonical_json(branch))
    if index is None:
        key, index = described[0], next(i for i, b in enumerate(by_value.values()) if b is branch)
    return w.sides.child(path, side, key, str(index))
