"""Best practice across tools: BP-006 (repeated complex schemas), BP-012 (a handle whose
lifetime is not documented) and BP-015 (overlapping descriptions).

These read the whole list, and a list can hold thousands of tools, so none of them compares
every tool with every other. BP-006 groups schemas by a digest of their canonical form.
BP-012 indexes the handles that tools require and looks each producer's words up in it.
BP-015 groups tools by their word sets, finds similar sets through their rarest words
(a prefix filter: two sets that share three quarters of their words share one of the first
few, rarest first) and contained descriptions through each one's rarest word, so the work
grows with the overlaps there are.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import xxhash

from ..parameters import at_any_depth
from ..registry import Context, Hit, ToolView, surface_links, surface_rule
from ..vocabulary import any_phrase, normalised, tokens
from ..walk import step
from .llm_common import description

# --- BP-006: identical complex parameter schemas -------------------------------------------

#: Keys whose array values are sets: their order does not make two schemas different.
_UNORDERED = frozenset(("required", "enum", "type"))
#: Past this depth a value is compared as written (the input's own nesting is bounded elsewhere).
_CANONICAL_DEPTH = 64


def _canonical(value: Any, key: str | None = None, depth: int = 0) -> Any:
    if depth > _CANONICAL_DEPTH:
        return value
    if isinstance(value, dict):
        return {k: _canonical(v, k, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        items = [_canonical(v, None, depth + 1) for v in value]
        if key in _UNORDERED:
            items.sort(key=_dumps)
        return items
    return value


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def canonical_digest(schema: dict[str, Any]) -> bytes:
    """A digest of the canonical form: keys sorted, ``required``/``enum``/``type`` arrays sorted,
    everything else (descriptions included) as written."""
    return xxhash.xxh3_128_digest(_dumps(_canonical(schema)).encode("utf-8", "surrogatepass"))


def is_complex(schema: dict[str, Any], keywords: Iterable[str]) -> bool:
    """An object with properties, an array of such objects, or two or more constraining keywords."""
    props = schema.get("properties")
    if schema.get("type") == "object" and isinstance(props, dict) and props:
        return True
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict) and items.get("type") == "object" \
            and isinstance(items.get("properties"), dict) and items["properties"]:
        return True
    return sum(1 for key in keywords if key in schema) >= 2


def top_level(tool: ToolView) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(name, schema)`` of each root ``properties`` entry whose value is an object."""
    schema = tool.schema
    props = schema.get("properties") if schema is not None else None
    if isinstance(props, dict):
        for name, sub in props.items():
            if isinstance(sub, dict):
                yield str(name), sub


def complex_schemas(tool: ToolView, ctx: Context) -> tuple[tuple[str, bytes], ...]:
    """``(name, canonical digest)`` of each complex top-level parameter schema (BP-006), made
    once per definition (``ToolView.shared``)."""
    def make(tool: ToolView) -> tuple[tuple[str, bytes], ...]:
        keywords = tuple(ctx.data("BP-006").get("keywords", ()))  # JSON Schema keywords: case matters
        return tuple((name, canonical_digest(schema)) for name, schema in top_level(tool)
                     if is_complex(schema, keywords))

    found: tuple[tuple[str, bytes], ...] = tool.shared("bp006.complex", make)
    return found


@surface_links("BP-006", reading=lambda tool, ctx: complex_schemas(tool, ctx))
def _schema_links(tool: ToolView, ctx: Context) -> Iterator[bytes]:
    """BP-006 groups parameters by schema digest: a tool's hits depend on its groups alone."""
    return (digest for _, digest in complex_schemas(tool, ctx))


@surface_rule("BP-006")
def repeated_schemas(ctx: Context) -> Iterator[Hit]:
    groups: dict[bytes, list[tuple[int, str]]] = {}
    for position, tool in enumerate(ctx.tools):
        for name, digest in complex_schemas(tool, ctx):
            groups.setdefault(digest, []).append((position, name))
    for copies in groups.values():
        if len(copies) < 2:
            continue
        for index, (position, name) in enumerate(copies):
            other_position, other_name = copies[1] if index == 0 else copies[0]
            path = "inputSchema" + step("properties", name)
            yield Hit(path, {"name": name, "other_tool": ctx.tools[other_position].name, "other": other_name,
                             "copies": len(copies)}, "same_tool" if other_position == position else "default",
                      tool=ctx.tools[position].index)


# --- BP-012: handles whose lifetime is not documented --------------------------------------


def _handles_of(tool: ToolView, handle_words: frozenset[str]) -> tuple[str, ...]:
    """The root-required top-level parameters of one definition whose name holds a handle word."""
    def make(tool: ToolView) -> tuple[str, ...]:
        schema = tool.schema
        if schema is None or not isinstance(schema.get("required"), list) \
                or not isinstance(schema.get("properties"), dict):
            return ()
        props = schema["properties"]
        return tuple(name for name in dict.fromkeys(r for r in schema["required"] if isinstance(r, str))
                     if isinstance(props.get(name), dict) and not handle_words.isdisjoint(tokens(name)))

    found: tuple[str, ...] = tool.shared("bp012.handles", make)
    return found


