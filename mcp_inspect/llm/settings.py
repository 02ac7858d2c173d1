"""What the model review is asked to do, and the names that belong to it.

The configuration's ``llm:`` section (config/load.py) and the command line's ``--llm…`` options
(cli/options.py) both end up here, checked: a bad value is an ``InputError`` (exit 2)
before any work is done. API keys are not settings: they are read from the environment
only (``KEY_VARIABLES``), never from a file.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from ..errors import InputError

PROVIDERS = ("anthropic", "openai", "ollama")

#: A small, current model of each provider (checked in October 2026; docs/llm.md says
#: why each). ``--llm-model`` or ``llm.model`` picks another.
DEFAULT_MODELS = {
    "anthropic": "claude-haiku-5-5",
    "openai": "gpt-6-luna",
    "ollama": "gemma4:e4b",
}

#: The environment variable holding each provider's API key (Ollama needs none).
KEY_VARIABLES = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}

#: The environment variable each provider's client reads its endpoint from.
BASE_URL_VARIABLES = {"anthropic": "ANTHROPIC_BASE_URL", "openai": "OPENAI_BASE_URL", "ollama": "OLLAMA_HOST"}

#: The keys of the configuration's ``llm:`` section; any other key there is refused.
CONFIG_KEYS = ("base_url", "concurrency", "enabled", "model", "provider", "timeout")

#: Everything that turns on or steers the model review, for a front end that must refuse it
#: (the HTTP service accepts no ``llm`` setting in a request): the configuration section,
#: and the command-line options, as ``cli/options.py`` spells them.
CONFIG_SECTION = "llm"
OPTION_NAMES = frozenset({"--llm", "--no-llm", "--llm-provider", "--llm-model", "--no-llm-cache"})

DEFAULT_TIMEOUT = 30.0
MAX_TIMEOUT = 600.0
DEFAULT_CONCURRENCY = 4
MAX_CONCURRENCY = 16
_MAX_MODEL_CHARS = 200


@dataclass(frozen=True)
class LlmSettings:
    """The model review's settings; ``LlmSettings()`` is off."""

    enabled: bool = False
    provider: str = "anthropic"
    #: None: the provider's default (DEFAULT_MODELS).
    model: str | None = None
    #: None: the provider's environment variable (BASE_URL_VARIABLES), else its public endpoint.
    base_url: str | None = None
    #: Seconds for each request (the client's retries each get as long again).
    timeout: float = DEFAULT_TIMEOUT
    #: Requests in flight at once.
    concurrency: int = DEFAULT_CONCURRENCY
    #: Read and write answers in the cache (``--no-llm-cache`` turns both off).
    cache: bool = True

    @property
    def model_name(self) -> str:
        return self.model or DEFAULT_MODELS[self.provider]


def check_provider(value: str, where: str) -> str:
    name = value.strip().lower()
    if name not in PROVIDERS:
        raise InputError(f"{where}: unknown provider {value!r} (expected {', '.join(PROVIDERS)})")
    return name


def check_model(value: str, where: str) -> str:
    name = value.strip()
    if not name or len(name) > _MAX_MODEL_CHARS or not name.isprintable() or any(c.isspace() for c in name):
        raise InputError(f"{where}: {value!r} is not a model name")
    return name


def check_base_url(value: str, where: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(f"{where}: {value!r} is not an http(s):// URL")
    return value.strip()


def check_timeout(value: float, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_TIMEOUT:
        raise InputError(f"{where}: {value!r} is not a number of seconds above 0 and at most {MAX_TIMEOUT:g}")
    return float(value)


def check_concurrency(value: int, where: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON Schema's integer: 2.0 is 2
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CONCURRENCY:
        raise InputError(f"{where}: {value!r} is not a whole number from 1 to {MAX_CONCURRENCY}")
    return value


def with_options(base: LlmSettings, *, enabled: bool | None = None, provider: str | None = None,
                 model: str | None = None, cache: bool | None = None) -> LlmSettings:
    """``base`` (the configuration's ``llm:`` section) with the command line's choices applied."""
    settings = base
    if enabled is not None:
        settings = replace(settings, enabled=enabled)
    if provider is not None:
        chosen = check_provider(provider, "--llm-provider")
        if chosen != settings.provider and model is None:
            settings = replace(settings, model=None)  # the configured model belongs to the other provider
        settings = replace(settings, provider=chosen)
    if model is not None:
        settings = replace(settings, model=check_model(model, "--llm-model"))
    if cache is not None:
        settings = replace(settings, cache=cache)
    return settings
