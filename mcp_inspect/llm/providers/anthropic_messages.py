"""Anthropic's Messages API through the official ``anthropic`` client.

The instructions go in ``system``, the data in the one user message. No sampling
parameters are sent: the current Haiku models refuse them. The client retries 408, 409,
429 and 5xx answers and connection failures twice, honouring Retry-After (cut to
MAX_RETRY_WAIT_SECONDS here); its errors become ProviderErrors.
"""

from __future__ import annotations

from typing import Any

import anthropic

from ..settings import LlmSettings
from . import ProviderError, Reply, client_errors, retry_wait, usage


class AnthropicMessages:
    name = "anthropic"

    def __init__(self, settings: LlmSettings, key: str | None, endpoint: str) -> None:
        self.endpoint = endpoint
        self._model = settings.model_name
        self._timeout = settings.timeout
        http = anthropic.DefaultHttpxClient(event_hooks={"response": [lambda response: retry_wait(response.headers)]})
        self._client = anthropic.Anthropic(api_key=key, base_url=endpoint, timeout=settings.timeout,
                                           http_client=http)

    def ask(self, system: str, user: str, *, max_tokens: int, schema: dict[str, Any]) -> Reply:
        with client_errors(anthropic, self._timeout, self.endpoint):
            message = self._client.messages.create(
                model=self._model, max_tokens=max_tokens, system=system,
                messages=[{"role": "user", "content": user}])
        blocks = getattr(message, "content", None)
        if not isinstance(blocks, list):
            raise ProviderError("the provider's response is not a Messages API answer")
        text = "".join(block.text for block in blocks
                       if getattr(block, "type", None) == "text" and isinstance(getattr(block, "text", None), str))
        reported = getattr(message, "usage", None)
        return Reply(text, usage(getattr(reported, "input_tokens", None)),
                     usage(getattr(reported, "output_tokens", None)),
                     truncated=getattr(message, "stop_reason", None) == "max_tokens",
                     refused=getattr(message, "stop_reason", None) == "refusal")

    def close(self) -> None:
        self._client.close()


def open_adapter(settings: LlmSettings, key: str | None, endpoint: str) -> AnthropicMessages:
    return AnthropicMessages(settings, key, endpoint)
