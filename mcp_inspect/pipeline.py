"""``mcp-inspect diff`` on two loaded snapshots: the classification and the lint.

The two are independent and, on a large surface, take about as long as each other, so
the command spreads them over two cores (``parallel.both``): a forked child lints the
first two thirds of the old side's definitions while this process classifies the
change and lints the rest; the child's results are then absorbed and the lint of both
sides completes from them (the new side's unchanged definitions are found by content).
The report is exactly what running everything here in order gives; tests/test_parallel.py
checks that.
"""

from __future__ import annotations

import gc

from .diff import diff_snapshots
from .lint import LintSettings, compare_lint
from .lint.engine import absorb, lint_share
from .model import DiffResult, Snapshot
from .parallel import both
from .snapshot.identity import Digests

#: The child's share of the old side's definitions. The parent also classifies the
#: change, which costs about half as much as linting the same definitions.
CHILD_SHARE = 2 / 3


def settle_inputs() -> None:
    """The inputs are loaded: exempt them from the cycle collector from now on.

    Parsed JSON is a tree (it cannot hold a reference cycle), yet every full collection
    would walk all of it again while the diff and the lint allocate their small results;
    on a large surface that was about a sixth of the run. Freezing moves what exists now
    out of the collector's generations (reference counting still frees it), and a forked
    child then leaves those pages shared.
    """
    gc.freeze()


def diff_and_lint(before: Snapshot, after: Snapshot, settings: LintSettings | None) -> DiffResult:
    """Classify the change and, unless ``settings`` is None, lint both sides into ``result.lint``."""
    settle_inputs()
    digests = Digests()  # shared when everything runs here; a forked child starts from its own copy
    if settings is None:
        return diff_snapshots(before, after, digests=digests)
    old_tools = before.tools or []
    split = int(len(old_tools) * CHILD_SHARE)
    size = len(old_tools) + len(after.tools or [])
    (result, mine), theirs = both(
        lambda: (diff_snapshots(before, after, digests=digests), lint_share(old_tools, slice(split, None), settings)),
        lambda: lint_share(old_tools, slice(0, split), settings),
        size=size,
    )
    absorb(theirs)
    result.lint = compare_lint(before, after, settings, digests=digests)
    return result
