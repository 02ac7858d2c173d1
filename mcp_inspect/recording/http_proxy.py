"""``mcp-inspect record --url URL --listen HOST:PORT``: a Streamable HTTP pass-through.

Each request the client sends to ``http://HOST:PORT/PATH?QUERY`` is sent on to the upstream
URL's origin with the same method, path, query, body and headers (less the hop-by-hop ones
and Host), and the upstream's status, headers and body come back unchanged as they arrive:
a JSON body or an event stream alike, chunk by chunk, never decoded on the way. A copy of
each request body, and of each response body that is JSON or an event stream in identity or a
content encoding the standard library can undo (gzip, deflate: a copy is inflated, up to the
body limit, while the bytes pass on compressed), goes to the tap; a call whose answer came in
another encoding (br, zstd) is logged as unanswered. A client that goes away mid-stream closes only its
upstream request; an upstream that cannot be reached is a 502 with one line of text. A request
body is framed as RFC 9112 section 6 says: an invalid Content-Length is 400, a chunked body is
decoded and sent on whole (with its length), Content-Length with Transfer-Encoding is 400 and
any other transfer coding 501, each closing the connection.

Where a request goes is the upstream's business alone: its URL is the configured upstream's
scheme, host and port, always, with the path and query of the request-target put in as a part
(never joined to the origin as text, where ``@host/x`` made the upstream a userinfo and sent the
client's headers to ``host``). The target must be origin-form (RFC 9112 section 3.2.1, a path),
or absolute-form naming the proxy itself (section 3.2.2: ``http://HOST:PORT/path`` with the
proxy's own address); any other (another host, ``*``, ``:port``, ``@host``) is 400, said in one
line on stderr, closing the connection.
"""

from __future__ import annotations

import contextlib
import ipaddress
import signal
import sys
import threading
import zlib
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import httpx

from ..limits import RECORD_MAX_MESSAGE_BYTES
from .log import Lines, Tap

HOP_BY_HOP = frozenset({"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
                        "trailers", "transfer-encoding", "upgrade", "host"})
SESSION_HEADER = "mcp-session-id"
#: The largest request body passed on (the tap parses it), and the most of a response body a
#: copy keeps for the tap: 32 MiB.
MAX_BODY = RECORD_MAX_MESSAGE_BYTES


class _EventReader:
    """Feeds the JSON of each server-sent event's data lines to ``observe``; lines are cut
    as they come (``Lines``: no buffer rebuilt per chunk), and an event's data past the
    message limit is not kept."""

    def __init__(self, observe: Callable[[bytes], None]) -> None:
        self.observe = observe
        self.lines = Lines()
        self.data: list[bytes] = []
        self.size = 0

    def feed(self, chunk: bytes) -> None:
        for line in self.lines.feed(chunk):
            line = line.removesuffix(b"\r")
            if not line:
                self.flush()
            elif line.startswith(b"data:") and self.size <= MAX_BODY:
                self.data.append(line[5:].removeprefix(b" "))
                self.size += len(line)

    def flush(self) -> None:
        if self.data and self.size <= MAX_BODY:
            self.observe(b"\n".join(self.data))
        self.data, self.size = [], 0


class _Inflater:
    """A copy of a compressed body, inflated chunk by chunk for the tap and never beyond
    ``MAX_BODY`` (a small body may inflate to gigabytes). A stream that turns out unreadable
    stops feeding the tap; the client still gets every byte as it came."""

    def __init__(self, encoding: str) -> None:
        # gzip has a header zlib recognises with 16 + MAX_WBITS; "deflate" is zlib-wrapped by
        # the RFC but raw in some servers, so the first chunk decides.
        self.raw_fallback = encoding == "deflate"
        self.inflate = zlib.decompressobj(16 + zlib.MAX_WBITS if encoding in ("gzip", "x-gzip") else zlib.MAX_WBITS)
        self.room = MAX_BODY
        self.broken = False

    def feed(self, chunk: bytes) -> bytes:
        if self.broken or self.room <= 0:
            return b""
        try:
            out = self.inflate.decompress(chunk, self.room)
        except zlib.error:
            if not self.raw_fallback:
                self.broken = True
                return b""
            self.raw_fallback = False
            self.inflate = zlib.decompressobj(-zlib.MAX_WBITS)
            return self.feed(chunk)
        self.raw_fallback = False
        self.room -= len(out)
        return out


