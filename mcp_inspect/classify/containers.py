"""Schema keywords that hold subschemas: object members (``properties``, ``required``, what
governs the names they leave: ``additionalProperties``, ``unevaluatedProperties``), the single
applicators (``applicator``), ``not`` and ``if``. ``patternProperties`` is pattern_members.py's.

Handlers share the walker's signature ``(walker, key, old, new, path, depth)``; each
passes the walker the trail (rawpaths.py) of the subschemas it walks into.

A property name that no ``properties`` entry or pattern claims is governed by
``additionalProperties`` (governors.py), so a pattern or a property that appears or
disappears is compared with the schema that governs those names on the other side: with
``additionalProperties: false`` adding a pattern accepts names that were rejected. In a
subschema applied in place, what governed a name may be the node holding it
(``_enclosing_governor``). The array keywords (tuple positions, ``maxItems`` read with a
tuple's cap, a ``contains`` that ``minContains: 0`` idles) are in arrays.py;
``applicator`` hands it the ``items`` and ``contains`` cases it reads.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, NamedTuple

from ..limits import MAX_ENCLOSING_LEVELS
from ..snapshot.canonical import canonical_json
from ..snapshot.dialects import CLOSING, IN_PLACE
from ..snapshot.emptiness import refuses_every_value
from ..snapshot.keywords import accepts_anything
from .arrays import contains_idled, idle_contains, items_past_positions, tuple_positions
from .changes import ABSENT, join, or_none, same
from .governors import RESPELLABLE, UNSETTLED, governor, in_place_subschemas
from .keywords import ANNOTATION_KEYWORDS
from .members import member, object_refuses
from .names import (
    closed_to_other_names,
    declares_every_name_of,
    matches,
    pattern_for,
    pattern_keys,
    property_names,
    required_names,
)
from .sides import NEW, OLD
from .spelling import raw_spelling, raw_value
from .walker import Enclosing

if TYPE_CHECKING:
    from .walker import Walker

#: Facts that say how an object's members changed; inside ``if`` none of them orders the
#: schema, since changing ``if`` moves values between ``then`` and ``else``.
MEMBER_FACTS = frozenset({"property.added", "property.addedRequired", "property.removed",
                          "required.added", "required.removed"})
#: The note (rules/phrases.yaml, group ``notes``) on a fact made not orderable inside ``if``.
_INSIDE_IF = "inside_if"
#: The note on a fact made not orderable inside a ``contains`` beside ``maxContains``.
_BESIDE_MAX_CONTAINS = "beside_max_contains"


def properties(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = old.get("properties", {}), new.get("properties", {})
    if not isinstance(before, dict) or not isinstance(after, dict):
        w.emit("schema.changed", join(path, "properties"), before, after, "not_an_object", {"keyword": "properties"})
        return
    required_before, required_after = required_names(old), required_names(new)
    patterns = pattern_keys(old) | pattern_keys(new)
    for name in sorted(after.keys() - before.keys()):
        at = join(path, "properties", name)
        pattern, sure = pattern_for(name, patterns)
        if pattern is not None:
            # The name was governed by the pattern and now by the pattern and its own schema
            # (both apply): its values can only be fewer, never "anything goes" before. A
            # pattern RE2 cannot run may govern it: the same reading, said as a doubt.
            w.emit("constraint.tightened", at, None, name,
                   "property_added_matching_pattern" if sure else "property_added_under_pattern",
                   {"property": name, "pattern": pattern})
        elif name in required_after and name not in required_before:
            w.emit("property.addedRequired", at, None, name, "required_property_added", {"property": name})
        else:
            keyword, governed = governor(old, "additionalProperties")
            held = _Held(governed, w.sides.child(path, OLD, keyword), (keyword, None), beside=False)
            if governed is ABSENT and path in w.enclosing:
                held = _enclosing_governor(w, name, w.enclosing[path])
            sent = _always_sent(w, name, required_before, path)
            if governed is UNSETTLED and sent and not _may_be_evaluated_in_place(name, old):
                # Every call sent the member, and only unevaluatedProperties read it: its values
                # are compared with that schema's, as where nothing else evaluates.
                held = held._replace(schema=old[keyword])
            _optional_added(w, name, after[name], held, path, depth, required=sent)
    for name in sorted(before.keys() - after.keys()):
        at = join(path, "properties", name)
        pattern, sure = pattern_for(name, patterns)
        if pattern is not None and sure:
            w.emit("constraint.loosened", at, name, None, "property_removed_matching_pattern",
                   {"property": name, "pattern": pattern})
        elif pattern is not None:
            # Governed by the pattern, its values need match only the pattern (loosened); not
            # governed, they go to additionalProperties (removed): either may be, and nobody
            # can run the pattern to tell, so the finding says it may break and a witness is
            # searched for (hostile trial, round 13: any pattern without a literal start was
            # taken to govern every name, and a removal beside additionalProperties: false
            # passed the gate as NON_BREAKING).
            w.emit("constraint.changed", at, name, None, "property_removed_pattern_not_run",
                   {"property": name, "pattern": pattern})
        elif name not in required_names(old) and governor(new, "additionalProperties")[1] is not False \
                and refuses_every_value(before[name]):
            # A member that was refused outright is now left to what takes the other names. A
            # required one stays property.removed, the mirror of the property.addedRequired its
            # addition is (the old object took no value at all).
            w.emit("constraint.loosened", at, before[name], None, "property_removed_rejecting", {"property": name})
        else:
            w.emit("property.removed", at, name, None, "property_removed", {"property": name})
    for name in sorted(before.keys() & after.keys()):
        member(w, name, before[name], after[name], path, depth,
               required=(name in required_before, name in required_after),
               refused=(object_refuses(old, name), object_refuses(new, name)))


class _Held(NamedTuple):
    """What held the values of a name before a property declared it: a schema (ABSENT:
    anything goes; UNSETTLED; ``false``), its path in the old schema, the trail's step to it
    on the old side (rawpaths.py), whether it still applies beside the property's own schema
    (``beside``: then only what the property's schema refuses is news), and whether it is a
    schema the name was declared with (``declared``: a property or a pattern, which narrowed
    is a narrowing even where it accepted anything, as for a property kept: ``b: {}`` →
    ``b: {type: integer}`` is "type narrowed")."""

    schema: Any
    at: str
    step: tuple[str, str | None]
    beside: bool
    declared: bool = False


def _optional_added(w: Walker, name: str, own: Any, held: _Held, path: str, depth: int,
                    required: bool = False) -> None:
    """An optional property ``name`` added with the schema ``own``, which no pattern governs:
    until now its values were governed by what governs the names nothing claims (``held``,
    ``governor``). The contract's "optional property added" (NON_BREAKING both ways) is the
    convention for an open object, and for a closed one it accepts what was refused; but a
    schema that accepts nothing refuses a member the object took, and a property narrower than
    the additionalProperties schema that took its values refuses some of them (hostile trial,
    round 13: ``"a": false`` on an open object read as "optional property 'a' added"; round
    14: so did ``{"type": "string", "enum": [1]}``, which accepts nothing either).

    In a subschema applied in place (``_enclosing_governor``) what held the name may still
    hold it beside the property's own schema (``held.beside``), so the member's values can
    only be fewer: what the comparison finds looser is not reported.

    A name the old object already ``required`` (``required``) is no property added: every
    call sent the member, so the open object's convention does not apply, and its values are
    compared as a declared member's are (``{}`` → ``{type: string}`` is "type narrowed: any →
    string"); beside ``additionalProperties: false`` it was required and refused, so the
    object took no value, and declaring it lets some in (hostile trial, round 19: both were
    "required property 'a' added", the first without the witness {"a": 0}, the second a
    BREAKING no call could show)."""
    at = join(path, "properties", name)
    governed = held.schema
    declared = "required_property_declared" if required else "optional_property_added"
    if required and governed is False and not held.beside:
        # (Beside a node that still refuses it, as an outer closed object does, the member is
        # refused whatever the branch declares: said below as only declared.)
        if refuses_every_value(own):  # refused then, refused now (the canonical form drops it)
            w.emit("property.added", at, None, name, declared, {"property": name})
        else:
            # The contract's property added to a closed object (NON_BREAKING both ways): a
            # result with the member was as unseen before as one with a new optional member.
            w.emit("property.added", at, None, name, "required_property_declared_refused", {"property": name})
        return
    if governed is not False and refuses_every_value(own):
        w.emit("constraint.tightened", at, None, own, "property_added_rejecting", {"property": name})
        return
    if required and (governed is ABSENT or governed is UNSETTLED or kind_of(governed) == "anything"):
        # (UNSETTLED: which keyword held the member depends on the call; read as anything,
        # so a narrowing is said and the witness search shows it or says it found none.)
        governed, held = {}, held._replace(declared=True)
    elif governed is ABSENT or governed is UNSETTLED or governed is False or \
            kind_of(governed) == "anything" and not held.declared:
        w.emit("property.added", at, None, name, declared, {"property": name})
        return
    # The values move from the schema that held them to the property's own: compared as a
    # pattern's are (governors.py, ``slot``), each side's finding at its own keyword.
    count = len(w.changes)
    w.sides.fork(at, held.at, w.sides.at(at, NEW), owner=NEW)
    w.walk({} if governed is True else governed, own, at, depth + 1, w.split_trail(held.step, ("properties", name)))
    if held.beside and w.prefix.endswith(".output") and not w.negations % 2:
        # What held the member still does: a server can only return fewer values for it, which
        # no client has to handle (the round-16 fix's output side read them as BREAKING).
        del w.changes[count:]
    elif held.beside:
        # Only what the member's own schema refuses is news. emit() has turned each fact
        # inside an odd number of ``not``s into its opposite, so there the member's values
        # grew where a fact reads narrowed (hostile trial, round 17: filtered by the unflipped
        # names, a ``minLength`` added beside the held ``b: {type: string}`` inside ``not``
        # was dropped and the false "string → any" kept, BREAKING on input with no call to
        # show it, NON_BREAKING on output though the output now takes {"b": "x"}).
        grew = _NARROWING if w.negations % 2 else _LOOSENING
        w.changes[count:] = [c for c in w.changes[count:] if not c.rule.endswith(grew)]
    if len(w.changes) == count:
        # Its own schema accepts what held the member before: only declared. The member takes
        # the values it took, so a ``not`` around it reverses nothing: said as outside one
        # (emit() makes a property added inside ``not`` constraint.changed, BREAKING, since
        # its values may grow or shrink there; here they did neither: hostile trial, round 17).
        with w.negated() if w.negations % 2 else nullcontext():
            w.emit("property.added", at, None, name, declared, {"property": name})


#: The facts that say a member's values grew (Change.rule ends with one of them), and those
#: that say they shrank, which is what the first read as inside ``not`` (schema.py, _NEGATED).
_LOOSENING = (".type.widened", ".enum.widened", ".constraint.loosened")
_NARROWING = (".type.narrowed", ".enum.narrowed", ".constraint.tightened")


def _enclosing_governor(w: Walker, name: str, place: Enclosing) -> _Held:
    """What held ``name``, a property that a subschema applied in place (``place``: an
    ``allOf``/``anyOf``/``oneOf`` branch, a ``then``, an ``else``) with no
    ``additionalProperties`` of its own starts to declare. The subschema applies beside the
    node holding it, so whatever held the name there still does (``beside``): the node's
    own ``properties`` entry and the patterns that match the name, else its
    ``additionalProperties``, in an ``allOf`` what holds it in each other branch (hostile
    trial, round 16: ``b: {type: integer}`` added to a branch where the node or a sibling
    branch declared ``b: {type: string}`` passed the gate, though {"b": "x"} is refused now),
    and beside a ``then`` what its ``if`` holds it to, since the ``then`` applies only where
    it passed (round 17). Where that node is itself such a subschema, what holds the name
    at the node holding it does too, and so on outward (at most MAX_ENCLOSING_LEVELS nodes;
    round 17: ``then.anyOf[0]`` and ``allOf[0].anyOf[0]`` were compared with the nearest
    node alone).
    Where nothing holds it, the node's ``unevaluatedProperties`` did when no keyword there
    may evaluate the name (Core 2020-12, 11.3: the annotations of the subschemas that pass
    are seen), and the subschema takes the name from it whenever it applies. Otherwise
    ABSENT, the reading before: an optional property added (hostile trial, round 15, for an
    ``allOf`` branch; round 16, for an ``anyOf`` branch and a ``then``: a tightening there
    refuses a call that only that subschema let through)."""
    node = place.node
    unheld = _Held(ABSENT, w.sides.child(place.path, OLD, "additionalProperties"), ("additionalProperties", None),
                   beside=False)
    if not isinstance(node.get("properties", {}), dict):
        return unheld
    held: list[tuple[Any, str, bool]] = []
    level: Enclosing | None = place
    for _ in range(MAX_ENCLOSING_LEVELS):
        if level is None or not isinstance(level.node.get("properties", {}), dict):
            break  # (a node whose properties are no object: which names it declares is unknown)
        held += _held_in(name, level.node, w.sides.at(level.path, OLD))
        for branch, at in level.siblings:
            held += _held_in(name, branch, at)
        # A node that is itself a subschema applied in place applies beside the node holding
        # it, whose holders still hold the name too (hostile trial, round 17: b: {type:
        # integer} added to then.anyOf[0] beside the root's additionalProperties {type:
        # string} was compared with the then alone, which holds nothing).
        level = w.enclosing.get(level.path)
    if held:
        # Several holders are read as one schema where their keywords can be put together,
        # else as the first (the node's own declaration before the other branches').
        schema = held[0][0] if len(held) == 1 else _merged([schema for schema, _, _ in held])
        return _Held(held[0][0] if schema is None else schema, held[0][1], ("properties", name), beside=True,
                     declared=all(named for _, _, named in held))
    return _unevaluated_governor(w, name, place, unheld)


def _unevaluated_governor(w: Walker, name: str, place: Enclosing, unheld: _Held) -> _Held:
    """The ``unevaluatedProperties`` that held ``name`` where nothing declared it: at the node
    holding the subschema, or further out through nodes that are themselves subschemas applied
    in place (at most MAX_ENCLOSING_LEVELS nodes), as long as no keyword met on the way may
    evaluate the name (Core 2020-12, 11.3: it sees the annotations of every subschema applied
    in place that passes, however deep). The subschema then takes the name from it wherever
    it applies (hostile trial, round 19: ``b: {type: integer}`` added to ``allOf[0].anyOf[0]``
    or ``then.anyOf[0]`` beside the root's ``unevaluatedProperties: {type: string}`` was read
    at the nearest node alone, which has none, and passed as "optional property added"
    though {"b": "x"} is refused now). Otherwise ``unheld``."""
    level: Enclosing | None = place
    walked_out_of: Any = None  # the node of the level before, itself one of this level's subschemas
    for _ in range(MAX_ENCLOSING_LEVELS):
        if level is None:
            return unheld
        node = level.node
        conditional = level.keyword in ("then", "else")
        applied = {"if", "then", "else"} if conditional else {level.keyword}
        subschemas = [node[k] for k in ("if", "then", "else") if k in node] if conditional \
            else node.get(level.keyword)
        if not isinstance(subschemas, list) or not isinstance(node.get("properties", {}), dict) \
                or any(k in node for k in IN_PLACE - applied):
            return unheld
        # A subschema (the changed one's old side too) that may have read the name; the one
        # walked out of was read at the level before, keyword by keyword.
        if not all(b is walked_out_of or isinstance(b, dict) and not _may_evaluate(name, b) for b in subschemas):
            return unheld
        if "unevaluatedProperties" in node:
            return _Held(node["unevaluatedProperties"], w.sides.child(level.path, OLD, "unevaluatedProperties"),
                         ("unevaluatedProperties", None), beside=False)
        # Nothing else of this node evaluates the name: its properties and the patterns that
        # may match were read for holders (_held_in), and it has no additionalProperties.
        walked_out_of = node
        level = w.enclosing.get(level.path)
    return unheld


def applied_beside(w: Walker, node: dict, path: str, keyword: str) -> tuple[tuple[Any, str], ...]:
    """The old ``node``'s (at the walk path ``path``) subschemas applied in place that apply
    to every value it applies to, each with its path in the old schema, but those under
    ``keyword`` (the applicator whose subschema is being walked, which reads its own): every
    ``allOf`` entry, and the one entry of an ``anyOf`` or ``oneOf`` that has one (it must
    pass). These hold a name wherever a subschema of the node does, whatever applicator that
    is (Core 2020-12, 10.2.1.1): ``b: {type: integer}`` added to ``anyOf[0]`` or to ``then``
    beside ``allOf: [{properties: {b: {type: string}}}]`` passed the gate as "optional property
    added", though {"b": "x"} is refused now (hostile trial, round 20). An ``anyOf`` of more
    entries, a ``then`` or an ``else`` applies to some values only, so it proves nothing about
    the others and is not read."""
    beside: list[tuple[Any, str]] = []
    for applicator in ("allOf", "anyOf", "oneOf"):
        entries = node.get(applicator)
        if applicator == keyword or not isinstance(entries, list) or (applicator != "allOf" and len(entries) != 1):
            continue
        found = None if w.raw is None else w.raw.branch_indexes(OLD, w.here()[OLD], applicator)
        indexes = {} if found is None else found[0]
        for index, entry in enumerate(entries):
            spelled = indexes.get(canonical_json(entry), index)  # the input's own index, where known
            beside.append((entry, w.sides.child(path, OLD, applicator, str(spelled))))
    return tuple(beside)


def _held_in(name: str, schema: Any, at: str) -> list[tuple[Any, str, bool]]:
    """The schemas that hold the member ``name`` in ``schema`` (at ``at`` in the old schema),
    each with its path and whether the name is declared with it: its ``properties`` entry and
    the patterns that match the name or may (RE2 cannot run them: the doubt read as a pattern
    that governs it, as a property added beside one is), else its ``additionalProperties``."""
    if not isinstance(schema, dict):
        return []
    declared = schema.get("properties", {})
    held = [(declared[name], join(at, "properties", name), True)] \
        if isinstance(declared, dict) and name in declared else []
    held += [(schema["patternProperties"][pattern], join(at, "patternProperties", pattern), True)
             for pattern in sorted(pattern_keys(schema)) if matches(pattern, name) is not False]
    if not held and "additionalProperties" in schema:
        held.append((schema["additionalProperties"], join(at, "additionalProperties"), False))
    return held


#: Keywords read together with the others of their group in one schema (``additionalProperties``
#: governs the names ``properties`` and the patterns leave): two schemas that split a group
#: between them say more than their keywords put in one schema.
_READ_TOGETHER = (frozenset({"properties", "patternProperties", "additionalProperties"}),
                  frozenset({"prefixItems", "items"}), frozenset({"contains", "minContains", "maxContains"}),
                  frozenset({"if", "then", "else"}))


def _merged(schemas: list[Any]) -> Any:
    """One schema that accepts what all ``schemas`` accept (each applies to the member), by
    putting their keywords together; None where that is not sure: a keyword two of them give
    different values, a group of ``_READ_TOGETHER`` split between them, an ``unevaluated*`` or
    a ``$`` keyword (their annotations are the first one's)."""
    merged: dict[str, Any] = {}
    for schema in schemas:
        if schema is False:
            return False
        if schema is True:
            continue
        if not isinstance(schema, dict):
            return None
        for key, value in schema.items():
            if key.startswith(("$", "unevaluated")):
                return None
            if key in merged and not same(merged[key], value) and key not in ANNOTATION_KEYWORDS:
                return None
            merged.setdefault(key, value)
    for group in _READ_TOGETHER:
        parts = [{k: v for k, v in schema.items() if k in group} for schema in schemas if isinstance(schema, dict)]
        if len({canonical_json(part) for part in parts if part}) > 1:
            return None
    return merged


def _always_sent(w: Walker, name: str, required_here: set[str], path: str) -> bool:
    """Whether every value the old node at ``path`` applies to holds the member ``name``: the
    node requires it (``required_here``), or, for a subschema applied in place, a node it
    applies beside does (one further out, another ``allOf`` branch, the ``if`` of a ``then``;
    at most MAX_ENCLOSING_LEVELS nodes), since they apply wherever it does."""
    if name in required_here:
        return True
    level = w.enclosing.get(path)
    for _ in range(MAX_ENCLOSING_LEVELS):
        if level is None:
            return False
        beside = [level.node, *(schema for schema, _ in level.siblings)]
        if any(isinstance(schema, dict) and name in required_names(schema) for schema in beside):
            return True
        level = w.enclosing.get(level.path)
    return False


def _may_be_evaluated_in_place(name: str, node: dict) -> bool:
    """Whether a subschema the old ``node`` applies in place may evaluate the member ``name``
    (else its ``unevaluatedProperties`` reads it whenever it is sent); True where one cannot be
    read plainly (a ``$ref``, a subschema that is no object, which ``in_place_subschemas``
    gives as a ``$ref``)."""
    return any(not isinstance(b, dict) or _may_evaluate(name, b) for _, b in in_place_subschemas(node, ""))


def _may_evaluate(name: str, branch: dict) -> bool:
    """Whether a subschema of the old side applied in place may evaluate the member ``name``."""
    declared = branch.get("properties", {})
    return (not isinstance(declared, dict) or name in declared or bool(pattern_keys(branch))
            or any(k in branch for k in IN_PLACE | {"additionalProperties", "unevaluatedProperties"}))


def required(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = required_names(old), required_names(new)
    old_props, new_props = property_names(old), property_names(new)
    # Claimed elsewhere: a property added as required, or removed altogether.
    for name in sorted(after - before):
        if name in new_props and name not in old_props:
            continue
        w.emit("required.added", join(path, "properties", name), None, name, "now_required", {"property": name})
    for name in sorted(before - after):
        if name in old_props and name not in new_props:
            continue
        w.emit("required.removed", join(path, "properties", name), name, None, "now_optional", {"property": name})
    for side, raw in (("before", old.get("required", ABSENT)), ("after", new.get("required", ABSENT))):
        if raw is not ABSENT and not (isinstance(raw, list) and all(isinstance(n, str) for n in raw)):
            w.emit("schema.changed", join(path, "required"), old.get("required"),
                   new.get("required"), "required_not_names", {"side": side})
            return


def _respelled_on_one_side(w: Walker, declared: str, old: dict, new: dict) -> bool:
    """Whether one side's canonical form holds ``declared`` (``additionalProperties``) where the
    other kept the ``unevaluated*`` keyword it respells, and neither holds both: the canonical
    form respells it only where nothing else in the node evaluates, so an in-place applicator
    gone on one side leaves the one keyword spelled two ways (hostile trial, round 12: both
    "unevaluatedProperties added: false" and "removed (was false)" between equal schemas)."""
    partner = RESPELLABLE[declared]
    if declared in new and partner in old and declared not in old and partner not in new:
        holder = NEW
    elif declared in old and partner in new and declared not in new and partner not in old:
        holder = OLD
    else:
        return False
    # Only where that side's input wrote the unevaluated* keyword: one that wrote the declared
    # keyword itself beside an in-place applicator governs other values (tests/classify).
    return raw_spelling(w, (partner, declared))[holder] == partner


def applicator(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    # Absent means "accept anything" for these keywords ({} is folded away), so adding
    # one tightens and removing one loosens; present on both sides, walk into it.
    declared = _DECLARED_FOR.get(key)
    if declared is not None and _respelled_on_one_side(w, declared, old, new):
        return  # compared once, as the declared keyword (below)
    if key in RESPELLABLE:
        spelled = raw_spelling(w, (key, RESPELLABLE[key]))
        if _respelled_on_one_side(w, key, old, new):
            partner = RESPELLABLE[key]
            old = {**old, key: old[partner]} if key not in old else old
            new = {**new, key: new[partner]} if key not in new else new
            spelled = (spelled[OLD] or partner, spelled[NEW] or partner)
        if any(s not in (None, key) for s in spelled):
            _closing(w, key, old, new, path, depth, (spelled[OLD] or spelled[NEW] or key,
                                                     spelled[NEW] or spelled[OLD] or key))
            return
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    if key in _DECLARED_FOR and _unevaluated_read_nothing(w, key, join(path, key), key, before, after):
        return
    present = after if before is ABSENT else before
    if key in _ACCEPTING_WHEN_EMPTY and (before is ABSENT) != (after is ABSENT) and present != {} \
            and accepts_anything(present) and (key == "propertyNames" or not _read_by_unevaluated(w, path, old, new)):
        # Annotations alone accept every value, as the {} the canonical form drops here does:
        # only the annotations are compared (hostile trial, round 45: additionalProperties
        # {"description": …} added to an open object was a BREAKING "additionalProperties added").
        w.walk({} if before is ABSENT else before, {} if after is ABSENT else after, join(path, key), depth + 1,
               w.child_trail(key))
        return
    if key in _EVALUATING_WHEN_OPEN and {kind_of(before), kind_of(after)} == {"anything", "absent"} or \
            key in _EVALUATING_WHEN_OPEN and (before is ABSENT) != (after is ABSENT) and accepts_anything(present):
        # The canonical form keeps an accept-anything applicator only where an unevaluated*
        # keyword may read what it evaluated (Core 2020-12, 11.3): removed, those values are
        # left to it, and adding one takes them from it (hostile trial, round 7).
        evaluated(w, join(path, key), before, after, key)
    elif key in ("then", "else") and (before is ABSENT) != (after is ABSENT) and \
            (old.get("if", ABSENT) is ABSENT) != (new.get("if", ABSENT) is ABSENT) and not \
            _evaluates_for_unevaluated(before if after is ABSENT else after, old, new, old.get("if", new.get("if"))):
        _conditional(w, key, before, after, old.get("if", new.get("if")), path)
    elif key == "contains" and (before is ABSENT) != (after is ABSENT) and idle_contains(w, before) \
            and (before is not ABSENT or new.get("minContains") != 0):
        contains_idled(w, path, before, after)
    elif key == "propertyNames" and (before is ABSENT) != (after is ABSENT) and \
            closed_to_other_names(old if before is ABSENT else new, before if after is ABSENT else after):
        # The side without it is an object closed to every name it would refuse: it refuses no
        # object of that side (the canonical form drops it there; hostile trial, round 19).
        added = before is ABSENT
        w.respelled(join(path, key), or_none(before), or_none(after), "names_closed_already",
                    {"keyword": key, "change": "added" if added else "removed", "side": "old" if added else "new"})
    elif key == "contains" and (before is ABSENT) != (after is ABSENT) and \
            any(side.get("unevaluatedItems", True) not in (True, {}) for side in (old, new)):
        # The items it matches are evaluated, and the rest left to an unevaluatedItems that may
        # refuse them: added, it asks for a match and frees the matches; removed, the reverse
        # (found with round 19's contains: removed beside unevaluatedItems {type: string},
        # [1, 2, 3] past minContains 3 was a NON_BREAKING loosening, though it is refused now).
        added = before is ABSENT
        w.emit("constraint.changed", join(path, key), None if added else before, after if added else None,
               "keyword_added" if added else "keyword_removed", {"keyword": key, "value": after if added else before})
    elif key == "items" and (before is False) != (after is False) and isinstance(after or before, dict) \
            and tuple_positions(old, new) > 0 and not refuses_every_value(after or before):
        items_past_positions(w, old, new, path, before, after)
    elif key in ("then", "else") and (before is ABSENT) != (after is ABSENT) and \
            _evaluates_for_unevaluated(before if after is ABSENT else after, old, new,
                                       old.get("if", new.get("if")) if "if" in old or "if" in new else ABSENT):
        # What it evaluates is left to (taken from) an unevaluated* keyword beside it that may
        # refuse: removed, it loosens its own constraints and leaves members to that keyword
        # (found with round 19's prefixItems: a then's prefixItems removed beside
        # unevaluatedItems false was a NON_BREAKING loosening, though ["a", "b"] is refused now).
        added = before is ABSENT
        w.emit("constraint.changed", join(path, key), None if added else before, after if added else None,
               "keyword_added" if added else "keyword_removed", {"keyword": key, "value": after if added else before})
    elif key == "additionalProperties" and (before is ABSENT) != (after is ABSENT) and \
            declares_every_name_of(new if before is ABSENT else old, old if before is ABSENT else new):
        # The side without it holds only names the side with it declares: there it governs no
        # member of any object the other side accepts (hostile trial, round 31).
        added = before is ABSENT
        w.respelled(join(path, key), or_none(before), or_none(after), "members_declared_already",
                    {"keyword": key, "change": "added" if added else "removed", "without": "old" if added else "new",
                     "holder": "new" if added else "old"})
    elif before is ABSENT or after is ABSENT:
        w.added_removed_changed(old, new, path, key)
    elif key == "contains" and ("maxContains" in old or "maxContains" in new):
        # Beside maxContains a contains that matches more items can refuse an array (too many
        # matches) as well as accept one (enough matches): no change inside it orders the
        # schema (hostile trial, round 19: a contains widened beside maxContains 1 was a
        # NON_BREAKING type.widened, though ["a", 1] is refused now).
        with w.unordered(MEMBER_FACTS, _BESIDE_MAX_CONTAINS):
            w.walk(before, after, join(path, key), depth + 1, w.child_trail(key))
    elif not same(before, after) or w.recursion.enter_equal(before):
        at = join(path, key)
        if key in ("then", "else"):
            # A name it starts to declare was governed by this node until now. A ``then``
            # applies only where its ``if`` passed, so what the ``if`` holds a name to holds it
            # there too, as another allOf branch does (an ``else`` applies where it failed).
            condition = old.get("if") if key == "then" else None
            beside = ((condition, w.sides.child(path, OLD, "if")),) if isinstance(condition, dict) else ()
            w.enclosing[at] = Enclosing(path, old, key, beside + applied_beside(w, old, path, key), new)
        w.walk(before, after, at, depth + 1, w.child_trail(key))
        w.enclosing.pop(at, None)


#: Applicators that evaluate what they apply to even when they accept anything.
_EVALUATING_WHEN_OPEN = frozenset({"additionalProperties", "items"})
#: Applicators whose accept-anything value is their absence where no unevaluated* reads what
#: they evaluate (the canonical form drops their ``{}``; ``propertyNames`` evaluates nothing).
_ACCEPTING_WHEN_EMPTY = frozenset({"additionalProperties", "items", "unevaluatedProperties", "unevaluatedItems",
                                   "propertyNames"})


def _read_by_unevaluated(w: Walker, path: str, old: dict, new: dict) -> bool:
    """Whether an unevaluated* keyword that may refuse reads what the node at ``path``
    evaluates: on the node itself, or on a node it is an in-place part of (``w.enclosing``)."""
    def reads(node: Any) -> bool:
        return isinstance(node, dict) and any(node.get(keyword, True) not in (True, {})
                                              for keyword in ("unevaluatedProperties", "unevaluatedItems"))

    nodes, at, levels = [old, new], path, 0
    while at in w.enclosing and levels < MAX_ENCLOSING_LEVELS:
        place = w.enclosing[at]
        nodes += [place.node, place.new_node]
        at, levels = place.path, levels + 1
    return any(reads(node) for node in nodes)


def evaluated(w: Walker, at: str, before: Any, after: Any, keyword: str) -> None:
    """An applicator that evaluates what it applies to, absent on one side (ABSENT): kept by
    the canonical form only where an unevaluated* keyword reads what it evaluated, so its
    going leaves those values to that keyword (tightened) and its coming takes them (loosened)."""
    removed = after is ABSENT
    w.emit("constraint.tightened" if removed else "constraint.loosened", at, before if removed else None,
           None if removed else after, "evaluated_removed" if removed else "evaluated_added", {"keyword": keyword})


#: What a subschema applied in place may evaluate, by the unevaluated* keyword that reads it.
_EVALUATES = {"unevaluatedItems": frozenset({"prefixItems", "items", "contains", "unevaluatedItems"}),
              "unevaluatedProperties": frozenset({"properties", "patternProperties", "additionalProperties",
                                                  "unevaluatedProperties"})}


def _evaluates_for_unevaluated(subschema: Any, old: dict, new: dict, condition: Any = ABSENT) -> bool:
    """Whether ``subschema`` (a ``then`` or ``else`` present on one side), or the ``if`` that
    came or went with it (``condition``), may evaluate items or members that an
    ``unevaluatedItems`` or ``unevaluatedProperties`` beside it, on either side, may refuse
    (Core 2020-12, 11.2 and 11.3: the annotations of a passing ``if`` and ``then`` are seen):
    their evaluating keywords, or an applicator of their own that may hold them. An ``if`` that
    stays on both sides evaluates the same on both and is not read (hostile trial, round 21:
    ``if`` and ``then: {prefixItems: [{}]}`` removed together beside ``unevaluatedItems: false``
    was a NON_BREAKING loosening, though ``[1]`` is refused now)."""
    came_or_went = condition is not ABSENT and ("if" in old) != ("if" in new)
    for keyword, evaluating in _EVALUATES.items():
        if not any(side.get(keyword, True) not in (True, {}) for side in (old, new)):
            continue
        for schema in (subschema, condition if came_or_went else None):
            if isinstance(schema, dict) and (not evaluating.isdisjoint(schema) or not IN_PLACE.isdisjoint(schema)):
                return True
    return False


def kind_of(value: Any) -> str:
    return "absent" if value is ABSENT else "anything" if value == {} or value is True else "schema"


def _conditional(w: Walker, key: str, before: Any, after: Any, condition: Any, path: str) -> None:
    """A ``then`` (``else``) that came or went with its ``if``: said with the condition under
    which it applies, since the ``if`` is no finding of its own (``condition``)."""
    facts = {"keyword": key, "when": "matches" if key == "then" else "does not match", "condition": condition}
    if before is ABSENT:
        w.emit("constraint.tightened", join(path, key), None, after, "conditional_added", {**facts, "value": after})
    else:
        w.emit("constraint.loosened", join(path, key), before, None, "conditional_removed", {**facts, "value": before})


#: The other way than ``RESPELLABLE`` (governors.py): each unevaluated* keyword, and the
#: declared keyword it may be written as.
_DECLARED_FOR = {unevaluated: declared for unevaluated, declared in CLOSING}


def _closing(w: Walker, key: str, old: dict, new: dict, path: str, depth: int,
             spelled: tuple[str, str]) -> None:
    """``additionalProperties`` (``items``) that one side's input spells as
    ``unevaluatedProperties`` (``unevaluatedItems``): compared as the one keyword it is,
    each side's finding at that side's keyword."""
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    at = join(path, key)
    w.sides.fork(at, w.sides.child(path, OLD, spelled[OLD]), w.sides.child(path, NEW, spelled[NEW]))
    present = after if before is ABSENT else before
    if (before is ABSENT) != (after is ABSENT) and present != {} and accepts_anything(present) \
            and not _read_by_unevaluated(w, path, old, new):
        # Annotations alone accept every value (see ``applicator``; hostile trial, round 45).
        w.walk({} if before is ABSENT else before, {} if after is ABSENT else after, at, depth + 1,
               w.split_trail((spelled[OLD], None), (spelled[NEW], None)))
    elif _unevaluated_read_nothing(w, spelled[NEW] if before is ABSENT else spelled[OLD], at, key, before, after):
        pass
    elif before is ABSENT and after is not ABSENT:
        w.emit("constraint.tightened", at, None, after, "keyword_added", {"keyword": spelled[NEW], "value": after})
    elif after is ABSENT and before is not ABSENT:
        w.emit("constraint.loosened", at, before, None, "keyword_removed", {"keyword": spelled[OLD], "value": before})
    elif key == "items" and (before is False) != (after is False) and isinstance(after or before, dict) \
            and tuple_positions(old, new) > 0 and not refuses_every_value(after or before):
        items_past_positions(w, old, new, path, before, after)
    elif not same(before, after) or w.recursion.enter_equal(before):
        w.walk(before, after, at, depth + 1, w.split_trail((spelled[OLD], None), (spelled[NEW], None)))


def _unevaluated_read_nothing(w: Walker, keyword: str, at: str, key: str, before: Any, after: Any) -> bool:
    """Reports an ``unevaluated*`` keyword (``keyword``, compared as ``key``) that one side's
    canonical form lacks although that side's input spells it, and spells it so it may refuse:
    there it read nothing, a keyword beside it evaluating every member (item), and the
    canonical form dropped it (snapshot/canonical.py). It is no keyword added or removed, the
    input has it on both sides: what changed is whether it has anything left to refuse.
    False, and nothing said, for any other pair (hostile trial, round 13)."""
    if (before is ABSENT) == (after is ABSENT) or keyword not in _DECLARED_FOR:
        return False
    lacking = OLD if before is ABSENT else NEW
    written = raw_value(w, keyword, lacking)
    if written is ABSENT or written is True or written == {}:
        return False
    facts = {"keyword": keyword, "what": "item" if keyword == "unevaluatedItems" else "member"}
    if lacking == OLD:
        w.emit("constraint.tightened", at, None, after, "unevaluated_reads_again", {**facts, "value": after})
    else:
        w.emit("constraint.loosened", at, before, None, "unevaluated_reads_nothing", {**facts, "value": before})
    return True


def negation(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """``not``: a subschema that accepts more makes the schema accept fewer values."""
    before, after = old.get("not", ABSENT), new.get("not", ABSENT)
    if before is ABSENT or after is ABSENT:
        w.added_removed_changed(old, new, path, "not")
    elif not same(before, after) or w.recursion.enter_equal(before):
        with w.negated():
            w.walk(before, after, join(path, "not"), depth + 1, w.child_trail("not"))


def condition(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """``if``: prose inside it is prose; any constraint change is not orderable. An ``if``
    added or removed is no finding of its own: it refuses nothing (Core 2020-12, 10.2.2.1),
    and the canonical form keeps one only beside a ``then`` or ``else``, which the side
    without it lacks too, so their own findings (added, removed) say what is now required
    and under which condition. Reported alone, it was a BREAKING no call could show."""
    before, after = old.get("if", ABSENT), new.get("if", ABSENT)
    if before is ABSENT or after is ABSENT:
        if not any(key in side for side in (old, new) for key in ("then", "else")):
            # A lone if is kept only where an unevaluated* keyword reads what it evaluated
            # (snapshot/canonical.py): it goes as an accept-anything applicator does.
            evaluated(w, join(path, "if"), before, after, "if")
    elif not same(before, after) or w.recursion.enter_equal(before):
        with w.unordered(MEMBER_FACTS, _INSIDE_IF):
            w.walk(before, after, join(path, "if"), depth + 1, w.child_trail("if"))
