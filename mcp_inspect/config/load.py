"""``.mcp-inspect.yml``: find, load, validate (with file and line), and apply to findings.

Policy runs after the diff, as small steps over the finding list: severity
overrides (keeping the default severity), then ignores (marking, never
deleting). The gate threshold comes from ``--fail-on``, else ``fail_on``, else
BREAKING.

The ``lint:`` section holds the lint's profile, budgets and gates (lint/settings.py
has the defaults). Ignore entries may name lint codes (``MCP-022``); those apply to
lint findings, by tool name, and are stale only when the lint ran and none matched.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..checks.settings import LintSettings
from ..errors import InputError
from ..findings.severity import Severity, parse_threshold, severity_argument, threshold_label
from ..limits import MAX_CONFIG_BYTES
from ..llm.settings import LlmSettings
from ..snapshot.reader import decode_text, parse_document, read_bytes
from .places import NAMES_NO_CHECK, FieldPaths, Lines, at, explain, key_name, line_index, line_of
from .waivers import ApproveRule, IgnoreRule, check_override, check_rule

CONFIG_NAMES = (".mcp-inspect.yml", ".mcp-inspect.yaml")


@dataclass(frozen=True)
class CallsSettings:
    """The ``calls:`` section: what recorded calls (``diff --calls``) may do to the gate."""

    #: Fail when any recorded value the old schema accepted is rejected by the new one.
    fail_when_rejected: bool = False
    #: Let a BREAKING input finding pass when no recorded call set (or was rejected on) its property.
    downgrade_unused: bool = False


@dataclass(frozen=True)
class DeprecationSettings:
    """The ``deprecation:`` section: how long a mark must stand before a removal is softened."""

    #: The releases in a row, ending with the old side, that carried the mark.
    min_releases: int = 1
    #: The days between the first of them and the removal (a passed sunset date satisfies it).
    min_days: int = 0


@dataclass(frozen=True)
class StabilitySettings:
    """The ``stability:`` section: which entities are experimental."""

    #: Globs over entity names.
    experimental: tuple[str, ...] = ()
    #: Whether an entity's own ``_meta`` stability marker counts.
    markers: bool = True


@dataclass(frozen=True)
class TokenBudget:
    """The ``tokens:`` section: what the tool definitions may cost, by the profile's tokenizer."""

    #: The most the new side's tool definitions may cost in all.
    max_total: int | None = None
    #: The most a diff may add to that cost, in tokens…
    max_increase: int | None = None
    #: …or in percent of the old side's cost (``"10%"``).
    max_increase_percent: float | None = None


