"""mcp-inspect: what a change to an MCP server's surface does to its clients.

The library API mirrors the CLI::

    from mcp_inspect import load, diff
    result = diff(load("old.json"), load("new.json"))
    for finding in result.findings:
        print(finding.severity.name, finding.rule, finding.entity.name)
"""

from __future__ import annotations

__version__ = "0.1.0"

# The subpackages ``mcp_inspect.diff`` and ``mcp_inspect.lint`` share their names with the
# API functions ``diff`` and ``lint``. Importing the subpackages first lets the functions,
# bound after them, keep the names.
from . import diff as _diff_package  # noqa: E402,F401
from . import lint as _lint_package  # noqa: E402,F401
from .api import capture, diff, dump, lint, load, release_notes, render, save  # noqa: E402
from .capture.options import CaptureOptions  # noqa: E402
from .config import Config, IgnoreRule  # noqa: E402
from .errors import CaptureError, InputError, InspectError  # noqa: E402
from .lint.findings import LintReport  # noqa: E402
from .lint.settings import LintSettings  # noqa: E402
from .model import DiffResult, Finding, Severity, Snapshot  # noqa: E402

__all__ = [
    "CaptureError", "CaptureOptions", "Config", "DiffResult", "Finding", "IgnoreRule", "InputError",
    "InspectError", "LintReport", "LintSettings", "Severity", "Snapshot", "__version__", "capture", "diff", "dump",
    "lint", "load", "release_notes", "render", "save",
]
