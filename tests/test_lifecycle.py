"""Lifecycle policies: deprecation before removal (``deprecation:``) and stability tiers
(``stability:``), in a diff and across a history (docs/configuration.md)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import ROOT

import mcp_inspect
from mcp_inspect.config.load import Config, DeprecationSettings, StabilitySettings, parse_config
from mcp_inspect.errors import InputError
from mcp_inspect.findings.lifecycle import deprecation_of, experimental
from mcp_inspect.report.release_notes import render_release_notes

SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))


def _tool(name, **extra):
    return {"name": name, "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}, **extra}


def _surface(*tools, captured=None):
    document = {"tools": list(tools)}
    if captured:
        document["captured_at"] = captured
    return document


def _write(folder, name, document):
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _diff(tmp_path, old, new, config=None):
    return mcp_inspect.diff(_write(tmp_path, "old.json", old), _write(tmp_path, "new.json", new),
                            config=config or Config())


def _removal(report, rule="tool.removed"):
    return next(f for f in report.changes if f.rule == rule)


@pytest.mark.parametrize("entity, spelling", [
    ({"_meta": {"deprecated": True}}, "_meta.deprecated"),
    ({"_meta": {"deprecated": "use other"}}, "_meta.deprecated"),
    ({"annotations": {"deprecated": True}}, "annotations.deprecated"),
    ({"deprecated": True}, "deprecated"),
    ({"description": "Deprecated: use other."}, "description"),
    ({"description": "[DEPRECATED] use other."}, "description"),
    ({"description": "  deprecated. Gone soon"}, "description"),
])
def test_every_documented_spelling_marks_an_entity_deprecated(entity, spelling):
    found = deprecation_of(entity)
    assert found is not None and found.spelling == spelling


@pytest.mark.parametrize("entity", [
    {}, {"_meta": {"deprecated": False}}, {"description": "Reads a deprecated field."},
    {"description": "DeprecatedFieldReader reads things."}, {"annotations": {"deprecated": "yes"}},
])
def test_what_is_not_a_deprecation(entity):
    assert deprecation_of(entity) is None


def test_the_sunset_is_read_from_meta_and_stability_markers_from_meta():
    assert deprecation_of({"_meta": {"deprecated": True, "sunset": "2027-01-31"}}).sunset == "2027-01-31"
    assert deprecation_of({"_meta": {"deprecated": True, "sunset": "soon"}}).sunset is None
    assert experimental({"_meta": {"stability": "Experimental"}})
    assert experimental({"_meta": {"experimental": True}})
    assert not experimental({"_meta": {"stability": "stable"}})


def test_without_the_section_a_deprecated_removal_stays_breaking(tmp_path):
    report = _diff(tmp_path, _surface(_tool("a"), _tool("old", _meta={"deprecated": True})), _surface(_tool("a")))
    removal = _removal(report)
    assert removal.severity.label == "BREAKING" and removal.fails and removal.lifecycle is None


def test_a_removal_after_deprecation_is_non_breaking_and_says_since_when(tmp_path):
    config = Config(deprecation=DeprecationSettings(min_releases=1))
    report = _diff(tmp_path, _surface(_tool("a"), _tool("old", description="Deprecated: use a.")),
                   _surface(_tool("a")), config)
    removal = _removal(report)
    assert removal.severity.label == "NON_BREAKING" and removal.default_severity.label == "BREAKING"
    assert removal.lifecycle == "deprecated since the old side, 1 release"
    assert not report.failed
    text = mcp_inspect.render(report, "text")
    assert "NON_BREAKING (default BREAKING; deprecated since the old side, 1 release)" in text
    document = json.loads(mcp_inspect.render(report, "json"))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    said = next(f for f in document["findings"] if f["rule"] == "tool.removed")
    assert said["lifecycle"] == removal.lifecycle and said["overridden"] == {"by": "deprecation"}


def test_a_removal_without_deprecation_says_so_and_fails(tmp_path):
    config = Config(deprecation=DeprecationSettings())
    report = _diff(tmp_path, _surface(_tool("a"), _tool("old")), _surface(_tool("a")), config)
    removal = _removal(report)
    assert removal.lifecycle == "removed without deprecation" and removal.fails
    assert "BREAKING (removed without deprecation)" in mcp_inspect.render(report, "text")
    assert "removed without deprecation" in mcp_inspect.render(report, "markdown")


def test_a_deprecated_property_removed_is_softened_like_an_entity(tmp_path):
    old = _tool("a")
    old["inputSchema"]["properties"]["enc"] = {"type": "string", "deprecated": True}
    report = _diff(tmp_path, _surface(old), _surface(_tool("a")), Config(deprecation=DeprecationSettings()))
    removal = _removal(report, "tool.input.property.removed")
    assert removal.severity.label == "NON_BREAKING" and not report.failed


def test_min_days_reads_the_captures_dates_or_a_passed_sunset(tmp_path):
    config = Config(deprecation=DeprecationSettings(min_days=30))
    old = _surface(_tool("a"), _tool("old", _meta={"deprecated": True}), captured="2026-01-01T00:00:00Z")
    soon = _diff(tmp_path, old, _surface(_tool("a"), captured="2026-01-20T00:00:00Z"), config)
    assert soon.failed and "19 days" in _removal(soon).lifecycle
    assert "too soon: deprecation.min_days is 30" in _removal(soon).lifecycle
    late = _diff(tmp_path, old, _surface(_tool("a"), captured="2026-03-01T00:00:00Z"), config)
    assert not late.failed and _removal(late).lifecycle == \
        "deprecated since the old side (2026-01-01), 1 release, 59 days"
    undated = _diff(tmp_path, _surface(_tool("a"), _tool("old", _meta={"deprecated": True})), _surface(_tool("a")),
                    config)
    assert undated.failed and "the dates are unknown" in _removal(undated).lifecycle
    sunset = _surface(_tool("a"), _tool("old", _meta={"deprecated": True, "sunset": "2020-06-30"}))
    passed = _diff(tmp_path, sunset, _surface(_tool("a")), config)  # undated: judged on today
    assert not passed.failed and "sunset 2020-06-30 passed" in _removal(passed).lifecycle


def _history(tmp_path, marks, min_releases):
    """Releases 1.0.0, 1.1.0, …: tool ``old`` carries ``marks[i]`` in release i, and is gone from
    the last release."""
    folder = tmp_path / "releases"
    folder.mkdir(exist_ok=True)
    for index, marked in enumerate(marks):
        old = _tool("old", _meta={"deprecated": True}) if marked else _tool("old")
        _write(folder, f"1.{index}.0.json", _surface(_tool("a"), old))
    _write(folder, f"1.{len(marks)}.0.json", _surface(_tool("a")))
    config = Config(deprecation=DeprecationSettings(min_releases=min_releases))
    return mcp_inspect.history(folder, config=config, lint=False)


@pytest.mark.parametrize("min_releases, fails", [(1, False), (2, True)])
def test_a_three_release_history_passes_or_fails_by_min_releases(tmp_path, min_releases, fails):
    history = _history(tmp_path, [False, True], min_releases)
    last = history.steps[-1].report
    assert last.failed is fails
    removal = _removal(last)
    assert removal.lifecycle.startswith("deprecated since 1.1.0, 1 release")
    assert ("too soon: deprecation.min_releases is 2" in removal.lifecycle) is fails


def test_a_history_counts_every_release_the_mark_stood(tmp_path):
    history = _history(tmp_path, [False, True, True], 2)
    removal = _removal(history.steps[-1].report)
    assert not history.steps[-1].report.failed and removal.lifecycle.startswith("deprecated since 1.1.0, 2 releases")


def test_marking_deprecated_is_a_finding_and_the_release_notes_list_the_sunset(tmp_path):
    old = _surface(_tool("a"), _tool("b"))
    new = _surface(_tool("a", _meta={"deprecated": True, "sunset": "2027-01-31"}),
                   _tool("b", description="[DEPRECATED] use a"))
    report = _diff(tmp_path, old, new)
    marked = {f.entity.name: f for f in report.changes if f.rule == "tool.deprecated.added"}
    assert marked["a"].message == "marked deprecated (_meta.deprecated), sunset 2027-01-31"
    assert marked["b"].message == "marked deprecated (description)"
    assert marked["a"].severity.label == "NON_BREAKING"
    notes = render_release_notes(report)
    assert "### Deprecated" in notes
    assert "- Tool `a`: sunset `2027-01-31`" in notes and "- Tool `b`: no sunset date given" in notes


def test_an_experimental_tool_removed_is_reported_and_the_gate_passes(tmp_path):
    config = Config(stability=StabilitySettings(experimental=("exp_*",)))
    report = _diff(tmp_path, _surface(_tool("a"), _tool("exp_search")), _surface(_tool("a")), config)
    removal = _removal(report)
    assert removal.severity.label == "BREAKING" and removal.at_gate and not removal.fails
    assert removal.experimental and "experimental (stability.experimental 'exp_*')" in removal.lifecycle
    assert not report.failed
    document = json.loads(mcp_inspect.render(report, "json"))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert next(f for f in document["findings"] if f["rule"] == "tool.removed")["experimental"] is True
    assert _diff(tmp_path, _surface(_tool("a"), _tool("exp_search")), _surface(_tool("a"))).failed


def test_a_meta_stability_marker_counts_unless_markers_is_off(tmp_path):
    old = _surface(_tool("a"), _tool("beta", _meta={"stability": "experimental"}))
    on = _diff(tmp_path, old, _surface(_tool("a")), Config(stability=StabilitySettings()))
    assert not on.failed and "_meta.stability" in _removal(on).lifecycle
    off = _diff(tmp_path, old, _surface(_tool("a")), Config(stability=StabilitySettings(markers=False)))
    assert off.failed


@pytest.mark.parametrize("tool", [
    _tool("pay", description="Deprecated? No: this is the supported, stable way to pay."),
    _tool("pay", _meta={"deprecated": "false"}),
    _tool("pay", _meta={"deprecated": " No "}),
    _tool("pay", _meta={"deprecated": "not deprecated"}),
    _tool("pay", _meta={"deprecated": "False."}),
    _tool("pay", description="DEPRECATED: false"),
    _tool("list_deprecated_apis", description="Deprecated APIs in the workspace are listed with their callers."),
    # Round three: other spellings of the same denial, and a full-width question mark.
    _tool("pay", description="Deprecated: No. Gets an item."),
    _tool("pay", description="Deprecated: not yet; it will be."),
    _tool("pay", description="Deprecated \uff1f No."),
    _tool("pay", _meta={"deprecated": "Nope"}),
    _tool("pay", _meta={"deprecated": "not yet"}),
], ids=["question", "false-string", "no-string", "not-deprecated", "false-sentence", "label-false", "adjective",
        "label-no", "label-not-yet", "full-width-question", "nope", "not-yet"])
def test_what_says_it_is_not_deprecated_is_no_mark(tool, tmp_path):
    """Hostile trial: both read as marks, so removing the tool passed the gate."""
    assert deprecation_of(tool) is None, tool
    config = Config(deprecation=DeprecationSettings())
    assert _diff(tmp_path, _surface(_tool("a"), tool), _surface(_tool("a")), config).failed


@pytest.mark.parametrize("description", ["Deprecated.", "DEPRECATED: use read_text_file", "[Deprecated] old",
                                         "Deprecated - use y", "Deprecated: no longer maintained",
                                         "Deprecated: not recommended for new code."])
def test_a_description_that_opens_with_the_label_is_a_mark(description):
    assert deprecation_of(_tool("a", description=description)) is not None


def test_a_marker_the_new_side_adds_exempts_nothing_of_that_release(tmp_path):
    """Hostile trial: one release marking a stable tool experimental while it breaks it would
    otherwise pass the gate. The promise the old side made holds for the change that drops it;
    the next release's changes are exempt."""
    old = _surface(_tool("a"))
    demoted = _tool("a", _meta={"stability": "experimental"})
    demoted["inputSchema"] = {"type": "object", "properties": {"q": {"type": "integer"}}, "required": ["q"]}
    report = _diff(tmp_path, old, _surface(demoted), Config(stability=StabilitySettings()))
    assert report.failed and not any(f.experimental for f in report.changes)
    later = _surface({**demoted, "inputSchema": {"type": "object"}})
    assert not _diff(tmp_path, _surface(demoted), later, Config(stability=StabilitySettings())).failed


