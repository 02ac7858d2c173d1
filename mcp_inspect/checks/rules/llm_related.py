"""A description among its siblings: LLM-012 and LLM-013 read the whole tool list.

Both are surface rules (a tool rule's result is remembered by the definition alone, and these
depend on the other tools). Each definition's own reading is shared through ``ToolView.shared``;
the list is indexed once per run, so the work grows with the number of tools, not its square.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..registry import Context, Hit, ToolView, surface_links, surface_rule
from ..vocabulary import tokens, usable
from .llm_common import description, patterns_of, phrases, searcher

# LLM-012's name prefix: what comes before the first "-", else before the first "_", else a
# leading lower-case word followed by a capital (userCreate -> user) or a leading capitalised
# word followed by a capital (UserCreate -> User).
_LOWER_WORD = re.compile(r"[a-z]+(?=[A-Z])")
_CAPITAL_WORD = re.compile(r"[A-Z][a-z]+(?=[A-Z])")


def name_prefix(name: object) -> str | None:
    """The group a tool name belongs to for LLM-012, or None (no prefix, no relatives).
    Prefixes are compared as written: ``User`` and ``user`` are two groups."""
    if not isinstance(name, str):
        return None
    for separator in "-_":
        if separator in name:
            return name.split(separator, 1)[0] or None  # "_private": nothing before it
    found = _LOWER_WORD.match(name) or _CAPITAL_WORD.match(name)
    return found.group(0) if found else None


@dataclass(frozen=True)
class _Shape:
    """What LLM-012 compares of one description."""

    index: int
    verb: bool  # opens with a verb of A.9
    band: str  # short, medium or long
    when: bool
    example: bool


def _band(length: int, data: Mapping[str, Any]) -> str:
    if length < int(data["medium_from"]):
        return "short"
    return "medium" if length < int(data["long_from"]) else "long"


def _reading(view: ToolView, ctx: Context) -> tuple[str, bool, str, bool, bool] | None:
    """What LLM-012 reads of one definition: its name's prefix and its description's shape
    (None: no prefix, or no usable description). Made once per definition (``ToolView.shared``)."""
    def make(view: ToolView) -> tuple[str, bool, str, bool, bool] | None:
        prefix = name_prefix(view.raw.get("name"))
        if prefix is None or not description(view).usable:
            return None
        text = description(view).trimmed
        first = text.split(None, 1)[0].lower() if text else ""
        return (prefix, first in ctx.words("LLM-012", "verbs"), _band(len(text), ctx.data("LLM-012")),
                searcher(patterns_of(ctx, "LLM-012", "when_pattern"), True)(text),
                searcher(patterns_of(ctx, "LLM-012", "example_pattern"), True)(text))

    found: tuple[str, bool, str, bool, bool] | None = view.shared("llm012.shape", make)
    return found


@surface_links("LLM-012", reading=lambda view, ctx: _reading(view, ctx))
def _prefix_links(view: ToolView, ctx: Context) -> tuple[str, ...]:
    """LLM-012 compares a tool with the tools of its name prefix alone."""
    read = _reading(view, ctx)
    return () if read is None else (read[0],)


@surface_rule("LLM-012")
def related_consistency(ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-012")
    groups: dict[str, list[_Shape]] = {}
    for view in ctx.tools:
        read = _reading(view, ctx)
        if read is not None:
            groups.setdefault(read[0], []).append(_Shape(view.index, *read[1:]))
    labels: Mapping[str, str] = data["aspects"]
    least = int(data["min_related"])
    for prefix, members in groups.items():
        related = len(members) - 1  # the other tools of the group
        if related < least:
            continue
        # Counts over the whole group; each member's relatives are the group without it.
        verbs = sum(m.verb for m in members)
        whens = sum(m.when for m in members)
        examples = sum(m.example for m in members)
        bands = Counter(m.band for m in members)
        for member in members:
            aspects = []
            if not member.verb and 2 * verbs > related:
                aspects.append("verb")
            usual = next((b for b, n in bands.items() if 2 * (n - (b == member.band)) > related), None)
            if usual is not None and usual != member.band:
                aspects.append("length")
            if not member.when and 2 * whens > related:
                aspects.append("when")
            if not member.example and 2 * examples > related:
                aspects.append("example")
            if aspects:
                yield Hit("description", {"prefix": prefix, "related": related, "aspects": [labels[a] for a in aspects],
                                          "differences": aspects, "band": member.band, "usual_band": usual},
                          tool=member.index)


class _Names:
    """The tool names a description may mention (LLM-013), indexed once per run: each name's
    normalised form, the positions of the tools that bear it, and the token counts to try
    from each first token."""

    def __init__(self, tools: list[ToolView], shortest: int) -> None:
        self.owners: dict[str, set[int]] = {}
        self.lengths: dict[str, set[int]] = {}
        for view in tools:
            found = _name_words(view, shortest)
            if found:
                self.owners.setdefault(" ".join(found), set()).add(view.index)
                self.lengths.setdefault(found[0], set()).add(len(found))

    def mentions_another(self, words: tuple[str, ...], index: int) -> bool:
        """Whether ``words`` (a description's tokens) hold, as whole words, the normalised name
        of a tool other than the one at ``index``."""
        for start, word in enumerate(words):
            for length in self.lengths.get(word, ()):
                owners = self.owners.get(" ".join(words[start:start + length]))
                if owners and (len(owners) > 1 or index not in owners):
                    return True
        return False


def _name_words(view: ToolView, shortest: int) -> tuple[str, ...]:
    """A tool's name as LLM-013 looks for it in the others' descriptions (none when the name
    is not usable or shorter than ``shortest``: a sibling called "run" is not a reference)."""
    def make(view: ToolView) -> tuple[str, ...]:
        name = view.raw.get("name")
        if not usable(name) or len(str(name).strip()) < shortest:
            return ()
        return tokens(str(name))

    found: tuple[str, ...] = view.shared(f"llm013.name.{shortest}", make)
    return found


def _unguided(view: ToolView, ctx: Context) -> bool:
    """A usable description that neither says how the tool fits a workflow nor points to
    another step in the catalogue's words (LLM-013 then asks whether it names a sibling)."""
    def make(view: ToolView) -> bool:
        text = description(view)
        return text.usable and not phrases(ctx.words("LLM-013", "keywords")).found_in(text) \
            and not searcher(patterns_of(ctx, "LLM-013", "patterns"), True)(text.string)

    found: bool = view.shared("llm013.unguided", make)
    return found


@surface_rule("LLM-013")
def workflow_guidance(ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-013")
    names: _Names | None = None  # built only when a description needs it
    for view in ctx.tools:
        if not _unguided(view, ctx):
            continue
        text = description(view)
        if names is None:
            names = _Names(ctx.tools, int(data["min_name_chars"]))
        if not names.mentions_another(text.tokens, view.index):
            yield Hit("description", tool=view.index)
