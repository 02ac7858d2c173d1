"""Values that parse but that no later step could carry: lone UTF-16 surrogates and
integers longer than Python will convert. Each is refused at the reader with exit 2 and
one line, never an internal error from whichever step first tried to encode it."""

from __future__ import annotations

import json
import sys

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.live.jsonrpc import CaptureError, parse
from mcp_inspect.snapshot import reader, store, yaml_reader


def write_bytes(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def assert_one_line_error(result, name: str, *fragments: str) -> str:
    """Exit 2 and exactly one ``mcp-inspect: error:`` line, naming ``name`` and holding ``fragments``."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"mcp-inspect: error: {name}: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]

TOOL = '{{"tools": [{{"name": "a", "description": "{}", "inputSchema": {{"type": "object"}}}}]}}'


@pytest.mark.parametrize("command", [["snapshot"], ["lint"], ["diff", "SELF"], ["diff", "--format", "json", "SELF"]])
@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\uDBFF", "\\ud83dx"])
def test_lone_surrogate_escape_in_json_is_refused(tmp_path, runner, command, escape):
    text = TOOL.format(escape)
    path = write_bytes(tmp_path, "s.json", text)
    args = [str(path) if part == "SELF" else part for part in command]
    # The escape is quoted as the file holds it (hostile trial, round 22: the one-line writer's
    # escaping showed it as \\ud800, a backslash the file does not hold).
    line = assert_one_line_error(runner.invoke(app, [*args, str(path)]), str(path),
                                 f"line 1 column {text.index(escape) + 1}: {escape[:6]} is half", "not Unicode text")
    assert "internal error" not in line and "\\\\" not in line


def test_only_the_quoted_escape_is_shown_verbatim(tmp_path, runner):
    """Hostile trial, round 22: the quote of the lone half is shown as the file holds it, while
    the file name keeps its backslash before u doubled, as every input's text does, so that it is
    not read as the invisible character \\u200b."""
    folder = tmp_path / "a\\u200b"
    folder.mkdir()
    path = write_bytes(folder, "s.json", TOOL.format("\\ud800"))
    line = assert_one_line_error(runner.invoke(app, ["lint", str(path)]), str(path).replace("\\", "\\\\"))
    assert "a\\\\u200b" in line and ": \\ud800 is half" in line


def test_the_position_is_that_of_the_lone_half(tmp_path, runner):
    text = '{\n  "tools": [\n    {"name": "ok \\ud83d\\ude00", "description": "\\ude00"}\n  ]\n}\n'
    path = write_bytes(tmp_path, "s.json", text)
    column = text.splitlines()[2].rindex("\\ude00") + 1  # the second \ude00: the first has its high half
    assert_one_line_error(runner.invoke(app, ["snapshot", str(path)]), str(path), f"line 3 column {column}:")


@pytest.mark.parametrize("text", [
    "\\ud83d\\ude00",  # an emoji as ASCII-only writers spell it
    "\\uD83D\\uDE00",
    "\\\\ud800",  # an escaped backslash, then the letters ud800
    "\\u00e9 \\u2028",
])
def test_escapes_that_are_text_are_accepted(tmp_path, runner, text):
    path = write_bytes(tmp_path, "s.json", TOOL.format(text))
    result = runner.invoke(app, ["snapshot", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"][0]["description"] == json.loads(f'"{text}"')


@pytest.mark.parametrize("text", ['tools:\n  - name: "a\\ud800"\n', 'tools:\n  - name: a\n    "\\udc00": 1\n'],
                         ids=["value", "key"])
def test_lone_surrogate_in_yaml_is_refused(tmp_path, runner, text):
    # libyaml refuses any surrogate escape as it scans; PyYAML's own scanner passes them on
    # and check_plain_json refuses a lone one. One line either way.
    path = write_bytes(tmp_path, "s.yaml", text)
    line = assert_one_line_error(runner.invoke(app, ["lint", str(path)]), str(path))
    assert "lone UTF-16 surrogate" in line or "invalid Unicode character escape" in line


def test_lone_surrogate_from_a_live_server_is_refused():
    with pytest.raises(CaptureError, match="lone UTF-16 surrogate"):
        parse('{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "\\ud800"}]}}', "the tools/list response")


def test_lone_surrogate_in_the_store_index_is_refused(tmp_path):
    (tmp_path / "index.json").write_text('{"version": 1, "names": {"\\ud800": {}}}', encoding="utf-8")
    with pytest.raises(InputError, match="lone UTF-16 surrogate"):
        store.read_index(tmp_path)


@pytest.mark.parametrize(("name", "text"), [
    ("n.json", '{"tools": [{"name": "a", "inputSchema": {"maximum": 1DIGITS}}]}'),
    ("n.yaml", "tools:\n  - name: a\n    inputSchema: {maximum: 1DIGITS}\n"),
])
def test_integer_past_pythons_digit_limit_is_refused(tmp_path, runner, name, text):
    digits = "0" * sys.get_int_max_str_digits()
    path = write_bytes(tmp_path, name, text.replace("DIGITS", digits))
    line = assert_one_line_error(runner.invoke(app, ["lint", str(path)]), str(path),
                                 f"an integer has more than {sys.get_int_max_str_digits()} digits")
    assert "set_int_max_str_digits" not in line  # a Python setting is no help to whoever fixes the file


def test_integer_at_the_digit_limit_is_accepted(tmp_path, runner):
    digits = "9" * sys.get_int_max_str_digits()
    path = write_bytes(tmp_path, "n.json", TOOL.format("x").replace('"object"}', f'"object", "maximum": {digits}}}'))
    result = runner.invoke(app, ["diff", "--format", "json", str(path), str(path)])
    assert result.exit_code == 0, result.output


# What a writer that escapes everything outside ASCII makes of strings built from these
# pieces: both halves of pairs, lone halves, backslashes and the letters of an escape.
_PIECES = ["a", "\\", "u", "d", "8", "0", "\ud800", "\udbff", "\udc00", "\udfff", "\U0001f600", "\u00e9", '"']


@given(st.lists(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join), max_size=4),
       st.sampled_from([None, 2]))
def test_the_text_check_agrees_with_the_parsed_strings(strings, indent):
    text = json.dumps({"s": strings}, ensure_ascii=True, indent=indent)
    parsed = json.loads(text)["s"]
    lone = any(0xD800 <= ord(c) <= 0xDFFF for s in parsed for c in s)
    at = reader.lone_surrogate_at(text)
    assert (at is not None) == lone
    if at is not None:  # it points at an escape of a surrogate
        assert text[at:at + 3].lower() == "\\ud" and text[at + 3].lower() in "89abcdef"


def test_yaml_surrogate_pair_escape_is_one_character_or_refused(tmp_path, runner):
    """Where a YAML scanner passes the halves of "\\ud83d\\ude00" on as two code points (PyYAML's
    own), the loader joins them, as JSON readers do; libyaml refuses the escape in one line."""
    halves = yaml.ScalarNode("tag:yaml.org,2002:str", "a \ud83d\ude00")
    assert yaml_reader._BoundedSafeLoader("").construct_yaml_str(halves) == "a \U0001f600"
    path = write_bytes(tmp_path, "e.yaml", 'tools:\n  - name: "a \\ud83d\\ude00"\n    "\\ud83d\\ude00": 1\n')
    result = runner.invoke(app, ["snapshot", str(path)])
    if yaml.__with_libyaml__:
        assert_one_line_error(result, str(path), "invalid Unicode character escape")
    else:
        tool = json.loads(result.stdout)["tools"][0]
        assert tool["name"] == "a \U0001f600" and tool["\U0001f600"] == 1


@pytest.mark.parametrize(("spelling", "refused"), [
    ("0x" + "f" * 5000, True),  # past the limit as written
    ("0x" + "f" * 4000, True),  # within it as written, past it in decimal (PyYAML converts it itself)
    ("0x" + "f" * 3000, False),
])
def test_yaml_integer_spellings_past_the_digit_limit_are_refused(tmp_path, runner, spelling, refused):
    path = write_bytes(tmp_path, "n.yaml", f"tools:\n  - name: a\n    x: {spelling}\n")
    result = runner.invoke(app, ["snapshot", str(path)])
    if refused:
        assert_one_line_error(result, str(path), f"an integer has more than {sys.get_int_max_str_digits()} digits")
    else:
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("colons", [1000, 20_000])
def test_a_base_60_integer_is_refused_before_it_is_converted(tmp_path, runner, colons):
    """Base 60: PyYAML's conversion is quadratic in the length. YAML 1.2 reads the spelling as
    a string, or refuses it under ``!!int``, so plain or tagged it is refused as read two ways
    (test_bad_input), before anything is converted."""
    for spelling in ("1" + ":59" * colons, "!!int 1" + ":59" * colons):
        path = write_bytes(tmp_path, "n.yaml", f"tools:\n  - name: a\n    x: {spelling}\n")
        assert_one_line_error(runner.invoke(app, ["snapshot", str(path)]), str(path),
                              "reads as an integer in YAML 1.1")


def test_the_plain_json_check_refuses_an_integer_python_would_not_write_out():
    digits = sys.get_int_max_str_digits()
    reader.check_plain_json({"x": [10 ** digits - 1, -(10 ** digits - 1), True]}, "x")
    for value in (10 ** digits, -(10 ** digits)):
        with pytest.raises(InputError, match=f"x: an integer has more than {digits} digits"):
            reader.check_plain_json({"x": [value]}, "x")


def test_exclusive_bounds_too_large_to_fold_are_kept_as_written(tmp_path, runner):
    """Folding exclusiveMinimum: n into minimum: n + 1 could take a 4,300-digit bound past the
    digit limit; bounds beyond 2**53 are no integers a JSON reader can step through anyway."""
    nines = "9" * sys.get_int_max_str_digits()
    text = ('{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", '
            f'"exclusiveMinimum": {nines}, "exclusiveMaximum": -{nines}}}}}}}}}]}}')
    path = write_bytes(tmp_path, "b.json", text)
    for args in (["snapshot", str(path)], ["diff", "--format", "json", str(path), str(path)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
