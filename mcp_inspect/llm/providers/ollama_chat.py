"""Ollama's chat API through the official ``ollama`` client.

The instructions are the system message, the data the user message; the answer's JSON
schema goes in ``format``, which makes Ollama constrain the model's output to it, and the
temperature is 0. Ollama's client does not retry, so this adapter retries a 408, 429 or
5xx answer twice, as the other providers' clients do (half a second, then one); a refused
connection or a timeout is not retried: a local server that is down or busy stays so for
longer than that.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import ollama

from ..settings import LlmSettings
from . import ProviderError, Reply, status_error, usage

RETRIES = 2
_RETRIED = frozenset({408, 429, 500, 502, 503, 504})
_FIRST_WAIT = 0.5


class OllamaChat:
    name = "ollama"

    def __init__(self, settings: LlmSettings, key: str | None, endpoint: str) -> None:
        self.endpoint = endpoint
        self._model = settings.model_name
        self._timeout = settings.timeout
        self._client = ollama.Client(host=endpoint, timeout=settings.timeout)

    def ask(self, system: str, user: str, *, max_tokens: int, schema: dict[str, Any]) -> Reply:
        for attempt in range(RETRIES + 1):
            try:
                response = self._client.chat(
                    model=self._model,
                    messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                    format=schema, options={"temperature": 0, "num_predict": max_tokens}, stream=False)
                break
            except ollama.ResponseError as error:
                if error.status_code in _RETRIED and attempt < RETRIES:
                    time.sleep(_FIRST_WAIT * 2 ** attempt)
                    continue
                if error.status_code < 100:
                    raise ProviderError("the provider reported an error") from None
                raise status_error(error.status_code) from None
            except httpx.TimeoutException:
                raise ProviderError(f"no answer within {self._timeout:g} s", timed_out=True) from None
            except ConnectionError:  # the client's name for a refused connection
                raise ProviderError(f"cannot reach the provider at {self.endpoint}", fatal=True) from None
            except httpx.HTTPError:
                raise ProviderError(f"the connection to the provider at {self.endpoint} failed") from None
            except ValueError:  # a body that is not JSON, or not the shape of a chat answer
                raise ProviderError("the provider's response is not an Ollama chat answer") from None
        message = getattr(response, "message", None)
        text = getattr(message, "content", None)
        return Reply(text if isinstance(text, str) else "", usage(getattr(response, "prompt_eval_count", None)),
                     usage(getattr(response, "eval_count", None)),
                     truncated=getattr(response, "done_reason", None) == "length")

    def close(self) -> None:
        self._client.close()


def open_adapter(settings: LlmSettings, key: str | None, endpoint: str) -> OllamaChat:
    return OllamaChat(settings, key, endpoint)
