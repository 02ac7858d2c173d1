"""A witness: the value that shows a schema change refuses something (evidence/search.py
searches for it; the renderers show it).

For an input schema it is a ``tools/call`` argument object the old schema accepts and the
new one rejects; for an output schema, the mirror: a result the new schema lets the server
return and the old one, which consumers were written against, rejects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Which way a witness goes: an input witness is accepted by the old schema and rejected by
#: the new one; an output witness is allowed by the new schema and rejected by the old one.
INPUT, OUTPUT = "input", "output"


#: Why a search found no witness (``Witness.reason``), by code. The first group is what
#: docs/classification-notes.md documents as a change validation cannot show (the witness
#: audit, bench/witness_audit.py, allows these alone); the second is a search that could
#: not answer, and a BREAKING input finding left there is a defect to fix.
DOCUMENTED_REASONS = {
    "open_object": "a property removed from an object that accepts properties it does not name: the new schema "
                   "refuses no call for sending it (the contract grades the removal BREAKING: the server no longer "
                   "reads it)",
    "header": "x-mcp-header is not a validation keyword: the break is the header a client must send",
    "vendor_keyword": "a keyword no validator asserts (a vendor extension, or an annotation such as writeOnly): "
                      "no call is refused for it",
    "remote_ref": "a remote $ref, which is never fetched: the validator cannot judge a call against it",
    "format_not_asserted": "a format the validator does not assert (an annotation in 2020-12)",
    "accepts_no_call": "the old schema accepts no call (MCP-014), so none can break",
    "no_schema": "a side declares no schema: there is no call to compare",
}
UNANSWERED_REASONS = {
    "none_found": "no call found that the old schema accepts and the new one refuses",
    "budget": "the search budget ran out",
    "invalid_schema": "a schema is not a valid JSON Schema",
    "ref_loop": "a $ref loop that never reads deeper into the value",
    "validator_failed": "the validator failed on a schema",
}
WITNESS_REASONS = {**DOCUMENTED_REASONS, **UNANSWERED_REASONS}


@dataclass(frozen=True, slots=True)
class Witness:
    #: The value itself (an object) when ``found``; None otherwise.
    value: Any = None
    found: bool = False
    #: Why none was found (the budget ran out, a schema could not be read, nothing to
    #: reject a call with); None when one was found.
    note: str | None = None
    direction: str = INPUT
    #: Validations tried before the answer (the search's cost, for the budget).
    attempts: int = 0
    #: Why none was found, as a code of ``WITNESS_REASONS``; None when one was found.
    reason: str | None = None
    #: The call the note ends with, when it shows one (compact JSON: a call the new schema
    #: still accepts), so that a report can print it whole on a line of its own.
    example: str | None = None
    #: That call whole (the value, not cut): the JSON report gives it as ``witnessAccepted``,
    #: so that a call the note cuts can still be replayed (new-user trial, round 42).
    accepted: Any = None
