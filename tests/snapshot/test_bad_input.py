"""Bad input through the CLI: exit 2, exactly one ``mcp-inspect: error:`` line naming the input.

Every limit in ``mcp_inspect/limits.py`` that the snapshot layer enforces has a test
here that exceeds it (MAX_WALK_DEPTH belongs to the diff walker and is tested there).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_inspect import limits
from mcp_inspect.cli import app
from mcp_inspect.snapshot import canonical, reader, yaml_reader

PREFIX = "mcp-inspect: error: "
GOOD_TOOLS = [{"name": "ok", "inputSchema": {"type": "object"}}]


def assert_one_line_error(result, name: str, *fragments: str) -> str:
    """Exit 2, no traceback, and exactly one error line that names ``name``; returns it."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith(PREFIX), line
    assert f"{PREFIX}{name}: " in line, line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    assert sum(1 for ln in result.output.splitlines() if ln.startswith(PREFIX)) == 1
    return line


def snapshot_of(runner, path: Path | str):
    return runner.invoke(app, ["snapshot", str(path)])


def write_bytes(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# ---------------------------------------------------------------------------
# Files that cannot be read or decoded


def test_missing_file(tmp_path, runner):
    path = tmp_path / "nope.json"
    assert_one_line_error(snapshot_of(runner, path), str(path), "no such file")


def test_directory(tmp_path, runner):
    assert_one_line_error(snapshot_of(runner, tmp_path), str(tmp_path), "is a directory")


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("empty.json", b""),
        ("empty.yaml", b""),
        ("blank.json", b"  \n\t \r\n"),
        ("blank.yaml", b"\n\n   \n"),
        ("bom-only.json", b"\xef\xbb\xbf"),
        ("comment.yaml", b"# nothing but a comment\n"),
    ],
)
def test_empty_or_whitespace_only(tmp_path, runner, name, data):
    path = write_bytes(tmp_path, name, data)
    assert_one_line_error(snapshot_of(runner, path), str(path), "is empty")


def test_empty_stdin(runner):
    result = runner.invoke(app, ["snapshot", "-"], input="")
    assert_one_line_error(result, "stdin", "is empty")


def test_invalid_utf8(tmp_path, runner):
    path = write_bytes(tmp_path, "latin1.json", '[{"name": "caf\xe9"}]'.encode("latin-1"))
    assert_one_line_error(snapshot_of(runner, path), str(path), "not valid UTF-8")


def test_invalid_utf8_on_stdin(runner):
    result = runner.invoke(app, ["snapshot", "-"], input=b'{"tools": ["\xff\xfe"]}')
    assert_one_line_error(result, "stdin", "not valid UTF-8")


# ---------------------------------------------------------------------------
# Text that does not parse


@pytest.mark.parametrize(
    "text",
    ['{"tools": [}', '{"tools": [], }', "[1, 2", "{'tools': []}", '{"a": 1} {"b": 2}'],
)
def test_invalid_json(tmp_path, runner, text):
    path = write_bytes(tmp_path, "bad.json", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), "invalid JSON")


def test_invalid_json_names_the_position(tmp_path, runner):
    path = write_bytes(tmp_path, "bad.json", '{\n  "tools": [\n    }\n')
    assert_one_line_error(snapshot_of(runner, path), str(path), "invalid JSON at line 3 column 5")


@pytest.mark.parametrize(
    "text",
    [
        "tools: [a, b\n",
        "tools:\n  - name: a\n - name: b\n",
        "key: value\n\tbad: tab\n",
        "a: 1\n---\nb: 2\n",
        "x: !!python/object:os.system [ls]\n",
        "x: *undefined\n",
    ],
    ids=["unclosed", "bad-indent", "tab", "two-documents", "python-tag", "unknown-alias"],
)
def test_invalid_yaml(tmp_path, runner, text):
    path = write_bytes(tmp_path, "bad.yaml", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), "invalid YAML")


def test_invalid_yaml_on_stdin(runner):
    result = runner.invoke(app, ["snapshot", "-"], input="tools: [a, b\n")
    assert_one_line_error(result, "stdin", "invalid YAML")


