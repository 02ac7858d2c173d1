"""The id each finding has in a report.

A finding's ``id`` hashes rule, entity and path, so tools that share a name (which MCP-002
reports) give equal ids to distinct findings, and code scanning would merge them into one
alert. The first of equal ids keeps it, so every finding on a uniquely named tool keeps its
id; the second and later get one hashed from it and their rank: as stable as the order of
the tools, and still 16 hex digits, as the report schema promises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import xxhash

from ..findings.finding import Finding
from ..findings.report import Report


def report_ids(*groups: Iterable[Finding]) -> dict[int, str]:
    """Ids by object identity, numbering duplicates in the order of ``groups``, then of each list."""
    seen: Counter[str] = Counter()
    out: dict[int, str] = {}
    for group in groups:
        for finding in group:
            base = finding.id
            seen[base] += 1
            rank = seen[base]
            out[id(finding)] = base if rank == 1 else xxhash.xxh3_64_hexdigest(f"{base}\x1f{rank}".encode())
    return out


def lint_ids(report: Report) -> dict[int, str]:
    """The ids of a report's lint findings. In a diff, inherited findings are numbered first: one
    the old side had keeps its id when the change adds another tool of the same name; the
    resolved ones (the old side's) last, so that no two findings of the report share an id."""
    if report.is_diff:
        return report_ids(report.inherited, report.introduced, report.resolved)
    return report_ids(report.checks)
