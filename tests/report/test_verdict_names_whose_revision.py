"""The verdict line says whose revision it names: the rules', and the server's when it differs.

New-user trial, round 42 (azure-mcp 2.0.5, captured over `initialize` with 2025-11-25):
`lint` printed "compliance policy, MCP 2026-07-28: compliant, valid", which read as the
snapshot's revision; it was the revision the rules judged by (``--spec-version``'s default).
"""

from __future__ import annotations

from mcp_inspect import lint
from mcp_inspect.config.settings import lint_settings
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.report.text import render_text
from mcp_inspect.snapshot.shapes import snapshot_from_value

_TOOL = {"name": "get_item", "description": "Reads one item by its identifier.",
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The item."}}}}


def _captured(revision: str | None):
    value = {"tools": [_TOOL]}
    if revision is not None:
        value["initialize"] = {"protocolVersion": revision, "capabilities": {"tools": {}},
                               "serverInfo": {"name": "s", "version": "1.0.0"}}
    return snapshot_from_value(value, "server.json")


def test_a_server_of_another_revision_is_told_from_the_rules_revision():
    report = lint(_captured("2025-11-25"))
    for rendered in (render_text(report), render_markdown(report)):
        assert ("compliance policy, MCP 2026-07-28 rules (the server answered 2025-11-25; --spec-version "
                "2025-11-25 judges by its rules): compliant, valid") in rendered, rendered


def test_the_rules_revision_alone_when_the_server_answered_it_or_none_is_known():
    judged = lint(_captured("2025-11-25"), lint_settings(spec_version="2025-11-25"))
    assert "compliance policy, MCP 2025-11-25 rules: compliant" in render_text(judged)
    assert "compliance policy, MCP 2026-07-28 rules: compliant" in render_text(lint(_captured(None)))


def test_a_hostile_servers_long_revision_is_cut_in_the_verdict_line_of_every_format():
    """Hostile trial, round 43: a 5,000-character protocolVersion, a hostile server's answer,
    was printed whole in the lint header ("(the server answered 2025-xxxx…)") of the text,
    Markdown, annotations and HTML. It is cut as a message cuts any value it shows."""
    from mcp_inspect.api import render

    answered = "2025-" + "x" * 5_000
    report = lint(_captured(answered))
    for fmt in ("text", "markdown", "github", "html", "json", "sarif", "junit", "gitlab"):
        rendered = render(report, fmt)
        assert "x" * 200 not in rendered, fmt
        if fmt in ("text", "markdown", "github", "html"):
            assert "(the server answered 2025-xxx" in rendered and "xxx…)" in rendered, (fmt, rendered[:600])


def test_a_hostile_servers_long_version_is_cut_beside_its_side_in_the_html_diff():
    """The HTML diff names each side's serverInfo.version, a hostile server's answer like its
    revision: a 5,000-character one was printed whole (noticed while fixing round 43)."""
    from mcp_inspect.api import diff, render

    def side(version: str):
        return snapshot_from_value({"tools": [_TOOL], "initialize": {
            "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "s", "version": version}}}, "server.json")

    rendered = render(diff(side("1.0.0"), side("1." + "9" * 5_000)), "html")
    assert "9" * 200 not in rendered and "server 1.999" in rendered
