"""Differ for the server's own metadata (the era-neutral view from snapshot.surface)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .changes import Change, join, same
from .fields import ABSENT, keep, leftover_fields, null_changes, plain_change, prose_change, value_of
from .tools import meta_change

_IDENTITY_FIELDS = ("name", "title", "version", "description", "websiteUrl", "icons")
_HANDLED = {"era", "protocolVersion", "supportedVersions", "capabilities", "serverInfo",
            "instructions", "cacheScope", "_meta"}


def diff_server(old: dict[str, Any], new: dict[str, Any],
                sent: tuple[Any, Any] | None = None, unserved: Mapping[str, list[str]] | None = None,
                probe: Mapping[str, Any] | None = None) -> list[Change]:
    """Both views must describe a server; a side with no metadata is not compared.

    ``sent``: each side's capabilities as the server sent them. The views hold them
    canonical (a false flag left out), which decides whether they changed; a message shows
    what the server sent. ``unserved``: the old side's capabilities whose every list method
    answered -32601, with those methods, and ``completions`` (with no method) when nothing
    could be completed (snapshot.failures). ``probe``: what the new side answered when asked
    for the old side's revision (api.diff_sources, ``protocolProbe`` in its provenance).
    """
    changes = protocol_changes(old, new, probe)
    era_changed = old.get("era") != new.get("era")
    changes += capability_changes(old.get("capabilities"), new.get("capabilities"), sent, unserved)
    changes += identity_changes(old.get("serverInfo"), new.get("serverInfo"))
    changes += keep(prose_change("server.instructions.changed", "instructions",
                                 value_of(old, "instructions"), value_of(new, "instructions"), field="instructions"))
    changes += scope_changes(old.get("cacheScope"), new.get("cacheScope"), era_changed,
                             old.get("era") == new.get("era") == "legacy")
    if not same(value_of(old, "_meta"), value_of(new, "_meta")):
        changes.append(meta_change("server.meta.changed", old.get("_meta"), new.get("_meta")))
    changes += null_changes(old, new, ("capabilities", "serverInfo"), "server.field.changed")
    changes += leftover_fields(old, new, _HANDLED, "server.field.changed")
    return changes


def protocol_changes(old: dict[str, Any], new: dict[str, Any], probe: Mapping[str, Any] | None = None) -> list[Change]:
    changes: list[Change] = []
    era_changed = old.get("era") != new.get("era")
    before, after = old.get("protocolVersion"), new.get("protocolVersion")
    if era_changed or not same(before, after):
        args = {"version_before": before, "era_before": old.get("era"),
                "version_after": after, "era_after": new.get("era")}
        rule, variant = _protocol_rule(before, after, new.get("supportedVersions"))
        if variant == "newer_unobserved" and probe is not None and probe.get("asked") == before:
            answered = probe.get("answered")
            if answered == before:  # asked again for the old revision, the new side speaks it
                rule, variant = "server.protocolVersion.upgraded", "observed"
            elif isinstance(answered, str):
                rule, variant = "server.protocolVersion.changed", "refused"
                args["answered"] = answered
            elif isinstance(probe.get("error"), str):  # asked, and the second capture failed
                variant = "probe_failed"
                args["error"] = probe["error"][:300]
        changes.append(Change(rule, "protocolVersion", before, after, variant, args))
    old_versions, new_versions = old.get("supportedVersions"), new.get("supportedVersions")
    if isinstance(old_versions, list) and isinstance(new_versions, list):
        for version in sorted(set(map(str, new_versions)) - set(map(str, old_versions))):
            changes.append(Change("server.version.added", join("supportedVersions", version), None,
                                  version, "default", {"version": version}))
        for version in sorted(set(map(str, old_versions)) - set(map(str, new_versions))):
            changes.append(Change("server.version.dropped", join("supportedVersions", version), version,
                                  None, "default", {"version": version}))
    elif not era_changed and not same(old_versions, new_versions):
        # One side lists no versions (or not as a list): compare as a plain field.
        changes += keep(plain_change("server.field.changed", "supportedVersions", old_versions,
                                     new_versions, {"field": "supportedVersions"}))
    return changes


def _protocol_rule(before: Any, after: Any, offered: Any) -> tuple[str, str]:
    """The rule and variant of a change of the negotiated revision, from what the capture saw.

    A capture speaks the newest revision both sides know, so a newer revision on the new side
    says nothing of the previous one unless the server said so itself: listed in its
    ``supportedVersions``, it was observed to stay (NON_BREAKING); otherwise the message says
    it was not observed rather than guess either way. Revisions are dated (YYYY-MM-DD), so
    ordering them as text orders them in time.
    """
    dated = isinstance(before, str) and isinstance(after, str) and _dated(before) and _dated(after)
    if dated and after < before:
        return "server.protocolVersion.changed", "default"  # an older revision: the newer clients' risk
    if isinstance(before, str) and isinstance(offered, list) and before in offered:
        return "server.protocolVersion.upgraded", "default"
    if dated:
        return "server.protocolVersion.changed", "newer_unobserved"
    return "server.protocolVersion.changed", "default"


def _dated(version: str) -> bool:
    return len(version) == 10 and version[4] == version[7] == "-" and version.replace("-", "").isdigit()


def _keyed_changes(old: dict[str, Any], new: dict[str, Any], keys: set[str], rules: tuple[str, str, str],
                   base: str, noun: str, sent: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[Change]:
    """The (added, removed, changed) ``rules`` for each key of two maps (capabilities,
    extensions); ``noun`` is the argument that names the key. ``sent``: the two maps as the
    server sent them, whose values a change shows (the compared maps may be canonical).

    Rule ids are passed whole so that every id the engine can emit stays a literal.
    """
    added, removed, changed_rule = rules
    changes: list[Change] = []
    for key in sorted(keys):
        path = join(base, key)
        was, now = value_of(old, key), value_of(new, key)
        if was is ABSENT:
            changes.append(Change(added, path, None, now, "default", {noun: key}))
        elif now is ABSENT:
            changes.append(Change(removed, path, was, None, "default", {noun: key}))
        elif not same(was, now):
            if sent is not None:
                was, now = sent[0].get(key, was), sent[1].get(key, now)
            changes.append(Change(changed_rule, path, was, now, "default",
                                  {noun: key, "value_before": was, "value_after": now}))
    return changes


def capability_changes(before: Any, after: Any, sent: tuple[Any, Any] | None = None,
                       unserved: Mapping[str, list[str]] | None = None) -> list[Change]:
    old = before if isinstance(before, dict) else {}
    new = after if isinstance(after, dict) else {}
    rules = ("server.capability.added", "server.capability.removed", "server.capability.changed")
    shown = None
    if sent is not None and isinstance(sent[0], dict) and isinstance(sent[1], dict):
        shown = (sent[0], sent[1])
    # An entry whose value is not an object advertises no capability (mongodb-mcp-server put
    # its instructions there): a malformed entry, in the server's completeness net.
    malformed = {k for k in old.keys() | new.keys() if k != "extensions" and _malformed(old, new, k)}
    changes = _keyed_changes(old, new, (old.keys() | new.keys()) - {"extensions"} - malformed, rules,
                             "capabilities", "capability", shown)
    changes = [_flags_on(_unserved(change, unserved)) for change in changes]
    changes += [_malformed_entry(key, old, new, shown) for key in sorted(malformed)]
    changes += extension_changes(old.get("extensions"), new.get("extensions"))
    if not isinstance(before, (dict, type(None))) or not isinstance(after, (dict, type(None))):
        changes.append(Change("server.field.changed", "capabilities", before, after, "not_an_object",
                              {"field": "capabilities"}))
    return changes


#: Capabilities the protocol defines only for clients to declare (``ClientCapabilities``):
#: none of them is a server capability in any revision.
CLIENT_CAPABILITIES = frozenset({"roots", "sampling", "elicitation"})


def _unserved(change: Change, unserved: Mapping[str, list[str]] | None) -> Change:
    """A capability withdrawn whose list methods all answered -32601 on the old side was never
    served (tavily-mcp 0.1.4 advertised prompts and resources and served neither): no caller
    that worked can stop working, so it is its own, lower rule."""
    capability = change.args.get("capability") if change.rule == "server.capability.removed" else None
    if capability in CLIENT_CAPABILITIES:
        # A key the protocol defines for the client's side only (@mastra/mcp-docs-server 0.13
        # listed elicitation among its own): no client reads it from a server, so none can
        # lose anything when it goes.
        return replace(change, rule="server.capability.removedUnserved", variant="client_capability")
    if not unserved or capability not in unserved:
        return change
    if capability == "completions":
        # A completion names a prompt argument or a template variable, and the old side had
        # neither (exa-mcp-server 3.2.1, whose SDK advertised completions on its own).
        return replace(change, rule="server.capability.removedUnserved", variant="nothing_to_complete")
    args = {"capability": capability, "methods": " and ".join(unserved[capability])}
    return replace(change, rule="server.capability.removedUnserved", args=args)


#: The capability flags whose being true only offers something a client may use: list-change
#: notifications and resource subscriptions. Any other flag (a vendor's ``requireConfirmation``)
#: may oblige the client, so it is not said to be ignorable.
_OFFERING_FLAGS = frozenset({"listChanged", "subscribe"})


#: The keys the specification defines in each list capability's object (ServerCapabilities,
#: every revision): any other key there is the server's own.
_DEFINED_KEYS = {"tools": frozenset({"listChanged"}), "prompts": frozenset({"listChanged"}),
                 "resources": frozenset({"listChanged", "subscribe"})}


def _flags_on(change: Change) -> Change:
    """A capability whose only change turns flags on (``listChanged``, ``subscribe``: absent
    or false, now true) says so: the server may now send notifications or accept
    subscriptions it did not, which no client has to use. One whose other changed keys are
    none the specification defines there (shadcn-ui-mcp-server 1.1.4 put whole tool
    definitions under ``capabilities.tools``; nx-mcp wrote ``list`` for ``listChanged``) says
    that too (new-user trial, round 11). It stays POTENTIALLY_BREAKING, as the rule is, since
    a client that subscribes must now be served."""
    if change.rule != "server.capability.changed":
        return change
    was, now = change.before, change.after
    if not (isinstance(was, dict) and isinstance(now, dict)):
        return change
    changed = sorted(key for key in was.keys() | now.keys() if not same(was.get(key), now.get(key)))
    defined = _DEFINED_KEYS.get(change.args.get("capability"))
    undefined = [key for key in changed if defined is not None and key not in defined]
    flags = [key for key in changed if key not in undefined]
    if not changed or any(key not in _OFFERING_FLAGS or now.get(key) is not True
                          or not (was.get(key) is None or was.get(key) is False) for key in flags):
        return change
    if not undefined:
        return replace(change, variant="flags_on", args={**change.args, "flags": flags})
    variant = "undefined_keys" if not flags else "flags_on_undefined_keys"
    return replace(change, variant=variant, args={**change.args, "flags": flags, "keys": undefined})


def _malformed(old: dict[str, Any], new: dict[str, Any], key: str) -> bool:
    """The entry differs and a side that has it gives a value that is not an object."""
    was, now = value_of(old, key), value_of(new, key)
    return not same(was, now) and any(v is not ABSENT and not isinstance(v, dict) for v in (was, now))


def _malformed_entry(key: str, old: dict[str, Any], new: dict[str, Any],
                     sent: tuple[dict[str, Any], dict[str, Any]] | None) -> Change:
    was, now = value_of(old, key), value_of(new, key)
    if sent is not None:
        was, now = sent[0].get(key, was), sent[1].get(key, now)
    path = join("capabilities", key)
    if was is ABSENT:
        return Change("server.field.changed", path, was, now, "capability_malformed_added",
                      {"capability": key, "value": now})
    if now is ABSENT:
        return Change("server.field.changed", path, was, now, "capability_malformed_removed",
                      {"capability": key, "value": was})
    return Change("server.field.changed", path, was, now, "capability_malformed_changed",
                  {"capability": key, "value_before": was, "value_after": now})


def extension_changes(before: Any, after: Any) -> list[Change]:
    old = before if isinstance(before, dict) else {}
    new = after if isinstance(after, dict) else {}
    rules = ("server.extension.added", "server.extension.removed", "server.extension.changed")
    return _keyed_changes(old, new, old.keys() | new.keys(), rules, "capabilities.extensions", "extension")


def identity_changes(before: Any, after: Any) -> list[Change]:
    old = before if isinstance(before, dict) else {}
    new = after if isinstance(after, dict) else {}
    changes: list[Change] = []
    for key in sorted(old.keys() | new.keys()):
        change = plain_change("server.identity.changed", join("serverInfo", key), value_of(old, key),
                              value_of(new, key), {"field": key})
        if change:
            changes.append(change)
    if not isinstance(before, (dict, type(None))) or not isinstance(after, (dict, type(None))):
        changes.append(Change("server.identity.changed", "serverInfo", before, after, "not_an_object"))
    return changes


def scope_changes(before: Any, after: Any, era_changed: bool, legacy: bool = False) -> list[Change]:
    """The surface's cacheScope compared. Over ``initialize`` on both sides (``legacy``) an
    absent scope reads as "private", the value a handshake-era result that says nothing
    dumps to (mcp-spec.md, "Defaults look like data"): a Go server that began sending
    "public" there was a POTENTIALLY_BREAKING field change no client of that era reads
    (new-user trial, round 38: kubernetes-mcp-server 0.0.54 → 0.0.67)."""
    if legacy:  # absent only: an empty string is a value the server sent (hostile trial, round 39)
        before = "private" if before is None else before
        after = "private" if after is None else after
    if same(before, after):
        return []
    if before == "public" and after == "private":
        return [Change("server.surface.scopeNarrowed", "cacheScope", before, after)]
    if before == "private" and after == "public":
        return [Change("server.surface.scopeWidened", "cacheScope", before, after)]
    if era_changed and (before is None or after is None):
        return []  # claimed by server.protocolVersion.changed: legacy results carry no scope
    return keep(plain_change("server.field.changed", "cacheScope", before, after, {"field": "cacheScope"}))