#: The content encodings a copy can be inflated from with the standard library.
_INFLATABLE = frozenset({"gzip", "x-gzip", "deflate"})


def upstream_url(text: str) -> httpx.URL:
    """The ``--url`` given, parsed once: every request is sent to its scheme, host and port.
    ValueError, in one line, for a URL no request could be sent to (which failed on each
    request instead, with a traceback for a port that is not one)."""
    try:
        url = httpx.URL(text)
        port = url.port
    except (httpx.InvalidURL, ValueError) as exc:
        raise ValueError(f"--url: not a URL ({exc}): {text!r}") from None
    if url.scheme not in ("http", "https"):
        raise ValueError(f"--url: expected an http:// or https:// URL, got {text!r}")
    if not url.host or port is not None and not 0 < port < 65536:
        raise ValueError(f"--url: expected a host and a port from 1 to 65535, got {text!r}")
    return url


def _request_target(requestline: str) -> str:
    """The request-target as the request line holds it. ``self.path`` is not that: http.server
    folds a leading ``//`` into ``/`` (against open redirects, which a proxy sending the path
    to its upstream's origin cannot make), and a path is to be passed on as it came."""
    return requestline.split()[1]


#: What a request-target's path and query may hold: the visible ASCII characters (RFC 9112
#: section 3.2 and RFC 3986: anything else comes percent-encoded), less ``#`` (a fragment is
#: no part of a request-target).
_TARGET_CHARACTERS = frozenset(chr(code) for code in range(0x21, 0x7F)) - {"#"}


