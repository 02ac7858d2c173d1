"""Per-tool facts a report carries beside its findings: token cost (and maturity)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The context window a share is reported against when no client profile names one (tokens):
#: the window the contract's budgets were written for. A lint passes its profile's window.
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
            "perTool": dict(sorted(self.per_tool.items())),
            "counter": self.label,
            "counterId": self.counter,
            "exact": self.exact,
            "window": self.window,
            "shareOfWindow": round(self.share, 6),
        }


#: The maturity levels, highest first: a score at or above the bound is at that level.
LEVELS = (("exemplary", 91), ("mature", 71), ("moderate", 41), ("immature", 0))


def maturity_level(score: int) -> str:
    return next(name for name, bound in LEVELS if score >= bound)


@dataclass
class Maturity:
    """A 0–100 score per tool and for the server (docs/lint.md, "Maturity")."""

    score: int
    per_tool: dict[str, int] = field(default_factory=dict)

    @property
    def level(self) -> str:
        return maturity_level(self.score)


@dataclass
class Verdicts:
    """``compliant``: no error backed by the specification; ``valid``: no error at all."""

    compliant: bool
    valid: bool
