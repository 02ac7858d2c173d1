"""The rule catalogue: ``rules/*.yaml`` read into Rule records.

This is the one source of rule metadata. The diff engine asks it for severities
and advice, ``docs/rules.md`` and the SARIF rule list are rendered from it, and
``Catalogue.rule`` refuses ids it does not declare, so the engine cannot emit an
undocumented rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .model import Severity

_FIELDS = ("id", "severity", "graded", "entity", "direction", "aspect", "action", "status",
           "since", "summary", "advice", "example")


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    graded: bool  # prose rules: DOCUMENTATION or POTENTIALLY_BREAKING by the prose measure
    entity: str
    direction: str
    aspect: str
    action: str
    status: str
    since: str
    summary: str
    advice: str
    origin: str
    example: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    also: tuple[str, ...] = ()

    @property
    def severity_label(self) -> str:
        if self.graded:
            return "DOCUMENTATION or POTENTIALLY_BREAKING"
        return self.severity.name


class UnknownRuleError(KeyError):
    """The engine asked for a rule id the catalogue does not declare."""


@dataclass(frozen=True)
class Catalogue:
    rules: dict[str, Rule]

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise UnknownRuleError(f"rule {rule_id!r} is not in the catalogue") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.rules[k] for k in sorted(self.rules))

    def __len__(self) -> int:
        return len(self.rules)


def rules_dir() -> Path:
    """Packaged copy in a wheel (``mcp_inspect/_rules``), else the repository's ``rules/``."""
    packaged = Path(__file__).parent / "_rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "rules"


def _rule_from_entry(entry: dict[str, Any], where: str) -> Rule:
    missing = [k for k in _FIELDS if k not in entry]
    if missing:
        raise ValueError(f"{where}: rule {entry.get('id')!r} lacks {', '.join(missing)}")
    return Rule(
        id=entry["id"],
        severity=Severity.parse(entry["severity"]),
        graded=bool(entry["graded"]),
        entity=entry["entity"],
        direction=entry["direction"],
        aspect=entry["aspect"],
        action=entry["action"],
        status=entry["status"],
        since=str(entry["since"]),
        summary=entry["summary"].strip(),
        advice=" ".join(entry["advice"].split()),
        origin=entry.get("origin", "project"),
        example=entry["example"],
        also=tuple(entry.get("also") or ()),
    )


def load_catalogue(directory: Path | None = None) -> Catalogue:
    directory = directory or rules_dir()
    rules: dict[str, Rule] = {}
    for path in sorted(directory.glob("*.yaml")):
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for entry in entries:
            rule = _rule_from_entry(entry, path.name)
            if rule.id in rules:
                raise ValueError(f"{path.name}: rule {rule.id!r} is declared twice")
            rules[rule.id] = rule
    return Catalogue(rules)


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    return load_catalogue()

