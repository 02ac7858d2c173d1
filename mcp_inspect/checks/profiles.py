"""Client profiles: what each client accepts in a tool definition, as one table of data.

Rules read a profile's facts; no rule branches on a profile's name. The sources for
each fact are collected in docs/lint.md ("Client profiles").
"""

from __future__ import annotations

import re
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


_NAME = "A-Za-z0-9_-"
_DOTTED = "A-Za-z0-9_.-"

#: name, tool name chars, max, property name chars, max, root object, root combinators
#: allowed, root properties, draft, context window, summary.
_TABLE = (
    ("claude", _NAME, 64, _DOTTED, 64, True, False, True, "2020-12", 200_000,
     "Anthropic's Claude API and the apps built on it (the default)."),
    ("openai", _NAME, 64, _NAME, 64, True, False, True, None, 128_000,
     "OpenAI Chat Completions and Responses function tools."),
    ("gemini", _NAME, 64, _DOTTED, 64, True, False, True, None, 1_048_576,
     "Google Gemini API and Vertex AI function declarations."),
    ("foundry", _NAME, 64, _NAME, 64, True, False, True, None, 128_000,
     "Azure AI Foundry agents (OpenAI rules for the model call)."),
    ("copilot", _NAME, 64, _DOTTED, 64, True, False, True, None, 128_000,
     "GitHub Copilot in VS Code and the Copilot CLI."),
    # No client to measure: the 200,000-token window the contract's budgets were written for.
    ("generic", _NAME, 128, None, 64, True, True, True, None, 200_000,
     "The MCP specification's own limits, for clients not listed."),
)

PROFILES: dict[str, Profile] = {row[0]: Profile(*row) for row in _TABLE}
DEFAULT_PROFILE = "claude"


def get_profile(name: str | None) -> Profile:
    from ..errors import InputError

    key = (name or DEFAULT_PROFILE).strip().lower()
    try:
        return PROFILES[key]
    except KeyError:
        raise InputError(f"unknown profile {name!r} (expected one of: {', '.join(PROFILES)})") from None
