"""What a keyword's comparison asks of the schema walker, as a protocol.

The walker (schema.py) hands each keyword of a schema pair to its handler (containers,
arrays, values, branches, spelling, value unions) and keeps the state a walk carries: the
change facts found so far, the negations and reasons that reword them, the trails into the
input's own spelling (rawpaths.py), the recursion bookkeeping (recursion.py) and the
sides' paths (sides.py). The handlers and the recursion bookkeeping type their walker as
``Walker`` from here, so none of them imports schema.py, and schema.py imports them
without a circle.

May import: the classify modules below the walker (changes, rawpaths, sides); never
schema.py or a handler.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from .changes import Change
    from .rawpaths import RawSchemas, Spot, Trail
    from .sides import Sides


class Revisits(Protocol):
    """The part of the recursion bookkeeping (recursion.py) a handler reads: whether a
    recursive pair whose nodes differ is being walked, and whether an equal subschema must
    still be entered because a back-reference inside it leads to one."""

    dirty: int

    def enter_equal(self, node: Any) -> bool: ...


class Enclosing(NamedTuple):
    """The node a subschema applied in place sits in (an ``allOf``/``anyOf``/``oneOf``
    branch, a ``then`` or an ``else``): a name the subschema starts to declare was governed
    there until now, and still may be (containers.py, ``_enclosing_governor``)."""

    #: The walk path of the node holding the subschema.
    path: str
    #: That node on the old side.
    node: dict
    #: The keyword the subschema is under: ``allOf``, ``anyOf``, ``oneOf``, ``then`` or ``else``.
    keyword: str
    #: For an ``allOf`` branch, the old side's other branches, and for a ``then``, its ``if``
    #: (which passed wherever the ``then`` applies), each with its path in the old schema: each
    #: of them applies beside the subschema.
    siblings: tuple[tuple[Any, str], ...] = ()
    #: The node on the new side (None where not known): a tuple position the subschema no
    #: longer declares is left to what that node evaluates (arrays.py, ``_position_governor``).
    new_node: dict | None = None


class Walker(Protocol):
    """The schema walker as its handlers and the recursion bookkeeping see it."""

    #: ``tool.input`` or ``tool.output``: which way fewer values cut.
    prefix: str
    changes: list[Change]
    raw: RawSchemas | None
    negations: int
    reasons: list[tuple[frozenset[str], str]]
    recursion: Revisits
    sides: Sides
    #: walk path of a subschema applied in place → the node it sits in (containers.py reads
    #: what governed a name there, arrays.py what governed a tuple position).
    enclosing: dict[str, Enclosing]
    #: differences that change no value and so give no finding (the completeness net's count)
    covered: int

    def emit(self, fact: str, path: str, before: Any, after: Any, variant: str,
             args: dict[str, Any] | None = None, grade: Any = None, side: int | None = None) -> None: ...

    def walk(self, old: Any, new: Any, path: str, depth: int = 0, trail: Trail | None = None) -> None: ...

    def context(self) -> tuple[int, frozenset[tuple[frozenset[str], str]]]: ...

    def negated(self) -> AbstractContextManager[None]: ...

    def unordered(self, facts: frozenset[str], reason: str) -> AbstractContextManager[None]: ...

    def child_trail(self, key: str, item: str | int | None = None) -> Trail: ...

    def split_trail(self, old_step: tuple[str, str | int | None], new_step: tuple[str, str | int | None]) -> Trail: ...

    def here(self) -> tuple[Spot | None, Spot | None]: ...

    def added_removed_changed(self, old: dict, new: dict, path: str, key: str) -> None: ...

    def flag(self, key: str, old: dict, new: dict, path: str, on: tuple[str, str], off: tuple[str, str]) -> None: ...

    def default(self, key: str, old: dict, new: dict, path: str, depth: int) -> None: ...

    def deprecated(self, key: str, old: dict, new: dict, path: str, depth: int) -> None: ...

    def prose(self, key: str, old: dict, new: dict, path: str, depth: int) -> None: ...


#: A keyword's comparison: ``(walker, key, old, new, path, depth)``.
Handler = Callable[[Walker, str, dict, dict, str, int], None]
