"""A server's history: its releases in order, each consecutive pair diffed and linted, with
the semantic-version verdict of each release (docs/history.md).

``model`` holds the typed result (``History``, ``Release``, ``Step``), ``sources`` expands
what ``mcp-inspect history`` is given (a git range, a folder, single sources) into releases
in order, and ``build`` runs every pair through the classifier and the lint, reusing each
release's work in both of its pairs. The renderers are in ``report/`` (``history_*``).
"""
