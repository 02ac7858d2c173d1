"""Recorded calls replayed against both sides of a diff: the numbers a report shows.

The replay (recording/replay.py) fills a ``CallsSummary`` and each applicable finding's
``calls``; the policy may read them (``calls:`` in the configuration) and renderers only
show them. docs/record.md says what each number counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The sides of a tool a recorded call is checked against.
INPUT, OUTPUT = "input", "output"

#: Rejected calls a summary keeps in memory (the ``--calls-report`` file gets every one).
KEPT_REJECTED = 200


#: The name under which a replay counts the calls of the tools, or clients, past
#: ``limits.MAX_CALLS_NAMES`` distinct names.
OTHER_NAME = "(other)"


@dataclass(slots=True)
class Tally:
    """Recorded values of one tool side (arguments or structuredContent): how many, how many
    the old schema accepted, and how many of those the new one rejects."""

    recorded: int = 0
    accepted_by_old: int = 0
    rejected_by_new: int = 0
    #: Of ``rejected_by_new`` (arguments only), the calls the old server already answered with
    #: an error (``isError`` true, or a JSON-RPC error): the new schema refuses a call that
    #: did not work either, which may be the schema catching up with the server (new-user
    #: trial, round 15: a ``timeout: 0`` the old release failed was counted as a call that
    #: worked). Counted and said, not taken out: the error may have had another cause.
    failed_on_old: int = 0

    def as_json(self) -> dict[str, int]:
        return {"recorded": self.recorded, "rejectedByNew": self.rejected_by_new,
                "acceptedByOld": self.accepted_by_old,
                **({"rejectedFailedOnOld": self.failed_on_old} if self.failed_on_old else {})}


@dataclass(slots=True)
class RejectedCall:
    """One recorded value the old schema accepted and the new one rejects."""

    line: int
    tool: str
    side: str
    client: str
    value: Any
    error: str
    at: str
    #: The old server answered this call with an error (``Tally.failed_on_old``).
    failed_on_old: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "tool": self.tool, "side": self.side, "client": self.client,
                "value": self.value, "error": self.error, "at": self.at,
                **({"failedOnOld": True} if self.failed_on_old else {})}


@dataclass
class CallsSummary:
    """What a replay found, for the whole recording."""

    source: str
    #: Recorded tools/call requests read, and recorded results with structuredContent.
    calls: int = 0
    results: int = 0
    #: By tool name (as recorded), then side.
    tools: dict[str, dict[str, Tally]] = field(default_factory=dict)
    #: By client ("name version", or "unknown"): calls recorded and newly rejected.
    clients: dict[str, Tally] = field(default_factory=dict)
    #: The first KEPT_REJECTED rejected values, in the order they were read.
    rejected: list[RejectedCall] = field(default_factory=list)
    #: Lines that were not JSON or held nothing the reader knows, and the first few of them.
    malformed: int = 0
    malformed_lines: list[int] = field(default_factory=list)
    #: Of ``malformed``, the lines longer than the line limit (``limits.MAX_CALLS_LINE_BYTES``
    #: unless the reader was given another), which were skipped unread.
    lines_too_long: int = 0
    line_limit: int = 0
    #: Calls counted under OTHER_NAME because their tool (on neither surface), or their
    #: client, came after ``limits.MAX_CALLS_NAMES`` distinct names (recording/replay.py).
    folded_tool_calls: int = 0
    folded_client_calls: int = 0
    #: Patterns of the replayed tools' schemas that RE2 cannot run, with why: never applied,
    #: so no value is refused for them (recording/replay.py).
    patterns_not_run: dict[str, str] = field(default_factory=dict)
    #: Recorded values jsonschema failed on (a ``$ref`` that does not resolve, ...): counted
    #: neither accepted nor rejected; and how many for each kind of failure.
    not_judged: int = 0
    not_judged_why: dict[str, int] = field(default_factory=dict)

    @property
    def rejected_total(self) -> int:
        return sum(t.rejected_by_new for sides in self.tools.values() for t in sides.values())

    @property
    def calls_rejected(self) -> int:
        """Recorded tools/call arguments the new surface would newly reject."""
        return sum(sides[INPUT].rejected_by_new for sides in self.tools.values() if INPUT in sides)

    @property
    def calls_rejected_failed_on_old(self) -> int:
        """Of ``calls_rejected``, the calls the old server answered with an error."""
        return sum(sides[INPUT].failed_on_old for sides in self.tools.values() if INPUT in sides)

    def per_tool(self) -> list[tuple[str, int, int]]:
        """``(tool, calls recorded, calls newly rejected)``, by tool name, input side."""
        return [(name, sides[INPUT].recorded, sides[INPUT].rejected_by_new)
                for name, sides in sorted(self.tools.items()) if INPUT in sides]

    def per_client(self) -> list[tuple[str, int, int]]:
        return [(name, tally.recorded, tally.rejected_by_new) for name, tally in sorted(self.clients.items())]

    def as_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "calls": self.calls,
            "results": self.results,
            "rejected": self.calls_rejected,
            **({"rejectedFailedOnOld": self.calls_rejected_failed_on_old}
               if self.calls_rejected_failed_on_old else {}),
            "resultsRejected": self.rejected_total - self.calls_rejected,
            "tools": {name: {side: tally.as_json() for side, tally in sorted(sides.items())}
                      for name, sides in sorted(self.tools.items())},
            "clients": {name: {"recorded": tally.recorded, "rejectedByNew": tally.rejected_by_new}
                        for name, tally in sorted(self.clients.items())},
            "malformedLines": self.malformed,
            **({"linesTooLong": self.lines_too_long} if self.lines_too_long else {}),
            **({"notJudged": self.not_judged} if self.not_judged else {}),
            **({"foldedCalls": {"tools": self.folded_tool_calls, "clients": self.folded_client_calls}}
               if self.folded_tool_calls or self.folded_client_calls else {}),
        }


def property_path(path: str, *schemas: Any) -> tuple[str, ...]:
    """The argument keys a finding's path names: ``inputSchema.properties.a.properties.b.maximum``
    is ``("a", "b")``; it stops at the first step that is not a named property. With the
    ``schemas`` the path is in (the tool's input schemas), a name that holds dots is one key
    (``page.size``; ``schema_steps``)."""
    parts = [path.split(".", 1)[0], *schema_steps(path.split(".", 1)[1], *schemas)] if "." in path else [path]
    out: list[str] = []
    index = 1
    while index + 1 < len(parts) and parts[index] == "properties":
        out.append(parts[index + 1])
        index += 2
    return tuple(out)


def schema_steps(where: str, *roots: Any) -> list[str]:
    """A dotted path in a schema as the schema's own steps: a name that holds dots (the
    property ``a.b``, the pattern ``^x.y$``) is one step wherever one of ``roots`` has such a
    key on the way, the longest first; elsewhere (or with no ``roots``) the path splits at
    every dot. Split blindly, ``properties.a.b`` named the property ``a`` (hostile trials,
    rounds 7 and 8: no witness, and recorded calls counted under another argument)."""
    parts = where.split(".")
    nodes = [root for root in roots if isinstance(root, dict | list)]
    if len(parts) < 2 or not nodes:
        return parts
    out: list[str] = []
    index = 0
    while index < len(parts):
        take = 1
        for length in range(len(parts) - index, 1, -1):  # the longest dotted key first
            key = ".".join(parts[index:index + length])
            if any(isinstance(node, dict) and key in node for node in nodes):
                take = length
                break
        step = ".".join(parts[index:index + take])
        out.append(step)
        index += take
        nodes = [node[step] if isinstance(node, dict) else node[int(step)]
                 for node in nodes if isinstance(node, dict) and step in node
                 or isinstance(node, list) and step.isdigit() and int(step) < len(node)]
        nodes = [node for node in nodes if isinstance(node, dict | list)]
    return out
