"""The service over real HTTP: one server process, started once for this file, answers every
endpoint with the CLI's own report for the same input, and refuses every kind of untrusted
request with the status docs/serve.md gives and a JSON error naming the field."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, ROOT
from serve_helpers import Server, cli, running_server

OLD = ROOT / "snapshots" / "git-2025.7.1.json"
NEW = ROOT / "snapshots" / "git-2025.11.25.json"
ONE_TOOL = [{"name": "echo", "description": "Echo the text back.",
             "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]
LINT_CONFIG = {"select": ["ALL"], "ignore": ["LLM"], "rules": {"SEC-001": "off", "BP-005": "error"},
               "policy": "governance", "spec_version": "2025-11-25", "profile": "openai", "tool_max_tokens": 300}
DIFF_CONFIG = {"fail_on": "POTENTIALLY_BREAKING",
               "severity_overrides": {"tool.description.changed": "DOCUMENTATION"},
               "ignore": [{"rule": "tool.removed", "entity": "git_*", "reason": "renamed in this release"}],
               "lint": {"policy": "governance", "introduced_fail_on": "warning", "select": "SEC,SCH,MCP"}}


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Any:
    with running_server(tmp_path_factory.mktemp("serve"), "--workers", "2") as running:
        yield running


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def latest(server_name: str) -> Path:
    return max((CORPUS / server_name).glob("*.json"),
               key=lambda p: tuple(int(x) for x in p.stem.split(".") if x.isdigit()))


def write_config(directory: Path, config: dict[str, Any] | None) -> list[str]:
    if config is None:
        return []
    path = directory / "config.yml"
    path.write_text(json.dumps(config), "utf-8")  # JSON is YAML
    return ["-c", str(path)]


def named(text: str) -> str:
    """The CLI's output with its files named as the service names its sources (Markdown
    escapes the dot)."""
    for side in ("old", "new"):
        text = text.replace(f"{side}\\.json", side).replace(f"{side}.json", side)
    return text


def assert_error(response: Any, status: int, field: str | None = None, *words: str) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "field"}, body
    if field is not None:
        assert body["field"] == field, body
    for word in words:
        assert word in body["error"], body
    return body


# --- the endpoints ---------------------------------------------------------


def test_health(server: Server) -> None:
    from mcp_inspect import __version__

    response = server.get("/health")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"status": "healthy", "version": __version__}


@pytest.mark.parametrize("name,form", [("github", "tools"), ("everything", "surface"), ("filesystem", "surface")])
@pytest.mark.parametrize("config", [None, LINT_CONFIG], ids=["no-config", "config"])
def test_lint_is_the_cli_report(server: Server, runner, tmp_path, monkeypatch, name, form, config) -> None:
    document = load(latest(name))
    body: dict[str, Any] = {"tools": document["tools"]} if form == "tools" else {"surface": document}
    if config is not None:
        body["config"] = config
    (tmp_path / "surface.json").write_text(json.dumps(body["tools"] if form == "tools" else document), "utf-8")
    monkeypatch.chdir(tmp_path)
    expected = cli(runner, "lint", "surface.json", "--format", "json",
                   *write_config(tmp_path, None if config is None else {"lint": config}))
    response = server.post("/lint", body)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.text == expected.replace('"surface.json"', json.dumps(form))


def test_validate_is_lint(server: Server) -> None:
    body = {"tools": ONE_TOOL, "config": {"profile": "gemini"}}
    assert server.post("/validate", body).text == server.post("/lint", body).text


@pytest.mark.parametrize("config", [None, DIFF_CONFIG], ids=["no-config", "config"])
def test_diff_is_the_cli_report(server: Server, runner, tmp_path, monkeypatch, config) -> None:
    body: dict[str, Any] = {"old": load(OLD), "new": load(NEW)}
    if config is not None:
        body["config"] = config
    (tmp_path / "old.json").write_text(OLD.read_text("utf-8"), "utf-8")
    (tmp_path / "new.json").write_text(NEW.read_text("utf-8"), "utf-8")
    monkeypatch.chdir(tmp_path)
    options = write_config(tmp_path, config)
    for fmt, media_type in (("json", "application/json"), ("markdown", "text/markdown; charset=utf-8")):
        expected = cli(runner, "diff", "old.json", "new.json", "--format", fmt, *options)
        response = server.post("/diff", body, params={} if fmt == "json" else {"format": fmt})
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == media_type
        assert response.text == named(expected)
    report = server.post("/diff", body).json()
    assert report["summary"]["gate"] in ("pass", "fail") and report["old"]["source"] == "old"


def test_diff_lists_inherited_lint_findings_as_the_cli_option_does(server: Server, runner, tmp_path,
                                                                  monkeypatch) -> None:
    body: dict[str, Any] = {"old": load(OLD), "new": load(NEW)}
    (tmp_path / "old.json").write_text(OLD.read_text("utf-8"), "utf-8")
    (tmp_path / "new.json").write_text(NEW.read_text("utf-8"), "utf-8")
    monkeypatch.chdir(tmp_path)
    expected = cli(runner, "diff", "old.json", "new.json", "--format", "json", "--lint-inherited")
    response = server.post("/diff", body, params={"lint_inherited": "true"})
    assert response.status_code == 200, response.text
    assert response.text == named(expected) != server.post("/diff", body).text
    assert response.json()["lint"]["inheritedFindings"]
    assert server.post("/diff", body, params={"lint_inherited": "false"}).text == server.post("/diff", body).text
    assert_error(server.post("/diff", body, params={"lint_inherited": "yes"}), 400, "lint_inherited")


def test_release_notes_are_the_cli_notes(server: Server, runner, tmp_path, monkeypatch) -> None:
    (tmp_path / "old.json").write_text(OLD.read_text("utf-8"), "utf-8")
    (tmp_path / "new.json").write_text(NEW.read_text("utf-8"), "utf-8")
    monkeypatch.chdir(tmp_path)
    for title in (None, "mcp-server-git 2025.11.25"):
        expected = cli(runner, "release-notes", "old.json", "new.json", *(["--title", title] if title else []))
        body = {"old": load(OLD), "new": load(NEW), **({"title": title} if title else {})}
        response = server.post("/release-notes", body)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == "text/markdown; charset=utf-8"
        assert response.text == named(expected)


@pytest.mark.parametrize("title", ["Title\n\n## Breaking\n\n- everything is fine <!--",
                                   "T\u001b[2J</details><script>x</script>",
                                   "T [click](https://evil.example) @team #12"])
def test_a_request_s_title_is_text_not_markdown(server: Server, title) -> None:
    body = {"old": ONE_TOOL, "new": [{**ONE_TOOL[0], "name": "echo2"}]}
    plain_notes = server.post("/release-notes", {**body, "title": "x"}).text
    response = server.post("/release-notes", {**body, "title": title})
    assert response.status_code == 200, response.text
    notes = response.text
    heading, rest = notes.split("\n", 1)
    assert heading.startswith("## T") and rest == plain_notes.split("\n", 1)[1]  # nothing forged below it
    assert heading.replace("\u2060", "").isprintable(), heading  # ESC shown as \x1b; word joiners break references
    assert not re.search(r"(?<!\\)[<>\[\]]", heading), heading  # HTML and links escaped
    for reference in ("@team", "#12"):
        assert reference not in heading, heading  # no mention, no issue link
    # Hostile trial: the title was escaped twice, and the second pass showed each word joiner
    # of the first as the visible text "\u2060".
    assert "\\u2060" not in heading, heading
    assert ("@team" not in title) or "@\u2060team" in heading, heading


def test_rules_are_the_cli_listing(server: Server, runner) -> None:
    expected = cli(runner, "rules", "--format", "json")
    response = server.get("/rules")
    assert response.status_code == 200 and response.text == expected
    listing = json.loads(expected)
    for entry in (listing["rules"][0], listing["lint"][0], next(r for r in listing["lint"] if r["id"] == "SEC-001")):
        one = server.get(f"/rules/{entry['id']}")
        assert one.status_code == 200 and one.json() == entry


def test_an_unknown_rule_is_404_with_a_suggestion(server: Server) -> None:
    assert_error(server.get("/rules/tool.remved"), 404, "rule_id", "tool.removed")
    assert_error(server.get("/rules/" + "x" * 5000), 404, "rule_id")


def test_a_rule_in_other_letter_case_is_suggested_as_the_cli_explain_does(server: Server, runner) -> None:
    from mcp_inspect.cli import app

    for asked, meant in (("sec-001", "SEC-001"), ("Tool.Removed", "tool.removed")):
        assert_error(server.get(f"/rules/{asked}"), 404, "rule_id", f"did you mean '{meant}'?")
        result = runner.invoke(app, ["explain", asked])
        assert result.exit_code == 2 and f"did you mean '{meant}'?" in result.stderr, result.stderr


def test_openapi_describes_every_endpoint_and_error(server: Server) -> None:
    response = server.get("/openapi.json")
    assert response.status_code == 200
    doc = response.json()
    assert doc["openapi"].startswith("3.1")
    assert set(doc["paths"]) == {"/health", "/lint", "/validate", "/diff", "/release-notes", "/rules",
                                 "/rules/{rule_id}", "/openapi.json"}
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"200", "400", "405", "500"} <= statuses, (path, method)  # 400: an unknown query parameter
            if method == "post":
                assert {"400", "408", "413", "415", "503", "504"} <= statuses, path
            # every path the document lists is served
            concrete = path.replace("{rule_id}", "SEC-001")
            if method == "get":
                answer = server.get(concrete)
            else:
                lints = path in ("/lint", "/validate")
                answer = server.post(concrete, {"tools": ONE_TOOL} if lints else {"old": ONE_TOOL, "new": ONE_TOOL})
            assert answer.status_code == 200, (path, answer.text)
    assert "404" in doc["paths"]["/rules/{rule_id}"]["get"]["responses"]

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            own = [node["$ref"]] if "$ref" in node else []
            return own + [r for v in node.values() for r in refs(v)]
        return [r for v in node for r in refs(v)] if isinstance(node, list) else []

    for ref in refs(doc):
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in doc["components"]["schemas"], ref


# --- refusals --------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "application/json; charset=latin-1"])
def test_a_body_that_is_not_json_is_415(server: Server, content_type) -> None:
    headers = {"content-type": content_type} if content_type else {}
    with server.client() as client:
        response = client.post("/lint", content=json.dumps({"tools": ONE_TOOL}).encode(), headers=headers)
    assert_error(response, 415)


@pytest.mark.parametrize("first,second", [("application/json", "text/plain"), ("text/plain", "application/json"),
                                          ("application/json", "application/json")])
def test_content_type_given_twice_is_400(server: Server, first, second) -> None:
    body = json.dumps({"tools": ONE_TOOL}).encode()
    request = (b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s"
               % (first.encode(), second.encode(), len(body), body))
    answer = _raw(server, request)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert b'"field": "Content-Type"' in answer


@pytest.mark.parametrize("path,body,params,quoted", [
    ("/lint", {"to\nols": []}, {}, "to\\x0aols"),
    ("/lint", {"a\tb\\\nc": []}, {}, "a\\x09b\\\\\\x0ac"),
    ("/lint", {"tools": ONE_TOOL, "config": {"sel\nect": ["SEC"]}}, {}, None),
    ("/lint", {"tools": ONE_TOOL, "config": {"rules": {"SEC-\n999\u001b": "off"}}}, {}, None),
    ("/diff", {"old": ONE_TOOL, "new": ONE_TOOL}, {"for\nmat": "json"}, "for\\x0amat"),
])
def test_every_error_is_one_line_without_controls(server: Server, path, body, params, quoted) -> None:
    response = server.post(path, body, params=params)
    error = assert_error(response, 400)
    for text in (error["error"], error["field"]):
        assert text.isprintable(), text
    if quoted is not None:
        assert error["error"].startswith(quoted + ":") and error["field"] == quoted, error


def _raw(server: Server, request: bytes, then: bytes = b"") -> bytes:
    """Send ``request`` (and then, best effort, ``then``) on a bare socket; the answer's bytes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(request)
        with contextlib.suppress(OSError):  # the server may answer and close without reading the rest
            sock.sendall(then)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data and b'"field"' in data:
                break
        return data


