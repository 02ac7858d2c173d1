"""mcp-inspect: what a change to an MCP server's surface does to its clients.

The library API mirrors the CLI::

    from mcp_inspect import load, diff
    result = diff(load("old.json"), load("new.json"))
    for finding in result.findings:
        print(finding.severity.name, finding.rule, finding.entity.name)
"""

from __future__ import annotations

__version__ = "0.1.0"

# The subpackage ``mcp_inspect.diff`` shares its name with the API function ``diff``.
# Importing the subpackage first lets the function, bound after it, keep the name.
from . import diff as _diff_package  # noqa: E402,F401
from .api import diff, load  # noqa: E402
from .model import DiffResult, Finding, Severity, Snapshot  # noqa: E402

__all__ = ["DiffResult", "Finding", "Severity", "Snapshot", "__version__", "diff", "load"]
