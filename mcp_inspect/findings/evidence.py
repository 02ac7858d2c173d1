"""A witness: the value that shows a schema change refuses something (evidence/witness.py
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
