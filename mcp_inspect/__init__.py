"""mcp-inspect: what a change to an MCP server's surface does to its clients.

The library API mirrors the CLI::

    from mcp_inspect import load, diff
    result = diff(load("old.json"), load("new.json"))
    for finding in result.findings:
        print(finding.severity.name, finding.rule, finding.entity.name)
"""

from __future__ import annotations

from ._version import __version__
from .api import capture, diff, dump, lint, load, release_notes, render, save
from .capture.options import CaptureOptions
from .checks.findings import LintReport
from .checks.settings import LintSettings
from .config import Config, IgnoreRule
from .errors import CaptureError, InputError, InspectError
from .model import DiffResult, Finding, Severity, Snapshot

__all__ = [
    "CaptureError", "CaptureOptions", "Config", "DiffResult", "Finding", "IgnoreRule", "InputError",
    "InspectError", "LintReport", "LintSettings", "Severity", "Snapshot", "__version__", "capture", "diff", "dump",
    "lint", "load", "release_notes", "render", "save",
]
