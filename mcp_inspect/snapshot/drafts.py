"""The keywords each JSON Schema draft's validators read: which keywords each dialect
added (``ADDED_IN``) or dropped (``REMOVED_IN``), and so which ones a schema declaring a
dialect lacks (``LACKING``).

A table, not a fold: the canonical form drops a lacking keyword before any fold reads the
node (canonical.py), and the emptiness proof (emptiness.py) and the witness search
(evidence/candidates/) skip the same keywords, so all three read it here. The dialects
themselves, as ranks ordered by age, and which one a root's ``$schema`` declares are
references.py's, which reads them for its own rules (``id``, a lone ``$ref``).
"""

from __future__ import annotations

from .references import DRAFT_3, DRAFT_4, DRAFT_6, DRAFT_7, DRAFT_2019_09, DRAFT_2020_12, UNDECLARED

#: The keywords a validator reads that each dialect added (by the rank of the one that added
#: them, references.py), which a validator of an older draft ignores, as it ignores the
#: keywords beside a draft-07 ``$ref``: the canonical form drops them there as it drops those,
#: and the emptiness proof does not read them. Annotations are kept in every draft (``examples``,
#: ``$comment``, ``readOnly``, ``deprecated``: a model reads them whatever the draft); the
#: content keywords are dropped with the rest, as the canonical form reads them as it reads a
#: ``format``. Hostile trial, round 22: ``minContains: 0`` beside a draft-07 ``contains``
#: dropped the ``contains`` with it, a BREAKING missed, and a draft-07 ``dependentRequired``
#: was folded into ``required``, a false one. Round 24: a draft-07 ``unevaluatedProperties:
#: false`` read as closing the object, a draft-07 or 2019-09 ``prefixItems`` as a tuple, and a
#: draft-04 ``const`` and ``propertyNames`` as constraints, each hid a BREAKING or made one.
ADDED_IN = {
    # Draft 3 had ``extends``, ``disallow`` and ``divisibleBy`` (kept as data, not read) instead.
    DRAFT_4: frozenset({"allOf", "anyOf", "oneOf", "not", "multipleOf", "minProperties", "maxProperties"}),
    DRAFT_6: frozenset({"const", "contains", "propertyNames"}),
    DRAFT_7: frozenset({"if", "then", "else", "contentMediaType", "contentEncoding"}),
    DRAFT_2019_09: frozenset({"minContains", "maxContains", "dependentRequired", "dependentSchemas",
                              "unevaluatedProperties", "unevaluatedItems", "contentSchema"}),
    DRAFT_2020_12: frozenset({"prefixItems", "$dynamicRef"}),
}
#: The keywords a validator reads that a dialect dropped (by the rank of the first that lacks
#: them): 2019-09 split draft-07's ``dependencies`` into ``dependentRequired`` and
#: ``dependentSchemas`` and kept no ``dependencies``, so a schema declaring 2019-09 or 2020-12
#: holds it as an unknown keyword, which its validators ignore. A root that declares no dialect
#: (``UNDECLARED``) still reads it, as draft-07 spelt (docs/canonical-form.md). Hostile trial,
#: round 36: ``dependencies: {a: [b]}`` added to a 2019-09 schema was a BREAKING
#: "dependentRequired added" that no call could show.
REMOVED_IN = {DRAFT_2019_09: frozenset({"dependencies"})}
#: The keywords each dialect lacks: those of ``ADDED_IN`` added after it, and those of
#: ``REMOVED_IN`` it or an older one dropped. A root with no ``$schema`` lacks none.
LACKING = {dialect: frozenset().union(*(added for since, added in ADDED_IN.items() if since > dialect),
                                      *(gone for since, gone in REMOVED_IN.items() if since <= dialect))
           for dialect in (DRAFT_3, *ADDED_IN)} | {UNDECLARED: frozenset()}
