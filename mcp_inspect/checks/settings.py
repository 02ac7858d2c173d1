"""The lint's settings: profile, selection, policy, revision, budgets and gates, with
their documented defaults.

``.mcp-inspect.yml`` sets them under ``lint:`` (config.py parses and checks them); the
command line's options win over the file.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    #: ``(code, setting)`` pairs: off, on, or a severity for every finding of the code.
    rules: tuple[tuple[str, str], ...] = ()
    #: ``(code, line)``: the configuration file's line of each ``lint.rules`` entry, which
    #: reports name beside the severity it set (an entry the command line replaced has none).
    rule_lines: tuple[tuple[str, int], ...] = ()
    #: ``compliance`` lowers governance and heuristic errors to warnings; ``governance`` keeps them.
    policy: str = "compliance"
    #: The MCP revision the checks judge by.
    spec_version: str = "2026-07-28"
    #: ``diff``: fail the gate when the server's maturity score falls by more than this.
    fail_on_maturity_drop: int | None = None

    def __post_init__(self) -> None:
        # A threshold may be given by name ("warning", any letter case); a wrong one is
        # refused here, where it is given, not when a finding is first compared with it.
        for name in ("fail_on", "introduced_fail_on", "inherited_fail_on"):
            object.__setattr__(self, name, threshold_argument(getattr(self, name), f"LintSettings({name}=…)"))
