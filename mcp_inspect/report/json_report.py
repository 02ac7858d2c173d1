"""The public JSON report; its shape is versioned and published as docs/report.schema.json."""

from __future__ import annotations

from typing import Any

from ..model import DiffResult, Finding
from . import json_text

REPORT_SCHEMA_VERSION = 1


def finding_to_json(finding: Finding) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": finding.id,
        "rule": finding.rule,
        "severity": finding.severity.name,
        "defaultSeverity": finding.default_severity.name,
        "entity": {"kind": finding.entity.kind.value, "name": finding.entity.name},
        "path": finding.path,
        "before": finding.before,
        "after": finding.after,
        "message": finding.message,
        "advice": finding.advice,
        "ignored": finding.ignored,
    }
    if finding.ignored:
        out["reason"] = finding.reason
    return out


def result_to_json(result: DiffResult) -> dict[str, Any]:
    summary: dict[str, Any] = dict(result.counts())
    summary["gate"] = "fail" if result.failed else "pass"
    summary["failOn"] = result.fail_on.name
    side = lambda s: {"source": s.source, "fingerprint": s.fingerprint}  # noqa: E731
    out = {
        "schemaVersion": REPORT_SCHEMA_VERSION,
        "old": side(result.old),
        "new": side(result.new),
        "summary": summary,
        "findings": [finding_to_json(f) for f in result.findings],
        "warnings": list(result.warnings),
    }
    if result.lint is not None:  # optional and additive: schemaVersion stays 1
        from .lint_section import lint_to_json

        out["lint"] = lint_to_json(result.lint)
    return out


def render_json(result: DiffResult) -> str:
    return json_text.dumps(result_to_json(result), inert=True) + "\n"
