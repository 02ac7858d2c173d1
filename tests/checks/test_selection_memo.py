"""A selection is made once per catalogue and settings, and reused (checks/selection.py):
a worker of ``mcp-inspect serve`` resolves the same configuration for every request."""

from __future__ import annotations

from dataclasses import replace

from mcp_inspect.catalogue import Catalogue, default_catalogue
from mcp_inspect.checks import selection
from mcp_inspect.checks.settings import LintSettings

CATALOGUE = default_catalogue()
SPEC = LintSettings().spec_version


def test_the_same_settings_give_the_same_selection_object() -> None:
    first = selection.resolve(CATALOGUE, ["recommended"], ["SEC"], [("BP-001", "error")], SPEC)
    again = selection.resolve(CATALOGUE, ("recommended",), ("SEC",), (("BP-001", "error"),), SPEC)
    assert again is first


def test_the_reused_selection_is_what_a_fresh_one_is() -> None:
    for select, ignore, rules in ((("ALL",), (), ()), (("recommended",), ("NAM",), (("SEC-001", "off"),)),
                                  (("MCP", "SEC-00*"), ("SEC-002",), (("BP-001", "warning"),))):
        kept = selection.resolve(CATALOGUE, select, ignore, rules, SPEC)
        assert selection.resolve(CATALOGUE, select, ignore, rules, SPEC) is kept
        assert kept == selection._resolve(CATALOGUE, select, ignore, rules, SPEC)


def test_other_settings_or_another_catalogue_resolve_afresh() -> None:
    everything = selection.resolve(CATALOGUE, ("ALL",), (), (), SPEC)
    assert selection.resolve(CATALOGUE, ("ALL",), ("SEC",), (), SPEC).codes < everything.codes
    # Another catalogue with the same ids but every check in the recommended set: its
    # "recommended" is everything, never the default catalogue's selection.
    widened = Catalogue(CATALOGUE.rules, {c: replace(r, recommended=True) for c, r in CATALOGUE.lint.items()},
                        CATALOGUE.phrases)
    default = selection.resolve(CATALOGUE, ("recommended",), (), (), SPEC)
    wide = selection.resolve(widened, ("recommended",), (), (), SPEC)
    assert wide is not default
    assert wide.codes == everything.codes != default.codes


def test_the_kept_selections_are_bounded() -> None:
    for n in range(selection.RESOLVED_KEPT + 10):
        selection.resolve(CATALOGUE, ("ALL",), (), (("BP-001", "on"),) * (n + 1), SPEC)
    assert len(selection._RESOLVED) <= selection.RESOLVED_KEPT
