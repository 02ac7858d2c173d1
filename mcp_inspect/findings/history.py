"""The typed result of a history: the releases in order, and one step per consecutive pair."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .finding import Finding
from .report import Report
from .severity import Severity

if TYPE_CHECKING:
    from ..model import Snapshot
    from .facets import Maturity
    from .release import ReleasePlan

#: Where a release's date comes from.
TAG_DATE, COMMIT_DATE, CAPTURE_DATE = "tag", "commit", "captured"
#: What gave a release its version: a git tag's name or a snapshot file's name.
TAG, FILE_NAME = "tag", "file name"


@dataclass
class Release:
    """One version of the server in the history."""

    #: How the timeline names it: a tag, a short commit, a file's name, ``@NAME`` or the source.
    label: str
    #: The source it was loaded from (as ``load`` takes it).
    source: str
    #: ISO 8601, from the data: the tag's or commit's date for a git range, else the snapshot's
    #: capture time; None when the data holds none.
    date: str | None = None
    #: Which date ``date`` is: "tag", "commit" or "captured".
    date_source: str | None = None
    #: The version the semver verdict compares when the source names it (a git tag, or a
    #: folder's file name, that reads as a version); None: the snapshot's own
    #: (report/versions.py), as ``release-notes`` does.
    given_version: str | None = None
    #: The surface's fingerprint.
    fingerprint: str = ""
    #: The lint's maturity score of this release, when the lint ran.
    maturity: Maturity | None = None
    snapshot: Snapshot | None = field(default=None, repr=False, compare=False)
    #: What gave ``given_version``: TAG or FILE_NAME; None when no version was given.
    given_from: str | None = None


@dataclass
class Step:
    """From one release to the next: the diff's report and the release's semver verdict."""

    old: Release
    new: Release
    #: The report ``diff OLD NEW`` gives (the lint of both sides included, when it ran).
    report: Report
    #: The bump the changes call for and the bump the versions made (``release-notes``'s plan).
    #: With ``since``, the changes are every change from that release to ``new``.
    plan: ReleasePlan
    #: A commit (``--each commit``) whose version did not change: work toward the next version,
    #: whose bump is judged with it, so it is not too small by itself.
    unreleased: bool = False
    #: The release ``plan`` was judged from when commits before ``new`` were unreleased: the last
    #: one whose version changed (or the first of the history); None: from ``old``.
    since: Release | None = None

    @property
    def counts(self) -> dict[str, int]:
        """Active changes by severity name, and the ignored ones (``Report.counts``)."""
        return self.report.counts()

    @property
    def breaking(self) -> list[Finding]:
        """The BREAKING changes, ignored ones included (an ignore does not make a break smaller)."""
        return [f for f in self.report.changes if f.severity is Severity.BREAKING]

    @property
    def suggested(self) -> str:
        return self.plan.suggested

    @property
    def actual(self) -> str | None:
        return self.plan.actual

    @property
    def too_small(self) -> bool:
        """The release's bump is smaller than its changes call for (a BREAKING change in a
        minor or patch release, an addition in a patch release); never for an unreleased commit."""
        return not self.unreleased and self.plan.too_small


@dataclass
class History:
    releases: list[Release]
    steps: list[Step]
    #: Revisions left out (the file did not exist there), each said once.
    warnings: list[str] = field(default_factory=list)
    #: Whether each pair was linted (maturity scores and introduced lint findings).
    linted: bool = True

    @property
    def too_small(self) -> list[Step]:
        """The releases whose version bump is smaller than their changes call for."""
        return [step for step in self.steps if step.too_small]

    def exit_code(self, fail_on_semver: bool = False) -> int:
        """1 when ``fail_on_semver`` and a release's bump is too small, else 0: a history
        reports the past, and its breaking changes do not fail by themselves."""
        return 1 if fail_on_semver and self.too_small else 0
