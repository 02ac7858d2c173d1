"""The revisions the documentation tells users to pin exist, or are the tags the release
steps create (issue #22: the docs pinned `rev: v0.1.0`, a tag that never existed)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from conftest import ROOT

from mcp_inspect import __version__

CI = (ROOT / "docs" / "ci.md").read_text()


def _exists_in_history(rev: str) -> bool | None:
    """Whether ``rev`` names a commit of this repository; None when git cannot tell here."""
    if shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0 and subprocess.run(["git", "rev-parse", "--git-dir"], cwd=ROOT,
                                               capture_output=True).returncode != 0:
        return None  # not a checkout (an unpacked sdist)
    return done.returncode == 0


def test_the_documented_pre_commit_rev_exists_or_is_this_versions_release_tag():
    revs = re.findall(r"^\s+rev:\s*(\S+)", CI, flags=re.M)
    assert revs, "docs/ci.md shows no pre-commit rev"
    release_tag = f"v{__version__}"
    for rev in revs:
        if rev == release_tag:
            continue  # created by the release steps, which the page must describe
        exists = _exists_in_history(rev)
        if exists is None:
            pytest.skip("not a git checkout")
        assert exists, f"docs/ci.md pins rev {rev!r}, which is neither in this repository nor {release_tag}"


def test_the_release_steps_create_the_tags_the_docs_pin():
    steps = CI.split("## Releasing", 1)[1]
    assert re.search(r"git tag -a v\d+\.\d+\.\d+", steps) and "git push origin v" in steps
    assert "git tag -f v0" in steps  # the Action's examples use …@v0
    assert re.search(r"uses: mcp-inspect/mcp-inspect@v0\b", CI)
