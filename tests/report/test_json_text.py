"""report/json_text.dumps writes exactly what json.dumps(indent=2, ensure_ascii=False) writes."""

from __future__ import annotations

import enum
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.api import diff, load, render
from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.report.json_report import diff_to_json
from mcp_inspect.report.json_text import dumps
from mcp_inspect.report.sarif import sarif_log
from mcp_inspect.text.invisible import INVISIBLE

DATA = Path(__file__).resolve().parent.parent / "data"


def reference(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


class Colour(enum.StrEnum):
    red = "red"


class Level(enum.IntEnum):
    high = 3


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
    st.text(), st.sampled_from([Colour.red, Level.high, "\n", "\u2028", "\x00", '"\\', "é🙂"]),
)
keys = st.one_of(st.text(max_size=8), st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=8), inner, max_size=5),
        st.dictionaries(keys, inner, max_size=3),
    ),
    max_leaves=40,
)


# The example counts are a sampling budget, not a contract: each run draws new values, and the
# writer is compared with json.dumps itself (500 and 300 examples took ~12 s of drawing alone).
@settings(max_examples=200)
@given(values)
def test_same_text_as_json_dumps(value: object) -> None:
    assert dumps(value) == reference(value)


_RAW = re.compile(f"[\\x7f-\\x9f\\u200b-\\u200f\\u2028\\u2029{INVISIBLE}]")
_HOSTILE = st.text(st.one_of(st.sampled_from(list("\x7f\x9b\u061c\u202e\u2028\U000e0049\\\"é")), st.characters()))
inert_values = st.recursive(_HOSTILE, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(_HOSTILE, inner, max_size=4)), max_leaves=20)


@settings(max_examples=80)
@given(inert_values)
def test_inert_text_is_the_same_json_with_nothing_raw(value: object) -> None:
    written = dumps(value, inert=True)
    assert json.loads(written) == value
    assert not _RAW.search(written)
    if not _RAW.search(reference(value)):
        assert written == reference(value)  # nothing to escape: byte for byte the same


@pytest.mark.parametrize("value", [{}, [], {"a": {}}, {"a": []}, [[], {}], {"a": [1, {"b": None}]}, "x", 0, -0.0])
def test_empty_and_small_containers(value: object) -> None:
    assert dumps(value) == reference(value)


def test_a_real_report_with_diff_and_lint_findings() -> None:
    old = load(str(DATA / "corpus" / "git" / "2025.7.1.json"))
    new = load(str(DATA / "corpus" / "git" / "2025.11.25.json"))
    result = diff(old, new, lint=LintSettings())
    assert result.changes and result.introduced + result.inherited
    assert render(result, "json") == reference(diff_to_json(result)) + "\n"
    assert render(result, "sarif") == reference(sarif_log(result, default_catalogue())) + "\n"
