"""Text that only restates the schema: DOCUMENTATION, or None (the prose grade stands).

A model reads a tool's schema beside its text, so a text added, removed or changed whose
every word the schema already says tells it nothing new: "The ID of the base" for ``baseId``
(``restated_schema_grade``: the words of the names, the JSON type, the optionality and the
role words of rules/phrases.yaml, group ``restated``, that one side of a schema says, its
``Said``), or "(1-100)" added beside ``minimum: 1`` and ``maximum: 100``
(``restated_bound_grade``, over the schema's ``declared_numbers``). Both ask the block grader
(``grade``) first and regrade only what it flagged; a negation, a number as written that
moved, or a name's words swapped, reordered or joined by another of its actions ("Creates a
user" -> "Deletes a user" on ``create_or_delete_user``) keep the prose grade.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from typing import NamedTuple

from ...catalogue import default_catalogue
from ...findings.severity import Severity
from ...limits import MAX_PROSE_CHARS
from ..pairing import name_words
from .defaults import respelled_default
from .grade import _PB, _as_text, _assess, _gained, _unexcused_blocks
from .words import _NOT_WORD_RE, _TOKEN_RE, NUMBER_WORDS, _clean, _negates, _number_items, _numbers, _Token, _tokens

#: The keywords whose numbers a property's description may restate: its bounds and default.
BOUND_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
                  "minItems", "maxItems", "minProperties", "maxProperties", "multipleOf", "default")
_DIGITS_RE = re.compile(r"\d+(?:\.\d+)?")


def declared_numbers(schema: object) -> frozenset[float]:
    """The numbers a schema declares as a bound or default (``BOUND_KEYWORDS``); a boolean
    is not a number (``default: true`` declares no 1)."""
    if not isinstance(schema, dict):
        return frozenset()
    return frozenset(float(value) for key in BOUND_KEYWORDS
                     if isinstance(value := schema.get(key), (int, float)) and not isinstance(value, bool))


def restated_bound_grade(before: str | None, after: str | None,
                         declared: frozenset[float]) -> tuple[Severity, str] | None:
    """DOCUMENTATION when the only change the grader flags is numbers inserted on their own
    (``'(1-100)' added``), each part of each one a number in ``declared`` (the schema's
    bounds and default): the text restates what the schema already says. A number changed or
    removed, a number word, or any word inserted beside the numbers keeps the grade."""
    b, a = _as_text(before) or "", _as_text(after) or ""
    grade, reason, _ = _assess(b, a)
    if not declared or grade is not _PB or reason not in ("number_added", "numbers_added"):
        return None
    b_clean, a_clean = _clean(b), _clean(a)
    b_toks, a_toks = _tokens(b_clean), _tokens(a_clean)
    blocks = _unexcused_blocks(b_toks, a_toks)
    if blocks is None:
        return None
    for i1, i2, j1, j2 in blocks:
        if i1 != i2 or not all(_DIGITS_RE.fullmatch(t.key) for t in a_toks[j1:j2]):
            return None
    added = _gained(_number_items(a_clean), _number_items(b_clean))
    parts = [part for item in added for part in _DIGITS_RE.findall(item)]
    if not parts or any(item in NUMBER_WORDS for item in added) or not all(float(p) in declared for p in parts):
        return None
    return Severity.DOCUMENTATION, "restated_bound"


#: An acronym's plural (``IDs``, ``URLs``): the ``s`` is not a word of its own.
_ACRONYM_PLURAL_RE = re.compile(r"(?<![a-z])([A-Z]{2,})s\b")
#: The type names whose words a restating text may use (each a word list of ``restated``).
_JSON_TYPES = ("string", "number", "integer", "boolean", "array", "object")


class Said(NamedTuple):
    """What one side of a schema already says about the thing a text describes: the names
    the text may repeat (its own, its tool's or prompt's), its JSON type (a name or a list of
    names), its optionality (``optional``, ``required``, or None where neither applies) and
    the lists of role words it may use (rules/phrases.yaml, group ``restated``)."""

    names: tuple[str, ...]
    types: object = None
    optionality: str | None = None
    roles: tuple[str, ...] = ("role",)


@functools.lru_cache(maxsize=1)
def _restating_lists() -> dict[str, frozenset[str]]:
    """The catalogue's word lists for restated text (rules/phrases.yaml, group ``restated``)."""
    return {key: frozenset(words.split()) for key, words in default_catalogue().phrases["restated"].items()}


