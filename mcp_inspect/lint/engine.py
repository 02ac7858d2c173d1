"""Run every registered rule for one profile and return sorted, catalogue-stamped findings."""

from __future__ import annotations

from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..model import Snapshot
from ..snapshot.surface import fingerprint
from .findings import LintFinding, LintLevel, LintReport
from .profiles import get_profile
from .registry import RULES, Context, ToolView
from .settings import LintSettings
from .tokens import Counter, TokenReport, cost_tools, get_counter, tool_key
from .walk import clear_walks


def _load_rules() -> None:
    # Importing a rule module registers its rules.
    from . import cost, descriptions, names, safety, schema_rules  # noqa: F401


def stamp(catalogue: Catalogue, code: str, tool: str | None, path: str, message: str) -> LintFinding:
    """A finding for ``code``, with the catalogue's level and advice; UnknownRuleError otherwise."""
    rule = catalogue.lint_rule(code)
    return LintFinding(code, LintLevel.parse(rule.level), tool, path, message, rule.advice)


def lint_tools(tools: list[Any], settings: LintSettings | None = None, counter: Counter | None = None,
               catalogue: Catalogue | None = None) -> tuple[list[LintFinding], TokenReport]:
    """Lint a tool list; returns the findings (sorted by tool, path, code) and its token cost."""
    _load_rules()
    settings = settings or LintSettings()
    if catalogue is None:  # not `or`: an empty Catalogue is falsy
        catalogue = default_catalogue()
    counter = counter or get_counter(settings.tokenizer)
    objects = [t for t in tools if isinstance(t, dict)]
    tokens = cost_tools(objects, counter)
    costs = list(tokens.per_tool.values())
    views = [ToolView(i, tool_key(t, i), t, costs[i], fingerprint(t)) for i, t in enumerate(objects)]
    ctx = Context(views, get_profile(settings.profile), settings, tokens)
    findings: list[LintFinding] = []
    try:
        for code in sorted(RULES):
            for hit in RULES[code](ctx):
                findings.append(stamp(catalogue, code, hit.tool, hit.path, hit.message))
    finally:
        clear_walks()
    findings.sort(key=LintFinding.sort_key)
    return findings, tokens


def lint_snapshot(snapshot: Snapshot, settings: LintSettings | None = None, counter: Counter | None = None,
                  *, name: str | None = None, catalogue: Catalogue | None = None) -> LintReport:
    settings = settings or LintSettings()
    findings, tokens = lint_tools(snapshot.tools or [], settings, counter, catalogue)
    return LintReport(source=snapshot.provenance.source, profile=get_profile(settings.profile).name,
                      findings=findings, tokens=tokens, name=name, fail_on=settings.fail_on)
