"""The block grader: a change of prose graded DOCUMENTATION or POTENTIALLY_BREAKING, and why.

``grade_prose`` gives the grade, ``prose_reason`` the key of the phrase that says why
(rules/phrases.yaml, group ``prose``) and the facts it reads; ``restating`` regrades what
it flags. A text is read through ``words`` (steps 2 and 3, the categories of steps 4 and 5),
and step 4 (e) is ``lists``. The steps, and why:

1. Hidden characters first, on the raw text. Zero-width, bidirectional, tag and
   other format (Cf) characters, stray control characters and variation selectors
   are how instructions get smuggled past a human reviewer, so a code point that
   occurs more often after than before is POTENTIALLY_BREAKING whatever else
   happened. (Counted per code point: swapping one hidden character for another
   counts.) A lone variation selector after a symbol is an ordinary emoji and
   is not counted. Removing hidden characters is harmless and is not flagged.
2. Tokens, not characters. Both sides are NFKC-normalised, hidden characters are
   dropped, and the text is cut into words. Identifier joiners (``_ . / : ' @``
   between word characters) stay inside a token so ``list_dir`` or ``v1.2`` is one
   token; hyphens split, so ``read-only`` and ``read only`` agree. Operators and
   units that are punctuation to a tokenizer (``% $ < > = + ~``, a minus before a
   digit) are kept as tokens of their own; all other punctuation is dropped.
   Tokens are compared casefolded; the original case is kept to spot acronyms and
   camelCase. Equal token lists mean only case, whitespace or punctuation moved, and so
   do texts that differ in whitespace alone (``Account.Format`` -> ``Account. Format``,
   one identifier become two words) with every negation, number, literal, unit, operator
   and directive word as it was (``_whitespace_only``).
3. Numbers as written: the runs of digits, with the punctuation between them
   (``1-10``, ``2.5``, ``10:30``), must read the same on both sides, whitespace
   and the kind of dash aside, and thousands grouped with commas read as the bare
   number (``1,000`` is ``1000``). Punctuation is dropped from the tokens, so
   without this ``1-10`` -> ``1 10`` (a range become two values) would be
   "only punctuation", and ``1-10`` -> ``110`` a re-joined word. Any other change
   is POTENTIALLY_BREAKING ("a number changed"), whatever step 4 excuses.
4. A word diff (Myers, on token lists) then excuses a changed block only when
   (a) its tokens are the same once joined (``e-mail``/``email``), no number word
   or JSON literal (``true``/``false``/``null``) being joined or split; an upper-case
   abbreviation cut by slashes or dots reads as its letters (``CI/CD``/``CICD``),
   (b) it only adds, drops or swaps the articles a / an / the, or
   (c) it pairs off word for word into typo fixes: plain words sharing their first
   letter, restricted Damerau-Levenshtein distance <= 2 and <= a third of the
   shorter word (only a swap for three-letter words), no plural s/es toggle, no
   letter from a new script (a homoglyph), and neither word a negation, number,
   JSON literal, unit, operator, directive or identifier (``_ . /``, camelCase,
   ALLCAPS, `code`): ``true`` -> ``tree`` is not a typo fix.
   (d) it only spells a negation another way, the same negation in the same place:
   ``without`` -> ``with no``, ``don't`` -> ``do not``. The polarity did not move, so the
   negation is not touched; a negation added, dropped or moved still is.
   (e) (before the word diff, on the whole text) the only change puts the items of one
   written list of choices in another order, no number among what moved: a list its own
   lead-in introduces as a set ("Allowed commands: cat, ls" -> "ls, cat", a set printed in
   hash order); ``lists`` says which lists count, and why.
   Anything else is POTENTIALLY_BREAKING; the reason names the most meaning-bearing
   category touched: negation > number > JSON literal > unit > operator > directive
   > identifier > look-alike letters > plain wording.
5. The reason says what happened to its category, not only that it was touched. Numbers
   (as written, and number words) are counted on both sides: only more of them is
   "added" (naming them), only fewer "removed", anything else (one for another, or the
   same numbers reordered) "changed"; a token that holds digits but whose numbers did
   not move (``list_v2`` -> ``list_v2_all``) is not a number changed. Directive words are
   counted over the changed blocks: one that only moved (``only reads`` -> ``reads
   only``) was neither added nor removed and is not the reason; otherwise the reason
   names the first one added or removed, or both. A JSON literal in words only inserted
   was added, in words only deleted removed, in a replaced run changed. These only
   choose the words: the
   grade is decided by steps 1-4.

Bounded work: above MAX_PROSE_CHARS on either side only steps 1-3 run (linear) and
any token difference is POTENTIALLY_BREAKING; below it the diff gives up after
MAX_EDIT_TOKENS edits, so the worst case is O(MAX_PROSE_CHARS * MAX_EDIT_TOKENS).
The Cf set comes from the running Python's Unicode tables.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections import Counter

from ...findings.severity import Severity
from ...limits import MAX_EDIT_TOKENS, MAX_PROSE_CHARS, MAX_TYPO_WORD_CHARS
from ...text.diff import ELLIPSIS
from ...text.invisible import hidden_counts, without_hidden
from .lists import _list_reordered
from .statuses import without_status_lists
from .words import (
    _EDGE_PUNCTUATION,
    _TOKEN_RE,
    ARTICLES,
    DIRECTIVES,
    LITERALS,
    NUMBER_WORDS,
    _categories,
    _clean,
    _number_items,
    _numbers,
    _Token,
    _tokens,
)

#: The categories a changed token may fall in, most meaning-bearing first: the first one
#: touched is the reason. Each is also the key of its phrase in the ``prose`` group of
#: rules/phrases.yaml, as are the other reasons below; the grader names, the catalogue words.
_CATEGORIES = ("negation", "number", "literal", "unit", "operator", "directive", "identifier",
               "lookalike", "wording")
#: Categories whose phrase names the token (the argument ``word``).
_NAMES_TOKEN = frozenset({"literal"})
#: How many numbers a reason lists; more are shown as an ellipsis (the count says how many).
_NUMBERS_SHOWN = 5
_DOC_SAME, _DOC_ARTICLE, _DOC_TYPO = "same", "article", "typo"
_DOC_NEGATION = "negation_respelled"
_DOC_REORDERED = "list_reordered"
_DOC_STATUS_LIST = "status_list"
#: Negations spelled as one word, in the words they stand for (``_negations_spelled_out``).
_SPELLED_OUT = {"without": ("with", "no"), "cannot": ("can", "not"), "can't": ("can", "not"),
                "won't": ("will", "not"), "shan't": ("shall", "not")}
#: The grade of a declared change that no host or model acts on (a default restated, lastModified).
INERT = Severity.DOCUMENTATION


def _as_text(value: object) -> str | None:
    """None stays absent; a hostile non-string is compared through its JSON text."""
    if value is None or isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        pass
    try:
        return repr(value)
    except (RecursionError, ValueError):  # e.g. nested deeper than the recursion limit
        return f"<{type(value).__name__}>"


def _gained(items: list[str], than: list[str]) -> list[str]:
    """The items of ``items``, in order, beyond as many as ``than`` holds of each."""
    left = Counter(than)
    out = []
    for item in items:
        if left[item]:
            left[item] -= 1
        else:
            out.append(item)
    return out


def _number_reason(b_clean: str, a_clean: str) -> tuple[str, Facts] | None:
    """How the numbers moved (step 5), or None when they read the same, in the same order.
    The numbers added or removed are named apart from the number words (``once``, ``one``)."""
    before, after = _number_items(b_clean), _number_items(a_clean)
    if before == after:
        return None
    added, removed = _gained(after, before), _gained(before, after)
    if added and removed or not (added or removed):
        return "number", ()
    moved = added or removed
    # Each number named once, in the order first written: a page number written twice was
    # "3 numbers were added: 1221, 1221, 2" (new-user trial, round 44).
    distinct = list(dict.fromkeys(moved))
    digits = [item for item in distinct if item not in NUMBER_WORDS]
    words = [item for item in distinct if item in NUMBER_WORDS]
    way = "_added" if added else "_removed"
    facts: Facts = ()
    if digits:
        facts += (("number_count", len(digits)), ("numbers", _shown(digits)))
    if words:
        facts += (("word_count", len(words)), ("number_words", _shown(words)))
    if digits and words:
        return "numbers_and_words" + way, facts
    if digits:
        return ("number" if len(digits) == 1 else "numbers") + way, facts
    return ("number_word" if len(words) == 1 else "number_words") + way, facts


def _shown(items: list[str]) -> tuple[str, ...]:
    """The first few of ``items``, and an ellipsis for the rest."""
    return tuple(items[:_NUMBERS_SHOWN] + ([ELLIPSIS] if len(items) > _NUMBERS_SHOWN else []))


def _directive_reason(old: list[_Token], new: list[_Token]) -> tuple[str, Facts] | None:
    """Which directive word the changed blocks added or removed (step 5), or None when they
    only moved one."""
    before = [t.key for t in old if t.key in DIRECTIVES]
    after = [t.key for t in new if t.key in DIRECTIVES]
    added, removed = _gained(after, before), _gained(before, after)
    if added and removed:
        return "directive_replaced", (("word", added[0]), ("word_removed", removed[0]))
    if added or removed:
        return "directive_added" if added else "directive_removed", (("word", (added or removed)[0]),)
    return None


def _literal_reason(blocks: list[tuple[list[_Token], list[_Token]]], token: _Token) -> tuple[str, Facts]:
    """A JSON literal in words only inserted was added, in words only deleted removed (step
    5); one in a replaced run (``true`` -> ``false``, ``false`` -> ``fasle``) changed, named
    by ``token``. ``blocks``: the blamed changed blocks, (deleted tokens, inserted tokens)."""
    held = [(old, new) for old, new in blocks if any(t.key in LITERALS for t in (*old, *new))]
    if held and all(not old for old, _ in held):
        return "literal_added", (("word", next(t.key for _, new in held for t in new if t.key in LITERALS)),)
    if held and all(not new for _, new in held):
        return "literal_removed", (("word", next(t.key for old, _ in held for t in old if t.key in LITERALS)),)
    return "literal", (("word", token.key),)


def _scripts(word: str) -> set[str]:
    return {unicodedata.name(c, "?").split(" ")[0] for c in word}


def _osa_distance(a: str, b: str) -> int:
    """Restricted Damerau-Levenshtein distance (an adjacent swap costs one)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def _unexcused_blocks(b_toks: list[_Token], a_toks: list[_Token]) -> list[tuple[int, int, int, int]] | None:
    """The changed blocks of two token lists that a typo, article or punctuation change does not
    excuse (``_grade_block``), for a rule that asks what the rest of an edit says; None when the
    edit is too large to weigh (``_changed_blocks``)."""
    blocks = _changed_blocks([t.key for t in b_toks], [t.key for t in a_toks])
    if blocks is None:
        return None
    return [(i1, i2, j1, j2) for i1, i2, j1, j2 in blocks
            if _grade_block(b_toks[i1:i2], a_toks[j1:j2])[0] is None]


