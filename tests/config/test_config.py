"""`.mcp-inspect.yml`: validation with file and line, ignores, overrides, expiry and staleness."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from conftest import DATA

from mcp_inspect import diff, load, policy
from mcp_inspect.config.load import Config, find_config, load_config
from mcp_inspect.errors import InputError
from mcp_inspect.findings.severity import Level, Severity

CASES = DATA / "cases"


def _write(tmp_path: Path, text: str, name: str = ".mcp-inspect.yml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _result(case: str):
    return diff(load(str(CASES / case / "old.json")), load(str(CASES / case / "new.json")))


def test_the_contract_example_loads(tmp_path):
    config = load_config(_write(tmp_path, """\
ignore:
  - rule: tool.icons.changed
  - rule: tool.description.changed
    entity: legacy_*
    reason: "Legacy tools are being rewritten."
severity_overrides:
  tool.annotations.safetyWeakened: BREAKING
fail_on: BREAKING
"""))
    assert [i.rule for i in config.ignore] == ["tool.icons.changed", "tool.description.changed"]
    assert config.ignore[1].entity == "legacy_*" and config.ignore[1].line == 3
    assert config.severity_overrides == {"tool.annotations.safetyWeakened": Severity.BREAKING}
    assert config.fail_on is Severity.BREAKING


@pytest.mark.parametrize("text,needle", [
    ("ignores:\n  - rule: tool.removed\n", ":1: unknown key 'ignores'"),
    ("ignore:\n  - rule: tool.removed\n    why: x\n", ":3: unknown key 'why'"),
    ("ignore:\n  - rule: tool.remved\n",
     ":2: ignore[0].rule: unknown rule id 'tool.remved'; did you mean 'tool.removed'?"),
    ("ignore:\n  - rule: nothing.*\n", ":2: ignore[0].rule: 'nothing.*' matches no rule id"),
    ("ignore:\n  - entity: foo\n", ":2: ignore[0]: missing key 'rule'"),
    ("severity_overrides:\n  tool.removed: FATAL\n",
     ":2: severity_overrides.tool.removed: 'FATAL' is not one of BREAKING"),
    ("severity_overrides:\n  tool.gone: BREAKING\n", ":2: severity_overrides.tool.gone: unknown rule id 'tool.gone'"),
    ("fail_on: SOMETIMES\n", ":1: fail_on: 'SOMETIMES' is not one of BREAKING"),
    ("ignore:\n  - rule: tool.removed\n    expires: 2027-02-30\n",
     ":3: ignore[0].expires: '2027-02-30' is not a real date"),
    ("ignore:\n  - rule: tool.removed\n    expires: soon\n",
     ":3: ignore[0].expires: 'soon' is not a date in the form YYYY-MM-DD"),
    ("version: 2\n", ":1: version must be 1"),
    # An approval's own keys and digest are named as such (an outside trial got "missing key
    # 'rule' (each ignore entry needs a rule)" for an approval without its reason).
    ("approve:\n  - rule: tool.removed\n    kind: tool\n    entity: t\n    path: ''\n    digest: 0123456789abcdef\n",
     ":2: approve[0]: missing key 'reason' (each approve entry needs rule, kind, entity, path, digest and reason)"),
    ("approve:\n  - rule: tool.removed\n    kind: tool\n    entity: t\n    path: ''\n    reason: r\n",
     ":2: approve[0]: missing key 'digest'"),
    ("approve:\n  - rule: tool.removed\n    kind: tool\n    entity: t\n    path: ''\n    digest: xyz\n    reason: r\n",
     ":6: approve[0].digest: 'xyz' is not a digest of 16 hexadecimal digits"),
    # A token budget's percentage is not a date (the hostile trial got "is not a date" for it).
    ("tokens:\n  max_increase: '1e309%'\n",
     ":2: tokens.max_increase: '1e309%' is neither a number of tokens nor a percentage written like \"10%\""),
    ("ignore: [\n", "invalid YAML"),
    ("- just\n- a list\n", "expected a mapping, got a list"),
])
def test_invalid_config_names_file_line_and_expectation(tmp_path, text, needle):
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as raised:
        load_config(path)
    message = str(raised.value)
    assert message.startswith(str(path)), message
    assert needle in message, message
    assert "\n" not in message


def test_empty_config_is_the_default(tmp_path):
    assert load_config(_write(tmp_path, "# nothing yet\n")).ignore == []


def test_config_is_discovered_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert find_config() is None
    _write(tmp_path, "fail_on: NON_BREAKING\n", ".mcp-inspect.yaml")
    assert load_config().fail_on is Severity.NON_BREAKING


def test_a_mistake_in_every_entry_is_reported_once_at_the_first(tmp_path):
    # Only the first few schema errors are weighed (a mistake in each of 100,000 entries
    # took over a minute when all were collected); the first by position is still reported.
    text = "ignore:\n" + "".join(f"  - rule: tool.removed\n    colour: {i}\n" for i in range(3000))
    with pytest.raises(InputError) as raised:
        load_config(_write(tmp_path, text))
    assert ":3: unknown key 'colour'" in str(raised.value)


def test_a_config_past_max_config_bytes_is_refused(tmp_path, monkeypatch):
    from mcp_inspect.config import load as config

    monkeypatch.setattr(config, "MAX_CONFIG_BYTES", 200)
    path = _write(tmp_path, "ignore:\n" + "  - rule: tool.removed\n" * 20)
    with pytest.raises(InputError, match="larger than the 200-byte configuration file limit"):
        load_config(path)
    assert load_config(_write(tmp_path, "ignore:\n" + "  - rule: tool.removed\n" * 5, "small.yml")).ignore


def test_a_discovered_config_is_named_as_the_user_sees_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "ignore:\n  - rule: tool.remved\n", ".mcp-inspect.yml")
    with pytest.raises(InputError) as raised:
        load_config()
    assert str(raised.value).startswith(".mcp-inspect.yml:2: ignore[0].rule: unknown rule id"), raised.value


def test_ignores_mark_findings_keep_them_and_count_them():
    result = _result("tool-removed")
    config = Config(ignore=[load_config.__globals__["IgnoreRule"]("tool.removed", "list_*", "retired on purpose")])
    policy.apply(result, config, today=date(2026, 1, 1))
    [finding] = result.findings
    assert finding.ignored and finding.reason == "retired on purpose"
    assert result.counts()["ignored"] == 1 and result.counts()["BREAKING"] == 0
    assert not result.failed


def test_entity_glob_and_prefix_rules(tmp_path):
    path = _write(tmp_path, "ignore:\n  - rule: tool.*\n    entity: read_?ile\n")
    result = _result("input-required-added")
    policy.apply(result, load_config(path))
    assert all(f.ignored for f in result.findings)
    other = _result("tool-removed")  # entity list_dir does not match read_?ile
    policy.apply(other, load_config(path))
    assert not any(f.ignored for f in other.findings)
    assert any("matched no finding (stale)" in w for w in other.warnings)


def test_every_matching_entry_is_used_and_the_first_gives_the_reason(tmp_path):
    path = _write(tmp_path, "ignore:\n  - rule: tool.*\n    reason: broad\n"
                            "  - rule: tool.removed\n    entity: list_dir\n    reason: specific\n")
    result = _result("tool-removed")
    policy.apply(result, load_config(path))
    [finding] = result.findings
    assert finding.ignored and finding.reason == "broad"
    assert not any("stale" in w for w in result.warnings), result.warnings


def test_expired_entries_stop_applying_with_a_warning(tmp_path):
    path = _write(tmp_path, "ignore:\n  - rule: tool.removed\n    expires: 2026-01-31\n")
    result = _result("tool-removed")
    policy.apply(result, load_config(path), today=date(2026, 2, 1))
    assert not result.findings[0].ignored and result.failed
    assert result.warnings == ["ignore rule 'tool.removed' (line 2) expired on 2026-01-31 and no longer applies"]
    fresh = _result("tool-removed")
    policy.apply(fresh, load_config(path), today=date(2026, 1, 31))
    assert fresh.findings[0].ignored and not fresh.warnings


def test_severity_override_keeps_the_default():
    result = _result("tool-safety-readonly-flipped")
    policy.apply(result, Config(severity_overrides={"tool.annotations.safetyWeakened": Severity.BREAKING}))
    [finding] = result.findings
    assert finding.severity is Severity.BREAKING
    assert finding.default_severity is Severity.POTENTIALLY_BREAKING
    assert result.failed


def test_cli_threshold_beats_the_file():
    result = _result("tool-added")
    policy.apply(result, Config(fail_on=Severity.NON_BREAKING))
    assert result.failed
    policy.apply(result, Config(fail_on=Severity.NON_BREAKING), fail_on=Severity.BREAKING)
    assert not result.failed


# --- renames and the lint's selection keys ----------------------------------------------------


def _tool(name: str, **props: dict) -> dict:
    return {"name": name, "description": "Searches the web.",
            "inputSchema": {"type": "object", "properties": props}}


def test_a_renames_entry_pairs_tools_no_rule_can_see(tmp_path):
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    old = snapshot_from_value({"tools": [_tool("web", q={"type": "string"})]}, "old.json")
    new = snapshot_from_value({"tools": [_tool("internet_lookup", query={"type": "string"})]}, "new.json")
    plain = diff(old, new)
    assert sorted(f.rule for f in plain.findings) == ["tool.added", "tool.removed"]
    config = load_config(_write(tmp_path, "renames:\n  web: internet_lookup\n"))
    assert config.renames == {"web": "internet_lookup"}
    paired = diff(old, new, config=config)
    rules = sorted(f.rule for f in paired.findings)
    assert "tool.renamed" in rules and "tool.removed" not in rules and "tool.input.property.removed" in rules
    unused = diff(old, new, config=load_config(_write(tmp_path, "renames:\n  gone: also_gone\n", "b.yml")))
    assert any("renames entry" in w and "gone" in w for w in unused.warnings)


def test_lint_keys_load_in_every_spelling_yaml_allows(tmp_path):
    config = load_config(_write(tmp_path, """\
