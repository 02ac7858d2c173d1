"""A change in an ``else`` whose ``if`` fails only on a value other than its const is shown by a
call (hostile trial, round 19).

``k: {enum: [x, y]}`` required, ``if {properties: {k: {const: x}}}``, and ``else.properties.a``
gaining ``maxLength: 2`` was BREAKING "no witness: none found in 149 validations", though
``{"k": "y", "a": "abc"}`` shows it: ``else`` applies only where the ``if`` fails (Core 2020-12
§10.2.2.3), and with ``k`` required the ``if`` fails only on a ``k`` that is present, of its
declared type, and not the const. Every call sent ``k: "x"`` (the enum's first member, the
const) or, for ``k: integer``, 0 (the first integer tried, the const again), so the ``else``
never applied; a route through ``then`` worked, since the ``if`` is merged in there. Now each
``else`` on the route pins a member its ``if`` holds to a value of its declaration that the
``if`` refuses (another enum member, a number past the bound or beside the const, another
string), one that refuses every ``if`` pinning the same member.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, breaking_input_witness

from mcp_inspect.evidence.witness import search
from mcp_inspect.findings.evidence import OUTPUT

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _object(declared: dict[str, Any], **keywords: Any) -> dict[str, Any]:
    """An object that requires the ``declared`` members; ``a`` is declared only in the ``else``
    (declared at the root too, it was sent with every value, and the ``else`` was found)."""
    return {"type": "object", "properties": declared, "required": sorted(declared), **keywords}


def _integer_const(bound: int) -> dict[str, Any]:
    """The trial's minimal form: ``k: integer`` required, ``if {k: const 0}``."""
    return _object({"k": {"type": "integer"}}, **{"if": {"properties": {"k": {"const": 0}}},
                                                  "else": {"properties": {"a": {"maximum": bound}}}})


def _enum_discriminator(bound: int) -> dict[str, Any]:
    """The realistic form: an enum discriminator whose other member takes the ``else``."""
    return _object({"k": {"enum": ["x", "y"]}}, **{"if": {"properties": {"k": {"const": "x"}}},
                                                   "else": {"properties": {"a": {"maximum": bound}}}})


def _minimum(bound: int) -> dict[str, Any]:
    return _object({"k": {"type": "integer"}}, **{"if": {"properties": {"k": {"minimum": 0}}},
                                                  "else": {"properties": {"a": {"maximum": bound}}}})


def _else_then(bound: int) -> dict[str, Any]:
    """The route else → then: the outer ``if`` must fail, the inner one hold."""
    inner = {"if": {"properties": {"j": {"const": 1}}, "required": ["j"]},
             "then": {"properties": {"a": {"maximum": bound}}}}
    return _object({"k": {"type": "integer"}}, **{"if": {"properties": {"k": {"const": 0}}}, "else": inner})


def _else_else_else_then(bound: int) -> dict[str, Any]:
    """The route else → else → else → then, each ``if`` on a member of its own."""
    node: dict[str, Any] = {"if": {"properties": {"k3": {"const": 3}}},
                            "then": {"properties": {"a": {"maximum": bound}}}}
    for index in (2, 1, 0):
        node = {"if": {"properties": {f"k{index}": {"const": index}}}, "else": node}
    return _object({f"k{index}": {"type": "integer"} for index in range(4)}, **node)


def _one_member_twice(bound: int) -> dict[str, Any]:
    """Two ``else``s on one member: its value must refuse both consts (0 refuses only the inner)."""
    inner = {"if": {"properties": {"k": {"const": 1}}}, "else": {"properties": {"a": {"maximum": bound}}}}
    return _object({"k": {"type": "integer"}}, **{"if": {"properties": {"k": {"const": 0}}}, "else": inner})


