"""Helpers several tests share: findings and reports made the way the library makes them, the
one way a test times work, and a command run on a terminal."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.findings.facets import TokenReport
from mcp_inspect.findings.finding import LINT, Finding
from mcp_inspect.findings.severity import Level
from mcp_inspect.model import Entity, EntityKind, Snapshot
from mcp_inspect.policy import split_by_origin

#: zod's safe-integer bound (``.int()``).
_SAFE = 9007199254740991
#: Two spellings of one nullable field: a type list with the keywords of its type (what zod
#: writes for a field with no bound, or a hand-written schema) and zod's union of a typed
#: branch and null (what zod 3 and zod 4 write once the field has a bound; new-user trial,
#: round 17).
ZOD_NULLABLE = {
    "string with a maxLength": ({"type": ["string", "null"], "maxLength": 256},
                                {"anyOf": [{"type": "string", "maxLength": 256}, {"type": "null"}]}),
    "string with a format": ({"type": ["string", "null"], "format": "email"},
                             {"anyOf": [{"type": "string", "format": "email"}, {"type": "null"}]}),
    "string with a pattern": ({"type": ["string", "null"], "pattern": "^[a-z]+$", "minLength": 1},
                              {"anyOf": [{"type": "string", "minLength": 1, "pattern": "^[a-z]+$"}, {"type": "null"}]}),
    "integer with bounds": ({"type": ["integer", "null"], "minimum": 1, "maximum": 100},
                            {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 100}, {"type": "null"}]}),
    "integer of zod's .int()": ({"type": ["integer", "null"]}, {"anyOf": [
        {"type": "integer", "minimum": -_SAFE, "maximum": _SAFE}, {"type": "null"}]}),
    "integer of zod's .int().positive()": ({"type": ["integer", "null"], "exclusiveMinimum": 0}, {"anyOf": [
        {"type": "integer", "exclusiveMinimum": 0, "maximum": _SAFE}, {"type": "null"}]}),
    "array with items": ({"type": ["array", "null"], "items": {"type": "string"}, "maxItems": 5},
                         {"anyOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 5}, {"type": "null"}]}),
    "object with properties": (
        {"type": ["object", "null"], "properties": {"a": {"type": "string"}}, "required": ["a"],
         "additionalProperties": False},
        {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
                    "additionalProperties": False}, {"type": "null"}]}),
}


def accepted_by_both(schema: Any, value: Any) -> bool:
    """Whether ``schema`` accepts ``value``, by jsonschema and by jsonschema-rs, each in the draft
    the schema declares (2020-12 when none) with formats asserted; the two must agree. Tests
    that check a witness use it so that no verdict rests on the code that found the witness.
    Modules that call it skip without jsonschema-rs (``pytest.importorskip``)."""
    import jsonschema
    import jsonschema_rs

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    first = cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value)
    second = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    assert first == second, f"the two validators disagree on {value!r} against {schema}"
    return first


def one_tool(schema: Any, name: str) -> Snapshot:
    """A surface of one tool, ``t``, whose input schema is ``schema`` (``name`` is its source)."""
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    return snapshot_from_value({"tools": [{"name": "t", "inputSchema": schema}]}, name)


def property_changes(old: Any, new: Any) -> list[tuple[str, str, str]]:
    """(rule, path, message) of each change the classifier finds when tool ``t``'s input
    property ``x`` goes from ``old`` to ``new``: no witness search, no lint."""
    from mcp_inspect.classify.engine import diff_snapshots

    def side(schema: Any, name: str) -> Snapshot:
        return one_tool({"type": "object", "properties": {"x": schema}}, name)

    return [(f.rule, f.path, f.message) for f in diff_snapshots(side(old, "old"), side(new, "new")).findings]


def diff_input_schemas(old: Any, new: Any) -> Any:
    """The diff of tool ``t``'s input schema from ``old`` to ``new``, as ``mcp-inspect diff`` makes it."""
    from mcp_inspect import api

    return api.diff(one_tool(old, "old"), one_tool(new, "new"))


def breaking_input_witness(old: Any, new: Any, path: str) -> tuple[Any, Any]:
    """The one BREAKING finding of the diff of tool ``t``'s input schema from ``old`` to
    ``new``, at a path ending with ``path`` (a whole path starts with ``inputSchema``, so it
    must equal it), and its witness: found, accepted by the old schema and refused by the new
    one, by both validators."""
    return _breaking_witness(diff_input_schemas(old, new), path, accepting=old, refusing=new)


def _breaking_witness(report: Any, path: str, *, accepting: Any, refusing: Any) -> tuple[Any, Any]:
    """The one BREAKING finding of ``report``, at a path ending with ``path``, and its witness:
    found, accepted by ``accepting`` and refused by ``refusing``, by both validators."""
    (finding,) = [f for f in report.changes if f.severity.name == "BREAKING"]
    assert finding.path.endswith(path), finding.path
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(accepting, value), value
    assert not accepted_by_both(refusing, value), value
    return finding, value


