"""The catalogue is complete, well-formed, and the single source the engine and docs use."""

from __future__ import annotations

import ast
import re

import pytest
from conftest import DATA, ROOT

from mcp_inspect.catalogue import UnknownRuleError, default_catalogue
from mcp_inspect.docgen import main as docgen_main
from mcp_inspect.findings.severity import Severity

CATALOGUE = default_catalogue()
SEED_IDS = [line for line in (DATA / "seed_rule_ids.txt").read_text().splitlines()
            if line and not line.startswith("#")]
ID_SHAPE = re.compile(r"^(server|tool|resource|resourceTemplate|prompt)(\.[a-z][A-Za-z]*)+$")
ENUMS = {
    "applies_to": {"server", "tool", "resource", "resourceTemplate", "prompt"},
    "direction": {"input", "output", "none"},
    "action": {"added", "removed", "widened", "narrowed", "changed", "renamed"},
    "status": {"stable", "preview", "deprecated", "removed"},
}


def test_every_seed_rule_is_declared():
    assert len(SEED_IDS) == 102
    missing = [rule_id for rule_id in SEED_IDS if rule_id not in CATALOGUE]
    assert not missing


@pytest.mark.parametrize("rule", list(CATALOGUE), ids=lambda r: r.id)
def test_rule_is_well_formed(rule):
    assert ID_SHAPE.match(rule.id)
    assert rule.id.startswith(rule.applies_to + ".")
    for field, allowed in ENUMS.items():
        assert getattr(rule, field) in allowed, field
    assert rule.summary and len(rule.summary) <= 160
    assert len(rule.advice) >= 40
    if rule.graded:
        assert rule.severity is Severity.POTENTIALLY_BREAKING
    if rule.id.startswith("tool.input."):
        assert rule.direction == "input"
    if rule.id.startswith("tool.output."):
        assert rule.direction == "output"
    assert rule.example.get("before") is not None and rule.example.get("after") is not None


def test_input_and_output_rules_mirror_each_other_with_their_own_words():
    for rule in CATALOGUE:
        if rule.id.startswith("tool.input."):
            mirror = "tool.output." + rule.id.removeprefix("tool.input.")
            assert mirror in CATALOGUE, mirror
            assert CATALOGUE.rule(mirror).advice != rule.advice, mirror
        if rule.id.startswith("tool.output."):
            assert "tool.input." + rule.id.removeprefix("tool.output.") in CATALOGUE


def test_unknown_rule_is_refused():
    with pytest.raises(UnknownRuleError):
        CATALOGUE.rule("tool.input.made.up")


def _emitted_literals() -> set[str]:
    """Rule ids written as string literals anywhere under mcp_inspect/classify/."""
    found: set[str] = set()
    for path in (ROOT / "mcp_inspect" / "classify").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ID_SHAPE.match(node.value):
                found.add(node.value)
    return found


def _walker_facts() -> set[str]:
    """The facts the schema walker and branch comparison emit (``self.emit("fact", ...)``)."""
    facts: set[str] = set()
    for name in ("schema.py", "branches.py"):
        tree = ast.parse((ROOT / "mcp_inspect" / "classify" / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"[a-z]+\.[a-zA-Z]+", node.value):
                facts.add(node.value)
    return facts


def test_every_rule_the_engine_names_is_declared():
    literals = _emitted_literals()
    assert "tool.renamed" in literals
    assert not sorted(rule_id for rule_id in literals if rule_id not in CATALOGUE
                      and not rule_id.startswith(("tool.input", "tool.output")))
    facts = _walker_facts()
    assert {"property.added", "type.narrowed", "constraint.tightened"} <= facts
    for fact in facts:
        for prefix in ("tool.input.", "tool.output."):
            assert prefix + fact in CATALOGUE, prefix + fact


def test_diff_modules_never_choose_a_severity():
    """Facts first, severity last: only the catalogue (and the prose grade) set severities."""
    for path in (ROOT / "mcp_inspect" / "classify").glob("*.py"):
        if path.name in ("prose.py",):  # the prose measure's result *is* a grade
            continue
        assert "Severity." not in path.read_text(), path.name


def test_rules_doc_is_up_to_date():
    assert docgen_main(["--check"]) == 0, "run: python -m mcp_inspect.docgen --write"


def test_rules_doc_lists_every_rule():
    text = (ROOT / "docs" / "rules.md").read_text()
    for rule in CATALOGUE:
        assert f"### {rule.id}\n" in text


def test_compiled_catalogue_equals_the_yaml_and_is_ignored_when_stale(tmp_path):
    from mcp_inspect.catalogue import load_catalogue, rules_dir

    assert load_catalogue() == load_catalogue(compiled=False)
    for path in rules_dir().glob("*.yaml"):
        (tmp_path / path.name).write_text(path.read_text())
    edited = tmp_path / "tool.yaml"
    edited.write_text(edited.read_text().replace("id: tool.removed\n", "id: tool.removed\n", 1) + "\n# edited\n")
    # The edit changes the file's hash, so the compiled copy must not be used for it.
    assert load_catalogue(tmp_path) == load_catalogue(tmp_path, compiled=False)
