"""The values the lint produces: levels, findings, one surface's report, a diff's comparison."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import xxhash

from .tokens import TokenReport


class LintLevel(enum.IntEnum):
    """Ordered so that ``a >= b`` reads "a is at least as serious as b"."""

    INFO = 0
    WARNING = 1
    ERROR = 2

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> LintLevel:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown lint level {text!r} (expected error, warning or info)") from None


def parse_threshold(text: str | None) -> LintLevel | None:
    """A gate threshold: a level, or ``none`` (never fail) as None."""
    if text is None or text.strip().lower() == "none":
        return None
    try:
        return LintLevel.parse(text)
    except ValueError:
        raise ValueError(f"unknown lint level {text!r} (expected error, warning, info or none)") from None


def threshold_label(level: LintLevel | None) -> str:
    return "none" if level is None else level.label


@dataclass
class LintFinding:
    """One lint finding. ``tool`` is None for a finding about the whole tool list.

    ``path`` is the place inside the tool definition (``inputSchema.properties.path``);
    ``location`` prefixes the tool name, as reports show it. ``id`` depends on code,
    tool and path only, never on the message, so it is stable across wording changes.
    """

    code: str
    level: LintLevel
    tool: str | None
    path: str
    message: str
    advice: str = ""
    ignored: bool = False
    reason: str | None = None

    @property
    def location(self) -> str:
        if self.tool is None:
            return self.path or "tools"
        return f"{self.tool}:{self.path}" if self.path else self.tool

    @property
    def id(self) -> str:
        key = "\x1f".join((self.code, "tool" if self.tool is not None else "server", self.tool or "", self.path))
        return xxhash.xxh3_64_hexdigest(key.encode("utf-8"))

    def sort_key(self) -> tuple[int, str, str, str]:
        return (0 if self.tool is None else 1, self.tool or "", self.path, self.code)


def _counts(findings: list[LintFinding]) -> dict[str, int]:
    out = {level.label: 0 for level in sorted(LintLevel, reverse=True)}
    for finding in findings:
        if not finding.ignored:
            out[finding.level.label] += 1
    out["ignored"] = sum(1 for f in findings if f.ignored)
    return out


def _reaches(findings: list[LintFinding], threshold: LintLevel | None) -> bool:
    return threshold is not None and any(f.level >= threshold for f in findings if not f.ignored)


@dataclass
class LintReport:
    """One surface linted against one profile; the gate is decided here, once."""

    source: str
    profile: str
    findings: list[LintFinding]
    tokens: TokenReport
    name: str | None = None  # the server's name when the target held several
    fail_on: LintLevel | None = LintLevel.ERROR
    warnings: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return _counts(self.findings)

    @property
    def failed(self) -> bool:
        return _reaches(self.findings, self.fail_on)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0


@dataclass
class LintComparison:
    """The lint of both sides of a diff: the new side's findings split by whether the
    change introduced them, and the token cost of both sides."""

    profile: str
    introduced: list[LintFinding]
    inherited: list[LintFinding]
    tokens_old: TokenReport
    tokens_new: TokenReport
    introduced_fail_on: LintLevel | None = LintLevel.ERROR
    inherited_fail_on: LintLevel | None = None
    _introduced_ids: tuple[list[LintFinding] | None, set[int]] = field(
        default=(None, set()), init=False, repr=False, compare=False)

    @property
    def token_delta(self) -> int:
        return self.tokens_new.total - self.tokens_old.total

    @property
    def findings(self) -> list[LintFinding]:
        return sorted(self.introduced + self.inherited, key=LintFinding.sort_key)

    def counts(self) -> dict[str, dict[str, int]]:
        return {"introduced": _counts(self.introduced), "inherited": _counts(self.inherited)}

    def failing(self) -> list[LintFinding]:
        """The findings that fail the gate, introduced first."""
        out = [f for f in self.introduced if not f.ignored and self.introduced_fail_on is not None
               and f.level >= self.introduced_fail_on]
        out += [f for f in self.inherited if not f.ignored and self.inherited_fail_on is not None
                and f.level >= self.inherited_fail_on]
        return out

    def fails(self, finding: LintFinding) -> bool:
        # The reports ask this of every finding: a set of the introduced ones (by identity,
        # made once per list) keeps that linear; a scan of the list each time was quadratic.
        made_for, ids = self._introduced_ids
        if made_for is not self.introduced or len(ids) != len(self.introduced):
            ids = {id(f) for f in self.introduced}
            self._introduced_ids = (self.introduced, ids)
        introduced = id(finding) in ids
        threshold = self.introduced_fail_on if introduced else self.inherited_fail_on
        return not finding.ignored and threshold is not None and finding.level >= threshold

    @property
    def failed(self) -> bool:
        return bool(self.failing())
