"""Capture conditions: what differed in how two live captures were taken.

A diff compares what two servers answered, but an answer also depends on how the server
was asked: the transport, the protocol revision requested (and, under ``--protocol auto``,
the era the probe settled on), the environment variables and headers it was given, and
the mcp-inspect that asked. When those differ, a finding may come from the capture rather
than from the release, so the report says so first. Only conditions both provenances
record are compared: a snapshot read from a hand-made file records none.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Any

from ..findings.finding import Finding
from ..findings.report import CONDITIONS_PREFIX
from ..model import Provenance, Snapshot
from ..snapshot.failures import error_words, noun, undeclared_lists, unknown_lists

#: How many names a warning lists before it counts the rest.
_NAMES_SHOWN = 8
#: Capabilities whose flags (listChanged, subscribe) an SDK may set by the era it speaks: in
#: 2026-07-28 list changes come on a subscriptions/listen stream, not as session notifications.
_ERA_FLAGGED = frozenset({"tools", "resources", "prompts"})
#: Capabilities a revision of the other era does not have the same way: logging is deprecated
#: in 2026-07-28, tasks moved out of core into an extension.
_ERA_SHAPED = frozenset({"logging", "tasks"})



def condition_warnings(old: Provenance, new: Provenance) -> list[str]:
    """One sentence per condition under which the two sides were captured differently."""
    before, after = old.details, new.details
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return []
    if not (isinstance(before.get("transport"), str) and isinstance(after.get("transport"), str)):
        return []  # not two live captures: nothing to compare
    said = [_transport(before, after), _requested(old, new, before, after), era_warning(old, new),
            _names("environment variable", before.get("envNames"), after.get("envNames")),
            _names("header", before.get("headerNames"), after.get("headerNames")),
            _client(before, after)]
    return [CONDITIONS_PREFIX + sentence for sentence in said if sentence]


def capture_notes(old: Provenance, new: Provenance, said: tuple[set[str], set[str]] = (set(), set())) -> list[str]:
    """What each side's live capture noted about itself (``details.warnings``: a server that
    advertised tools and listed none), so that a diff against such a capture says why it
    may show every tool as removed or added. ``said``: per side, the notes the diff says in
    its own words (a list that failed, from the snapshot's ``errors``), left out here."""
    out = []
    for (side, prov), known in zip((("old", old), ("new", new)), said, strict=True):
        noted = prov.details.get("warnings") if isinstance(prov.details, dict) else None
        if isinstance(noted, list):
            out += [f"the {side} side's capture: {note}" for note in noted
                    if isinstance(note, str) and note not in known]
    return out


def failed_list_notes(old: Snapshot, new: Snapshot) -> list[str]:
    """One warning per list a side's capture could not read (its method answered an error
    other than -32601): the diff compares none of that kind, since the list is unknown, not
    empty (a postgres server whose database was down answered resources/list with -32603)."""
    out = []
    for side, snap in (("old", old), ("new", new)):
        out += [f"the {side} side's {lk.method} failed ({error_words(error)}): its {noun(lk)} are not "
                "compared, and none is reported as removed or added" for lk, error in unknown_lists(snap)]
    return out


def undeclared_list_notes(old: Snapshot, new: Snapshot) -> list[str]:
    """One warning per side that does not declare a list the other side has entities in (no
    key at all: a tools-only file against a full capture): that list is compared only where
    both sides declare it, so none of its entities is reported as removed or added (new-user
    trial, round 14: ``{tools: […]}`` against a capture read "resourceTemplate.added")."""
    out = []
    for (side, mine), (other, theirs) in ((("old", old), ("new", new)), (("new", new), ("old", old))):
        hidden = [(lk, len(entities)) for lk in undeclared_lists(mine)
                  if (entities := getattr(theirs, lk.key))]
        if not hidden:
            continue
        keys = " or ".join(lk.key for lk, _ in hidden)
        counts = " and ".join(f"{count} {noun(lk) if count != 1 else noun(lk)[:-1]}" for lk, count in hidden)
        verb = "is" if len(hidden) == 1 and hidden[0][1] == 1 else "are"
        out.append(f"the {side} side has no {keys} list: the {other} side's {counts} {verb} not compared, and "
                   f"none is reported as {'added' if side == 'old' else 'removed'} (a list is compared only "
                   "where both sides declare it; [] declares an empty one)")
    return out


def _transport_name(details: dict[str, Any]) -> str:
    if details.get("transport") == "http":
        return {"sse": "HTTP+SSE", "streamable-http": "Streamable HTTP"}.get(
            str(details.get("httpTransport")), "HTTP")
    return str(details.get("transport"))


def _transport(before: dict[str, Any], after: dict[str, Any]) -> str:
    was, now = _transport_name(before), _transport_name(after)
    if was == now:
        return ""
    return f"the old side was captured over {was} and the new over {now}"


def _requested(old: Provenance, new: Provenance, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The revisions asked for differ, unless both sides negotiated the same revision in the
    same era: what was asked then changed nothing the server said. The recapture the era
    warning suggests (``--protocol 2025-11-25`` against an old side that auto-negotiated
    2025-11-25) took the same conversation, and so did zotero-mcp 0.1.6, asked for 2025-11-25,
    and 0.3.1, asked for 2024-11-05: both answered 2024-11-05 over initialize. Saying otherwise
    would leave the warning standing after the user followed the tool's own advice."""
    was, now = before.get("protocolRequested"), after.get("protocolRequested")
    if not (isinstance(was, str) and isinstance(now, str)) or was == now:
        return ""  # a hand-edited provenance may hold anything here: only two revisions compare
    if _negotiated(old) is not None and _negotiated(old) == _negotiated(new):
        return ""
    return f"the old side was captured with --protocol {was} and the new with --protocol {now}"


def _negotiated(prov: Provenance) -> tuple[str, str] | None:
    """The era and revision a capture spoke, or None when its provenance does not say both."""
    if isinstance(prov.era, str) and prov.era and isinstance(prov.protocol_version, str) and prov.protocol_version:
        return prov.era, prov.protocol_version
    return None


def _spoken(prov: Provenance, details: dict[str, Any]) -> str:
    opening = "server/discover" if prov.era == "modern" else "initialize"
    said = f"{prov.protocol_version or 'an unknown revision'} through {opening}"
    fallback = details.get("eraFallback")
    if isinstance(fallback, str) and fallback:
        said += f" (after {fallback})"
    return said


def era_warning(old: Provenance, new: Provenance, *, check: list[str] | None = None) -> str:
    """The sentence that the eras differ and auto-negotiation chose at least one of them ("" when
    not), with how to compare like with like. ``check``: the command line of the ``check`` that
    compared a pin (old) with a capture (new), whose snapshot files the user never sees: the
    advice is then to check again in the pinned era, or to re-pin a server that left it."""
    before, after = old.details, new.details
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return ""
    if old.era == new.era or "auto" not in (before.get("protocolRequested"), after.get("protocolRequested")):
        return ""
    said = (f"the protocol era was chosen by auto-negotiation: the old side spoke {_spoken(old, before)}, "
            f"the new side {_spoken(new, after)}; the server metadata compares what each capture "
            "negotiated, not everything each release speaks")
    refused = _refused_modern(after) and old.era == "modern"
    if check is not None:
        if refused:
            return said + ("; the server no longer answers server/discover, so it cannot be checked in its pinned "
                           "era: once the changes are reviewed, re-pin it with "
                           f"{shlex.join([*check, '--update'])}")
        if not isinstance(old.protocol_version, str) or not old.protocol_version:
            return said
        return said + ("; to compare like with like, check again in the pinned era (--protocol applies to every "
                       f"server of the file): {shlex.join([*check, '--protocol', old.protocol_version])}")
    if refused:
        # The new release refused server/discover, so asking it for the old side's era again
        # would only fail: the old release, which spoke both, is the one to ask again.
        again = _recapture(before, new.protocol_version, "OLD.json")
        return said + (f"; the new side refused server/discover, so to compare like with like, capture "
                       f"the old side in the new side's era: {again}" if again else "")
    again = _recapture(after, old.protocol_version, "NEW.json")
    return said + (f"; to compare like with like, capture the new side in the old side's era: {again}"
                   if again else "")


def _refused_modern(details: dict[str, Any]) -> bool:
    """The capture asked server/discover first and fell back to initialize (its eraFallback)."""
    fallback = details.get("eraFallback")
    return isinstance(fallback, str) and bool(fallback)


def _recapture(details: dict[str, Any], version: str | None, output: str) -> str:
    """The command that captures a side again speaking ``version``: its command line or
    URL as the capture recorded it, with the names of the environment variables and headers it
    was given (their values are not recorded, so they read ``…``)."""
    command, url = details.get("command"), details.get("url")
    if not isinstance(version, str) or not version:
        return ""
    if isinstance(command, list) and command and all(isinstance(word, str) for word in command):
        server = shlex.join(command)
    elif isinstance(url, str) and url:
        server = url
    else:
        return ""
    words = ["mcp-inspect", "snapshot", "--server", server, "--protocol", version]
    if details.get("httpTransport") == "sse":
        words += ["--transport", "sse"]
    for name in _names_of(details.get("envNames")):
        words += ["--env", f"{name}=…"]
    for name in _names_of(details.get("headerNames")):
        words += ["--header", f"{name}: …"]
    package, published = details.get("package"), details.get("version")
    if isinstance(package, str) and package and isinstance(published, str) and published:
        words += ["--package", f"{package}@{published}"]  # release notes compare the version it records
    words += ["-o", output]
    cwd = details.get("cwd")
    command_line = (f"cd {shlex.quote(cwd)} && " if isinstance(cwd, str) and cwd else "") + shlex.join(words)
    if _names_of(details.get("envNames")) or _names_of(details.get("headerNames")):
        # Pasted as printed, the server ran with the literal value "…" (new-user trial, round 19).
        command_line += " (replace each … with its value: a capture records the names alone)"
    return command_line


def _names_of(value: Any) -> list[str]:
    return sorted(str(n) for n in value) if isinstance(value, list) else []


def era_notes(old: Provenance, new: Provenance, findings: Iterable[Finding]) -> None:
    """Add the note that the eras can explain it to each server finding the two sides' protocol
    eras account for, when two live captures spoke different eras: chroma-mcp's tools
    capability said listChanged true over initialize and false over server/discover."""
    if not (old.era and new.era and old.era != new.era):
        return
    if not all(isinstance(p.details, dict) and isinstance(p.details.get("transport"), str) for p in (old, new)):
        return  # not two live captures: no era was spoken
    words = {"era_before": _opening(old), "era_after": _opening(new)}
    for finding in findings:
        if _era_explains(finding, new.era == "modern"):
            finding.args = {**finding.args, **words, "notes": [*finding.args.get("notes", ()), "era"]}


def _opening(prov: Provenance) -> str:
    return "server/discover" if prov.era == "modern" else "initialize"


def _era_explains(finding: Finding, to_modern: bool) -> bool:
    """A flag of a list capability that differs, logging or tasks gone on the way to the
    modern era (or come on the way back), where that era has them no more in core, or an
    extension advertised on the modern side only: ``extensions`` is a 2026-07-28 capability,
    and an SDK may advertise one only over server/discover (new-user trial, round 16:
    office-word-mcp-server 1.1.11 captured twice read ``io.modelcontextprotocol/ui`` as a
    BREAKING extension removed, with no word of the eras). One advertised over initialize
    alone is not the era's doing (hostile trial, round 18)."""
    if finding.rule in ("server.extension.added", "server.extension.removed"):
        return finding.rule == ("server.extension.added" if to_modern else "server.extension.removed")
    capability = finding.args.get("capability")
    if finding.rule == "server.capability.changed":
        return capability in _ERA_FLAGGED
    gone = "server.capability.removed" if to_modern else "server.capability.added"
    return finding.rule == gone and capability in _ERA_SHAPED


def _listed(names: list[str]) -> str:
    shown = ", ".join(names[:_NAMES_SHOWN])
    return shown if len(names) <= _NAMES_SHOWN else f"{shown} and {len(names) - _NAMES_SHOWN} more"


def _names(noun: str, before: Any, after: Any) -> str:
    was = {str(n) for n in before} if isinstance(before, list) else set()
    now = {str(n) for n in after} if isinstance(after, list) else set()
    if noun == "header":  # HTTP header names are case-insensitive
        was, now = {n.lower() for n in was}, {n.lower() for n in now}
    if was == now:
        return ""
    parts = []
    if was - now:
        parts.append(f"only the old side set {_listed(sorted(was - now))}")
    if now - was:
        parts.append(f"only the new side set {_listed(sorted(now - was))}")
    return f"{noun} names differ ({'; '.join(parts)}), and a server may offer other tools under them"


def _client(before: dict[str, Any], after: dict[str, Any]) -> str:
    was, now = before.get("clientInfo"), after.get("clientInfo")
    was_version = was.get("version") if isinstance(was, dict) else None
    now_version = now.get("version") if isinstance(now, dict) else None
    if not (isinstance(was_version, str) and isinstance(now_version, str)) or was_version == now_version:
        return ""
    return f"the old side was captured by mcp-inspect {was_version} and the new by {now_version}"
