"""Pick the renderer of a format; each format's module is imported only when asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..findings.report import Report

if TYPE_CHECKING:
    from ..findings.history import History

FORMATS = ("text", "json", "sarif", "markdown", "github", "html", "junit", "gitlab")


def render(reports: Report | list[Report], fmt: str, *, color: bool = False, verbose: bool = False,
           lint_inherited: bool = False, full_values: bool = False) -> str:
    """A diff report, or one or several lint reports, in ``fmt``; ValueError for an unknown format.
    ``verbose`` puts each rule's advice under every finding of the text report; ``lint_inherited``
    lists a diff's inherited lint findings in full in the JSON report (else counted by code);
    ``full_values`` writes each of a diff's values in place in the JSON report (else a large
    one is named once, in ``values``)."""
    if fmt not in FORMATS:  # a typo must not quietly give text where a script expects JSON
        raise ValueError(f"unknown report format {fmt!r} (expected one of {', '.join(FORMATS)})")
    if fmt == "json":
        from .json_report import render_json

        return render_json(reports, lint_inherited=lint_inherited, full_values=full_values)
    if fmt == "sarif":
        from .sarif import render_sarif

        return render_sarif(reports)
    if fmt == "markdown":
        from .markdown import render_markdown

        return render_markdown(reports)
    if fmt == "github":
        from .github import render_github

        return render_github(reports)
    if fmt == "html":
        from .html import render_html

        return render_html(reports)
    if fmt == "junit":
        from .junit import render_junit

        return render_junit(reports)
    if fmt == "gitlab":
        from .gitlab import render_gitlab

        return render_gitlab(reports)
    from .text import render_text

    return render_text(reports, color=color, verbose=verbose)


#: The formats a history (``mcp-inspect history``) is written in.
HISTORY_FORMATS = ("text", "json", "markdown", "html")


def render_history(history: History, fmt: str = "text") -> str:
    """A history's timeline in ``fmt``; ValueError for a format a history is not written in."""
    if fmt not in HISTORY_FORMATS:
        raise ValueError(f"unknown history format {fmt!r} (expected one of {', '.join(HISTORY_FORMATS)})")
    if fmt == "html":
        from .history_html import render_history_html

        return render_history_html(history)
    from . import history as timeline

    return {"json": timeline.render_history_json, "markdown": timeline.render_history_markdown,
            "text": timeline.render_history_text}[fmt](history)
