"""The HTML report without a browser: hostile server text is escaped, the page fetches and
runs nothing, its structure on a real release pair is pinned, and Jinja2 stays optional."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from conftest import CORPUS, ROOT
from html_support import PAYLOADS, hostile_pair, inert_problems, read_page

import mcp_inspect
from mcp_inspect.api import load_configuration
from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.report import html as html_report
from mcp_inspect.report.html import INSTALL_HINT, render_html

TEMPLATES = ROOT / "mcp_inspect" / "report" / "templates"
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


EVERY_CODE = mcp_inspect.LintSettings(select=("ALL",))


def _diff(old: str, new: str, **kwargs) -> mcp_inspect.Report:
    # Every code (--select ALL): the page is pinned with many inherited findings of every level.
    return mcp_inspect.diff(mcp_inspect.load(old), mcp_inspect.load(new), lint=EVERY_CODE, **kwargs)


def _git_pair() -> mcp_inspect.Report:
    return _diff(str(CORPUS / "git" / "2025.7.1.json"), str(CORPUS / "git" / "2025.11.25.json"))


# --- hostile text ----------------------------------------------------------------------


def test_hostile_text_is_shown_as_text_and_nothing_on_the_page_can_run(tmp_path):
    old, new = hostile_pair(tmp_path)
    pages = {"diff": render_html(_diff(old, new)), "lint": render_html(mcp_inspect.lint(mcp_inspect.load(new)))}
    for kind, html in pages.items():
        page = read_page(html)
        assert inert_problems(page) == [], kind
        assert page.title == f"mcp-inspect {kind} report"
        # No markup from input survives as markup: the raw spellings never occur in the source.
        for raw in ("<script", "<img", "<svg", "<a href=\"javascript", "onerror=\"", "onload=\""):
            assert raw not in html.lower(), (kind, raw)
        assert "javascript:" not in " ".join(str(v) for _, attrs in page.elements for v in attrs.values())
    diff_text = read_page(pages["diff"]).text
    for payload in PAYLOADS:  # each is on the page, whole, as text the reader can see
        assert payload in diff_text, payload


def test_the_page_fetches_nothing_and_runs_no_script():
    html = render_html(_git_pair())
    page = read_page(html)
    csp = [attrs.get("content") for tag, attrs in page.elements if attrs.get("http-equiv") == "Content-Security-Policy"]
    assert len(csp) == 1 and csp[0].startswith(CSP)
    assert "script" not in page.tags()
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert "url(" not in style and "@import" not in style and "@font-face" not in style
    links = [a["href"] for tag, a in page.elements if "href" in a]
    ids = {a["id"] for tag, a in page.elements if "id" in a}
    assert all(link.startswith("#") and link[1:] in ids for link in links)  # every link stays on the page
    assert [link for link in links if link.startswith("#entity-")] == ["#entity-1", "#entity-2", "#entity-3"]
    assert "#fix-tool.removed" in links


def test_each_rule_s_advice_is_written_once():
    html = render_html(_git_pair())
    page = read_page(html)
    advice = default_catalogue().rule("tool.removed").advice
    assert html.count(advice.split(".")[0]) == 1
    fixes = [a["id"] for tag, a in page.elements if tag == "dt"]
    assert fixes == sorted(fixes) and len(fixes) == len(set(fixes)) and "fix-tool.removed" in fixes


def test_invisible_and_control_characters_are_shown_as_escapes(tmp_path):
    old, new = hostile_pair(tmp_path)
    path = tmp_path / "new.json"
    path.write_text(path.read_text().replace('"fetch', '"fe\\u202etch\\u0007'))
    html = render_html(mcp_inspect.diff(mcp_inspect.load(old), mcp_inspect.load(str(path))))
    assert "\u202e" not in html and "\x07" not in html
    assert "fe\\u202etch\\x07" in read_page(html).text


def test_the_template_marks_nothing_safe_and_escapes_by_default():
    template = (TEMPLATES / "report.html.j2").read_text()
    assert "|safe" not in template.replace(" ", "") and "autoescape false" not in template
    source = (ROOT / "mcp_inspect" / "report" / "html.py").read_text()
    assert "autoescape=True" in source and "StrictUndefined" in source and "Markup" not in source


# --- a real pair -------------------------------------------------------------------------


class _Outline(HTMLParser):
    """The page's headings, group summaries and finding heads, each as one line of text."""

    CAPTURE = ("h1", "h2", "h3", "summary")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._open: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class") or ""
        if self._depth:
            self._depth += tag != "meta"
        elif tag in self.CAPTURE or cls == "head":
            self._depth = 1
            self._open.append("")

    def handle_endtag(self, tag):
        if self._depth:
            self._depth -= 1
            if not self._depth:
                self.lines.append(" ".join(self._open.pop().split()))

    def handle_data(self, data):
        if self._depth:
            self._open[-1] += data + " "


