"""What prompt-injection-like tool text looks like (MCP-020), as a few narrow patterns.

Each pattern names a manoeuvre aimed at the model rather than a description of what
the tool does: overriding earlier instructions, hiding something from the user,
markup that poses as a system message, sending secrets or the conversation somewhere,
and hijacking requests meant for other tools. Patterns run on normalised text
(unicode.normalise) and match whole words, so ``ignores`` is not ``ignore`` and a tool
that asks the model to "always confirm with the user" is left alone. bench/lint_precision.py
measures them on the real corpus and on tests/data/poisoning (docs/lint.md has the numbers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from ..limits import MAX_LINT_TEXT_CHARS
from .chain import Chain
from .unicode import has_tags, normalise

#: Within one sentence: any run of characters that does not end it.
_S = r"[^.!?;\n]"


def _re(pattern: str) -> str:
    """The pattern's source, with ``{S}`` spelled out (compiled on first use: see ``Pattern.regex``)."""
    return pattern.replace("{S}", _S)


_NEG = r"(?:do not|don't|dont|never|must not|should not|shouldn't|mustn't)"
_PRIOR = r"(?:previous|prior|above|earlier|preceding|original|initial|system|developer)"
_ORDERS = r"(?:instructions?|prompts?|directions|directives|guidelines|rules|messages|context|commands)"
_ANY = r"(?:all|any|your|other|existing|these|those)"
_INSTRUCTIONS = r"(?:instructions?|prompts?|directions|directives|guidelines)"
_SECRET_PATH = (r"(?:~/\.ssh|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|authorized_keys|\.aws/credentials|"
                r"/etc/(?:passwd|shadow)|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials|"
                r"\.docker/config\.json|\.kube/config|\bmcp\.json\b|claude_desktop_config\.json|"
                r"\.config/gcloud|\.gnupg)")
_SEND = r"(?:send|pass|include|upload|post|forward|transmit|exfiltrate|leak|append|attach|embed|email|share|put)"
_CONVERSATION = (r"(?:conversation|chat history|message history|previous messages|earlier messages|"
                 r"system prompt|your instructions|context window|environment variables|env vars)"
                 r"(?!\s*(?:id|ids|identifiers?|title|name|number)\b)")


#: A necessary condition for a pattern to match, as literal texts: alternatives, each a list
#: of groups that must all be met, a group being met when one of its texts occurs. Normalised
#: text has single spaces only, so ``\s+`` between two words is written " ". Each group's
#: test is a C substring search, so the rarest group comes first. tests/lint/test_lint_injection_speed.py
#: generates matches for every pattern and checks the condition holds for each.
Needs = tuple[tuple[tuple[str, ...], ...], ...]


@dataclass(frozen=True)
class Pattern:
    name: str  # what the manoeuvre is, as the message says it
    source: str
    #: A text that does not meet these cannot match, and the regex is not run on it.
    needs: Needs
    #: The same pattern as words with gaps between them, when searching it that way is
    #: what keeps the search linear (chain.py); the regex then runs once, where it starts.
    chain: Chain | None = None

    @cached_property
    def regex(self) -> re.Pattern[str]:
        # Compiled when a text first meets the needs: most runs never need most patterns,
        # and compiling all of them cost ~10 ms of every start-up.
        return re.compile(self.source)

    def search(self, text: str) -> re.Match[str] | None:
        """The leftmost match in ``text``, as ``regex.search`` finds it."""
        if self.chain is None:
            return self.regex.search(text)
        start = self.chain.first_start(text)
        return None if start is None else self.regex.match(text, start)


