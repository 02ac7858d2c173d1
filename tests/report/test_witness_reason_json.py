"""The JSON report names why a BREAKING finding has no witness as a code.

New-user trial, round 31: docs/api.md describes a Witness with ``found``, ``note`` and
``reason`` (a code of WITNESS_REASONS), but the JSON report gave only ``witness: null`` and
``witnessNote``, so a script could not tell "a property removed from an open object" (the
seed's convention) from "none found" without parsing prose. It now writes ``witnessReason``.
"""

from __future__ import annotations

import json

from support import diff_input_schemas

from mcp_inspect.findings.evidence import WITNESS_REASONS
from mcp_inspect.report.json_report import render_json


def test_a_finding_without_a_witness_carries_its_reason_code():
    old = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
    new = {"type": "object", "properties": {"b": {"type": "string"}}}
    report = json.loads(render_json(diff_input_schemas(old, new)))
    (finding,) = [f for f in report["findings"] if f["severity"] == "BREAKING"]
    assert finding["witness"] is None and finding["witnessNote"]
    assert finding["witnessReason"] == "open_object" and finding["witnessReason"] in WITNESS_REASONS
