"""Input that no server could be blamed for: options and mcp.json entries that cannot be sent or
started are refused up front with exit 2 and one line, before anything runs or is contacted."""

from __future__ import annotations

import json
import math
import sys

import pytest
from capture_helpers import faults_fixture, one_error_line  # noqa: F401 - fixtures

from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.limits import MAX_TIMEOUT_SECONDS
from mcp_inspect.live.client import capture, capture_spec
from mcp_inspect.live.config import server_spec
from mcp_inspect.live.options import CaptureOptions, ServerSpec

# --- 3. --timeout has a ceiling ------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1e10", "1e300", "inf", str(MAX_TIMEOUT_SECONDS + 1)])
def test_a_timeout_above_max_timeout_seconds_is_exit_2(runner, faults, value):
    result = runner.invoke(app, ["snapshot", faults.base + "/legacy", "--timeout", value])
    assert result.exit_code == 2, result.output
    assert "--timeout: at most 86400 seconds (a day); got " in one_error_line(result)
    assert faults.seen == []  # refused before anything was contacted


def test_max_timeout_seconds_itself_is_accepted_and_the_api_checks_it_too():
    CaptureOptions(timeout=MAX_TIMEOUT_SECONDS).check()
    with pytest.raises(InputError, match="at most 86400 seconds"):
        capture("http://127.0.0.1:9/mcp", CaptureOptions(timeout=math.inf))


# --- 4. header names and values ------------------------------------------------------------------


@pytest.mark.parametrize(("header", "fragment"), [
    ("X: a\r\nB: c", "--header: the value of header 'X' holds U+000D"),
    ("X: caf\u00e9", "--header: the value of header 'X' holds U+00E9"),
    ("X: a\x00b", "--header: the value of header 'X' holds U+0000"),
    ("X\x01: a", "is not a valid HTTP header name"),
    ("\u00e9t\u00e9: a", "--header: '\u00e9t\u00e9' is not a valid HTTP header name"),
    ("X(y): a", "is not a valid HTTP header name"),
])
def test_a_header_that_cannot_be_sent_is_exit_2(runner, faults, header, fragment):
    result = runner.invoke(app, ["snapshot", faults.base + "/legacy", "--header", header])
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert fragment in line
    assert "internal error" not in line
    assert faults.seen == []


def test_a_header_with_tabs_and_punctuation_is_sent(faults):
    snap = capture(faults.base + "/legacy", CaptureOptions(headers={"X-Token_1": "a\tb !~"}))
    assert snap.provenance.details["headerNames"] == ["X-Token_1"]
    assert all(s["headers"]["X-Token_1"] == "a\tb !~" for s in faults.seen if "headers" in s)


def test_mcp_json_headers_are_checked(runner, tmp_path, faults):
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"web": {"url": faults.base + "/legacy",
                                                         "headers": {"Authorization": "Bearer a\nInjected: 1"}}}}))
    result = runner.invoke(app, ["snapshot", str(config)])
    assert result.exit_code == 2, result.output
    assert f"{config}: server 'web': 'headers': the value of header 'Authorization' holds U+000A" \
        in one_error_line(result)
    assert faults.seen == []


# --- 5. URLs that urlsplit accepts but httpx or the resolver would not ---------------------------


@pytest.mark.parametrize(("url", "fragment"), [
    ("http://127.0.0.1:8765/x\x01", "Invalid non-printable ASCII character in URL"),
    ("http://127.0.0.1:8765/x\x7f", "Invalid non-printable ASCII character in URL"),
    ("http://" + "a" * 300 + ".example/mcp", "a label of its host name is empty or longer than 63 characters"),
    ("http://a..example/mcp", "a label of its host name is empty or longer than 63 characters"),
])
def test_a_url_that_cannot_be_sent_is_exit_2(runner, url, fragment):
    result = runner.invoke(app, ["snapshot", url, "--timeout", "1"])
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert "not a valid URL" in line and fragment in line


def test_a_mcp_json_url_that_cannot_be_sent_is_exit_2():
    with pytest.raises(InputError, match="not a valid URL"):
        server_spec("web", {"url": "http://127.0.0.1/\x01"}, "mcp.json")


# --- 5b. a --server value that is a URL of another scheme than http(s) ----------------------------


