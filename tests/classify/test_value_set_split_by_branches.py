"""An ``enum`` against a union of value branches, one of them with a constraint beside its value.

TypeBox writes a union of literals as ``anyOf`` of ``{const, type}`` branches; the canonical
form folds it into an ``enum`` until one branch carries more than its value (``"pattern":
"^q"`` beside ``"yy"``), and then keeps the union, the other values merged into one branch.
The walker paired the whole old ``enum`` with the ``yy`` branch and said BREAKING "enum lost
"x", "zzz"" (both still pass) beside the real "pattern added"; the other way round, in a
result, "enum gained "a", "ccc"" (both were always allowed); and a ``format`` added beside
``const: a`` of a nullable value was "const added: "a"" and "the list of allowed values was
removed" beside it (hostile trial, round 42). The value set is now read as the union of the
values each branch names, so only the branch that changed is compared.
"""

from __future__ import annotations

from support import breaking_input_witness, diff_input_schemas, diff_output_schemas


def tool(field: dict) -> dict:
    return {"type": "object", "properties": {"a": field}}


def literals(*branches: dict) -> dict:
    return tool({"anyOf": list(branches)})


def lit(value: str, **more) -> dict:
    return {"const": value, "type": "string", **more}


def rules(report) -> list[tuple[str, str, str]]:
    return sorted((f.rule, f.severity.name, f.path) for f in report.changes)


def test_a_pattern_added_to_one_literal_is_the_one_finding():
    """(hostile trial, round 42)"""
    old = literals(lit("x"), lit("yy"), lit("zzz"))
    new = literals(lit("x"), lit("yy", pattern="^q"), lit("zzz"))
    assert rules(diff_input_schemas(old, new)) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.a.anyOf.1.pattern")]
    _, value = breaking_input_witness(old, new, "inputSchema.properties.a.anyOf.1.pattern")
    assert value == {"a": "yy"}


def test_a_max_length_removed_from_one_literal_of_a_result_names_no_value_gained():
    """(hostile trial, round 42)"""
    old = literals(lit("a"), lit("bb", maxLength=5), lit("ccc"))
    new = literals(lit("a"), lit("bb"), lit("ccc"))
    report = diff_output_schemas(old, new)
    assert all(f.rule != "tool.output.enum.widened" for f in report.changes), report.changes
    assert [f.path for f in report.changes] == ["outputSchema.properties.a.anyOf.1.maxLength"]


def test_a_format_added_beside_a_nullable_const_is_the_one_finding():
    """(hostile trial, round 42)"""
    old = tool({"anyOf": [{"const": "a"}, {"type": "null"}]})
    new = tool({"anyOf": [{"const": "a", "format": "email"}, {"type": "null"}]})
    assert rules(diff_input_schemas(old, new)) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.a.anyOf.0.format")]


def test_a_value_dropped_beside_the_branches_is_still_said():
    old = literals(lit("x"), lit("yy"), lit("zzz"), lit("w"))
    new = literals(lit("x"), lit("yy", pattern="^q"), lit("zzz"))
    found = rules(diff_input_schemas(old, new))
    assert ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.a.anyOf.1.pattern") in found
    narrowed = [f for f in diff_input_schemas(old, new).changes if f.rule == "tool.input.enum.narrowed"]
    assert len(narrowed) == 1 and '"w"' in narrowed[0].message and '"x"' not in narrowed[0].message
