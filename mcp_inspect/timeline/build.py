"""Run a history: every consecutive pair of releases diffed and linted as ``diff`` does it,
with each release's work done once.

A release is loaded and canonicalised once (one ``Digests`` and one lint ``Memo`` for the
whole run), and linted once: the same findings serve as the new side of the pair before it
and the old side (the baseline) of the pair after it. The policy marks the findings of the
report it decides (introduced, ignored, fails…), so each pair gets its own copies.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from ..checks.engine import Memo, lint_tools
from ..checks.maturity import tool_keys
from ..checks.profiles import get_profile
from ..checks.settings import LintSettings
from ..checks.tokens import get_counter
from ..classify.engine import diff_snapshots
from ..config.load import Config
from ..findings.finding import Finding
from ..findings.history import COMMIT_DATE, History, Release, Step
from ..findings.lifecycle import day_of, removed_deprecation
from ..findings.release import ReleasePlan
from ..findings.words import show
from ..model import LIST_KINDS, Snapshot
from ..policy import apply as apply_policy
from ..policy import run_stale
from ..report.release_notes import plan_release, version_bump
from ..report.versions import GIVEN, SERVER_INFO, SOURCE_WORDS
from ..snapshot.identity import Digests

#: What PEP 503 reads as one character of a package name.
_PACKAGE_SPELLING = re.compile(r"[-_.]+")


def _copies(findings: list[Finding]) -> list[Finding]:
    out = []
    for finding in findings:
        twin = copy.copy(finding)
        twin.aliases = list(finding.aliases)  # folding appends to it
        out.append(twin)
    return out


#: How a history takes a release's version, said where the versions cannot be compared (release
#: notes say --old-version and --new-version, which history does not have).
HISTORY_REMEDY = ("name the snapshots after their versions in a folder (server-1.2.0.json), give a git range whose "
                  "tags are the versions, or record each capture's published version with "
                  "`mcp-inspect snapshot --package NAME@VERSION`")


def _explain(plan: ReleasePlan, old: Release, new: Release) -> None:
    """Say where a history's versions came from: the tags' or the file names' (not "as given"),
    and note a serverInfo.version that stayed the same between releases named apart."""
    found = plan.versions
    if found.maybe_sdk:  # not judged (report/versions.py): the remedy a history has
        found.note = (f"serverInfo.version is {show(found.old)} in both releases though the surface changed; it may be "
                      f"the SDK's version rather than the server's, so the bump is not judged: {HISTORY_REMEDY}")
    elif found.source == GIVEN and old.given_from and new.given_from:
        found.label = (f"the {old.given_from}s" if old.given_from == new.given_from
                       else f"the old from its {old.given_from}, the new from its {new.given_from}")
    elif (found.label == SOURCE_WORDS[SERVER_INFO] and found.old == found.new and old.label != new.label
          and found.note is None):
        found.note = (f"serverInfo.version is {show(found.old)} in both releases though they are named apart; it may "
                      f"be the SDK's version rather than the server's: {HISTORY_REMEDY}")


def build_history(releases: list[Release], config: Config | None = None, settings: LintSettings | None = None,
                  *, lint: bool = True, warnings: list[str] | None = None) -> History:
    """The history of ``releases`` (each holding its snapshot), in the order given."""
    config = config or Config()
    settings = settings or config.lint
    digests, memo = Digests(), Memo()
    counter = get_counter(settings.tokenizer) if lint else None
    linted: list[tuple[list[Finding], Any]] = []
    for release in releases:
        assert release.snapshot is not None
        if lint:
            linted.append(lint_tools(release.snapshot.tools or [], settings, counter, digests=digests, memo=memo))
    steps = []
    for index in range(1, len(releases)):
        old, new = releases[index - 1], releases[index]
        assert old.snapshot is not None and new.snapshot is not None
        report = diff_snapshots(old.snapshot, new.snapshot, digests=digests, renames=config.renames)
        if config.deprecation is not None:
            _deprecated_since(report.changes, releases, index)
        if lint:
            (before, tokens_old), (after, tokens_new) = linted[index - 1], linted[index]
            assert report.old is not None
            report.old.tokens, report.new.tokens = tokens_old, tokens_new
            report.old.tool_keys = tool_keys(old.snapshot.tools or [])
            report.new.tool_keys = tool_keys(new.snapshot.tools or [])
            report.profile = get_profile(settings.profile).name
            report.findings += _copies(after)
            apply_policy(report, config, settings, baseline=_copies(before))
        else:
            apply_policy(report, config)
        plan = plan_release(report, old_version=old.given_version, new_version=new.given_version,
                            remedy=HISTORY_REMEDY)
        _explain(plan, old, new)
        steps.append(Step(old, new, report, plan))
    _judge_commits(releases, steps, config, digests)
    for index, release in enumerate(releases):
        if steps:
            side = steps[index - 1].report.new if index else steps[0].report.old
            assert side is not None
            release.fingerprint = side.fingerprint or release.fingerprint
            release.maturity = side.maturity
    # One verdict per ignore entry for the whole history, not a note at each step (hostile trial, round 29).
    stale = run_stale([step.report for step in steps])
    return History(releases, steps, [*(warnings or []), *_other_servers(releases), *stale], linted=lint)


def _other_servers(releases: list[Release]) -> list[str]:
    """A warning for each step between two releases that look like two servers: the packages
    their captures recorded (``snapshot --package``) differ, or, when either recorded none, the
    names the servers give themselves (``serverInfo.name``) do. A history of two servers
    compares what no release changed. Two captures of one package are one server whatever it
    calls itself: mcp-pypi 2.7.1 said 'PyPI MCP Server' and 4.0.1 'mcp-pypi', a rename the diff
    already reports as a DOCUMENTATION finding."""
    said = []
    for old, new in zip(releases, releases[1:], strict=False):
        packages = [_package(release) for release in (old, new)]
        if packages[0] and packages[1]:  # what was installed says it better than what the server calls itself
            if not _same_package(packages[0], packages[1]):
                said.append(f"{old.label} → {new.label}: the captures record the packages {packages[0]!r} and "
                            f"{packages[1]!r}; a history compares releases of one server")
            continue
        names = [_server_name(release) for release in (old, new)]
        if all(names) and names[0] != names[1]:
            said.append(f"{old.label} → {new.label}: the servers name themselves {names[0]!r} and {names[1]!r}; "
                        "a history compares releases of one server")
    return said


def _same_package(one: str, other: str) -> bool:
    """Two spellings of one package name, as PyPI reads them (PEP 503: case, and runs of '-',
    '_' and '.', do not matter), so zotero_mcp==0.1.6 and zotero-mcp@0.3.1 are one package."""
    return _PACKAGE_SPELLING.sub("-", one).lower() == _PACKAGE_SPELLING.sub("-", other).lower()


def _package(release: Release) -> str | None:
    """The package name the release's capture recorded (``snapshot --package NAME@VERSION``)."""
    details = release.snapshot.provenance.details if release.snapshot is not None else None
    package = details.get("package") if isinstance(details, dict) else None
    return package.strip() if isinstance(package, str) and package.strip() else None


