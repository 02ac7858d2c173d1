"""Escaping for every output context: terminal (rich), Markdown, raw HTML, workflow commands."""

from __future__ import annotations

import html
import io
import json

from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from rich.console import Console

from mcp_inspect.text.escape import (
    html_text,
    markdown_code,
    markdown_prose,
    markdown_text,
    plain,
    terminal,
    workflow_data,
    workflow_property,
)

WJ = "\u2060"
# GitHub's renderer is cmark-gfm; markdown-it in CommonMark mode plus GFM tables and
# strike-through is the closest parser available offline (raw HTML enabled, as on GitHub).
MD = MarkdownIt("commonmark").enable("table").enable("strikethrough")
# Text biased towards what matters: Markdown/HTML punctuation, controls, bidi, newlines.
NASTY = st.text(st.one_of(
    st.sampled_from(list("\\`*_{}[]()#+-.!|~$:<>&\"'@=^%,;/ \t\n\r")),
    st.sampled_from(list("\x1b\x00\u202e\u2060\u200bGH0123")),
    st.characters(),
), max_size=40)


def flat(text: str) -> str:
    return " ".join(plain(text).split())


def inline_tokens(source: str) -> list:
    return [c for t in MD.parse(source) if t.type == "inline" for c in t.children]


# --- plain / terminal ------------------------------------------------------------------

def test_plain_shows_controls_and_invisible_marks() -> None:
    assert plain("a\x1b[31mb") == "a\\x1b[31mb"
    assert plain("x\u202ey\u200bz\ufeff") == "x\\u202ey\\u200bz\\ufeff"
    assert plain("tab\tand\nnewline") == "tab\tand\nnewline"  # layout characters are kept
    assert plain("\x7f\x85") == "\\x7f\\x85"


def test_terminal_prints_markup_literally_and_neutralises_escapes() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200)
    console.print(terminal("[bold red]not styled[/] \x1b[2J done"))
    out = buffer.getvalue()
    assert "[bold red]not styled[/]" in out
    assert "\x1b" not in out
    assert "\\x1b[2J done" in out


# --- markdown_text ---------------------------------------------------------------------

def test_markdown_text_examples() -> None:
    assert markdown_text("[click](https://evil)") == "\\[click\\](https\\://evil)"
    assert markdown_text('<img src="x">') == '&lt;img src="x">'
    assert markdown_text("a & b &amp; &#12;") == "a & b &amp;amp; &#" + WJ + "12;"
    assert markdown_text("one\ntwo\r\n  three") == "one two\\x0d three"
    assert markdown_text("@octocat") == "@" + WJ + "octocat"
    assert markdown_text("see #12 and GH-3") == "see #" + WJ + "12 and GH" + WJ + "-3"
    # New-user trial: a pattern quoted in a report got a joiner after its "@(", so a copy of
    # it was another pattern. Only where a reference or a heading could start.
    assert WJ not in markdown_text('pattern "^[a-z]+@(?:[a-z]+)$" and [#_] and #x')
    assert markdown_text("#") == "#" + WJ and markdown_text("# x") == "#" + WJ + " x"
    assert markdown_prose("mail a@b") == "mail a@" + WJ + "b"
    assert markdown_text("\x1b[31m") == "\\x1b\\[31m"
    assert markdown_text("a|b") == "a\\|b"


def test_markdown_text_leaves_what_markdown_reads_as_text_alone() -> None:
    # What the issue found escaped for nothing: a hyphen, parentheses, full stops.
    for said in ("multi-page", "(legacy)", ".mcp-inspect.yml", "a - b", "it's \"quoted\": fine!",
                 "snake_case_name", "2 * 3 = 6", "about ~ 5 minutes", "{x}", "50%", "a > b", "v1.2.3",
                 "see docs/tour.md", "2024.01", "use --verbose"):
        assert markdown_text(said) == said, said
    assert markdown_text("^\\d{4}$") == "^\\d{4}\\$"  # a backslash before a letter is literal


