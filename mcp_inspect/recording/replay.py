"""Replay recorded calls against both sides of a diff.

Every recorded call's arguments are validated against the tool's old and new
``inputSchema``, and every recorded ``structuredContent`` against its old and new
``outputSchema`` (jsonschema, one compiled validator per distinct schema, and one verdict
per distinct value of a tool side). A value the old schema accepts and the new one rejects
is *rejected by new*; a call of a tool the new side no longer has is rejected by it too.
A side with no outputSchema accepts any result.

When jsonschema-rs is installed (the ``replay`` extra), it decides which values each schema
accepts, about a hundred times faster; every value it finds the old schema accepting and the
new one rejecting is checked again with jsonschema, which has the last word and the error
message. Without it, jsonschema decides everything (about 0.1 ms a value).

Patterns (``pattern``, ``patternProperties``) run on RE2 through ``patterns.validator``,
never on Python's backtracking ``re``; a pattern RE2 cannot run (a lookaround, a
backreference) is not run and never refuses a value on either side, so no call is counted
rejected because of it (the summary lists those patterns, and the report warns). jsonschema-rs
is not used for a schema that holds any pattern: its engine backtracks for lookarounds and
backreferences (up to a step limit, then an error), and its meaning of a pattern is not ours.

A value ``--redact`` replaced by its type name is replayed as a value of that type; an error
the stand-in causes below a redacted key, other than its type, is not counted (the real value
is unknown), so type-level verdicts survive redaction.

A validator that fails on a value is never a verdict. jsonschema-rs failing (it cannot take
every string Python holds, one with a lone surrogate) leaves the value to jsonschema; jsonschema
failing (a ``$ref`` that does not resolve, recursion past Python's limit) leaves the value
*not judged*: counted neither as accepted by the old schema nor as rejected by the new one,
and the report says how many (``CallsSummary.not_judged``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..catalogue import default_catalogue
from ..findings.calls import (
    INPUT,
    KEPT_REJECTED,
    OTHER_NAME,
    OUTPUT,
    CallsSummary,
    RejectedCall,
    Tally,
    property_path,
)
from ..findings.finding import DIFF, Finding
from ..findings.severity import Severity
from ..limits import MAX_CALLS_NAMES
from ..model import LIST_KIND_BY_KEY, EntityKind, Snapshot
from ..patterns.ecma import search
from ..patterns.validator import PASS, PatternNotRun, not_run, patterns_of, surface_validator
from ..snapshot.references import own_resources
from .calls import Call, Malformed

#: Distinct values whose verdicts one tool side remembers.
VERDICT_CACHE = 50_000
#: What a redacted value is replayed as, by the type name it was replaced with.
STAND_IN: dict[str, Any] = {"string": "", "integer": 0, "number": 0.5, "boolean": False, "array": [],
                            "object": {}, "null": None}
#: The longest validator message kept for a rejected call.
MAX_ERROR = 300


def _refuse_retrieval(uri: str) -> Any:
    """jsonschema-rs's retriever: a schema is untrusted, so a remote or ``file:`` ``$ref`` is
    not fetched; the validator then fails to compile and jsonschema alone decides."""
    raise ValueError(f"references are not fetched: {uri[:200]}")


class Validators:
    """Compiled validators, one per distinct schema (by its canonical JSON): jsonschema's, and
    jsonschema-rs's when it is installed and compiles the schema."""

    def __init__(self) -> None:
        self._by_text: dict[str, Any] = {}
        self._fast: dict[str, Any] = {}
        #: The patterns RE2 cannot run, by schema (canonical JSON): not applied (see the module).
        self._not_run: dict[str, list[tuple[str, str]]] = {}
        try:
            import jsonschema_rs  # type: ignore[import-not-found,import-untyped,unused-ignore]
        except ImportError:
            jsonschema_rs = None
        self._rs = jsonschema_rs

    def get(self, schema: Any) -> Any:
        if not isinstance(schema, dict | bool):
            schema = {}
        key = json.dumps(schema, sort_keys=True)
        validator = self._by_text.get(key)
        if validator is None:
            validator = self._by_text[key] = surface_validator(schema, mode=PASS, format_checker=None,
                                                                       retrieve=own_resources(schema))
            self._not_run[key] = not_run(schema)
            fast = None
            if self._rs is not None and not patterns_of(schema):  # a pattern: ours alone (see the module)
                try:
                    # Formats are annotations, as for jsonschema; references are never fetched.
                    fast = self._rs.validator_for(schema, validate_formats=False, retriever=_refuse_retrieval)
                except Exception:  # noqa: BLE001 - a schema it cannot compile: jsonschema alone decides
                    fast = None
            self._fast[key] = fast
        return validator

    def not_run(self, schema: Any) -> list[tuple[str, str]]:
        """The patterns of a schema ``get`` has compiled that RE2 cannot run, with why."""
        if not isinstance(schema, dict | bool):
            schema = {}
        return self._not_run.get(json.dumps(schema, sort_keys=True), [])

    def fast(self, schema: Any) -> Any:
        """The jsonschema-rs validator of a schema ``get`` has compiled, or None."""
        if not isinstance(schema, dict | bool):
            schema = {}
        return self._fast.get(json.dumps(schema, sort_keys=True))


