"""The codes that depend on the client profile (``profiles.PROFILE_CODES``) run for every
profile, so that a diff can say which clients a change costs (policy.judge_clients).

Every other code finds the same under every profile, so the one lint a diff runs serves
them all. Of the profile codes, only those that can be errors run (a verdict counts errors
alone: MCP-007 and MCP-011, a warning and an info, cannot move one unless configured to be
errors), and each definition is checked once per value of the profile facts a code reads
(``READS``): MCP-004 reads ``root_object``, the same in all six profiles, so it checks a
definition once for all of them. A client's own code (MCP-033…035) runs only for the
profiles that have its fact, and a profile's findings are made only when a verdict needs
them (``ClientFindings``). A
definition's hits are kept by content (``ClientMemo``), so the old side's definitions that
the new side holds unchanged are not checked again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
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


def _named(hit: Hit, profile: str) -> Hit:
    """``hit`` as ``profile``'s: a message that names a profile names this one."""
    return replace(hit, args={**hit.args, "profile": profile}) if "profile" in hit.args else hit


def _views(objects: list[dict[str, Any]], counter: Counter, digests: Digests, memo: Memo) -> list[ToolView]:
    from .engine import _views as engine_views

    views = engine_views(objects, counter, digests, memo)
    for view in views:  # what the lint's rules read of a definition, shared by content
        view._shared = memo.readings.setdefault(view.digest, {})
    return views


class ClientFindings(Mapping[str, list[Finding]]):
    """The findings of ``PROFILE_CODES`` that can be errors on one side's ``tools``, by profile
    name, each profile's made when it is first asked for: a verdict reads a side's own only
    when the codes every profile shares leave that side compatible (policy.judge_clients), and
    then only up to the first that blocks (``each``), so a side those already fail costs
    nothing more. ``clients`` holds the hits by content, one
    memo for both sides of a diff."""

    def __init__(self, tools: list[Any], settings: LintSettings, counter: Counter, digests: Digests,
                 memo: Memo, clients: ClientMemo | None = None) -> None:
        self._tools, self._settings, self._counter, self._digests, self._memo = tools, settings, counter, digests, memo
        self._clients = clients if clients is not None else ClientMemo()
        self._found: dict[str, list[Finding]] = {}
        self._read: list[ToolView] | None = None

    def __iter__(self) -> Iterator[str]:
        return iter(PROFILES)

    def __len__(self) -> int:
        return len(PROFILES)

    def __getitem__(self, name: str) -> list[Finding]:
        if name not in PROFILES:
            raise KeyError(name)
        if name not in self._found:
            found = list(self._make(PROFILES[name]))
            found.sort(key=Finding.sort_key)  # in the lint's order, whatever the order of the tool list
            self._found[name] = found
        return self._found[name]

    def each(self, name: str) -> Iterator[Finding]:
        """``self[name]`` as it is made, in no order: a reader that stops at the first finding
        it looks for (a verdict: the first that blocks) leaves the rest unmade."""
        if name in self._found:
            return iter(self._found[name])
        if name not in PROFILES:
            raise KeyError(name)
        return self._make(PROFILES[name])

    def _make(self, profile: Profile) -> Iterator[Finding]:
        load_rules()
        catalogue = default_catalogue()
        settings = self._settings
        selection = selection_of(replace(settings, select=tuple(sorted(PROFILE_CODES)), rules=settings.rules),
                                 catalogue)
        codes = sorted(code for code in selection.codes
                       if selection.explicit.get(code, catalogue.lint[code].severity) is Level.ERROR
                       and profile.can_find(code))
        if self._read is None:
            self._read = _views(tool_objects(self._tools), self._counter, self._digests, self._memo)
        views = self._read
        tokens = token_report(((view.name, view.tokens) for view in views), self._counter)
        data = {code: catalogue.lint[code].data for code in codes if catalogue.lint[code].data}
        ctx = Context(views, profile, replace(settings, profile=profile.name), tokens, data, selection.narrowed)
        for code in codes:
            rule = catalogue.lint_rule(code)
            facts = tuple(getattr(profile, fact) for fact in READS[code])
            if code in TOOL_RULES:
                check: Callable[[ToolView, Context], Any] = TOOL_RULES[code]
                for view in views:
                    key = (code, facts, view.digest, view.name)
                    hits = self._clients.hits.get(key)
                    if hits is None:
                        hits = self._clients.hits[key] = tuple(check(view, ctx))
                    for hit in hits:
                        yield finding_of(rule, _named(hit, profile.name), Entity(EntityKind.TOOL, view.name),
                                         view.index)
            elif code in SURFACE_RULES:
                for hit in SURFACE_RULES[code](ctx):
                    tool = None if hit.tool is None else views[hit.tool]
                    entity = Entity(EntityKind.SERVER, "") if tool is None else Entity(EntityKind.TOOL, tool.name)
                    yield finding_of(rule, _named(hit, profile.name), entity, None if tool is None else tool.index)
