"""What ``mcp-inspect lint`` and ``diff`` do with the lint, as library calls.

Settings come from ``.mcp-inspect.yml`` (``lint:``), then the command line's options
win. A target may hold several servers (an mcp.json): each is linted and reported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import InputError
from .engine import lint_snapshot
from .findings import LintReport, parse_threshold
from .profiles import get_profile
from .settings import LintSettings
from .tokens import get_counter


def resolve_settings(base: LintSettings | None = None, *, profile: str | None = None, fail_on: str | None = None,
                     tokenizer: str | None = None) -> LintSettings:
    """``base`` (the configuration's lint section) with the command line's choices applied.

    Every value is checked here, so a typo ends the command with exit 2 before any work.
    """
    settings = base or LintSettings()
    if profile is not None:
        settings = replace(settings, profile=get_profile(profile).name)
    if fail_on is not None:
        try:
            settings = replace(settings, fail_on=parse_threshold(fail_on))
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    if tokenizer is not None:
        settings = replace(settings, tokenizer=tokenizer)
    get_profile(settings.profile)
    return settings


def lint_target(target: str, config: Any, settings: LintSettings, options: Any = None,
                phases: Any = None) -> list[LintReport]:
    """Lint every server ``target`` names (a file, stdin, a live server, an mcp.json);
    ``phases`` (a ``phases.Phases``) is told when a large lint starts."""
    from ..snapshot.shapes import nameless_tools_allowed
    from ..sources import load_sources

    counter = get_counter(settings.tokenizer)  # refuse an unavailable tokenizer before capturing
    if phases is not None:
        phases.clear()  # a capture of this target may show its own status line
    with nameless_tools_allowed():  # MCP-001 reports a missing name; the loader need not refuse it
        sources = load_sources(target, options)
    several = len(sources) > 1
    reports = []
    for name, snapshot in sources:
        if phases is not None:
            size = len(snapshot.tools or [])
            phases.step(size, f"linting {size:,} tool definitions")
        report = lint_snapshot(snapshot, settings, counter, name=name if several else None)
        report.source = name
        config.apply_lint(report)
        reports.append(report)
    return reports
