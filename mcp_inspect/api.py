"""The library API, re-exported by ``mcp_inspect``: everything the CLI does, as functions."""

from __future__ import annotations

from .diff import diff_snapshots
from .lint import LintReport, LintSettings, attach_lint, lint_snapshot
from .model import DiffResult, Severity, Snapshot
from .snapshot import load_snapshot


def load(source: str) -> Snapshot:
    """Load a surface from a file path (JSON or YAML) or ``-`` (stdin).

    Raises ``mcp_inspect.errors.InputError`` (one line, no traceback needed) on bad input.
    """
    return load_snapshot(source)


def diff(old: Snapshot, new: Snapshot, *, fail_on: Severity = Severity.BREAKING,
         lint: LintSettings | None = None) -> DiffResult:
    """Classify every change from ``old`` to ``new``; ``result.failed`` is the gate.

    With ``lint`` (a LintSettings, e.g. ``LintSettings(profile="openai")``) both sides are
    linted too, as ``mcp-inspect diff`` does: ``result.lint`` holds the new side's findings
    split into introduced and inherited, and the gate includes them.
    """
    result = diff_snapshots(old, new, fail_on=fail_on)
    if lint is not None:
        attach_lint(result, old, new, lint)
    return result


def lint(surface: Snapshot, settings: LintSettings | None = None) -> LintReport:
    """Lint one surface against a client profile (``LintSettings(profile=...)``, claude by
    default); ``report.findings`` are sorted by tool, path and code, ``report.tokens`` is the
    token cost and ``report.failed`` the gate."""
    return lint_snapshot(surface, settings or LintSettings())