def _changed_blocks(a: list[str], b: list[str]) -> list[tuple[int, int, int, int]] | None:
    """Changed blocks ``(i1, i2, j1, j2)`` of a shortest token edit script, or None.

    Myers' O((N+M)·D) diff, given up after MAX_EDIT_TOKENS edits (a rewrite anyway):
    difflib's SequenceMatcher goes cubic on repetitive input, seconds for 500 tokens.
    """
    n, m = len(a), len(b)
    v, trace = {1: 0}, []
    for d in range(MAX_EDIT_TOKENS + 1):
        trace.append(dict(v))
        for k in range(-d, d + 1, 2):
            x = v[k + 1] if k == -d or (k != d and v[k - 1] < v[k + 1]) else v[k - 1] + 1
            y = x - k
            while x < n and y < m and a[x] == b[y]:
                x, y = x + 1, y + 1
            v[k] = x
            if x >= n and y >= m:
                break
        else:
            continue
        break
    else:
        return None
    # Walk back: each step is one edit then a run of matches; edits with no match
    # between them merge into one block.
    blocks: list[list[int]] = []
    x, y = n, m
    for d in range(len(trace) - 1, 0, -1):
        v, k = trace[d], x - y
        down = k == -d or (k != d and v[k - 1] < v[k + 1])  # an insertion, else a deletion
        px = v[k + 1] if down else v[k - 1]
        py = px - (k + 1 if down else k - 1)
        ex, ey = (px, py + 1) if down else (px + 1, py)
        if blocks and (blocks[-1][0], blocks[-1][2]) == (ex, ey):
            blocks[-1][0], blocks[-1][2] = px, py
        else:
            blocks.append([px, ex, py, ey])
        x, y = px, py
    return [(i1, i2, j1, j2) for i1, i2, j1, j2 in reversed(blocks)]