def test_a_stable_tool_renamed_into_an_experimental_name_keeps_its_promise(tmp_path):
    """Hostile trial: the globs matched the new name, so renaming `search` to `beta_search`
    (a rename found by fingerprint, or one a `renames:` entry states, with a break in the same
    release) passed the gate. The old side's name decides, as its marker does."""
    config = Config(stability=StabilitySettings(experimental=("beta_*",)))
    renamed = _diff(tmp_path, _surface(_tool("a"), _tool("search")), _surface(_tool("a"), _tool("beta_search")),
                    config)
    assert renamed.failed and not any(f.experimental for f in renamed.changes)
    assert any(f.rule == "tool.renamed" for f in renamed.changes)
    # The other way: an experimental tool renamed into a stable name was experimental when it changed.
    back = _diff(tmp_path, _surface(_tool("a"), _tool("beta_search")), _surface(_tool("a"), _tool("search")), config)
    assert not back.failed and all(f.experimental for f in back.changes if f.rule == "tool.renamed")


def test_the_sections_are_read_and_checked(tmp_path):
    config = parse_config({"deprecation": {"min_releases": 2, "min_days": 30},
                           "stability": {"experimental": ["exp_*"], "markers": False}}, "c.yml")
    assert config.deprecation == DeprecationSettings(2, 30)
    assert config.stability == StabilitySettings(("exp_*",), False)
    assert parse_config({}, "c.yml").deprecation is None
    with pytest.raises(InputError, match="min_releases"):
        parse_config({"deprecation": {"min_releases": 0}}, "c.yml")
    with pytest.raises(InputError, match="sunset"):
        parse_config({"deprecation": {"sunset": 3}}, "c.yml")


