"""Text as mcp-inspect handles it, whatever its subject: which characters a reader cannot
see (``invisible``), how untrusted text is made safe to show in a terminal, Markdown, HTML,
JSON or a CI log (``escape``), and a word-level diff and clipping of prose for display
(``diff``).

May import: the standard library and ``limits`` only. Everything else imports these.
"""
