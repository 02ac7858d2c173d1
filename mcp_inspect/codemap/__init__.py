"""Where in a server's source each entity of its surface is registered: the file, line and
column of the code that names a tool, prompt or resource (and, where it can, each of its
properties), found with tree-sitter parsers and one query file per SDK under ``queries/``
(``grammars``), over a directory or a git revision's tree (``trees``), once per run
(``scan``). A name registered at more than one place is ambiguous and gets no location;
a name the code builds at run time is simply not found.

May import: the values (``errors``, ``limits``, ``model``, ``findings``) and ``sources``
(the git reads); tree-sitter only when a scan runs (the ``source`` extra).
"""
