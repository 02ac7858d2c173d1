"""A mimeType spelled in other letter case (or with other spaces, or its parameters in
another order) names the same media type (RFC 6838 4.2, RFC 2045 5.1), so no client decodes
the content otherwise: DOCUMENTATION, where it was a BREAKING ``mimeType.changed`` (hostile
trial, round 6). A parameter's value keeps its case, and another type stays BREAKING."""

from __future__ import annotations

import pytest

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _said(kind: str, before: str, after: str) -> tuple[str, str, str]:
    key, entity = ("resources", {"uri": "file:///a", "name": "a"}) if kind == "resource" else (
        "resourceTemplates", {"uriTemplate": "file:///{p}", "name": "a"})
    old = snapshot_from_value({key: [{**entity, "mimeType": before}]}, "old")
    new = snapshot_from_value({key: [{**entity, "mimeType": after}]}, "new")
    (finding,) = api.diff(old, new).findings
    return finding.rule, finding.severity.name, finding.message


@pytest.mark.parametrize("kind", ["resource", "resourceTemplate"])
@pytest.mark.parametrize(("before", "after"), [
    ("application/json", "Application/JSON"),
    ("text/plain; charset=utf-8", "TEXT/PLAIN;Charset=utf-8"),
    ("text/plain; a=1; b=2", "text/plain; b=2; a=1"),
])
def test_the_same_media_type_spelled_otherwise_is_documentation(kind, before, after):
    rule, severity, message = _said(kind, before, after)
    assert (rule, severity) == (f"{kind}.mimeType.respelled", "DOCUMENTATION")
    assert message.startswith("mimeType spelled differently, the same type")


@pytest.mark.parametrize(("before", "after"), [
    ("application/json", "text/plain"),
    ("multipart/mixed; boundary=AbC", "multipart/mixed; boundary=abc"),
    ("text/plain", "text/plain; charset=latin1"),
    # hostile trial, round 7: Unicode case folding made these 'the same type'
    ("application/json", "application/j\u017fon"), ("text/markdown", "text/mar\u212adown"),
    ('multipart/mixed; boundary="a;b=1"', 'multipart/mixed; b=1"; boundary="a'),
])
def test_another_media_type_stays_breaking(before, after):
    assert _said("resource", before, after)[1] == "BREAKING"
