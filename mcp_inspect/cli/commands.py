"""The command line: parse, call the library, render. No logic lives here.

Exit codes (docs/ci.md): 0 ran and nothing reached the gate; 1 the gate failed;
2 the input, configuration or command line is wrong; 3 a live server could not
be captured.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from .._version import __version__
from ..errors import InputError, InspectError
from ..runtime.phases import Phases
from .approve import approve
from .drift import check, pin
from .history import history
from .options import (
    CONFIG_OPTION,
    ENV_OPTION,
    FAIL_ON_OPTION,
    HEADER_OPTION,
    IGNORE_OPTION,
    LLM_MODEL_OPTION,
    LLM_OPTION,
    LLM_PROVIDER_OPTION,
    NO_LLM_CACHE_OPTION,
    NO_SOURCE_OPTION,
    POLICY_OPTION,
    PROFILE_OPTION,
    PROTOCOL_OPTION,
    REPORT_OUTPUT_OPTION,
    RULE_OPTION,
    SELECT_OPTION,
    SOURCE_HELP,
    SOURCE_ROOT_OPTION,
    SPEC_VERSION_OPTION,
    STORE_OPTION,
    TIMEOUT_OPTION,
    TRANSPORT_OPTION,
    VERBOSE_OPTION,
    capture_options,
    model_review,
)
from .options import source_root as source_root_of
from .output import (
    Format,
    ListFormat,
    emit,
    exit_on_error,
    fail,
    not_stdout,
    parse_reports,
    refuse_inputs,
    reviewed,
    same_terminal,
    say,
    stdout_or_file,
    surface_counts,
    use_color,
    warn,
    warn_if_no_check,
)
from .serve import serve
from .snapshots import snapshots

app = typer.Typer(
    name="mcp-inspect",
    help=(
        "Tell what a change to an MCP server's surface does to its clients: snapshot it, "
        "diff two versions, classify every change and gate a pull request on it."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        emit(f"mcp-inspect {__version__}\n")
        raise typer.Exit(0)


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Snapshot, diff and gate the public surface of MCP servers."""


def parse_package(value: str) -> tuple[str, str]:
    """``NAME@VERSION`` (npm's spelling; a scoped ``@scope/name@1.2.3`` too) or ``NAME==VERSION``
    (pip's), as (name, version); InputError otherwise."""
    name, sep, version = value.partition("==")
    if not sep:
        name, sep, version = value.rpartition("@")
    name, version = name.strip(), version.strip()
    if not sep or not name or not version or any(c.isspace() or not c.isprintable() for c in name + version):
        raise InputError(f"--package: expected NAME@VERSION or NAME==VERSION, not {value[:80]!r}")
    return name, version


@app.command()
def snapshot(
    source: Annotated[str | None, typer.Argument(help=SOURCE_HELP, show_default=False)] = None,
    output: Annotated[str | None, typer.Option("-o", "--output", metavar="FILE", show_default=False,
                                               help="Where to write the snapshot (- for stdout, the default "
                                               "unless --save is given).")] = None,
    server: Annotated[str | None, typer.Option("--server", metavar="COMMAND|URL", show_default=False,
                                               help="Capture a live server: a command line (stdio) or an "
                                               "http(s):// URL (Streamable HTTP).")] = None,
    save: Annotated[str | None, typer.Option("--save", metavar="NAME", show_default=False,
                                             help="Keep the snapshot in the store as NAME (then @NAME "
                                             "names it).")] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
    store: Annotated[Path | None, STORE_OPTION] = None,
    force: Annotated[bool, typer.Option("--force", help="With --save: replace what NAME holds even when it is "
                                        "another surface.")] = False,
    package: Annotated[str | None, typer.Option(
        "--package", metavar="NAME@VERSION", show_default=False,
        help="Record the package and version the server was published as (e.g. mcp-server-x@2.1.8, or "
             "NAME==VERSION): release notes then compare it rather than serverInfo.version, which an "
             "SDK often fills with its own.")] = None,
) -> None:
    """Read any accepted surface, or capture a live server, and write it in mcp-inspect's snapshot format."""
    from .. import api
    from ..live.options import is_url, refuse_other_url

    try:
        if source is None and server is None:
            raise InputError("Missing argument 'SOURCE' (a surface file, or --server COMMAND|URL)")
        if source is not None and server is not None:
            raise InputError("give SOURCE or --server, not both")
        options = capture_options(env, header, timeout, protocol, store, transport)
        refuse_inputs([output], [source], "snapshot", store=store, saving=save is not None)
        if save is not None:
            api.check_snapshot_name(save)
        if server is not None and not (is_url(server) or server.startswith("stdio:")):
            refuse_other_url(server, "--server")
            server = "stdio:" + server
        published = parse_package(package) if package is not None else None
        snap = api.load(server if server is not None else (source or ""), options)  # one is set (above)
        if published is not None:
            snap.provenance.details["package"], snap.provenance.details["version"] = published
        if server is not None:  # what the capture noted (live/client.py), said as it happens
            warn([str(w) for w in snap.provenance.details.get("warnings") or ()])
        if save is not None:
            fingerprint = api.save(snap, save, options.store, force=force)
            say(f"mcp-inspect: saved @{save} ({fingerprint[:12]}) in {api.store_location(options.store)}")
        if output is not None or save is None:
            api.write(snap, output or "-")
        if output not in (None, "-"):  # a file: say what went in it (stdout holds the snapshot itself)
            say(f"mcp-inspect: wrote {output} ({surface_counts(snap)})")
    except InspectError as error:
        fail(error)
    except BrokenPipeError:
        raise typer.Exit(130) from None  # the reader went away
    except OSError as exc:
        fail(InputError(f"{output or 'stdout'}: cannot write the snapshot ({exc.strerror or exc})"))


