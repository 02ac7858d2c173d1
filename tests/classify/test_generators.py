"""Spellings as the generators write them (issue 34): every edit of every generator
catalogue, diffed from the committed old and new tool lists, gives the findings the
contract expects on its tool.

The check is exact: the tool's findings are the expected multiset of (rule, severity),
neither more nor fewer. "Present, and nothing more severe" would let a second finding for
one fact through at the same severity (a type change plus its new keywords, each
BREAKING), which is one of the things these pairs are here to catch. The pairs were made
by scripts/generators/regenerate.py; nothing here needs a registry.
"""

from __future__ import annotations

import functools
import json
import sys

import pytest
from conftest import ROOT

from mcp_inspect import load
from mcp_inspect.classify.engine import diff_snapshots

sys.path.insert(0, str(ROOT / "scripts" / "generators"))
from catalogue import DATA, GENERATORS, by_tool, cases, expected, source_digest, tool_name  # noqa: E402
from table import BEGIN, END, NOTES, render  # noqa: E402

CASES = [pytest.param(generator, case, id=f"{generator}-{case['id']}",
                      marks=[pytest.mark.xfail(strict=True, reason=case["known"])] if "known" in case else [])
         for generator in GENERATORS for case in cases(generator)]


@functools.cache
def findings(generator: str) -> dict[str, list[tuple[str, str]]]:
    """The findings of the generator's pair, by tool (the classification alone: no
    configuration, so each finding keeps its rule's severity, and no witness search)."""
    report = diff_snapshots(load(str(DATA / generator / "old.json")), load(str(DATA / generator / "new.json")))
    return by_tool([(f.entity.name, f.rule, f.severity.name) for f in report.findings])


@pytest.mark.parametrize("generator,case", CASES)
def test_edit_gives_the_contracts_findings(generator: str, case: dict) -> None:
    got = findings(generator).get(tool_name(case), [])
    assert got == expected(case, generator), f"{case['edit']}: got {got}"


@pytest.mark.parametrize("generator", list(GENERATORS))
def test_every_finding_is_on_a_case(generator: str) -> None:
    """Nothing outside the cases' tools changed (the server, a tool the cases do not name)."""
    names = {tool_name(case) for case in cases(generator)}
    assert set(findings(generator)) <= names


@pytest.mark.parametrize("generator", list(GENERATORS))
def test_the_pair_was_written_from_the_committed_sources_at_the_pinned_versions(generator: str) -> None:
    """A catalogue source edited without regenerating, or a pin moved without it, leaves the
    committed pair describing something else."""
    recorded = json.loads((DATA / generator / "versions.json").read_text(encoding="utf-8"))
    assert recorded["sources"] == source_digest(generator), "run python scripts/generators/regenerate.py"
    pins = GENERATORS[generator].get("npm", []) + GENERATORS[generator].get("pip", [])
    for pin in pins:
        package, version = pin.rsplit("@", 1) if "@" in pin[1:] else pin.split("==")
        assert recorded["packages"][package] == version, pin
    names = [tool_name(case) for case in cases(generator)]
    for side in ("old", "new"):
        listed = json.loads((DATA / generator / f"{side}.json").read_text(encoding="utf-8"))["tools"]
        assert sorted(tool["name"] for tool in listed) == sorted(names)


@pytest.mark.parametrize("generator", list(GENERATORS))
def test_catalogue_is_large_enough_and_names_its_tools_once(generator: str) -> None:
    names = [tool_name(case) for case in cases(generator)]
    assert len(names) >= 40
    assert len(set(names)) == len(names)


def test_notes_hold_the_generated_table() -> None:
    text = NOTES.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/classification-notes.md lacks the generator table's markers"
    committed = text[text.index(BEGIN):text.index(END) + len(END)]
    assert committed == render(), "run python scripts/generators/regenerate.py --write-doc"