# --- the token budget (tokens:) -------------------------------------------------------------


def _costed(tmp_path, old, new, budget=None):
    from mcp_inspect.checks.settings import LintSettings

    return mcp_inspect.diff(_write(tmp_path, "old.json", old), _write(tmp_path, "new.json", new),
                            config=Config(tokens=budget), lint=LintSettings())


def _tools(count, words=1):
    return _surface(*(_tool(f"t{i:02}", description="word " * (words + i)) for i in range(count)))


def test_a_budget_exceeded_by_one_token_fails_and_one_met_exactly_passes(tmp_path):
    from mcp_inspect.config.load import TokenBudget

    total = _costed(tmp_path, _tools(2), _tools(3)).new.tokens.total
    over = _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_total=total - 1))
    assert over.failed and over.gate_failures == [
        f"tool definitions cost {total:,} tokens, over tokens.max_total {total - 1:,}"]
    assert not [f for f in over.findings if f.fails]  # the budget alone fails it
    assert "Gate: FAIL (tool definitions cost" in mcp_inspect.render(over, "text")
    assert "tokens.max_total" in mcp_inspect.render(over, "markdown").split("\n\n")[1]
    met = _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_total=total))
    assert not met.failed and met.token_budget["exceeded"] is False


def test_max_increase_in_tokens_and_in_percent(tmp_path):
    from mcp_inspect.config.load import TokenBudget

    plain = _costed(tmp_path, _tools(2), _tools(3))
    old, new = plain.old.tokens.total, plain.new.tokens.total
    increase = new - old
    assert _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_increase=increase - 1)).failed
    assert not _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_increase=increase)).failed
    percent = increase * 100 / old
    tight = _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_increase_percent=percent - 0.01))
    assert tight.failed and "tokens.max_increase" in tight.gate_failures[0]
    assert not _costed(tmp_path, _tools(2), _tools(3), TokenBudget(max_increase_percent=percent)).failed