def client_profiles(text: str) -> tuple[str, ...]:
    """``--fail-on-client``'s comma-separated profile names; InputError for an unknown one."""
    from ..checks.profiles import PROFILES

    names = tuple(dict.fromkeys(name.strip().lower() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in PROFILES]
    if unknown or not names:
        raise InputError(f"--fail-on-client: unknown profile {(unknown[0] if unknown else text)!r} "
                         f"(expected one or more of: {', '.join(PROFILES)}, comma-separated)")
    return names


@app.command()
def diff(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The baseline surface.", show_default=False)],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The changed surface. Each is " + SOURCE_HELP[0].lower()
                                       + SOURCE_HELP[1:], show_default=False)],
    format: Annotated[Format, typer.Option("--format", "-f", help="Report format.")] = Format.text,
    fail_on: Annotated[str | None, FAIL_ON_OPTION] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, REPORT_OUTPUT_OPTION] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
    store: Annotated[Path | None, STORE_OPTION] = None,
    profile: Annotated[str | None, PROFILE_OPTION] = None,
    no_lint: Annotated[bool, typer.Option("--no-lint", help="Skip the lint of both sides (only the diff "
                                          "decides the gate).")] = False,
    lint_inherited: Annotated[bool, typer.Option(
        "--lint-inherited", help="List the lint findings NEW inherited from OLD in full in the JSON report "
        "(by default they are counted by code, and only those that fail the gate are listed).")] = False,
    full_values: Annotated[bool, typer.Option(
        "--full-values", help="Write every before, after and argument value in place in the JSON report (by "
        "default a value of 1,024 characters or more is written once, under 'values', and named by the "
        "findings that hold it).")] = False,
    select: Annotated[list[str] | None, SELECT_OPTION] = None,
    ignore: Annotated[list[str] | None, IGNORE_OPTION] = None,
    rule: Annotated[list[str] | None, RULE_OPTION] = None,
    policy: Annotated[str | None, POLICY_OPTION] = None,
    spec_version: Annotated[str | None, SPEC_VERSION_OPTION] = None,
    verbose: Annotated[bool, VERBOSE_OPTION] = False,
    report: Annotated[list[str] | None, typer.Option(
        "--report", metavar="FORMAT=PATH", show_default=False,
        help="Also write the report as FORMAT=PATH (repeatable), e.g. --report sarif=out.sarif "
        "--report markdown=summary.md: one diff, several reports.")] = None,
    allow_missing_baseline: Annotated[bool, typer.Option(
        "--allow-missing-baseline", help="When OLD does not exist yet (git:REF:PATH whose commit does not hold "
        "PATH, @NAME in an empty store), pass with a one-line notice instead of failing: the first run, "
        "before a baseline is committed.")] = False,
    llm: Annotated[bool | None, LLM_OPTION] = None,
    llm_provider: Annotated[str | None, LLM_PROVIDER_OPTION] = None,
    llm_model: Annotated[str | None, LLM_MODEL_OPTION] = None,
    no_llm_cache: Annotated[bool, NO_LLM_CACHE_OPTION] = False,
    calls: Annotated[str | None, typer.Option(
        "--calls", metavar="FILE", show_default=False,
        help="Replay recorded calls (mcp-inspect record's JSONL, raw JSON-RPC messages or OpenTelemetry spans, "
        "one JSON value a line) against both sides: the report says how many the new side would reject, per "
        "tool and client (docs/record.md).")] = None,
    calls_report: Annotated[Path | None, typer.Option(
        "--calls-report", metavar="FILE", show_default=False,
        help="With --calls: write every rejected call, with the validator's error, to FILE (JSON lines, "
        "mode 0600).")] = None,
    source_root: Annotated[Path | None, SOURCE_ROOT_OPTION] = None,
    no_source: Annotated[bool, NO_SOURCE_OPTION] = False,
    calls_max_line_bytes: Annotated[int | None, typer.Option(
        "--calls-max-line-bytes", metavar="BYTES", show_default=False,
        help="With --calls: skip (and count) any line of the recording longer than BYTES "
        "(default 64 MiB; docs/limits.md).")] = None,
    fail_on_client: Annotated[str | None, typer.Option(
        "--fail-on-client", metavar="PROFILES", show_default=False,
        help="Fail when the change makes the surface incompatible with one of these client profiles "
        "(comma-separated, e.g. openai,foundry). Beats fail_on_clients in the configuration.")] = None,
) -> None:
    """Classify every change from OLD to NEW, and lint NEW. Exit 1 when a finding reaches the gate."""
    from .. import api

    with exit_on_error(), Phases() as phases:
        extra_reports = parse_reports(report)
        if allow_missing_baseline:
            missing = api.missing_baseline(old, capture_options(env, header, timeout, protocol, store, transport))
            if missing is not None:
                say(f"mcp-inspect: notice: no baseline yet ({missing}); nothing to compare, so the diff "
                     "passes; once the baseline exists, changes are compared with it")
                raise typer.Exit(0)
        output = stdout_or_file(output)
        loaded = api.load_configuration(config)
        refuse_inputs([output, *(path for _, path in extra_reports)], [old, new, loaded.source, calls], "report",
                      store=store)
        if fail_on_client is not None:
            loaded.fail_on_clients = client_profiles(fail_on_client)
            loaded.fail_on_clients_said = "--fail-on-client"
        settings = api.lint_settings(loaded.lint, profile=profile, select=select, ignore=ignore, rules=rule,
                                     policy=policy, spec_version=spec_version)
        if not no_lint:
            warn_if_no_check(settings)
        options = capture_options(env, header, timeout, protocol, store, transport)
        reviewer = model_review(loaded, llm, llm_provider, llm_model, no_llm_cache, phases)
        with reviewer or contextlib.nullcontext():
            if calls_report is not None and calls is None:
                raise InputError("--calls-report needs --calls (the recorded calls to replay)")
            if calls_max_line_bytes is not None and calls is None:
                raise InputError("--calls-max-line-bytes needs --calls (the recorded calls to replay)")
            result = api.diff_sources(old, new, config=loaded, settings=settings, lint_both=not no_lint,
                                      fail_on=fail_on, options=options, phases=phases, reviewer=reviewer,
                                      calls=calls, calls_report=calls_report,
                                      calls_max_line_bytes=calls_max_line_bytes)
        root = source_root_of(source_root, no_source, new)
        if root is not None:
            api.locate(result, root)
        findings = len(result.findings)
        phases.step(findings, f"writing the report of {findings:,} findings")
        reports = [(api.render(result, fmt, lint_inherited=lint_inherited, full_values=full_values),
                    None if str(path) == "-" else path) for fmt, path in extra_reports]
        reports.append((api.render(result, format.value, color=output is None and use_color(), verbose=verbose,
                                   lint_inherited=lint_inherited, full_values=full_values), output))
    # The text report prints every warning of the diff at its top.
    warn(result.warnings, shown=result.warnings if format is Format.text and same_terminal(output) else ())
    for text, path in reports:
        emit(text, path)
    reviewed(reviewer)
    raise typer.Exit(result.exit_code)