# ---------------------------------------------------------------------------
# Values JSON cannot carry


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[{"name": "a", "inputSchema": {"maximum": NaN}}]', "NaN is not a JSON number"),
        ('[{"name": "a", "inputSchema": {"maximum": Infinity}}]', "Infinity is not a JSON number"),
        (
            '[{"name": "a", "inputSchema": {"minimum": -Infinity}}]',
            "-Infinity is not a JSON number",
        ),
        ('[{"name": "a", "inputSchema": {"maximum": 1e999}}]', "1e999 is not a finite JSON number"),
        # Hostile trial: 1e-400 read as 0 without a word, another bound than the one written.
        ('[{"name": "a", "inputSchema": {"maximum": 1e-400}}]', "1e-400 is too small to be told from 0"),
    ],
    ids=["nan", "infinity", "minus-infinity", "overflow", "underflow"],
)
def test_non_finite_numbers_in_json(tmp_path, runner, text, fragment):
    path = write_bytes(tmp_path, "nan.json", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("- name: a\n  inputSchema: {maximum: 1.5e-400}\n", "1.5e-400 is too small to be told from 0"),
        ("- name: a\n  inputSchema: {maximum: .nan}\n", "nan is not a JSON number"),
        ("- name: a\n  inputSchema: {maximum: .inf}\n", "inf is not a JSON number"),
        ("- name: a\n  inputSchema: {minimum: -.Inf}\n", "-inf is not a JSON number"),
    ],
    ids=["underflow", "nan", "inf", "minus-inf"],
)
def test_non_finite_numbers_in_yaml(tmp_path, runner, text, fragment):
    path = write_bytes(tmp_path, "nan.yaml", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("tools: []\n1: one\n", "object key 1 is not a string"),
        (
            "tools: []\nwhen: !!timestamp 2025-01-01T10:00:00Z\n",
            "a datetime value is not JSON data",
        ),
        ("tools: []\nblob: !!binary aGVsbG8=\n", "a bytes value is not JSON data"),
        ("tools: []\nset: !!set {a, b}\n", "a set value is not JSON data"),
    ],
    ids=["int-key", "timestamp", "binary", "set"],
)
def test_non_json_yaml_values(tmp_path, runner, text, fragment):
    path = write_bytes(tmp_path, "odd.yaml", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


# ---------------------------------------------------------------------------
# Parsed, but not a surface


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("42", "number"),
        ('"hello"', "string"),
        ("true", "boolean"),
        ("null", "null"),
        ("3.5", "number"),
    ],
)
def test_scalar_at_top_level(tmp_path, runner, text, kind):
    path = write_bytes(tmp_path, "scalar.json", text)
    assert_one_line_error(
        snapshot_of(runner, path), str(path), "expected a tools array", f"got a JSON {kind}"
    )


def test_yaml_scalar_at_top_level(tmp_path, runner):
    path = write_bytes(tmp_path, "scalar.yaml", "just some words\n")
    assert_one_line_error(snapshot_of(runner, path), str(path), "got a JSON string")


@pytest.mark.parametrize("name", ["passwd", "notes.txt", "-"])
def test_plain_text_is_said_to_be_not_json(tmp_path, runner, name):
    """A text file that is neither JSON nor YAML holding an object or a list (YAML reads any line
    of text as a string) is said to be so, not called a JSON string."""
    text = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n"
    if name == "-":
        result = runner.invoke(app, ["snapshot", "-"], input=text)
    else:
        result = snapshot_of(runner, write_bytes(tmp_path, name, text))
    assert_one_line_error(result, "stdin" if name == "-" else str(tmp_path / name), "is not JSON")
    assert "JSON string" not in result.output


def test_a_json_string_without_a_json_name_is_still_a_json_string(tmp_path, runner):
    path = write_bytes(tmp_path, "scalar", '"hello"')
    assert_one_line_error(snapshot_of(runner, path), str(path), "got a JSON string")


def test_object_of_unknown_shape(tmp_path, runner):
    path = write_bytes(tmp_path, "odd.json", '{"foo": 1, "bar": {"tools": []}}')
    assert_one_line_error(
        snapshot_of(runner, path),
        str(path),
        "expected a tools array",
        "got an object with keys: 'bar', 'foo'",
    )