@dataclass
class _Side:
    """One tool side (input or output) of both surfaces: its validators and what was seen."""

    old: Any  # a validator, or None: the side has no such tool
    new: Any
    same: bool
    #: jsonschema-rs's validators of the same schemas, when it compiled both (see the docstring).
    fast_old: Any = None
    fast_new: Any = None
    tally: Tally = field(default_factory=Tally)
    verdicts: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    #: Property key paths the recorded values set, and those a rejection involved.
    used: dict[tuple[str, ...], int] = field(default_factory=dict)
    #: The top-level property names either schema declares: their paths are always counted,
    #: any other at most until a table holds MAX_CALLS_NAMES paths (made-up keys stay small).
    declared: frozenset[str] = frozenset()
    involved: dict[tuple[str, ...], int] = field(default_factory=dict)
    #: The places in the schema each rejection's errors point at (``_places``), counted by
    #: their set; None stands for a rejection one of whose errors could not be placed.
    pointed: dict[tuple[frozenset[str] | None, frozenset[tuple[str, ...]]], int] = field(default_factory=dict)


class _Nothing:
    """The validator of a side that has no such tool: it accepts nothing."""

    def is_valid(self, _value: Any) -> bool:
        return False


_NONE = _Nothing()


class _NotJudged(Exception):
    """jsonschema failed on a value (a ``$ref`` that does not resolve, a pattern not run on
    its text): there is no verdict, and the value is counted as not judged."""


def _fast_valid(validator: Any, value: Any) -> bool | None:
    """jsonschema-rs's verdict, None when it fails on the value (a lone surrogate in a string
    or a key): then jsonschema decides, never a guess."""
    try:
        return bool(validator.is_valid(value))
    except Exception:  # noqa: BLE001 - a value it cannot take: no verdict from it
        return None


def _valid(validator: Any, value: Any) -> bool:
    if validator is None:
        return False
    try:
        return bool(validator.is_valid(value))
    except Exception as exc:  # noqa: BLE001 - a schema jsonschema cannot apply: no verdict at all
        raise _NotJudged(_why(exc)) from exc


def _why(exc: Exception) -> str:
    """What a report names for a failure to judge: its kind, never the value's text."""
    from referencing.exceptions import Unresolvable

    if isinstance(exc, PatternNotRun):
        return f"a pattern not run ({exc.reason})"
    if isinstance(exc, Unresolvable):
        return "a $ref that does not resolve"
    if isinstance(exc, RecursionError):
        return "nesting past Python's recursion limit"
    return f"{type(exc).__name__} from the validator"