@dataclass
class Config:
    """A validated configuration; ``Config()`` is the default (nothing ignored)."""

    ignore: list[IgnoreRule] = field(default_factory=list)
    #: Changes accepted one by one (``approve:``, written by ``mcp-inspect approve``).
    approve: list[ApproveRule] = field(default_factory=list)
    severity_overrides: dict[str, Severity] = field(default_factory=dict)
    fail_on: Severity | None = None
    source: str | None = None
    lint: LintSettings = field(default_factory=LintSettings)
    #: The configuration line of each severity override, by rule id (for the reports).
    override_lines: dict[str, int] = field(default_factory=dict)
    #: Tool renames no rule can see: old name → new name (they beat every rename rule).
    renames: dict[str, str] = field(default_factory=dict)
    #: The model review (``llm:``, docs/llm.md); off unless ``enabled`` or ``--llm``.
    llm: LlmSettings = field(default_factory=LlmSettings)
    #: What recorded calls may change about the gate (``calls:``, docs/record.md).
    calls: CallsSettings = field(default_factory=CallsSettings)
    #: Deprecation before removal (``deprecation:``); None: every removal keeps its severity.
    deprecation: DeprecationSettings | None = None
    #: Stability tiers (``stability:``); None: nothing is exempt from the gate.
    stability: StabilitySettings | None = None
    #: The token budget (``tokens:``); None: no budget.
    tokens: TokenBudget | None = None
    #: Client profiles whose loss of compatibility fails a diff's gate (``fail_on_clients``,
    #: ``--fail-on-client``).
    fail_on_clients: tuple[str, ...] = ()
    #: Where ``fail_on_clients`` came from, as a report names it: the key, or the flag that beat it.
    fail_on_clients_said: str = "fail_on_clients"

    def __post_init__(self) -> None:
        # Severities may be given by name in any letter case, as on the command line; a
        # wrong one is refused here, where it is given.
        if self.fail_on is not None:
            self.fail_on = severity_argument(self.fail_on, "Config(fail_on=…)")
        self.severity_overrides = {rule: severity_argument(value, f"Config(severity_overrides={{{rule!r}: …}})")
                                   for rule, value in self.severity_overrides.items()}
        for rule in self.severity_overrides:
            check_override(rule, default_catalogue(), f"Config(severity_overrides={{{rule!r}: …}})", ValueError)
        for entry in self.ignore:
            if not isinstance(entry, IgnoreRule):
                raise ValueError(f"Config(ignore=…): expected IgnoreRule entries, got {type(entry).__name__}")
        for approval in self.approve:
            if not isinstance(approval, ApproveRule):
                raise ValueError(f"Config(approve=…): expected ApproveRule entries, got {type(approval).__name__}")

    @classmethod
    def load(cls, path: str | Path | None = None) -> Config:
        """``.mcp-inspect.yml`` from ``path``, else the working directory's, else the defaults."""
        return load_config(path)


@lru_cache(maxsize=1)
def config_schema() -> dict[str, Any]:
    from importlib import resources  # only a run with a configuration file reads the schema (~9 ms of import)

    text = resources.files("mcp_inspect.schemas").joinpath("config.schema.json").read_text("utf-8")
    return json.loads(text)


def find_config(directory: Path | None = None) -> Path | None:
    directory = directory or Path()  # relative, so that messages name the file as the user sees it
    for name in CONFIG_NAMES:
        candidate = directory / name
        if candidate.is_file():
            return candidate
    return None


#: How many schema errors are weighed for the one reported (see parse_config).
_ERRORS_WEIGHED = 100


def load_config(path: str | Path | None = None, *, catalogue: Catalogue | None = None) -> Config:
    """Load ``path``, or the file found in the working directory, or the default config."""
    if path is None:
        found = find_config()
        if found is None:
            return Config()
        path = found
    where = str(path)
    text = decode_text(read_bytes(where, MAX_CONFIG_BYTES, "configuration file"), where, allow_empty=True)
    # YAML unless the file is named .json (hostile trial, round 36): the hint was ".yaml",
    # whose Path suffix is empty (a dot file's name), so "[1,2" in a .yml file was called
    # invalid JSON.
    hint = where if Path(where).suffix.lower() == ".json" else "configuration.yaml"
    value = parse_document(text, where, hint=hint, allow_empty=True, configuration=True)
    lines = line_index(text)
    return parse_config(value, where, lines, catalogue or default_catalogue())


