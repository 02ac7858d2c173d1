"""JSON Schemas shipped with mcp-inspect (the config file, the JSON report).

May import: nothing (it holds data files).
"""