@app.command()
def record(
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE", show_default=False,
                                         help="Append each tools/call and its result to FILE (JSON lines; "
                                         "created with mode 0600).")],
    server: Annotated[str | None, typer.Option("--server", metavar="COMMAND", show_default=False,
                                               help="Run this stdio server behind the proxy: the client talks "
                                               "to mcp-inspect record on stdin/stdout as it would to the "
                                               "server (use it as the command of an mcp.json entry).")] = None,
    url: Annotated[str | None, typer.Option("--url", metavar="URL", show_default=False,
                                            help="Forward Streamable HTTP to this server URL.")] = None,
    listen: Annotated[str, typer.Option("--listen", metavar="HOST:PORT",
                                        help="With --url: where the proxy listens (port 0 picks a free port; "
                                        "the address is printed on stderr).")] = "127.0.0.1:0",
    redact: Annotated[list[str] | None, typer.Option(
        "--redact", metavar="KEY", show_default=False,
        help="Write the value of each argument named KEY (at any depth of objects and arrays; repeatable, or "
        "comma-separated) as its JSON type name: its shape still replays.")] = None,
    env: Annotated[list[str] | None, typer.Option(
        "--env", metavar="NAME=VALUE", show_default=False,
        help="With --server: set this variable for the server (repeatable), on top of the environment it "
        "inherits from the proxy.")] = None,
) -> None:
    """Record the tool calls a client makes: a pass-through proxy that forwards every message
    unchanged, in both directions, and logs each tools/call and its result (docs/record.md)."""
    from .. import api

    if (server is None) == (url is None):  # the API's message names its arguments, not the flags
        fail(InputError("record: give exactly one of --server (a stdio command) and --url (a Streamable HTTP "
                        "server)"))
    keys = tuple(key.strip() for item in (redact or []) for key in item.split(",") if key.strip())
    from ..live.options import parse_assignments

    try:
        not_stdout(output, "-o", "the call log")
        variables = parse_assignments(env, "=", "NAME", "--env")
        if variables and url is not None:
            raise ValueError("--env applies to a stdio server (--server), not to one reached by --url")
        code = api.record(output, server=server, url=url, listen=listen, redact=keys, env=variables)
    except ValueError as error:
        fail(InputError(f"{error}"))
    except InspectError as error:
        fail(error)
    raise typer.Exit(code)


