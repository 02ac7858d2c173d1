"""Client profiles: what each client accepts in a tool definition, as one table of data.

Rules read a profile's facts; no rule branches on a profile's name. The sources for
each fact are collected in docs/lint.md ("Client profiles").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    name: str
    #: Characters a tool name may use (a regex character class body) and its length.
    tool_name_chars: str
    tool_name_max: int
    #: Characters a property name may use; None accepts any character.
    property_name_chars: str | None
    property_name_max: int
    #: The root of inputSchema must be ``type: object`` (MCP-004).
    root_object: bool
    #: Root ``$ref`` / ``allOf`` / ``anyOf`` / ``oneOf`` are resolved by this client (MCP-005).
    root_combinators: bool
    #: The root must carry a ``properties`` object (MCP-006).
    root_properties: bool
    #: The JSON Schema draft the client validates with; None accepts any (MCP-011).
    draft: str | None
    #: The context window, in tokens, that reports give the tool definitions' share of: the
    #: window of the models this client is most often used with, the smallest where they
    #: differ (docs/lint.md, "Client profiles", names the source of each).
    context_window: int
    summary: str
    #: The most tools the client sends in one request; None: no known limit (MCP-033).
    max_tools: int | None = None
    #: The schema subset the client's function calling accepts: ``openai-strict`` (OpenAI's
    #: strict mode, MCP-034), ``gemini`` (Gemini's function declarations, MCP-035) or None.
    schema_subset: str | None = None

    def facts(self) -> tuple[object, ...]:
        """What the checks read of the profile: two profiles with the same facts get the same
        findings of ``PROFILE_CODES`` (the comparison of clients computes them once)."""
        return (self.tool_name_chars, self.tool_name_max, self.property_name_chars, self.property_name_max,
                self.root_object, self.root_combinators, self.root_properties, self.draft, self.max_tools,
                self.schema_subset)

    @property
    def tool_name_re(self) -> re.Pattern[str]:
        return re.compile(f"[{self.tool_name_chars}]{{1,{self.tool_name_max}}}")

    @property
    def property_name_re(self) -> re.Pattern[str] | None:
        if self.property_name_chars is None:
            return None
        return re.compile(f"[{self.property_name_chars}]+")

    def chars_text(self, chars: str | None) -> str:
        return "any character" if chars is None else f"only [{chars}]"

    def can_find(self, code: str) -> bool:
        """Whether ``code`` can find anything under this profile: a profile code whose fact
        this profile lacks is silent whatever the surface (the generic profile accepts any
        draft, so MCP-011 never fires under it). The comparison of clients skips it, and an
        ignore entry for it is not judged stale by a run under this profile (hostile trial,
        round 29): the run cannot tell whether the entry is still needed."""
        needs = _NEEDS.get(code)
        return needs is None or needs(self)


_NAME = "A-Za-z0-9_-"
_DOTTED = "A-Za-z0-9_.-"

#: name, tool name chars, max, property name chars, max, root object, root combinators
#: allowed, root properties, draft, context window, summary, most tools per request, schema
#: subset (docs/lint.md, "Client profiles", gives the source of each).
_TABLE = (
    ("claude", _NAME, 64, _DOTTED, 64, True, False, True, "2020-12", 200_000,
     "Anthropic's Claude API and the apps built on it (the default)."),
    ("openai", _NAME, 64, _NAME, 64, True, False, True, None, 128_000,
     "OpenAI Chat Completions and Responses function tools.", 128, "openai-strict"),
    ("gemini", _NAME, 64, _DOTTED, 64, True, False, True, None, 1_048_576,
     "Google Gemini API and Vertex AI function declarations.", None, "gemini"),
    ("foundry", _NAME, 64, _NAME, 64, True, False, True, None, 128_000,
     "Azure AI Foundry agents (OpenAI rules for the model call).", 128, "openai-strict"),
    ("copilot", _NAME, 64, _DOTTED, 64, True, False, True, None, 128_000,
     "GitHub Copilot in VS Code and the Copilot CLI.", 128, None),
    # No client to measure: the 200,000-token window the contract's budgets were written for.
    ("generic", _NAME, 128, None, 64, True, True, True, None, 200_000,
     "The MCP specification's own limits, for clients not listed."),
)

PROFILES: dict[str, Profile] = {row[0]: Profile(*row) for row in _TABLE}  # type: ignore[arg-type]

#: The lint codes whose findings depend on the profile (its facts above); every other code
#: finds the same under every profile (tests/checks/test_clients.py holds the engine to it).
PROFILE_CODES = frozenset({"MCP-001", "MCP-004", "MCP-005", "MCP-006", "MCP-007", "MCP-011",
                           "MCP-033", "MCP-034", "MCP-035"})
DEFAULT_PROFILE = "claude"
#: The code that checks each schema subset a profile may name (``Profile.schema_subset``).
SUBSET_CODES = {"openai-strict": "MCP-034", "gemini": "MCP-035"}

#: What a profile code needs of the profile before it can find anything (``Profile.can_find``);
#: MCP-001 and MCP-007 read limits every profile has.
_NEEDS: dict[str, Callable[[Profile], bool]] = {
    "MCP-004": lambda profile: profile.root_object,
    "MCP-005": lambda profile: not profile.root_combinators,
    "MCP-006": lambda profile: profile.root_properties,
    "MCP-011": lambda profile: profile.draft is not None,
    "MCP-033": lambda profile: profile.max_tools is not None,
    **{code: (lambda profile, subset=subset: profile.schema_subset == subset) for subset, code in SUBSET_CODES.items()},
}


def get_profile(name: str | None) -> Profile:
    from ..errors import InputError

    key = (name or DEFAULT_PROFILE).strip().lower()
    try:
        return PROFILES[key]
    except KeyError:
        raise InputError(f"unknown profile {name!r} (expected one of: {', '.join(PROFILES)})") from None
