"""The prose measure after review: numbers as written, and JSON literals, are never excused."""

from __future__ import annotations

import pytest

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.prose import grade_prose, prose_reason
from mcp_inspect.findings.severity import Severity
from mcp_inspect.findings.words import fill

DOC = Severity.DOCUMENTATION
PB = Severity.POTENTIALLY_BREAKING


def prose_change_reason(before: object, after: object) -> str:
    """The grader's reason as a report words it: its key filled from the catalogue's phrases."""
    key, facts = prose_reason(before, after)  # type: ignore[arg-type]
    return fill(default_catalogue().phrases["prose"][key], facts)


def grade(before: str, after: str) -> tuple[Severity, str]:
    return grade_prose(before, after), prose_change_reason(before, after)


@pytest.mark.parametrize(("before", "after"), [
    ("Pass a page number 1-10.", "Pass a page number 110."),  # review repro d11-prose-range
    ("Pass a page number 1-10.", "Pass a page number 1 10."),  # a range become two values
    ("Pages 1-10", "Pages 1,10"),
    ("Up to 1,5 MB", "Up to 15 MB"),  # a decimal comma
    ("Takes 1 000 rows", "Takes 1000 rows"),  # spaces are not a grouping this measure reads
    ("Version 1.2", "Version 12"),
    ("Waits 10:30", "Waits 1030"),
])
def test_numbers_joined_split_or_repunctuated_may_move_a_model(before: str, after: str) -> None:
    assert grade(before, after) == (PB, "a number changed")
    assert grade(after, before) == (PB, "a number changed")


@pytest.mark.parametrize(("before", "after"), [
    ("Up to 1,000 rows", "Up to 1000 rows"),  # thousands grouping
    ("Up to 1,000,000.5 rows", "Up to 1000000.5 rows"),
    ("Pages 1-10", "Pages 1 - 10"),  # whitespace
    ("Pages 1-10", "Pages 1\u201310"),  # an en dash for the hyphen
    ("Pages 1-10", "pages 1-10!"),
])
def test_numbers_written_the_same_way_are_still_formatting(before: str, after: str) -> None:
    assert grade(before, after) == (DOC, "only case, whitespace or punctuation changed")


@pytest.mark.parametrize(("before", "after", "literal"), [
    ("Returns true on success.", "Returns tree on success.", "true"),  # review repro
    ("Returns false when missing.", "Returns fasle when missing.", "false"),
    ("Returns null when missing.", "Returns nul when missing.", "null"),
    ("Returns null when missing.", "Returns nul l when missing.", "null"),  # split, not re-joined
    ("Set it to true", "Set it to false", "true"),
])
def test_a_json_literal_is_never_a_typo(before: str, after: str, literal: str) -> None:
    assert grade(before, after) == (PB, f"the JSON literal {literal!r} changed")


def test_number_words_are_not_rejoined_words() -> None:
    assert grade("Ask someone", "Ask some one") == (PB, "a number word was added: one")
    assert grade("Ask some one", "Ask someone") == (PB, "a number word was removed: one")
    assert grade("Send an email", "Send an e-mail")[0] is DOC  # a plain re-joined word still is


def test_the_most_meaning_bearing_reason_still_wins() -> None:
    # A negation outranks the number that also moved.
    assert grade("Reads pages 1-10", "Never reads pages 110")[1] == "the negation 'never' was added"
    # A number outranks a directive word.
    assert grade("Pages 1-10 only", "Pages 110 at most")[1] == "a number changed"


def test_long_texts_check_numbers_too() -> None:
    filler = "Read the file and return its lines. " * 1500  # past MAX_PROSE_CHARS
    assert grade(filler + "Pages 1-10.", filler + "Pages 1 10.") == (PB, "a number changed")
    assert grade(filler + "Pages 1-10.", filler + "Pages 1 - 10.")[0] is DOC


def test_typo_fixes_and_articles_are_still_documentation() -> None:
    assert grade("Retrive teh file", "Retrieve the file") == (DOC, "a typo was fixed")
    assert grade("Read the file", "Read a file") == (DOC, "only an article changed")
    assert grade("Read 3 files", "Read 3 files.") == (DOC, "only case, whitespace or punctuation changed")


@pytest.mark.parametrize(("before", "after"), [
    ("Codes: 400, 401, 404", "Codes: 400401404"),  # a list of three became one number
    ("Up to 1, 000 rows", "Up to 1000 rows"),  # a comma and a space separate numbers
])
def test_a_comma_and_a_space_separate_numbers(before: str, after: str) -> None:
    assert grade(before, after) == (PB, "a number changed")
