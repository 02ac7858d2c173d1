"""What a prose edit did, as the message says it: the kind of edit, never a different grade."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.edits import edit_facts
from mcp_inspect.classify.fields import prose_change
from mcp_inspect.classify.prose import grade_prose, prose_reason
from mcp_inspect.findings.severity import Severity
from mcp_inspect.text.diff import ELLIPSIS

DESCRIPTION = default_catalogue().rule("tool.description.changed")

#: What a short edit the grader flags for its plain words says of itself (the trial of Dec 2, D6).
WORDING = " (a change of wording, not a typo, article or punctuation fix)"


def said(before: str | None, after: str | None) -> str:
    change = prose_change("tool.description.changed", "description", before, after, field="description")
    assert change is not None
    return DESCRIPTION.message(change.variant, change.args)


def kind(before: str, after: str) -> dict:
    reason, facts = prose_reason(before, after)
    return edit_facts(before, after, reason, facts.get("word", ""))


@pytest.mark.parametrize(("before", "after", "message"), [
    # The two summaries: a deprecation notice read as "a number changed", a rewrite
    # as "a negation changed".
    ("Scrape one URL and return its content as markdown, html or links. Use for 1 page.",
     "Deprecated compatibility entry point. Use scrape_url instead. Scrape one URL and return its content "
     "as markdown or links. Use for 2 pages.",
     "description changed: a deprecation notice was added (a number changed)"),
    ("Read the file. DEPRECATED: use read_text.", "Read the file.",
     "description changed: the deprecation notice was removed"),
    ("Does not follow links and cannot read binary files.", "Fetches a URL, renders it, and returns the text.",
     "description rewritten (among other changes, the negation 'not' was removed)"),
    ("Search the web.", "Search the web. Results are ranked by relevance. At most ten are returned.",
     "description changed: 2 sentences added (a number word was added: ten)"),
    ("Search the web", "Search the web. Results are ranked by relevance.",
     "description changed: 1 sentence added"),
    ("Notion | Search by title", "Notion | Search by title\nError Responses:\n400: Bad request",
     "description changed: only a generated list of HTTP statuses was added, removed or changed"),
    ("Notion | Search by title", "Notion | Search by title\nError Responses:\n400: Bad request, retry later",
     "description changed: 2 sentences added (a number was added: 400)"),
    ("Return the page as markdown.", "Return the page as markdown or html.",
     "description changed: 'or html.' added" + WORDING),
    ("Deletes the file", "Never deletes the file", "description changed: 'Deletes' → 'Never deletes' "
     "(the negation 'never' was added)"),
    ("Retry 3 times", "Retry 8 times", "description changed: '3' → '8' (a number changed)"),
    ("Call readFile", "Call readFiles", "description changed: 'readFile' → 'readFiles' (an identifier changed)"),
    ("Read a file", "Write a file", "description changed: 'Read' → 'Write'" + WORDING),
    ("Fetch a page and store it in the cache for later.", "Fetch the pages and keep them in the cache for later use.",
     "description changed in 3 places"),
    # The grader's own reason is the whole story.
    ("Read the file.", "Read the\u200b file.",
     "description changed: invisible, bidirectional or control characters were added"),
    ("read the config", "Read the config.", "description changed: only case, whitespace or punctuation changed"),
    ("Retrive teh file.", "Retrieve the file.", "description changed: a typo was fixed"),
    # The whole text came or went (new-user trial, round 44: "changed: the text was added").
    (None, "Read the config", "description added"),
    ("", "Read the config", "description added"),
    ("Read the config", "  ", "description removed"),
])
def test_the_message_names_the_kind_of_edit(before, after, message):
    assert said(before, after) == message


def test_the_grade_is_the_graders_whatever_the_kind():
    # A deprecation notice that only adds words the grader excuses is still graded by it.
    for before, after in [("Read the file.", "Read the file. Deprecated."), ("Read a file", "Read the file")]:
        change = prose_change("tool.description.changed", "description", before, after, field="description")
        assert change is not None and change.grade == grade_prose(before, after)
    assert said("Read a file", "Read the file") == "description changed: only an article changed"


def test_the_words_are_the_segments_a_renderer_shows():
    facts = kind("Return the page as markdown.", "Return the page as markdown or html.")
    assert facts["words"] == [["=", "Return the page as"], ["-", "markdown."], ["+", "markdown or html."]]
    assert facts["change"] == "text_added" and facts["text_after"] == "or html."
    # "the wording changed" would add nothing to the kind; why the few words count does
    # (they could pass for a typo fix). A longer edit shows plainly that words were written.
    assert facts["notes"] == ["wording"]
    longer = kind("Return the page as markdown.", "Return the page as markdown, html or plain text.")
    assert longer["change"] == "text_added" and "notes" not in longer


def test_the_words_stay_bounded():
    before = " ".join(f"w{i}" for i in range(400))
    after = " ".join(f"w{i}" if i % 5 else f"x{i}" for i in range(400))
    long_before, long_after = "a " * 900 + "end", "b " * 900 + "end"
    for facts in (kind(before, after), kind(long_before, long_after)):
        assert len(facts["words"]) <= 41
        assert all(len(text) <= 210 for _, text in facts["words"])


#: Words, line breaks, a code fence and the indentation that opens an indented code block.
_PIECES = ["Read", "a", "file.", "not", "3", "deprecated", "Use", "x_y", "\n", "\n```\n", "\n\n   "]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.lists(st.sampled_from(_PIECES), max_size=12))
def test_every_edit_has_a_kind_with_its_facts_and_the_grade_is_untouched(old_words, new_words):
    before, after = " ".join(old_words), " ".join(new_words)
    if before == after:
        return
    reason, _ = prose_reason(before, after)
    facts = kind(before, after)
    phrases = default_catalogue().phrases
    assert facts["change"] in phrases["edit"]
    change = prose_change("tool.description.changed", "description", before, after, field="description")
    assert change is not None
    assert change.grade == grade_prose(before, after)
    assert change.args["reason"] == reason
    DESCRIPTION.message(change.variant, change.args)  # every fact the phrase reads is there
    if change.grade is Severity.DOCUMENTATION:
        assert facts["change"] == "graded"


# --- code blocks count as one block each, not as sentences ---------------------------------

_SQL = "\n".join(f"select {word} from users." for word in ["name", "mail", "city"] * 33 + ["age", "zip"])  # 101 lines


@pytest.mark.parametrize(("before", "after", "message"), [
    # Found on a real server: one fenced example read as "101 sentences added".
    ("Run a query.", f"Run a query.\n\n```sql\n{_SQL}\n```", "description changed: a code block added"),
    # The fences are tokens the grader reads (backticks mark code, a tilde an operator).
    ("Run a query.", "Run a query.\n\n~~~\nselect a\nfrom t\n~~~",
     "description changed: a code block added (an operator changed)"),
    ("Run a query.\nIt returns rows.", "Run a query.\n\n    select a\n    from t\n\nIt returns rows.",
     "description changed: a code block added"),
    (f"Run a query.\n\n```sql\n{_SQL}\n```", "Run a query.", "description changed: a code block removed"),
    ("Run a query.", "Run a query.\n\n```\nselect x\n```\n\n```\nselect y\n```",
     "description changed: 2 code blocks added (the added text names an identifier)"),
    ("Run a query.", "Run a query. For example:\n```\nselect a\nfrom t\n```",
     "description changed: 1 sentence and 1 code block added (the added text names an identifier)"),
    # Text indented as a whole (a docstring, its first line aside) is not code: its lines
    # are still sentences.
    ("\n    Read a file.\n    - Use a path.\n", "\n    Read a file.\n    - Use a path.\n    - Stop at the end.\n",
     "description changed: 1 sentence added"),
    ("Read a file.\n\n    Args:\n        path: where", "Read a file.\n\n    Args:\n        path: where\n\n    Returns "
     "the text.", "description changed: 1 sentence added"),
    # A line indented right after a line of text continues it (Markdown needs a blank line
    # before an indented code block).
    ("Read a file.", "Read a file.\nUse it as follows:\n    pass the path first.",
     "description changed: 2 sentences added"),
    # Found on a real server (a template literal's indentation, then lines at none): a
    # paragraph indented like the one before it is not code.
    ("Create a directory. Only works within allowed directories.",
     "\n        Create a directory.\n        Only works within allowed directories.\n        \n"
     "        Important: use absolute paths.\n\nWhen users ask, check mounted paths first.",
     "description changed: 2 sentences added"),
    # A line break inside a paragraph is a soft wrap, not a sentence's end; a list item, a
    # heading, a blank line or a line ending with a colon still end one.
    ("Search the web.", "Search the web.\nResults are ranked by relevance and\nfiltered by date.\n- Another rule",
     "description changed: 2 sentences added"),
    ("Search the web.", "Search the web.\n### Rules\nRank by date:\nnewest first",
     "description changed: 3 sentences added"),
    # A line added inside a code block that was there is not a code block added.
    ("Run:\n```\nselect a\n```", "Run:\n```\nselect a\nfrom t\n```",
     "description changed: 'from t' added (the added text names an identifier)"),
], ids=["fenced-101-lines", "tildes", "indented", "removed", "two", "with-a-sentence", "docstring-indent",
        "docstring-first-line", "continuation", "template-indent", "soft-wrap", "heading-and-colon", "inside-a-block"])
def test_a_code_block_is_one_block(before, after, message):
    assert said(before, after) == message


# --- what is cut for display is cut between words -------------------------------------------

def _whole_words(shown: str, text: str) -> bool:
    """Whether every word of ``shown`` (ellipses aside) is a whole word of ``text``."""
    words = set(text.split())
    return all(word in words for word in shown.replace(ELLIPSIS, " ").split())


def test_a_long_inserted_run_is_cut_between_words():
    inserted = " ".join(f"word{i}x" for i in range(80))  # past the 200 characters a segment keeps
    facts = kind("Read the page.", f"Read the page. {inserted}")
    shown = next(text for op, text in facts["words"] if op == "+")
    assert ELLIPSIS in shown and _whole_words(shown, inserted)


def test_the_quoted_words_of_a_message_are_cut_between_words():
    message = said("Return the page as markdown.",
                   "Return the page as markdown or as html with every inline stylesheet, script and tracking pixel "
                   "removed.")
    quoted = message.split("'")[1]
    assert quoted.endswith(ELLIPSIS) and _whole_words(quoted, "or as html with every inline stylesheet, script "
                                                              "and tracking pixel removed.")