def _required_handles(ctx: Context, handle_words: frozenset[str]) -> dict[str, list[int]]:
    """Root-required top-level parameters whose name holds a handle word, and who requires them."""
    required_by: dict[str, list[int]] = {}
    for position, tool in enumerate(ctx.tools):
        for name in _handles_of(tool, handle_words):
            required_by.setdefault(name, []).append(position)
    return required_by


def _producer(tool: ToolView, ctx: Context) -> bool:
    """A tool whose name starts with one of BP-012's first words and whose description says
    nothing of a lifetime: it may hand out a handle another tool requires."""
    def make(tool: ToolView) -> bool:
        name = tool.raw.get("name")
        first = tokens(name)[:1] if isinstance(name, str) else ()
        if not first or first[0] not in ctx.words("BP-012", "first_tokens"):
            return False
        text = tool.raw.get("description")
        return not (isinstance(text, str)
                    and any_phrase(normalised(text), ctx.data("BP-012").get("lifetime_words", ())))

    found: bool = tool.shared("bp012.producer", make)
    return found


def _mentioned(words: tuple[str, ...], by_phrase: dict[tuple[str, ...], list[str]], longest: int) -> Iterator[str]:
    """The handles whose normalised names occur as whole words in ``words``, in text order."""
    for start in range(len(words)):
        for size in range(1, min(longest, len(words) - start) + 1):
            yield from by_phrase.get(words[start:start + size], ())


def _produced(tool: ToolView, required_by: dict[str, list[int]], by_phrase: dict[tuple[str, ...], list[str]],
              longest: int) -> Iterator[str]:
    output = tool.raw.get("outputSchema")
    if isinstance(output, dict):
        yield from (p.name for p in at_any_depth(output) if p.name in required_by)
    text = description(tool)
    if text.usable:
        yield from _mentioned(text.tokens, by_phrase, longest)


@surface_rule("BP-012")
def handle_lifetime(ctx: Context) -> Iterator[Hit]:
    required_by = _required_handles(ctx, ctx.words("BP-012", "handle_tokens"))
    if not required_by:
        return
    by_phrase: dict[tuple[str, ...], list[str]] = {}
    for handle in required_by:
        by_phrase.setdefault(tokens(handle), []).append(handle)
    longest = max(len(words) for words in by_phrase)
    for position, tool in enumerate(ctx.tools):
        if not _producer(tool, ctx):
            continue
        name = tool.raw.get("name")
        for handle in _produced(tool, required_by, by_phrase, longest):
            sibling = next((p for p in required_by[handle] if ctx.tools[p].raw.get("name") != name), None)
            if sibling is not None:
                yield Hit("description", {"name": name, "handle": handle, "sibling": ctx.tools[sibling].name},
                          tool=ctx.tools[position].index)
                break


# --- BP-015: overlapping descriptions ------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    position: int
    name: str  # case-folded: names equal but for case are NAM-007's
    words: tuple[str, ...]  # the description's words minus stopwords, in order
    set: frozenset[str]


def _entries(ctx: Context, stopwords: frozenset[str], smallest: int) -> list[_Entry]:
    entries = []
    for position, tool in enumerate(ctx.tools):
        read = _words_of(tool, stopwords, smallest)
        if read is not None:
            entries.append(_Entry(position, *read))
    return entries


def _words_of(tool: ToolView, stopwords: frozenset[str],
              smallest: int) -> tuple[str, tuple[str, ...], frozenset[str]] | None:
    """What BP-015 compares of one definition (its case-folded name, its description's words
    without stopwords, in order and as a set), or None: made once per definition."""
    def make(tool: ToolView) -> tuple[str, tuple[str, ...], frozenset[str]] | None:
        name, text = tool.raw.get("name"), description(tool)
        if not isinstance(name, str) or not text.usable:
            return None
        words = tuple(w for w in text.tokens if w not in stopwords)
        kept = frozenset(words)
        return (name.casefold(), words, kept) if len(kept) >= smallest else None

    found: tuple[str, tuple[str, ...], frozenset[str]] | None = tool.shared(f"bp015.words.{smallest}", make)
    return found


def _rarity(sets: Iterable[frozenset[str]]) -> Counter[str]:
    """How many of the distinct word sets hold each word."""
    counts: Counter[str] = Counter()
    for words in sets:
        counts.update(words)
    return counts


