"""The settings a command applies over a configuration, as the library's functions: the
lint's (``--profile``, ``--select``, ``--rule`` …) and the model review's (``--llm`` …).
Re-exported by ``api``, where every public function is found."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..checks.profiles import get_profile
from ..checks.settings import LintSettings
from ..errors import InputError
from ..findings.rule import REVISIONS
from ..findings.severity import parse_threshold
from ..llm.settings import LlmSettings

if TYPE_CHECKING:
    from ..llm.review import Progress, Reviewer


def lint_settings(base: LintSettings | None = None, *, profile: str | None = None, fail_on: str | None = None,
                  tokenizer: str | None = None, select: list[str] | None = None, ignore: list[str] | None = None,
                  rules: list[str] | None = None, policy: str | None = None,
                  spec_version: str | None = None) -> LintSettings:
    """``base`` (the configuration's lint section) with the command line's choices applied:
    ``select`` and ``ignore`` replace the configuration's, a ``rules`` entry (``CODE=SETTING``)
    replaces the configuration's entry for its code.

    Every value is checked here, so a typo ends the command with exit 2 before any work.
    """
    from ..catalogue import default_catalogue
    from ..checks.selection import check_code, check_selector, check_setting, split_selectors

    settings = base or LintSettings()
    catalogue_ = default_catalogue()  # not rules(): an argument of this function has that name
    if select:
        if not split_selectors(select):  # `--select ""`: a run of no check would pass everything
            raise InputError("--select: no selector given (recommended, ALL, a family, a code or a prefix ending in *)")
        settings = replace(settings, select=tuple(check_selector(s, catalogue_, "--select")
                                                  for s in split_selectors(select)))
    if ignore:
        settings = replace(settings, ignore=tuple(check_selector(s, catalogue_, "--ignore")
                                                  for s in split_selectors(ignore)))
    if rules:
        given = dict(settings.rules)
        replaced = set()
        for entry in rules:
            code, sep, setting = entry.partition("=")
            if not sep:
                raise InputError(f"--rule {entry!r}: expected CODE=SETTING (off, on, error, warning, info)")
            code = check_code(code, catalogue_, "--rule")
            given[code] = check_setting(setting, f"--rule {entry}")
            replaced.add(code)
        settings = replace(settings, rules=tuple(given.items()),  # the file's line no longer says it
                           rule_lines=tuple((c, n) for c, n in settings.rule_lines if c not in replaced))
    if policy is not None:
        if policy.strip().lower() not in ("compliance", "governance"):
            raise InputError(f"--policy: unknown policy {policy!r} (expected compliance or governance)")
        settings = replace(settings, policy=policy.strip().lower())
    if spec_version is not None:
        if spec_version.strip() not in REVISIONS:
            raise InputError(f"--spec-version: unknown MCP revision {spec_version!r} "
                             f"(expected {' or '.join(REVISIONS)})")
        settings = replace(settings, spec_version=spec_version.strip())
    if profile is not None:
        settings = replace(settings, profile=get_profile(profile).name)
    if fail_on is not None:
        try:
            settings = replace(settings, fail_on=parse_threshold(fail_on))
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    if tokenizer is not None:
        from ..checks.tokens import counter_name

        settings = replace(settings, tokenizer=counter_name(tokenizer))
    get_profile(settings.profile)
    return settings


def runs_no_check(settings: LintSettings) -> bool:
    """Whether selectors that each match something still leave nothing to run (``--select
    ALL --ignore ALL``, every selected code turned off, or only codes of another MCP
    revision). The contract lets such a run go on; the command line warns, since it passes
    every surface with a perfect score."""
    from ..catalogue import default_catalogue
    from ..checks.selection import resolve

    return not resolve(default_catalogue(), settings.select, settings.ignore, settings.rules,
                       settings.spec_version).codes


def llm_settings(base: LlmSettings | None = None, *, enabled: bool | None = None, provider: str | None = None,
                 model: str | None = None, cache: bool | None = None) -> LlmSettings:
    """``base`` (the configuration's ``llm:`` section) with the command line's choices applied,
    each checked (InputError, exit 2). When the review is on, its provider's client must be
    installed (the ``llm`` extra): InputError with the command that installs it."""
    from ..llm.providers import require_client
    from ..llm.settings import with_options

    settings = with_options(base or LlmSettings(), enabled=enabled, provider=provider, model=model, cache=cache)
    if settings.enabled:
        require_client(settings)
    return settings


def model_reviewer(settings: LlmSettings, progress: Progress | None = None) -> Reviewer:
    """The model review of one run (docs/llm.md), to pass to ``lint_sources`` or
    ``diff_sources``: one client, one cache, one count of requests and tokens
    (``reviewer.usage``). A context manager; ``progress(done, total)`` hears of each answer."""
    from ..llm.review import Reviewer

    return Reviewer(settings, progress=progress)
