"""The GitHub Action, run locally: its one script with the environment GitHub would give it.

The Action itself cannot run here, so the test runs the same script the Action's step
runs (scripts/action-diff.sh) with the inputs as environment variables, and checks what
GitHub would see: the exit code, annotations on stdout, the job summary, the SARIF file
and the step outputs. It also checks that action.yml and the documented workflow agree.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import DATA, ROOT

ACTION = yaml.safe_load((ROOT / "action.yml").read_text())
INPUTS = set(ACTION["inputs"])


@pytest.fixture
def github_env(tmp_path):
    """A PATH where `mcp-inspect` and `python` are this interpreter, plus GitHub's files."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, body in (("mcp-inspect", f'exec "{sys.executable}" -m mcp_inspect "$@"'),
                       ("python", f'exec "{sys.executable}" "$@"')):
        shim = bin_dir / name
        shim.write_text(f"#!/usr/bin/env bash\n{body}\n")
        shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    runner_temp = tmp_path / "runner"
    runner_temp.mkdir()
    env = {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(ROOT),
        "HOME": str(tmp_path),
        "RUNNER_TEMP": str(runner_temp),
        "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "CONFIG": "", "FAIL_ON": "", "SARIF": "", "SUMMARY": "true", "ANNOTATIONS": "true",
        "ALLOW_MISSING_BASELINE": "true",
    }
    return tmp_path, env


def _run(env, cwd=ROOT, **inputs):
    env = {**env, **{k.upper(): v for k, v in inputs.items()}}
    return subprocess.run(["bash", str(ROOT / "scripts" / "action-diff.sh")], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def _outputs(path):
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)


def test_breaking_change_fails_with_annotations_summary_sarif_and_outputs(github_env):
    tmp, env = github_env
    sarif = tmp / "out.sarif"
    done = _run(env, baseline="snapshots/git-2025.7.1.json", current="snapshots/git-2025.11.25.json",
                sarif=str(sarif))
    assert done.returncode == 1, done.stderr
    assert "::error " in done.stdout and "tool.removed" in done.stdout
    assert "git&#95;init" in (tmp / "summary.md").read_text()  # the entity, HTML-escaped in <summary>
    assert json.loads(sarif.read_text())["version"] == "2.1.0"
    outputs = _outputs(tmp / "output.txt")
    assert outputs["gate"] == "fail" and outputs["breaking"] == "1"
    assert json.loads(Path(outputs["report"]).read_text())["summary"]["gate"] == "fail"


def test_passing_change_with_a_lower_gate_and_no_annotations(github_env):
    tmp, env = github_env
    case = DATA / "cases" / "tool-added"
    done = _run(env, baseline=str(case / "old.json"), current=str(case / "new.json"), annotations="false")
    assert done.returncode == 0, done.stderr
    assert "::" not in done.stdout
    assert _outputs(tmp / "output.txt")["gate"] == "pass"
    failing = _run(env, baseline=str(case / "old.json"), current=str(case / "new.json"), fail_on="NON_BREAKING")
    assert failing.returncode == 1


def test_bad_input_fails_with_exit_2_and_one_line(github_env):
    _, env = github_env
    done = _run(env, baseline="missing.json", current="snapshots/git-2025.11.25.json")
    assert done.returncode == 2
    assert done.stderr.strip() == "mcp-inspect: error: missing.json: no such file"


def test_inputs_cannot_inject_shell(github_env):
    tmp, env = github_env
    marker = tmp / "pwned"
    done = _run(env, baseline=f"snapshots/git-2025.7.1.json; touch {marker}",
                current="snapshots/git-2025.11.25.json")
    assert done.returncode == 2 and not marker.exists()


def test_action_steps_use_only_declared_inputs_and_the_script():
    text = (ROOT / "action.yml").read_text()
    used = set(re.findall(r"inputs\.([\w-]+)", text))
    assert used <= INPUTS and {"baseline", "current"} <= used
    assert ACTION["runs"]["using"] == "composite"
    assert any("scripts/action-diff.sh" in step.get("run", "") for step in ACTION["runs"]["steps"])
    for step in ACTION["runs"]["steps"]:
        # Inputs go through env:, never straight into a script.
        assert "${{ inputs." not in step.get("run", ""), step


def test_documented_workflow_is_valid_and_uses_only_documented_inputs():
    doc = (ROOT / "docs" / "ci.md").read_text()
    workflow = yaml.safe_load(doc.split("<!-- example-workflow -->\n```yaml\n", 1)[1].split("```", 1)[0])
    steps = workflow["jobs"]["mcp-inspect"]["steps"]
    ours = [s for s in steps if str(s.get("uses", "")).startswith("mcp-inspect/mcp-inspect")]
    assert len(ours) == 1
    assert set(ours[0]["with"]) <= INPUTS
    assert {n for n, spec in ACTION["inputs"].items() if spec.get("required")} <= set(ours[0]["with"])
    for name in INPUTS:
        assert f"`{name}`" in doc, f"input {name} is not documented in docs/ci.md"


