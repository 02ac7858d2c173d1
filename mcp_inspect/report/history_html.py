"""A history as one self-contained HTML page: the timeline of releases, in the style of the
diff report (report/html.py).

It shares that report's stylesheet (templates/report.css) and its rules: a Jinja2 template
with autoescaping on and strict undefined names, nothing marked safe, control and invisible
characters shown as escapes first (``escape.plain``), no script, nothing fetched, and a
Content-Security-Policy that says so. Deterministic: no timestamps but the releases' own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._version import __version__
from ..findings.severity import Severity
from ..text.escape import plain
from .grouping import SEVERITY_HEADING
from .history import _entity, _place, _semver_words, captured_word, verdict
from .html import _SEVERITY_CLASS, _template
from .phrases import plural

if TYPE_CHECKING:
    from ..findings.history import History, Release, Step

TEMPLATE = "history.html.j2"
_SEVERITIES = sorted(Severity, reverse=True)


def render_history_html(history: History) -> str:
    small = history.too_small
    return _template(TEMPLATE).render(
        version=__version__,
        failed=bool(small),
        summary=f"{plural(len(history.releases), 'release')}, {plural(len(history.steps), 'step')}",
        too_small=[plain(s.new.label) for s in small],
        warnings=[plain(w) for w in history.warnings],
        first=_release(history.releases[0]),
        steps=[_step(s, history.linted) for s in history.steps],
        linted=history.linted,
    )


def _release(release: Release) -> dict[str, Any]:
    return {"label": plain(release.label),
            "date": captured_word(release) + plain(release.date) if release.date else None,
            "date_source": release.date_source, "source": plain(release.source),
            "fingerprint": release.fingerprint[:12],
            "maturity": None if release.maturity is None else release.maturity.score}


def _step(step: Step, linted: bool) -> dict[str, Any]:
    counts = step.counts
    worst = next((s for s in _SEVERITIES if counts[s.name]), None)
    introduced = step.report.check_counts(step.report.introduced) if linted else None
    return {
        "release": _release(step.new),
        "previous": plain(step.old.label),
        "edge": "edge-" + _SEVERITY_CLASS[worst].removeprefix("sev-") if worst is not None else "edge-docs",
        "chips": [{"cls": _SEVERITY_CLASS[s], "label": SEVERITY_HEADING[s], "count": counts[s.name]}
                  for s in _SEVERITIES],
        "ignored": counts.get("ignored", 0),
        "breaking": [{"kind": _entity(f)[0], "name": plain(_entity(f)[1]), "message": plain(f.message),
                      "place": plain(_place(f) or ""),
                      "rule": f.rule, "ignored": f.ignored} for f in step.breaking],
        "introduced": introduced,
        "maturity_before": None if step.old.maturity is None else step.old.maturity.score,
        "verdict": verdict(step),
        "semver": plain(_semver_words(step, str)),
        "actual": step.plan.actual,
        "suggested": step.plan.suggested,
        "notes": [plain(w) for w in step.report.warnings],
    }
