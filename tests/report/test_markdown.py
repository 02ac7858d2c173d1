"""The PR comment: verdict, counts, grouped findings, and no way for a server to inject."""

from __future__ import annotations

from typing import Any

from conftest import DATA
from markdown_it import MarkdownIt
from support import decided, regate

from mcp_inspect import diff, load
from mcp_inspect.findings.report import Report
from mcp_inspect.findings.severity import Severity
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.snapshot.shapes import snapshot_from_value
from mcp_inspect.text.escape import markdown_code, markdown_text

GIT = DATA / "corpus" / "git"
MD = MarkdownIt("commonmark").enable("table").enable("strikethrough")
EVIL = ("[click](https://evil) <img src=x onerror=alert(1)> @octocat ``` </details> "
        "a|b #12 \x1b[31m\n\n## heading")
OWN_TAGS = {"<details>", "<details open>", "<summary>", "</summary>", "</details>",
            "<b>", "</b>", "<code>", "</code>"}


def git_result() -> Report:
    return diff(load(str(GIT / "2025.7.1.json")), load(str(GIT / "2025.11.25.json")))


def dict_result(old: dict[str, Any], new: dict[str, Any], old_source: str = "old.json",
                new_source: str = "new.json") -> Report:
    return diff(snapshot_from_value(old, old_source),
                          snapshot_from_value(new, new_source))


def evil_result() -> Report:
    tool = lambda **kw: {"name": EVIL, "inputSchema": {"type": "object"}, **kw}  # noqa: E731
    old = {"tools": [tool(description="Reads."),
                     {"name": "plain", "inputSchema": {"type": "object"}}]}
    new = {"tools": [tool(description=EVIL, inputSchema={
        "type": "object", "properties": {EVIL: {"type": "string"}}, "required": [EVIL]})]}
    result = dict_result(old, new, old_source="old|" + EVIL, new_source=EVIL)
    result.findings[-1].ignored = True
    result.findings[-1].reason = EVIL
    result.warnings = [EVIL]
    return result


def html_tags(text: str) -> list[str]:
    """Every raw-HTML tag the parser sees, inline or in blocks."""
    import re

    found = []
    for token in MD.parse(text):
        chunks = [token.content] if token.type == "html_block" else [
            c.content for c in token.children or [] if c.type == "html_inline"]
        for chunk in chunks:
            found += re.findall(r"</?[a-zA-Z][^>]*>", chunk)
    return found


def test_corpus_comment() -> None:
    result = git_result()
    out = render_markdown(result)
    lines = out.splitlines()
    assert lines[0] == "## mcp-inspect: 1 breaking change"
    assert lines[2].startswith("❌ **Gate fails**: 1 finding at or above `BREAKING`")
    assert "| Breaking | 1 |" in out and "| Non-breaking | 2 |" in out and "| Ignored | 0 |" in out
    assert "| Documentation | 1 |" in out and "| Potentially breaking | 0 |" in out
    assert "56ec72445f22" in out and "0ca5f70baf48" in out
    groups = [line for line in lines if line.startswith("<details")]
    assert groups[0].startswith("<details><summary><b>server</b>")  # server first, collapsed
    assert groups[1] == (
        "<details open><summary><b>tool</b> <code>git&#95;init</code> — 1 breaking</summary>")
    assert groups[2].startswith(
        "<details><summary><b>tool</b> <code>git&#95;log</code> — 2 non-breaking")
    assert out.count("</details>") == 4  # three entity groups and How to fix
    assert "`tool.removed`" in out
    # Advice once, in How to fix, for the rules a reviewer must act on: not for additive changes.
    fix = out.split("How to fix (1 rule)</summary>")[1]
    assert f"- `tool.removed`: {markdown_text(result.findings[1].advice)}\n" in fix
    assert "tool.input.property.added" not in fix
    assert out.endswith("</details>\n")


def test_empty_diff() -> None:
    out = render_markdown(dict_result({"tools": []}, {"tools": []}))
    assert out.startswith("## mcp-inspect: no changes\n")
    assert "✅ **Gate passes**: nothing at or above `BREAKING`." in out
    assert "<details" not in out


