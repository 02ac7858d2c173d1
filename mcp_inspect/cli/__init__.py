"""The command line: typer commands that parse options, call the library API (``api``) and
write what it returns. ``commands`` holds the app and the commands of a report (snapshot,
diff, record, release-notes, rules, explain, lint); each other group has its module
(``approve``, ``drift``: pin and check, ``history``, ``snapshots``, ``serve``); the options
several commands share are declared once (``options``), and what the command line writes,
its one-line messages and the report formats, is ``output``.

``app`` and ``main`` (the ``mcp-inspect`` console script) are re-exported here.

May import: ``api`` and everything below it, ``drift``, ``serve``'s entry point and
``runtime``; no logic lives here that the library lacks.
"""

from .commands import app, main

__all__ = ["app", "main"]
