"""Two real pairs from the corpus rendered in every format, pinned whole: the firecrawl-like
pair (a rewritten description, a lost union branch, an enum value gained inside a union) and
the motherduck-like pair (sentences removed from a description, a list of allowed values
removed; the block children's union lost no branch: the new object accepts every old block, and
the "anyOf lost 1 branch" it once showed was a false alarm, issue 34). Each report must show
the before and after, not just name the kind.

The pinned files are under golden/; after an intended change of wording, rewrite them with
``MCP_INSPECT_REWRITE_GOLDEN=1 pytest tests/report/test_real_pairs.py`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import CORPUS, ROOT

from mcp_inspect import api

GOLDEN = Path(__file__).parent / "golden"

#: The releases are older → newer on purpose reversed: going back a release is what loses the
#: union branches these reports have to show.
PAIRS = {
    "firecrawl-like": ("filesystem/2026.8.31.json", "filesystem/2025.11.25.json"),
    "motherduck-like": ("notion/2.0.0.json", "notion/1.9.0.json"),
}

FORMATS = {"text": "txt", "markdown": "md", "github": "github.txt", "release-notes": "notes.md"}


def _render(pair: str, fmt: str) -> str:
    old, new = (str((CORPUS / side).relative_to(ROOT)) for side in PAIRS[pair])
    cwd = os.getcwd()
    os.chdir(ROOT)  # sources named from the repository root, as a CI step names them
    try:
        report = api.diff(api.load(old), api.load(new))
        return api.release_notes(report) if fmt == "release-notes" else api.render(report, fmt)
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("pair", PAIRS)
def test_the_pinned_report(pair, fmt):
    out = _render(pair, fmt)
    golden = GOLDEN / f"{pair}.{FORMATS[fmt]}"
    if os.environ.get("MCP_INSPECT_REWRITE_GOLDEN"):
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


# What each pinned report must visibly hold, so that a rewrite of the golden files cannot
# quietly lose the before and after.
SHOWN = {
    "firecrawl-like": {
        "text": ["[-a file-] {+an image or audio file.", 'enum gained "blob"',
                 # the lost branch is named by the value that told it apart, not dumped
                 "the \"resource\" branch of 'content' was removed (anyOf branches told apart by 'type')"],
        "markdown": ["~~a file~~", 'enum gained "blob"', "the \"resource\" branch of 'content'"],
        "github": ['enum gained "blob"', "the \"resource\" branch of 'content' was removed"],
        "release-notes": ['enum gained "blob"', 'the "resource" branch', "Read ~~a file~~ **an image"],
    },
    "motherduck-like": {
        "text": ["only a generated list of HTTP statuses", "optional property 'paragraph' added",
                 'it held "data_source", "page"'],
        "markdown": ["only a generated list of HTTP statuses", "paragraph"],
        "github": ["tool API-create-a-comment: description changed: only a generated list of HTTP statuses",
                   "optional property 'paragraph' added", 'it held "data_source", "page"'],
        "release-notes": ["only a generated list of HTTP statuses", 'it held "data_source", "page"'],
    },
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("pair", PAIRS)
def test_the_change_itself_is_visible(pair, fmt):
    out = _render(pair, fmt)
    for said in SHOWN[pair][fmt]:
        assert said in out, said


@pytest.mark.parametrize("pair", PAIRS)
def test_the_html_page_shows_the_word_diff_and_the_lost_branch(pair):
    pytest.importorskip("jinja2")
    page = _render(pair, "html")
    assert "<del>" in page and "<ins>" in page
    lost = "&#34;resource&#34; branch of" if pair == "firecrawl-like" else "it held &#34;data_source&#34;"
    assert lost in page
