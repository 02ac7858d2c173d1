"""Patterns from a surface run on RE2 with ECMA-262's meaning (mcp_inspect/patterns/ecma.py),
and a pattern RE2 cannot run is never run at all."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mcp_inspect.patterns.ecma import Unrunnable, compile_pattern, search

#: The issue's pattern and its kin: each backtracks exponentially on Python's ``re``.
HOSTILE = ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*$", "((a+)+)+b", "(a+a+)+$", "^(a|a?)+$", "(.*a){20}$"]
TEXT = "a" * 48 + "!"


@pytest.mark.parametrize(("pattern", "text", "expected"), [
    (r"^\d+$", "123", True),
    (r"^\d+$", "١٢٣", False),  # ECMA's \d is ASCII only
    (r"^a$", "a\n", False),  # ECMA's $ is the very end; Python's re would match here
    (r"^a.b$", "a\nb", False),
    (r"^a.b$", "a\u2028b", False),  # . matches no line terminator in ECMA
    (r"^a.b$", "a\u00e9b", True),
    (r"^\s$", "\u00a0", True),  # ECMA's \s is Unicode white space
    (r"^\s$", "\ufeff", True),
    (r"^[\S]$", "\u3000", False),
    (r"^[\S]$", "x", True),
    (r"^\u00e9$", "\u00e9", True),
    (r"^\ud83d\ude00$", "\U0001f600", True),  # a surrogate pair is one code point
    (r"^\u{1F600}$", "\U0001f600", True),
    (r"^\cJ$", "\n", True),
    (r"^[\b]$", "\b", True),
    (r"^[]$", "", False),
    (r"^[^]$", "\n", True),
    (r"^(?<word>[a-z]+)_x$", "abc_x", True),
    (r"^\p{L}+$", "héllo", True),
    (r"^\p{Script=Greek}+$", "αβγ", True),
    (r"\/v1\/", "/v1/x", True),
    (r"^[a-z-]+$", "a-b", True),
    (r"x_", "ax_b", True),  # unanchored, as JSON Schema's pattern
])
def test_ecma_meaning(pattern: str, text: str, expected: bool) -> None:
    assert search(pattern, text) is expected


@pytest.mark.parametrize(("pattern", "reason"), [
    ("^(?=a)", "a lookahead"), ("^(?!a)", "a lookahead"), ("(?<=a)b", "a lookbehind"), ("(?<!a)b", "a lookbehind"),
    (r"(a)\1", "a backreference"), (r"(?<n>a)\k<n>", "a backreference"), (r"\ud800", "a lone surrogate"),
    ("a{1001}", "not a valid pattern, or one RE2 cannot run"), ("(", "not a valid pattern, or one RE2 cannot run"),
])
def test_what_re2_cannot_run_is_not_run(pattern: str, reason: str) -> None:
    assert compile_pattern(pattern) == Unrunnable(reason)
    assert search(pattern, "ab") is None


def test_a_pattern_past_the_length_limit_is_not_run() -> None:
    from mcp_inspect.limits import MAX_PATTERN_CHARS

    assert search("a" * MAX_PATTERN_CHARS, "a" * MAX_PATTERN_CHARS) is True
    assert search("a" * (MAX_PATTERN_CHARS + 1), "a" * (MAX_PATTERN_CHARS + 1)) is None


@pytest.mark.parametrize("unit", [r"\u{", r"\p{", "\\u{1", "(", "["])
def test_translation_is_linear_in_the_pattern(unit: str) -> None:
    """Escapes that look ahead for a closing brace look only a few characters ahead."""
    from mcp_inspect.patterns.ecma import _NotRun, translate

    started = time.perf_counter()
    with __import__("contextlib").suppress(_NotRun):
        translate(unit * 200_000)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize("pattern", HOSTILE)
def test_hostile_patterns_take_linear_time(pattern: str) -> None:
    started = time.perf_counter()
    search(pattern, TEXT)
    search(pattern, "a" * 10_000 + "!")
    assert time.perf_counter() - started < 0.5


def _surface(pattern: str, required: str) -> dict:
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "patternProperties": {pattern: {}},
                                                    "required": [required]}}]}


@pytest.mark.parametrize("pattern", HOSTILE)
def test_cli_lint_of_a_hostile_pattern_finishes(pattern: str, tmp_path: Path) -> None:
    """The issue's surface, and its kin, through the real CLI: under a second each (the run's
    start-up aside), where the backtracking engine never finished at 40 characters."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_surface(pattern, TEXT)))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mcp_inspect", "lint", str(path), "--format", "json"],
                   capture_output=True, timeout=30, check=False)
    baseline = time.perf_counter() - started
    path.write_text(json.dumps(_surface("^x$", TEXT)))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mcp_inspect", "lint", str(path), "--format", "json"],
                   capture_output=True, timeout=30, check=False)
    assert baseline - (time.perf_counter() - started) < 1.0


def test_mcp008_runs_the_pattern_and_skips_what_it_cannot_run() -> None:
    from mcp_inspect import api
    from mcp_inspect.facade.service import surface_from_value

    def mcp008(pattern: str, name: str) -> int:
        report = api.lint(surface_from_value(_surface(pattern, name)["tools"], "tools", nameless=True),
                          api.lint_settings())
        return sum(1 for f in report.findings if f.code == "MCP-008")

    assert mcp008("^x_", "x_1") == 0
    assert mcp008("^x_", "y_1") == 1
    assert mcp008("(a+)+$", TEXT) == 1  # run, on RE2: no match, so the name is undeclared
    assert mcp008("^[a-z]+$", "abc\n") == 1  # ECMA's $, not Python's
    assert mcp008("^(?!x)", "y") == 0  # a lookahead is not run: the name is not judged


def test_re2_agrees_with_a_backtracking_engine_where_the_dialects_agree() -> None:
    """On small generated patterns and texts whose meaning ECMA-262, RE2 and Python share
    (no line terminators, ASCII), the translated pattern finds exactly what Python's re finds.
    Python's re runs here on the test's own tiny patterns only, never on a surface's."""
    import re

    from hypothesis import given, settings
    from hypothesis import strategies as st

    atoms = st.sampled_from(["a", "b", ".", r"\d", r"\w", r"\s", "[ab]", "[^a]", "(a|b)", "(ab)", "x", "1", " "])
    quantifiers = st.sampled_from(["", "", "*", "+", "?", "{2}", "{1,2}", "*?"])
    patterns = st.builds(lambda anchor, parts, end: anchor + "".join(parts) + end, st.sampled_from(["", "^"]),
                         st.lists(st.builds(lambda a, q: a + q, atoms, quantifiers), min_size=1, max_size=5),
                         st.sampled_from(["", "$"]))
    texts = st.text(alphabet="ab x1_", max_size=8)

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(patterns, texts)
    def agree(pattern: str, text: str) -> None:
        assert search(pattern, text) is (re.search(pattern, text) is not None), (pattern, text)

    agree()
