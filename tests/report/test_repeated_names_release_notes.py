"""Release notes name a repeated name and say whether its later objects were added, removed or changed.

Hostile trial, round 37 (issue 34): a new side that adds a second tool ``t`` (even one carrying an
injection) got "Suggested version bump: none" and "the objects a repeated name adds differ", with
no name, and the same words when the later objects were removed (``[t, t', t']`` → ``[t]``). Which
object of a name a client keeps depends on the client, so the later objects are surface a client
may read: the bump is at least a patch, and the notes say which names to review.
"""

from __future__ import annotations

from mcp_inspect.api import diff, release_notes
from mcp_inspect.snapshot.shapes import snapshot_from_value

A = {"name": "t", "description": "Read a file.", "inputSchema": {"type": "object", "properties": {}}}
B = {"name": "t", "description": "Read two files.", "inputSchema": {"type": "object", "properties": {}}}


def _notes(old: list, new: list) -> str:
    return release_notes(diff(snapshot_from_value({"tools": old}, "old.json"),
                              snapshot_from_value({"tools": new}, "new.json")))


def test_a_second_object_added_is_named_as_added_and_moves_the_bump():
    """(hostile trial, round 37)"""
    notes = _notes([A], [A, B])
    assert "Suggested version bump: none" not in notes, notes
    assert "Suggested version bump: patch" in notes, notes
    assert "`t`" in notes and "added" in notes, notes


def test_later_objects_removed_are_named_as_removed_not_as_added():
    """(hostile trial, round 37)"""
    notes = _notes([A, B, B], [A])
    assert "`t`" in notes and "removed" in notes, notes
    assert "adds" not in notes and "added" not in notes, notes


def test_later_objects_changed_are_named_as_changed():
    """(hostile trial, round 37)"""
    notes = _notes([A, B], [A, {**B, "description": "Read three files."}])
    assert "`t`" in notes and "changed" in notes, notes
    assert "added" not in notes and "removed" not in notes, notes