@app.command("release-notes")
def release_notes(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The previous release's surface. " + SOURCE_HELP,
                                       show_default=False)],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new release's surface. " + SOURCE_HELP,
                                       show_default=False)],
    title: Annotated[str | None, typer.Option("--title", help="Heading of the notes.")] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the notes to this file.",
                                                show_default=False)] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
    store: Annotated[Path | None, STORE_OPTION] = None,
    old_version: Annotated[str | None, typer.Option("--old-version", metavar="VERSION", show_default=False,
                                                    help="The previous release's version (default: the package "
                                                    "version its capture recorded, else serverInfo.version).")] = None,
    new_version: Annotated[str | None, typer.Option("--new-version", metavar="VERSION", show_default=False,
                                                    help="The new release's version (default: as for "
                                                    "--old-version).")] = None,
) -> None:
    """Write a Markdown changelog of the changes from OLD to NEW, with the suggested version bump."""
    from .. import api

    with exit_on_error():
        output = stdout_or_file(output)
        loaded = api.load_configuration(config)
        refuse_inputs([output], [old, new, loaded.source], "release notes", store=store)
        options = capture_options(env, header, timeout, protocol, store, transport)
        result = api.diff_sources(old, new, config=loaded, lint_both=False, options=options)
    from ..report.release_notes import noted_warnings

    warn(result.warnings, shown=noted_warnings(result) if same_terminal(output) else ())
    emit(api.release_notes(result, title=title, old_version=old_version, new_version=new_version), output)


@app.command()
def rules(
    format: Annotated[ListFormat, typer.Option("--format", "-f", help="Listing format.")] = ListFormat.text,
) -> None:
    """List every rule with its default severity and summary."""
    from .. import api
    from ..report.rules_list import render_rules_json, render_rules_text

    catalogue = api.rules()
    text = render_rules_json(catalogue) if format is ListFormat.json else render_rules_text(catalogue)
    emit(text)


@app.command()
def explain(rule: Annotated[str, typer.Argument(help="A rule id, e.g. tool.input.required.added.",
                                                show_default=False)]) -> None:
    """Explain one rule: what it catches, why it matters, what to do, and an example."""
    from .. import api
    from ..report.rules_list import render_explanation, suggest_rule

    catalogue = api.rules()
    if rule not in catalogue:
        fail(InputError(f"unknown rule {rule!r}{suggest_rule(catalogue, rule)}"))
    emit(render_explanation(catalogue.rule(rule)))


