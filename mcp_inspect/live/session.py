"""The capture conversation: era probe and fallback, then every list the server advertises.

Transport-neutral: ``converse`` drives any transport with ``request`` / ``notify``
and the ``era`` / ``protocol_version`` attributes the transport turns into headers.
It returns a capture document (the shape ``snapshot/shapes.py`` reads) holding the
server's answers verbatim. ``Conversation`` negotiates the era once over a transport and
asks the transport's own policy what to do when it fails: renew it (a fresh process or
stream, asked only ``initialize``) or replace it (``--transport auto``'s HTTP+SSE).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import CaptureError
from ..limits import CAPTURE_DEADLINE_SECONDS, CAPTURE_DEADLINE_TIMEOUTS, MAX_LIST_PAGES
from ..model import LIST_KINDS, ListKind
from .http import HttpStatusError, StreamPrimed
from .jsonrpc import (
    MODERN_ERRORS,
    UNSUPPORTED_PROTOCOL_VERSION,
    CaptureTimeout,
    ServerGone,
    error_text,
    malformed_answer,
    seconds,
    snippet,
)
from .options import LEGACY_VERSIONS, MODERN_VERSIONS
from .progress import Progress

#: What mcp-inspect advertises: nothing. It only lists, so it offers no roots, sampling or elicitation.
CLIENT_CAPABILITIES: dict[str, Any] = {}
#: Which capability makes a list method worth calling.
_CAPABILITY = {"tools": "tools", "resources": "resources", "resourceTemplates": "resources", "prompts": "prompts"}
_META = "io.modelcontextprotocol/"
#: Keys a page record uses for itself; a page result's own fields of these names go under
#: ``_SHADOWED`` instead, so that neither is lost (docs/capture.md).
_SHADOWED = "serverFields"
_PAGE_KEYS = ("cursor", "count", _SHADOWED)
#: The share of the timeout that server/discover may take when auto mode can still fall back:
#: initialize gets what is left, so a server that answers neither fails within one timeout.
PROBE_SHARE = 0.5
#: A wait never shorter than this: a request whose share of the time has just run out is
#: still sent and gets a moment, so its failure is a timeout rather than no request at all.
_LEAST_WAIT = 0.05


class Transport(Protocol):
    """What the conversation needs of a transport (stdio, Streamable HTTP, HTTP+SSE): the
    exchange of messages, and its own policy for what follows a failure."""

    transport: str  # "stdio", "http" or "sse"
    era: str | None
    protocol_version: str | None
    timeout: float

    def request(self, method: str, params: dict[str, Any] | None,
                timeout: float | None = None) -> dict[str, Any]: ...

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None: ...

    #: What a failure of a renewed transport adds to its message ("" when nothing).
    renewal_note: str

    def start(self, progress: Progress) -> None: ...

    def renewed(self, protocol: str, negotiation: dict[str, Any],
                progress: Progress) -> tuple[str, Transport] | None: ...

    def fallback(self, exc: CaptureError) -> tuple[str, Transport] | None: ...

    def stderr_tail(self) -> list[str]: ...

    #: What the capture should warn of about the exchange itself (stdout lines skipped).
    def warnings(self) -> list[str]: ...

    def close(self, polite: bool = True) -> None: ...


class Conversation:
    """One capture's conversation: the era negotiated once over ``transport``, which is
    always the transport to close (its policy may have renewed or replaced the first one).
    How the era and version were chosen is kept in ``negotiation``; why ``--transport auto``
    became HTTP+SSE in ``transport_fallback`` (None while it has not)."""

    def __init__(self, transport: Transport, protocol: str) -> None:
        self.transport = transport
        self.protocol = protocol
        self.negotiation: dict[str, Any] = {}
        self.transport_fallback: str | None = None
        self.until: float | None = None  # the capture deadline (a time.monotonic() value), once run

    def run(self, progress: Progress) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
        """The capture conversation (``converse``): (capture document, era, protocol version,
        what provenance records of how they were reached). A renewed or replaced transport
        works within the same capture deadline."""
        self.until = time.monotonic() + capture_deadline(self.transport.timeout)
        try:
            document, era, version = self._attempt(progress)
        except HttpStatusError as exc:
            replacement = self.transport.fallback(exc)
            if replacement is None:
                raise
            self.transport_fallback, self.transport = replacement
            try:
                document, era, version = self._attempt(progress)
            except CaptureError as failure:
                # The message names both attempts: the server did answer the first one.
                raise CaptureError(f"{self.transport_fallback}, so mcp-inspect tried the HTTP+SSE transport: "
                                   f"{failure}") from None
        return document, era, version, self.details()

    def _attempt(self, progress: Progress) -> tuple[dict[str, Any], str, str]:
        """One transport's try: the whole conversation, and if the server went away during the
        era probe and the transport's policy allows, the handshake alone on a renewed one."""
        self.negotiation = {}  # a retry over HTTP+SSE starts the record again
        self.transport.start(progress)
        try:
            return converse(self.transport, self.protocol, progress, self.negotiation, self.until)
        except ServerGone:
            renewal = self.transport.renewed(self.protocol, self.negotiation, progress)
            if renewal is None:
                raise
        why, self.transport = renewal
        handshake: dict[str, Any] = {}
        try:
            result = converse(self.transport, LEGACY_VERSIONS[0], progress, handshake, self.until)
        except CaptureError as exc:
            if not self.transport.renewal_note:
                raise
            raise CaptureError(f"{exc}{self.transport.renewal_note}") from None
        self.negotiation = {"protocolRequested": "auto", "eraFallback": why,
                            "initializeAsked": handshake.get("initializeAsked")}
        return result

    def details(self) -> dict[str, Any]:
        """What provenance records about the conversation: how the era and version were
        chosen, and for HTTP which transport, and why when ``auto`` changed it."""
        out: dict[str, Any] = dict(self.negotiation)
        if self.transport.transport == "stdio":
            return out
        out["httpTransport"] = "sse" if self.transport.transport == "sse" else "streamable-http"
        if self.transport_fallback is not None:
            out["transportFallback"] = self.transport_fallback
        return out


