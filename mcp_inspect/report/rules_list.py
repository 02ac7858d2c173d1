"""``mcp-inspect rules`` and ``mcp-inspect explain``: the catalogue for a reader."""

from __future__ import annotations

import difflib
import json
import textwrap

from ..catalogue import Catalogue, Rule


def rule_to_json(rule: Rule) -> dict:
    return {
        "id": rule.id,
        "severity": rule.severity.name,
        "graded": rule.graded,
        "entity": rule.entity,
        "direction": rule.direction,
        "aspect": rule.aspect,
        "action": rule.action,
        "status": rule.status,
        "since": rule.since,
        "origin": rule.origin,
        "summary": rule.summary,
        "advice": rule.advice,
    }


def render_rules_json(catalogue: Catalogue) -> str:
    return json.dumps({"rules": [rule_to_json(r) for r in catalogue]}, indent=2) + "\n"


def render_rules_text(catalogue: Catalogue) -> str:
    rules = list(catalogue)
    width = max(len(r.id) for r in rules)
    severity_width = max(len(r.severity_label) for r in rules)
    lines = [f"{r.id:<{width}}  {r.severity_label:<{severity_width}}  {r.summary}" for r in rules]
    lines.append(f"\n{len(rules)} rules. `mcp-inspect explain RULE` tells more about one.")
    return "\n".join(lines) + "\n"


def suggest_rule(catalogue: Catalogue, rule_id: str) -> str:
    close = difflib.get_close_matches(rule_id, [r.id for r in catalogue], n=1)
    return f"; did you mean {close[0]!r}?" if close else "; `mcp-inspect rules` lists them all"


def render_explanation(rule: Rule) -> str:
    wrap = lambda text: textwrap.fill(text, width=88)  # noqa: E731
    out = [
        rule.id,
        "",
        f"Severity: {rule.severity_label}",
        f"Applies to: {rule.entity}" + (f" ({rule.direction} schema)" if rule.direction != "none" else ""),
        "",
        wrap(rule.summary),
        "",
        wrap(rule.advice),
    ]
    if rule.also:
        out += ["", "Reported together with: " + ", ".join(rule.also)]
    if rule.example:
        for side in ("before", "after"):
            out += ["", f"Example, {side}:", textwrap.indent(json.dumps(rule.example[side], indent=2), "  ")]
    return "\n".join(out) + "\n"
