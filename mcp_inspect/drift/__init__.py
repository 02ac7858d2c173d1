"""Drift for the people who run MCP clients: pin every server of an mcp.json, then check
later that none changed under them (docs/drift.md).

``pin`` writes a lock file; ``check`` captures again, diffs each server against its pin with
the ordinary rules and lints new text with the security checks; ``render_drift`` writes the
result as text or JSON.
"""

from __future__ import annotations

from .check import (
    SECURITY_SELECTION,
    TEXT_SELECTION,
    DriftReport,
    PinResult,
    ServerDrift,
    changed_texts,
    check,
    pin,
)
from .lock import LOCK_NAME, Pin, default_lock_path, read_lock, write_lock
from .render import drift_to_json, render_drift

__all__ = [
    "LOCK_NAME", "SECURITY_SELECTION", "TEXT_SELECTION", "DriftReport", "Pin", "PinResult", "ServerDrift",
    "changed_texts", "check", "default_lock_path", "drift_to_json", "pin", "read_lock", "render_drift", "write_lock",
]
