"""Objects built where a condition decides: a ``not``'s subschema steering values built without
it, each ``if`` on either side with its ``then`` or ``else`` merged in (and values its ``if``
refuses, for the ``else``), and each ``dependentSchemas`` trigger with its branch."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from ...limits import (
    MAX_WITNESS_CONDITIONS,
)
from .judging import Judging
from .reading import FAILING_TRIED, NOTHING, dependent_schemas_of, leftover_schema, route_of, route_steps, unconditional
from .streams import interleave, key_of, with_member


class Conditions(Judging):
    """The builders of objects a condition decides (see the module)."""

    def _negated(self, a: dict[str, Any], b: dict[str, Any], base: dict[str, Any], depth: int, a_root: Any,
                 b_root: Any) -> Iterator[dict[str, Any]]:
        """Objects the subschema of the other side's ``not`` accepts (so that side refuses them):
        ``base`` with the members it requires, and each member either side's ``not`` declares,
        or the other's requires, varied with the values the other's holds it to, steered by what
        this side's holds it to (a value that one refuses is one this side takes); and ``base``
        with each object built from that subschema, steered by this side's, which follows the
        routes its ``if``s open. A change
        inside ``not`` is shown only by a value its subschema takes on one side: ``minLength:
        3`` added beside a held ``b: {type: string}`` inside ``not`` lets a server return
        {"b": "aa"}, which no call built from the object sent, since the object itself declares
        no ``b`` (hostile trial, round 17)."""
        theirs, mine = b["not"], a.get("not")
        viewed, own = self.view(theirs, b_root), self.view(mine, a_root) if isinstance(mine, dict) else {}
        names = {name for side in (viewed, own) if isinstance(side.get("properties"), dict)
                 for name in side["properties"]}
        asked = [n for n in viewed.get("required", []) if isinstance(n, str)] \
            if isinstance(viewed.get("required"), list) else []
        rest = leftover_schema(viewed)
        sent = {**base, **{name: self.minimal(self._held_to(theirs, name, b_root, rest), b_root)
                           for name in asked if name not in base}}
        # The objects the other side's ``not`` subschema is built to take, steered by this
        # side's: what that subschema applies only where a condition decides (an ``if`` with
        # its ``then`` or ``else``) is merged in by the streams of any object, so a call
        # passes it by the route a condition opens. ``not: {if: {required: [a]}, then:
        # {required: [b, c]}}`` → ``required: [b]`` is shown by ``{"a": 1, "b": 1}`` alone, and
        # no member either side's ``not`` declares or requires at its top says so (hostile
        # trial, round 19).
        whole = self.values(self._merge(self.view(theirs, b_root), {"type": "object"}), mine, depth + 1, b_root, a_root)
        yield from interleave([
            *(with_member(sent, name, self.values(self._held_to(theirs, name, b_root, rest),
                                            self._held_to(mine, name, a_root, None), depth + 1, b_root, a_root))
              for name in sorted(names | set(asked))),
            ({**base, **value} for value in whole if isinstance(value, dict)),
        ])

    def _conditions(self, side: dict[str, Any], root: Any) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
        """The ``if``s of this side's object and those nested in its ``then``, ``else`` and
        ``allOf`` entries at any depth (through ``$ref``, which ``view`` follows), each with its
        route (the ``then``/``else`` and ``allOf`` entry steps that lead to it): those on the
        routes the finding's path takes
        first (``routes``), then breadth first, at most MAX_WITNESS_CONDITIONS in all, so a
        ``then`` that refers back to the object, or branches doubling at each level, end
        there, and an ``if`` deeper than the bound reaches is still read when the finding
        lies in it."""
        found: dict[tuple[str, ...], dict[str, Any]] = {}
        for named in self.routes:
            steps = route_steps(named)
            for at, node in enumerate(self._along(side, root, named)):
                if len(found) >= MAX_WITNESS_CONDITIONS:
                    break
                if isinstance(node.get("if"), dict):
                    found.setdefault(route_of(steps[:at]), node["if"])
        pending: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), side)]
        while pending and len(found) < MAX_WITNESS_CONDITIONS:
            route, node = pending.pop(0)
            if isinstance(node.get("if"), dict):
                found.setdefault(route, node["if"])
                pending += [((*route, branch), self.view(node[branch], root)) for branch in ("then", "else")
                            if isinstance(node.get(branch), dict)]
            # The ``if``s of the object's ``allOf`` entries, but the one merged into the
            # object, which the route without the step reads.
            entries = node.get("allOf") if isinstance(node.get("allOf"), list) else []
            pending += [((*route, "allOf", str(index)), self.view(entry, root)) for index, entry in enumerate(entries)
                        if isinstance(entry, dict) and entry and entry.get("if") is not node.get("if")]
        return list(found.items())

    def _conditioned(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any, b_root: Any,
                     route: tuple[str, ...], condition: dict[str, Any] | None) -> Iterator[dict[str, Any]]:
        """Objects built from this side's object with ``condition`` (either side's ``if``, reached
        through ``route``: ``_conditions``) merged in, its keywords first, steered by the other
        side's object with its own ``if`` at that route merged in (``condition`` where it has
        none): a bound that moved inside ``if`` steers the values of the member it holds as one
        beside it would. With no ``condition`` (a route the finding's path takes) the subschema
        at the end of the route is merged in without its ``if``, on neither side. What leads to
        a nested ``if`` (or the subschema) is merged in after it, the nearest
        first: the keywords of each ``then`` or ``else`` on the route and, before a ``then``,
        the ``if`` that makes it apply; before an ``else``, which applies only where its ``if``
        fails, a member that ``if`` holds is pinned, on this side, to a value it refuses
        (``_failing``). A property several of them declare is held to each (``allOf``, which
        ``view`` merges). The ``then`` and ``else`` on the route are
        merged in or left out, so the objects built from them open no stream for its ``if``s
        again; the validators judge each call against the whole schemas."""
        steps = route_steps(route)

        def merged(side: dict[str, Any], root: Any, own: bool) -> dict[str, Any]:
            nodes, layers, failed = self._along(side, root, route), [], []
            reached = len(nodes) == len(steps) + 1
            for (keyword, _), node in zip(steps, nodes, strict=False):
                layers.append(unconditional(node))
                if keyword == "then" and isinstance(node.get("if"), dict):
                    layers.append(self.view(node["if"], root))
                elif keyword == "else" and isinstance(node.get("if"), dict):
                    failed.append(node["if"])
            node = nodes[-1]  # where the route ends, or where this side stops: what it has steers
            if reached:
                layers.append(unconditional(node))
            held = node.get("if") if own and reached and condition is not None else None
            out = self.view(held if isinstance(held, dict) else condition, root)  # None: {}
            for layer in reversed(layers):
                out = self._joined(out, layer)
            # The values are built from this side: each ``else`` on the route applies only
            # where its ``if`` fails, so a member that condition holds is pinned where it fails.
            return out if own else self._failing(out, failed, root, depth)

        for value in self.values(merged(a, a_root, False), merged(b, b_root, True), depth + 1, a_root, b_root):
            if isinstance(value, dict):
                yield value
            else:
                self._tick()

    def _failing(self, schema: dict[str, Any], conditions: list[Any], root: Any, depth: int) -> dict[str, Any]:
        """``schema`` (an object the values are built from) with, for each of ``conditions`` (the
        ``if``s whose ``else`` it takes), a member that condition holds pinned to a value of what
        ``schema`` holds it to that the condition refuses, and required, so that the ``else``
        applies. A condition that requires a member ``schema`` does not already fails where it
        is left out, and one a pin already refutes needs none; a member pinned for several is
        given a value each of them refuses. The discriminator of an enum is the common case: ``k:
        {enum: [x, y]}`` required, ``if {k: const x}``, a bound changed in ``else``, and every
        call sent ``k: "x"`` (the enum's first value, the const), so the ``else`` never applied
        and the search said "none found", though ``{"k": "y", …}`` shows the change (hostile
        trial, round 19). At most ``FAILING_TRIED`` values are tried per member, each judged
        against the condition's schema for it; the answers are kept for the search."""
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        required = set(schema.get("required") or ()) if isinstance(schema.get("required"), list) else set()
        rest = leftover_schema(schema)
        pinned: dict[str, Any] = {}
        refuted: dict[str, list[Any]] = {}  # what each pinned member's value must fail
        for condition in conditions:
            viewed = self.view(condition, root)
            asked = viewed.get("required") if isinstance(viewed.get("required"), list) else []
            if any(isinstance(n, str) and n not in required and n not in pinned for n in asked):
                continue  # left out, that member fails the condition
            held = viewed.get("properties") if isinstance(viewed.get("properties"), dict) else {}
            if any(name in pinned and not self._sub_valid(held[name], pinned[name]) for name in held):
                continue
            for name in sorted(held):
                declared = props.get(name, rest)
                if declared is False or not isinstance(held[name], dict | bool):
                    continue
                fails = [*refuted.get(name, ()), held[name]]
                value = self._refusing(declared, fails, root, depth)
                if value is not NOTHING:
                    pinned[name], refuted[name] = value, fails
                    break
        if not pinned:
            return schema
        pins = {"properties": {name: {"const": value} for name, value in pinned.items()}, "required": sorted(pinned)}
        return self._joined(pins, schema)

    def _refusing(self, declared: Any, fails: list[Any], root: Any, depth: int) -> Any:
        """The first of ``declared``'s values (those the last of ``fails`` refuses first) that
        every schema of ``fails`` refuses and ``declared`` takes, else the first that every
        schema of ``fails`` refuses, or ``NOTHING``; remembered by content. A value of the
        declaration's type that breaks its other keywords refuses the whole call on both
        sides: ``k: {type: string, format: date}`` beside ``if {k: {pattern: ^2}}`` was pinned to
        ``""``, ``k: {type: integer, multipleOf: 3}`` beside ``if {k: {maximum: 100}}`` to 101,
        and the search said "none found" though ``1999-01-01`` and 102 take the ``else``
        (hostile trial, round 20)."""
        key = key_of([declared, fails])
        if key not in self._failing_values:
            found: Any = NOTHING
            for value in islice(self.values(declared, fails[-1], depth + 1, root, root), FAILING_TRIED):
                if not any(self._sub_valid(schema, value) for schema in fails):
                    if self._sub_valid(declared, value):
                        found = value
                        break
                    found = value if found is NOTHING else found
            self._failing_values[key] = found
        return self._failing_values[key]

    def _triggered(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any, b_root: Any,
                   trigger: str, sent: list[str], fill: Callable[[str], Any]) -> Iterator[dict[str, Any]]:
        """Objects that send ``trigger`` (and the rest of ``sent``, each filled by ``fill`` where
        the object lacks it), built from each side's object with the branch its
        ``dependentSchemas`` (or draft 7's ``dependencies``, in its schema form) hangs on
        ``trigger`` merged in, the branch's keywords first: so the member the old branch
        requires goes with the trigger, and a member the branch constrains is varied beside it
        (hostile trial, round 13). The merged schemas hold no such branch any more, so the
        objects built from them open no further stream of triggers."""
        def merged(side: dict[str, Any], root: Any) -> dict[str, Any]:
            branch = dependent_schemas_of(side).get(trigger, True)
            rest = {k: v for k, v in side.items() if k != "dependentSchemas"}
            if isinstance(rest.get("dependencies"), dict):
                rest["dependencies"] = {k: v for k, v in rest["dependencies"].items() if isinstance(v, list)}
            return self._merge(self.view(branch, root), rest)

        for value in self.values(merged(a, a_root), merged(b, b_root), depth + 1, a_root, b_root):
            if isinstance(value, dict):
                yield {**value, **{name: fill(name) for name in sent if name not in value}}
            else:
                self._tick()

    def _applied(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any, b_root: Any,
                 branch: str) -> Iterator[dict[str, Any]]:
        """Objects built from each side's object with its ``branch`` (``then`` or ``else``)
        merged in, the branch's keywords first, and before a ``then`` the ``if`` that makes it
        apply; before an ``else``, on the side the values are built from, a member the ``if``
        holds pinned where it fails (``_failing``). The merged schemas hold no ``if``, ``then``
        or ``else`` any more, so the objects built from them open no further such stream."""
        def merged(side: dict[str, Any], root: Any, own: bool) -> dict[str, Any]:
            out = unconditional(side)
            if not isinstance(side.get("if"), dict):
                return out
            for part in (side.get(branch), side["if"] if branch == "then" else None):
                if isinstance(part, dict):
                    out = self._merge(self.view(part, root), out)
            return out if own or branch == "then" else self._failing(out, [side["if"]], root, depth)

        for value in self.values(merged(a, a_root, False), merged(b, b_root, True), depth + 1, a_root, b_root):
            if isinstance(value, dict):
                yield value
            else:
                self._tick()
