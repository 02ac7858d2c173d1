"""One adapter per provider, each around the provider's official Python client.

Every adapter offers the same small surface (``Provider``): ask one question (a fixed
system prompt, a user message holding the data, a token budget, the answer's schema) and
get the answer's text and the tokens the provider reports. Each turns its client's
exceptions into a ``ProviderError`` with a message written here: the provider's own error
text is never quoted (it can be long, and it is not ours to vouch for).

The clients come with the ``llm`` extra and are imported only when a review runs: an
adapter module imports its client at the top, and this package imports an adapter only in
``open_provider``. ``require_client`` checks up front that the chosen client is installed.

May import: ``llm``'s own modules below it and the providers' clients.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from ...errors import InputError
from ...limits import MAX_RETRY_WAIT_SECONDS
from ..settings import BASE_URL_VARIABLES, KEY_VARIABLES, LlmSettings

INSTALL_HINT = ("--llm needs the provider clients of the 'llm' extra, which are not installed: "
                "pip install 'mcp-inspect[llm]'")

#: The module of each provider's official client, and of our adapter around it.
CLIENT_MODULES = {"anthropic": "anthropic", "openai": "openai", "ollama": "ollama"}
_ADAPTERS = {"anthropic": "anthropic_messages", "openai": "openai_chat", "ollama": "ollama_chat"}

#: Where each provider answers when neither llm.base_url nor its environment variable says.
DEFAULT_ENDPOINTS = {"anthropic": "https://api.anthropic.com", "openai": "https://api.openai.com/v1",
                     "ollama": "http://localhost:11434"}


@dataclass(frozen=True)
class Reply:
    """A provider's answer: the model's text, and the tokens used where the provider says."""

    text: str
    input_tokens: int | None = None
    output_tokens: int | None = None
    #: The model stopped at the token budget: the text is cut.
    truncated: bool = False
    #: The model declined to answer (a provider that says so apart from the text).
    refused: bool = False


class ProviderError(Exception):
    """A request failed; ``str()`` is one line saying how. ``fatal``: no other request of
    this run can do better (the key was refused, the endpoint cannot be reached, the model
    does not exist), so the review stops asking. ``timed_out``: no answer came within the
    timeout, after the client's retries; the review sends nothing more either, but the
    error stays the tool's own."""

    def __init__(self, message: str, *, fatal: bool = False, timed_out: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal
        self.timed_out = timed_out


class Provider(Protocol):
    name: str
    #: Where the requests go (for the run's closing line).
    endpoint: str

    def ask(self, system: str, user: str, *, max_tokens: int, schema: dict[str, Any]) -> Reply: ...

    def close(self) -> None: ...


def require_client(settings: LlmSettings) -> None:
    """InputError (exit 2, one line) unless the chosen provider's client and platformdirs are installed."""
    for module in (CLIENT_MODULES[settings.provider], *(("platformdirs",) if settings.cache else ())):
        try:
            importlib.import_module(module)
        except ImportError:
            raise InputError(INSTALL_HINT) from None


def endpoint(settings: LlmSettings) -> str:
    """Where the requests go: llm.base_url, else the provider's environment variable, else its default."""
    return (settings.base_url or os.environ.get(BASE_URL_VARIABLES[settings.provider])
            or DEFAULT_ENDPOINTS[settings.provider])


def api_key(settings: LlmSettings) -> str | None:
    """The provider's API key, from its environment variable only; ProviderError when it is missing."""
    variable = KEY_VARIABLES.get(settings.provider)
    if variable is None:
        return None
    key = os.environ.get(variable, "").strip()
    if not key:
        raise ProviderError(f"no API key: set {variable} in the environment (keys are never read from "
                            "a configuration file)", fatal=True)
    return key


def open_provider(settings: LlmSettings) -> Provider:
    """The adapter of the chosen provider, its client made; ProviderError (fatal) when the
    API key is missing or the client refuses the settings."""
    module = importlib.import_module(f"{__name__}.{_ADAPTERS[settings.provider]}")
    adapter: Provider = module.open_adapter(settings, api_key(settings), endpoint(settings))
    return adapter


def retry_wait(headers: Any) -> None:
    """Cut the wait a response's ``retry-after`` (or ``retry-after-ms``) asks for to
    MAX_RETRY_WAIT_SECONDS, before the client reads it: an httpx response hook."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            seconds = float(value) / scale
        except ValueError:
            continue  # an HTTP date, or nonsense: the clients' own backoff applies, bounded by them
        if not seconds <= MAX_RETRY_WAIT_SECONDS:  # also NaN
            headers[name] = f"{MAX_RETRY_WAIT_SECONDS * scale:g}"


def status_error(status: int, retried: bool = True) -> ProviderError:
    """The error of an HTTP status the provider answered with, after the client's retries."""
    after = ", still after the client's retries" if retried else ""
    if status == 401:
        return ProviderError("the provider refused the API key (HTTP 401)", fatal=True)
    if status == 403:
        return ProviderError("the provider refused the request (HTTP 403)", fatal=True)
    if status == 404:
        return ProviderError("the provider knows no such model or endpoint (HTTP 404)", fatal=True)
    if status == 429:
        return ProviderError(f"rate limited by the provider (HTTP 429){after}")
    if status >= 500:
        return ProviderError(f"the provider failed (HTTP {status}){after}")
    return ProviderError(f"the provider refused the request (HTTP {status})")


@contextmanager
def client_errors(sdk: Any, timeout: float, endpoint: str) -> Iterator[None]:
    """The errors of the ``anthropic`` and ``openai`` clients (one generator made both, with
    the same error classes) as ProviderErrors, after the client's own retries."""
    try:
        yield
    except sdk.APITimeoutError:
        raise ProviderError(f"no answer within {timeout:g} s, still after the client's retries",
                            timed_out=True) from None
    except sdk.APIConnectionError:
        raise ProviderError(f"cannot reach the provider at {endpoint}", fatal=True) from None
    except sdk.APIStatusError as error:
        raise status_error(error.status_code) from None


def usage(value: Any) -> int | None:
    """A token count as reported, when it is one."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
