"""mcp-inspect: what a change to an MCP server's surface does to its clients.

The library API mirrors the CLI::

    from mcp_inspect import load, diff
    report = diff(load("old.json"), load("new.json"))
    for finding in report.findings:
        print(finding.severity.name, finding.rule, finding.entity.name)

The public names are ``__all__`` below (docs/api.md).

May import: ``api`` and the values and settings types it hands out; never a front end.
"""

from __future__ import annotations

from ._version import __version__
from .api import (
    approve,
    capture,
    delete_snapshot,
    diff,
    dump,
    history,
    lint,
    list_snapshots,
    load,
    record,
    release_notes,
    render,
    render_history,
    replay,
    rules,
    save,
    witness,
    write,
)
from .checks.settings import LintSettings
from .config.load import Config
from .config.waivers import ApproveRule, IgnoreRule
from .drift.check import DriftReport
from .drift.check import check as check_drift
from .drift.check import pin as pin_servers
from .drift.render import render_drift
from .errors import CaptureError, InputError, InspectError
from .findings.evidence import Witness
from .findings.finding import Finding
from .findings.history import History, Release, Step
from .findings.report import Report, Side
from .findings.severity import Level, Severity
from .live.options import CaptureOptions
from .model import Snapshot

#: The names earlier releases gave the report of a diff and of a lint: both are a Report now.
DiffResult = Report
LintReport = Report

__all__ = [
    "ApproveRule", "CaptureError", "CaptureOptions", "Config", "DiffResult", "DriftReport", "Finding", "History",
    "IgnoreRule", "InputError", "InspectError", "Level", "LintReport", "LintSettings", "Release", "Report", "Severity",
    "Side", "Snapshot", "Step", "Witness", "__version__", "approve", "capture", "check_drift", "delete_snapshot",
    "diff", "dump", "history", "lint", "list_snapshots", "load", "pin_servers", "record", "release_notes", "render",
    "render_drift", "render_history", "replay", "rules", "save", "witness", "write",
]