def test_a_declared_body_over_the_limit_is_413_unread(server: Server) -> None:
    head = (b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 2000000\r\n\r\n")
    answer = _raw(server, head)  # not one byte of the body sent: the answer comes anyway
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b'"field"' in answer


def test_a_streamed_body_over_the_limit_is_413(server: Server) -> None:
    head = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    piece = b" " * 65536
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(17))  # 1.06 MiB
    answer = _raw(server, head + chunks, b" " * 4096)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]


#: Bytes a client pushes after an early answer before the test gives up: far more than the
#: kernel's socket buffers on both sides hold, so only a server that reads them takes them all.
PUSHED_BYTES = 64 * 1024 * 1024
_HEAD = b"%s %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: 1073741824\r\n\r\n"
_CHUNKED = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
_CHUNK = b"%x\r\n%s\r\n" % (65536, b" " * 65536)


@pytest.mark.parametrize("head,status", [
    (_HEAD % (b"POST", b"/lint", b"application/json"), 413),
    (_CHUNKED + _CHUNK * 17, 413),  # 1.06 MiB in chunks: refused at the first past the limit
    (_HEAD % (b"POST", b"/lint", b"text/plain"), 415),
    (_HEAD % (b"POST", b"/nope", b"application/json"), 404),
    (_HEAD % (b"POST", b"/health", b"application/json"), 405),
    (_HEAD % (b"GET", b"/health", b"application/json"), 200),  # answered without reading a body it does not use
], ids=["413", "413-chunked", "415", "404", "405", "get-200"])
def test_an_answer_before_the_body_is_read_closes_the_connection(server: Server, head, status) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head)
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(65536)
        assert answer.startswith(b"HTTP/1.1 %d " % status), answer[:200]
        assert b"\r\nconnection: close\r\n" in answer.lower()
        pushed = 0
        with contextlib.suppress(ConnectionError):  # a send on a connection the server has closed
            while pushed < PUSHED_BYTES:  # a server that neither reads nor closes: TimeoutError
                pushed += sock.send(_CHUNK if head.startswith(_CHUNKED) else b" " * 65536)
        assert pushed < PUSHED_BYTES, "the server read the rest of the body"
        with contextlib.suppress(ConnectionResetError):
            while sock.recv(65536):  # the rest of the answer, then the end of the connection
                pass
    assert server.get("/health").status_code == 200


