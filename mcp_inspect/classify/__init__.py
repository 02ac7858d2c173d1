"""Classify every change between two snapshots (see docs/classification.md): ``engine``
pairs the entities (``pairing``, renames included) and runs the per-entity differs; the
schema walker (``schema`` with ``values``, ``containers``, ``arrays``, ``branches``) serves
both directions; ``prose`` grades description changes.

May import: the values (``catalogue``, ``errors``, ``findings``, ``limits``, ``model``,
``text``) and ``snapshot``; never the lint, the configuration or a renderer.
"""
