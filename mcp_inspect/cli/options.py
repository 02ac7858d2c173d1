"""The options several commands share, declared once (the commands live in the modules beside this one)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..errors import InputError

if TYPE_CHECKING:
    from ..config.load import Config
    from ..llm.review import Reviewer
    from ..runtime.phases import Phases

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


def note(message: str) -> None:
    """A capture's note on stderr (an era probe that waited out its time, and the remedy)."""
    from .output import say

    say(f"mcp-inspect: note: {message}")


def capture_options(env: list[str] | None, header: list[str] | None, timeout: float, protocol: str,
                    store: Path | None, transport: str = "auto"):
    from ..live.options import CaptureOptions, parse_assignments

    options = CaptureOptions(env=parse_assignments(env, "=", "NAME", "--env"),
                             headers=parse_assignments(header, ":", "NAME", "--header"),
                             timeout=timeout, protocol=protocol, store=str(store) if store else None,
                             transport=transport, notice=note)
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
                             help="Checks to run: recommended (default: the checks `mcp-inspect rules` marks), ALL, a "
                             "family (MCP, SCH, NAM, SEC, LLM, BP), a code (SEC-001) or a prefix (MCP-02*), "
                             "comma-separated, repeatable. Replaces lint.select.")
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

# The model review (docs/llm.md): advice beside the findings, never the gate.
LLM_OPTION = typer.Option("--llm/--no-llm", show_default=False,
                          help="Ask a language model for its opinion: of each tool definition (lint), of each "
                          "changed description (diff). Shown beside the findings, marked as a model's opinion; "
                          "never changes a severity, the gate or the exit code. Sends the definitions to the "
                          "provider. Needs the 'llm' extra. Beats llm.enabled.")
LLM_PROVIDER_OPTION = typer.Option("--llm-provider", metavar="anthropic|openai|ollama", show_default=False,
                                   help="Who answers (default anthropic; the key comes from ANTHROPIC_API_KEY or "
                                   "OPENAI_API_KEY). Beats llm.provider.")
LLM_MODEL_OPTION = typer.Option("--llm-model", metavar="MODEL", show_default=False,
                                help="The model (default: a small current model of the provider, see docs/llm.md). "
                                "Beats llm.model.")
NO_LLM_CACHE_OPTION = typer.Option("--no-llm-cache", help="Ask the model again: neither read nor write the cache "
                                   "of its answers ($MCP_INSPECT_CACHE_DIR, else the user's cache directory).")

SOURCE_ROOT_OPTION = typer.Option(
    "--source-root", metavar="DIR", show_default=False,
    help="Point each finding at the line of the server's code that registers its tool or declares its property, "
    "read from DIR (default: the git work tree holding the surface's file, or the working directory's; "
    "docs/source.md).")
NO_SOURCE_OPTION = typer.Option("--no-source", help="Read no source code: findings point at the snapshot only.")


def source_root(given: Path | None, no_source: bool, surface: str) -> Path | None:
    """The directory of the server's code to locate findings in (``--source-root``, else the
    default for ``surface``), or None: ``--no-source``, or no default applies."""
    from .. import api

    if given is not None and no_source:
        raise InputError("--source-root and --no-source contradict each other: give one")
    return None if no_source else given or api.default_source_root(surface)


def model_review(loaded: Config, enabled: bool | None, provider: str | None, model: str | None, no_cache: bool,
                 phases: Phases) -> Reviewer | None:
    """The run's model review when ``--llm`` or ``llm.enabled`` asks for one, its progress on
    the status line; None otherwise. A bad option or a missing client: InputError (exit 2)."""
    from .. import api

    settings = api.llm_settings(loaded.llm, enabled=enabled, provider=provider, model=model,
                                cache=False if no_cache else None)
    if not settings.enabled:
        return None
    return api.model_reviewer(settings, progress=lambda done, total: phases.show(f"model review: {done}/{total}"))
