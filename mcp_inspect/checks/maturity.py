"""The verdicts and the maturity score of one linted surface (docs/lint.md).

Both read the findings after the policy pass: the selected findings that are not ignored,
at their effective severity, a folded defect counted once.

- ``compliant``: no error whose provenance is the specification; ``valid``: no error.
- A tool object scores ``max(0, 100 − 5·errors − 2·warnings − 1·info)`` over the findings
  attached to it; findings about the whole list (MCP-030, 032, 033) count for no tool, so an
  invalid surface may score 100 (the reports then say why). The server's score is the mean
  of its tools' scores rounded half up, or 100 for a list without tools.
- Tools are keyed by name; a tool without a usable name, and the second and later tools of
  a repeated name, by position (``tools[i]``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import chain
from typing import Any

from ..findings.facets import Maturity, Verdicts
from ..findings.finding import Finding
from ..findings.severity import Level

_WEIGHT = {Level.ERROR: 5, Level.WARNING: 2, Level.INFO: 1}


def verdicts(findings: Iterable[Finding]) -> Verdicts:
    errors = [f for f in findings if not f.ignored and f.severity == Level.ERROR]
    return Verdicts(compliant=not any(f.provenance == "specification" for f in errors), valid=not errors)


def tool_keys(tools: list[Any]) -> list[str]:
    """Each tool object's key in ``perTool``, by its position among the tool objects."""
    keys, seen = [], set()
    for index, tool in enumerate(t for t in tools if isinstance(t, dict)):
        name = tool.get("name")
        if isinstance(name, str) and name.strip() and name not in seen:
            keys.append(name)
            seen.add(name)
        else:
            keys.append(f"tools[{index}]")
    return keys


def maturity(findings: Iterable[Finding], keys: list[str],
             borrowed: Iterable[tuple[int, Finding]] = ()) -> Maturity:
    """The scores of ``findings``; ``borrowed`` adds findings counted at another position
    (``(position, finding)``: a diff's unchanged tool, whose findings the new side holds)."""
    penalty = [0] * len(keys)
    placed = ((finding.position, finding) for finding in findings)
    for position, finding in chain(placed, borrowed):
        if finding.ignored or position is None or not 0 <= position < len(keys):
            continue
        penalty[position] += _WEIGHT.get(Level(finding.severity), 0)
    scores = [max(0, 100 - p) for p in penalty]
    server = math.floor(sum(scores) / len(scores) + 0.5) if scores else 100
    return Maturity(server, dict(zip(keys, scores, strict=True)))
