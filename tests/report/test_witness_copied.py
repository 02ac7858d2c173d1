"""A witness call copied from a report is the real call.

Hostile trial, round 27 (case 01-witness): the text report, and the Markdown and release-notes
code span shown so that the call can be copied, put the call's JSON through plain(), which
doubles a backslash before ``x``, ``u`` or a control's escape: ``"\\x07"`` (BEL) was shown as
``"\\\\u0007"`` and ``"a\\\\x41"`` and ``"\\\\u0041"`` came back changed, so the copied call was
another call. Each shown call must parse to the JSON report's ``witness`` and still hold no
raw control, bidi or invisible character (JSON's own ``\\uXXXX`` escapes spell them).

The no-witness note's example call, on a line of its own, was cut with a bare ``…``: not JSON,
and unlike a cut witness it did not say so (case 09-still). It now ends ``… (N characters)``.
"""

from __future__ import annotations

import html
import json
import re

import pytest

from mcp_inspect import diff, load, release_notes, render
from mcp_inspect.report.json_report import render_json
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.report.text import render_text

#: Values that plain() would spell differently inside JSON, and the ones a terminal or
#: Markdown must not see raw.
HOSTILE = [
    "a\\x41",
    "\\u0041",
    "\x07",
    "x\u202ey",
    "\u2028",
    "\x1b[31mred",
    "a`b``c|d\n::error::x <b>é</b>",
    "\\\\u0041 \\",
    "\u200b\x7f\x85",
    "##[error]x",  # the runner's older command form (hostile trial, round 28)
]
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CALL = re.compile(r'(?:fails the new one:|such as) (\{.*)$|^\s*(\{".*)$')


def write_json(path, data) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _tool(values: list[str]) -> dict:
    return {"name": "t", "description": "A tool.", "inputSchema": {
        "type": "object", "properties": {"mode": {"type": "string", "enum": values}}, "required": ["mode"]}}


@pytest.fixture(scope="module", params=range(len(HOSTILE)))
def report(request, tmp_path_factory):
    root = tmp_path_factory.mktemp("witness")
    value = HOSTILE[request.param]
    old, new = write_json(root / "old.json", [_tool([value, "ok"])]), write_json(root / "new.json", [_tool(["ok"])])
    return diff(load(old), load(new), lint=None)


def _witness(report) -> dict:
    [change] = json.loads(render_json(report))["findings"]
    return change["witness"]


def _shown(calls: list[str]) -> list[str]:
    assert calls
    for call in calls:
        assert not _UNSAFE.search(call), ascii(call)
    return calls


def test_the_text_report_shows_the_witness_call(report):
    lines = render_text(report, width=400).splitlines()
    calls = [found.group(1) or found.group(2) for line in lines if (found := _CALL.search(line))]
    for call in _shown(calls):
        assert json.loads(call) == _witness(report)


def test_markdown_and_release_notes_show_the_witness_call(report):
    for text in (render_markdown(report), release_notes(report)):
        spans = [span.strip() for _, span in re.findall(r"fails the new one: (`+)(.+?)\1", text)]
        for span in _shown(spans):
            assert json.loads(span) == _witness(report)


@pytest.mark.parametrize("value", HOSTILE)
def test_json_call_is_safe_and_exact(value):
    from mcp_inspect.text.escape import json_call
    shown = json_call({"mode": value})
    assert not _UNSAFE.search(shown), ascii(shown)
    assert json.loads(shown) == {"mode": value}
    assert "\\u202e" in json_call("\u202e")  # JSON's spelling, never a doubled backslash


def test_a_cut_call_says_so_and_is_never_cut_inside_an_escape():
    from mcp_inspect.text.escape import cut_json, json_call
    text = json_call({"mode": "y" * 10 + "\x07" * 5})
    for limit in range(10, len(text)):
        cut = cut_json(text, limit)
        head, _, tail = cut.partition("… (")
        assert tail == f"{len(text):,} characters)"
        assert text.startswith(head)
        assert not re.search(r"(?<!\\)(?:\\\\)*\\(?:u[0-9a-f]{0,3})?$", head), head