def test_unknown_shape_shows_a_few_keys_cut_short(tmp_path, runner):
    """Any file at all may arrive here: its keys are shown in part, never in full."""
    keys = {"a" * 500: 1, **{f"key{i:02}": i for i in range(20)}}
    path = write_bytes(tmp_path, "odd.json", json.dumps(keys))
    line = assert_one_line_error(snapshot_of(runner, path), str(path),
                                 f"keys: '{'a' * 40}…', 'key00', 'key01'", "'key06' and 13 more")
    assert "a" * 41 not in line and "key07" not in line


def test_empty_object(tmp_path, runner):
    path = write_bytes(tmp_path, "empty-object.json", "{}")
    assert_one_line_error(snapshot_of(runner, path), str(path), "got an object with keys: none")


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"tools": {"read": {}}}, "'tools' must be an array of objects; got an object"),
        ({"tools": "read_file"}, "'tools' must be an array of objects; got a string"),
        ({"resources": 3}, "'resources' must be an array of objects; got a number"),
        ({"prompts": True}, "'prompts' must be an array of objects; got a boolean"),
    ],
    ids=["tools-object", "tools-string", "resources-number", "prompts-bool"],
)
def test_list_that_is_not_an_array(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "lists.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ([1], "tools[0] must be an object; got a number"),
        ([{"name": "a", "inputSchema": {}}, "b"], "tools[1] must be an object; got a string"),
        ({"tools": [None]}, "tools[0] must be an object; got a null"),
        ({"tools": [[{"name": "a"}]]}, "tools[0] must be an object; got an array"),
    ],
    ids=["number", "string", "null", "nested-array"],
)
def test_tool_that_is_not_an_object(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "tools.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    "tool",
    [{"inputSchema": {}}, {"name": 5, "inputSchema": {}}, {"name": None}, {"name": ["a"]}],
    ids=["missing", "number", "null", "array"],
)
def test_tool_without_a_string_name(tmp_path, runner, tool):
    path = write_bytes(tmp_path, "tools.json", json.dumps({"tools": [tool]}))
    assert_one_line_error(snapshot_of(runner, path), str(path), "tools[0] has no string 'name'")


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"resources": [{"name": "readme"}]}, "resources[0] has no string 'uri'"),
        ({"resources": [{"uri": 1}]}, "resources[0] has no string 'uri'"),
        (
            {"resourceTemplates": [{"uri": "file:///x"}]},
            "resourceTemplates[0] has no string 'uriTemplate'",
        ),
        ({"prompts": [{"description": "no name"}]}, "prompts[0] has no string 'name'"),
    ],
    ids=[
        "resource-missing-uri",
        "resource-number-uri",
        "template-missing-uriTemplate",
        "prompt-missing-name",
    ],
)
def test_entity_without_its_identity(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "lists.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (
            {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}},
            "is a JSON-RPC error response ('Method not found')",
        ),
        ({"jsonrpc": "2.0", "id": 1, "error": "bare"}, "is a JSON-RPC error response ('bare')"),
        (
            {"jsonrpc": "2.0", "id": 1, "result": [1]},
            "JSON-RPC 'result' must be an object; got an array",
        ),
        ({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}, "JSON-RPC result holds no tools"),
        (
            {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"title": "x"}]}},
            "tools[0] has no string 'name'",
        ),
    ],
    ids=["error", "error-string", "result-array", "no-lists", "bad-tool"],
)
def test_bad_jsonrpc(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "rpc.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"initialize": [1], "tools": []}, "'initialize' must be an object; got an array"),
        ({"discover": "x", "tools": []}, "'discover' must be an object; got a string"),
        ({"tools": [], "pages": []}, "'pages' must be an object; got an array"),
        ({"tools": [], "errors": 1}, "'errors' must be an object; got a number"),
    ],
    ids=["initialize", "discover", "pages", "errors"],
)
def test_bad_capture_parts(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "capture.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"mcpInspectSnapshot": 99, "tools": []}, "snapshot format version 99 is not supported"),
        (
            {"mcpInspectSnapshot": 1, "provenance": "x", "tools": []},
            "'provenance' must be an object",
        ),
        (
            {"mcpInspectSnapshot": 1, "provenance": {"details": [1, 2]}, "tools": []},
            "'provenance.details' must be an object; got an array",
        ),
        ({"mcpInspectSnapshot": 1, "tools": [{"name": 1}]}, "tools[0] has no string 'name'"),
    ],
    ids=["version", "provenance", "details", "bad-tool"],
)
def test_bad_snapshot_format(tmp_path, runner, value, fragment):
    path = write_bytes(tmp_path, "snap.json", json.dumps(value))
    assert_one_line_error(snapshot_of(runner, path), str(path), fragment)


