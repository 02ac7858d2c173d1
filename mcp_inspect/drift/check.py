"""``pin`` and ``check``: capture every server of an mcp.json, keep it, and compare later.

A check captures each server again and compares it with its pin as ``diff`` does (the
ordinary change rules, the configuration's ignores, approvals, overrides and ``fail_on``),
and lints the new side with the security checks only (``SECURITY_SELECTION``, whatever the
configuration's default selection): the findings the change introduced are those on new or
changed tool and parameter text, and they fail the check from ``warning`` up. Prompt
descriptions, prompt argument descriptions and the server's instructions are not tools, so
the text checks (``TEXT_SELECTION``) read each new or changed one as the description of a
stand-in tool named after it (``prompt NAME``, ``prompt NAME argument ARG``,
``server instructions``); any finding there is new text's, and fails the same way.

Exit codes (``DriftReport.exit_code``): 1 when a server's check fails the gate, else 3 when a
server could not be captured, else 0. A gate failure is the answer the run was for, and a
server that could not be captured is reported in every format either way.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..catalogue import default_catalogue
from ..checks.engine import selection_of
from ..classify.conditions import era_warning
from ..config.load import Config
from ..errors import CaptureError, InputError
from ..findings.report import CONDITIONS_PREFIX, Report
from ..findings.severity import Level
from ..limits import DRIFT_CONCURRENCY, DRIFT_DEADLINE_SECONDS
from ..live.options import CaptureOptions
from ..model import Snapshot
from ..runtime.files import locked
from ..sources.load import ConfiguredServer
from .lock import Pin, default_lock_path, read_lock, surface_fingerprint, write_lock

#: The lint codes a check runs on new and changed text: injection-like text (MCP-020), hidden
#: characters (MCP-021), unbounded sinks (MCP-022) and the SEC family (parameters that carry
#: secrets, commands, paths, URLs...).
SECURITY_SELECTION = ("MCP-020", "MCP-021", "MCP-022", "SEC")
#: The security codes that ask for a bound (maxLength, maxItems, a number's range): schema
#: hygiene, counted apart in a check's summary line.
BOUND_CODES = ("SEC-001", "SEC-002", "SEC-003")
#: The codes that read prose alone, run on prompt and instruction text.
TEXT_SELECTION = ("MCP-020", "MCP-021")
#: A security finding the change introduced fails the check from this level up.
SECURITY_FAIL_ON = Level.WARNING

#: A server's state in a check.
UNCHANGED, CHANGED, NEW, UNPINNED, FAILED = "unchanged", "changed", "new", "not configured", "capture failed"


@dataclass
class ServerDrift:
    """One server of a check: its state, the diff against its pin, the lint of its new prompt
    and instruction text, or why it could not be captured."""

    name: str
    state: str
    pinned: str | None = None
    fingerprint: str | None = None
    report: Report | None = None
    texts: Report | None = None
    error: str | None = None

    @property
    def failed(self) -> bool:
        return bool((self.report is not None and self.report.failed) or (self.texts is not None and self.texts.failed))


@dataclass
class DriftReport:
    """A check of every server of one mcp.json against its lock file."""

    config: str
    lock: str
    servers: list[ServerDrift] = field(default_factory=list)
    #: With ``update``: the lock file was rewritten.
    updated: bool = False
    #: Warnings about the run, not one server: the stale ``ignore:`` entries (policy.run_stale).
    run_warnings: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(s.failed for s in self.servers)

    @property
    def capture_failed(self) -> bool:
        return any(s.state == FAILED for s in self.servers)

    @property
    def exit_code(self) -> int:
        if self.updated:  # the changes were accepted: only a server left on its old pin remains to say
            return 3 if self.capture_failed else 0
        return self.check_exit_code

    @property
    def check_exit_code(self) -> int:
        """The exit code of the check itself, as it would be without ``update``."""
        return 1 if self.failed else 3 if self.capture_failed else 0

    @property
    def repinned(self) -> int:
        """With ``update``: how many servers got the pin of what was captured now."""
        return sum(1 for s in self.servers if s.state in (UNCHANGED, CHANGED, NEW)) if self.updated else 0

    @property
    def warnings(self) -> list[str]:
        return [*(f"{s.name}: {w}" for s in self.servers for r in (s.report, s.texts) if r is not None
                  for w in r.warnings), *self.run_warnings]


@dataclass
class PinResult:
    """What ``pin`` captured (by server name) and what it could not (name → error)."""

    lock: str
    pins: dict[str, Pin]
    failures: dict[str, str]

    @property
    def exit_code(self) -> int:
        return 3 if self.failures else 0

    @property
    def warnings(self) -> list[str]:
        """What each capture noted (a list whose method failed, so the pin lacks it; tools
        advertised but none listed), as ``snapshot`` says it, each after its server's name as a
        check's warnings are: a partial capture pinned in silence reads later as the baseline."""
        return [f"{name}: {warning}" for name, pinned in self.pins.items()
                for warning in _noted(pinned.snapshot)]


