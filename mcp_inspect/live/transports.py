"""Which transport reaches a server: stdio for a command; for a URL, Streamable HTTP, the
2024-11-05 HTTP+SSE transport, or (``--transport auto``) Streamable HTTP first and HTTP+SSE
when the server shows it speaks only that.

The rule for ``auto`` is the backwards-compatibility procedure of the Streamable HTTP
specification: POST ``initialize`` to the URL, and if that is refused with HTTP 400, 404
or 405, GET the same URL and expect an SSE stream that opens with an ``endpoint`` event.
A ``server/discover`` refused the same way proves nothing (handshake-era Streamable HTTP
servers refuse it too), so only ``initialize`` decides. A refusal at the HTTP level says
nothing about the protocol era either, so the conversation then starts over on the
stream, era probe included: the capture is the same as with ``--transport sse``.
"""

from __future__ import annotations

from typing import Any

from ..errors import CaptureError
from .http import HttpStatusError, HttpTransport
from .jsonrpc import ServerGone
from .options import LEGACY_VERSIONS, CaptureOptions, ServerSpec
from .session import Progress, converse
from .sse import SseTransport

#: The statuses with which the specification says an old server refuses a POSTed initialize.
SSE_FALLBACK_STATUSES = (400, 404, 405)


def http_transport(spec: ServerSpec, options: CaptureOptions) -> str:
    """``auto``, ``streamable-http`` or ``sse``: ``--transport`` unless it is auto, then the spec's."""
    return options.transport if options.transport != "auto" else spec.http_transport


def open_transport(spec: ServerSpec, options: CaptureOptions) -> Any:  # noqa: ANN401 - one of three transports
    if spec.transport == "http":
        headers = {**spec.headers, **options.headers}
        if http_transport(spec, options) == "sse":
            return SseTransport(spec.url, headers, options.timeout)
        return HttpTransport(spec.url, headers, options.timeout)
    from .stdio import StdioTransport, child_environment

    return StdioTransport(spec.command, child_environment(spec.env, options.env), spec.cwd, options.timeout)


class Connection:
    """One capture's way to the server: the transport in use (``transport``), and for
    ``--transport auto`` why it became HTTP+SSE (``fallback``, None while it has not)."""

    def __init__(self, spec: ServerSpec, options: CaptureOptions) -> None:
        self.spec = spec
        self.options = options
        self.transport: Any = open_transport(spec, options)
        self.fallback: str | None = None
        self.negotiation: dict[str, Any] = {}

    def converse(self, progress: Progress) -> tuple[dict[str, Any], str, str]:
        """The capture conversation (session.converse) over this connection; how the era
        and version were chosen is kept in ``self.negotiation``."""
        self.negotiation = {}  # a retry over HTTP+SSE starts the record again
        sse = isinstance(self.transport, SseTransport)
        if sse:
            progress("opening the SSE stream")
            self.transport.connect()  # an operation of its own, before the era probe's time starts
        try:
            return converse(self.transport, self.options.protocol, progress, self.negotiation)
        except ServerGone:
            if sse and self._may_reopen():
                return self._reopen_for_initialize(progress)
            if not sse and self._may_restart():
                return self._restart_for_initialize(progress)
            raise
        except HttpStatusError as exc:
            if sse or not self._may_fall_back(exc):  # HTTP+SSE is already the fallback
                raise
            self.fallback = f"initialize over Streamable HTTP got HTTP {exc.status}"
        self.transport.close(polite=False)
        self.transport = SseTransport(self.transport.url, self.transport.user_headers, self.options.timeout)
        try:
            return self.converse(progress)
        except CaptureError as exc:
            # The message names both attempts: the server did answer the first one.
            raise CaptureError(f"{self.fallback}, so mcp-inspect tried the HTTP+SSE transport: {exc}") from None

    def _may_restart(self) -> bool:
        """A stdio server in auto mode that took the era probe badly: it did not answer
        ``server/discover`` and then exited when asked ``initialize``. Older releases of the
        Python SDK do exactly that (an unknown method breaks their session), so a fresh
        process asked only ``initialize`` is what such a server needs."""
        return (self.spec.transport == "stdio" and self.options.protocol == "auto"
                and "eraFallback" in self.negotiation and "initializeAsked" in self.negotiation)

    def _restart_for_initialize(self, progress: Progress) -> tuple[dict[str, Any], str, str]:
        probe = self.negotiation["eraFallback"]
        self.transport.close(polite=False)
        progress("restarting the server for initialize")
        self.transport = open_transport(self.spec, self.options)
        return self._initialize_only(progress, f"{probe}; the server then exited when asked initialize, so "
                                               "mcp-inspect restarted it and sent only initialize")

    def _may_reopen(self) -> bool:
        """An HTTP+SSE server in auto mode that closed its stream during the era probe (on
        ``server/discover``, or on ``initialize`` after the probe got nothing): FastMCP on
        mcp 1.6 drops the stream on a request it cannot validate and stays up. A fresh stream
        asked only ``initialize`` is what it needs; it is not a restart of the server."""
        if self.options.protocol != "auto":
            return False
        settled = "protocolRequested" in self.negotiation  # written once server/discover is over
        # initialize sent and not answered: the handshake sets the version it was answered with
        unanswered = self.transport.era == "legacy" and self.transport.protocol_version is None
        return not settled or ("eraFallback" in self.negotiation and unanswered)

    def _reopen_for_initialize(self, progress: Progress) -> tuple[dict[str, Any], str, str]:
        on = "initialize" if "protocolRequested" in self.negotiation else "server/discover"
        self.transport.close(polite=False)
        progress("opening a fresh SSE stream for initialize")
        self.transport = SseTransport(self.transport.url, self.transport.user_headers, self.options.timeout)
        self.transport.connect()
        try:
            return self._initialize_only(progress, f"the server closed the SSE stream on {on}, so mcp-inspect "
                                                   "opened a fresh stream and sent only initialize")
        except CaptureError as exc:
            raise CaptureError(f"{exc} (the stream closed on {on} too, and again on a fresh stream asked only "
                               f"initialize; if the server speaks the handshake era, pass --protocol "
                               f"{LEGACY_VERSIONS[0]})") from None

    def _initialize_only(self, progress: Progress, why: str) -> tuple[dict[str, Any], str, str]:
        """The handshake alone on the fresh transport, recorded as the era fallback ``why``."""
        handshake: dict[str, Any] = {}
        result = converse(self.transport, LEGACY_VERSIONS[0], progress, handshake)
        self.negotiation = {"protocolRequested": "auto", "eraFallback": why,
                            "initializeAsked": handshake.get("initializeAsked")}
        return result

    def _may_fall_back(self, exc: HttpStatusError) -> bool:
        return (http_transport(self.spec, self.options) == "auto" and exc.context == "initialize"
                and exc.status in SSE_FALLBACK_STATUSES)

    def details(self) -> dict[str, Any]:
        """What provenance records about the conversation: how the era and version were
        chosen, and for HTTP which transport, and why when ``auto`` changed it."""
        out: dict[str, Any] = dict(self.negotiation)
        if self.spec.transport != "http":
            return out
        out["httpTransport"] = "sse" if isinstance(self.transport, SseTransport) else "streamable-http"
        if self.fallback is not None:
            out["transportFallback"] = self.fallback
        return out

    def stderr_tail(self) -> list[str]:
        return list(self.transport.stderr_tail())

    def close(self, polite: bool = True) -> None:
        self.transport.close(polite)
