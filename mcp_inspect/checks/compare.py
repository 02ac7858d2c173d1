"""The lint inside ``diff``: both sides linted, the new side's findings split in two.

A finding on the new side is *introduced* when the old side has no matching finding,
and *inherited* otherwise. Findings match by code, tool and place, never by message,
so a reworded message does not make a finding new. Two things about the place would
otherwise make old findings look new:

* positions move: inserting a value before a ``required`` name or an ``enum`` value,
  or a branch before an ``anyOf`` branch, shifts every index after it. Places are
  therefore compared without their ``[N]`` indices, as counts: two old findings of a
  code at ``enum[]`` cover two new ones there, a third is introduced. Within such a
  group, findings with the very same message (which names the value) are paired
  first, so the one reported as introduced is the one that is really new;
* tools are renamed: the old side's findings on a tool the diff found renamed count
  as findings on its new name.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ..model import DiffResult, Snapshot
from ..snapshot.identity import Digests
from .engine import lint_tools
from .findings import LintComparison, LintFinding
from .profiles import get_profile
from .settings import LintSettings
from .tokens import Counter as TokenCounter
from .tokens import get_counter

_INDEX = re.compile(r"\[\d+\]")
#: The rule whose findings pair an old tool name with its new one.
RENAMED_RULE = "tool.renamed"

Anchor = tuple[str, str | None, str]


def anchor(finding: LintFinding, tool: str | None) -> Anchor:
    """Where a finding is, for matching: its code, ``tool`` (its tool's name on the new side) and
    its path without indices."""
    return (finding.code, tool, _INDEX.sub("[]", finding.path))


def split_by_origin(before: list[LintFinding], after: list[LintFinding],
                    renamed: Iterable[tuple[str, str]] = ()) -> tuple[list[LintFinding], list[LintFinding]]:
    """``(introduced, inherited)``: the findings of ``after`` the old side's ``before`` does
    not account for, and those it does (see the module doc); both in ``after``'s order.

    ``renamed`` holds ``(old name, new name)`` pairs of renamed tools.
    """
    new_name = dict(renamed)
    left: Counter[Anchor] = Counter()  # old findings not yet paired, by anchor
    messages: Counter[tuple[Anchor, str]] = Counter()
    for finding in before:
        place = anchor(finding, new_name.get(finding.tool, finding.tool) if finding.tool is not None else None)
        left[place] += 1
        messages[place, finding.message] += 1
    anchors = [anchor(finding, finding.tool) for finding in after]
    inherited = [False] * len(after)
    for index, finding in enumerate(after):  # first the exact pairs: same place, same message
        key = (anchors[index], finding.message)
        if messages[key] > 0:
            messages[key] -= 1
            left[anchors[index]] -= 1
            inherited[index] = True
    for index, place in enumerate(anchors):  # then any old finding left at the same place
        if not inherited[index] and left[place] > 0:
            left[place] -= 1
            inherited[index] = True
    return ([f for f, old in zip(after, inherited, strict=True) if not old],
            [f for f, old in zip(after, inherited, strict=True) if old])


def renames_of(result: DiffResult) -> list[tuple[str, str]]:
    """The ``(old name, new name)`` pairs of the tools a diff found renamed."""
    return [(f.before, f.after) for f in result.findings
            if f.rule == RENAMED_RULE and isinstance(f.before, str) and isinstance(f.after, str)]


def compare_lint(old: Snapshot, new: Snapshot, settings: LintSettings | None = None,
                 counter: TokenCounter | None = None, digests: Digests | None = None,
                 renamed: Iterable[tuple[str, str]] = ()) -> LintComparison:
    """Lint both sides; ``digests`` may be the diff's (see ``snapshot.identity``) and
    ``renamed`` its renamed tools (``renames_of``)."""
    settings = settings or LintSettings()
    counter = counter or get_counter(settings.tokenizer)
    digests = digests or Digests()
    before, tokens_old = lint_tools(old.tools or [], settings, counter, digests=digests)
    if new.tools is old.tools:  # one parsed document on both sides (diff of a file with itself)
        after, tokens_new = before, tokens_old
    else:
        after, tokens_new = lint_tools(new.tools or [], settings, counter, digests=digests)
    introduced, inherited = split_by_origin(before, after, renamed)
    return LintComparison(
        profile=get_profile(settings.profile).name,
        introduced=introduced,
        inherited=inherited,
        tokens_old=tokens_old,
        tokens_new=tokens_new,
        introduced_fail_on=settings.introduced_fail_on,
        inherited_fail_on=settings.inherited_fail_on,
    )


def attach_lint(result: DiffResult, old: Snapshot, new: Snapshot, settings: LintSettings | None = None,
                counter: TokenCounter | None = None, digests: Digests | None = None) -> DiffResult:
    """Add the lint comparison to a diff result (in place); the gate then includes it."""
    result.lint = compare_lint(old, new, settings, counter, digests, renamed=renames_of(result))
    return result
