"""A stdio MCP server on the Python SDK whose tools are one side of the Python catalogue,
each a function under ``@mcp.tool()`` (the SDK's MCPServer, FastMCP before mcp 2), as a
maintainer writes them; an output case returns a pydantic model, which the SDK declares as
the tool's outputSchema.

    python python_sdk_server.py job.json

regenerate.py captures its tools/list with ``mcp-inspect snapshot --server``.
"""

from __future__ import annotations

import json
import sys

from python_sources import function


def main() -> None:
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:  # mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    server = Server("generator-cases")
    for case in job["tools"]:
        tool = function(case["name"], case["defs"], case["fields"], case["output"])
        server.tool(name=case["name"], description=case["description"])(tool)
    server.run()


if __name__ == "__main__":
    main()
