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

from ..registry import Context, Hit, ToolView, surface_rule
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


def _shape(view: ToolView, ctx: Context) -> _Shape:
    data = ctx.data("LLM-012")
    text = description(view).trimmed
    first = text.split(None, 1)[0].lower() if text else ""
    return _Shape(view.index, first in ctx.words("LLM-012", "verbs"), _band(len(text), data),
                  searcher(patterns_of(ctx, "LLM-012", "when_pattern"), True)(text),
                  searcher(patterns_of(ctx, "LLM-012", "example_pattern"), True)(text))


@surface_rule("LLM-012")
def related_consistency(ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-012")
    groups: dict[str, list[_Shape]] = {}
    for view in ctx.tools:
        prefix = name_prefix(view.raw.get("name"))
        if prefix is not None and description(view).usable:
            groups.setdefault(prefix, []).append(_shape(view, ctx))
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
            name = view.raw.get("name")
            if not usable(name) or len(str(name).strip()) < shortest:
                continue  # a sibling called "run" is not a reference
            found = tokens(str(name))
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


@surface_rule("LLM-013")
def workflow_guidance(ctx: Context) -> Iterator[Hit]:
    data = ctx.data("LLM-013")
    keywords = phrases(ctx.words("LLM-013", "keywords"))
    guided = searcher(patterns_of(ctx, "LLM-013", "patterns"), True)
    names: _Names | None = None  # built only when a description needs it
    for view in ctx.tools:
        text = description(view)
        if not text.usable or keywords.found_in(text) or guided(text.string):
            continue
        if names is None:
            names = _Names(ctx.tools, int(data["min_name_chars"]))
        if not names.mentions_another(text.tokens, view.index):
            yield Hit("description", tool=view.index)