@app.command()
def lint(
    targets: Annotated[list[str], typer.Argument(help="What to lint, one or more. " + SOURCE_HELP +
                                                 " Every server of an mcp.json is linted.", show_default=False)],
    profile: Annotated[str | None, PROFILE_OPTION] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="Report format.")] = Format.text,
    fail_on: Annotated[str | None, typer.Option("--fail-on", show_default=False,
                                                help="Lowest level that fails: error (default), warning, "
                                                "info or none. Beats lint.fail_on in the configuration.")] = None,
    select: Annotated[list[str] | None, SELECT_OPTION] = None,
    ignore: Annotated[list[str] | None, IGNORE_OPTION] = None,
    rule: Annotated[list[str] | None, RULE_OPTION] = None,
    policy: Annotated[str | None, POLICY_OPTION] = None,
    spec_version: Annotated[str | None, SPEC_VERSION_OPTION] = None,
    verbose: Annotated[bool, VERBOSE_OPTION] = False,
    tokenizer: Annotated[str | None, typer.Option("--tokenizer", show_default=False,
                                                  help="Token counter: estimate (chars/4, default), o200k or "
                                                  "cl100k (these need the 'tokens' extra).")] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, REPORT_OUTPUT_OPTION] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
    store: Annotated[Path | None, STORE_OPTION] = None,
    llm: Annotated[bool | None, LLM_OPTION] = None,
    llm_provider: Annotated[str | None, LLM_PROVIDER_OPTION] = None,
    llm_model: Annotated[str | None, LLM_MODEL_OPTION] = None,
    no_llm_cache: Annotated[bool, NO_LLM_CACHE_OPTION] = False,
    source_root: Annotated[Path | None, SOURCE_ROOT_OPTION] = None,
    no_source: Annotated[bool, NO_SOURCE_OPTION] = False,
) -> None:
    """Check surfaces: every check family (MCP-0xx for client profiles, and the validator's SCH, NAM, SEC,
    LLM and BP), with verdicts, a maturity score and the token cost of each tool.

    Exit 0 clean, 1 findings at or above --fail-on, 2 bad input or usage, 3 capture failure.
    """
    from .. import api

    with exit_on_error(), Phases() as phases:
        if targets.count("-") > 1:
            raise InputError("only one target can be read from stdin")
        output = stdout_or_file(output)
        loaded = api.load_configuration(config)
        refuse_inputs([output], [*targets, loaded.source], "report", store=store)
        settings = api.lint_settings(loaded.lint, profile=profile, fail_on=fail_on, tokenizer=tokenizer,
                                     select=select, ignore=ignore, rules=rule, policy=policy,
                                     spec_version=spec_version)
        warn_if_no_check(settings)
        options = capture_options(env, header, timeout, protocol, store, transport)
        reviewer = model_review(loaded, llm, llm_provider, llm_model, no_llm_cache, phases)
        with reviewer or contextlib.nullcontext():
            reports = [report for target in targets
                       for report in api.lint_sources(target, config=loaded, settings=settings, options=options,
                                                      phases=phases, reviewer=reviewer)]
        for report in reports:
            root = source_root_of(source_root, no_source, report.new.source)
            if root is not None:
                api.locate(report, root)
        if len(reports) > 1:  # an entry is judged over every target, and said stale once, with the last
            from ..policy import run_stale

            stale = run_stale(reports)  # first: it rewrites each report's warnings
            reports[-1].warnings += stale
        findings = sum(len(r.findings) for r in reports)
        phases.step(findings, f"writing the report of {findings:,} findings")
        text = api.render(reports, format.value, color=output is None and use_color(), verbose=verbose)
    warn([w for r in reports for w in r.warnings])
    emit(text, output)
    reviewed(reviewer)
    raise typer.Exit(1 if any(r.failed for r in reports) else 0)


# The store listing and the service live in their own modules; registered here, in the
# order ``--help`` lists the commands.
app.command("approve")(approve)
app.command("pin")(pin)
app.command("check")(check)
app.command("history")(history)
app.command("snapshots")(snapshots)
app.command("serve")(serve)


def main() -> None:
    """The ``mcp-inspect`` command (see ``process.run`` for what surrounds it)."""
    from ..runtime.process import run

    run(app, say=say)
