"""The streams a search's candidates flow in: one member or position varied, several streams
taken in turn, and the size of a value as it would be sent."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ...limits import (
    MAX_CANDIDATE_VALUES,
)


def key_of(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def size_of(value: Any, cap: int = MAX_CANDIDATE_VALUES, known: dict[int, int] | None = None) -> int:
    """How many values ``value`` holds as it would be sent, itself included: a list or object
    repeated by reference is counted at every place it appears, though it is read once
    (``known``), so the count costs what the distinct lists and objects hold, never what the
    serialised value would. The count stops a little past ``cap``: any answer above it says
    only "too large"."""
    if not isinstance(value, list | dict):
        return 1
    known = {} if known is None else known
    seen = known.get(id(value))
    if seen is not None:
        return seen
    total = 1
    for member in value.values() if isinstance(value, dict) else value:
        total += size_of(member, cap, known)
        if total > cap:
            break
    known[id(value)] = total
    return total


def interleave(sources: Iterable[Iterator[Any]]) -> Iterator[Any]:
    """Round-robin over several candidate streams, so that one long stream (a deep
    property) does not starve the others of the budget."""
    live = [iter(s) for s in sources]
    while live:
        still = []
        for source in live:
            try:
                yield next(source)
            except StopIteration:
                continue
            still.append(source)
        live = still


def with_member(base: dict[str, Any], name: str, values: Iterator[Any]) -> Iterator[dict[str, Any]]:
    """``base`` with ``name`` set to each of ``values`` in turn."""
    for value in values:
        yield {**base, name: value}


def at_position(head: list[Any], index: int, values: Iterator[Any]) -> Iterator[list[Any]]:
    """``head`` with position ``index`` set to each of ``values`` in turn."""
    for value in values:
        yield [*head[:index], value, *head[index + 1:]]


def past_their_positions(head: list[Any], values: Iterator[Any]) -> Iterator[list[Any]]:
    """``head`` (as long as the other side's tuple) then each of ``values`` as one more item."""
    for value in values:
        yield [*head, value]
