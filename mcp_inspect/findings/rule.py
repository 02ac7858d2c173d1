"""One rule of the catalogue, whichever engine reports it.

A *change* rule (``tool.input.required.added``) is reported by the classification of two
surfaces; a *check* (``MCP-020``, ``SEC-001``) by the lint of one. Both carry the same
metadata, read from ``rules/*.yaml`` by catalogue.py, and both write their own words: a
finding holds facts (named arguments), and its rule's template for that kind of fact
turns them into the message (``message``).

Words several rules share live once, in the catalogue's phrases (rules/phrases.yaml),
which every rule holds: a template names a phrase group as a format (``{reason:prose}``),
and the argument ``notes`` lists phrases of the ``notes`` group that follow the sentence,
each in parentheses (the schema walker's "inside 'not'" and "not orderable" remarks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .severity import Level, Severity
from .words import Phrases, fill

#: The MCP revisions a check can be asked to judge by (``--spec-version``).
REVISIONS = ("2025-11-25", "2026-07-28")
#: What backs a check's findings (docs/lint.md): the specification, an in-house policy, a
#: guess from names or prose, or what a client profile refuses. Change rules are backed by
#: the classification contract.
PROVENANCES = ("specification", "governance", "heuristic", "client", "contract")


@dataclass(frozen=True)
class Rule:
    id: str
    #: ``change`` (classification of two sides) or ``check`` (lint of one side).
    kind: str
    #: Checks: the code's family (``MCP``, ``SCH``, ...). Changes: the rule group
    #: (``tool.input``, ``server``, ...), as docs/rules.md groups them.
    family: str
    severity: Severity | Level
    provenance: str
    #: Checks: ``schema``, ``naming``, ``security``, ``llm-compatibility`` or
    #: ``best-practice``. Changes: the aspect of the entity (``constraints``, ``prose``, ...).
    category: str
    summary: str
    advice: str
    status: str
    since: str
    origin: str
    #: The kind of entity the rule speaks of (``tool``, ``server``, ``resource``, ...).
    applies_to: str
    #: Message templates by variant (words.fill); a rule without one says its summary.
    messages: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    #: The catalogue's shared phrases, by group then key (one mapping for every rule).
    phrases: Phrases = field(default_factory=dict, compare=False, hash=False, repr=False)
    example: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    #: Data a check reads (word lists, thresholds), kept in the catalogue rather than in code.
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # Change rules only.
    graded: bool = False  # prose: DOCUMENTATION or POTENTIALLY_BREAKING by the prose measure
    direction: str = "none"
    aspect: str = ""
    action: str = ""
    also: tuple[str, ...] = ()
    #: Advice for the findings of one message variant that the rule's own advice would
    #: misstate (a non-standard annotation key is no safety hint), by variant.
    variant_advice: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    # Checks only.
    profile: str = "claude"  # the client profile its examples run under
    revisions: tuple[str, ...] = REVISIONS
    #: Severities single findings of this check may take instead of the default (SEC-009's
    #: root note, BP-010's escalations): listed so that the docs say so.
    varies: tuple[str, ...] = ()
    #: In the ``recommended`` selection, the default one (docs/lint.md, "The recommended set";
    #: bench/lint_precision.py measures what decides it).
    recommended: bool = False

    @property
    def is_check(self) -> bool:
        return self.kind == "check"

    @property
    def level(self) -> str:
        """A check's default severity as its word (``error``); a change's name."""
        return self.severity.label

    @property
    def severity_label(self) -> str:
        if self.graded:
            return "DOCUMENTATION or POTENTIALLY_BREAKING"
        return self.severity.label

    def advice_for(self, variant: str) -> str:
        """The advice for a finding worded by ``variant``: its own, else the rule's."""
        return self.variant_advice.get(variant, self.advice)

    def message(self, variant: str, args: Mapping[str, Any]) -> str:
        """The sentence for ``variant`` filled with ``args``, then each of ``args["notes"]``.

        KeyError for a variant the rule has no template for, or an argument or phrase the
        template needs and the facts lack; a rule with no templates at all says its summary.
        """
        template = self.messages.get(variant)
        if template is None:
            if self.messages:
                raise KeyError(f"rule {self.id} has no message {variant!r}")
            return self.summary
        text = fill(template, args, self.phrases)
        for note in args.get("notes", ()):
            text += f" ({fill(self.phrases['notes'][note], args, self.phrases)})"
        return text
