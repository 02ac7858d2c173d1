"""The history function of the library API (``mcp-inspect history``; docs/history.md).
``mcp_inspect.api`` re-exports it; import it from there."""

from __future__ import annotations

from pathlib import Path

from ..checks.settings import LintSettings
from ..config.load import Config
from ..findings.history import History
from ..live.options import CaptureOptions


def history(sources: str | Path | list[str | Path], *, config: Config | None = None,
            settings: LintSettings | None = None, lint: bool = True, each: str = "tag",
            options: CaptureOptions | None = None) -> History:
    """A server's history: every release the ``sources`` name, in order, each consecutive
    pair diffed (and linted, unless ``lint`` is false) as ``diff`` does it, with the
    semantic-version verdict ``release_notes`` computes for the pair.

    ``sources`` is one source or a list of them, each a git range of one snapshot file
    (``git:v1.0.0..HEAD:snapshots/server.json``: the start, then every tag in the range, or
    every commit that changed the file with ``each="commit"``), a folder of snapshots
    (ordered by file name read as a version), or anything ``load`` reads (``@NAME``, a
    file…). InputError when they name fewer than two releases or cannot be read.
    ``History.steps[i].report`` is the i-th pair's Report; ``History.too_small`` lists the
    steps whose version bump is smaller than the changes call for.
    """
    from ..errors import InputError
    from .build import build_history
    from .sources import expand

    if isinstance(sources, str | Path):
        sources = [sources]
    if not isinstance(sources, list) or not all(isinstance(s, str | Path) for s in sources):
        raise ValueError("sources: expected a source string or path, or a list of them")
    if config is not None and not isinstance(config, Config):
        raise ValueError(f"config: expected a Config, got {type(config).__name__}")
    if settings is not None and not isinstance(settings, LintSettings):
        raise ValueError(f"settings: expected LintSettings or None, got {type(settings).__name__}")
    if each not in ("tag", "commit"):
        raise InputError(f"each: expected 'tag' or 'commit', got {each!r}")
    expanded = expand([str(s) for s in sources], options, each)
    return build_history(expanded.releases, config, settings, lint=lint, warnings=expanded.warnings)


def render_history(history: History, fmt: str = "text") -> str:
    """A history as ``text``, ``json``, ``markdown`` or ``html`` (``html`` needs Jinja2, the
    ``html`` extra: InputError without it); ValueError for any other format."""
    from ..report.render import render_history as render

    if not isinstance(history, History):
        raise ValueError(f"history: expected a History (history() makes one), got {type(history).__name__}")
    return render(history, fmt.lower() if isinstance(fmt, str) else fmt)