def test_mcp_json_config(tmp_path, runner):
    # An mcp.json is a live source now (tests/live/); an entry that cannot be run is still bad input.
    path = write_bytes(tmp_path, "mcp.json", json.dumps({"mcpServers": {"x": {"args": ["y"]}}}))
    assert_one_line_error(snapshot_of(runner, path), str(path), "server 'x' needs a 'command' string")


# ---------------------------------------------------------------------------
# MAX_INPUT_BYTES


@pytest.fixture
def one_mib_limit(monkeypatch):
    monkeypatch.setattr(reader, "MAX_INPUT_BYTES", 1024 * 1024)
    return 1024 * 1024


def _padded_tools(size: int) -> bytes:
    body = json.dumps(GOOD_TOOLS).encode("utf-8")
    return body + b" " * (size - len(body))


def test_file_larger_than_max_input_bytes(tmp_path, runner, one_mib_limit):
    path = write_bytes(tmp_path, "big.json", _padded_tools(one_mib_limit + 1))
    assert_one_line_error(snapshot_of(runner, path), str(path), "larger than the 1 MiB input limit")


def test_stdin_larger_than_max_input_bytes(runner, one_mib_limit):
    result = runner.invoke(app, ["snapshot", "-"], input=_padded_tools(one_mib_limit + 1))
    assert_one_line_error(result, "stdin", "larger than the 1 MiB input limit")


def test_file_exactly_at_max_input_bytes_is_read(tmp_path, runner, one_mib_limit):
    path = write_bytes(tmp_path, "edge.json", _padded_tools(one_mib_limit))
    result = snapshot_of(runner, path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"] == GOOD_TOOLS


def test_input_limit_is_the_documented_default():
    assert reader.MAX_INPUT_BYTES == limits.MAX_INPUT_BYTES == 64 * 1024 * 1024


# ---------------------------------------------------------------------------
# MAX_NESTING_DEPTH


def _deep_json(levels: int) -> str:
    """A valid tool whose unknown field ``x-deep`` is ``levels`` nested arrays."""
    return '[{"name": "deep", "inputSchema": {}, "x-deep": ' + "[" * levels + "]" * levels + "}]"


def _deep_yaml(levels: int) -> str:
    return "- name: deep\n  inputSchema: {}\n  x-deep: " + "[" * levels + "]" * levels + "\n"


@pytest.mark.parametrize("levels", [limits.MAX_NESTING_DEPTH + 5, 5_000, 200_000])
def test_json_nested_deeper_than_the_limit(tmp_path, runner, levels):
    path = write_bytes(tmp_path, "deep.json", _deep_json(levels))
    assert_one_line_error(
        snapshot_of(runner, path),
        str(path),
        f"nested deeper than the limit of {limits.MAX_NESTING_DEPTH} levels",
    )


@pytest.mark.parametrize("levels", [limits.MAX_NESTING_DEPTH + 5, 200_000])
def test_yaml_nested_deeper_than_the_limit(tmp_path, runner, levels):
    path = write_bytes(tmp_path, "deep.yaml", _deep_yaml(levels))
    assert_one_line_error(
        snapshot_of(runner, path),
        str(path),
        f"nested deeper than the limit of {limits.MAX_NESTING_DEPTH} levels",
    )


def test_yaml_block_style_nested_deeper_than_the_limit(tmp_path, runner):
    levels = limits.MAX_NESTING_DEPTH + 10
    text = (
        "tools: []\nx-deep:\n"
        + "".join("  " * i + "-\n" for i in range(1, levels))
        + "  " * levels
        + "leaf\n"
    )
    path = write_bytes(tmp_path, "deep-block.yaml", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), "nested deeper than the limit")


