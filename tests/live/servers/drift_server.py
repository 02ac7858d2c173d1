"""A tiny stdio MCP server whose surface comes from a JSON file, for the drift tests.

Usage: ``python drift_server.py SURFACE.json``. The file holds ``{"tools": […], "prompts": […],
"instructions": "…"}`` (each optional) and is read at start, so a test changes what the server
says by rewriting the file between ``pin`` and ``check``. It answers ``server/discover`` with
-32601 (a handshake-era server), then ``initialize`` (2025-06-18), ``tools/list`` and
``prompts/list``; a missing file makes it exit with code 2 before answering anything.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    try:
        with open(sys.argv[1], encoding="utf-8") as fh:
            surface = json.load(fh)
    except (IndexError, OSError) as exc:
        print(f"drift server: cannot read its surface ({exc})", file=sys.stderr, flush=True)
        sys.exit(2)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "id" not in message or "method" not in message:
            continue
        method, ident = message["method"], message["id"]
        if method == "initialize":
            result = {"protocolVersion": "2025-06-18", "serverInfo": {"name": "drift", "version": "1.0.0"},
                      "capabilities": {"tools": {}, "prompts": {}}}
            if "instructions" in surface:
                result["instructions"] = surface["instructions"]
            answer = {"result": result}
        elif method == "tools/list":
            answer = {"result": {"tools": surface.get("tools", [])}}
        elif method == "prompts/list":
            answer = {"result": {"prompts": surface.get("prompts", [])}}
        else:
            answer = {"error": {"code": -32601, "message": "Method not found"}}
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": ident, **answer}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
