"""The prose measure: which description/title/instruction edits may move a model."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.prose import grade_prose, prose_reason
from mcp_inspect.findings.severity import Severity
from mcp_inspect.findings.words import fill
from mcp_inspect.limits import MAX_EDIT_TOKENS, MAX_PROSE_CHARS

ROOT = Path(__file__).resolve().parents[2]
DOC = Severity.DOCUMENTATION
PB = Severity.POTENTIALLY_BREAKING
DOC_REASONS = {
    "only case, whitespace or punctuation changed",
    "a typo was fixed",
    "only an article changed",
    "a negation was only spelled another way (without / with no, don't / do not)",
    "only the items of a written list were put in another order",
    "only a generated list of HTTP statuses was added, removed or changed",
}


def prose_change_reason(before: object, after: object) -> str:
    """The grader's reason as a report words it: its key filled from the catalogue's phrases."""
    key, facts = prose_reason(before, after)  # type: ignore[arg-type]
    return fill(default_catalogue().phrases["prose"][key], facts)


def check(before: object, after: object, grade: Severity, reason: str | None = None) -> None:
    assert grade_prose(before, after) is grade, (before, after)  # type: ignore[arg-type]
    got = prose_change_reason(before, after)  # type: ignore[arg-type]
    assert (got in DOC_REASONS) == (grade is DOC), got
    if reason is not None:
        assert got == reason


# --- changes too small to move a model -------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Read a file", "Read  a\tfile\n"),  # whitespace
        ("Read a file", "READ A FILE"),  # case
        ("Read a file", "Read a file."),  # punctuation
        ("Read a file; then stop", "Read a file, then stop!"),
        ("Read a read-only file", "Read a read only file"),  # hyphenation
        ("Send an email", "Send an e-mail"),
        ("Up to 1,000 rows", "Up to 1000 rows"),  # digit grouping
        ("Dont guess", "Don\u2019t guess"),  # apostrophe, curly or not
        ("Straße", "STRASSE"),  # casefold, not lower()
        ("Ｒｅａｄ ａ ｆｉｌｅ", "Read a file"),  # NFKC folds full-width letters
    ],
)
def test_formatting_only_changes_are_documentation(before: str, after: str) -> None:
    check(before, after, DOC, "only case, whitespace or punctuation changed")


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Retrive the file", "Retrieve the file"),
        ("Recieve the payload", "Receive the payload"),  # transposition
        ("Fetch the adress book", "Fetch the address book"),
        ("Read teh file", "Read the file"),  # three letters: a swap only
        ("Retrive teh file and recieve it", "Retrieve the file and receive it"),
    ],
)
def test_typo_fixes_are_documentation(before: str, after: str) -> None:
    check(before, after, DOC, "a typo was fixed")


def test_swapping_an_article_is_documentation() -> None:
    check("Read the file", "Read a file", DOC, "only an article changed")
    check("Read file", "Read the file", DOC, "only an article changed")


@pytest.mark.parametrize(
    ("before", "after", "reason"),
    [
        ("A prompt without arguments", "A prompt with arguments", "the negation 'without' was removed"),
        ("A prompt with no arguments", "A prompt with arguments", "the negation 'no' was removed"),
        ("Do retry", "Don't retry", "the negation \"don't\" was added"),
        # a second negation: the respelled one is excused, the one beside it is added
        ("Don't retry", "Do not retry, ever not", "the negation 'not' was added"),
        # moved: another meaning, and a negation on both sides of the edit
        ("Without a cursor, reads all", "With a cursor, reads no pages", "a negation changed"),
        ("It can't be undone", "It will not be undone", "a negation changed"),  # the verb under it changed
        ("Reads a file.", "Reads a file. Does not follow symlinks.", "the negation 'not' was added"),
    ],
)
def test_a_negation_added_dropped_or_moved_is_still_potentially_breaking(before: str, after: str,
                                                                         reason: str) -> None:
    """A negation only added (only removed) is said so, with its word; one that the edit both
    removes and adds somewhere is a negation changed."""
    check(before, after, PB, reason)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Execute a shell command\nAllowed commands: cat, ls", "Execute a shell command\nAllowed commands: ls, cat"),
        ("Supported formats: json, yaml, or toml.", "Supported formats: toml, json, or yaml."),
        ("Valid modes: fast, safe. Pick by load.", "Valid modes: safe, fast. Pick by load."),
        ("One of (Read, Write and Delete) per call", "One of (Delete, Read and Write) per call"),
    ],
)
def test_a_written_list_put_in_another_order_is_documentation(before: str, after: str) -> None:
    """New-user trial, round 15: mcp-shell-server prints its allowed commands from a Python set,
    so two starts of one release said "cat, ls" and "ls, cat", and every drift check called the
    server changed (POTENTIALLY_BREAKING, "the wording changed"). The same items in another
    order say the same, as the order of an enum does."""
    check(before, after, DOC, "only the items of a written list were put in another order")
    check(after, before, DOC, "only the items of a written list were put in another order")


def test_a_list_of_white_space_is_cut_in_linear_time() -> None:
    """Found beside hostile trial round 17: the list's separators were matched with white space
    around them, so a run of 19,000 spaces between two items was scanned again from each of
    its positions (15 s for one description). A guard against a hang, not a speed claim."""
    start = time.perf_counter()
    check("Allowed: x" + " " * 19_000 + "y", "Allowed: y" + " " * 19_000 + "x", PB)
    assert time.perf_counter() - start < 3


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Use search, not fetch", "Use fetch, not search"),  # items that differ, not moved
        ("Subtract a and b", "Subtract b and a"),  # two operands, no comma: order may be meaning
        ("Read or write", "Write or read"),
        ("Priority: high, low", "Priority: low, high"),  # a word about order
        ("Fallback order: gpt, claude, gemini", "Fallback order: gemini, gpt, claude"),
        ("Sort by name, date", "Sort by date, name"),
        ("Ports: 80, 443", "Ports: 443, 80"),  # numbers moved: step 3 decides
        ("Formats: json, yaml or toml", "Formats: toml, yaml and json"),  # or became and
        ("Tags: red, blue", "Tags: blue, red, green"),  # an item added
        ("Allowed steps: build the whole image with docker right now, push it to the registry",
         "Allowed steps: push it to the registry, build the whole image with docker right now"),  # clauses
        # Hostile trial, round 17: something stuck to an edge item moves with the order
        ("Supported modes: fast, safe (default).", "Supported modes: safe, fast (default)."),
        ("Allowed filters: !draft, published", "Allowed filters: !published, draft"),
        ("Accepts png, jpeg and gif images", "Accepts gif, png and jpeg images"),
        # ... and a list no cue introduces as a set is read in its order
        ("Point as latitude, longitude.", "Point as longitude, latitude."),
        ("Date in day, month, year format", "Date in year, month, day format"),
        ("Arguments: source, destination", "Arguments: destination, source"),
        ("Look a setting up in env, config, defaults; the first match wins.",
         "Look a setting up in defaults, config, env; the first match wins."),
        ("Allowed sources: env, config; the first match wins.", "Allowed sources: config, env; the first match wins."),
    ],
)
def test_a_list_changed_beyond_its_order_stays_potentially_breaking(before: str, after: str) -> None:
    check(before, after, PB)


# --- changes that may move a model -----------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "reason"),
    [
        ("Deletes the file", "Does not delete the file", "the negation 'not' was added"),
        ("Deletes the file", "Never deletes the file", "the negation 'never' was added"),
        ("Works with symlinks", "Works without symlinks", "the negation 'without' was added"),
        ("Accepts empty paths", "Accepts non-empty paths", "the negation 'non' was added"),
        ("up to 10 items", "up to 100 items", "a number changed"),
        ("up to ten items", "up to two items", "a number changed"),
        ("timeout in seconds", "timeout in milliseconds", "a unit changed"),
        ("a 5% margin", "a 5 margin", "the unit '%' was removed"),
        ("Debounce interval.", "Debounce interval in seconds.", "the unit 'seconds' was added"),
        ("must be > 1", "must be < 1", "an operator changed"),
        ("offset >= -1", "offset >= 1", "an operator changed"),
        ("Use list_dir first", "Use list_directory first", "an identifier changed"),
        ("Returns `path`", "Returns `paths`", "an identifier changed"),
        ("Call readFile", "Call readFiles", "an identifier changed"),
        ("Served over HTTP", "Served over HTTPS", "an identifier changed"),
        ("Call stat first", "You must call stat first", "the directive word 'must' was added"),
        ("The path is required", "The path is optional",
         "the directive word 'required' was removed and 'optional' added"),
        ("Reads files", "Reads files (deprecated)", "the directive word 'deprecated' was added"),
        ("Read a file", "Write a file", "the wording changed"),
        ("Get the value", "Set the value", "the wording changed"),  # not a typo: first letter
        ("Deletes the file", "Deletes the files", "the wording changed"),  # plural, not a typo
        ("Read a file", "Read a file and then delete it", "the wording changed"),
    ],
)
def test_meaningful_changes_are_potentially_breaking(before: str, after: str, reason: str) -> None:
    check(before, after, PB, reason)


def test_a_sensitive_word_is_never_excused_as_a_typo() -> None:
    check("Do nto retry", "Do not retry", PB, "the negation 'not' was added")
    check("Retry 3 times", "Retry 8 times", PB, "a number changed")


def test_a_rewrite_is_potentially_breaking() -> None:
    check(
        "Lists the entries of a directory, line by line.",
        "Summarises disk usage for every mounted volume.",
        PB,
        "the wording changed",
    )


def test_a_look_alike_letter_is_not_a_typo() -> None:
    check("Read the config", "R\u0435ad the config", PB)  # Cyrillic U+0435
    assert "look-alike" in prose_change_reason("Read the config", "R\u0435ad the config")


# --- hidden characters -----------------------------------------------------------------


@pytest.mark.parametrize(
    "hidden",
    ["\u200b", "\x1b", "\x07", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066", "\u061c", "\u00ad", "\U000e0041"],
)
def test_added_hidden_characters_are_potentially_breaking(hidden: str) -> None:
    check("Read a file", f"Read a {hidden}file", PB, "invisible, bidirectional or control characters were added")


def test_swapping_one_hidden_character_for_another_counts() -> None:
    check(
        "Read\u200b a file", "Read\u202e a file", PB, "invisible, bidirectional or control characters were added"
    )


def test_control_characters_and_variation_selector_runs_count() -> None:
    check("Read a file", "Read a file\x1b[8m", PB)  # an ANSI "conceal" escape
    check("\U0001f600 Hi", "\U0001f600\ufe00\ufe01\ufe02 Hi", PB)  # emoji smuggling


def test_one_emoji_presentation_selector_is_not_hidden_text() -> None:
    check("\u26a0 Deletes files", "\u26a0\ufe0f Deletes files", DOC)


def test_removing_hidden_characters_is_documentation() -> None:
    check("Read a f\u200bile", "Read a file", DOC)


# --- absent, blank and non-string values ----------------------------------------------


def test_text_added_or_removed() -> None:
    check(None, "Read a file", PB, "added")
    check("", "Read a file", PB, "added")
    check("Read a file", None, PB, "removed")
    check("Read a file", "   ", PB, "removed")


def test_blank_text_added_or_removed_is_documentation() -> None:
    check(None, "  \n\t", DOC)
    check("", None, DOC)
    check(" ", None, DOC)


def test_hidden_characters_in_new_text_are_still_caught() -> None:
    check(None, "\u200b", PB, "invisible, bidirectional or control characters were added")


@pytest.mark.parametrize(
    ("before", "after", "grade"),
    [
        (5, 6, PB),
        (5, "5", DOC),
        ("Read a file", 42, PB),
        (["Read", "a file"], ["Read", "a file", "now"], PB),
        ({"text": "x"}, None, PB),
        (None, [], PB),
        (True, False, PB),
        (float("nan"), None, PB),
    ],
)
def test_non_string_values_are_compared_as_json_text(
    before: object, after: object, grade: Severity
) -> None:
    check(before, after, grade)


def test_unserialisable_values_do_not_raise() -> None:
    nested: list[object] = []
    cur = nested
    for _ in range(100_000):
        cur.append([])
        cur = cur[0]  # type: ignore[assignment]
    assert grade_prose(nested, "x") is PB  # type: ignore[arg-type]
    assert grade_prose(object(), "x") is PB  # type: ignore[arg-type]


# --- bounded work ----------------------------------------------------------------------


def test_huge_text_is_bounded_and_still_graded() -> None:
    huge = "Read the file and return its lines. " * 20_000  # ~700k characters
    assert len(huge) > MAX_PROSE_CHARS
    start = time.perf_counter()
    check(huge, huge.replace(" ", "  "), DOC)
    check(huge, huge + "Never delete it.", PB)
    check(huge, huge.replace("lines", "line"), PB)
    check(huge, huge + "\u202e", PB, "invisible, bidirectional or control characters were added")
    assert time.perf_counter() - start < 20


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (" ".join(str(i % 3) for i in range(4000)), " ".join(str(i * 2 % 3) for i in range(4000))),
        ("a " * 9000, "a " * 8990 + "b " * 10),
        ("x y " * 4000, "y x " * 4000),
    ],
)
def test_repetitive_input_under_the_cap_stays_fast(before: str, after: str) -> None:
    # difflib's SequenceMatcher takes seconds to minutes on these; the bounded diff must not.
    assert len(before) <= MAX_PROSE_CHARS
    start = time.perf_counter()
    assert grade_prose(before, after) is PB
    assert time.perf_counter() - start < 5


def test_typos_far_apart_in_long_text_are_still_documentation() -> None:
    filler = "the tool reads a file " * 600
    check(
        "Retrive " + filler + "recieve", "Retrieve " + filler + "receive", DOC, "a typo was fixed"
    )


def test_more_edits_than_the_cap_is_a_rewrite() -> None:
    # Distinct plain words, each "fixed" by one appended letter: a typo fix, one by one.
    words = ["word" + chr(97 + i // 26) + chr(97 + i % 26) for i in range(MAX_EDIT_TOKENS)]
    fixed = [w + "x" for w in words]
    check(" ".join(words), " ".join(fixed[:10] + words[10:]), DOC, "a typo was fixed")
    check(" ".join(words), " ".join(fixed), PB, "the wording changed")


# --- real pairs from the shared case corpus (copied so the tests stand alone) -----------


@pytest.mark.parametrize(
    ("case", "before", "after", "grade"),
    [
        (
            "tool-description-meaning",
            "Read a text file from the workspace.",
            "Read a text file from the workspace and delete it afterwards.",
            PB,
        ),
        (
            "tool-description-punctuation",
            "Read a text file from the workspace.",
            "Read a text file  from the workspace",
            DOC,
        ),
        (
            "input-prop-description-case",
            "Maximum lines to return.",
            "maximum lines to return.",
            DOC,
        ),
        ("prompt-description-doc", "Review a change for bugs.", "Review a change  for bugs.", DOC),
        ("tool-title-case", "Read file", "Read File", DOC),
        ("resource-title", "Application log", "Service journal", PB),
        (
            "server-instructions-meaning",
            "Call list_dir before read_file.",
            "Never call read_file on binary files; use stat first.",
            PB,
        ),
    ],
)
def test_shared_cases(case: str, before: str, after: str, grade: Severity) -> None:
    check(before, after, grade)


# --- properties ------------------------------------------------------------------------


@st.composite
def whitespace_variants(draw: st.DrawFn) -> tuple[str, str]:
    """A text and a copy whose whitespace runs (and ends) are replaced by other whitespace."""
    text = draw(st.text(max_size=200))
    ws = st.text(alphabet=" \t\n", min_size=1, max_size=4)
    parts = re.split(r"(\s+)", text)
    changed = "".join(draw(ws) if i % 2 else part for i, part in enumerate(parts))
    return text, draw(st.sampled_from(["", " ", "\n"])) + changed + draw(
        st.sampled_from(["", "\t"])
    )


@given(whitespace_variants())
@settings(max_examples=300, deadline=None)
def test_whitespace_only_changes_are_documentation(pair: tuple[str, str]) -> None:
    before, after = pair
    assert grade_prose(before, after) is DOC
    assert prose_change_reason(before, after) == "only case, whitespace or punctuation changed"


@given(st.one_of(st.none(), st.text(max_size=80)), st.one_of(st.none(), st.text(max_size=80)))
@settings(max_examples=300, deadline=None)
def test_grade_is_deterministic_and_agrees_with_its_reason(
    before: str | None, after: str | None
) -> None:
    grade, reason = grade_prose(before, after), prose_change_reason(before, after)
    assert grade in (DOC, PB)
    assert grade_prose(before, after) is grade
    assert prose_change_reason(before, after) == reason
    assert (reason in DOC_REASONS) == (grade is DOC)


@given(
    st.text(max_size=80),
    st.integers(min_value=0),
    st.sampled_from(["\u200b", "\u200e", "\u202d", "\u2067", "\ufeff", "\U000e0020", "\x07"]),
)
@settings(max_examples=200, deadline=None)
def test_inserting_a_hidden_character_is_always_potentially_breaking(
    text: str, where: int, hidden: str
) -> None:
    at = where % (len(text) + 1)
    assert grade_prose(text, text[:at] + hidden + text[at:]) is PB


def test_grades_do_not_depend_on_the_hash_seed() -> None:
    # Set and dict order must never leak into a grade or a reason.
    pairs = [
        ("Retrive teh file", "Retrieve the file"),
        (
            "Call list_dir before read_file.",
            "Never call read_file on binary files; use stat first.",
        ),
        ("Deletes 10 files in seconds", "Must not delete 100 files in ms"),
        ("Read the config", "R\u0435ad a config file"),
    ]
    script = (
        "import json, sys\n"
        "from mcp_inspect.classify.prose import grade_prose, prose_reason\n"
        "pairs = json.loads(sys.stdin.read())\n"
        "out = [[grade_prose(b, a).name, *prose_reason(b, a)] for b, a in pairs]\n"
        "print(json.dumps(out))\n"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(pairs),
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert json.loads(outputs.pop()) == [
        [grade_prose(b, a).name, *prose_reason(b, a)] for b, a in pairs
    ]


def test_plural_marker_is_not_read_as_a_unit():
    # Found on awslabs.aws-documentation-mcp-server 1.1.20: "section(s)" is not "seconds".
    before = "Use read_documentation to scan the page."
    after = "Use read_documentation when the answer is in a specific section(s) of the page."
    assert prose_change_reason(before, after) != "a unit changed"
    assert grade_prose(before, after) is Severity.POTENTIALLY_BREAKING


def test_derived_property_title_is_documentation():
    from mcp_inspect.classify.prose import derived_title_grade

    assert derived_title_grade(None, "Source Timezone", "source_timezone") == (
        Severity.DOCUMENTATION, "derived_title")
    assert derived_title_grade("Timezone", None, "timezone") is not None
    assert derived_title_grade(None, "Where to convert from", "source_timezone") is None


def test_the_ascii_shortcut_finds_what_the_full_search_finds_within_ascii():
    from mcp_inspect.text.invisible import hidden_counts

    # Text that is ASCII takes a shortcut; the same characters beside a non-ASCII one do not.
    for code in range(128):
        ch = chr(code)
        assert hidden_counts(ch, controls=True)[ch] == hidden_counts(ch + "é", controls=True)[ch], code


# --- the reason names what really changed ----------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "reason"),
    [
        # A directive word that only moved was neither added nor removed (found on a real
        # server: "the directive word 'maximum' changed").
        ("Return the maximum rows per page", "Return rows per page, up to the maximum", "the wording changed"),
        ("Only reads files", "Reads files only", "the wording changed"),
        ("You must call stat first", "Call stat first", "the directive word 'must' was removed"),
        ("Call stat", "Call stat; you must, and only once", "a number word was added: once"),
        ("Call stat", "Call stat; you must do it, and only here", "the directive word 'must' was added"),
        # Numbers added, removed, changed (found on a real server: "a number changed" when
        # numbers were only added).
        ("Search the web.", "Search the web. At most 10 results.", "a number was added: 10"),
        ("Search the web.", "Search the web. Codes: 400, 401, 404.", "3 numbers were added: 400, 401, 404"),
        # A number written twice is named once (new-user trial, round 44: "1221, 1221").
        ("Notion | Get a user", "Notion | Get a user\nHTTP status 400: 400", "a number was added: 400"),
        ("Read it.", "Read page 1221, then 1221 again or 2.", "2 numbers were added: 1221, 2"),
        ("Search the web. At most 10 results.", "Search the web.", "a number was removed: 10"),
        ("Send 1, 2, 3, 4, 5, 6 or 7", "Send a value", "7 numbers were removed: 1, 2, 3, 4, 5, …"),
        ("Retry 3 times", "Retry 8 times", "a number changed"),
        ("Take 5 apples and 3 pears", "Take 3 apples and 5 pears", "a number changed"),
        ("Ask someone", "Ask some one", "a number word was added: one"),
        # Number words are named as such, apart from the numbers written in digits (found on a
        # real server: "5 numbers were added: 5, once, single, one, one").
        ("Send it.", "Send it once, or 5 times in a single go",
         "1 number and 2 number words were added: 5; once, single"),
        ("Send it twice, or 5 or 6 times", "Send it.", "2 numbers and 1 number word were removed: 5, 6; twice"),
        ("Send it.", "Send it once or twice", "2 number words were added: once, twice"),
        ("Send 1, 2, 3, 4, 5, 6 or 7 once", "Send a value",
         "7 numbers and 1 number word were removed: 1, 2, 3, 4, 5, …; once"),
        # Digits inside an identifier that did not move are not a number changed.
        ("Use list_v2 now", "Use list_v2_all now", "an identifier changed"),
        # Digits run into letters name something (a ticket, a version), not a number of the text.
        ("See the ticket.", "See the ticket ACV2-642.", "the added text names an identifier"),
        ("Use the v2 API", "Use the v3 API", "a number changed"),
        ("Use list_v2.", "Use list_v2, 400, 401.", "2 numbers were added: 400, 401"),
        # A JSON literal only added or only removed says so (desktop-commander 0.2.52's
        # list_sessions, which added "Blocked: ... (true/false)", read "'true' changed").
        ("List the sessions.", "List the sessions. Blocked is true when it waits.",
         "the JSON literal 'true' was added"),
        ("Returns null when absent. Lists files.", "Lists files.", "the JSON literal 'null' was removed"),
        ("Returns true", "Returns false", "the JSON literal 'true' changed"),
    ],
)
def test_the_reason_names_what_really_changed(before: str, after: str, reason: str) -> None:
    check(before, after, PB, reason)


def test_long_texts_say_which_way_numbers_moved_too() -> None:
    filler = "Read the file and return its lines. " * 700  # past MAX_PROSE_CHARS
    assert len(filler) > MAX_PROSE_CHARS
    check(filler, filler + "At most 10.", PB, "a number was added: 10")
    check(filler + "At most 10.", filler, PB, "a number was removed: 10")


def test_a_sentence_added_after_an_identifier_does_not_say_the_identifier_changed():
    """New-user trial (mcp-server-kubernetes 4.1.7's patchFile): "(alternative to patchData)"
    gained a sentence after it; the token ``patchData)`` became ``patchData).``, and the note
    said "an identifier changed" although the name stayed and only text was added."""
    from mcp_inspect.classify.prose import grade_prose, prose_reason

    before = "Path to a file containing the patch data (alternative to patchData)"
    after = before + (". The path is read on the machine running the server; use 'patchData' to pass the "
                      "patch contents instead.")
    assert grade_prose(before, after).name == "POTENTIALLY_BREAKING"
    assert prose_reason(before, after)[0] == "identifier_added"
    assert prose_reason(after, before)[0] == "identifier_removed"
    assert prose_reason("Pass the fileId.", "Pass the blobId.")[0] == "identifier"


def test_a_class_name_title_added_or_removed_is_documentation():
    """New-user trial, round 10 (excel-mcp-server 1.1.2 → 2.2.2): pydantic titles each model
    with its class name; a release that dropped them ("SheetDetails", "WorkbookInfo") had a
    POTENTIALLY_BREAKING finding per tool, though the properties say what the class holds."""
    from support import diff_input_schemas

    from mcp_inspect.classify.prose import class_title_grade

    assert class_title_grade("SheetDetails", None) == (Severity.DOCUMENTATION, "class_title")
    assert class_title_grade(None, "WorkbookInfo") is not None
    assert class_title_grade("SheetDetails", "WorkbookInfo") is None  # another class: another thing
    assert class_title_grade("Sheet details", None) is None  # words, not a class name
    assert class_title_grade("Details", None) is None
    old = {"type": "object", "title": "SheetDetails", "properties": {"name": {"type": "string"}}}
    new = {"type": "object", "properties": {"name": {"type": "string"}}}
    [finding] = diff_input_schemas(old, new).findings
    assert finding.severity is Severity.DOCUMENTATION and "class name" in finding.message


def test_cloud_region_names_are_identifiers_not_numbers():
    """New-user trial, round 19 (awslabs.cloudwatch-mcp-server 0.1.1 → 0.3.1): a dropped list of
    regions said "5 numbers were removed: 1, 2, 1, 1, 2", the digits of ``us-east-1`` and its
    neighbours. Words joined by hyphens that end in digits name something; one word before the
    digits (``top-10``) and a range (``1-10``) keep their numbers."""
    from mcp_inspect.classify.prose import grade_prose, prose_reason

    before = "Region to query. PromQL is available in: us-east-1, us-west-2, eu-west-1, ap-southeast-2."
    after = "Region to query."
    assert grade_prose(before, after).name == "POTENTIALLY_BREAKING"
    assert prose_reason(before, after)[0] == "identifier_removed"
    assert prose_reason(after, before)[0] == "identifier_added"
    assert prose_reason("Return the top-10 hits.", "Return the hits.") == \
        ("number_removed", {"number_count": 1, "numbers": ["10"]})
    assert prose_reason("Between 1-10 items.", "Items.")[0].startswith("number")


def test_the_grade_and_the_reason_of_one_pair_are_assessed_once():
    """Callers ask for the grade and then the reason of the same pair; the cache meant for that
    sat on the token helper beside the assessment (moved there by an earlier edit), so every
    changed description was diffed twice."""
    from mcp_inspect.classify.prose import grade_prose, prose_reason
    from mcp_inspect.classify.prose.grade import _assess

    before, after = "Lists the open tickets of one queue.", "Lists the open tickets of one queue, newest first."
    _assess.cache_clear()
    grade_prose(before, after)
    prose_reason(before, after)
    info = _assess.cache_info()
    assert (info.misses, info.hits) == (1, 1), info


@pytest.mark.parametrize(("before", "after"), [
    # @notionhq/notion-mcp-server 1.9.0 → 2.0.0 appended its error responses to thirteen tools
    ("Notion | Create comment", "Notion | Create comment\nError Responses:\n400: Bad request"),
    ("Notion | Retrieve a user", "Notion | Retrieve a user\nError Responses:\n400: 400"),
    ("List pages.\n\nErrors:\n- 404 - Not Found\n- 429: Too Many Requests.\n\nPaged.", "List pages.\n\nPaged."),
    ("Get it\nError Responses:\n400: 400", "Get it\nError Responses:\n400: Bad request"),
])
def test_a_generated_list_of_error_statuses_alone_is_documentation(before, after):
    """A block of a heading and status lines that say only the code or its standard phrase
    moves nothing a model sends (prose labels: thirteen notion tools were POTENTIALLY_BREAKING)."""
    assert grade_prose(before, after) is DOC
    assert grade_prose(after, before) is DOC
    assert prose_change_reason(before, after).startswith("only a generated list of HTTP statuses")


@pytest.mark.parametrize(("before", "after"), [
    ("Get it", "Get it\nErrors:\n200: OK"),
    ("Get it", "Get it\nResponses:\n201: Created\n204: No Content"),
    ("Get it", "Get it\nError Responses:\n404: Not Found"),
])
def test_the_status_list_reason_names_no_status_the_text_does_not_hold(before, after):
    """The reason once always said "(400: Bad request)", even for a block of "200: OK" that
    never held a 400 (hostile trial, round 42). A block of success statuses only is set aside
    too: a line that says only a code and its standard phrase tells the model nothing it could
    send another way, whatever the code's class (docs/classification-notes.md)."""
    assert grade_prose(before, after) is DOC
    reason = prose_change_reason(before, after)
    assert reason.startswith("only a generated list of HTTP statuses")
    assert "400" not in reason and "error" not in reason