def test_deep_nesting_on_stdin(runner):
    result = runner.invoke(app, ["snapshot", "-"], input=_deep_json(10_000))
    assert_one_line_error(result, "stdin", "nested deeper than the limit")


@pytest.mark.parametrize("writer", [_deep_json, _deep_yaml], ids=["json", "yaml"])
def test_nesting_just_under_the_limit_is_accepted(tmp_path, runner, writer):
    levels = limits.MAX_NESTING_DEPTH - 10
    suffix = ".json" if writer is _deep_json else ".yaml"
    path = write_bytes(tmp_path, f"ok{suffix}", writer(levels))
    result = snapshot_of(runner, path)
    assert result.exit_code == 0, result.output
    value = json.loads(result.stdout)["tools"][0]["x-deep"]
    depth = 0
    while isinstance(value, list):
        depth += 1
        value = value[0] if value else None
    assert depth == levels


def test_lowering_max_nesting_depth_rejects_shallower_input(tmp_path, runner, monkeypatch):
    path = write_bytes(tmp_path, "mid.json", _deep_json(20))
    assert snapshot_of(runner, path).exit_code == 0
    monkeypatch.setattr(reader, "MAX_NESTING_DEPTH", 10)
    assert_one_line_error(
        snapshot_of(runner, path), str(path), "nested deeper than the limit of 10 levels"
    )


# ---------------------------------------------------------------------------
# MAX_YAML_NODES and alias tricks


BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
tools: []
"""


def test_yaml_billion_laughs_fails_fast(tmp_path, runner):
    path = write_bytes(tmp_path, "lol.yaml", BILLION_LAUGHS)
    assert_one_line_error(
        snapshot_of(runner, path),
        str(path),
        f"YAML aliases expand beyond {limits.MAX_YAML_NODES:,} nodes",
    )


def test_yaml_billion_laughs_on_stdin(runner):
    result = runner.invoke(app, ["snapshot", "-"], input=BILLION_LAUGHS)
    assert_one_line_error(result, "stdin", "YAML aliases expand beyond")


SMALL_ALIAS_DOC = """\
base: &base {type: string, description: shared}
tools:
  - name: a
    inputSchema: {type: object, properties: {x: *base, y: *base, z: *base}}
  - name: b
    inputSchema: {type: object, properties: {x: *base, y: *base, z: *base}}
