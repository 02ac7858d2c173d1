"""GitLab Code Quality JSON (``--format gitlab``): the ``codequality`` report a merge request
shows as a widget and in its diff. An array of issues, one per finding a reader should act on:
every change not ignored, and the lint findings the change introduced or that fail the gate
(a lint: every one not ignored). Each has GitLab's required fields (``description``,
``check_name``, ``fingerprint``, ``severity``, ``location.path`` and ``location.lines.begin``);
tests/data/schemas/gitlab-code-quality.schema.json is the format as GitLab documents it.

Severity: a finding that fails the gate is ``blocker``; otherwise BREAKING and lint errors are
``critical``, POTENTIALLY_BREAKING and warnings ``major``, NON_BREAKING ``minor``, and
DOCUMENTATION and lint info ``info``. The fingerprint is the finding's stable id with the
report's file, so GitLab can tell a finding fixed from one still there across pipelines.
"""

from __future__ import annotations

import json
from typing import Any

import xxhash

from ..findings.finding import LINT, Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity
from ..sources.locations import Place, placeholder_uri
from ..text.escape import inert_json, one_line
from .ids import lint_ids

#: By label: the two scales share their numbers (NON_BREAKING and info are both 1), so a
#: mapping keyed by the members themselves would merge them.
_SEVERITY = {Severity.BREAKING.label: "critical", Severity.POTENTIALLY_BREAKING.label: "major",
             Severity.NON_BREAKING.label: "minor", Severity.DOCUMENTATION.label: "info",
             Level.ERROR.label: "critical", Level.WARNING.label: "major", Level.INFO.label: "info"}


def _path(report: Report) -> str:
    place = report.location if isinstance(report.location, Place) else None
    if place is not None and place.file is not None:
        return place.file
    return placeholder_uri(report.new.source)


def _shown(report: Report) -> list[Finding]:
    if not report.is_diff:
        return [f for f in report.checks if not f.ignored]
    lint = [f for f in report.checks if not f.ignored and (f.introduced is not False or f.fails)]
    return [*[f for f in report.changes if not f.ignored], *lint]


def _issue(finding: Finding, finding_id: str, path: str) -> dict[str, Any]:
    kind = finding.entity.kind.value
    # The server is one entity with no name: "server at capabilities…", not "server server".
    subject = kind if kind == "server" or not finding.entity.name else f"{kind} {finding.entity.name}"
    where = f" at {finding.path}" if finding.path else ""
    return {
        "type": "issue",
        "check_name": finding.rule,
        # Shown as text by GitLab: one line, a server's control and invisible characters as escapes (plain).
        "description": one_line(f"{subject}{where}: {finding.message}"),
        "content": {"body": finding.advice},
        "categories": ["Compatibility" if finding.origin != LINT else "Style"],
        "fingerprint": xxhash.xxh3_128_hexdigest(f"{path}\x1f{finding.origin}\x1f{finding_id}".encode()),
        "severity": "blocker" if finding.fails else _SEVERITY[finding.severity.label],
        "location": _location(finding, path),
    }


def _location(finding: Finding, path: str) -> dict[str, Any]:
    """The line of the server's code that registers the finding's entity or property, when the
    diff located it (``--source-root``: GitLab then shows the issue on that line of a merge
    request); else the report's own file, line 1. The fingerprint keeps the report's file, so
    an issue is the same issue whether or not its source was read."""
    if finding.source is not None:
        return {"path": finding.source.file, "lines": {"begin": finding.source.line}}
    return {"path": path, "lines": {"begin": 1}}


def render_gitlab(reports: Report | list[Report]) -> str:
    """One report, or several (a lint of an mcp.json), as one Code Quality array."""
    issues = []
    for report in reports if isinstance(reports, list) else [reports]:
        path, ids = _path(report), lint_ids(report)
        for finding in _shown(report):
            issues.append(_issue(finding, ids.get(id(finding), finding.id), path))
    # The same JSON value with bidirectional and invisible characters as \u escapes (inert_json).
    return inert_json(json.dumps(issues, indent=2, ensure_ascii=False)) + "\n"
