"""The service against hostile clients (issue 28): patterns built to backtrack, numbers in
the wrong spelling, request smuggling, one client holding every slot, abandoned work, a
server killed with SIGKILL, secrets in the log."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import Server, running_server

#: The issue's pattern and its kin (nested quantifiers, overlapping alternatives).
HOSTILE = ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*$", "((a+)+)+b", "^(a|a?)+$"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("hostile"), "--workers", "2") as running:
        yield running


@pytest.mark.parametrize("pattern", HOSTILE)
def test_a_pattern_built_to_backtrack_is_answered_at_once(server: Server, pattern: str) -> None:
    body = {"tools": [{"name": "t", "inputSchema": {"type": "object", "patternProperties": {pattern: {}},
                                                    "required": ["a" * 48 + "!"]}}]}
    started = time.perf_counter()
    response = server.post("/lint", body)
    assert response.status_code == 200
    assert time.perf_counter() - started < 1.0
    # Run, not skipped: a pattern that cannot match the name leaves it undeclared (MCP-008).
    found = any(f["code"] == "MCP-008" for f in response.json()["findings"])
    assert found is (pattern in ("(a+)+$", "(a|aa)+$", "((a+)+)+b", "^(a|a?)+$"))