def _noted(snapshot: Snapshot) -> list[str]:
    details = snapshot.provenance.details if isinstance(snapshot.provenance.details, dict) else {}
    noted = details.get("warnings")
    return [str(warning) for warning in noted] if isinstance(noted, list) else []


def _capture_all(config: str | Path, options: CaptureOptions | None, pins: dict[str, Pin] | None = None,
                 deadline: float | None = None) -> tuple[dict[str, Snapshot], dict[str, str]]:
    """Every server of the mcp.json, captured DRIFT_CONCURRENCY at a time under one overall
    ``deadline`` (``DRIFT_DEADLINE_SECONDS`` unless given): snapshots and failures by name.
    A capture that starts with less time left than ``options.timeout`` gets only what is left
    for each of its steps; one that would start after the deadline is not started and fails.
    ``pins`` (a check's): a server whose pin records that it left ``server/discover``
    unanswered is asked only ``initialize`` (``_pinned_handshake``)."""
    from concurrent.futures import ThreadPoolExecutor

    from ..sources.load import capture_server, client_servers

    options = options or CaptureOptions(progress=False)
    budget = DRIFT_DEADLINE_SECONDS if deadline is None else deadline
    servers = client_servers(str(config))
    end = time.monotonic() + budget

    def one(server: ConfiguredServer) -> tuple[str, Snapshot | None, str | None]:
        # The name as configured: it may hold '#', so it is never read back out of the source.
        name, source, spec = server
        left = end - time.monotonic()
        if left <= 0:
            return name, None, (f"not captured: the {budget:g} s that pin and check give all the servers together "
                                "ran out first (docs/drift.md)")
        # A status line per capture would interleave across threads; the timeout is cut to
        # what is left of the overall deadline.
        mine = replace(options, timeout=min(options.timeout, left), progress=False)
        try:
            pinned = (pins or {}).get(name)
            handshake = _pinned_handshake(pinned.snapshot, mine) if pinned is not None else None
            if handshake is not None:
                try:
                    return name, _from_pinned_era(capture_server(source, spec, handshake)), None
                except CaptureError:
                    pass  # the server may have changed era since: probe it as usual
            return name, capture_server(source, spec, mine), None
        except CaptureError as error:
            return name, None, str(error)

    captured, failures = {}, {}
    workers = max(1, min(DRIFT_CONCURRENCY, len(servers)))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="drift-capture") as pool:
        # An interrupt in this thread closes map's iterator, which cancels every capture not
        # started yet; those running end within their own timeouts, closing their servers.
        for name, snapshot, error in pool.map(one, servers):
            if snapshot is not None:
                captured[name] = snapshot
            else:
                failures[name] = error or "not captured"
    return captured, failures


#: How a pin records an era probe that waited out its time (live/session.py).
_PROBE_TIMED_OUT = "server/discover timed out"


def _pinned_handshake(pinned: Snapshot, options: CaptureOptions) -> CaptureOptions | None:
    """The options that skip the era probe for a server whose pin, captured with ``--protocol
    auto``, records that ``server/discover`` went unanswered until its time ran out (an older
    Python SDK server): ask only ``initialize``, for the revision the pin asked for. None when
    the probe is to run as usual."""
    details = pinned.provenance.details if isinstance(pinned.provenance.details, dict) else {}
    fallback, asked = details.get("eraFallback"), details.get("initializeAsked")
    if options.protocol != "auto" or details.get("protocolRequested") != "auto":
        return None
    if not (isinstance(fallback, str) and fallback.startswith(_PROBE_TIMED_OUT) and isinstance(asked, str)):
        return None
    return replace(options, protocol=asked)