def parse_config(value: Any, where: str, lines: Lines | None = None,
                 catalogue: Catalogue | None = None) -> Config:
    """Validate and read a configuration value. ``lines`` (a YAML file's line index) makes
    each error name its line; a ``FieldPaths`` makes it name the field instead."""
    import jsonschema  # type: ignore[import-untyped,unused-ignore]

    lines = {} if lines is None else lines
    catalogue = catalogue or default_catalogue()
    if value is None:
        return Config(source=where)
    value = _yaml_scalars(value)
    _refuse_secrets(value, where, lines)
    validator = jsonschema.Draft202012Validator(config_schema())
    # One error is reported, the first by position among the first few found: collecting
    # every error of a file with a mistake in each of 100,000 entries took over a minute.
    found = itertools.islice(validator.iter_errors(value), _ERRORS_WEIGHED)
    # The first by line in the file (a reader fixes from the top), then by path.
    errors = sorted(found, key=lambda e: (line_of(lines, e.absolute_path) or 0, list(map(str, e.absolute_path)),
                                          e.message))
    if errors:
        error = errors[0]
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = error.schema.get("properties", {})
            path += sorted(k for k in error.instance if k not in allowed)[:1]  # point at the key
        # The key as well as its line: "llm.timeout: 601 is greater than the maximum of 600"
        # (an unknown key's message names the key itself).
        named = "" if error.validator in ("additionalProperties", "const") or not error.absolute_path \
            or isinstance(lines, FieldPaths) else f"{key_name(list(error.absolute_path))}: "
        message = explain(error)
        if message == NAMES_NO_CHECK and named:
            named = named[:-2] + " "  # "lint.select names no check", as below
        raise InputError(f"{where}{at(lines, path)}: {named}{message}")
    config = Config(source=where)
    for index, entry in enumerate(value.get("ignore") or []):
        check_rule(entry["rule"], catalogue, _place(where, lines, ['ignore', index, 'rule']))
        expires = _entry_expiry(entry, "ignore", index, where, lines)
        line = lines.get(("ignore", str(index)))
        config.ignore.append(IgnoreRule(entry["rule"], entry.get("entity"), entry.get("reason"), expires, line))
    for index, entry in enumerate(value.get("approve") or []):
        config.approve.append(_approval(entry, index, catalogue, where, lines))
    for rule_id, severity in (value.get("severity_overrides") or {}).items():
        check_override(rule_id, catalogue, _place(where, lines, ['severity_overrides', rule_id]), InputError)
        config.severity_overrides[rule_id] = Severity.parse(severity)
        line = lines.get(("severity_overrides", rule_id))
        if line is not None:
            config.override_lines[rule_id] = line
    if value.get("fail_on") is not None:
        config.fail_on = Severity.parse(value["fail_on"])
    config.renames = dict(value.get("renames") or {})
    config.lint = _lint_settings(value.get("lint") or {}, catalogue, where, lines)
    config.llm = _llm_settings(value.get("llm") or {}, where, lines)
    calls = value.get("calls") or {}
    config.calls = CallsSettings(fail_when_rejected=calls.get("fail_when_rejected", False),
                                 downgrade_unused=calls.get("downgrade_unused", False))
    if value.get("deprecation") is not None:
        section = value["deprecation"]
        config.deprecation = DeprecationSettings(section.get("min_releases", 1), section.get("min_days", 0))
    if value.get("stability") is not None:
        section = value["stability"]
        config.stability = StabilitySettings(tuple(section.get("experimental", ())), section.get("markers", True))
    if value.get("tokens") is not None:
        config.tokens = _token_budget(value["tokens"])
    config.fail_on_clients = tuple(value.get("fail_on_clients") or ())
    return config


def _token_budget(section: dict[str, Any]) -> TokenBudget:
    """The ``tokens:`` section (its form checked by the schema): ``max_increase`` is a count
    of tokens, or a percentage written ``"10%"``."""
    increase = section.get("max_increase")
    if isinstance(increase, str):
        return TokenBudget(section.get("max_total"), None, float(increase.strip().rstrip("%")))
    return TokenBudget(section.get("max_total"), increase)


def _approval(entry: dict[str, Any], index: int, catalogue: Catalogue, where: str, lines: Lines) -> ApproveRule:
    """One ``approve:`` entry (shape checked by the schema): a change rule of the catalogue
    and a real date, each error naming its line and key."""
    rule = entry["rule"]
    check_rule(rule, catalogue, _place(where, lines, ["approve", index, "rule"]), allow_prefix=False)
    if rule in catalogue.lint:
        raise InputError(f"{_place(where, lines, ['approve', index, 'rule'])}: {rule} is a lint code; an approval "
                         "accepts one change of a diff (ignore a lint finding by code under ignore:)")
    return ApproveRule(rule, entry["kind"], entry["entity"], entry["path"], entry["digest"], entry["reason"],
                       _entry_expiry(entry, "approve", index, where, lines), lines.get(("approve", str(index))))


