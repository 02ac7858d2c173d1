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
    for path in (ROOT / "mcp_inspect" / "classify").rglob("*.py"):
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
    assert "tool.renamed" in literals and "prompt.renamed" in literals
    assert not sorted(rule_id for rule_id in literals if rule_id not in CATALOGUE
                      and not rule_id.startswith(("tool.input", "tool.output")))
    facts = _walker_facts()
    assert {"property.added", "type.narrowed", "constraint.tightened"} <= facts
    for fact in facts:
        for prefix in ("tool.input.", "tool.output."):
            assert prefix + fact in CATALOGUE, prefix + fact


#: The modules of classify/prose/ whose result is a grade; its other modules choose no
#: severity, as no differ does.
PROSE_GRADES = {"prose/grade.py", "prose/titles.py", "prose/restating.py"}


def test_diff_modules_never_choose_a_severity():
    """Facts first, severity last: only the catalogue (and the prose grade) set severities."""
    classify = ROOT / "mcp_inspect" / "classify"
    for path in classify.rglob("*.py"):
        if path.relative_to(classify).as_posix() in PROSE_GRADES:  # the prose measure's result *is* a grade
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


# --- words: the differs name a variant, the catalogue holds its sentence -----------------

def _strings(node: ast.AST | None) -> set[str]:
    """The string constants an argument may evaluate to (a literal, or either arm of ``if``)."""
    if node is None:
        return set()
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _argument(call: ast.Call, index: int, keyword: str) -> ast.AST | None:
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _rules_named(node: ast.AST) -> list[str] | None:
    """The change rules a rule argument may name: a literal, or an f-string such as
    ``f"{prefix}.removed"`` (every rule it can spell but the schema walker's, which only
    ``emit`` reports); None when it is a variable."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        shape = "".join(re.escape(v.value) if isinstance(v, ast.Constant) else "[A-Za-z.]+" for v in node.values)
        return [r.id for r in CATALOGUE if re.fullmatch(shape, r.id) and r.messages is not CATALOGUE.phrases["schema"]]
    return None


def _named_variants() -> list[tuple[str, int, list[str] | None, str]]:
    """(module, line, rules, variant) for every variant a differ names: the schema walker's
    ``emit`` and ``flag`` (rules ``["schema"]``: its phrases), ``Change`` and the entity
    helpers (rules None: a rule the caller passes)."""
    from mcp_inspect.classify.fields import NET, PLAIN

    found = []
    for path in sorted((ROOT / "mcp_inspect" / "classify").rglob("*.py")):
        for call in ast.walk(ast.parse(path.read_text())):
            if not isinstance(call, ast.Call):
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            if name == "emit":
                variants, rules = _strings(_argument(call, 4, "variant")), ["schema"]
            elif name == "flag":  # the walker's boolean keywords: (fact, variant) when on, and off
                variants = {t.elts[1].value for t in call.args[4:6] if isinstance(t, ast.Tuple)
                            and isinstance(t.elts[1], ast.Constant)}
                rules = ["schema"]
            elif name == "Change":  # no variant: "default"; a variable: its callers name it
                given = _argument(call, 4, "variant")
                variants, rules = {"default"} if given is None else _strings(given), _rules_named(call.args[0])
            elif name == "plain_change":
                given = _argument(call, 5, "variants")
                variants = set(NET if isinstance(given, ast.Name) and given.id == "NET" else PLAIN)
                variants = _strings(given) if isinstance(given, ast.Tuple) else variants
                rules = _rules_named(call.args[0])
            elif name == "prose_change":
                variants, rules = {"default"}, _rules_named(call.args[0])
            else:
                continue
            found += [(path.name, call.lineno, rules, v) for v in sorted(variants)]
    return found


def test_every_variant_a_differ_names_has_a_template():
    assert len(_named_variants()) > 150
    schema = CATALOGUE.phrases["schema"]
    spoken = {v for r in CATALOGUE for v in r.messages}
    missing = []
    for module, line, rules, variant in _named_variants():
        if rules == ["schema"]:
            ok = variant in schema
        elif rules is None:  # a rule passed in: some rule must say the variant
            ok = variant in spoken
        else:
            ok = bool(rules) and all(variant in CATALOGUE.rule(r).messages for r in rules)
        if not ok:
            missing.append(f"{module}:{line} {rules} {variant}")
    assert not missing


def test_the_walker_rules_speak_with_the_schema_phrases():
    walker = {r.id for r in CATALOGUE if r.messages is CATALOGUE.phrases["schema"]}
    facts = {f"{prefix}{fact}" for fact in _walker_facts() for prefix in ("tool.input.", "tool.output.")}
    assert facts <= walker
    assert all(rule_id.startswith(("tool.input.", "tool.output.")) for rule_id in walker)


def test_a_message_refuses_a_variant_it_has_no_words_for():
    from dataclasses import replace

    rule = CATALOGUE.rule("tool.removed")
    assert rule.message("default", {}) == "tool removed"
    with pytest.raises(KeyError):
        rule.message("renamed", {})
    with pytest.raises(KeyError):  # a fact the template reads and the finding lacks
        CATALOGUE.rule("tool.renamed").message("default", {"name_before": "a"})
    assert replace(rule, messages={}).message("anything", {}) == rule.summary


def test_notes_and_phrase_references_are_filled_with_the_same_facts():
    rule = CATALOGUE.rule("tool.input.constraint.changed")
    args = {"keyword": "maxLength", "value_before": 3, "value_after": 5, "notes": ["negated_changed", "inside_if"]}
    assert rule.message("keyword_moved", args) == (
        "maxLength 3 → 5 (inside 'not', which accepts what its subschema rejects)"
        " (inside 'if', which only decides whether 'then' or 'else' applies)")
    prose = CATALOGUE.rule("tool.description.changed")
    assert prose.message("default", {"field": "description", "change": "graded", "reason": "literal",
                                     "word": "true"}) == "description changed: the JSON literal 'true' changed"
    # The kind of edit speaks, and the note repeats the grader's reason with the same facts.
    args = {"field": "description", "change": "replaced", "text_before": "true", "text_after": "false",
            "reason": "literal", "word": "true", "notes": ["reason"]}
    assert prose.message("default", args) == \
        "description changed: 'true' → 'false' (the JSON literal 'true' changed)"


def test_phrase_groups_cannot_take_a_format_name(tmp_path):
    from mcp_inspect.catalogue import load_catalogue

    (tmp_path / "phrases.yaml").write_text("show:\n  a: b\n")
    with pytest.raises(ValueError, match="phrase group"):
        load_catalogue(tmp_path, compiled=False)
