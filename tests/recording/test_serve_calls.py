"""The service's /diff takes recorded calls inline (``calls``), bounded."""

from __future__ import annotations

import json

from mcp_inspect.config.load import Config
from mcp_inspect.serve import inline as service
from mcp_inspect.serve import work
from mcp_inspect.serve.openapi import document
from mcp_inspect.serve.options import ServeOptions

SETUP = work.Setup(Config(), 1000)
OLD = [{"name": "search", "inputSchema": {"type": "object", "properties": {
    "units": {"type": "string", "enum": ["metric", "imperial"]}}}}]
NEW = [{"name": "search", "inputSchema": {"type": "object", "properties": {
    "units": {"type": "string", "enum": ["imperial"]}}}}]
CALLS = [{"tool": "search", "arguments": {"units": "metric"}, "client": "cursor 1.4"},
         {"tool": "search", "arguments": {"units": "imperial"}, "client": "cursor 1.4"}]


def post(body: dict) -> work.Answer:
    return work.answer("diff", json.dumps(body).encode(), {}, SETUP)


def test_diff_replays_inline_calls():
    answer = post({"old": OLD, "new": NEW, "calls": CALLS})
    assert answer.status == 200, answer.body
    report = json.loads(answer.body)
    assert report["summary"]["calls"]["rejected"] == 1
    assert report["summary"]["calls"]["clients"] == {"cursor 1.4": {"recorded": 2, "rejectedByNew": 1}}
    [finding] = report["findings"]
    assert finding["calls"]["rejectedByNew"] == 1
    assert "calls" not in json.loads(post({"old": OLD, "new": NEW}).body)["summary"]


def test_calls_are_bounded_and_checked():
    too_many = post({"old": OLD, "new": NEW, "calls": [CALLS[0]] * (service.MAX_CALLS + 1)})
    assert too_many.status == 400
    assert json.loads(too_many.body) == {"error": "calls: holds 10,001 recorded calls, more than the limit of 10,000",
                                         "field": "calls"}
    wrong = json.loads(post({"old": OLD, "new": NEW, "calls": {"tool": "search"}}).body)
    assert wrong["field"] == "calls"
    item = json.loads(post({"old": OLD, "new": NEW, "calls": ["search"]}).body)
    assert item["field"] == "calls[0]"


def test_the_openapi_document_describes_calls():
    calls = document(ServeOptions(None))["components"]["schemas"]["DiffRequest"]["properties"]["calls"]
    assert calls["maxItems"] == service.MAX_CALLS
