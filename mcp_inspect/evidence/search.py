"""Search for a witness: a value schema A accepts and schema B rejects.

For an input schema A is the old side and B the new one (a call the old schema accepts and
the new one rejects); for an output schema A is the new side and B the old one (a result the server may
now return that consumers, written against the old schema, reject).

The candidates come from candidates/, built from A and steered by B. Each is checked whole
by a JSON Schema validator against both schemas (the draft each declares, 2020-12 when none,
formats asserted); only one that A accepts and B rejects at the finding's place (not for a
neighbouring change: for a path that ends at a property, not at a sibling property; places.py
reads the paths) is a witness, and a removed property's witness must send it. A witness
found is made smaller (shrink.py). The search stops at its attempt and time budgets
(limits.py), and says so in the note when it finds nothing.

Patterns: the validator runs ``pattern`` and ``patternProperties`` (and the pattern
lookups of ``additionalProperties``) on RE2 through ``patterns.validator``, never on
Python's backtracking ``re``. A pattern RE2 cannot run (a lookaround, a backreference) is
not run: a candidate whose validation, on either side, reaches one is skipped (a witness
never rests on a pattern nobody ran), and a note without a witness says how many were
skipped and for which pattern.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import islice
from typing import Any

from jsonschema import validators
from jsonschema.exceptions import SchemaError, ValidationError

from ..checks.rules.sch_meta import KINDS, plainly_valid
from ..findings.calls import schema_steps
from ..limits import (
    MAX_CANDIDATE_VALUES,
    MAX_WITNESS_ATTEMPTS,
    MAX_WITNESS_RANDOM_ATTEMPTS,
    MAX_WITNESS_SECONDS,
    MAX_WITNESS_SHRINK_ATTEMPTS,
)
from ..patterns.ecma import search as search_pattern
from ..patterns.validator import RAISE, PatternNotRun, offline_registry, surface_class
from ..snapshot.references import UNDECLARED, declared_dialect, own_resources
from .candidates import Candidates, Shared, Spent, TooLarge, Unsure, key_of
from .formats import witness_formats
from .places import (
    NAMING,
    as_written,
    branch_routes,
    brings,
    contains_left_over,
    forms,
    names_member,
    position_left_over,
    positions_governed,
    respelled_key,
    sends,
    spellings,
    strictly_above,
    unchanged_at,
    undeclared_steps,
    without,
)
from .shrink import shrunk

#: Keywords of an object that refuse one of its members (by name, presence or absence).
_MEMBER_KEYWORDS = frozenset({"required", "additionalProperties", "unevaluatedProperties", "propertyNames",
                              "dependentRequired", "dependencies", "patternProperties"})

#: Keywords whose next step in a schema path is a name (a property called "if" is no ``if``).
_NAMING_A_MEMBER = NAMING - {"items"}

#: An error at the finding's place only through a member that brings the finding's one
#: (``Search._brought``): the call is refused here, but not for this finding alone.
THROUGH = "through"

#: Characters of a call quoted in a note.
SHOWN = 200

#: Values the random candidates of one search may hold together (``run``): the corpus's
#: searches build at most about 3,700; a schema whose every random value is too large stops
#: after two abandoned candidates, not after MAX_WITNESS_RANDOM_ATTEMPTS of them.
_RANDOM_VALUES = 2 * MAX_CANDIDATE_VALUES

#: Validations tried after a call that sends a removed property was accepted by both
#: schemas: it may still be refused in another call, but most likely the object is open.
_AFTER_STILL_ACCEPTED = 200
#: Keywords that judge an object or array as a whole, so that a member it does not declare
#: (or an item's member) can decide whether it is refused.
_WHOLE_VALUE_KEYWORDS = frozenset({
    "not", "anyOf", "oneOf", "if", "then", "else", "enum", "const", "maxProperties", "propertyNames",
    "unevaluatedProperties", "dependentSchemas", "dependentRequired", "dependencies", "contains", "uniqueItems",
    "maxContains", "minContains", "prefixItems", "unevaluatedItems", "$dynamicRef", "$recursiveRef"})
#: Keywords that join other schemas into a node (``view`` merges them, first come first).
_MERGED = frozenset({"$ref", "$dynamicRef", "allOf", "unevaluatedProperties", "unevaluatedItems"})
#: Validations spent looking for a call refused for its finding alone once one refused for
#: that finding and another was found (it is the answer when none comes).
_AFTER_MIXED = 400


#: The drafts whose meta-schema the lint's fast check knows (checks/rules/sch_meta.py).
_DIALECTS = {validators.Draft202012Validator: "2020-12", validators.Draft7Validator: "draft-07"}


def compile_validator(schema: Any) -> Any:
    """A validator for ``schema`` in the draft it declares (2020-12 when it declares none),
    asserting formats, its patterns run on RE2 (``PatternNotRun`` for one RE2 cannot run,
    see the module). Raises SchemaError.

    The schema is checked against its draft's meta-schema first (a witness of a schema that
    is not one would mean nothing); a schema whose every keyword plainly holds a value of the
    simplest allowed kind is taken as valid without the (slow) full check, as the lint does."""
    if schema is True or schema is False:
        cls = validators.validator_for({}, default=validators.Draft202012Validator)
    elif isinstance(schema, dict):
        cls = validators.validator_for(schema, default=validators.Draft202012Validator)
    else:
        raise SchemaError(f"a schema is an object or a boolean, not {type(schema).__name__}")
    dialect = _DIALECTS.get(cls)
    if dialect is None or not plainly_valid(schema, KINDS[dialect]):
        _check_schema(cls, schema)
    # A root with no $schema reads draft-07's dependencies, as the canonical form does
    # (snapshot/drafts.py): judged by 2020-12's validator alone, a BREAKING "dependentRequired
    # added" there had no witness (hostile trial, round 36).
    undeclared = declared_dialect(schema) == UNDECLARED
    return surface_class(cls, RAISE, undeclared)(schema, format_checker=witness_formats(cls),
                                                 registry=offline_registry(own_resources(schema)))


def _compiled(schema: Any, shared: Shared) -> Any:
    """``compile_validator(schema)``, once per report for the same schema object (Shared)."""
    return shared.validators.get(schema, compile_validator)


def _check_schema(cls: Any, schema: Any) -> None:
    """``cls.check_schema``, but the error raised is the first by place and keyword of all the
    meta-schema's errors, not the first found: the validator finds them in the schema's key
    order, so two spellings of one schema would be told apart by a different error."""
    meta = validators.validator_for(cls.META_SCHEMA, default=cls)
    checker = meta(cls.META_SCHEMA, format_checker=meta.FORMAT_CHECKER)
    errors = list(checker.iter_errors(schema))
    if errors:
        first = min(errors, key=lambda error: (error.json_path, str(error.validator), error.message))
        raise SchemaError.create_from(first)


def _unions_as_one(parts: list[str]) -> list[str]:
    """A schema path with ``oneOf`` read as ``anyOf``: a finding names the canonical form's
    union keyword (a disjoint oneOf is anyOf there), either side may spell it."""
    return ["anyOf" if part == "oneOf" else part for part in parts]


def _branches_taken(root: Any, where: list[str]) -> dict[int, int]:
    """The union branch ``where`` takes in each union it passes through in ``root`` as written,
    by the union's list (``id``): ``properties.u.anyOf.3.properties.x`` takes branch 3 of
    ``u``'s ``anyOf``. A union keyword is read as either (a finding names the canonical form's);
    the walk stops at a step ``root`` does not hold (a ``$ref`` on the way)."""
    taken: dict[int, int] = {}
    node, previous = root, None
    for step in where:
        if isinstance(node, dict):
            if step in ("anyOf", "oneOf") and step not in node:
                step = "oneOf" if step == "anyOf" else "anyOf"
            node, previous = node.get(step), step
        elif isinstance(node, list) and step.isdigit() and int(step) < len(node):
            if previous in ("anyOf", "oneOf"):
                taken[id(node)] = int(step)
            node, previous = node[int(step)], step
        else:
            break
    return taken


def _refuses_a_name_of(error: ValidationError, pattern: str) -> bool:
    """Whether ``error``, the object's ``additionalProperties`` (or ``unevaluatedProperties``)
    refusing the members it names, refuses one whose name ``pattern`` matches (or may: a
    pattern not run). Past MAX_OVERLAPPING_PATTERN_PAIRS every removed key of 21 was shown
    ``{"x": {"a": ""}}``, refused for the name ``a`` that ``^a`` alone of them matches
    (hostile trial, round 44)."""
    if not isinstance(error.instance, dict):
        return True  # not an object's refusal of its members: the place decides, as before
    return any(isinstance(name, str) and repr(name) in error.message and search_pattern(pattern, name) is not False
               for name in error.instance)


class Search(Candidates):
    """One search for a value ``accept`` takes and ``reject`` refuses (see the module)."""

    def __init__(self, accept: Any, reject: Any, *, focus: Iterable[str] = (), where: str | None = None,
                 claimed: Iterable[str] = (), removed: bool = False, attempts: int = MAX_WITNESS_ATTEMPTS,
                 seconds: float = MAX_WITNESS_SECONDS, seed: int = 0, shared: Shared | None = None) -> None:
        spelled = spellings(schema_steps(where, reject, accept), reject, accept) if where else []
        steps = spelled[0] if spelled else None
        shared = shared if shared is not None else Shared()
        super().__init__(accept, reject, _compiled(accept, shared), _compiled(reject, shared), focus=focus,
                         routes=branch_routes(steps or []), attempts=attempts, seconds=seconds, shared=shared)
        self.seed = seed
        #: The finding's place in the schema (``properties.units.enum``): only a value the
        #: rejecting schema refuses there counts (``_errors_here``).
        self.where = steps
        if self.where and self.where[0] in ("$defs", "definitions"):
            # The canonical form keeps definitions only when a reference by a name several of
            # them claim was left as written: what the change refuses is refused through that
            # reference, wherever it is, so any refusal shows it.
            self.where = None
        #: Where the rejecting schema governs the member the path names, if it does not
        #: declare it, and the member's place in a value: its error there is at the
        #: finding's place too.
        self.undeclared = undeclared_steps(self.where, reject) if self.where else None
        self.steered = _branches_taken(accept, self.where or [])
        #: The branch steps of the finding's path, as (its place in a schema path, the index):
        #: a union's errors of that branch are read however many come before (``_branch_errors``).
        self.steered_steps = {(at, step) for at, step in enumerate(self.where or [])
                              if at and self.where[at - 1] in ("anyOf", "oneOf") and step.isdigit()}
        #: The other findings' paths on the same schema, spelled as the schemas write them
        #: (``as_written``): a refusal there is theirs.
        self.claimed = [as_written(schema_steps(c, reject, accept), reject, accept) for c in claimed if c]
        #: The forms of the finding's place (``places.forms``), and of the same place read at
        #: the tuple positions the two sides govern by different keywords (``prefixItems.0`` on
        #: one side, ``items`` on the other: ``places.positions_governed``), where no other
        #: finding's path is that place, and of the same place through each spelling the schemas
        #: give a canonical keyword's entries (``places.spellings``).
        governed = positions_governed(self.where, accept, reject, self.claimed) if self.where else []
        governed += spelled[1:]
        self.wheres = [form for place in [self.where, *governed] for form in forms(place)] if self.where else []
        #: ``removed``: the finding says the property its path names was removed; once a
        #: call that sends it is accepted by both schemas, the search is cut short.
        self.removed = removed and self.where is not None
        #: The first call seen that sends the removed property and that both accept.
        self.still: Any = None
        #: The first call refused at the finding's place and also elsewhere (``judge``).
        self.mixed: Any = None
        self._seen: set[str] = set()

    # --- judging -------------------------------------------------------------------------

    def judge(self, value: Any) -> bool:
        """True when ``value`` is a witness: accepted by one schema, rejected by the other."""
        self._tick()
        if not self._fits(value):  # never serialised nor validated
            return False
        key = key_of(value)
        if key in self._seen:
            return False
        self._seen.add(key)
        try:
            if not self._valid(self.accept, value):
                return False
            if self._valid(self.reject, value):
                if self.removed and self.still is None and sends(value, self.where or []):
                    self.still = value
                    # Where nothing on the way to the object reads its members beyond those
                    # it declares, no other call can be refused for sending the property.
                    more = 0 if self._plainly_open() else _AFTER_STILL_ACCEPTED
                    self.budget = min(self.budget, self.attempts + more)
                return False
        except Unsure:
            return False
        # A value refused for another change of the same schema is no witness of this one;
        # a property's removal is shown only by a call that sends it.
        if self.removed and not sends(value, self.where or []):
            return False
        try:
            if self.where is None:
                return True
            here = self._errors_here(value)
            if not any(here):
                # A removal is also shown by a refusal no path names (a typed
                # additionalProperties, maxProperties, a not): the same call without the
                # property is accepted, so sending it is what the new schema refuses.
                return self.removed and self._valid(self.reject, without(value, self.where or []))
            if all(at is True for at in here):
                return True
        except PatternNotRun as why:  # listing every error reached a pattern is_valid had not
            self._skipped(why)
            return False
        # Refused here and for another change too: kept, while a call refused for this one
        # alone is looked for a little longer.
        if self.mixed is None:
            self.mixed = value
            self.budget = min(self.budget, self.attempts + _AFTER_MIXED)
        return False

    def _plainly_open(self) -> bool:
        """Whether the rejecting schema takes any value of the removed property ``where``
        names, whatever the rest of the call holds: every schema on the path to its object is
        reached through ``properties`` and ``items`` alone, as written (no ``$ref`` or
        ``allOf`` to merge, whose keywords ``view`` would join first come first), and carries
        no keyword that judges an object or array as a whole (``not``, a union,
        ``maxProperties``…), and the object leaves its undeclared members free
        (``additionalProperties`` absent, true or ``{}``, no ``patternProperties``)."""
        where = self.where or []
        if len(where) < 2 or where[-2] != "properties":
            return False
        node, index = self.reject_root, 0
        while isinstance(node, dict) and not (_WHOLE_VALUE_KEYWORDS | _MERGED) & node.keys():
            if index == len(where) - 2:
                declared = node.get("properties")
                return (node.get("additionalProperties", True) in (True, {}) and "patternProperties" not in node
                        and not (isinstance(declared, dict) and where[-1] in declared))
            step = where[index]
            if step == "properties" and isinstance(node.get("properties"), dict):
                node, index = node["properties"].get(where[index + 1]), index + 2
            elif step == "items" and isinstance(node.get("items"), dict):
                node, index = node["items"], index + 1
            else:
                return False
        return False

    def _errors_here(self, value: Any) -> list[bool | str]:
        """For each error the rejecting schema gives ``value`` (the first 100), whether it lies
        at the finding's place (``_error_here``): one such error makes the call refused here;
        all of them, a call refused for this finding alone, not also for a sibling's (a
        property that became required beside a string that gained minLength). An error for a
        member left out that would bring the finding's member with it is ``THROUGH``
        (``_brought``): truthy, the call refused here, but never for this finding alone."""
        return [True if self._error_here(error) else THROUGH if self._brought(error) else False
                for error in self._reject_errors(value)]

    def _reject_errors(self, value: Any) -> list[ValidationError]:
        """The rejecting schema's first 100 errors for ``value``, read once per report (Shared)."""
        key = (id(self.reject.schema), key_of(value))
        known = self.shared.errors.get(key)
        if known is None:
            known = list(islice(self.reject.iter_errors(value), 100))
            self.shared.keep(self.shared.errors, key, known)
        return known

    def _brought(self, error: ValidationError) -> bool:
        """Whether ``error`` is the object's ``required`` or ``dependentRequired`` (draft 7's
        ``dependencies``) refusing a call for leaving out a member that, once sent, the object's
        ``dependentRequired`` asks the finding's member for, at any remove, and the call leaves
        that one out too: no call the old schema takes can send the one without the other, so
        the refusal for the first is the only one the second can have. ``required: [a]``
        beside ``dependentRequired: {b: [c]}`` gaining ``a: [b]`` makes both ``b`` and ``c``
        required, and ``{"a": ""}``, refused for ``b``, is the witness of both; ``c`` got "none
        found" (hostile trial, round 22)."""
        assert self.where is not None
        if not isinstance(error.instance, dict) or self.where[-1] in error.instance:
            return False
        steps = [str(p) for p in error.absolute_schema_path if p != "$ref"]
        if not steps or steps[-1] not in ("required", "dependentRequired", "dependencies") or not any(
                names_member(where) and written[:-1] == where[:-2] for where in forms(self.where)
                for written in forms(steps)):
            return False
        asked = error.validator_value
        if isinstance(asked, dict):  # dependentRequired: the names each trigger asks for
            asked = [name for each in asked.values() if isinstance(each, list) for name in each]
        names = asked if isinstance(asked, list) else []
        return any(isinstance(name, str) and name not in error.instance and repr(name) in error.message
                   and brings(error.schema, name, self.where[-1]) for name in names)

    def _error_here(self, top: ValidationError) -> bool:
        """Whether ``top`` or one of the errors under it (a union's branches) is at the finding's
        place: at the keyword on its path, above it or inside it; at another keyword of the
        schema that holds it, or inside the ``then``/``else`` beside an ``if`` on its path
        (``_decided_by_if``), unless another finding's path holds that error; or at the object
        keyword (``required``, ``additionalProperties``…) that refuses the property the path
        names. Never at a keyword the accepting schema holds unchanged at the same place
        (``places.unchanged_at``: a branch's unchanged ``type`` refuses there on both sides),
        nor at a union above the place, whose branches' errors say where. Paths are compared
        as written and without the steps into ``$ref`` targets and union branches, which a
        finding's path does not always spell."""
        assert self.where is not None
        wheres = self.wheres
        errors = [top]
        while errors:
            error = errors.pop()
            if unchanged_at(list(error.absolute_schema_path), self.accept_root, self.reject_root) and \
                    [str(p) for p in error.absolute_schema_path if p != "$ref"] not in wheres:
                # The old schema refuses it there too: a sibling branch's change refused the
                # value. Not at the finding's own keyword, which the classifier read as changed
                # through the canonical form's branches, paired otherwise than as written:
                # ``anyOf [string, integer, {minimum: 5, maximum: 3}]`` → ``[string, integer]``
                # narrows the type at ``anyOf.0`` (the canonical form folds the string branch
                # into the third), and ``null`` is refused there (hostile trial, round 44).
                continue
            if self._in_sibling_branch([str(p) for p in error.absolute_schema_path if p != "$ref"]):
                continue  # another branch's finding: read without branch steps it looked like this place
            if self.undeclared is not None:
                steps, members = self.undeclared
                parts = [str(p) for p in error.absolute_schema_path if p != "$ref"]
                if parts[:len(steps)] == steps and list(error.absolute_path)[:len(members)] == members:
                    return True  # the member the path names, refused where the object holds it undeclared
                if parts == steps and steps[-1] == "unevaluatedProperties" and \
                        list(error.absolute_path) == members[:-1] and repr(members[-1]) in error.message:
                    return True  # the same, where unevaluatedProperties names the members it refuses
            written = forms([str(p) for p in error.absolute_schema_path if p != "$ref"])
            if error.context and any(strictly_above(parts, where) for parts in written for where in wheres):
                # A union above the place refused the value because its branches did: their
                # errors (the context) say where, and may be another finding's (aws-pricing's
                # ``Field`` and ``Type`` both gained minLength under ``anyOf``; the call that
                # empties ``Field`` witnesses only that one). Read without its branch steps the
                # place is beside the union, which says nothing of which branch refused
                # (hostile trial, round 14).
                errors.extend(self._branch_errors(error))
                continue
            if any(self._matches(where, parts, error) for parts in written for where in wheres):
                return True
            errors.extend(self._branch_errors(error))
        return False

    def _branch_errors(self, error: ValidationError) -> list[ValidationError]:
        """The errors of a union's branches read for ``error``: the first 20, and those of the
        branch the finding's path takes there, wherever it stands: a change in the 31st branch
        of a 40-branch union was never read at its place (hostile trial, round 42)."""
        context = error.context or []
        first = list(islice(context, 20))
        taken = self.steered_steps
        if len(context) <= 20 or not taken:
            return first
        depth = len(error.absolute_schema_path)
        return first + [sub for sub in context[20:] if len(sub.absolute_schema_path) > depth
                        and (depth, str(sub.absolute_schema_path[depth])) in taken]

    def _in_sibling_branch(self, parts: list[str]) -> bool:
        """Whether ``parts`` lies at or under another finding's place written with a union
        branch step (``anyOf.0.properties.x.maxLength``), and not at or under this finding's
        as written: read without branch steps the two places are one, so the refusal of branch
        0's change was shown as branch 1's witness too (hostile trial, round 42)."""
        assert self.where is not None
        mine = _unions_as_one(self.where)
        plain = _unions_as_one(parts)
        if mine[:len(plain)] == plain or plain[:len(mine)] == mine:
            return False
        return any(len(forms(claim)) > 1 and plain[:len(claim)] == _unions_as_one(claim) for claim in self.claimed)

    def _matches(self, where: list[str], parts: list[str], error: ValidationError) -> bool:
        if where[:len(parts)] == parts or parts[:len(where)] == where:
            return True
        # A finding's path is written with dots, which a name may hold too (the pattern
        # "^(.*)$" under patternProperties): compared as text, one a prefix of the other.
        said, found = ".".join(where), ".".join(parts)
        if said == found or said.startswith(found + ".") or found.startswith(said + "."):
            return True
        # A path ending at a property names one member of an object: an error at another
        # member of that object (another property) is not at this place.
        member = names_member(where)
        # Another keyword of the schema that holds the place; for a keyword of the root, only
        # the root's own keywords (an error anywhere below is not that finding's).
        beside = parts[:len(where) - 1] == where[:-1] if len(where) > 1 else len(parts) == 1
        if beside and not member and not self._claimed_by_other(parts, error):
            return True
        if self._decided_by_if(where, parts) and not self._claimed_by_other(parts, error):
            return True
        if position_left_over(where, parts):
            return True
        if contains_left_over(where, parts) and not self._claimed_by_other(parts, error):
            return True
        if len(where) > 1 and where[-2] == "patternProperties" and parts[:len(where) - 2] == where[:-2] and \
                parts[len(where) - 2:] in (["additionalProperties"], ["unevaluatedProperties"]) and \
                _refuses_a_name_of(error, where[-1]):
            # Names a pattern let through that the object now refuses: the error names the
            # member sent (a name the pattern matches), not the pattern.
            return True
        if respelled_key(where, parts, list(error.absolute_path)) and not self._claimed_by_other(parts, error):
            return True  # the member the finding's key matches, refused under the other side's key
        if self._past_the_prefix(where, parts, error):
            return True
        if self._too_long_for(where, parts, error) and not self._claimed_by_other(parts, error):
            return True
        if not member:
            return False
        at = len(where) - 2  # where the object's own keywords sit in the schema path
        if parts[:at] != where[:at] or len(parts) <= at:
            return False
        if parts[at] == "propertyNames":  # the name itself refused
            return bool(error.instance == where[-1])
        return bool(len(parts) == at + 1 and parts[at] in _MEMBER_KEYWORDS and repr(where[-1]) in error.message)

    @staticmethod
    def _past_the_prefix(where: list[str], parts: list[str], error: ValidationError) -> bool:
        """Whether the finding's path ends at a ``prefixItems`` position and ``parts`` is the
        ``items`` (or ``unevaluatedItems``) beside it, refusing that position: one the new side no
        longer declares falls to what follows the prefix. ``items: false`` refuses the array as
        a whole, which holds the position when it holds more items than that; ``items`` with a
        schema refuses an item. ``prefixItems: [{type: string}, {type: integer}]`` beside
        ``items: false``, its position 1 removed, refuses ``["a", 1]`` at ``items`` alone, and
        the search said "none found" (hostile trial, round 19)."""
        at = len(where) - 2
        if at < 0 or where[at] != "prefixItems" or not where[-1].isdigit() or parts[:at] != where[:at] \
                or len(parts) <= at or parts[at] not in ("items", "unevaluatedItems"):
            return False
        if len(parts) > at + 1:
            return True  # an item past the prefix refused by the schema that follows it
        return isinstance(error.instance, list) and len(error.instance) > int(where[-1])

    @staticmethod
    def _too_long_for(where: list[str], parts: list[str], error: ValidationError) -> bool:
        """Whether the finding's path ends at a ``prefixItems`` position and ``parts`` is the
        array's ``maxItems``, refusing an array that holds the position: a tuple of fixed length
        (pydantic's ``minItems`` = ``maxItems``) cut from 3 items to 2 is read as position 2
        refused (the canonical form folds the bound into it), and ``[0, "", false]``, refused at
        ``maxItems`` alone, was "none found" (hostile trial, round 42)."""
        at = len(where) - 2
        return (at >= 0 and where[at] == "prefixItems" and where[-1].isdigit() and parts == [*where[:at], "maxItems"]
                and isinstance(error.instance, list) and len(error.instance) > int(where[-1]))

    @staticmethod
    def _decided_by_if(where: list[str], parts: list[str]) -> bool:
        """Whether ``parts`` is inside the ``then`` or ``else`` beside an ``if`` the finding's
        path ``where`` passes through (the same node): ``if`` refuses nothing itself, it only
        decides which of the two applies, so a change inside it is refused there (``if``'s
        minimum 5 → 6 refuses ``{"a": 5}`` at ``else``'s maximum 2, which the old side did not
        apply: hostile trial, round 15)."""
        return any(step == "if" and (index == 0 or where[index - 1] not in _NAMING_A_MEMBER)
                   and len(parts) > index and parts[:index] == where[:index] and parts[index] in ("then", "else")
                   for index, step in enumerate(where))

    def _claimed_by_other(self, parts: list[str], error: ValidationError) -> bool:
        """Whether another finding's path holds the error at ``parts``. A path that names a
        property (``properties.ids``: it became required, was added or removed) speaks of its
        presence, which the object's own keywords refuse: an error inside the property's
        schema is not that finding's (pydantic's ``Optional[List[str]] = None`` → ``List[str]``
        is a required ``ids`` and a lost null branch; ``{"ids": null}`` shows the second), but
        one of the object's keywords that names it is (``'packages' is a required property``
        is the new required member's, not the closed object's beside it: mcp-pypi 4.0.1,
        new-user trial, round 11)."""
        for claim in self.claimed:
            for c in forms(claim):
                if not names_member(c):
                    if parts[:len(c)] == c:
                        return True
                elif len(parts) == len(c) - 1 and parts[:-1] == c[:-2] and parts[-1] in _MEMBER_KEYWORDS \
                        and repr(c[-1]) in error.message:
                    return True
        return False

    def holds(self, value: Any) -> bool:
        """Whether ``value`` is a witness as ``judge`` finds one (one schema accepts it, the other
        refuses it at the finding's place alone, a removal's sends the property), without
        ``judge``'s bookkeeping: the test each step of shrinking a witness found must pass."""
        self._tick()
        if not self._fits(value):
            return False
        try:
            if not self._valid(self.accept, value) or self._valid(self.reject, value):
                return False
            if self.removed and not sends(value, self.where or []):
                return False
            if self.where is None:
                return True
            here = self._errors_here(value)
            if not any(here):
                return self.removed and self._valid(self.reject, without(value, self.where))
            return all(at is True for at in here)
        except (Unsure, PatternNotRun):
            return False

    def _smallest(self, value: Any) -> Any:
        """The witness ``value`` made as small as MAX_WITNESS_SHRINK_ATTEMPTS more validations
        allow (shrink.py), refused for no reason it was not refused for already: an error a
        union's branch gives counts as the union's place, so a member emptied there could add
        a refusal that is another finding's."""
        self.budget = self.attempts + MAX_WITNESS_SHRINK_ATTEMPTS
        try:
            first = self._refusals(value)
        except Spent:
            return value
        return shrunk(value, lambda smaller: self.holds(smaller) and self._refusals(smaller) <= first, Spent)

    def _refusals(self, value: Any) -> frozenset[tuple[str, ...]]:
        """Where in the rejecting schema ``value`` is refused: the schema path of every error,
        and of the errors of a union's branches under it (the first 100 of each)."""
        self._spend()
        found = set()
        errors = list(self._reject_errors(value))
        while errors:
            error = errors.pop()
            found.add(tuple(str(step) for step in error.absolute_schema_path))
            errors.extend(islice(error.context or (), 100))
        return frozenset(found)

    def run(self, *, root_objects: bool = True) -> Any:
        """The first witness found, made smaller, or raises Spent / returns None when the
        candidates ran out."""
        for value in self.values(self.accept_root, self.reject_root, 0, self.accept_root, self.reject_root):
            if root_objects and not isinstance(value, dict):
                self._tick()
                continue
            if self.judge(value):
                return self._smallest(value)
        rng = random.Random(self.seed)
        stop = self.attempts + MAX_WITNESS_RANDOM_ATTEMPTS
        left = _RANDOM_VALUES
        while self.attempts < stop and left > 0:
            self._room = room = min(MAX_CANDIDATE_VALUES, left)
            try:
                value = self.random(self.accept_root, self.accept_root, rng, 0)
            except TooLarge:  # abandoned half built: counted as an attempt, so the loop ends
                left -= room
                self.too_large += 1
                self._spend()
                continue
            left -= room - self._room
            if root_objects and not isinstance(value, dict):
                value = {}
            before = self.attempts
            if self.judge(value):
                return self._smallest(value)
            if self.attempts == before:  # already tried: count it anyway, so the loop ends
                self._spend()
        return None
