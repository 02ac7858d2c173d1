"""Per-tool facts a report carries beside its findings: token cost (and maturity)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The context window the share is reported against (tokens).
WINDOW = 200_000


@dataclass
class TokenReport:
    """Per-tool and total token cost of one tool list."""

    counter: str
    label: str
    exact: bool
    per_tool: dict[str, int] = field(default_factory=dict)
    total: int = 0
    window: int = WINDOW

    @property
    def share(self) -> float:
        return self.total / self.window

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "perTool": dict(self.per_tool),
            "counter": self.label,
            "counterId": self.counter,
            "exact": self.exact,
            "window": self.window,
            "shareOfWindow": round(self.share, 6),
        }
