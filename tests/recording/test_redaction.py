"""``--redact KEY`` hides the value of KEY at any depth, inside arrays too, in both proxies'
log (they share the tap) and in the ``redacted`` paths the replay reads back."""

from __future__ import annotations

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st
from test_proxy_closing import INIT, SERVER, Session, call, frame, records

from mcp_inspect.recording.calls import Malformed, parse_lines
from mcp_inspect.recording.log import CallLog, Tap, redact
from mcp_inspect.recording.replay import _stand_in

SECRET = "hunter2-secret"
KEYS = frozenset({"password", "token"})


def test_a_key_inside_an_array_is_redacted_with_its_index_in_the_path():
    arguments = {"items": [{"password": SECRET, "user": "a"}, {"nested": [[{"token": 5}]]}], "password": SECRET}
    out, paths = redact(arguments, KEYS)
    assert SECRET not in json.dumps(out)
    assert out == {"items": [{"password": "string", "user": "a"}, {"nested": [[{"token": "integer"}]]}],
                   "password": "string"}
    assert sorted(paths, key=str) == sorted([["items", 0, "password"], ["items", 1, "nested", 0, 0, "token"],
                                             ["password"]], key=str)


def test_the_stdio_proxy_logs_no_secret_held_in_an_array(tmp_path):
    log = tmp_path / "calls.jsonl"
    session = Session(log, SERVER, frozenset({"password"}))
    session.send(frame(INIT, call(2, "weather", city="Oslo", items=[{"password": SECRET}])))
    session.read_lines(2)
    os.close(session.client_in)
    session.wait()
    text = log.read_text()
    assert SECRET not in text
    assert records(log)[0]["redacted"] == [["items", 0, "password"]]


def test_the_http_proxys_tap_logs_no_secret_held_in_an_array(tmp_path):
    """The HTTP proxy hands each request body to the same tap, per session channel."""
    log = tmp_path / "calls.jsonl"
    tap = Tap(CallLog(str(log)), frozenset({"password"}))
    request = call(7, "login", accounts=[{"password": SECRET}, {"password": SECRET}])
    tap.client_bytes(json.dumps([request]).encode(), "session-1")
    tap.server_bytes(json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"content": []}}).encode(), "session-1")
    tap.close()
    assert SECRET not in log.read_text()
    assert records(log)[0]["redacted"] == [["accounts", 0, "password"], ["accounts", 1, "password"]]


def test_redacted_paths_through_arrays_are_read_back_and_stood_in():
    row = {"tool": "t", "arguments": {"a": [{"password": "string"}]}, "redacted": [["a", 0, "password"]]}
    calls = list(parse_lines([(1, json.dumps(row).encode())], Malformed()))
    assert calls[0].redacted == [["a", 0, "password"]]
    assert _stand_in(calls[0].arguments, calls[0].redacted) == {"a": [{"password": ""}]}


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                      st.text(max_size=5))
json_values = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["password", "token", "a", "b", "items"]), inner, max_size=4),
    max_leaves=30,
)


def _secrets(value, keys, out):
    """Every value held under a key of ``keys``, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in keys:
                out.append(item)
            else:
                _secrets(item, keys, out)
    elif isinstance(value, list):
        for item in value:
            _secrets(item, keys, out)
    return out


def _at(value, path):
    for step in path:
        value = value[step]
    return value


@settings(max_examples=80, deadline=None)
@given(json_values)
def test_no_redacted_key_keeps_its_value_at_any_nesting(value):
    out, paths = redact(value, KEYS)
    # Whatever is left under a redacted key is a JSON type name, and each path names one.
    assert all(s in ("string", "integer", "number", "boolean", "null", "array", "object")
               for s in _secrets(out, KEYS, []))
    assert len(paths) == len(_secrets(value, KEYS, []))
    for path in paths:
        assert path[-1] in KEYS and isinstance(_at(out, path), str)
    # Nothing else changes.
    assert redact(value, frozenset())[0] == value
