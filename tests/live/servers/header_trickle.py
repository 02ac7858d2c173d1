"""A loopback HTTP/1.1 server, run in a thread by the tests, whose response *headers* trickle:
after the status line it sends one header byte every ``tick`` seconds and never ends them.

Connections are kept alive, as most servers keep them, so a client that reuses one sends a later
request on a socket it connected for an earlier one. Paths:

- ``/mcp``       a 2026-era server: ``server/discover`` is answered at once; ``tools/list``'s
                 headers trickle.
- ``/discover``  ``server/discover``'s headers trickle.
- ``/sse``       a GET (the HTTP+SSE transport opening its stream) whose headers trickle.

Every request line is recorded in ``seen``. A trickle stops when the server is stopped, or by
itself after ``TRICKLE_SECONDS``.
"""

from __future__ import annotations

import json
import socket
import threading

TRICKLE_SECONDS = 8.0
DISCOVER = {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
            "serverInfo": {"name": "header-trickle", "version": "1.0"}, "ttlMs": 0, "cacheScope": "public"}


class HeaderTrickleServer:
    def __init__(self, tick: float = 0.3) -> None:
        self.tick = tick
        self.seen: list[str] = []
        self.stop = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.05)
        self._thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def __enter__(self) -> HeaderTrickleServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self._thread.join(2)
        self._listener.close()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as reader:
            try:
                while not self.stop.is_set():
                    line = reader.readline()
                    if not line:
                        return
                    verb, path = line.split()[:2]
                    self.seen.append(f"{verb.decode()} {path.decode()}")
                    headers = {}
                    while (header := reader.readline()) not in (b"\r\n", b"\n", b""):
                        name, _, value = header.decode().partition(":")
                        headers[name.strip().lower()] = value.strip()
                    body = reader.read(int(headers.get("content-length", "0")))
                    message = json.loads(body) if body else {}
                    if path in (b"/sse", b"/discover") or message.get("method") == "tools/list":
                        self._trickle(conn)
                        return
                    answer = {"jsonrpc": "2.0", "id": message.get("id"), "result": DISCOVER}
                    data = json.dumps(answer).encode()
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n" % len(data) + data)
            except OSError:
                return

    def _trickle(self, conn: socket.socket) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Pad: ")
        waited = 0.0
        while waited < TRICKLE_SECONDS and not self.stop.wait(self.tick):
            waited += self.tick
            conn.sendall(b"a")