def client_info() -> dict[str, str]:
    from .._version import __version__

    return {"name": "mcp-inspect", "version": __version__}


def request_meta(version: str) -> dict[str, Any]:
    """The per-request ``_meta`` envelope of the 2026 era."""
    return {
        _META + "protocolVersion": version,
        _META + "clientCapabilities": CLIENT_CAPABILITIES,
        _META + "clientInfo": client_info(),
    }


@dataclass
class _Fallback:
    """The probe's verdict that the server is of the handshake era, and what led to it."""

    ask: str | None = None  # the handshake-era version server/discover named, to ask for in initialize
    why: str = ""  # what server/discover answered, for a failing initialize to mention
    timed_out: bool = False


def capture_deadline(timeout: float) -> float:
    """Seconds one capture may take in all with ``timeout`` per operation."""
    return max(CAPTURE_DEADLINE_SECONDS, CAPTURE_DEADLINE_TIMEOUTS * timeout)


def converse(transport: Transport, protocol: str, progress: Progress,
             negotiation: dict[str, Any] | None = None, until: float | None = None) -> tuple[dict[str, Any], str, str]:
    """Talk to the server; returns (capture document, era, protocol version spoken).

    ``negotiation``, when given, is filled with how the era and version were chosen (what
    was asked, and why the probe fell back), for provenance: two captures of the same server
    under different conditions can then be told apart from a change of the server.

    The era probe as a whole (server/discover, then initialize if it falls back) has one
    timeout: a server that answers nothing fails within it, not within one per era. The
    whole capture ends by ``until`` (a ``time.monotonic()`` value; ``capture_deadline`` from
    now unless given): a server paging slowly without end fails there.
    """
    document: dict[str, Any] = {}
    fallback: _Fallback | None = None  # stays None when no probe was sent
    started = time.monotonic()
    until = started + capture_deadline(transport.timeout) if until is None else until
    if protocol == "auto" or protocol in MODERN_VERSIONS:
        progress("server/discover")
        share = PROBE_SHARE if protocol == "auto" else 1.0  # a forced version never falls back
        try:
            found = _discover(transport, protocol, started + transport.timeout * share)
        except CaptureTimeout:
            if protocol != "auto":
                raise
            found = _Fallback(timed_out=True)
        if isinstance(found, _Fallback):
            fallback = found
        else:
            document["discover"], version = found
            era = "modern"
    notes = negotiation if negotiation is not None else {}
    notes["protocolRequested"] = protocol
    if fallback is not None:
        notes["eraFallback"] = "server/discover timed out" if fallback.timed_out else fallback.why
    if "discover" not in document:
        progress("initialize")
        rest = None if fallback is None else started + transport.timeout - time.monotonic()
        try:
            document["initialize"], version = _initialize(transport, protocol, fallback, rest, notes)
        except CaptureTimeout as exc:
            if fallback is not None and fallback.timed_out:
                raise CaptureTimeout(f"no answer to server/discover nor to initialize within "
                                     f"{seconds(transport.timeout)}s, the time the era probe may take in all "
                                     f"(a server still starting, as on a first npx or uvx download, needs a longer "
                                     f"--timeout)",
                                     exc.note) from None
            raise
        era = "legacy"
    metadata = document["discover"] if era == "modern" else document["initialize"]
    capabilities = metadata.get("capabilities")
    if not isinstance(capabilities, dict):
        raise CaptureError(f"the server's {'server/discover' if era == 'modern' else 'initialize'} result "
                           "has no capabilities object")
    document["pages"], document["errors"] = {}, {}
    for lk in LIST_KINDS:
        if capabilities.get(_CAPABILITY[lk.key]) is None:
            document[lk.key] = []  # not advertised: the server offers none (as the corpus records it)
            continue
        document[lk.key] = _list(transport, lk, version if era == "modern" else None, document, progress, until)
    return document, era, version


