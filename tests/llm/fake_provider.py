"""A fake model provider for the model review's tests: a real HTTP server on a loopback port
that speaks the three wire formats the official clients use (Anthropic Messages at
``/v1/messages``, OpenAI Chat Completions at ``/v1/chat/completions``, Ollama chat at
``/api/chat``), pointed to by the clients' own base-URL variables.

It records every request it gets, and answers each by the next ``Step`` of its plan (then
by ``default``): a status code with an error body, an answer text, a delay. The answers by
default are good ones, written from the data of the question, so a test can tell which
tool an answer was for. The server stops by itself at the end of the test (``serving``, which each test
module's fixture wraps), cutting any delay short.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

PATHS = {"anthropic": "/v1/messages", "openai": "/v1/chat/completions", "ollama": "/api/chat"}
PROVIDERS = tuple(PATHS)
#: Token counts every answer reports.
INPUT_TOKENS, OUTPUT_TOKENS = 321, 45
_DATA = re.compile(r"<untrusted-data>\n(.*)\n</untrusted-data>\Z", re.DOTALL)


@dataclass
class Step:
    """How to answer one request: ``status`` (with an error body unless 200), the answer's
    ``text`` (None: a good answer to the question), ``delay`` seconds first, extra headers."""

    status: int = 200
    text: str | None = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    raw: bytes

    @property
    def body(self) -> dict[str, Any]:
        return json.loads(self.raw)

    @property
    def system(self) -> str:
        body = self.body
        if "system" in body:
            return body["system"]
        return next(m["content"] for m in body["messages"] if m["role"] == "system")

    @property
    def user(self) -> str:
        return next(m["content"] for m in self.body["messages"] if m["role"] == "user")

    @property
    def data(self) -> Any:
        """The JSON value between the markers of the user message."""
        found = _DATA.search(self.user)
        assert found, self.user
        return json.loads(found.group(1))


def good_answer(request: Request) -> str:
    """An answer of the right shape for the question, naming what it was about."""
    data = request.data
    if "routing_change" in request.system:
        return json.dumps({"routing_change": True, "argument_change": False,
                           "why": f"the new text of {data['entity']['name']} names other requests"})
    name = data.get("name", "?")
    return json.dumps({"clarity": 72, "ambiguities": [f"what {name} returns"], "conflicts": [],
                       "suggestions": [f"say when to call {name}"]})


def _wire(provider: str, model: str, text: str) -> dict[str, Any]:
    if provider == "anthropic":
        return {"id": "msg_fake", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": INPUT_TOKENS, "output_tokens": OUTPUT_TOKENS}}
    if provider == "openai":
        return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": INPUT_TOKENS, "completion_tokens": OUTPUT_TOKENS,
                          "total_tokens": INPUT_TOKENS + OUTPUT_TOKENS}}
    return {"model": model, "created_at": "2026-10-01T00:00:00Z", "message": {"role": "assistant", "content": text},
            "done": True, "done_reason": "stop", "prompt_eval_count": INPUT_TOKENS, "eval_count": OUTPUT_TOKENS}


def _error(provider: str, status: int) -> dict[str, Any]:
    said = f"fake failure {status}"
    if provider == "anthropic":
        return {"type": "error", "error": {"type": "api_error", "message": said}}
    if provider == "openai":
        return {"error": {"message": said, "type": "server_error", "code": None}}
    return {"error": said}


class FakeProvider:
    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.plan: list[Step] = []
        self.default = Step()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                fake._answer(self, Request(self.path, {k.lower(): v for k, v in self.headers.items()}, raw))

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02},
                                        daemon=True)  # shutdown() waits up to one poll: 0.5 s by default
        self._thread.start()

    def url(self, provider: str) -> str:
        """The base URL the provider's client is given (OpenAI's includes ``/v1``)."""
        return f"http://127.0.0.1:{self.port}" + ("/v1" if provider == "openai" else "")

    def asked(self, provider: str | None = None) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if provider is None or r.path == PATHS[provider]]

    def _answer(self, handler: BaseHTTPRequestHandler, request: Request) -> None:
        with self._lock:
            self.requests.append(request)
            step = self.plan.pop(0) if self.plan else self.default
        provider = next((name for name, path in PATHS.items() if path == request.path), None)
        if provider is None:
            self._send(handler, 404, {"error": "no such path"}, {})
            return
        if step.delay and self._stopping.wait(step.delay):
            return
        if step.status != 200:
            self._send(handler, step.status, _error(provider, step.status), step.headers)
            return
        text = good_answer(request) if step.text is None else step.text
        self._send(handler, 200, _wire(provider, request.body.get("model", ""), text), step.headers)

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
        payload = json.dumps(body).encode()
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            for name, value in headers.items():
                handler.send_header(name, value)
            handler.end_headers()
            handler.wfile.write(payload)
        except OSError:
            pass  # the client gave up (a timeout test)

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def serving() -> Iterator[FakeProvider]:
    """A fake provider for the length of a ``with`` block (a test's fixture)."""
    server = FakeProvider()
    try:
        yield server
    finally:
        server.stop()


def point_at(monkeypatch: pytest.MonkeyPatch, provider: str, fake: FakeProvider, tmp_path: Any) -> None:
    """Aim ``provider``'s client at the fake server through its own variable, give it a key,
    and keep the cache in ``tmp_path``."""
    variable = {"anthropic": "ANTHROPIC_BASE_URL", "openai": "OPENAI_BASE_URL", "ollama": "OLLAMA_HOST"}[provider]
    monkeypatch.setenv(variable, fake.url(provider))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-anthropic")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-openai")
    monkeypatch.setenv("MCP_INSPECT_CACHE_DIR", str(tmp_path / "cache"))


TOOLS = [
    {"name": "get_weather", "description": "Returns the current weather for a city.",
     "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "The city."}},
                     "required": ["city"]}},
    {"name": "send_mail", "description": "Sends an email.",
     "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}, "required": ["to"]}},
]


def write_surface(path: Any, tools: list[dict[str, Any]]) -> str:
    path.write_text(json.dumps({"tools": tools}))
    return str(path)


def description_pair(tmp_path: Any) -> tuple[str, str]:
    """Two surfaces whose only changes are descriptions: a tool's and one of its properties'."""
    old = json.loads(json.dumps(TOOLS))
    new = json.loads(json.dumps(TOOLS))
    new[0]["description"] = "Returns the weather forecast for the next seven days for a city."
    new[0]["inputSchema"]["properties"]["city"]["description"] = "The city, with its country code."
    return write_surface(tmp_path / "old.json", old), write_surface(tmp_path / "new.json", new)


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
