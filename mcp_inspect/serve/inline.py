"""The service's entry points (``mcp-inspect serve``): inline JSON only, nothing named here
is read or run. Kept apart from ``api`` (the library's public functions): these turn a
request's parsed body into the Snapshots, Configs and listings that ``api`` then works on.
"""

from __future__ import annotations

from typing import Any

from ..catalogue import default_catalogue
from ..config.load import Config
from ..errors import FieldError, InputError
from ..model import Snapshot


def parse_request(data: bytes) -> Any:
    """A request body sent to the service, parsed as JSON only (never YAML) by the reader the
    CLI uses, under the same limits on size of numbers, strings and nesting. A document inside
    it (a surface, a configuration) sits one level down, so the body may nest one level deeper
    than a file; ``surface_from_value`` and ``config_from_value`` hold each document to the
    usual limit. InputError (naming the body) when it is not such JSON."""
    from ..limits import MAX_NESTING_DEPTH
    from ..snapshot.reader import decode_text, parse_document

    text = decode_text(data, "request body")
    # Named as a JSON file, so that text which does not look like JSON is an error, not YAML.
    return parse_document(text, "request body", hint="request.json", max_depth=MAX_NESTING_DEPTH + 1)


def surface_from_value(value: Any, name: str, *, nameless: bool = False, max_tools: int | None = None) -> Snapshot:
    """A surface given inline as JSON (any accepted shape, already parsed) as a Snapshot whose
    source is ``name``. Only data is accepted: a string (a file path, a URL, ``stdio:``,
    ``@NAME``, ``git:REF:PATH``) or an mcp.json client configuration would name something to
    read or start, and is refused. ``nameless`` reads tools without a name (what the lint
    does), ``max_tools`` caps the tool objects. FieldError, naming ``name``, on bad input."""
    from ..live.config import is_client_config
    from ..snapshot.reader import check_json_depth
    from ..snapshot.shapes import nameless_tools_allowed, snapshot_from_value

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


#: Recorded calls one /diff request may carry (the body's size limit applies as well).
MAX_CALLS = 10_000


def calls_from_value(value: Any) -> list[Any]:
    """The ``calls`` of a /diff request: a list of at most MAX_CALLS recorded values, each what
    one line of a recording holds (a ``mcp-inspect record`` entry, a JSON-RPC message or an
    OpenTelemetry span). FieldError naming ``calls`` otherwise."""
    from ..snapshot.reader import check_json_depth

    if not isinstance(value, list):
        raise FieldError("calls: expected an array of recorded calls (what each line of a recording holds)", "calls")
    if len(value) > MAX_CALLS:
        raise FieldError(f"calls: holds {len(value):,} recorded calls, more than the limit of {MAX_CALLS:,}", "calls")
    for index, item in enumerate(value):
        if not isinstance(item, dict | list):
            raise FieldError(f"calls[{index}]: expected an object (a recorded call, a JSON-RPC message or a span), "
                             f"got {type(item).__name__}", f"calls[{index}]")
    try:
        check_json_depth(value, "calls")
    except InputError as error:
        raise FieldError(str(error), "calls") from None
    _not_wholly_malformed(value)
    return value


def _not_wholly_malformed(value: list[Any]) -> None:
    """FieldError when no item of a non-empty ``calls`` holds anything the reader knows: a
    body that is all malformed is the client's mistake (400), where some malformed items
    among good ones are skipped and counted in the report, as lines of a file are."""
    from ..recording.calls import Malformed, calls_from_list

    malformed = Malformed()
    for _call in calls_from_list(value, malformed):
        pass
    if value and malformed.count == len(value):
        shown = ", ".join(f"calls[{line - 1}]" for line in malformed.lines) + (", …" if malformed.count > len(
            malformed.lines) else "")
        raise FieldError(f"calls: none of its {len(value):,} items holds a recorded call (an mcp-inspect record "
                         f"entry, a JSON-RPC message or an OpenTelemetry span of the expected types): {shown}",
                         "calls")


def config_from_value(value: Any, *, lint_only: bool = False) -> Config:
    """A configuration sent as JSON to the service, read as ``.mcp-inspect.yml`` is read: the
    same schema, rule ids and checks. ``lint_only``: the value is a ``lint`` section alone. No
    ``llm`` setting is accepted anywhere: the service calls no language model. FieldError
    names the field (``config.lint.select``; ``config.select`` for a lint section)."""
    import json

    from ..checks.tokens import get_counter
    from ..config.load import parse_config
    from ..config.places import FieldPaths
    from ..limits import MAX_CONFIG_BYTES
    from ..snapshot.reader import check_json_depth

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

    from ..report.rules_list import lint_rule_to_json, render_rules_json, rule_to_json, suggest_rule

    catalogue_ = default_catalogue()
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