def outline(html: str) -> list[str]:
    parser = _Outline()
    parser.feed(html)
    return parser.lines


def outline_without(lines: list[str], left_out: list[str]) -> list[str]:
    gone = set(left_out)
    return [line for line in lines if line not in gone]


def test_the_structure_of_a_real_diff_is_pinned():
    html = render_html(_git_pair())
    lines = outline(html)
    lint_heads = [line for line in lines if line.startswith(("error ", "warning ", "info "))]
    assert outline_without(lines, lint_heads) == [
        "Diff report",
        "3 changed entities",
        "Changes",
        "server 1 Documentation",
        "Documentation server.identity.changed serverInfo.version",
        "tool git_init 1 Breaking",
        "Breaking tool.removed fails the gate",
        "Definition, old and new · 0 changed, 17 removed, 0 added lines",
        "tool git_log 2 Non-breaking",
        "Non-breaking tool.input.property.added inputSchema.properties.end_timestamp",
        "Non-breaking tool.input.property.added inputSchema.properties.start_timestamp",
        "Definition, old and new · 0 changed, 0 removed, 26 added lines",
        "Lint (claude profile): passes",
        "Maturity per tool: 74 → 74 (mature), 1 moved",
        "Largest token changes",
        "Clients: compatible before and after",
        "Inherited from the old side (200), counted by code",
        "How to fix",
    ]
    assert lint_heads == []  # inherited lint findings are counted by code, not listed
    text = read_page(html).text
    assert "0 introduced, 200 inherited" in text and "Maturity: 74 → 74 (mature)" in " ".join(text.split())
    assert render_html(_git_pair()) == html  # deterministic: no clock, fixed order


def test_a_prose_change_shows_its_word_diff():
    report = _diff(str(ROOT / "snapshots" / "aws-documentation-1.1.10.json"),
                   str(ROOT / "snapshots" / "aws-documentation-1.1.20.json"))
    html = render_html(report)
    assert '<del>search_documentationOutput</del> <ins>SearchResponse</ins>' in html
    assert '<ins>Complete search response including results and facets.</ins>' in html


def test_the_policy_shows_the_default_severity_and_the_ignore_reason(tmp_path):
    config = tmp_path / ".mcp-inspect.yml"
    config.write_text("severity_overrides:\n  tool.input.property.added: POTENTIALLY_BREAKING\n"
                      "ignore:\n  - rule: tool.removed\n    reason: moved to <b>git-admin</b>\n")
    report = mcp_inspect.diff(mcp_inspect.load(str(CORPUS / "git" / "2025.7.1.json")),
                              mcp_inspect.load(str(CORPUS / "git" / "2025.11.25.json")),
                              config=load_configuration(config))
    text = " ".join(read_page(render_html(report)).text.split())
    assert "Severity set by policy (default Non-breaking; .mcp-inspect.yml line 2)." in text
    assert "Ignored: moved to <b>git-admin</b> (.mcp-inspect.yml line 4)" in text


def test_a_lint_of_several_servers_has_a_summary_and_a_section_each():
    one = mcp_inspect.lint(mcp_inspect.load(str(ROOT / "snapshots" / "git-2025.11.25.json")), EVERY_CODE, name="git")
    two = mcp_inspect.lint(mcp_inspect.load(str(ROOT / "snapshots" / "aws-documentation-1.1.20.json")), EVERY_CODE,
                           name="aws")
    html = render_html([one, two])
    page = read_page(html)
    links = [a["href"] for tag, a in page.elements if tag == "a"]
    assert [link for link in links if not link.startswith("#fix-")] == ["#server-1", "#server-2"]
    lines = outline(html)
    assert lines[:2] == ["Lint report", "git"]
    assert "aws" in lines and "tool read_sections 6 warnings 8 info" in lines
    assert "Tools (4): maturity, token cost and findings" in lines


def test_side_by_side_views_stop_at_their_limit(monkeypatch):
    monkeypatch.setattr(html_report, "MAX_VIEWS", 1)
    html = render_html(_git_pair())
    assert html.count('class="def"') == 1
    assert "The side-by-side view is shown for the first changed tools only" in html


# --- Jinja2 is optional ------------------------------------------------------------------


