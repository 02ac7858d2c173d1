"""A release's semantic-version plan, as a value: the versions compared and where they came
from (``Versions``), and the bump a diff's changes call for beside the bump the versions made
(``ReleasePlan``). Release notes compute it (report/release_notes.py, report/versions.py);
the notes, a history's steps and their renderers read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .finding import Finding
from .semver import parse

#: The bumps, smallest first.
BUMPS = ("none", "patch", "minor", "major")


@dataclass
class Versions:
    """The two versions the notes compare (None: unknown), and what the notes say of them."""

    old: str | None = None
    new: str | None = None
    #: Where the versions came from (a key of SOURCE_WORDS); None when they are not compared.
    source: str | None = None
    #: Why the versions are not compared, or something the reader should know about them.
    note: str | None = None
    #: Where the versions came from, as the notes say it.
    label: str = ""
    #: Both sides give the same serverInfo.version though the surface changed: it may be the
    #: SDK's version rather than the server's, so the bump is not judged (``sdk_doubt``).
    maybe_sdk: bool = False

    @property
    def comparable(self) -> bool:
        return self.old is not None and self.new is not None and self.source is not None


@dataclass
class ReleasePlan:
    sections: dict[str, list[Finding]] = field(default_factory=dict)
    suggested: str = "none"
    versions: Versions = field(default_factory=Versions)
    actual: str | None = None  # the bump between the two versions, when both are known and parse

    @property
    def old_version(self) -> str | None:
        return self.versions.old

    @property
    def new_version(self) -> str | None:
        return self.versions.new

    @property
    def too_small(self) -> bool:
        """The versions' bump is smaller than the changes call for. Below 1.0.0 the numbers
        move down one place, as npm's and Cargo's caret ranges read them (SemVer's initial
        development): 0.3.1 → 0.7.0 may break, and 0.7.0 → 0.7.1 may add. Below 0.1.0 a
        caret range holds one version (^0.0.1 is 0.0.1 alone), so any bump may break:
        0.0.1 → 0.0.2 is enough for any change."""
        if self.actual is None:  # set only for comparable versions (``below_one_bump`` asks)
            return False
        return BUMPS.index(self.actual) < BUMPS.index(self.suggested_words)

    @property
    def below_one_bump(self) -> str | None:
        """The bump that says what ``suggested`` says on the old version's line when it is below
        1.0.0, where caret ranges read the numbers one place down: ``minor``
        for major below 1.0.0, ``patch`` for minor, and ``patch`` for either below 0.1.0; None
        when the versions are not compared or it is the same bump. The notes and history name
        this one bump, with why (``suggested_words``): "major" beside a minor bump called
        enough read as two verdicts, and so did "major (minor below 1.0.0)" (new-user trials,
        rounds 16 and 17: next-devtools-mcp 0.2.6 → 0.4.0, mcp-yahoo-finance 0.1.2 → 0.2.0)."""
        if not self.versions.comparable or not self.initial_development \
                or BUMPS.index(self.suggested) <= BUMPS.index("patch"):
            return None  # versions not compared (the SDK's, say) say nothing of the release's
        old = parse(self.old_version)
        if old is not None and old.below_minor:
            return "patch"
        return BUMPS[BUMPS.index(self.suggested) - 1]

    @property
    def below_one_why(self) -> str | None:
        """Why ``below_one_bump`` is the bump (``breaking changes; below 1.0.0 a minor bump is
        the breaking one, as ^0.1.2 allows only 0.1.x``; below 0.1.0, why a patch bump is the
        breaking one), with the old version's
        own caret range (a made-up ^0.3.1 read as a version neither side had: new-user trial,
        round 10); None when it does not apply."""
        bump = self.below_one_bump
        old = parse(self.old_version)
        if bump is None or old is None:
            return None
        _, minor, patch = old.numbers
        what = "breaking changes" if self.suggested == "major" else "additions"
        if old.below_minor:
            # "patch" beside "breaking changes" read as a contradiction without the rule that
            # makes it the bump (new-user trial, round 22: testsprite 0.0.30 → 0.0.45).
            return (f"{what}; below 0.1.0 a caret range takes no other release (^0.0.{patch} is 0.0.{patch} "
                    "alone), so every release is a breaking one and the patch digit is the one to bump")
        if self.suggested == "major":
            return (f"{what}; below 1.0.0 a minor bump is the breaking one, as ^0.{minor}.{patch} allows only "
                    f"0.{minor}.x")
        return f"{what}; below 1.0.0 a patch bump may add, as ^0.{minor}.{patch} allows 0.{minor}.x"

    @property
    def suggested_words(self) -> str:
        """The bump to make, as the notes and history say it: ``suggested``, or below 1.0.0
        ``below_one_bump``. The JSON reports keep ``suggested``, the SemVer level."""
        return self.below_one_bump or self.suggested

    @property
    def initial_development(self) -> bool:
        """The old version is below 1.0.0 (0.y.z, a leading v allowed, ``semver.parse``)."""
        old = parse(self.old_version)
        return old is not None and old.initial_development