def test_the_limit_is_the_server_s_not_a_client_s(server: Server) -> None:
    from mcp_inspect.limits import SERVE_MAX_BODY_BYTES

    big = {"tools": ONE_TOOL * 10, "pad": "x" * SERVE_MAX_BODY_BYTES}
    assert_error(server.post("/lint", big), 413)
    assert server.post("/lint", {"tools": ONE_TOOL}).status_code == 200


@pytest.mark.parametrize("body,field,words", [
    (b'{"tools": [1}', "body", ["invalid JSON", "line 1"]),
    (b"", "body", ["empty"]),
    (b"\xff\xfe", "body", ["UTF-8"]),
    (b'{"tools": [], "x": NaN}', "body", ["NaN"]),
    (b'{"tools": [{"name": "a", "n": 1e999}]}', "body", ["finite"]),
    (b'{"tools": ["\\ud800"]}', "body", ["surrogate"]),
    (b"[1, 2]", "body", ["object"]),
    (b"tools: []", "body", ["invalid JSON"]),  # YAML is never read from a request
])
def test_malformed_json_is_400(server: Server, body, field, words) -> None:
    with server.client() as client:
        response = client.post("/lint", content=body, headers={"content-type": "application/json"})
    assert_error(response, 400, field, *words)


def test_more_than_1000_tools_is_400(server: Server) -> None:
    from mcp_inspect.limits import SERVE_MAX_TOOLS

    assert SERVE_MAX_TOOLS == 1000
    tools = [{"name": f"t{i}", "inputSchema": {"type": "object"}} for i in range(SERVE_MAX_TOOLS + 1)]
    assert_error(server.post("/lint", {"tools": tools}), 400, "tools", "1,001 tools", "1,000")
    assert_error(server.post("/lint", {"surface": {"tools": tools}}), 400, "surface", "1,000")
    assert_error(server.post("/diff", {"old": ONE_TOOL, "new": tools}), 400, "new", "1,000")
    assert server.post("/lint", {"tools": tools[:1000]}).status_code == 200


