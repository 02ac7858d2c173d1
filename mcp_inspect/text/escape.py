"""Make server-provided text safe to show: terminals and rich markup.

Names, descriptions and URIs come from servers we do not trust. A description
holding an ANSI escape could rewrite the terminal; one holding ``[bold red]``
would be read as rich markup. Both are shown literally instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from .invisible import INVISIBLE

# C0 controls except tab and newline, DEL, C1 controls, the line and paragraph separators,
# and every character invisible.py counts as invisible or bidirectional (zero-
# width and joining marks, bidi controls, tag characters, fillers), which can hide,
# reorder or smuggle what the reader sees. One list, so the reports show what MCP-021 finds.
_PAST_C0 = "\x7f-\x9f\u200b-\u200f\u2028\u2029" + INVISIBLE
_UNSAFE_CLASS = "\x00-\x08\x0b-\x1f" + _PAST_C0
# A run of backslashes is doubled where it could be read as the start of one of our
# escapes: before an ``x``, ``u`` or ``U``, or a character that is about to be escaped.
# Then ``\u200b`` in the output always means the character, never the six letters (an odd
# run before ``x``/``u``/``U`` is an escape, an even one is literal backslashes), while
# backslashes anywhere else (a regular expression's ``\\d``) are shown as they are.
_SHOWN = re.compile(f"\\\\+(?=[xuU{_UNSAFE_CLASS}])|[{_UNSAFE_CLASS}]")


def _visible(match: re.Match[str]) -> str:
    found = match.group()
    if found.startswith("\\"):
        return found * 2
    code = ord(found)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def plain(text: str) -> str:
    """Neutralise control and invisible characters, shown as ``\\xNN``, ``\\uNNNN`` or
    ``\\UNNNNNNNN`` (a backslash that could be mistaken for one is doubled)."""
    if text.isascii() and "\\" not in text and text.isprintable():
        return text  # the usual case, answered in C
    return _SHOWN.sub(_visible, text)


# JSON writers escape C0 controls themselves; these are the rest of what plain() escapes.
_JSON_UNSAFE = re.compile(f"[{_PAST_C0}]")


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a UTF-16 surrogate pair, as JSON spells a character past U+FFFF
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def inert_json(text: str) -> str:
    """JSON text with the characters plain() escapes written as ``\\u`` escapes.

    The JSON value is the same (they can only occur inside strings, where an escape means
    the character itself), but a terminal that shows the file cannot be driven by them.
    """
    if text.isascii() and "\x7f" not in text:
        return text  # the usual case, answered in C
    return _JSON_UNSAFE.sub(_json_escape, text)


# The end of a cut JSON text that is inside an escape: an odd run of backslashes, then at
# most the ``u`` and three digits of a ``\\uXXXX``.
_PART_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\(?:u[0-9a-fA-F]{0,3})?\Z")
#: The end of a cut JSON text that is the first half of a surrogate pair written as escapes
#: (``\\ud83d`` of an emoji): kept alone, what is shown holds a character the value does not.
_HALF_PAIR = re.compile(r"(?<!\\)(?:\\\\)*\\u[dD][89abAB][0-9a-fA-F]{2}\Z")


def cut_json(text: str, limit: int) -> str:
    """``text`` (JSON) whole when it has at most ``limit`` characters, else its first ones and
    ``… (N characters)``, cut before an escape rather than inside one, so what is shown of a
    string is what it holds."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if _PART_ESCAPE.search(head):
        head = head[:head.rindex("\\")]
    if _HALF_PAIR.search(head):  # (hostile trial, round 28)
        head = head[:head.rindex("\\")]
    return f"{head}… ({len(text):,} characters)"


