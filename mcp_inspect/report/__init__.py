"""Pure renderers of a DiffResult. Each format's module is imported only when asked for."""

from __future__ import annotations

from ..model import DiffResult

FORMATS = ("text", "json", "sarif", "markdown", "github")


def render(result: DiffResult, fmt: str, *, color: bool = False) -> str:
    if fmt not in FORMATS:  # a typo must not quietly give text where a script expects JSON
        raise ValueError(f"unknown report format {fmt!r} (expected one of {', '.join(FORMATS)})")
    if fmt == "json":
        from .json_report import render_json

        return render_json(result)
    if fmt == "sarif":
        from .sarif import render_sarif

        return render_sarif(result)
    if fmt == "markdown":
        from .markdown import render_markdown

        return render_markdown(result)
    if fmt == "github":
        from .github import render_github

        return render_github(result)
    from .text import render_text

    return render_text(result, color=color)
