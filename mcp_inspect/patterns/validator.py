"""A JSON Schema validator for a surface's schema whose patterns run on RE2.

``jsonschema`` runs ``pattern`` and ``patternProperties`` (and the ``patternProperties``
that ``additionalProperties`` and ``unevaluatedProperties`` consult) with Python's ``re``,
which backtracks: ``patternProperties: {"(a+)+$": …}`` against a key of five thousand ``a``
and a ``!`` never finishes. ``surface_validator`` and ``surface_class`` give the same
validator with those keywords replaced by versions that run each pattern through
``patterns.ecma`` (ECMA-262 translated to RE2, linear in the text). Their meaning is
jsonschema's: ``pattern`` searches (unanchored) and ignores a value that is not a string,
``patternProperties`` applies its schema to each key a pattern finds, ``additionalProperties``
applies to the keys no ``properties`` name and no pattern finds.

A text holding a lone surrogate (a recorded argument may) is run as ``patterns.ecma.search``
runs it, with ECMA-262's answer.

A pattern RE2 cannot run (a lookaround, a backreference, see ``patterns.ecma``) is never
run; what happens instead is chosen by the caller:

- ``PASS`` (the replay of recorded calls): the keyword never refuses because of it. A string
  against such a ``pattern`` passes; a key such a pattern might match gets no schema from
  it and is not "additional" either. So a value can only be refused for what was run.
- ``RAISE`` (the witness search): validation stops with ``PatternNotRun``, and the caller
  drops the value it was judging (a witness must not rest on a pattern nobody ran).

``unevaluatedProperties`` asks which keys the schema's keywords evaluated, a
``patternProperties`` among them; jsonschema's own walk asks ``re``, and asks again at each
level of nested unions what the levels below asked. It is replaced by the same walk with
each pattern run on RE2 and each answer kept for the rest of one validation
(``_evaluated``, ``_SEEN``); ``unevaluatedItems`` takes that walk too. Both are ours under
2019-09 as well as 2020-12: jsonschema's 2019-09 walk reads an ``additionalProperties``
schema's keywords as property names (hostile trial, round 13: ``{"extra": ""}`` refused
though a ``$ref`` target's ``additionalProperties`` evaluated it) and its ``unevaluatedItems``
raises ``TypeError`` beside a boolean ``items``. The walk reads each draft's own keywords (``_own_indexes``,
``_own_indexes_2019``, ``_targets``).

``additionalItems`` (draft 3 to 2019-09) is ours too: jsonschema's takes the length of a
boolean ``items`` and raises ``TypeError`` (hostile trial, round 13, beside the same bug in its
2019-09 ``unevaluatedItems``: a BREAKING lost its witness to it). Beside an ``items`` that is
not an array it applies to nothing, as every draft says.

``format: "regex"`` (asserted only when the caller passes a format checker) compiles the
value with ``re`` but never runs it: compiling does not backtrack.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
from collections.abc import Callable, Iterator
from typing import Any

from .ecma import Unrunnable, compile_pattern, search

#: Under ``PASS`` a pattern that cannot run never refuses; under ``RAISE`` it raises.
PASS = "pass"
RAISE = "raise"

#: Keywords whose value holds schemas by name (the names are not keywords).
_NAMED = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")
#: Keywords whose value is data, not a schema.
_DATA = ("enum", "const", "default", "examples", "example")


class PatternNotRun(Exception):
    """A pattern the validation needed that RE2 cannot run (``RAISE`` only)."""

    def __init__(self, pattern: Any, reason: str) -> None:
        super().__init__(f"the pattern {pattern!r} is not run ({reason})")
        self.pattern = pattern
        self.reason = reason


def _program(pattern: Any) -> Any:
    if not isinstance(pattern, str):
        return Unrunnable("not a string")
    return compile_pattern(pattern)


def _finds(pattern: Any, text: str, mode: str) -> bool | None:
    """Whether ``pattern`` matches somewhere in ``text``; None when it is not run (``PASS``).
    A text it cannot be run on (``ecma.search`` says which) raises ``PatternNotRun`` in either
    mode: the pattern is one that runs, so letting the value through would be a verdict
    nobody reached."""
    program = _program(pattern)
    if isinstance(program, Unrunnable):
        if mode == RAISE:
            raise PatternNotRun(pattern, program.reason)
        return None
    found = search(pattern, text)  # a lone surrogate in the text too (see patterns.ecma)
    if found is None:
        raise PatternNotRun(pattern, "a text holding a lone surrogate and every noncharacter")
    return found


def _listed(keys: list[Any]) -> str:
    return f"{', '.join(repr(k) for k in keys)} {'was' if len(keys) == 1 else 'were'}"


def _valid(errors: Iterator[Any]) -> bool:
    return next(errors, None) is None


#: What one validation has worked out of which keys a subschema evaluates and whether a
#: subschema accepts a value, by (the subschema's id, the value's id): None outside a
#: validation. Each ``unevaluatedProperties`` asks again of every branch below it what the
#: ones below asked already, so unshared the walk is exponential in the nesting (hostile
#: trial, round 11: twenty nested ``anyOf``, each with its ``unevaluatedProperties``, ran past
#: a minute in jsonschema's own walk and in ours); shared, each pair is worked out once.
_SEEN: contextvars.ContextVar[dict[tuple[Any, ...], Any] | None] = contextvars.ContextVar("evaluated", default=None)


def _scope(validator: Any) -> tuple[str, ...]:
    """The dynamic scope a ``$dynamicRef`` below resolves in: one subschema reached through two
    resources may read two targets, so an answer is kept for its scope alone (hostile trial,
    round 12: a witness false in both validators)."""
    return tuple(uri for uri, _ in validator._resolver.dynamic_scope())


def _accepts(validator: Any, instance: Any, subschema: Any, seen: dict[tuple[Any, ...], Any]) -> bool:
    key = ("valid", type(validator), id(subschema), id(instance), _scope(validator))
    if key not in seen:
        seen[key] = _valid(validator.descend(instance, subschema))
    return bool(seen[key])


@contextlib.contextmanager
def _memory() -> Iterator[dict[tuple[Any, ...], Any]]:
    """The memory of the validation under way (``_SEEN``), begun by the outermost caller."""
    seen = _SEEN.get()
    if seen is not None:
        yield seen
        return
    seen = {}
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)


#: What one schema evaluates of a value by its own keywords: the keys of an object, the
#: indexes of an array (``_evaluated`` adds what its in-place subschemas evaluate).
Own = Callable[[Any, Any, dict[str, Any], dict[tuple[Any, ...], Any]], set[Any]]


def _targets(validator: Any, schema: dict[str, Any]) -> Iterator[Any]:
    """The schemas ``schema`` applies in place by reference, resolved as jsonschema resolves
    them: ``$ref``, and ``$dynamicRef`` (2020-12) or ``$recursiveRef`` (2019-09, Core 8.2.4.2),
    each only where the validator's draft has the keyword, since another draft ignores it."""
    from referencing.jsonschema import lookup_recursive_ref

    known = validator.VALIDATORS
    for keyword in ("$ref", "$dynamicRef"):
        reference = schema.get(keyword)
        if isinstance(reference, str) and keyword in known:
            yield validator._resolver.lookup(reference)
    if "$recursiveRef" in schema and "$recursiveRef" in known:
        yield lookup_recursive_ref(validator._resolver)  # its value can only be "#" (8.2.4.2.1)


