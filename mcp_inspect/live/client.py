"""Live capture: list a running MCP server's surface, keeping the raw JSON it answers.

``capture(target, options)`` starts (stdio) or reaches (Streamable HTTP, HTTP+SSE) the server,
speaks whichever protocol era it speaks, lists what its capabilities advertise and
returns a Snapshot shaped like one the loader reads from a capture document. Every
failure is a ``CaptureError`` (exit 3) with one line of text.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlsplit, urlunsplit

from ..errors import CaptureError, InputError
from ..model import Snapshot
from .options import CaptureOptions, ServerSpec, check_spec, parse_target, refuse_when_offline
from .progress import Progress
from .stderr import stderr_suffix

#: What a capture that lists no tools from a server advertising ``tools`` most likely means.
NO_TOOLS = "the server listed no tools; it may need configuration such as environment variables"

def capture(target: str, options: CaptureOptions | None = None, progress: Progress | None = None) -> Snapshot:
    """Capture ``target``: ``http(s)://…`` (Streamable HTTP or HTTP+SSE, as ``options.transport`` says)
    or ``stdio:COMMAND ARGS`` (a bare command line too)."""
    refuse_when_offline(target)  # before the target is parsed: nothing about it matters then
    return capture_spec(parse_target(target), options or CaptureOptions(), target, progress)


def capture_spec(spec: ServerSpec, options: CaptureOptions, source: str,
                 progress: Progress | None = None) -> Snapshot:
    """Capture one server; ``source`` is how the user named it (kept as provenance)."""
    from ..snapshot.shapes import snapshot_from_value
    from .session import CLIENT_CAPABILITIES, Conversation, client_info
    from .transports import open_transport

    refuse_when_offline(source)
    options.check()
    check_spec(spec, source)  # a spec built by hand (the API) is checked like an mcp.json entry
    say = progress or (lambda _message: None)
    say("starting the server" if spec.transport == "stdio" else f"connecting to {spec.url}")
    try:
        conversation = Conversation(open_transport(spec, options), options.protocol)
    except CaptureError as exc:
        raise CaptureError(f"{source}: {exc}") from None
    failure: CaptureError | None = None
    done = False
    try:
        document, era, version, conversation_details = conversation.run(say)
        done = True
    except CaptureError as exc:
        failure = exc
    finally:  # also on KeyboardInterrupt: no process is left behind
        say("stopping the server" if spec.transport == "stdio" else "closing")
        conversation.transport.close(polite=done)
    if failure is not None:
        tail = conversation.transport.stderr_tail()
        error = CaptureError(f"{source}: {failure}{stderr_suffix(list(tail))}")
        raise (error.quoting(failure.verbatim) if failure.verbatim else error) from None
    try:
        snap = snapshot_from_value(document, source)
    except InputError as exc:
        raise CaptureError(f"{exc} (in the server's answers)") from None
    prov = snap.provenance
    prov.era, prov.protocol_version = era, version
    prov.captured_at = datetime.now(UTC).isoformat(timespec="seconds")
    details: dict[str, object] = {"transport": spec.transport}
    details.update(conversation_details)  # how the era was chosen; for HTTP, which transport
    if spec.transport == "http":
        details["url"] = _without_credentials(spec.url)
        headers = sorted({*spec.headers, *options.headers}, key=str.lower)
        if headers:
            details["headerNames"] = headers  # names only: values may be secrets
    else:
        details["command"] = list(spec.command)
        names = sorted({*spec.env, *options.env})
        if names:
            details["envNames"] = names  # names only: values may be secrets
        if spec.cwd:
            details["cwd"] = spec.cwd
    details["clientInfo"] = client_info()
    details["clientCapabilities"] = dict(CLIENT_CAPABILITIES)
    # kept with the snapshot: a baseline saved from it says what it may lack, or how its
    # server broke the protocol (lines on stdout that are not JSON-RPC, skipped)
    warnings = capture_warnings(snap) + conversation.transport.warnings()
    if warnings:
        details["warnings"] = warnings
    from ..snapshot.failures import unserved_lists

    unserved = unserved_lists(snap)
    if unserved:  # -32601: the server does not serve these lists; recorded, not warned of
        details["unservedLists"] = unserved
    prov.details = details
    return snap


def capture_warnings(snap: Snapshot) -> list[str]:
    """What a reader of this capture should be told: a server that advertises ``tools`` yet
    lists none was most likely started without the configuration it needs (mcp-atlassian
    without its environment lists nothing), not released without tools; a list method that
    answered an error (postgres's resources/list when its database is down) left that list
    out of the snapshot. A list method that answered -32601 is the server saying it does not
    serve that list: nothing failed, so no warning (the provenance's ``unservedLists``)."""
    from ..snapshot.failures import capture_warnings as failed_list_warnings

    metadata = snap.discover if snap.discover is not None else snap.initialize
    capabilities = metadata.get("capabilities") if isinstance(metadata, dict) else None
    warnings = []
    if isinstance(capabilities, dict) and capabilities.get("tools") is not None and snap.tools == []:
        warnings.append(NO_TOOLS)
    return warnings + failed_list_warnings(snap)


def probe_note(snap: Snapshot, source: str, options: CaptureOptions) -> str | None:
    """What to tell of a capture whose ``server/discover`` went unanswered until its share of the
    timeout ran out (older Python SDK servers), with the remedy; None when the probe was answered
    or not sent. The wait is what made the capture slow: an mcp.json holding such a server
    costs every ``pin``, ``check`` and ``lint`` that long."""
    from .jsonrpc import seconds
    from .session import PROBE_SHARE

    details = snap.provenance.details if isinstance(snap.provenance.details, dict) else {}
    fallback = details.get("eraFallback")
    timed_out = isinstance(fallback, str) and fallback.startswith("server/discover timed out")
    if options.protocol != "auto" or not timed_out:
        return None
    asked = details.get("initializeAsked")
    return (f"{source} did not answer server/discover within {seconds(options.timeout * PROBE_SHARE)} s; "
            f"pass --protocol {asked if isinstance(asked, str) else '2025-11-25'} to skip the probe (or a longer "
            f"--timeout if the server was still starting)")


def _without_credentials(url: str) -> str:
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))
