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
from .options import CaptureOptions, ServerSpec
from .sse import SseTransport

#: The statuses with which the specification says an old server refuses a POSTed initialize.
SSE_FALLBACK_STATUSES = (400, 404, 405)


def http_transport(spec: ServerSpec, options: CaptureOptions) -> str:
    """``auto``, ``streamable-http`` or ``sse``: ``--transport`` unless it is auto, then the spec's."""
    return options.transport if options.transport != "auto" else spec.http_transport


def open_transport(spec: ServerSpec, options: CaptureOptions) -> Any:  # noqa: ANN401 - one of four transports
    """The transport that reaches ``spec``: a process for a command; for a URL, the one
    ``--transport`` (or the spec) names, or ``AutoHttpTransport`` for auto."""
    if spec.transport == "http":
        headers = {**spec.headers, **options.headers}
        kind = http_transport(spec, options)
        if kind == "sse":
            return SseTransport(spec.url, headers, options.timeout)
        if kind == "auto":
            return AutoHttpTransport(spec.url, headers, options.timeout)
        return HttpTransport(spec.url, headers, options.timeout)
    from .stdio import StdioTransport, child_environment

    return StdioTransport(spec.command, child_environment(spec.env, options.env), spec.cwd, options.timeout)


class AutoHttpTransport(HttpTransport):
    """Streamable HTTP that falls back to HTTP+SSE when ``initialize`` is refused the way an
    old server refuses it; its own policy, so the session needs no word of transports."""

    def fallback(self, exc: CaptureError) -> tuple[str, SseTransport] | None:
        if not (isinstance(exc, HttpStatusError) and exc.context == "initialize"
                and exc.status in SSE_FALLBACK_STATUSES):
            return None
        self.close(polite=False)
        return (f"initialize over Streamable HTTP got HTTP {exc.status}",
                SseTransport(self.url, self.user_headers, self.timeout))