def _from_pinned_era(snap: Snapshot) -> Snapshot:
    """A capture that skipped the probe on the pin's word, recorded as what it is: requested
    ``auto``, as the pin was (so that the capture conditions compare alike), with the era
    taken from the pin."""
    details = snap.provenance.details
    if isinstance(details, dict):
        details["protocolRequested"] = "auto"
        # Starting with the pin's own words keeps them for the next check when ``--update``
        # pins this capture: else that check probes, meets the other era of a server that
        # speaks both, and reports a change nothing made.
        details["eraFallback"] = f"{_PROBE_TIMED_OUT} when the server was pinned, so check sent only initialize"
    return snap


def order_of(config: str | Path) -> list[str]:
    """The enabled servers' names in the configuration's order (the order of the reports)."""
    from ..sources.load import client_servers

    return [server.name for server in client_servers(str(config))]


def _pin_of(name: str, snapshot: Snapshot) -> Pin:
    captured_at = snapshot.provenance.captured_at or datetime.now(UTC).replace(microsecond=0).isoformat()
    return Pin(name, surface_fingerprint(snapshot), captured_at, snapshot)


def pin(config: str | Path, lock: str | Path | None = None, *, options: CaptureOptions | None = None,
        deadline: float | None = None) -> PinResult:
    """Capture every server of the mcp.json ``config`` (DRIFT_CONCURRENCY at a time, all within
    ``deadline`` seconds, DRIFT_DEADLINE_SECONDS unless given) and write the lock file
    (``lock``, else ``mcp-inspect.lock.json`` beside it). When a server cannot be captured
    nothing is written: the result lists the failures and its ``exit_code`` is 3."""
    path = Path(lock) if lock is not None else default_lock_path(config)
    captured, failures = _capture_all(config, options, deadline=deadline)
    pins = {name: _pin_of(name, snapshot) for name, snapshot in captured.items()}
    if not failures:
        write_lock(path, pins, inputs=[config])
    return PinResult(str(path), pins, failures)


def security_settings(config: Config) -> Any:
    """The configuration's lint settings with the security selection and gate of a check."""
    return replace(config.lint, select=SECURITY_SELECTION, narrow=SECURITY_SELECTION, ignore=(),
                   introduced_fail_on=SECURITY_FAIL_ON,
                   inherited_fail_on=None, fail_on=SECURITY_FAIL_ON)


def check(config: str | Path, lock: str | Path | None = None, *, configuration: Config | None = None,
          options: CaptureOptions | None = None, update: bool = False,
          deadline: float | None = None) -> DriftReport:
    """Capture every server of the mcp.json ``config`` again and compare each with its pin in
    ``lock`` (default: beside ``config``). ``configuration`` (a ``.mcp-inspect.yml``) applies
    as to a diff. With ``update`` the lock is rewritten with what was captured (a server
    that could not be captured keeps its pin; one no longer configured is dropped). The servers
    are captured as ``pin`` captures them: a few at a time, under one ``deadline``."""
    from ..api import diff, lint
    from ..snapshot.shapes import snapshot_from_value

    configuration = configuration or Config()
    path = Path(lock) if lock is not None else default_lock_path(config)
    pins = read_lock(path)
    captured, failures = _capture_all(config, options, pins, deadline)
    settings = security_settings(configuration)
    texts_settings = replace(settings, select=TEXT_SELECTION)
    ran = selection_of(settings, default_catalogue()).codes  # the lint codes a check runs
    result = DriftReport(str(config), str(path))
    names = [n for n in order_of(config) if n in captured or n in failures]
    for name in names:
        pinned = pins.get(name)
        if name in failures:
            result.servers.append(ServerDrift(name, FAILED, pinned.fingerprint if pinned else None,
                                              error=failures[name]))
            continue
        now = captured[name]
        fingerprint = surface_fingerprint(now)
        if pinned is not None and pinned.fingerprint == fingerprint:
            result.servers.append(ServerDrift(name, UNCHANGED, pinned.fingerprint, fingerprint))
            continue
        before = pinned.snapshot if pinned is not None else snapshot_from_value(
            {lk: [] for lk in ("tools", "resources", "resourceTemplates", "prompts") if getattr(now, lk) is not None},
            f"{name} (not pinned)")
        report = diff(before, now, config=configuration, lint=settings)
        report.old.name = report.new.name = name  # type: ignore[union-attr]
        report.lint_label = "security checks"  # not the profile's selection: say what ran
        _advise_check_again(report, before, now, config, lock)
        texts = None
        stand_ins = changed_texts(before, now)
        if stand_ins:
            texts = lint(snapshot_from_value({"tools": stand_ins}, f"{name} (prompts and instructions)"),
                         texts_settings, config=configuration, name=name)
            texts.new.unit = "text"  # its reports count texts, not tools the server has
        result.servers.append(ServerDrift(name, CHANGED if pinned is not None else NEW,
                                          pinned.fingerprint if pinned else None, fingerprint, report, texts))
    for name in sorted(set(pins) - set(names)):
        result.servers.append(ServerDrift(name, UNPINNED, pins[name].fingerprint))
    result.run_warnings = _judge_ignores(result, ran)
    if update:
        with locked(path, "lock file"):
            # Read again under the lock: another run may have re-pinned while this one was
            # capturing, and a server this run could not capture keeps the pin the file holds
            # now, not the older one read before the captures.
            try:
                latest = read_lock(path) if path.is_file() else {}
            except InputError:  # left unreadable meanwhile: this run's pins make it whole again
                latest = {}
            kept = {n: latest.get(n) or p for n, p in pins.items() if n in failures}
            write_lock(path, {**kept, **{n: _pin_of(n, s) for n, s in captured.items()}}, inputs=[config])
        result.updated = True
    return result


