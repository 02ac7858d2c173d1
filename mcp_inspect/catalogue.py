"""The rule catalogue: ``rules/*.yaml`` read into ``Rule`` records (findings/rule.py).

This is the one source of rule metadata and wording. The classification and the lint ask
it for severities, message templates and advice; ``docs/rules.md`` and the SARIF rule
list are rendered from it; and ``Catalogue.rule`` refuses ids it does not declare, so no
engine can emit an undocumented rule. Change rules (``tool.removed``) and checks
(``MCP-020``, ``kind: lint`` in YAML) live in one catalogue: iterating it yields the
change rules, ``lint_rules()`` the checks and ``every()`` both.

``rules/phrases.yaml`` is not a list of rules but the words several rules share, by group
(findings/rule.py says how a template reaches them). A change rule's ``messages`` is a
mapping of variant to template, or the name of a phrase group whose phrases are its
templates: every rule of the schema walker says ``messages: schema``, since the walker
words a fact the same way in both directions and under whichever rule a context (``not``,
``if``, a ``oneOf`` branch) moves it to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import xxhash

from .findings.rule import PROVENANCES, REVISIONS, Rule
from .findings.severity import Level, Severity
from .findings.words import Phrases

_FIELDS = ("id", "severity", "graded", "entity", "direction", "aspect", "action", "status",
           "since", "summary", "advice", "example")
_LINT_FIELDS = ("id", "kind", "level", "category", "status", "since", "summary", "advice", "example")
LINT_LEVELS = ("error", "warning", "info")
LINT_CATEGORIES = ("schema", "naming", "security", "llm-compatibility", "best-practice")


#: The check families in the order reports and docs list them.
FAMILIES = ("MCP", "SCH", "NAM", "SEC", "LLM", "BP")


def _family_rank(family: str) -> int:
    return FAMILIES.index(family) if family in FAMILIES else len(FAMILIES)


#: The file of shared phrases (a mapping of group → key → template, not a list of rules).
PHRASES_FILE = "phrases.yaml"
#: Names words.fill reads as formats, so no phrase group may take them.
_FORMAT_NAMES = re.compile(r"show|list|join|json|values|schemas|plural|(q|short)\d*")


class UnknownRuleError(KeyError):
    """The engine asked for a rule id the catalogue does not declare."""


@dataclass(frozen=True)
class Catalogue:
    rules: dict[str, Rule]
    lint: dict[str, Rule] = field(default_factory=dict)
    phrases: Phrases = field(default_factory=dict)

    def rule(self, rule_id: str) -> Rule:
        """A change rule or a check by id; UnknownRuleError for anything else."""
        found = self.rules.get(rule_id) or self.lint.get(rule_id)
        if found is None:
            raise UnknownRuleError(f"rule {rule_id!r} is not in the catalogue")
        return found

    def diff_rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise UnknownRuleError(f"rule {rule_id!r} is not in the catalogue") from None

    def lint_rule(self, code: str) -> Rule:
        try:
            return self.lint[code]
        except KeyError:
            raise UnknownRuleError(f"lint code {code!r} is not in the catalogue") from None

    def lint_rules(self) -> list[Rule]:
        """The checks, family by family (MCP first, then the validator's families in the
        order docs/lint.md lists them), each family's codes in order."""
        return sorted(self.lint.values(), key=lambda r: (_family_rank(r.family), r.id))

    def every(self) -> list[Rule]:
        """Change rules, then checks, each sorted by id (the SARIF and listing order)."""
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


def _group(rule_id: str, entity: str) -> str:
    """A change rule's family: the schema rules by direction, the rest by entity."""
    for group in ("tool.input", "tool.output"):
        if rule_id.startswith(group + "."):
            return group
    return entity


def _phrases(raw: Any, where: str) -> dict[str, dict[str, str]]:
    if not isinstance(raw, dict) or not all(
            isinstance(group, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in group.items())
            for group in raw.values()):
        raise ValueError(f"{where}: phrases are a mapping of group to a mapping of key to template")
    for name in raw:
        if not re.fullmatch(r"[a-z][a-z_]*", name) or _FORMAT_NAMES.fullmatch(name):
            raise ValueError(f"{where}: {name!r} cannot name a phrase group (a format has that name)")
    return {name: dict(group) for name, group in raw.items()}


def _messages(entry: dict[str, Any], phrases: Phrases, where: str) -> Mapping[str, str]:
    """A rule's templates: its own mapping, or the phrase group it names."""
    messages = entry.get("messages") or {}
    if isinstance(messages, str):
        if messages not in phrases:
            raise ValueError(f"{where}: rule {entry['id']!r} speaks with phrases {messages!r}, which are not declared")
        return phrases[messages]
    return dict(messages)


