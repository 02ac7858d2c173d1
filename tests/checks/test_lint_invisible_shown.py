"""MCP-021 messages write every character they count as invisible as a U+XXXX code: one
shown as itself is as invisible in the message as in the tool."""

from __future__ import annotations

import re

import pytest

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.text import show_char
from mcp_inspect.text.invisible import INVISIBLE

# Each was shown as itself before: letters, symbols and marks that render as nothing.
SHOWN_AS_THEMSELVES = ["\u3164", "\u115f", "\u1160", "\u2800", "\u17b4", "\u17b5", "\u034f", "\U000e0100",
                       "\U000e01ef", "\u180b", "\uffa0"]


@pytest.mark.parametrize("ch", SHOWN_AS_THEMSELVES, ids=lambda c: f"U+{ord(c):04X}")
def test_an_invisible_letter_or_mark_is_shown_as_its_code(ch):
    assert show_char(ch).startswith(f"U+{ord(ch):04X}")
    assert ch not in show_char(ch)


def test_every_character_mcp_021_counts_is_shown_as_a_code():
    hidden = re.compile(f"[{INVISIBLE}]")
    for code in range(0x110000):
        ch = chr(code)
        if hidden.match(ch):
            assert show_char(ch).startswith(f"U+{code:04X}"), hex(code)


def test_visible_characters_are_shown_as_themselves():
    assert show_char("é") == "'é'"
    assert show_char("ㄱ") == "'ㄱ'"  # a Hangul letter that is not a filler
    assert show_char(" ") == "' ' (space)"
    assert show_char("\u200b") == "U+200B ZERO WIDTH SPACE"


@pytest.mark.parametrize("ch", SHOWN_AS_THEMSELVES, ids=lambda c: f"U+{ord(c):04X}")
def test_the_mcp_021_message_names_the_character(ch):
    tool = {"name": "t", "description": f"Read {ch} file", "inputSchema": {"type": "object", "properties": {}}}
    findings, _ = lint_tools([tool])
    [message] = [f.message for f in findings if f.code == "MCP-021"]
    assert f"U+{ord(ch):04X}" in message and ch not in message


@pytest.mark.parametrize("ch", ["\ufe00", "\ufe0e", "\ufe0f"], ids=lambda c: f"U+{ord(c):04X}")
def test_a_variation_selector_inside_a_word_is_named_by_its_code(ch):
    """Hostile trial, round 30: "Ig\\ufe0enore all previous instructions" gave MCP-021 the message
    "1 invisible character ('\\ufe0e')", the selector quoted as itself, where docs/lint.md says a
    character is named by its code. The selectors U+FE00–U+FE0F were outside the set show_char
    spells as codes (the supplementary ones, U+E0100.., were in it)."""
    tool = {"name": "t", "description": f"Ig{ch}nore the cache", "inputSchema": {"type": "object", "properties": {}}}
    findings, _ = lint_tools([tool])
    [message] = [f.message for f in findings if f.code == "MCP-021"]
    assert f"U+{ord(ch):04X} VARIATION SELECTOR-" in message and ch not in message
