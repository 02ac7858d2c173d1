"""Recognise every accepted input shape and build a Snapshot from it, keeping every field."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ..errors import InputError
from ..model import LIST_KIND_BY_KEY, LIST_KIND_BY_METHOD, LIST_KINDS, Provenance, Snapshot

SNAPSHOT_FORMAT_KEY = "mcpInspectSnapshot"
SNAPSHOT_FORMAT_VERSION = 1

#: Keys of a capture document that record how it was made; provenance, never diffed.
CAPTURE_BOOKKEEPING = ("server", "package", "version", "command", "captured_at", "log")
_LIST_KEYS = tuple(lk.key for lk in LIST_KINDS)
_CAPTURE_KEYS = ("initialize", "discover", *_LIST_KEYS)
#: A list result's own fields besides the entities, kept per page.
_PAGE_FIELDS = ("nextCursor", "ttlMs", "cacheScope", "resultType", "_meta")

#: Whether a tool may lack its name. Everything that pairs tools by name (diff, the store)
#: needs it and refuses such a tool; the lint reads the list as a client would receive
#: it and reports the missing name itself (MCP-001), next to the tool's other problems.
_NAMELESS_TOOLS_ALLOWED: ContextVar[bool] = ContextVar("nameless_tools_allowed", default=False)


@contextmanager
def nameless_tools_allowed() -> Iterator[None]:
    """Read surfaces whose tools may have no string ``name`` (what ``lint`` does)."""
    token = _NAMELESS_TOOLS_ALLOWED.set(True)
    try:
        yield
    finally:
        _NAMELESS_TOOLS_ALLOWED.reset(token)


EXPECTED = (
    "expected a tools array, an object with tools/resources/resourceTemplates/prompts, "
    "a JSON-RPC list response, a capture document or an mcp-inspect snapshot"
)


def some_keys(value: dict[str, Any], most: int = 8, width: int = 40) -> str:
    """A few of an object's keys for an error line, each cut short: the object may be any
    file at all, and its keys are not the error's to print in full."""
    keys = sorted(value)
    shown = [repr(k if len(k) <= width else k[:width] + "…") for k in keys[:most]]
    return ", ".join(shown) + (f" and {len(keys) - most} more" if len(keys) > most else "") or "none"


def snapshot_from_value(value: Any, source: str) -> Snapshot:
    """Detect the shape of ``value`` (already plain JSON) and build a Snapshot."""
    where = "stdin" if source == "-" else source
    if isinstance(value, list):
        snap = Snapshot(Provenance(source=source, shape="tools-array"))
        snap.tools = _entity_list(value, "tools", where)
        return snap
    if not isinstance(value, dict):
        raise InputError(f"{where}: {EXPECTED}; got a JSON {_json_type(value)}")
    if SNAPSHOT_FORMAT_KEY in value:
        return _from_snapshot_format(value, source, where)
    if "jsonrpc" in value and ("result" in value or "error" in value):
        return _from_jsonrpc(value, source, where)
    if ("mcpServers" in value or "servers" in value) and not any(k in value for k in _CAPTURE_KEYS):
        raise InputError(
            f"{where}: is an mcp.json client configuration; give it as a source (FILE, or "
            "FILE#NAME for one server) to capture its servers live"
        )
    if any(k in value for k in _CAPTURE_KEYS):
        return _from_capture(value, source, where)
    if isinstance(value.get("name"), str) and "inputSchema" in value:
        snap = Snapshot(Provenance(source=source, shape="tool"))
        snap.tools = _entity_list([value], "tools", where)
        return snap
    raise InputError(f"{where}: {EXPECTED}; got an object with keys: {some_keys(value)}")


def _a_json_type(value: Any) -> str:
    name = _json_type(value)
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "null" if value is None else type(value).__name__


def _entity_list(items: Any, key: str, where: str) -> list[dict[str, Any]]:
    lk = LIST_KIND_BY_KEY[key]
    if not isinstance(items, list):
        raise InputError(f"{where}: '{key}' must be an array of objects; got {_a_json_type(items)}")
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise InputError(
                f"{where}: {key}[{index}] must be an object; got {_a_json_type(item)}"
            )
        identity = item.get(lk.identity)
        if not isinstance(identity, str) and not (key == "tools" and _NAMELESS_TOOLS_ALLOWED.get()):
            raise InputError(
                f"{where}: {key}[{index}] has no string '{lk.identity}' (its identity)"
            )
    return items


def _optional_object(value: dict[str, Any], key: str, where: str) -> dict[str, Any] | None:
    got = value.get(key)
    if got is None:
        return None
    if not isinstance(got, dict):
        raise InputError(f"{where}: '{key}' must be an object; got {_a_json_type(got)}")
    return got


