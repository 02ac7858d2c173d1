"""A server's history: its releases in order, each consecutive pair diffed and linted, with
the semantic-version verdict of each release (docs/history.md).

``sources`` expands what ``mcp-inspect history`` is given (a git range, a folder, single
sources) into releases in order, and ``build`` runs every pair through the classifier and
the lint, reusing each release's work in both of its pairs; ``run`` is the library's
``history`` and ``render_history`` over them. The typed result
(``History``, ``Release``, ``Step``) is a value of ``findings/history.py``, so that its
renderers in ``report/`` (``history``, ``history_html``) need nothing from here.

May import: every layer up to the renderers (``report``: the release notes' semver plan).
"""
