"""A tiny stdio MCP server for the recording proxy's tests (newline-delimited JSON-RPC).

Tools: ``weather`` (answers with structuredContent), ``hang`` (never answers), ``quit``
(the server exits at once, answering nothing). With ``--ignore-eof`` it keeps running
after its stdin closes, until it is signalled.
"""

import json
import sys
import time

ignore_eof = "--ignore-eof" in sys.argv
for line in sys.stdin:
    message = json.loads(line)
    method, ident = message.get("method"), message.get("id")
    if method == "initialize":
        result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                  "serverInfo": {"name": "fake", "version": "1"}}
    elif method == "tools/call":
        name = message["params"]["name"]
        if name == "hang":
            continue
        if name == "quit":
            sys.exit(3)
        city = message["params"].get("arguments", {}).get("city")
        result = {"content": [{"type": "text", "text": f"sunny in {city}"}],
                  "structuredContent": {"city": city, "sky": "sunny"}}
    else:
        continue
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}) + "\n")
    sys.stdout.flush()
while ignore_eof:
    time.sleep(0.1)
