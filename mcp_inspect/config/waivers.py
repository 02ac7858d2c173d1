"""The entries of ``.mcp-inspect.yml`` that waive findings, as values a library caller can
make too: ``IgnoreRule`` (a rule, a lint code or a prefix, for every entity or those a
pattern names) and ``ApproveRule`` (one change, by its fingerprint), each with its reason
and expiry; and the checks of the rule ids they and the severity overrides name, so that
a typo is refused where it is written rather than matching nothing.

May import: the catalogue, errors and findings.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..errors import InputError
from ..findings.finding import DIFF, LINT, Finding


def _expiry(value: Any, owner: str) -> date | None:
    """An entry's ``expires``: a date, 'YYYY-MM-DD' read as one, or None."""
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{owner}(expires=…): {value!r} is not a real date (YYYY-MM-DD)") from None
    if value is not None and not isinstance(value, date):
        raise ValueError(f"{owner}(expires=…): expected a date or 'YYYY-MM-DD', got {value!r}")
    return value


@dataclass(frozen=True)
class IgnoreRule:
    rule: str
    entity: str | None = None
    reason: str | None = None
    expires: date | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        # Checked as the configuration file's entries are, so that a library caller's typo is
        # a ValueError here rather than an entry that never matches or a TypeError later.
        if not isinstance(self.rule, str) or not self.rule:
            raise ValueError(f"IgnoreRule(rule=…): expected a rule id, a lint code or a prefix ending in *, "
                             f"got {self.rule!r}")
        try:
            check_rule(self.rule, default_catalogue(), "IgnoreRule(rule=…)")
        except InputError as error:
            raise ValueError(str(error)) from None
        object.__setattr__(self, "expires", _expiry(self.expires, "IgnoreRule"))

    def matches(self, finding: Finding) -> bool:
        """The entry names the finding's rule, or one of the codes folded into it."""
        return any(self.matches_id(code, finding.entity.name) for code in (finding.rule, *finding.aliases))

    def matches_id(self, rule_id: str, name: str) -> bool:
        return self.names(rule_id) and (self.entity is None or fnmatch.fnmatchcase(name, self.entity))

    def names(self, rule_id: str) -> bool:
        """The entry's rule is ``rule_id``, or a prefix of it."""
        return rule_id.startswith(self.rule[:-1]) if self.rule.endswith("*") else rule_id == self.rule

    @cached_property
    def origins(self) -> frozenset[str]:
        """The kinds of finding the entry can match: LINT when it names a lint code, DIFF when
        it names a change rule. A prefix names every id it starts, whatever the family: ``M*``
        the MCP codes, ``*`` every lint code and every change rule."""
        catalogue = default_catalogue()
        return frozenset(LINT if rule_id in catalogue.lint else DIFF
                         for rule_id in catalogue.ids() if self.names(rule_id))

    @cached_property
    def lint_codes(self) -> frozenset[str]:
        """The lint codes the entry names (none for a change rule): a run that did not run
        every one of them cannot tell whether the entry is still needed."""
        catalogue = default_catalogue()
        return frozenset(code for code in catalogue.lint if self.names(code))

    @property
    def is_lint(self) -> bool:
        """The entry names lint codes only."""
        return self.origins == {LINT}

    def describe(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        entity = f" entity {self.entity!r}" if self.entity is not None else ""
        return f"ignore rule {self.rule!r}{entity}{where}"


@dataclass(frozen=True)
class ApproveRule:
    """One accepted change (``approve:``): its fingerprint — rule, entity kind and name, path,
    and the digest of its old and new values (``Finding.change_digest``) — the reason, and
    when the approval stops applying."""

    rule: str
    kind: str
    entity: str
    path: str
    digest: str
    reason: str
    expires: date | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "expires", _expiry(self.expires, "ApproveRule"))
        if not isinstance(self.reason, str) or not self.reason.strip():
            raise ValueError("ApproveRule(reason=…): an approval needs a reason")

    @classmethod
    def of(cls, finding: Finding, reason: str, expires: date | str | None = None) -> ApproveRule:
        """The approval of exactly this change."""
        return cls(finding.rule, finding.entity.kind.value, finding.entity.name, finding.path,
                   finding.change_digest, reason, expires)

    def matches(self, finding: Finding) -> bool:
        return (finding.rule == self.rule and finding.entity.kind.value == self.kind
                and finding.entity.name == self.entity and finding.path == self.path
                and finding.change_digest == self.digest)

    def key(self) -> tuple[str, str, str, str, str]:
        """The change it accepts (rule, kind, entity, path, digest): two entries with one key
        approve the same change."""
        return (self.rule, self.kind, self.entity, self.path, self.digest)

    def describe(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        return f"approval of {self.rule} on {self.kind} {self.entity!r} at {self.path or '(root)'}{where}"


def check_override(rule_id: str, catalogue: Catalogue, where: str, error: type[Exception]) -> None:
    """A severity override names one change rule; ``error`` (InputError for a file, ValueError
    for a library argument) otherwise."""
    try:
        check_rule(rule_id, catalogue, where, allow_prefix=False)
    except InputError as problem:
        raise error(str(problem)) from None
    if rule_id in catalogue.lint:
        raise error(f"{where}: {rule_id} is a lint code; set its severity under lint.rules (error, warning, "
                    "info, off)")


def check_rule(rule_id: str, catalogue: Catalogue, where: str, *, allow_prefix: bool = True) -> None:
    if allow_prefix and rule_id.endswith("*"):
        if any(r.startswith(rule_id[:-1]) for r in catalogue.ids()):
            return
        raise InputError(f"{where}: {rule_id!r} matches no rule id")
    if rule_id in catalogue:
        return
    import difflib

    close = difflib.get_close_matches(rule_id, catalogue.ids(), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else "; see `mcp-inspect rules`"
    raise InputError(f"{where}: unknown rule id {rule_id!r}{hint}")
