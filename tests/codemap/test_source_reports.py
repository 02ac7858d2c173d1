"""diff --source-root: findings carry the line of the server's code in the JSON, GitHub, SARIF,
Markdown and text reports; a removed tool of a git: baseline is located in the base; a diff
without a source tree does not import tree-sitter."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import jsonschema
import pytest
from conftest import DATA, ROOT

from mcp_inspect.cli import app

pytest.importorskip("tree_sitter")

SOURCE = DATA / "source" / "typescript"
OLD = {"tools": [
    {"name": "create_field", "inputSchema": {"type": "object", "properties": {"field": {"type": "string"}}}},
    {"name": "ping", "inputSchema": {"type": "object"}},
    {"name": "export_a", "inputSchema": {"type": "object"}},
]}
NEW = {"tools": [
    {"name": "create_field", "inputSchema": {"type": "object", "properties": {"field": {"type": "integer"}}}},
    {"name": "ping", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}},
    {"name": "export_a", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}},
]}
FIELD_LINE = 9  # `{ field: z.string(), ... }` in tests/data/source/typescript/src/fields.ts
FILE = "tests/data/source/typescript/src/fields.ts"


@pytest.fixture
def sides(tmp_path):
    (tmp_path / "old.json").write_text(json.dumps(OLD))
    (tmp_path / "new.json").write_text(json.dumps(NEW))
    return str(tmp_path / "old.json"), str(tmp_path / "new.json")


def _diff(runner, sides, *options):
    return runner.invoke(app, ["diff", *sides, "--no-lint", "--source-root", str(SOURCE), *options])


def test_json_findings_carry_their_source_and_the_schema_allows_it(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = _diff(runner, sides, "--format", "json")
    report = json.loads(result.stdout)
    jsonschema.validate(report, json.loads((ROOT / "mcp_inspect/schemas/report.schema.json").read_text()))
    by_tool = {f["entity"]["name"]: f.get("source") for f in report["findings"]}
    line = (SOURCE / "src/fields.ts").read_text().splitlines()[FIELD_LINE - 1]
    assert by_tool["create_field"] == {"file": FILE, "line": FIELD_LINE, "column": line.index("field:") + 1}
    assert by_tool["export_a"] is None  # registered under a name built at run time: no location, no error
    assert by_tool["ping"] is None  # registered twice: ambiguous
    assert any("'ping' is registered at several places" in w for w in report["warnings"])


def test_github_annotations_point_at_the_source_line(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    lines = _diff(runner, sides, "--format", "github").stdout.splitlines()
    create = next(line for line in lines if "tool create_field" in line)
    assert create.startswith(f"::error file={FILE},line={FIELD_LINE},col=")
    ping = next(line for line in lines if "tool ping" in line)
    assert "line=" not in ping.split("::")[1]


def test_sarif_results_get_a_physical_location_with_a_region(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    log = json.loads(_diff(runner, sides, "--format", "sarif").stdout)
    located = [r["locations"][0]["physicalLocation"] for r in log["runs"][0]["results"]
               if r["properties"]["entity"]["name"] == "create_field"]
    assert located[0]["artifactLocation"] == {"uri": FILE}
    assert located[0]["region"]["startLine"] == FIELD_LINE
    assert log["runs"][0]["columnKind"] == "unicodeCodePoints"  # the locator counts characters
    schema = json.loads((DATA / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema).validate(log)


def test_markdown_links_and_text_names_the_line(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert f"]({FILE}#L{FIELD_LINE})" in _diff(runner, sides, "--format", "markdown").stdout
    assert f"{FILE}:{FIELD_LINE}" in _diff(runner, sides).stdout


def test_no_source_reads_none_and_contradicting_options_are_refused(runner, sides):
    result = runner.invoke(app, ["diff", *sides, "--no-lint", "--no-source", "--format", "json"])
    assert all("source" not in f for f in json.loads(result.stdout)["findings"])
    result = _diff(runner, sides, "--no-source")
    assert result.exit_code == 2 and "contradict" in result.output
    result = runner.invoke(app, ["diff", *sides, "--source-root", "/nonexistent/dir"])
    assert result.exit_code == 2 and "not a directory" in result.output


def _git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_removed_tool_of_a_git_baseline_is_located_in_the_base(runner, tmp_path, monkeypatch):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    server = tmp_path / "src" / "server.py"
    server.parent.mkdir()
    server.write_text("from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n\n"
                      "@mcp.tool()\ndef keep(a: int) -> int:\n    return a\n\n\n"
                      "@mcp.tool()\ndef retired(b: int) -> int:\n    return b\n")
    snapshot = tmp_path / "server.json"
    snapshot.write_text(json.dumps({"tools": [{"name": "keep", "inputSchema": {"type": "object"}},
                                              {"name": "retired", "inputSchema": {"type": "object"}}]}))
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "base")
    # the change: retired goes, and keep moves down a line in the work tree
    server.write_text("from mcp.server.fastmcp import FastMCP\n\n\nmcp = FastMCP('s')\n\n\n"
                      "@mcp.tool()\ndef keep(a: int, c: int = 0) -> int:\n    return a\n")
    snapshot.write_text(json.dumps({"tools": [{"name": "keep", "inputSchema": {
        "type": "object", "properties": {"c": {"type": "string"}}}}]}))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCP_INSPECT_NO_SOURCE")  # the default: the work tree around NEW
    result = runner.invoke(app, ["diff", "git:HEAD:server.json", "server.json", "--no-lint", "--format", "json"])
    sources = {f["rule"]: f.get("source") for f in json.loads(result.stdout)["findings"]}
    assert sources["tool.removed"] == {"file": "src/server.py", "line": 12, "column": 5}  # the base's line
    assert sources["tool.input.property.added"] == {"file": "src/server.py", "line": 8, "column": 18}


def test_a_diff_without_a_source_tree_does_not_import_tree_sitter(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(OLD))
    (tmp_path / "b.json").write_text(json.dumps(NEW))
    # what the diff command does when no --source-root is given (the CLI leaves by os._exit)
    code = ("import sys\nfrom mcp_inspect import api\nreport = api.diff_sources('a.json', 'b.json')\n"
            "assert api.default_source_root('b.json') is None\napi.render(report, 'github')\n"
            "assert 'tree_sitter' not in sys.modules, 'tree_sitter'\n")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}  # outside any work tree, no MCP_INSPECT_NO_SOURCE
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_html_links_the_line_and_a_hostile_file_name_stays_text(runner, sides, tmp_path, monkeypatch):
    pytest.importorskip("jinja2")
    monkeypatch.chdir(ROOT)
    page = _diff(runner, sides, "--format", "html").stdout
    assert f'<a class="path" href="{FILE}#L{FIELD_LINE}">{FILE}:{FIELD_LINE}</a>' in page
    code = tmp_path / "code"
    code.mkdir()
    (code / "x<img src=y>`[a](javascript:b).ts").write_text(
        'server.tool("create_field", "d", { field: z.string() }, async () => ({ content: [] }));\n')
    monkeypatch.chdir(tmp_path)
    options = ["diff", *sides, "--no-lint", "--source-root", "code", "--format"]
    page = runner.invoke(app, [*options, "html"]).stdout
    assert "<img" not in page and 'href="code/x%3Cimg%20src%3Dy%3E%60%5Ba%5D%28javascript%3Ab%29.ts#L1"' in page
    markdown = runner.invoke(app, [*options, "markdown"]).stdout
    assert "](code/x%3Cimg%20src%3Dy%3E%60%5Ba%5D%28javascript%3Ab%29.ts#L1)" in markdown
    # shown as a code span (inert in GitHub's Markdown), never as markup or a link of its own
    assert "[``code/x<img src=y>`[a](javascript:b).ts:1``](" in markdown


def test_lint_findings_are_located_too(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["lint", sides[1], "--source-root", str(SOURCE), "--format", "json"])
    findings = json.loads(result.stdout)["findings"]
    located = {f["tool"]: f.get("source") for f in findings if f["tool"] == "create_field"}
    assert located["create_field"]["file"] == FILE
    assert "'ping' is registered at several places" in result.output


def test_a_diff_locates_what_it_shows_not_the_inherited_lint_findings(runner, sides, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["diff", *sides, "--source-root", str(SOURCE), "--lint-inherited", "--format", "json"])
    report = json.loads(result.stdout)
    inherited = [f for f in report["lint"]["inheritedFindings"] if f["tool"] == "create_field" and not f["fails"]]
    assert inherited and all("source" not in f for f in inherited)
    assert any(f.get("source") for f in report["findings"])


def test_a_package_whose_code_is_all_built_says_where_to_point(runner, sides, tmp_path, monkeypatch):
    """An npm package ships its code in dist/, which a scan skips as build output: a diff
    pointed at the package's root located nothing and said nothing (the new-user trial)."""
    package = tmp_path / "package"
    (package / "dist").mkdir(parents=True)
    (package / "dist" / "index.js").write_text('server.tool("create_field", { field: z.string() }, async () => {});\n')
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["diff", *sides, "--no-lint", "--source-root", "package", "--format", "json"])
    report = json.loads(result.stdout)
    assert all(f.get("source") is None for f in report["findings"])
    assert any("is built code, which is not read unless named (--source-root package/dist)" in w
               for w in report["warnings"]), report["warnings"]
    named = json.loads(runner.invoke(app, ["diff", *sides, "--no-lint", "--source-root", "package/dist",
                                           "--format", "json"]).stdout)
    assert any(f.get("source") for f in named["findings"])
    assert not any("built code" in w for w in named["warnings"])


