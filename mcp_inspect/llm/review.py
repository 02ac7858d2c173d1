"""The model review of a report: ask, in a bounded pool, what the cache does not know.

``Reviewer`` serves one run (every report of it, each server of an mcp.json): one client,
one cache, one count of requests and tokens. For each report it builds the questions (one
per tool definition for a lint, one per changed description for a diff), answers what it
can from the cache, and asks the rest: the first request of the run alone, so that a
missing key or an unreachable endpoint is found once and said once (``ModelReview.error``)
rather than for every tool, then the others at most ``concurrency`` at a time. A request
that times out (after the client's retries) stops the asking as well: an endpoint that
accepts connections but never answers would otherwise hold the run for one timeout per
question; what had not started by then is left unsent, each with an error saying why. Every
failure ends as an error string beside the tool or change it concerns; none escapes,
because nothing here may cost the report its static results. The answers go to
``Report.llm``, which nothing that decides the gate reads.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.review import ChangeReview, ModelReview, ToolReview
from ..limits import MAX_REVIEW_DATA_CHARS
from ..model import EntityKind
from . import answers, prompts
from .cache import AnswerCache, cache_root, question_key
from .providers import Provider, ProviderError, Reply, endpoint, open_provider
from .settings import LlmSettings

#: The change rules whose findings a diff's review asks about: a description a model reads
#: to choose a tool (or prompt) and its arguments. Titles, output schemas, resources and the
#: server's instructions are left out: the question asked would not fit them.
REVIEWED_RULES = frozenset({"tool.description.changed", "tool.input.description.changed",
                            "prompt.description.changed", "prompt.argument.description.changed"})

TOOL, CHANGE = "tool", "change"

Progress = Callable[[int, int], None]


@dataclass
class Usage:
    """What a run cost: requests sent, answers the cache gave, and tokens where reported."""

    asked: int = 0
    cached: int = 0
    failed: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    #: At least one answer came with token counts.
    tokens_reported: bool = False


@dataclass(frozen=True)
class _Unsent:
    """A question a worker did not send because the run had stopped asking: its error."""

    error: str


@dataclass
class _Question:
    data: str
    #: The tools (their keys) or changes (finding ids) this question answers for.
    keys: list[str]


class Reviewer:
    """The model review of one run; use as a context manager (it closes the client)."""

    def __init__(self, settings: LlmSettings, *, progress: Progress | None = None) -> None:
        self.settings = settings
        self.usage = Usage()
        self.endpoint = endpoint(settings)
        self._progress = progress
        self._cache = AnswerCache(cache_root()) if settings.cache else None
        self._provider: Provider | None = None
        #: The run-wide failure, once one happened: nothing more is asked.
        self._fatal: str | None = None
        #: Set once a request timed out: nothing more is sent, and this is the error of
        #: every question left unsent (the timed-out requests keep their own).
        self._stalled: str | None = None
        #: Guards the two above, which the pool's workers set.
        self._stop_lock = threading.Lock()
        self._probed = False

    def __enter__(self) -> Reviewer:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._provider is not None:
            with contextlib.suppress(Exception):  # closing a client is never worth failing a run for
                self._provider.close()
            self._provider = None

    @property
    def error(self) -> str | None:
        """The run-wide failure, if one stopped the review."""
        return self._fatal

    # --- what is asked ----------------------------------------------------------------------

    def review_tools(self, report: Report, tools: list[Any]) -> ModelReview:
        """Ask about every tool definition of a lint report's surface; sets ``report.llm``."""
        objects = [tool for tool in tools if isinstance(tool, dict)]
        keys = report.new.tool_keys if report.new.tool_keys is not None else [
            str(t.get("name")) for t in objects]
        questions: dict[str, _Question] = {}
        for key, tool in zip(keys, objects, strict=False):
            data = prompts.data_block(tool)
            questions.setdefault(data, _Question(data, [])).keys.append(key)
        review = self._review(TOOL, list(questions.values()))
        report.llm = review
        return review

    def review_changes(self, report: Report) -> ModelReview:
        """Ask about every changed description of a diff report (active findings of
        REVIEWED_RULES); sets ``report.llm``."""
        questions: dict[str, _Question] = {}
        for finding in report.changes:
            if _reviewed(finding):
                data = prompts.data_block(prompts.change_data(finding.entity.kind.value, finding.entity.name,
                                                              finding.path, finding.before, finding.after))
                questions.setdefault(data, _Question(data, [])).keys.append(finding.id)
        review = self._review(CHANGE, list(questions.values()))
        report.llm = review
        return review

    # --- how ------------------------------------------------------------------------------

    def _review(self, kind: str, questions: list[_Question]) -> ModelReview:
        review = ModelReview(self.settings.provider, self.settings.model_name, prompts.PROMPT_VERSION)
        total, done = len(questions), 0
        pending: list[_Question] = []
        for question in questions:
            if len(question.data) > MAX_REVIEW_DATA_CHARS:
                self._record(review, kind, question, error=(
                    f"not sent: {len(question.data):,} characters of JSON, more than the "
                    f"{MAX_REVIEW_DATA_CHARS:,} a review sends"))
                done += 1
            elif self._from_cache(review, kind, question):
                done += 1
            else:
                pending.append(question)
        self._tell(done, total)
        if not pending:
            return review
        if self._fatal is None and self._provider is None:
            try:
                self._provider = open_provider(self.settings)
            except ProviderError as error:
                self._fatal = str(error)
            except Exception as error:  # noqa: BLE001 - a client that refuses its settings
                self._fatal = f"the {self.settings.provider} client could not be set up ({type(error).__name__})"
        if self._fatal is not None:
            self.usage.failed += len(pending)
            review.error = self._fatal
            return review
        if not self._probed:  # the run's first request, alone: a dead endpoint is found once
            self._probed = True
            first = pending.pop(0)
            outcome = self._attempt(kind, first)
            if isinstance(outcome, ProviderError) and outcome.fatal:  # said once, for the whole review
                self.usage.asked += 1
                self.usage.failed += 1 + len(pending)
                review.error = str(outcome)
                return review
            assert not isinstance(outcome, _Unsent)  # nothing stops the asking before its first request
            self._settle(review, kind, first, outcome)
            done += 1
            self._tell(done, total)
        if self._stalled is not None:  # a timeout, of the first request or in an earlier report
            for question in pending:
                self._record(review, kind, question, error=self._stalled)
            self._tell(total, total)
            return review
        with ThreadPoolExecutor(max_workers=self.settings.concurrency, thread_name_prefix="mcp-inspect-llm") as pool:
            futures: dict[Future[Reply | ProviderError | _Unsent], _Question] = {
                pool.submit(self._attempt, kind, question): question for question in pending}
            try:
                for future in as_completed(futures):
                    if future.cancelled():  # left unsent once the asking stopped: recorded below
                        continue
                    outcome = future.result()
                    if isinstance(outcome, _Unsent):  # a worker took it after the asking stopped
                        self._record(review, kind, futures[future], error=outcome.error)
                    else:
                        self._settle(review, kind, futures[future], outcome)
                    done += 1
                    self._tell(done, total)
                    if self._unsent_error() is not None:  # stop sending what is still queued
                        for other in futures:
                            other.cancel()
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            for future, question in futures.items():
                if future.cancelled():
                    self._record(review, kind, question, error=self._unsent_error() or "not sent")
        return review

    def _unsent_error(self) -> str | None:
        """The error of a question left unsent, once the run has stopped asking."""
        with self._stop_lock:
            if self._fatal is not None:
                return f"not asked: {self._fatal}"
            return self._stalled

    def _stop_asking(self, error: ProviderError) -> None:
        """Stop the run's asking after a fatal error or a timeout (the first one says why)."""
        with self._stop_lock:
            if error.fatal and self._fatal is None:
                self._fatal = str(error)
            elif error.timed_out and self._stalled is None:
                self._stalled = (f"not sent: the endpoint did not answer an earlier request within the "
                                 f"{self.settings.timeout:g} s timeout")

    def _attempt(self, kind: str, question: _Question) -> Reply | ProviderError | _Unsent:
        """One request (in a worker thread): the reply, or the error as a value; nothing is
        sent once the run has stopped asking (a worker can take a question from the queue
        before the loop that collects the answers cancels it)."""
        assert self._provider is not None
        stopped = self._unsent_error()
        if stopped is not None:
            return _Unsent(stopped)
        system, user, budget, schema = (
            (prompts.TOOL_SYSTEM, prompts.tool_message(question.data), prompts.TOOL_ANSWER_TOKENS,
             answers.TOOL_ANSWER_SCHEMA) if kind == TOOL else
            (prompts.CHANGE_SYSTEM, prompts.change_message(question.data), prompts.CHANGE_ANSWER_TOKENS,
             answers.CHANGE_ANSWER_SCHEMA))
        try:
            return self._provider.ask(system, user, max_tokens=budget, schema=schema)
        except ProviderError as error:
            self._stop_asking(error)
            return error
        except Exception as error:  # noqa: BLE001 - a client's surprise must not cost the report
            return ProviderError(f"the request failed ({type(error).__name__})")

    def _settle(self, review: ModelReview, kind: str, question: _Question, outcome: Reply | ProviderError) -> None:
        """Record one request's outcome: its opinion (kept in the cache), or its error."""
        self.usage.asked += 1
        if isinstance(outcome, ProviderError):
            self._record(review, kind, question, error=str(outcome))
            return
        if outcome.input_tokens is not None or outcome.output_tokens is not None:
            self.usage.tokens_reported = True
            self.usage.input_tokens += outcome.input_tokens or 0
            self.usage.output_tokens += outcome.output_tokens or 0
        if outcome.refused:
            self._record(review, kind, question, error="the model declined to answer")
            return
        try:
            opinion = _opinion(kind, outcome.text)
        except answers.AnswerError as error:
            cut = " (it was cut at the token limit)" if outcome.truncated else ""
            self._record(review, kind, question, error=f"{error}{cut}")
            return
        self._record(review, kind, question, opinion=opinion)
        if self._cache is not None:
            value = (answers.tool_answer_value(opinion) if kind == TOOL else answers.change_answer_value(opinion))
            self._cache.put(self._key(kind, question), kind, self.settings.provider, self.settings.model_name,
                            prompts.PROMPT_VERSION, value)

    def _from_cache(self, review: ModelReview, kind: str, question: _Question) -> bool:
        if self._cache is None:
            return False
        text = self._cache.get(self._key(kind, question), kind, self.settings.provider, self.settings.model_name,
                               prompts.PROMPT_VERSION)
        if text is None:
            return False
        try:
            opinion = _opinion(kind, text)  # validated again: the file may have been edited
        except answers.AnswerError:
            return False
        self.usage.cached += 1
        self._record(review, kind, question, opinion=opinion)
        return True

    def _key(self, kind: str, question: _Question) -> str:
        return question_key(kind, self.settings.provider, self.settings.model_name, prompts.PROMPT_VERSION,
                            question.data)

    def _record(self, review: ModelReview, kind: str, question: _Question, *, opinion: Any = None,
                error: str | None = None) -> None:
        if error is not None:
            self.usage.failed += 1
        for key in question.keys:
            if kind == TOOL:
                review.tools[key] = ToolReview(opinion, error)
            else:
                review.changes[key] = ChangeReview(opinion, error)

    def _tell(self, done: int, total: int) -> None:
        if self._progress is not None and total:
            self._progress(done, total)


