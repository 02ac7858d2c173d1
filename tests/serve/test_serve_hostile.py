"""The service against hostile clients (issue 28): patterns built to backtrack, numbers in
the wrong spelling, request smuggling, one client holding every slot, abandoned work, a
server killed with SIGKILL, secrets in the log."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import Server, running_server

#: The issue's pattern and its kin (nested quantifiers, overlapping alternatives).
HOSTILE = ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*$", "((a+)+)+b", "^(a|a?)+$"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("hostile"), "--workers", "2") as running:
        yield running


@pytest.mark.parametrize("pattern", HOSTILE)
def test_a_pattern_built_to_backtrack_is_answered_at_once(server: Server, pattern: str) -> None:
    body = {"tools": [{"name": "t", "inputSchema": {"type": "object", "patternProperties": {pattern: {}},
                                                    "required": ["a" * 48 + "!"]}}]}
    started = time.perf_counter()
    response = server.post("/lint", body)
    assert response.status_code == 200
    assert time.perf_counter() - started < 1.0
    # Run, not skipped: a pattern that cannot match the name leaves it undeclared (MCP-008).
    found = any(f["code"] == "MCP-008" for f in response.json()["findings"])
    assert found is (pattern in ("(a+)+$", "(a|aa)+$", "((a+)+)+b", "^(a|a?)+$"))


ONE_TOOL = [{"name": "echo", "description": "Echo the text back.",
             "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]


@pytest.mark.parametrize("key", ["description_max_chars", "tool_max_tokens", "server_max_tokens"])
def test_an_integral_float_setting_is_the_whole_number(server: Server, key: str) -> None:
    whole = server.post("/lint", {"tools": ONE_TOOL, "config": {key: 6804}})
    spelled = server.post("/lint", {"tools": ONE_TOOL, "config": {key: 6804.0}})
    assert whole.status_code == spelled.status_code == 200, spelled.text
    assert spelled.json() == whole.json()
    diff = server.post("/diff", {"old": ONE_TOOL, "new": ONE_TOOL, "config": {"lint": {key: 6804.0}}})
    assert diff.status_code == 200, diff.text


@pytest.mark.parametrize(("config", "field"), [
    ({"server_max_tokens": 6804.5}, "config.server_max_tokens"),
    ({"select": ""}, "config.select"),
    ({"select": []}, "config.select"),
    ({"select": ["SEC", ""]}, "config.select"),
])
def test_a_setting_the_schema_refuses_is_400_naming_it(server: Server, config: dict, field: str) -> None:
    response = server.post("/lint", {"tools": ONE_TOOL, "config": config})
    assert response.status_code == 400 and response.json()["field"] == field, response.text
    assert "got a list" not in response.json()["error"]


def test_openapi_says_a_selection_is_not_empty(server: Server) -> None:
    lint = server.get("/openapi.json").json()["components"]["schemas"]["LintConfig"]
    string, array = lint["properties"]["select"]["oneOf"]
    assert string["minLength"] == 1 and array["minItems"] == 1 and array["items"]["minLength"] == 1
    for key in ("description_max_chars", "tool_max_tokens", "server_max_tokens"):
        assert lint["properties"][key]["type"] == "integer"


def _exchange(server: Server, data: bytes, seconds: float = 5.0) -> bytes:
    """Send ``data`` on one raw connection and read until the server closes it (or ``seconds``)."""
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=seconds) as sock:
        sock.sendall(data)
        received = b""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                return received
            received += chunk
        raise AssertionError(f"the connection was left open: {received!r}")


@pytest.mark.parametrize("order", ["cl-first", "te-first"])
def test_content_length_with_transfer_encoding_is_400_and_closed(server: Server, order: str) -> None:
    """RFC 9112 §6.1: a request with both may be smuggling another in its body; the server
    answers 400 and closes the connection, so the bytes after it are never a request."""
    lengths = [b"Content-Length: 5\r\n", b"Transfer-Encoding: chunked\r\n"]
    head = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" \
        + b"".join(lengths if order == "cl-first" else lengths[::-1]) + b"\r\n"
    smuggled = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    received = _exchange(server, head + b"0\r\n\r\n" + smuggled)
    assert received.startswith(b"HTTP/1.1 400 "), received
    assert received.count(b"HTTP/1.1 ") == 1, received  # the smuggled GET was never answered
    assert b"connection: close" in received.lower()
    assert b"Content-Length" in received.split(b"\r\n\r\n", 1)[1]  # the error names the header
