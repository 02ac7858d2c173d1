"""The service's pieces in-process, for the paths a real server cannot be made to take on
purpose: a bug inside a worker's work, and a bug in the application itself. Both must give
a generic 500 whose details go to the log only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcp_inspect import api
from mcp_inspect.config.load import Config
from mcp_inspect.serve import inline as service
from mcp_inspect.serve import work
from mcp_inspect.serve.options import ServeOptions

ONE_TOOL = [{"name": "echo", "inputSchema": {"type": "object"}}]
SETUP = work.Setup(Config(), 1000)


def test_a_bug_in_the_work_is_a_generic_500_with_the_details_for_the_log(monkeypatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("a detail the client must not see")

    monkeypatch.setattr(work.api, "lint", broken)
    answer = work.answer("lint", json.dumps({"tools": ONE_TOOL}).encode(), {}, SETUP)
    assert answer.status == 500
    assert json.loads(answer.body) == {"error": "internal error", "field": None}
    assert answer.detail is not None and "a detail the client must not see" in answer.detail


def test_the_work_answers_what_the_api_renders() -> None:
    answer = work.answer("lint", json.dumps({"tools": ONE_TOOL}).encode(), {}, SETUP)
    report = api.lint(service.surface_from_value({"tools": ONE_TOOL}, "tools", nameless=True))
    assert answer == (200, work.JSON, api.render([report], "json").encode(), None)


class _BrokenPool:
    def attach(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def run(self, *_args: Any) -> Any:
        raise KeyError("a detail the client must not see")


def test_a_bug_in_the_application_is_a_generic_500_with_the_details_for_the_log(capsys) -> None:
    from starlette.testclient import TestClient

    from mcp_inspect.serve.app import create_app
    from mcp_inspect.serve.logs import RequestLog

    app = RequestLog(create_app(ServeOptions(Config(), workers=1), _BrokenPool()))  # type: ignore[arg-type]
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.post("/lint", json={"tools": ONE_TOOL})
    assert response.status_code == 500
    assert response.json() == {"error": "internal error", "field": None}
    log = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [entry["status"] for entry in log if "status" in entry] == [500]
    details = [entry["detail"] for entry in log if entry.get("event") == "internal error"]
    assert len(details) == 1 and "a detail the client must not see" in details[0]


@pytest.mark.parametrize("field,value", [("port", 65536), ("workers", 65), ("timeout", float("inf")),
                                         ("max_body_bytes", 64 * 1024 * 1024 + 1), ("host", "")])
def test_options_out_of_range_are_refused(field, value) -> None:
    from mcp_inspect.errors import InputError

    options = ServeOptions(Config())
    setattr(options, field, value)
    with pytest.raises(InputError):
        options.check()


def test_a_worker_leaves_what_its_warm_up_loaded_out_of_the_cycle_collector() -> None:
    import gc

    work.warm_up()
    try:
        work.settle()
        assert gc.get_freeze_count() > 0
        assert work.answer("lint", json.dumps({"tools": ONE_TOOL}).encode(), {}, SETUP).status == 200
    finally:
        gc.unfreeze()
