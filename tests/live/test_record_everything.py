"""``mcp-inspect record`` in front of the published reference server: a client receives
through the proxy exactly what it receives directly (stdio and Streamable HTTP), while the
proxy records every tools/call; the recording then replays against a narrowed surface.

Needs ``node`` and ``npm`` (the reference server from the npm registry), as test_everything.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from conftest import ROOT
from test_everything import CORPUS_FILE, everything_dist, serving  # noqa: F401 - a fixture

from mcp_inspect import diff

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("everything")]  # with test_everything.py: one install

SESSION = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe-client", "version": "0.9"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {"message": "hello"}}},
    {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "get-sum", "arguments": {"a": 2, "b": 3}}},
    {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
     "params": {"name": "get-structured-content", "arguments": {"location": "Chicago"}}},
    {"jsonrpc": "2.0", "id": 6, "method": "tools/call",
     "params": {"name": "get-structured-content", "arguments": {"location": "New York"}}},
    {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "no-such-tool", "arguments": {}}},
]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def stdio_session(command: list[str], cwd: Path) -> bytes:
    """Send the session one message at a time (each answered before the next), then close stdin."""
    process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=ENV)
    assert process.stdin is not None and process.stdout is not None
    received = b""
    for message in SESSION:
        process.stdin.write(json.dumps(message).encode() + b"\n")
        process.stdin.flush()
        if "id" in message:
            # Wait for the answer itself (a line whose id is this request's), not for the
            # bytes '"id":N}' anywhere: a result may hold them, and moving on early lets the
            # server answer two calls at once, in either order.
            answered = False
            while not answered:
                line = process.stdout.readline()
                assert line, "the server closed its output early"
                received += line
                try:
                    answer = json.loads(line)
                except ValueError:
                    continue
                answered = (isinstance(answer, dict) and answer.get("id") == message["id"]
                            and ("result" in answer or "error" in answer))
    process.stdin.close()
    received += process.stdout.read()
    assert process.wait(30) == 0
    return received


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def check_recording(rows: list[dict]) -> None:
    # Every call once, as a set (the tour and replay read the log as a set of calls, never by
    # position). Under a loaded run an answer used to reach the tap before its call did, so
    # the call was logged at the end, unanswered: the tap now keeps an early answer until its
    # call comes (tests/recording/test_proxy_closing.py).
    said = sorted(json.dumps([r["tool"], r["arguments"], r["isError"], r["client"]]) for r in rows)
    assert said == sorted(json.dumps(row) for row in [
        ["echo", {"message": "string"}, False, "probe-client 0.9"],  # redacted: its type, not its value
        ["get-sum", {"a": 2, "b": 3}, False, "probe-client 0.9"],
        ["get-structured-content", {"location": "Chicago"}, False, "probe-client 0.9"],
        ["get-structured-content", {"location": "New York"}, False, "probe-client 0.9"],
        ["no-such-tool", {}, True, "probe-client 0.9"],
    ])
    [chicago] = [r for r in rows if r["arguments"] == {"location": "Chicago"}]
    assert set(chicago["structuredContent"]) == {"temperature", "conditions", "humidity"}


def test_stdio_through_the_proxy_is_byte_for_byte_the_direct_session(everything_dist, tmp_path):  # noqa: F811
    log = tmp_path / "calls.jsonl"
    direct = stdio_session(["node", "index.js", "stdio"], everything_dist)
    proxied = stdio_session([sys.executable, "-m", "mcp_inspect", "record", "--server", "node index.js stdio",
                             "-o", str(log), "--redact", "message"], everything_dist)
    assert proxied == direct
    assert b'"Echo: hello"' in proxied  # the server saw the real value; only the log holds its type
    check_recording(records(log))
    # The recording replays: a surface where get-structured-content no longer takes "Chicago".
    old = json.loads(CORPUS_FILE.read_text())
    new = json.loads(CORPUS_FILE.read_text())
    tool = next(t for t in new["tools"] if t["name"] == "get-structured-content")
    tool["inputSchema"]["properties"]["location"]["enum"].remove("Chicago")
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    report = diff(str(tmp_path / "old.json"), str(tmp_path / "new.json"), calls=str(log))
    assert [(r.line, r.tool, r.value, r.error) for r in report.calls.rejected] == [
        (3, "get-structured-content", {"location": "Chicago"}, "'Chicago' is not one of ['New York', 'Los Angeles']")]
    [finding] = [f for f in report.changes if f.rule == "tool.input.enum.narrowed"]
    assert finding.calls == {"recorded": 2, "rejectedByNew": 1, "acceptedByOld": 2, "propertyUsed": 2,
                             "propertyRejected": 1, "findingRejected": 1, "property": ["location"]}
    assert report.calls.per_client() == [("probe-client 0.9", 5, 1)]


UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def http_session(url: str) -> list[tuple[int, str, bytes]]:
    """Each POST's status, content type and body; the server's session id and SSE event ids
    (fresh random UUIDs in every session) are replaced by a placeholder."""
    out = []
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    with httpx.Client(timeout=30) as client:
        for message in SESSION:
            response = client.post(url, content=json.dumps(message), headers=headers)
            headers.setdefault("mcp-session-id", response.headers.get("mcp-session-id", ""))
            out.append((response.status_code, response.headers.get("content-type", ""),
                        UUID.sub(b"UUID", response.content)))
        response = client.delete(url, headers=headers)
        out.append((response.status_code, "", response.content))
    return out


def test_streamable_http_through_the_proxy_is_the_direct_session(everything_dist, tmp_path):  # noqa: F811
    log = tmp_path / "calls.jsonl"
    with serving(everything_dist, "streamableHttp") as port:
        upstream = f"http://127.0.0.1:{port}/mcp"
        direct = http_session(upstream)
        proxy = subprocess.Popen([sys.executable, "-m", "mcp_inspect", "record", "--url", upstream,
                                  "--listen", "127.0.0.1:0", "-o", str(log), "--redact", "message"],
                                 stderr=subprocess.PIPE, env=ENV)
        try:
            assert proxy.stderr is not None
            line = proxy.stderr.readline().decode()
            url = line.split()[3]
            proxied = http_session(url)
            time.sleep(0.2)
            proxy.terminate()
            assert proxy.wait(10) == 0
        finally:
            if proxy.poll() is None:
                proxy.kill()
                proxy.wait()
    assert proxied == direct
    assert any(b"Echo: hello" in body for _, _, body in proxied)
    check_recording(records(log))