def _in_a_recursive_definition(bound: int) -> dict[str, Any]:
    node = {"type": "object", "properties": {"k": {"enum": ["x", "y"]}, "c": {"$ref": "#/$defs/node"}},
            "required": ["k"], "if": {"properties": {"k": {"const": "x"}}},
            "else": {"properties": {"a": {"maximum": bound}}}}
    return {"type": "object", "properties": {"n": {"$ref": "#/$defs/node"}}, "$defs": {"node": node}}


@pytest.mark.parametrize(("build", "path"), [
    (_integer_const, "else.properties.a.maximum"),
    (_enum_discriminator, "else.properties.a.maximum"),
    (_minimum, "else.properties.a.maximum"),
    (_else_then, "else.then.properties.a.maximum"),
    (_else_else_else_then, "else.else.else.then.properties.a.maximum"),
    (_one_member_twice, "else.else.properties.a.maximum"),
    (_in_a_recursive_definition, "else.properties.a.maximum"),
], ids=["integer-const", "enum-discriminator", "minimum", "else-then", "else-else-else-then", "one-member-twice",
        "recursive-definition"])
def test_a_change_in_an_else_is_shown_by_a_call_its_if_refuses(build, path):
    old, new = build(100), build(50)
    finding, value = breaking_input_witness(old, new, path)
    sent = value.get("n", value)
    assert 50 < sent["a"] <= 100, value


def test_the_enum_discriminator_s_other_member_takes_the_else_of_an_output_schema():
    """The output mirror: ``maxLength: 2`` removed in the ``else`` lets the server return
    ``{"k": "y", "a": "aaa"}``, which the old schema refused."""
    def schema(bound: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "properties": {"k": {"enum": ["x", "y"]}}, "required": ["k"],
                "if": {"properties": {"k": {"const": "x"}}},
                "else": {"properties": {"a": {"type": "string", **bound}}}}

    old, new = schema({"maxLength": 2}), schema({})
    shown = search(new, old, direction=OUTPUT, where="else.properties.a.maxLength")
    assert shown.found, shown.note
    assert accepted_by_both(new, shown.value) and not accepted_by_both(old, shown.value), shown.value
    assert shown.value["k"] == "y", shown.value


def _declared_discriminator(declared: dict[str, Any], condition: dict[str, Any], bound: int) -> dict[str, Any]:
    """``k`` required and declared with keywords of its own, ``a: string``, and the ``if`` on ``k``
    alone: the ``else`` applies only to a ``k`` its declaration takes and the ``if`` refuses."""
    return _object({"k": declared}, **{"if": {"properties": {"k": condition}}, "then": {},
                                       "else": {"properties": {"a": {"type": "string", "maxLength": bound}}}})


@pytest.mark.parametrize(("declared", "condition"), [
    ({"type": "string", "format": "date"}, {"pattern": "^2"}),
    ({"type": "integer", "multipleOf": 3, "minimum": 0}, {"maximum": 100}),
], ids=["pattern-beside-format-date", "maximum-beside-multipleOf"])
def test_the_else_pin_is_a_value_the_declaration_takes(declared, condition):
    """Hostile trial, round 20: with ``k: {type: string, format: date}`` required and ``if {k:
    {pattern: ^2}}``, or ``k: {type: integer, multipleOf: 3, minimum: 0}`` and ``if {k: {maximum:
    100}}``, a ``maxLength`` 5 → 2 in the ``else`` said "none found in 897 (907) validations",
    though ``{"k": "1999-01-01", "a": "aaa"}`` (``{"k": 102, …}``) shows it. The pin was the first
    value the ``if`` refused, ``""`` (no date) or 101 (no multiple of 3), which the declaration
    refuses too, so every call was refused by both schemas. Now the pin is a value the
    declaration takes, and a multiple of ``multipleOf`` on each side of the if's bound is tried."""
    old, new = _declared_discriminator(declared, condition, 5), _declared_discriminator(declared, condition, 2)
    finding, value = breaking_input_witness(old, new, "else.properties.a.maxLength")
    assert 2 < len(value["a"]) <= 5, value