@pytest.mark.parametrize(("before", "after"), [
    # a status line that says more than its phrase tells the model something
    ("Get it", "Get it\nError Responses:\n400: Bad request if the id is not a UUID"),
    ("Get it", "Get it\nError Responses:\n404: Bad request"),  # not 404's phrase
    ("Get it", "Get it\nError Responses:\n400: Bad request\nRetry with a smaller page."),  # more after it
    ("Get it", "Get it\n400: Bad request"),  # no heading
    ("Get it\nError Responses:\n400: Bad request", "Get all of it\nError Responses:\n400: Bad request"),
])
def test_text_beside_a_status_list_or_inside_it_is_still_graded(before, after):
    assert grade_prose(before, after) is PB


def test_fastmcps_wrapper_description_dropped_from_an_output_schema_is_documentation():
    """mcp-server-motherduck 1.0.0 → 1.1.0 (new-user trial, round 37): FastMCP described every
    wrapped return value "Generic wrapper for non-object return types."; the release that
    dropped it had four POTENTIALLY_BREAKING findings, though the text named no tool."""
    from support import diff_output_schemas

    wrapped = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"],
               "x-fastmcp-wrap-result": True}
    old = {**wrapped, "description": "Generic wrapper for non-object return types."}
    [finding] = diff_output_schemas(old, wrapped).findings
    assert finding.severity is Severity.DOCUMENTATION and "FastMCP's wrapper description" in finding.message
    [finding] = diff_output_schemas(wrapped, old).findings
    assert finding.severity is Severity.DOCUMENTATION
    # Any other text in its place is read as prose.
    told = {**wrapped, "description": "Generic wrapper for non-object return types. Rows as CSV."}
    [finding] = diff_output_schemas(old, told).findings
    assert finding.severity is PB