def _stem(word: str) -> str:
    """A word reduced closely enough for two forms to compare alike: plurals (``ids``, ``entries``,
    ``indexes``), ``-ing`` and ``-ed`` (``crawling``, ``crawled``), the noun a verb makes
    with ``-ion`` after a ``t`` (``extraction``, ``deletion``) and a final ``e`` (``scrape``,
    ``scraping``). Both sides of a comparison go through it."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    elif len(word) > 6 and word.endswith("tion"):
        word = word[:-3]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _restating_words(text: str, set_aside: frozenset[str] = frozenset()) -> frozenset[str]:
    """The words of a text or a name as the restating test compares them: cut at separators,
    camelCase and digits (pairing.name_words), without case, ``set_aside`` and word endings."""
    cleaned = _ACRONYM_PLURAL_RE.sub(r"\1", _clean(text))
    words = name_words(_NOT_WORD_RE.sub(" ", cleaned)).split()
    return frozenset(_stem(w) for w in words if w not in set_aside)


@functools.lru_cache(maxsize=1)
def _light() -> frozenset[str]:
    """The words of low meaning a removed property description may hold (``restated.light``)."""
    return frozenset(_stem(word) for word in _restating_lists()["light"])


def _known(said: Said) -> frozenset[str]:
    """Every word a text may use and still only restate ``said``."""
    lists = _restating_lists()
    listed = [*said.roles] + ([said.optionality] if said.optionality in ("optional", "required") else [])
    types = said.types
    listed += [t for t in ([types] if isinstance(types, str) else types if isinstance(types, list) else [])
               if t in _JSON_TYPES]
    known = {_stem(word) for key in listed for word in lists[key]}
    for at, name in enumerate(said.names):
        words = _restating_words(name)
        # A letter of another name (the tool ``t`` a property ``x`` sits in) restated by a
        # one-letter text is a coincidence, not the name said again: a title "T" removed from
        # ``x`` read as restating it (hostile trial, round 45). The thing's own name keeps its
        # letters ("X coordinate" of ``x``), and a digit stays (the server ``context7``'s
        # "Context7" in a tool's title).
        known |= words if at == 0 else {word for word in words if len(word) > 1 or not word.isalpha()}
    return frozenset(known)


def restated_schema_grade(before: object, after: object, new: Said, old: Said | None = None,
                          ) -> tuple[Severity, str] | None:
    """DOCUMENTATION when every word the text gained or lost restates what the schema already
    says (the contract): once case, separators, word endings and the ``set_aside`` words are
    dropped, each is a word of one of the names, of the JSON type, of the optionality (each
    side's own: ``old`` for the words the text lost, ``new`` for those it gained; ``old``
    defaults to ``new``) or a role word (``arguments``, ``params``, ...). A text added or
    removed whole: "The ID of the base" for ``baseId``, "Array of record IDs to delete" for
    ``recordIds`` of ``delete_records``. A text that changed: each block the grader flags
    (step 4) only inserts, deletes or swaps such words ("(Optional)" added to an optional
    argument; the generated root title ``GitAdd`` become ``addArguments``). Anything the
    schema does not say (a verb, a format, an example, a negation) keeps the prose grade.

    One wider case, ``paraphrase_removed``: a property's or argument's own text (``old`` has
    an optionality) removed whole whose other words are only words of low meaning
    (``restated.light``: function words, *name*, *settings*, *perform*); the model still
    reads the name, the type and the tool's description. Not for a text added."""
    b, a = _as_text(before) or "", _as_text(after) or ""
    grade, reason, _ = _assess(b, a)
    if grade is not _PB or reason in ("hidden", "lookalike") or max(len(b), len(a)) > MAX_PROSE_CHARS:
        return None
    said_new, said_old = _known(new), _known(old or new)
    b_clean, a_clean = _clean(b), _clean(a)
    b_toks, a_toks = _tokens(b_clean), _tokens(a_clean)
    if reason in ("added", "removed"):
        text, known = (a_toks, said_new) if reason == "added" else (b_toks, said_old)
        if not any(t.key not in _restating_lists()["set_aside"] for t in text):
            return None
        # An identifier naming the entity counts as its name only in a sentence that says what
        # it is ("Arguments for the GetIndexMappingTool."): a title that is one identifier
        # (``read_dataSummary``) holds a word the schema does not say.
        said = new if reason == "added" else old or new
        naming = [t for t in text if _identifier_naming(t, said)]
        rest = [t for t in text if t not in naming]
        # ... or in an identifier that says what it is itself: FastMCP's root title
        # "mcp_containerize_appArguments" for the function ``mcp_containerize_app`` registered
        # as ``containerize_app`` (new-user trial, round 31: awslabs.ecs-mcp-server).
        roles = {_stem(word) for key in said.roles for word in _restating_lists()[key]}
        spoken = any(t.key not in _restating_lists()["set_aside"] for t in rest) or any(
            _restating_words(t.raw) & roles for t in naming)
        if _only_restates(text, known) or (len(rest) < len(text) and spoken and _only_restates(rest, known)):
            return Severity.DOCUMENTATION, "restated_schema"
        # A property's or argument's own description removed: the model still reads the name,
        # the type and the tool's description, so words of low meaning beside the name's lost
        # nothing ("Location settings for scraping" on `location`).
        if reason == "removed" and (old or new).optionality is not None and _only_restates(text, known | _light()):
            return Severity.DOCUMENTATION, "paraphrase_removed"
        return None
    if _numbers(b_clean) != _numbers(a_clean):
        return None  # a number as written moved: step 3 of the grader, whatever the words
    blocks = _unexcused_blocks(b_toks, a_toks)
    if blocks is None:
        return None
    for i1, i2, j1, j2 in blocks:
        if not (_only_restates(b_toks[i1:i2], said_old) and _only_restates(a_toks[j1:j2], said_new)):
            return None
    # Swapped within one block ("Archive … Delete" → "Delete … Archive") or across blocks.
    lost = [t for i1, i2, _, _ in blocks for t in b_toks[i1:i2]]
    gained = [t for _, _, j1, j2 in blocks for t in a_toks[j1:j2]]
    if any(_swaps_a_name_word(b_toks[i1:i2], a_toks[j1:j2], old or new, new) for i1, i2, j1, j2 in blocks) or \
            _swaps_a_name_word(lost, gained, old or new, new) or _reorders_or_adds_a_name_word(b_toks, a_toks,
                                                                                              old or new, new):
        return None
    return Severity.DOCUMENTATION, "restated_schema"


