"""What the reader and the canonicaliser give, pinned for their faster paths.

The expected canonical forms below were produced by the implementation before its fast
paths existed; they are compared as ``json.dumps`` text, which also pins the key order
and tells ``1`` from ``1.0`` and ``true``.
"""

from __future__ import annotations

import json

import pytest

from mcp_inspect.errors import InputError
from mcp_inspect.snapshot import reader
from mcp_inspect.snapshot.canonical import canonical_json, canonical_schema, normalise_numbers, sorted_unique

# ---------------------------------------------------------------------------
# Reader: a number that overflows to infinity is refused, whatever surrounds it.
# These pin the behaviour any faster path (such as skipping the parse_float hook for
# documents shown to hold no overflowing literal) must keep.

#: A big document with a float every few characters: where a fast path would pay.
DENSE = "0.5, " * 14_000


def parse(text: str):
    return reader.parse_document(text, "doc.json", hint="doc.json")


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse(text)
    return str(caught.value)


OVERFLOWING = [
    "1e999",
    "10e308",
    "-1e400",
    "1E+999",
    "1" * 400 + ".5",  # a long mantissa with a fraction: no exponent at all
    "9" * 210 + "e99",  # a two-digit exponent: only the length of the mantissa gives it away
    "5e000000000000000000000309",  # leading zeros in the exponent
    "1.7976931348623159e308",  # just past the largest double
]


@pytest.mark.parametrize("literal", OVERFLOWING)
@pytest.mark.parametrize("shape", ["small", "dense-before", "dense-after"])
def test_overflowing_numbers_are_refused_in_one_line(literal, shape):
    text = {
        "small": '{"maximum": %s}',
        "dense-before": '{"pad": [' + DENSE + '1], "maximum": %s}',
        "dense-after": '{"maximum": %s, "pad": [' + DENSE + "1]}",
    }[shape] % literal
    message = error_of(text)
    assert message == f"doc.json: invalid JSON: {literal} is not a finite JSON number"
    assert "\n" not in message


def test_an_overflow_hidden_by_a_duplicate_key_is_still_refused():
    # json.loads keeps the last of two equal keys: only the text shows the first value,
    # so checking the parsed value for infinities would not be enough.
    text = '{"a": 1e999, "a": 1, "pad": [' + DENSE + "1]}"
    assert error_of(text) == "doc.json: invalid JSON: 1e999 is not a finite JSON number"


def test_the_first_problem_in_the_text_is_reported():
    assert error_of("[" + DENSE + "1e999, }") == "doc.json: invalid JSON: 1e999 is not a finite JSON number"
    assert error_of("[" + DENSE + "NaN, 1e999]") == "doc.json: invalid JSON: NaN is not a JSON number"
    broken = error_of("[" + DENSE + "}, 1.5]")
    assert broken.startswith("doc.json: invalid JSON at line 1 column ")
    assert broken.endswith(": Expecting value")
    deep = "[" * 300 + "1e999" + "]" * 300  # an overflow is reported before the depth
    assert error_of(deep) == "doc.json: invalid JSON: 1e999 is not a finite JSON number"


def test_finite_numbers_and_look_alikes_are_accepted_with_their_values():
    text = '{"a": 1.5, "b": -2.25e-3, "c": 0e-400, "d": "e999", "e": "1e999", "f": 1e308, ' \
           '"g": 1.7976931348623157e308, "h": 10e99, "i": ' + "1" * 209 + '.25, "j": ' + "9" * 400 + ", " \
           '"k": "' + "7" * 300 + '", "pad": [' + DENSE + "2.0]}"
    value = parse(text)
    assert value["a"] == 1.5 and value["b"] == -2.25e-3 and value["c"] == 0.0
    assert value["d"] == "e999" and value["e"] == "1e999" and value["k"] == "7" * 300
    assert value["f"] == 1e308 and value["g"] == 1.7976931348623157e308 and value["h"] == 1e100
    assert value["i"] == float("1" * 209 + ".25")
    assert value["j"] == int("9" * 400) and type(value["j"]) is int  # an integer never overflows
    assert value["pad"][-1] == 2.0 and type(value["pad"][-1]) is float
    assert value == json.loads(text)


# ---------------------------------------------------------------------------
# Canonicaliser: forms computed by the implementation before the fast paths

