"""Where a canonical subschema came from in the input, so paths name the input's own indexes.

The canonical form sorts ``allOf``/``anyOf``/``oneOf`` branches (the fingerprint must
not depend on their order), so the walker's branch positions are not the ones the
reader wrote. The walker keeps, beside each pair of canonical nodes it compares, the
raw node each came from (a *spot*); where branches are paired, the raw branches are
canonicalised one by one, in the context of their root, and matched back to the
canonical ones by their canonical JSON.

A spot is a raw node and the ``$ref`` pointers expanded to reach it: the canonical
form of a node depends on which references are being expanded (a reference back
into one of them is a cycle and stays a ``$ref``), so the raw branches are
canonicalised with the same ones. Anything that cannot be followed (a remote or
dangling reference, a shape the canonical form rewrote in a way not mirrored here)
gives no spot, and the walker falls back to the canonical position.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import InputError
from ..snapshot.canonical import Canonicaliser, canonical_json, drop_inapplicable, split_pointer
from ..snapshot.dialects import MERGED_BRANCH_KEYWORDS, value_branch, value_set
from ..snapshot.references import References

Spot = tuple[Any, tuple[str, ...]]
#: Where a pair of compared nodes came from, worked out only when a branch index is
#: needed (most walks never need one): ``(KNOWN, old spot, new spot)``, or a parent
#: trail and one step ``(key, item)`` per side.
Trail = tuple[Any, Any, Any]
KNOWN: Any = object()
UNKNOWN: Trail = (KNOWN, None, None)
#: Keywords the canonical form drops from a node before looking at the rest.
_IGNORED = frozenset({"$schema", "$defs", "definitions"})
_COMBINATORS = ("allOf", "anyOf", "oneOf")
#: How many ``$ref`` hops or lone-branch wrappers one lookup follows (cycles are also caught).
_MAX_HOPS = 64
_NOT_FOUND: Any = object()


class RawSchemas:
    """The raw roots of the two schemas a walker compares (index 0 old, 1 new)."""

    def __init__(self, old_root: Any, new_root: Any) -> None:
        self.roots = (old_root, new_root)
        self.references = (References(old_root), References(new_root))
        self._indexes: dict[tuple[int, int, tuple[str, ...]], dict[str, int | str] | None] = {}

    def root_trail(self) -> Trail:
        # The canonicaliser starts with "#" as being expanded, so a spot does too.
        return KNOWN, (self.roots[0], ("#",)), (self.roots[1], ("#",))

    def resolve(self, trail: Trail) -> tuple[Spot | None, Spot | None]:
        """The two spots a trail leads to (None where the input cannot be followed)."""
        parent, old_step, new_step = trail
        if parent is KNOWN:
            return old_step, new_step
        old, new = self.resolve(parent)
        return self.child(0, old, *old_step), self.child(1, new, *new_step)

    def child(self, side: int, spot: Spot | None, key: str, item: str | int | None = None) -> Spot | None:
        """The spot of ``key`` (and ``item`` inside it: a name or a position) below ``spot``."""
        if spot is None:
            return None
        found = self._lookup(side, spot, key)
        if found is None:
            return None
        value, refs = found
        if item is not None:
            if isinstance(value, dict) and isinstance(item, str):
                value = value.get(item, _NOT_FOUND)
            elif isinstance(value, list) and isinstance(item, int) and 0 <= item < len(value):
                value = value[item]
            else:
                return None
            if value is _NOT_FOUND:
                return None
        return value, refs

    def branch_indexes(self, side: int, spot: Spot | None, key: str) -> tuple[dict[str, int | str], Spot] | None:
        """Canonical JSON of each raw branch of ``key`` → its index in the input, and the list's spot.

        ``None`` when the input has no such list here (the walker lifted a single schema
        into a union) or it cannot be followed.
        """
        found = self._lookup(side, spot, key) if spot is not None else None
        if found is None or not isinstance(found[0], list):
            return None
        branches, refs = found
        memo_key = (side, id(branches), refs)
        if memo_key not in self._indexes:
            self._indexes[memo_key] = self._canonical_indexes(side, branches, refs)
        indexes = self._indexes[memo_key]
        return None if indexes is None else (indexes, found)

    def _canonical_indexes(self, side: int, branches: list[Any], refs: tuple[str, ...]
                           ) -> dict[str, int | str] | None:
        canonicaliser = Canonicaliser(self.roots[side])
        out: dict[str, int | str] = {}
        values: list[tuple[int, list[Any]]] = []  # the branches that name their values alone
        others = False
        try:
            for index, branch in enumerate(branches):
                # Two raw branches with one canonical form are one canonical branch: the first names it.
                canonical = canonicaliser.schema(branch, refs, 0)
                out.setdefault(canonical_json(canonical), index)
                if type(canonical) is dict and list(canonical) == ["anyOf"]:
                    # The canonical form lends an anyOf's branches to the anyOf holding it
                    # (a oneOf of disjoint branches is one too): each is "index.key.inner".
                    for key in ("anyOf", "oneOf"):
                        inner = self.branch_indexes(side, (branch, refs), key)
                        if inner is not None:
                            for text, at in inner[0].items():
                                out.setdefault(text, f"{index}.{key}.{at}")
                            break
                found = value_set(canonical)
                if found is not None:
                    values.append((index, found))
                else:
                    others = True
        except InputError:  # past a limit: the real canonicalisation stopped at it too
            return None
        if values and others:
            # The canonical form merges the value-set branches beside others into one
            # (snapshot/dialects.py, merge_value_branches): it is named by the first of them.
            # Made of several, it has no one spot in the input: its index is then a string
            # of digits, for which branch_spot gives no spot (the canonical spelling words it).
            merged = canonical_json(value_branch([v for _, found in values for v in found]))
            first = values[0][0]
            out.setdefault(merged, first if len(values) == 1 else str(first))
        return out

    def branch_spot(self, side: int, listed: Spot, index: int | str) -> Spot | None:
        """The spot of the branch at ``index`` of the raw list ``listed``: a position, or
        (a branch lent by a nested union, see ``_canonical_indexes``) "i.key.j…"."""
        branches, refs = listed
        if type(index) is str and index.isdigit():
            return None  # several value-set branches merged into one (see _canonical_indexes)
        parts = str(index).split(".")
        first = int(parts[0])
        if not isinstance(branches, list) or not 0 <= first < len(branches):
            return None
        spot: Spot | None = (branches[first], refs)
        for step in range(1, len(parts) - 1, 2):
            spot = self.child(side, spot, parts[step], int(parts[step + 1]))
        return spot

    def definition_named(self, side: int, spot: Spot | None, key: str) -> str | None:
        """The name of the ``$defs`` (``definitions``) entry whose own ``key`` the canonical
        node's ``key`` is, when the node reached it through a ``$ref`` (pydantic writes a
        model's class name as the title of its definition: ``CellFormat``); None otherwise."""
        found = self._lookup(side, spot, key) if spot is not None else None
        if found is None or len(found[1]) <= len(spot[1]):
            return None
        parts = split_pointer(found[1][-1])
        return parts[1] if len(parts) == 2 and parts[0] == "$defs" else None

    def definition_reached(self, side: int, spot: Spot | None) -> str | None:
        """The name of the last ``$defs`` (``definitions``) entry the node's ``$ref`` chain
        reaches, whatever it holds; None when it reaches none."""
        if spot is None:
            return None
        read = list(self._chain(side, spot))
        refs = read[-1][1] if read else spot[1]  # the pointers followed to the last node read
        if len(refs) <= len(spot[1]):
            return None
        parts = split_pointer(refs[-1])
        return parts[1] if len(parts) == 2 and parts[0] in ("$defs", "definitions") else None

    def _lookup(self, side: int, spot: Spot, key: str) -> tuple[Any, tuple[str, ...]] | None:
        """The raw value that the canonical node's ``key`` came from, mirroring the canonical form:
        keywords beside a ``$ref`` win over the target's, a lone-branch combinator is the
        branch it wraps, the draft-07 tuple spelling is read as ``prefixItems``/``items``, and a
        keyword of a union's typed branch is the node's (``merged_branch``)."""
        found = self._own(side, spot, key)
        if found is None and key in MERGED_BRANCH_KEYWORDS:
            merged = self.merged_branch(side, spot, key)
            found = None if merged is None else merged[1]
        return found

    def _own(self, side: int, spot: Spot, key: str) -> tuple[Any, tuple[str, ...]] | None:
        for node, refs in self._chain(side, spot):
            value = _keyword(node, key)
            if value is not _NOT_FOUND:
                return value, refs
        return None

    def merged_branch(self, side: int, spot: Spot | None, key: str
                      ) -> tuple[tuple[str, ...], tuple[Any, tuple[str, ...]]] | None:
        """Where the input spells the canonical node's ``key`` inside a union's branch, as the
        canonical form merges a union of typed branches into its node (snapshot/dialects.py,
        ``typed_union``: ``anyOf: [{type: string, maxLength: 256}, {type: null}]`` is one node
        with ``maxLength``): the steps to the one branch that holds ``key`` (``("anyOf",
        "0")``, and on through a union nested in it, which the form merged first), and its value
        there. None when the node holds ``key`` itself, when no branch or more than one holds
        it, or when the input cannot be followed."""
        if spot is None or key not in MERGED_BRANCH_KEYWORDS or self._own(side, spot, key) is not None:
            return None
        for node, refs in self._chain(side, spot):
            for union in ("anyOf", "oneOf"):
                branches = node.get(union)
                if not isinstance(branches, list):
                    continue
                held = []
                for index, branch in enumerate(branches):
                    found = self._own(side, (branch, refs), key)
                    if found is not None and _idle_in(branch, key):
                        continue  # the form dropped it there: the node's comes from another branch
                    if found is not None:
                        held.append(((union, str(index)), found))
                        continue
                    inner = self.merged_branch(side, (branch, refs), key)
                    if inner is not None:
                        held.append(((union, str(index), *inner[0]), inner[1]))
                if len(held) == 1:
                    return held[0]
        return None

    def _chain(self, side: int, spot: Spot) -> Iterator[Spot]:
        """The nodes the canonical form reads as one, in turn: the node, the branch a lone-branch
        combinator wraps, and each local ``$ref`` target (with the pointers followed), until a
        node that is not an object, a remote or broken reference, or a cycle (which stays a
        ``$ref`` in the canonical form)."""
        node, refs = spot
        for _ in range(_MAX_HOPS):
            if not isinstance(node, dict):
                return
            lone = _lone_branch(node)
            if lone is not None:
                node = lone
                continue
            yield node, refs
            ref = node.get("$ref", node.get("$dynamicRef"))
            found = self.references[side].locate(ref) if isinstance(ref, str) else None
            if found is None or found[0] in refs or not isinstance(found[1], dict):
                return
            node, refs = found[1], (*refs, found[0])


