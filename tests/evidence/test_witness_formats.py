"""Every format shows a finding's witness, escaped like any other untrusted text."""

from __future__ import annotations

import json

import pytest

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value

HOSTILE = "<script>x</script>\n::error::forged\u202e"


def _report(values_old, values_new):
    def side(values, name):
        schema = {"type": "object", "properties": {"units": {"type": "string", "enum": values}}, "required": ["units"]}
        return snapshot_from_value({"tools": [{"name": "weather", "inputSchema": schema}]}, name)

    return api.diff(side(values_old, "old"), side(values_new, "new"))


PLAIN = _report(["metric", "imperial"], ["imperial"])


@pytest.mark.parametrize("fmt", ["text", "markdown", "github", "html"])
def test_each_format_shows_the_call_that_now_fails(fmt):
    out = api.render(PLAIN, fmt)
    # Markdown escapes none of it: nothing there is markup
    said = "e.g. this call passes the old schema and fails the new one:"
    assert said in out
    assert "metric" in out.split(said, 1)[1][:200]


def test_release_notes_and_json_show_it():
    notes = api.release_notes(PLAIN)
    assert 'e.g. this call passes the old schema and fails the new one: `{"units":"metric"}`' in notes
    finding = json.loads(api.render(PLAIN, "json"))["findings"][0]
    assert finding["witness"] == {"units": "metric"} and "witnessNote" not in finding


def test_a_hostile_witness_is_escaped_in_every_format():
    report = _report(["imperial", HOSTILE], ["imperial"])
    finding = next(f for f in report.changes if f.rule == "tool.input.enum.narrowed")
    assert finding.witness.value == {"units": HOSTILE}
    html = api.render(report, "html")
    assert "<script>x" not in html and "&lt;script&gt;x" in html
    github = api.render(report, "github")
    assert "\n::error::forged" not in github  # a newline would start a workflow command
    text = api.render(report, "text")
    assert not any(line.startswith("::") for line in text.splitlines())
    assert "\u202e" not in text and "\u202e" not in api.render(report, "markdown")
    assert "\u202e" not in api.release_notes(report)
    assert json.loads(api.render(report, "json"))["findings"][0]["witness"] == {"units": HOSTILE}


def test_the_summary_counts_breaking_input_changes_without_a_witness():
    schema = {"type": "object", "properties": {"path": {"type": "string"}, "encoding": {"type": "string"}}}
    old = snapshot_from_value({"tools": [{"name": "read", "inputSchema": schema}]}, "old")
    new = snapshot_from_value({"tools": [{"name": "read", "inputSchema": {
        "type": "object", "properties": {"path": {"type": "string"}}}}]}, "new")
    report = api.diff(old, new)
    assert report.unwitnessed == 1
    assert "1 breaking input change without a witness" in api.render(report, "text")
    assert "| Breaking input changes without a witness | 1 |" in api.render(report, "markdown")
    assert "1 breaking input change without a witness" in api.render(report, "github")
    assert "1 breaking input change without a witness" in api.render(report, "html")
    assert "no witness: the new schema still accepts a call that sends it" in api.render(report, "text")