"""


def test_aliases_within_max_yaml_nodes_are_expanded(tmp_path, runner):
    path = write_bytes(tmp_path, "alias.yaml", SMALL_ALIAS_DOC)
    result = snapshot_of(runner, path)
    assert result.exit_code == 0, result.output
    tools = json.loads(result.stdout)["tools"]
    assert tools[1]["inputSchema"]["properties"]["z"] == {"type": "string", "description": "shared"}


def test_lowering_max_yaml_nodes_rejects_the_same_alias_document(tmp_path, runner, monkeypatch):
    monkeypatch.setattr(yaml_reader, "MAX_YAML_NODES", 40)
    path = write_bytes(tmp_path, "alias.yaml", SMALL_ALIAS_DOC)
    assert_one_line_error(
        snapshot_of(runner, path), str(path), "YAML aliases expand beyond 40 nodes"
    )


@pytest.mark.parametrize(
    "text",
    [
        "&a [*a]\n",
        "a: &a {b: *a}\n",
        "tools: &t [{name: x, inputSchema: {}, self: *t}]\n",
        "a: &a [1, [2, [3, *a]]]\n",
    ],
    ids=["sequence", "mapping", "inside-tools", "indirect"],
)
def test_recursive_yaml_alias(tmp_path, runner, text):
    path = write_bytes(tmp_path, "loop.yaml", text)
    assert_one_line_error(snapshot_of(runner, path), str(path), "YAML alias refers to itself")


# ---------------------------------------------------------------------------
# MAX_CANONICAL_NODES (through diff, where the schemas are canonicalised)


def _exponential_chain(levels: int = 31) -> dict:
    defs = {
        f"d{n}": {
            "type": "object",
            "properties": {"a": {"$ref": f"#/$defs/d{n + 1}"}, "b": {"$ref": f"#/$defs/d{n + 1}"}},
        }
        for n in range(levels - 1)
    }
    defs[f"d{levels - 1}"] = {"type": "string"}
    return {"$defs": defs, "$ref": "#/$defs/d0"}


def test_exponential_ref_chain_is_refused(tmp_path, runner):
    bomb = write_bytes(
        tmp_path, "bomb.json", json.dumps([{"name": "bomb", "inputSchema": _exponential_chain()}])
    )
    fine = write_bytes(tmp_path, "fine.json", json.dumps(GOOD_TOOLS))
    result = runner.invoke(app, ["diff", str(fine), str(bomb)])
    line = assert_one_line_error(
        result,
        str(bomb),
        "tool 'bomb'",
        f"schema expands beyond {limits.MAX_CANONICAL_NODES:,} nodes",
    )
    assert "those its $refs inline" in line


def test_exponential_ref_chain_is_refused_by_snapshot_too(tmp_path, runner, monkeypatch):
    monkeypatch.setattr(canonical, "MAX_CANONICAL_NODES", 5_000)  # the same chain, refused sooner
    bomb = write_bytes(
        tmp_path, "bomb.json", json.dumps([{"name": "bomb", "inputSchema": _exponential_chain()}])
    )
    assert_one_line_error(
        snapshot_of(runner, bomb), str(bomb), "tool 'bomb'", "schema expands beyond 5,000 nodes"
    )


def test_short_ref_chain_is_inlined(tmp_path, runner):
    ok = write_bytes(
        tmp_path, "ok.json", json.dumps([{"name": "t", "inputSchema": _exponential_chain(6)}])
    )
    result = runner.invoke(app, ["diff", str(ok), str(ok)])
    assert result.exit_code == 0, result.output


def test_lowering_max_canonical_nodes(tmp_path, runner, monkeypatch):
    schema = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(30)}}
    old = write_bytes(tmp_path, "old.json", json.dumps([{"name": "wide", "inputSchema": schema}]))
    new = write_bytes(tmp_path, "new.json", json.dumps([{"name": "wide", "inputSchema": schema}]))
    assert runner.invoke(app, ["diff", str(old), str(new)]).exit_code == 0
    monkeypatch.setattr(canonical, "MAX_CANONICAL_NODES", 20)
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert_one_line_error(result, str(old), "tool 'wide'", "schema expands beyond 20 nodes")


def test_canonical_node_limit_is_the_documented_default():
    assert canonical.MAX_CANONICAL_NODES == limits.MAX_CANONICAL_NODES


# ---------------------------------------------------------------------------
# The diff command reports bad input on either side the same way


@pytest.mark.parametrize("side", ["old", "new"])
def test_diff_reports_bad_input_on_either_side(tmp_path, runner, side):
    good = write_bytes(tmp_path, "good.json", json.dumps(GOOD_TOOLS))
    bad = write_bytes(tmp_path, "bad.json", '{"tools": [}')
    args = [str(bad), str(good)] if side == "old" else [str(good), str(bad)]
    assert_one_line_error(runner.invoke(app, ["diff", *args]), str(bad), "invalid JSON")


def test_diff_with_bad_stdin(tmp_path, runner):
    good = write_bytes(tmp_path, "good.json", json.dumps(GOOD_TOOLS))
    result = runner.invoke(app, ["diff", "-", str(good)], input="[1]")
    assert_one_line_error(result, "stdin", "tools[0] must be an object")


@pytest.mark.parametrize("name,text,key", [
    ("dup.json", '{"tools": [{"name": "a", "inputSchema": {"type": "object"}}], "tools": []}', '"tools"'),
    ("dup-nested.json", '[{"name": "a", "name": "b", "inputSchema": {}}]', '"name"'),
    ("dup.yaml", "tools:\n  - name: a\n    inputSchema: {type: object}\ntools: []\n", '"tools"'),
    ("dup-control.json", '{"a\\u001b[31m": 1, "a\\u001b[31m": 2}', 'u001b[31m"'),  # no ESC printed
], ids=["json", "json-nested", "yaml", "escaped"])
def test_a_key_given_twice_in_one_object_is_refused(tmp_path, runner, name, text, key):
    """Hostile trial: the last value won silently, while a reviewer (or another reader) may
    take the first; the file is ambiguous, so it is refused with the key named."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    line = assert_one_line_error(snapshot_of(runner, path), str(path))
    assert f"{key} appears twice" in line and "\x1b" not in line


