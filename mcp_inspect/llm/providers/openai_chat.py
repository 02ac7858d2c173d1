"""OpenAI's Chat Completions API through the official ``openai`` client.

The instructions are the system message, the data the user message; JSON mode
(``response_format``) asks for one object. No sampling parameters are sent: reasoning
models refuse them. The token budget is four times the answer's, because a reasoning
model spends part of it before answering. The client retries 408, 409, 429 and 5xx
answers and connection failures twice, honouring Retry-After (cut to
MAX_RETRY_WAIT_SECONDS here); its errors become ProviderErrors.
"""

from __future__ import annotations

from typing import Any

import openai

from ..settings import LlmSettings
from . import ProviderError, Reply, client_errors, retry_wait, usage

#: The completion's budget over the answer's: room for the reasoning a model does first.
REASONING_ROOM = 4


class OpenAIChat:
    name = "openai"

    def __init__(self, settings: LlmSettings, key: str | None, endpoint: str) -> None:
        self.endpoint = endpoint
        self._model = settings.model_name
        self._timeout = settings.timeout
        http = openai.DefaultHttpxClient(event_hooks={"response": [lambda response: retry_wait(response.headers)]})
        self._client = openai.OpenAI(api_key=key, base_url=endpoint, timeout=settings.timeout, http_client=http)

    def ask(self, system: str, user: str, *, max_tokens: int, schema: dict[str, Any]) -> Reply:
        with client_errors(openai, self._timeout, self.endpoint):
            completion = self._client.chat.completions.create(
                model=self._model,
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                max_completion_tokens=max_tokens * REASONING_ROOM,
                response_format={"type": "json_object"})
        choices = getattr(completion, "choices", None)
        if not isinstance(choices, list) or not choices:
            raise ProviderError("the provider's response is not a Chat Completions answer")
        message = getattr(choices[0], "message", None)
        text = getattr(message, "content", None)
        reported = getattr(completion, "usage", None)
        return Reply(text if isinstance(text, str) else "", usage(getattr(reported, "prompt_tokens", None)),
                     usage(getattr(reported, "completion_tokens", None)),
                     truncated=getattr(choices[0], "finish_reason", None) == "length",
                     refused=bool(getattr(message, "refusal", None)))

    def close(self) -> None:
        self._client.close()


def open_adapter(settings: LlmSettings, key: str | None, endpoint: str) -> OpenAIChat:
    return OpenAIChat(settings, key, endpoint)
