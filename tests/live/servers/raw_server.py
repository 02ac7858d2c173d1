"""A hand-written stdio MCP server speaking raw JSON-RPC, for the era fallback and the failures.

Usage: ``python raw_server.py MODE``. Modes:

- ``legacy``     a handshake-era-only server: answers ``server/discover`` with -32601, then
                 ``initialize`` (2025-06-18); asks the client for ``roots/list`` and
                 ``sampling/createMessage`` and sends a notification before answering
                 ``tools/list``; two pages of tools (the second cursor is ``""``); a ``prompts``
                 capability whose list answers an error. The replies it got, every method it
                 was asked and its environment's names are reported in the ``report`` tool's
                 description.
- ``exit``       prints to stderr and exits with code 3 at once.
- ``trace``      exits with code 1 as a Node.js server missing its API key does: the
                 throwing source line, then ``Error: … No API key provided …`` and a stack
                 trace of long frames, more lines than the kept tail (which alone is frames only).
- ``hang``       reads forever and answers nothing; starts a grandchild in its process
                 group and ignores SIGTERM (so only SIGKILL ends it).
- ``silent``     reads and answers nothing; exits when its stdin closes or on SIGTERM.
- ``noise``      prints a banner on stdout (a line that is not JSON) before answering as ``legacy``
                 does, as @executeautomation/playwright-mcp-server 1.0.4 prints "SSE server
                 listening on …".
- ``chatty``     as ``noise``, and logs each message it reads on stdout before answering it
                 (``handled METHOD`` in colour: an escape character in each line).
- ``json-noise`` prints ``{"status": "ready"}`` on stdout (JSON, but no JSON-RPC message)
                 before answering as ``legacy`` does.
- ``wrong-id``   answers every request with another id.
- ``loop``       legacy; ``tools/list`` always answers ``nextCursor: "again"``.
- ``pages``      legacy; ``tools/list`` never stops paginating.
- ``huge``       legacy; answers ``initialize`` with one line larger than 10 MiB.
- ``future``     a 2026-era server of a later revision: answers ``server/discover`` with
                 -32022 (supported: 2027-01-01) and would also answer ``initialize``.
- ``contradicts`` answers ``server/discover`` with -32022 whose ``supported`` list holds
                 only 2026-07-28, the version it refuses.
- ``flood``      reads one request, then never reads stdin again and sends ``ping`` requests
                 for ever (the client's replies fill the pipe).
- ``big-cursor`` legacy; ``tools/list`` answers a 1 MB ``nextCursor``, then stops reading.
- ``speaks-both`` legacy, as a newer release: answers ``initialize`` with 2025-11-25, or with
                 2025-06-18 when the client asks for that revision.
- ``newest-only`` legacy, as a newer release that dropped 2025-06-18: always 2025-11-25.
- ``refuses-old`` as ``newest-only``, but answers ``initialize`` for 2025-06-18 with an error.
- ``big-pages``  legacy; ``tools/list`` pages of about 100 KB each, never the last one.
- ``wedge-on-discover`` like old releases of the Python SDK: ``server/discover`` breaks its
                 session (a traceback on stderr, no answer), and the next request makes it
                 exit with code 1; a fresh process answers ``initialize`` as ``legacy`` does.
- ``banner-on-exit`` like chroma-mcp (FastMCP on ``mcp`` 1.6 with a print at start-up): takes
                 ``server/discover`` as ``wedge-on-discover`` does, and its start-up banner,
                 buffered on stdout, comes out only as it exits on the next request.
- ``exit-on-discover`` prints a line that is not JSON on stdout and exits with code 1 as soon as
                 ``server/discover`` comes (a strict server refusing any request before
                 ``initialize``); a fresh process answers ``initialize`` as ``legacy`` does.
- ``exit-on-tools`` legacy, but exits with code 3 when asked ``tools/list``, after it has answered
                 ``initialize``.
- ``closes-stdin`` reads its first message, then closes its stdin and answers nothing, staying up
                 (for 30 s at most).
- ``orphan``     starts a grandchild (in its process group) that inherits stdout and
                 sleeps, then exits with code 4 without answering.

Legacy servers that answer ``server/discover`` in ways that must lead to ``initialize``
(their ``report`` tool also holds the ``initialize`` params they got):

- ``discover-legacy``   a DiscoverResult whose ``supportedVersions`` lists only handshake-era
                        versions (and one nobody speaks), oldest first.
- ``refuse-legacy``     -32022 whose ``supported`` lists only handshake-era versions.
- ``contradicts-legacy`` -32022 refusing 2026-07-28 while listing it and 2025-03-26.
- ``not-discover-array``, ``not-discover-no-capabilities``, ``not-discover-no-versions``
                        a result that is not a DiscoverResult.
- ``null-id``           a -32600 error with ``"id": null`` (it "could not read the id").
- ``batch``             the first ``tools/list`` page comes as an empty array line, then one
                        line holding a batch: its two requests, a notification and the answer.
- ``page-fields``       ``tools/list`` results that carry fields named ``cursor``, ``count``
                        and ``serverFields`` of their own.
- ``many-pages``        ``tools/list`` in 150 pages of one tool each.
- ``answer-then-request`` the first ``tools/list`` page comes as one line holding a batch: the
                        answer, then a ``roots/list`` request (``srv-after``) behind it.
- ``late-null-id``      leaves ``server/discover`` unanswered until its next message arrives, then
                        sends a -32600 error with ``"id": null`` before answering that message, as
                        a server that reports what it could not read only when more input comes.

- ``modern-only``       answers ``server/discover`` with -32601 but ``initialize`` with -32022
                        (supported: 2026-07-28).
- ``late-modern``       answers ``server/discover`` only after 1.5 s, then ``initialize``
                        with -32022, as a slow modern server would.
- ``no-tools``          legacy; advertises ``tools`` but lists none, as a server missing the
                        environment it needs does (mcp-atlassian without its URLs).
- ``list-error``        legacy; advertises ``tools`` and ``resources``, lists one tool, answers
                        ``resources/list`` with -32603 (a database it cannot reach, as postgres's
                        server does; the message holds a newline and an escape character) and
                        ``resources/templates/list`` with -32601.
- ``list-error:SHAPE``  as ``list-error``, but ``resources/list`` answers one of JSON-RPC 2.0's
                        malformed answers (``MALFORMED_ANSWERS``); ``list-error:initialize``
                        answers ``initialize`` with an error that is not an object.

With ``RAW_PIDFILE`` set, the server writes its pid (and any child's) there, one per line; with
``RAW_STARTS`` set, it adds a line to that file each time it starts.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "legacy"
PAGE_CURSORS = {None: "", "": None}  # first page → "" → last page


#: Answers that break JSON-RPC 2.0 §5: an error that is not an object with an integer code and a
#: string message, or a result beside an error (the hostile trial of round 10's shapes).
MALFORMED_ANSWERS: dict[str, dict] = {
    "not-object": {"error": "boom"},
    "bad-code": {"error": {"code": "x", "message": {"a": 1}}},
    "no-message": {"error": {"code": -32603}},
    "both": {"result": {"resources": []}, "error": {"code": 1, "message": "m"}},
}
LIST_ERROR = MODE.startswith("list-error")


def write(message: dict | list) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def record_pids(*pids: int) -> None:
    path = os.environ.get("RAW_PIDFILE")
    if path:
        with open(path, "w") as fh:
            fh.write("\n".join(str(p) for p in pids) + "\n")


#: How the modes that answer server/discover at once answer it (null-id also nulls the id).
DISCOVER_ANSWERS: dict[str, dict] = {
    "discover-legacy": {"result": {"resultType": "complete", "capabilities": {"tools": {}},
                                   "supportedVersions": ["2024-11-05", "2025-06-18", "1999-01-01"],
                                   "ttlMs": 0, "cacheScope": "private"}},
    "refuse-legacy": {"error": {"code": -32022, "message": "Unsupported protocol version",
                                "data": {"supported": ["2024-11-05", "2025-06-18"], "requested": "2026-07-28"}}},
    "contradicts-legacy": {"error": {"code": -32022, "message": "Unsupported protocol version",
                                     "data": {"supported": ["2026-07-28", "2025-03-26"],
                                              "requested": "2026-07-28"}}},
    "not-discover-array": {"result": ["2026-07-28"]},
    "not-discover-no-capabilities": {"result": {"supportedVersions": ["2026-07-28"]}},
    "not-discover-no-versions": {"result": {"capabilities": {"tools": {}}}},
    "null-id": {"error": {"code": -32600, "message": "Invalid Request"}},
    "modern-only": {"error": {"code": -32601, "message": "Method not found"}},
    # A release that speaks both eras (FastMCP 2): discover answers at once, initialize too.
    "both-eras": {"result": {"resultType": "complete", "capabilities": {"tools": {}},
                             "supportedVersions": ["2026-07-28", "2025-11-25"], "ttlMs": 0, "cacheScope": "private"}},
}


def tool(name: str, description: str = "") -> dict:
    return {"name": name, "description": description, "inputSchema": {"type": "object"}}


def main() -> None:
    record_pids(os.getpid())
    if os.environ.get("RAW_STARTS"):
        with open(os.environ["RAW_STARTS"], "a") as fh:
            fh.write(f"{MODE}\n")
    print(f"raw server starting in mode {MODE}", file=sys.stderr, flush=True)
    if MODE == "exit":
        print("fatal: no API_TOKEN in the environment", file=sys.stderr, flush=True)
        sys.exit(3)
    if MODE == "trace":
        where = "file:///tmp/srv/node_modules/example-mcp-server/dist"
        print(f"{where}/service.js:10\n    throw new Error('example-mcp-server: No API key provided. Set it in "
              "the `EXAMPLE_API_KEY` environment variable');\n    ^\n\nError: example-mcp-server: No API key "
              "provided. Set it in the `EXAMPLE_API_KEY` environment variable", file=sys.stderr)
        for depth in range(20):  # more lines than the stderr tail keeps (STDERR_TAIL_LINES)
            print(f"    at frame{depth} (file:///tmp/srv/node_modules/example-mcp-server/dist/a/deeply/nested/"
                  f"module{depth}.js:{depth + 10}:19)", file=sys.stderr)
        print("\nNode.js v20.20.2", file=sys.stderr, flush=True)
        sys.exit(1)
    if MODE == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
        record_pids(os.getpid(), child.pid)
        print("hanging on purpose", file=sys.stderr, flush=True)
        while True:
            time.sleep(1)
    if MODE == "orphan":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])  # holds stdout
        record_pids(os.getpid(), child.pid)
        print("leaving a child behind", file=sys.stderr, flush=True)
        sys.exit(4)
    if MODE == "flood":
        sys.stdin.readline()
        number = 0
        while True:  # blocks once the client stops reading (it must not)
            number += 1
            write({"jsonrpc": "2.0", "id": f"ping-{number}", "method": "ping"})
    if MODE == "closes-stdin":
        sys.stdin.readline()
        os.close(0)
        time.sleep(30)
        return
    if MODE == "silent":
        for _ in sys.stdin:
            pass
        return
    if MODE in ("noise", "chatty"):
        print("Server starting on stdio...", flush=True)
    if MODE == "json-noise":
        print('{"status": "ready"}', flush=True)
    seen: list[str] = []
    replies: dict[str, dict] = {}
    late_error = False
    wedged = False
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        method = message.get("method")
        if method is None:  # a reply to one of our requests
            replies[str(message.get("id"))] = message
            continue
        seen.append(method)
        if MODE == "chatty":
            print(f"\x1b[32mhandled {method}\x1b[0m", flush=True)
        if late_error:
            write({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}})
            late_error = False
        if "id" not in message:
            continue
        ident = message["id"]
        if MODE == "wrong-id":
            ident = ident + 100 if isinstance(ident, int) else "other"
        if method == "initialize":
            replies["initialize-params"] = message.get("params")
        if MODE in ("wedge-on-discover", "banner-on-exit") and method == "server/discover":
            print("pydantic_core.ValidationError: input_value='server/discover'", file=sys.stderr, flush=True)
            wedged = True
            continue
        if MODE == "exit-on-discover" and method == "server/discover":
            print("Invalid request: unknown method server/discover", flush=True)
            sys.exit(1)
        if MODE == "exit-on-tools" and method == "tools/list":
            sys.exit(3)
        if MODE == "wedge-on-discover" and wedged:
            sys.exit(1)
        if MODE == "banner-on-exit" and wedged:  # the buffered print reaches the pipe only now
            sys.stdout.write("Successfully initialized Chroma client\nStarting MCP server\n")
            sys.exit(1)
        if method == "server/discover" and MODE == "late-null-id":
            late_error = True  # answered only once the next message has come
        elif method == "server/discover" and MODE in DISCOVER_ANSWERS:
            write({"jsonrpc": "2.0", "id": None if MODE == "null-id" else ident, **DISCOVER_ANSWERS[MODE]})
        elif method == "server/discover" and MODE == "late-modern":
            time.sleep(1.5)
            write({"jsonrpc": "2.0", "id": ident, "result": {"supportedVersions": ["2026-07-28"],
                                                            "capabilities": {"tools": {}}}})
        elif method == "initialize" and MODE in ("modern-only", "late-modern"):
            error = {"code": -32022, "message": "Unsupported protocol version",
                     "data": {"supported": ["2026-07-28"], "requested": message["params"]["protocolVersion"]}}
            write({"jsonrpc": "2.0", "id": ident, "error": error})
        elif method == "server/discover" and MODE == "contradicts":
            error = {"code": -32022, "message": "Unsupported protocol version",
                     "data": {"supported": ["2026-07-28"], "requested": "2026-07-28"}}
            write({"jsonrpc": "2.0", "id": ident, "error": error})
        elif method == "server/discover" and MODE == "future":
            error = {"code": -32022, "message": "Unsupported protocol version",
                     "data": {"supported": ["2027-01-01"], "requested": "2026-07-28"}}
            write({"jsonrpc": "2.0", "id": ident, "error": error})
        elif method == "server/discover":
            write({"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": "Method not found"}})
        elif method == "initialize":
            result = {"protocolVersion": "2025-06-18", "serverInfo": {"name": "raw", "version": "0.0.1"},
                      "capabilities": {"tools": {}, "prompts": {}}}
            if MODE == "refuses-old" and message["params"].get("protocolVersion") == "2025-06-18":
                write({"jsonrpc": "2.0", "id": ident, "error": {"code": -32602, "message": "Unsupported version"}})
                continue
            if MODE in ("speaks-both", "newest-only", "refuses-old"):  # a newer release: 2025-11-25 first
                asked = message["params"].get("protocolVersion")
                keeps = MODE == "speaks-both" and asked in ("2025-06-18", "2025-11-25")
                result["protocolVersion"] = asked if keeps else "2025-11-25"
            if MODE == "huge":
                result["instructions"] = "x" * (10 * 1024 * 1024 + 10)
            if MODE == "no-tools":
                result["capabilities"] = {"tools": {"listChanged": True}}
            if MODE == "list-error:initialize":
                write({"jsonrpc": "2.0", "id": ident, "error": "nope"})
                continue
            if LIST_ERROR:
                result["capabilities"] = {"tools": {}, "resources": {}}
            write({"jsonrpc": "2.0", "id": ident, "result": result})
        elif method == "tools/list":
            cursor = (message.get("params") or {}).get("cursor")
            before = [
                {"jsonrpc": "2.0", "id": "srv-1", "method": "roots/list"},
                {"jsonrpc": "2.0", "id": "srv-2", "method": "sampling/createMessage",
                 "params": {"messages": [], "maxTokens": 1}},
                {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "hi"}},
            ]
            if MODE == "answer-then-request" and cursor is None:
                answer = {"jsonrpc": "2.0", "id": ident, "result": {"tools": [tool("first")], "nextCursor": ""}}
                write([answer, {"jsonrpc": "2.0", "id": "srv-after", "method": "roots/list"}])
                continue
            if MODE == "batch" and cursor is None:
                sys.stdout.write("[]\n")
                answer = {"jsonrpc": "2.0", "id": ident, "result": {"tools": [tool("first")], "nextCursor": ""}}
                write([*before, answer])  # one line, one batch
                continue
            if MODE == "no-tools":
                write({"jsonrpc": "2.0", "id": ident, "result": {"tools": []}})
                continue
            if LIST_ERROR:
                write({"jsonrpc": "2.0", "id": ident, "result": {"tools": [tool("query")]}})
                continue
            for server_message in before:
                write(server_message)
            if MODE == "many-pages":
                number = int(cursor or 0) + 1
                result = {"tools": [tool(f"t{number}")]}
                if number < 150:
                    result["nextCursor"] = str(number)
            elif MODE == "page-fields":
                result = {"tools": [tool("only")], "cursor": "the server's own", "count": 99,
                          "serverFields": ["also its own"], "vendor": 1}
            elif MODE == "loop":
                result = {"tools": [tool("t")], "nextCursor": "again"}
            elif MODE == "pages":
                number = int(cursor or 0) + 1
                result = {"tools": [tool(f"t{number}")], "nextCursor": str(number)}
            elif MODE == "big-pages":
                number = int(cursor or 0) + 1
                result = {"tools": [tool(f"t{number}", "d" * 100_000)], "nextCursor": str(number)}
            elif MODE == "big-cursor":
                write({"jsonrpc": "2.0", "id": ident, "result": {"tools": [], "nextCursor": "c" * 1_000_000}})
                time.sleep(300)  # and never reads the request that carries the cursor back
            elif cursor is None:
                result = {"tools": [tool("first")], "nextCursor": ""}
            else:
                report = {"replies": replies, "seen": seen, "env": sorted(os.environ)}
                result = {"tools": [tool("second"), tool("report", json.dumps(report))]}
            write({"jsonrpc": "2.0", "id": ident, "result": result})
        elif method == "resources/list" and MODE.partition(":")[2] in MALFORMED_ANSWERS:
            write({"jsonrpc": "2.0", "id": ident, **MALFORMED_ANSWERS[MODE.partition(":")[2]]})
        elif method == "resources/list" and MODE == "list-error":
            error = {"code": -32603, "message": "connect ECONNREFUSED 127.0.0.1:1\n\x1b[31mretrying"}
            write({"jsonrpc": "2.0", "id": ident, "error": error})
        elif method == "prompts/list":
            write({"jsonrpc": "2.0", "id": ident, "error": {"code": -32603, "message": "prompts are broken"}})
        else:
            write({"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": "Method not found"}})


if __name__ == "__main__":
    main()