#: Plain YAML scalars that YAML 1.1 (PyYAML) and YAML 1.2 (js-yaml 4, Go yaml.v3) read as two values.
READ_TWO_WAYS = [
    ("017", "the integer 15", "the integer 17", "15, 17 or \"017\" (the text)"),
    ("yes", "true", 'the string "yes"', 'true or "yes"'),
    ("Off", "false", 'the string "Off"', 'false or "Off"'),
    ("1:30", "the integer 90", 'the string "1:30"', '90 or "1:30"'),
    ("1e3", 'the string "1e3"', "the number 1000.0", '"1e3" or 1000.0'),
    ("1e-400", 'the string "1e-400"', "the number 0.0", '"1e-400" or 0.0'),
    ("0o17", 'the string "0o17"', "the integer 15", '"0o17" or 15'),
    ("08", 'the string "08"', "the integer 8", '"08" or 8'),
    ("1_000", "the integer 1000", 'the string "1_000"', '1000 or "1_000"'),
    ("-.5", 'the string "-.5"', "the number -0.5", '"-.5" or -0.5'),
]


@pytest.mark.parametrize(("scalar", "old", "new", "spellings"), READ_TWO_WAYS, ids=[case[0] for case in READ_TWO_WAYS])
def test_a_yaml_scalar_yaml_1_1_and_1_2_read_as_two_values_is_refused(tmp_path, runner, scalar, old, new,
                                                                        spellings):
    """Hostile trial, round 6: YAML was read by YAML 1.1's rules alone, so ``maximum: 017`` was 15
    and ``enum: [yes, no]`` two booleans, where a YAML 1.2 reader (js-yaml 4, Go yaml.v3), a
    reviewer's, reads 17 and two strings: one file, two surfaces. It is refused, with the line,
    both readings and a spelling of each that both read alike."""
    path = write_bytes(tmp_path, "two.yaml", "tools:\n  - name: t\n    inputSchema:\n      type: object\n"
                                             f"      properties:\n        n: {{maximum: {scalar}}}\n")
    assert_one_line_error(snapshot_of(runner, path), str(path), "invalid YAML at line 6 column 22: ",
                          f"the unquoted {scalar} reads as {old} in YAML 1.1", f"but as {new} in YAML 1.2",
                          f"write the one meant as {spellings}, which both read alike")
    # The spellings offered are read alike, and as the reading each names.
    first = spellings.split(" or ")[0].split(",")[0].removesuffix(" (the text)")
    fixed = write_bytes(tmp_path, "fixed.yaml", path.read_text().replace(f"maximum: {scalar}", f"maximum: {first}"))
    assert snapshot_of(runner, fixed).exit_code == 0


def test_the_hostile_yaml_1_1_surface_is_refused_at_its_first_such_scalar(tmp_path, runner):
    path = write_bytes(tmp_path, "surface.yaml", "tools:\n  - name: t\n    inputSchema:\n      type: object\n"
                       "      properties:\n        n: {type: integer, maximum: 017}\n"
                       "        m: {type: string, enum: [yes, no, on, off]}\n"
                       "        d: {type: integer, maximum: 1:30}\n")
    assert_one_line_error(snapshot_of(runner, path), str(path), "line 6 column 37", "017")
    path.write_text(path.read_text().replace("017", "17"))
    assert_one_line_error(snapshot_of(runner, path), str(path), "line 7 column 34", "the unquoted yes")
    path.write_text(path.read_text().replace("[yes, no, on, off]", "['yes', 'no', 'on', 'off']"))
    assert_one_line_error(snapshot_of(runner, path), str(path), "line 8 column 37", "the unquoted 1:30")