#: An identifier written as one word: two or more capitalised parts (``GetShardsTool``) or
#: parts joined by underscores (``get_shards_args``).
_IDENTIFIER_RE = re.compile(r"(?:[A-Z][a-z0-9]+){2,}|[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+")
#: Words an identifier naming a text's entity may hold beyond the entity's own name: the
#: class a generator names a tool's arguments after (pydantic's docstring "Arguments for the
#: GetIndexMappingTool." on the tool ``IndexMappingTool``).
_IDENTIFIER_EXTRA = 2


def _identifier_naming(token: _Token, said: Said) -> bool:
    """Whether ``token`` is one identifier that holds every word of one of ``said``'s names,
    with at most ``_IDENTIFIER_EXTRA`` words more: it names the entity (a generated class or
    function named after it), and tells a model nothing its name does not. New-user trial,
    round 30 (opensearch-mcp-server-py 0.4.0 → 0.12.0): "Arguments for the
    GetIndexMappingTool." added to ``IndexMappingTool``'s input schema was POTENTIALLY_BREAKING
    where "Arguments for the GetShardsTool." on ``GetShardsTool`` was DOCUMENTATION."""
    if not _IDENTIFIER_RE.fullmatch(token.raw):
        return False
    words = _restating_words(token.raw)
    return any(len(name_words) >= 2 and name_words <= words and len(words - name_words) <= _IDENTIFIER_EXTRA
               for name in said.names if (name_words := _restating_words(name)))


def _name_words(said: Said) -> frozenset[str]:
    """The words of ``said``'s names alone, without those a role, type or optionality gives."""
    lists = _restating_lists()
    listed = {_stem(word) for key in ("optional", "required", *said.roles, *_JSON_TYPES) if key in lists
              for word in lists[key]}
    return frozenset(word for name in said.names for word in _restating_words(name)) - listed