def test_markdown_text_escapes_what_would_start_markup_where_it_stands() -> None:
    assert markdown_text("- item") == "\\- item"  # a list, at a line's start
    assert markdown_text("+ item") == "\\+ item"
    assert markdown_text("1. first") == "1\\. first" and markdown_text("2) second") == "2\\) second"
    assert markdown_text("> quoted") == "&gt; quoted"
    assert markdown_text("===") == "\\===" and markdown_text("---") == "\\---"
    assert markdown_text("*bold* and _it_") == "\\*bold\\* and \\_it\\_"
    assert markdown_text("~~gone~~") == "\\~\\~gone\\~\\~"
    assert markdown_text("www.evil.com") == "www\\.evil.com"
    assert markdown_text("go to https://evil.com") == "go to https\\://evil.com"
    assert markdown_text("a :smile: b") == "a \\:smile: b"
    assert markdown_text("cost $5 or $6") == "cost \\$5 or \\$6"
    assert markdown_text("ends with \\") == "ends with \\\\"


@given(NASTY)
def test_markdown_text_opens_no_block_at_the_start_of_a_line(text: str) -> None:
    # As a paragraph of its own, and under a paragraph line (a setext underline would make
    # that line a heading).
    for source in (f"{markdown_text(text)}\n", f"para\n{markdown_text(text)}\n"):
        tokens = MD.parse(source)
        kinds = [t.type for t in tokens]
        assert kinds in (["paragraph_open", "inline", "paragraph_close"], []), (source, kinds)
        if kinds:
            children = [c for c in tokens[1].children if c.type != "softbreak"]
            assert all(c.type == "text" for c in children), (source, [c.type for c in children])


@given(NASTY)
def test_markdown_text_renders_as_exactly_the_text(text: str) -> None:
    # Whatever the input, the output parses to plain text (no emphasis, link, image,
    # code or HTML) that reads as the input, flattened, with only word joiners added.
    tokens = inline_tokens(markdown_text(text))
    assert all(t.type == "text" for t in tokens), [t.type for t in tokens]
    assert "".join(t.content for t in tokens).replace(WJ, "") == flat(text)


@given(NASTY)
def test_markdown_text_opens_no_block_at_the_start_of_a_list_item(text: str) -> None:
    tokens = MD.parse(f"- {markdown_text(text)}\n")
    kinds = [t.type for t in tokens]
    assert kinds.count("list_item_open") == 1 and "heading_open" not in kinds
    assert "fence" not in kinds and "blockquote_open" not in kinds and "html_block" not in kinds


@given(NASTY, NASTY)
def test_markdown_text_stays_in_its_table_cell(left: str, right: str) -> None:
    source = f"| a | b |\n|---|---|\n| {markdown_text(left)} | {markdown_text(right)} |\n"
    tokens = MD.parse(source)
    assert [t.type for t in tokens].count("td_open") == 2
    cells = [t for t in tokens if t.type == "inline"][2:]  # after the two header cells
    texts = ["".join(c.content for c in t.children).replace(WJ, "") for t in cells]
    assert texts == [flat(left), flat(right)]


# --- html_text -------------------------------------------------------------------------

@given(NASTY)
def test_html_text_is_inert_html(text: str) -> None:
    out = html_text(text)
    assert not set(out) & set('<>"\n\r[]()`*|~$')
    assert html.unescape(out).replace(WJ, "") == flat(text)


def test_html_text_breaks_mentions_and_references() -> None:
    assert html_text("@octocat #1 <b>") == "@" + WJ + "octocat #" + WJ + "1 &lt;b&gt;"
    assert html_text("[x](y) a-b.c") == "&#91;x&#93;&#40;y&#41; a-b.c"


# --- markdown_code ---------------------------------------------------------------------

