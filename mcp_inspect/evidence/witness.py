"""A witness search's answer: the value found (search.py finds it), or why none can be.

A BREAKING input finding without a witness is a question: either the finding or the search
is wrong. The answers here are the documented reasons a witness cannot exist (a property
removed from an object that still accepts it, a keyword or format no validator enforces, an
old schema that accepts no call, a schema the validator cannot read) and, for any other
case, how far the search went, so an audit (bench/witness_audit.py) can tell the two apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from jsonschema.exceptions import SchemaError

from ..checks.rules.no_call import no_call_accepted
from ..findings.evidence import INPUT, OUTPUT, Witness
from ..limits import MAX_CANDIDATE_VALUES, MAX_WITNESS_ATTEMPTS, MAX_WITNESS_DEPTH, MAX_WITNESS_SECONDS
from ..snapshot.references import list_index
from ..text.escape import cut_json, json_call
from .candidates import Endless, Shared, Spent
from .places import NAMING
from .search import SHOWN, Search, compile_validator


def search(accept: Any, reject: Any, *, direction: str = INPUT, focus: Iterable[str] = (), where: str | None = None,
           claimed: Iterable[str] = (), removed: bool = False, attempts: int = MAX_WITNESS_ATTEMPTS,
           seconds: float = MAX_WITNESS_SECONDS, report_seconds: float | None = None,
           shared: Shared | None = None) -> Witness:
    """A value ``accept`` takes and ``reject`` refuses, as a Witness (found, or a note why not);
    ``where`` (a path inside the schema) asks for one refused there (see Search)."""
    try:
        engine = Search(accept, reject, focus=focus, where=where, claimed=claimed, removed=removed,
                        attempts=attempts, seconds=seconds, shared=shared)
    except SchemaError as error:
        side = "old" if (direction == INPUT) == _is_side(accept, error) else "new"
        return Witness(note=f"the {side} schema is not a valid JSON Schema: {_schema_error(error)}",
                       direction=direction, reason="invalid_schema")
    except Exception as error:  # an unreadable $schema, a broken reference: say so, never a traceback
        return Witness(note=f"a schema could not be read by the validator: {_first_line(error)}", direction=direction,
                       reason=_failure_reason(error))
    empty = no_call_accepted(accept) if direction == INPUT else None
    if empty is not None:  # no call worked, so none can stop working (MCP-014 says why)
        return Witness(note=f"the old schema accepts no call ({empty}), so none can break",
                       direction=direction, reason="accepts_no_call")
    try:
        value = engine.run()
    except Spent:
        if engine.mixed is not None:
            return Witness(engine.mixed, True, None, direction, engine.attempts)
        if engine.still is not None:
            return _still_accepted(engine, direction)
        if engine.attempts > attempts:
            said = f"none found within the search budget ({attempts:,} validations)"
        elif report_seconds is not None:  # the time left was the report's, not this search's own
            said = f"none found before the report's witness budget ({report_seconds:g} s) was spent"
        else:
            said = f"none found within the search budget ({seconds:g} s)"
        return Witness(note=f"{said}{_caveats(engine)}", direction=direction, attempts=engine.attempts,
                       reason="budget")
    except Endless:
        return Witness(note="a schema cannot be judged: its $ref loop refers back to itself without reading "
                            "deeper into the value", direction=direction, attempts=engine.attempts, reason="ref_loop")
    except SchemaError as error:
        return Witness(note=f"a schema is not a valid JSON Schema: {_schema_error(error)}", direction=direction,
                       attempts=engine.attempts, reason="invalid_schema")
    except Exception as error:  # a validator failure on untrusted input: a note, never a traceback
        return Witness(note=f"the validator failed: {_failure(error)}", direction=direction,
                       attempts=engine.attempts, reason=_failure_reason(error))
    if value is None and engine.mixed is not None:
        value = engine.mixed
    if value is None and engine.still is not None:
        return _still_accepted(engine, direction)
    if value is None:
        return _none_found(engine, direction)
    return Witness(value, True, None, direction, engine.attempts)


def _still_accepted(engine: Search, direction: str) -> Witness:
    # Written and cut as a witness is (json_call, then cut_json, saying so): a bare "…" on a
    # line shown as a call to copy read as the call whole (hostile trial, round 27), and cut
    # before its escapes were written it ran six times past the limit with a count of nothing
    # shown (round 28).
    sent = cut_json(json_call(engine.still), SHOWN)
    return Witness(note=f"the new schema still accepts a call that sends it, such as {sent}", direction=direction,
                   attempts=engine.attempts, reason="open_object", example=sent, accepted=engine.still)


def _none_found(engine: Search, direction: str) -> Witness:
    """The answer when the candidates ran out: why no call can be refused at the finding's
    place when its keyword is one the validator does not enforce (a vendor keyword, a format
    it does not assert), else that none was found."""
    said = ("every argument object tried that the old schema accepts, the new one accepts too"
            if direction == INPUT else "every result tried that the new schema allows, the old one allowed too")
    note, reason = f"none found in {engine.attempts:,} validations: {said}{_caveats(engine)}", "none_found"
    if engine.removed and _open_object(engine, engine.reject_root if direction == INPUT else engine.accept_root):
        return Witness(note="the new schema's object accepts properties it does not name, so it refuses none for "
                            "sending this one (no call tried validates against both schemas, for other changes)",
                       direction=direction, attempts=engine.attempts, reason="open_object")
    keyword = engine.where[-1] if engine.where else None
    known = set(type(engine.reject).VALIDATORS) | set(type(engine.accept).VALIDATORS)
    known |= {keyword for keyword, reader in _READ_BY.items() if reader in known}
    if keyword == "format":
        value = _at_path(engine.reject_root if direction == INPUT else engine.accept_root, engine.where or [])
        if isinstance(value, str) and value not in engine.reject.format_checker.checkers:
            note = (f"the validator does not assert format {json.dumps(value)} (in 2020-12 a format is an "
                    f"annotation unless asserted), so no call is refused for it; a client that asserts it may")
            reason = "format_not_asserted"
    elif isinstance(keyword, str) and keyword not in known and not keyword.isdigit() and _is_keyword_step(engine.where):
        note = f"{json.dumps(keyword)} is not a keyword a validator reads: no call is refused for it"
        reason = "vendor_keyword"
    return Witness(note=note, direction=direction, attempts=engine.attempts, reason=reason)


#: Keywords a validator reads in another keyword's check, so its table of keywords leaves
#: them out: jsonschema counts ``minContains`` inside ``contains`` and ``then``/``else``
#: inside ``if`` (a change of them was said to be "not a keyword a validator reads").
_READ_BY = {"minContains": "contains", "maxContains": "contains", "then": "if", "else": "if"}


def _open_object(engine: Search, root: Any) -> bool:
    """Whether the object holding the removed property (the path ``…properties.<name>``) in
    ``root`` accepts names it does not declare: no ``additionalProperties`` or
    ``unevaluatedProperties`` false, no ``propertyNames``, and the name not declared there."""
    where = engine.where or []
    if len(where) < 2 or where[-2] != "properties":
        return False
    node = _at_path(root, where[:-2])
    if not isinstance(node, dict):
        return False
    node = engine.view(node, root)
    declared = node.get("properties")
    return (node.get("additionalProperties") is not False and node.get("unevaluatedProperties") is not False
            and "propertyNames" not in node and not (isinstance(declared, dict) and where[-1] in declared))


def _at_path(schema: Any, parts: list[str]) -> Any:
    """The value at a schema path (``properties.url.format``), or None. A union step is read
    under either union keyword: a finding names the old side's (a disjoint oneOf is anyOf in
    the canonical form, and either side may spell it)."""
    node = schema
    for part in parts:
        if isinstance(node, dict) and part in ("anyOf", "oneOf") and part not in node:
            part = "oneOf" if part == "anyOf" else "anyOf"
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and (at := list_index(part, len(node))) is not None:
            node = node[at]
        else:
            return None
    return node


def _is_keyword_step(where: list[str] | None) -> bool:
    """Whether the last step of a schema path is a keyword, not a name under ``properties``
    (or another keyword whose next step is a name)."""
    return bool(where) and not (len(where) > 1 and where[-2] in NAMING)


def _failure_reason(error: BaseException) -> str:
    """A reference that does not resolve because it is remote (never fetched), or another failure."""
    ref = getattr(error, "ref", None)
    return "remote_ref" if isinstance(ref, str) and not ref.startswith("#") else "validator_failed"


def _caveats(engine: Search) -> str:
    """What a note without a witness adds when the search did not try everything: candidates
    skipped for a pattern RE2 cannot run, values not built past MAX_WITNESS_DEPTH, candidates
    not built for holding more than MAX_CANDIDATE_VALUES values."""
    deep = (f"; calls were built at most {MAX_WITNESS_DEPTH} levels deep, and the schema goes deeper"
            if engine.cut_deep else "")
    large = engine.too_large
    wide = (f"; {large:,} candidate{'' if large == 1 else 's'} not built: the schema asks for more than "
            f"{MAX_CANDIDATE_VALUES:,} values in one call" if large else "")
    return _skips(engine) + deep + wide


def _skips(engine: Search) -> str:
    """What a note adds when candidates were skipped for a pattern RE2 cannot run."""
    first = engine.not_run_first
    if first is None:
        return ""
    shown = first.pattern if isinstance(first.pattern, str) else json.dumps(first.pattern)
    shown = shown if len(shown) <= 60 else shown[:60] + "…"
    count = engine.not_run
    return (f"; {count:,} candidate{'' if count == 1 else 's'} skipped: judging "
            f"{'it' if count == 1 else 'them'} needed a pattern RE2 cannot run, which is not run "
            f"({json.dumps(shown, ensure_ascii=False)}: {first.reason})")


def _is_side(schema: Any, error: SchemaError) -> bool:
    try:
        compile_validator(schema)
    except SchemaError:
        return True
    except Exception:
        return True
    return False


def _schema_error(error: BaseException) -> str:
    """Where the meta-schema refused a schema and by which keyword: its message quotes the
    value as a Python repr (in the input's key order, so two spellings of one surface would
    read apart, and unbounded)."""
    keyword, path = getattr(error, "validator", None), getattr(error, "json_path", None)
    if isinstance(keyword, str) and isinstance(path, str):
        return f"the value at {path[:200]} fails the meta-schema's {keyword!r}"
    return _first_line(error)


def _failure(error: BaseException) -> str:
    """What failed, without the schema: a resolver's message quotes the whole schema as a
    Python dict (in the input's key order, so two spellings of one surface would read apart,
    and unbounded); its unresolved reference is what a reader needs."""
    ref = getattr(error, "ref", None)
    if isinstance(ref, str) and not ref.startswith("#"):
        return f"the $ref {ref[:200]!r} does not resolve (a reference outside the schema is never fetched)"
    if isinstance(ref, str):
        return f"the $ref {ref[:200]!r} does not resolve"
    # Said in words: "AttributeError" told a reader nothing but the tool's own language
    # (hostile trial, round 42).
    if isinstance(error, AttributeError | TypeError | LookupError | ValueError):
        return "it could not read a value the schemas hold where it expected another kind of value"
    return "it stopped with an error of its own while judging a call against the schemas"


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "message", "") or error) or type(error).__name__
    return text.splitlines()[0][:200]


__all__ = ["INPUT", "OUTPUT", "search"]
