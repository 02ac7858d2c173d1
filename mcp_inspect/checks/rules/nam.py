"""Tool names (docs/lint.md, NAM): NAM-002…006 judge one tool, NAM-007 and NAM-008 the list.

Every NAM rule skips a tool without a usable name (SCH-001 reports that); NAM-008 still
counts such a tool in the list's size.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ..parameters import top_level
from ..registry import Context, Hit, ToolView, surface_links, surface_rule, tool_rule
from ..text import offending, show_char
from ..vocabulary import tokens, usable

#: The grammar the specification recommends for tool names (NAM-002).
SPEC_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
SPEC_NAME_MAX = 128
#: NAM-003's bounds, in characters.
NAME_MIN, NAME_MAX = 3, 50
#: NAM-008: a list this long or longer is judged; a share of tools below this shows no grouping.
GROUPED_LIST = 10
GROUPED_SHARE = (3, 10)  # 30%, as a fraction of integers

#: NAM-006's casing styles, in the order a message names them.
STYLES = (
    ("snake_case", re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")),
    ("kebab-case", re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")),
    ("SCREAMING_CASE", re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")),
    ("PascalCase", re.compile(r"[A-Z][a-zA-Z0-9]*")),
    ("camelCase", re.compile(r"[a-z][a-zA-Z0-9]*")),
)
_NEUTRAL = re.compile(r"[a-z][a-z0-9]*")  # a single lower-case word fits every style
_CAPITAL, _LOWER = re.compile(r"[A-Z]"), re.compile(r"[a-z]")


def _usable_name(tool: ToolView) -> str | None:
    name = tool.raw.get("name")
    return name if isinstance(name, str) and usable(name) else None


@tool_rule("NAM-002")
def spec_grammar(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = _usable_name(tool)
    if name is None:
        return
    args: dict[str, object] = {"name": name}
    if len(name) > SPEC_NAME_MAX:
        args.update(length=len(name), max=SPEC_NAME_MAX)
    bad = offending(name, SPEC_NAME_CHARS)
    if bad:
        args["chars"] = ", ".join(show_char(c) for c in bad[:5]) + (" …" if len(bad) > 5 else "")
    if "length" in args or "chars" in args:
        variant = ("too_long_and_bad_chars" if "length" in args and "chars" in args
                   else "too_long" if "length" in args else "bad_chars")
        yield Hit("name", args, variant)


@tool_rule("NAM-003")
def name_length(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = _usable_name(tool)
    if name is None:
        return
    if len(name) < NAME_MIN:
        yield Hit("name", {"name": name, "length": len(name), "min": NAME_MIN}, "too_short")
    elif len(name) > NAME_MAX:
        yield Hit("name", {"name": name, "length": len(name), "max": NAME_MAX}, "too_long")


@tool_rule("NAM-004")
def leading_digit(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = _usable_name(tool)
    if name is not None and "0" <= name[0] <= "9":
        yield Hit("name", {"name": name})


@tool_rule("NAM-005")
def leading_verb(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = _usable_name(tool)
    if name is None:
        return
    words = tokens(name)
    if not words:
        yield Hit("name", {"name": name}, "no_token")
    elif words[0] not in ctx.words("NAM-005", "verbs"):
        yield Hit("name", {"name": name, "first": words[0]})


def casing_style(name: str) -> str | None:
    """The casing style of a parameter name; None for a single lower-case word (neutral)
    and for a name that fits no style (ignored)."""
    if _NEUTRAL.fullmatch(name):
        return None
    for style, pattern in STYLES:
        if not pattern.fullmatch(name):
            continue
        if style == "SCREAMING_CASE" and len(name) < 2:
            continue
        if style == "PascalCase" and not _LOWER.search(name):
            continue
        if style == "camelCase" and not _CAPITAL.search(name):
            continue
        return style
    return None


@tool_rule("NAM-006")
def mixed_casing(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if _usable_name(tool) is None or tool.schema is None:
        return
    examples: dict[str, str] = {}  # style → its first parameter, in document order
    for parameter in top_level(tool.schema):
        style = casing_style(parameter.name)
        if style is not None:
            examples.setdefault(style, parameter.name)
    if len(examples) > 1:
        yield Hit("inputSchema.properties", {
            "count": len(examples), "styles": [f"{style} ({name})" for style, name in examples.items()]})


@surface_links("NAM-007", positional=True)
def _folded_links(tool: ToolView, ctx: Context) -> tuple[str, ...]:
    """NAM-007 reads the tools whose names are equal when lower-cased (its facts name positions)."""
    name = _usable_name(tool)
    return () if name is None else (name.lower(),)


@surface_rule("NAM-007")
def repeated_names(ctx: Context) -> Iterator[Hit]:
    exact: dict[str, int] = {}  # name → position of its first tool
    folded: dict[str, tuple[int, str]] = {}  # lower-cased name → position and spelling of its first tool
    for tool in ctx.tools:
        name = _usable_name(tool)
        if name is None:
            continue
        if name in exact:
            yield Hit("name", {"name": name, "first": f"tools[{exact[name]}]"}, "exact", tool=tool.index)
        elif name.lower() in folded:
            index, earlier = folded[name.lower()]
            yield Hit("name", {"name": name, "earlier": earlier, "first": f"tools[{index}]"}, "case",
                      tool=tool.index)
        exact.setdefault(name, tool.index)
        folded.setdefault(name.lower(), (tool.index, name))


def _ends(tool: ToolView) -> tuple[str, str] | None:
    """The first and last words of a usable name (NAM-008), made once per definition."""
    def make(tool: ToolView) -> tuple[str, str] | None:
        name = _usable_name(tool)
        words = tokens(name) if name is not None else ()
        return (words[0], words[-1]) if words else None

    found: tuple[str, str] | None = tool.shared("nam008.ends", make)
    return found


@surface_rule("NAM-008")
def ungrouped_names(ctx: Context) -> Iterator[Hit]:
    total = len(ctx.tools)
    if total < GROUPED_LIST:
        return
    ends = [end for end in (_ends(tool) for tool in ctx.tools) if end is not None]
    firsts, lasts = Counter(first for first, _ in ends), Counter(last for _, last in ends)
    starts = sum(1 for first, _ in ends if firsts[first] > 1)
    finishes = sum(1 for _, last in ends if lasts[last] > 1)
    part, whole = GROUPED_SHARE
    if starts * whole < total * part and finishes * whole < total * part:
        yield Hit("name", {"count": total, "starts": starts, "ends": finishes,
                           "start_share": starts / total, "end_share": finishes / total},
                  tool=ctx.tools[0].index)