def test_gitlab_issues_are_placed_on_the_source_line(runner, sides, monkeypatch):
    """GitLab shows a Code Quality issue on the line it names: the registration's, when the
    diff located it (it named the report's file, line 1, for every issue; hostile trial)."""
    monkeypatch.chdir(ROOT)
    issues = json.loads(_diff(runner, sides, "--format", "gitlab").stdout)
    create = next(issue for issue in issues if "tool create_field" in issue["description"])
    assert create["location"] == {"path": FILE, "lines": {"begin": FIELD_LINE}}
    ping = next(issue for issue in issues if "tool ping" in issue["description"])
    assert ping["location"]["lines"] == {"begin": 1}  # ambiguous: not located
    unlocated = json.loads(runner.invoke(app, ["diff", *sides, "--no-lint", "--no-source", "--format",
                                               "gitlab"]).stdout)
    assert {i["fingerprint"] for i in unlocated} == {i["fingerprint"] for i in issues}


@pytest.mark.parametrize("command", ["diff", "lint"])
def test_an_explicit_source_root_without_tree_sitter_fails_at_once(runner, sides, tmp_path, monkeypatch, command):
    """New-user trial (round 6): without the source extra, `--source-root` on a folder holding
    no file of a known language (or a report with nothing to look for) was silently ignored,
    though docs/source.md promises exit 2 and what to install."""
    from mcp_inspect.codemap import grammars

    monkeypatch.setattr(grammars, "available", lambda: False)
    empty = tmp_path / "src"
    empty.mkdir()
    args = [command, *(sides if command == "diff" else sides[1:]), "--source-root", str(empty)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [
        f"mcp-inspect: error: --source-root {empty}: locating findings in the source needs tree-sitter: "
        "pip install 'mcp-inspect[source]' (or leave out --source-root)"]