def _swaps_a_name_word(lost: list[_Token], gained: list[_Token], old: Said, new: Said) -> bool:
    """Whether a changed text lost one name's word and gained another's: both restate the
    schema, but "Creates a user" → "Deletes a user" on ``create_or_delete_user`` says the
    opposite. A word only dropped or only added (a title respelled, "(Optional)") is not."""
    before, after = set(_name_words_in(lost, old)), set(_name_words_in(gained, new))
    return bool(before - after) and bool(after - before)


def _name_words_in(tokens: list[_Token], said: Said) -> list[str]:
    """The words of ``said``'s names that ``tokens`` hold, in the order they hold them."""
    set_aside, names = _restating_lists()["set_aside"], _name_words(said)
    return [w for t in tokens for w in sorted(_restating_words(t.raw, set_aside)) if w in names]


#: Words that join the actions of a name (read_or_delete, read_and_delete, read_then_delete).
_JOINERS = frozenset({"or", "and", "then", "plus", "also"})


def _verbs_of(said: Said) -> frozenset[str]:
    """The words of a name made of several actions (``get_or_delete_user``, ``read_write_file``:
    two or more of its words joined by "or", "and", "then"…): the ones a text
    may not add without claiming another action. Empty for a plain name."""
    verbs: set[str] = set()
    for name in said.names:
        words = [_stem(w) for w in name_words(_NOT_WORD_RE.sub(" ", name)).split()]
        for i, word in enumerate(words[1:-1], start=1):
            if word in _JOINERS:
                verbs |= {words[i - 1], words[i + 1]}
    return frozenset(verbs)


def _reorders_or_adds_a_name_word(before: list[_Token], after: list[_Token], old: Said, new: Said) -> bool:
    """Whether a changed text puts the words of a name in another order ("from source to
    dest" → "from dest to source") or brings in one the old text did not say ("Gets the
    user." → "Gets, deletes the user." on ``get_or_delete_user``): both restate the name,
    and both change what the text says the tool does. Dropping one is not this."""
    words_before, words_after = _name_words_in(before, old), _name_words_in(after, new)
    if sorted(words_before) == sorted(words_after):
        return words_before != words_after
    added = set(words_after) - set(words_before)
    # Only a word that names what the tool does: one the old text left out that is one of the
    # tool's own verbs (an owner of several: get_or_delete_user) changes the claim.
    return bool(added & _verbs_of(new))


def _only_restates(tokens: list[_Token], known: frozenset[str]) -> bool:
    """Whether every token is a set-aside word or made of ``known`` words only: a token with no
    word in it (an operator, ``<``) restates nothing."""
    set_aside = _restating_lists()["set_aside"]
    for token in tokens:
        if _negates(token):
            # A negation restates nothing, even when a name holds it: "without confirmation"
            # for ``withoutConfirmation`` turns what the sentence asks for around.
            return False
        if token.key in set_aside:
            continue
        words = _restating_words(token.raw, set_aside)
        # A word a name writes whole and the text in camelCase ("JavaScript" beside
        # find_unused_javascript) is that word: new-user trial, round 32 (lighthouse-mcp).
        if not words or not (words <= known or _stem(token.key) in known):
            return False
    return True