def _pairs(firsts: tuple[str, ...], seconds: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{a} {b}" for a in firsts for b in seconds)


_VERBS = ("ignore", "disregard", "forget", "override", "bypass")
#: How each spelling of ``_NEG`` ends: do not, don't, dont, never, must not, should not, shouldn't, mustn't.
_NEG_END = ("not", "n't", "dont", "never")
_USER = ("user", "human")
_SEND_S = ("send", "pass", "include", "upload", "post", "forward", "transmit", "exfiltrate", "leak", "append",
           "attach", "embed", "email", "share", "put")
_SECRET_S = (".ssh", "id_", "authorized_keys", ".aws/", "/etc/", ".netrc", ".npmrc", ".pypirc", ".git-credentials",
             ".docker/", ".kube/", "mcp.json", "claude_desktop_config", "gcloud", ".gnupg")
_INSTRUCTIONS_S = ("instruction", "prompt", "direction", "directive", "guideline")
_FROM_USER = _pairs(("from", "from the", "from your"), _USER)

_SET_ASIDE = "tells the model to set aside its instructions"
_KEEP_FROM_USER = "tells the model to keep something from the user"
_HIJACK = "hijacks requests meant for other tools"
#: "when … the user … asks … use this tool instead": text packed with these words made
#: the one regular expression backtrack (chain.py says how much), so it is searched as a chain.
_INSTEAD = Chain(
    words=(("when", "whenever"), ("user", "you"),
           ("ask", "asks", "want", "wants", "request", "requests", "tries", "need", "needs", "says"),
           tuple(f"{verb} this {what} instead" for verb in ("use", "call", "invoke", "run")
                 for what in ("tool", "function"))),
    gaps=(60, 40, 80))

PATTERNS: tuple[Pattern, ...] = (
    Pattern(_SET_ASIDE, _re(
        rf"\b(?:ignore|disregard|forget|override|bypass)\b{{S}}{{0,30}}\b{_PRIOR}\b{{S}}{{0,25}}\b{_ORDERS}\b"),
        ((_VERBS, ("previous", "prior", "above", "earlier", "preceding", "original", "initial", "system", "developer"),
          (*_INSTRUCTIONS_S, "rules", "messages", "context", "commands")),)),
    Pattern(_SET_ASIDE, _re(
        rf"\b(?:ignore|disregard|forget|override|bypass)\b{{S}}{{0,20}}\b{_ANY}\b{{S}}{{0,15}}\b{_INSTRUCTIONS}\b"),
        ((_VERBS, _INSTRUCTIONS_S),)),
    Pattern(_SET_ASIDE, _re(
        r"\b(?:ignore|disregard|forget)\s+(?:the\s+|your\s+)?(?:instructions|system prompt)\b"),
        ((("ignore", "disregard", "forget"), ("instructions", "system prompt")),)),
    Pattern("announces new instructions for the model", _re(
        r"\b(?:new|updated|real|actual|secret|hidden)\s+(?:system\s+)?instructions\s*:"),
        ((("instructions",), (":",), ("new", "updated", "real", "actual", "secret", "hidden")),)),
    Pattern("tries to give the model a new role", _re(
        r"\byou are now\b|\bfrom now on,?\s+you\b|\b(?:god|dan|jailbreak)\s+mode\b|\bjailbreak"),
        ((("you are now", "from now on", "jailbreak", "god mode", "dan mode"),),)),
    Pattern(_KEEP_FROM_USER, _re(
        rf"\b{_NEG}\s+(?:tell|inform|reveal|disclose)\s+(?:this\s+|it\s+)?(?:to\s+)?"
        r"(?:the\s+|your\s+)?(?:user|human|operator)\b"),
        ((("tell", "inform", "reveal", "disclose"), _pairs(_NEG_END, ("tell", "inform", "reveal", "disclose")),
          (*_USER, "operator")),)),
    Pattern(_KEEP_FROM_USER, _re(
        rf"\b{_NEG}\s+(?:mention|reveal|disclose|show)\s+(?:this|that|these|it|any of this|the above)\b"),
        ((("mention", "reveal", "disclose", "show"), _pairs(_NEG_END, ("mention", "reveal", "disclose", "show"))),)),
    Pattern(_KEEP_FROM_USER, _re(
        r"\bwithout\s+(?:telling|informing|notifying|alerting|letting)\s+(?:the\s+|your\s+)?(?:user|human)\b"
        r"|\b(?:hide|conceal|keep)\b{S}{0,30}\b(?:from|secret from)\s+(?:the\s+|your\s+)?(?:user|human)\b"
        r"|\b(?:user|human)\s+(?:must|should|need|will|would)\s*(?:not|never)\s+(?:know|see|notice|be told)\b"),
        ((("without",), _USER), (("hide", "conceal", "keep"), _FROM_USER),
         (("know", "see", "notice", "be told"), _pairs(_USER, ("must", "should", "need", "will", "would"))))),
    Pattern("poses as a system or priority message", _re(
        r"<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|sys|prompt|assistant)\s*>"
        r"|<\|\s*(?:im_start|im_end|system|endoftext)\s*\|>|\[/?(?:inst|system)\]|<<\s*/?sys\s*>>"),
        (((">",), ("<",)), (("[inst]", "[/inst]", "[system]", "[/system]"),))),
    Pattern("asks for the contents of a secret file", _re(
        rf"(?:\b(?:contents?|text|data)\s+of\s+{{S}}{{0,20}}{_SECRET_PATH}"
        rf"|\b(?:read|cat|open|load|get)\b{{S}}{{0,40}}{_SECRET_PATH}{{S}}{{0,60}}\b(?:and|then)\b{{S}}{{0,20}}\b{_SEND}\b"
        rf"|\b{_SEND}\b{{S}}{{0,30}}{_SECRET_PATH})"),
        ((_SECRET_S,),)),
    Pattern("asks for the conversation or secrets to be sent along", _re(
        rf"\b{_SEND}\b{{S}}{{0,30}}\b(?:the\s+)?(?:entire\s+|full\s+|whole\s+|complete\s+)?{_CONVERSATION}\b"
        rf"{{S}}{{0,40}}\b(?:in|into|as|to|via|with)\b"),
        ((("conversation", "history", "messages", "system prompt", "your instructions", "context window",
           "environment variables", "env vars"), _SEND_S),)),
    Pattern("does things secretly", _re(
        rf"\b(?:secretly|covertly|quietly|silently)\s+{_SEND}\b"
        r"|\b(?:always|also|additionally)\s+(?:send|forward|bcc|cc|copy|redirect|email)\b"
        r"{S}{0,60}(?:[\w.+-]+@[\w-]+\.[\w.]+|https?://)"),
        ((("secretly", "covertly", "quietly", "silently"),),
         (("@", "http"), _pairs(("always", "also", "additionally"),
                                ("send", "forward", "bcc", "cc", "copy", "redirect", "email"))))),
    Pattern(_HIJACK, _re(_INSTEAD.source), ((("this tool instead", "this function instead"), ("when",)),),
            chain=_INSTEAD),
    Pattern(_HIJACK, _re(
        rf"\b{_NEG}\s+(?:use|call|invoke|trust)\s+(?:the\s+|any\s+)?(?:other|another|different)\s+"
        r"(?:\w+\s+)?(?:tools?|servers?|functions?)\b"
        r"|\b(?:before|instead of)\s+(?:using\s+|calling\s+)?(?:any|every|all)\s+other\s+tools?\b"
        r"|\b(?:other|another)\s+(?:tool|server)\s+(?:is|are|has been)\s+(?:compromised|malicious|hacked)\b"),
        ((("other", "different"), _pairs(_NEG_END, ("use", "call", "invoke", "trust"))),
         (("any other tool", "every other tool", "all other tool"),), (("compromised", "malicious", "hacked"),))),
)


def may_match(text: str, needs: Needs) -> bool:
    """Whether ``text`` meets a pattern's necessary condition."""
    contains = text.__contains__
    for groups in needs:
        for group in groups:
            if not any(map(contains, group)):
                break
        else:
            return True
    return False


def find_injection(normalised: str) -> tuple[str, str] | None:
    """``(manoeuvre, matched text)`` for the first pattern that matches, else None."""
    for pattern in PATTERNS:
        if not may_match(normalised, pattern.needs):
            continue
        match = pattern.search(normalised)
        if match:
            return pattern.name, match.group()
    return None


_Where = TypeVar("_Where")

#: Joins a tool's pieces of text so that all of them are read in one pass. It is not
#: whitespace, so no ``\s`` in a pattern crosses it.
_JOIN = "\x00"


def find_injections(pieces: list[tuple[_Where, str]]) -> list[tuple[_Where, str, str]]:
    """``(where, manoeuvre, matched text)`` for each ``(where, text)`` piece that reads like an
    injection (``where`` is handed back as given).

    Almost no tool text matches anything, so all pieces are first normalised and searched
    as one text; only when something matches there is each piece searched on its own.
    A match inside one piece is always a match in the joined text (the separator ends no
    word and survives normalisation), so the shortcut never hides a finding. Pieces that
    hold the separator themselves, or tag characters (whose decoded text normalisation
    appends at the end), are searched one by one from the start. A piece is read up to
    ``MAX_LINT_TEXT_CHARS`` characters (the rule reports a longer one).
    """
    # Each piece is read up to the limit (slicing a shorter one returns it as it is).
    pieces = [(where, text[:MAX_LINT_TEXT_CHARS]) for where, text in pieces]
    joined = _JOIN.join(text for _, text in pieces)
    if joined.count(_JOIN) == len(pieces) - 1 and not has_tags(joined) and find_injection(normalise(joined)) is None:
        return []
    out = []
    for where, text in pieces:
        found = find_injection(normalise(text))
        if found:
            out.append((where, *found))
    return out
