"""The ASGI application (Starlette): routes, the checks made before any work, the answers.

The event loop does only what is cheap and bounded: it checks the method, path, query,
content type and declared length, reads the body up to the limit, and hands it to a worker
process (pool.py) with the request's deadline. Everything that reads the body's content
happens in the worker (work.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from .._version import __version__
from ..errors import InputError
from .inline import rules_json
from .logs import log, withheld
from .openapi import document
from .options import ServeOptions
from .pool import Overdue, WorkerLost, WorkerPool
from .work import JSON, error_body, shown

#: Query parameters each endpoint accepts, with their values; any other is refused.
QUERY: dict[str, dict[str, tuple[str, ...]]] = {
    "diff": {"format": ("json", "markdown"), "lint_inherited": ("false", "true"), "full_values": ("false", "true")}}
#: Longest rule id for which a near match is suggested (difflib's cost grows with the length).
_SUGGEST_MAX_CHARS = 100


class Refused(Exception):
    """A request refused before any work: its status and JSON error."""

    def __init__(self, status: int, message: str, field: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.field, self.headers = status, field, headers


def error(status: int, message: str, field: str | None = None, headers: dict[str, str] | None = None) -> Response:
    return Response(error_body(message, field), status, headers=headers, media_type=JSON)


def _json(text: str) -> Response:
    return Response(text.encode("utf-8"), 200, media_type=JSON)


class Service:
    """The endpoints, with what they share: the options, the pool, the answers made once."""

    def __init__(self, options: ServeOptions, pool: WorkerPool, stopping: asyncio.Event) -> None:
        self.options = options
        self.pool = pool
        #: Set when the server starts to stop (server.py): no body is waited for after that.
        self.stopping = stopping
        self.pending = 0
        #: Requests in progress per client (``client_key``); a client with none is not kept.
        self.per_client: dict[str, int] = {}
        self.health_body = json.dumps({"status": "healthy", "version": __version__}) + "\n"
        self.openapi_body = json.dumps(document(options), indent=2) + "\n"
        self.rules_body = rules_json()
        listing = json.loads(self.rules_body)
        self.rule_bodies = {entry["id"]: rules_json(entry["id"])
                            for entry in listing["rules"] + listing["lint"]}

    # --- the GET endpoints: answered here, from memory ----------------------

    async def health(self, request: Request) -> Response:
        _check_query(request, "health")
        return _json(self.health_body)

    async def openapi(self, request: Request) -> Response:
        _check_query(request, "openapi")
        return _json(self.openapi_body)

    async def rules(self, request: Request) -> Response:
        _check_query(request, "rules")
        return _json(self.rules_body)

    async def rule(self, request: Request) -> Response:
        _check_query(request, "rule")
        rule_id = request.path_params["rule_id"]
        found = self.rule_bodies.get(rule_id)
        if found is not None:
            return _json(found)
        message = "unknown rule; /rules lists them all"
        if len(rule_id) <= _SUGGEST_MAX_CHARS:
            try:
                rules_json(rule_id)
            except InputError as exc:
                message = str(exc).replace("`mcp-inspect rules`", "/rules")
        return error(404, message, "rule_id")

    # --- the POST endpoints: the work is a worker's ------------------------

    async def lint(self, request: Request) -> Response:
        return await self._compute(request, "lint")

    async def diff(self, request: Request) -> Response:
        return await self._compute(request, "diff")

    async def release_notes(self, request: Request) -> Response:
        return await self._compute(request, "release-notes")

    async def _compute(self, request: Request, kind: str) -> Response:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.options.timeout
        try:
            query = _check_query(request, kind)
            self._check_headers(request)
            if self.pending >= self.options.max_pending:
                raise Refused(503, f"more than {self.options.max_pending} requests in progress; try again shortly",
                              headers={"Retry-After": "1"})
            client = client_key(request)
            if self.per_client.get(client, 0) >= self.options.max_per_client:
                raise Refused(429, f"more than {self.options.max_per_client} requests in progress from this client; "
                              "try again shortly", headers={"Retry-After": "1"})
        except Refused as refused:
            return error(refused.status, str(refused), refused.field, refused.headers)
        self.pending += 1
        self.per_client[client] = self.per_client.get(client, 0) + 1
        try:
            body = await self._read_body(request, deadline)
            answer = await self._unless_abandoned(request, (kind, body, query), deadline)
        except Refused as refused:
            return error(refused.status, str(refused), refused.field, refused.headers)
        except Overdue:
            return error(504, f"the work did not finish within the time limit of {self.options.timeout:g} s")
        except WorkerLost as lost:
            log(event="internal error", method=request.method, path=request.url.path, detail=str(lost))
            return error(500, "internal error")
        except ClientDisconnect:
            # The client went away (closed, or half-closed, its connection) while its body was
            # still arriving: no answer reaches it, so none is a 400 for a malformed request; a
            # client that stays and sends too little gets its 408 at the deadline instead.
            return error(CANCELLED, "the client closed the connection before sending the whole body", "body")
        except Abandoned:
            # Nobody reads this answer (uvicorn drops it); its status is the log's record that
            # the request was cancelled, as nginx logs a client that went away (499).
            return error(CANCELLED, "the client closed the connection before the answer; the work was cancelled")
        finally:
            self.pending -= 1
            left = self.per_client.pop(client) - 1
            if left:
                self.per_client[client] = left
        if answer.detail is not None:
            log(event="internal error", method=request.method, path=request.url.path, detail=answer.detail)
        return Response(answer.body, answer.status, media_type=answer.media_type)

    async def _unless_abandoned(self, request: Request, job: tuple[str, bytes, dict[str, str]],
                                deadline: float) -> Any:
        """The worker's answer, unless the client closes the connection first: then the work
        is cancelled (the pool kills the worker doing it and starts another) and Abandoned
        raised. Once the body is in, the next message the connection gives is its end."""
        work = asyncio.ensure_future(self.pool.run(job, deadline))
        gone = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait((work, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not work.done():
                work.cancel()
                with contextlib.suppress(asyncio.CancelledError, Overdue, WorkerLost):
                    await work
        if work.cancelled():
            raise Abandoned
        return work.result()

    def _check_headers(self, request: Request) -> None:
        given = request.headers.getlist("content-type")
        if len(given) > 1:
            # Which one would count is anyone's guess (a proxy may read the other): none does.
            raise Refused(400, "Content-Type: given more than once", "Content-Type")
        media_type, *params = [part.strip().lower() for part in (given or [""])[0].split(";")]
        charset = next((p.split("=", 1)[1].strip('"') for p in params if p.startswith("charset=")), "utf-8")
        if media_type != "application/json" or charset not in ("utf-8", "utf8"):
            raise Refused(415, "the body must be application/json, in UTF-8")
        declared = request.headers.get("content-length")
        if declared is not None:
            if not (declared.isascii() and declared.isdigit()):  # "²" passes isdigit alone, and int() refuses it
                raise Refused(400, "Content-Length is not a number", "Content-Length")
            if len(declared) > 18 or int(declared) > self.options.max_body_bytes:
                raise Refused(413, f"the body is larger than the limit of {self.options.max_body_bytes:,} bytes")

    async def _read_body(self, request: Request, deadline: float) -> bytes:
        """The body, by the deadline (else 408) and unless the server starts to stop (503)."""
        reading = asyncio.ensure_future(self._collect(request))
        stopping = asyncio.ensure_future(self.stopping.wait())
        try:
            await asyncio.wait((reading, stopping), timeout=max(0.0, deadline - asyncio.get_running_loop().time()),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            reading.cancel()  # nothing, once it is done
        if reading.done() and not reading.cancelled():
            return reading.result()  # the body, or its Refused or ClientDisconnect
        if self.stopping.is_set():
            raise Refused(503, "the service is stopping; the rest of the body was not read")
        raise Refused(408, f"the body did not arrive within the time limit of {self.options.timeout:g} s", "body")

    async def _collect(self, request: Request) -> bytes:
        """The body, up to the limit: one byte past it ends the reading (413)."""
        limit = self.options.max_body_bytes
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refused(413, f"the body is larger than the limit of {limit:,} bytes")
            chunks.append(chunk)
        return b"".join(chunks)


#: The status logged for a request whose client went away before its answer (nginx's 499).
CANCELLED = 499


class Abandoned(Exception):
    """The client closed the connection before the answer; its work was cancelled."""


async def _disconnected(request: Request) -> None:
    """Returns when the client has closed the connection (its body already read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def client_key(request: Request) -> str:
    """Who a request counts against for ``--max-per-client``: its IPv4 address, or the /64
    network of its IPv6 address (a host is commonly given a whole /64, so counting single
    IPv6 addresses would let one client take every place)."""
    host = request.client.host if request.client is not None else ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket, or no address: one client
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def _check_query(request: Request, kind: str) -> dict[str, str]:
    allowed = QUERY.get(kind, {})
    out: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        if name not in allowed:
            raise Refused(400, f"{shown(name)}: unknown query parameter"
                          + (f" (expected {', '.join(allowed)})" if allowed else " (this endpoint takes none)"),
                          shown(name))
        if name in out:
            raise Refused(400, f"{name}: given more than once", name)
        if value not in allowed[name]:
            raise Refused(400, f"{name}: expected one of {', '.join(allowed[name])}", name)
        out[name] = value
    return out


def _refusing(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as refused:
            return error(refused.status, str(refused), refused.field, refused.headers)

    return endpoint


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = {404: "not found: see /openapi.json for the endpoints",
               405: "method not allowed for this path"}.get(exc.status_code, exc.detail)
    return error(exc.status_code, message, headers=dict(exc.headers or {}))


async def _internal_error(request: Request, exc: Exception) -> Response:
    log(event="internal error", method=request.method, path=request.url.path, detail=withheld(exc))
    return error(500, "internal error")


def create_app(options: ServeOptions, pool: WorkerPool, stopping: asyncio.Event | None = None) -> Starlette:
    """The application; ``stopping``, once set, tells it the server has started to stop."""
    service = Service(options, pool, stopping or asyncio.Event())

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        pool.attach()
        try:
            yield
        finally:
            await pool.close()

    routes = [
        Route("/health", _refusing(service.health), methods=["GET"]),
        Route("/lint", service.lint, methods=["POST"]),
        Route("/validate", service.lint, methods=["POST"]),
        Route("/diff", service.diff, methods=["POST"]),
        Route("/release-notes", service.release_notes, methods=["POST"]),
        Route("/rules", _refusing(service.rules), methods=["GET"]),
        Route("/rules/{rule_id}", _refusing(service.rule), methods=["GET"]),
        Route("/openapi.json", _refusing(service.openapi), methods=["GET"]),
    ]
    handlers: dict[Any, Any] = {HTTPException: _http_error, Exception: _internal_error}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.router.redirect_slashes = False  # /health/ is not /health: an unknown path is a 404
    return app