def _judge_ignores(result: DriftReport, ran: frozenset[str]) -> list[str]:
    """Judge the ``ignore:`` entries over the whole check, every server's diff and the lint of
    its new texts, and return the stale warnings, once each for the run: an entry that any part
    of any server used is not stale, and one that names a lint code the check does not run
    (``ran``: the security checks) cannot be judged, so it is not either. Each part alone judged
    its own findings against every code, so an entry the text lint used was called stale by the
    diff, a BP-001 entry the check could never use was called stale, and every warning was said
    twice (hostile trial, round 27); judged per server, an entry server a used was called stale
    for server b (hostile trial, round 29)."""
    from ..policy import run_stale

    reports = [r for server in result.servers for r in (server.report, server.texts) if r is not None]
    return run_stale(reports, lambda entry: entry.lint_codes <= ran)


def _advise_check_again(report: Report, before: Snapshot, now: Snapshot, config: str | Path,
                        lock: str | Path | None) -> None:
    """The era warning with a check's advice in place of a diff's: a check's snapshots are
    not files the user can capture again by hand, so it says how to check again in the
    pinned era (or re-pin), not which ``snapshot`` command writes a NEW.json."""
    said = era_warning(before.provenance, now.provenance)
    if not said:
        return
    command = ["mcp-inspect", "check", str(config), *(["--lock", str(lock)] if lock is not None else [])]
    instead = CONDITIONS_PREFIX + era_warning(before.provenance, now.provenance, check=command)
    report.warnings = [instead if warning == CONDITIONS_PREFIX + said else warning for warning in report.warnings]


def changed_texts(before: Snapshot, after: Snapshot) -> list[dict[str, Any]]:
    """Stand-in tools for each prompt description, prompt argument description and server
    instructions text that is new in ``after`` or differs from ``before``."""
    out: list[dict[str, Any]] = []

    def add(name: str, text: Any, old: Any) -> None:
        if isinstance(text, str) and text and text != old:
            out.append({"name": name, "description": text, "inputSchema": {"type": "object"}})

    add("server instructions", _instructions(after), _instructions(before))
    old_prompts = {p.get("name"): p for p in before.prompts or [] if isinstance(p, dict)}
    for prompt in after.prompts or []:
        if not isinstance(prompt, dict):
            continue
        name = str(prompt.get("name"))
        old = old_prompts.get(prompt.get("name")) or {}
        add(f"prompt {name}", prompt.get("description"), old.get("description"))
        old_args = {a.get("name"): a for a in old.get("arguments") or [] if isinstance(a, dict)}
        for argument in prompt.get("arguments") or []:
            if isinstance(argument, dict):
                add(f"prompt {name} argument {argument.get('name')}", argument.get("description"),
                    (old_args.get(argument.get("name")) or {}).get("description"))
    return out


def _instructions(snapshot: Snapshot) -> Any:
    for result in (snapshot.initialize, snapshot.discover):
        if isinstance(result, dict) and isinstance(result.get("instructions"), str):
            return result["instructions"]
    return None


def check_lock_argument(config: str | Path) -> None:
    """InputError when ``config`` is not a file (before anything is captured)."""
    if not Path(config).is_file():
        raise InputError(f"{config}: no such file")
