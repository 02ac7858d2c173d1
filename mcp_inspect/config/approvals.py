"""``mcp-inspect approve``: accept single changes of a diff by writing ``approve:`` entries.

An entry holds the change's fingerprint (rule, entity kind and name, path, and the digest of
its old and new values), the reason and an optional expiry (config/waivers.py, ``ApproveRule``). The
configuration file is edited as text: the entries are appended to its ``approve:`` list (or a
new one at its end), so its comments, order and spelling stay as they were; the result is read
back through the ordinary loader before it is written, and refused when it would not load.
Re-exported by ``api``, whose ``approve`` runs the diff and calls these.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..config.load import load_config, parse_config
from ..config.waivers import ApproveRule
from ..errors import InputError
from ..findings.finding import DIFF
from ..findings.severity import Severity

if TYPE_CHECKING:
    from ..findings.report import Report


class Approved(NamedTuple):
    """What ``approve`` did: the entries it wrote, those the file already held, and the file."""

    written: list[ApproveRule]
    already: list[ApproveRule]
    path: Path


def approvals_for(report: Report, ids: list[str] | tuple[str, ...] = (), *, reason: str,
                  expires: date | str | None = None, all_breaking: bool = False,
                  today: date | None = None) -> list[ApproveRule]:
    """The approvals of the changes of ``report`` (a diff) named by ``ids`` (as its JSON report
    prints them), or with ``all_breaking`` of every BREAKING change not approved yet.
    InputError (exit 2) for an id the diff does not have, a missing reason, a bad date or an
    expiry before ``today`` (default: the clock's)."""
    if not report.is_diff:
        raise InputError("approve: the report is not a diff's")
    if isinstance(ids, str):  # one id given bare
        ids = [ids]
    reason = (reason or "").strip()
    if not reason:
        raise InputError("--reason: an approval needs a reason (it is shown in every report)")
    expiry = _expiry(expires)
    if expiry is not None and expiry < (today or date.today()):
        raise InputError(f"--expires: {expiry.isoformat()} is already past; an approval that has expired "
                         "would never apply")
    if all_breaking == bool(ids):
        raise InputError("approve: give the ids of the findings to approve, or --all-breaking (not both)")
    changes = report.changes
    if all_breaking:
        chosen = [f for f in changes if f.severity == Severity.BREAKING and not f.approved]
    else:
        by_id: dict[str, list] = {}
        for finding in report.findings:
            by_id.setdefault(finding.id, []).append(finding)
        chosen = []
        for given in ids:
            key = given.strip().lower()
            found = by_id.get(key)
            if not found:
                raise InputError(f"approve: the diff has no change with id {given!r} (the ids are those of "
                                 "`mcp-inspect diff OLD NEW --format json`, findings[].id; a lint finding is "
                                 "ignored by code under ignore:)")
            if any(f.origin != DIFF for f in found):
                raise InputError(f"approve: {given!r} is a lint finding; an approval accepts a change "
                                 "(ignore a lint finding by code under ignore:)")
            chosen += [f for f in found if f not in chosen]
    out: list[ApproveRule] = []
    for finding in chosen:
        entry = ApproveRule.of(finding, reason, expiry)
        if entry not in out:
            out.append(entry)
    return out


def _expiry(expires: date | str | None) -> date | None:
    if expires is None or isinstance(expires, date):
        return expires
    try:
        return date.fromisoformat(str(expires).strip())
    except ValueError:
        raise InputError(f"--expires: {expires!r} is not a real date (YYYY-MM-DD)") from None


def approval_key(entry: ApproveRule) -> tuple[str, ...]:
    return entry.key()


def in_force(entry: ApproveRule, today: date) -> bool:
    """Whether an approval still applies on ``today`` (it applies through its expiry day)."""
    return entry.expires is None or entry.expires >= today


# --- writing the file as text ---------------------------------------------------------------

_APPROVE_KEY = re.compile(r"^approve\s*:\s*(?:#.*)?$")
_APPROVE_EMPTY = re.compile(r"^approve\s*:\s*\[\s*\]\s*(#.*)?$")
_TOP_KEY = re.compile(r"^[^\s#-]")


def yaml_string(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that reads back exactly: printable ASCII as is,
    everything else (controls, invisible and line-separator characters, any non-ASCII) escaped."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    out.append('"')
    return "".join(out)


def entry_lines(entry: ApproveRule, indent: str = "  ") -> list[str]:
    """One ``approve:`` entry as YAML lines, the list's dash at ``indent``."""
    inner = indent + "  "
    lines = [f"{indent}- rule: {yaml_string(entry.rule)}",
             f"{inner}kind: {yaml_string(entry.kind)}",
             f"{inner}entity: {yaml_string(entry.entity)}",
             f"{inner}path: {yaml_string(entry.path)}",
             f"{inner}digest: {yaml_string(entry.digest)}",
             f"{inner}reason: {yaml_string(entry.reason)}"]
    if entry.expires is not None:
        lines.append(f"{inner}expires: {yaml_string(entry.expires.isoformat())}")
    return lines


def entry_flow(entry: ApproveRule) -> str:
    """One ``approve:`` entry as a YAML flow mapping on one line (``{rule: "…", kind: "…", …}``): it
    reads the same as an entry of a flow list (``approve: [ … ]``) and after ``- `` in a block list."""
    return "{" + ", ".join(line.strip().removeprefix("- ") for line in entry_lines(entry)) + "}"


def with_approvals(text: str, entries: list[ApproveRule]) -> str:
    """``text`` (a configuration file) with ``entries`` appended to its ``approve:`` list, or a
    new ``approve:`` list at its end; every other line kept as it was."""
    newline = "\r\n" if "\r\n" in text else "\n"  # a file written on Windows keeps its line ends
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _APPROVE_KEY.match(line) or _APPROVE_EMPTY.match(line)),
                 None)
    if start is None:
        block = ["approve:", *[line for e in entries for line in entry_lines(e)]]
        body = text if not text or text.endswith("\n") else text + newline
        return body + (newline if body.strip() else "") + newline.join(block) + newline
    empty = _APPROVE_EMPTY.match(lines[start])
    if empty:  # `approve: []`: the list becomes a block list
        lines[start] = "approve:" + (f"  {empty.group(1)}" if empty.group(1) else "")
    end = start + 1  # the block ends at the next top-level key
    while end < len(lines) and not _TOP_KEY.match(lines[end]):
        end += 1
    last = end - 1  # after the block's last entry line, before blank lines and comments after it
    while last > start and (not lines[last].strip() or lines[last].lstrip().startswith("#")):
        last -= 1
    indent = "  "
    for line in lines[start + 1:end]:
        match = re.match(r"^(\s*)- ", line)
        if match:
            indent = match.group(1)
            break
    new = [line for e in entries for line in entry_lines(e, indent)]
    lines[last + 1:last + 1] = new
    return newline.join(lines) + newline


