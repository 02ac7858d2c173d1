"""Where checks register: a check is a small function, filed under its code.

A *tool rule* looks at one tool definition, a *surface rule* at the whole tool list; both
yield ``Hit``s, which state facts (a path, named arguments, which of the rule's messages
applies) and never words: the catalogue entry of the code holds the message templates,
the severity and the advice. The engine refuses a code the catalogue does not declare.
A tool rule may add a *list step*, which sees its hits on every tool and may merge them
(MCP-022 reports a URL fetcher's URL parameters once per tool).

Rule modules live in ``checks/rules/``; the engine imports every module there, so adding a
check is its function and its catalogue entry, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..findings.severity import Level
from .profiles import Profile
from .settings import LintSettings
from .tokens import TokenReport, definition_text
from .walk import Node, Property, Where, nodes, properties, prose


@dataclass(frozen=True)
class Hit:
    """One fact a check found: where, the named arguments its message is written from, and
    which of the rule's messages says it (``variant``)."""

    path: str
    args: dict[str, Any] = field(default_factory=dict)
    variant: str = "default"
    #: A severity for this finding other than the rule's default, where the rule's table
    #: says so (SEC-009's root note, BP-010's escalations).
    severity: Level | None = None
    #: Surface rules: the position of the tool the finding is about, its ``ToolView.index``
    #: (None: the whole list).
    tool: int | None = None
    #: What backs this finding when it is not what backs the rule (MCP-001: a missing name
    #: breaks the specification, a long one only a client's limit).
    provenance: str | None = None


@dataclass(eq=False)
class ToolView:
    """One tool definition as the rules read it; walks and texts are made once, on first use."""

    index: int
    name: str  # the name as reported (``tools[3]`` when the name is not a string)
    raw: dict[str, Any]
    tokens: int = 0
    #: The exact raw value's digest (snapshot.identity): equal definitions lint alike.
    digest: bytes = b""

    @property
    def schema(self) -> dict[str, Any] | None:
        """``inputSchema`` when it is an object, else None (MCP-003 reports that)."""
        value = self.raw.get("inputSchema")
        return value if isinstance(value, dict) else None

    # Made on first use and kept (plain properties: functools.cached_property takes a lock
    # on every first use in Python 3.11, which cost more than some of the rules).
    _walked: dict[str, list[Node]] | None = field(default=None, repr=False)
    _properties: list[Property] | None = field(default=None, repr=False)
    _prose: list[tuple[Where, str]] | None = field(default=None, repr=False)
    _definition: str | None = field(default=None, repr=False)
    _shared: dict[str, Any] | None = field(default=None, repr=False)

    def shared(self, key: str, make: Callable[[ToolView], Any]) -> Any:
        """``make(self)``, computed once per definition and run and shared by every check that
        asks for ``key``: one pass builds what the checks read (parameters, tokens, texts).
        A lint shares these values between equal definitions (the engine's ``Memo.readings``:
        both sides of a diff), so ``make`` reads the definition (``raw``) and the run's
        settings alone, never the view's position or reported name."""
        if self._shared is None:
            self._shared = {}
        if key not in self._shared:
            self._shared[key] = make(self)
        return self._shared[key]

    @property
    def walked(self) -> dict[str, list[Node]]:
        """The schema nodes of ``inputSchema`` and ``outputSchema``, by root key."""
        if self._walked is None:
            self._walked = {key: nodes(self.raw.get(key), key) for key in ("inputSchema", "outputSchema")}
        return self._walked

    @property
    def input_properties(self) -> list[Property]:
        """Every property in ``inputSchema``, at any depth."""
        if self._properties is None:
            self._properties = properties(self.walked["inputSchema"])
        return self._properties

    @property
    def prose(self) -> list[tuple[Where, str]]:
        """``(where, text)`` of every piece of text a model reads as prose (``walk.where_path``)."""
        if self._prose is None:
            self._prose = prose(self.raw, self.walked)
        return self._prose

    @property
    def definition(self) -> str:
        """The definition as a client sends it (what its token cost is counted on)."""
        if self._definition is None:
            self._definition = definition_text(self.raw)
        return self._definition


