"""The library API, re-exported by ``mcp_inspect``: everything the CLI does, as functions.

The command line calls these and nothing below them, so the CLI and a program using the
library get the same report for the same input. docs/api.md shows each in use; its
examples run as tests (tests/docs/test_docs_api.py).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .checks.compat import ClientFindings, ClientMemo
from .checks.engine import Memo, Reuse, lint_share, lint_tools, shared_codes, tool_objects
from .checks.maturity import tool_keys
from .checks.profiles import get_profile
from .checks.settings import LintSettings
from .checks.tokens import Counter, get_counter
from .classify.engine import diff_snapshots

# The settings (config/settings.py), the store (snapshot/store.py), the approvals
# (config/approvals.py) and the history (timeline/run.py) live beside the concept each
# serves; this module is still where every public function is found (``__all__`` below).
from .config.approvals import Approved, append_approvals, approvals_for
from .config.load import Config, load_config
from .config.settings import lint_settings, llm_settings, model_reviewer
from .errors import InputError
from .evidence.attach import attach as attach_witnesses
from .findings.calls import CallsSummary
from .findings.evidence import INPUT, OUTPUT, Witness
from .findings.finding import LINT, Finding
from .findings.report import Report, Side
from .findings.severity import Severity, severity_argument
from .limits import allow_deep_schemas
from .live.options import CaptureOptions
from .model import LIST_KIND_BY_KEY, EntityKind, Snapshot
from .runtime.phases import Phases
from .snapshot import dump_snapshot as dump
from .snapshot import write_snapshot as write
from .snapshot.identity import Digests
from .snapshot.store import check_snapshot_name, delete_snapshot, list_snapshots, store_location
from .snapshot.store import save_snapshot as save
from .timeline.run import history, render_history

__all__ = [
    "append_approvals", "approvals_for", "approve", "capture", "check_snapshot_name", "delete_snapshot", "diff",
    "diff_sources", "dump", "history", "lint", "lint_settings", "lint_sources", "list_snapshots", "llm_settings",
    "load",
    "load_configuration", "locate", "default_source_root", "missing_baseline", "model_reviewer", "record",
    "release_notes", "render",
    "render_history", "replay", "rules", "save", "store_location", "witness", "write",
]

#: What ``diff`` and ``replay`` take as recorded calls: a recording's path (``-``: stdin), or
#: its values (log entries, JSON-RPC messages, OpenTelemetry spans) as a list.
CallsArgument = str | Path | list[Any]

#: What the functions taking a surface accept: a Snapshot, or anything ``load`` reads.
SurfaceArgument = Snapshot | str | Path

if TYPE_CHECKING:
    from datetime import date

    from .llm.review import Reviewer

#: The share of the old side's definitions a diff's forked child lints (runtime/executor.py): the
#: rest waits for this process, which classifies the change first (docs/performance.md).
CHILD_SHARE_PERCENT = 65


def load(source: str, options: CaptureOptions | None = None) -> Snapshot:
    """Load a surface from anything the CLI accepts: a JSON or YAML file, ``-`` (stdin),
    ``@NAME`` (the snapshot store), ``git:REF:PATH``, an mcp.json (``FILE#NAME``), or a live
    server (``stdio:COMMAND ARGS``, ``https://…``).

    Raises ``InputError`` (bad input) or ``CaptureError`` (a live server failed); both carry
    one line of text.
    """
    from .sources.load import load_source

    if isinstance(source, Path):
        source = str(source)
    if not isinstance(source, str):
        raise ValueError(f"source: expected a path or a source string, got {type(source).__name__}")
    return load_source(source, options)


def capture(target: str, options: CaptureOptions | None = None) -> Snapshot:
    """Capture a live server: ``stdio:COMMAND ARGS`` (or a bare command line) or an http(s) URL."""
    from .live.client import capture as capture_target

    return capture_target(target, options or CaptureOptions(progress=False))


def diff(old: SurfaceArgument, new: SurfaceArgument, *, config: Config | None = None,
         fail_on: Severity | str | None = None, lint: LintSettings | None = None,
         options: CaptureOptions | None = None, calls: CallsArgument | None = None,
         calls_report: str | Path | None = None, calls_max_line_bytes: int | None = None) -> Report:
    """Classify every change from ``old`` to ``new``; ``report.failed`` is the gate.

    Each side is a Snapshot or anything ``load`` reads (a path, ``@NAME``, ``git:REF:PATH``,
    a live server, with ``options``). ``config`` (see ``Config.load``) applies ignores,
    severity overrides and ``fail_on``; the ``fail_on`` argument (a Severity or its name in
    any letter case) wins over it, as ``--fail-on`` does. With ``lint`` (a LintSettings)
    both sides are linted too, as ``mcp-inspect diff`` does: the report's lint findings are
    the new side's, each marked introduced or inherited, and the gate includes them;
    ``report.resolved`` holds the old side's findings the change removed. A tool the
    classification finds the same on both sides keeps its own findings inherited.
    With ``calls`` (what ``replay`` takes) the recorded calls are replayed against both
    sides: ``report.calls`` sums them up, each finding on a tool's input or output gets its
    side's numbers (``finding.calls``), the ``calls:`` configuration may move the gate, and
    ``calls_report`` names a JSONL file listing every rejected call (docs/record.md);
    ``calls_max_line_bytes`` sets the longest line of a recording read (``MAX_CALLS_LINE_BYTES``).
    """
    from .policy import apply as apply_policy

    allow_deep_schemas()  # the same result at any depth of the caller's stack
    threshold = None if fail_on is None else severity_argument(fail_on, "fail_on")
    config = _config_argument(config)
    if lint is not None and not isinstance(lint, LintSettings):
        raise ValueError(f"lint: expected LintSettings or None, got {type(lint).__name__}")
    before, after = _surfaces(old, new, options)
    if lint is None:
        report, baseline = diff_snapshots(before, after, renames=config.renames), None
    else:
        report, baseline, shared, clients = _diff_and_lint(before, after, lint, config.renames)
    if calls is not None:
        report.calls = _replay(before, after, calls, calls_report, report, calls_max_line_bytes)
    if lint is None:
        report = apply_policy(report, config, fail_on=threshold)
    else:
        report = apply_policy(report, config, lint, fail_on=threshold, baseline=baseline, shared=shared,
                              clients=clients)
    report.definitions = _changed_definitions(before, after, report)
    attach_witnesses(report)
    return report


def replay(old: SurfaceArgument, new: SurfaceArgument, calls: CallsArgument, *,
           calls_report: str | Path | None = None, options: CaptureOptions | None = None,
           calls_max_line_bytes: int | None = None) -> CallsSummary:
    """Replay recorded calls against two surfaces: every call's arguments against the tool's
    old and new ``inputSchema``, every recorded ``structuredContent`` against its old and new
    ``outputSchema``. ``calls`` is a recording's path (our JSONL, raw JSON-RPC messages or
    OpenTelemetry spans, streamed; ``-`` is stdin) or a list of such values. The summary
    counts, per tool and per client, what the old side accepted and the new one rejects;
    ``calls_report`` names a JSONL file (written 0600) listing every rejected call with the
    validator's error. A line longer than ``calls_max_line_bytes`` (``MAX_CALLS_LINE_BYTES``
    unless given) is skipped and counted. ``diff(..., calls=...)`` does this and puts the
    numbers on the findings."""
    allow_deep_schemas()
    before, after = _surfaces(old, new, options)
    return _replay(before, after, calls, calls_report, None, calls_max_line_bytes)


def _replay(old: Snapshot, new: Snapshot, calls: CallsArgument, calls_report: str | Path | None,
            report: Report | None, max_line_bytes: int | None = None) -> CallsSummary:
    import contextlib
    import json

    from .recording.calls import Malformed, calls_from_list, read_calls
    from .recording.replay import Replay

    malformed = Malformed()
    if isinstance(calls, list):
        source, stream = "calls", calls_from_list(calls, malformed)
    elif isinstance(calls, str | Path):
        source, stream = str(calls), read_calls(str(calls), malformed, max_line_bytes)
    else:
        raise ValueError(f"calls: expected a path or a list of recorded values, got {type(calls).__name__}")
    with contextlib.ExitStack() as stack:
        sink = None
        if calls_report is not None:
            from .runtime.files import replaced

            # Written beside its target and renamed into place when the replay is done (0600:
            # it holds recorded arguments); never over the recording, nor through a link.
            out = stack.enter_context(replaced(calls_report, "calls report", mode=0o600,
                                               inputs=[calls] if isinstance(calls, str | Path) else []))

            def sink(rejected: Any) -> None:
                out.write(json.dumps(rejected.as_json(), ensure_ascii=False, sort_keys=True) + "\n")

        replayed = Replay(old, new, source, sink)
        summary = replayed.run(stream, malformed)
    if report is not None:
        replayed.annotate(report.findings)
        report.warnings.extend(_calls_warnings(summary))
        if summary.patterns_not_run:
            count = len(summary.patterns_not_run)
            listed = sorted(summary.patterns_not_run.items())[:3]
            shown = "; ".join(f"{_short(pattern)} ({why})" for pattern, why in listed)
            parts, was, them = ("part", "was", "it") if count == 1 else ("parts", "were", "them")
            report.warnings.append(f"--calls {source}: {count:,} {parts} of the replayed tools' schemas {was} not "
                                   f"applied (a pattern RE2 cannot run, or an unevaluatedProperties beside a "
                                   f"patternProperties), so no call is counted rejected for {them}: "
                                   f"{shown}{'; …' if count > 3 else ''}")
        if summary.not_judged:
            count = summary.not_judged
            reasons = sorted(summary.not_judged_why.items(), key=lambda item: (-item[1], item[0]))
            shown = "; ".join(f"{why} ({times:,})" for why, times in reasons[:3])
            value, them, are = ("value", "it", "it is") if count == 1 else ("values", "them", "they are")
            report.warnings.append(f"--calls {source}: {count:,} recorded {value} could not be judged (the validator "
                                   f"failed on {them}: {shown}{'; …' if len(reasons) > 3 else ''}); {are} counted "
                                   "neither as accepted by the old schema nor as rejected by the new one")
    return summary


def _calls_warnings(summary: CallsSummary) -> list[str]:
    """What a replay's report warns about the recording itself: lines skipped (too long ones
    named apart), and calls counted together for names past the limit."""
    from .recording.replay import MAX_CALLS_NAMES

    out = []
    source = summary.source
    if summary.malformed:
        lines = ", ".join(map(str, summary.malformed_lines)) + (", …" if summary.malformed > len(
            summary.malformed_lines) else "")
        lines_word = "line" if summary.malformed == 1 else "lines"
        out.append(f"--calls {source}: {summary.malformed:,} {lines_word}"
                   f" held no recorded call and {'was' if summary.malformed == 1 else 'were'} "
                   f"skipped (line {lines})")
    if summary.lines_too_long:
        count = summary.lines_too_long
        out.append(f"--calls {source}: {count:,} of those {'line was' if count == 1 else 'lines were'} longer than "
                   f"the limit of {summary.line_limit:,} bytes (--calls-max-line-bytes) and skipped unread")
    for kind, count in (("tools on neither surface", summary.folded_tool_calls),
                        ("clients", summary.folded_client_calls)):
        if count:
            out.append(f"--calls {source}: {count:,} {'call' if count == 1 else 'calls'} of {kind} past the first "
                       f"{MAX_CALLS_NAMES:,} names {'was' if count == 1 else 'were'} counted together as "
                       "\"(other)\"")
    return out


def _short(pattern: str, most: int = 60) -> str:
    """A pattern quoted for a warning, cut to ``most`` characters."""
    import json

    return json.dumps(pattern if len(pattern) <= most else pattern[:most] + "…", ensure_ascii=False)


def record(output: str | Path, *, server: str | list[str] | None = None, url: str | None = None,
           listen: str = "127.0.0.1:0", redact: list[str] | tuple[str, ...] = (), stdin: int = 0,
           stdout: int = 1, env: dict[str, str] | None = None) -> int:
    """Run the recording pass-through proxy (``mcp-inspect record``) until a side closes; the
    exit code. ``server`` (a command line, or its words) runs a stdio server behind the proxy,
    which speaks to its client on ``stdin``/``stdout`` (file descriptors); ``url`` forwards
    Streamable HTTP from ``listen`` (``HOST:PORT``) to that URL until SIGINT or SIGTERM. Each
    tools/call and its result is appended to ``output`` (created 0600), with the values of
    the arguments named in ``redact`` replaced by their JSON type name (docs/record.md).
    ``env`` adds variables to (or replaces them in) the environment the stdio server inherits
    from the proxy. A log that cannot be written does not stop the session; the exit code is then 74 where the
    server's was 0."""
    import shlex

    from .recording.log import CallLog, Tap

    if (server is None) == (url is None):
        raise ValueError("record: give exactly one of server (a stdio command) and url (a Streamable HTTP server)")
    if env and url is not None:
        raise ValueError("record: env applies to a stdio server (server), not to one reached by url")
    keys = frozenset(redact)
    if url is not None:
        from .recording.http_proxy import parse_listen, run_http, upstream_url

        try:
            upstream_url(url)  # parsed once: a URL no request could be sent to is an error now, not on each request
            host, port = parse_listen(listen)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        fresh = not os.path.lexists(output)
        tap = _tap(output, keys, CallLog, Tap)
        try:
            return _logged(run_http(url, host, port, tap), tap)
        except OSError as exc:
            tap.close()
            _drop_unused_log(output, fresh, tap)
            raise InputError(f"--listen {listen}: cannot listen ({exc.strerror or exc})") from None
    from .recording.stdio_proxy import run_stdio

    words = shlex.split(server) if isinstance(server, str) else list(server or [])
    if not words:
        raise InputError("--server: the command is empty")
    fresh = not os.path.lexists(output)
    tap = _tap(output, keys, CallLog, Tap)
    try:
        # Inherited, not replaced: as the command of an mcp.json entry the proxy is given the
        # server's environment by the client, and --env only adds to it.
        child_env = {**os.environ, **env} if env else None
        code = _logged(run_stdio(words, tap, stdin=stdin, stdout=stdout, env=child_env), tap)
    except OSError as exc:
        tap.close()
        _drop_unused_log(output, fresh, tap)
        raise InputError(f"--server: cannot start {words[0]!r} ({exc.strerror or exc})") from None
    if code != 0:  # a server that failed (one missing its key exits at once) made no recording
        _drop_unused_log(output, fresh, tap)
    return code


