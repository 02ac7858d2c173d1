"""The library API, re-exported by ``mcp_inspect``: everything the CLI does, as functions."""

from __future__ import annotations

from .diff import diff_snapshots
from .model import DiffResult, Severity, Snapshot
from .snapshot import load_snapshot


def load(source: str) -> Snapshot:
    """Load a surface from a file path (JSON or YAML) or ``-`` (stdin).

    Raises ``mcp_inspect.errors.InputError`` (one line, no traceback needed) on bad input.
    """
    return load_snapshot(source)


def diff(old: Snapshot, new: Snapshot, *, fail_on: Severity = Severity.BREAKING) -> DiffResult:
    """Classify every change from ``old`` to ``new``; ``result.failed`` is the gate."""
    return diff_snapshots(old, new, fail_on=fail_on)
