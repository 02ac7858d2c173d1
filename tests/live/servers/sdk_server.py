"""A fixture MCP server built with the official SDK (``mcp.server.mcpserver.MCPServer``).

It answers both eras (``server/discover`` and ``initialize``) and serves:

- 25 tools, 12 resources, 3 resource templates and 4 prompts;
- every list paginated by a server middleware (page size 10, and the second
  page's cursor is the empty string ``""`` — a valid cursor);
- one tool, ``secure_tool``, with a top-level ``securitySchemes`` field that is
  not in the MCP schema: the SDK's own client drops it, a capture must keep it.

Usage::

    python sdk_server.py stdio
    python sdk_server.py http [--json] PORTFILE   # binds 127.0.0.1:0, writes the port to PORTFILE
    python sdk_server.py sse PORTFILE             # the 2024-11-05 HTTP+SSE transport: GET /sse

It calls no tool itself and touches nothing outside the process.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any

from mcp.server.mcpserver import MCPServer

PAGE_SIZE = 10
LIST_KEYS = {
    "tools/list": "tools",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
    "prompts/list": "prompts",
}
#: The cursor that selects page n (page 0 has none); page 1's is the empty string.
CURSORS = ["", "p2", "p3", "p4"]
SECURITY_SCHEMES = [{"type": "oauth2", "scopes": ["files.read"]}]


async def paginate(ctx: Any, call_next: Any) -> Any:
    """Serve the SDK's full list one page at a time, and add the out-of-schema field."""
    result = await call_next(ctx)
    key = LIST_KEYS.get(ctx.method)
    if key is None or not isinstance(result, dict):
        return result
    items = list(result.get(key) or [])
    if key == "tools":
        items = [dict(t, securitySchemes=SECURITY_SCHEMES) if t.get("name") == "secure_tool" else t
                 for t in items]
    cursor = (ctx.params or {}).get("cursor")
    page = 0 if cursor is None else CURSORS.index(cursor) + 1
    result = dict(result)
    result[key] = items[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
    result.pop("nextCursor", None)
    if (page + 1) * PAGE_SIZE < len(items):
        result["nextCursor"] = CURSORS[page]
    return result


def build() -> MCPServer:
    server = MCPServer(
        name="fixture",
        title="Fixture Server",
        version="1.2.3",
        instructions="A fixture for mcp-inspect's capture tests.",
        middleware=[paginate],
    )

    @server.tool(description="A tool whose listing carries a field outside the MCP schema.")
    def secure_tool(path: str) -> str:
        return path

    for index in range(24):
        def make(i: int):
            def fn(value: int, label: str = "x") -> str:
                return f"{label}{value + i}"
            return fn

        server.tool(name=f"tool_{index:02d}", description=f"Tool number {index}.")(make(index))

    for index in range(12):
        def body(i: int = index):
            return lambda: f"resource {i}"

        server.resource(f"fixture://doc/{index:02d}", name=f"doc-{index:02d}",
                        description=f"Document {index}.", mime_type="text/plain")(body())

    @server.resource("fixture://user/{user_id}", name="user", description="A user by id.")
    def user(user_id: str) -> str:
        return user_id

    @server.resource("fixture://repo/{owner}/{name}", name="repo")
    def repo(owner: str, name: str) -> str:
        return owner + name

    @server.resource("fixture://file/{path}", name="file", mime_type="text/plain")
    def file(path: str) -> str:
        return path

    @server.prompt(description="Greet someone.")
    def greet(name: str) -> str:
        return f"Hello {name}"

    @server.prompt()
    def summarise(text: str, style: str = "short") -> str:
        return text

    @server.prompt(title="Plain")
    def plain() -> str:
        return "plain"

    @server.prompt()
    def review(code: str) -> str:
        return code

    return server


def serve_http(server: MCPServer, json_response: bool, port_file: str, sse: bool = False) -> None:
    """Streamable HTTP (or, with ``sse``, HTTP+SSE) on 127.0.0.1, on a port the kernel picks; the
    port is written to ``port_file``."""
    import anyio
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # connections queue from now on, so the port is usable once written
    app = server.sse_app() if sse else server.streamable_http_app(json_response=json_response)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    with open(port_file + ".tmp", "w") as fh:
        fh.write(str(sock.getsockname()[1]))
    os.replace(port_file + ".tmp", port_file)  # the reader never sees a half-written port
    anyio.run(lambda: uvicorn.Server(config).serve(sockets=[sock]))


def main(argv: list[str]) -> None:
    server = build()
    if argv[:1] == ["stdio"]:
        server.run("stdio")
        return
    if argv[:1] == ["http"]:
        serve_http(server, json_response="--json" in argv, port_file=argv[-1])
        return
    if argv[:1] == ["sse"]:
        serve_http(server, json_response=False, port_file=argv[-1], sse=True)
        return
    raise SystemExit("usage: sdk_server.py stdio | http [--json] PORTFILE | sse PORTFILE")


if __name__ == "__main__":
    main(sys.argv[1:])
