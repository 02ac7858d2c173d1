"""The lint: MCP-0xx rules over one surface, per client profile, with token costing.

``lint_snapshot`` checks one surface; ``compare_lint`` lints both sides of a diff and
splits the new side's findings into introduced and inherited.
"""

from __future__ import annotations

from .compare import attach_lint, compare_lint
from .engine import lint_snapshot, lint_tools
from .findings import LintComparison, LintFinding, LintLevel, LintReport
from .profiles import PROFILES, Profile, get_profile
from .settings import LintSettings
from .tokens import TokenReport, get_counter

__all__ = ["PROFILES", "LintComparison", "LintFinding", "LintLevel", "LintReport", "LintSettings", "Profile",
           "TokenReport", "attach_lint", "compare_lint", "get_counter", "get_profile", "lint_snapshot",
           "lint_tools"]
