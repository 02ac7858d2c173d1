"""The codes that depend on the client profile (``profiles.PROFILE_CODES``) run for every
profile, so that a diff can say which clients a change costs (policy.judge_clients).

Every other code finds the same under every profile, so the one lint a diff runs serves
them all. Of the profile codes, only those that can be errors run (a verdict counts errors
alone: MCP-007 and MCP-011, a warning and an info, cannot move one unless configured to be
errors), and each runs once per value of the profile facts it reads (``READS``): MCP-004
reads ``root_object``, the same in all six profiles, so it runs once for all of them. A
definition's hits are kept by content (``ClientMemo``), so the old side's definitions that
the new side holds unchanged are not checked again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..catalogue import default_catalogue
from ..findings.finding import Finding
from ..findings.severity import Level
from ..model import Entity, EntityKind
from ..snapshot.identity import Digests
from .engine import Memo, finding_of, load_rules, selection_of, tool_objects
from .profiles import PROFILE_CODES, PROFILES, Profile
from .registry import SURFACE_RULES, TOOL_RULES, Context, Hit, ToolView
from .settings import LintSettings
from .tokens import Counter, token_report

#: The profile facts each profile code reads: profiles that agree on them get the same hits.
READS: dict[str, tuple[str, ...]] = {
    "MCP-001": ("tool_name_chars", "tool_name_max"),
    "MCP-004": ("root_object",),
    "MCP-005": ("root_combinators",),
    "MCP-006": ("root_properties",),
    "MCP-007": ("property_name_chars", "property_name_max"),
    "MCP-011": ("draft",),
    "MCP-033": ("max_tools",),
    "MCP-034": ("schema_subset",),
    "MCP-035": ("schema_subset",),
}


@dataclass
class ClientMemo:
    """One diff's hits of the profile codes by (code, facts, definition digest, name)."""

    hits: dict[tuple[Any, ...], tuple[Hit, ...]] = field(default_factory=dict)


def _groups(code: str) -> dict[tuple[Any, ...], list[str]]:
    """The profiles by the values of the facts ``code`` reads, in profile order."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for name, profile in PROFILES.items():
        groups.setdefault(tuple(getattr(profile, fact) for fact in READS[code]), []).append(name)
    return groups


def _named(hit: Hit, profile: str) -> Hit:
    """``hit`` as ``profile``'s: a message that names a profile names this one."""
    return replace(hit, args={**hit.args, "profile": profile}) if "profile" in hit.args else hit


def _views(objects: list[dict[str, Any]], counter: Counter, digests: Digests, memo: Memo) -> list[ToolView]:
    from .engine import _views as engine_views

    views = engine_views(objects, counter, digests, memo)
    for view in views:  # what the lint's rules read of a definition, shared by content
        view._shared = memo.readings.setdefault(view.digest, {})
    return views


def client_findings(tools: list[Any], settings: LintSettings, counter: Counter, digests: Digests,
                    memo: Memo, clients: ClientMemo | None = None) -> dict[str, list[Finding]]:
    """The findings of ``PROFILE_CODES`` on ``tools`` that can be errors, under each profile,
    by profile name."""
    load_rules()
    catalogue = default_catalogue()
    clients = clients if clients is not None else ClientMemo()
    selection = selection_of(replace(settings, select=tuple(sorted(PROFILE_CODES)), rules=settings.rules),
                             catalogue)
    codes = sorted(code for code in selection.codes
                   if selection.explicit.get(code, catalogue.lint[code].severity) is Level.ERROR)
    views = _views(tool_objects(tools), counter, digests, memo)
    tokens = token_report(((view.name, view.tokens) for view in views), counter)
    data = {code: catalogue.lint[code].data for code in codes if catalogue.lint[code].data}
    out: dict[str, list[Finding]] = {name: [] for name in PROFILES}

    def context(profile: Profile) -> Context:
        return Context(views, profile, replace(settings, profile=profile.name), tokens, data, selection.narrowed)

    for code in codes:
        rule = catalogue.lint_rule(code)
        for facts, names in _groups(code).items():
            ctx = context(PROFILES[names[0]])
            if code in TOOL_RULES:
                check: Callable[[ToolView, Context], Any] = TOOL_RULES[code]
                for view in views:
                    key = (code, facts, view.digest, view.name)
                    hits = clients.hits.get(key)
                    if hits is None:
                        hits = clients.hits[key] = tuple(check(view, ctx))
                    for hit in hits:
                        for name in names:
                            out[name].append(finding_of(rule, _named(hit, name), Entity(EntityKind.TOOL, view.name),
                                                        view.index))
            elif code in SURFACE_RULES:
                for hit in SURFACE_RULES[code](ctx):
                    tool = None if hit.tool is None else views[hit.tool]
                    entity = Entity(EntityKind.SERVER, "") if tool is None else Entity(EntityKind.TOOL, tool.name)
                    for name in names:
                        out[name].append(finding_of(rule, _named(hit, name), entity,
                                                    None if tool is None else tool.index))
    for findings in out.values():  # in the lint's order, whatever the order of the tool list
        findings.sort(key=Finding.sort_key)
    return out