def test_the_budget_is_read_from_the_configuration():
    from mcp_inspect.config.load import TokenBudget

    assert parse_config({"tokens": {"max_total": 10, "max_increase": "5%"}}, "c.yml").tokens == \
        TokenBudget(10, None, 5.0)
    assert parse_config({"tokens": {"max_increase": 7}}, "c.yml").tokens == TokenBudget(None, 7)
    with pytest.raises(InputError, match="max_increase"):
        parse_config({"tokens": {"max_increase": "five"}}, "c.yml")


def test_every_report_shows_the_largest_per_tool_token_changes(tmp_path):
    old = _tools(12)
    new = _surface(*(_tool(f"t{i:02}", description="word " * (3 * i + 1)) for i in range(12)))
    report = _costed(tmp_path, old, new)
    changes = report.token_changes()
    assert len(changes) == 11 and changes[0][0] == "t11"  # t00 is unchanged; the largest first
    deltas = [after - before for _, before, after in changes]
    assert deltas == sorted(deltas, reverse=True)
    text = mcp_inspect.render(report, "text")
    assert "Largest token changes (10 of 11; --format json lists every one):" in text
    assert f"t11  {changes[0][1]:,} → {changes[0][2]:,} (+{deltas[0]:,})" in text and "    t01  " not in text
    markdown = mcp_inspect.render(report, "markdown")
    assert "| Tool | Tokens before | Tokens after | Change |" in markdown and "| *1 more* | | | |" in markdown
    html = mcp_inspect.render(report, "html")
    assert "Largest token changes" in html and html.count('<td class="name">t') >= 11
    document = json.loads(mcp_inspect.render(report, "json"))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert [c["tool"] for c in document["lint"]["tokens"]["changes"]] == [name for name, _, _ in changes]


