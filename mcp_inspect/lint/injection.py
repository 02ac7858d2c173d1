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

#: Within one sentence: any run of characters that does not end it.
_S = r"[^.!?;\n]"


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("{S}", _S))


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


@dataclass(frozen=True)
class Pattern:
    name: str  # what the manoeuvre is, as the message says it
    regex: re.Pattern[str]


PATTERNS: tuple[Pattern, ...] = (
    Pattern("tells the model to set aside its instructions", _re(
        rf"\b(?:ignore|disregard|forget|override|bypass)\b{{S}}{{0,30}}\b{_PRIOR}\b{{S}}{{0,25}}\b{_ORDERS}\b")),
    Pattern("tells the model to set aside its instructions", _re(
        rf"\b(?:ignore|disregard|forget|override|bypass)\b{{S}}{{0,20}}\b{_ANY}\b{{S}}{{0,15}}\b{_INSTRUCTIONS}\b")),
    Pattern("tells the model to set aside its instructions", _re(
        r"\b(?:ignore|disregard|forget)\s+(?:the\s+|your\s+)?(?:instructions|system prompt)\b")),
    Pattern("announces new instructions for the model", _re(
        r"\b(?:new|updated|real|actual|secret|hidden)\s+(?:system\s+)?instructions\s*:")),
    Pattern("tries to give the model a new role", _re(
        r"\byou are now\b|\bfrom now on,?\s+you\b|\b(?:god|dan|jailbreak)\s+mode\b|\bjailbreak")),
    Pattern("tells the model to keep something from the user", _re(
        rf"\b{_NEG}\s+(?:tell|inform|reveal|disclose)\s+(?:this\s+|it\s+)?(?:to\s+)?"
        r"(?:the\s+|your\s+)?(?:user|human|operator)\b")),
    Pattern("tells the model to keep something from the user", _re(
        rf"\b{_NEG}\s+(?:mention|reveal|disclose|show)\s+(?:this|that|these|it|any of this|the above)\b")),
    Pattern("tells the model to keep something from the user", _re(
        r"\bwithout\s+(?:telling|informing|notifying|alerting|letting)\s+(?:the\s+|your\s+)?(?:user|human)\b"
        r"|\b(?:hide|conceal|keep)\b{S}{0,30}\b(?:from|secret from)\s+(?:the\s+|your\s+)?(?:user|human)\b"
        r"|\b(?:user|human)\s+(?:must|should|need|will|would)\s*(?:not|never)\s+(?:know|see|notice|be told)\b")),
    Pattern("poses as a system or priority message", _re(
        r"<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|sys|prompt|assistant)\s*>"
        r"|<\|\s*(?:im_start|im_end|system|endoftext)\s*\|>|\[/?(?:inst|system)\]|<<\s*/?sys\s*>>")),
    Pattern("asks for the contents of a secret file", _re(
        rf"(?:\b(?:contents?|text|data)\s+of\s+{{S}}{{0,20}}{_SECRET_PATH}"
        rf"|\b(?:read|cat|open|load|get)\b{{S}}{{0,40}}{_SECRET_PATH}{{S}}{{0,60}}\b(?:and|then)\b{{S}}{{0,20}}\b{_SEND}\b"
        rf"|\b{_SEND}\b{{S}}{{0,30}}{_SECRET_PATH})")),
    Pattern("asks for the conversation or secrets to be sent along", _re(
        rf"\b{_SEND}\b{{S}}{{0,30}}\b(?:the\s+)?(?:entire\s+|full\s+|whole\s+|complete\s+)?{_CONVERSATION}\b"
        rf"{{S}}{{0,40}}\b(?:in|into|as|to|via|with)\b")),
    Pattern("does things secretly", _re(
        rf"\b(?:secretly|covertly|quietly|silently)\s+{_SEND}\b"
        r"|\b(?:always|also|additionally)\s+(?:send|forward|bcc|cc|copy|redirect|email)\b"
        r"{S}{0,60}(?:[\w.+-]+@[\w-]+\.[\w.]+|https?://)")),
    Pattern("hijacks requests meant for other tools", _re(
        r"\bwhen(?:ever)?\b{S}{0,60}\b(?:user|you)\b{S}{0,40}\b(?:asks?|wants?|requests?|tries|needs?|says)\b"
        r"{S}{0,80}\b(?:use|call|invoke|run)\s+this\s+(?:tool|function)\s+instead\b")),
    Pattern("hijacks requests meant for other tools", _re(
        rf"\b{_NEG}\s+(?:use|call|invoke|trust)\s+(?:the\s+|any\s+)?(?:other|another|different)\s+"
        r"(?:\w+\s+)?(?:tools?|servers?|functions?)\b"
        r"|\b(?:before|instead of)\s+(?:using\s+|calling\s+)?(?:any|every|all)\s+other\s+tools?\b"
        r"|\b(?:other|another)\s+(?:tool|server)\s+(?:is|are|has been)\s+(?:compromised|malicious|hacked)\b")),
)


def find_injection(normalised: str) -> tuple[str, str] | None:
    """``(manoeuvre, matched text)`` for the first pattern that matches, else None."""
    for pattern in PATTERNS:
        match = pattern.regex.search(normalised)
        if match:
            return pattern.name, match.group()
    return None
