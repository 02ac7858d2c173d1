"""Exact identity of raw JSON values, cheaply: equal digests mean the very same JSON.

A diff mostly compares entities the change did not touch, and the lint of the second
side mostly re-reads definitions it has seen. Both need to know "is this exactly the
value I already handled?" before doing any per-node work in Python. ``marshal`` writes
a value's types, order and contents exactly (``true`` is not ``1``, ``1.0`` is not
``1``, key order counts) in C, about four times faster than ``json.dumps``; xxh3 turns
that into a small key. Format version 2 is used because later versions write
back-references whose presence depends on how objects happen to be shared in memory.

Equal digests imply equal JSON. The converse need not hold (a different key order, or
a string the interpreter happened to intern): that only costs a cache miss, never a
wrong answer. Digests are keys for one run's caches (shared at most with a child the
run forked, which holds the same objects); they are never stored.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import xxhash

T = TypeVar("T")


def digest(value: Any) -> bytes:
    """A 128-bit key for the exact JSON value ``value``."""
    return xxhash.xxh3_128_digest(marshal.dumps(value, 2))


class ByIdentity(Generic[T]):
    """What ``make`` gives for each object, kept by the object's identity for one operation.

    Entries hold the object, so its id cannot be reused while the cache lives; drop the cache
    with the operation. ``Digests`` keeps digests so; the witness searches of one report keep
    each schema's compiled validator so (evidence/search.py).
    """

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[Any, T]] = {}

    def get(self, value: Any, make: Callable[[Any], T]) -> T:
        hit = self._by_id.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        made = make(value)
        self._by_id[id(value)] = (value, made)
        return made


class Digests(ByIdentity[bytes]):
    """Digests of raw values by object identity, for one operation (a diff and its lint).

    The same parsed tool is digested by the diff (to share canonical forms between the
    sides) and by the lint (to reuse its results); this keeps it to once.
    """

    def of(self, value: Any) -> bytes:
        return self.get(value, digest)