def _similar_sets(sets: list[frozenset[str]], df: Counter[str], threshold: float) -> list[tuple[int, int]]:
    """Pairs of distinct sets whose Jaccard index is at least ``threshold``.

    Each set's words are ordered rarest first; two sets sharing ``ceil(t·max(a, b))`` words
    share one among the first ``a − ceil(t·a) + 1`` of each, so only those are indexed and
    looked up, and only sets met that way are compared.
    """
    pairs = []
    index: dict[str, list[int]] = {}
    for sid, words in enumerate(sets):
        size = len(words)
        ordered = sorted(words, key=lambda w: (df[w], w))
        prefix = ordered[: size - math.ceil(threshold * size - 1e-9) + 1]
        seen: set[int] = set()
        for word in prefix:
            for other in index.get(word, ()):
                if other in seen:
                    continue
                seen.add(other)
                theirs = sets[other]
                if min(size, len(theirs)) < threshold * max(size, len(theirs)) - 1e-9:
                    continue
                shared = len(words & theirs)
                if shared >= threshold * (size + len(theirs) - shared) - 1e-9:
                    pairs.append((other, sid))
            index.setdefault(word, []).append(sid)
    return pairs


def _contained(seqs: list[tuple[str, ...]], df: Counter[str]) -> list[tuple[int, int]]:
    """Pairs ``(short, long)`` of distinct sequences where the shorter occurs in the longer
    on word boundaries. Each sequence is looked for only where its rarest word occurs."""
    rarest: dict[str, list[tuple[int, int]]] = {}
    for sid, words in enumerate(seqs):
        word = min(words, key=lambda w: (df[w], w))
        rarest.setdefault(word, []).append((sid, words.index(word)))
    pairs = set()
    for lid, longer in enumerate(seqs):
        for at, word in enumerate(longer):
            for sid, offset in rarest.get(word, ()):
                shorter = seqs[sid]
                start = at - offset
                if len(shorter) < len(longer) and 0 <= start <= len(longer) - len(shorter) \
                        and longer[start:start + len(shorter)] == shorter:
                    pairs.add((sid, lid))
    return sorted(pairs)


def _first_before(members: list[_Entry], entry: _Entry) -> int | None:
    """The position of the first of ``members`` (in list order) before ``entry`` with another name."""
    for member in members:
        if member.position >= entry.position:
            return None
        if member.name != entry.name:
            return member.position
    return None


def _settings(ctx: Context) -> tuple[float, int, int]:
    """BP-015's Jaccard threshold and the fewest words of a similar and of a contained description."""
    data = ctx.data("BP-015")
    return float(data.get("jaccard", 0.75)), int(data.get("min_words", 5)), int(data.get("min_words_contained", 8))


@surface_rule("BP-015")
def overlapping_descriptions(ctx: Context) -> Iterator[Hit]:
    threshold, min_similar, min_contained = _settings(ctx)
    entries = _entries(ctx, ctx.words("BP-015", "stopwords"), min(min_similar, min_contained))
    by_set: dict[frozenset[str], list[_Entry]] = {}
    by_words: dict[tuple[str, ...], list[_Entry]] = {}
    for entry in entries:
        by_set.setdefault(entry.set, []).append(entry)
        if len(entry.set) >= min_contained:
            by_words.setdefault(entry.words, []).append(entry)
    df = _rarity(by_set)
    # The groups of tools each group overlaps: by word set (itself included: equal sets are
    # similar)…
    sets = [words for words in by_set if len(words) >= min_similar]
    similar: dict[frozenset[str], list[list[_Entry]]] = {words: [by_set[words]] for words in sets}
    for a, b in _similar_sets(sets, df, threshold):
        similar[sets[a]].append(by_set[sets[b]])
        similar[sets[b]].append(by_set[sets[a]])
    # …and by word sequence, one inside the other.
    seqs = list(by_words)
    contained: dict[tuple[str, ...], list[list[_Entry]]] = {}
    for a, b in _contained(seqs, df):
        contained.setdefault(seqs[a], []).append(by_words[seqs[b]])
        contained.setdefault(seqs[b], []).append(by_words[seqs[a]])
    at = {entry.position: entry for entry in entries}
    for entry in entries:
        groups = similar.get(entry.set, []) + contained.get(entry.words, [])
        found = [p for p in (_first_before(members, entry) for members in groups) if p is not None]
        if found:
            yield _overlap(ctx, entry, at[min(found)], threshold, min_similar)


def _overlap(ctx: Context, entry: _Entry, earlier: _Entry, threshold: float, min_similar: int) -> Hit:
    """The finding on ``entry``, saying how its description overlaps ``earlier``'s."""
    other = ctx.tools[earlier.position].name
    shared = len(entry.set & earlier.set)
    share = shared / (len(entry.set) + len(earlier.set) - shared)
    if min(len(entry.set), len(earlier.set)) >= min_similar and share >= threshold - 1e-9:
        return Hit("description", {"other": other, "share": share}, "similar", tool=ctx.tools[entry.position].index)
    variant = "contains" if len(entry.words) > len(earlier.words) else "contained"
    return Hit("description", {"other": other, "share": share}, variant, tool=ctx.tools[entry.position].index)
