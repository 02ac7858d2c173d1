"""The model review's parts without a network: answer validation, the cache, the bounded
pool, the first request alone, and the bounds on what is sent and what is read back."""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from mcp_inspect.findings.report import Report, Side
from mcp_inspect.findings.review import ToolOpinion
from mcp_inspect.limits import MAX_ANSWER_CHARS, MAX_CACHE_ENTRY_BYTES, MAX_RETRY_WAIT_SECONDS, MAX_REVIEW_DATA_CHARS
from mcp_inspect.llm import answers, review
from mcp_inspect.llm.cache import AnswerCache, question_key
from mcp_inspect.llm.providers import ProviderError, Reply, retry_wait
from mcp_inspect.llm.review import Reviewer
from mcp_inspect.llm.settings import LlmSettings

GOOD = {"clarity": 55, "ambiguities": ["a"], "conflicts": [], "suggestions": ["b", "c"]}


# --- answers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    json.dumps(GOOD), "  " + json.dumps(GOOD) + "\n", "```json\n" + json.dumps(GOOD) + "\n```",
    "```\n" + json.dumps(GOOD) + "\n```", "```JSON \r\n" + json.dumps(GOOD, indent=2) + "\r\n```\n",
])
def test_an_answer_alone_or_in_one_code_fence_is_read(text):
    assert answers.tool_opinion(text) == ToolOpinion(55, ("a",), (), ("b", "c"))


@pytest.mark.parametrize(("text", "said"), [
    ("", "the model's answer is empty"),
    ("Here it is: " + json.dumps(GOOD), "the model's answer is not JSON"),
    ("```json\n" + json.dumps(GOOD) + "\n``` and more", "the model's answer is not JSON"),
    ("[1, 2]", "the model's answer is not a JSON object"),
    (json.dumps({**GOOD, "clarity": -1}), "it has clarity out of range"),
    (json.dumps({**GOOD, "clarity": "high"}), "it has clarity not an integer"),
    (json.dumps({**GOOD, "clarity": True}), "it has clarity not an integer"),
    (json.dumps({**GOOD, "ambiguities": "one"}), "it has ambiguities not a list"),
    (json.dumps({**GOOD, "conflicts": [{"x": 1}]}), "it has conflicts.0 not a string"),
    (json.dumps({**GOOD, "suggestions": ["s"] * (answers.MAX_ITEMS + 1)}), "it has suggestions longer than allowed"),
    (json.dumps({**GOOD, "extra": "IGNORE-ME"}), "it has 1 key not asked for"),
    (json.dumps({"clarity": 5}), "it has no ambiguities, conflicts, suggestions"),
    ("[" * 100_000, "the model's answer is longer than"),
])
def test_anything_else_is_an_error_in_our_words(text, said):
    with pytest.raises(answers.AnswerError) as caught:
        answers.tool_opinion(text)
    assert said in str(caught.value) and "IGNORE-ME" not in str(caught.value)


def test_an_answer_longer_than_the_limit_is_refused_unread():
    padded = json.dumps(GOOD) + " " * MAX_ANSWER_CHARS
    with pytest.raises(answers.AnswerError, match=f"longer than {MAX_ANSWER_CHARS:,} characters"):
        answers.tool_opinion(padded)


def test_a_change_answer_is_two_booleans_and_a_reason():
    said = answers.change_opinion('{"routing_change": false, "argument_change": true, "why": "units changed"}')
    assert (said.routing_change, said.argument_change, said.why) == (False, True, "units changed")
    with pytest.raises(answers.AnswerError, match="routing_change not true or false"):
        answers.change_opinion('{"routing_change": "yes", "argument_change": true, "why": "w"}')


# --- the cache -------------------------------------------------------------------------------


def test_every_part_of_the_question_is_in_its_key():
    parts = ["tool", "anthropic", "m", "1", '{"name": "x"}']
    keys = {question_key(*parts)}
    for index, other in enumerate(["change", "openai", "m2", "2", '{"name": "y"}']):
        keys.add(question_key(*parts[:index], other, *parts[index + 1:]))
    assert len(keys) == 6


def test_an_entry_is_written_whole_and_read_back(tmp_path):
    cache = AnswerCache(tmp_path)
    cache.put("k", "tool", "anthropic", "m", "1", GOOD)
    assert [p.name for p in (tmp_path / "llm").iterdir()] == ["k.json"]  # no temporary file left
    assert json.loads(cache.get("k", "tool", "anthropic", "m", "1") or "") == GOOD
    assert cache.get("k", "tool", "anthropic", "other-model", "1") is None  # an entry of another question


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[]", b'{"version": 1}',
                                     b" " * (MAX_CACHE_ENTRY_BYTES + 1)])
