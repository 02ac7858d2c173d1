"""Patterns from a surface run on RE2 with ECMA-262's meaning (mcp_inspect/patterns/ecma.py),
and a pattern RE2 cannot run is never run at all."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import least_time

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
    ("a(?=b)", "a lookahead"), ("a(?!b)", "a lookahead"), ("^(?=a)b|c", "a lookahead"),
    ("^(?=(?!a))b", "a lookahead"), ("(?<=a)b", "a lookbehind"), ("(?<!a)b", "a lookbehind"),
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
    """Escapes that look ahead for a closing brace look only a few characters ahead: twenty times
    the pattern takes about twenty times as long (quadratic work would take four hundred times;
    the bound, 100, is five times either way), two timings on the same machine rather than a
    wall-clock bound a loaded or slower machine can miss."""
    from mcp_inspect.patterns.ecma import _NotRun, translate

    def run(size: int) -> None:
        with __import__("contextlib").suppress(_NotRun):
            translate(unit * size)

    small = max(least_time(lambda: run(10_000), 0.0), 0.002)  # below 2 ms the clock's noise would lead
    large = least_time(lambda: run(200_000), 100 * small)
    assert large < 100 * small, (small, large)


@pytest.mark.parametrize("pattern", HOSTILE)
def test_hostile_patterns_take_linear_time(pattern: str) -> None:
    """On RE2 both searches take well under a millisecond; a backtracking engine takes 2^48 steps on
    TEXT and never ends. The bound is hundreds of times the real cost, and a slow try is retried."""
    assert least_time(lambda: (search(pattern, TEXT), search(pattern, "a" * 10_000 + "!")), 0.5) < 0.5


def _surface(pattern: str, required: str) -> dict:
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "patternProperties": {pattern: {}},
                                                    "required": [required]}}]}


def _lint_cli(path: Path) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mcp_inspect", "lint", str(path), "--format", "json"],
                          capture_output=True, timeout=60, check=False)
    return time.perf_counter() - started, done


def test_cli_lint_of_the_hostile_patterns_finishes(tmp_path: Path) -> None:
    """The issue's surface, and its kin, through the real CLI: one run lints a tool per hostile
    pattern (each pattern run against its 49-character required name, where the backtracking
    engine never finished at 40) in about the time a run with a harmless pattern in each tool
    takes. One process for all of them (it was one per pattern, two processes each): the
    start-up is paid once, and the comparison is of like with like."""
    hostile, plain = tmp_path / "hostile.json", tmp_path / "plain.json"

    def surface(patterns: list[str]) -> dict:
        return {"tools": [{**_surface(p, TEXT)["tools"][0], "name": f"t{i}"} for i, p in enumerate(patterns)]}

    hostile.write_text(json.dumps(surface(HOSTILE)))
    plain.write_text(json.dumps(surface(["^x$"] * len(HOSTILE))))
    took, done = _lint_cli(hostile)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    assert sorted(report["maturity"]["perTool"]) == sorted(f"t{i}" for i in range(len(HOSTILE)))
    # Each pattern was run: the name is undeclared (MCP-008) exactly where the pattern does not match it.
    undeclared = {f["tool"] for f in report["findings"] if f["code"] == "MCP-008"}
    assert undeclared == {f"t{i}" for i, p in enumerate(HOSTILE) if not search(p, TEXT)} != set()
    baseline, _ = _lint_cli(plain)
    if took - baseline >= 1.0:  # a loaded machine: one more pair of runs before judging
        took, baseline = _lint_cli(hostile)[0], _lint_cli(plain)[0]
    assert took - baseline < 1.0, (took, baseline)


def test_mcp008_runs_the_pattern_and_skips_what_it_cannot_run() -> None:
    from mcp_inspect import api
    from mcp_inspect.serve.inline import surface_from_value

    def mcp008(pattern: str, name: str) -> int:
        report = api.lint(surface_from_value(_surface(pattern, name)["tools"], "tools", nameless=True),
                          api.lint_settings())
        return sum(1 for f in report.findings if f.code == "MCP-008")

    assert mcp008("^x_", "x_1") == 0
    assert mcp008("^x_", "y_1") == 1
    assert mcp008("(a+)+$", TEXT) == 1  # run, on RE2: no match, so the name is undeclared
    assert mcp008("^[a-z]+$", "abc\n") == 1  # ECMA's $, not Python's
    assert mcp008("y(?!x)", "z") == 0  # a lookahead is not run: the name is not judged
    assert mcp008("^(?!x)", "x") == 1  # one right after a leading ^ is run: x is refused


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


#: pydantic's pattern for a ``Decimal`` argument's string branch.
DECIMAL = r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$"


@pytest.mark.parametrize(("pattern", "text", "expected"), [
    (DECIMAL, "1", True), (DECIMAL, "-0.50", True), (DECIMAL, ".5", True),
    (DECIMAL, "", False), (DECIMAL, "-", False), (DECIMAL, "+.", False), (DECIMAL, "1e3", False),
    ("^(?=a)", "ab", True), ("^(?=a)", "ba", False), ("^(?!a)", "ba", True), ("^(?!a)", "ab", False),
    (r"^(?=.*\d)(?=.*[a-z])[a-z\d]{3,}$", "ab1", True),  # lookaheads one after another
    (r"^(?=.*\d)(?=.*[a-z])[a-z\d]{3,}$", "abc", False),
    ("^(?=[ab]c)(?:a|b)c$", "bc", True), ("^(?=a)(b|a)$", "b", False),
])
def test_a_lookahead_right_after_a_leading_caret_is_run_as_two_programs(pattern, text, expected):
    """``^(?=A)B`` (``^(?!A)B``) matches when ``^(?:A)`` matches (does not) and ``^B`` does:
    the lookahead stands at the very start, so both ask about the text from its first character."""
    import re

    assert not isinstance(compile_pattern(pattern), Unrunnable)
    assert search(pattern, text) is expected
    assert bool(re.search(pattern, text)) is expected  # Python's re, which has lookaheads, agrees


@pytest.mark.parametrize(("pattern", "text", "expected"), [
    ("^a", "a\ud800", True), ("^ab", "a\ud800", False), ("^a", "\ud800", False),  # the trial's calls
    ("^a.$", "a\udc00", True),  # ECMA-262 reads a lone surrogate as one code point: . holds it
    (r"^\S\D\W[^a]$", "\ud800\ud800\ud800\ud800", True),
    (r"^[\d\w\s]", "\ud800", False),
    (r"^[\u0000-\uffff]$", "\udfff", True),  # a range that spans the surrogates holds them
    (r"^[^\u0000-\uffff]$", "\udfff", False),
    (r"^[\ud000-\ue000]$", "\ud800", True),
    (r"^[\u{10000}-\u{10ffff}]$", "\ud800", False),  # the stand-ins lie in it: not a surrogate
    (r"^[a\u{10000}-\u{10ffff}]+$", "a\U0010fffe", True),
    (r"^\p{Cs}$", "\ud800", True), (r"^\P{Cs}$", "\ud800", False), (r"^[\P{Cs}a]$", "\ud800", False),
    (r"^[^\p{Cs}]$", "\ud800", False), (r"^\p{C}$", "\ud800", True), (r"^\p{L}$", "\ud800", False),
    (r"^\u{10ffff}$", "\ud800", False),  # a noncharacter in the pattern is not the stand-in
    (r"^\u{10ffff}.$", "\U0010ffff\ud800", True),  # a text holding the first stand-in: the next one
    (r"^.$", "\ud83d\ude00", True),  # the halves of a pair written apart are one code point
    ("^(?!b)a.$", "a\ud800", True),  # the leading lookahead's two programs, on the same text
    (r"x\b", "x\ud800", True),  # not a word character
])
def test_a_text_holding_a_lone_surrogate_gets_ecma_262s_answer(pattern: str, text: str, expected: bool) -> None:
    """Hostile trial, round 6: RE2's binding raised UnicodeEncodeError on a recorded string
    holding a lone surrogate ("a\\ud800"), and the replay counted the call as accepted by both
    sides. A lone surrogate is now run as a noncharacter the text does not hold, on a
    translation in which every atom holds that stand-in exactly when it holds a surrogate."""
    assert search(pattern, text) is expected


def test_a_text_holding_every_stand_in_is_not_run() -> None:
    every = "".join(map(chr, [*range(0xFDD0, 0xFDF0), *(p << 16 | low for p in range(17) for low in (0xFFFE, 0xFFFF))]))
    assert search("^a", "a\ud800" + every) is None
    assert search("^a", "a" + every) is True  # no lone surrogate: run as it is


def test_lone_surrogates_agree_with_node_where_it_is_installed() -> None:
    """A differential check against an ECMA-262 engine (node, ``u`` flag), when one is on the
    machine, on patterns whose atoms differ on a lone surrogate and texts holding them."""
    import random
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    atoms = ["a", ".", r"\d", r"\D", r"\w", r"\W", r"\s", r"\S", "[^a]", "[a-z]", r"[\u0000-\uffff]",
             r"[^\u0000-\uffff]", r"[\u{10000}-\u{10ffff}]", r"[^\u{10000}-\u{10ffff}]", r"\p{Cs}", r"\P{Cs}",
             r"[\p{Cs}a]", r"[\P{Cs}a]", r"[^\P{Cs}]", r"\u{10ffff}", r"[\ud000-\ue000]", r"[^\ud000-\ue000]",
             r"\b", r"[\S]", r"[^\S]", r"[\D-]", r"\p{L}", r"\P{L}", r"[^\p{Co}]", r"[\0-\uD7FF]", r"[\uE000-\uFFFD]"]
    chars = ["a", "1", " ", "\ud800", "\udc00", "\udfff", "\ue000", "\U0001f600", "\ud83d", "\ude00", "é", "\n"]
    rng = random.Random(6)
    cases = []
    for _ in range(2000):
        pattern = "".join(rng.choice(atoms) + rng.choice(["", "", "*", "+", "?"]) for _ in range(rng.randint(1, 4)))
        pattern = rng.choice(["", "^"]) + pattern + rng.choice(["", "$"])
        cases.append((pattern, "".join(rng.choice(chars) for _ in range(rng.randint(1, 5)))))
    script = ("const c=JSON.parse(require('fs').readFileSync(0,'utf8'));console.log(JSON.stringify("
              "c.map(([p,t])=>{try{return new RegExp(p,'u').test(t)}catch(e){return null}})))")
    done = subprocess.run([node, "-e", script], input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    answers = json.loads(done.stdout)
    wrong = [(p, t, a) for (p, t), a in zip(cases, answers, strict=True) if a is not None and search(p, t) is not a]
    assert wrong == []
