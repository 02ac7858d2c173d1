"""History says a capture time is one (issue 34): a folder of snapshots has no release dates,
and sentry 0.39.0, captured ten seconds before 0.17.1, read as the older release."""

from __future__ import annotations

from conftest import DATA

import mcp_inspect


def test_capture_times_are_labelled_as_capture_times_in_every_format():
    history = mcp_inspect.history(DATA / "trial" / "sentry", lint=False)
    text = mcp_inspect.render_history(history, "text")
    assert "0.39.0  captured 2026-12-02T01:39:35+00:00" in text.splitlines()
    markdown = mcp_inspect.render_history(history, "markdown")
    assert "| `0.39.0` | captured `2026-12-02T01:39:35+00:00` |" in markdown
    assert "captured 2026-12-02T01:39:35+00:00" in mcp_inspect.render_history(history, "html")
