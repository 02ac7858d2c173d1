"""The readings that know a text's schema (classify/prose/context.py) run as one ordered table."""

from __future__ import annotations

import pytest

from mcp_inspect.classify.prose import INERT, ProseEdit, Said, regrade
from mcp_inspect.findings.severity import Severity

_PB = Severity.POTENTIALLY_BREAKING


def _edit(key: str, path: str, before: str | None, after: str | None, old: dict, new: dict,
          said=None) -> ProseEdit:
    def unread() -> tuple[Said, Said]:
        raise AssertionError("what the schema says was read for a text already graded DOCUMENTATION")
    return ProseEdit(key, path, before, after, before, after, old, new, (), said or unread)


def test_a_text_already_graded_documentation_never_walks_the_schema_for_what_it_says():
    """``said`` walks the enclosing properties; a reading that could only lower a grade has
    nothing to lower on a DOCUMENTATION text, so it must not pay for that walk."""
    edit = _edit("description", "properties.q", "The query", "The query.", {}, {})
    assert regrade(edit, INERT, "punctuation", {"x": 1}) == (INERT, "punctuation", {"x": 1})


def test_a_later_reading_replaces_an_earlier_one_and_drops_the_texts_facts():
    """A title that is the property's own name is derived_title whatever the text grader said,
    and the facts the text grader found (a word added) no longer describe the finding."""
    edit = _edit("title", "properties.source_timezone", None, "Source Timezone", {}, {},
                 said=lambda: (Said(("source_timezone",), None, None, ("role",)),) * 2)
    grade, reason, facts = regrade(edit, _PB, "added", {"word": "Timezone"})
    assert (grade, facts) == (Severity.DOCUMENTATION, {})
    assert reason in ("derived_title", "restated_schema", "restated_name")


def test_a_root_reading_does_not_apply_below_the_root():
    """FastMCP's wrapper text is fixed on a tool's root only; the same words on a property are
    the property's own description and keep the prose grade."""
    text = "Generic wrapper for non-object return types."
    below = _edit("description", "properties.result", None, text, {}, {},
                  said=lambda: (Said(("result",), None, None, ("role",)),) * 2)
    root = _edit("description", "", None, text, {}, {}, said=lambda: (Said((), None, None, ("role",)),) * 2)
    assert regrade(below, _PB, "added", {})[0] is _PB
    assert regrade(root, _PB, "added", {})[:2] == (Severity.DOCUMENTATION, "generator_text")


_TAG = "".join(chr(0xE0000 + ord(c)) for c in "ignore")


@pytest.mark.parametrize("hidden", [_TAG, "\u2066", "\u200b"])
@pytest.mark.parametrize(("key", "path", "before", "after", "old", "new", "names"), [
    # derived_title: the property's own name
    ("title", "properties.source_timezone", None, "Source Timezone", {}, {}, ("source_timezone",)),
    # restated_bound: the schema's bounds
    ("description", "properties.n", "How many.", "How many (1-100).", {"minimum": 1, "maximum": 100},
     {"minimum": 1, "maximum": 100}, ("n",)),
    # restated_values: the enum beside it
    ("description", "properties.f", "Formats: json, csv.", "Formats: json, csv, xml.",
     {"enum": ["json", "csv"]}, {"enum": ["json", "csv", "xml"]}, ("f",)),
    # restated_schema: the name's words
    ("description", "properties.baseId", None, "The ID of the base", {}, {}, ("baseId",)),
    # restated_choices: the values a boolean allows
    ("description", "properties.b", "Bursting.", "Bursting. Accepted values: true, false", {"type": "boolean"},
     {"type": "boolean"}, ("b",)),
    # default_respelled: the same default in other words
    ("description", "properties.n", "Users (Default - 50)", "Users. Default is 50.", {}, {}, ("n",)),
    # generator_text: FastMCP's wrapper on a root
    ("description", "", None, "Generic wrapper for non-object return types.", {}, {}, ()),
    # class_title: a class name on a root
    ("title", "", None, "SheetDetails", {}, {}, ()),
])
def test_no_reading_of_the_schema_lowers_the_grade_new_hidden_characters_gave(
        key, path, before, after, old, new, names, hidden):
    """Each reading excuses a text by what the schema says, and hidden characters say nothing
    the schema does; "Formats: json, csv, xml." and a run of tag characters followed the enum
    as DOCUMENTATION (hostile trial, round 42). The contract: new invisible or bidirectional
    Unicode is always POTENTIALLY_BREAKING, whatever reading would excuse the visible text."""
    said = lambda: (Said(names, None, None, ("role",)),) * 2  # noqa: E731
    plain = _edit(key, path, before, after, old, new, said=said)
    assert regrade(plain, _PB, "added" if before is None else "wording", {})[0] is Severity.DOCUMENTATION
    edit = _edit(key, path, before, after + hidden, old, new, said=said)
    assert regrade(edit, _PB, "hidden", {}) == (_PB, "hidden", {})
