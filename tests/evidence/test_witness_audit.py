"""A witness or a reason for every break (issue 34), on every real capture the project holds.

bench/witness_audit.py diffs every consecutive pair of releases of tests/data/corpus,
tests/data/captured, tests/data/trial (and tests/data/generators when it is there), both
ways, and searches a witness for every BREAKING input finding. Every witness found is
confirmed by two validators (test_witness.accepts_everywhere); every finding left without
one must carry a reason docs/classification-notes.md documents (a property removed from an
object that accepts others, a header, a vendor keyword, a remote ``$ref``, a format the
validator does not assert, an old schema that accepts no call, a side without a schema):
"none found", or a search that could not answer, is a defect of the classification or of
the search. The notes list
the audit as the script prints it (``--write`` rewrites them). The searches run with a time
budget no machine meets, so the answer depends on the attempt budget alone.
"""

from __future__ import annotations

import sys

from conftest import ROOT
from test_witness import accepts_everywhere

sys.path.insert(0, str(ROOT / "bench"))

import witness_audit  # noqa: E402

from mcp_inspect.findings.evidence import DOCUMENTED_REASONS  # noqa: E402


def test_every_break_on_the_real_captures_has_a_witness_or_a_documented_reason():
    result = witness_audit.audit()
    assert result.pairs >= 148 and result.found >= 390
    for label, accept, reject, value in result.witnesses:
        assert accepts_everywhere(accept, value), label
        assert not accepts_everywhere(reject, value), label
    assert not result.undocumented, "\n".join(map(str, result.undocumented))
    assert {e.reason for e in result.entries} <= set(DOCUMENTED_REASONS)
    # docs/classification-notes.md lists the audit as it is (python bench/witness_audit.py --write).
    assert witness_audit.table(result) == witness_audit.notes_table()