def _server_name(release: Release) -> str | None:
    snapshot = release.snapshot
    for answer in (snapshot.initialize, snapshot.discover) if snapshot is not None else ():
        info = answer.get("serverInfo") if isinstance(answer, dict) else None
        if isinstance(info, dict) and isinstance(info.get("name"), str) and info["name"].strip():
            return info["name"].strip()
    return None


def _deprecated_since(changes: list[Finding], releases: list[Release], index: int) -> None:
    """Count, for each removal in the step to ``releases[index]`` of something the old side
    marked deprecated, the releases in a row before it that carried the mark, and date the
    first of them (what ``deprecation.min_releases`` and ``min_days`` are judged by)."""
    for finding in changes:
        mark = finding.deprecated
        if mark is None:
            continue
        first = index - 1
        while first > 0 and _marked(releases[first - 1].snapshot, finding):
            first -= 1
        mark.releases, mark.since = index - first, releases[first].label
        mark.since_date = day_of(releases[first].date) or mark.since_date
        mark.removed_on = day_of(releases[index].date) or mark.removed_on


def _marked(snapshot: Snapshot | None, finding: Finding) -> bool:
    """``snapshot`` holds the entity of ``finding`` (by name) marked deprecated where the
    finding's removal took something away."""
    if snapshot is None:
        return False
    kind = next(lk for lk in LIST_KINDS if lk.kind is finding.entity.kind)
    entity = snapshot.keyed(kind).get(finding.entity.name)
    return entity is not None and removed_deprecation(finding.rule, entity, finding.path) is not None


def _unchanged(plan: ReleasePlan) -> bool:
    """The two versions were compared and are the same version (not one that went down)."""
    found = plan.versions
    return (plan.actual == "none" and found.old is not None and found.new is not None
            and version_bump(found.new, found.old) == "none")


def _judge_commits(releases: list[Release], steps: list[Step], config: Config, digests: Digests) -> None:
    """Commits (``--each commit``) are not each a release: one whose version did not change is work
    toward the next version (``unreleased``), and the first commit after it whose version moved is
    judged on every change since the last commit whose version moved (or the history's first
    release), diffed from there, so a change made before the bump still needs it."""
    base = releases[0] if releases else None
    for step in steps:
        if step.new.date_source != COMMIT_DATE:
            base = step.new
            continue
        if _unchanged(step.plan):
            step.unreleased = True
            continue
        if base is not None and base is not step.old and step.plan.actual is not None:
            assert base.snapshot is not None and step.new.snapshot is not None
            report = diff_snapshots(base.snapshot, step.new.snapshot, digests=digests, renames=config.renames)
            apply_policy(report, config)
            plan = plan_release(report, old_version=base.given_version, new_version=step.new.given_version)
            _explain(plan, base, step.new)
            step.plan, step.since = plan, base
        base = step.new
