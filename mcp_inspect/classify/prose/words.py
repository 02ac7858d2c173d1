"""The words the prose grade reads: its word lists, its tokenizer, numbers as written.

Every grade of this package reads a text the same way, so the reading lives here once:
``_clean`` (NFKC, hidden characters dropped, ``section(s)`` and curly apostrophes mended),
``_tokens`` (words, with identifier joiners kept inside a token and the operators and units
that are punctuation kept as tokens of their own: step 2 of the grader, ``grade``), the
numbers as written (``_numbers``, ``_number_items``: steps 3 and 5), and the meaning-bearing
categories a token falls in (``_categories``: negation, number, JSON literal, unit, operator,
directive, identifier), which name the reason of a flagged change and which the title and
restating grades refuse. A negation is looked for inside an identifier too (``_negates``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from ...text.invisible import without_hidden
from ..pairing import name_words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


NEGATIONS = _words(
    "not no never none nothing nobody nowhere neither nor cannot can't won't don't doesn't "
    "didn't isn't aren't wasn't weren't shouldn't mustn't couldn't wouldn't hasn't haven't "
    "without unless except non"
)
NUMBER_WORDS = _words(
    "zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty "
    "fifty hundred thousand million billion once twice half double triple dozen single"
)
UNITS = _words(
    "% $ € £ ¥ percent ms s sec secs second seconds millisecond milliseconds microsecond "
    "microseconds ns μs min mins minute minutes h hr hrs hour hours day days week weeks "
    "month months year years b byte bytes kb kib mb mib gb gib tb bit bits kilobyte kilobytes "
    "megabyte megabytes gigabyte gigabytes char chars character characters px utc"
)
OPERATORS = _words("< > = ≤ ≥ ≠ + ± ~ - −")
DIRECTIVES = _words(
    "must mustn't only always required require requires requiring optional optionally "
    "deprecated deprecate obsolete should shall may might forbidden prohibited mandatory "
    "exactly least most maximum minimum max min"
)
ARTICLES = frozenset({"a", "an", "the"})
#: JSON's literal names: in a description they usually name a value the tool takes or returns.
LITERALS = frozenset({"true", "false", "null"})


_TOKEN_RE = re.compile(r"\w+(?:[./:'@]+\w+)*|(?<!\w)[-−](?=\d)|[%$€£¥<>=≤≥≠+±~]")
_BACKTICK_RE = re.compile(r"`[^`]*`")
_PLURAL_MARKER_RE = re.compile(r"(?<=[^\W\d_])\((e?s)\)")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
#: A number as written: digit runs and the punctuation that joins them (``1-10``, ``1,000``).
#: The three parts cannot overlap, so a failed match backtracks over one run only.
_NUMBER_RE = re.compile(r"\d+(?:\s*[^\w\s]+\s*\d+)*")
#: A word whose letters run straight into digits, with what hangs on to it (``ACV2-642``,
#: ``list_v2``, ``x86-64``; not ``10ms`` or ``5MB-10MB``); or two words or more of letters
#: joined by hyphens and ending in a hyphen and digits, as cloud regions are named
#: (``us-east-1``, ``ap-southeast-2``: awslabs.cloudwatch-mcp-server 0.3.1 dropped a list of
#: them, and "5 numbers were removed: 1, 2, 1, 1, 2" was said; new-user trial, round 19; one
#: word, ``top-10``, keeps its number). Anchored at a word's start, so the scan stays linear.
_NAMING_DIGITS_RE = re.compile(r"(?<!\w)\w*?[^\W\d]\d\w*(?:[-./:]\w+)*"
                               r"|(?<![\w-])[^\W\d_]+(?:-[^\W\d_]+)+-\d+(?![\w.]?\d)")
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d", "-"))
_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
#: The members of a written number that is a list or labels one (``400, 401``, ``400: Bad``):
#: a comma, colon or semicolon and white space between.
_LISTED_RE = re.compile(r"(?:[^,:;]|[,:;](?!\s))+")


#: What may stand before or after a word without being part of it.
_EDGE_PUNCTUATION = "()[]{}<>.,;:!?\"'`"


class _Token(NamedTuple):
    key: str  # casefolded, what the diff compares
    raw: str  # original case, to spot ALLCAPS and camelCase
    code: bool  # inside `backticks` in the source


def _clean(text: str) -> str:
    # Hidden characters vanish ("f\u200bile" reads as "file"), but the control
    # characters Python counts as whitespace (U+001C-U+001F, U+0085) still separate words.
    text = unicodedata.normalize("NFKC", text)
    text = without_hidden(text, controls=True, spacing=True)
    # "section(s)": a plural marker, not the word "s" (which would read as seconds).
    text = _PLURAL_MARKER_RE.sub(r"\1", text)
    return text.translate(_APOSTROPHES)


def _written(raw: str) -> str:
    """A number as written, without whitespace, one dash, no thousands commas (``1,000``, not
    ``1, 000``: a comma followed by a space separates numbers, ``400, 401``)."""
    number = "".join(raw.split()).translate(_DASHES)
    return number.replace(",", "") if _THOUSANDS_RE.fullmatch(raw) else number


def _numbers(text: str) -> list[str]:
    """The numbers of a cleaned text as written (``_written``)."""
    return [_written(m.group()) for m in _NUMBER_RE.finditer(text)]


def _number_items(text: str) -> list[str]:
    """A cleaned text's numbers (``_written``; a list ``400, 401`` is two, and so is
    ``400: 400``) and its number words, in order. Digits that letters run straight into
    (``ACV2-642``, ``list_v2``) name something: they are left to the identifier."""
    unnamed = _NAMING_DIGITS_RE.sub(lambda m: " " * len(m.group()), text)  # same offsets
    found = [(m.start() + at.start(), _written(at.group())) for m in _NUMBER_RE.finditer(unnamed)
             for at in _LISTED_RE.finditer(m.group())]
    found += [(m.start(), m.group().casefold()) for m in _TOKEN_RE.finditer(text)
              if m.group().casefold() in NUMBER_WORDS
              and not _PROPER_NAME_RE.search(text, max(0, m.start() - 64), m.end())]
    return [item for _, item in sorted(found)]


#: A capitalised number word right after a capitalised word that itself follows a lower-case
#: word or a digit: part of a name ("a Vuetify One subscription", "uses Formula One"), not a
#: count (new-user trial, round 37). A capitalised word that starts the text, a line, a bullet
#: or a sentence may be a verb ("Retry Three times", "Step One:"; hostile trial, round 38), and
#: so may one after a comma ("If it fails, Retry Three times"; round 39).
_PROPER_NAME_RE = re.compile(r"(?<=[a-z0-9] )[A-Z][\w-]*+ [A-Z][a-z]++\Z")


def _tokens(text: str) -> list[_Token]:
    """The tokens of a text already passed through ``_clean``."""
    code_spans = [m.span() for m in _BACKTICK_RE.finditer(text)]
    out: list[_Token] = []
    span_i = 0
    for m in _TOKEN_RE.finditer(text):
        while span_i < len(code_spans) and code_spans[span_i][1] <= m.start():
            span_i += 1
        code = span_i < len(code_spans) and code_spans[span_i][0] < m.start()
        out.append(_Token(m.group().casefold(), m.group(), code))
    return out


def _categories(tok: _Token) -> list[str]:
    """The meaning-bearing categories a changed token belongs to (empty for plain words)."""
    key, raw = tok.key, tok.raw
    cats = []
    if key in NEGATIONS or key.endswith("n't"):
        cats.append("negation")
    if key in NUMBER_WORDS or any(c.isdigit() for c in key):
        cats.append("number")
    if key in LITERALS:
        cats.append("literal")
    if key in UNITS:
        cats.append("unit")
    if key in OPERATORS:
        cats.append("operator")
    if key in DIRECTIVES:
        cats.append("directive")
    letters = [c for c in raw if c.isalpha()]
    if (
        tok.code
        or re.search(r"\w[./:@]\w|_", raw)
        or re.search(r"[a-z][A-Z]", raw)
        or (len(letters) >= 2 and all(c.isupper() for c in letters))
    ):
        cats.append("identifier")
    return cats


#: What lies between the words of a name or an identifier once it is cut (``no_confirm``).
_NOT_WORD_RE = re.compile(r"[\W_]+")


def _negates(token: _Token) -> bool:
    """Whether a token is a negation or holds one among its words (``noConfirm``,
    ``without_confirmation``: an identifier written into the text negates as the words do)."""
    if token.key in NEGATIONS or token.key.endswith("n't"):
        return True
    words = name_words(_NOT_WORD_RE.sub(" ", token.raw)).split()
    return len(words) > 1 and any(word in NEGATIONS or word.endswith("n't") for word in words)