CANONICAL = [
    ("nullable", {"type": "string", "nullable": True, "description": "A name."},
     '{"type": ["null", "string"], "description": "A name."}'),
    ("nullable-false-int-number", {"type": ["integer", "number", "integer"], "nullable": False},
     '{"type": ["number"]}'),
    ("nullable-without-type", {"nullable": True, "enum": ["a", None]},
     '{"enum": ["a", null], "type": ["null", "string"]}'),
    ("draft04-exclusive",
     {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": 10.0, "exclusiveMaximum": False},
     '{"type": ["number"], "maximum": 10, "exclusiveMinimum": 0}'),
    ("draft04-exclusive-integer",
     {"type": "integer", "minimum": 0, "exclusiveMinimum": True, "maximum": 9007199254740991,
      "exclusiveMaximum": True},
     '{"type": ["integer"], "minimum": 1, "maximum": 9007199254740990}'),
    ("draft04-both-exclusive", {"maximum": 5, "minimum": 1, "exclusiveMaximum": True, "exclusiveMinimum": True},
     '{"exclusiveMinimum": 1, "exclusiveMaximum": 5}'),
    ("integer-exclusive-numeric",
     {"type": ["integer"], "exclusiveMinimum": 0.0, "exclusiveMaximum": 100, "minimum": -5},
     '{"type": ["integer"], "minimum": 1, "maximum": 99}'),
    ("items-array",
     {"type": "array", "items": [{"type": "string"}, {"type": "integer", "minimum": 1.0}, True],
      "additionalItems": {"type": "number", "maximum": 2.0}},
     '{"type": ["array"], "prefixItems": [{"type": ["string"]}, {"type": ["integer"], "minimum": 1}, {}], '
     '"items": {"type": ["number"], "maximum": 2}}'),
    ("items-array-beside-prefix-items", {"items": [{}], "additionalItems": {}, "prefixItems": [{"type": "null"}]},
     '{"items": [{}], "prefixItems": [{"type": ["null"]}]}'),
    ("enum-mixed", {"enum": [1, True, "1", None, 1.0, 2.5, {"a": 1.0}, [1.0], "a", False, 0, "a", True]},
     '{"enum": ["1", "a", 0, 1, 2.5, [1], false, null, true, {"a": 1}], '
     '"type": ["array", "boolean", "null", "number", "object", "string"]}'),
    ("integral-floats",
     {"type": "number", "minimum": 1.0, "maximum": 10.5, "default": 3.0, "examples": [1.0, 2.5, {"x": 4.0}],
      "multipleOf": 2.0, "const": -0.0},
     # the one value 0 is an integer: the type made from it (values_typed) is integer, whose
     # fractional maximum is its floor (hostile trial, round 36)
     '{"type": ["integer"], "minimum": 1, "maximum": 10, "default": 3, "examples": [1, 2.5, {"x": 4}], '
     '"multipleOf": 2, "const": 0}'),
    ("object",
     {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
      "definitions": {"pos": {"type": "integer", "exclusiveMinimum": 0}},
      "properties": {
          "b": {"$ref": "#/definitions/pos", "description": "Count."},
          "a": {"anyOf": [{"type": "string"}, {"type": "null"}, {"type": "string"}]},
          "c": {"type": "object", "properties": {}, "additionalProperties": True},
      },
      "required": ["b", "a", "b"], "additionalProperties": False},
     '{"type": ["object"], "properties": {"b": {"type": ["integer"], "minimum": 1, "description": "Count."}, '
     '"a": {"type": ["null", "string"]}, "c": {"type": ["object"]}}, '
     '"required": ["a", "b"], "additionalProperties": false}'),
    # the allOf branch true adds nothing (hostile trial, round 9): the other is the form
    ("required-empty-and-mixed", {"required": [], "allOf": [{"required": ["x", 1, "x"]}, True]},
     '{"required": ["x", 1]}'),
]


@pytest.mark.parametrize(("schema", "expected"), [case[1:] for case in CANONICAL], ids=[c[0] for c in CANONICAL])
def test_canonical_forms_are_unchanged(schema, expected):
    before = json.dumps(schema)
    assert json.dumps(canonical_schema(schema)) == expected
    assert json.dumps(schema) == before  # the input is left as it was


def test_canonical_json_is_the_sorted_compact_dump():
    value = {"b": [1.5, "é", None, True], "a": {"y": 1, "x": -0.0}, "c": float("inf")}
    assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    circular: list = []
    circular.append(circular)
    with pytest.raises(ValueError, match="Circular reference"):
        canonical_json(circular)
    assert canonical_json([1]) == "[1]"  # still usable after a failure


def test_helpers_keep_their_results():
    assert json.dumps(normalise_numbers({"a": [1.0, 2.5, True, None, "1.0", {"b": -3.0}]})) == \
        '{"a": [1, 2.5, true, null, "1.0", {"b": -3}]}'
    single = ["string"]
    result = sorted_unique(single)
    assert result == ["string"] and result is not single
    assert sorted_unique(["b", "a", "b"]) == ["a", "b"]
    assert sorted_unique([]) == []
    assert json.dumps(sorted_unique([True, 1, "1", 1.0])) == '["1", 1, 1.0, true]'


def test_identical_files_are_parsed_once_per_command(tmp_path):
    from mcp_inspect.snapshot.reader import load_value

    text = '{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}'
    first, copy, other = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    first.write_text(text)
    copy.write_text(text)
    other.write_text(text.replace('"a"', '"b"'))
    parsed: dict = {}
    value = load_value(str(first), parsed)
    assert load_value(str(copy), parsed) is value  # same bytes: the same parsed value
    assert load_value(str(other), parsed) is not value
    assert load_value(str(copy)) is not value  # without the dict, every load parses
    as_yaml = tmp_path / "a.yaml"
    as_yaml.write_text(text)
    assert load_value(str(as_yaml), parsed) is not value  # another kind of name may parse differently
    assert load_value(str(as_yaml), parsed) == value


def test_diff_of_a_file_and_its_copy_reports_what_the_file_against_itself_reports(tmp_path):
    from pathlib import Path

    from typer.testing import CliRunner

    from mcp_inspect.cli import app

    source = Path(__file__).resolve().parents[2] / "snapshots" / "git-2025.11.25.json"
    copy = tmp_path / "copy.json"
    copy.write_bytes(source.read_bytes())
    runner = CliRunner()
    reports = []
    for pair in ((source, copy), (source, source)):
        done = runner.invoke(app, ["diff", "--format", "json", str(pair[0]), str(pair[1])])
        assert done.exit_code == 0, done.output
        report = json.loads(done.stdout)
        report["new"]["source"] = "NEW"
        reports.append(report)
    assert reports[0] == reports[1]
    assert reports[0]["findings"] == []