@dataclass
class Context:
    """What every check may read beside the definition: the whole list, the client profile,
    the settings (``settings.spec_version`` is the MCP revision judged by), the token cost,
    and each code's data from the catalogue (word lists, thresholds)."""

    tools: list[ToolView]
    profile: Profile
    settings: LintSettings
    tokens: TokenReport
    #: Catalogue data by code (``data``), filled by the engine.
    rule_data: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Codes that run in their narrower reading (selection.Selection.narrowed), filled by the engine.
    narrowed: frozenset[str] = frozenset()
    _words: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict, repr=False)

    def narrow(self, code: str) -> bool:
        """Whether ``code`` reads narrowly: ``recommended`` alone selected it (docs/lint.md,
        "The recommended set"); under ``--select ALL`` or its own code, the contract's reading."""
        return code in self.narrowed

    def data(self, code: str) -> Mapping[str, Any]:
        return self.rule_data.get(code, {})

    def words(self, code: str, key: str) -> frozenset[str]:
        """A word list of a code's catalogue data, lower-cased, as a set (made once per run)."""
        found = self._words.get((code, key))
        if found is None:
            found = self._words[code, key] = frozenset(str(w).lower() for w in self.data(code).get(key, ()))
        return found


SurfaceRule = Callable[[Context], Iterable[Hit]]
ToolRule = Callable[[ToolView, Context], Iterable[Hit]]
#: A tool rule's second look: its hits on every tool of the list (``hits[i]`` for
#: ``ctx.tools[i]``), returned as they are or merged. The hits of one definition are
#: remembered by content, and what the list as a whole says of them is decided here.
ListStep = Callable[[Context, list[list[Hit]]], list[list[Hit]]]

#: Rules by code: the engine runs every tool rule on each tool, then every surface rule.
TOOL_RULES: dict[str, ToolRule] = {}
SURFACE_RULES: dict[str, SurfaceRule] = {}
#: List steps by the code of the tool rule whose hits they read.
LIST_STEPS: dict[str, ListStep] = {}

@dataclass(frozen=True)
class Links:
    """What a surface rule's hits on one tool depend on, for a diff's old side (engine.Reuse).

    ``of(view, ctx)`` gives a tool's links (made from its definition alone). The promise:
    the rule's hits each name a tool, and its hits on a tool are the same whenever it runs on
    a sub-list that keeps, in list order and each with its own position, that tool and every
    tool sharing a link with it.
    ``positional``: the hits' facts name positions (``tools[3]``), which move when a tool
    before them is added or removed. ``reading(view, ctx)``, when given, is everything the
    rule reads of one definition (compared with ``==``; the links are made from it): a tool
    whose definition changed but whose reading did not, under the same name, is to the rule
    a tool that did not change."""

    of: Callable[[ToolView, Context], Iterable[Any]]
    positional: bool = False
    reading: Callable[[ToolView, Context], Any] | None = None


#: Links by the code of the surface rule they are for.
LINKS: dict[str, Links] = {}

#: Every registered code, whichever its kind.
RULES: dict[str, ToolRule | SurfaceRule] = {}


def _register(code: str, fn: Any, table: dict[str, Any]) -> None:
    if code in RULES:
        raise ValueError(f"lint code {code} is registered twice")
    RULES[code] = table[code] = fn


def surface_rule(code: str) -> Callable[[SurfaceRule], SurfaceRule]:
    def register(fn: SurfaceRule) -> SurfaceRule:
        _register(code, fn, SURFACE_RULES)
        return fn

    return register


def tool_rule(code: str) -> Callable[[ToolRule], ToolRule]:
    def register(fn: ToolRule) -> ToolRule:
        _register(code, fn, TOOL_RULES)
        return fn

    return register


def list_step(code: str) -> Callable[[ListStep], ListStep]:
    """Register the list step of the tool rule ``code`` (at most one per code)."""
    def register(fn: ListStep) -> ListStep:
        if code in LIST_STEPS:
            raise ValueError(f"lint code {code} has two list steps")
        LIST_STEPS[code] = fn
        return fn

    return register


LinksOf = Callable[[ToolView, Context], Iterable[Any]]


def surface_links(code: str, positional: bool = False, reading: Callable[[ToolView, Context], Any] | None = None,
                  ) -> Callable[[LinksOf], LinksOf]:
    """Register the links of the surface rule ``code`` (``Links``)."""
    def register(fn: LinksOf) -> LinksOf:
        if code in LINKS:
            raise ValueError(f"lint code {code} has two sets of links")
        LINKS[code] = Links(fn, positional, reading)
        return fn

    return register