def diff_output_schemas(old: Any, new: Any) -> Any:
    """The diff of tool ``t``'s output schema from ``old`` to ``new`` (its input an empty object)."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def surface(schema: Any, name: str) -> Snapshot:
        tool = {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}
        return snapshot_from_value({"tools": [tool]}, name)

    return api.diff(surface(old, "old"), surface(new, "new"))


def breaking_output_witness(old: Any, new: Any, path: str) -> tuple[Any, Any]:
    """The output mirror of ``breaking_input_witness``: the one BREAKING finding of the diff of
    tool ``t``'s output schema from ``old`` to ``new``, at a path ending with ``path``, and its
    witness: found, allowed by the new schema and refused by the old one, by both validators."""
    return _breaking_witness(diff_output_schemas(old, new), path, accepting=new, refusing=old)


@dataclass
class LintComparison:
    """The lint of a diff's two sides without the classification (so no rename is known
    unless told): what the policy pass sees."""

    introduced: list[Finding]
    inherited: list[Finding]
    tokens_old: TokenReport
    tokens_new: TokenReport
    #: The old side's findings the new side does not account for.
    resolved: list[Finding]

    @property
    def failed(self) -> bool:
        """What the default gate makes of it: an introduced error fails."""
        return any(f.severity >= Level.ERROR for f in self.introduced)


def compare_lint(old: Snapshot, new: Snapshot, settings: LintSettings | None = None,
                 renamed: Iterable[tuple[str, str]] = ()) -> LintComparison:
    before, tokens_old = lint_tools(old.tools or [], settings)
    if new.tools is old.tools:
        after, tokens_new = before, tokens_old
    else:
        after, tokens_new = lint_tools(new.tools or [], settings)
    introduced, inherited, resolved = split_by_origin(before, after, renamed)
    return LintComparison(introduced, inherited, tokens_old, tokens_new, resolved)


def lint_finding(code: str, tool: str | None, path: str, args: dict[str, Any] | None = None,
                 variant: str = "default", level: Level | None = None) -> Finding:
    """A lint finding as the engine makes it."""
    rule = default_catalogue().lint_rule(code)
    severity = level or rule.severity
    entity = Entity(EntityKind.TOOL, tool) if tool is not None else Entity(EntityKind.SERVER, "")
    return Finding(code, rule, entity, path, severity, severity, origin=LINT, args=args or {}, variant=variant)


def lint_report(tools: list[Any], source: str, *, name: str | None = None,
                settings: LintSettings | None = None) -> Any:
    """The report ``mcp-inspect lint`` makes of a tool list read from ``source``."""
    from mcp_inspect.api import lint
    from mcp_inspect.snapshot.shapes import nameless_tools_allowed, snapshot_from_value

    with nameless_tools_allowed():
        snapshot = snapshot_from_value({"tools": tools}, source)
    return lint(snapshot, settings, name=name)


def change_finding(rule_id: str, severity: Any, entity: Entity, path: str = "", message: str = "",
                   advice: str = "", before: Any = None, after: Any = None) -> Finding:
    """A change finding of a rule made up for the test (its summary is the message)."""
    from mcp_inspect.findings.finding import DIFF
    from mcp_inspect.findings.rule import Rule

    rule = Rule(rule_id, "change", "tool", severity, "contract", "test", message, advice, "stable", "0.1.0",
                "project", entity.kind.value)
    return Finding(rule_id, rule, entity, path, severity, severity, origin=DIFF, before=before, after=after)


def decided(report: Any) -> Any:
    """A report whose gate the policy pass decided with the defaults."""
    from mcp_inspect.policy import decide

    decide(report)
    return report


def regate(report: Any, fail_on: Any) -> Any:
    """The report with its changes' threshold moved, decided again (as ``--fail-on`` does)."""
    report.gate.changes = fail_on
    return decided(report)


def least_time(run: Callable[[], object], enough: float, tries: int = 5) -> float:
    """The shortest of up to ``tries`` timings of ``run()``, stopping at the first under
    ``enough``: a loaded machine slows a try down, and another one is taken; work that really
    grows too fast is slow on every try. The garbage collector is held off while timing (a
    collection landing in one try, and costing more the more is alive, is not the code's work)."""
    best = float("inf")
    for _ in range(tries):
        gc.collect()
        gc.disable()
        try:
            started = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - started)
        finally:
            gc.enable()
        if best < enough:
            break
    return best


def on_a_terminal(*args: str) -> str:
    """What ``mcp-inspect ARGS`` writes to a terminal that both its stdout and its stderr are
    (a pseudo-terminal, as a shell gives it): CliRunner's streams are no terminal."""
    leader, follower = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), "NO_COLOR": "1"}
    with subprocess.Popen([sys.executable, "-m", "mcp_inspect", *args], stdin=subprocess.DEVNULL,
                          stdout=follower, stderr=follower, env=env) as run:
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's last writer is gone
                break
            if not chunk:
                break
            said += chunk
        run.wait(timeout=60)
    os.close(leader)
    return said.decode()
