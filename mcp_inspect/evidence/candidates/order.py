"""The order a search tries candidates in: a value of the type or the value the other side
lost first, then each type's builder (numbers and strings, arrays here, objects), the
minimal value of a schema for the members a candidate does not vary, and seeded random
values once the built ones run out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import Any

from ...limits import (
    MAX_CANDIDATE_VALUES,
    MAX_WITNESS_DEPTH,
    MAX_WITNESS_ITEMS,
)
from .judging import TooLarge
from .objects import Objects
from .reading import KEYWORDS_OF_OBJECT, TYPES, count_of, declared_types, negated_values
from .scalars import numbers, strings
from .streams import at_position, interleave, key_of, past_their_positions, size_of


class Candidates(Objects):
    """The values one search tries (see the module), within its attempt and time budgets;
    search.Search judges them."""

    def values(self, a: Any, b: Any, depth: int, a_root: Any, b_root: Any) -> Iterator[Any]:
        """Candidates for schema ``a``, those ``b`` refuses first (``b`` may be None: no guide)."""
        self._tick()
        a = self.view(a, a_root)
        b = self.view(b, b_root) if b is not None else {}
        if depth > MAX_WITNESS_DEPTH:
            # Said only when something is left to build there: an untyped value's arrays of
            # arrays reach the bound too, and that leaves nothing unsaid.
            self.cut_deep = self.cut_deep or bool(a or b)
            return
        if "const" in a:
            yield a["const"]
            return
        if isinstance(a.get("enum"), list):
            theirs = b.get("enum") if isinstance(b.get("enum"), list) else None
            kept = {key_of(v) for v in theirs} if theirs is not None else set()
            yield from sorted(a["enum"], key=lambda v: (key_of(v) in kept, key_of(v)))
            return
        for union in ("anyOf", "oneOf"):
            branches = a.get(union)
            if isinstance(branches, list) and branches:
                rest = {k: v for k, v in a.items() if k != union}
                partners = b.get(union) if isinstance(b.get(union), list) else None
                streams, named = [], []
                for index, branch in enumerate(branches):
                    merged = self._merge(rest, self.view(branch, a_root))
                    partner = partners[index] if partners and index < len(partners) else b
                    mine = named if self.steered.get(id(branches)) == index else streams
                    mine.append(self.values(merged, partner, depth + 1, a_root, b_root))
                    if partner is not b:
                        mine.append(self.values(merged, b, depth + 1, a_root, b_root))
                # The branch the finding's path names gets every other candidate: taken in turn
                # with 499 others, its own came after the budget was spent (hostile trial, round 42).
                yield from interleave([interleave(named), interleave(streams)] if named else streams)
                return
        mine = declared_types(a)
        if mine is None:
            mine = ["string", "number", "boolean", "null", "object", "array"]
            if any(k in a for k in KEYWORDS_OF_OBJECT):
                mine.remove("object")
                mine.insert(0, "object")
        theirs = declared_types(b) or list(TYPES)
        lost = [t for t in mine if t not in theirs and not (t == "integer" and "number" in theirs)]
        order = lost + [t for t in mine if t not in lost]
        streams = [self._typed(t, a, self._guide(b, t, b_root), depth, a_root, b_root) for t in order]
        refused = negated_values(b)
        if refused:
            # The values the other side's ``not`` names, first: an enum gained under it
            # (``not: {enum: [a]}`` → ``[a, b]``) refuses ``b`` alone, and no string tried was
            # one (hostile trial, round 36). Each is judged whole like any candidate.
            streams.insert(0, iter(refused))
        if isinstance(a.get("not"), dict) and a["not"]:
            streams.append(self._violating(a, depth, a_root))
        yield from interleave(streams)

    def _violating(self, a: dict[str, Any], depth: int, a_root: Any) -> Iterator[Any]:
        """Values built from this side's schema without its ``not``, steered by the subschema
        under it: those that subschema refuses first, which this side then takes. The values
        built from a schema meet what it asks, and a ``not`` asks that its subschema fail, which
        nothing else steers: ``not: {properties: {c: {type: null}}}`` takes exactly the objects
        whose ``c`` is not null, and no result sent a ``c``, so ``type: string`` → that ``not``
        on an output schema said "none found" though ``{"c": 1}`` shows it (hostile trial,
        round 30)."""
        rest = {key: value for key, value in a.items() if key != "not"}
        yield from self.values(rest, a["not"], depth + 1, a_root, a_root)

    def _guide(self, b: dict[str, Any], kind: str, b_root: Any) -> dict[str, Any]:
        """What of ``b`` judges a value of ``kind``: where ``b`` is a union (and the schema the
        values are built from is not) with one branch alone that may admit ``kind``, that
        branch, with what stands beside the union; else ``b``, whose union the candidates read
        as a whole (a member only one object branch declares). A type list against zod 4's
        ``anyOf: [{type: string, maxLength: 256}, {type: null}]`` is then sent a string one
        past the branch's maxLength, where no candidate read the bound and the search found no
        witness (new-user trial, round 17)."""
        for union in ("anyOf", "oneOf"):
            branches = b.get(union)
            if not isinstance(branches, list):
                continue
            admitting = []
            for branch in branches:
                viewed = self.view(branch, b_root)
                types = declared_types(viewed)
                if types is None or kind in types or (kind == "integer" and "number" in types):
                    admitting.append(viewed)
            if len(admitting) == 1:
                return self._merge({k: v for k, v in b.items() if k != union}, admitting[0])
            return b
        return b

    def _typed(self, kind: str, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any,
               b_root: Any) -> Iterator[Any]:
        if kind == "null":
            yield None
        elif kind == "boolean":
            yield from (False, True)
        elif kind in ("integer", "number"):
            yield from numbers(kind, a, b)
        elif kind == "string":
            yield from strings(a, b)
        elif kind == "array":
            yield from self._arrays(a, b, depth, a_root, b_root)
        elif kind == "object":
            yield from self._objects(a, b, depth, a_root, b_root)

    def _arrays(self, a: dict[str, Any], b: dict[str, Any], depth: int, a_root: Any, b_root: Any) -> Iterator[Any]:
        least = count_of(a.get("minItems")) or 0
        most = count_of(a.get("maxItems"))
        prefix = a.get("prefixItems") if isinstance(a.get("prefixItems"), list) else []
        items = a.get("items") if not isinstance(a.get("items"), list) else None
        if isinstance(a.get("items"), list):  # draft 7 tuple form
            prefix = a["items"]
        b_items = b.get("items") if not isinstance(b.get("items"), list) else None
        b_prefix = b.get("prefixItems") if isinstance(b.get("prefixItems"), list) else (
            b["items"] if isinstance(b.get("items"), list) else [])
        head = [self.minimal(p, a_root) for p in prefix]
        filler = self.minimal(items, a_root) if items is not False else None
        count = max(least, len(head), 1 if items is not False and least else 0)
        head_size = sum(size_of(h) for h in head)

        def room(places: int, item: Any) -> bool:
            """Whether the head and ``places`` copies of ``item`` hold at most MAX_CANDIDATE_VALUES
            values (counted before the array is built); an array that would not is counted."""
            if 1 + head_size + max(0, places) * size_of(item) <= MAX_CANDIDATE_VALUES:
                return True
            self.too_large += 1
            return False

        def shaped(length: int, item: Any) -> list[Any] | None:
            if length > MAX_WITNESS_ITEMS or (most is not None and length > most) or length < least:
                return None
            if not room(length - len(head), item):
                return None
            out = (head + [item] * max(0, length - len(head)))[:length]
            return out

        def repeated(values: Iterator[Any], at: int) -> Iterator[list[Any]]:
            """The head, then each of ``values`` at ``at`` and in every place after it up to ``count``."""
            places = max(1, count - at)
            for value in values:
                if room(places, value):
                    yield [*head, value] + [value] * (places - 1)

        base = shaped(count, filler)
        if base is not None:
            yield base
        streams: list[Iterator[Any]] = []
        for index, part in enumerate(prefix):
            partner = b_prefix[index] if index < len(b_prefix) else b_items
            streams.append(at_position(head, index, self.values(part, partner, depth + 1, a_root, b_root)))
        if items is not False:
            streams.append(repeated(self.values(items, b_items, depth + 1, a_root, b_root), len(head)))
            if len(b_prefix) > len(head):
                # The other side declares more positions: only an item past them is held to its
                # ``items``, so the positions between are filled with items both take (hostile
                # trial, round 31: ``items`` minimum 0 → 1 beside a third position added with
                # minimum 5 is shown by ``["", "", 5, 0]``, and no call sent a fourth item).
                between = [self.minimal(items, a_root, b_prefix[n]) for n in range(len(head), len(b_prefix))]
                streams.append(past_their_positions(head + between, self.values(items, b_items, depth + 1,
                                                                                  a_root, b_root)))
        sizes = []
        for key, shift in (("maxItems", 1), ("minItems", -1)):
            if (value := count_of(b.get(key))) is not None:
                sizes.append(value + shift)
        if b.get("uniqueItems") is True and not a.get("uniqueItems"):
            sizes.append(max(2, count))
        streams.append(iter([s for s in (shaped(n, filler) for n in sizes) if s is not None]))
        contains = a.get("contains", b.get("contains"))
        if isinstance(contains, dict | bool) and contains is not False:
            # As many items that match ``contains`` as each side's minContains/maxContains
            # allows, and one past the other side's: minContains 2 → 3 is shown by two.
            match = self.minimal(contains, a_root)
            counts = {1}
            for side, key, shift in ((a, "minContains", 0), (a, "maxContains", 0), (b, "minContains", -1),
                                     (b, "maxContains", 1)):
                value = count_of(side.get(key))
                if value is not None and value + shift >= 0:
                    counts.add(value + shift)
            streams.append(iter([s for s in (shaped(len(head) + n, match) for n in sorted(counts)) if s is not None]))
            streams.append(self._one_match_too_many(a, b, head, match, depth, a_root, b_root))
            streams.append(self._matched_here(a, b, head, depth, a_root, b_root))
        yield from interleave(streams)

    def _matched_here(self, a: dict[str, Any], b: dict[str, Any], head: list[Any], depth: int, a_root: Any,
                      b_root: Any) -> Iterator[list[Any]]:
        """The head, then items this side's ``contains`` matches, those the other side's refuses
        first (values built from the one, steered by the other), each repeated as often as this
        side's ``minContains`` asks (the head may match nothing), or its ``minItems``. An item
        only the old ``contains`` matches is refused by the new side for no match, or beside an
        ``unevaluatedItems`` that refuses (every item a ``contains`` matches is evaluated), and
        the one item of this side's ``contains`` tried before (``minimal``) is mostly one both
        match (hostile trial, round 22: a ``contains`` enum [a, b, c] → [a, b] beside
        ``minContains: 0`` and ``unevaluatedItems: false`` refuses ``["c"]``, and no call sent
        it)."""
        mine = a.get("contains")
        if not isinstance(mine, dict) and mine is not True:
            return
        theirs = b.get("contains") if isinstance(b.get("contains"), dict | bool) else None
        least, matches = count_of(a.get("minItems")), count_of(a.get("minContains"))
        times = max(1, matches if matches is not None else 1, least - len(head) if least is not None else 1)
        if times > MAX_WITNESS_ITEMS - len(head):
            return
        for item in self.values(mine, theirs, depth + 1, a_root, b_root):
            candidate = [*head, *[item] * times]
            if self._fits(candidate):
                yield candidate

    def _one_match_too_many(self, a: dict[str, Any], b: dict[str, Any], head: list[Any], match: Any, depth: int,
                            a_root: Any, b_root: Any) -> Iterator[list[Any]]:
        """Beside the other side's ``maxContains``, the head, as many items matching this side's
        ``contains`` as that allows, and one item that the other side's ``contains`` matches and
        this side's may not: one match too many there (hostile trial, round 19: a contains
        enum [a] → [a, b] beside maxContains 1 refuses ["a", "b"], and no array of one item
        repeated shows it)."""
        theirs, most = b.get("contains"), count_of(b.get("maxContains"))
        if not isinstance(theirs, dict | bool) or most is None or not 0 <= most < MAX_WITNESS_ITEMS - len(head):
            return
        for item in islice(self.values(theirs, a.get("contains"), depth + 1, b_root, a_root), 4):
            sent = 1 + sum(size_of(h) for h in head) + (most + 1) * max(size_of(match), size_of(item))
            if sent <= MAX_CANDIDATE_VALUES:
                yield [*head, *[match] * most, item]

    def minimal(self, schema: Any, root: Any, other: Any = None) -> Any:
        """A small value ``schema`` accepts (checked, among its first candidates), for the
        parts of a witness that are not the change itself; with ``other`` (the rejecting
        schema's part at the same place), one it accepts too when such a candidate comes."""
        if not isinstance(schema, dict | bool):
            schema = True
        if not isinstance(other, dict | bool):
            other = None
        key = (id(schema), id(other))
        known = self._minimal.get(key)
        if known is not None:
            return known[0]
        self._minimal[key] = ("a",)  # a recursive schema meets itself: a placeholder
        tried: list[Any] = []
        result, fallback, found = None, None, False
        for value in islice(self.values(schema, None, 0, root, root), 12):
            tried.append(value)
            if self._sub_valid(schema, value):
                if other is None or self._other_valid(other, value):
                    result, found = value, True
                    break
                if fallback is None:
                    fallback = (value,)
        if not found:
            result = fallback[0] if fallback is not None else (tried[0] if tried else None)
        self._minimal[key] = (result,)
        return result

    def random(self, schema: Any, root: Any, rng: random.Random, depth: int) -> Any:
        """A random value drawn from ``schema``'s candidates (the fallback). Raises TooLarge
        once the candidate holds more values than ``_room`` (``run`` sets it, at most
        MAX_CANDIDATE_VALUES), and Spent once the time is up."""
        self._room -= 1
        if self._room < 0:
            raise TooLarge
        if self._room % 256 == 0:
            self._tick()
        a = self.view(schema, root)
        if depth > MAX_WITNESS_DEPTH:
            return None
        if "const" in a:
            return a["const"]
        if isinstance(a.get("enum"), list) and a["enum"]:
            return rng.choice(a["enum"])
        for union in ("anyOf", "oneOf"):
            if isinstance(a.get(union), list) and a[union]:
                rest = {k: v for k, v in a.items() if k != union}
                return self.random(self._merge(rest, self.view(rng.choice(a[union]), root)), root, rng, depth + 1)
        kind = rng.choice(declared_types(a) or list(TYPES))
        if kind == "object":
            props = a.get("properties") if isinstance(a.get("properties"), dict) else {}
            required = set(a.get("required", [])) if isinstance(a.get("required"), list) else set()
            return {name: self.random(props[name], root, rng, depth + 1) for name in sorted(props)
                    if name in required or rng.random() < 0.5}
        if kind == "array":
            items = a.get("items") if isinstance(a.get("items"), dict) else {}
            least = count_of(a.get("minItems")) or 0
            return [self.random(items, root, rng, depth + 1) for _ in range(min(least, 8) + rng.randint(0, 2))]
        return rng.choice(list(islice(self._typed(kind, a, {}, depth, root, root), 30)) or [None])