def _drop_unused_log(output: str | Path, fresh: bool, tap: Any) -> None:
    """Remove the call log this run created when nothing was written to it: a server that
    could not start leaves no empty file that looks like a recording of no calls."""
    with contextlib.suppress(OSError):
        if fresh and tap.log.written == 0 and os.path.getsize(output) == 0:
            os.unlink(output)


def _logged(code: int, tap: Any) -> int:
    """The proxy's exit code: the server's, or LOG_FAILED when the server ended well but calls
    could not be written to the log (stderr has said so)."""
    from .recording.log import LOG_FAILED

    return LOG_FAILED if code == 0 and tap.log.lost else code


def _tap(output: str | Path, keys: frozenset[str], log: Any, tap: Any) -> Any:
    try:
        return tap(log(str(output)), keys)
    except OSError as exc:
        raise InputError(f"{output}: cannot write the call log ({exc.strerror or exc})") from None


def witness(old_schema: Any, new_schema: Any, finding: Finding | None = None, *, direction: str | None = None,
            path: str = "") -> Witness:
    """A value that shows a schema change refuses something, checked by a JSON Schema
    validator against both schemas: for an input schema (the default) a ``tools/call``
    argument object ``old_schema`` accepts and ``new_schema`` rejects; with
    ``direction="output"``, a result ``new_schema`` allows and ``old_schema`` rejects.
    ``finding`` (a tool.input.* or tool.output.* finding of a diff) gives the direction and
    the path the search starts from; ``path`` (``inputSchema.properties.units.enum``) does
    without one. The result's ``found`` says whether one turned up within the search budget;
    when not, ``note`` says why. A schema that is not a valid JSON Schema gives a note too.
    It proves what validation alone tells apart, not what the contract grades BREAKING: an
    optional property added to an open object gives a value though a diff grades that
    NON_BREAKING, no correct caller sending undeclared members (docs/api.md)."""
    from .evidence.attach import direction_of, for_schemas

    allow_deep_schemas()
    if finding is not None:
        if not isinstance(finding, Finding):
            raise ValueError(f"finding: expected a Finding or None, got {type(finding).__name__}")
        found = direction_of(finding.rule)
        if found is None:
            raise ValueError(f"finding: {finding.rule} is not a tool.input.* or tool.output.* change")
        direction, path = direction or found, path or finding.path
    direction = direction or INPUT
    if direction not in (INPUT, OUTPUT):
        raise ValueError(f"direction: expected 'input' or 'output', got {direction!r}")
    if not isinstance(path, str):
        raise ValueError(f"path: expected a string, got {type(path).__name__}")
    removed = finding is not None and finding.rule == "tool.input.property.removed"
    return for_schemas(old_schema, new_schema, direction, path, removed=removed)


