"""A property added in a subschema applied in place is compared with everything that still holds
its name beside it: the ``if`` beside a ``then``.

Hostile trial, round 17: ``b: {type: integer}`` added to ``then.properties`` while the ``if``
held ``b`` to string (and required it) was NON_BREAKING "optional property 'b' added", though
the ``then`` applies only where the ``if`` passed, so {"b": "x"} is refused now (Core 2020-12,
10.2.2.2).

Every witness is checked here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from support import diff_input_schemas

from mcp_inspect import diff
from mcp_inspect.snapshot.shapes import snapshot_from_value

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}
INTEGER = {"type": "integer"}


def _accepts(schema: dict, value: Any) -> bool:
    """Both validators' verdict (formats asserted); they must agree."""
    cls = jsonschema.Draft202012Validator
    first = cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value)
    second = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    assert first == second, f"the two validators disagree on {value!r} against {schema}"
    return first


def _broken(old: dict, new: dict, path: str) -> Any:
    """The one finding of the diff: BREAKING ``type.changed`` at ``path``, with a witness both
    validators confirm that sends ``b`` as a string."""
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.path == path
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert _accepts(old, value) and not _accepts(new, value), value
    assert isinstance(value.get("b"), str), value
    return finding


def _only(old: dict, new: dict) -> tuple[str, str]:
    (finding,) = diff_input_schemas(old, new).findings
    return finding.rule, finding.severity.name


def _output(old: dict, new: dict) -> list[tuple[str, str]]:
    def surface(schema: dict) -> dict:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}]}

    report = diff(snapshot_from_value(surface(old), "old.json"), snapshot_from_value(surface(new), "new.json"))
    return [(f.rule, f.severity.name) for f in report.findings]


# --- the if beside a then -------------------------------------------------------------------

def _conditional(key: str, added: dict | None, required: bool = True) -> dict:
    condition = {"properties": {"b": STRING}, **({"required": ["b"]} if required else {})}
    return {"type": "object", "if": condition, key: {"properties": {"a": {}, **({"b": added} if added else {})}}}


@pytest.mark.parametrize("required", [True, False], ids=["if-requires-b", "if-only-holds-b"])
def test_a_property_added_in_then_is_compared_with_what_its_if_held_the_name_to(required):
    old, new = _conditional("then", None, required), _conditional("then", INTEGER, required)
    finding = _broken(old, new, "inputSchema.then.properties.b.type")
    assert finding.args["path_before"] == "inputSchema.if.properties.b.type"


def test_the_if_is_no_holder_for_an_else():
    """``else`` applies where the ``if`` failed: ``b`` may then be anything but a string, so the
    ``if``'s schema for it is not compared (string → integer would be a false "type changed"
    whose witness, a string, reaches the ``then`` instead)."""
    assert _only(_conditional("else", None), _conditional("else", INTEGER)) == \
        ("tool.input.property.added", "NON_BREAKING")


def test_a_then_wider_than_its_if_frees_no_value():
    wider = {"type": ["string", "integer"]}
    assert _only(_conditional("then", None), _conditional("then", wider)) == \
        ("tool.input.property.added", "NON_BREAKING")


def test_on_an_output_schema_a_then_held_by_its_if_is_only_declared():
    assert _output(_conditional("then", None), _conditional("then", INTEGER)) == \
        [("tool.output.property.added", "NON_BREAKING")]
