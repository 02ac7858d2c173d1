"""A schema that declares no ``$schema`` is read with draft-07's ``dependencies`` (the canonical
form splits it into ``dependentRequired`` and ``dependentSchemas``: many generators write
draft-07 without declaring it, and many clients validate with a draft-07 validator), so the
witness search reads it too: its validator for such a schema is 2020-12's with draft-07's
``dependencies`` beside it.

Hostile trial, round 36: ``dependencies: {a: [b]}`` (or ``{a: false}``) added to a schema with no
``$schema`` was a BREAKING "dependentRequired added" with no witness, the note saying
``"dependencies" is not a keyword a validator reads``, though ``{"a": ""}`` shows it to any
validator that reads the keyword. The oracle is jsonschema and jsonschema-rs reading draft-07.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
STRING = {"type": "string"}
_ABC = {"type": "object", "properties": {"a": STRING, "b": STRING, "c": STRING}}


@pytest.mark.parametrize("dependencies", [{"a": ["b"]}, {"a": False}, {"a": {"required": ["c"]}}])
def test_dependencies_added_to_an_undeclared_schema_is_breaking_and_shown(dependencies: dict):
    old, new = _ABC, {**_ABC, "dependencies": dependencies}
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert accepted_by_both({"$schema": DRAFT_07, **old}, value), value
    assert not accepted_by_both({"$schema": DRAFT_07, **new}, value), value
