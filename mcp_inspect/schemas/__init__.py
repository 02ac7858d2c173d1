"""JSON Schemas shipped with mcp-inspect (the config file, the JSON report)."""
