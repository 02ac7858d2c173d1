"""One spelling for a recursive schema, however far the input writes it out.

The canonicaliser cuts a cycle where the input's references come back to an expansion
still open, so the same recursive schema can come out in different forms: a tree
written out once before its ``$ref`` (``{"kids": {"items": {"$ref": "#/$defs/Node"}}}``
inlined above the definition) is cut one level lower than the ``$ref`` alone, and two
definitions with the same body are two links of a cycle instead of one.

``fold_unrollings`` reads the canonical form as the graph it stands for (each
``{"$ref": "#^k"}`` an edge back to its anchored ancestor), merges the nodes that
accept the same values for the same reasons (partition refinement: the same keywords,
and children in the same classes, until no class splits), and writes the smallest
graph out again from the root, cutting each path at the first node whose class is
already open above it. Two schemas whose graphs unfold to the same tree then have
one canonical form. It is sound: nodes are merged only when equal as trees, so
schemas that accept different values keep different forms.

Writing out can leave a union whose branches became one, which the canonical form
reads as that branch; the fold then runs again (at most ``_MAX_ROUNDS`` times), each
round that changes the tree making it smaller. What it does not see: a union or
``allOf`` that returns to its own node without passing through a keyword that moves
into the value (unguarded recursion, ``A = {anyOf: [{$ref: A}, ...]}``), where two
forms can be equal only by fixed-point reasoning; those are compared as cut.

Bounded: subtrees with no back-reference are single leaves (compared by canonical
JSON), the refinement gives up (leaving the canonicaliser's form) past a budget of
node visits, and the tree written out is never larger than the one read, since every
path is cut no later than before.
"""

from __future__ import annotations

from typing import Any

from .keywords import (
    BACK_REFERENCE,
    CYCLE_ANCHOR,
    SCHEMA_LIST_KEYWORDS,
    SCHEMA_MAP_KEYWORDS,
    SUBSCHEMA_KEYWORDS,
    anchored,
    one_branch,
)
from .values import canonical_json, sorted_unique

#: Node visits the refinement may make, per node of the graph and in all: past both it gives
#: up. Realistic recursive schemas settle in a few rounds over a few dozen nodes.
_WORK_PER_NODE, _WORK_FLOOR = 20, 20_000
_MAX_ROUNDS = 8
_SETS = frozenset({"allOf", "anyOf"})  # a branch twice is the branch once
_BRANCH_LISTS = _SETS | {"oneOf"}


class _GiveUp(Exception):
    """The form is not one this module reads (a back-reference past the root): keep it."""


def _back_reference(value: dict[str, Any]) -> int:
    """k of a ``{"$ref": "#^k", ...}`` node, or 0."""
    ref = value.get("$ref")
    if type(ref) is str and BACK_REFERENCE.match(ref):
        return int(ref[2:])
    return 0


class _Node:
    __slots__ = ("entries", "is_leaf", "leaf", "label")

    def __init__(self) -> None:
        #: (key, value) in the input's order: data, or a tuple ("one" | "list" | "ref", ids)
        #: or ("map", names, ids) for keywords holding subschemas.
        self.entries: list[tuple[str, Any]] = []
        self.is_leaf = False
        self.leaf: Any = None  # the subtree itself, for a subtree with no back-reference
        self.label: Any = ()  # what the node holds besides subschemas, hashable


