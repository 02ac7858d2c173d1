"""Patterns taken from a surface: ECMA-262 translated to RE2 (``ecma``), and the JSON Schema
validator whose ``pattern`` and ``patternProperties`` run on RE2 (``validator``). Every user of
a surface's patterns (the lint, the replay of recorded calls, the witness search) goes through
here; none runs one on Python's backtracking ``re``.

May import: ``limits`` and RE2; nothing else of mcp-inspect.
"""
