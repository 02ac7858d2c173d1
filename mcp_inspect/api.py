"""The library API, re-exported by ``mcp_inspect``: everything the CLI does, as functions.

The command line calls these and nothing below them, so the CLI and a program using the
library get the same report for the same input. docs/api.md shows each in use; its
examples run as tests (tests/test_docs_api.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from .checks.engine import Memo, lint_share, lint_tools, tool_objects
from .checks.maturity import tool_keys
from .checks.profiles import get_profile
from .checks.settings import LintSettings
from .checks.tokens import Counter, get_counter
from .classify.engine import diff_snapshots
from .config import Config, load_config
from .errors import FieldError, InputError
from .findings.report import Report, Side
from .findings.rule import REVISIONS
from .findings.severity import Severity, parse_threshold
from .live.options import CaptureOptions
from .model import LIST_KIND_BY_KEY, EntityKind, Snapshot
from .phases import Phases
from .snapshot.identity import Digests

#: The share of the old side's definitions a diff's forked child lints (executor.py): the
#: rest waits for this process, which classifies the change first (docs/performance.md).
CHILD_SHARE_PERCENT = 65


def load(source: str, options: CaptureOptions | None = None) -> Snapshot:
    """Load a surface from anything the CLI accepts: a JSON or YAML file, ``-`` (stdin),
    ``@NAME`` (the snapshot store), ``git:REF:PATH``, an mcp.json (``FILE#NAME``), or a live
    server (``stdio:COMMAND ARGS``, ``https://…``).

    Raises ``InputError`` (bad input) or ``CaptureError`` (a live server failed); both carry
    one line of text.
    """
    from .sources import load_source

    return load_source(source, options)


def capture(target: str, options: CaptureOptions | None = None) -> Snapshot:
    """Capture a live server: ``stdio:COMMAND ARGS`` (or a bare command line) or an http(s) URL."""
    from .live.client import capture as capture_target

    return capture_target(target, options or CaptureOptions(progress=False))


def lint_settings(base: LintSettings | None = None, *, profile: str | None = None, fail_on: str | None = None,
                  tokenizer: str | None = None, select: list[str] | None = None, ignore: list[str] | None = None,
                  rules: list[str] | None = None, policy: str | None = None,
                  spec_version: str | None = None) -> LintSettings:
    """``base`` (the configuration's lint section) with the command line's choices applied:
    ``select`` and ``ignore`` replace the configuration's, a ``rules`` entry (``CODE=SETTING``)
    replaces the configuration's entry for its code.

    Every value is checked here, so a typo ends the command with exit 2 before any work.
    """
    from .checks.selection import check_code, check_selector, check_setting, split_selectors

    settings = base or LintSettings()
    catalogue_ = catalogue()
    if select:
        settings = replace(settings, select=tuple(check_selector(s, catalogue_, "--select")
                                                  for s in split_selectors(select)))
    if ignore:
        settings = replace(settings, ignore=tuple(check_selector(s, catalogue_, "--ignore")
                                                  for s in split_selectors(ignore)))
    if rules:
        given = dict(settings.rules)
        replaced = set()
        for entry in rules:
            code, sep, setting = entry.partition("=")
            if not sep:
                raise InputError(f"--rule {entry!r}: expected CODE=SETTING (off, on, error, warning, info)")
            code = check_code(code, catalogue_, "--rule")
            given[code] = check_setting(setting, f"--rule {entry}")
            replaced.add(code)
        settings = replace(settings, rules=tuple(given.items()),  # the file's line no longer says it
                           rule_lines=tuple((c, n) for c, n in settings.rule_lines if c not in replaced))
    if policy is not None:
        if policy.strip().lower() not in ("compliance", "governance"):
            raise InputError(f"--policy: unknown policy {policy!r} (expected compliance or governance)")
        settings = replace(settings, policy=policy.strip().lower())
    if spec_version is not None:
        if spec_version.strip() not in REVISIONS:
            raise InputError(f"--spec-version: unknown MCP revision {spec_version!r} "
                             f"(expected {' or '.join(REVISIONS)})")
        settings = replace(settings, spec_version=spec_version.strip())
    if profile is not None:
        settings = replace(settings, profile=get_profile(profile).name)
    if fail_on is not None:
        try:
            settings = replace(settings, fail_on=parse_threshold(fail_on))
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    if tokenizer is not None:
        settings = replace(settings, tokenizer=tokenizer)
    get_profile(settings.profile)
    return settings


def diff(old: Snapshot, new: Snapshot, *, config: Config | None = None, fail_on: Severity | None = None,
         lint: LintSettings | None = None) -> Report:
    """Classify every change from ``old`` to ``new``; ``report.failed`` is the gate.

    ``config`` (see ``Config.load``) applies ignores, severity overrides and ``fail_on``;
    the ``fail_on`` argument wins over it, as ``--fail-on`` does. With ``lint`` (a
    LintSettings) both sides are linted too, as ``mcp-inspect diff`` does: the report's
    lint findings are the new side's, each marked introduced or inherited, and the gate
    includes them.
    """
    from .policy import apply as apply_policy

    config = config or Config()
    if lint is None:
        report = apply_policy(diff_snapshots(old, new, renames=config.renames), config, fail_on=fail_on)
    else:
        report, baseline = _diff_and_lint(old, new, lint, config.renames)
        report = apply_policy(report, config, lint, fail_on=fail_on, baseline=baseline)
    report.definitions = _changed_definitions(old, new, report)
    return report


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


def _diff_and_lint(old: Snapshot, new: Snapshot, settings: LintSettings,
                   renames: dict[str, str]) -> tuple[Report, list[Any]]:
    """The classification and the lint of both sides, on two cores when that pays
    (executor.py): a forked child lints the first part of the old side's definitions while
    this process classifies the change, then lints the new side's own definitions (those the
    old side does not hold) and the rest of the old side's. The child's results come back as
    a value, merged into this run's memo, and the lint of both sides completes from it."""
    from .executor import both

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
    before, tokens_old = lint_tools(old_tools, settings, counter, digests=digests, memo=memo)
    if new_tools is old_tools:  # one parsed document on both sides (a file diffed with itself)
        after, tokens_new = before, tokens_old
    else:
        after, tokens_new = lint_tools(new_tools, settings, counter, digests=digests, memo=memo)
    assert report.old is not None
    report.old.tokens, report.new.tokens = tokens_old, tokens_new
    report.old.tool_keys, report.new.tool_keys = tool_keys(old_tools), tool_keys(new_tools)
    report.profile = get_profile(settings.profile).name
    report.findings += after
    return report, before


def _new_definitions(old_objects: list[dict[str, Any]], new_objects: list[dict[str, Any]],
                     digests: Digests) -> list[int]:
    """Positions, among the new side's tool objects, of the definitions the old side does not hold."""
    if new_objects is old_objects:
        return []
    known = {digests.of(tool) for tool in old_objects}
    return [index for index, tool in enumerate(new_objects) if digests.of(tool) not in known]


def lint(surface: Snapshot, settings: LintSettings | None = None, *, config: Config | None = None,
         counter: Counter | None = None, name: str | None = None) -> Report:
    """Lint one surface against a client profile (``LintSettings(profile=...)``, claude by
    default); ``report.findings`` are sorted by tool, path and code, ``report.new.tokens``
    is the token cost and ``report.failed`` the gate. ``config`` applies its ignores."""
    from .policy import apply as apply_policy

    config = config or Config()
    settings = settings or config.lint
    findings, tokens = lint_tools(surface.tools or [], settings, counter)
    side = Side(surface.provenance.source, name=name, tokens=tokens, tool_keys=tool_keys(surface.tools or []))
    report = Report(side, findings=findings, profile=get_profile(settings.profile).name)
    return apply_policy(report, config, settings)


def diff_sources(old: str, new: str, *, config: Config | None = None, settings: LintSettings | None = None,
                 lint_both: bool = True, fail_on: str | Severity | None = None,
                 options: CaptureOptions | None = None, phases: Phases | None = None) -> Report:
    """``mcp-inspect diff OLD NEW``: load both sources, classify and (unless ``lint_both`` is
    false) lint both sides, and apply the configuration."""
    from .snapshot.reader import Parsed
    from .sources import load_source

    threshold = None
    if fail_on is not None:
        try:
            threshold = Severity.parse(fail_on)
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    if old == "-" and new == "-":
        raise InputError("only one side can be read from stdin")
    config = config or Config()
    settings = settings or config.lint
    parsed: Parsed = {}  # the same file on both sides is parsed once
    before, after = load_source(old, options, parsed), load_source(new, options, parsed)
    if phases is not None:
        size = len(before.tools or []) + len(after.tools or [])
        phases.step(size, f"comparing {size:,} tool definitions" + (" and linting them" if lint_both else ""))
    return diff(before, after, config=config, fail_on=threshold, lint=settings if lint_both else None)


def lint_sources(target: str, *, config: Config | None = None, settings: LintSettings | None = None,
                 options: CaptureOptions | None = None, phases: Phases | None = None) -> list[Report]:
    """``mcp-inspect lint TARGET``: lint every server ``target`` names (a file, stdin, a live
    server, every server of an mcp.json); ``phases`` is told when a large lint starts."""
    from .snapshot.shapes import nameless_tools_allowed
    from .sources import load_sources

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
        reports.append(report)
    return reports


def locate(report: Report) -> Report:
    """Find where the report's new side lies (a file of the repository, or none), which SARIF
    and annotations name; renderers read it and never touch the filesystem."""
    from .locations import place_of

    if report.location is None:
        report.location = place_of(report.new.source, report.new.fingerprint or None)
    return report


def render(report: Report | list[Report], fmt: str = "text", *, color: bool = False, verbose: bool = False) -> str:
    """A report (or the reports of several servers) as ``text``, ``json``, ``sarif``,
    ``markdown``, ``github`` or ``html`` output (``html`` needs Jinja2, the ``html`` extra:
    InputError without it); ValueError for any other format. ``verbose``: the text report
    prints each rule's advice under every finding instead of once at the end."""
    from .report.render import render as render_report

    reports = report if isinstance(report, list) else [report]
    if fmt in ("sarif", "github"):
        for one in reports:
            locate(one)
    return render_report(report, fmt, color=color, verbose=verbose)


def release_notes(report: Report, title: str | None = None) -> str:
    """Markdown release notes for a diff, with the suggested semantic-version bump."""
    from .report.release_notes import render_release_notes

    return render_release_notes(report, title=title)


def dump(snapshot: Snapshot) -> str:
    """The snapshot in mcp-inspect's own format (docs/snapshot-format.md), as JSON text."""
    from .snapshot import dump_snapshot

    return dump_snapshot(snapshot)


def save(snapshot: Snapshot, name: str, store: str | Path | None = None) -> str:
    """Keep ``snapshot`` in the snapshot store under ``name`` (so ``@name`` loads it);
    returns its surface fingerprint."""
    from .snapshot.store import save as save_named
    from .snapshot.store import store_root

    return save_named(snapshot, name, store_root(store)).fingerprint


def write(snapshot: Snapshot, path: str | Path = "-") -> None:
    """Write the snapshot in mcp-inspect's own format to ``path`` (``-``: stdout)."""
    from .snapshot import write_snapshot

    write_snapshot(snapshot, str(path))


def check_snapshot_name(name: str) -> None:
    """InputError unless ``name`` may name a snapshot in the store (checked before a capture)."""
    from .snapshot.store import check_name

    check_name(name)


def store_location(store: str | Path | None = None) -> Path:
    """The snapshot store's folder: ``store``, else ``$MCP_INSPECT_STORE``, else ``./snapshots``."""
    from .snapshot.store import store_root

    return store_root(store)


def stored_snapshots(store: str | Path | None = None) -> tuple[Path, list[Any]]:
    """The store's folder and its saved snapshots (name, fingerprint, when, from where)."""
    from .snapshot.store import entries

    root = store_location(store)
    return root, entries(root)


def catalogue() -> Any:
    """The rule catalogue: every change rule and check, with severities, advice and examples."""
    from .catalogue import default_catalogue

    return default_catalogue()


def load_configuration(path: str | Path | None = None) -> Config:
    """``.mcp-inspect.yml`` from ``path``, else the working directory's, else the defaults."""
    return load_config(path)



# --- inline JSON, for the service (mcp-inspect serve): nothing named here is read or run ---


def parse_request(data: bytes) -> Any:
    """A request body sent to the service, parsed as JSON only (never YAML) by the reader the
    CLI uses, under the same limits on size of numbers, strings and nesting. A document inside
    it (a surface, a configuration) sits one level down, so the body may nest one level deeper
    than a file; ``surface_from_value`` and ``config_from_value`` hold each document to the
    usual limit. InputError (naming the body) when it is not such JSON."""
    from .limits import MAX_NESTING_DEPTH
    from .snapshot.reader import decode_text, parse_document

    text = decode_text(data, "request body")
    # Named as a JSON file, so that text which does not look like JSON is an error, not YAML.
    return parse_document(text, "request body", hint="request.json", max_depth=MAX_NESTING_DEPTH + 1)


def surface_from_value(value: Any, name: str, *, nameless: bool = False, max_tools: int | None = None) -> Snapshot:
    """A surface given inline as JSON (any accepted shape, already parsed) as a Snapshot whose
    source is ``name``. Only data is accepted: a string (a file path, a URL, ``stdio:``,
    ``@NAME``, ``git:REF:PATH``) or an mcp.json client configuration would name something to
    read or start, and is refused. ``nameless`` reads tools without a name (what the lint
    does), ``max_tools`` caps the tool objects. FieldError, naming ``name``, on bad input."""
    from .live.config import is_client_config
    from .snapshot.reader import check_json_depth
    from .snapshot.shapes import nameless_tools_allowed, snapshot_from_value

    if isinstance(value, str):
        raise FieldError(f"{name}: a surface is given inline, as a JSON object or array; a string (a file, a URL, "
                         "a stdio: command, @NAME, git:REF:PATH) is never read or run here", name)
    if is_client_config(value):
        raise FieldError(f"{name}: is an mcp.json client configuration, which names servers to start; "
                         "give the surface itself (a tools array, a tools/list result, a snapshot)", name)
    try:
        if isinstance(value, (dict, list)):
            check_json_depth(value, name)
        if nameless:
            with nameless_tools_allowed():
                snapshot = snapshot_from_value(value, name)
        else:
            snapshot = snapshot_from_value(value, name)
    except FieldError:
        raise
    except InputError as error:
        raise FieldError(str(error), name) from None
    count = len(snapshot.tools or [])
    if max_tools is not None and count > max_tools:
        raise FieldError(f"{name}: holds {count:,} tools, more than the limit of {max_tools:,}", name)
    return snapshot


def config_from_value(value: Any, *, lint_only: bool = False) -> Config:
    """A configuration sent as JSON to the service, read as ``.mcp-inspect.yml`` is read: the
    same schema, rule ids and checks. ``lint_only``: the value is a ``lint`` section alone. No
    ``llm`` setting is accepted anywhere: the service calls no language model. FieldError
    names the field (``config.lint.select``; ``config.select`` for a lint section)."""
    import json

    from .checks.tokens import get_counter
    from .config import FieldPaths, parse_config
    from .limits import MAX_CONFIG_BYTES
    from .snapshot.reader import check_json_depth

    if not isinstance(value, dict):
        raise FieldError("config: expected an object (the keys of .mcp-inspect.yml"
                         + ("'s lint section)" if lint_only else ")"), "config")
    try:
        check_json_depth(value, "config")
    except InputError as error:
        raise FieldError(str(error), "config") from None
    if len(json.dumps(value, ensure_ascii=False).encode("utf-8")) > MAX_CONFIG_BYTES:
        raise FieldError(f"config: larger than the {MAX_CONFIG_BYTES // (1024 * 1024)} MiB configuration limit",
                         "config")
    lint = value if lint_only else value.get("lint")
    for section, where in ((value, "config"), (lint, "config" if lint_only else "config.lint")):
        if isinstance(section, dict) and "llm" in section:
            raise FieldError(f"{where}.llm: the service calls no language model; remove this setting", f"{where}.llm")
    paths = FieldPaths(skip=1 if lint_only else 0)
    try:
        config = parse_config({"lint": value} if lint_only else value, "config", paths)
    except InputError as error:
        raise FieldError(str(error), "config" + paths.last_name) from None
    try:
        get_counter(config.lint.tokenizer)
    except InputError as error:
        field = "config.tokenizer" if lint_only else "config.lint.tokenizer"
        raise FieldError(f"{field}: {error}", field) from None
    return config


def rules_json(rule_id: str | None = None) -> str:
    """What ``mcp-inspect rules --format json`` prints, or (``rule_id``) that listing's entry
    for one rule or lint code; InputError for an unknown id."""
    import json

    from .report.rules_list import lint_rule_to_json, render_rules_json, rule_to_json, suggest_rule

    catalogue_ = catalogue()
    if rule_id is None:
        return render_rules_json(catalogue_)
    if rule_id not in catalogue_:
        raise InputError(f"unknown rule {rule_id!r}{suggest_rule(catalogue_, rule_id)}")
    rule = catalogue_.rule(rule_id)
    return json.dumps(lint_rule_to_json(rule) if rule.is_check else rule_to_json(rule), indent=2) + "\n"


def published_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of the ``config`` (``.mcp-inspect.yml``) or of the ``report`` (the JSON
    report of ``diff`` and ``lint``), as published in docs/."""
    import json
    from importlib import resources

    if name not in ("config", "report"):
        raise ValueError(f"no published schema {name!r} (expected config or report)")
    value: dict[str, Any] = json.loads(
        resources.files("mcp_inspect.schemas").joinpath(f"{name}.schema.json").read_text("utf-8"))
    return value
