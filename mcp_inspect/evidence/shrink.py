"""Making a witness smaller: the call a maintainer reads should hold what the change needs.

The search builds candidates that fill members a change does not touch, and its random ones
fill optional members with lookalike values (``"approval_password": "2024-01-01"`` beside the
one member a ``required`` change is about: new-user trial, round 10). Once a witness is found,
each member is dropped in turn, and each value left is replaced by the plainest of its type
(``""``, ``0``, ``[]``, ``{}``), keeping every step after which the value is still a witness
(``holds``: the one schema accepts it, the other refuses it at the finding's place). Members
and items are tried in a fixed order, so the answer is deterministic. The root stays what it
was (a tool's arguments are an object).

Each step costs validations; ``holds`` raises when the search's budget is spent, and the
value is then shown as far as it was shrunk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

#: The plainest value of each JSON type, tried in place of a value a witness holds.
_PLAIN: dict[type, Any] = {str: "", int: 0, float: 0, list: [], dict: {}}


def shrunk(value: Any, holds: Callable[[Any], bool], stop: type[Exception]) -> Any:
    """``value`` (for which ``holds`` is true) made smaller while ``holds`` stays true; as far
    as it got when ``holds`` raises ``stop``."""
    try:
        changed = True
        while changed:  # a member dropped can free another one (a dependency)
            changed = False
            for smaller in _steps(value):
                if holds(smaller):
                    value, changed = smaller, True
                    break
    except stop:
        pass
    return value


def _steps(value: Any) -> Iterator[Any]:
    """The values one step smaller than ``value``: first each member or item dropped, then
    each value below the root replaced by the plainest of its type."""
    for path in _places(value):
        yield _dropped(value, path)
    for path in _places(value):
        plain = _PLAIN.get(type(_at(value, path)))
        if plain is not None and _at(value, path) != plain:
            yield _replaced(value, path, plain)


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every member and item below ``value``, outer ones first (dropping an outer
    one saves the most), members in name order, items from the last."""
    if isinstance(value, dict):
        keys = sorted(value)
        for key in keys:
            yield (*path, key)
        for key in keys:
            yield from _places(value[key], (*path, key))
    elif isinstance(value, list):
        for index in reversed(range(len(value))):
            yield (*path, index)
        for index in range(len(value)):
            yield from _places(value[index], (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _dropped(value: Any, path: tuple[Any, ...]) -> Any:
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        if not rest:
            return {k: v for k, v in value.items() if k != head}
        return {**value, head: _dropped(value[head], rest)}
    if not rest:
        return value[:head] + value[head + 1:]
    return [*value[:head], _dropped(value[head], rest), *value[head + 1:]]


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    return [*value[:head], _replaced(value[head], rest, new), *value[head + 1:]]
