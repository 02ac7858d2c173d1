"""The model review's settings: the configuration's llm: section, the command line, and the
refusals (a key in a file, an unknown setting, a missing client) that end a run at once."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from mcp_inspect.cli import app
from mcp_inspect.config.load import parse_config
from mcp_inspect.errors import InputError
from mcp_inspect.llm.providers import INSTALL_HINT
from mcp_inspect.llm.settings import (
    CONFIG_KEYS,
    CONFIG_SECTION,
    DEFAULT_MODELS,
    OPTION_NAMES,
    LlmSettings,
    with_options,
)

SNAPSHOT = str(ROOT / "snapshots" / "git-2025.11.25.json")
KEYS_SAID = "API keys are never read from a configuration file; set ANTHROPIC_API_KEY or OPENAI_API_KEY"


def load(tmp_path, text):
    from mcp_inspect.config.load import load_config

    path = tmp_path / ".mcp-inspect.yml"
    path.write_text(text)
    return load_config(path)


def test_the_section_sets_every_setting(tmp_path):
    config = load(tmp_path, "llm:\n  enabled: true\n  provider: ollama\n  model: qwen3:4b\n"
                            "  base_url: http://gpu-box:11434\n  timeout: 12.5\n  concurrency: 2\n")
    assert config.llm == LlmSettings(enabled=True, provider="ollama", model="qwen3:4b",
                                     base_url="http://gpu-box:11434", timeout=12.5, concurrency=2)
    assert load(tmp_path, "fail_on: BREAKING\n").llm == LlmSettings()  # off by default
    assert LlmSettings(provider="openai").model_name == DEFAULT_MODELS["openai"]


@pytest.mark.parametrize(("text", "line", "said"), [
    ("llm:\n  enabled: true\n  api_key: sk-live-123\n", 3, f"llm.api_key: {KEYS_SAID}"),
    ("llm:\n  apiKey: sk-live-123\n", 2, f"llm.apiKey: {KEYS_SAID}"),
    ("version: 1\ntoken: abc\n", 2, f"token: {KEYS_SAID}"),
    ("lint:\n  profile: claude\n  api-key: x\n", 3, f"lint.api-key: {KEYS_SAID}"),
    ("llm:\n  temperature: 0\n", 2, "llm.temperature is not a setting of the model review (expected one of: "
                                    f"{', '.join(CONFIG_KEYS)}); {KEYS_SAID}"),
])
def test_a_key_in_the_file_is_refused_with_its_line_and_where_keys_go(tmp_path, text, line, said):
    with pytest.raises(InputError) as caught:
        load(tmp_path, text)
    assert str(caught.value) == f"{tmp_path / '.mcp-inspect.yml'}:{line}: {said} in the environment"
    assert "sk-live-123" not in str(caught.value)  # the secret itself is never repeated


def test_a_renamed_tool_called_token_is_not_a_secret(tmp_path):
    assert load(tmp_path, "renames:\n  token: access_token\n").renames == {"token": "access_token"}


@pytest.mark.parametrize(("text", "said"), [
    ("llm:\n  provider: gemini\n", "'gemini' is not one of anthropic, openai, ollama"),
    ("llm:\n  base_url: ftp://example.org\n", "llm.base_url: 'ftp://example.org' is not an http(s):// URL"),
    ("llm:\n  model: two words\n", "llm.model: 'two words' is not a model name"),
    ("llm:\n  timeout: 0\n", "0 is less than or equal to the minimum of 0"),
    ("llm:\n  concurrency: 64\n", "64 is greater than the maximum of 16"),
    ("llm:\n  enabled: sometimes\n", "expected true or false, got a string"),
])
def test_a_bad_value_names_its_line(tmp_path, text, said):
    with pytest.raises(InputError, match=":2: ") as caught:
        load(tmp_path, text)
    assert said in str(caught.value)


def test_the_command_line_beats_the_file():
    base = LlmSettings(enabled=True, provider="openai", model="gpt-custom")
    assert with_options(base, enabled=False).enabled is False
    assert with_options(base, model="other").model == "other"
    switched = with_options(base, provider="ollama")  # the file's model was the other provider's
    assert (switched.provider, switched.model_name) == ("ollama", DEFAULT_MODELS["ollama"])
    assert with_options(base, cache=False).cache is False
    with pytest.raises(InputError, match="--llm-provider: unknown provider 'claude'"):
        with_options(base, provider="claude")


def test_a_bad_option_ends_the_run_before_any_work(runner):
    result = runner.invoke(app, ["lint", SNAPSHOT, "--llm", "--llm-provider", "bard"])
    assert result.exit_code == 2
    assert result.stderr == ("mcp-inspect: error: --llm-provider: unknown provider 'bard' "
                             "(expected anthropic, openai, ollama)\n")


def test_without_the_extra_llm_is_one_line_and_exit_2(runner, monkeypatch):
    monkeypatch.setitem(sys.modules, "anthropic", None)  # import anthropic now raises ImportError
    result = runner.invoke(app, ["lint", SNAPSHOT, "--llm"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"mcp-inspect: error: {INSTALL_HINT}\n"
    assert "pip install 'mcp-inspect[llm]'" in INSTALL_HINT
    assert runner.invoke(app, ["lint", SNAPSHOT]).exit_code == 0  # only --llm needs it


def test_no_command_imports_a_provider_client_unless_asked():
    code = ("import sys\n"
            "from typer.testing import CliRunner\n"
            "from mcp_inspect.cli import app\n"
            "pair = ['snapshots/git-2025.7.1.json', 'snapshots/git-2025.11.25.json']\n"
            "for fmt in ('text', 'json', 'sarif', 'markdown', 'github'):\n"
            "    assert CliRunner().invoke(app, ['diff', *pair, '--format', fmt]).exit_code == 1, fmt\n"
            "    assert CliRunner().invoke(app, ['lint', pair[1], '--format', fmt]).exit_code == 0, fmt\n"
            "clients = ('anthropic', 'openai', 'ollama', 'platformdirs', 'httpx2')\n"
            "print(sorted(m for m in clients if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_names_a_front_end_must_refuse_are_every_setting_and_option():
    assert CONFIG_SECTION == "llm"
    assert set(CONFIG_KEYS) == {"enabled", "provider", "model", "base_url", "timeout", "concurrency"}
    help_text = " ".join(runner_help(command) for command in ("lint", "diff"))
    assert all(option in help_text for option in OPTION_NAMES)
    assert parse_config({"llm": {"enabled": True}}, "request").llm.enabled  # what a service must look for


def runner_help(command):
    from typer.testing import CliRunner

    return CliRunner().invoke(app, [command, "--help"], terminal_width=200).stdout