@pytest.mark.parametrize(("before", "after", "reason"), [
    # @vuetify/mcp 0.7.0 → 0.11.0 (new-user trial, round 37): a product's name, not a count
    ("Requires VUETIFY_API_KEY.", "Requires a Vuetify One subscription.", "identifier_removed"),
    ("Search.", "Search. Returns One result.", "number_word_added"),  # a sentence's first word is no name
    ("Search.", "Search. At most ten results.", "number_word_added"),
    # a capitalised word that starts the text, a line or a bullet may be a verb (hostile trial, round 38)
    ("Retry Three times.", "Retry Five times.", "number"),
    ("Fetch.", "Fetch.\n- Retry Three times.", "number_word_added"),
    ("Fetch.", "Fetch.\nStep One: call it.", "number_word_added"),
    ("Fetch.", "Fetch. If it fails, Retry Three times.", "number_word_added"),  # after a comma
])
def test_a_capitalised_number_word_after_a_capitalised_word_is_a_name(before, after, reason):
    assert prose_reason(before, after)[0] == reason


@pytest.mark.parametrize(("old", "new", "grade"), [
    # @vuetify/mcp 0.2.3 → 0.12.1 (new-user trial, round 37): the platform list follows the enum
    ({"type": "string", "enum": ["vite", "nuxt"], "description": "The platform. Available platforms: vite, nuxt"},
     {"type": "string", "enum": ["vite", "nuxt", "vuetify0"],
      "description": "The platform. Available platforms: vite, nuxt, vuetify0"}, DOC),
    ({"type": "array", "items": {"enum": ["a", "b", "c"]}, "description": "Kinds: a, b, c"},
     {"type": "array", "items": {"enum": ["a", "b"]}, "description": "Kinds: a, b"}, DOC),
    # anything else that moved keeps the prose grade
    ({"type": "string", "enum": ["vite", "nuxt"], "description": "Platforms: vite, nuxt"},
     {"type": "string", "enum": ["vite", "nuxt", "cdn"], "description": "Platforms: vite, nuxt, cdn (not for prod)"},
     PB),
    ({"type": "string", "enum": ["vite", "nuxt"], "description": "Platforms: vite, nuxt"},
     {"type": "string", "enum": ["vite", "nuxt"], "description": "Platforms: vite, nuxt, cdn"}, PB),  # enum kept
    ({"type": "string", "enum": ["driving", "walking"], "description": "Profile: driving, walking"},
     {"type": "string", "enum": ["mapbox/driving", "mapbox/walking"],
      "description": "Profile: mapbox/driving, mapbox/walking"}, PB),  # a list replaced whole
    ({"type": "string", "enum": ["a", "b"], "description": "Use a, never b"},
     {"type": "string", "enum": ["a", "b", "c"], "description": "Use a, never b or c"}, PB),  # "or" added
    ({"type": "string", "enum": ["a", "b"], "description": "Use a, never b"},
     {"type": "string", "enum": ["a", "b", "c"], "description": "Use a, never b, c"}, PB),  # listed after a negation
    # a moved value's word in a sentence, not in the list (hostile trial, round 39)
    ({"type": "string", "enum": ["10", "100"], "description": "Rate: 10, 100. At most 100 requests per minute."},
     {"type": "string", "enum": ["10", "50"], "description": "Rate: 10, 50. At most 50 requests per minute."}, PB),
    # a value filed under a label of its own (hostile trial, round 41)
    ({"type": "string", "enum": ["list", "read", "write", "purge"],
      "description": "Read-only: list, read. Destructive: write, purge."},
     {"type": "string", "enum": ["list", "read", "write", "drop"],
      "description": "Read-only: list, read, drop. Destructive: write."}, PB),
    # a moved value's word twice, or beside only its own value's words (hostile trial, round 40)
    ({"type": "string", "enum": ["json", "text"], "description": "Format: json, text. Returns text."},
     {"type": "string", "enum": ["json", "text", "all"], "description": "Format: json, text, all. Returns all text."},
     PB),
    ({"type": "string", "enum": ["page", "site"], "description": "Scope: page or site. Deletes."},
     {"type": "string", "enum": ["page", "site", "all records"],
      "description": "Scope: page or site. Deletes all records."}, PB),
    ({"type": "string", "enum": ["some", "none"], "description": "Deletes the records in scope: some, none."},
     {"type": "string", "enum": ["some", "none", "all"],
      "description": "Deletes all the records in scope: some, none, all."}, PB),
    # a word or a bracket beside an end of the list qualifies the item there, and a value
    # gained or lost at that end moves it onto another (hostile trial, round 42)
    ({"type": "string", "enum": ["json", "csv", "xml"], "description": "Formats: json, csv, xml is deprecated."},
     {"type": "string", "enum": ["json", "csv"], "description": "Formats: json, csv is deprecated."}, PB),
    ({"type": "string", "enum": ["read", "write"], "description": "Mode: read, write (default)."},
     {"type": "string", "enum": ["read", "write", "admin"], "description": "Mode: read, write, admin (default)."}, PB),
    ({"type": "array", "items": {"enum": ["read", "write", "admin"]},
      "description": "Scopes: read, write, admin only for owners."},
     {"type": "array", "items": {"enum": ["read", "write"]},
      "description": "Scopes: read, write only for owners."}, PB),
    ({"type": "string", "enum": ["xml", "json", "csv"], "description": "Formats: legacy xml, json, csv."},
     {"type": "string", "enum": ["json", "csv"], "description": "Formats: legacy json, csv."}, PB),
    # a list closed by a full stop, a semicolon or a bracket, or opened by a line, still follows
    ({"type": "string", "enum": ["json", "csv"], "description": "Formats: json, csv. Pick one."},
     {"type": "string", "enum": ["json", "csv", "xml"], "description": "Formats: json, csv, xml. Pick one."}, DOC),
    ({"type": "string", "enum": ["json", "csv"], "description": "The format (json, csv); pick one.\njson, csv"},
     {"type": "string", "enum": ["json", "csv", "xml"],
      "description": "The format (json, csv, xml); pick one.\njson, csv, xml"}, PB),  # listed twice
    ({"type": "string", "enum": ["json", "csv"], "description": "The format (json, csv); pick one."},
     {"type": "string", "enum": ["json", "csv", "xml"], "description": "The format (json, csv, xml); pick one."}, DOC),
])
def test_a_description_that_lists_the_enum_and_follows_it_is_documentation(old, new, grade):
    from support import diff_input_schemas

    wrap = lambda p: {"type": "object", "properties": {"p": p}}  # noqa: E731
    found = [f for f in diff_input_schemas(wrap(old), wrap(new)).findings if f.rule.endswith("description.changed")]
    assert [f.severity for f in found] == [grade]


