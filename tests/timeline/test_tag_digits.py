"""A release name whose digits ``int`` refuses (``²``, which ``str.isdigit`` takes) or that
holds more digits than a version number has orders as text, instead of ending ``history``
with an internal error."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from mcp_inspect.cli import app
from mcp_inspect.limits import MAX_VERSION_DIGITS
from mcp_inspect.timeline.sources import version_key

HUGE = "9" * 5000


@pytest.mark.parametrize("name", ["²", "v²", "1.²", "٣", "1.٣.0", HUGE, f"1.{HUGE}", "v" + HUGE],
                         ids=["superscript", "v-superscript", "dotted-superscript", "arabic-indic", "dotted-arabic",
                              "5000-digits", "dotted-5000", "v-5000"])
def test_a_name_whose_digits_are_no_number_orders_as_text(name):
    assert version_key(name)  # no error
    assert sorted(["1.0.0", name, "2.0.0"], key=version_key)  # comparable with versions


def test_versions_still_order_as_numbers():
    longest = "9" * MAX_VERSION_DIGITS + ".0"
    names = ["v1.10.0", "²", "1.2.0", "1.0.0-rc.1", "1.0.0", "V1.3.0", longest]
    assert sorted(names, key=version_key) == ["1.0.0-rc.1", "1.0.0", "1.2.0", "V1.3.0", "v1.10.0", longest, "²"]
    assert version_key("v1.2") == version_key("1.2") == version_key("V1.2")


def _git(cwd, *args):
    env = dict(os.environ, GIT_AUTHOR_DATE="2025-01-01T10:00:00+00:00", GIT_COMMITTER_DATE="2025-01-01T10:00:00+00:00")
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_tag_named_with_a_superscript_digit_is_a_release(tmp_path, monkeypatch, runner):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    for tag, types in (("v1.0.0", ["string", "integer"]), ("²", "string")):
        snapshot = {"tools": [{"name": "t", "description": "Does t.",
                               "inputSchema": {"type": "object", "properties": {"a": {"type": types}}}}]}
        (tmp_path / "s.json").write_text(json.dumps(snapshot), encoding="utf-8")
        _git(tmp_path, "add", ".")
        _git(tmp_path, "commit", "-q", "-m", tag)
        _git(tmp_path, "tag", tag)
    monkeypatch.chdir(tmp_path)
    done = runner.invoke(app, ["history", "git:v1.0.0..HEAD:s.json", "--no-lint"])
    assert done.exit_code == 0, done.output
    assert "internal error" not in done.output
    assert "²" in done.stdout and "type narrowed" in done.stdout
