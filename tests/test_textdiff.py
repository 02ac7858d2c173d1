"""The word-level diff reviewers read: what was deleted, what was inserted, the rest elided."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mcp_inspect.limits import MAX_PROSE_CHARS
from mcp_inspect.textdiff import ELLIPSIS, inline, word_diff


def test_a_deprecation_notice_and_a_lost_value():
    before = "Scrape a single URL and return its content as markdown, html or links. Use for one page."
    after = ("Deprecated compatibility entry point. Use firecrawl_scrape instead. Scrape a single URL and "
             "return its content as markdown or links. Use for one page.")
    segments = word_diff(before, after)
    assert segments[0] == ("+", "Deprecated compatibility entry point. Use firecrawl_scrape instead.")
    assert ("-", "markdown, html") in segments and ("+", "markdown") in segments
    assert inline(segments).endswith("or links. Use for " + ELLIPSIS)


def test_a_long_unchanged_run_is_cut_around_the_change():
    before = "one two three four five six seven eight nine ten eleven twelve thirteen"
    after = before.replace("seven", "SEVEN")
    expected = f"{ELLIPSIS} three four five six [-seven-] {{+SEVEN+}} eight nine ten eleven {ELLIPSIS}"
    assert inline(word_diff(before, after)) == expected


def test_white_space_alone_is_no_change_of_words():
    assert [op for op, _ in word_diff("Read the\nfile.", "Read the file.")] == ["="]


def test_texts_past_the_prose_limit_are_shown_replaced():
    long = "word " * (MAX_PROSE_CHARS // 5 + 10)
    assert word_diff(long, long + "tail") == [("-", long.strip()), ("+", (long + "tail").strip())]


@given(st.lists(st.sampled_from(["a", "b", "c", "d.", "e,"]), max_size=30),
       st.lists(st.sampled_from(["a", "b", "c", "d.", "e,"]), max_size=30))
def test_without_elision_the_segments_rebuild_both_texts(old_words, new_words):
    before, after = " ".join(old_words), " ".join(new_words)
    segments = word_diff(before, after, context=10_000)
    rebuilt_after = " ".join(text for op, text in segments if op != "-")
    rebuilt_before = " ".join(text for op, text in segments if op != "+")
    assert rebuilt_after.split() == after.split()
    assert rebuilt_before.split() == before.split()
