"""Every consecutive pair of real releases, both ways: no error, deterministic, quiet on itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import corpus_releases

from mcp_inspect import diff, load
from mcp_inspect.report.json_report import render_json

PAIRS = [(a, b) for releases in corpus_releases().values() for a, b in zip(releases, releases[1:], strict=False)]
FILES = [path for releases in corpus_releases().values() for path in releases]


def _name(path: Path) -> str:
    return f"{path.parent.name}-{path.stem}"


@pytest.mark.parametrize("old,new", PAIRS, ids=[f"{_name(a)}..{b.stem}" for a, b in PAIRS])
def test_pair_diffs_both_ways_deterministically(old: Path, new: Path) -> None:
    for before, after in ((old, new), (new, old)):
        first = render_json(diff(load(str(before)), load(str(after))))
        second = render_json(diff(load(str(before)), load(str(after))))
        assert first == second


@pytest.mark.parametrize("path", FILES, ids=[_name(p) for p in FILES])
def test_a_release_against_itself_is_quiet(path: Path) -> None:
    snap = load(str(path))
    assert diff(snap, load(str(path))).findings == []


def test_known_real_changes_are_classified():
    """Spot checks a maintainer would recognise (see docs/examples.md)."""
    base = Path(__file__).resolve().parent.parent / "data" / "corpus"
    git = diff(load(str(base / "git/2025.7.1.json")), load(str(base / "git/2025.11.25.json")))
    assert ("tool.removed", "git_init", "BREAKING") in {
        (f.rule, f.entity.name, f.severity.name) for f in git.findings}
    memory = diff(load(str(base / "memory/2025.8.4.json")), load(str(base / "memory/2025.9.25.json")))
    tightened = [f for f in memory.findings if f.rule == "tool.input.constraint.tightened"]
    assert tightened and all(f.path.endswith("additionalProperties") for f in tightened)
    # Only the SDK's serialisation changed: the spellings fold to the same canonical form.
    fetch = diff(load(str(base / "fetch/2026.8.18.json")), load(str(base / "fetch/2026.10.24.json")))
    assert not [f for f in fetch.findings if "max_length" in f.path and "constraint" in f.rule]
