"""A seeded fuzzer of the canonical form: random schemas dense in the applicators whose folds
interact (in-place combinators, if/then/else, unevaluated* beside what it reads, $ref and
$dynamicRef with siblings, pattern and dependent schemas), each checked to be a fixed point
and to accept what its input accepts, on values chosen to reach every branch.

Hypothesis' schema strategy (test_canonical_properties.py) spreads its examples over every
keyword and rarely builds the narrow combinations the hostile trials found (rounds 9 and
10: 15 and 17 forms in 4,000 to 6,000 of these that a second reading changed); this loop
builds thousands in seconds, with a fixed seed so a failure names its schema every run.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator

import jsonschema
import jsonschema_rs
import pytest
from referencing.exceptions import Unresolvable

from mcp_inspect.errors import InputError
from mcp_inspect.snapshot.canonical import canonical_schema

NAMES = ("a", "b", "c")
VALUES = (None, 1, 7, "x", 2.5, [], [1], [1, "x"], ["x", 1, 9], {}, {"a": 1}, {"b": "x"}, {"a": 1, "b": 9},
          {"c": 4}, {"a": {"a": 1}}, {"z": 1}, {"ab": 1}, {"a": [1]}, {"b": {}}, {"c": "x", "a": "y"})
#: Schemas per seed: the whole file takes a few seconds.
PER_SEED = 700


class _Schemas:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.definitions: tuple[str, ...] = ()

    def leaf(self) -> object:
        return self.random.choice([
            {"type": "integer"}, {"type": "string"}, {"maximum": 5}, {"minimum": 3}, {}, True, False,
            {"const": 1}, {"enum": [1, "x"]}, {"type": "object"}, {"type": "array"},
            {"required": [self.random.choice(NAMES)]}, {"minProperties": 1}, {"maxItems": 1},
        ])

    def reference(self, keyword: str = "$ref") -> dict:
        if not self.definitions:
            return {"maximum": 4}
        return {keyword: "#/$defs/" + self.random.choice(self.definitions)}

    def schema(self, depth: int) -> object:
        pick = self.random.choice
        if depth <= 0 or self.random.random() < 0.25:
            return pick([self.leaf, self.leaf, self.reference])()
        node: dict = {}
        for _ in range(self.random.randint(1, 3)):
            keyword = pick(["properties", "patternProperties", "additionalProperties", "unevaluatedProperties",
                            "items", "prefixItems", "unevaluatedItems", "allOf", "anyOf", "oneOf", "not", "if",
                            "then", "else", "$ref", "$dynamicRef", "leaf", "leaf", "dependentSchemas", "contains",
                            "propertyNames"])
            if keyword == "properties":
                node[keyword] = {name: self.schema(depth - 1) for name in self.random.sample(NAMES, 2)}
            elif keyword == "patternProperties":
                node[keyword] = {pick(["^a", "b", "^c$", "."]): self.schema(depth - 1)}
            elif keyword in ("allOf", "anyOf", "oneOf"):
                node[keyword] = [self.schema(depth - 1) for _ in range(self.random.randint(1, 2))]
            elif keyword == "prefixItems":
                node[keyword] = [self.schema(depth - 1)]
            elif keyword == "dependentSchemas":
                node[keyword] = {pick(NAMES): self.schema(depth - 1)}
            elif keyword in ("$ref", "$dynamicRef"):
                node.update(self.reference(keyword))
            elif keyword == "leaf":
                leaf = self.leaf()
                if isinstance(leaf, dict):
                    node.update(leaf)
            elif keyword in ("unevaluatedProperties", "unevaluatedItems", "additionalProperties", "items"):
                node[keyword] = pick([False, True, {}, {"type": "integer"}, self.schema(depth - 1)])
            else:
                node[keyword] = self.schema(depth - 1)
        return node

    def root(self) -> dict | None:
        body = self.schema(3)
        if not isinstance(body, dict):
            return None
        self.definitions = ()
        second = self.schema(1)
        self.definitions = ("d2",)
        first = self.schema(2)
        self.definitions = ("d1", "d2")
        return {**body, "$defs": {"d1": first, "d2": second}}


@pytest.mark.parametrize("seed", [31, 32, 33, 108, 117])
def test_the_canonical_form_is_a_fixed_point_that_accepts_what_its_input_does(seed):
    schemas, wrong = _Schemas(seed), []
    for schema, once, _ in _forms(schemas.root):
        if canonical_schema(copy.deepcopy(once)) != once:
            wrong.append(("not a fixed point", schema))
            continue
        try:
            given, canonical = jsonschema.Draft202012Validator(schema), jsonschema.Draft202012Validator(once)
            differ = [value for value in VALUES if given.is_valid(value) != canonical.is_valid(value)]
        except (Unresolvable, RecursionError):
            continue  # a reference jsonschema cannot follow (to the canonical form's own names)
        if differ:
            wrong.append((f"accepts otherwise: {differ[0]!r}", schema))
    assert not wrong, "\n".join(f"{why}: {json.dumps(schema)}" for why, schema in wrong[:5])


# A union of typed branches (new-user trial, round 17): zod writes z.string().max(256).nullable()
# as anyOf [{type: string, maxLength: 256}, {type: null}], which the canonical form merges into
# one node with the type list. The schemas below are dense in such unions, with the branches and
# the keywords beside them that must keep one apart (a shared or overlapping type, integer beside
# number, an annotation, a keyword of the node's own of the same type, unevaluated*), inside the
# applicators of the generator above. Each form is checked against its input by jsonschema and by
# jsonschema-rs, formats asserted.
TYPED_VALUES = (None, True, False, 0, 1, 3, -2, 1.5, 7.5, 12, "", "a", "abc", "abcdef", "a@b.c", "2020-01-01", "1",
                "x y", [], [1], ["a"], [1, 1], [1, "a", None], {}, {"a": 1}, {"a": "x"}, {"b": 2}, {"a": "x", "b": 2},
                {"a": None, "c": []}, {"ab": "q"})
#: The keywords each type's branch may hold, with values that split TYPED_VALUES.
_BRANCH_KEYWORDS = {
    "string": {"minLength": [1, 2], "maxLength": [0, 3], "pattern": ["^a", "b"], "format": ["email", "date", "even"],
               "contentMediaType": ["application/json"]},
    "integer": {"minimum": [0, 2], "maximum": [3, 10], "exclusiveMinimum": [0], "multipleOf": [3]},
    "number": {"minimum": [0, 2], "exclusiveMaximum": [8], "multipleOf": [1.5]},
    "array": {"items": [{"type": "integer"}, {"maxLength": 1}], "prefixItems": [[{"type": "integer"}]],
              "minItems": [1, 2], "maxItems": [1], "uniqueItems": [True], "contains": [{"type": "string"}],
              "minContains": [2], "maxContains": [1]},
    "object": {"properties": [{"a": {"type": "string"}}, {"b": {"maximum": 1}}], "required": [["a"], ["b"]],
               "additionalProperties": [False, {"type": "integer"}], "patternProperties": [{"^a": {"type": "null"}}],
               "minProperties": [2], "maxProperties": [1], "propertyNames": [{"maxLength": 1}],
               "dependentRequired": [{"a": ["b"]}], "dependentSchemas": [{"b": {"required": ["a"]}}]},
    "null": {}, "boolean": {},
}
#: What may stand beside the union on its node: nothing, an annotation, a keyword of one
#: type or another, an unevaluated* that reads the branches, a type of its own, another union.
_BESIDE = ({}, {}, {}, {"description": "d"}, {"maxLength": 2}, {"minLength": 1}, {"minimum": 1},
           {"additionalProperties": False}, {"properties": {"b": {"type": "string"}}}, {"required": ["a"]},
           {"unevaluatedProperties": False}, {"unevaluatedItems": False}, {"items": {"type": "string"}},
           {"type": ["string", "null"]}, {"type": "object"}, {"format": "email"}, {"not": {"const": "a"}},
           {"oneOf": [{"type": "string"}, {"type": "integer"}]}, {"anyOf": [{"maxLength": 1}, {"type": "null"}]},
           {"contentSchema": {"type": "object"}})


class _TypedUnions(_Schemas):
    """The generator above, whose leaves are as often a union of typed branches."""

    def branch(self) -> dict:
        pick = self.random.choice
        kind = pick(("string", "string", "integer", "number", "array", "object", "null", "null", "boolean"))
        if self.random.random() < 0.1:  # a branch of two types (type-only, or a keyword of one of them)
            kind2 = pick([k for k in _BRANCH_KEYWORDS if k != kind])
            node: dict = {"type": [kind, kind2]}
        else:
            node = {"type": kind}
        options = _BRANCH_KEYWORDS[kind]
        for keyword in self.random.sample(sorted(options), min(len(options), self.random.randint(0, 2))):
            node[keyword] = copy.deepcopy(pick(options[keyword]))
        if self.random.random() < 0.08:
            node["description"] = "b"
        return node

    def union(self) -> dict:
        node = copy.deepcopy(self.random.choice(_BESIDE))
        branches = [self.branch() for _ in range(self.random.randint(1, 3))]
        node[self.random.choice(("anyOf", "anyOf", "oneOf"))] = branches
        return node

    def leaf(self) -> object:
        if self.random.random() < 0.5:
            return self.union()
        return super().leaf()


def _forms(draw: Callable[[], object]) -> Iterator[tuple[dict, object, str]]:
    """``PER_SEED`` schemas ``draw`` makes (objects only), each with its canonical form and that
    form's JSON text, leaving out those the canonical form refuses (InputError) and recursive
    forms, whose back-references no validator reads."""
    for _ in range(PER_SEED):
        schema = draw()
        if not isinstance(schema, dict):
            continue
        try:
            once = canonical_schema(copy.deepcopy(schema))
        except InputError:
            continue
        text = json.dumps(once)
        if "#^" in text:
            continue
        yield schema, once, text


def _both_validators(schema: object) -> tuple[object, object]:
    return (jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER),
            jsonschema_rs.validator_for(schema, validate_formats=True))


def _unsound(schema: object, once: object, values: tuple | list) -> str | None:
    """Why ``once``, the canonical form of ``schema``, is wrong: not a fixed point, or a value
    of ``values`` one of the two validators judges otherwise against it; None when neither (or
    when a validator cannot follow a reference to the canonical form's own names)."""
    if canonical_schema(copy.deepcopy(once)) != once:
        return "not a fixed point"
    try:
        given, canonical = _both_validators(schema), _both_validators(once)
        differ = [value for value in values for a, b in zip(given, canonical, strict=True)
                  if a.is_valid(value) != b.is_valid(value)]
    except (Unresolvable, RecursionError, ValueError):
        return None
    return f"accepts otherwise: {differ[0]!r}" if differ else None


@pytest.mark.parametrize("seed", [171, 172, 173, 174])
def test_a_union_of_typed_branches_folds_into_one_node_soundly(seed):
    """New-user trial, round 17: an anyOf (or oneOf) of branches of distinct types, each with
    the keywords of its type, is the node with the type list and those keywords; a fold that
    merged a keyword where it reads another, or across types that overlap, would accept other
    values (jsonschema and jsonschema-rs both judge the input and its form) or would not be a
    fixed point."""
    schemas, wrong, folded = _TypedUnions(seed), [], 0

    def draw() -> object:
        return schemas.root() if schemas.random.random() < 0.5 else {**schemas.union(), "$defs": {}}

    for schema, once, text in _forms(draw):
        folded += '"anyOf"' not in text and '"oneOf"' not in text
        why = _unsound(schema, once, TYPED_VALUES)
        if why:
            wrong.append((why, schema))
    assert not wrong, "\n".join(f"{why}: {json.dumps(schema)}" for why, schema in wrong[:5])
    assert folded > PER_SEED // 10  # the unions did fold, often enough for the check to mean something


# Round 19 (hostile trial): the folds of the counts beside contains (minContains 1 is the default,
# minContains 0 without maxContains lets every array pass), of a dependentSchemas entry that only
# requires names (a dependentRequired entry), of a dependentRequired entry of a required property
# (part of required), of a propertyNames every name of a closed object satisfies and of a maxItems
# a closed tuple (prefixItems beside items false) implies. The leaves
# below are dense in those keywords and in the ones that read them (unevaluatedItems beside
# contains, a $ref's target and siblings that split them, patternProperties beside a closed object).
FOLDED_VALUES = (None, 1, "x", [], [1], ["x"], [1, "x"], ["x", "y", 1], [1, 2, 3], {}, {"a": 1}, {"b": 1},
                 {"": 1}, {"ca": 1}, {"a": 1, "b": 2}, {"a": 1, "c": 2}, {"a": 1, "b": 2, "c": 3}, {"c": 1},
                 {"b": 1, "c": 2})


class _Folded(_Schemas):
    """The generator above, whose leaves are as often one of the round-19 shapes."""

    def root_or_leaf(self) -> object:
        """A whole schema (with definitions) half the time, else one leaf shape alone."""
        return self.root() if self.random.random() < 0.5 else self.leaf()

    def counted(self) -> dict:
        pick = self.random.choice
        node: dict = {"contains": pick([{"type": "string"}, {"type": "integer"}, {}, False, {"enum": [1, "x"]}])}
        for keyword, values in (("minContains", [0, 0, 1, 2]), ("maxContains", [0, 1, 2])):
            if self.random.random() < 0.6:
                node[keyword] = pick(values)
        if self.random.random() < 0.3:
            node[pick(["unevaluatedItems", "items"])] = pick([False, {"type": "integer"}])
        return node

    def dependent(self) -> dict:
        pick = self.random.choice
        node: dict = {}
        if self.random.random() < 0.6:
            node["dependentRequired"] = {pick(NAMES): self.random.sample(NAMES, self.random.randint(0, 2))}
        if self.random.random() < 0.6:
            entry = pick([{"required": [pick(NAMES)]}, {"required": ["b", "c"]}, {"maxProperties": 2},
                          {"required": ["c"], "maxProperties": 2}, False, {}])
            node["dependentSchemas"] = {pick(NAMES): entry}
        if self.random.random() < 0.6:
            node["required"] = self.random.sample(NAMES, self.random.randint(1, 2))
        if self.random.random() < 0.2:
            node["unevaluatedProperties"] = False
        return node

    def named(self) -> dict:
        pick = self.random.choice
        names = pick([{"enum": ["a", "b"]}, {"enum": ["a"]}, {"const": "b"}, {"pattern": "^[ab]"}, {"maxLength": 0},
                      {"minLength": 1, "type": "string"}, {"format": "email"}])
        node: dict = {"properties": {name: pick([{}, {"type": "integer"}, False])
                                     for name in self.random.sample(NAMES, self.random.randint(0, 2))},
                      pick(["additionalProperties", "additionalProperties", "unevaluatedProperties"]): False,
                      "propertyNames": names}
        if self.random.random() < 0.2:
            node["patternProperties"] = {"^c": {}}
        return node

    def tupled(self) -> dict:
        pick = self.random.choice
        node: dict = {"prefixItems": [pick([{"type": "string"}, {"type": "integer"}, {}, False])
                                      for _ in range(self.random.randint(0, 3))],
                      pick(["items", "items", "unevaluatedItems"]): pick([False, False, {"type": "integer"}])}
        for keyword in ("maxItems", "minItems"):
            if self.random.random() < 0.6:
                node[keyword] = self.random.randint(0, 4)
        if self.random.random() < 0.2:
            node["contains"] = {"type": "string"}
        return node

    def leaf(self) -> object:
        roll = self.random.random()
        if roll < 0.15:
            return self.counted()
        if roll < 0.3:
            return self.dependent()
        if roll < 0.45:
            return self.named()
        if roll < 0.6:
            return self.tupled()
        return super().leaf()


@pytest.mark.parametrize("seed", [191, 192, 193, 194])
def test_the_round_19_folds_are_fixed_points_that_accept_what_their_input_does(seed):
    """Each form is checked against its input by jsonschema and by jsonschema-rs, and read again."""
    schemas, wrong, folded = _Folded(seed), [], 0
    for schema, once, text in _forms(schemas.root_or_leaf):
        given_text = json.dumps(schema)
        folded += any(key in given_text and key not in text for key in ('"minContains"', '"dependentRequired"',
                                                                          '"dependentSchemas"', '"contains"',
                                                                          '"propertyNames"', '"maxItems"'))
        why = _unsound(schema, once, FOLDED_VALUES)
        if why:
            wrong.append((why, schema))
    assert not wrong, "\n".join(f"{why}: {json.dumps(schema)}" for why, schema in wrong[:5])
    assert folded > PER_SEED // 20  # the shapes did fold, often enough for the check to mean something


# Round 22 (hostile trial): a schema that declares draft-07 has none of the keywords 2019-09
# added (minContains, maxContains, dependentRequired, dependentSchemas), which its validators
# ignore; the canonical form read them as 2020-12 keywords. Round 24: nor has it the other
# keywords later dialects added (unevaluatedProperties, unevaluatedItems, prefixItems,
# $dynamicRef), nor draft-04 those of draft-06 and 07 (const, contains, propertyNames, if, then,
# else), which the canonical form still read. The shapes of the round-19 generator, declaring
# an older draft (every keyword kept: those the draft lacks must be ignored), are judged by
# validators reading the declared draft against the form read as 2020-12.
DRAFT_04 = "http://json-schema.org/draft-04/schema#"
DRAFT_06 = "http://json-schema.org/draft-06/schema#"
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema"
#: The keywords of the generator each draft lacks (the specifications' list, not the code's).
_LACKS = {
    DRAFT_04: ("const", "contains", "propertyNames", "if", "then", "else"),
    DRAFT_06: ("if", "then", "else"),
    DRAFT_07: (),
    DRAFT_2019: (),
}
_SINCE_2019 = ("minContains", "maxContains", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
               "unevaluatedItems")
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SUBSCHEMAS = ("not", "if", "then", "else", "contains", "propertyNames", "items", "additionalProperties",
               "additionalItems", "unevaluatedProperties", "unevaluatedItems")


def _as_draft(node: object, random_: random.Random, dialect: str) -> object:
    """The schema ``node`` declaring ``dialect`` in its own spellings where it has them: draft 4
    has no boolean schemas (but for ``additionalProperties``), and draft-07 may spell
    ``dependentRequired`` as ``dependencies``. A ``$dynamicRef`` is as often a ``$ref``."""
    if isinstance(node, bool):
        return node if dialect != DRAFT_04 else ({} if node else {"not": {}})
    if not isinstance(node, dict):
        return node
    out: dict = {}
    for key, value in node.items():
        if key == "$dynamicRef" and random_.random() < 0.5:
            key = "$ref"
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _as_draft(sub, random_, dialect) for name, sub in value.items()}
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            out[key] = [_as_draft(sub, random_, dialect) for sub in value]
        elif key == "additionalProperties" and isinstance(value, bool):
            out[key] = value
        elif key in _SUBSCHEMAS:
            out[key] = _as_draft(value, random_, dialect)
        elif key == "dependentRequired" and dialect != DRAFT_2019 and random_.random() < 0.3:
            out["dependencies"] = value  # draft-07's own spelling of it, which is read
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(("dialect", "seed"), [
    (DRAFT_04, 241), (DRAFT_04, 242), (DRAFT_06, 243), (DRAFT_06, 244),
    (DRAFT_07, 221), (DRAFT_07, 222), (DRAFT_07, 223), (DRAFT_2019, 245), (DRAFT_2019, 246),
])
def test_a_schema_of_an_older_draft_ignores_the_keywords_later_ones_added(dialect, seed):
    lacking = (*_LACKS[dialect], "prefixItems", "$dynamicRef", *(() if dialect == DRAFT_2019 else _SINCE_2019))
    schemas, wrong, read = _Folded(seed), [], 0

    def draw() -> object:
        body = schemas.root_or_leaf()
        return {**_as_draft(body, schemas.random, dialect), "$schema": dialect} if isinstance(body, dict) else None

    for schema, once, _ in _forms(draw):
        read += any(f'"{key}"' in json.dumps(schema) for key in lacking)
        if canonical_schema(copy.deepcopy(once)) != once:
            wrong.append(("not a fixed point", schema))
            continue
        try:
            cls = jsonschema.validators.validator_for(schema)
            given = (cls(schema, format_checker=cls.FORMAT_CHECKER),
                     jsonschema_rs.validator_for(schema, validate_formats=True))
            canonical = _both_validators(once)
            # A value the two validators judge apart in the declared draft has no verdict to
            # compare: python's 2019-09 walk reads an additionalProperties schema's keywords as
            # names (patterns/validator.py), and jsonschema-rs reads a 2019-09 $dynamicRef.
            agreed = [value for value in FOLDED_VALUES if given[0].is_valid(value) == given[1].is_valid(value)]
            differ = [value for value in agreed for a, b in zip(given, canonical, strict=True)
                      if a.is_valid(value) != b.is_valid(value)]
        except (Unresolvable, RecursionError, ValueError):
            continue
        except TypeError:
            # jsonschema's 2019-09 unevaluatedItems takes the length of a boolean items
            # (patterns/validator.py replaces it for the witness search): no verdict to compare.
            continue
        if differ:
            wrong.append((f"accepts otherwise: {differ[0]!r}", schema))
    assert not wrong, "\n".join(f"{why}: {json.dumps(schema)}" for why, schema in wrong[:5])
    assert read > PER_SEED // 5  # the schemas did hold the keywords, often enough to mean something