@pytest.mark.parametrize(("before", "after"), [
    # @azure/mcp 2.0.5 → 3.0.0-beta.46, hsm-container: a space after a full stop
    ("The name of the Key Vault Managed HSM Account.Format: abc-hsm", "The name of the Key Vault Managed HSM Account. "
     "Format: abc-hsm"),
    ("Reads the file.Returns text.", "Reads the file. Returns text."),
    ("See os.path for the rules", "See os. path for the rules"),
])
def test_a_change_of_whitespace_alone_is_documentation_where_a_word_was_read_as_an_identifier(before, after):
    """"Account.Format" is one token to the tokenizer, an identifier; "Account. Format" two
    words: the text changed by a space only and read as "the removed text named an identifier"
    (new-user trial, round 42). A change of whitespace alone says nothing new to a model."""
    assert grade_prose(before, after) is DOC
    assert grade_prose(after, before) is DOC


@pytest.mark.parametrize(("before", "after"), [
    ("Retries 1 0 times.", "Retries 10 times."),  # a number moved
    ("Keep some one.", "Keep someone."),  # a number word joined
    ("You must.Retry.", "You mu st. Retry."),  # a directive word split
    ("Set it to nul l.", "Set it to null."),  # a JSON literal joined
])
def test_a_change_of_whitespace_that_moves_a_sensitive_word_is_still_graded(before, after):
    assert grade_prose(before, after) is PB


@pytest.mark.parametrize(("before", "after", "grade"), [
    # @azure/mcp 2.0.5 → 3.0.0-beta.46: a tool's title
    ("CICD", "CI/CD", DOC),
    ("Run the CICD pipeline", "Run the CI/CD pipeline", DOC),
    ("USA only", "U.S.A. only", DOC),
    # not an abbreviation respelled: other letters, another order, or a name in lower case
    ("CI/CD", "CD/CI", PB),
    ("a_b", "ab", PB),
    ("os.path", "ospath", PB),
    ("Uses os.path", "Uses OS/PATH", PB),
    ("CICD", "CI/CE", PB),
])
def test_punctuation_put_inside_an_upper_case_abbreviation_is_documentation(before, after, grade):
    """"CICD" → "CI/CD" read as "an identifier changed" (new-user trial, round 42: @azure/mcp
    tool titles): the same capital letters in the same order, only cut by a slash, a dot or a
    hyphen, name the same thing. Only letters-only all-capital tokens are read so, for a name
    in code (``os.path``, ``a_b``) joined another way may be another name."""
    assert grade_prose(before, after) is grade
    assert grade_prose(after, before) is grade
