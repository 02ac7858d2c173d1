"""What a model said about a report's tools or changes: advice beside the findings, never one.

The optional model review (``--llm``, docs/llm.md) asks a language model two questions:
how clear a tool's definition is (``lint``), and whether a changed description would move
which requests reach the tool or what a model sends it (``diff``). Its answers are held
here, on the report (``Report.llm``), apart from everything the policy and the gate read:
no severity, verdict, maturity score or exit code is computed from them, and every format
writes them after its static parts, marked as a model's opinion.

Every string in an opinion was written by a model that read untrusted text; the renderers
escape it like any other untrusted input.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ToolOpinion:
    """A model's reading of one tool definition."""

    #: 0 (a model could not tell when or how to call the tool) to 100 (nothing to add).
    clarity: int
    ambiguities: tuple[str, ...] = ()
    #: Places where the description and the schema disagree.
    conflicts: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChangeOpinion:
    """A model's reading of one changed description."""

    #: Would a model now send the tool other requests than before (or stop sending some)?
    routing_change: bool
    #: Would a model now send other arguments?
    argument_change: bool
    why: str


@dataclass(frozen=True)
class ToolReview:
    """One tool's answer: the opinion, or why there is none."""

    opinion: ToolOpinion | None = None
    error: str | None = None


@dataclass(frozen=True)
class ChangeReview:
    """One change's answer: the opinion, or why there is none."""

    opinion: ChangeOpinion | None = None
    error: str | None = None


@dataclass
class ModelReview:
    """The model review of one report: who answered, and what, by tool or by change."""

    provider: str
    model: str
    #: The version of the fixed prompts the answers were asked with (llm/prompts.py).
    prompt_version: str
    #: A failure of the whole review (no API key, the provider unreachable): no answers.
    error: str | None = None
    #: A lint's answers, by the tool's key in the report (``Side.tool_keys``).
    tools: dict[str, ToolReview] = field(default_factory=dict)
    #: A diff's answers, by the id of the change finding they speak of (``Finding.id``).
    changes: dict[str, ChangeReview] = field(default_factory=dict)