def _typo_pair(old: _Token, new: _Token) -> str | None:
    """None when ``old -> new`` is a typo fix, else the category that forbids it."""
    if cats := _categories(old) + _categories(new):
        return cats[0]
    a, b = old.key, new.key
    if not (a.isalpha() and b.isalpha()) or max(len(a), len(b)) > MAX_TYPO_WORD_CHARS:
        return "wording"
    if not _scripts(b) <= _scripts(a):  # a Cyrillic "е" slipped into "read"?
        return "lookalike" if len(_scripts(b)) > 1 else "wording"
    shorter = min(len(a), len(b))
    plural = b in (a + "s", a + "es") or a in (b + "s", b + "es")  # "file" -> "files"
    if shorter < 3 or a[0] != b[0] or plural:
        return "wording"
    dist = _osa_distance(a, b)
    if shorter == 3 and not (dist == 1 and sorted(a) == sorted(b)):
        return "wording"  # "teh" -> "the" is a typo; "add" -> "and" may not be
    return None if dist <= 2 and 3 * dist <= shorter else "wording"


#: An upper-case abbreviation cut by slashes or dots ("CI/CD", "U.S.A"): the same letters in the
#: same order as "CICD", "USA" (a hyphen splits tokens already). Letters only and all capital,
#: for a name in code joined another way (``os.path`` → ``ospath``, ``a_b`` → ``ab``) may be
#: another name (new-user trial, round 42: @azure/mcp's title "CICD" → "CI/CD").
_ABBREVIATION_RE = re.compile(r"[A-Z]+(?:[/.][A-Z]+)+")
_ABBREVIATION_JOINER_RE = re.compile(r"[/.]")


