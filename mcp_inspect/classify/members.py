"""A property both sides declare, weighed against what each side's schema accepts at all.

The schema walker compares a member's two schemas keyword by keyword; what that finds about
values means nothing where a side accepts no value for the member (its schema proves empty,
snapshot/emptiness.py, or the object refuses the name beside it), or no value of one JSON
type. ``member`` walks the pair and then replaces such findings with the one fact that holds:
a respelling, a loosening (accepted nothing before), or a tightening (accepts nothing now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..patterns.ecma import search
from ..snapshot.dialects import name_accepted
from ..snapshot.emptiness import refuses_every_value
from .changes import ABSENT, join
from .keywords import KEYWORDS_OF_TYPE
from .values import is_number

if TYPE_CHECKING:
    from .walker import Walker


#: The facts about what a schema says of its value, not which values it accepts: kept where
#: the values accepted cannot have changed.
_ANNOTATION_FACTS = (".description.changed", ".default.changed", ".deprecated.added", ".deprecated.removed",
                     ".header.changed")


def member(w: Walker, name: str, before: Any, after: Any, path: str, depth: int, *,
            required: tuple[bool, bool], refused: tuple[bool, bool] = (False, False)) -> None:
    """A property both sides declare, walked. What the walk finds about values is then weighed
    against what each side's schema accepts at all (snapshot/emptiness.py); what it says of
    the member, its text, default or header, is kept:

    - no value on either side: a member sent was refused and still is, and an object that
      requires it accepted none and still accepts none; one respelling says so. Hostile
      trial, round 19: ``minItems`` 2 → 3 on an array whose ``items: false`` beside one
      position accepted no array either way was a BREAKING tightening no call could show.
    - no value on the old side, of an optional member: no call that passed sent it, so no
      change inside can break one; one loosening says the member may be accepted now. A
      required member's object accepted no call at all: its findings stay, and the witness
      search says the old schema accepts no call (issue 34). Hostile trial, round 21:
      ``contains: false`` → ``maxItems: 0`` was a BREAKING ``maxItems`` added. The mirror:
      no value on the new side, of a member the new object does not require, is one
      tightening ("accepts no value now"), whatever the walk found inside (a type changed to
      one its enum contradicts), so that the two directions read as each other's reverse.
    - no value of one type (arrays, say) on either side: a change of the keywords that read
      only that type changes nothing; one respelling says so. Hostile trial, round 21:
      ``minItems: 1`` added beside an untyped ``contains: false`` was a BREAKING tightening.

    A member the object refuses whatever its own schema says (``refused``, per side: a
    ``patternProperties`` entry that matches the name and accepts nothing, a ``propertyNames``
    that refuses it) is read as a schema that accepts no value (hostile trial, round 23:
    ``a: {type: string}`` → ``a: false`` beside ``patternProperties: {"^a$": false}`` was a
    BREAKING "the schema now rejects every value" though ``{"a": "x"}`` was refused before)."""
    at = join(path, "properties", name)
    count = len(w.changes)
    w.walk(before, after, at, depth + 1, w.child_trail("properties", name))
    found = w.changes[count:]
    kept = [change for change in found if change.rule.endswith(_ANNOTATION_FACTS)]
    if len(kept) == len(found):
        return
    empty_before = refused[0] or refuses_every_value(before)
    empty_after = refused[1] or refuses_every_value(after)
    if empty_before and empty_after:
        w.changes[count:] = kept
        w.respelled(at, before, after, "member_refused_before_and_after" if any(refused) else
                    "refused_before_and_after", {"property": name})
        return
    if empty_before or empty_after:
        widening = empty_before
        if not required[0 if widening else 1] and not w.reasons and not _all_one_way(w, found, kept, widening):
            w.changes[count:] = kept
            w.emit(*(("constraint.loosened", at, before, after, "accepted_none_before") if widening else
                     ("constraint.tightened", at, before, after, "accepts_none_now")), {"property": name})
        return
    for kind, keywords in KEYWORDS_OF_TYPE.items():
        idle = [change for change in found if change not in kept and _first_keyword(change.path, at) in keywords]
        if idle and refuses_every_value(before, kind) and refuses_every_value(after, kind):
            w.changes[count:] = [change for change in w.changes[count:] if change not in idle]
            w.respelled(at, before, after, "type_refused_before_and_after", {"property": name, "type": kind})


#: Facts that say a schema accepts more, and fewer (each inside an odd number of ``not``s,
#: the facts they turn into): where the walk says only these of a member that accepted
#: nothing, or accepts nothing now, they tell it.
_ONE_WAY_FACTS = {
    True: (frozenset({"constraint.loosened", "type.widened", "enum.widened", "required.removed", "property.added"}),
           frozenset({"constraint.tightened"})),
    False: (frozenset({"constraint.tightened", "type.narrowed", "enum.narrowed", "required.added",
                       "property.removed", "property.addedRequired"}), frozenset({"constraint.loosened"})),
}


def _all_one_way(w: Walker, found: list, kept: list, widening: bool) -> bool:
    """Whether every fact the walk found about values (those not in ``kept``) says the schema
    accepts more (``widening``; fewer otherwise), as it does of a member that accepted nothing
    (accepts nothing now): then those findings say it better than one would ("the schema no
    longer rejects every value")."""
    facts = _ONE_WAY_FACTS[widening][w.negations % 2]
    return all(change.rule[len(w.prefix) + 1:] in facts for change in found if change not in kept)


def object_refuses(node: dict, name: str) -> bool:
    """Whether the object ``node`` refuses a member ``name`` whatever its ``properties`` entry
    says: a ``patternProperties`` entry whose pattern surely matches the name (RE2) and whose
    schema accepts no value, or a ``propertyNames`` that surely refuses the name (Core 2020-12,
    10.3.2.2 and 10.3.2.4: both apply beside ``properties``); a ``maxProperties`` of 0, which
    refuses every member, or a ``dependentSchemas`` entry for the name that accepts no object
    (Core 10.2.2.4: it applies to the whole object when the name is present). Hostile trial,
    round 30: ``a`` string → integer beside either was a BREAKING type change no call shows."""
    names = node.get("propertyNames", ABSENT)
    if names is not ABSENT and name_accepted(names, name) is False:
        return True
    most = node.get("maxProperties")
    if is_number(most) and most < 1:
        return True
    dependent = node.get("dependentSchemas")
    if isinstance(dependent, dict) and name in dependent and refuses_every_value(dependent[name], "object"):
        return True
    patterns = node.get("patternProperties")
    if not isinstance(patterns, dict):
        return False
    return any(isinstance(pattern, str) and search(pattern, name) is True and refuses_every_value(schema)
               for pattern, schema in patterns.items())


def _first_keyword(path: str, at: str) -> str | None:
    """The keyword a finding's path takes first below ``at`` (``minItems`` of
    ``….properties.l.minItems``), or None for a finding at ``at`` itself."""
    if not path.startswith(at + "."):
        return None
    return path[len(at) + 1:].split(".", 1)[0]