@pytest.mark.parametrize("body,field", [
    ({"tools": [ONE_TOOL[0], "echo"]}, "tools"),
    ({"tools": [None]}, "tools"),
    ({"surface": {"tools": [[]]}}, "surface"),
    ({"tools": {"name": "x"}}, "tools"),
])
def test_a_tool_that_is_not_an_object_is_400(server: Server, body, field) -> None:
    assert_error(server.post("/lint", body), 400, field)


def test_a_tool_that_is_not_an_object_is_400_in_a_diff(server: Server) -> None:
    assert_error(server.post("/diff", {"old": ONE_TOOL, "new": [7]}), 400, "new", "new: tools[0] must be an object")


@pytest.mark.parametrize("path,config,field", [
    ("/lint", {"selected": ["SEC"]}, "config.selected"),
    ("/lint", {"lint": {"select": "SEC"}}, "config.lint"),  # the lint endpoint takes the lint section's keys
    ("/lint", {"select": ["SEC-999"]}, "config.select"),
    ("/lint", {"rules": {"NOPE-1": "off"}}, "config.rules.NOPE-1"),
    ("/lint", {"profile": "copilot-x"}, "config.profile"),
    ("/lint", "governance", "config"),
    ("/diff", {"ignores": []}, "config.ignores"),
    ("/diff", {"ignore": [{"rule": "tool.remved"}]}, "config.ignore[0].rule"),
    ("/diff", {"severity_overrides": {"tool.nope": "BREAKING"}}, "config.severity_overrides.tool.nope"),
    ("/diff", {"lint": {"policy": "strict"}}, "config.lint.policy"),
    ("/diff", {"lint": {"rules": {"SEC-999": "off"}}}, "config.lint.rules.SEC-999"),
])
def test_a_bad_config_is_400_naming_the_field(server: Server, path, config, field) -> None:
    body = {"tools": ONE_TOOL} if path == "/lint" else {"old": ONE_TOOL, "new": ONE_TOOL}
    assert_error(server.post(path, {**body, "config": config}), 400, field, field)