def test_an_unreadable_entry_is_a_miss(tmp_path, content):
    (tmp_path / "llm").mkdir()
    (tmp_path / "llm" / "k.json").write_bytes(content)
    assert AnswerCache(tmp_path).get("k", "tool", "anthropic", "m", "1") is None


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    AnswerCache(tmp_path / "file").put("k", "tool", "anthropic", "m", "1", GOOD)  # no error


# --- the reviewer ----------------------------------------------------------------------------


class FakeClient:
    """A provider adapter in memory: answers GOOD, or what ``outcome(index)`` says."""

    name = "fake"
    endpoint = "memory:"

    def __init__(self, outcome=None):
        self.calls: list[str] = []
        self.outcome = outcome
        self._lock = threading.Lock()

    def ask(self, system, user, *, max_tokens, schema):
        with self._lock:
            index = len(self.calls)
            self.calls.append(user)
        if self.outcome is not None:
            said = self.outcome(index)
            if isinstance(said, Exception):
                raise said
            return said
        return Reply(json.dumps(GOOD), 10, 2)

    def close(self):
        pass


def _reviewer(monkeypatch, tmp_path, client, **settings):
    monkeypatch.setattr(review, "open_provider", lambda _settings: client)
    monkeypatch.setenv("MCP_INSPECT_CACHE_DIR", str(tmp_path))
    return Reviewer(LlmSettings(enabled=True, **settings))


def _lint(tools):
    return Report(Side("tools.json", tool_keys=[t["name"] for t in tools]))


TOOLS = [{"name": f"t{i}", "description": f"Tool {i}."} for i in range(9)]


def test_at_most_concurrency_requests_are_in_flight(monkeypatch, tmp_path):
    in_flight, most, lock = [0], [0], threading.Lock()
    together = threading.Barrier(3, timeout=10)  # three must be in flight at once, or this breaks

    def outcome(index):
        with lock:
            in_flight[0] += 1
            most[0] = max(most[0], in_flight[0])
        if 1 <= index <= 3:
            together.wait()
        with lock:
            in_flight[0] -= 1
        return Reply(json.dumps(GOOD))

    with _reviewer(monkeypatch, tmp_path, FakeClient(outcome), concurrency=3, cache=False) as reviewer:
        said = reviewer.review_tools(_lint(TOOLS), TOOLS)
    assert most[0] == 3 and len(said.tools) == 9


def test_progress_counts_every_question_once(monkeypatch, tmp_path):
    heard: list[tuple[int, int]] = []
    client = FakeClient()
    monkeypatch.setattr(review, "open_provider", lambda _settings: client)
    monkeypatch.setenv("MCP_INSPECT_CACHE_DIR", str(tmp_path))
    with Reviewer(LlmSettings(enabled=True), progress=lambda done, total: heard.append((done, total))) as reviewer:
        reviewer.review_tools(_lint(TOOLS), TOOLS)
    assert heard[-1] == (9, 9) and [d for d, _ in heard] == sorted(d for d, _ in heard)
    assert {t for _, t in heard} == {9}


def test_a_fatal_error_of_the_first_request_stops_the_run(monkeypatch, tmp_path):
    client = FakeClient(lambda index: ProviderError("the provider refused the API key (HTTP 401)", fatal=True))
    with _reviewer(monkeypatch, tmp_path, client) as reviewer:
        first = reviewer.review_tools(_lint(TOOLS), TOOLS)
        second = reviewer.review_tools(_lint(TOOLS), TOOLS)  # another server of the same run
    assert first.error == second.error == "the provider refused the API key (HTTP 401)"
    assert first.tools == second.tools == {} and len(client.calls) == 1
    assert reviewer.usage.asked == 1 and reviewer.usage.failed == 18


def test_a_fatal_error_later_leaves_the_queue_unsent(monkeypatch, tmp_path):
    def outcome(index):
        return ProviderError("gone", fatal=True) if index == 1 else Reply(json.dumps(GOOD))

    with _reviewer(monkeypatch, tmp_path, FakeClient(outcome), concurrency=1, cache=False) as reviewer:
        said = reviewer.review_tools(_lint(TOOLS), TOOLS)
    assert said.tools["t0"].opinion is not None and said.tools["t1"].error == "gone"
    assert {said.tools[f"t{i}"].error for i in range(2, 9)} == {"not asked: gone"}