def _entry_expiry(entry: dict[str, Any], section: str, index: int, where: str, lines: Lines) -> date | None:
    """An ignore or approve entry's ``expires`` (its form checked by the schema) as a real date,
    or None; a day the calendar lacks (2027-02-30) names its line and key."""
    if "expires" not in entry:
        return None
    try:
        return date.fromisoformat(entry["expires"])
    except ValueError:
        raise InputError(f"{_place(where, lines, [section, index, 'expires'])}: "
                         f"{entry['expires']!r} is not a real date (YYYY-MM-DD)") from None


def _place(where: str, lines: Lines, path: list[Any]) -> str:
    """Where a checked value sits, for its error: the file's line and the key
    (``k.yml:3: lint.rules.SEC-001``), or the field when the configuration came as JSON."""
    if isinstance(lines, FieldPaths):
        return f"{where}{at(lines, path)}"
    return f"{where}{at(lines, path)}: {key_name(path)}"


#: Key names (lower case, without ``_`` and ``-``) that hold a secret: refused with a word on
#: where keys belong, at the top level and in the ``lint:`` and ``llm:`` sections.
_SECRET_NAMES = frozenset({"apikey", "key", "token", "authtoken", "accesstoken", "secret", "password"})


def _refuse_secrets(value: Any, where: str, lines: Lines) -> None:
    """A key that would hold a secret, or any key of ``llm:`` that is not one of its settings,
    ends the run: API keys come from the environment only, so a configuration file committed
    to a repository never holds one (and a typo in ``llm:`` is not quietly ignored)."""
    if not isinstance(value, dict):
        return
    from ..llm.settings import CONFIG_KEYS, KEY_VARIABLES

    where_keys_go = (f"API keys are never read from a configuration file; set {' or '.join(KEY_VARIABLES.values())} "
                     "in the environment")
    sections: list[tuple[tuple[str, ...], Any]] = [((), value)]
    sections += [((name,), value[name]) for name in ("lint", "llm") if isinstance(value.get(name), dict)]
    for path, section in sections:
        for key in section:
            name = str(key)
            secret = name.lower().replace("_", "").replace("-", "") in _SECRET_NAMES
            if secret:
                raise InputError(f"{where}{at(lines, [*path, name])}: {'.'.join((*path, name))}: {where_keys_go}")
            if path == ("llm",) and name not in CONFIG_KEYS:
                raise InputError(f"{where}{at(lines, [*path, name])}: llm.{name} is not a setting of the model "
                                 f"review (expected one of: {', '.join(CONFIG_KEYS)}); {where_keys_go}")


def _llm_settings(section: dict[str, Any], where: str, lines: Lines) -> LlmSettings:
    """The ``llm:`` section (types already checked by the schema) over the defaults."""
    from ..llm.settings import check_base_url, check_concurrency, check_model, check_provider, check_timeout

    def place(key: str) -> str:
        return f"{where}{at(lines, ['llm', key])}: llm.{key}"

    values: dict[str, Any] = {}
    if "enabled" in section:
        values["enabled"] = section["enabled"]
    if "provider" in section:
        values["provider"] = check_provider(section["provider"], place("provider"))
    if "model" in section:
        values["model"] = check_model(section["model"], place("model"))
    if "base_url" in section:
        values["base_url"] = check_base_url(section["base_url"], place("base_url"))
    if "timeout" in section:
        values["timeout"] = check_timeout(section["timeout"], place("timeout"))
    if "concurrency" in section:
        values["concurrency"] = check_concurrency(section["concurrency"], place("concurrency"))
    return LlmSettings(**values)