@pytest.mark.parametrize("path,config,field", [
    ("/lint", {"llm": {"model": "any"}}, "config.llm"),
    ("/lint", {"llm": False}, "config.llm"),
    ("/diff", {"llm": {"provider": "x"}}, "config.llm"),
    ("/diff", {"lint": {"llm": "on"}}, "config.lint.llm"),
    ("/release-notes", {"llm": None}, "config.llm"),
])
def test_any_llm_setting_is_400(server: Server, path, config, field) -> None:
    body = {"tools": ONE_TOOL} if path == "/lint" else {"old": ONE_TOOL, "new": ONE_TOOL}
    assert_error(server.post(path, {**body, "config": config}), 400, field, "language model")


@pytest.mark.parametrize("spelling", [
    "stdio:touch {marker}", "touch {marker}", "https://127.0.0.1:9/mcp", "http://localhost:9/mcp", "@{marker}",
    "git:HEAD:snapshots/git-2025.7.1.json", "{file}", "-",
])
@pytest.mark.parametrize("where", ["surface", "old", "new"])
def test_a_source_spelling_is_never_acted_on(server: Server, tmp_path, spelling, where) -> None:
    marker = tmp_path / "started"
    surface_file = tmp_path / "surface.json"
    surface_file.write_text(json.dumps(ONE_TOOL), "utf-8")
    value = spelling.format(marker=marker, file=surface_file)
    if where == "surface":
        response = server.post("/lint", {"surface": value})
    else:
        response = server.post("/diff", {"old": ONE_TOOL, "new": ONE_TOOL, where: value})
    assert_error(response, 400, where, "inline")
    assert not marker.exists()


@pytest.mark.parametrize("config", [
    {"mcpServers": {"x": {"command": "touch", "args": ["{marker}"]}}},
    {"servers": {"x": {"type": "stdio", "command": "touch", "args": ["{marker}"]}}},
    {"mcpServers": {"x": {"url": "http://127.0.0.1:9/mcp"}}},
])
def test_an_mcp_json_is_never_started(server: Server, tmp_path, config) -> None:
    marker = tmp_path / "started"
    value = json.loads(json.dumps(config).replace("{marker}", str(marker)))
    assert_error(server.post("/lint", {"surface": value}), 400, "surface", "mcp.json")
    assert_error(server.post("/diff", {"old": value, "new": ONE_TOOL}), 400, "old", "mcp.json")
    assert not marker.exists()