def restated_values_grade(before: str | None, after: str | None, old_values: object,
                          new_values: object) -> tuple[Severity, str] | None:
    """DOCUMENTATION when a description changed only by the allowed values the schema's own
    ``enum`` gained or lost beside it: with the words of those values set aside on both sides
    the two texts are the same token for token. The enum's own finding says what the change
    does to callers; the text only follows it (@vuetify/mcp 0.7.0 → 0.11.0 listed its
    components after "Available components:" and dropped seven with the enum; new-user trial,
    round 37). Each side's text must list that side's values whole, as one written list set
    apart from its sentence (``_in_a_list``, ``_value_runs``, ``_run_set_apart``)."""
    if not (isinstance(before, str) and isinstance(after, str)) or max(len(before), len(after)) > MAX_PROSE_CHARS:
        return None
    if not (isinstance(old_values, list) and isinstance(new_values, list)):
        return None
    old_set = {value for value in old_values if isinstance(value, str)}
    new_set = {value for value in new_values if isinstance(value, str)}
    moved = old_set ^ new_set
    if not moved or len(old_set) != len(old_values) or len(new_set) != len(new_values):
        return None  # no string value moved, or a value that is not a string: the grade stands
    words_of = {value: {token.key for token in _tokens(_clean(value))} for value in old_set | new_set}
    aside = set().union(*(words_of[value] for value in moved))
    kept = set().union(*(words_of[value] for value in old_set & new_set))
    if not aside or not kept or aside & kept:
        # A list replaced whole is a new list to copy from (mapbox-mcp-server 0.14.0 respelled
        # every routing profile: labelled POTENTIALLY_BREAKING), and a moved value's word that a
        # kept value has too may tell by its place.
        return None
    b_tokens, a_tokens = _tokens(_clean(before)), _tokens(_clean(after))
    if any(_negates(token) for token in (*b_tokens, *a_tokens)):
        return None  # "never b, c": a value listed after a negation is one not to send
    owners: dict[str, set[str]] = {}  # each value word → the values that hold it
    for value, words in words_of.items():
        for word in words:
            owners.setdefault(word, set()).add(value)
    if not all(_in_a_list(tokens, aside, owners) for tokens in (b_tokens, a_tokens)):
        return None
    # Each side's text must list its enum whole, in one run of value words: a value filed under
    # a label of its own ("Read-only: list, read, drop. Destructive: write.") says more than the
    # enum (hostile trial, round 41).
    for text, tokens, values in ((before, b_tokens, old_set), (after, a_tokens, new_set)):
        listed = set().union(*(words_of[value] for value in values))
        if listed not in _value_runs(tokens, owners) or not _run_set_apart(_clean(text), owners, listed):
            return None
    b_rest = [t.key for t in b_tokens if t.key not in aside]
    a_rest = [t.key for t in a_tokens if t.key not in aside]
    if b_rest != a_rest or b_tokens == a_tokens:
        return None
    return Severity.DOCUMENTATION, "restated_values"


def _in_a_list(tokens: list[_Token], aside: set[str], owners: dict[str, set[str]]) -> bool:
    """Whether each word of a moved value stands once in ``tokens``, beside a word of another
    value: an item of the written list of values, not a word of a sentence ("At most 100
    requests" beside enum ["10", "100"]: hostile trial, round 39; "Returns all text" beside
    a list that also names "all", "Deletes all records" for the value "all records": round 40)."""
    keys = [token.key for token in tokens]
    counts = Counter(keys)
    for i, key in enumerate(keys):
        if key not in aside:
            continue
        if counts[key] > 1:
            return False
        if not any(0 <= j < len(keys) and owners.get(keys[j], set()) - owners[key] for j in (i - 1, i + 1)):
            return False
    return True


def _value_runs(tokens: list[_Token], owners: dict[str, set[str]]) -> list[set[str]]:
    """The sets of words of each run of consecutive value words in ``tokens``."""
    runs: list[set[str]] = []
    current: set[str] = set()
    for token in tokens:
        if token.key in owners:
            current.add(token.key)
        elif current:
            runs.append(current)
            current = set()
    if current:
        runs.append(current)
    return runs



#: What may stand before a written list of values for it to open there: the start of the text,
#: of a line or of a sentence, a colon, a dash or an opening bracket (quotes aside).
_LIST_OPENED = re.compile(r"(?:\A|[\n:;(\[{\u2013\u2014-]|[.!?]\s)[ \t]*+[\"'`\u201c\u2018]*\Z")
#: What may follow it for it to close there: the end of the text or of a line, a full stop and
#: white space, a semicolon or a closing bracket (quotes aside).
_LIST_CLOSED = re.compile(r"[\"'`\u201d\u2019]*+[ \t]*+(?:\Z|\n|[.!?](?:\s|\Z)|;|[)\]}])")