def test_no_breaking_changes_heading_and_gate_threshold() -> None:
    schema = {"type": "object"}
    old = {"tools": [{"name": "t", "description": "Reads a file.", "inputSchema": schema}]}
    new = {"tools": [{"name": "t", "description": "Never reads more than 10 files.",
                      "inputSchema": schema}]}
    result = dict_result(old, new)
    out = render_markdown(result)
    assert out.startswith("## mcp-inspect: no breaking changes, 1 potentially breaking\n")
    assert "✅" in out and "<details><summary>" in out and "How to fix (1 rule)" in out
    regate(result, Severity.POTENTIALLY_BREAKING)
    out = render_markdown(result)
    assert "❌ **Gate fails**: 1 finding at or above `POTENTIALLY_BREAKING`." in out
    assert "<details open>" in out


def test_ignored_and_warnings() -> None:
    result = git_result()
    removed = result.findings[1]
    removed.ignored, removed.reason = True, "Removed on purpose."
    decided(result)
    result.warnings = ["ignore entry 3 matched nothing"]
    out = render_markdown(result)
    assert out.startswith("## mcp-inspect: no breaking changes\n")
    assert "✅" in out and "| Ignored | 1 |" in out
    ignored = out.split("Ignored by configuration (1)</summary>")[1]
    assert "`tool.removed`" in ignored and "*Removed on purpose.*" in ignored
    assert "<details open>" not in out
    assert out.count("`tool.removed`") == 1  # not also in an entity group
    # Warnings open the comment: they qualify every finding below them.
    assert out.index("### Warnings\n\n- ignore entry 3 matched nothing") < out.index("| Ignored | 1 |") \
        < out.index("Ignored by configuration")


def test_a_flood_of_warnings_is_counted_after_ten() -> None:
    result = git_result()
    decided(result)
    result.warnings = [f"ignore entry {n} matched nothing" for n in range(25)]
    out = render_markdown(result)
    assert "ignore entry 9 matched nothing" in out and "ignore entry 10 matched" not in out
    assert "- …and 15 more (see the JSON report)" in out


def test_untrusted_text_cannot_inject() -> None:
    result = evil_result()
    out = render_markdown(result)
    assert "<img" not in out
    assert "](https://evil)" not in out and "[click]" not in out
    assert "@octocat" not in out and "#12 " not in out  # ("&#124;" does contain "#12")
    assert "```" not in out.replace("\\`", "")
    assert "\x1b" not in out and "\n## heading" not in out
    groups = sum(1 for line in out.splitlines() if line.startswith("<details"))
    assert out.count("</details>") == groups == 3  # one entity group, the ignored section, How to fix
    assert set(html_tags(out)) <= OWN_TAGS
    tokens = MD.parse(out)
    kinds = {c.type for t in tokens for c in t.children or []}
    assert not kinds & {"link_open", "image"}
    assert [t.tag for t in tokens if t.type == "heading_open"] == ["h2", "h3"]
    # The sources table keeps three cells per row despite the "|" in both sources.
    rows = [t for t in tokens if t.type == "tr_open"]
    assert len(rows) == 6 + 3
    assert sum(1 for t in tokens if t.type in ("th_open", "td_open")) == 6 * 2 + 3 * 3


def test_untrusted_text_stays_readable() -> None:
    html = MD.render(render_markdown(evil_result()))
    # The tool name survives as text (entity-escaped), with a word joiner after "@".
    assert "[click](https://evil) &lt;img src=x onerror=alert(1)&gt; @\u2060octocat" in html


def test_deterministic() -> None:
    assert render_markdown(evil_result()) == render_markdown(evil_result())


def test_oversized_comment_drops_whole_sections() -> None:
    # 300 tools each given a required argument of its own (removed alike, they would be one group)
    tools = [{"name": f"tool{i:03}", "inputSchema": {"type": "object"}} for i in range(300)]
    broken = [{"name": f"tool{i:03}", "inputSchema": {"type": "object", "properties": {f"p{i}": {"type": "string"}},
                                                       "required": [f"p{i}"]}} for i in range(300)]
    result = dict_result({"tools": tools}, {"tools": broken})
    full = render_markdown(result)
    assert "not shown" not in full
    out = render_markdown(result, max_chars=5_000)
    assert len(out) <= 5_000
    shown = out.count("</details>")
    assert 0 < shown < 300 and out.count("<details") == shown
    assert f"{300 - shown} findings. Run with `--format json`" in out
    assert "| Breaking | 300 |" in out  # the counts still tell the whole story


#: Each would be markup where it stands if written as is: at a line's start, in a list item,
#: or anywhere (autolinks GitHub makes of bare URLs, emoji codes, math).
HOSTILE_STARTS = ["- list", "1. ordered", "> quote", "***", "===", "+ plus", "www.evil.com/x",
                  "https://evil.com", "<https://evil>", "![img](https://evil/x.png)", ":smile:",
                  "$x$", "~~struck~~", "*em*", "_em_", "| a | b |", "`code`", "[ref]: https://evil"]


