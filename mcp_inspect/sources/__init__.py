"""What a source spelling names, and where it lies: the one place that reads ``FILE``, ``-``,
``@NAME``, ``git:REF:PATH``, ``stdio:``, ``http(s)://`` and an mcp.json (``load``), the git
reads those spellings share (``git``), and where a surface's source lies in its repository
for the reports' annotations (``locations``).

May import: the values (``errors``, ``limits``, ``model``, ``text``), ``snapshot`` and
``live``; nothing that classifies, checks or reports.
"""
