"""A model's opinions never move what the report decides, in any format.

Each format is rendered by the command line twice, without and with ``--llm`` (against the
fake provider): the exit codes are the same, the run with the review holds the model's
words, and once its review is taken out again (the closing section, the ``llm`` members,
the SARIF notes and their rule, the log lines) what remains is the run without ``--llm``,
byte for byte. The taking out is checked to take something, and to leave a report without
a review unchanged, so the comparison cannot pass by comparing nothing.

Then the model as an adversary: answers full of terminal escapes, markup, HTML, mentions
and workflow commands stay inert text in every format.
"""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from conftest import ROOT
from fake_provider import Step, description_pair, point_at, serving, write_surface

from mcp_inspect.cli import app
from mcp_inspect.report.json_text import dumps
from mcp_inspect.report.model_review import SARIF_RULE

# The provider SDKs (anthropic, openai) take seconds to import: one worker pays for them, not both.
pytestmark = pytest.mark.xdist_group("llm-sdks")


@pytest.fixture
def fake():
    with serving() as server:
        yield server


FORMATS = ("text", "json", "sarif", "markdown", "github", "html")
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text())
_HTML_SECTION = re.compile(r"  <!-- model review: .*?<!-- /model review -->\n", re.DOTALL)


def strip_review(text: str, fmt: str) -> str:
    """The report with its model review taken out, as each format holds it."""
    if fmt == "json":
        value = json.loads(text)
        value.pop("llm", None)
        for finding in value.get("findings", []):
            finding.pop("llm", None)
        for server in value.get("servers", []):
            server.pop("llm", None)
        return dumps(value, inert=True) + "\n"
    if fmt == "sarif":
        value = json.loads(text)
        run = value["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        if rules and rules[-1]["id"] == SARIF_RULE:
            rules.pop()
        run["results"] = [r for r in run["results"] if r["ruleId"] != SARIF_RULE]
        run["properties"].pop("llm", None)
        return dumps(value, inert=True) + "\n"
    if fmt == "html":
        return _HTML_SECTION.sub("", text)
    if fmt == "github":
        return "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith("mcp-inspect model review"))
    # text, markdown: the review is a closing section after the whole static report
    heading = "\nModel review" if fmt == "text" else "\n### Model review"
    return text[:text.index(heading)] if heading in text else text


@pytest.fixture
def surfaces(tmp_path, monkeypatch, fake):
    point_at(monkeypatch, "anthropic", fake, tmp_path)
    old, new = description_pair(tmp_path)
    return {"lint": [new], "diff": [old, new], "lint-several": [old, new]}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("command", ["lint", "diff", "lint-several"])
def test_the_static_part_is_the_same_bytes_with_and_without_the_review(runner, surfaces, command, fmt):
    args = [command.split("-")[0], *surfaces[command], "--format", fmt]
    without = runner.invoke(app, args)
    with_review = runner.invoke(app, [*args, "--llm"])
    assert with_review.exit_code == without.exit_code and without.exit_code in (0, 1), with_review.stderr
    assert strip_review(without.stdout, fmt) == without.stdout  # no review: nothing to take out
    assert "names other requests" in with_review.stdout or "when to call" in with_review.stdout
    assert with_review.stdout != without.stdout
    assert strip_review(with_review.stdout, fmt) == without.stdout


@pytest.mark.parametrize("command", ["lint", "diff", "lint-several"])
def test_the_json_report_with_a_review_validates_against_its_schema(runner, surfaces, command):
    result = runner.invoke(app, [command.split("-")[0], *surfaces[command], "--format", "json", "--llm"])
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    held = report.get("servers", [report])
    assert all("llm" in entry for entry in held)


def test_a_failed_review_validates_too(runner, surfaces, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    for command in ("lint", "diff"):
        result = runner.invoke(app, [command, *surfaces[command], "--format", "json", "--llm"])
        report = json.loads(result.stdout)
        jsonschema.Draft202012Validator(SCHEMA).validate(report)
        assert report["llm"]["error"].startswith("no API key")


HOSTILE = ["\x1b[2J\x1b[31mred", "[bold]markup[/bold]", "<script>alert(1)</script>", "@octocat and #12",
           "line\n::error file=x::forged", "##[error]old form", "`code` | cell |", "![img](https://evil.example/x)",
           "</details><details open>", "\u202eevil"]


@pytest.fixture
def hostile_model(surfaces, fake):
    fake.default = Step(text=json.dumps({"clarity": 10, "ambiguities": HOSTILE, "conflicts": HOSTILE[:3],
                                                  "suggestions": []}))
    return surfaces


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_hostile_answer_stays_inert_text(runner, hostile_model, fmt):
    result = runner.invoke(app, ["lint", *hostile_model["lint"], "--format", fmt, "--llm"])
    out = result.stdout
    assert result.exit_code in (0, 1) and "clarity" in out.lower()
    assert "\x1b" not in out and "\u202e" not in out
    assert not any(line.lstrip().startswith("::") and "forged" in line for line in out.splitlines())
    if fmt in ("text", "github", "markdown"):  # what a CI log shows: the runner's older command form too
        assert "##[error]" not in out
    if fmt in ("markdown", "html"):
        assert "<script>" not in out and "</details><details open>" not in out
    if fmt == "markdown":
        assert "@octocat" not in out and "![img](" not in out  # a mention, an image: broken apart
    if fmt == "html":
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    if fmt in ("json", "sarif"):
        json.loads(out)
    if fmt == "json":
        assert json.loads(out)["llm"]["tools"]["get_weather"]["ambiguities"] == HOSTILE  # kept, as data


def test_the_review_follows_the_report_in_text(runner, surfaces):
    result = runner.invoke(app, ["lint", *surfaces["lint"], "--llm"])
    head, _, review = result.stdout.partition("\nModel review: ")
    assert head.rstrip().splitlines()[-1].startswith("Summary:")
    assert review.startswith("opinions of anthropic claude-haiku-5-5, not findings")
    assert "  get_weather  clarity 72/100\n    ambiguity: what get_weather returns\n" in review



def test_a_long_review_stays_within_githubs_comment_limit(tmp_path):
    from mcp_inspect import api
    from mcp_inspect.findings.review import ModelReview, ToolOpinion, ToolReview
    from mcp_inspect.report.markdown import COMMENT_LIMIT, MAX_CHARS, render_markdown

    tools = [{"name": f"tool_{i:03}", "description": "Does a thing.", "inputSchema": {"type": "object"}}
             for i in range(300)]
    report = api.lint(api.load(write_surface(tmp_path / "many.json", tools)))
    static = render_markdown(report)
    said = ToolOpinion(50, ("x" * 900,) * 3, (), ("y" * 900,) * 3)
    report.llm = ModelReview("anthropic", "m", "1", tools={f"tool_{i:03}": ToolReview(said) for i in range(300)})
    text = render_markdown(report)
    assert len(static) <= MAX_CHARS and len(text) <= COMMENT_LIMIT
    assert text.startswith(static) and "### Model review" in text[len(static):]
    assert re.search(r"\*\d+ more answers not shown, to keep this comment within GitHub's size limit", text)