def test_without_jinja2_the_format_fails_with_one_line_and_exit_2(runner, monkeypatch):
    monkeypatch.setitem(sys.modules, "jinja2", None)  # import jinja2 now raises ImportError
    with pytest.raises(InputError, match=re.escape(INSTALL_HINT)):
        render_html(_git_pair())
    snapshots = ROOT / "snapshots"
    result = runner.invoke(app, ["diff", str(snapshots / "git-2025.7.1.json"), str(snapshots / "git-2025.11.25.json"),
                                 "--format", "html"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"mcp-inspect: error: {INSTALL_HINT}"]
    assert result.stdout == ""


def test_other_formats_do_not_import_jinja2():
    code = ("import sys\n"
            "from typer.testing import CliRunner\n"
            "from mcp_inspect.cli import app\n"
            "pair = ['snapshots/git-2025.7.1.json', 'snapshots/git-2025.11.25.json']\n"
            "for fmt in ('text', 'json', 'sarif', 'markdown', 'github'):\n"
            "    assert CliRunner().invoke(app, ['diff', *pair, '--format', fmt]).exit_code == 1, fmt\n"
            "print('jinja2' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_the_cli_writes_the_page(runner, tmp_path):
    out = tmp_path / "report.html"
    snapshots = ROOT / "snapshots"
    result = runner.invoke(app, ["diff", str(snapshots / "git-2025.7.1.json"), str(snapshots / "git-2025.11.25.json"),
                                 "--format", "html", "--output", str(out), "--report", f"html={tmp_path / 'b.html'}"])
    assert result.exit_code == 1
    assert out.read_text().startswith("<!DOCTYPE html>") and (tmp_path / "b.html").read_text() == out.read_text()


def test_the_tour_shows_the_page_and_the_command_that_writes_it():
    tour = (ROOT / "docs" / "tour.md").read_text()
    assert "](img/html-report.png)" in tour and "--format html -o report.html" in tour
    png = (ROOT / "docs" / "img" / "html-report.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    assert width == 1280 and 1000 <= height <= 1600
    assert len(png) < 300_000


def test_a_diff_counts_its_inherited_lint_findings_by_code_and_lists_none():
    html = render_html(_git_pair())
    said = re.findall(r"<li>([A-Z]+-\d+) ×(\d+) inherited</li>", html)
    assert sum(int(n) for _, n in said) == 200 and said[0] == ("LLM-006", "22")
    counts = [int(n) for _, n in said]
    assert counts == sorted(counts, reverse=True)  # the most frequent code first
    assert "Warnings (112)" not in outline(html)


def test_an_inherited_finding_that_fails_the_gate_is_listed_in_full():
    report = _git_pair()
    from mcp_inspect.findings.severity import Level
    failing = [f for f in report.inherited if f.severity >= Level.WARNING][:2]
    for finding in failing:
        finding.fails = True
    lines = outline(render_html(report))
    assert "Inherited from the old side, failing the gate" in lines
    assert sum(1 for line in lines if line.startswith("warning ")) == 2




def test_each_entity_s_findings_read_most_severe_first_then_by_path(tmp_path):
    # By path alone, the property 'a' added (non-breaking) would sit above 'z' removed (breaking).
    import json as _json
    old = {"tools": [{"name": "t", "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {"m": {"type": "string"}, "z": {"type": "string"}}}}]}
    new = {"tools": [{"name": "t", "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string"}, "m": {"type": "string", "description": "M."}}}}]}
    (tmp_path / "old.json").write_text(_json.dumps(old))
    (tmp_path / "new.json").write_text(_json.dumps(new))
    lines = outline(render_html(_diff(str(tmp_path / "old.json"), str(tmp_path / "new.json"))))
    found = [line.split()[0] for line in lines if " tool.input.property." in line or " tool.input.description" in line]
    assert found[0] == "Breaking" and found[-1] != "Breaking", lines
    rows = [line for line in lines if line.split()[0] in ("Breaking", "Non-breaking", "Documentation")]
    assert rows[0].startswith("Breaking tool.input.property.removed inputSchema.properties.z")


def test_within_a_severity_tools_come_before_prompts_templates_and_resources():
    from conftest import DATA

    report = mcp_inspect.diff(*(mcp_inspect.load(str(DATA / "trial" / "sentry" / f"{v}.json"))
                                for v in ("0.17.1", "0.39.0")))
    kinds = [group["kind"] for group in html_report._groups(report)]
    assert kinds[0] == "server"
    breaking = kinds[1:1 + 12 + 2 + 2 + 126 + 2]  # the removals, and the two tools losing a property
    assert breaking == ["tool"] * 14 + ["prompt"] * 2 + ["resourceTemplate"] * 2 + ["resource"] * 126
