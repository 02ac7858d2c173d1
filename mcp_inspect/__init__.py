"""mcp-inspect: what a change to an MCP server's surface does to its clients.

The library API mirrors the CLI::

    from mcp_inspect import load, diff
    report = diff(load("old.json"), load("new.json"))
    for finding in report.findings:
        print(finding.severity.name, finding.rule, finding.entity.name)
"""

from __future__ import annotations

from ._version import __version__
from .api import (
    capture,
    delete_snapshot,
    diff,
    dump,
    lint,
    list_snapshots,
    load,
    record,
    release_notes,
    render,
    replay,
    rules,
    save,
    witness,
    write,
)
from .checks.settings import LintSettings
from .config import Config, IgnoreRule
from .errors import CaptureError, InputError, InspectError
from .findings.evidence import Witness
from .findings.finding import Finding
from .findings.report import Report, Side
from .findings.severity import Level, Severity
from .live.options import CaptureOptions
from .model import Snapshot

#: The names earlier releases gave the report of a diff and of a lint: both are a Report now.
DiffResult = Report
LintReport = Report

__all__ = [
    "CaptureError", "CaptureOptions", "Config", "DiffResult", "Finding", "IgnoreRule", "InputError",
    "InspectError", "Level", "LintReport", "LintSettings", "Report", "Severity", "Side", "Snapshot", "Witness",
    "__version__", "capture", "delete_snapshot", "diff", "dump", "lint", "list_snapshots", "load", "record",
    "release_notes", "render", "replay", "rules", "save", "witness", "write",
]
