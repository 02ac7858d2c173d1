"""A prose edit that changed numbers and nothing else says so, and a title removed whole that
does not restate the name is not read as restating it (hostile trial, round 45).

"Limit 10. Offset 10." → "Limit 20. Offset 20." said "changed in 2 places (among other
changes, a number changed)": nothing but the two numbers changed, and "among other changes"
said there were others. A property ``x``'s title "T" removed said "title changed: the text
only restates the name…": the title went whole, and "T" does not restate ``x``.
"""

from __future__ import annotations

from support import property_changes

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.fields import prose_change

DESCRIPTION = default_catalogue().rule("tool.description.changed")


def said(before: str, after: str) -> str:
    change = prose_change("tool.description.changed", "description", before, after, field="description")
    assert change is not None
    return DESCRIPTION.message(change.variant, change.args)


def test_numbers_changed_in_two_places_and_nothing_else_say_so():
    assert said("Limit 10. Offset 10.", "Limit 20. Offset 20.") == "description changed: 2 numbers and nothing else"


def test_numbers_beside_other_words_changed_are_still_places():
    message = said("Limit 10. Offset 10. Sorted by name.", "Limit 20. Offset 20. Sorted by date.")
    assert message.startswith("description changed in 3 places"), message


def test_a_one_letter_title_removed_is_not_read_as_restating_the_name():
    (found,) = property_changes({"type": "string", "title": "T"}, {"type": "string"})
    assert "restates" not in found[2], found
    assert found[2].startswith("title removed"), found