def test_yaml_scalars_both_versions_read_alike_are_kept(tmp_path, runner):
    """The refusal is for spellings the two read differently, and no other: booleans spelled
    true/false, decimal and hexadecimal integers, decimals, exponents with a dot and a sign,
    a lone leading zero, null, y and n (strings to PyYAML as to YAML 1.2), dates and versions."""
    from mcp_inspect.snapshot.yaml_reader import parse_yaml

    text = ("[true, False, TRUE, 12, -3, +4, 0, 07, 00, 0x1F, 1.5, .5, 1., 1.0e+3, 2.5E-2, .inf, null, ~, Null,"
            " y, n, Y, N, x, 'yes', \"017\", !!str 1:30, 2024-01-01, 1.2.3, v1, on_call, offline, yesterday, -, "
            "<=, =>]")
    assert parse_yaml(text, "f.yaml") == [
        True, False, True, 12, -3, 4, 0, 7, 0, 31, 1.5, 0.5, 1.0, 1000.0, 0.025, float("inf"), None, None, None,
        "y", "n", "Y", "N", "x", "yes", "017", "1:30", "2024-01-01", "1.2.3", "v1", "on_call", "offline",
        "yesterday", "-", "<=", "=>"]
    assert parse_yaml("y: 1\nn: 2\nz:\n", "f.yaml") == {"y": 1, "n": 2, "z": None}  # y and n read as names


def test_a_yaml_merge_key_may_still_override(tmp_path, runner):
    path = tmp_path / "merge.yaml"
    path.write_text("base: &b {type: object}\n"
                    "tools:\n  - name: a\n    inputSchema:\n      <<: *b\n      type: object\n", encoding="utf-8")
    assert snapshot_of(runner, path).exit_code == 0


@pytest.mark.parametrize(("spelling", "said"), [
    ("0" + "1" * 5000, "reads as one integer in YAML 1.1 (PyYAML, mcp-inspect's reader) but as another in YAML"),
    ("1" + ":59" * 20_000, "reads as an integer in YAML 1.1 (PyYAML, mcp-inspect's reader) but as a string in YAML"),
], ids=["octal", "base-60"])
def test_a_long_scalar_read_two_ways_is_refused_by_its_kinds_without_converting_it(tmp_path, runner, spelling, said):
    """The readings of a long scalar are named by their kinds, and it is never converted: base 60
    costs PyYAML time quadratic in the length, and an integer past Python's digit limit cannot
    be written out."""
    path = write_bytes(tmp_path, "long.yaml", f"tools:\n  - name: a\n    x: {spelling}\n")
    assert_one_line_error(snapshot_of(runner, path), str(path), "line 3 column 8", f"characters) {said}",
                          "quote it if it is text")


@pytest.mark.parametrize(("tagged", "said"), [
    ("!!int 017", "the tagged !!int 017 reads as the integer 15 in YAML 1.1"),
    ("!!bool yes", "the tagged !!bool yes reads as true in YAML 1.1"),
    ("!!int 1:30", "the tagged !!int 1:30 reads as the integer 90 in YAML 1.1"),
])
def test_a_core_type_tag_read_two_ways_is_refused_too(tmp_path, runner, tagged, said):
    """Hostile trial, round 7: the refusal covered plain scalars only, and ``!!int 017`` was 15
    here and 17 in js-yaml 4 (which refuses ``!!bool yes`` and ``!!int 1:30`` outright)."""
    path = write_bytes(tmp_path, "tagged.yaml", "tools:\n  - name: t\n    inputSchema:\n      type: object\n"
                                                f"      properties:\n        n: {{maximum: {tagged}}}\n")
    assert_one_line_error(snapshot_of(runner, path), str(path), "invalid YAML at line 6 column 22: ", said)
    plain = write_bytes(tmp_path, "plain.yaml", path.read_text().replace(tagged, "!!int 17"))
    assert snapshot_of(runner, plain).exit_code == 0