def _evaluated(validator: Any, instance: Any, schema: Any, seen: dict[tuple[Any, ...], Any], own: Own) -> set[Any]:
    """What ``schema`` evaluates of ``instance`` (Core 2020-12, 11.3; Core 2019-09, 9.3.1.3 and
    9.3.2.4), as jsonschema's own ``find_evaluated_property_keys_by_schema`` and
    ``find_evaluated_item_indexes_by_schema`` find it: ``own``'s keywords, and those of the
    targets of references (``_targets``), of ``dependentSchemas`` whose name the object holds,
    of each valid ``allOf``/``oneOf``/``anyOf`` branch, and of ``if`` with ``then`` or ``else``.
    Each answer is kept in ``seen`` for the rest of the validation, for its dynamic scope
    (``_SEEN``, ``_scope``)."""
    if not isinstance(schema, dict):
        return set()
    key = (own, type(validator), id(schema), id(instance), _scope(validator))  # the class: its draft
    known = seen.get(key)
    if known is not None:
        return set(known)
    found = own(validator, instance, schema, seen)
    if isinstance(instance, list) and len(found) == len(instance):
        return found  # every item evaluated (an items that applies to all): nothing left to find
    for resolved in _targets(validator, schema):
        found |= _evaluated(validator.evolve(schema=resolved.contents, _resolver=resolved.resolver),
                            instance, resolved.contents, seen, own)
    for keyword in ("dependentSchemas", "dependencies"):  # dependencies: where the class reads it
        dependent = schema.get(keyword) if keyword in validator.VALIDATORS else None
        if isinstance(dependent, dict) and isinstance(instance, dict):
            for name, subschema in dependent.items():
                if name in instance and not isinstance(subschema, list):  # a list names, it evaluates none
                    found |= _evaluated(validator, instance, subschema, seen, own)
    for keyword in ("allOf", "oneOf", "anyOf"):
        branches = schema.get(keyword)
        for subschema in branches if isinstance(branches, list) else ():
            if _accepts(validator, instance, subschema, seen):
                found |= _evaluated(validator, instance, subschema, seen, own)
    if "if" in schema:
        if _accepts(validator, instance, schema["if"], seen):
            found |= _evaluated(validator, instance, schema["if"], seen, own)
            if "then" in schema:
                found |= _evaluated(validator, instance, schema["then"], seen, own)
        elif "else" in schema:
            found |= _evaluated(validator, instance, schema["else"], seen, own)
    seen[key] = frozenset(found)
    return found


