"""The lint inside ``diff``: both sides linted, the new side's findings split in two.

A finding on the new side is *introduced* when the old side has no finding with the
same code, tool and path, and *inherited* otherwise. Findings are matched by that
identity, never by message, so a reworded message does not make a finding new.
"""

from __future__ import annotations

from ..model import DiffResult, Snapshot
from ..snapshot.identity import Digests
from .engine import lint_tools
from .findings import LintComparison
from .profiles import get_profile
from .settings import LintSettings
from .tokens import Counter, get_counter


def compare_lint(old: Snapshot, new: Snapshot, settings: LintSettings | None = None,
                 counter: Counter | None = None, digests: Digests | None = None) -> LintComparison:
    """Lint both sides; ``digests`` may be the diff's (see ``snapshot.identity``)."""
    settings = settings or LintSettings()
    counter = counter or get_counter(settings.tokenizer)
    digests = digests or Digests()
    before, tokens_old = lint_tools(old.tools or [], settings, counter, digests=digests)
    if new.tools is old.tools:  # one parsed document on both sides (diff of a file with itself)
        after, tokens_new = before, tokens_old
    else:
        after, tokens_new = lint_tools(new.tools or [], settings, counter, digests=digests)
    known = {f.identity for f in before}
    return LintComparison(
        profile=get_profile(settings.profile).name,
        introduced=[f for f in after if f.identity not in known],
        inherited=[f for f in after if f.identity in known],
        tokens_old=tokens_old,
        tokens_new=tokens_new,
        introduced_fail_on=settings.introduced_fail_on,
        inherited_fail_on=settings.inherited_fail_on,
    )


def attach_lint(result: DiffResult, old: Snapshot, new: Snapshot, settings: LintSettings | None = None,
                counter: Counter | None = None, digests: Digests | None = None) -> DiffResult:
    """Add the lint comparison to a diff result (in place); the gate then includes it."""
    result.lint = compare_lint(old, new, settings, counter, digests)
    return result