def test_a_file_input_turned_into_an_mcp_json_runs_nothing(github_env):
    """Both inputs are files, so the Action reads them and nothing else: a pull request
    that replaces its surface with an mcp.json gets exit 2, not its command run."""
    tmp, env = github_env
    marker = tmp / "pwned"
    config = tmp / "surface.json"
    config.write_text(json.dumps({"mcpServers": {"x": {"command": "sh", "args": ["-c", f"touch {marker}"]}}}))
    done = _run(env, baseline="snapshots/git-2025.7.1.json", current=str(config))
    assert done.returncode == 2, done.stderr
    assert "MCP_INSPECT_OFFLINE is set" in done.stderr and not marker.exists()


def _read_boolean(value: str) -> str:
    """What the script's own read_boolean makes of ``value``: the script up to its first call
    (its settings and functions), then one call, in bash, without running the diff."""
    script = (ROOT / "scripts" / "action-diff.sh").read_text()
    head = script[:script.index("\nread_boolean summary ")]
    done = subprocess.run(["bash", "-c", head + '\nread_boolean got value "$VALUE" true\nprintf %s "$got"'],
                          env={**os.environ, "VALUE": value}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("on", ["true", "True", "TRUE", "yes", "Yes", "1"])
def test_on_inputs_are_read_in_any_letter_case(on):
    assert _read_boolean(on) == "true"


@pytest.mark.parametrize("off", ["false", "False", "NO", "0"])
def test_off_inputs_are_read_in_any_letter_case(off):
    assert _read_boolean(off) == "false"


# What an on and an off input do to a run, once each (the spellings above all read as these):


def test_an_on_input_writes_the_summary_and_the_annotations(github_env):
    tmp, env = github_env
    done = _run(env, baseline="snapshots/git-2025.7.1.json", current="snapshots/git-2025.11.25.json",
                summary="Yes", annotations="TRUE")
    assert done.returncode == 1, done.stderr
    assert "::error " in done.stdout and "tool.removed" in (tmp / "summary.md").read_text()


def test_an_off_input_leaves_the_summary_and_the_annotations_out(github_env):
    tmp, env = github_env
    done = _run(env, baseline="snapshots/git-2025.7.1.json", current="snapshots/git-2025.11.25.json",
                summary="False", annotations="NO")
    assert done.returncode == 1, done.stderr
    assert "::" not in done.stdout and not (tmp / "summary.md").exists()


@pytest.mark.parametrize("value", ["ture", "on-ish", "2", "y\n::error::forged"])
def test_another_boolean_value_is_an_error_not_a_quiet_off(github_env, value):
    tmp, env = github_env
    done = _run(env, baseline="snapshots/git-2025.7.1.json", current="snapshots/git-2025.11.25.json",
                summary=value)
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("::error title=mcp-inspect::input summary must be true or false")
    assert not (tmp / "summary.md").exists()


def _git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_first_run_without_a_baseline_passes_and_says_how_to_create_it(github_env):
    """The first pull request: the base branch has no snapshot yet. The job passes with a
    notice and a summary saying what to commit; once committed, the next change is compared."""
    tmp, env = github_env
    repo = tmp / "repo"
    (repo / "snapshots").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "start")
    surface = repo / "snapshots" / "server.json"
    surface.write_text((ROOT / "snapshots" / "git-2025.7.1.json").read_text())
    inputs = {"baseline": "git:main:snapshots/server.json", "current": "snapshots/server.json"}

    first = _run(env, cwd=repo, **inputs)
    assert first.returncode == 0, first.stderr
    assert "notice: no baseline yet (snapshots/server.json does not exist at main yet)" in first.stderr
    assert first.stdout.startswith("::notice title=mcp-inspect::No baseline yet at git:main:snapshots/server.json")
    summary = (tmp / "summary.md").read_text()
    assert "no baseline yet" in summary and "Commit the surface (`snapshots/server.json`)" in summary
    assert _outputs(tmp / "output.txt") == {"gate": "pass", "breaking": "0", "report": ""}

    strict = _run(env, cwd=repo, allow_missing_baseline="false", **inputs)
    assert strict.returncode == 2 and "cannot read 'snapshots/server.json' at 'main'" in strict.stderr

    # The baseline is committed; the next pull request removes a tool and is compared with it.
    _git(repo, "add", ".")
    _git(repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "baseline")
    surface.write_text((ROOT / "snapshots" / "git-2025.11.25.json").read_text())
    (tmp / "output.txt").unlink()
    later = _run(env, cwd=repo, **inputs)
    assert later.returncode == 1, later.stderr
    assert "tool.removed" in later.stdout and _outputs(tmp / "output.txt")["gate"] == "fail"