class Replay:
    """One replay of recorded calls against ``old`` and ``new``; ``run`` then ``annotate``."""

    def __init__(self, old: Snapshot, new: Snapshot, source: str = "calls",
                 sink: Callable[[RejectedCall], None] | None = None) -> None:
        lk = LIST_KIND_BY_KEY["tools"]
        self.old_tools, self.new_tools = old.keyed(lk), new.keyed(lk)
        self.validators = Validators()
        self.summary = CallsSummary(source)
        self.sink = sink
        self._sides: dict[tuple[str, str], _Side] = {}
        #: Tool names on neither surface, and client names, counted apart so far (each at
        #: most MAX_CALLS_NAMES: a recording of a million made-up names stays small).
        self._strangers: set[str] = set()

    def _side(self, tool: str, kind: str) -> _Side | None:
        key = (tool, kind)
        side = self._sides.get(key)
        if side is None:
            before, after = self.old_tools.get(tool), self.new_tools.get(tool)
            field_name = "inputSchema" if kind == INPUT else "outputSchema"
            if kind == OUTPUT and (before is None or after is None
                                   or (field_name not in before and field_name not in after)):
                return None
            schema_before = before.get(field_name, {}) if isinstance(before, dict) else None
            schema_after = after.get(field_name, {}) if isinstance(after, dict) else None
            side = _Side(None if schema_before is None else self.validators.get(schema_before),
                         None if schema_after is None else self.validators.get(schema_after),
                         schema_before is not None and json.dumps(schema_before, sort_keys=True)
                         == json.dumps(schema_after, sort_keys=True))
            side.declared = frozenset(name for schema in (schema_before, schema_after) if isinstance(schema, dict)
                                      and isinstance(schema.get("properties"), dict) for name in schema["properties"])
            fast_old = None if schema_before is None else self.validators.fast(schema_before)
            fast_new = None if schema_after is None else self.validators.fast(schema_after)
            if (fast_old is not None or schema_before is None) and (fast_new is not None or schema_after is None) \
                    and (schema_before is not None or schema_after is not None):
                side.fast_old, side.fast_new = fast_old or _NONE, fast_new or _NONE
            for schema in (schema_before, schema_after):
                if schema is not None:
                    self.summary.patterns_not_run.update(self.validators.not_run(schema))
            self._sides[key] = side
            self.summary.tools.setdefault(tool, {})[kind] = side.tally
        return side

    def run(self, calls: Iterable[Call], malformed: Malformed | None = None) -> CallsSummary:
        summary = self.summary
        for call in calls:
            summary.calls += 1
            client = summary.clients.get(call.client)
            if client is None:
                if len(summary.clients) < MAX_CALLS_NAMES:
                    client = summary.clients[call.client] = Tally()
                else:  # one more name past the limit: counted with the others past it
                    summary.folded_client_calls += 1
                    client = summary.clients.setdefault(OTHER_NAME, Tally())
            client.recorded += 1
            if self._folded(call.tool):
                summary.folded_tool_calls += 1
                self._other().tally.recorded += 1  # on neither surface: no schema to judge it by
                continue
            side = self._side(call.tool, INPUT)
            assert side is not None
            arguments = call.arguments if call.arguments is not None else {}
            rejected = self._check(call, side, INPUT, arguments)
            if rejected:
                client.rejected_by_new += 1
            if call.has_structured:
                summary.results += 1
                out = self._side(call.tool, OUTPUT)
                if out is not None:
                    self._check(call, out, OUTPUT, call.structured)
        if malformed is not None:
            summary.malformed, summary.malformed_lines = malformed.count, list(malformed.lines)
            summary.lines_too_long, summary.line_limit = malformed.too_long, malformed.line_limit
        return summary

    def _folded(self, tool: str) -> bool:
        """Whether a call of ``tool`` is counted under OTHER_NAME: a tool neither surface has,
        once MAX_CALLS_NAMES such names are counted apart."""
        if tool in self.old_tools or tool in self.new_tools or tool in self._strangers:
            return False
        if len(self._strangers) < MAX_CALLS_NAMES:
            self._strangers.add(tool)
            return False
        return True

    def _other(self) -> _Side:
        side = self._sides.get((OTHER_NAME, INPUT))
        if side is None:
            side = self._sides[(OTHER_NAME, INPUT)] = _Side(None, None, False)
            self.summary.tools.setdefault(OTHER_NAME, {})[INPUT] = side.tally
        return side

    def _check(self, call: Call, side: _Side, kind: str, value: Any) -> bool:
        """Count one value; True when the new side newly rejects it."""
        tally = side.tally
        tally.recorded += 1
        if kind == INPUT and isinstance(value, dict):
            for key in value:  # which properties the calls set (top-level, and one level down)
                _tally_path(side.used, (key,), side.declared)
                inner = value[key]
                if isinstance(inner, dict):
                    for sub in inner:
                        _tally_path(side.used, (key, sub), side.declared)
        redacted = call.redacted if kind == INPUT else []
        if redacted:
            value = _stand_in(value, redacted)
        try:
            old_ok, new_ok = self._judge(side, value, redacted)
        except _NotJudged as why:
            summary = self.summary
            summary.not_judged += 1
            if why.args[0] in summary.not_judged_why or len(summary.not_judged_why) < MAX_CALLS_NAMES:
                summary.not_judged_why[why.args[0]] = summary.not_judged_why.get(why.args[0], 0) + 1
            return False
        if not old_ok:
            return False
        tally.accepted_by_old += 1
        if new_ok:
            return False
        tally.rejected_by_new += 1
        failed_on_old = kind == INPUT and call.is_error is True
        tally.failed_on_old += failed_on_old
        error, at, involved, places = self._explain(call.tool, side, value, redacted, kind)
        # Once per call for each property at or above an error: a call refused twice at one
        # property (a minLength and a pattern), or at two of its members, is one rejection.
        properties = frozenset(path[:n] for path in involved for n in range(1, len(path) + 1))
        for place in properties:
            _tally_path(side.involved, place, side.declared)
        key = (places, properties)
        if key not in side.pointed and len(side.pointed) >= MAX_CALLS_NAMES:
            # Past the bound, keys a call made up (not declared by the schema) are set aside: what
            # a finding is pointed at is a declared place, and memory stays bounded in names.
            key = (places, frozenset(p for p in properties if p[0] in side.declared))
        side.pointed[key] = side.pointed.get(key, 0) + 1
        shown = call.arguments if kind == INPUT else call.structured
        rejected = RejectedCall(call.line, call.tool, kind, call.client, shown, error, at, failed_on_old)
        if len(self.summary.rejected) < KEPT_REJECTED:
            self.summary.rejected.append(rejected)
        if self.sink is not None:
            self.sink(rejected)
        return True

    def _judge(self, side: _Side, value: Any, redacted: list[list[str | int]]) -> tuple[bool, bool]:
        """Whether the old schema accepts ``value`` and whether the new one does (the second
        is not asked when the first is no); ``_NotJudged`` when jsonschema fails on it."""
        if redacted:
            old_ok = _valid_redacted(side.old, value, redacted)
            return old_ok, old_ok and _valid_redacted(side.new, value, redacted)
        if side.fast_old is not None:
            fast_old = _fast_valid(side.fast_old, value)
            fast_new = fast_old if side.same or fast_old is False else _fast_valid(side.fast_new, value)
            if fast_old is False or (fast_old and fast_new):
                return bool(fast_old), bool(fast_new)
            # A rejection, which jsonschema confirms, or a value jsonschema-rs failed on.
            old_ok = _valid(side.old, value)
            return old_ok, old_ok and (side.same or _valid(side.new, value))
        try:
            key: str | None = json.dumps(value, sort_keys=True)
        except (TypeError, ValueError):
            key = None
        cached = side.verdicts.get(key) if key is not None else None
        if cached is not None:
            return cached
        old_ok = _valid(side.old, value)
        verdict = old_ok, old_ok and (side.same or _valid(side.new, value))
        if key is not None and len(side.verdicts) < VERDICT_CACHE:
            side.verdicts[key] = verdict
        return verdict

    def _explain(self, tool: str, side: _Side, value: Any, redacted: list[list[str | int]],
                 kind: str) -> tuple[str, str, list[tuple[str, ...]], frozenset[str] | None]:
        """The best error's message and instance pointer, the property key paths the errors
        involve, and the places in the schema they point at (None: one could not be placed)."""
        if side.new is None:
            return f"the new surface has no tool {tool!r}", "", [], None
        import jsonschema  # type: ignore[import-untyped,unused-ignore]

        try:
            errors = [e for e in side.new.iter_errors(value) if _counts(e, redacted)]
        except Exception as exc:  # noqa: BLE001 - see _valid
            return f"the new schema could not be applied ({type(exc).__name__})", "", [], None
        if not errors:
            return "rejected by the new schema", "", [], None
        # best_match keeps the first of equally relevant errors, and the validator's order can
        # hang on string hashes (its sets): sorted first, a call reads the same in every run.
        errors.sort(key=lambda error: (error.json_path, str(error.validator), error.message))
        best = jsonschema.exceptions.best_match(errors)
        involved: list[tuple[str, ...]] = []
        places: set[str] | None = set()
        root = "inputSchema" if kind == INPUT else "outputSchema"
        for error in errors:
            path = _key_path(error.absolute_path)
            members: list[str] = []
            if error.validator == "required" and isinstance(error.instance, dict):
                members = [name for name in error.validator_value or []
                           if isinstance(name, str) and name not in error.instance]
                involved += [(*path, name) for name in members]
            elif (refused := _refused_members(error)) is not None:
                members = refused
                involved += [(*path, name) for name in refused]
            elif path:
                involved.append(path)
            spots = _places(root, error, members)
            places = None if places is None or spots is None else places | spots
        message = best.message if len(best.message) <= MAX_ERROR else best.message[:MAX_ERROR - 1] + "…"
        return (message, "/" + "/".join(str(p) for p in best.absolute_path), involved,
                None if places is None else frozenset(places))

    def annotate(self, findings: list[Finding]) -> None:
        """Give each change finding on a tool's input or output its side's numbers."""
        renamed = {f.entity.name: f.before for f in findings
                   if f.rule == "tool.renamed" and isinstance(f.before, str)}
        for finding in findings:
            if finding.origin != DIFF or finding.entity.kind is not EntityKind.TOOL:
                continue
            rule = finding.rule
            if default_catalogue().diff_rule(rule).aspect in _UNREAD_ASPECTS:
                continue  # no validator reads it: no call is rejected for it (new-user trial, round 17)
            if rule.startswith("tool.input.") or rule in ("tool.removed", "tool.renamed"):
                kind = INPUT
            elif rule.startswith("tool.output."):
                kind = OUTPUT
            else:
                continue
            name = renamed.get(finding.entity.name, finding.entity.name)
            side = self._sides.get((name, kind))
            numbers = (side.tally if side is not None else Tally()).as_json()
            schemas = [tool.get("inputSchema") for tool in (self.old_tools.get(name), self.new_tools.get(name))
                       if isinstance(tool, dict)]
            prop = property_path(finding.path, *schemas) if kind == INPUT and rule.startswith("tool.input.") else ()
            if prop:
                used = side.used if side is not None else {}
                involved = side.involved if side is not None else {}
                numbers["propertyUsed"] = used.get(prop, 0) if len(prop) <= 2 else sum(
                    n for path, n in used.items() if path == prop[:2])
                numbers["propertyRejected"] = involved.get(prop, 0)
                numbers["property"] = list(prop)  # the argument, as its schema names it
            if rule.startswith(("tool.input.", "tool.output.")) and side is not None and finding.path:
                numbers["findingRejected"] = sum(
                    n for (places, properties), n in side.pointed.items()
                    if (any(_related(finding.path, place) for place in places) if places is not None
                        else not prop or prop in properties))
            if (rule.startswith("tool.input.") and finding.default_severity in _ADDITIVE
                    and not numbers.get("findingRejected")):
                # A change graded as rejecting nothing (an optional property added, an enum
                # widened) that no rejection points at: the tool's rejections belong to its other
                # changes, and n8n-mcp's ten added properties each repeated them (new-user trial,
                # round 19). One that rejections do point at keeps its numbers: a property added
                # to an open object refuses the undeclared values calls sent under its name
                # (hostile trial, round 20). A severity override does not move default_severity.
                continue
            finding.calls = numbers


