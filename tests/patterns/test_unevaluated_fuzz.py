"""Random schemas with unevaluatedProperties and unevaluatedItems, under 2019-09 and 2020-12,
judged by the RE2-backed validator and by jsonschema-rs: the verdicts must agree.

Hostile trial, round 13: under 2019-09 the validator left both keywords to jsonschema's own
2019-09 code, which misses the members a ``$ref`` target's ``additionalProperties`` evaluated
(a false witness, ``{"extra": ""}``), reads an ``additionalProperties`` schema's keywords as
property names, and raises TypeError beside a boolean ``items`` (a witness lost); its own fuzz
found 37 schemas of 3,000 where the verdict was wrong. Seeded, so a failure is the same on
every run; a few hundred schemas a draft, a second or two."""

from __future__ import annotations

import copy
import json
import random

import pytest
from jsonschema import Draft201909Validator, Draft202012Validator

from mcp_inspect.patterns.validator import PASS, RAISE, surface_class

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

URIS = {Draft201909Validator: "https://json-schema.org/draft/2019-09/schema",
        Draft202012Validator: "https://json-schema.org/draft/2020-12/schema"}
NAMES = ["a", "b", "c"]
LEAVES = [True, False, {}, {"type": "integer"}, {"type": "string"}, {"type": "object"}, {"type": "array"},
          {"required": ["a"]}, {"minItems": 2}, {"const": 1}, {"not": {"type": "null"}}]
VALUES = [None, 1, "a", [], [1], ["a"], [1, "a"], ["a", 1, None], [[1], "a"], {}, {"a": 1}, {"b": "x"},
          {"a": None, "b": 1}, {"c": []}, {"a": "a", "c": 1}, {"x": 1}, {"ab": 1}, {"a": {"a": 1}}, {"b": {"x": ""}},
          {"a": [1, "a"]}]


def _schema(rng: random.Random, depth: int, draft: type, definition_refs: bool = True) -> object:
    """A random schema of ``draft``'s keywords. A reference back to the root stands only where
    it reads another instance (a member, an item), and one to the definition only outside it,
    so no reference loops in place."""
    if depth <= 0 or rng.random() < 0.2:
        return copy.deepcopy(rng.choice(LEAVES))
    is_2019 = draft is Draft201909Validator

    def sub() -> object:
        return _schema(rng, depth - 1, draft, definition_refs)

    def member() -> object:
        if rng.random() < 0.15:
            return {"$recursiveRef": "#"} if is_2019 and rng.random() < 0.5 else {"$ref": "#"}
        return sub()

    node: dict = {}
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(17)
        if choice == 0:
            node["properties"] = {name: member() for name in rng.sample(NAMES, rng.randint(1, 2))}
        elif choice == 1:
            node["patternProperties"] = {rng.choice(["^a", "b$", "^[a-z]$"]): member()}
        elif choice in (2, 3):
            node[("additionalProperties", "unevaluatedProperties")[choice - 2]] = rng.choice([False, member()])
        elif choice in (4, 5, 6):
            node[("allOf", "anyOf", "oneOf")[choice - 4]] = [sub() for _ in range(rng.randint(1, 3))]
        elif choice == 7:
            node["if"] = sub()
            node[rng.choice(["then", "else"])] = sub()
        elif choice == 8:
            node["dependentSchemas"] = {rng.choice(NAMES): sub()}
        elif choice == 9:
            node["not"] = sub()
        elif choice == 10:
            node["items"] = member()
        elif choice == 11:
            node["items" if is_2019 else "prefixItems"] = [member() for _ in range(rng.randint(1, 2))]
        elif choice == 12 and is_2019:
            node["additionalItems"] = rng.choice([False, member()])
        elif choice == 13:
            node["contains"] = member()
        elif choice == 14:
            node["unevaluatedItems"] = rng.choice([False, member()])
        elif choice == 15 and definition_refs:
            node["$ref"] = "#/$defs/d"
        elif choice == 16:
            node["type"] = rng.choice(["object", "array", ["object", "array"]])
    return node


def _random_schema(rng: random.Random, draft: type) -> dict:
    root = _schema(rng, 3, draft)
    root = root if isinstance(root, dict) else {}
    root["$schema"] = URIS[draft]
    root["$defs"] = {"d": _schema(rng, 2, draft, definition_refs=False)}
    if rng.random() < 0.7:
        root[rng.choice(["unevaluatedProperties", "unevaluatedItems"])] = rng.choice([False, {"type": "integer"}])
    if draft is Draft201909Validator and rng.random() < 0.5:
        root["$recursiveAnchor"] = True
    return root


@pytest.mark.parametrize(("draft", "seed", "count"), [(Draft201909Validator, 13, 400), (Draft202012Validator, 13, 250)])
def test_unevaluated_verdicts_are_jsonschema_rs_verdicts(draft, seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        schema = _random_schema(rng, draft)
        fast = jsonschema_rs.validator_for(schema)
        ours = {mode: surface_class(draft, mode)(schema) for mode in (PASS, RAISE)}
        for value in VALUES:
            expected = fast.is_valid(value)
            for mode, validator in ours.items():
                assert validator.is_valid(value) is expected, (mode, json.dumps(schema), json.dumps(value))