class _Graph:
    """The canonical tree read as a graph: back-references are edges to their ancestors."""

    def __init__(self) -> None:
        self.nodes: list[_Node] = []
        self.anchors: list[int] = []  # the anchored nodes above the one being read
        #: Subtrees with no back-reference, waiting to learn whether their parent is one too.
        self.pending: list[Any] = []
        self.unwrapped = False  # whether a wrapper was read as its branch (the tree must be rewritten)

    def read(self, value: Any) -> tuple[bool, Any]:
        """(True, node id) for a subtree that reaches a back-reference, else (False, value)."""
        if type(value) is not dict:
            return False, value
        hops = _back_reference(value)
        target = -1
        if hops:
            if hops > len(self.anchors):
                raise _GiveUp
            target = self.anchors[-hops]
            if len(value) == 1:
                return True, target  # the node it returns to, not a node of its own
        anchored = value.get("$anchor") == CYCLE_ANCHOR
        lone = _lone_branch(value) if anchored else None
        if lone is not None:
            # ``keywords.anchored`` wraps a node that is a reference, or is marked already, in a
            # one-branch combinator; the wrapper accepts what its branch accepts, so
            # references back to it are references to the branch.
            self.anchors.append(len(self.nodes))  # the id the branch is about to get
            self.unwrapped = True
            found = self.read(lone)
            self.anchors.pop()
            return found
        index = len(self.nodes)
        node = _Node()
        self.nodes.append(node)  # numbered before its children, so they can refer to it
        if anchored:
            self.anchors.append(index)
        for key, item in value.items():
            if key == "$anchor" and anchored:
                continue  # written again where the smallest graph needs it
            if key == "$ref" and hops:
                node.entries.append((key, ("ref", [target])))
            elif key in SUBSCHEMA_KEYWORDS:
                node.entries.append((key, ("one", [self.child(item)])))
            elif key in SCHEMA_MAP_KEYWORDS and type(item) is dict:
                names = list(item)
                node.entries.append((key, ("map", names, [self.child(item[n]) for n in names])))
            elif key in SCHEMA_LIST_KEYWORDS and type(item) is list:
                node.entries.append((key, ("list", [self.child(sub) for sub in item])))
            else:
                node.entries.append((key, item))
        if anchored:
            self.anchors.pop()
        ids = [i for _, v in node.entries if type(v) is tuple for i in v[-1]]
        if not hops and not anchored and all(i < 0 for i in ids):
            del self.nodes[index:]  # nothing below comes back up: a leaf, compared as JSON
            return False, value
        node.label = tuple(sorted((k, v[0]) if type(v) is tuple else (k, _hashable(v)) for k, v in node.entries))
        return True, index

    def child(self, value: Any) -> int:
        """A child's node id; a leaf's is negative (its place in ``pending``) until ``add_leaves``."""
        cyclic, found = self.read(value)
        if cyclic:
            return int(found)
        self.pending.append(found)
        return -len(self.pending)

    def add_leaves(self) -> None:
        """Give each leaf a node of its own (needed only once some nodes look alike)."""
        for node in list(self.nodes):
            for position, (key, entry) in enumerate(node.entries):
                if type(entry) is tuple and any(i < 0 for i in entry[-1]):
                    ids = [self.leaf_node(self.pending[-i - 1]) if i < 0 else i for i in entry[-1]]
                    node.entries[position] = (key, (*entry[:-1], ids))

    def leaf_node(self, value: Any) -> int:
        node = _Node()
        node.is_leaf, node.leaf = True, value
        node.label = ("leaf", _hashable(value))
        self.nodes.append(node)
        return len(self.nodes) - 1


def fold_unrollings(tree: Any) -> Any:
    """``tree`` (a canonical form holding ``#^k`` back-references) with every cycle cut as
    early as it can be; ``tree`` itself when it cannot be read or the work would be too much."""
    # Writing the smaller graph out can leave a union whose branches became one, which the
    # form reads as that branch; the node it was is then alike others, so fold again until
    # nothing changes. Each round that changes the tree makes it smaller.
    for _ in range(_MAX_ROUNDS):
        folded = _fold_once(tree)
        if folded is tree or folded == tree:
            return folded
        tree = folded
    return tree


def _fold_once(tree: Any) -> Any:
    graph = _Graph()
    try:
        cyclic, root = graph.read(tree)
        if not cyclic:
            return tree
        if not graph.unwrapped and len({node.label for node in graph.nodes}) == len(graph.nodes):
            # Refinement only splits classes: with no two labels alike, no two nodes are
            # alike, and the tree is the smallest graph written out already.
            return tree
        graph.add_leaves()
        classes = _refine(graph.nodes)
        if classes is None:
            return tree
        if not graph.unwrapped and len(set(classes)) == len(classes):
            return tree  # no two nodes alike: as above
        return _Writer(graph.nodes, classes).write(root)
    except _GiveUp:
        return tree


def _lone_branch(value: dict[str, Any]) -> dict[str, Any] | None:
    """The branch of ``{"allOf" | "anyOf" | "oneOf": [X], "$anchor": "^"}``, X a node of its own."""
    if len(value) != 2:
        return None
    for key in _BRANCH_LISTS:
        branches = value.get(key)
        if type(branches) is list and len(branches) == 1 and type(branches[0]) is dict:
            branch = branches[0]
            return None if len(branch) == 1 and _back_reference(branch) else branch
    return None