def _changed_definitions(old: Snapshot, new: Snapshot,
                         report: Report) -> dict[str, tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """The old and new raw objects of each tool the diff changed, by the name its findings
    give it (``Report.definitions``); a renamed tool is paired with its old name's object."""
    tools = [f for f in report.changes if f.entity.kind is EntityKind.TOOL]
    if not tools:
        return {}
    was = {f.entity.name: f.args.get("name_before", f.entity.name) for f in tools if f.rule == "tool.renamed"}
    lk = LIST_KIND_BY_KEY["tools"]
    before, after = old.keyed(lk), new.keyed(lk)
    return {name: (before.get(was.get(name, name)), after.get(name)) for name in sorted({f.entity.name for f in tools})}


#: False: a diff builds the old side's findings on unchanged tools too, as a lint of that side
#: alone would (the full path; tests/checks/test_incremental.py compares the two).
INCREMENTAL = True


def _diff_and_lint(old: Snapshot, new: Snapshot, settings: LintSettings,
                   renames: dict[str, str]) -> tuple[Report, list[Any], dict[int, int], Any]:
    """The classification and the lint of both sides, on two cores when that pays
    (runtime/executor.py): a forked child lints the first part of the old side's definitions while
    this process classifies the change, then lints the new side's own definitions (those the
    old side does not hold) and the rest of the old side's. The child's results come back as
    a value, merged into this run's memo, and the lint of both sides completes from it.

    A definition the two sides share unchanged (``_shared``) has the same findings of a
    definition code on both: the old side's are not built, and the policy pass reads the new
    side's in their place (returned: old positions to new)."""
    from .runtime.executor import both

    digests = Digests()  # shared here; a forked child starts from its own copy
    counter = get_counter(settings.tokenizer)
    old_tools, new_tools = old.tools or [], new.tools or []
    old_objects = tool_objects(old_tools)
    new_objects = old_objects if new_tools is old_tools else tool_objects(new_tools)
    # The child's part: about as long to lint as the classification and this process's part.
    split = len(old_objects) * CHILD_SHARE_PERCENT // 100
    memo = Memo()

    def classify_then_lint() -> Report:
        result = diff_snapshots(old, new, digests=digests, renames=renames)
        # The classification has digested every definition, so the new side's own are known.
        lint_share(new_objects, _new_definitions(old_objects, new_objects, digests), settings, counter,
                   digests, memo)
        lint_share(old_objects, slice(split, None), settings, counter, digests, memo)
        return result

    def lint_old() -> Memo:
        return lint_share(old_objects, slice(0, split), settings, counter, digests)

    report, theirs = both(classify_then_lint, lint_old, size=len(old_objects) + len(new_objects))
    memo.update(theirs)
    shared: dict[int, int] = {}
    if new_tools is old_tools:  # one parsed document on both sides (a file diffed with itself)
        before, tokens_old = lint_tools(old_tools, settings, counter, digests=digests, memo=memo)
        after, tokens_new = before, tokens_old
        if INCREMENTAL:  # every named definition is shared: the old side keeps what the list decides
            shared = _shared(old_objects, old_objects, digests)
            before = [f for f in before if not _borrowable(f, shared)]
    else:
        shared = _shared(old_objects, new_objects, digests) if INCREMENTAL else {}
        # The new side first: what the list-level rules read of its definitions is then there
        # for the old side's equal ones (Memo.readings), and so are their findings where the
        # change cannot move them (Reuse).
        reuse = Reuse(shared) if INCREMENTAL else None
        after, tokens_new = lint_tools(new_tools, settings, counter, digests=digests, memo=memo, reuse=reuse)
        before, tokens_old = lint_tools(old_tools, settings, counter, digests=digests, memo=memo, shared=shared,
                                        reuse=reuse)
    assert report.old is not None
    report.old.tokens, report.new.tokens = tokens_old, tokens_new
    report.old.tool_keys, report.new.tool_keys = tool_keys(old_tools), tool_keys(new_tools)
    report.profile = get_profile(settings.profile).name
    report.findings += after
    # Every client profile's own codes on both sides, for the verdict per client, made when
    # the verdict asks for them; the memo and digests are this diff's, so what the lint above
    # read is not read again, and one side's hits serve the other's equal definitions.
    seen = ClientMemo()
    clients = (ClientFindings(old_tools, settings, counter, digests, memo, seen),
               ClientFindings(new_tools, settings, counter, digests, memo, seen))
    return report, before, shared, clients


def _borrowable(finding: Any, shared: dict[int, int]) -> bool:
    """A finding the old side's lint leaves out when the two sides share ``shared``."""
    return finding.position in shared and finding.rule in shared_codes() and finding.entity.kind is EntityKind.TOOL


def _shared(old_objects: list[dict[str, Any]], new_objects: list[dict[str, Any]],
            digests: Digests) -> dict[int, int]:
    """Old position to new, among the tool objects, of each definition the two sides hold byte
    for byte under a name that one object on each side carries: its findings of a definition
    code are the same on both sides, under the same name."""
    def once(objects: list[dict[str, Any]]) -> dict[str, int]:
        seen: dict[str, int] = {}
        twice: set[str] = set()
        for index, tool in enumerate(objects):
            name = tool.get("name")
            if isinstance(name, str):
                if name in seen:
                    twice.add(name)
                seen[name] = index
        return {name: index for name, index in seen.items() if name not in twice}

    after = once(new_objects)
    return {index: after[name] for name, index in once(old_objects).items()
            if name in after and digests.of(old_objects[index]) == digests.of(new_objects[after[name]])}


def _new_definitions(old_objects: list[dict[str, Any]], new_objects: list[dict[str, Any]],
                     digests: Digests) -> list[int]:
    """Positions, among the new side's tool objects, of the definitions the old side does not hold."""
    if new_objects is old_objects:
        return []
    known = {digests.of(tool) for tool in old_objects}
    return [index for index, tool in enumerate(new_objects) if digests.of(tool) not in known]


#: The warning of a lint whose surface lists no tool (the maturity score is 100 by definition then).
NO_TOOLS_TO_LINT = "the surface lists no tools: there is nothing to lint or score"


def lint(surface: SurfaceArgument, settings: LintSettings | Config | None = None, *, config: Config | None = None,
         counter: Counter | None = None, name: str | None = None, options: CaptureOptions | None = None) -> Report:
    """Lint one surface (a Snapshot, or anything ``load`` reads) against a client profile
    (``LintSettings(profile=...)``, claude by default); ``report.findings`` are sorted by
    tool, path and code, ``report.new.tokens`` is the token cost and ``report.failed`` the
    gate. ``config`` applies its ignores and, when ``settings`` is not given, its ``lint:``
    section; a Config given in place of ``settings`` is taken as ``config``, so
    ``lint(surface, Config.load(path))`` does what ``mcp-inspect lint --config path`` does."""
    from .policy import apply as apply_policy
    from .snapshot.shapes import nameless_tools_allowed

    allow_deep_schemas()
    if isinstance(settings, Config):
        if config is not None:
            raise ValueError("settings: a Config was given both as settings and as config; pass it once")
        settings, config = None, settings
    if settings is not None and not isinstance(settings, LintSettings):
        raise ValueError(f"settings: expected LintSettings, Config or None, got {type(settings).__name__}")
    config = _config_argument(config)
    settings = settings or config.lint
    with nameless_tools_allowed():  # MCP-001 reports a missing name; the loader need not refuse it
        surface = _surface(surface, "surface", options)
    findings, tokens = lint_tools(surface.tools or [], settings, counter)
    # The revision the side answered, which the verdict line sets beside the one the rules
    # judged by (report/phrases.py, verdict_phrase).
    side = Side(surface.provenance.source, era=surface.provenance.era,
                protocol_version=surface.provenance.protocol_version, name=name, tokens=tokens,
                tool_keys=tool_keys(surface.tools or []))
    report = Report(side, findings=findings, profile=get_profile(settings.profile).name)
    report = apply_policy(report, config, settings)
    if not surface.tools:  # a clean pass and a full score would read as praise
        report.warnings.insert(0, _no_tools_to_lint(surface))
    return report


def _no_tools_to_lint(surface: Snapshot) -> str:
    """Why a lint has no tool to read: the surface lists none, or its tools/list failed, which
    says nothing of the tools the server has (new-user trial, round 44: such a capture was said
    to list no tools)."""
    from .snapshot.failures import error_words, unknown_lists

    for lk, error in unknown_lists(surface):
        if lk.key == "tools":
            return f"the server's {lk.method} failed ({error_words(error)}): there are no tools to lint or score"
    return NO_TOOLS_TO_LINT


def _config_argument(config: Config | None) -> Config:
    if config is None:
        return Config()
    if not isinstance(config, Config):
        raise ValueError(f"config: expected a Config (Config.load(path) reads a file), got {type(config).__name__}")
    return config


def _surface(value: SurfaceArgument, argument: str, options: CaptureOptions | None,
             parsed: Any = None) -> Snapshot:
    """A Snapshot as given, or loaded from a path or a source string."""
    from .sources.load import load_source

    if isinstance(value, Snapshot):
        return value
    if isinstance(value, Path):
        value = str(value)
    if isinstance(value, str):
        return load_source(value, options, parsed)
    raise ValueError(f"{argument}: expected a Snapshot, a path or a source string (as load() takes), "
                     f"got {type(value).__name__}")


def _surfaces(old: SurfaceArgument, new: SurfaceArgument,
              options: CaptureOptions | None) -> tuple[Snapshot, Snapshot]:
    """Both sides of a diff; the same file on both sides is parsed once."""
    from .snapshot.reader import Parsed

    if isinstance(old, str) and old == "-" and isinstance(new, str) and new == "-":
        raise InputError("only one side can be read from stdin")
    parsed: Parsed = {}
    return _surface(old, "old", options, parsed), _surface(new, "new", options, parsed)


def diff_sources(old: str, new: str, *, config: Config | None = None, settings: LintSettings | None = None,
                 lint_both: bool = True, fail_on: str | Severity | None = None,
                 options: CaptureOptions | None = None, phases: Phases | None = None,
                 reviewer: Reviewer | None = None, calls: CallsArgument | None = None,
                 calls_report: str | Path | None = None, calls_max_line_bytes: int | None = None) -> Report:
    """``mcp-inspect diff OLD NEW``: load both sources, classify and (unless ``lint_both`` is
    false) lint both sides, and apply the configuration. With a ``reviewer``
    (``model_reviewer``), a model is asked about each changed description once the report
    is complete (``report.llm``; the findings and the gate are not touched)."""
    threshold = None
    if fail_on is not None:
        try:
            threshold = Severity.parse(fail_on)
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    config = _config_argument(config)
    settings = settings or config.lint
    before, after = _surfaces(old, new, options)
    if isinstance(new, str):
        from .sources.load import ask_for_revision

        ask_for_revision(new, before, after, options)
    if phases is not None:
        size = len(before.tools or []) + len(after.tools or [])
        phases.step(size, f"comparing {size:,} tool definitions" + (" and linting them" if lint_both else ""))
    report = diff(before, after, config=config, fail_on=threshold, lint=settings if lint_both else None,
                  calls=calls, calls_report=calls_report, calls_max_line_bytes=calls_max_line_bytes)
    if reviewer is not None:
        reviewer.review_changes(report)
    return report


def lint_sources(target: str, *, config: Config | None = None, settings: LintSettings | None = None,
                 options: CaptureOptions | None = None, phases: Phases | None = None,
                 reviewer: Reviewer | None = None) -> list[Report]:
    """``mcp-inspect lint TARGET``: lint every server ``target`` names (a file, stdin, a live
    server, every server of an mcp.json); ``phases`` is told when a large lint starts. With a
    ``reviewer`` (``model_reviewer``), a model is asked about each tool definition once its
    report is complete (``report.llm``; the findings and the gate are not touched)."""
    from .snapshot.shapes import nameless_tools_allowed
    from .sources.load import load_sources

    config = config or Config()
    settings = settings or config.lint
    counter = get_counter(settings.tokenizer)  # refuse an unavailable tokenizer before capturing
    if phases is not None:
        phases.clear()  # a capture of this target may show its own status line
    with nameless_tools_allowed():  # MCP-001 reports a missing name; the loader need not refuse it
        sources = load_sources(target, options)
    several = len(sources) > 1
    reports = []
    for name, snapshot in sources:
        if phases is not None:
            size = len(snapshot.tools or [])
            phases.step(size, f"linting {size:,} tool definitions")
        report = lint(snapshot, settings, config=config, counter=counter, name=name if several else None)
        report.new.source = name
        if reviewer is not None:
            reviewer.review_tools(report, snapshot.tools or [])
        reports.append(report)
    return reports


def missing_baseline(source: str, options: CaptureOptions | None = None) -> str | None:
    """Why ``source`` names no baseline yet — ``git:REF:PATH`` whose PATH the commit does not
    hold, or ``@NAME`` while the store holds no snapshot at all — or None (it exists, or
    loading it fails for another reason). What ``diff --allow-missing-baseline`` asks
    before it passes a first run with a notice."""
    from .sources.load import missing_baseline as why_missing

    return why_missing(source, options)


def locate(report: Report, source_root: str | Path | None = None, *, old_ref: str | None = None) -> Report:
    """Find where the report's new side lies (a file of the repository, or none), which SARIF
    and annotations name; renderers read it and never touch the filesystem.

    With ``source_root`` (a directory of the server's code; needs the ``source`` extra), each
    finding also gets ``source``: the file, line and column that register its entity or
    declare its property (docs/source.md). A removed entity is looked for at ``old_ref``, a
    revision of the repository around the working directory (by default the REF of an old
    side spelled ``git:REF:PATH``). In a diff, the lint findings the change did not introduce
    are left unlocated unless they fail the gate. Names registered at several places get no
    location and a warning in ``report.warnings``."""
    from .sources.locations import place_of

    if report.location is None:
        report.location = place_of(report.new.source, report.new.fingerprint or None)
    if source_root is not None:
        from .codemap.attach import locate_in
        from .codemap.grammars import INSTALL_HINT, available

        if not available():
            # Asked for by name: fail at once, not only when a file of a known language turns
            # up (a folder holding none, or a report with nothing to look for, said nothing).
            raise InputError(f"--source-root {source_root}: locating findings in the source needs tree-sitter: "
                             f"{INSTALL_HINT} (or leave out --source-root)")

        if old_ref is None and report.old is not None and report.old.source.startswith("git:"):
            old_ref = report.old.source[len("git:"):].partition(":")[0] or None
        # In a diff, the lint findings the old side had too are counted, not shown (unless they
        # fail): locating them would parse the files of every tool for nothing.
        shown = [finding for finding in report.findings
                 if not report.is_diff or finding.origin != LINT or finding.introduced or finding.fails]
        report.warnings.extend(locate_in(shown, source_root, old_ref))
    return report


def default_source_root(new_source: str) -> Path | None:
    """Where ``diff`` locates findings when no ``--source-root`` is given: the git work tree
    holding the new side's file (the working directory's for a live server); None when none
    holds it, when the new side is read from a revision, when ``MCP_INSPECT_NO_SOURCE`` is
    set, or when tree-sitter is not installed (the ``source`` extra): then a diff reads no
    source and pays nothing for it."""
    import os

    if os.environ.get("MCP_INSPECT_NO_SOURCE"):
        return None
    from .codemap.attach import default_root
    from .codemap.grammars import available

    root = default_root(new_source)
    return root if root is not None and available() else None


def render(report: Report | list[Report], fmt: str = "text", *, color: bool = False, verbose: bool = False,
           lint_inherited: bool = False, full_values: bool = False) -> str:
    """A report (or the reports of several servers) as ``text``, ``json``, ``sarif``,
    ``markdown``, ``github``, ``html``, ``junit`` or ``gitlab`` output (``html`` needs Jinja2, the ``html`` extra:
    InputError without it); ValueError for any other format. ``verbose``: the text report
    prints each rule's advice under every finding instead of once at the end.
    ``lint_inherited`` (``diff --lint-inherited``): a diff's JSON report lists its inherited
    lint findings in full; by default it counts them by code and lists those that fail.
    ``full_values`` (``diff --full-values``): a diff's JSON report writes every before, after
    and argument value in place; by default one of 1,024 characters or more is named once in
    the report's ``values`` and referred to by the finding's ``valueRefs``."""
    from .report.render import FORMATS
    from .report.render import render as render_report

    fmt = fmt.lower() if isinstance(fmt, str) else fmt
    if fmt not in FORMATS:  # a typo must not quietly give text where a script expects JSON
        raise ValueError(f"fmt: unknown report format {fmt!r} (expected one of {', '.join(FORMATS)})")
    reports = report if isinstance(report, list) else [report]
    if not reports or not all(isinstance(one, Report) for one in reports):
        raise ValueError(f"report: expected a Report, or a list of lint Reports, got {_kind(report)}")
    if len(reports) > 1 and any(one.is_diff for one in reports):
        raise ValueError("report: a list renders the lints of several servers; render a diff's Report on its own")
    if fmt in ("sarif", "github", "gitlab"):
        for one in reports:
            locate(one)
    return render_report(report if len(reports) > 1 else reports[0], fmt, color=color, verbose=verbose,
                         lint_inherited=lint_inherited, full_values=full_values)


def _kind(value: object) -> str:
    """How an error names what it was given instead: the type, and a list's item types."""
    if isinstance(value, list):
        return f"a list of {', '.join(sorted({type(v).__name__ for v in value})) or 'nothing'}"
    return type(value).__name__


def approve(old: Snapshot | str | Path, new: Snapshot | str | Path, ids: list[str] | tuple[str, ...] = (), *,
            reason: str, expires: date | str | None = None, all_breaking: bool = False,
            config: str | Path | None = None, options: CaptureOptions | None = None) -> Approved:
    """Diff ``old`` and ``new`` as ``diff`` does (with the configuration at ``config``, else the
    working directory's ``.mcp-inspect.yml``) and append an ``approve:`` entry for each change
    named by ``ids`` (or every BREAKING one, ``all_breaking``) to that file, creating it when
    it does not exist. An approval the file already holds, in force, is not written twice; an
    expired one is renewed by a new entry after it (policy warns that the old one can go)."""
    from datetime import date as dates

    from .config.approvals import add_approvals
    from .config.load import CONFIG_NAMES, find_config

    path = Path(config) if config is not None else (find_config() or Path(CONFIG_NAMES[0]))
    loaded = load_config(path) if path.exists() else Config()
    report = diff(old, new, config=loaded, options=options)
    today = dates.today()
    entries = approvals_for(report, ids, reason=reason, expires=expires, all_breaking=all_breaking, today=today)
    # What the file already holds is asked again under its lock: another approve may have
    # written to it while this one was diffing (a diff may capture a server: not done locked).
    written, already = add_approvals(path, entries, today)
    return Approved(written, already, path)


def release_notes(report: Report, title: str | None = None, *, old_version: str | None = None,
                  new_version: str | None = None, title_is_text: bool = False) -> str:
    """Markdown release notes for a diff, with the suggested semantic-version bump, compared
    with the actual one: ``old_version``/``new_version`` when given, else the package versions
    the captures recorded, else serverInfo.version (not when it is known to be an SDK's);
    the notes say which was used. ``title`` is Markdown of the caller's own, unless
    ``title_is_text``: then it is shown as plain text (a title anyone may send)."""
    from .report.release_notes import render_release_notes

    if not isinstance(report, Report) or not report.is_diff:
        given = "a lint's Report" if isinstance(report, Report) else _kind(report)
        raise ValueError(f"report: expected the Report of a diff, got {given}")
    return render_release_notes(report, title=title, old_version=old_version, new_version=new_version,
                                title_is_text=title_is_text)


def rules() -> Any:
    """The rule catalogue (``mcp-inspect rules``): every change rule and check, with its
    severity, summary, advice and example; ``rules().rule(ID)`` is one rule (``explain``)."""
    from .catalogue import default_catalogue

    return default_catalogue()


def load_configuration(path: str | Path | None = None) -> Config:
    """``.mcp-inspect.yml`` from ``path``, else the working directory's, else the defaults."""
    return load_config(path)
