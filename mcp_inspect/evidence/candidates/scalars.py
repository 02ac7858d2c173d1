"""Numbers and strings of one schema steered by the other's: past its bounds, off its multiples,
outside its pattern, its length or its format first, then values both sides may take."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ...limits import (
    MAX_MULTIPLES_TRIED,
    MAX_WITNESS_STRING,
)
from ...snapshot.values import in_bounds, unkept_multiple
from ..samples import FORMAT_VARIANTS, FORMATS, STRINGS, lookahead_words, sample
from .reading import BRANCHES_SAMPLED, bordering_strings, count_of, counted_strings, declared_types, pattern_strings


def numbers(kind: str, a: dict[str, Any], b: dict[str, Any]) -> Iterator[Any]:
    def bounds(s: dict[str, Any]) -> list[float]:
        """The bounds of ``s`` and those under its ``not``: ``a: {not: {minimum: 3}}`` →
        ``{not: {minimum: 5}}`` refuses only the numbers between them (4), and without the
        negated bounds no number tried fell there (hostile trial, round 20)."""
        negated = s.get("not") if isinstance(s.get("not"), dict) else {}
        return [v for node in (s, negated) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
                if isinstance(v := node.get(k), int | float) and not isinstance(v, bool)]

    def at(keys: tuple[str, ...], *sides: dict[str, Any]) -> list[float]:
        """The numbers ``sides`` hold at ``keys``, in a range the arithmetic below keeps exact."""
        return [v for s in sides for k in keys
                if isinstance(v := s.get(k), int | float) and not isinstance(v, bool) and abs(v) < 1e15]

    steps = [1, 0.5] if kind == "number" else [1]
    near: list[Any] = []
    theirs_types = declared_types(b)
    if kind == "number" and theirs_types is not None and "integer" in theirs_types and "number" not in theirs_types:
        # The other side takes whole numbers only: a fraction shows that change itself, where a
        # number past the bounds that came with it (zod 4's z.int(), ±(2**53 - 1)) was shown
        # instead, refused by the minimum and not by the type (hostile trial, round 42).
        near += [0.5, -0.5, 1.5, *(v + half for v in bounds(a) if abs(v) < 1e15 for half in (0.5, -0.5))]
    mine = a.get("multipleOf")
    multiple = mine if isinstance(mine, int | float) and not isinstance(mine, bool) and mine > 0 else None
    for bound in bounds(b):
        for step in steps:
            near += [bound - step, bound + step]
        near.append(bound)
        if isinstance(bound, float) and bound + 1 == bound and math.isfinite(bound * 10):
            # A float bound past 2**53 absorbs the steps above (1e16 + 1 is 1e16): ten times
            # further out and ten times nearer zero lie on either side of it (hostile trial,
            # round 42: maximum 1e16 added was "none found", and 1e17 shows it).
            near += [bound * 10, bound / 10]
        if multiple is not None and abs(bound) < 1e15:
            # The multiples of this side's multipleOf on either side of the other's bound: one
            # step past it is seldom one (maximum 100 beside multipleOf 3 is shown by 102
            # alone, which an if's ``else`` needs: hostile trial, round 20).
            below = math.floor(bound / multiple)
            near += [multiple * below, multiple * (below + 1)]
    if kind == "number":
        # The midpoint of each bound of this side and each of the other's: a bound that
        # changed kind and moved by less than one (``exclusiveMinimum: 0`` → ``minimum: 0.5``)
        # refuses only the numbers strictly between the two, and every number tried above lay
        # outside them (hostile trial, round 36: 0.25).
        near += [(mine_bound + theirs_bound) / 2 for theirs_bound in bounds(b) for mine_bound in bounds(a)
                 if mine_bound != theirs_bound and abs(mine_bound) < 1e300 and abs(theirs_bound) < 1e300]
    for key in ("multipleOf",):
        theirs, mine = b.get(key), a.get(key)
        if isinstance(theirs, int | float) and not isinstance(theirs, bool) and theirs > 0:
            base = mine if isinstance(mine, int | float) and not isinstance(mine, bool) and mine > 0 else 1
            near += [base, base * 3, base * 5, base * 7]
            # The first multiple of this side's step, as a caller writes it (0.35), that the
            # other's refuses as jsonschema divides: 0.01 → 0.001 is shown by 0.35 alone
            # (hostile trial, round 36; classify/values.py orders the change so).
            unkept = unkept_multiple(base, theirs, MAX_MULTIPLES_TRIED)
            if unkept is not None:
                near.append(unkept)
            # The first may lie outside this side's bounds, so the same window is read from
            # each lower bound up (4.05 beside minimum 1: hostile trial, round 38), from below
            # each upper bound and from the middle of a range (-10.95 beside maximum -1,
            # 5990.15 within [5000, 6000]: round 39), keeping only multiples the bounds take
            # (0.7 beside exclusiveMinimum 0.69). Bounds past 1e15 are left out: every
            # quotient reads whole there, and a huge integer bound overflowed (round 40).
            width = MAX_MULTIPLES_TRIED * base
            lows = at(("minimum", "exclusiveMinimum"), a, b)
            uppers = at(("maximum", "exclusiveMaximum"), a, b)
            starts = [*lows, *(high - width for high in uppers),
                      *((low + high) / 2 for low in lows for high in uppers if low < high)]
            inside = in_bounds(a)
            for start in starts:
                unkept = unkept_multiple(base, theirs, MAX_MULTIPLES_TRIED, start=start, within=inside)
                if unkept is not None:
                    near.append(unkept)
    own = []
    for bound in bounds(a):
        own += [bound, bound + 1, bound - 1]
    if kind == "number":
        # The middle of this side's own range: 0 < x < 1 holds no integer and no bound ± 1,
        # and a type change away from it was "none found" (hostile trial, round 45: 0.5).
        own += [(low + high) / 2 for low in at(("minimum", "exclusiveMinimum"), a)
                for high in at(("maximum", "exclusiveMaximum"), a) if low < high]
    if multiple is not None:
        own += [multiple, 0]
        own += [multiple * round(v / multiple) for v in bounds(a) if abs(v) < 1e15]
        own += [multiple * (round(v / multiple) + 1) for v in bounds(a) if abs(v) < 1e15]
    plain = [0, 1, -1, 2, 10, 100, 1.5, -0.5, 2 ** 53, -(2 ** 53)]
    if kind == "number":
        # An integral float: draft 4 does not count 1.0 as an integer, so ``{type: number,
        # multipleOf: 1}`` → ``{type: integer}`` refuses it (hostile trial, round 38).
        plain.append(1.0)
        if multiple is not None and abs(multiple) < 2 ** 53 and float(multiple).is_integer():
            # And this side's whole step as a float: beside multipleOf 2, 1.0 is refused on
            # both sides, and 2.0 shows {type: number, multipleOf: 2} → {type: integer, ...}
            # under draft 4 (hostile trial, round 42).
            plain.append(float(multiple))
    for value in [*near, *own, *plain]:
        if kind == "integer" and isinstance(value, float):
            if not value.is_integer():
                continue
            value = int(value)
        yield value


def strings(a: dict[str, Any], b: dict[str, Any]) -> Iterator[str]:
    seeds: list[str] = []
    for schema in (a, b):
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt in FORMATS and schema is a:
            seeds.append(FORMATS[fmt])
    pattern = a.get("pattern")
    if isinstance(pattern, str):
        seeds += [seed for seed in pattern_strings(pattern) if seed not in seeds]
    other = b.get("pattern")
    if isinstance(other, str):
        # The words the other side's lookaround reads: ``^.*$`` → ``^(?!admin).*$`` refuses
        # ``admin`` alone (hostile trial, round 36).
        seeds += [word for word in lookahead_words(other, BRANCHES_SAMPLED + 1) if word not in seeds]
    if isinstance(pattern, str) and isinstance(other, str):
        # Each quantified item of this side's pattern repeated one past each count the other
        # side's caps it at: ``^\\d+$`` → ``^\\d{1,3}$`` is shown by ``0000`` alone (hostile
        # trial, round 42), and around each count either side writes, 20 and more too: ``^[\\w-]+$``
        # → ``^[\\w-]{1,64}$`` is shown by 65 letters (hostile trial, round 44).
        seeds += [seed for seed in counted_strings(pattern, [other]) if seed not in seeds]
        # A character just outside the other side's classes: ``^[a-c]$`` → ``^[ac]$`` refuses
        # ``b`` alone (hostile trial, round 44).
        seeds += [seed for seed in bordering_strings(pattern, [other]) if seed not in seeds]
    if isinstance(other, str) and "[^" in other:
        # What the other side's negated class excludes: a character it gained there
        # (``[^ab]`` → ``[^abc]`` is shown by ``c``).
        excluded = dict.fromkeys(sample(other, piece=n, negated=True) for n in range(BRANCHES_SAMPLED + 1))
        seeds += [piece for piece in excluded if piece not in seeds]
    # Other spellings of the format come before the plain strings (which mostly fail it):
    # a pattern added beside the format refuses one of them (an email without a dot).
    own = a.get("format")
    seeds += ["", *(FORMAT_VARIANTS.get(own, ()) if isinstance(own, str) else ()), *STRINGS]
    def sized(length: int) -> Iterator[str]:
        if 0 <= length <= MAX_WITNESS_STRING:
            for seed in seeds[:3]:
                filler = seed or "a"
                yield (filler * (length // len(filler) + 1))[:length]

    for key, shift in (("maxLength", 1), ("minLength", -1)):  # just past the other side's bounds
        if (bound := count_of(b.get(key))) is not None:
            yield from sized(bound + shift)
    least, most = count_of(a.get("minLength")), count_of(a.get("maxLength"))
    if least:
        yield from sized(least)
    for seed in seeds:
        if (least is None or len(seed) >= least) and (most is None or len(seed) <= most):
            yield seed
    if most is not None:
        yield from sized(most)
