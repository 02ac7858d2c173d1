"""The canonical form of a JSON Schema: one spelling for each meaning.

Two schemas that accept the same values through different spellings listed in
the classification contract ("Canonicalise") get the same canonical form, and so
the same fingerprint. The foldings, in the order applied:

* local ``$ref``s are inlined, their siblings merged in (``merge_beside_reference``: annotations
  replace the target's, and where a keyword would meet another value or one that reads it
  the target stays whole as an ``allOf`` branch, though not for an ``unevaluated*`` beside a
  target that evaluates every member: it reads nothing, and is dropped; draft 3 to 7 keep only the annotations, as
  their validators ignore the rest); ``#/definitions/x`` and ``#/$defs/x`` name the same place, and so
  do an ``$anchor`` and an embedded ``$id`` that name it (references.py); remote
  and dangling references are kept as written and never fetched;
* a reference back into its own expansion (a cycle) becomes ``{"$ref": "#^k"}``:
  the k-th enclosing node that carries ``"$anchor": "^"``, the mark given to
  each expansion a cycle returns to. Neither spelling names a definition, so
  renaming a recursive ``$defs`` entry, or writing the root as ``#`` or as a
  definition, changes nothing (see ``Canonicaliser.back_reference``);
* ``$defs``/``definitions`` and ``$schema`` are then dropped (definitions are
  compared only where they are referenced);
* ``type: "x"`` becomes ``["x"]``; ``type``, ``required`` and ``enum`` are
  sorted and de-duplicated; an empty ``required`` is dropped;
* draft-04 boolean ``exclusiveMinimum``/``exclusiveMaximum`` become the numeric
  2020-12 form; draft-07 array ``items``/``additionalItems`` become
  ``prefixItems``/``items``; OpenAPI ``nullable: true`` adds ``"null"`` to the
  type set (``nullable: false`` is dropped); draft-07 ``dependencies`` becomes
  ``dependentRequired`` (array entries) and ``dependentSchemas`` (schema
  entries), merged with those keywords when the node has them too; the keywords a later
  dialect than the one the root's ``$schema`` declares added (``drafts.LACKING``: a
  draft-07 ``unevaluatedProperties`` or ``prefixItems``, a draft-04 ``const``), and the one a
  declared 2019-09 or 2020-12 removed (``dependencies``), are dropped, as its validators
  ignore them;
* beyond the contract (documented in docs/canonical-form.md): the schema
  ``true`` is written ``{}``, applicators whose value is ``{}`` (accept
  anything: ``additionalProperties``, ``items``, ``unevaluated*``,
  ``propertyNames``) are dropped, so are empty ``properties`` and
  ``patternProperties``, ``allOf``/``anyOf``/``oneOf`` branches are sorted,
  integral floats are written as integers, and for ``type: integer`` (or a type list whose
  one numeric type is ``integer``, ``dialects.whole_numbers``) an
  integral ``exclusiveMinimum``/``exclusiveMaximum`` becomes the equivalent
  inclusive ``minimum``/``maximum``; ``"integer"`` beside ``"number"`` in a
  type list is dropped (every integer is a number); an integer bound at the
  edge of the safe-integer range (±(2**53 - 1), I-JSON) is dropped;
  ``dependentRequired`` lists are sorted, and its empty lists and the ``{}``
  entries of ``dependentSchemas`` are dropped (an entry is read as a schema of the object
  itself: its ``type`` admitting ``object`` and other types' keywords go, and one admitting no
  object is ``false``, ``dialects.read_on_objects``), a ``dependentSchemas`` entry that only
  requires names is that ``dependentRequired`` entry, and an entry of a required property is
  part of ``required``; an ``anyOf`` of typed branches (each with only
  keywords of a type no other branch admits) is one ``type`` list with their keywords, an
  ``anyOf`` (or a ``oneOf`` of distinct values) of single-value branches is their ``enum``,
  a one-value ``enum`` is ``const``, a ``oneOf`` of provably disjoint branches is ``anyOf``
  (``disjoint.py``), an ``anyOf`` branch that is only an ``anyOf`` lends the parent its
  branches, an ``anyOf``/``oneOf`` branch whose ``type`` the node's own refuses is dropped and
  a one-branch union beside keywords is that ``allOf`` (``drop_branches_outside_type``), and
  ``then``/``else`` without ``if`` (or ``if`` alone) are dropped
  (``dialects.fold_value_sets``); ``not: {not: X}`` is X where no ``unevaluated*`` reads the
  node (``lift_double_negation``); a ``propertyNames`` that every string satisfies (``{type:
  string}``), or every name a closed object declares, is dropped, so are ``minLength``,
  ``minItems`` and ``minProperties`` of 0 and ``uniqueItems: false`` (each what its absence
  means, ``dialects.drop_idle_values``), ``minContains: 1`` (the default) and a ``contains``
  that ``minContains: 0`` lets every array pass, and one that no item may match
  (``maxContains: 0`` beside ``minContains: 0``) is ``items: {not: …}``
  (``dialects.drop_idle_contains``), a ``maxItems`` a closed tuple implies, and so
  are a ``patternProperties`` entry that accepts every value where no
  ``additionalProperties``/``unevaluatedProperties`` is beside it, and an OpenAPI
  ``discriminator`` that restates the branches of the union beside it.

The folds that need no reference resolution live in ``dialects.py``, the keywords each
draft's validators read in ``drafts.py``, the value helpers in ``values.py``, and the fold
of recursive schemas written out to different depths (one form however far the input
unrolls a recursion) in ``cycles.py``.

The work is bounded: nesting depth, the number of nodes of one schema once inlined and
the nodes inlining adds across a surface are limited (``limits.py``), so a hostile
chain of references ends in an InputError rather than exponential time or a RecursionError.
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..limits import MAX_CANONICAL_NODES, MAX_INLINED_NODES, MAX_SCHEMA_DEPTH
from .dialects import (
    IN_PLACE,
    TYPED_KEYWORDS,
    accepts_every_name,
    acting_on,
    drop_free_patterns,
    drop_idle_contains,
    drop_idle_values,
    drop_implied_names,
    drop_restating_discriminator,
    fold_array_length,
    fold_dialects,
    fold_value_sets,
    integer_bounds,
    merge_dependencies,
    read_on_objects,
    split_dependencies,
    whole_multiples,
    whole_numbers,
)
from .drafts import LACKING
from .emptiness import refuses_every_value, types_overlap
from .keywords import (
    ANNOTATION_KEYWORDS,
    BACK_REFERENCE,
    CYCLE_ANCHOR,
    DEFINED_FORMATS,
    KEYWORDS_OF_TYPE,
    SCHEMA_LIST_KEYWORDS,
    SCHEMA_MAP_KEYWORDS,
    SUBSCHEMA_KEYWORDS,
    anchored,
    one_branch,
)
from .references import DRAFT_6, MISSING, References, is_pointer, normalise_pointer, resolve_pointer, split_pointer
from .values import _ATOMS, canonical_json, normalise_numbers, sorted_unique, types_meet, types_within

__all__ = [  # the helpers other modules take from here, wherever they are defined
    "CYCLE_ANCHOR", "SCHEMA_LIST_KEYWORDS", "SCHEMA_MAP_KEYWORDS", "SUBSCHEMA_KEYWORDS", "Canonicaliser",
    "InlineBudget", "canonical_json", "canonical_schema",
    "normalise_numbers", "normalise_pointer", "resolve_pointer", "sorted_unique", "split_pointer",
]

#: Applicators whose accept-anything value ``{}`` equals their absence.
_DROP_WHEN_TRIVIAL = frozenset(
    {"additionalProperties", "items", "additionalItems", "unevaluatedItems",
     "unevaluatedProperties", "propertyNames"}
)
_UNORDERED_BRANCHES = frozenset({"allOf", "anyOf", "oneOf"})
#: Keywords that ``keywords`` drops when their canonical value is ``{}``.
_DROP_WHEN_EMPTY = _DROP_WHEN_TRIVIAL | {"properties", "patternProperties"}
# What ``keywords`` does with a keyword's value, looked up once per keyword rather than
# through a chain of set tests; a keyword not listed holds data (normalise_numbers).
# _DIALECT marks the data keywords that fold_dialects rewrites, so that a node without
# them (most nodes: ``type`` a plain string is wrapped on the spot) skips that call.
_SKIP, _SUBSCHEMA, _SCHEMA_MAP, _SCHEMA_LIST, _TYPE, _DIALECT, _DEPENDENCIES, _IDENTIFIER = (
    "skip", "subschema", "map", "list", "type", "dialect", "dependencies", "identifier")
_ROLE = {
    **dict.fromkeys(("$schema", "$defs", "definitions"), _SKIP),
    # A subschema's names for references: what they named is inlined (references.py), so
    # they say nothing about what validates; the cycle mark ``$anchor: "^"`` alone stays.
    **dict.fromkeys(("$id", "$anchor", "$dynamicAnchor"), _IDENTIFIER),
    "type": _TYPE,
    **dict.fromkeys(("nullable", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "required", "enum",
                     "dependentRequired"), _DIALECT),
    "dependencies": _DEPENDENCIES,
    **dict.fromkeys(SUBSCHEMA_KEYWORDS, _SUBSCHEMA),
    **dict.fromkeys(SCHEMA_MAP_KEYWORDS, _SCHEMA_MAP),
    **dict.fromkeys(SCHEMA_LIST_KEYWORDS, _SCHEMA_LIST),
    "dependentSchemas": _DEPENDENCIES,  # a schema map that dependent_keywords also tidies
}
#: The roles in a schema of each dialect (references.py ranks them), whose validators ignore
#: the keywords a later one added: dropped, as the keywords beside a draft-07 ``$ref`` are
#: (``drafts.LACKING``). Built once: a node looks its keywords up in one table.
_ROLES = {dialect: {**_ROLE, **dict.fromkeys(lacking, _SKIP)} for dialect, lacking in LACKING.items()}


class InlineBudget:
    """What inlining ``$ref``s may still add across many schemas (a surface's): the per-schema
    limit alone let a few hundred schemas just under it take minutes."""

    def __init__(self, nodes: int | None = None) -> None:
        self.nodes = MAX_INLINED_NODES if nodes is None else nodes


#: What a draft 3 to 7 schema keeps beside a ``$ref``, which its validators ignore: the
#: annotations a model reads, and the definitions and identifiers references resolve through.
_READ_BESIDE_OLD_REF = frozenset({*ANNOTATION_KEYWORDS, "readOnly", "writeOnly", "$defs", "definitions", "$schema",
                                  "$id", "id", "$anchor"})
#: Keywords read together within one schema object: ``additionalProperties`` reads the
#: ``properties`` beside it, ``minContains`` the ``contains``, ``then`` the ``if``. Split between a
#: ``$ref``'s target and its siblings they do not read each other, so merged into one object
#: they would mean something else.
_READ_TOGETHER = (
    frozenset({"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"}),
    frozenset({"prefixItems", "items", "additionalItems", "unevaluatedItems", "contains", "minContains",
               "maxContains"}),
    frozenset({"if", "then", "else"}),
)
_UNEVALUATED = frozenset({"unevaluatedProperties", "unevaluatedItems"})
_DEPENDENT = frozenset({"dependentRequired", "dependentSchemas"})
#: The keywords that declare an object's members.
_OBJECT_MEMBERS = frozenset({"properties", "patternProperties", "additionalProperties", "required",
                             "dependentRequired", "dependentSchemas"})


def _reads(node: dict[str, Any]) -> bool:
    """Whether the node has an unevaluated* keyword with something left to read: none beside
    additionalProperties (items), which evaluates every member the others do not."""
    items = node.get("items")
    return (_refusing(node, "unevaluatedProperties") and "additionalProperties" not in node
            or _refusing(node, "unevaluatedItems") and (items is None or isinstance(items, list)))


def _refusing(node: dict[str, Any], key: str) -> bool:
    """Whether the node's ``key`` may refuse something (present, and not ``true`` or ``{}``)."""
    value = node.get(key, True)
    return value is not True and value != {}


#: Each ``unevaluated*`` keyword, and the keyword that evaluates every member (item) that
#: ``properties`` and ``patternProperties`` (``prefixItems``) leave over.
_EVALUATING_THE_REST = (("unevaluatedProperties", "additionalProperties"), ("unevaluatedItems", "items"))


def drop_unread_unevaluated(out: dict[str, Any], evaluator: Any) -> None:
    """Drops each ``unevaluated*`` keyword of the canonical node ``out`` that has nothing left
    to read because ``evaluator`` (``out`` itself, or a ``$ref``'s target beside it) evaluates
    every member (item) of any instance it accepts (``_evaluates_every``). It then refuses
    nothing, and whatever it would have evaluated is evaluated already for a reader above."""
    for unevaluated, evaluating in _EVALUATING_THE_REST:
        if unevaluated in out and _evaluates_every(evaluator, evaluating):
            del out[unevaluated]


def _evaluates_every(schema: Any, evaluating: str) -> bool:
    """Whether the canonical ``schema`` has evaluated every member (``evaluating`` is
    ``additionalProperties``) or item (``items``) of each instance it accepts (Core 2020-12,
    11.3; 2019-09, 9.3.2.3): ``additionalProperties`` (a non-tuple ``items``) evaluates all
    that ``properties`` and ``patternProperties`` (``prefixItems``) do not, and an in-place part
    that always applies passes its annotations up: an ``allOf`` branch, every branch of an
    ``anyOf`` or ``oneOf`` (whichever match), ``if`` or ``then`` together with ``else``. A
    reference kept as written, a ``dependentSchemas`` entry and an ``unevaluated*`` of a part
    are not followed: then an ``unevaluated*`` beside it stays, as written. Hostile trial,
    round 13: ``unevaluatedProperties: false`` beside a ``$ref`` whose target has an
    ``additionalProperties`` refuses nothing, yet kept the target an ``allOf`` branch, and
    adding it was two BREAKING findings no call could show."""
    if type(schema) is not dict:
        return False
    if evaluating in schema and (evaluating == "additionalProperties" or not isinstance(schema[evaluating], list)):
        return True
    branches = schema.get("allOf")
    if type(branches) is list and any(_evaluates_every(branch, evaluating) for branch in branches):
        return True
    for union in ("anyOf", "oneOf"):
        branches = schema.get(union)
        if type(branches) is list and branches and all(_evaluates_every(branch, evaluating) for branch in branches):
            return True
    return "if" in schema and _evaluates_every(schema.get("else"), evaluating) and (
        _evaluates_every(schema["if"], evaluating) or _evaluates_every(schema.get("then"), evaluating))


def _holds_unread_reference(form: Any) -> bool:
    """Whether a canonical form still holds a local reference left as written (one a fold,
    such as a union branch that accepts anything, did not drop): only then do the definitions
    it may name stay in the form, which a second reading of the form then keeps too."""
    stack = [form]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("$ref", "$dynamicRef") and isinstance(value, str) and value.startswith("#") \
                        and not BACK_REFERENCE.match(value):
                    return True
                stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return False


def merge_beside_reference(target: dict[str, Any], siblings: dict[str, Any]) -> dict[str, Any]:
    """A ``$ref``'s (canonical) target and its siblings as one schema. Since 2019-09 a ``$ref``
    is an in-place applicator beside them (Core 2020-12, 10.2), so the siblings with the target
    as one more ``allOf`` branch mean exactly what the input does. Merged into one object they
    mean the same only while no keyword is in both with another value (a ``maximum`` beside
    the reference and one in its target both bound the value), no keyword reads another
    across the two (``additionalProperties`` in the target does not see the siblings'
    ``properties``) and neither side has an ``unevaluated*`` that the other's keywords would
    reach: then they merge, annotations beside the reference replacing the target's (they are
    what the reader is shown), as generators write a description beside a ``$ref``. Else the
    target stays whole, an ``allOf`` branch beside the siblings, which keep their place so a
    finding points at what the input wrote there."""
    if not _apart(target, siblings):
        return {**target, **siblings}
    beside = siblings.get("allOf", [])
    if type(beside) is not list:
        return {"allOf": sorted_unique([target, siblings])}  # a malformed allOf: keep the two whole
    return {**siblings, "allOf": sorted_unique([*beside, target])}


def _apart(target: dict[str, Any], siblings: dict[str, Any]) -> bool:
    """Whether merging ``target`` and ``siblings`` into one object would change what it accepts
    (``merge_beside_reference``)."""
    for name, value in siblings.items():
        if name in target and name not in ANNOTATION_KEYWORDS and canonical_json(target[name]) != canonical_json(value):
            return True
    for together in _READ_TOGETHER:
        if target.keys() & together and siblings.keys() & together:
            return True
    # The dependent keywords of one and the required names of the other would fold into each
    # other once merged (dialects.dependent_keywords), which the merge itself does not do.
    for one, other in ((target, siblings), (siblings, target)):
        if one.keys() & _DEPENDENT and other.keys() & (_DEPENDENT | {"required"}):
            return True
    # unevaluated* reads every keyword beside it that evaluates (an applicator, a property
    # keyword): merged, one side's would read the other's, which across a $ref it does not
    # (the target's) or does only through the reference (the siblings').
    for one, other in ((target, siblings), (siblings, target)):
        if one.keys() & _UNEVALUATED and any(name not in ANNOTATION_KEYWORDS for name in other):
            return True
    return False


def read_apart(branch: dict[str, Any], beside: dict[str, Any]) -> bool:
    """Whether the keywords of ``branch``, moved into a one-branch in-place applicator (an
    ``allOf``), and ``beside``, left next to it, accept something else than the two as one
    object: a keyword in both with other values, keywords that read each other across the two,
    an ``unevaluated*`` of the branch beside evaluating keywords (``_apart``). Not an
    ``unevaluated*`` left beside: it sees what the branch evaluates as it saw it beside it
    (Core 2020-12, 11.2), and read as apart, members moved into an ``allOf`` beside
    ``unevaluatedProperties: false`` were a BREAKING "allOf added" and "property 'a' removed"
    no call could show (hostile trial, round 45)."""
    if _UNEVALUATED.isdisjoint(beside):
        return _apart(branch, beside)
    if not _UNEVALUATED.isdisjoint(branch):
        return True
    # (The unevaluated* aside, what remains beside must stay apart from the branch as before.)
    return _apart(branch, {key: value for key, value in beside.items() if key not in _UNEVALUATED})


def drop_inapplicable(out: dict[str, Any]) -> None:
    """Drops the keywords that act on a JSON type the node's ``type`` list does not allow: an
    instance of that type is refused by ``type`` anyway, and every other instance is ignored
    by them (``{"type": "integer", "maxLength": 3}`` accepts what ``{"type": "integer"}``
    does). Adding one was a BREAKING "… added" no call could show (hostile trial, round 10).

    A ``format`` JSON Schema defines (``DEFINED_FORMATS``) reads strings alone (Validation
    2020-12, 7.1), so beside a type list with no ``string`` it goes too: ``{type: integer,
    format: date}`` accepts every integer, and adding the format was a BREAKING "format
    added" no call could show (hostile trial, round 20). A vendor's format stays: it may
    read the other types' values."""
    types = out["type"]
    if type(types) is not list or not all(type(t) is str for t in types):
        return
    if "string" not in types and type(out.get("format")) is str and out["format"] in DEFINED_FORMATS:
        del out["format"]
    for keyword in TYPED_KEYWORDS.intersection(out) - acting_on(types):
        del out[keyword]


_NUMBER_KEYWORDS = frozenset(KEYWORDS_OF_TYPE["number"])
_EVERY_TYPE = ("array", "boolean", "integer", "null", "number", "object", "string")


def drop_refused_numbers(out: dict[str, Any]) -> None:
    """Reads number bounds that refuse every number (``{minimum: 5, maximum: 3}``) as "no
    number": the number kinds leave the node's ``type`` (every type but them, where it has
    none), and ``drop_inapplicable`` then drops the bounds, which refuse only numbers. Both
    accept the same values, and the one spelling compares as what it accepts: read as
    written, ``{minimum: 5, maximum: 3}`` → ``{minimum: 1, maximum: 2}`` was a BREAKING "upper
    bound ≤ 3 → ≤ 2", and ``{minimum: 5, maximum: 3, type: [number, string]}`` → ``{type:
    string}`` a BREAKING "type narrowed" no call could show (hostile trial, round 45). A node
    that accepts no value at all is left as written (its emptiness is read elsewhere), and so
    is a ``type`` that is not a list of names."""
    types = out.get("type", list(_EVERY_TYPE))
    if type(types) is not list or not all(type(t) is str for t in types):
        return
    if not ({"number", "integer"} & set(types)) or not refuses_every_value(out, of_type="number"):
        return
    kept = [t for t in types if t not in ("number", "integer")]
    if kept and not refuses_every_value(out):
        out["type"] = kept


def rejects_everything(schema: Any) -> bool:
    """Whether a canonical schema is spelled as one that accepts no value: ``false``, or
    ``{"not": {}}``."""
    return schema is False or schema == {"not": {}}


def drop_refused_members(out: dict[str, Any]) -> None:
    """Drops the ``properties`` entries that accept no value (``false``, ``{"not": {}}``, or
    keywords that contradict each other, as emptiness.py proves: round 14) of an
    object closed by ``additionalProperties`` that accepts none either, with no
    ``patternProperties`` that could take the name over once it is undeclared: the member is
    refused whether declared so or not, so both are one spelling (round 13: removing
    ``"a": false`` from a closed object was a BREAKING ``property.removed`` no call could
    show). An object left with no entries keeps ``properties: {}`` for the drop of empty
    keywords to decide."""
    members = out.get("properties")
    if type(members) is not dict or "patternProperties" in out or not rejects_everything(
            out.get("additionalProperties", True)):
        return
    refused = [name for name, schema in members.items() if refuses_every_value(schema)]
    if refused:
        out["properties"] = {name: schema for name, schema in members.items() if name not in refused}


def drop_refusing_branches(out: dict[str, Any]) -> None:
    """Drops the ``anyOf`` and ``oneOf`` branches that accept no value beside one that may: such
    a branch adds no value to the union, is never one of a ``oneOf``'s matches, and, failing,
    evaluates nothing an ``unevaluated*`` keyword could read, so it goes even where one reads
    the node (hostile trial, round 43). @vercel/sdk 1.21.9 (Speakeasy) writes ``{not: {}}``
    into its nullable unions, and the branch added read as a BREAKING "not added", the
    branches after it as moved (new-user trial, round 42). A union whose every branch
    accepts nothing is left as written."""
    for union in ("anyOf", "oneOf"):
        branches = out.get(union)
        if type(branches) is list and len(branches) > 1:
            kept = [branch for branch in branches if not refuses_every_value(branch)]
            if kept and len(kept) < len(branches):
                out[union] = kept


def drop_accepting(out: dict[str, Any]) -> None:
    """Drops the in-place applicators of a canonical node that accept every value, where no
    ``unevaluated*`` keyword reads what they evaluated (the caller's to know): an ``allOf``
    branch ``{}``; an ``anyOf`` with a ``{}`` branch; a ``oneOf`` whose one ``{}`` branch
    stands beside branches that accept nothing (every value matches exactly one); a ``not``
    of a schema that accepts nothing; a ``then`` or ``else`` of ``{}``, and then an ``if``
    left deciding nothing (Core 2020-12, 10.2). Each constrains nothing, and its absence
    is the one spelling (hostile trials, rounds 9 and 10)."""
    branches = out.get("allOf")
    if type(branches) is list and {} in branches:
        out["allOf"] = [branch for branch in branches if branch != {}]
        if not out["allOf"]:
            del out["allOf"]
    branches = out.get("anyOf")
    if type(branches) is list and {} in branches:
        del out["anyOf"]  # one branch accepts anything: so does the union
    branches = out.get("oneOf")
    if type(branches) is list and branches.count({}) == 1 and all(b == {} or rejects_everything(b) for b in branches):
        del out["oneOf"]
    if "not" in out and rejects_everything(out["not"]):
        del out["not"]
    for branch in ("then", "else"):
        if out.get(branch) == {}:
            del out[branch]
    if "if" in out and "then" not in out and "else" not in out:
        del out["if"]  # it decides nothing


def drop_branches_outside_type(out: dict[str, Any]) -> bool:
    """Drops the ``anyOf``/``oneOf`` branches whose ``type`` shares no type with the node's
    own: the node's ``type`` applies to the value too, so such a branch passes only values
    the node refuses, and neither adds a value to the union (``anyOf``) nor counts against
    another branch on a value that can pass (``oneOf``). A union left with one branch beside
    other keywords is that branch as an ``allOf`` (the same test, the one branch), which
    ``_lone_all_of_merged`` merges where it can. pydantic writes ``{"type": "string",
    "anyOf": [{"type": "string", "enum": […]}, {"type": "null"}], "default": null}`` for a
    literal made optional beside a type the generator copied out: the ``null`` branch never
    passes, and dropping it read as a BREAKING "anyOf lost 1 branch" no call could show
    (new-user trial, round 22: lean-lsp-mcp 0.28.0 → 0.32.0). Not where an ``unevaluated*``
    reads the branches (the caller's to know). Whether it changed the node (then the folds
    run again, as a merged ``allOf`` may fold further)."""
    own = out.get("type")
    changed = False
    for union in ("anyOf", "oneOf"):
        branches = out.get(union)
        if own is None or type(branches) is not list:
            continue
        kept = [branch for branch in branches
                if type(branch) is not dict or "type" not in branch or types_overlap(own, branch["type"])]
        if kept and len(kept) < len(branches):
            out[union] = kept
            changed = True
    for union in ("anyOf", "oneOf"):
        branches = out.get(union)
        if type(branches) is list and len(branches) == 1 and len(out) > 1 and "allOf" not in out \
                and type(branches[0]) is dict:
            out["allOf"] = out.pop(union)
            changed = True
    return changed


def _within(inner: Any, outer: Any) -> bool:
    """Whether every type the ``type`` list ``inner`` admits ``outer`` admits (an ``integer``
    within a ``number``); False where either is malformed."""
    return type(inner) is list and type(outer) is list and types_within(inner, outer)


def drop_implied_branch_types(out: dict[str, Any]) -> None:
    """Drops an ``allOf`` branch's ``type`` that the node's own ``type`` lies within, and a
    branch of a ``type`` alone that another branch's ``type`` lies within: an instance that
    passes the node passes that one already, so it refuses nothing more (``type`` leaves no
    annotation, so an ``unevaluated*`` reads the branch as before). ``{type: object,
    properties: {a}}`` → ``{type: object, allOf: [that]}``, or ``{allOf: [that, {type:
    object}]}``, was a BREAKING "type narrowed: any → object" no call could show, the old schema
    lifted into the branch without the type left beside it (hostile trial, round 45). Two
    branches with other keywords keep their types (which one would lose its type would hang on
    their order). Not a branch a cycle returns to (its mark): the reference reads it alone."""
    branches = out.get("allOf")
    if type(branches) is not list:
        return
    kept = list(branches)
    changed = False
    for index, branch in enumerate(kept):
        if type(branch) is not dict or "type" not in branch or "$anchor" in branch:
            continue
        others = [out.get("type")]
        if branch.keys() == {"type"}:
            others += [other.get("type") for at, other in enumerate(kept) if at != index and type(other) is dict]
        if any(_within(other, branch["type"]) for other in others):
            kept[index] = {key: value for key, value in branch.items() if key != "type"}
            changed = True
    if changed:
        out["allOf"] = sorted_unique(kept)


def settle(out: dict[str, Any], read: bool, whole_floats: bool = True) -> Any:
    """A node whose keywords are canonical, folded (``fold_value_sets``), stripped of what
    accepts anything unless ``read`` (an unevaluated* keyword reads it), and unwrapped when a
    lone combinator is left: the folds can leave what an earlier step drops (a disjoint
    ``oneOf`` become an ``anyOf`` with a ``{}`` branch), so each runs after the other."""
    if _NUMBER_KEYWORDS.intersection(out):
        drop_refused_numbers(out)  # bounds merged from two schemas (``_both``) may refuse every number
    fold_value_sets(out, read=read)
    # (Once unevaluatedProperties has become additionalProperties, unevaluatedItems items.)
    if "propertyNames" in out:
        drop_implied_names(out)
    fold_array_length(out)
    if "type" in out and len(out) > 1:  # a type the fold gave (an enum's), or the siblings of a $ref
        drop_inapplicable(out)
        if "multipleOf" in out and whole_floats:
            whole_multiples(out)  # a multipleOf a $ref's target brought beside a number type, or one merged
        if whole_numbers(out["type"]):
            integer_bounds(out)  # a bound a $ref's target brought beside the siblings' type
    drop_refusing_branches(out)
    if "allOf" in out:
        drop_implied_branch_types(out)
    if not read:
        drop_accepting(out)
        if drop_branches_outside_type(out):
            return settle(out, read, whole_floats)
    merged = None if read else _lone_all_of_merged(out)  # (an unevaluated* reads the branch where it is)
    if merged is not None:
        return settle(merged, read, whole_floats)
    return one_branch(out)


def lift_double_negation(out: dict[str, Any]) -> bool:
    """Makes ``not: {not: X}`` the ``allOf`` branch X (then merged, or the node itself where it
    was alone): a value fails ``{not: X}`` exactly when it passes X (Core 2020-12, 10.2.1.4), so
    the two accept the same values. Read as written, ``{not: {not: {type: integer}}}`` →
    ``{type: integer}`` was a BREAKING "type narrowed: any → integer" no call could show
    (hostile trial, round 31). Only where no ``unevaluated*`` reads the node (the caller's to
    know): annotations from inside ``not`` are dropped, so X's members are not evaluated there,
    and as a branch they would be. The middle ``not`` must hold nothing else (an annotation
    there has no place once it is gone). Whether it changed the node."""
    middle = out["not"]
    if type(middle) is not dict or middle.keys() != {"not"} or type(middle["not"]) is not dict:
        return False
    branches = out.get("allOf", [])
    if type(branches) is not list:
        return False  # a malformed allOf: kept as written
    del out["not"]
    out["allOf"] = sorted_unique([*branches, middle["not"]])
    return True


def _lone_all_of_merged(out: dict[str, Any]) -> dict[str, Any] | None:
    """A node with one ``allOf`` branch beside other keywords, as one object, where that means
    the same (``merge_beside_reference``'s test: no keyword in both with another value, none
    read across the two, no ``unevaluated*`` reaching the other's keywords); None where it
    does not, or the branch is a cycle's (a mark or a back-reference). A ``$ref`` with
    siblings is merged so already; pydantic 1 wrote ``allOf: [{"$ref": …}]`` beside a
    description, and a ``oneOf`` beside ``allOf: [{"type": "object"}]`` could not be read as
    disjoint while the type stood apart (hostile trial, round 11)."""
    branches = out.get("allOf")
    if type(branches) is not list or len(branches) != 1 or len(out) == 1:
        return None
    branch = branches[0]
    if type(branch) is not dict or "$anchor" in branch or "$ref" in branch or "$dynamicRef" in branch:
        return None
    rest = {key: value for key, value in out.items() if key != "allOf"}
    if not _OBJECT_MEMBERS.isdisjoint(branch) and not all(key in ANNOTATION_KEYWORDS for key in rest):
        # Properties an allOf branch declares are read where they stand: an object that
        # becomes free-form beside them loosens at the allOf (the contract; zod's
        # intersections), which merged they would not. Beside annotations alone nothing can
        # become free-form: the branch is the whole schema, as a $ref's target beside them is
        # (pydantic 1's {allOf: [{$ref}], description} is pydantic 2's {$ref, description}: kept
        # apart, the two were a BREAKING "recursion cut at other places", hostile trial, round 44).
        return None
    if "$anchor" in rest or _apart(branch, rest):
        return None
    return {**branch, **rest}


#: The keywords an ``allOf`` branch of an object may hold to be merged into the node
#: (``object_branches_merged``): the members and their type, read the same wherever they
#: stand, and the bounds on the member count, read on the object alone.
_MERGEABLE_IN_BRANCH = frozenset({"type", "properties", "required", "minProperties", "maxProperties",
                                  *ANNOTATION_KEYWORDS})
#: The keywords beside such an ``allOf`` that keep it apart: each reads the members the keywords
#: beside it declare (``additionalProperties`` those ``properties`` and ``patternProperties``
#: leave over; ``unevaluated*`` every member an in-place part evaluates), or folds with
#: ``required`` (the dependent keywords), or marks a node a cycle returns to.
_KEEPING_BRANCHES_APART = frozenset({"additionalProperties", "patternProperties", "unevaluatedProperties",
                                     "unevaluatedItems", "dependentRequired", "dependentSchemas", "$anchor",
                                     "$ref", "$dynamicRef"})


def _meet_types(one: Any, other: Any) -> list[str] | None:
    """The types both ``type`` lists admit (an ``integer`` of one within the other's ``number``);
    None when either is malformed or they share none (the node then accepts nothing, left as
    written)."""
    if type(one) is not list or type(other) is not list:
        return None
    return sorted(types_meet(frozenset(one), frozenset(other))) or None


def object_branches_merged(out: dict[str, Any], whole_floats: bool = True) -> dict[str, Any] | None:
    """A node whose every ``allOf`` branch is an object's members (``properties``,
    ``required``, ``type``, member counts, annotations: ``_MERGEABLE_IN_BRANCH``), as one object
    with the keywords beside the ``allOf``: the names of all, a name several declare given
    the ``allOf`` of their schemas, ``required`` joined, the types met. An instance passes every
    branch and the node exactly when it passes that object, since each of these keywords reads
    the instance alone, not what the others declare. Not where a keyword beside the ``allOf``
    reads the members the others declare or folds with them (``_KEEPING_BRANCHES_APART``), where
    one keyword other than those merged and annotations has two values (an annotation two
    branches give otherwise is left out: no one text is the object's), or where a branch is a cycle's (the
    caller keeps it apart where an ``unevaluated*`` reads the branches). TypeBox writes one
    intersection of two objects as ``Type.Intersect`` (``allOf: [A, B]``) and as
    ``Type.Composite`` (the merged object), zod as ``.and()`` and as ``.merge()``: the two were
    a BREAKING "required property 'b' added" beside "type widened: object → any", and three
    false BREAKING findings the other way (hostile trial, round 44). None when it does not
    apply.

    The canonical form does not merge so (a branch's members are read where they stand: a
    branch lost is the contract's loosening, a member's change is named in its branch); the
    diff reads the one side's ``allOf`` so where the other side has none (classify/schema.py),
    ``out`` being a canonical node no ``unevaluated*`` reads."""
    branches = out.get("allOf")
    if type(branches) is not list or not branches or not _KEEPING_BRANCHES_APART.isdisjoint(out):
        return None
    # A branch that is itself an allOf of objects is the one object it means: "A and (B and C)"
    # is "A and B and C". Left as written, a member's type changed inside the inner allOf was
    # a NON_BREAKING "allOf removed" (hostile trial, round 45).
    branches = [_inner_merged(b, whole_floats) for b in branches]
    if not all(type(b) is dict and "properties" in b and _MERGEABLE_IN_BRANCH.issuperset(b) for b in branches):
        # Only objects that declare their members: a branch of a bare required list (or of no
        # members) is a condition read where it stands, as the diff words it (an allOf added).
        return None
    merged = {key: value for key, value in out.items() if key != "allOf"}
    beside = set(merged)  # annotations beside the allOf are what the reader is shown: they win
    # Annotations two branches give with other texts (zod's .describe() on both sides of
    # .and()): no one text is the object's, so it has none, but they read no value and the
    # branches still merge (hostile trial, round 45: kept apart, a title in each branch was three
    # false BREAKING findings).
    untold: set[str] = set()
    for branch in branches:
        for key, value in branch.items():
            if key not in merged:
                merged[key] = value
            elif key == "deprecated":
                if value is True:  # deprecated where any subschema says so (Validation 9.3)
                    merged[key] = True
            elif key in ANNOTATION_KEYWORDS:
                if key not in beside and canonical_json(merged[key]) != canonical_json(value):
                    untold.add(key)
            elif key == "type":
                met = _meet_types(merged[key], value)
                if met is None:
                    return None
                merged[key] = met
            elif key == "required":
                if type(merged[key]) is not list or type(value) is not list:
                    return None
                merged[key] = sorted_unique([*merged[key], *value])
            elif key == "properties":
                if type(merged[key]) is not dict or type(value) is not dict:
                    return None
                members = dict(merged[key])
                for name, schema in value.items():
                    if name not in members or canonical_json(members[name]) == canonical_json(schema):
                        members[name] = schema
                    else:
                        members[name] = _both(members[name], schema, whole_floats)
                merged[key] = members
            elif canonical_json(merged[key]) != canonical_json(value):
                return None  # two member counts: kept as written
    for key in untold:
        del merged[key]
    return settle(merged, False, whole_floats)


def _inner_merged(branch: Any, whole_floats: bool) -> Any:
    """``branch`` read as the one object its own ``allOf`` of objects means, where it holds one
    (``object_branches_merged``); else as written."""
    if type(branch) is not dict or "allOf" not in branch:
        return branch
    merged = object_branches_merged(branch, whole_floats)
    return branch if merged is None or "allOf" in merged else merged


#: The bounds a member two merged branches both declare keeps the tighter of: both apply, and a
#: value within the tighter is within the other (``_both``).
_TIGHTER_OF_TWO = {"maximum": min, "exclusiveMaximum": min, "maxLength": min, "maxItems": min, "maxProperties": min,
                   "minimum": max, "exclusiveMinimum": max, "minLength": max, "minItems": max, "minProperties": max}

#: The annotations that state values (a default a client may fill in, examples a model may copy):
#: a member two merged branches give with other values is kept as the ``allOf`` of the two as
#: written (``_both``), where a title or description given otherwise is only left out
#: (hostile trial, round 45: the merge dropped both defaults, and a default added read as none).
_READ_AS_WRITTEN = frozenset({"default", "examples"})

#: A text two merged branches give otherwise: the merged member has none (``_both``).
_NO_TEXT = object()


def _both(one: Any, other: Any, whole_floats: bool) -> Any:
    """The canonical schema of a member two merged branches both declare: both apply, so it is
    their ``allOf``, one object where the two merge as a ``$ref``'s target and its siblings do
    (``_apart``) once the keywords both give are met: the types both admit, the tighter of two
    bounds, ``deprecated`` where either says so, and no text where the two give other texts
    (annotations read no value; hostile trial, round 45, for ``deprecated``), but for two
    defaults or example lists (``_READ_AS_WRITTEN``), which keep the two apart. Settled (it
    may fold further). ``b: {type: number}`` and ``b: {type: integer}`` is ``b: {type:
    integer}``, where their ``allOf`` against the old ``b`` was a BREAKING "allOf gained 1
    branch" no value shows (hostile trial, round 45)."""
    if type(one) is dict and type(other) is dict:
        met: dict[str, Any] = {}
        for key in one.keys() & other.keys():
            if canonical_json(one[key]) == canonical_json(other[key]):
                continue
            if key in _READ_AS_WRITTEN:
                # Two defaults (or example lists) are not one: which a client fills in is
                # unsaid, and neither is dropped, so the member is both schemas as written.
                return settle({"allOf": sorted_unique([one, other])}, False, whole_floats)
            if key == "deprecated":
                # A location is deprecated where any subschema applying there says so
                # (Validation 2020-12, 9.3).
                met[key] = True if True in (one[key], other[key]) else _NO_TEXT
            elif key in ANNOTATION_KEYWORDS:
                met[key] = _NO_TEXT
            elif key == "type" and (types := _meet_types(one[key], other[key])) is not None:
                met[key] = types
            elif key in _TIGHTER_OF_TWO and all(type(v) in (int, float) for v in (one[key], other[key])):
                met[key] = _TIGHTER_OF_TWO[key](one[key], other[key])
        rest_one = {k: v for k, v in one.items() if k not in met}
        rest_other = {k: v for k, v in other.items() if k not in met}
        if not _apart(rest_one, rest_other):
            both = {**rest_one, **rest_other, **{k: v for k, v in met.items() if v is not _NO_TEXT}}
            return settle(both, False, whole_floats)
    return settle({"allOf": sorted_unique([one, other])}, False, whole_floats)


class Canonicaliser:
    """Canonicalises one root schema (``run``), or a node met below it (``schema``)."""

    def __init__(self, root: Any, inline_budget: InlineBudget | None = None) -> None:
        self.root = root
        self.budget = MAX_CANONICAL_NODES
        self.shared = inline_budget or InlineBudget()
        self.references = References(root)
        #: The role of each keyword in the declared dialect (``_ROLES``), and whether that
        #: dialect has the ``unevaluated*`` keywords (2019-09 on) and ``$dynamicRef`` (2020-12):
        #: an older one's validators read neither, so nothing is kept for them to read.
        self.role_of = _ROLES[self.references.dialect].get
        self.unevaluated = "unevaluatedProperties" not in LACKING[self.references.dialect]
        self.dynamic = "$dynamicRef" not in LACKING[self.references.dialect]
        #: Whether the dialect reads 1.0 as an integer (draft 6 on; ``dialects.whole_multiples``).
        self.whole_floats = self.references.dialect >= DRAFT_6
        self.dangling: set[str] = set()
        self.remote: set[str] = set()
        #: Each reference's target (its JSON pointer and value, see references.py), worked out
        #: once (``unquote`` and the pointer walk cost more than the rest of a node when a
        #: definition is used often).
        self.resolved: dict[str, tuple[str, Any]] = {}
        #: The expansions (each named by the stack of pointers being expanded, ending with
        #: its own) that some cycle returns to; None until the first cycle asks for them.
        self.cycles: set[tuple[str, ...]] | None = None
        #: Set on the instance that finds ``cycles``: it only records, its output is thrown away.
        self.recording = False
        #: The resources of their own (a non-fragment ``$id`` below the root) enclosing the node
        #: being read, innermost last: (base URI, the resource's node).
        self.resources: list[tuple[str, Any]] = []
        #: Whether a reference left as written may name a definition (see run): one by name, or
        #: one inside a resource of its own.
        self.names_unread = False
        #: Whether ``$defs``/``definitions`` are kept in the form (``run``: a name left unread).
        self.keep_definitions = False
        #: Whether an ``unevaluated*`` keyword of the node being read, or of one it is an
        #: in-place part of (an ``allOf`` branch, a ``$ref`` target, ``then``…), reads what
        #: the node's accept-anything applicators evaluate (``additionalProperties: true``,
        #: ``items: true``, a lone ``if``): they are then kept rather than dropped (Core
        #: 2020-12, 11.3; hostile trials, rounds 7 and 8). Below a property or an item it is
        #: another instance, which no such keyword above reads.
        self.read_here = False
        #: Whether something was kept because an unevaluated* keyword reads it: a later fold
        #: (one respelling that keyword as additionalProperties) may leave it unread, so the
        #: form is read again until it is a fixed point (``run``).
        self.kept_for_reading = False
        #: Set on an instance that reads a form again for ``_fixed_point``: it does not recurse.
        self.settling = False

    def run(self) -> Any:
        # The root is being expanded from the start: "#" inside it is a cycle, as any other.
        out = self.schema(self.root, ("#",), 0)
        if self.names_unread and not self.keep_definitions and _holds_unread_reference(out):
            # A reference by name (an anchor none or several claim) or one inside a subschema
            # with an $id of its own was left as written: what it names may be any definition,
            # so the schema is read once more with every node's definitions kept, and a change
            # in them is still reported (as ``$defs``) rather than vanishing with them.
            self.keep_definitions, self.budget = True, MAX_CANONICAL_NODES
            out = self.schema(self.root, ("#",), 0)
        if self.cycles and not self.recording:  # only a recursive schema pays for what follows
            if ("#",) in self.cycles:
                out = anchored(out)
            from .cycles import fold_unrollings  # only a recursive schema needs it

            out = fold_unrollings(out)
            # The fold can make two branches one back-reference only now, after the value-set
            # folds ran; the form is read once more so that it is a fixed point (a union of
            # two references to one expansion is one).
            out = self._fixed_point(out)
        elif self.kept_for_reading and not self.recording:
            out = self._fixed_point(out)
        return out

    def _fixed_point(self, out: Any) -> Any:
        """``out`` read again until reading it changes nothing (at most twice more): a fold
        that ran late (the recursion's unrollings; an unevaluated* respelled, after what it
        read was kept) can leave a spelling an earlier fold would have changed."""
        if self.settling:
            return out  # a re-reading itself: the caller compares
        for _ in range(2):
            reader = Canonicaliser(out, self.shared)
            reader.settling = True
            again = reader.run()
            if canonical_json(again) == canonical_json(out):
                break
            out = again
        return out

    def schema(self, node: Any, refs: tuple[str, ...], depth: int) -> Any:
        """The canonical form of ``node``, met with the pointers ``refs`` being expanded
        (``("#",)`` at the root): as it appears in the canonical form of the root."""
        if type(node) is not dict:  # the exact-type test lets the usual node skip two checks
            if node is True:
                return {}
            if not isinstance(node, dict):
                return normalise_numbers(node)  # false, or not a schema at all: kept as written
        self.budget -= 1
        if self.budget < 0:
            raise InputError(
                f"schema expands beyond {MAX_CANONICAL_NODES:,} nodes (its own and those its $refs inline)"
            )
        if depth > MAX_SCHEMA_DEPTH:
            raise InputError(
                f"schema nested deeper than {MAX_SCHEMA_DEPTH} levels once $refs are inlined"
            )
        if len(refs) > 1:  # inside a reference's expansion: a node the input did not spell out here
            self.shared.nodes -= 1
            if self.shared.nodes < 0:
                raise InputError(f"$refs inline beyond {MAX_INLINED_NODES:,} nodes across the surface's schemas")
        own = node.get(self.references.id_keyword) if depth else None
        if type(own) is str and "$ref" in node and self.references.siblings_ignored:
            own = None  # draft 3 to 7 ignore an id beside a $ref, as every sibling of it
        if type(own) is str and not own.startswith("#"):
            # A resource of its own: the references inside resolve against its base.
            self.resources.append((self.references.join(self.resources[-1][0] if self.resources else None, own),
                                   node))
            try:
                return self._node(node, refs, depth)
            finally:
                self.resources.pop()
        return self._node(node, refs, depth)

    def _node(self, node: dict[str, Any], refs: tuple[str, ...], depth: int) -> Any:
        if "$ref" in node and isinstance(node["$ref"], str):
            dynamic = node.get("$dynamicRef") if self.dynamic else None
            if isinstance(dynamic, str) and isinstance(node.get("allOf", []), list):
                # Both apply (Core 2020-12, 8.2.3): the dynamic one is read as a branch beside
                # the static one, not kept as inert data (hostile trial, round 7).
                rest = {k: v for k, v in node.items() if k != "$dynamicRef"}
                node = {**rest, "allOf": [*rest.get("allOf", []), {"$dynamicRef": dynamic}]}
            return self.reference(node, node["$ref"], refs, depth)
        if "$dynamicRef" in node and isinstance(node["$dynamicRef"], str) and self.dynamic:
            # In one document a dynamic reference starts where a static one does; no schema a
            # tool publishes extends another's dynamic scope, so it is read as a $ref.
            return self.reference(node, node["$dynamicRef"], refs, depth, "$dynamicRef")
        out = self.keywords(node, refs, depth)
        if "not" in out and not (self.read_here or _reads(out)) and lift_double_negation(out):
            return settle(out, False, self.whole_floats)
        if ("enum" in out or "const" in out or "anyOf" in out or "oneOf" in out or "if" in out or "then" in out
                or "else" in out or "unevaluatedProperties" in out or "unevaluatedItems" in out or "allOf" in out
                or "propertyNames" in out):
            return settle(out, self.read_here or _reads(out), self.whole_floats)
        return one_branch(out)

    def reference(self, node: dict[str, Any], ref: str, refs: tuple[str, ...], depth: int, key: str = "$ref") -> Any:
        siblings = {k: v for k, v in node.items() if k != key}
        if siblings and self.references.siblings_ignored:
            # Draft 3 to 7: a validator reads the reference alone. What a model reads beside it
            # (a description, a title) and the definitions it may point into are kept.
            siblings = {k: v for k, v in siblings.items() if k in _READ_BESIDE_OLD_REF or k.startswith("x-")}
        if ref[1:2] == "^" and BACK_REFERENCE.match(ref):
            # A back-reference of a canonical form read again: it stays (the form is a fixed point).
            return {"$ref": ref, **self.keywords(siblings, refs, depth)}
        resource = self.resources[-1] if self.resources else None
        cache_key = ref if resource is None else (resource[0], ref)
        known = self.resolved.get(cache_key)
        if known is None:
            found = self.references.locate(ref) if resource is None else self.references.locate_in(ref, *resource)
            known = self.resolved[cache_key] = found or (normalise_pointer(ref) if is_pointer(ref) else ref, MISSING)
        pointer, target = known
        if target is MISSING:
            (self.dangling if ref.startswith("#") else self.remote).add(ref)
            if resource is not None or ref.startswith("#"):
                # It may name a definition (see run): an anchor none or several claim, or a
                # pointer RFC 6901 does not resolve and a validator still may (jsonschema and
                # jsonschema-rs read the array index "+1" as 1), whose target changed unseen.
                self.names_unread = True
            return {key: pointer, **self.keywords(siblings, refs, depth)}
        if pointer in refs:
            return {"$ref": self.back_reference(refs, pointer), **self.keywords(siblings, refs, depth)}
        expansion = (*refs, pointer)
        outer = self.read_here
        # The target is an in-place part of the node.
        self.read_here = outer or (self.unevaluated and _reads(node))
        try:
            resolved = self.schema(target, expansion, depth + 1)
        finally:
            self.read_here = outer
        if self.cycles and expansion in self.cycles and not self.recording:
            resolved = anchored(resolved)
        if not siblings:
            return resolved
        extra = self.keywords(siblings, refs, depth)
        # An unevaluated* beside a target that evaluates every member reads nothing: dropped
        # before the merge, the target merges as it does without one (hostile trial, round 13).
        drop_unread_unevaluated(extra, resolved)
        if not extra:
            return resolved
        if isinstance(resolved, dict):
            if resolved.get("$anchor") != CYCLE_ANCHOR:
                merged = merge_beside_reference(resolved, extra)
                # the siblings may have replaced a keyword the fold reads, or brought a branch
                # that now accepts anything beside the target's
                return settle(merged, self.read_here or _reads(merged), self.whole_floats)
            # Merged in, the siblings would also hold wherever the cycle returns to this
            # node; beside it, in an allOf, they hold here only.
            branches = extra.get("allOf")
            if type(branches) is not list:
                return {**extra, "allOf": [resolved]}
            return {**extra, "allOf": sorted_unique([*branches, resolved])}
        # The siblings are a schema of their own here: folded as one (a one-value enum is const).
        extra = settle(extra, self.read_here or _reads(extra), self.whole_floats)
        return settle({"allOf": sorted_unique([resolved, extra])}, self.read_here, self.whole_floats)

    def back_reference(self, refs: tuple[str, ...], pointer: str) -> str:
        """``#^k`` for a reference to the expansion of ``pointer``, open in ``refs``.

        k counts the marked expansions from here up to the target, the target included:
        each expansion that some cycle returns to is marked (``"$anchor": "^"``, see
        ``keywords.anchored``), and only those, so that a reference inlined without a cycle leaves
        no trace. Whether an expansion is returned to is known only once it is done, so the
        first cycle met has the whole root walked once by a recording canonicaliser, which
        lists every such expansion; this instance then goes on with that list. Expansions
        that ended before were not returned to (nothing in them referred back), so the
        marks are right however far this instance had gone. A name-free index of
        expansions alone would not do: without the marks, a cycle back to the root and one
        back to a definition inlined between could give one form for different schemas.
        """
        target = refs.index(pointer) + 1
        if self.recording:
            assert self.cycles is not None
            self.cycles.add(refs[:target])
            return "#^"  # this output is thrown away
        if self.cycles is None:
            self.cycles = self.find_cycles()
        hops = 1 + sum(1 for end in range(target + 1, len(refs) + 1) if refs[:end] in self.cycles)
        return f"#^{hops}"

    def find_cycles(self) -> set[tuple[str, ...]]:
        """Every expansion of the root that a cycle returns to."""
        # A node budget of its own: it repeats this instance's walk, which is charged already.
        finder = Canonicaliser(self.root)
        finder.resolved = self.resolved
        finder.cycles = set()
        finder.recording = True
        finder.run()
        return finder.cycles

    def dependent_entry(self, node: Any, refs: tuple[str, ...], depth: int) -> Any:
        """The canonical form of a ``dependentSchemas`` entry, read as a schema of the object it
        applies to (``dialects.read_on_objects``), and settled again after each keyword that
        drops: what is left may fold further (a lone ``allOf`` merged brings keywords of other
        types up), and the form must be a fixed point."""
        entry = self.schema(node, refs, depth)
        for _ in range(MAX_SCHEMA_DEPTH):
            stripped = read_on_objects(entry)
            if stripped is entry:
                break
            entry = (settle(stripped, self.read_here or _reads(stripped), self.whole_floats) if type(stripped) is dict
                     else stripped)
        return entry

    def keywords(self, node: dict[str, Any], refs: tuple[str, ...], depth: int) -> dict[str, Any]:
        outer = self.read_here
        try:
            return self._keywords(node, refs, depth, outer)
        finally:
            self.read_here = outer

    def _keywords(self, node: dict[str, Any], refs: tuple[str, ...], depth: int, read: bool) -> dict[str, Any]:
        """``keywords``; ``read``: an unevaluated* keyword above reads what this node evaluates."""
        reads = read or (self.unevaluated and _reads(node))
        out: dict[str, Any] = {}
        schema, role_of = self.schema, self.role_of
        below = depth + 1
        applicators = False  # only a subschema or schema-map keyword can leave a {} to drop
        fold = False  # whether fold_dialects has anything to do
        dependencies = None  # draft-07 ``dependencies``, split: merged once ``out`` is complete
        for key, value in node.items():
            role = role_of(key)
            self.read_here = reads and key in IN_PLACE
            if role is None:
                out[key] = value if type(value) in _ATOMS else normalise_numbers(value)
            elif role is _TYPE and type(value) is str and value != "integer":
                out[key] = [value]  # all fold_dialects would do ("integer" also gets its bounds folded)
            elif role is _TYPE or role is _DIALECT:
                out[key] = value if type(value) in _ATOMS else normalise_numbers(value)
                fold = True
            elif role is _SUBSCHEMA:
                applicators = True
                if key == "items" and isinstance(value, list):
                    out[key] = normalise_numbers(value)  # draft-07 tuple: fold_dialects makes it prefixItems
                    fold = True
                else:
                    out[key] = schema(value, refs, below)
            elif role is _SCHEMA_MAP:
                applicators = True
                if isinstance(value, dict):
                    out[key] = {name: schema(sub, refs, below) for name, sub in value.items()}
                else:
                    out[key] = normalise_numbers(value)
            elif role is _SCHEMA_LIST:
                if isinstance(value, list):
                    branches = [schema(sub, refs, below) for sub in value]
                    if key in _UNORDERED_BRANCHES:
                        # A value matching two equal oneOf branches matches more than one, so
                        # there a duplicate is not redundant: it rejects what it matches.
                        branches = sorted_unique(branches) if key != "oneOf" else _sorted(branches)
                    out[key] = branches
                else:
                    out[key] = normalise_numbers(value)
            elif role is _DEPENDENCIES:
                fold = True
                split = split_dependencies(value) if key == "dependencies" else None
                if split is not None:
                    required, schemas = split
                    dependencies = (required, {name: self.dependent_entry(sub, refs, below)
                                               for name, sub in schemas.items()})
                elif key == "dependentSchemas" and isinstance(value, dict):
                    out[key] = {name: self.dependent_entry(sub, refs, below) for name, sub in value.items()}
                else:
                    out[key] = normalise_numbers(value)  # malformed: compared as written
            elif role is _IDENTIFIER and key == "$anchor" and value == CYCLE_ANCHOR:
                out[key] = value
            elif self.keep_definitions and key in ("$defs", "definitions") and isinstance(value, dict):
                kept = out.setdefault("$defs", {})
                kept.update({name: schema(sub, refs, below) for name, sub in value.items()})
            # else _SKIP: definitions are compared where they are referenced; $schema not at all;
            # a keyword the declared draft lacks is ignored by its validators
        if dependencies is not None:
            merge_dependencies(out, *dependencies)
        if fold:
            fold_dialects(out, self, refs, depth)
        if _NUMBER_KEYWORDS.intersection(out):
            drop_refused_numbers(out)
        if "type" in out and len(out) > 1:
            drop_inapplicable(out)
        drop_idle_values(out)
        if "minContains" in out:
            drop_idle_contains(out, reads)
        fold_array_length(out)
        drop_unread_unevaluated(out, out)
        drop_refused_members(out)
        for unevaluated in ("unevaluatedProperties", "unevaluatedItems"):
            if out.get(unevaluated) == {} and not read:
                # Accepts whatever is left: refuses nothing, and no keyword above reads what it
                # evaluated (one of a node this one is an in-place part of would: kept there).
                del out[unevaluated]
        drop_refusing_branches(out)
        if not reads:
            drop_accepting(out)
        if reads and (applicators or "allOf" in out or "anyOf" in out):
            self.kept_for_reading = True
        if applicators and not reads:
            # Accept-anything applicators, and properties with no entries, constrain nothing
            # (but for an unevaluated* keyword, which reads what they evaluated).
            for key in _DROP_WHEN_EMPTY.intersection(out):
                if out[key] == {}:
                    del out[key]
            if "propertyNames" in out and accepts_every_name(out["propertyNames"]):
                del out["propertyNames"]  # every key of a JSON object is a string
            if "patternProperties" in out:
                drop_free_patterns(out)
        if "discriminator" in out:
            drop_restating_discriminator(out)
        return out


def _sorted(values: list[Any]) -> list[Any]:
    """Sorted by canonical JSON, duplicates kept."""
    return sorted(values, key=canonical_json)


def canonical_schema(schema: Any, notes: list[str] | None = None, inline_budget: InlineBudget | None = None) -> Any:
    """Canonical form of ``schema`` (see module doc). Raises InputError past the limits.

    References that were kept as written (dangling or remote) are described in ``notes``;
    ``inline_budget`` is shared by the schemas of one surface.
    """
    canonicaliser = Canonicaliser(schema, inline_budget)
    out = canonicaliser.run()
    # Tested first: most schemas have no such reference, and two empty generators cost
    # more than canonicalising a small schema.
    if notes is not None and (canonicaliser.dangling or canonicaliser.remote):
        notes.extend(f"$ref {ref!r} does not resolve; compared as written, and the definitions with it"
                     if is_pointer(ref) else
                     f"$ref {ref!r} names no one subschema (an anchor or $id that none or several claim); compared "
                     "as written, and the definitions with it" for ref in sorted(canonicaliser.dangling))
        notes.extend(f"remote $ref {ref!r} is never fetched; compared as written"
                     for ref in sorted(canonicaliser.remote))
    return out
