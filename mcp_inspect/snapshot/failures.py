"""The list methods a capture asked for and got a JSON-RPC error back (a snapshot's ``errors``).

A live capture records such a list as absent and keeps the error object under the list
method's name; a capture document or a snapshot file may carry the same. Two kinds of error
read differently:

- -32601 "Method not found" is the server saying it does not serve that list at all: a
  client that asks gets the same error, so the list is, for every caller, empty.
- any other error (postgres's -32603 ECONNREFUSED when its database is down) says nothing
  about what the server would list when it works: the list is unknown, not empty.
"""

from __future__ import annotations

from typing import Any

from ..model import LIST_KINDS, ListKind, Snapshot

#: JSON-RPC's "Method not found".
METHOD_NOT_FOUND = -32601
#: Which capability advertises each list (resources covers templates too).
CAPABILITY_OF = {"tools": "tools", "resources": "resources", "resourceTemplates": "resources", "prompts": "prompts"}
#: What a list holds, in words.
_NOUNS = {"tools": "tools", "resources": "resources", "resourceTemplates": "resource templates",
          "prompts": "prompts"}
#: How much of a server's error message a one-line warning quotes.
_MESSAGE_CHARS = 120


def failed_lists(snap: Snapshot) -> list[tuple[ListKind, Any]]:
    """Each list the snapshot lacks because its method answered an error, with the error,
    in list order. A list that is present counts as listed whatever ``errors`` says."""
    errors = snap.errors if isinstance(snap.errors, dict) else {}
    return [(lk, errors[lk.method]) for lk in LIST_KINDS
            if getattr(snap, lk.key) is None and lk.method in errors]


def undeclared_lists(snap: Snapshot) -> list[ListKind]:
    """The lists the snapshot does not carry at all and no method failed for: its input had no
    such key (a tools-only file, a bare array of tools). Unlike a failed list, nothing was
    asked; unlike ``[]``, nothing was said. A live capture always carries all four (a list
    whose capability is not advertised is recorded as ``[]``), so only written inputs lack
    one. A diff compares such a list only where both sides declare it."""
    errors = snap.errors if isinstance(snap.errors, dict) else {}
    return [lk for lk in LIST_KINDS if getattr(snap, lk.key) is None and lk.method not in errors]


def not_found(error: Any) -> bool:
    """The error is -32601: the server does not serve the method."""
    code = error.get("code") if isinstance(error, dict) else None
    return type(code) is int and code == METHOD_NOT_FOUND


def unknown_lists(snap: Snapshot) -> list[tuple[ListKind, Any]]:
    """The failed lists whose contents are unknown: every failure but -32601."""
    return [(lk, error) for lk, error in failed_lists(snap) if not not_found(error)]


def unserved_capabilities(snap: Snapshot) -> dict[str, list[str]]:
    """The capabilities whose every list method answered -32601 in this capture (advertised,
    but nothing behind them was served), each with those methods."""
    failed = {lk.key: error for lk, error in failed_lists(snap)}
    methods: dict[str, list[str]] = {}
    served: set[str] = set()
    for lk in LIST_KINDS:
        capability = CAPABILITY_OF[lk.key]
        methods.setdefault(capability, []).append(lk.method)
        if not (lk.key in failed and not_found(failed[lk.key])):
            served.add(capability)
    return {capability: found for capability, found in methods.items() if capability not in served}


def missing_list_words(snap: Snapshot) -> list[str]:
    """What a capture's one-line summary says of the lists the snapshot lacks because their
    method answered an error: ``resources advertised but not served`` for a capability whose
    every list answered -32601 (nx-mcp advertises resources and serves neither resources/list
    nor resources/templates/list), ``resource templates not served`` for one list of it,
    ``resources not read (resources/list failed)`` for any other error."""
    metadata = snap.discover if snap.discover is not None else snap.initialize
    capabilities = metadata.get("capabilities") if isinstance(metadata, dict) else None
    advertised = set(capabilities) if isinstance(capabilities, dict) else set()
    whole = unserved_capabilities(snap)
    said: list[str] = []
    for lk, error in failed_lists(snap):
        capability = CAPABILITY_OF[lk.key]
        if not not_found(error):
            said.append(f"{noun(lk)} not read ({lk.method} failed)")
        elif capability in whole:  # one phrase for the capability, not one per list of it
            if whole[capability][0] == lk.method:
                said.append(f"{capability} {'advertised but ' if capability in advertised else ''}not served")
        else:
            said.append(f"{noun(lk)} not served")
    return said


def nothing_to_complete(snap: Snapshot) -> bool:
    """The capture shows that a ``completion/complete`` request could name nothing: the
    prompts are known (listed, or -32601) and none takes an argument, and the resource
    templates are known and there are none. A list that is missing for any other reason, or
    a prompt whose arguments are not a list, leaves it unknown (False)."""
    failed = {lk.key: error for lk, error in failed_lists(snap)}

    def known(key: str) -> list[Any] | None:
        value = getattr(snap, key)
        if isinstance(value, list):
            return value
        return [] if key in failed and not_found(failed[key]) else None

    prompts, templates = known("prompts"), known("resourceTemplates")
    if prompts is None or templates is None or templates:
        return False
    arguments = [p.get("arguments", []) if isinstance(p, dict) else None for p in prompts]
    return all(isinstance(a, list) and not a for a in arguments)


def noun(lk: ListKind) -> str:
    return _NOUNS[lk.key]


def error_words(error: Any) -> str:
    """A JSON-RPC error object as ``code 'message'`` on one line, printable and cut short:
    it is the server's text."""
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        shown = _flat(str(code)) if type(code) is int else _quoted(str(code))
        return shown if message is None else f"{shown} {_quoted(str(message))}"
    return _quoted(str(error))


def capture_warning(lk: ListKind, error: Any) -> str:
    """What ``snapshot`` says of a list whose method failed while the server was captured."""
    return f"the server's {lk.method} failed: {error_words(error)}; the snapshot has no {noun(lk)} from it"


def capture_warnings(snap: Snapshot, *, unserved: bool = False) -> list[str]:
    """A warning per list whose method failed, -32601 aside (the server said it does not serve
    the list: nothing failed). ``unserved``: those too, in the words captures used for them
    before, so that a diff of a file saved then does not say them again."""
    failed = failed_lists(snap) if unserved else unknown_lists(snap)
    return [capture_warning(lk, error) for lk, error in failed]


def unserved_lists(snap: Snapshot) -> list[str]:
    """The list methods that answered -32601, in list order."""
    return [lk.method for lk, error in failed_lists(snap) if not_found(error)]


def _flat(text: str) -> str:
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def _quoted(text: str) -> str:
    flat = _flat(text)
    return repr(flat if len(flat) <= _MESSAGE_CHARS else flat[:_MESSAGE_CHARS] + "…")