def _run_set_apart(text: str, owners: dict[str, set[str]], listed: set[str]) -> bool:
    """Whether the run of value words that holds ``listed`` stands apart from the sentence
    around it, opened and closed by punctuation (``_LIST_OPENED``, ``_LIST_CLOSED``): a word
    or a bracket beside its first or last item qualifies that item, and a value gained or lost
    at that end moves the qualifier onto another value ("json, csv, xml is deprecated" →
    "json, csv is deprecated"; "read, write (default)" → "read, write, admin (default)";
    hostile trial, round 42). ``text`` is cleaned (``_clean``), as the tokens were."""
    run: list[re.Match[str]] = []
    for found in (*_TOKEN_RE.finditer(text), None):
        if found is not None and found.group().casefold() in owners:
            run.append(found)
            continue
        if run and {m.group().casefold() for m in run} == listed:
            return bool(_LIST_OPENED.search(text, 0, run[0].start())) and bool(
                _LIST_CLOSED.match(text, run[-1].end()))
        run = []
    return False


def restated_choices_grade(before: str | None, after: str | None, old_allowed: frozenset[str] | None,
                           new_allowed: frozenset[str] | None) -> tuple[Severity, str] | None:
    """DOCUMENTATION when the only words the grader flags list exactly the values the schema
    allows (``*_allowed``: each side's, as token keys), each once, beside words that only
    introduce such a list (``restated.choices``: "Accepted values:", "One of"). @azure/mcp
    2.0.5 → 3.0.0-beta.46 dropped "Accepted values: true, false" from a boolean and it read as
    "the JSON literal 'true' was removed" (new-user trial, round 42); the type says as much. A
    list of fewer values ("Accepted values: true" says the other is not accepted), of other
    values, a list replaced by one of other values, or any other word keeps the prose grade."""
    b, a = _as_text(before) or "", _as_text(after) or ""
    grade, reason, _ = _assess(b, a)
    if grade is not _PB or reason in ("hidden", "lookalike") or max(len(b), len(a)) > MAX_PROSE_CHARS:
        return None
    b_clean, a_clean = _clean(b), _clean(a)
    if _numbers(b_clean) != _numbers(a_clean):
        return None
    b_toks, a_toks = _tokens(b_clean), _tokens(a_clean)
    blocks = _unexcused_blocks(b_toks, a_toks)
    if not blocks:
        return None
    lost = [t for i1, i2, _, _ in blocks for t in b_toks[i1:i2]]
    gained = [t for _, _, j1, j2 in blocks for t in a_toks[j1:j2]]
    if lost and gained and old_allowed != new_allowed:
        # A list replaced by a list of other values is a new list to copy from (mapbox-mcp-server
        # 0.14.0 respelled every routing profile: labelled POTENTIALLY_BREAKING), as in
        # ``restated_values_grade``.
        return None
    if _lists_exactly(lost, old_allowed) and _lists_exactly(gained, new_allowed):
        return Severity.DOCUMENTATION, "restated_choices"
    return None


def _lists_exactly(tokens: list[_Token], allowed: frozenset[str] | None) -> bool:
    """Whether ``tokens`` are none, or every value of ``allowed`` once and otherwise only words
    that introduce a list of choices (``restated.choices``, ``restated.set_aside``)."""
    if not tokens:
        return True
    if not allowed:
        return False
    lists = _restating_lists()
    values = sorted(t.key for t in tokens if t.key in allowed)
    return values == sorted(allowed) and all(
        t.key in allowed or t.key in lists["choices"] or t.key in lists["set_aside"] for t in tokens)


def default_respelled_grade(before: str | None, after: str | None) -> tuple[Severity, str] | None:
    """DOCUMENTATION when both texts state one default in words, the same value, and the texts
    read the same once each says it one way: "(Default - 50)" → "Default is 50." (new-user
    trial, round 42: @azure/mcp 2.0.5 → 3.0.0-beta.46, ``virtual-users``). The value must stand
    whole with nothing after it (``defaults._DEFAULT_END``: not "50 minutes"), no word before "default"
    may unsay it ("Default was 50"), and a dash before a digit is a minus, not a lead ("Default
    -50"); another value, or any other word changed, keeps the prose grade."""
    if not (isinstance(before, str) and isinstance(after, str)) or max(len(before), len(after)) > MAX_PROSE_CHARS:
        return None
    b, a = respelled_default(_clean(before)), respelled_default(_clean(after))
    if b is None or a is None or _assess(b, a)[0] is not Severity.DOCUMENTATION:
        return None
    return Severity.DOCUMENTATION, "default_respelled"