@pytest.mark.parametrize("path,body,field", [
    ("/lint", {"tools": ONE_TOOL, "resources": []}, "resources"),
    ("/lint", {"tools": ONE_TOOL, "surface": ONE_TOOL}, "body"),
    ("/lint", {}, "body"),
    ("/diff", {"old": ONE_TOOL}, "new"),
    ("/diff", {"old": ONE_TOOL, "new": ONE_TOOL, "title": "x"}, "title"),
    ("/release-notes", {"old": ONE_TOOL, "new": ONE_TOOL, "title": 3}, "title"),
    ("/release-notes", {"old": ONE_TOOL, "new": ONE_TOOL, "title": None}, "title"),  # as the document says: a string
    ("/diff", {"old": 3, "new": ONE_TOOL}, "old"),
    ("/diff", {"old": [{"description": "no name"}], "new": ONE_TOOL}, "old"),
])
def test_an_unknown_or_missing_key_is_400(server: Server, path, body, field) -> None:
    assert_error(server.post(path, body), 400, field)


def test_nesting_is_held_to_the_cli_s_limit(server: Server, runner, tmp_path, monkeypatch) -> None:
    from mcp_inspect.limits import MAX_NESTING_DEPTH

    def nested(depth: int) -> list[Any]:  # a tools array whose one tool holds lists down to ``depth`` levels
        inner: Any = []
        for _ in range(depth - 3):
            inner = [inner]
        return [{"name": "deep", "inputSchema": {"type": "object", "default": inner}}]

    from mcp_inspect.cli import app

    monkeypatch.chdir(tmp_path)
    for depth, ok in ((MAX_NESTING_DEPTH, True), (MAX_NESTING_DEPTH + 1, False)):
        (tmp_path / "surface.json").write_text(json.dumps(nested(depth)), "utf-8")
        cli_ok = runner.invoke(app, ["lint", "surface.json", "--format", "json"]).exit_code in (0, 1)
        assert cli_ok is ok, depth
        for form in ("surface", "tools"):  # the same array, as either key of the body
            response = server.post("/lint", {form: nested(depth)})
            assert (response.status_code == 200) is ok, (depth, form, response.text)
            if not ok:
                assert_error(response, 400, None, "nested deeper than the limit of 256 levels")


def test_an_unknown_query_parameter_is_400(server: Server) -> None:
    body = {"old": ONE_TOOL, "new": ONE_TOOL}
    assert_error(server.post("/diff", body, params={"format": "html"}), 400, "format")
    assert_error(server.post("/diff", body, params={"fromat": "markdown"}), 400, "fromat")
    assert_error(server.post("/lint", {"tools": ONE_TOOL}, params={"format": "markdown"}), 400, "format")
    assert_error(server.get("/health", params={"verbose": "1"}), 400, "verbose")


@pytest.mark.parametrize("path", ["/", "/nope", "/health/", "/lint/x", "/rules/SEC-001/x", "/openapi.yaml"])
def test_an_unknown_path_is_404(server: Server, path) -> None:
    assert_error(server.get(path), 404)
    assert_error(server.post(path, {}), 404)


@pytest.mark.parametrize("method,path,allowed", [
    ("GET", "/lint", "POST"), ("PUT", "/diff", "POST"), ("GET", "/release-notes", "POST"),
    ("POST", "/health", "GET"), ("DELETE", "/rules", "GET"), ("POST", "/rules/SEC-001", "GET"),
    ("PATCH", "/openapi.json", "GET"), ("GET", "/validate", "POST"),
])
def test_a_wrong_method_is_405(server: Server, method, path, allowed) -> None:
    with server.client() as client:
        response = client.request(method, path)
    assert_error(response, 405)
    assert allowed in response.headers["allow"]


def test_no_cors_headers(server: Server) -> None:
    origin = {"Origin": "https://evil.example"}
    with server.client() as client:
        answers = [client.options("/lint", headers={**origin, "Access-Control-Request-Method": "POST"}),
                   client.get("/health", headers=origin),
                   client.post("/lint", json={"tools": ONE_TOOL}, headers=origin)]
    for answer in answers:
        assert not [h for h in answer.headers if h.lower().startswith("access-control-")], answer.headers


