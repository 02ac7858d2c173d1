"""Where lint rules register: a rule is a small function, filed under its code.

A *tool rule* looks at one tool definition and yields ``(path, message)``; a *surface
rule* looks at the whole tool list and yields ``Hit``s. The engine gives every hit
its level and advice from the catalogue, and refuses a code the catalogue does not
declare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .profiles import Profile
from .settings import LintSettings
from .tokens import TokenReport


@dataclass(frozen=True)
class Hit:
    path: str
    message: str
    tool: str | None = None  # None: about the tool list as a whole


@dataclass(frozen=True)
class ToolView:
    index: int
    name: str  # the name as reported (``tools[3]`` when the name is not a string)
    raw: dict[str, Any]
    tokens: int = 0
    #: Hash of the definition's exact JSON: equal definitions lint alike (see ``tool_rule``).
    fingerprint: str = ""

    @property
    def schema(self) -> dict[str, Any] | None:
        """``inputSchema`` when it is an object, else None (MCP-003 reports that)."""
        value = self.raw.get("inputSchema")
        return value if isinstance(value, dict) else None


@dataclass
class Context:
    tools: list[ToolView]
    profile: Profile
    settings: LintSettings
    tokens: TokenReport
    extra: dict[str, Any] = field(default_factory=dict)


SurfaceRule = Callable[[Context], Iterable[Hit]]
ToolRule = Callable[[ToolView, Context], Iterable[tuple[str, str]]]

RULES: dict[str, SurfaceRule] = {}


def surface_rule(code: str) -> Callable[[SurfaceRule], SurfaceRule]:
    def register(fn: SurfaceRule) -> SurfaceRule:
        if code in RULES:
            raise ValueError(f"lint code {code} is registered twice")
        RULES[code] = fn
        return fn

    return register


#: A tool rule's results by (code, definition, name, cost, profile, settings). ``diff`` lints
#: both sides, and a definition the change did not touch is linted once, not twice.
_TOOL_MEMO: dict[tuple[Any, ...], tuple[tuple[str, str], ...]] = {}
_TOOL_MEMO_LIMIT = 200_000


def tool_rule(code: str) -> Callable[[ToolRule], ToolRule]:
    def register(fn: ToolRule) -> ToolRule:
        def per_tool(ctx: Context) -> Iterator[Hit]:
            settings = repr(ctx.settings)
            for tool in ctx.tools:
                key = (code, tool.fingerprint, tool.name, tool.tokens, ctx.profile.name, settings)
                hits = _TOOL_MEMO.get(key) if tool.fingerprint else None
                if hits is None:
                    hits = tuple(fn(tool, ctx))
                    if tool.fingerprint:
                        if len(_TOOL_MEMO) >= _TOOL_MEMO_LIMIT:
                            _TOOL_MEMO.clear()
                        _TOOL_MEMO[key] = hits
                for path, message in hits:
                    yield Hit(path, message, tool.name)

        surface_rule(code)(per_tool)
        return fn

    return register
