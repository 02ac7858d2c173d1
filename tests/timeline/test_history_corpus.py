"""``history`` over real releases says, pair by pair, what ``diff`` says of each pair, and flags
every release whose version bump ``release-notes`` finds smaller than its changes call for."""

from __future__ import annotations

import itertools

import pytest
from conftest import CORPUS, DATA, corpus_releases

import mcp_inspect
from mcp_inspect.report.release_notes import plan_release, render_release_notes

# One worker runs the module in file order: the last test reads what the parametrized one
# collected (under xdist's loadgroup scheduling a module's tests may otherwise be split).
pytestmark = pytest.mark.xdist_group("history-corpus")

CAPTURED = DATA / "captured"
SERVERS = ([CORPUS / name for name in corpus_releases()]
           + sorted(p for p in CAPTURED.iterdir() if p.is_dir()))


def _said(report: mcp_inspect.Report) -> list[tuple]:
    """Everything a diff's findings say, in report order."""
    return [(f.origin, f.rule, f.entity.kind.value, f.entity.name, f.path, f.severity.label, f.introduced,
             f.ignored, f.fails, f.message, tuple(f.aliases)) for f in report.findings]


def _resolved(report: mcp_inspect.Report) -> list[tuple]:
    return [(f.rule, f.entity.name, f.path, f.message) for f in report.resolved]


@pytest.fixture(scope="module")
def flagged_by_release_notes() -> list[str]:
    return []


@pytest.mark.parametrize("folder", SERVERS, ids=lambda p: p.name)
def test_each_step_is_what_diff_says_of_its_pair(folder, flagged_by_release_notes):
    history = mcp_inspect.history(folder)
    files = [str(p) for p in corpus_releases()[folder.name]] if folder.parent == CORPUS else None
    if files is not None:  # the folder's order is the corpus's release order
        assert [r.source for r in history.releases] == files
    assert len(history.steps) == len(history.releases) - 1 >= 1
    for step, (old, new) in zip(history.steps, itertools.pairwise(history.releases), strict=True):
        assert (step.old, step.new) == (old, new)
        expected = mcp_inspect.diff(old.source, new.source, lint=mcp_inspect.LintSettings())
        got = step.report
        assert _said(got) == _said(expected), f"{old.label} → {new.label}"
        assert _resolved(got) == _resolved(expected)
        assert got.counts() == expected.counts()
        assert got.check_counts() == expected.check_counts()
        assert got.check_counts(got.introduced) == expected.check_counts(expected.introduced)
        assert (got.failed, got.warnings) == (expected.failed, expected.warnings)
        for side in ("old", "new"):
            mine, theirs = getattr(got, side), getattr(expected, side)
            assert (mine.fingerprint, mine.maturity, mine.verdicts) == (theirs.fingerprint, theirs.maturity,
                                                                        theirs.verdicts)
            assert mine.tokens.total == theirs.tokens.total
        # The file names give the versions, as --old-version and --new-version would.
        given = {"old_version": old.given_version, "new_version": new.given_version}
        assert (old.given_version, new.given_version) == (old.label, new.label)
        plan = plan_release(expected, **given)
        assert (step.suggested, step.actual, step.too_small) == (plan.suggested, plan.actual, plan.too_small)
        notes = render_release_notes(expected, **given)
        if "smaller than the changes call for" in notes:
            assert step.too_small, f"{old.label} → {new.label}: release-notes flags it, history does not"
            flagged_by_release_notes.append(f"{folder.name} {new.label}")
        assert step.breaking == [f for f in got.changes if f.severity is mcp_inspect.Severity.BREAKING]
    assert [s.new.label for s in history.too_small] == [s.new.label for s in history.steps if s.plan.too_small]
    assert history.releases[0].maturity == history.steps[0].report.old.maturity
    assert [r.maturity for r in history.releases[1:]] == [s.report.new.maturity for s in history.steps]


def test_the_corpus_holds_releases_that_bumped_too_little(flagged_by_release_notes):
    # Runs after the parametrized test above (same module, file order): it proves the check
    # in it was not vacuous, i.e. release-notes did flag pairs and history flagged them too.
    # (Four since issue 34: aws-documentation 0.1.4's one BREAKING change was a false alarm,
    # an anyOf branch another branch covers, and its patch bump was right.)
    assert len(flagged_by_release_notes) >= 4, flagged_by_release_notes


def test_without_the_lint_the_changes_are_the_same():
    folder = CORPUS / "git"
    plain = mcp_inspect.history(folder, lint=False)
    full = mcp_inspect.history(folder)
    assert not plain.linted and all(r.maturity is None for r in plain.releases)
    for a, b in zip(plain.steps, full.steps, strict=True):
        assert [(f.rule, f.entity.name, f.path) for f in a.report.findings] == \
            [(f.rule, f.entity.name, f.path) for f in b.report.changes]
        assert a.too_small == b.too_small


def test_the_lint_of_a_release_is_shared_by_its_two_pairs(monkeypatch):
    # Each release is linted once: the new side of one pair and the baseline of the next
    # come from the same lint (copied, since the policy marks what it decides).
    from mcp_inspect.timeline import build

    calls = []
    real = build.lint_tools

    def counting(tools, *args, **kwargs):
        calls.append(len(tools))
        return real(tools, *args, **kwargs)

    monkeypatch.setattr(build, "lint_tools", counting)
    history = mcp_inspect.history(CORPUS / "fetch")
    assert len(calls) == len(history.releases)
    middle = history.steps[0].report.new, history.steps[1].report.old
    assert middle[0].maturity == middle[1].maturity
    first, second = history.steps[0].report.checks, history.steps[1].report.resolved + history.steps[1].report.checks
    assert not {id(f) for f in first} & {id(f) for f in second}  # no finding object is shared