@functools.cache
def _own_keys(mode: str) -> Own:
    """The keys an object's own keywords evaluate, with every ``patternProperties`` key run
    through RE2 rather than ``re``. Under ``PASS`` a key a pattern that is not run might match
    counts as evaluated, so ``unevaluatedProperties`` never refuses because of it; under
    ``RAISE`` that pattern stops the judgement (``_finds``). One function per mode: it is
    part of the memory's key."""

    def own(validator: Any, instance: Any, schema: dict[str, Any], seen: dict[tuple[Any, ...], Any]) -> set[Any]:
        keys: set[Any] = set()
        properties = schema.get("properties")
        if isinstance(properties, dict):
            keys |= properties.keys() & instance.keys()
        for keyword in ("additionalProperties", "unevaluatedProperties"):
            subschema = schema.get(keyword)
            if subschema is not None:
                keys |= {name for name, value in instance.items() if _accepts(validator, value, subschema, seen)}
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            keys |= {name for name in instance if any(_finds(p, name, mode) is not False for p in patterns)}
        return keys

    return own


def _accepted_items(validator: Any, instance: Any, schema: dict[str, Any],
                    seen: dict[tuple[Any, ...], Any]) -> set[Any]:
    """The indexes of the items ``contains`` or ``unevaluatedItems`` accepts."""
    indexes: set[Any] = set()
    for keyword in ("contains", "unevaluatedItems"):
        if keyword in schema:
            indexes |= {index for index, item in enumerate(instance)
                        if _accepts(validator, item, schema[keyword], seen)}
    return indexes


def _own_indexes(validator: Any, instance: Any, schema: dict[str, Any], seen: dict[tuple[Any, ...], Any]) -> set[Any]:
    """The indexes an array's own keywords evaluate in 2020-12: all of them under ``items``,
    the ``prefixItems`` positions, and the items ``contains`` or ``unevaluatedItems`` accepts."""
    if "items" in schema:
        return set(range(len(instance)))  # (and ``_evaluated`` walks no further)
    indexes = _accepted_items(validator, instance, schema, seen)
    prefix = schema.get("prefixItems")
    if isinstance(prefix, list):
        indexes |= set(range(min(len(prefix), len(instance))))
    return indexes


def _own_indexes_2019(validator: Any, instance: Any, schema: dict[str, Any],
                      seen: dict[tuple[Any, ...], Any]) -> set[Any]:
    """The indexes an array's own keywords evaluate in 2019-09 (Core 9.3.1): all of them under
    an ``items`` that is one schema (``false`` too: it refuses any item), the positions an
    ``items`` array lists, every one when ``additionalItems`` stands beside that array (alone
    it applies to nothing), and the items ``contains`` or ``unevaluatedItems`` accepts. The
    2019-09 text names only ``items`` and ``additionalItems`` as ``unevaluatedItems``'s
    sources; ``contains`` counts as in the JSON Schema test suite's 2019-09 cases,
    jsonschema-rs and jsonschema. No ``prefixItems``: 2019-09 has none."""
    items = schema.get("items")
    if "items" in schema and not isinstance(items, list):
        return set(range(len(instance)))  # (and ``_evaluated`` walks no further)
    if isinstance(items, list) and "additionalItems" in schema:
        return set(range(len(instance)))
    indexes = _accepted_items(validator, instance, schema, seen)
    if isinstance(items, list):
        indexes |= set(range(min(len(items), len(instance))))
    return indexes