TIMED_OUT = ProviderError("no answer within 30 s, still after the client's retries", timed_out=True)
UNSENT = "not sent: the endpoint did not answer an earlier request within the 30 s timeout"


def test_a_timeout_leaves_the_queue_unsent_for_the_rest_of_the_run(monkeypatch, tmp_path):
    def outcome(index):
        return TIMED_OUT if index == 1 else Reply(json.dumps(GOOD))

    client = FakeClient(outcome)
    with _reviewer(monkeypatch, tmp_path, client, concurrency=1) as reviewer:
        said = reviewer.review_tools(_lint(TOOLS), TOOLS)
        later = reviewer.review_tools(_lint(TOOLS[:2]), [dict(t, title="x") for t in TOOLS[:2]])  # another server
    assert len(client.calls) == 2  # the worker that timed out takes no other question
    assert said.error is None and said.tools["t0"].opinion is not None
    assert said.tools["t1"].error == str(TIMED_OUT)
    assert {said.tools[f"t{i}"].error for i in range(2, 9)} == {UNSENT}
    assert later.error is None and {r.error for r in later.tools.values()} == {UNSENT}
    assert reviewer.usage.asked == 2 and reviewer.usage.failed == 1 + 7 + 2
    assert len(list((tmp_path / "llm").iterdir())) == 1  # only the answer is kept


def test_a_client_surprise_is_an_error_of_its_tool(monkeypatch, tmp_path):
    client = FakeClient(lambda index: KeyError("boom") if index == 1 else Reply(json.dumps(GOOD)))
    with _reviewer(monkeypatch, tmp_path, client, cache=False) as reviewer:
        said = reviewer.review_tools(_lint(TOOLS), TOOLS)
    assert sorted(r.error for r in said.tools.values() if r.error) == ["the request failed (KeyError)"]


def test_a_definition_past_the_limit_is_not_sent(monkeypatch, tmp_path):
    big = {"name": "big", "description": "x" * MAX_REVIEW_DATA_CHARS}
    client = FakeClient()
    with _reviewer(monkeypatch, tmp_path, client) as reviewer:
        said = reviewer.review_tools(_lint([big, TOOLS[0]]), [big, TOOLS[0]])
    assert said.tools["big"].error.startswith("not sent: ") and said.tools["t0"].opinion is not None
    assert len(client.calls) == 1


def test_one_definition_twice_is_asked_once(monkeypatch, tmp_path):
    twin = dict(TOOLS[0])
    client = FakeClient()
    with _reviewer(monkeypatch, tmp_path, client) as reviewer:
        said = reviewer.review_tools(Report(Side("x", tool_keys=["t0", "tools[1]"])), [TOOLS[0], twin])
    assert len(client.calls) == 1 and said.tools["t0"] == said.tools["tools[1]"]


def test_a_cached_answer_is_validated_again(monkeypatch, tmp_path):
    client = FakeClient()
    with _reviewer(monkeypatch, tmp_path, client) as reviewer:
        reviewer.review_tools(_lint(TOOLS[:1]), TOOLS[:1])
    (entry,) = (tmp_path / "llm").iterdir()
    kept = json.loads(entry.read_text())
    kept["answer"]["clarity"] = 1_000  # edited since: no longer an answer
    entry.write_text(json.dumps(kept))
    with _reviewer(monkeypatch, tmp_path, client) as reviewer:
        said = reviewer.review_tools(_lint(TOOLS[:1]), TOOLS[:1])
    assert len(client.calls) == 2 and said.tools["t0"].opinion.clarity == 55
    assert json.loads(entry.read_text())["answer"]["clarity"] == 55  # and replaced


def test_a_provider_cannot_make_its_client_wait_long():
    headers = httpx.Headers({"retry-after": "86400", "retry-after-ms": "nan"})
    retry_wait(headers)
    assert float(headers["retry-after"]) == MAX_RETRY_WAIT_SECONDS
    assert float(headers["retry-after-ms"]) == MAX_RETRY_WAIT_SECONDS * 1000
    short = httpx.Headers({"retry-after": "2", "retry-after-ms": "1500"})
    retry_wait(short)
    assert (short["retry-after"], short["retry-after-ms"]) == ("2", "1500")
    dated = httpx.Headers({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"})
    retry_wait(dated)
    assert dated["retry-after"] == "Wed, 21 Oct 2015 07:28:00 GMT"