def test_markdown_code_examples() -> None:
    """New-user trial, round 14: the Markdown report wrote the gate as "` BREAKING `", spaces
    inside the span that CommonMark strips again. Only a span that needs them has them: one
    whose body begins or ends with a backtick, keeps its own end spaces, or is empty."""
    assert markdown_code("BREAKING") == "`BREAKING`"
    assert markdown_code("x") == "`x`"
    assert markdown_code("a``b") == "```a``b```"
    assert markdown_code("```") == "```` ``` ````"
    assert markdown_code("`a") == "`` `a ``" and markdown_code("a`") == "`` a` ``"
    assert markdown_code(" a ") == "`  a  `"  # CommonMark strips one space each side: the body's stay
    assert markdown_code(" a") == "` a`" and markdown_code("  ") == "`  `"  # nothing stripped there
    assert markdown_code("") == "`  `"
    assert markdown_code("a\nb") == "`a b`"
    assert markdown_code("a|b", in_table=True) == "`a\\|b`"
    assert markdown_code("\x1b") == "`\\x1b`"


@given(NASTY)
def test_markdown_code_is_one_code_span_holding_the_text(text: str) -> None:
    body = plain(text).replace("\n", " ")
    tokens = inline_tokens(f"x {markdown_code(text)} y")
    spans = [t for t in tokens if t.type == "code_inline"]
    assert len(spans) == 1
    if body.strip(" "):  # CommonMark keeps the padding of an all-space span
        assert spans[0].content == body


@given(NASTY)
def test_markdown_code_in_a_table_keeps_its_pipes(text: str) -> None:
    source = f"| a |\n|---|\n| {markdown_code(text, in_table=True)} |\n"
    assert [t.type for t in MD.parse(source)].count("td_open") == 1
    spans = [t for t in inline_tokens(source) if t.type == "code_inline"]
    body = plain(text).replace("\n", " ")
    assert len(spans) == 1
    if body.strip(" "):
        assert spans[0].content == body


# --- workflow commands -----------------------------------------------------------------

def decode(value: str) -> str:
    """The runner's decoding (actions/runner ``UnescapeValue``), ``%25`` last."""
    for code, ch in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        value = value.replace(code, ch)
    return value


def test_workflow_examples() -> None:
    assert workflow_data("50% done\n::error::x") == "50%25 done%0A::error::x"
    assert workflow_data("\x1b[1m") == "\\x1b[1m"
    assert workflow_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"


@given(NASTY)
def test_workflow_data_is_one_line_and_decodes_back(text: str) -> None:
    out = workflow_data(text)
    assert "\n" not in out and "\r" not in out
    assert decode(out) == plain(text)


@given(NASTY)
def test_workflow_property_cannot_end_the_value(text: str) -> None:
    out = workflow_property(text)
    assert not set(out) & set("\n\r:,")
    assert decode(out) == plain(text)


def test_a_backslash_that_starts_no_escape_is_shown_as_written():
    # A regular expression's \d stays \d; quoted as JSON in a message it is \\d, not \\\d.
    assert plain("^\\d{4}$") == "^\\d{4}$"
    assert plain('"^\\\\d{4}$"') == '"^\\\\d{4}$"'
    # Runs before x, u or U are still doubled, so a typed escape never reads as a character.
    assert plain("a\\x1b") == "a\\\\x1b" and plain("a\x1b") == "a\\x1b"
    assert plain("a\\\\u200b") == "a\\\\\\\\u200b" and plain("a\\\u200b") == "a\\\\\\u200b"


def test_a_changed_pattern_reads_in_the_text_report_as_its_json_spelling(tmp_path):
    from typer.testing import CliRunner

    from mcp_inspect.cli import app

    def side(pattern):
        path = tmp_path / f"{len(pattern)}.json"
        path.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": {
            "type": "object", "properties": {"y": {"type": "string", "pattern": pattern}}}}]}))
        return str(path)

    # A count moved, not widened: {4} → {5,6} is neither order (a widening reads otherwise).
    result = CliRunner().invoke(app, ["diff", side("^\\d{4}$"), side("^\\d{5,6}$"), "--no-lint"])
    assert 'pattern changed: "^\\\\d{4}$" → "^\\\\d{5,6}$"' in result.output