class _NoMatch(_Folded):
    """The round-19 generator, whose counted leaves are as often ``contains`` beside ``minContains:
    0`` and ``maxContains: 0`` (no item may match), with the keywords that read items beside it."""

    def counted(self) -> dict:
        if self.random.random() < 0.4:
            return super().counted()
        pick = self.random.choice
        node: dict = {"contains": pick([{"type": "string"}, {"type": "integer"}, {}, False, {"not": {}},
                                        {"enum": [1, "x"]}, {"maxLength": 0}]),
                      "minContains": 0, "maxContains": 0}
        if self.random.random() < 0.3:
            node[pick(["unevaluatedItems", "items", "prefixItems"])] = pick([False, {"type": "integer"}, [{}]])
        if self.random.random() < 0.2:
            node["type"] = pick(["array", "string", ["array", "integer"]])
        return node


@pytest.mark.parametrize("seed", [224, 225, 226])
def test_contains_that_no_item_may_match_is_items_not_soundly(seed):
    """Hostile trial, round 22: ``contains: X, minContains: 0, maxContains: 0`` is ``items: {not:
    X}`` where no other keyword reads the items and no ``unevaluatedItems`` reads what was
    evaluated; respelled so it was a BREAKING "items added" no call could show. Each form is
    judged against its input by jsonschema and jsonschema-rs, and read again."""
    schemas, wrong, folded = _NoMatch(seed), [], 0
    for schema, once, text in _forms(schemas.root_or_leaf):
        given_text = json.dumps(schema)  # a maxContains 0 gone, and an items: {not: …} come
        folded += given_text.count('"maxContains": 0') > text.count('"maxContains": 0') \
            and text.count('"items": {"not"') > given_text.count('"items": {"not"')
        why = _unsound(schema, once, FOLDED_VALUES)
        if why:
            wrong.append((why, schema))
    assert not wrong, "\n".join(f"{why}: {json.dumps(schema)}" for why, schema in wrong[:5])
    assert folded > PER_SEED // 35  # the shape did fold, often enough for the check to mean something
