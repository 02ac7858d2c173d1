"""Release planning: group a diff's findings into changelog sections and suggest a version bump.

The suggestion is semantic versioning read from the findings: major for any
BREAKING change, minor when something was added or widened, patch for anything
else, none for no change. When both sides carry ``serverInfo.version``, the
actual bump is compared with the suggestion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .catalogue import Catalogue, default_catalogue
from .model import DiffResult, Finding, Severity

BUMPS = ("none", "patch", "minor", "major")
SECTIONS = ("Breaking", "Potentially breaking", "Added", "Changed", "Documentation")
_VERSION = re.compile(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?")


@dataclass
class ReleasePlan:
    sections: dict[str, list[Finding]] = field(default_factory=dict)
    suggested: str = "none"
    old_version: str | None = None
    new_version: str | None = None
    actual: str | None = None  # the bump between the two serverInfo.version values, when both parse

    @property
    def too_small(self) -> bool:
        return self.actual is not None and BUMPS.index(self.actual) < BUMPS.index(self.suggested)


def section_of(finding: Finding, catalogue: Catalogue) -> str:
    if finding.severity is Severity.BREAKING:
        return "Breaking"
    if finding.severity is Severity.POTENTIALLY_BREAKING:
        return "Potentially breaking"
    if finding.severity is Severity.DOCUMENTATION:
        return "Documentation"
    return "Added" if catalogue.diff_rule(finding.rule).action in ("added", "widened") else "Changed"


def version_bump(old: str | None, new: str | None) -> str | None:
    """The component that increased first (major/minor/patch), "none", or None if unparseable."""
    if not old or not new:
        return None
    a, b = _VERSION.match(old.strip()), _VERSION.match(new.strip())
    if not a or not b:
        return None
    before = [int(x or 0) for x in a.groups()]
    after = [int(x or 0) for x in b.groups()]
    for bump, was, now in zip(("major", "minor", "patch"), before, after, strict=True):
        if now != was:
            return bump if now > was else "none"
    return "none"


def plan_release(result: DiffResult, catalogue: Catalogue | None = None) -> ReleasePlan:
    catalogue = catalogue or default_catalogue()
    plan = ReleasePlan(sections={name: [] for name in SECTIONS},
                       old_version=result.old.server_version, new_version=result.new.server_version)
    # Ignored findings are listed too, and count for the bump: an ignore lets a change pass
    # the gate, it does not make the change smaller for the server's users (a tool removed
    # on purpose is still gone). Severity overrides, which reclassify, do move a finding.
    for finding in result.findings:
        plan.sections[section_of(finding, catalogue)].append(finding)
    if plan.sections["Breaking"]:
        plan.suggested = "major"
    elif plan.sections["Added"]:
        plan.suggested = "minor"
    elif any(plan.sections.values()):
        plan.suggested = "patch"
    plan.actual = version_bump(plan.old_version, plan.new_version)
    return plan
