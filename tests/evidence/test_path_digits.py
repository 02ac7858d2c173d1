"""A schema path step the witness reads into a list is an index only in ASCII digits: ``²``
(which ``str.isdigit`` takes and ``int`` refuses) or thousands of digits name no item."""

from __future__ import annotations

import pytest

from mcp_inspect.evidence.witness import _at_path

SCHEMA = {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"a": {"type": "integer"}}}]}


@pytest.mark.parametrize("step", ["²", "٣", "9" * 5000, "2"],
                         ids=["superscript", "arabic-indic", "5000-digits", "past-the-end"])
def test_a_step_that_is_no_index_names_nothing(step):
    assert _at_path(SCHEMA, ["anyOf", step]) is None
    assert _at_path(SCHEMA, ["oneOf", step, "properties", "a"]) is None


def test_an_index_names_its_item():
    assert _at_path(SCHEMA, ["anyOf", "1", "properties", "a"]) == {"type": "integer"}
    assert _at_path(SCHEMA, ["oneOf", "0"]) == {"type": "string"}