def test_hostile_text_in_every_position_stays_text() -> None:
    old = {"tools": [{"name": "t", "description": "Reads.", "inputSchema": {"type": "object"}}]}
    new = {"tools": [{"name": "t", "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {h: {"type": "string"} for h in HOSTILE_STARTS},
        "required": HOSTILE_STARTS}}]}
    result = dict_result(old, new, new_source="- www.evil.com")
    result.warnings = HOSTILE_STARTS[:10]  # (the comment lists ten)
    out = render_markdown(result)
    tokens = MD.parse(out)
    inline = [c for t in tokens for c in t.children or []]
    assert not {c.type for c in inline} & {"link_open", "image", "em_open", "strong_open", "s_open",
                                             "code_inline", "html_inline"} - {"strong_open", "code_inline"}
    assert set(html_tags(out)) <= OWN_TAGS
    assert "blockquote_open" not in {t.type for t in tokens}
    assert [t.tag for t in tokens if t.type == "heading_open"] == ["h2", "h3"]
    assert "ordered_list_open" not in {t.type for t in tokens}
    # GitHub's own autolinks and emoji need the bare spellings, which never occur.
    import re

    for bare in ("www.evil", "https://evil", "$x$"):
        assert bare not in out, bare
    assert not re.search(r"(?<!\\):smile:", out)
    # Every warning is one item of the warnings list, read back as written.
    warnings = out.split("### Warnings")[1].split("\n\n")[1]
    items = MD.parse(warnings)
    texts = [t.content for t in items if t.type == "inline"]
    rendered = ["".join(c.content for c in t.children) for t in items if t.type == "inline"]
    assert len(texts) == 10 and rendered == HOSTILE_STARTS[:10]


def test_the_head_stays_small_whatever_the_warnings_and_sources_say() -> None:
    """Hostile trial: ten 20,000-character warnings and a source as long took the head past
    GitHub's limit and left no room for the breaking change the verdict names; each head line
    is now cut, the comment keeps its size and the gate-failing group is shown."""
    old = {"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}
    new = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": {"type": "string"}},
                                                   "required": ["p"]}}]}
    result = dict_result(old, new, old_source="o" * 30_000, new_source="n" * 30_000)
    result.warnings = [f"warning {i} " + "w" * 20_000 for i in range(12)]
    out = render_markdown(result)
    assert len(out) <= 60_000
    assert "required" in out and "</details>" in out  # the breaking group is there
    assert "warning 9 " in out and "…and 2 more" in out and "w" * 600 not in out
    small = render_markdown(result, max_chars=8_000)
    assert len(small) <= 8_000 and "</details>" in small


def test_a_long_warning_keeps_the_command_at_its_end() -> None:
    """Trial note (stop 44): the era warning of a long npx capture was cut at 500 characters,
    through the command that recaptures the new side; a warning keeps its start and its end."""
    command = ("mcp-inspect snapshot --server 'npx -y @scope/some-long-server-name@2.10.0 --organization contoso "
               "--authentication env' --protocol 2025-06-18 --env AZURE_DEVOPS_ORG=… --env AZURE_DEVOPS_PAT=… "
               "--package @scope/some-long-server-name@2.10.0 -o NEW.json")
    warning = ("capture conditions differ: the protocol era was chosen by auto-negotiation: the old side spoke "
               "2025-06-18 through initialize (after server/discover answered -32601 'Method not found'), the new "
               "side 2026-07-28 through server/discover; the server metadata compares what each capture negotiated, "
               "not everything each release speaks; to compare like with like, capture the new side in the old "
               f"side's era: {command}")
    assert len(warning) > 600
    result = dict_result({"tools": []}, {"tools": []})
    result.warnings = [warning, "w" * 5_000 + " the end"]
    out = render_markdown(result)
    # whole, and the command as a code span: it pastes and runs as written (new-user trial,
    # round 6: a word joiner after '@' in '--package NAME@1.1.0' made the pasted command fail)
    assert f"{markdown_text(warning[:-len(command) - 2])}: {markdown_code(command)}" in out
    line = next(line for line in out.splitlines() if "--package" in line)
    assert "\u2060" not in line.split("side's era: ", 1)[1]
    long_item = next(line for line in out.splitlines() if line.startswith("- www"))
    assert long_item.endswith(" the end") and "…" in long_item and len(long_item) < 1_100