def add_approvals(path: str | Path, entries: list[ApproveRule],
                  today: date | None = None) -> tuple[list[ApproveRule], list[ApproveRule]]:
    """Append to the configuration file at ``path`` those of ``entries`` it does not already
    hold in force on ``today`` (default: the clock's); returns (written, already held). The
    file is read, checked and written under its lock (``runtime.files.locked``): two approve
    runs at once each renamed their own edit over the other's, and one approval was lost
    while both said they wrote it."""
    from ..runtime.files import locked

    path = Path(path)
    today = today or date.today()
    with locked(path, "configuration"):
        held = {approval_key(a) for a in (load_config(path).approve if path.exists() else [])
                if in_force(a, today)}
        written = [e for e in entries if approval_key(e) not in held]
        if written:
            append_approvals(path, written)
    return written, [e for e in entries if approval_key(e) in held]


def append_approvals(path: str | Path, entries: list[ApproveRule]) -> None:
    """Append ``entries`` to the configuration file at ``path`` (created when missing), under
    the file's lock from its read to its rename. The edited text is loaded before it is
    written: when it would not load, or not hold the new entries (a file spelled in a way the
    text edit cannot follow, such as a flow mapping), nothing is written and InputError says
    which lines to add by hand."""
    from ..runtime.files import locked

    with locked(path, "configuration"):
        _append(Path(path), entries)


def _append(path: Path, entries: list[ApproveRule]) -> None:
    from ..config.places import line_index
    from ..runtime.files import check_target, write_text
    from ..snapshot.reader import parse_document

    check_target(path, "configuration")  # never edited through a link, never a special file
    try:
        text = path.read_bytes().decode("utf-8") if path.exists() else ""  # line ends as they are
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the configuration ({exc})") from None
    before = len(load_config(path).approve) if path.exists() else 0
    edited = with_approvals(text, entries)
    # Valid YAML that can be pasted back: one flow mapping per entry, comma-separated as in a flow list.
    by_hand = ", ".join(entry_flow(e) for e in entries)
    what = "this entry" if len(entries) == 1 else "these entries"
    try:
        value = parse_document(edited, str(path), hint=".yaml", allow_empty=True, configuration=True)
        after = parse_config(value, str(path), line_index(edited)).approve
    except InputError as error:
        raise InputError(f"{path}: cannot add the approval to this file as text ({error}); add {what} to "
                         f"its approve: list: {by_hand}") from None
    added = [approval_key(a) for a in after[before:]]
    if len(after) != before + len(entries) or added != [approval_key(e) for e in entries]:
        raise InputError(f"{path}: cannot add the approval to this file as text; add {what} to its approve: list: "
                         f"{by_hand}")
    # A temporary file beside it, renamed into place: a full disk leaves the file as it was,
    # never cut mid-entry; the file keeps its mode.
    write_text(path, edited, "configuration")
