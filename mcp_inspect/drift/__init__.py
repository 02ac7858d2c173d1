"""Drift for the people who run MCP clients: pin every server of an mcp.json, then check
later that none changed under them (docs/drift.md).

``check.pin`` writes a lock file (``lock``: its format, read and written); ``check.check``
captures again, diffs each server against its pin with the ordinary rules and lints new
text with the security checks; ``render.render_drift`` writes the result as text or JSON.
The package's public names are re-exported by ``mcp_inspect`` (``pin_servers``,
``check_drift``, ``DriftReport``, ``render_drift``), not here.

May import: ``api`` and everything below it; never a front end (``cli``, ``serve``).
"""