def _grade_block(old: list[_Token], new: list[_Token]) -> tuple[str | None, list[_Token]]:
    """Classify one changed diff block: (DOCUMENTATION phrase or None, tokens to blame)."""

    def squash(toks: list[_Token]) -> str:
        return "".join(_ABBREVIATION_JOINER_RE.sub("", t.key) if _ABBREVIATION_RE.fullmatch(t.raw)
                       else t.key.replace("'", "") for t in toks)

    if squash(old) == squash(new) and _named_values(old) == _named_values(new):
        return _DOC_SAME, []
    if _negations_spelled_out(old) == _negations_spelled_out(new):  # a negation in two spellings
        return _DOC_NEGATION, []
    old_w = [t for t in old if t.key not in ARTICLES]
    new_w = [t for t in new if t.key not in ARTICLES]
    if not old_w and not new_w:
        return _DOC_ARTICLE, []
    # Pair word for word, with articles kept ("teh" -> "the") and then without them.
    for olds, news in ((old, new), (old_w, new_w)):
        if not olds or len(olds) != len(news):
            continue
        problems = {
            _typo_pair(o, n)
            for o, n in zip(olds, news, strict=True)
            if not (o.key in ARTICLES and n.key in ARTICLES)
        }
        if problems <= {None}:
            return _DOC_TYPO, []
        if problems <= {None, "lookalike"}:
            return None, []  # only look-alike letters: blame no token, the reason says why
    return None, old + new


def _negations_spelled_out(toks: list[_Token]) -> list[str]:
    """The token keys with each one-word negation spelled out in the words it stands for
    (``without`` -> ``with no``, ``don't`` -> ``do not``, ``cannot`` -> ``can not``): two
    spellings of the same negation then read alike, and a negation added, dropped or moved
    does not."""
    out: list[str] = []
    for t in toks:
        if t.key in _SPELLED_OUT:
            out += _SPELLED_OUT[t.key]
        elif t.key.endswith("n't") and len(t.key) > 3:
            out += [t.key[:-3], "not"]
        else:
            out.append(t.key)
    return out


def _named_values(toks: list[_Token]) -> list[str]:
    """Number words and JSON literals: joining or splitting one (``some one`` -> ``someone``,
    ``nul l`` -> ``null``) changes what the text names, so it is not a re-joined word."""
    return [t.key for t in toks if t.key in NUMBER_WORDS or t.key in LITERALS]


#: The facts a reason's phrase reads, as (name, value) pairs (a cached result must not be mutable).
Facts = tuple[tuple[str, object], ...]
#: A grade, the key of its reason, and the facts its phrase reads.
Verdict = tuple[Severity, str, Facts]
_PB = Severity.POTENTIALLY_BREAKING


def _core(token: _Token) -> str:
    """A token without the punctuation around it: ``patchData).`` is ``patchdata``."""
    return token.key.strip(_EDGE_PUNCTUATION)


