"""A ``pattern`` added beside a ``format``: the witness is a string the old side's format
accepts (formats are asserted) and the new pattern refuses. The format's one sample used to
be the only string meeting the format that the search tried, and it met the pattern too
(``user@example.com``), so the search answered "none found" where ``a@b`` shows the change.
"""

from __future__ import annotations

import pytest
from test_witness import accepts_everywhere, diff, obj, only

#: A format, and a pattern its sample meets that some other string of the format does not.
CASES = {
    "email": ("email", r"^[^@]+@[^@]+\.[^@]+$"),
    "email-tld": ("email", r"^[^@]+@[^@]+\.[a-z]{2,}$"),
    "date-time-utc": ("date-time", r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"),
    "uuid-lower": ("uuid", r"^[0-9a-f-]+$"),
    "ipv6-loopback": ("ipv6", r"^::1$"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_pattern_added_beside_a_format_has_a_witness_meeting_the_format(case):
    fmt, pattern = CASES[case]
    old = obj({"v": {"type": "string", "format": fmt}}, ["v"])
    new = obj({"v": {"type": "string", "format": fmt, "pattern": pattern}}, ["v"])
    finding = only(diff(old, new), "tool.input.constraint.tightened")
    assert finding.witness.found, finding.witness.note
    assert accepts_everywhere(old, finding.witness.value)
    assert not accepts_everywhere(new, finding.witness.value)


def test_the_reported_email_pair():
    """The pair as reported: old side draft-07, closed object, the email not required."""
    old = {"type": "object", "properties": {"email": {"type": "string", "format": "email"}},
           "additionalProperties": False, "$schema": "http://json-schema.org/draft-07/schema#"}
    new = {"type": "object", "properties": {"email": {"type": "string", "format": "email",
                                                      "pattern": "^[^@]+@[^@]+\\.[a-z]{2,}$"}},
           "additionalProperties": False}
    finding = only(diff(old, new), "tool.input.constraint.tightened")
    assert finding.witness.value == {"email": "a@b"}
    # Without the format on either side the empty string shows it, as before.
    plain = {**old, "properties": {"email": {"type": "string"}}}
    patterned = {**new, "properties": {"email": {"type": "string", "pattern": "^[^@]+@[^@]+\\.[a-z]{2,}$"}}}
    finding = only(diff(plain, patterned), "tool.input.constraint.tightened")
    assert finding.witness.value == {"email": ""}
