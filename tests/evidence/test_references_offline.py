"""Nothing a schema names is fetched: a remote or ``file:`` ``$ref`` is not read by the witness
search, by the replay of recorded calls, nor by either validator behind them.

A snapshot is untrusted input, and ``serve`` runs the same code on a request's body: a
validator that follows ``http://…`` would let anyone make the service call an internal
address, and one that opens ``file:`` paths reads local files (or hangs on a FIFO, or fills
memory from ``/dev/zero``). The classification already treats such a reference as unknown
(docs/classification-notes.md); the validators must too.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator

import pytest

from mcp_inspect import api, diff
from mcp_inspect.evidence.search import compile_validator
from mcp_inspect.snapshot.shapes import snapshot_from_value


class _Counting(http.server.BaseHTTPRequestHandler):
    requests: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        type(self).requests.append(self.path)
        body = json.dumps({"type": "string", "maxLength": 3}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, list[str]]]:
    """A loopback HTTP server that serves a schema to anyone who asks and counts who did."""
    handler = type("Handler", (_Counting,), {"requests": []})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", handler.requests
    finally:
        httpd.shutdown()
        httpd.server_close()


def _tools(max_length: int, ref: str) -> dict:
    return {"tools": [{"name": "t", "inputSchema": {
        "type": "object", "required": ["a"],
        "properties": {"a": {"type": "string", "maxLength": max_length}, "b": {"$ref": ref}}}}]}


def test_neither_the_witness_search_nor_the_replay_fetches_a_remote_reference(server, tmp_path):
    base, requests = server
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(_tools(10, f"{base}/other.json")))
    new.write_text(json.dumps(_tools(5, f"{base}/other.json")))
    calls = tmp_path / "calls.jsonl"
    calls.write_text(json.dumps({"tool": "t", "arguments": {"a": "hello world", "b": "x"}}) + "\n")
    report = diff(str(old), str(new), calls=str(calls))
    assert requests == []
    [finding] = [f for f in report.changes if f.rule == "tool.input.constraint.tightened"]
    assert finding.witness is not None  # searched, and said why not without fetching
    assert "_Wrapped" not in (finding.witness.note or "")


def test_a_validator_never_reads_a_file_reference(tmp_path):
    target = tmp_path / "defs.json"
    target.write_text(json.dumps({"type": "integer"}))
    validator = compile_validator({"$ref": target.as_uri()})
    with pytest.raises(Exception) as raised:
        validator.is_valid("not an integer")
    assert "Unresolvable" in type(raised.value).__name__ or "resolv" in str(raised.value).lower()


def test_the_fast_replay_validator_refuses_to_fetch(server):
    pytest.importorskip("jsonschema_rs")
    from mcp_inspect.recording.replay import Validators

    base, requests = server
    validators = Validators()
    validators.get({"$ref": f"{base}/x.json"})
    assert validators.fast({"$ref": f"{base}/x.json"}) is None and requests == []


def test_a_report_with_a_file_reference_says_it_is_not_read(tmp_path):
    """Every call sends ``b``, so none can be judged: the note says why, in words."""
    target = tmp_path / "defs.json"
    target.write_text(json.dumps({"type": "integer"}))
    sides = []
    for bound in (10, 5):
        tools = _tools(bound, target.as_uri())
        tools["tools"][0]["inputSchema"]["required"] = ["a", "b"]
        sides.append(snapshot_from_value(tools, str(bound)))
    [finding] = [f for f in api.diff(*sides).changes if f.rule == "tool.input.constraint.tightened"]
    assert not finding.witness.found and finding.witness.reason == "remote_ref"
    assert finding.witness.note.endswith(f"the $ref {target.as_uri()!r} does not resolve (a reference outside the "
                                         "schema is never fetched)"), finding.witness.note
    assert "_Wrapped" not in finding.witness.note
