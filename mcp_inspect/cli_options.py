"""The options several commands share, declared once (the commands live in cli.py)."""

from __future__ import annotations

from pathlib import Path

import typer

SOURCE_HELP = ("A surface: a JSON or YAML file, - for stdin, a live server (stdio:COMMAND ARGS or an "
               "http(s):// URL), @NAME from the snapshot store, git:REF:PATH (a file at a git revision), "
               "or an mcp.json (FILE#NAME picks one server). See docs/capture.md.")

# Live capture (docs/capture.md). Exit 3 when a server cannot be captured.
ENV_OPTION = typer.Option("--env", metavar="NAME=VALUE", show_default=False,
                          help="Environment for a stdio server (repeatable); it otherwise gets only HOME, "
                          "LOGNAME, PATH, SHELL, TERM and USER.")
HEADER_OPTION = typer.Option("--header", metavar="NAME:VALUE", show_default=False,
                             help="HTTP header sent to a server given by URL (repeatable), e.g. "
                             "'Authorization: Bearer …'. Only header names are recorded.")
TIMEOUT_OPTION = typer.Option("--timeout", metavar="SECONDS", help="Seconds to wait for each operation of a capture.")
PROTOCOL_OPTION = typer.Option("--protocol", metavar="auto|VERSION",
                               help="Protocol revision to speak to a live server: auto (probe server/discover, "
                               "fall back to initialize), 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26 or "
                               "2024-11-05.")
TRANSPORT_OPTION = typer.Option("--transport", metavar="auto|streamable-http|sse",
                                help="How to reach a server given by URL: auto (Streamable HTTP, then the "
                                "2024-11-05 HTTP+SSE transport if initialize is refused with HTTP 400, 404 or "
                                "405), streamable-http, or sse.")
STORE_OPTION = typer.Option("--store", metavar="DIR", show_default=False,
                            help="The snapshot store (default: $MCP_INSPECT_STORE, else ./snapshots).")


def capture_options(env: list[str] | None, header: list[str] | None, timeout: float, protocol: str,
                    store: Path | None, transport: str = "auto"):
    from .live.options import CaptureOptions, parse_assignments

    options = CaptureOptions(env=parse_assignments(env, "=", "NAME", "--env"),
                             headers=parse_assignments(header, ":", "NAME", "--header"),
                             timeout=timeout, protocol=protocol, store=str(store) if store else None,
                             transport=transport)
    options.check()
    return options


PROFILE_OPTION = typer.Option("--profile", "-p", show_default=False, metavar="PROFILE",
                              help="Client profile for the lint: claude (default), openai, gemini, foundry, "
                              "copilot or generic. Beats lint.profile in the configuration.")
CONFIG_OPTION = typer.Option("--config", "-c", help="Configuration file (default: .mcp-inspect.yml "
                             "or .mcp-inspect.yaml in the working directory).", show_default=False)
REPORT_OUTPUT_OPTION = typer.Option("--output", "-o", help="Write the report to this file.", show_default=False)
FAIL_ON_OPTION = typer.Option("--fail-on", metavar="SEVERITY",
                              help="Lowest severity that fails the gate: BREAKING (default), "
                              "POTENTIALLY_BREAKING, NON_BREAKING or DOCUMENTATION. Beats fail_on in "
                              "the configuration.", show_default=False)

# The lint's selection, overrides, policy and revision (docs/lint.md, "Selection").
SELECT_OPTION = typer.Option("--select", metavar="CODES", show_default=False,
                             help="Checks to run: ALL (default), a family (MCP, SCH, NAM, SEC, LLM, BP), a code "
                             "(SEC-001) or a prefix (MCP-02*), comma-separated, repeatable. Replaces lint.select.")
IGNORE_OPTION = typer.Option("--ignore", metavar="CODES", show_default=False,
                             help="Checks to leave out, as --select names them; the more specific selector wins. "
                             "Replaces lint.ignore.")
RULE_OPTION = typer.Option("--rule", metavar="CODE=SETTING", show_default=False,
                           help="Turn a check off or on, or set the severity of all its findings (error, warning, "
                           "info); repeatable. Beats the policy and lint.rules for that code.")
POLICY_OPTION = typer.Option("--policy", metavar="compliance|governance", show_default=False,
                             help="compliance (default) lowers governance and heuristic errors to warnings; "
                             "governance keeps every severity. Beats lint.policy.")
SPEC_VERSION_OPTION = typer.Option("--spec-version", metavar="REVISION", show_default=False,
                                   help="The MCP revision the checks judge by: 2026-07-28 (default) or 2025-11-25. "
                                   "Beats lint.spec_version.")
VERBOSE_OPTION = typer.Option("--verbose", "-v", help="Text report: print each rule's advice under every finding "
                              "instead of once, in a How to fix section.")
