"""``.mcp-inspect.yml``, the project's settings: where the file is and how it becomes a
``Config`` (``load``: find, read, validate against the schema, with the file and line of
every error), the entries that waive findings (``waivers``: ignores and approvals, and the
checks of the rule ids they name), where an error points and how it reads (``places``), the
writing of new approvals into the file (``approvals``: what ``mcp-inspect approve`` does), and
the settings a command's options make over a configuration (``settings``: the lint's
``--profile``/``--select``/``--rule``…, the model review's ``--llm``…). It validates, holds and
writes settings; the decisions are the policy's (``policy``).

May import: the values, ``snapshot`` (the document reader), and the settings, selections and
profiles of ``checks`` and ``llm``; nothing that runs a diff, a lint or a report.
"""