def make_handler(upstream: str, tap: Tap, client: httpx.Client, *, listen_host: str,
                 say: Callable[[str], None]) -> type[BaseHTTPRequestHandler]:
    """The request handler of a proxy forwarding to ``upstream``. ``listen_host`` is the host
    ``--listen`` named (an absolute-form target naming it, or the address bound, names the
    proxy); ``say`` writes one of the proxy's own lines on stderr."""
    target_url = upstream_url(upstream)
    # Said to a client the upstream cannot be reached: its origin, without any userinfo of --url.
    origin = f"{target_url.scheme}://{target_url.netloc.decode('ascii').rpartition('@')[2]}"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "mcp-inspect-record"

        def log_message(self, format: str, *args: Any) -> None:  # quiet: the log is the call log
            return

        def _forward(self) -> None:
            url = self._upstream()
            if url is None:  # refused: answered, and the connection is closed
                return
            body = self._body()
            if body is None:  # refused: answered, and the connection is closed
                return
            headers = [(k, v) for k, v in self.headers.items()
                       if k.lower() not in HOP_BY_HOP and k.lower() != "content-length"]
            try:
                request = client.build_request(self.command, url, headers=headers, content=body)
                response = client.send(request, stream=True)
            except httpx.HTTPError as exc:
                self._plain(502, f"the recording proxy could not reach {origin}: {type(exc).__name__}")
                return
            try:
                channel = self.headers.get(SESSION_HEADER) or response.headers.get(SESSION_HEADER) or ""
                if body:
                    tap.client_bytes(body, channel)
                self._relay(response, channel)
            finally:
                response.close()

        def _upstream(self) -> httpx.URL | None:
            """The URL this request goes to: the upstream's scheme, host and port, with the
            request-target's path and query as a part of it (so no target can name another
            host); None once a target that is not origin-form, nor absolute-form naming this
            proxy, is refused with 400."""
            target = _request_target(self.requestline)
            path = target if target.startswith("/") else self._path_of_absolute_form(target)
            if path is not None and set(path) <= _TARGET_CHARACTERS:
                with contextlib.suppress(httpx.InvalidURL):
                    return target_url.copy_with(raw_path=path.encode("ascii"))
            say(f"mcp-inspect record: refused the request-target {ascii(target[:200])}: only a path "
                "(or http://HOST:PORT/path naming this proxy) is forwarded, answered 400")
            self._refuse(400, "the recording proxy forwards only a request-target that is a path "
                              "(RFC 9112 section 3.2.1) or an absolute URL naming this proxy (section 3.2.2)")
            return None

        def _path_of_absolute_form(self, target: str) -> str | None:
            """The path and query of an absolute-form ``http://HOST:PORT/path?query`` whose
            HOST and PORT are this proxy's own (RFC 9112 section 3.2.2: a server must accept
            it), ``/`` for an empty path; None for any other."""
            scheme, sep, rest = target.partition("://")
            if not sep or scheme.lower() != "http":
                return None
            cut = min((at for at in (rest.find("/"), rest.find("?")) if at >= 0), default=len(rest))
            authority, path = rest[:cut], rest[cut:]
            if not self._names_this_proxy(authority):
                return None
            return path if path.startswith("/") else "/" + path

        def _names_this_proxy(self, authority: str) -> bool:
            """Whether ``HOST:PORT`` (PORT 80 when absent) is this proxy: the port it listens
            on, and the host ``--listen`` named or the address it bound (``localhost`` too when
            that is a loopback address). A userinfo is refused (RFC 9110 section 4.2.4)."""
            if "@" in authority:
                return False
            try:
                parts = urlsplit("//" + authority)
                host, port = (parts.hostname or "").lower(), parts.port or 80
            except ValueError:  # a port that is not one
                return False
            bound_host, bound_port = str(self.server.server_address[0]), self.server.server_address[1]
            names = {listen_host.strip("[]").lower(), bound_host.lower()} - {""}
            with contextlib.suppress(ValueError):
                if ipaddress.ip_address(bound_host).is_loopback:
                    names.add("localhost")
            return port == bound_port and host in names

        def _relay(self, response: httpx.Response, channel: str) -> None:
            self.send_response_only(response.status_code, response.reason_phrase)
            bodiless = self.command == "HEAD" or response.status_code in (204, 304) or response.status_code < 200
            sized = bodiless or "content-length" in response.headers
            for key, value in response.headers.multi_items():
                if key.lower() not in HOP_BY_HOP:
                    self.send_header(key, value)
            if not sized:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
            encoding = response.headers.get("content-encoding", "identity").strip().lower()
            inflater = _Inflater(encoding) if encoding in _INFLATABLE else None
            readable = inflater is not None or encoding in ("", "identity")
            events = _EventReader(lambda data: tap.server_bytes(data, channel)) \
                if readable and kind == "text/event-stream" else None
            whole = bytearray() if readable and kind == "application/json" else None
            if bodiless:
                return
            try:
                for chunk in response.iter_raw():
                    if not chunk:
                        continue
                    self.wfile.write(chunk if sized else b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    self.wfile.flush()
                    seen = chunk if inflater is None else inflater.feed(chunk)
                    if events is not None:
                        events.feed(seen)
                    elif whole is not None and len(whole) < MAX_BODY:
                        whole += seen
                if not sized:
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
            except (OSError, httpx.HTTPError):  # either side went away mid-body
                self.close_connection = True
            if events is not None:
                events.flush()
            if whole:
                tap.server_bytes(bytes(whole), channel)

        def _body(self) -> bytes | None:
            """The request body as RFC 9112 section 6 frames it, or None once refused (the
            connection is then closed: what follows cannot be told apart from a next request,
            so nothing of it may be read as one). Content-Length must be digits; a chunked body
            is decoded and forwarded whole, with its length; Content-Length and
            Transfer-Encoding together, or a transfer coding other than chunked alone, are
            refused, as by ``mcp-inspect serve``."""
            lengths = self.headers.get_all("content-length") or []
            codings = self.headers.get_all("transfer-encoding") or []
            if lengths and codings:
                self._refuse(400, "Content-Length and Transfer-Encoding together (RFC 9112 section 6.1)")
                return None
            if codings:
                coding = ",".join(codings).strip().lower()
                if coding != "chunked":
                    self._refuse(501, "the recording proxy takes no request transfer coding but chunked, "
                                      f"got {coding!r}")
                    return None
                return self._chunked()
            values = {value.strip() for item in lengths for value in item.split(",")}
            if len(values) > 1 or any(not value.isdigit() or not value.isascii() for value in values):
                self._refuse(400, "invalid Content-Length (RFC 9112 section 6.3)")
                return None
            length = int(values.pop()) if values else 0
            if length > MAX_BODY:
                self._refuse(413, "request body too large for the recording proxy")
                return None
            body = self.rfile.read(length) if length else b""
            if len(body) < length:  # the client went away mid-body
                self.close_connection = True
                return None
            return body

        def _chunked(self) -> bytes | None:
            """A chunked body, decoded (its extensions and trailers read and dropped), at most
            MAX_BODY bytes; None once refused."""
            body = bytearray()
            while True:
                line = self.rfile.readline(1026)
                size_text = line.split(b";", 1)[0].strip()
                if not line.endswith(b"\n") or not size_text or any(c not in b"0123456789abcdefABCDEF"
                                                                       for c in size_text):
                    self._refuse(400, "invalid chunked request body (RFC 9112 section 7.1)")
                    return None
                size = int(size_text, 16)
                if len(body) + size > MAX_BODY:
                    self._refuse(413, "request body too large for the recording proxy")
                    return None
                if size == 0:
                    break
                chunk = self.rfile.read(size)
                if len(chunk) < size or self.rfile.readline(3) not in (b"\r\n", b"\n"):
                    self._refuse(400, "invalid chunked request body (RFC 9112 section 7.1)")
                    return None
                body += chunk
            for _ in range(100):  # trailer fields, up to the empty line
                line = self.rfile.readline(8192)
                if line in (b"\r\n", b"\n"):
                    return bytes(body)
                if not line.endswith(b"\n"):
                    break
            self._refuse(400, "invalid chunked request body trailer (RFC 9112 section 7.1.2)")
            return None

        def _refuse(self, status: int, text: str) -> None:
            self.close_connection = True
            self._plain(status, text, close=True)

        def _plain(self, status: int, text: str, close: bool = False) -> None:
            data = (text + "\n").encode()
            self.send_response_only(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            if close:
                self.send_header("Connection", "close")
            self.end_headers()
            with contextlib.suppress(OSError):
                self.wfile.write(data)

        do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_OPTIONS = do_HEAD = _forward

    return Handler


def run_http(upstream: str, host: str, port: int, tap: Tap, *,
             announce: Callable[[str], None] | None = None, stop: threading.Event | None = None) -> int:
    """Serve the pass-through until SIGINT/SIGTERM (or ``stop`` is set); close the log; 0.
    ``announce`` takes the proxy's own lines (the address it forwards from, each refused
    request-target); stderr when not given."""
    timeout = httpx.Timeout(30.0, read=None)  # an event stream may stay open for as long as the session
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        # httpx gives every request Accept, Accept-Encoding, Connection and User-Agent unless
        # told otherwise; a pass-through sends only what its client sent.
        for key in list(client.headers):
            del client.headers[key]
        say = announce or (lambda text: print(text, file=sys.stderr, flush=True))
        server = ThreadingHTTPServer((host, port), make_handler(upstream, tap, client, listen_host=host, say=say))
        server.daemon_threads = True
        stop = stop or threading.Event()
        previous: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGTERM, signal.SIGINT):
                previous[signum] = signal.signal(signum, lambda *_: stop.set())
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        thread.start()
        bound_host, bound_port = server.server_address[:2]
        path = urlsplit(upstream).path or "/"
        say(f"mcp-inspect record: forwarding http://{bound_host}:{bound_port}{path} to {upstream}")
        try:
            while not stop.wait(0.2):
                pass
        finally:
            server.shutdown()
            server.server_close()
            tap.close()
            for signum, handler in previous.items():
                signal.signal(signum, handler)
    return 0


def parse_listen(value: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6; PORT 0 picks a free one)."""
    host, sep, port = value.rpartition(":")
    if not sep or not (port.isascii() and port.isdigit()) or len(port) > 5 or int(port) > 65535:
        raise ValueError(f"--listen: expected HOST:PORT, got {value!r}")
    return host.strip("[]") or "127.0.0.1", int(port)

