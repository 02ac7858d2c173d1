"""The lint's settings: profile, selection, policy, revision, budgets and gates, with
their documented defaults.

``.mcp-inspect.yml`` sets them under ``lint:`` (config/load.py parses and checks them); the
command line's options win over the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..findings.severity import Level, threshold_argument

#: MCP-013: characters of tool description above which the description is "very long".
DESCRIPTION_MAX_CHARS = 2048
#: MCP-031: tokens above which one tool's definition is oversized on its own.
TOOL_MAX_TOKENS = 2000
#: MCP-030: tokens above which the whole tool list exceeds the server's budget.
SERVER_MAX_TOKENS = 20_000
#: MCP-032 (fixed by the seed, not configurable): 20% of a 200,000-token window. It stays
#: 40,000 under every profile, whatever that profile's own window (docs/lint.md, "Budgets").
CONTEXT_SHARE_TOKENS = 40_000
#: The MCP revision the checks judge by unless told otherwise.
DEFAULT_SPEC_VERSION = "2026-07-28"


@dataclass(frozen=True)
class LintSettings:
    profile: str = "claude"
    #: ``mcp-inspect lint`` fails at this level and above (None: never).
    fail_on: Level | None = Level.ERROR
    description_max_chars: int = DESCRIPTION_MAX_CHARS
    tool_max_tokens: int = TOOL_MAX_TOKENS
    server_max_tokens: int = SERVER_MAX_TOKENS
    #: ``mcp-inspect diff``: findings the change introduced fail at this level and above.
    introduced_fail_on: Level | None = Level.ERROR
    #: ``mcp-inspect diff``: findings already present on the old side (None: never fail).
    inherited_fail_on: Level | None = None
    #: "estimate" (default, chars/4), or "o200k" / "cl100k" with the tokens extra.
    tokenizer: str = "estimate"
    #: Which checks run (checks/selection.py): selectors chosen, and removed.
    select: tuple[str, ...] = ("recommended",)
    ignore: tuple[str, ...] = ()
    #: Selectors of ``select`` whose codes keep ``recommended``'s narrower reading (checks/selection.py).
    narrow: tuple[str, ...] = ()
    #: ``(code, setting)`` pairs: off, on, or a severity for every finding of the code.
    rules: tuple[tuple[str, str], ...] = ()
    #: ``(code, line)``: the configuration file's line of each ``lint.rules`` entry, which
    #: reports name beside the severity it set (an entry the command line replaced has none).
    rule_lines: tuple[tuple[str, int], ...] = ()
    #: ``compliance`` lowers governance and heuristic errors to warnings; ``governance`` keeps them.
    policy: str = "compliance"
    #: The MCP revision the checks judge by.
    spec_version: str = DEFAULT_SPEC_VERSION
    #: ``diff``: fail the gate when the server's maturity score falls by more than this.
    fail_on_maturity_drop: int | None = None

    def __post_init__(self) -> None:
        # A threshold may be given by name ("warning", any letter case); a wrong one is
        # refused here, where it is given, not when a finding is first compared with it.
        for name in ("fail_on", "introduced_fail_on", "inherited_fail_on"):
            object.__setattr__(self, name, threshold_argument(getattr(self, name), f"LintSettings({name}=…)"))
        # The other settings are checked as the configuration file's are, and given in its
        # spellings too (a comma-separated string of selectors, a mapping of rules, any letter
        # case), so that a library caller gets the run the file would give, or a ValueError
        # naming the argument, never a quietly different run. The defaults need no catalogue.
        try:
            for name, value in _checked(self).items():
                object.__setattr__(self, name, value)
        except InputError as error:
            raise ValueError(str(error)) from None


def _checked(settings: LintSettings) -> dict[str, Any]:
    """The settings that differ from the defaults, checked and in canonical spelling;
    InputError naming the argument (``LintSettings(select=…)``) for a wrong one."""
    checked: dict[str, Any] = {}
    where = "LintSettings({}=…)".format
    for name in ("description_max_chars", "tool_max_tokens", "server_max_tokens", "fail_on_maturity_drop"):
        value, least = getattr(settings, name), 0 if name == "fail_on_maturity_drop" else 1
        if value is None and name == "fail_on_maturity_drop":
            continue
        if isinstance(value, float) and value.is_integer():
            # JSON Schema's integer: 6804.0 is the whole number 6804, as the published schema
            # (type: integer) lets a configuration or a request spell it.
            value = checked[name] = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InputError(f"{where(name)}: expected a whole number of at least {least}, got {value!r}")
    if settings.policy != "compliance":
        policy = str(settings.policy).strip().lower()
        if policy not in ("compliance", "governance"):
            raise InputError(f"{where('policy')}: unknown policy {settings.policy!r} "
                             "(expected compliance or governance)")
        checked["policy"] = policy
    if settings.spec_version != DEFAULT_SPEC_VERSION:
        from ..findings.rule import REVISIONS

        if str(settings.spec_version).strip() not in REVISIONS:
            raise InputError(f"{where('spec_version')}: unknown MCP revision {settings.spec_version!r} "
                             f"(expected {' or '.join(REVISIONS)})")
        checked["spec_version"] = str(settings.spec_version).strip()
    if settings.profile != "claude":
        from .profiles import get_profile

        try:
            checked["profile"] = get_profile(str(settings.profile)).name
        except InputError as error:
            raise InputError(f"{where('profile')}: {error}") from None
    if settings.tokenizer != "estimate":
        from .tokens import counter_name

        try:
            checked["tokenizer"] = counter_name(str(settings.tokenizer))
        except InputError as error:
            raise InputError(f"{where('tokenizer')}: {error}") from None
    if settings.select != ("recommended",) or settings.ignore or settings.rules:
        checked.update(_checked_selection(settings))
    return checked


def _checked_selection(settings: LintSettings) -> dict[str, Any]:
    from ..catalogue import default_catalogue
    from .selection import check_code, check_selector, check_setting, split_selectors

    catalogue = default_catalogue()
    checked: dict[str, Any] = {}
    for name in ("select", "ignore"):
        given = getattr(settings, name)
        listed = split_selectors([given] if isinstance(given, str) else [str(s) for s in given])
        if name == "select" and not listed:
            raise InputError("LintSettings(select=…): no selector given (recommended is the default, "
                             "ALL runs every check)")
        checked[name] = tuple(check_selector(s, catalogue, f"LintSettings({name}=…)") for s in listed)
    rules = settings.rules.items() if isinstance(settings.rules, Mapping) else settings.rules
    entries = []
    for entry in rules:
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise InputError(f"LintSettings(rules=…): expected a mapping or (code, setting) pairs, got {entry!r}")
        code, setting = entry
        if isinstance(setting, bool):  # YAML's off and on, as the configuration file reads them
            setting = "on" if setting else "off"
        entries.append((check_code(str(code), catalogue, "LintSettings(rules=…)"),
                        check_setting(str(setting), f"LintSettings(rules=…) {code}")))
    checked["rules"] = tuple(entries)
    return checked