def _keywords(mode: str, base: dict[str, Any]) -> dict[str, Any]:
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped,unused-ignore]

    def pattern(validator: Any, patrn: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if validator.is_type(instance, "string") and _finds(patrn, instance, mode) is False:
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if not validator.is_type(instance, "object") or not isinstance(patterns, dict):
            return
        for patrn, subschema in patterns.items():
            for key, value in instance.items():
                if _finds(patrn, key, mode):
                    yield from validator.descend(value, subschema, path=key, schema_path=patrn)

    def additional_properties(validator: Any, extra_schema: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if not validator.is_type(instance, "object"):
            return
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        patterns = patterns if isinstance(patterns, dict) else {}
        # A key a pattern might match (one not run, under PASS) is not additional.
        extras = [key for key in instance if key not in properties
                  and not any(_finds(p, key, mode) is not False for p in patterns)]
        if validator.is_type(extra_schema, "object"):
            for key in extras:
                yield from validator.descend(instance[key], extra_schema, path=key)
        elif not extra_schema and extras:
            shown = sorted(extras, key=str)
            if "patternProperties" in schema:
                verb = "does" if len(shown) == 1 else "do"
                listed = ", ".join(repr(p) for p in sorted(patterns))
                yield ValidationError(f"{', '.join(repr(k) for k in shown)} {verb} not match any of the regexes: "
                                      f"{listed}")
            else:
                verb = "was" if len(shown) == 1 else "were"
                yield ValidationError(f"Additional properties are not allowed ({', '.join(repr(k) for k in shown)} "
                                      f"{verb} unexpected)")

    def additional_items(validator: Any, extra_schema: Any, instance: Any, schema: Any) -> Iterator[Any]:
        items = schema.get("items")
        if not validator.is_type(instance, "array") or not isinstance(items, list):
            return  # items absent or one schema (true, false too) applies to every item itself
        if validator.is_type(extra_schema, "object"):
            for index in range(len(items), len(instance)):
                yield from validator.descend(instance[index], extra_schema, path=index)
        elif not extra_schema and len(instance) > len(items):
            yield ValidationError(f"Additional items are not allowed ({_listed(instance[len(items):])} unexpected)")

    def unevaluated_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if not validator.is_type(instance, "object"):
            return
        with _memory() as seen:
            evaluated = _evaluated(validator, instance, schema, seen, _own_keys(mode))
            refused = [key for key in instance if key not in evaluated
                       and next(validator.descend(instance[key], value, path=key, schema_path=key), None) is not None]
        if refused and value is False:
            yield ValidationError(f"Unevaluated properties are not allowed ({_listed(sorted(refused, key=str))} "
                                  "unexpected)")
        elif refused:
            yield ValidationError(f"Unevaluated properties are not valid under the given schema "
                                  f"({_listed(refused)} unevaluated and invalid)")

    # The draft's array keywords: 2020-12's prefixItems and items, or 2019-09's items (one
    # schema or an array) and additionalItems.
    own_indexes = _own_indexes if "prefixItems" in base else _own_indexes_2019

    def unevaluated_items(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if not validator.is_type(instance, "array"):
            return
        with _memory() as seen:
            evaluated = _evaluated(validator, instance, schema, seen, own_indexes)
        left = [item for index, item in enumerate(instance) if index not in evaluated]
        if left:
            yield ValidationError(f"Unevaluated items are not allowed ({_listed(left)} unexpected)")

    # The unevaluated* keywords are ours in every draft that has them (2019-09, 2020-12):
    # jsonschema's walk asks re of every patternProperties key, asks again at each level what
    # the levels below asked (see _SEEN), and under 2019-09 misreads additionalProperties and
    # items: false (see the module).
    replaced: dict[str, Any] = {"pattern": pattern, "patternProperties": pattern_properties,
                                "additionalProperties": additional_properties, "additionalItems": additional_items,
                                "unevaluatedProperties": unevaluated_properties, "unevaluatedItems": unevaluated_items}
    return {name: fn for name, fn in replaced.items() if name in base}


@functools.cache
def surface_class(cls: Any, mode: str = PASS, dependencies: bool = False) -> Any:
    """``cls`` (a jsonschema validator class) with its pattern keywords, and the
    ``unevaluatedProperties`` that reads them, run on RE2, and its ``unevaluatedProperties``
    and ``unevaluatedItems`` walking what is evaluated as ``_evaluated`` does (see the module).
    With ``dependencies`` it also reads draft-07's ``dependencies``, as the canonical form reads
    it in a schema that declares no ``$schema`` (snapshot/drafts.py, ``REMOVED_IN``): the
    witness search and the replay judge such a schema as the diff did (hostile trial, round 36)."""
    from jsonschema import validators  # type: ignore[import-untyped,unused-ignore]

    if mode not in (PASS, RAISE):
        raise ValueError(f"mode is {PASS!r} or {RAISE!r}, not {mode!r}")
    keywords = _keywords(mode, cls.VALIDATORS)
    if dependencies:
        keywords["dependencies"] = validators.Draft7Validator.VALIDATORS["dependencies"]
    surface = validators.extend(cls, keywords)
    surface.evolve = _evolve_keeping_surface(mode)
    return surface


def _evolve_keeping_surface(mode: str) -> Callable[..., Any]:
    """jsonschema's ``evolve`` (which ``descend`` and every reference call) but for one thing:
    a subschema that declares a ``$schema`` gets this module's class for that draft, where
    jsonschema's gives the draft's own class, whose patterns run on ``re`` and whose
    ``unevaluated*`` are jsonschema's. Found while fixing the hostile trial's round-13 defects:
    an embedded ``{"$schema": …draft-07…, "pattern": "(a+)+$"}``, or a ``$ref: "#"`` back to a
    root that declares its draft (the usual way to write a recursive 2019-09 schema), ran the
    rest of the validation on ``re``, there ReDoS and ``re``'s ``$`` included."""
    from attrs import fields
    from jsonschema import validators  # type: ignore[import-untyped,unused-ignore]

    def evolve(self: Any, **changes: Any) -> Any:
        schema = changes.setdefault("schema", self.schema)
        draft = validators.validator_for(schema, default=type(self))
        target = type(self) if draft is type(self) else surface_class(draft, mode)
        for field in fields(type(self)):  # what jsonschema's own evolve carries over
            if field.init and field.alias not in changes:
                changes[field.alias] = getattr(self, field.name)
        return target(**changes)

    return evolve


def _walk(schema: Any, found: list[tuple[str, Any]]) -> None:
    """Each ``pattern`` and ``patternProperties`` key of ``schema``, as ("pattern"|
    "patternProperties", pattern), in order."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
            continue
        if not isinstance(node, dict):
            continue
        for key in sorted(node, reverse=True):
            value = node[key]
            if key in _DATA:
                continue
            if key == "pattern" and isinstance(value, str):
                found.append(("pattern", value))
            elif key in _NAMED and isinstance(value, dict):
                if key == "patternProperties":
                    found.extend(("patternProperties", p) for p in value)
                stack.extend(value[name] for name in sorted(value, reverse=True))
            else:
                stack.append(value)


def patterns_of(schema: Any) -> list[tuple[str, Any]]:
    """Every ``pattern`` and ``patternProperties`` key the schema holds, as (keyword, pattern)."""
    found: list[tuple[str, Any]] = []
    _walk(schema, found)
    return found


def not_run(schema: Any) -> list[tuple[str, str]]:
    """The distinct patterns of the schema RE2 cannot run, sorted, each with the reason."""
    out: dict[str, str] = {}
    for _, patrn in patterns_of(schema):
        program = _program(patrn)
        if isinstance(program, Unrunnable):
            out[patrn if isinstance(patrn, str) else json.dumps(patrn)] = program.reason
    return sorted(out.items())


@functools.cache
def _nothing_retrieved() -> Any:
    from referencing import Registry

    return Registry()


def offline_registry(retrieve: Callable[[str], Any] | None = None) -> Any:
    """The registry every validator of a surface's schema resolves references in: jsonschema
    adds the drafts' meta-schemas to it, and it retrieves nothing from outside. A schema is
    untrusted input (``serve`` validates a request's), so a remote or ``file:`` ``$ref`` is
    never fetched or opened: it is unresolvable, as the classification treats it.

    ``retrieve`` may answer a URI from the schema itself: its own resources under another
    spelling of their URI, which jsonschema looks up as written
    (snapshot.references.own_resources)."""
    if retrieve is None:
        return _nothing_retrieved()
    from referencing import Registry

    return Registry(retrieve=retrieve)  # type: ignore[call-arg]


def surface_validator(schema: Any, *, mode: str = PASS, format_checker: Any = None, default: Any = None,
                      retrieve: Callable[[str], Any] | None = None) -> Any:
    """A validator of ``schema`` in the draft it declares (``default``, or 2020-12, when it
    declares none) whose patterns run on RE2; ``mode`` says what a pattern RE2 cannot run
    does (see the module). The schema itself is not checked against its meta-schema."""
    from jsonschema import validators  # type: ignore[import-untyped,unused-ignore]

    probe = schema if isinstance(schema, dict) else {}
    cls = validators.validator_for(probe, default=default or validators.Draft202012Validator)
    return surface_class(cls, mode)(schema, format_checker=format_checker,
                                                registry=offline_registry(retrieve))


__all__ = ["PASS", "RAISE", "PatternNotRun", "not_run", "offline_registry", "patterns_of",
           "surface_class", "surface_validator"]