def _keyword(node: dict[str, Any], key: str) -> Any:
    items = node.get("items")
    if isinstance(items, list) and "prefixItems" not in node:
        if key == "prefixItems":
            return items
        if key == "items":
            return node.get("additionalItems", _NOT_FOUND)
    return node.get(key, _NOT_FOUND)


def _idle_in(branch: Any, key: str) -> bool:
    """Whether the canonical form drops the input branch's own ``key`` as acting on no type the
    branch's ``type`` admits (canonical.py, ``drop_inapplicable``): ``anyOf: [{type: integer,
    format: date}, {type: string, format: date-time}]`` holds the string branch's format, and
    a change of it is named there, where the node's path was named for want of one branch
    (hostile trial, round 20)."""
    if not isinstance(branch, dict) or key not in branch:
        return False
    types = [branch.get("type")] if isinstance(branch.get("type"), str) else branch.get("type")
    if not isinstance(types, list):
        return False
    probe = {"type": types, key: branch[key]}
    drop_inapplicable(probe)
    return key not in probe


def _lone_branch(node: dict[str, Any]) -> Any:
    """The branch of ``{"anyOf": [X]}`` (nothing else beside it), which the canonical form reads as X."""
    if "$ref" in node:
        return None
    keys = [k for k in node if k not in _IGNORED]
    if len(keys) == 1 and keys[0] in _COMBINATORS:
        value = node[keys[0]]
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], dict):
            return value[0]
    return None