@pytest.mark.parametrize("pad", range(280, 296))
def test_a_cut_never_keeps_half_of_a_surrogate_pair(pad):
    """Hostile trial, round 28: five U+E0041 tag characters, each written as a surrogate pair
    of escapes, cut at 300 characters after the first half of one: the shown text ended with
    a lone ``\\udb40``, a character the value does not hold."""
    from mcp_inspect.text.escape import cut_json, json_call
    head = cut_json(json_call({"a": "x" * pad + "\U000E0041" * 5}), 300).partition("… (")[0]
    assert not re.search(r"(?<!\\)(?:\\\\)*\\u[dD][89abAB][0-9a-fA-F]{2}$", head), head[-20:]


def test_a_no_witness_example_is_cut_after_its_escapes_are_written(tmp_path):
    """Hostile trial, round 28: the example of a property removed from an open object was cut
    before its escapes were written: a name of 200 U+202E showed as 1,208 characters ending
    "(207 characters)", where a witness of the same call shows 300 and counts 1,207."""
    name = "\u202e" * 200
    old = {"name": "t", "inputSchema": {"type": "object", "properties": {name: {"type": "string"}, "b": {}}}}
    new = {"name": "t", "inputSchema": {"type": "object", "properties": {"b": {}}}}
    report = diff(load(write_json(tmp_path / "old.json", [old])),
                  load(write_json(tmp_path / "new.json", [new])), lint=None)
    [change] = [f for f in json.loads(render_json(report))["findings"] if "such as" in (f.get("witnessNote") or "")]
    example = change["witnessNote"].split("such as ", 1)[1]
    head, _, count = example.partition("… (")
    assert len(head) <= 300 and count == "1,207 characters)", (len(head), count)


def test_a_no_witness_example_call_cut_says_so(tmp_path):
    """Case 09-still: a removed property whose ``const`` is 400 characters, which the new
    schema still accepts: the note's example call was cut with a bare ``…``."""
    mode = {"type": "string", "const": "`|<b>x</b> " + "y" * 400 + "\x07\\u0041"}
    old = {"name": "t", "description": "A tool.", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string", "maxLength": 10}, "mode": mode}}}
    new = {"name": "t", "description": "A tool.", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string", "maxLength": 10}}}}
    report = diff(load(write_json(tmp_path / "old.json", [old])),
                  load(write_json(tmp_path / "new.json", [new])), lint=None)
    text = render_text(report, width=100)
    [line] = [line.strip() for line in text.splitlines() if line.strip().startswith('{"mode"')]
    assert re.search(r"… \([0-9,]+ characters\)$", line), line
    [change] = json.loads(render_json(report))["findings"]
    assert re.search(r"… \([0-9,]+ characters\)$", change["witnessNote"]), change["witnessNote"]


def test_annotations_html_and_sarif_show_the_witness_call(report):
    """The same call in the formats that show the whole phrase: a GitHub annotation (as the
    runner decodes it), the HTML page (as a browser reads it) and SARIF's message."""
    found = re.compile(r"fails the new one: (\{.*?\})(?=\)|</p>|$)", re.MULTILINE)
    annotation = render(report, "github").replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")
    page = html.unescape(render(report, "html"))
    sarif = "\n".join(r["message"]["text"] for r in json.loads(render(report, "sarif"))["runs"][0]["results"])
    for text in (annotation, page, sarif):
        for call in _shown(found.findall(text)):
            assert json.loads(call) == _witness(report)


def test_a_cut_example_call_is_whole_in_the_json_report(tmp_path):
    """New-user trial, round 42 (@vercel/sdk 1.7.1 → 1.21.9): a property removed from an open
    object said "the new schema still accepts a call that sends it, such as {…} … (245
    characters)" in ``--format json``, and the call was nowhere whole to replay. It is now
    ``witnessAccepted``, which the new schema accepts and which sends the removed property."""
    from jsonschema import Draft202012Validator

    mode = {"type": "string", "const": "m" * 400}
    old = {"name": "t", "description": "A tool.", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string"}, "mode": mode}}}
    new = {"name": "t", "description": "A tool.", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string"}}}}
    report = diff(load(write_json(tmp_path / "old.json", [old])),
                  load(write_json(tmp_path / "new.json", [new])), lint=None)
    [change] = json.loads(render_json(report))["findings"]
    assert change["witnessReason"] == "open_object" and change["witnessNote"].endswith("characters)")
    call = change["witnessAccepted"]
    assert call["mode"] == "m" * 400
    assert Draft202012Validator(new["inputSchema"]).is_valid(call)
