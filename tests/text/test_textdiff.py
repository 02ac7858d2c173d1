"""The word-level diff reviewers read: what was deleted, what was inserted, the rest elided."""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.limits import MAX_PROSE_CHARS, MAX_WORD_DIFF_PAIRS
from mcp_inspect.text.diff import ELLIPSIS, clip, clip_middle, elide, inline, word_diff, word_segments


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


def test_a_repetitive_text_past_the_pair_limit_keeps_its_ends_and_shows_the_middle_whole():
    # difflib took half a minute on these; the shared start and end are set aside first.
    words = int(MAX_WORD_DIFF_PAIRS ** 0.5) + 10
    before = "Start here. " + "a b " * words + "End here."
    after = "Start here. " + "b a " * words + "End here."
    started = time.perf_counter()
    segments = word_segments(before, after)
    assert time.perf_counter() - started < 2
    assert segments[0] == ("=", "Start here.") and segments[-1] == ("=", "End here.")
    assert [op for op, _ in segments] == ["=", "-", "+", "="]
    small = word_segments("x " + "a b " * 10 + "y", "x " + "b a " * 10 + "y")
    assert len(small) > 4  # within the limit, compared word by word


def test_elide_cuts_only_the_kept_runs():
    segments = word_segments("one two three four five six seven eight nine ten", "one two three four five six "
                             "seven eight nine TEN")
    assert elide(segments) == word_diff("one two three four five six seven eight nine ten",
                                        "one two three four five six seven eight nine TEN")
    assert elide(segments)[0] == ("=", f"{ELLIPSIS} six seven eight nine")


@given(st.lists(st.sampled_from(["a", "b", "c", "d.", "e,"]), max_size=30),
       st.lists(st.sampled_from(["a", "b", "c", "d.", "e,"]), max_size=30))
def test_without_elision_the_segments_rebuild_both_texts(old_words, new_words):
    before, after = " ".join(old_words), " ".join(new_words)
    segments = word_diff(before, after, context=10_000)
    rebuilt_after = " ".join(text for op, text in segments if op != "-")
    rebuilt_before = " ".join(text for op, text in segments if op != "+")
    assert rebuilt_after.split() == after.split()
    assert rebuilt_before.split() == before.split()


# --- cutting a long text for display: on word boundaries ----------------------------------

#: Word characters (a run of them is a word, as ``\w+`` reads it), punctuation and white space.
_CUT_ALPHABET = st.sampled_from(list("abcé_19") + [" ", " ", ".", "-", "/", "\n", "(", ")"])


def _splits_a_word(text: str, at: int) -> bool:
    """Whether cutting ``text`` at ``at`` cuts through a run of word characters."""
    return 0 < at < len(text) and bool(re.match(r"\w", text[at - 1])) and bool(re.match(r"\w", text[at]))


def _run_length(text: str, at: int) -> int:
    """The length of the run of word characters ``at`` cuts through."""
    start, end = at, at
    while start > 0 and re.match(r"\w", text[start - 1]):
        start -= 1
    while end < len(text) and re.match(r"\w", text[end]):
        end += 1
    return end - start


def test_a_cut_text_ends_on_a_word_boundary():
    text = "Return the content of the requested page as markdown, with every link kept"
    assert clip(text, 30) == "Return the content of the…"
    assert clip(text, 200) == text  # short enough: untouched
    middle = clip_middle(text, 40)
    assert middle == "Return the content … every link kept"
    assert len(middle) <= 40


def test_a_single_word_longer_than_the_budget_is_cut_hard():
    # Nothing else fits: keeping the bound beats keeping the word whole.
    word = "x" * 50
    assert clip(word, 20) == "x" * 19 + ELLIPSIS
    assert clip("see " + word, 20) == "see " + "x" * 15 + ELLIPSIS
    head, tail = clip_middle(word + " end", 21).split(f" {ELLIPSIS} ")
    assert head == "x" * 9 and tail == "xxxxx end"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_CUT_ALPHABET, max_size=120), st.integers(min_value=1, max_value=80))
def test_cutting_the_end_never_splits_a_word_that_fits(text, limit):
    out = clip(text, limit)
    assert len(out) <= limit
    if len(text) <= limit:
        assert out == text
        return
    assert out.endswith(ELLIPSIS)
    head = out[: -len(ELLIPSIS)]
    assert text.startswith(head)
    if _splits_a_word(text, len(head)):
        assert _run_length(text, len(head)) > limit - len(ELLIPSIS)  # only a word too long for the budget


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_CUT_ALPHABET, max_size=160), st.integers(min_value=5, max_value=80))
def test_cutting_the_middle_never_splits_a_word_that_fits(text, limit):
    out = clip_middle(text, limit)
    assert len(out) <= limit
    if len(text) <= limit:
        assert out == text
        return
    head, tail = out.split(f" {ELLIPSIS} ")
    half = (limit - 3) // 2
    assert text.startswith(head) and text.endswith(tail)
    if _splits_a_word(text, len(head)):
        assert _run_length(text, len(head)) > half
    if _splits_a_word(text, len(text) - len(tail)):
        assert _run_length(text, len(text) - len(tail)) > half
