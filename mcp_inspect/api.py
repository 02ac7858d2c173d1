"""The library API, re-exported by ``mcp_inspect``: everything the CLI does, as functions.

docs/api.md shows each in use; its examples run as tests (tests/test_docs_api.py).
"""

from __future__ import annotations

from pathlib import Path

from .capture.options import CaptureOptions
from .checks import LintReport, LintSettings, attach_lint, lint_snapshot
from .classify import diff_snapshots
from .config import Config
from .model import DiffResult, Severity, Snapshot
from .snapshot.identity import Digests


def load(source: str, options: CaptureOptions | None = None) -> Snapshot:
    """Load a surface from anything the CLI accepts: a JSON or YAML file, ``-`` (stdin),
    ``@NAME`` (the snapshot store), ``git:REF:PATH``, an mcp.json (``FILE#NAME``), or a live
    server (``stdio:COMMAND ARGS``, ``https://…``).

    Raises ``InputError`` (bad input) or ``CaptureError`` (a live server failed); both carry
    one line of text.
    """
    from .sources import load_source

    return load_source(source, options)


def capture(target: str, options: CaptureOptions | None = None) -> Snapshot:
    """Capture a live server: ``stdio:COMMAND ARGS`` (or a bare command line) or an http(s) URL."""
    from .capture import capture as capture_target

    return capture_target(target, options or CaptureOptions(progress=False))


def diff(old: Snapshot, new: Snapshot, *, config: Config | None = None, fail_on: Severity | None = None,
         lint: LintSettings | None = None) -> DiffResult:
    """Classify every change from ``old`` to ``new``; ``result.failed`` is the gate.

    ``config`` (see ``Config.load``) applies ignores, severity overrides and ``fail_on``;
    the ``fail_on`` argument wins over it, as ``--fail-on`` does. With ``lint`` (a
    LintSettings) both sides are linted too, as ``mcp-inspect diff`` does: ``result.lint``
    holds the new side's findings split into introduced and inherited, and the gate
    includes them.
    """
    digests = Digests()
    result = diff_snapshots(old, new, digests=digests)
    if lint is not None:
        attach_lint(result, old, new, lint, digests=digests)
    return (config or Config()).apply(result, fail_on=fail_on)


def lint(surface: Snapshot, settings: LintSettings | None = None) -> LintReport:
    """Lint one surface against a client profile (``LintSettings(profile=...)``, claude by
    default); ``report.findings`` are sorted by tool, path and code, ``report.tokens`` is the
    token cost and ``report.failed`` the gate."""
    return lint_snapshot(surface, settings or LintSettings())


def render(result: DiffResult, fmt: str = "text") -> str:
    """A diff result as ``text``, ``json``, ``sarif``, ``markdown`` or ``github`` output;
    ValueError for any other format."""
    from .report import render as render_result

    return render_result(result, fmt)


def release_notes(result: DiffResult, title: str | None = None) -> str:
    """Markdown release notes for a diff, with the suggested semantic-version bump."""
    from .release import plan_release
    from .report.release_notes import render_release_notes

    return render_release_notes(plan_release(result), title=title)


def dump(snapshot: Snapshot) -> str:
    """The snapshot in mcp-inspect's own format (docs/snapshot-format.md), as JSON text."""
    from .snapshot import dump_snapshot

    return dump_snapshot(snapshot)


def save(snapshot: Snapshot, name: str, store: str | Path | None = None) -> str:
    """Keep ``snapshot`` in the snapshot store under ``name`` (so ``@name`` loads it);
    returns its surface fingerprint."""
    from .snapshot.store import save as save_named
    from .snapshot.store import store_root

    return save_named(snapshot, name, store_root(store)).fingerprint