def test_without_the_lint_the_budget_is_not_judged_and_says_so(tmp_path):
    from mcp_inspect.config.load import TokenBudget

    report = mcp_inspect.diff(_write(tmp_path, "o.json", _tools(1)), _write(tmp_path, "n.json", _tools(2)),
                              config=Config(tokens=TokenBudget(max_total=0)))
    assert not report.failed and any("token budget was not judged" in w for w in report.warnings)


def test_a_lint_over_max_total_fails_and_says_why(tmp_path):
    from mcp_inspect.config.load import TokenBudget

    path = _write(tmp_path, "s.json", _tools(2))
    total = mcp_inspect.lint(path).new.tokens.total
    report = mcp_inspect.lint(path, config=Config(tokens=TokenBudget(max_total=total - 1)))
    assert report.failed and f"over tokens.max_total {total - 1}" in mcp_inspect.render(report, "text")
    assert not mcp_inspect.lint(path, config=Config(tokens=TokenBudget(max_total=total))).failed


def test_a_renamed_prompt_is_judged_by_the_old_side_s_marker_too(tmp_path):
    """Hostile trial: the old name was looked up for a renamed tool only, so a prompt renamed
    (code_review → codeReview) while gaining the marker was exempt on the new side's word."""
    def prompt(name, required, meta=None):
        return {"name": name, "description": "Reviews code.", **({"_meta": meta} if meta else {}),
                "arguments": [{"name": "code", "required": required}]}

    old = {"prompts": [prompt("code_review", False)]}
    new = {"prompts": [prompt("codeReview", True, {"stability": "experimental"})]}
    report = _diff(tmp_path, old, new, Config(stability=StabilitySettings()))
    assert any(f.rule == "prompt.renamed" for f in report.changes)
    assert report.failed and not any(f.experimental for f in report.changes)