#: The aspects (the catalogue's, rules/*.yaml) of keywords no validator reads: a default, a
#: deprecation, prose and a transport header. A change of one rejects no call, so its finding
#: gets no call numbers. mcp-yahoo-finance 0.2.0 declared a default beside the enum that
#: rejected a recorded call, and "1 of the 2 … because of 'freq'" stood under both.
_UNREAD_ASPECTS = frozenset({"defaults", "lifecycle", "prose", "transport"})
#: The grades of an input change that rejects nothing the old schema accepted.
_ADDITIVE = (Severity.NON_BREAKING, Severity.DOCUMENTATION)


def _tally_path(table: dict[tuple[str, ...], int], path: tuple[str, ...], declared: frozenset[str]) -> None:
    """Count ``path`` in ``table``: always for a declared property, else only while the
    table holds fewer than MAX_CALLS_NAMES paths."""
    if path in table:
        table[path] += 1
    elif path[0] in declared or len(table) < MAX_CALLS_NAMES:
        table[path] = 1


def _refused_members(error: Any) -> list[str] | None:
    """The names an object keyword refused (None for an error of another kind): its error
    lies at the object, not at the property it refuses. ``additionalProperties: false`` refuses
    the keys neither ``properties`` nor ``patternProperties`` take; ``unevaluatedProperties:
    false`` those its message names; a ``propertyNames`` error is about one name."""
    instance = error.instance
    if "propertyNames" in error.absolute_schema_path and isinstance(instance, str):
        return [instance]
    if not isinstance(instance, dict) or error.validator_value is not False:
        return None
    if error.validator == "additionalProperties" and isinstance(error.schema, dict):
        declared = error.schema.get("properties")
        patterns = error.schema.get("patternProperties")
        declared = declared if isinstance(declared, dict) else {}
        patterns = [p for p in patterns if isinstance(p, str)] if isinstance(patterns, dict) else []

        def matched(name: str) -> bool:
            # On RE2, as every pattern from a surface; one it cannot run may match, so the
            # name is not blamed on it.
            return any(search(pattern, name) is not False for pattern in patterns)

        return [name for name in instance if isinstance(name, str) and name not in declared and not matched(name)]
    if error.validator == "unevaluatedProperties":
        return [name for name in instance if isinstance(name, str) and repr(name) in error.message]
    return None