def _from_capture(value: dict[str, Any], source: str, where: str) -> Snapshot:
    shape = "capture" if ("initialize" in value or "discover" in value) else "lists"
    snap = Snapshot(Provenance(source=source, shape=shape))
    snap.initialize = _optional_object(value, "initialize", where)
    snap.discover = _optional_object(value, "discover", where)
    for key in _LIST_KEYS:
        if value.get(key) is not None:
            setattr(snap, key, _entity_list(value[key], key, where))
    snap.pages = _optional_object(value, "pages", where) or {}
    snap.errors = _optional_object(value, "errors", where) or {}
    details = {k: value[k] for k in CAPTURE_BOOKKEEPING if k in value}
    snap.provenance.details = details
    if isinstance(value.get("captured_at"), str):
        snap.provenance.captured_at = value["captured_at"]
    known = set(_CAPTURE_KEYS) | {"pages", "errors"} | set(CAPTURE_BOOKKEEPING)
    snap.extra = {k: v for k, v in value.items() if k not in known}
    _set_era(snap)
    return snap


def _from_jsonrpc(value: dict[str, Any], source: str, where: str) -> Snapshot:
    if "error" in value and "result" not in value:
        error = value["error"]
        message = error.get("message") if isinstance(error, dict) else error
        raise InputError(f"{where}: is a JSON-RPC error response ({message!r}), not a list result")
    result = value["result"]
    if not isinstance(result, dict):
        raise InputError(
            f"{where}: JSON-RPC 'result' must be an object; got {_a_json_type(result)}"
        )
    present = [k for k in _LIST_KEYS if k in result]
    if not present:
        if "supportedVersions" in result:
            return _from_capture({"discover": result}, source, where)
        if "protocolVersion" in result and "capabilities" in result:
            return _from_capture({"initialize": result}, source, where)
        raise InputError(
            f"{where}: JSON-RPC result holds no tools, resources, resourceTemplates or prompts "
            f"(keys: {some_keys(result)})"
        )
    snap = Snapshot(Provenance(source=source, shape="jsonrpc"))
    for key in present:
        setattr(snap, key, _entity_list(result[key], key, where))
        method = LIST_KIND_BY_KEY[key].method
        page = {"cursor": None, "count": len(result[key])}
        page.update({f: result[f] for f in _PAGE_FIELDS if f in result})
        snap.pages[method] = [page]
    rest = {k: v for k, v in result.items() if k not in present and k not in _PAGE_FIELDS}
    envelope = {k: v for k, v in value.items() if k != "result"}
    snap.extra = {"jsonrpc": envelope, **({"result": rest} if rest else {})}
    return snap


def _set_era(snap: Snapshot) -> None:
    if snap.discover is not None:
        snap.provenance.era = "modern"
    elif snap.initialize is not None:
        snap.provenance.era = "legacy"
        version = snap.initialize.get("protocolVersion")
        snap.provenance.protocol_version = version if isinstance(version, str) else None


def _from_snapshot_format(value: dict[str, Any], source: str, where: str) -> Snapshot:
    version = value.get(SNAPSHOT_FORMAT_KEY)
    if version != SNAPSHOT_FORMAT_VERSION:
        raise InputError(
            f"{where}: snapshot format version {version!r} is not supported "
            f"(this mcp-inspect reads version {SNAPSHOT_FORMAT_VERSION})"
        )
    prov = _optional_object(value, "provenance", where) or {}
    if not isinstance(prov.get("details") or {}, dict):
        raise InputError(
            f"{where}: 'provenance.details' must be an object; got {_a_json_type(prov['details'])}"
        )
    snap = _from_capture(
        {k: v for k, v in value.items() if k in (*_CAPTURE_KEYS, "pages", "errors")},
        source,
        where,
    )
    snap.provenance = Provenance(
        source=source,
        shape="snapshot",
        era=prov.get("era"),
        protocol_version=prov.get("protocolVersion"),
        captured_at=prov.get("capturedAt"),
        details=dict(prov.get("details") or {}),
    )
    if prov.get("source") is not None:
        snap.provenance.details.setdefault("origin", prov.get("source"))
        snap.provenance.details.setdefault("originShape", prov.get("shape"))
    extra = value.get("extra")
    snap.extra = copy.deepcopy(extra) if isinstance(extra, dict) else {}
    return snap


def snapshot_to_value(snap: Snapshot, fingerprints: dict[str, Any]) -> dict[str, Any]:
    """The project's own snapshot format (docs/snapshot-format.md)."""
    prov = snap.provenance
    out: dict[str, Any] = {
        SNAPSHOT_FORMAT_KEY: SNAPSHOT_FORMAT_VERSION,
        "provenance": {
            "source": prov.details.get("origin", prov.source),
            "shape": prov.details.get("originShape", prov.shape),
            "era": prov.era,
            "protocolVersion": prov.protocol_version,
            "capturedAt": prov.captured_at,
            "details": {k: v for k, v in prov.details.items() if k not in ("origin", "originShape")},
        },
    }
    for key in ("initialize", "discover", *_LIST_KEYS):
        if getattr(snap, key) is not None:
            out[key] = getattr(snap, key)
    out["pages"] = snap.pages
    out["errors"] = snap.errors
    if snap.extra:
        out["extra"] = snap.extra
    out["fingerprints"] = fingerprints
    return out


__all__ = [
    "LIST_KIND_BY_METHOD",
    "snapshot_from_value",
    "snapshot_to_value",
]
