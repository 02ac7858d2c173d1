"""A ``$ref`` pointer step that is a digit only to ``str.isdigit`` (``²``, ``٣``) or a run of
digits past Python's limit on converting them names no array item: the reference does not
resolve, as any other bad pointer, instead of ending the run with an internal error."""

from __future__ import annotations

import json

import pytest

from mcp_inspect.cli import app
from mcp_inspect.snapshot import references
from mcp_inspect.snapshot.references import MISSING, References, resolve_pointer

ROOT = {"type": "object", "anyOf": [{"type": "string"}], "properties": {"a": {"$ref": "#/anyOf/0"}}}
HUGE = "9" * 5000


@pytest.mark.parametrize("step", ["²", "٣", "¹⁰", HUGE, "0" * 4999 + "1x", "-0", " 0", "1"],
                         ids=["superscript", "arabic-indic", "superscripts", "5000-digits", "zeros-x", "minus",
                              "space", "past-the-end"])
def test_a_step_that_is_no_ascii_index_names_nothing(step):
    assert resolve_pointer(ROOT, f"#/anyOf/{step}") is MISSING
    assert References(ROOT).locate(f"#/anyOf/{step}") is None


def test_an_ascii_index_still_names_its_item():
    assert resolve_pointer(ROOT, "#/anyOf/0") == {"type": "string"}
    assert resolve_pointer(ROOT, "#/anyOf/" + "0" * 5000) == {"type": "string"}  # leading zeros: item 0
    assert References(ROOT).locate("#/anyOf/0") == ("#/anyOf/0", {"type": "string"})
    indexes = [references.list_index(step, 3) for step in ("0", "2", "3", "02", "²", "٣", HUGE)]
    assert indexes == [0, 2, None, 2, None, None, None]


def _write(path, ref: str) -> str:
    schema = {"type": "object", "properties": {"a": {"$ref": ref}}, "anyOf": [{"type": "string"}]}
    path.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": schema}]}), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("step", ["²", HUGE], ids=["superscript", "5000-digits"])
def test_snapshot_and_diff_call_the_reference_dangling(tmp_path, runner, step):
    base, digit = _write(tmp_path / "base.json", "#/anyOf/0"), _write(tmp_path / "digit.json", f"#/anyOf/{step}")
    snapshot = runner.invoke(app, ["snapshot", digit])
    assert snapshot.exit_code == 0, snapshot.output
    assert json.loads(snapshot.stdout)["tools"][0]["inputSchema"]["properties"]["a"] == {"$ref": f"#/anyOf/{step}"}
    diffed = runner.invoke(app, ["diff", base, digit])
    assert diffed.exit_code == 1, diffed.output  # a breaking change, not an internal error (2)
    assert "internal error" not in diffed.stderr
    assert "$ref added" in diffed.stdout
    linted = runner.invoke(app, ["lint", digit])
    assert "internal error" not in linted.stderr and "SCH-004" in linted.stdout
