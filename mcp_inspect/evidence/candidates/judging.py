"""The state of one search and the reading every builder shares: the attempt and time budgets,
judging a value against a part of either schema, and a schema read as one object (``view``)
with its references followed and its ``allOf`` merged in."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

from ...limits import (
    MAX_CANDIDATE_VALUES,
    MAX_WITNESS_ATTEMPTS,
    MAX_WITNESS_DEPTH,
    MAX_WITNESS_SECONDS,
)
from ...patterns.validator import PatternNotRun
from ...snapshot.drafts import LACKING
from ...snapshot.identity import ByIdentity
from ...snapshot.references import References
from .reading import CONDITIONAL, declared_types, route_steps
from .streams import key_of, size_of


class Unsure(Exception):
    """A candidate the validator cannot judge (a pattern RE2 cannot run): it is skipped, not
    counted either way."""


class Spent(Exception):
    """The search's attempts or time ran out."""


class TooLarge(Exception):
    """A random candidate grew past MAX_CANDIDATE_VALUES while it was built: abandoned."""


class Endless(Exception):
    """A validation recursed without end: a ``$ref`` loop that never reads deeper into the
    value (``a`` → ``b`` → ``a``). Every later candidate that reaches the loop would spend the
    whole recursion limit again, so the search stops at the first."""


class Shared:
    """What the witness searches of one report share (attach.py): each schema's validator, and
    the answers the whole schemas gave each value, by the schema (its ``id``: the report holds
    it alive) and the value's text. A hundred findings of one 500-branch union validated the
    same values again and again, 12 ms each (hostile trial, round 42). The answers are not
    spent again, but still counted: what a report says never depends on what was cached."""

    #: Answers kept per report, past which new ones are not kept.
    MOST = 20_000

    def __init__(self) -> None:
        self.validators: ByIdentity[Any] = ByIdentity()  # each schema's compiled validator
        self.valid: dict[tuple[int, str], bool] = {}
        self.errors: dict[tuple[int, str], list[Any]] = {}

    def keep(self, table: dict[Any, Any], key: Any, value: Any) -> None:
        if len(table) < self.MOST:
            table[key] = value