lint:
  select: MCP, mcp-02*
  ignore: [MCP-022]
  rules:
    MCP-013: off
    MCP-030: on
    MCP-012: error
  policy: governance
  spec_version: 2025-11-25
  fail_on_maturity_drop: 5
"""))
    lint = config.lint
    assert lint.select == ("MCP", "MCP-02*") and lint.ignore == ("MCP-022",)
    assert dict(lint.rules) == {"MCP-013": "off", "MCP-030": "on", "MCP-012": "error"}
    assert lint.policy == "governance" and lint.spec_version == "2025-11-25"  # an unquoted date too
    assert lint.fail_on_maturity_drop == 5


@pytest.mark.parametrize("text,needle", [
    ("lint:\n  select: [MCP-099]\n", ".mcp-inspect.yml:2: lint.select: 'MCP-099' matches no lint code"),
    ("lint:\n  select: []\n", ".mcp-inspect.yml:2: lint.select names no check"),
    ("lint:\n  select: ' , '\n", ".mcp-inspect.yml:2: lint.select names no check"),
    ("lint:\n  select: ''\n", ".mcp-inspect.yml:2: lint.select names no check"),
    ("lint:\n  select: [',']\n", ".mcp-inspect.yml:2: lint.select names no check"),
    ("lint:\n  rules:\n    MCP-21: error\n",
     ".mcp-inspect.yml:3: lint.rules.MCP-21: unknown lint code 'MCP-21'; did you mean 'MCP-021'?"),
    ("lint:\n  rules:\n    MCP-021: loud\n", ".mcp-inspect.yml:3: lint.rules.MCP-021: unknown setting 'loud'"),
    ("lint:\n  policy: strict\n", ".mcp-inspect.yml:2:"),
    ("lint:\n  spec_version: 2024-01-01\n", ".mcp-inspect.yml:2:"),
    ("renames:\n  a: 3\n", ".mcp-inspect.yml:2:"),
])
def test_bad_lint_keys_name_their_line(tmp_path, text, needle):
    with pytest.raises(InputError) as raised:
        load_config(_write(tmp_path, text))
    assert needle in str(raised.value), raised.value


def test_severities_and_thresholds_are_read_in_any_letter_case(tmp_path):
    """As ``--fail-on breaking`` is on the command line (issue #22)."""
    config = load_config(_write(tmp_path, "fail_on: breaking\nseverity_overrides:\n  tool.removed: Non-Breaking\n"
                                          "lint:\n  fail_on: Warning\n  inherited_fail_on: NONE\n"))
    assert config.fail_on is Severity.BREAKING
    assert config.severity_overrides == {"tool.removed": Severity.NON_BREAKING}
    assert config.lint.fail_on is Level.WARNING and config.lint.inherited_fail_on is None


@pytest.mark.parametrize("text,expected", [
    ("version: 1\nignore:\n  rule: tool.removed\n", ":2: ignore: expected a list, got a mapping"),
    ("ignore:\n  - rule: tool.removed\n    entity: 3\n", ":3: ignore[0].entity: expected a string, got an integer (3)"),
    ("version: 1\nlint: [claude]\n", ":2: lint: expected a mapping, got a list"),
    ("lint:\n  select: 3\n", ":2: lint.select: expected a string or a list, got an integer (3)"),
    # The branch of the value's own type says what is wrong, never "expected a list, got a list".
    ("lint:\n  select: [SEC, '']\n", ":2: lint.select: expected a non-empty string, got an empty one"),
    ("lint:\n  ignore: [SEC, '']\n", ":2: lint.ignore: expected a non-empty string, got an empty one"),
    ("lint:\n  tool_max_tokens: 6804.5\n", ":2: lint.tool_max_tokens: expected an integer, got a number (6804.5)"),
    ("fail_on:\n  - BREAKING\n", ":1: fail_on: expected one of BREAKING"),
])
def test_config_errors_name_the_key_line_in_yaml_words(tmp_path, text, expected):
    with pytest.raises(InputError) as raised:
        load_config(_write(tmp_path, text))
    message = str(raised.value)
    assert expected in message, message
    for python_word in ("dict", "array", " str ", " int ", "object"):
        assert python_word not in message, message


@pytest.mark.parametrize(("text", "needle"), [
    ("llm:\n  timeout: 601\n", ":2: llm.timeout: 601 is greater than the maximum of 600"),
    ("lint:\n  description_max_chars: -5\n", ":2: lint.description_max_chars: -5 is less than the minimum of 1"),
    ("ignore:\n  - rule: tool.removed\n    reason: 5\n", ":3: ignore[0].reason: expected a string, got an integer (5)"),
])
def test_a_config_error_names_the_key_beside_its_line(tmp_path, text, needle):
    path = tmp_path / "k.yml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        Config.load(path)
    assert str(caught.value).endswith(needle)


def test_the_first_error_in_the_file_is_the_one_reported(tmp_path):
    # Two mistakes: the one a reader meets first (line 2) is named, whatever the key order.
    path = tmp_path / "k.yml"
    path.write_text("lint:\n  tool_max_tokens: -5\nfail_on: fatal\n")
    with pytest.raises(InputError) as caught:
        Config.load(path)
    assert str(caught.value).endswith(":2: lint.tool_max_tokens: -5 is less than the minimum of 1")


@pytest.mark.parametrize("key", ["description_max_chars", "tool_max_tokens", "server_max_tokens",
                                 "fail_on_maturity_drop"])
def test_an_integral_float_is_the_whole_number(tmp_path, key):
    """JSON Schema's integer (the published schema's type) includes 6804.0: it is read as 6804,
    never a crash ("internal error") after the schema let it through."""
    config = load_config(_write(tmp_path, f"lint:\n  {key}: 6804.0\n"))
    value = getattr(config.lint, key)
    assert value == 6804 and type(value) is int


def test_an_integral_float_is_read_for_llm_concurrency_too(tmp_path):
    config = load_config(_write(tmp_path, "llm:\n  concurrency: 2.0\n"))
    assert config.llm.concurrency == 2 and type(config.llm.concurrency) is int


def test_the_schema_refuses_what_the_loader_refuses_for_select():
    """The published schema says exactly what is accepted: a selection names at least one check."""
    import jsonschema

    from mcp_inspect.config.load import config_schema

    validator = jsonschema.Draft202012Validator(config_schema())
    for select in ("", " , ", [], [""], [","]):
        assert not validator.is_valid({"lint": {"select": select}}), select
    for select in ("SEC", "SEC,BP", ["SEC"], ["SEC", ","]):
        assert validator.is_valid({"lint": {"select": select}}), select


def test_a_section_given_twice_is_refused_not_dropped(tmp_path):
    """Hostile trial: a second, empty ``ignore:`` silently replaced the first one's entries."""
    from mcp_inspect.errors import InputError

    path = tmp_path / ".mcp-inspect.yml"
    path.write_text("ignore:\n  - rule: tool.removed\n    reason: planned\nfail_on: BREAKING\nignore: []\n",
                    encoding="utf-8")
    with pytest.raises(InputError, match=r'line 5 column 1: the key "ignore" appears twice in one mapping'):
        Config.load(path)


@pytest.mark.parametrize("text,said", [
    ("d: &s {type: string}\ne: &i {type: integer}\nx:\n  <<: *s\n  <<: *i\n", "the merge key << appears twice"),
    ("d: &s [{type: string}, {type: integer}]\nx:\n  <<: *s\n", 'both give the key "type"'),
])
def test_a_merge_readers_disagree_on_is_refused(tmp_path, text, said):
    """Hostile trial: two `<<` in one mapping were read silently, and a merge of two mappings
    that give one key took the last one's value, where YAML's merge takes the first: two
    readers of one file saw two surfaces. One merge, or several that do not overlap, still read."""
    from mcp_inspect.errors import InputError
    from mcp_inspect.snapshot.yaml_reader import parse_yaml

    with pytest.raises(InputError, match=said):
        parse_yaml(text, "f.yaml")
    assert parse_yaml("d: &s {type: string}\nx:\n  <<: *s\n  title: T\n", "f.yaml")["x"] == {"type": "string",
                                                                                          "title": "T"}
    merged = parse_yaml("a: &a {type: string}\nb: &b {title: T}\nx:\n  <<: [*a, *b]\n", "f.yaml")["x"]
    assert merged == {"type": "string", "title": "T"}



def test_a_number_yaml_1_1_and_1_2_read_two_ways_is_refused_in_the_configuration_too(tmp_path):
    """Hostile trial, round 6: the configuration is read by the surfaces' YAML reader, which now
    refuses a plain scalar YAML 1.1 (PyYAML) and 1.2 read as two values: ``010`` was a maximum
    drop of 8 to mcp-inspect and of 10 to a YAML 1.2 reader. The words on/off/yes/no stay
    booleans there (lint.rules documents them), and a key that takes no boolean refuses one."""
    from mcp_inspect.errors import InputError

    path = tmp_path / ".mcp-inspect.yml"
    path.write_text("lint:\n  fail_on_maturity_drop: 010\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"line 2 column 26: the unquoted 010 reads as the integer 8 in YAML 1\.1"):
        Config.load(path)
    path.write_text("llm:\n  enabled: yes\nlint:\n  rules:\n    MCP-013: off\n", encoding="utf-8")
    loaded = Config.load(path)
    assert loaded.llm.enabled is True and dict(loaded.lint.rules) == {"MCP-013": "off"}
    path.write_text("ignore:\n  - rule: tool.removed\n    reason: yes\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"ignore\[0\]\.reason: expected a string, got a boolean"):
        Config.load(path)