def _hashable(value: Any) -> Any:
    """A key equal for equal JSON values only (atoms as they are, the rest as canonical JSON)."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool:
        return kind, value  # the kind keeps 1, 1.0 and true apart, as JSON does
    if kind is list and all(type(item) is str for item in value):
        return list, tuple(value)  # type lists, required, string enums
    return "json", canonical_json(value)


def _refine(nodes: list[_Node]) -> list[int] | None:
    """The class of each node: nodes of one class accept the same values (None: gave up)."""
    classes = _number([node.label for node in nodes])
    count = len(set(classes))
    budget = _WORK_PER_NODE * len(nodes) + _WORK_FLOOR
    while True:
        budget -= len(nodes)
        if budget < 0:
            return None
        signatures = [(classes[i], tuple(sorted(_shape(entry, classes) for entry in node.entries
                                                if type(entry[1]) is tuple)))
                      for i, node in enumerate(nodes)]
        classes = _number(signatures)
        settled, count = count == len(set(classes)), len(set(classes))
        if settled:
            return classes


def _shape(entry: tuple[str, Any], classes: list[int]) -> Any:
    """What a keyword holding subschemas says, in classes (order kept only where it means something)."""
    key, (kind, *rest) = entry
    ids = rest[-1]
    found = [classes[i] for i in ids]
    if kind == "map":
        return key, tuple(sorted(zip(rest[0], found, strict=True)))
    if kind == "list" and key in _SETS:
        return key, tuple(sorted(set(found)))
    if kind == "list" and key == "oneOf":
        return key, tuple(sorted(found))
    return key, tuple(found)


def _number(keys: list[Any]) -> list[int]:
    """Each key's class: the position of its first occurrence (independent of hashing)."""
    seen: dict[Any, int] = {}
    return [seen.setdefault(key, len(seen)) for key in keys]


class _Writer:
    """Writes the class graph out from the root; a class met again on its own path is a
    back-reference. Two passes: the first finds which written nodes are returned to (they
    carry the anchor that ``#^k`` counts), the second writes."""

    def __init__(self, nodes: list[_Node], classes: list[int]) -> None:
        self.nodes, self.classes = nodes, classes
        self.targets: set[int] = set()
        self.counter = 0

    def write(self, root: int) -> Any:
        self.walk(root, [], [], write=False)
        self.counter = 0
        return self.walk(root, [], [], write=True)

    def walk(self, index: int, path: list[int], places: list[int], write: bool) -> Any:
        node, cls = self.nodes[index], self.classes[index]
        if cls in path:
            at = path.index(cls)
            if write:
                return {"$ref": f"#^{sum(1 for p in places[at:] if p in self.targets)}"}
            self.targets.add(places[at])
            return None
        if node.is_leaf:
            return node.leaf
        place = self.counter
        self.counter += 1
        path.append(cls)
        places.append(place)
        out: dict[str, Any] = {}
        for key, value in node.entries:
            if type(value) is not tuple:
                out[key] = value
                continue
            kind, ids = value[0], value[-1]
            if kind == "list" and key in _BRANCH_LISTS:
                # One branch per class (a oneOf keeps its repeats), in class order, so that
                # both passes meet the places in the same order.
                ids = _per_class(ids, self.classes, keep_repeats=key == "oneOf")
            written = [self.walk(i, path, places, write) for i in ids]
            if not write:
                continue
            if kind == "ref":
                if type(written[0]) is not dict or "$ref" not in written[0]:
                    raise _GiveUp  # the node it returned to is not above it any more
                out[key] = written[0]["$ref"]
            elif kind == "map":
                out[key] = dict(zip(value[1], written, strict=True))
            elif kind == "one":
                out[key] = written[0]
            elif key in _SETS:
                out[key] = sorted_unique(written)
            else:
                out[key] = sorted(written, key=canonical_json) if key == "oneOf" else written
        path.pop()
        places.pop()
        if not write:
            return None
        return anchored(out) if place in self.targets else one_branch(out)


def _per_class(ids: list[int], classes: list[int], keep_repeats: bool) -> list[int]:
    chosen: dict[int, list[int]] = {}
    for i in ids:
        chosen.setdefault(classes[i], []).append(i)
    return [i for cls in sorted(chosen) for i in (chosen[cls] if keep_repeats else chosen[cls][:1])]