class Judging:
    """What every candidate builder reads and spends (see the package): the subclasses build
    the values, ``Candidates`` in the order a search tries them."""

    def __init__(self, accept: Any, reject: Any, accept_validator: Any, reject_validator: Any, *,
                 focus: Iterable[str] = (), routes: Iterable[tuple[str, ...]] = (),
                 attempts: int = MAX_WITNESS_ATTEMPTS, seconds: float = MAX_WITNESS_SECONDS,
                 shared: Shared | None = None) -> None:
        self.accept_root, self.reject_root = accept, reject
        self.shared = shared if shared is not None else Shared()
        self.accept, self.reject = accept_validator, reject_validator
        self.focus = set(focus)
        #: The ``then``/``else`` routes the finding's path takes (places.branch_routes): the
        #: objects built along them come first (``_objects``, ``_conditions``).
        self.routes = list(routes)
        self.budget, self.deadline = attempts, time.monotonic() + seconds
        self.attempts = 0
        self._references = {id(accept): References(accept), id(reject): References(reject)}
        #: The keywords each side's declared dialect lacks (snapshot/dialects.py): its validator
        #: ignores them, so no candidate is built for them (hostile trial, round 24: a draft-07
        #: ``unevaluatedProperties: false`` read as closing the object left no member to try).
        self._lacking = {key: LACKING[references.dialect] for key, references in self._references.items()}
        self._minimal: dict[tuple[int, int], Any] = {}
        #: The value found for a member that ``if``s must refuse (``_refusing``), by content.
        self._failing_values: dict[str, Any] = {}
        #: Candidates skipped because judging them needed a pattern RE2 cannot run, and the
        #: first such pattern with why.
        self.not_run = 0
        self.not_run_first: PatternNotRun | None = None
        #: Whether a candidate stopped at MAX_WITNESS_DEPTH: a note without a witness says so.
        self.cut_deep = False
        #: Candidates not built, or abandoned, for holding more than MAX_CANDIDATE_VALUES values.
        self.too_large = 0
        #: Values a random candidate may still add before it is abandoned (``random``).
        self._room = MAX_CANDIDATE_VALUES
        #: The union branch the finding's path takes in each union of the accepting schema on
        #: it, by the union's list (``id``): its candidates come first (``values``).
        self.steered: dict[int, int] = {}

    def _spend(self) -> None:
        self.attempts += 1
        if self.attempts > self.budget or time.monotonic() > self.deadline:
            raise Spent

    def _tick(self) -> None:
        """Raises Spent once the time is up, without counting an attempt: read while candidates
        are built and skipped, which spend no validation."""
        if time.monotonic() > self.deadline:
            raise Spent

    def _fits(self, value: Any) -> bool:
        """Whether ``value`` holds at most MAX_CANDIDATE_VALUES values; one that does not is
        counted (``too_large``), and the note says so."""
        if size_of(value) <= MAX_CANDIDATE_VALUES:
            return True
        self.too_large += 1
        return False

    def _valid(self, validator: Any, value: Any) -> bool:
        self._spend()
        whole = validator is self.accept or validator is self.reject
        key = (id(validator.schema), key_of(value)) if whole else None
        if key is not None and (known := self.shared.valid.get(key)) is not None:
            return known
        try:
            answer = bool(validator.is_valid(value))
            if key is not None:
                self.shared.keep(self.shared.valid, key, answer)
            return answer
        except Unsure:
            raise
        except PatternNotRun as why:
            self._skipped(why)
            raise Unsure from why
        except RecursionError as error:
            raise Endless from error

    def _skipped(self, why: PatternNotRun) -> None:
        self.not_run += 1
        if self.not_run_first is None:
            self.not_run_first = why

    def _sub_valid(self, schema: Any, value: Any) -> bool:
        """``value`` against a part of the accepting schema, its references resolved from the root."""
        if not isinstance(schema, dict | bool):
            return True
        return self._part_valid(self.accept, schema, value)

    def _other_valid(self, schema: Any, value: Any) -> bool:
        """``value`` against a part of the rejecting schema, its references resolved from its root."""
        return self._part_valid(self.reject, schema, value)

    def _part_valid(self, validator: Any, schema: Any, value: Any) -> bool:
        """``value`` against ``schema``, a part of ``validator``'s; False when it cannot be
        judged alone (a pattern RE2 cannot run, a reference only its resource resolves):
        ``judge`` reads the whole schema instead."""
        if not self._fits(value):
            return False
        try:
            return self._valid(validator.evolve(schema=schema), value)
        except Unsure:
            return False
        except (Spent, Endless):
            raise
        except Exception:  # noqa: BLE001 - see the docstring
            return False

    def view(self, schema: Any, root: Any, depth: int = 0) -> dict[str, Any]:
        """The schema as one object: a local ``$ref`` followed (its siblings kept), ``allOf``
        branches merged in (properties and required joined, other keywords first come). An
        entry's ``if``, ``then`` and ``else`` are merged in together, and only where the object
        holds none yet (one entry's ``else`` beside another's ``if`` would apply where the
        wrong condition fails); each entry's are also kept, at its index, under ``allOf``
        (``{}`` for an entry with none), so that a route through the second of
        ``allOf: [{if, then}, {if, then}]`` is followed (``_along``)."""
        if schema is True or schema is None:
            return {}
        if schema is False:
            return {"not": {}}
        if not isinstance(schema, dict) or depth > MAX_WITNESS_DEPTH:
            return {}
        lacking = self._lacking.get(id(root))
        out = {key: value for key, value in schema.items() if key not in lacking} \
            if lacking and not lacking.isdisjoint(schema) else dict(schema)
        branches = out.pop("allOf", None)
        ref = out.pop("$ref", None)
        if ref is not None:
            target = self._target(root, ref)
            if target is not None:
                out = self._merge(self.view(target, root, depth + 1), out)
        if isinstance(branches, list):
            conditions: list[dict[str, Any]] = []
            for branch in branches:
                viewed = self.view(branch, root, depth + 1)
                conditions.append({k: viewed[k] for k in CONDITIONAL if k in viewed})
                decided = any(k in out for k in ("if", "then", "else"))
                out = self._merge(out, {k: v for k, v in viewed.items()
                                        if k != "allOf" and not (decided and k in ("if", "then", "else"))})
            if any(conditions):
                out["allOf"] = conditions
        return out

    def _target(self, root: Any, ref: Any) -> Any:
        """The subschema a reference of ``root`` (one of the two schemas) names inside it (a
        pointer, an anchor, an embedded ``$id``: references.py), or None."""
        references = self._references.get(id(root))
        found = references.locate(ref) if references is not None and isinstance(ref, str) else None
        return None if found is None else found[1]

    @staticmethod
    def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        out = dict(a)
        for key, value in b.items():
            if key == "properties" and isinstance(value, dict) and isinstance(out.get(key), dict):
                out[key] = {**value, **out[key]}
            elif key == "required" and isinstance(value, list) and isinstance(out.get(key), list):
                out[key] = list(dict.fromkeys([*out[key], *value]))
            elif key == "type" and key in out:
                mine, theirs = declared_types(out), declared_types(b)
                if mine is not None and theirs is not None:
                    out[key] = [t for t in mine if t in theirs or (t == "integer" and "number" in theirs)]
            else:
                out.setdefault(key, value)
        return out

    @classmethod
    def _joined(cls, first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
        """``_merge`` of two schemas that both apply, a property both declare held to both."""
        out = cls._merge(first, second)
        own, theirs = first.get("properties"), second.get("properties")
        if isinstance(own, dict) and isinstance(theirs, dict):
            out["properties"] = {**out["properties"], **{name: {"allOf": [own[name], theirs[name]]}
                                                         for name in own.keys() & theirs.keys()}}
        return out

    def _reaches(self, side: dict[str, Any], root: Any, route: tuple[str, ...]) -> bool:
        """Whether ``route`` leads through this side's object (``_along``)."""
        return len(self._along(side, root, route)) == len(route_steps(route)) + 1

    def _along(self, side: dict[str, Any], root: Any, route: tuple[str, ...]) -> list[dict[str, Any]]:
        """The nodes ``route`` passes through from this side's object, the object first, as far
        as it leads: each step a ``then`` or ``else`` beside an ``if``, or an ``allOf`` entry
        (whose conditions ``view`` keeps at its index)."""
        nodes = [side]
        for keyword, index in route_steps(route):
            node = nodes[-1]
            if keyword == "allOf":
                entries = node.get("allOf")
                if not isinstance(entries, list) or index >= len(entries) or not isinstance(entries[index], dict):
                    break
                nodes.append(self.view(entries[index], root))
                continue
            if not isinstance(node.get("if"), dict) or not isinstance(node.get(keyword), dict):
                break
            nodes.append(self.view(node[keyword], root))
        return nodes

    def _held_to(self, schema: Any, name: str, root: Any, rest: Any) -> Any:
        """What ``schema`` holds its member ``name`` to: the ``properties`` entries of the node,
        of the ``allOf`` branches and ``$ref`` targets merged into it (each applies, so all of
        them: ``view`` keeps the first), else ``rest``. Each node is read once."""
        held: list[Any] = []
        pending, seen = [schema], set()
        while pending:
            node = pending.pop(0)
            if not isinstance(node, dict) or id(node) in seen:
                continue
            seen.add(id(node))
            declared = node.get("properties")
            if isinstance(declared, dict) and name in declared:
                held.append(declared[name])
            if "$ref" in node:
                pending.append(self._target(root, node["$ref"]))
            pending += node["allOf"] if isinstance(node.get("allOf"), list) else []
        return rest if not held else held[0] if len(held) == 1 else {"allOf": held}

    def _names(self, schema: dict[str, Any], root: Any) -> list[str]:
        """The property names ``schema`` declares, and those its union branches declare or
        require: a oneOf branch that became ``{required: [c]}`` refuses ``{"c": 1}`` only
        because it then matches two branches (hostile trial, round 13)."""
        names = list(schema.get("properties") or {}) if isinstance(schema.get("properties"), dict) else []
        for union in ("anyOf", "oneOf"):
            if isinstance(schema.get(union), list):
                for branch in schema[union][:20]:
                    viewed = self.view(branch, root)
                    sub, asked = viewed.get("properties"), viewed.get("required")
                    names += list(sub) if isinstance(sub, dict) else []
                    names += asked if isinstance(asked, list) else []
        return sorted({n for n in names if isinstance(n, str)})

    # --- what the builders above ask of the search order --------------------------------

    def values(self, a: Any, b: Any, depth: int, a_root: Any, b_root: Any) -> Iterator[Any]:
        """Candidates for ``a``, those ``b`` refuses first (Candidates.values)."""
        raise NotImplementedError

    def minimal(self, schema: Any, root: Any, other: Any = None) -> Any:
        """A value ``schema`` takes, built as simply as it allows (Candidates.minimal)."""
        raise NotImplementedError
