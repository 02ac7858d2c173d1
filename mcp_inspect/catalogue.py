"""The rule catalogue: ``rules/*.yaml`` read into Rule and LintRule records.

This is the one source of rule metadata. The diff engine and the lint ask it for
severities and advice, ``docs/rules.md`` and the SARIF rule list are rendered from
it, and ``Catalogue.rule`` refuses ids it does not declare, so neither engine can
emit an undocumented rule. Diff rules (``tool.removed``) and lint codes (``MCP-020``,
``kind: lint`` in YAML) live in one catalogue; iterating it yields the diff rules,
``lint_rules()`` the lint codes and ``every()`` both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import xxhash

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


_LINT_FIELDS = ("id", "kind", "level", "category", "status", "since", "summary", "advice", "example")
LINT_LEVELS = ("error", "warning", "info")
LINT_CATEGORIES = ("name", "schema", "description", "safety", "cost")


@dataclass(frozen=True)
class LintRule:
    """One lint code: a check of a single surface, not of a change."""

    id: str
    level: str  # "error", "warning" or "info"
    category: str  # name, schema, description, safety, cost
    status: str
    since: str
    summary: str
    advice: str
    origin: str
    #: ``{"bad": surface, "good": surface}``; ``profile`` (default claude) is the one they run under.
    example: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    profile: str = "claude"
    kind: str = "lint"

    @property
    def severity_label(self) -> str:
        return self.level


class UnknownRuleError(KeyError):
    """The engine asked for a rule id the catalogue does not declare."""


@dataclass(frozen=True)
class Catalogue:
    rules: dict[str, Rule]
    lint: dict[str, LintRule] = field(default_factory=dict)

    def rule(self, rule_id: str) -> Rule | LintRule:
        """A diff rule or a lint code by id; UnknownRuleError for anything else."""
        found = self.rules.get(rule_id) or self.lint.get(rule_id)
        if found is None:
            raise UnknownRuleError(f"rule {rule_id!r} is not in the catalogue")
        return found

    def diff_rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise UnknownRuleError(f"rule {rule_id!r} is not in the catalogue") from None

    def lint_rule(self, code: str) -> LintRule:
        try:
            return self.lint[code]
        except KeyError:
            raise UnknownRuleError(f"lint code {code!r} is not in the catalogue") from None

    def lint_rules(self) -> list[LintRule]:
        return [self.lint[k] for k in sorted(self.lint)]

    def every(self) -> list[Rule | LintRule]:
        """Diff rules, then lint codes, each sorted by id (the SARIF and listing order)."""
        return [*self, *self.lint_rules()]

    def ids(self) -> list[str]:
        return [r.id for r in self.every()]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules or rule_id in self.lint

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


def _lint_rule_from_entry(entry: dict[str, Any], where: str) -> LintRule:
    missing = [k for k in _LINT_FIELDS if k not in entry]
    if missing:
        raise ValueError(f"{where}: lint code {entry.get('id')!r} lacks {', '.join(missing)}")
    if entry["level"] not in LINT_LEVELS:
        raise ValueError(f"{where}: lint code {entry['id']!r} has level {entry['level']!r}")
    return LintRule(
        id=entry["id"],
        level=entry["level"],
        category=entry["category"],
        status=entry["status"],
        since=str(entry["since"]),
        summary=entry["summary"].strip(),
        advice=" ".join(entry["advice"].split()),
        origin=entry.get("origin", "project"),
        example=entry["example"],
        profile=entry.get("profile", "claude"),
    )


#: The catalogue compiled to JSON (``python -m mcp_inspect.docgen --write``). Parsing the
#: YAML builds every Python object in pure Python even with libyaml, about 0.15 s on
#: each run; JSON loads in a few milliseconds. The YAML stays the source of truth: the
#: compiled file records a hash of each YAML file and is ignored when one differs.
COMPILED = Path(__file__).parent / "_catalogue.json"


def _read_yaml(path: Path) -> Any:
    import yaml  # only when the compiled catalogue is missing or stale

    # libyaml's loader when PyYAML was built with it (the pure-Python one is several times slower).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or []


def _source_hashes(directory: Path) -> dict[str, str]:
    return {path.name: xxhash.xxh3_64_hexdigest(path.read_bytes())
            for path in sorted(directory.glob("*.yaml"))}


def compile_catalogue(directory: Path | None = None) -> str:
    """The compiled form of ``rules/*.yaml``, as written to ``_catalogue.json``."""
    directory = directory or rules_dir()
    files = {path.name: _read_yaml(path)
             for path in sorted(directory.glob("*.yaml"))}
    return json.dumps({"sources": _source_hashes(directory), "files": files},
                      indent=1, ensure_ascii=False) + "\n"


def _entries(directory: Path, *, compiled: bool = True) -> dict[str, list[dict[str, Any]]]:
    if compiled and COMPILED.is_file():
        cached = json.loads(COMPILED.read_text(encoding="utf-8"))
        if cached.get("sources") == _source_hashes(directory):
            return cached["files"]
    return {path.name: _read_yaml(path)
            for path in sorted(directory.glob("*.yaml"))}


def load_catalogue(directory: Path | None = None, *, compiled: bool = True) -> Catalogue:
    """The catalogue from ``directory`` (default: the packaged rules); ``compiled=False``
    reads the YAML even when an up-to-date compiled copy exists."""
    directory = directory or rules_dir()
    rules: dict[str, Rule] = {}
    lint: dict[str, LintRule] = {}
    for name, entries in sorted(_entries(directory, compiled=compiled).items()):
        path = directory / name
        for entry in entries:
            record: Rule | LintRule
            if entry.get("kind") == "lint":
                record = _lint_rule_from_entry(entry, path.name)
            else:
                record = _rule_from_entry(entry, path.name)
            if record.id in rules or record.id in lint:
                raise ValueError(f"{path.name}: rule {record.id!r} is declared twice")
            if isinstance(record, LintRule):
                lint[record.id] = record
            else:
                rules[record.id] = record
    return Catalogue(rules, lint)


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    return load_catalogue()



_FILLER = ("Returns the matching records with their identifiers, owners, timestamps and status, "
           "sorted by the most recently changed first. ")


def example_surface(side: Any) -> Any:
    """A lint example's surface. ``{"generate": {"tools": N, "description_chars": C}}`` stands
    for N tools whose descriptions are C characters long (cost examples would otherwise
    fill pages); anything else is the surface itself."""
    if not isinstance(side, dict) or "generate" not in side:
        return side
    spec = side["generate"]
    text = (_FILLER * (spec["description_chars"] // len(_FILLER) + 1))[: spec["description_chars"]]
    return {"tools": [{"name": f"tool_{i:02d}", "description": text,
                       "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
                      for i in range(1, spec["tools"] + 1)]}


def describe_example(side: Any) -> str | None:
    """A sentence for a generated example, None for a literal one."""
    if not isinstance(side, dict) or "generate" not in side:
        return None
    spec = side["generate"]
    return (f"{spec['tools']} tool{'s' if spec['tools'] != 1 else ''}, each with a "
            f"{spec['description_chars']:,}-character description.")
