"""``mcp-inspect diff`` on two loaded snapshots: the classification and the lint.

The two are independent and, on a large surface, take about as long as each other, so
the command spreads them over two cores (``parallel.both``): a forked child starts
linting the old side's definitions, share by share, while this process classifies the
change and then joins in (``parallel.Shares``: whoever is free takes the next share).
Before it joins in, this process also lints the new side's own definitions (the ones the
old side does not hold; the classification has digested them all by then), so that no
lint work is left for the end, when only one core would do it. The child's results are
then absorbed and the lint of both sides completes from them; the new side's unchanged
definitions are found by content, and anything a share did not cover (a child that
failed) is simply linted here.
The report is exactly what running everything here in order gives; tests/test_parallel.py
checks that.
"""

from __future__ import annotations

import gc
from typing import Any

from .checks import LintSettings, compare_lint
from .checks.compare import renames_of
from .checks.engine import ShareEntry, absorb, lint_share, tool_objects
from .classify import diff_snapshots
from .model import DiffResult, Snapshot
from .parallel import Shares, both
from .snapshot.identity import Digests


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
    old_tools, new_tools = before.tools or [], after.tools or []
    size = len(old_tools) + len(new_tools)
    # Each list's tool objects, made once: a share selects among them by position.
    old_objects = tool_objects(old_tools)
    new_objects = old_objects if new_tools is old_tools else tool_objects(new_tools)
    shares = Shares(len(old_objects))

    def lint_old_side() -> list[ShareEntry]:
        # Both processes draw shares of the old side's definitions until none is left; this
        # process starts once the classification is done, the child at once.
        return [entry for part in shares.draw() for entry in lint_share(old_objects, part, settings, digests=digests)]

    def classify_then_lint() -> DiffResult:
        result = diff_snapshots(before, after, digests=digests)
        # The classification has digested every definition, so the new side's own (those the
        # old side does not hold) are known now: linted here while the child is still busy,
        # they do not wait, alone on one core, for the end.
        lint_share(new_objects, _new_definitions(old_objects, new_objects, digests), settings, digests=digests)
        lint_old_side()
        return result

    try:
        result, theirs = both(classify_then_lint, lint_old_side, size=size)
    finally:
        shares.close()
    absorb(theirs)  # what the child linted; what this process linted is already remembered here
    result.lint = compare_lint(before, after, settings, digests=digests, renamed=renames_of(result))
    return result


def _new_definitions(old_objects: list[dict[str, Any]], new_objects: list[dict[str, Any]],
                     digests: Digests) -> list[int]:
    """Positions, among the new side's tool objects, of the definitions the old side does not hold."""
    if new_objects is old_objects:
        return []
    known = {digests.of(tool) for tool in old_objects}
    return [index for index, tool in enumerate(new_objects) if digests.of(tool) not in known]
