"""A lint of a capture whose tools/list answered an error says that list failed, not that the
surface lists no tools.

New-user trial, round 44: a server whose tools/list failed was captured with the failure kept in
``errors`` (docs/capture.md: the capture succeeds, and a diff fails its gate closed on it), but
``lint`` of that capture warned "the surface lists no tools", as if the server had none."""

from __future__ import annotations

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value

FAILED = {"tools": None, "prompts": [],
          "errors": {"tools/list": {"code": -32603, "message": "tools are broken"}}}


def test_a_lint_of_a_capture_whose_tools_list_failed_says_so():
    report = api.lint(snapshot_from_value(FAILED, "broken.json"))
    assert report.warnings[0] == ("the server's tools/list failed (-32603 'tools are broken'): "
                                  "there are no tools to lint or score")
    assert not any("lists no tools" in w for w in report.warnings)


def test_a_surface_that_lists_no_tools_still_says_that():
    report = api.lint(snapshot_from_value({"tools": []}, "empty.json"))
    assert report.warnings[0] == api.NO_TOOLS_TO_LINT