def test_one_log_line_per_request_and_nothing_of_its_content(server: Server) -> None:
    secret = "s3cr3t-in-the-request"
    server.post("/lint", {"tools": [{**ONE_TOOL[0], "description": secret}]}, params={},
                headers={"Authorization": f"Bearer {secret}", "X-Note": secret})
    server.post("/diff", {"old": ONE_TOOL, "new": ONE_TOOL}, params={"format": "markdown"})
    server.get("/rules/" + secret)
    server.get("/health", params={"q": secret})
    expected = [("POST", "/lint", 200), ("POST", "/diff", 200), ("GET", "/rules/" + secret, 404),
                ("GET", "/health", 400)]
    deadline = time.monotonic() + 10  # a line is written once its answer has gone: it may come a little later
    while [(e["method"], e["path"], e["status"]) for e in server.requests_logged()[-4:]] != expected:
        assert time.monotonic() < deadline, server.requests_logged()[-4:]
        time.sleep(0.02)
    logged = server.requests_logged()[-4:]
    for entry in logged:
        assert set(entry) == {"method", "path", "status", "duration_ms"}
        assert isinstance(entry["duration_ms"], float | int) and entry["duration_ms"] >= 0
    text = server.log_path.read_text("utf-8")
    assert text.count(secret) == 1  # only the path of the rule asked for, never a body, header or query


# --- last: the document against everything the server answered above -----


def _operation(doc: dict[str, Any], method: str, path: str) -> tuple[str | None, dict[str, Any] | None]:
    """The document's path for a requested one (None: not a path it lists), and its operation."""
    template = path if path in doc["paths"] else None
    if template is None and path.startswith("/rules/") and "/" not in path[len("/rules/"):]:
        template = "/rules/{rule_id}"
    if template is None:
        return None, None
    return template, doc["paths"][template].get(method.lower())


def test_openapi_lists_every_status_the_server_gave(server: Server) -> None:
    """Every status the server logged in this file (run whole, every test above) is one the
    document gives for that operation; a path it does not list answers only 404, a method it
    does not list only 405. Each operation is also asked with an unknown query parameter."""
    doc = server.get("/openapi.json").json()
    with server.client() as client:
        for path, operations in doc["paths"].items():
            for method in operations:
                client.request(method, path.replace("{rule_id}", "SEC-001"), params={"token": "abc"})
        client.post("/release-notes", json={"old": ONE_TOOL, "new": ONE_TOOL, "title": None})
        client.get("/health", params={"last": "1"})
    deadline = time.monotonic() + 10  # a line is written once its answer has gone
    while not (logged := server.requests_logged()) or logged[-1]["path"] != "/health" or logged[-1]["status"] != 400:
        assert time.monotonic() < deadline, logged[-3:]
        time.sleep(0.02)
    seen = {(entry["method"], entry["path"], entry["status"]) for entry in logged}
    for method, path, status in sorted(seen):
        template, operation = _operation(doc, method, path)
        if template is None:
            assert status == 404, (method, path, status)
        elif operation is None:
            assert status == 405, (method, path, status)
        else:
            assert str(status) in operation["responses"], (method, template, status)


def test_diff_writes_every_value_in_place_as_the_cli_option_does(server: Server, runner, tmp_path,
                                                                 monkeypatch) -> None:
    """``?full_values=true`` is ``--full-values``; by default a large value is named once."""
    # (The title keeps the union: an object and a string branch alone are one node with the type
    # list since round 17, and the branch lost, a large value, would be a type lost.)
    options = {"type": "object", "title": "Options",
               "properties": {f"option{i}": {"type": "string"} for i in range(80)}}
    old = {"tools": [{"name": f"t{n}", "inputSchema": {"type": "object", "properties": {
        "o": {"anyOf": [options, {"type": "string"}]}}}} for n in range(3)]}
    new = {"tools": [{"name": f"t{n}", "inputSchema": {"type": "object", "properties": {
        "o": {"type": "string"}}}} for n in range(3)]}
    (tmp_path / "old.json").write_text(json.dumps(old), "utf-8")
    (tmp_path / "new.json").write_text(json.dumps(new), "utf-8")
    monkeypatch.chdir(tmp_path)
    body = {"old": old, "new": new}
    for params, flags in (({"full_values": "true"}, ["--full-values"]), ({}, [])):
        response = server.post("/diff", body, params=params)
        assert response.status_code == 200, response.text
        assert response.text == named(cli(runner, "diff", "old.json", "new.json", "--format", "json", *flags))
        assert bool(response.json()["values"]) is not bool(params)
    assert_error(server.post("/diff", body, params={"full_values": "yes"}), 400, "full_values")
