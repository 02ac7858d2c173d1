"""One defect, one finding: where an MCP code and a validator code report the same thing,
the MCP code's finding stays and lists the other as an alias (docs/lint.md, "Overlaps").

Each pair folds only under its own condition, written here as data: the two codes, which
of their findings describe the defect (by message variant), and how the two findings are
matched (the same tool and path, the same tool, or the duplicated name). When only one of
the two codes was selected there is nothing to fold. The folded finding keeps the MCP
code's place and words, takes the highest effective severity of the findings it stands
for, and the ``specification`` provenance when any of them has it; so folding changes
neither verdict and the defect counts once in the maturity score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..findings.finding import Finding


@dataclass(frozen=True)
class Fold:
    validator: str
    mcp: str
    #: How two findings are matched: "place" (same tool and path), "tool" (same tool), or
    #: "name" (the MCP finding's ``name`` argument is the validator finding's tool).
    match: str
    #: The message variants of each code that describe this defect (None: every variant).
    validator_variants: frozenset[str] | None = None
    mcp_variants: frozenset[str] | None = None


def _v(*names: str) -> frozenset[str]:
    return frozenset(names)


#: The pairs of docs/lint.md's overlap table.
FOLDS: tuple[Fold, ...] = (
    Fold("SCH-001", "MCP-001", "tool"),
    Fold("NAM-002", "MCP-001", "tool"),
    Fold("NAM-003", "MCP-001", "tool", validator_variants=_v("too_long"),
         mcp_variants=_v("too_long", "too_long_and_bad_chars")),
    Fold("NAM-007", "MCP-002", "name", validator_variants=_v("exact")),
    Fold("SCH-003", "MCP-003", "tool"),
    Fold("SCH-005", "MCP-004", "tool"),
    Fold("SCH-006", "MCP-006", "tool", validator_variants=_v("missing", "not_an_object"),
         mcp_variants=_v("missing", "not_an_object")),
    Fold("SCH-008", "MCP-008", "place"),
    Fold("LLM-001", "MCP-012", "tool"),
    Fold("LLM-002", "MCP-013", "tool", validator_variants=_v("too_long")),
)


def _key(finding: Finding, how: str) -> tuple[object, ...]:
    if how == "place":
        return (finding.position, finding.path)
    if how == "name":
        return (str(finding.args.get("name")) if finding.rule.startswith("MCP") else finding.tool,)
    return (finding.position,)


def _wanted(variants: frozenset[str] | None) -> Callable[[Finding], bool]:
    return lambda finding: variants is None or finding.variant in variants


def fold(findings: list[Finding]) -> list[Finding]:
    """``findings`` with every folded validator finding removed and recorded on the MCP
    finding that stands for it (``aliases``, severity, provenance); order kept."""
    by_code: dict[str, list[Finding]] = {}
    for finding in findings:
        by_code.setdefault(finding.rule, []).append(finding)
    folded: set[int] = set()
    for pair in FOLDS:
        validators, mcps = by_code.get(pair.validator), by_code.get(pair.mcp)
        if not validators or not mcps:
            continue
        take_validator, take_mcp = _wanted(pair.validator_variants), _wanted(pair.mcp_variants)
        keepers: dict[tuple[object, ...], Finding] = {}
        for finding in mcps:
            if take_mcp(finding):
                keepers.setdefault(_key(finding, pair.match), finding)
        for finding in validators:
            keeper = keepers.get(_key(finding, pair.match))
            if keeper is None or not take_validator(finding) or id(finding) in folded:
                continue
            folded.add(id(finding))
            if pair.validator not in keeper.aliases:
                keeper.aliases.append(pair.validator)
            if finding.severity > keeper.severity:
                keeper.severity = finding.severity
                keeper.severity_reason = "folded"
            if finding.provenance == "specification":
                keeper.provenance = "specification"
    return [f for f in findings if id(f) not in folded] if folded else findings
