"""The codes that depend on the client profile (``profiles.PROFILE_CODES``) run for every
profile, so that a diff can say which clients a change costs (policy.judge_clients).

Every other code finds the same under every profile, so the one lint a diff runs serves
them all; and profiles whose facts are the same (openai and foundry) share one run. A run
reads the definitions through the diff's own digests and memo: the views, token costs and
schema walks are not made again, and a definition the two sides share is checked once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..findings.finding import Finding
from ..snapshot.identity import Digests
from .engine import Memo, lint_tools
from .profiles import PROFILE_CODES, PROFILES
from .settings import LintSettings
from .tokens import Counter


def client_findings(tools: list[Any], settings: LintSettings, counter: Counter, digests: Digests,
                    memo: Memo) -> dict[str, list[Finding]]:
    """The findings of ``PROFILE_CODES`` on ``tools`` under each profile, by profile name
    (profiles with the same facts hold the same list)."""
    codes = tuple(sorted(PROFILE_CODES))
    by_facts: dict[tuple[object, ...], list[Finding]] = {}
    out = {}
    for name, profile in PROFILES.items():
        facts = profile.facts()
        if facts not in by_facts:
            run = replace(settings, profile=name, select=codes, rules=(), rule_lines=())
            by_facts[facts] = lint_tools(tools, run, counter, digests=digests, memo=memo)[0]
        out[name] = by_facts[facts]
    return out