def _yaml_scalars(value: Any) -> Any:
    """What YAML reads into other types where the schema wants strings: an unquoted
    ``spec_version: 2026-07-28`` is a date, and ``rules: {SEC-001: off}`` a boolean. And
    severities in any letter case, as the command line takes them, in the schema's spelling."""
    if not isinstance(value, dict):
        return value
    value = dict(value)
    if "fail_on" in value:
        value["fail_on"] = _severity_spelling(value["fail_on"])
    if isinstance(value.get("approve"), list):  # an unquoted expires: 2027-01-31 is a date
        value["approve"] = [{**entry, "expires": entry["expires"].isoformat()}
                            if isinstance(entry, dict) and isinstance(entry.get("expires"), date) else entry
                            for entry in value["approve"]]
    if isinstance(value.get("severity_overrides"), dict):
        value["severity_overrides"] = {rule: _severity_spelling(severity)
                                       for rule, severity in value["severity_overrides"].items()}
    lint = value.get("lint")
    if not isinstance(lint, dict):
        return value
    lint = dict(lint)
    for key in ("fail_on", "introduced_fail_on", "inherited_fail_on"):
        if key in lint:
            lint[key] = _level_spelling(lint[key])
    if isinstance(lint.get("spec_version"), date):
        lint["spec_version"] = lint["spec_version"].isoformat()
    if isinstance(lint.get("rules"), dict):
        lint["rules"] = {code: ("on" if setting else "off") if isinstance(setting, bool) else setting
                         for code, setting in lint["rules"].items()}
    return {**value, "lint": lint}


def _severity_spelling(value: Any) -> Any:
    """``breaking`` as ``BREAKING``; anything that names no severity is left for the schema to refuse."""
    try:
        return Severity.parse(value).name if isinstance(value, str) else value
    except ValueError:
        return value


def _level_spelling(value: Any) -> Any:
    """``Warning`` as ``warning`` (and ``NONE`` as ``none``); anything else is left for the schema."""
    try:
        return threshold_label(parse_threshold(value)) if isinstance(value, str) else value
    except ValueError:
        return value


def _lint_settings(section: dict[str, Any], catalogue: Catalogue, where: str, lines: Lines) -> LintSettings:
    """The ``lint:`` section (already validated by the schema) over the defaults; codes and
    selectors are checked against the catalogue, each error naming its line."""
    from ..checks.selection import check_code, check_selector, check_setting, split_selectors

    defaults = LintSettings()
    values: dict[str, Any] = {}
    for key in ("select", "ignore"):
        if key in section:
            raw = section[key]
            listed = split_selectors([raw] if isinstance(raw, str) else raw)
            if key == "select" and not listed:  # no check at all would pass every surface
                raise InputError(f"{where}{at(lines, ['lint', key])}: lint.select {NAMES_NO_CHECK}")
            values[key] = tuple(check_selector(s, catalogue, _place(where, lines, ['lint', key])) for s in listed)
    if "rules" in section:
        values["rules"] = tuple(
            (check_code(code, catalogue, _place(where, lines, ['lint', 'rules', code])),
             check_setting(setting, _place(where, lines, ['lint', 'rules', code])))
            for code, setting in section["rules"].items())
        values["rule_lines"] = tuple((code, line) for code in section["rules"]
                                     if (line := lines.get(("lint", "rules", code))) is not None)
    for key in ("policy", "spec_version", "fail_on_maturity_drop"):
        if key in section:
            values[key] = section[key]
    for key in ("profile", "description_max_chars", "tool_max_tokens", "server_max_tokens", "tokenizer"):
        if key in section:
            values[key] = section[key]
    for key in ("fail_on", "introduced_fail_on", "inherited_fail_on"):
        if key in section:
            values[key] = parse_threshold(section[key])
    return LintSettings(**{**defaults.__dict__, **values})
