"""``mcp-inspect rules`` and ``mcp-inspect explain``: the catalogue for a reader."""

from __future__ import annotations

import difflib
import json
import textwrap

from ..catalogue import Catalogue, describe_example, example_surface
from ..findings.rule import Rule


def rule_to_json(rule: Rule) -> dict:
    return {
        "id": rule.id,
        "severity": rule.severity.label,
        "graded": rule.graded,
        "entity": rule.applies_to,
        "direction": rule.direction,
        "aspect": rule.aspect,
        "action": rule.action,
        "status": rule.status,
        "since": rule.since,
        "origin": rule.origin,
        "summary": rule.summary,
        "advice": rule.advice,
    }


def lint_rule_to_json(rule: Rule) -> dict:
    return {
        "id": rule.id,
        "kind": "lint",
        "family": rule.family,
        "severity": rule.level,
        "varies": list(rule.varies),
        "category": rule.category,
        "provenance": rule.provenance,
        "recommended": rule.recommended,
        "revisions": list(rule.revisions),
        "status": rule.status,
        "since": rule.since,
        "origin": rule.origin,
        "summary": rule.summary,
        "advice": rule.advice,
    }


def render_rules_json(catalogue: Catalogue) -> str:
    """``rules``: the diff rules; ``lint``: the lint codes (MCP-0xx)."""
    return json.dumps({"rules": [rule_to_json(r) for r in catalogue],
                       "lint": [lint_rule_to_json(r) for r in catalogue.lint_rules()]}, indent=2) + "\n"


def render_rules_text(catalogue: Catalogue) -> str:
    rules = list(catalogue)
    width = max(len(r.id) for r in rules)
    severity_width = max(len(r.severity_label) for r in rules)
    lines = [f"{r.id:<{width}}  {r.severity_label:<{severity_width}}  {r.summary}" for r in rules]
    codes = catalogue.lint_rules()
    if codes:
        lines += ["", "Lint codes (mcp-inspect lint, and both sides of a diff): default severity, category, "
                  "provenance; * runs for MCP 2026-07-28 only; ★ is in the default selection, recommended "
                  "(--select ALL runs every code).", ""]
        columns = [(r.id + ("*" if len(r.revisions) == 1 else ""), "★" if r.recommended else "", r.level,
                    r.category, r.provenance) for r in codes]
        widths = [max(len(c[i]) for c in columns) for i in range(5)]
        lines += [f"{a:<{widths[0]}} {m:<{widths[1]}}  {b:<{widths[2]}}  {c:<{widths[3]}}  {d:<{widths[4]}}  "
                  f"{r.summary}" for (a, m, b, c, d), r in zip(columns, codes, strict=True)]
        chosen = sum(1 for r in codes if r.recommended)
        lines.append(f"\n{chosen} of the {len(codes)} lint codes are recommended (docs/lint.md, "
                     "\"The recommended set\").")
    lines.append(f"\n{len(rules)} rules and {len(codes)} lint codes. "
                 "`mcp-inspect explain RULE` tells more about one.")
    return "\n".join(lines) + "\n"


def suggest_rule(catalogue: Catalogue, rule_id: str) -> str:
    # The same id in other letter case first: difflib weighs 'sec-001' nearer to 'BP-001'
    # than to 'SEC-001', whose letters all differ from it.
    folded = rule_id.casefold()
    close = [known for known in catalogue.ids() if known.casefold() == folded] \
        or difflib.get_close_matches(rule_id, catalogue.ids(), n=1)
    return f"; did you mean {close[0]!r}?" if close else "; `mcp-inspect rules` lists them all"


def render_explanation(rule: Rule) -> str:
    wrap = lambda text: textwrap.fill(text, width=88)  # noqa: E731
    if rule.is_check:
        return _explain_lint(rule)
    out = [
        rule.id,
        "",
        f"Severity: {rule.severity_label}",
        f"Applies to: {rule.applies_to}" + (f" ({rule.direction} schema)" if rule.direction != "none" else ""),
        "",
        wrap(rule.summary),
        "",
        wrap(rule.advice),
    ]
    for variant, text in sorted(rule.variant_advice.items()):
        out += ["", wrap(f"For findings worded {variant}: {text}")]
    if rule.also:
        out += ["", "Reported together with: " + ", ".join(rule.also)]
    if rule.example:
        for side in ("before", "after"):
            out += ["", f"Example, {side}:", textwrap.indent(json.dumps(rule.example[side], indent=2), "  ")]
    return "\n".join(out) + "\n"


def _explain_lint(rule: Rule) -> str:
    def wrap(text: str) -> str:
        return textwrap.fill(text, width=88, break_on_hyphens=False)

    varies = f" (single findings: {', '.join(rule.varies)})" if rule.varies else ""
    out = [rule.id, "", f"Severity: {rule.level}{varies}", f"Applies to: tool definitions ({rule.category})",
           f"Provenance: {rule.provenance}", f"MCP revisions: {', '.join(rule.revisions)}",
           "Recommended: yes, in the default selection" if rule.recommended
           else "Recommended: no; runs with --select ALL, its family or its code", "",
           wrap(rule.summary), "", wrap(rule.advice)]
    for side, label in (("bad", "fires"), ("good", "passes")):
        value = rule.example.get(side)
        shown = describe_example(value) or json.dumps(example_surface(value), indent=2, ensure_ascii=False)
        out += ["", f"Example that {label} (profile {rule.profile}):", textwrap.indent(shown, "  ")]
    return "\n".join(out) + "\n"
