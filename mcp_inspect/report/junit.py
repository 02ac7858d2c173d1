"""JUnit XML (``--format junit``): what Jenkins, GitLab, CircleCI and most CI servers show as
test results. One ``testsuite`` per report (a diff, or each server of a lint), one
``testcase`` per entity (every tool of the new side, and every other entity a finding is on),
and a ``failure`` in a test case for the findings on that entity that fail the gate; findings
that do not fail it are listed in the case's ``system-out``, an ignored or approved one with
its reason. What fails the gate beyond any
one finding (a list the new side could not read, a token budget, a client's compatibility, a
maturity drop) is a test case of its own, ``gate``. Valid against the Jenkins xunit plugin's
``junit-10.xsd`` (tests/data/schemas/). No clock: the output is the same on every run.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..findings.finding import Finding
from ..findings.report import Report
from ..model import EntityKind
from ..text.escape import inert_lines, one_line, plain
from .phrases import gate_reasons

#: Characters XML 1.0 cannot hold at all (a server's text may carry them): each is written as
#: ``\\xNN`` instead, so the document stays well formed and the character stays visible.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str, *, shown: bool = False) -> str:
    # plain(): bidirectional and invisible characters a server's text may hold are shown as
    # escapes, as in the text report, rather than reordering what a CI page displays; not for
    # ``shown`` text, plain() already (a second one doubled each escape's backslash, ``\\\\x1b``
    # for ESC in a reason: hostile trial, round 27).
    # inert_lines: a CI log that prints the file does not read "::error" lines as commands.
    # (\\x and two digits below U+0100, \\u and four above, as plain() writes them: U+FFFE read
    # "\\xfffe", which is \\xff and "fe": hostile trial, round 28.)
    return _NOT_XML.sub(_escaped, inert_lines(value if shown else plain(value)))


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _said(finding: Finding) -> str:
    where = f" at {finding.path}" if finding.path else ""
    return f"{finding.severity.label} {finding.rule}{where}: {finding.message}"


def _waived(finding: Finding) -> str:
    """Why an ignored finding passes, as every format says it: ``(approved: REASON)`` for an
    approved change (its ``reason`` says so), ``(ignored: REASON)`` for an ignore entry's."""
    if not finding.ignored:
        return ""
    reason = one_line(finding.reason or "")
    if finding.approved or reason in ("", "ignored by configuration"):
        return f" ({reason or 'ignored by configuration'})"
    return f" (ignored: {reason})"


def _cases(report: Report) -> dict[tuple[str, str], list[Finding]]:
    """The findings of each entity, by (kind, name): every tool of the new side first (a tool
    without a finding passes), then the entities only findings name (a removed tool, a
    prompt, the server). A diff's lint findings are the new side's."""
    cases: dict[tuple[str, str], list[Finding]] = {}
    for name in report.new.tool_keys or []:
        cases[(EntityKind.TOOL.value, name)] = []
    for finding in report.findings:
        key = (finding.entity.kind.value, finding.entity.name)
        cases.setdefault(key, []).append(finding)
    return cases


def _suite(report: Report) -> ET.Element:
    kind = "diff" if report.is_diff else "lint"
    source = report.new.source if report.old is None else f"{report.old.source} → {report.new.source}"
    suite = ET.Element("testsuite", name=_text(f"mcp-inspect {kind} {source}"))
    failures = 0
    cases = _cases(report)
    for (kind_name, name), findings in sorted(cases.items(), key=lambda item: (item[0][0] != "tool", item[0])):
        label = name if kind_name != EntityKind.SERVER.value else "server"
        case = ET.SubElement(suite, "testcase", name=_text(label), classname=f"mcp-inspect.{kind_name}")
        failing = [f for f in findings if f.fails]
        if failing:
            failures += 1
            failure = ET.SubElement(case, "failure", type="mcp-inspect",
                                    message=_text(f"{len(failing)} finding{'' if len(failing) == 1 else 's'} "
                                                  f"fail{'s' if len(failing) == 1 else ''} the gate"))
            failure.text = _text("\n".join(_said(f) for f in failing))
        rest = [f for f in findings if not f.fails]
        if rest:
            out = ET.SubElement(case, "system-out")
            out.text = "\n".join(_text(_said(f)) + _text(_waived(f), shown=True) for f in rest)
    reasons = gate_reasons(report)
    gate = ET.SubElement(suite, "testcase", name="gate", classname="mcp-inspect.gate")
    if reasons:
        failures += 1
        failure = ET.SubElement(gate, "failure", type="mcp-inspect", message=_text(reasons[0]))
        failure.text = _text("\n".join(reasons))
    suite.set("tests", str(len(cases) + 1))
    suite.set("failures", str(failures))
    suite.set("errors", "0")
    return suite


def render_junit(reports: Report | list[Report]) -> str:
    """One report, or several (a lint of an mcp.json), as a JUnit XML document."""
    reports = reports if isinstance(reports, list) else [reports]
    root = ET.Element("testsuites", name="mcp-inspect")
    suites = [_suite(report) for report in reports]
    root.extend(suites)
    root.set("tests", str(sum(int(s.get("tests", "0")) for s in suites)))
    root.set("failures", str(sum(int(s.get("failures", "0")) for s in suites)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