def _rule_from_entry(entry: dict[str, Any], where: str, phrases: Phrases) -> Rule:
    missing = [k for k in _FIELDS if k not in entry]
    if missing:
        raise ValueError(f"{where}: rule {entry.get('id')!r} lacks {', '.join(missing)}")
    return Rule(
        id=entry["id"],
        kind="change",
        family=_group(entry["id"], entry["entity"]),
        severity=Severity.parse(entry["severity"]),
        provenance="contract",
        category=entry["aspect"],
        summary=entry["summary"].strip(),
        advice=" ".join(entry["advice"].split()),
        status=entry["status"],
        since=str(entry["since"]),
        origin=entry.get("origin", "project"),
        applies_to=entry["entity"],
        messages=_messages(entry, phrases, where),
        phrases=phrases,
        example=entry["example"],
        graded=bool(entry["graded"]),
        direction=entry["direction"],
        aspect=entry["aspect"],
        action=entry["action"],
        also=tuple(entry.get("also") or ()),
        variant_advice=_variant_advice(entry, where),
    )


def _variant_advice(entry: dict[str, Any], where: str) -> dict[str, str]:
    """``variant_advice``: advice by message variant, each a variant the rule's messages name."""
    raw = entry.get("variant_advice") or {}
    messages = entry.get("messages")
    if (not isinstance(raw, dict) or not isinstance(messages, dict) or not all(
            isinstance(k, str) and k in messages and isinstance(v, str) for k, v in raw.items())) and raw:
        raise ValueError(f"{where}: rule {entry['id']!r}: variant_advice maps variants of its own messages to text")
    return {variant: " ".join(text.split()) for variant, text in raw.items()}


def _lint_rule_from_entry(entry: dict[str, Any], where: str, phrases: Phrases) -> Rule:
    missing = [k for k in _LINT_FIELDS if k not in entry]
    if missing:
        raise ValueError(f"{where}: lint code {entry.get('id')!r} lacks {', '.join(missing)}")
    if entry["level"] not in LINT_LEVELS:
        raise ValueError(f"{where}: lint code {entry['id']!r} has level {entry['level']!r}")
    provenance = entry.get("provenance", "client")
    if entry["category"] not in LINT_CATEGORIES:
        raise ValueError(f"{where}: lint code {entry['id']!r} has category {entry['category']!r}")
    if provenance not in PROVENANCES:
        raise ValueError(f"{where}: lint code {entry['id']!r} has provenance {provenance!r}")
    if not isinstance(entry.get("recommended", False), bool):
        raise ValueError(f"{where}: lint code {entry['id']!r} has recommended {entry['recommended']!r} "
                         "(expected true or false)")
    revisions = tuple(str(r) for r in entry.get("revisions") or REVISIONS)
    if not set(revisions) <= set(REVISIONS):
        raise ValueError(f"{where}: lint code {entry['id']!r} names an unknown revision in {revisions}")
    return Rule(
        id=entry["id"],
        kind="check",
        family=entry["id"].split("-")[0],
        severity=Level.parse(entry["level"]),
        provenance=provenance,
        category=entry["category"],
        summary=entry["summary"].strip(),
        advice=" ".join(entry["advice"].split()),
        status=entry["status"],
        since=str(entry["since"]),
        origin=entry.get("origin", "project"),
        applies_to="tool",
        messages=dict(entry.get("messages") or {}),
        phrases=phrases,
        example=entry["example"],
        data=dict(entry.get("data") or {}),
        profile=entry.get("profile", "claude"),
        revisions=revisions,
        varies=tuple(entry.get("varies") or ()),
        recommended=entry.get("recommended", False),
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


def _entries(directory: Path, *, compiled: bool = True) -> dict[str, Any]:
    """Each YAML file's content by file name: a list of rules, or (phrases.yaml) a mapping."""
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
    lint: dict[str, Rule] = {}
    files = _entries(directory, compiled=compiled)
    phrases = _phrases(files.pop(PHRASES_FILE, {}), PHRASES_FILE)
    for name, entries in sorted(files.items()):
        path = directory / name
        for entry in entries:
            if entry.get("kind") == "lint":
                record = _lint_rule_from_entry(entry, path.name, phrases)
            else:
                record = _rule_from_entry(entry, path.name, phrases)
            if record.id in rules or record.id in lint:
                raise ValueError(f"{path.name}: rule {record.id!r} is declared twice")
            if record.is_check:
                lint[record.id] = record
            else:
                rules[record.id] = record
    return Catalogue(rules, lint, phrases)


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