def _versions(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return snippet(", ".join(value), 120).strip("'\"")
    return "nothing it names" if value is None else snippet(str(value))


def _pick(supported: Any, exclude: str | None = None) -> str | None:
    """The newest 2026-era version in ``supported`` that mcp-inspect speaks, other than ``exclude``."""
    if not isinstance(supported, list):
        return None
    return next((v for v in MODERN_VERSIONS if v in supported and v != exclude), None)


def _pick_legacy(supported: Any) -> str | None:
    """The newest handshake-era version in ``supported`` that mcp-inspect speaks."""
    if not isinstance(supported, list):
        return None
    return next((v for v in LEGACY_VERSIONS if v in supported), None)


def _not_discover_result(result: Any) -> str | None:
    """What keeps ``result`` from being a DiscoverResult, or None when it is one."""
    if not isinstance(result, dict):
        return "is not an object"
    if not isinstance(result.get("capabilities"), dict):
        return "has no capabilities object"
    versions = result.get("supportedVersions")
    if not (isinstance(versions, list) and all(isinstance(v, str) for v in versions)):
        return "has no supportedVersions list of strings"
    return None


def _discover(transport: Transport, protocol: str, until: float) -> tuple[dict[str, Any], str] | _Fallback:
    """The 2026 era probe: the DiscoverResult and the version chosen, or a _Fallback for a server
    of the handshake era.

    In auto mode only positive evidence of a 2026-era server we share a version with keeps the
    capture modern. A server that answers the probe but names only handshake-era versions we
    speak (in its result or in a -32022 error) is asked for the newest of them in ``initialize``,
    as the reference SDK does; a 2026-era server that names neither fails the capture.
    Every request of the probe ends by ``until`` (a ``time.monotonic()`` value).
    """
    forced = protocol != "auto"
    version = protocol if forced else MODERN_VERSIONS[0]
    for attempt in range(2):
        transport.era, transport.protocol_version = "modern", version
        try:
            response = transport.request("server/discover", {"_meta": request_meta(version)},
                                         timeout=max(until - time.monotonic(), _LEAST_WAIT))
        except HttpStatusError as exc:
            if forced or exc.status in (401, 403) or 300 <= exc.status < 400:
                raise  # a redirect or a refused credential would fail the same way in either era
            return _Fallback(why=f"server/discover got HTTP {exc.status}")  # no 2026 error: a legacy server
        except StreamPrimed as exc:
            if forced:
                raise
            # Resumption (SEP-1699) is 2025-11-25's; 2026-07-28 dropped it, so a server priming the
            # probe's stream and closing it speaks the handshake era (hostile trial, round 36: such a
            # server failed under auto, though --protocol 2025-11-25 captured it).
            return _Fallback(why=f"server/discover's stream was closed after event id {exc.event_id} without "
                                 "an answer, as a 2025-11-25 server polling its streams does")
        if "result" in response:
            result = response["result"]
            problem = _not_discover_result(result)
            if problem is not None and not forced:
                return _Fallback(why=f"the server/discover result {problem}")  # not evidence of 2026
            if not isinstance(result, dict):
                raise CaptureError("the server/discover result is not an object")
            supported = result.get("supportedVersions")
            if isinstance(supported, list) and version not in supported:
                step = _next_step(supported, version, forced, attempt)
                if isinstance(step, str):
                    version = step
                    continue
                if step is not None:
                    step.why = f"server/discover listed only {_versions(supported)}"
                    return step
                raise CaptureError(f"server/discover lists supported versions {_versions(supported)}; "
                                   f"mcp-inspect speaks {', '.join(MODERN_VERSIONS)} in the 2026 era; "
                                   f"{_no_fallback(version, supported, forced)}")
            return result, version
        error = response["error"]
        code = error.get("code") if isinstance(error, dict) else None
        if code == UNSUPPORTED_PROTOCOL_VERSION:
            data = error.get("data") if isinstance(error.get("data"), dict) else {}
            supported = data.get("supported")
            step = _next_step(supported, version, forced, attempt)
            if isinstance(step, str):
                version = step
                continue
            if step is not None:
                step.why = f"server/discover answered {error_text(error)} listing {_versions(supported)}"
                return step
            raise CaptureError(_unsupported(version, supported, error, forced))
        if code in MODERN_ERRORS:
            raise CaptureError(f"server/discover failed with a 2026-era error: {error_text(error)}")
        if forced:
            raise CaptureError(f"server answered server/discover with error {error_text(error)}: "
                               f"it does not speak {version} (try --protocol auto)")
        return _Fallback(why=f"server/discover answered {error_text(error)}")  # a handshake-era server
    raise CaptureError("server/discover: no protocol version both sides speak")


def _next_step(supported: Any, version: str, forced: bool, attempt: int) -> str | _Fallback | None:
    """What to do once the server has named the versions it supports (in a DiscoverResult or
    a -32022): a 2026-era version to retry with, a fallback to initialize, or None (none).

    The spec's "retry with a version from supported": for a handshake-era version the retry
    is the handshake. The version just refused does not count as shared, and a forced
    ``--protocol`` never moves.
    """
    choice = _pick(supported, exclude=version)
    if choice is not None and not forced and not attempt:
        return choice
    legacy = _pick_legacy(supported)
    if legacy is not None and not forced and (choice is None or attempt):
        return _Fallback(ask=legacy)
    return None


def _no_fallback(version: str, supported: Any, forced: bool) -> str:
    """Why a 2026-era refusal is not followed by the initialize handshake."""
    if forced:
        legacy = _pick_legacy(supported)
        hint = f" (--protocol auto would, asking for {legacy})" if legacy else ""
        return f"--protocol {version} never falls back to initialize{hint}"
    return "it lists no handshake-era version mcp-inspect speaks, so there is no falling back to initialize"


def _unsupported(version: str, supported: Any, error: Any, forced: bool) -> str:
    """Why a -32022 answer ends the capture, in words that fit what the server said."""
    tail = _no_fallback(version, supported, forced)
    if isinstance(supported, list) and version in supported:
        # Refusing the very version it lists: retrying cannot help, and "it supports X" would
        # read as nonsense next to "does not support X".
        others = [v for v in supported if v != version]
        also = f" (besides {_versions(others)})" if others else ""
        return (f"server refused protocol {version} as unsupported ({error_text(error)}) although the "
                f"same error lists {version} as supported{also}, which contradicts itself; {tail}")
    if not (isinstance(supported, list) and supported):
        return (f"server does not support protocol {version} and names no version it supports "
                f"(-32022: {error_text(error)}); {tail}")
    return f"server does not support protocol {version} (it supports {_versions(supported)}); {tail}"


def _initialize(transport: Transport, protocol: str, fallback: _Fallback | None,
                timeout: float | None, notes: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The handshake; ``fallback`` is what the probe saw (None when no probe was sent), and
    ``timeout`` what is left of the probe's time (None: the transport's own timeout)."""
    if protocol in LEGACY_VERSIONS:
        asked = protocol
    else:
        asked = fallback.ask if fallback is not None and fallback.ask else LEGACY_VERSIONS[0]
    transport.era, transport.protocol_version = "legacy", None
    notes["initializeAsked"] = asked  # the server may answer with another version it prefers
    params = {"protocolVersion": asked, "capabilities": CLIENT_CAPABILITIES, "clientInfo": client_info()}
    wait = None if timeout is None else max(timeout, _LEAST_WAIT)
    response = _well_formed(transport.request("initialize", params, timeout=wait), "initialize")
    if "error" in response:
        error = response["error"]
        if isinstance(error, dict) and error.get("code") == UNSUPPORTED_PROTOCOL_VERSION:
            raise CaptureError(_modern_refusal(error, fallback))
        because = f"; mcp-inspect sent it because {fallback.why}" if fallback is not None and fallback.why else ""
        raise CaptureError(f"server refused initialize: {error_text(error)}{because}")
    result = response["result"]
    if not isinstance(result, dict) or not isinstance(result.get("protocolVersion"), str):
        raise CaptureError("the initialize result has no protocolVersion string")
    spoken = result["protocolVersion"]
    if spoken not in LEGACY_VERSIONS:
        raise CaptureError(f"server answered initialize with protocol version {snippet(spoken)}, which "
                           f"mcp-inspect does not speak in the handshake era ({', '.join(LEGACY_VERSIONS)})")
    transport.protocol_version = spoken
    transport.notify("notifications/initialized")
    return result, spoken


def _modern_refusal(error: dict[str, Any], fallback: _Fallback | None) -> str:
    """Why ``initialize`` answered with -32022, a 2026-era error, as far as the probe tells."""
    said = f"server refused initialize with a 2026-era error ({error_text(error)})"
    if fallback is None:  # a handshake-era --protocol: no probe was sent
        return (f"{said}: it speaks the 2026 era; try --protocol auto or --protocol "
                f"{MODERN_VERSIONS[0]}")
    if fallback.timed_out:
        return f"{said}; it may have answered server/discover after the timeout: raise --timeout"
    return f"{said} after {fallback.why}; neither era's opening request succeeded"


def _well_formed(response: dict[str, Any], method: str) -> dict[str, Any]:
    """``response``, unless it breaks JSON-RPC 2.0's shape of an answer: then the capture fails,
    as it does for an answer with the wrong id. A list's error is kept in the snapshot and its
    code decides whether the server serves the list at all, so ``"error": "boom"`` must not pass
    for a failed list. (The era probe is lenient instead: any error to ``server/discover``
    only says the server is of the handshake era.)"""
    problem = malformed_answer(response)
    if problem is not None:
        raise CaptureError(f"server answered {method} with {problem}")
    return response


def _list(transport: Transport, lk: ListKind, modern_version: str | None, document: dict[str, Any],
          progress: Progress, until: float) -> list[dict[str, Any]] | None:
    """Every page of one list method; None (and an entry in ``errors``) when it answers an error.
    Each page waits at most what is left before ``until``, the capture deadline."""
    method = lk.method
    items: list[Any] = []
    pages: list[dict[str, Any]] = []
    sent: set[str] = set()
    cursor: str | None = None
    while True:
        if len(pages) >= MAX_LIST_PAGES:
            raise CaptureError(f"{method} returned more than {MAX_LIST_PAGES} pages; stopping "
                               f"(the limit on pages per list)")
        progress(f"{method}" + (f" page {len(pages) + 1} ({len(items)} so far)" if pages else ""))
        params: dict[str, Any] | None = None
        if modern_version:
            params = {"_meta": request_meta(modern_version)}
        if cursor is not None:
            params = {**(params or {}), "cursor": cursor}
        left = until - time.monotonic()
        if left <= 0:
            raise _overtime(method, len(pages), len(items), transport.timeout)
        try:
            wait = None if left >= transport.timeout else max(left, _LEAST_WAIT)
            response = _well_formed(transport.request(method, params, timeout=wait), method)
        except CaptureTimeout:
            if left >= transport.timeout:
                raise  # the operation's own timeout
            raise _overtime(method, len(pages), len(items), transport.timeout) from None
        document["pages"][method] = pages
        if "error" in response:
            document["errors"][method] = response["error"]
            return None
        result = response["result"]
        entries = result.get(lk.key) if isinstance(result, dict) else None
        if not isinstance(entries, list):
            raise CaptureError(f"the {method} result has no '{lk.key}' array")
        items.extend(entries)
        page: dict[str, Any] = {"cursor": cursor, "count": len(entries)}
        page.update((k, v) for k, v in result.items() if k not in (lk.key, *_PAGE_KEYS))
        shadowed = {k: result[k] for k in _PAGE_KEYS if k in result}
        if shadowed:  # the server's own fields of those names are kept too, one level down
            page[_SHADOWED] = shadowed
        pages.append(page)
        following = result.get("nextCursor")
        if following is None:
            return items
        if not isinstance(following, str):
            raise CaptureError(f"{method} returned a nextCursor that is not a string: {snippet(str(following))}")
        if following in sent:
            raise CaptureError(f"{method} returned the cursor {snippet(following)} again on page "
                               f"{len(pages)}: its pagination loops")
        sent.add(following)
        cursor = following


def _overtime(method: str, pages: int, entries: int, timeout: float) -> CaptureError:
    """The capture deadline met while reading page ``pages + 1`` of ``method``."""
    return CaptureError(f"{method} was still being read (page {pages + 1}, {entries} entries so far) when the "
                        f"capture's {seconds(capture_deadline(timeout))}s ran out, the most one capture may take "
                        "(CAPTURE_DEADLINE_SECONDS, or CAPTURE_DEADLINE_TIMEOUTS times --timeout if longer)")