#: Keywords whose error is about their whole subschema, not one keyword of it: the value
#: matched none (or the wrong number) of the branches, or the condition's other side.
WHOLE = frozenset({"anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentSchemas",
                   "dependencies", "contains"})


def _places(root: str, error: Any, members: list[str]) -> set[str] | None:
    """Where in the schema ``error`` points, written as findings write paths
    (``inputSchema.properties.q.minLength``): the failing keyword; for a combinator the
    subschema that holds it; for ``required`` and a refused key, also the properties it
    names. None when the error went through a reference (``$ref``): its schema path then
    names the referenced schema's inside, not where a finding would say it is."""
    steps = [str(step) for step in error.absolute_schema_path]
    if not steps or any(step in ("$ref", "$dynamicRef", "$recursiveRef") for step in steps):
        return None
    keyword, owner = steps[-1], steps[:-1]
    place = ".".join([root, *owner]) if keyword in WHOLE else ".".join([root, *owner, keyword])
    return {place, *(".".join([root, *owner, "properties", name]) for name in members)}


def _related(path: str, place: str) -> bool:
    """A finding at ``path`` is pointed at by an error at ``place`` when one lies inside the
    other: the error at the changed keyword or inside the changed subschema, or a finding
    inside the subschema a combinator's error is about."""
    return path == place or path.startswith(place + ".") or place.startswith(path + ".")


