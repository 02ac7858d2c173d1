"""Recorded calls: the pass-through proxy that writes them (``mcp-inspect record``), the
reader of recordings (our JSONL, raw JSON-RPC, OpenTelemetry spans), and their replay
against both sides of a diff (docs/record.md).

May import: the values (``errors``, ``findings``, ``limits``, ``model``, ``patterns``, ``runtime``) and
``snapshot``.
"""
