"""The reading that excuses a written list of choices put in another order (``list_reordered``,
step 4 (e) of the prose grader) refuses whatever it cannot read as one set of choices.

Hostile trial, round 19 found three texts it excused though the order (or the list) carries
meaning: two lists read as one, an order stated in words it did not know, and a fixed-order
format opened with a verb it took for a set cue. A missed meaning change costs more than a
warning, so each is POTENTIALLY_BREAKING now; the lists the reading was made for
(mcp-shell-server's "Allowed commands: cat, ls", new-user trial, round 15) stay DOCUMENTATION.
The cases are run through the whole diff, as the tester ran them.
"""

from __future__ import annotations

import pytest
from support import diff_input_schemas

from mcp_inspect.classify.prose import grade_prose, prose_reason
from mcp_inspect.findings.severity import Severity

REORDERED = "list_reordered"


def _description_change(old: str, new: str) -> tuple[str, str]:
    """The grade and message of the description change of property ``x`` from ``old`` to ``new``."""
    report = diff_input_schemas({"type": "object", "properties": {"x": {"type": "string", "description": old}}},
                                {"type": "object", "properties": {"x": {"type": "string", "description": new}}})
    (finding,) = [f for f in report.findings if f.rule == "tool.input.description.changed"]
    return finding.severity.name, finding.message


def _refused(before: str, after: str) -> None:
    """Neither way round is the change read as a list put in another order."""
    for old, new in ((before, after), (after, before)):
        assert prose_reason(old, new)[0] != REORDERED, (old, new)
        assert grade_prose(old, new) is Severity.POTENTIALLY_BREAKING, (old, new)
        assert _description_change(old, new)[0] == "POTENTIALLY_BREAKING", (old, new)


def test_two_lists_read_as_one_are_refused() -> None:
    """Hostile trial, round 19 (case 01-list-flip): the changed span "read, write. Never use:
    delete, drop" was cut at its commas into "read", "write. never use: delete" and "drop",
    the same three "items" on both sides, so moving "drop" into the allowed list and "read"
    into the forbidden one, which turns the permission around, read as DOCUMENTATION."""
    _refused("Allowed values: read, write. Never use: delete, drop.",
             "Allowed values: drop, write. Never use: delete, read.")


@pytest.mark.parametrize(("before", "after"), [
    # an item that spans a sentence stop, a semicolon, a colon or a line
    ("Allowed values: read, write; forbidden delete, drop.", "Allowed values: drop, write; forbidden delete, read."),
    ("Allowed values: read, write\nforbidden delete, drop", "Allowed values: drop, write\nforbidden delete, read"),
    ("Allowed values: read, write. Skip delete, drop", "Allowed values: drop, write. Skip delete, read"),
    ("Allowed values: read, write.Never:delete, drop", "Allowed values: drop, write.Never:delete, read"),
    # an item that holds a negation, as a word or inside an identifier
    ("Allowed values: read, not delete, drop", "Allowed values: drop, not delete, read"),
    ("Allowed values: read, never_delete, drop", "Allowed values: drop, never_delete, read"),
    ("Allowed values: read, neverDelete, drop", "Allowed values: drop, neverDelete, read"),
])
def test_an_item_that_spans_punctuation_or_holds_a_negation_is_refused(before: str, after: str) -> None:
    """Hostile trial, round 19: an "item" holding a stop, a semicolon, a colon, a line break or a
    negation is two clauses, not one choice of a list."""
    _refused(before, after)


def test_a_list_whose_order_is_stated_in_its_lead_in_is_refused() -> None:
    """Hostile trial, round 19 (case 02-list-ltr): "Supported backends, tried left to right:"
    says the backends are tried in the order listed, yet the cue "supported" was found
    anywhere in the sentence and "left to right" is no word of ``_ORDER_WORDS``, so swapping
    the backends read as DOCUMENTATION. The cue must now stand in the list's own clause."""
    _refused("Supported backends, tried left to right: postgres, sqlite.",
             "Supported backends, tried left to right: sqlite, postgres.")


def test_a_fixed_order_format_opened_by_a_verb_is_refused() -> None:
    """Hostile trial, round 19 (case 03-list-latlng): docs/classification-notes.md promises
    that "Point as latitude, longitude" is read in its order, but "Accepts a point: latitude,
    longitude" swapped read as DOCUMENTATION, for "accepts" was a set cue. The verbs
    "accepts", "allows", "supports", "includes" open fixed-order formats as often as sets."""
    _refused("Accepts a point: latitude, longitude.", "Accepts a point: longitude, latitude.")


@pytest.mark.parametrize(("before", "after"), [
    ("Allows a range: start, end.", "Allows a range: end, start."),
    ("Supports a size: width, height", "Supports a size: height, width"),
    ("Includes a header: name, size", "Includes a header: size, name"),
    # the cue in another clause, or too far before the list, or a verb between
    ("Supported backends, as configured: postgres, sqlite", "Supported backends, as configured: sqlite, postgres"),
    ("Supported backends (see below); try: postgres, sqlite", "Supported backends (see below); try: sqlite, postgres"),
    ("Valid as long as the server can reach them: postgres, sqlite",
     "Valid as long as the server can reach them: sqlite, postgres"),
    ("Supported backends tried: postgres, sqlite", "Supported backends tried: sqlite, postgres"),
    # an order stated in another sentence, in words the tester listed
    ("Supported backends: postgres, sqlite. They are tried left to right.",
     "Supported backends: sqlite, postgres. They are tried left to right."),
    ("Supported backends: postgres, sqlite. Each is tried one by one.",
     "Supported backends: sqlite, postgres. Each is tried one by one."),
])
def test_a_lead_in_that_is_no_set_cue_is_refused(before: str, after: str) -> None:
    """Hostile trial, round 19: only a cue in the list's own clause, a few words before it,
    introduces the list as a set."""
    _refused(before, after)


@pytest.mark.parametrize(("before", "after"), [
    ("Execute a shell command\nAllowed commands: cat, ls", "Execute a shell command\nAllowed commands: ls, cat"),
    ("Accepted values: read, write.", "Accepted values: write, read."),
    ("Allowed: read, write, delete", "Allowed: delete, read, write"),
    ("Supported output image formats: png, jpeg, or gif.", "Supported output image formats: gif, png, or jpeg."),
    ("Pass one of: fast, safe", "Pass one of: safe, fast"),
    ("Mode, one of (fast, safe, slow)", "Mode, one of (slow, fast, safe)"),
    ("Formats, e.g.: json, yaml", "Formats, e.g.: yaml, json"),
    ("Supported formats include: json, yaml", "Supported formats include: yaml, json"),
])
def test_a_set_of_choices_introduced_by_its_lead_in_stays_documentation(before: str, after: str) -> None:
    """The lists the reading was made for (new-user trial, round 15: mcp-shell-server prints its
    allowed commands from a Python set) and the cues the brief of round 19 keeps ("Accepted
    values:", "Allowed:", "Supported formats:", "one of")."""
    for old, new in ((before, after), (after, before)):
        assert prose_reason(old, new)[0] == REORDERED, (old, new)
        assert _description_change(old, new) == (
            "DOCUMENTATION", "description changed: only the items of a written list were put in another order")
