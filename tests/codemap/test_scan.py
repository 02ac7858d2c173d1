"""The locator finds each SDK's registrations in small fixture repositories (tests/data/source):
the line of the name, the line of each property, nothing for a name built at run time, and
AMBIGUOUS for a name registered twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA

pytest.importorskip("tree_sitter")

from mcp_inspect.codemap.scan import AMBIGUOUS, scan  # noqa: E402
from mcp_inspect.codemap.trees import Tree  # noqa: E402
from mcp_inspect.findings.finding import SourceLocation  # noqa: E402

SOURCE = DATA / "source"


def at(language: str, file: str, needle: str, nth: int = 1) -> SourceLocation:
    """Where ``needle`` occurs the ``nth`` time in a fixture file (1-based line and column):
    the expected location, read from the fixture rather than typed in."""
    seen = 0
    for number, line in enumerate((SOURCE / language / file).read_text(encoding="utf-8").splitlines(), 1):
        column = line.find(needle)
        while column >= 0:
            seen += 1
            if seen == nth:
                return SourceLocation(file, number, column + 1)
            column = line.find(needle, column + 1)
    raise AssertionError(f"{needle!r} not in {file}")


@pytest.fixture(scope="module")
def maps():
    return {language: scan(Tree(str(SOURCE / language))) for language in ("typescript", "python", "go")}


@pytest.mark.parametrize(("language", "kind", "name", "file", "needle"), [
    ("typescript", "tool", "create_field", "src/fields.ts", '"create_field"'),
    ("typescript", "tool", "rename_field", "src/fields.ts", '"rename_field"'),
    ("typescript", "tool", "drop_field", "src/fields.ts", '"drop_field"'),
    ("typescript", "prompt", "summarise", "src/fields.ts", '"summarise"'),
    ("typescript", "resource", "docs://readme", "src/fields.ts", '"docs://readme"'),
    ("typescript", "resourceTemplate", "fields://{id}", "src/fields.ts", '"fields://{id}"'),
    ("typescript", "tool", "echo", "src/lowlevel.ts", "ToolName.ECHO"),  # an enum member
    ("typescript", "tool", "read_file", "src/lowlevel.ts", '"read_file"'),  # the low-level handler
    ("typescript", "tool", "js_tool", "src/server.js", '"js_tool"'),  # built JavaScript
    ("python", "tool", "create_field", "src/app.py", "create_field"),  # @mcp.tool(): the function's name
    ("python", "tool", "drop_field", "src/app.py", '"drop_field"'),  # name= wins over the function's
    ("python", "tool", "bare", "src/app.py", "bare"),  # @mcp.tool without a call
    ("python", "prompt", "summarise", "src/app.py", "summarise"),
    ("python", "resource", "docs://readme", "src/app.py", '"docs://readme"'),
    ("python", "resourceTemplate", "fields://{id}", "src/app.py", '"fields://{id}"'),
    ("python", "tool", "git_status", "src/lowlevel.py", "GitTools.STATUS"),  # types.Tool(name=Enum member)
    ("python", "tool", "git_log", "src/lowlevel.py", "LOG,"),  # a module constant
    ("go", "tool", "get_issue", "src/main.go", '"get_issue"'),  # mcp-go NewTool
    ("go", "tool", "search_repositories", "src/main.go", "searchName,"),  # a const
    ("go", "tool", "list_issue_types", "src/sdk.go", '"list_issue_types"'),  # go-sdk &mcp.Tool{Name: ...}
    ("go", "tool", "issue_read", "src/sdk.go", '"issue_read"'),
    ("go", "resource", "docs://readme", "src/main.go", '"docs://readme"'),  # mcp-go NewResource
    ("go", "resourceTemplate", "repo://{owner}/issues", "src/main.go", '"repo://{owner}/issues"'),
    ("go", "resource", "file:///changelog", "src/sdk.go", '"file:///changelog"'),  # go-sdk &mcp.Resource{URI: ...}
    ("go", "resourceTemplate", "file:///{path}", "src/sdk.go", '"file:///{path}"'),
])
def test_each_registration_is_found_at_its_name(maps, language, kind, name, file, needle):
    assert maps[language].entity(kind, name) == at(language, file, needle)


@pytest.mark.parametrize(("language", "name", "key", "file", "needle", "nth"), [
    ("typescript", "create_field", "field", "src/fields.ts", "field:", 1),  # the zod shape of server.tool
    ("typescript", "create_field", "width", "src/fields.ts", "width:", 1),
    ("typescript", "rename_field", "to", "src/fields.ts", "to:", 1),  # inputSchema given as a shape
    ("typescript", "drop_field", "cascade", "src/fields.ts", "cascade:", 1),  # const DropArgs = z.object
    ("typescript", "echo", "message", "src/lowlevel.ts", "message:", 1),  # a literal "properties"
    ("typescript", "read_file", "path", "src/lowlevel.ts", "path:", 1),  # zodToJsonSchema(ReadArgs)
    ("typescript", "js_tool", "query", "src/server.js", "query:", 1),
    ("python", "create_field", "width", "src/app.py", "width", 1),  # a function parameter
    ("python", "drop_field", "cascade", "src/app.py", "cascade", 1),
    ("python", "git_status", "verbose", "src/lowlevel.py", "verbose", 1),  # a pydantic field
    ("python", "git_log", "max_count", "src/lowlevel.py", '"max_count"', 1),  # a dict literal's properties
    ("go", "get_issue", "issue_number", "src/main.go", '"issue_number"', 1),  # mcp.WithNumber
    ("go", "search_repositories", "query", "src/main.go", '"query"', 1),
    ("go", "list_issue_types", "repo", "src/sdk.go", '"repo"', 1),  # jsonschema Properties map
    ("go", "issue_read", "method", "src/sdk.go", '"method"', 1),  # InputSchema: schema (a variable)
])
def test_each_property_is_found_at_its_key(maps, language, name, key, file, needle, nth):
    assert maps[language].property("tool", name, key) == at(language, file, needle, nth)


def test_a_name_registered_twice_is_ambiguous_never_guessed(maps):
    assert maps["typescript"].entity("tool", "ping") == AMBIGUOUS
    assert maps["typescript"].property("tool", "ping", "x") == AMBIGUOUS


def test_a_name_built_at_run_time_is_not_found_and_is_no_error(maps):
    assert maps["typescript"].entity("tool", "export_a") is None
    assert maps["python"].entity("tool", "dyn_a") is None
    # and a JSON Schema literal's keywords are no properties of the shape
    assert maps["typescript"].property("tool", "echo", "type") is None


def test_only_files_holding_a_wanted_name_are_parsed():
    code = scan(Tree(str(SOURCE / "typescript")), names=["js_tool"])
    assert (code.seen, code.files) == (3, 1)
    assert code.entity("tool", "js_tool") == at("typescript", "src/server.js", '"js_tool"')


def test_dependencies_build_output_large_files_and_links_are_not_read(tmp_path, monkeypatch):
    registration = b'server.tool("t", "d", {}, async () => ({ content: [] }));\n'
    for folder in ("node_modules/pkg", "dist", "vendor", ".git", "src"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "index.js").write_bytes(registration)
    monkeypatch.setattr("mcp_inspect.codemap.trees.MAX_SOURCE_FILE_BYTES", 10_000)
    (tmp_path / "src" / "bundle.js").write_bytes(registration + b"//" + b"x" * 10_000)
    (tmp_path / "src" / "link.js").symlink_to(tmp_path / "dist" / "index.js")
    code = scan(Tree(str(tmp_path)))
    assert code.entity("tool", "t") == SourceLocation("src/index.js", 1, 13)


def test_a_tree_past_the_file_limit_is_cut_and_says_so(tmp_path, monkeypatch):
    for index in range(3):
        (tmp_path / f"f{index}.py").write_text("x = 1\n")
    monkeypatch.setattr("mcp_inspect.codemap.trees.MAX_SOURCE_FILES", 2)
    code = scan(Tree(str(tmp_path)))
    assert (code.seen, code.truncated) == (2, True)


def test_the_bytes_one_scan_parses_are_bounded_and_the_rest_is_said(tmp_path, monkeypatch):
    """Files that all mention a wanted name are all parsed, at about a second a MiB: a hostile
    tree of them took hours. Past MAX_SOURCE_PARSE_BYTES the rest is left unparsed and counted,
    and a diff's warning says so."""
    body = '@mcp.tool()\ndef echo(msg: str) -> str:\n    return msg\n' + "y = echo(1)\n" * 200
    for index in range(4):
        (tmp_path / f"f{index}.py").write_text(body)
    monkeypatch.setattr("mcp_inspect.codemap.scan.MAX_SOURCE_PARSE_BYTES", len(body.encode()) * 2)
    code = scan(Tree(str(tmp_path)), names=["echo"])
    assert (code.files, code.unparsed) == (2, 2)
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    old = snapshot_from_value({"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}, "old")
    new = snapshot_from_value({"tools": [{"name": "echo", "inputSchema": {"type": "object", "properties": {
        "msg": {"type": "string"}}, "required": ["msg"]}}]}, "new")
    report = api.locate(api.diff(old, new), tmp_path)
    assert any("left 2 more files unparsed" in w for w in report.warnings), report.warnings


def test_a_file_that_does_not_parse_gives_what_it_can(tmp_path):
    (tmp_path / "broken.ts").write_text('server.tool("ok", "d", {}, async () => 1);\nserver.tool("x", {{{\n')
    code = scan(Tree(str(tmp_path)))
    assert code.entity("tool", "ok") == SourceLocation("broken.ts", 1, 13)


def test_paths_are_relative_to_the_repository_with_a_prefix():
    code = scan(Tree(str(SOURCE / "go")), prefix="tests/data/source/go/")
    assert code.entity("tool", "get_issue").file == "tests/data/source/go/src/main.go"
    assert Path(SOURCE / "go" / "src" / "main.go").is_file()


def test_the_queries_can_be_compiled_and_freed_again_and_again():
    # py-tree-sitter 0.26 corrupts memory when it frees a query whose pattern holds both a
    # #set! directive and a text predicate; the queries name kinds in captures instead.
    import subprocess
    import sys

    from mcp_inspect.codemap.grammars import QUERIES

    assert not [path.name for path in QUERIES.glob("*.scm") if "#set!" in path.read_text(encoding="utf-8")]
    code = ("import tree_sitter as ts, tree_sitter_go as go, tree_sitter_python as py, sys\n"
            "for module, name in ((go, 'go-sdk.scm'), (py, 'python-sdk.scm')):\n"
            "    text = open(sys.argv[1] + '/' + name).read()\n"
            "    for _ in range(3):\n"
            "        ts.Query(ts.Language(module.language()), text)\n")
    done = subprocess.run([sys.executable, "-c", code, str(QUERIES)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_name_is_a_whole_word_to_the_prefilter(tmp_path):
    (tmp_path / "a.ts").write_text('server.tool("get_issues", "d", {}, async () => 1);\n')
    (tmp_path / "b.ts").write_text('server.tool("get_issue", "d", {}, async () => 1);\n')
    code = scan(Tree(str(tmp_path)), names=["get_issue"])
    assert code.files == 1 and code.entity("tool", "get_issue") == SourceLocation("b.ts", 1, 13)


@pytest.mark.skipif(__import__("shutil").which("git") is None, reason="git is not installed")
def test_a_revision_is_read_from_git_with_the_same_rules(tmp_path):
    import subprocess

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    registration = 'server.tool("t", "d", {}, async () => 1);\n'
    for path in ("server/src/a.ts", "server/tests/a.ts", "server/node_modules/x/a.ts", "server/src/a.test.ts",
                 "other/a.ts"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(registration)
    git("add", ".")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "one")
    (tmp_path / "server/src/a.ts").unlink()  # the work tree no longer has it; the revision does
    code = scan(Tree(str(tmp_path), ref="HEAD", under="server/"))
    assert code.entity("tool", "t") == SourceLocation("server/src/a.ts", 1, 13)