def _kept_in_block(token: _Token, blocks: list[tuple[list[_Token], list[_Token]]]) -> bool:
    """Whether the block that changed ``token`` has the same word on its other side, with
    other punctuation around it ("(alternative to patchData)" → "patchData). The path …"):
    the identifier is still there, only a sentence ended after it."""
    core = _core(token)
    for old, new in blocks:
        if any(t is token for t in old):
            return any(_core(t) == core for t in new)
        if any(t is token for t in new):
            return any(_core(t) == core for t in old)
    return False


#: The categories whose words a change of whitespace must leave as they were, in the same order.
_KEPT_BY_WHITESPACE = frozenset({"negation", "number", "literal", "unit", "operator", "directive"})
_JOINER_RE = re.compile(r"[./:@]+")


def _whitespace_only(b_clean: str, a_clean: str, b_toks: list[_Token], a_toks: list[_Token]) -> bool:
    """Whether the two texts differ in whitespace alone, with every negation, number (word),
    JSON literal, unit, operator and directive word as it was. The tokenizer reads
    "Account.Format" as one identifier and "Account. Format" as two words, so a space after a
    full stop read as "the removed text named an identifier" (new-user trial, round 42:
    @azure/mcp 2.0.5 → 3.0.0-beta.46, hsm-container); a space that joins or splits a word the
    categories read ("nul l" → "null", "some one" → "someone", "mu st") is still graded."""
    if "".join(b_clean.split()) != "".join(a_clean.split()):
        return False

    def kept(toks: list[_Token]) -> list[str]:
        # Each part of an identifier too: "must.Retry" holds the directive "must".
        parts = [_Token(key, raw, t.code) for t in toks
                 for key, raw in zip(_JOINER_RE.split(t.key), _JOINER_RE.split(t.raw), strict=False)]
        return [t.key for t in parts if _KEPT_BY_WHITESPACE.intersection(_categories(t))]

    return kept(b_toks) == kept(a_toks)