def _key_path(path: Iterable[Any]) -> tuple[str, ...]:
    out: list[str] = []
    for step in path:
        if not isinstance(step, str):
            break
        out.append(step)
    return tuple(out)


def _stand_in(value: Any, redacted: list[list[str | int]]) -> Any:
    """``value`` with each redacted key's type name replaced by a value of that type (a path
    steps into an array by its index)."""
    if not isinstance(value, dict):
        return value
    value = json.loads(json.dumps(value))
    for path in redacted:
        holder = value
        for key in path[:-1]:
            holder = _step(holder, key)
        if path and isinstance(holder, dict) and isinstance(path[-1], str) and path[-1] in holder:
            name = holder[path[-1]]
            holder[path[-1]] = STAND_IN.get(name, name) if isinstance(name, str) else name
    return value


def _step(holder: Any, key: str | int) -> Any:
    if isinstance(holder, dict) and isinstance(key, str):
        return holder.get(key)
    if isinstance(holder, list) and isinstance(key, int) and 0 <= key < len(holder):
        return holder[key]
    return None


def _counts(error: Any, redacted: list[list[str | int]]) -> bool:
    """Whether a validation error stands though some values were redacted: any error outside
    the redacted values, and a type error at a redacted value itself."""
    path = list(error.absolute_path)
    for hidden in redacted:
        if path[:len(hidden)] == hidden:
            return path == hidden and error.validator == "type"
    return True


def _valid_redacted(validator: Any, value: Any, redacted: list[list[str | int]]) -> bool:
    if validator is None:
        return False
    try:
        if validator.is_valid(value):
            return True
        return not any(_counts(e, redacted) for e in validator.iter_errors(value))
    except Exception as exc:  # noqa: BLE001 - see _valid
        raise _NotJudged(_why(exc)) from exc
