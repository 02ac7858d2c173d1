"""Objects of one schema steered by the other's: members the other refuses or requires, names
no pattern takes, counts past ``minProperties`` and ``maxProperties``, and the objects built
along the conditions and dependents either side hangs on a member."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, islice
from typing import Any

from ...limits import (
    MAX_WITNESS_ITEMS,
)
from ...patterns.ecma import search as search_pattern
from ..samples import governing, literal, sample
from .conditions import Conditions
from .reading import (
    BRANCHES_SAMPLED,
    ODD_NAMES,
    OTHER_TYPED,
    bordering_strings,
    count_of,
    counted_strings,
    dependent_schemas_of,
    dependents_of,
    leftover_schema,
    pattern_strings,
    patterned_names,
    triggers_of,
    unpatterned_names,
)
from .streams import interleave, key_of, with_member


class Objects(Conditions):
    """The builder of objects (see the module)."""

    def _objects(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any, b_root: Any) -> Iterator[Any]:
        props = a.get("properties") if isinstance(a.get("properties"), dict) else {}
        theirs = b.get("properties") if isinstance(b.get("properties"), dict) else {}
        extra = leftover_schema(a)
        b_extra = leftover_schema(b)
        named = a.get("required") if isinstance(a.get("required"), list) else []
        # What an if/then/else may require is filled too: then the condition holds either way,
        # and a call is not refused for leaving out what only a condition asked (pandoc's
        # output_file, required when output_format is pdf, or absent: an if over an absent
        # property holds).
        for branch in ("then", "else"):
            conditional = a.get(branch) if "if" in a and isinstance(a.get(branch), dict) else {}
            if isinstance(conditional.get("required"), list):
                named = [*named, *(n for n in conditional["required"] if n in props or extra is not False)]
        # A member dependentRequired asks for once a required one is sent, and so on.
        dependent = dependents_of(a)

        def asked_with(sent: list[Any]) -> list[str]:
            """``sent`` and what this side's dependentRequired asks for once they are sent."""
            out, pending = list(sent), [p for p in sent if isinstance(p, str)]
            while pending:
                for name in dependent.get(pending.pop(), ()):
                    if name not in out and (name in props or extra is not False):
                        out.append(name)
                        pending.append(name)
            return [p for p in out if isinstance(p, str)]

        required = sorted(set(asked_with(named)))
        # The members a candidate fills but does not vary take a value both sides accept when
        # one comes early, so that a refusal is the varied member's, not a neighbour's change.
        def partner(name: str) -> Any:
            return theirs[name] if name in theirs else (b_extra if isinstance(b_extra, dict | bool) else None)

        base: dict[str, Any] = {}
        for name in required:
            base[name] = self.minimal(props.get(name, extra), a_root, partner(name))
        a_patterns = a.get("patternProperties") if isinstance(a.get("patternProperties"), dict) else {}
        b_patterns = b.get("patternProperties") if isinstance(b.get("patternProperties"), dict) else {}
        names_schema = a.get("propertyNames", True)

        def crowded(start: dict[str, Any], count: int) -> dict[str, Any]:
            """``start`` with members added until it holds ``count`` of them, where it can: the
            declared ones, then, where this side takes others, names no pattern gives a schema
            of its own, then the names this side's propertyNames suggests, and then names this
            side's patterns match (``patterned_names``), which a closed object takes too; only names
            that propertyNames takes (a name it refuses makes the call refused by both sides).
            A closed object whose members come from its patterns alone (``patternProperties:
            {^p: {}}`` beside ``additionalProperties: false``, or ``unevaluatedProperties:
            false``) gaining ``maxProperties: 1`` was "none found", no call sending two members
            (hostile trial, round 31)."""
            fillers = [*sorted(props)]
            if extra is not False and count <= MAX_WITNESS_ITEMS:
                fillers += unpatterned_names([*self._names(b, b_root), "extra", "x",
                                         *(f"x{n}" for n in range(2, count + 1))], a_patterns, b_patterns)
            if names_schema is not True and extra is not False and count <= MAX_WITNESS_ITEMS:
                fillers += [n for n in islice(self.values(names_schema, None, depth + 1, a_root, a_root), 40)
                            if isinstance(n, str) and n not in props]
            if count <= MAX_WITNESS_ITEMS:
                fillers += patterned_names(a_patterns, count)
            out = dict(start)
            for name in dict.fromkeys(fillers):
                if len(out) >= count:
                    break
                if name not in out and (names_schema is True or self._sub_valid(names_schema, name)):
                    held = props[name] if name in props else governing(name, None, a_patterns, extra)
                    theirs_held = theirs[name] if name in theirs else governing(name, None, b_patterns, b_extra)
                    out[name] = self.minimal(held, a_root, theirs_held)
            return out

        least = count_of(a.get("minProperties"))
        if least is not None and len(base) < least:
            # The fewest members minProperties allows (an object that declares nothing and asks
            # for two members is shown only by a call that sends two).
            base = crowded(base, least)
        yield base
        # The calls that vary one member start from a base that also sends what only the
        # other side requires (a property that became required), so that they are refused
        # for the varied member alone; the base above, which leaves it out, shows that change.
        theirs_named = b.get("required") if isinstance(b.get("required"), list) else []
        for name in sorted({p for p in theirs_named if isinstance(p, str) and p in props} - set(base)):
            base = {**base, name: self.minimal(props[name], a_root, partner(name))}
        # A member only the other side declares and requires, sent where this side takes any
        # member: a call refused for another change alone (additionalProperties false added
        # beside a new required ``packages``: mcp-pypi 4.0.1, new-user trial, round 11).
        if extra is not False:
            for name in sorted({p for p in theirs_named if isinstance(p, str) and p not in props} - set(base)):
                base = {**base, name: self.minimal(extra, a_root, partner(name))}
        if len(base) > len(required):
            yield base
        # One member past the other side's maxProperties, where this side takes that many: an
        # open object that gained ``maxProperties: 1`` refuses ``{"b": 1, "c": 1}``, and no call
        # sent more members than the object declares (hostile trial, round 30).
        theirs_most, most = count_of(b.get("maxProperties")), count_of(a.get("maxProperties"))
        if theirs_most is not None and (most is None or most > theirs_most) \
                and len(base) <= theirs_most < MAX_WITNESS_ITEMS:
            past = crowded(base, theirs_most + 1)
            if len(past) > theirs_most:
                yield past
        # By name, not as written: the witness must not depend on the order of a schema's keys.
        names = sorted(props, key=lambda n: (n not in self.focus, n))

        def sending(name: str) -> dict[str, Any]:
            """``base`` with what this side's dependentRequired asks for once ``name`` is sent,
            so that the old side does not refuse the call for leaving them out."""
            asked = [n for n in asked_with([name]) if n != name and n not in base]
            return {**base, **{n: self.minimal(props.get(n, extra), a_root, partner(n)) for n in asked}}

        streams: list[Iterator[Any]] = []
        # The objects built with everything on the route to the finding's place merged in
        # (each ``if`` and ``then`` or ``else`` on the way, and the subschema it lies in), first:
        # the same objects come from the streams below, one ``then`` merged in at each level,
        # but each level shares its turn with the others, and a level whose ``else`` refers to
        # a recursive definition never runs dry, so four nested ``if``s left the finding's
        # call past the attempt budget (hostile trial, round 17).
        for route in self.routes:
            if self._reaches(a, a_root, route) or self._reaches(b, b_root, route):
                streams.append(self._conditioned(a, b, depth, a_root, b_root, route, None))
        for name in names:
            streams.append(with_member(sending(name), name,
                                 self.values(props[name], partner(name), depth + 1, a_root, b_root)))
        # (An unevaluatedProperties beside additionalProperties reads nothing: every member is
        # evaluated by one or the other.)
        if extra is not False:
            # Names the other schema gives meaning to (its properties, its branches'), the names
            # either side's dependentRequired or dependentSchemas hangs on (declared or not, and
            # inside a not: the old side of not:{dependentRequired…} takes only a call that sends
            # the trigger), then any; then names no pattern of either side matches, which only
            # additionalProperties or unevaluatedProperties holds (past a ^\w+$ name pattern).
            keys = [*self._names(b, b_root), *triggers_of(b, lambda s: self.view(s, b_root)),
                    *triggers_of(a, lambda s: self.view(s, a_root)), "extra", "x"]
            if a_patterns or b_patterns:
                keys += unpatterned_names(ODD_NAMES, a_patterns, b_patterns)
            for pattern in sorted(a["patternProperties"]) if isinstance(a.get("patternProperties"), dict) else ():
                keys.insert(0, literal(pattern) or "a")
            # Names only the other side's patterns give meaning to (a key widened on an open
            # object: ^[a-z]$ → ^[a-zA-Z]$ now holds "Z" to its schema).
            for pattern in sorted(b["patternProperties"]) if isinstance(b.get("patternProperties"), dict) else ():
                keys += [name for name in (sample(pattern), sample(pattern, final=True)) if name]
            if isinstance(a.get("propertyNames"), dict) or isinstance(b.get("propertyNames"), dict):
                keys = [k for k in islice(self.values(a.get("propertyNames") or {"type": "string"},
                                                      b.get("propertyNames"), depth + 1, a_root, b_root), 40)
                        if isinstance(k, str)] + keys
                keys = self._names_refused(a, b, depth, a_root, b_root) + keys
            value = self.minimal(extra, a_root)
            undeclared = [key for key in dict.fromkeys(keys) if key not in props]
            streams.append({**sending(key), key: value} for key in undeclared)
            if b.get("unevaluatedProperties", True) is not True:
                # Which branch evaluates a member can hang on its value: beside an unevaluated*
                # the other side gained, a member of another type than the first branch's
                # additionalProperties takes is left to it (hostile trial, round 13's fixer:
                # {"a": 1} past anyOf [{additionalProperties: {type: string}}, {required: [a]}]).
                streams.append({**sending(key), key: other} for key in undeclared
                               for other in OTHER_TYPED if other != value)
            # The values an undeclared member may hold, under a name no pattern takes from them.
            loose = next(iter(unpatterned_names(("extra", *ODD_NAMES), a_patterns, b_patterns)), None)
            if isinstance(b_extra, dict) and loose is not None and loose not in props:
                streams.append(with_member(base, loose, self.values(extra, b_extra, depth + 1, a_root, b_root)))
        # The values a member only the other side declares may hold here, steered by its
        # declaration there: this side holds it to the first of its patterns that matches the
        # name, else to its additionalProperties (or unevaluatedProperties). Hostile trial,
        # round 13: a property added with maxLength 3 where additionalProperties took any
        # string was shown by no call; round 14: nor was one added under a pattern that
        # governed it (``ab`` gaining maxLength 1 under ``^a: {type: string}``: {"ab": "aa"}).
        # So is a member this side requires without declaring it on an open object, which every
        # call sends with any value (hostile trial, round 19: ``a: {type: string}`` declared for
        # a name ``required`` already was shown by no call; {"a": 0} shows it). So is one the
        # finding's path names: a property removed from an output object that takes any member
        # is shown by a result that sends it with a value the old declaration refuses (hostile
        # trial, round 30: ``b: {type: string}`` removed, {"b": 1} was sent by no call); one the
        # other side requires is shown by leaving it out, as before.
        for name in sorted(n for n in theirs if n not in props and isinstance(theirs[n], dict | bool)):
            named_here = name in self.focus and name not in theirs_named
            rest = extra if isinstance(extra, dict) or extra is True and (name in required or named_here) else None
            held = governing(name, None, a_patterns, rest)
            if isinstance(held, dict) or held is True:
                held_values = self.values(held, theirs[name], depth + 1, a_root, b_root)
                streams.append(with_member(sending(name), name, held_values))
        # The values a name only the other side's patterns match may hold here (what this side
        # holds it to: a property, a pattern of its own, else what it leaves undeclared members),
        # steered by that pattern's schema: patternProperties {"^a": {type: string}} added to an
        # open object refuses {"a": 0}, and no call sent such a name with such a value (hostile
        # trial, round 14).
        for pattern in sorted(set(b_patterns) - set(a_patterns)):
            first = sample(pattern) or literal(pattern) or "a"
            # First the names it matches and no pattern of this side does: beside this side's
            # ``^ab``, the other's ``^a.*b`` samples to ``ab``, which both hold to one schema,
            # where ``aaab`` is left to what governs the rest here (hostile trial, round 44: an
            # open object's ``{"axb": 0}`` was "none found").
            # The empty name too, a name JSON allows, where the pattern matches it: ``^$`` samples
            # to nothing (hostile trial, round 45: ``{"": ""}`` was "none found").
            self._tick()
            only = list(islice((name for name in pattern_strings(pattern) if name not in props
                                and search_pattern(pattern, name)
                                and not any(isinstance(p, str) and search_pattern(p, name) for p in a_patterns)),
                               BRANCHES_SAMPLED + 1))
            # Then the names it shares with a pattern of this side, joined from the strings of
            # both: ``b`` added beside ``^a`` holds ``ab`` to both schemas, and no name tried was
            # one both match (hostile trial, round 45: "none found" though the keys overlap).
            mine = [p for p in a_patterns if isinstance(p, str)]
            shared = list(islice((name for p in mine
                                  for x in islice(pattern_strings(p), BRANCHES_SAMPLED)
                                  for y in islice(pattern_strings(pattern), BRANCHES_SAMPLED)
                                  for name in (x + y, y + x)
                                  if name not in props and search_pattern(pattern, name) and search_pattern(p, name)),
                                 BRANCHES_SAMPLED))
            for name in dict.fromkeys((*only, first, *shared, sample(pattern, final=True) or first)):
                held = props[name] if name in props else governing(name, None, a_patterns, extra)
                if isinstance(held, dict) or held is True:
                    streams.append(with_member(sending(name), name,
                                         self.values(held, b_patterns[pattern], depth + 1, a_root, b_root)))
        # The values a name a pattern matches may hold, steered by what the other side asks of
        # that name: a closed object (additionalProperties false) still takes them.
        for pattern in sorted(a_patterns):
            first = sample(pattern) or literal(pattern) or "a"
            # First the names this pattern matches and none of the other side's does, from the
            # sampler of a pattern's strings: a pattern that matches fewer names (``^a+$`` →
            # ``^a$``, ``id`` → ``id$``) leaves them to what governs the rest there, and its
            # first sample was one both patterns match (hostile trial, round 36: ``aa``, ``idx``).
            # A name the object declares is governed by its declaration on both sides, so each
            # guess is also tried with a character after and before it, and the declared ones
            # are left out: ``^[ab]`` → ``^a`` beside a declared ``b`` is shown by ``bx`` (hostile
            # trial, round 42: "none found", ``b`` being the one such name sampled), and with a
            # line terminator and a character after it, which ``.`` refuses: ``^a`` → ``^a$`` and
            # ``^a.`` is shown by ``a\nx`` (hostile trial, round 43; not ``a\n``, which Python's
            # ``$`` takes, so python-jsonschema accepts it under ``^a$``).
            self._tick()
            guesses = chain((stretched for name in pattern_strings(pattern)
                             for stretched in (name, f"{name}x", f"x{name}", f"{name}\nx")),
                            # and repeated around the counts the other side's patterns write:
                            # ``^[a-z_]+$`` → ``^[a-z_]{1,64}$`` is shown by a name of 65
                            # letters (hostile trial, round 44)
                            counted_strings(pattern, [p for p in b_patterns if isinstance(p, str)]),
                            # and with its classes giving a character just outside the other
                            # side's: ``^[a-c]`` → ``^[ac]`` is shown by ``b`` (hostile trial, round 44)
                            bordering_strings(pattern, [p for p in b_patterns if isinstance(p, str)]))
            freed = [] if pattern in b_patterns else list(islice(
                (name for name in dict.fromkeys(guesses) if name not in props  # "" too: ``^$`` (round 45)
                 and search_pattern(pattern, name)
                 and not any(isinstance(p, str) and search_pattern(p, name) for p in b_patterns)),
                BRANCHES_SAMPLED + 1))
            for name in dict.fromkeys((*freed, first, sample(pattern, final=True) or first)):
                if name not in props:
                    streams.append(with_member(base, name, self.values(a_patterns[pattern],
                                                                 governing(name, pattern, b_patterns, b_extra),
                                                                 depth + 1, a_root, b_root)))
        # What either side's ``then`` (``else``) asks where it applies, shown by objects built
        # with it merged in (``then`` with its ``if``): a member only the other side's ``then``
        # declares is sent, beside what makes its ``if`` hold, with values this side holds it
        # to (hostile trial, round 16: ``b: {type: integer}`` added to ``then`` beside
        # additionalProperties {type: string} was shown by no call; {"a": "", "b": ""} shows it).
        for branch in ("then", "else"):
            if any(isinstance(side.get("if"), dict) and isinstance(side.get(branch), dict) for side in (a, b)):
                streams.append(self._applied(a, b, depth, a_root, b_root, branch))
        # What either side's dependentSchemas asks once its trigger is sent, shown by an object
        # that sends the trigger with the members its branches require or constrain:
        # {required: [a]} → {required: [a], maxProperties: 1} refuses only {"a": 1, "b": 1}.
        def filled(name: str) -> Any:
            return self.minimal(props.get(name, extra), a_root, partner(name))

        for trigger in sorted(dependent_schemas_of(a).keys() | dependent_schemas_of(b).keys()):
            # A closed object still takes the trigger when the old branch it hangs evaluates it
            # (additionalProperties: {} there, beside unevaluatedProperties: false).
            if props.get(trigger, extra) is not False or isinstance(dependent_schemas_of(a).get(trigger), dict):
                streams.append(self._triggered(a, b, depth, a_root, b_root, trigger, asked_with([trigger]), filled))
        # What either side's ``if`` tells apart, shown by an object built with the condition's
        # keywords merged in: a change inside ``if`` is refused at ``then`` or ``else`` only by
        # a value on its boundary (minimum 5 → 6 beside else's maximum 2 refuses {"a": 5} alone;
        # const 1 → 2 before then's required [b], {"a": 2}: hostile trial, round 15). So is an
        # ``if`` nested in a ``then`` or ``else``, at any depth, with what leads to it merged in
        # too (hostile trial, round 16: the ``if`` under ``then`` got no call).
        conditions: dict[tuple[tuple[str, ...], str], tuple[tuple[str, ...], dict[str, Any]]] = {}
        for side, root in ((a, a_root), (b, b_root)):
            for route, condition in self._conditions(side, root):
                conditions.setdefault((route, key_of(condition)), (route, condition))
        for route, condition in conditions.values():
            streams.append(self._conditioned(a, b, depth, a_root, b_root, route, condition))
        if isinstance(b.get("not"), dict):
            streams.append(self._negated(a, b, base, depth, a_root, b_root))
        yield from interleave(streams)

    def _names_refused(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any,
                       b_root: Any) -> list[str]:
        """The names the other side's ``propertyNames`` refuses through its ``not``: those its
        subschema takes, steered by this side's (a name both refuse comes last). The names a
        ``propertyNames`` is built to take are no guide to the ones a ``not`` inside it
        forbids: ``{not: {const: x}}`` → ``{not: {enum: [x, y]}}`` is shown by ``{"y": …}``
        alone, and the search sent no ``y`` (hostile trial, round 19)."""
        theirs = self.view(b.get("propertyNames"), b_root) if isinstance(b.get("propertyNames"), dict) else {}
        if not isinstance(theirs.get("not"), dict):
            return []
        mine = self.view(a.get("propertyNames"), a_root) if isinstance(a.get("propertyNames"), dict) else {}
        guide = mine.get("not") if isinstance(mine.get("not"), dict | bool) else None
        return [name for name in islice(self.values(theirs["not"], guide, depth + 1, b_root, a_root), 20)
                if isinstance(name, str)]