def json_call(value: object) -> str:
    """``value`` as compact JSON (keys sorted) that is safe to show as it is: JSON escapes the
    C0 controls, and inert_json the others plain() escapes (U+202E as ``\\u202e``), so the text
    holds no control, bidi or invisible character and parses to ``value`` exactly. Show it
    without plain(), which would double the backslash of each escape and change the value."""
    # ``##[`` is the runner's older command form, which inert_lines turns into ``#\x23[``, no
    # JSON escape: written ``#\u0023[`` (the same string) it is neither (hostile trial, round 28).
    text = inert_json(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    return text.replace("##[", "#\\u0023[")


#: A line that starts, after spaces (and colour codes), with ``::`` is a workflow command
#: to GitHub's runner when a job prints it, as CI logs do with text reports and stderr.
_COMMAND_START = re.compile(r"^((?:[ \t]|\x1b\[[0-9;]*m)*):(?=:)", re.MULTILINE)


def inert_lines(text: str) -> str:
    """``text`` with the first colon of any line that would start with ``::`` shown as ``\\x3a``,
    and the runner's older command form ``##[`` (read anywhere in a line) as ``#\\x23[``.

    Server text reaches a line's start where a long message wraps; no line the reports
    write themselves starts that way, nor holds ``##[``.
    """
    return _COMMAND_START.sub(r"\1\\x3a", text).replace("##[", "#\\x23[")


def one_line(text: str) -> str:
    return " ".join(plain(text).split())


def terminal(text: str) -> str:
    """Safe for a rich console: controls neutralised and markup escaped."""
    from rich.markup import escape as _escape_markup  # only text output needs rich
    return _escape_markup(plain(text))


# --- Markdown (GitHub-flavoured), for PR comments -------------------------------------
#
# GitHub renders a comment in two stages: cmark-gfm turns Markdown into HTML, then
# filters rewrite the HTML's *text nodes* (``@user`` mentions, ``#12`` / ``GH-12`` issue
# references). A backslash escape only survives the first stage: ``\@octocat`` is still
# the text "@octocat" afterwards and still pings. So references are broken with an
# invisible U+2060 WORD JOINER, which no filter's pattern allows inside a name.

_WORD_JOINER = "\u2060"
# Only where a reference could start: a mention's name begins with a letter or digit, an
# issue number with a digit, and a ``#`` before a space (or the end) could open a heading.
# Elsewhere (``@(?:`` in a pattern a report quotes) the joiner would only spoil a copy.
_REFERENCE = re.compile(r"@(?=[0-9A-Za-z]|$)|#(?=[0-9]|\s|$)|(?<![0-9A-Za-z])GH(?=-[0-9])", re.IGNORECASE)
# Entities for what HTML would read as markup. Quotes matter inside attributes, and an
# entity decodes to the same text everywhere, so they are always safe to use.
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
# What markdown_text escapes, and only where GFM would read it as markup (text that means
# nothing there, ``multi-page`` or ``(legacy)``, is written as it is):
# - everywhere: ``` ` ``` (code), ``[ ]`` (links, images, footnotes, task boxes), ``|``
#   (table cells), ``<`` (HTML, autolinks) as an entity, ``$`` (GitHub math), and ``\``
#   where it would escape what follows (or could, at the end);
# - ``* ~`` (emphasis, strike-through) unless a space stands on both sides, and ``_`` also
#   unless inside a word (an underscore between letters never opens emphasis);
# - ``&`` where it would start an entity; ``:`` where it would start an autolink
#   (``https://``) or an emoji code (``:smile:``); the ``.`` of ``www.`` (an autolink);
# - at the start (the text may begin a line): ``- + =`` before a space or the end (lists,
#   thematic breaks, setext underlines), ``>`` (quotes), and the ``.`` or ``)`` after a
#   number (an ordered list).
# ``@`` and ``#`` are never escaped: references get a word joiner (below), which no
# mention, issue reference or ATX heading allows after them.
_ALWAYS = {"`": "\\`", "[": "\\[", "]": "\\]", "|": "\\|", "$": "\\$", "<": "&lt;"}
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# At the start, ``- + =`` matter before a space, the end or a run of themselves ("- x",
# "---", "=="); ``>`` always (">x" is a quote too).
_AT_START = re.compile(r"[-+=](?=[ \-+=]|$)|>")
_ORDERED = re.compile(r"[0-9]{1,9}(?=[.)](?: |$))")
_ENTITY = re.compile(r"&#?[0-9A-Za-z]+;")
_AUTOLINK_COLON = re.compile(r":(?://|[A-Za-z0-9_+-]+:)")
_WWW_DOT = re.compile(r"(?<![0-9A-Za-z])www(?=\.)", re.IGNORECASE)


def _markdown_escaped(flat: str) -> str:
    out: list[str] = []
    ordered = _ORDERED.match(flat)
    www = {m.end() for m in _WWW_DOT.finditer(flat)}
    last = len(flat) - 1
    for i, ch in enumerate(flat):
        prev = flat[i - 1] if i else ""
        nxt = flat[i + 1] if i < last else ""
        if i == 0 and _AT_START.match(flat):
            out.append("&gt;" if ch == ">" else "\\" + ch)
        elif ch in _ALWAYS:
            out.append(_ALWAYS[ch])
        elif ch == "\\":
            out.append("\\\\" if not nxt or nxt in _ASCII_PUNCTUATION else ch)
        elif ch in "*~":
            out.append(ch if prev == " " and nxt == " " else "\\" + ch)
        elif ch == "_":
            inside = prev.isalnum() and nxt.isalnum() or prev == " " and nxt == " "
            out.append(ch if inside else "\\_")
        elif ch == "&":
            out.append("&amp;" if _ENTITY.match(flat, i) else ch)
        elif ch == ":":
            out.append("\\:" if _AUTOLINK_COLON.match(flat, i) else ch)
        elif ch == "." and (i in www or ordered and i == ordered.end()):
            out.append("\\.")
        elif ch == ")" and ordered and i == ordered.end():
            out.append("\\)")
        else:
            out.append(ch)
    return "".join(out)


def _flat(text: str) -> str:
    """Controls neutralised and all whitespace runs (newlines included) made one space.

    A newline inside a list item, table cell or summary would end or split it.
    """
    return " ".join(plain(text).split())


def _break_references(text: str) -> str:
    return _REFERENCE.sub(lambda m: m.group() + _WORD_JOINER, text)


def markdown_text(text: str) -> str:
    """Untrusted text as inert Markdown prose: no links, HTML, emphasis, mentions, breaks;
    escaped only where Markdown would read markup, so it reads as written in the raw text."""
    return _markdown_escaped(_break_references(_flat(text)))


#: A warning of ours that ends with the command which mends it (the capture conditions'
#: recapture or re-check): ": mcp-inspect …", or ": cd DIR && mcp-inspect …", to its end.
_TRAILING_COMMAND = re.compile(r": ((?:cd (?:'[^']*'|\S+) && )?mcp-inspect \S[^\n]*)\Z")


def with_command(text: str, prose: Callable[[str], str]) -> str:
    """``text`` as Markdown, its prose through ``prose`` and a trailing ``mcp-inspect``
    command, if it ends with one, as a code span: inert there without the word joiners that
    keep an ``@scope/pkg`` from being a mention, so the command pastes and runs as written."""
    found = _TRAILING_COMMAND.search(text)
    if found is None:
        return prose(text)
    return f"{prose(text[:found.start()])}: {markdown_code(found.group(1))}"


# Readable prose for Markdown people read raw as often as rendered (release notes): only what
# a parser would misread is escaped. Inline markup ``* _ ` [ ] ~ |`` and ``< >`` (HTML) and
# ``\`` take a backslash; ``&`` only where it would start an entity; ``$`` only where two
# of them could pair into math. Quotes, colons and full stops stay as they are, and no
# entity is ever written. Mentions and issue references are broken as above.
_PROSE_ESCAPE = {ch: "\\" + ch for ch in "\\`*[]<>|~"}
_ENTITY_START = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# An underscore inside a word never starts emphasis in GFM (``guide_types``); at a word's
# edge it may.
_EDGE_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")


def markdown_prose(text: str) -> str:
    """Untrusted text as Markdown that reads cleanly raw and renders as the same words."""
    flat = _break_references(_flat(text))
    out = "".join(_PROSE_ESCAPE.get(ch, ch) for ch in flat)
    out = _EDGE_UNDERSCORE.sub(r"\\_", out)
    out = _ENTITY_START.sub(r"\\&", out)
    return out.replace("$", "\\$") if out.count("$") > 1 else out


def markdown_span(text: str) -> str:
    """Untrusted text as a readable inline code span: padded only when it must be (a backtick
    at an edge), so raw Markdown shows `name`, not ` name `."""
    body = plain(text).replace("\n", " ")
    longest = max((len(run) for run in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") or not body.strip() else ""
    return f"{fence}{pad}{body}{pad}{fence}"


# In raw HTML the same punctuation is written as numeric references: they read as the
# same characters to a browser, and as literal text (never markup) to a Markdown parser,
# so the result stays inert even where a renderer does parse Markdown inside HTML.
# ``- + .`` only matter at the start of a Markdown line, ``#`` gets its word joiner.
_HTML_TEXT = {**{ch: f"&#{ord(ch)};" for ch in "\\`*_{}[]()!|~$:"}, **_HTML}


def html_text(text: str) -> str:
    """Untrusted text inside raw HTML (``<summary>``), where backslash escapes would show.

    A line starting with ``<details>`` opens a CommonMark HTML block: its contents are
    passed through untouched, so only entities work there. Collapsing whitespace keeps a
    blank line from ending the block early.
    """
    return "".join(_HTML_TEXT.get(ch, ch) for ch in _break_references(_flat(text)))


def markdown_code(text: str, *, in_table: bool = False, inert: bool = False) -> str:
    """Untrusted text as one inline code span, shown verbatim.

    The fence is one backtick longer than the longest run inside, so no content can
    close it. A space inside each end of the fence (CommonMark strips one from each end of
    a span that begins and ends with a space and is not all spaces) is added only where it
    is needed: to keep a leading or trailing backtick from merging with the fence, to keep
    a body's own end spaces, and for an empty body; "`BREAKING`" reads as it renders, where
    "` BREAKING `" did not. Mentions and HTML are inert in code. In a GFM table the row is
    split on ``|`` before code spans are seen, even inside them, so there a pipe needs a
    backslash (which the table parser then removes). ``inert``: the text holds no character
    plain() would escape already (json_call's), and is shown without it, which would double
    a JSON escape's backslash.
    """
    body = text if inert else plain(text).replace("\n", " ")
    longest = max((len(run) for run in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    if in_table:
        body = body.replace("|", "\\|")
    if not body or "`" in (body[0], body[-1]) or (body[0] == body[-1] == " " and body.strip(" ")):
        body = f" {body} "
    return f"{fence}{body}{fence}"


# --- GitHub Actions workflow commands ---------------------------------------------------
#
# The runner reads ``::name key=value,key=value::message`` from the start of each log
# line. A newline in a message would start a line of the attacker's choosing, and in a
# property a ``,`` or ``:`` would end the value early. These are the runner's own
# encodings (actions/toolkit ``escapeData`` / ``escapeProperty``); it decodes them back.


def workflow_data(text: str, *, inert: bool = False) -> str:
    """A workflow command's message: controls neutralised (unless ``inert``: the text holds
    none already, as json_call's), then ``%``, CR, LF encoded."""
    # ``%`` first, so the ``%`` of the other encodings is not encoded again. plain()
    # already shows CR as ``\x0d``; encoding it too keeps the function correct alone.
    return (text if inert else plain(text)).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def workflow_property(text: str) -> str:
    """A workflow command's property value: as workflow_data, plus ``:`` and ``,``."""
    return workflow_data(text).replace(":", "%3A").replace(",", "%2C")
