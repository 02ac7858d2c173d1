"""Resolve what the user named on the command line into a Snapshot.

A *source* is anything a command accepts where a surface is expected: a file
(JSON or YAML), ``-`` for stdin, and — as live capture lands — a server to
capture, an mcp.json client configuration, or a name in the snapshot store.
Commands call ``load_source`` and never parse these spellings themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Snapshot
from .snapshot import load_snapshot


@dataclass
class CaptureOptions:
    """How to talk to a live server (ignored for files)."""

    env: dict[str, str] = field(default_factory=dict)  # extra environment for a stdio child
    headers: dict[str, str] = field(default_factory=dict)  # extra HTTP headers
    timeout: float = 30.0  # seconds, per operation
    protocol: str = "auto"  # "auto", or a protocol revision to speak


def load_source(spec: str, options: CaptureOptions | None = None) -> Snapshot:
    """Load one surface from ``spec``; InputError (exit 2) or CaptureError (exit 3) on failure."""
    return load_snapshot(spec)