def _opinion(kind: str, text: str) -> Any:
    return answers.tool_opinion(text) if kind == TOOL else answers.change_opinion(text)


def _reviewed(finding: Finding) -> bool:
    """A change the diff's review asks about: an active finding of REVIEWED_RULES on a tool
    or prompt whose two sides are text (or absent)."""
    return (finding.rule in REVIEWED_RULES and not finding.ignored
            and finding.entity.kind in (EntityKind.TOOL, EntityKind.PROMPT)
            and isinstance(finding.before, str | None) and isinstance(finding.after, str | None)
            and not (finding.before is None and finding.after is None))


def summary_line(reviewer: Reviewer) -> str:
    """What the run cost, for stderr (never the report): requests, cache hits, failures, tokens."""
    usage = reviewer.usage
    said = f"{usage.asked:,} request{'s' if usage.asked != 1 else ''} to {reviewer.endpoint}"
    if usage.cached:
        said += f", {usage.cached:,} answer{'s' if usage.cached != 1 else ''} from the cache"
    if usage.failed:
        said += f", {usage.failed:,} without an answer"
    if usage.tokens_reported:
        said += f"; {usage.input_tokens:,} tokens in, {usage.output_tokens:,} out"
    elif usage.asked:
        said += "; the provider reported no token counts"
    return f"model review ({reviewer.settings.provider} {reviewer.settings.model_name}): {said}"