@pytest.mark.parametrize(("value", "scheme"), [
    ("ftp://x/mcp", "ftp"), ("ws://127.0.0.1:9/mcp", "ws"), ("wss://x/mcp --flag", "wss"),
    ("file:///tmp/mcp", "file"), ("svn+ssh://x", "svn+ssh"), ("HTTP://x/mcp", "HTTP"), ("'ftp://x y'", "ftp"),
])
def test_a_server_url_of_another_scheme_is_exit_2(runner, value, scheme):
    result = runner.invoke(app, ["snapshot", "--server", value])
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert line.startswith("mcp-inspect: error: --server '")
    assert line.endswith(f": only http:// and https:// URLs are supported (not {scheme}://); any other value "
                         "is a command line, run over stdio")
    with pytest.raises(InputError, match="only http:// and https:// URLs"):
        capture(value)  # a bare command line through the library too


@pytest.mark.parametrize("value", [
    "no-such-mcp-server-binary --url http://x/mcp", "no-such-mcp-server-binary --ws wss://x",
    "C://no-such-dir/server.exe", "C:\\no-such-dir\\server.exe", "ftp:/x", "ftp//x",
])
def test_only_the_first_word_can_make_a_server_value_a_url(runner, value):
    result = runner.invoke(app, ["snapshot", "--server", value])
    assert result.exit_code == 3, result.output
    assert ": cannot start the server: " in one_error_line(result)


def test_stdio_says_a_command_whatever_it_looks_like(runner):
    result = runner.invoke(app, ["snapshot", "--server", "stdio:ftp://x/mcp"])
    assert result.exit_code == 3, result.output
    assert "stdio:ftp://x/mcp: cannot start the server" in one_error_line(result)


# --- 6. mcp.json entries (and --env) that no process could be started with -----------------------


def entry(**fields: object) -> dict:
    return {"command": sys.executable, "args": ["-c", "pass"], **fields}


@pytest.mark.parametrize(("fields", "fragment"), [
    ({"args": ["-c", "pass", "ok\x00"]}, "argument 3 of the command holds a NUL character"),
    ({"command": "py\x00thon"}, "the command holds a NUL character"),
    ({"env": {"A=B": "x"}}, "'env': 'A=B' is not a valid environment variable name"),
    ({"env": {"A\x00B": "x"}}, "is not a valid environment variable name (it must be non-empty, without '=' or NUL)"),
    ({"env": {"": "x"}}, "'env': '' is not a valid environment variable name"),
    ({"env": {"A": "x\x00y"}}, "'env': the value of 'A' holds a NUL character"),
    ({"cwd": "/nonexistent/mcp-inspect-dir"}, "the working directory '/nonexistent/mcp-inspect-dir' does not exist"),
    ({"cwd": __file__}, "is not a directory"),
])
def test_a_mcp_json_entry_that_cannot_be_started_is_exit_2(runner, tmp_path, fields, fragment):
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"srv": entry(**fields)}}))
    result = runner.invoke(app, ["snapshot", str(config)])
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert line.startswith(f"mcp-inspect: error: {config}: server 'srv': ")
    assert fragment in line
    assert "not found in" not in line


def test_an_env_option_with_a_nul_is_exit_2(runner):
    result = runner.invoke(app, ["snapshot", f"stdio:{sys.executable} -c pass", "--env", "A=x\x00y"])
    assert result.exit_code == 2, result.output
    assert "--env: the value of 'A' holds a NUL character" in one_error_line(result)


def test_a_spec_built_through_the_api_is_checked_before_it_starts():
    spec = ServerSpec("stdio", command=[sys.executable, "-c", "pass"], cwd="/nonexistent/mcp-inspect-dir")
    with pytest.raises(InputError, match="src: the working directory '/nonexistent/mcp-inspect-dir' does not exist"):
        capture_spec(spec, CaptureOptions(), "src")


def test_header_values_lose_their_optional_whitespace_and_never_show(tmp_path):
    from mcp_inspect.errors import InputError
    from mcp_inspect.live.config import server_spec
    from mcp_inspect.live.options import ServerSpec, check_spec

    spec = server_spec("s", {"url": "http://127.0.0.1:1/mcp", "headers": {"Authorization": " Bearer abc \t"}}, "m")
    assert spec.headers == {"Authorization": "Bearer abc"}  # "Bearer ${TOKEN}" with TOKEN unset: "Bearer"
    built = ServerSpec("http", url="http://127.0.0.1:1/mcp", headers={"Authorization": "Bearer secret-value "})
    try:
        check_spec(built, "api")
    except InputError as error:
        assert "starts or ends with a space" in str(error) and "secret-value" not in str(error)
    else:
        raise AssertionError("a header value with a trailing space was accepted")
