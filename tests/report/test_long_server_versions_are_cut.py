"""A hostile server's long protocolVersion and serverInfo.version are cut wherever a report
names them, as a message cuts any value it shows (80 characters).

Hostile trial, round 44: a 5,000-character ``protocolVersion`` was printed whole, both
revisions, by the ``server.protocolVersion.changed`` message (15,655 characters in the text,
Markdown, annotations, SARIF and HTML), and a 5,000-character ``serverInfo.version`` by the
release notes' "Suggested version bump" line and a history's "semver" line (a 42 KB line),
where ``server.identity.changed`` beside them cut it.
"""

from __future__ import annotations

import json

import pytest

from mcp_inspect.api import diff, history, release_notes, render, render_history
from mcp_inspect.snapshot.shapes import snapshot_from_value

_TOOL = {"name": "get_item", "description": "Reads one item by its identifier.",
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The item."}}}}
_LONG_REVISION = "2025-" + "x" * 5_000
_LONG_VERSION = "build-" + "y" * 5_000  # no version: "is not a version mcp-inspect can compare"


def _value(revision: str, version: str) -> dict:
    return {"tools": [_TOOL], "initialize": {"protocolVersion": revision, "capabilities": {"tools": {}},
                                             "serverInfo": {"name": "s", "version": version}}}


def _side(revision: str, version: str):
    return snapshot_from_value(_value(revision, version), "server.json")


@pytest.mark.parametrize("fmt", ["text", "markdown", "github", "sarif", "html"])
def test_a_long_protocol_version_is_cut_in_its_change_message(fmt):
    report = diff(_side("2025-11-25", "1.0.0"), _side(_LONG_REVISION, "1.0.0"))
    [change] = [f for f in report.changes if f.rule == "server.protocolVersion.changed"]
    assert len(change.message) < 300, change.message[:300]
    rendered = render(report, fmt)
    if fmt == "sarif":  # the finding's before and after stay whole as data: its message is cut
        rendered = "\n".join(result["message"]["text"] for run in json.loads(rendered)["runs"]
                             for result in run["results"])
    assert "x" * 200 not in rendered, fmt
    assert "2025-xxx" in rendered and "xxx…" in rendered, fmt


def test_a_long_server_version_is_cut_in_the_release_notes():
    notes = release_notes(diff(_side("2025-11-25", "1.0.0"), _side("2025-11-25", _LONG_VERSION)))
    assert "y" * 200 not in notes
    assert "is not a version mcp-inspect can compare" in notes and "yyy…" in notes
    assert max(len(line) for line in notes.splitlines()) < 500


def test_a_long_server_version_is_cut_in_a_historys_semver_line(tmp_path):
    for name, version in (("1.json", "1.0.0"), ("2.json", _LONG_VERSION)):
        (tmp_path / name).write_text(json.dumps(_value("2025-11-25", version)))
    found = history(str(tmp_path), lint=False)
    for fmt in ("text", "markdown", "html"):
        rendered = render_history(found, fmt)
        assert "y" * 200 not in rendered, fmt
        assert "yyy…" in rendered, fmt