@functools.lru_cache(maxsize=256)  # callers ask for the grade and the reason of one pair
def _assess(b: str, a: str) -> Verdict:
    b_hidden, a_hidden = hidden_counts(b, controls=True), hidden_counts(a, controls=True)
    if a_hidden - b_hidden:
        return _PB, "hidden", ()
    # Absent, empty and blank (whitespace or hidden characters only) all mean "no text".
    b_blank = not (without_hidden(b, controls=True) if b_hidden else b).strip()
    a_blank = not (without_hidden(a, controls=True) if a_hidden else a).strip()
    if b_blank and a_blank:
        return Severity.DOCUMENTATION, _DOC_SAME, ()
    if b_blank or a_blank:
        return _PB, "added" if b_blank else "removed", ()
    b_bare, a_bare = without_status_lists(b), without_status_lists(a)
    if b_bare is not b or a_bare is not a:
        # A generated list of error statuses added, dropped or kept (statuses.py): the rest is
        # graded; where the rest is the same, the list alone changed.
        verdict = _assess(b_bare, a_bare)
        return (Severity.DOCUMENTATION, _DOC_STATUS_LIST, ()) if verdict[1] == _DOC_SAME else verdict
    b_clean, a_clean = _clean(b), _clean(a)
    numbers_moved = _numbers(b_clean) != _numbers(a_clean)
    if not numbers_moved and _list_reordered(b_clean, a_clean):
        return Severity.DOCUMENTATION, _DOC_REORDERED, ()
    number = _number_reason(b_clean, a_clean) if numbers_moved else None
    if max(len(b), len(a)) > MAX_PROSE_CHARS:
        # Too long to diff: linear token comparison only, and no per-token records.
        if numbers_moved:
            return _PB, *(number or ("number", ()))
        same = _TOKEN_RE.findall(b_clean.casefold()) == _TOKEN_RE.findall(a_clean.casefold())
        return (Severity.DOCUMENTATION, _DOC_SAME, ()) if same else (_PB, "wording", ())
    b_toks, a_toks = _tokens(b_clean), _tokens(a_clean)
    if not numbers_moved and _whitespace_only(b_clean, a_clean, b_toks, a_toks):
        return Severity.DOCUMENTATION, _DOC_SAME, ()
    blocks = _changed_blocks([t.key for t in b_toks], [t.key for t in a_toks])
    if blocks is None:
        return (_PB, *number) if number else (_PB, "wording", ())
    doc_reasons: set[str] = set()
    blamed_old: list[_Token] = []
    blamed_new: list[_Token] = []
    flagged = False
    literal_blocks: list[tuple[list[_Token], list[_Token]]] = []
    for i1, i2, j1, j2 in blocks:
        doc, blame = _grade_block(b_toks[i1:i2], a_toks[j1:j2])
        if doc is not None:
            doc_reasons.add(doc)
        else:
            flagged = True
            if blame:
                blamed_old += b_toks[i1:i2]
                blamed_new += a_toks[j1:j2]
                literal_blocks.append((b_toks[i1:i2], a_toks[j1:j2]))
    if not flagged and not numbers_moved:  # every changed block was excused (or none changed)
        keys = (_DOC_NEGATION, _DOC_TYPO, _DOC_ARTICLE)
        return Severity.DOCUMENTATION, next((k for k in keys if k in doc_reasons), _DOC_SAME), ()
    blamed = blamed_old + blamed_new
    cats: dict[str, _Token | None] = {c: t for t in reversed(blamed) for c in _categories(t)  # first wins
                                      if c != "identifier" or not _kept_in_block(t, literal_blocks)}
    # Numbers and directive words are judged by what moved (step 5), not by a token touched.
    cats.pop("number", None)
    cats.pop("directive", None)
    if number is None:
        number = _number_reason(b_clean, a_clean)  # a number word (not a digit) may have moved
    directive = _directive_reason(blamed_old, blamed_new)
    for cat in _CATEGORIES:
        if cat == "number" and number:
            return _PB, *number
        if cat == "directive" and directive:
            return _PB, *directive
        if cat == "literal" and cats.get(cat) is not None:
            return _PB, *_literal_reason(literal_blocks, cats[cat])
        if cat == "negation" and cat in cats:
            # Negations only in text added (or only in text removed): one was added (removed),
            # not changed. Said with its word, since "not" added is read unlike "never" added.
            held = [token for token in blamed if "negation" in _categories(token)]
            sides = {any(t is token for t in blamed_new) for token in held}
            if len(sides) == 1:
                return _PB, "negation_added" if sides == {True} else "negation_removed", (("word", held[0].key),)
        if cat == "unit" and cat in cats:
            # Units only in text added (or only in text removed): one was added (removed), not
            # changed ("in seconds" added where none was stated: new-user trial, round 14).
            held = [token for token in blamed if "unit" in _categories(token)]
            sides = {any(t is token for t in blamed_new) for token in held}
            if len(sides) == 1:
                return _PB, "unit_added" if sides == {True} else "unit_removed", (("word", held[0].raw),)
        if cat == "identifier" and cat in cats:
            # Identifiers only in text added (or only in text removed): none was changed.
            sides = {any(t is token for t in blamed_new) for token in blamed
                     if "identifier" in _categories(token) and not _kept_in_block(token, literal_blocks)}
            if len(sides) == 1:
                return _PB, "identifier_added" if sides == {True} else "identifier_removed", ()
        if cat in cats:
            token = cats[cat]
            return _PB, cat, (("word", token.key),) if token and cat in _NAMES_TOKEN else ()
    if numbers_moved:  # only digits inside an identifier moved, and no category names it
        return _PB, "number", ()
    # Blocks blamed with no token were look-alike letters; otherwise plain rewording.
    return _PB, "wording" if blamed else "lookalike", ()


def grade_prose(before: str | None, after: str | None) -> Severity:
    """DOCUMENTATION or POTENTIALLY_BREAKING for a change of prose.

    The caller guarantees ``before != after``; None means absent.
    """
    return _assess(_as_text(before) or "", _as_text(after) or "")[0]


def prose_reason(before: str | None, after: str | None) -> tuple[str, dict[str, object]]:
    """Why the grade: the key of its phrase (rules/phrases.yaml, group ``prose``) and the
    facts that phrase reads: ``word`` (the JSON literal that changed, or the directive word
    added or removed), ``word_removed`` (a directive word removed beside one added),
    ``number_count`` and ``numbers`` (how many numbers in digits were added or removed, and the
    first few), ``word_count`` and ``number_words`` (the same for number words)."""
    _, key, facts = _assess(_as_text(before) or "", _as_text(after) or "")
    return key, {name: list(value) if isinstance(value, tuple) else value for name, value in facts}


