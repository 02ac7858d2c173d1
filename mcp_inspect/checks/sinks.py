"""Which input properties are sinks (MCP-022): shell commands, file paths, SQL, URLs, code.

A property is judged by the words of its name (``repo_path`` → repo, path), split on
case changes and separators, never by substring, so ``profile`` holds no ``file`` and
``fileId`` names an identifier, not a path. Words that only sometimes mean a sink
(``code``, ``query``, ``source``) count only when the tool's own text says so. A plural
counts as its singular (``scripts``, ``imageURLs``), and ``dir`` after sort or order is a
direction (``sort_dir``), not a directory. A sink is *constrained* when its schema
limits the values (``enum``, ``const`` or ``pattern``); ``maxLength`` and ``format``
limit the shape, not where the value leads. An optional string written as a union
(``anyOf: [{type: string}, {type: null}]``, as pydantic and FastMCP write it) is judged
by its branches: a sink when every branch that is not null carries a string,
constrained when any of them is.

Some names that look like sinks are not, and their schema or prose says so (docs/lint.md,
"MCP-022"): a filter of paths (``excludePaths``, ``select_paths``) whose description says it
holds URL paths, globs or regular expressions only narrows what is read; a ``script`` run
in a browser page reaches the page, not a shell; "SQL" named as a dialect or a syntax ("the
SQL dialect", "in sql syntax") says nothing about a ``query`` being SQL to run; and an
identifier such as ``service_code`` is code to run only when its own description says so,
a fenced example in the text not counting. Under ``recommended`` alone, a path-named
property that holds a file's content, encoded (``holds_content``), is not a path either.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..limits import MAX_WALK_DEPTH

# An acronym with a lower-case plural s is one word (URLs, fileIDs): without the first
# alternative the s took the acronym's last letter with it ("URLs" read as ur, ls).
_WORD = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

#: The kinds of sink, as a message names them ("takes a {sink}").
SHELL, FILE_PATH, URL, SQL, CODE = "shell command", "file path", "URL", "SQL statement", "piece of code"

_SHELL = {"command", "commands", "cmd", "cmds", "cmdline", "commandline", "shell", "bash", "sh", "zsh",
          "powershell", "pwsh", "script", "exec"}
_FILE = {"path", "paths", "filepath", "filepaths", "filename", "filenames", "dirname",
         "directory", "directories", "folder", "folders", "dirpath", "file", "files", "cwd", "workdir"}
_URL = {"url", "urls", "uri", "uris", "href", "endpoint", "endpoints", "webhook", "callback"}
_SQL = {"sql", "sqlquery"}
#: Words that make the sink word a label for something else: ``file_id``, ``url_type``.
_NOT_THE_VALUE = {"id", "ids", "type", "types", "size", "count", "mode", "sha", "hash", "format",
                  "extension", "ext", "encoding", "content", "contents", "data", "text", "body",
                  "mime", "kind", "index", "key", "token", "secret", "password", "status", "length", "limit", "pattern",
                  "patterns", "description", "title", "label", "number", "version", "template",
                  "style", "timeout", "exists", "flag", "enabled", "allowed", "dialect", "language", "lang",
                  # mcp-grafana's folder_uid and exec_err_state (new-user trial): an identifier, a state
                  "uid", "uids", "guid", "uuid", "state", "states"}
#: Words that are sinks only in the right company: (words of the property, context that must
#: appear in the tool's name or text, the sink they then are).
_CONTEXTUAL = (
    ({"code", "source", "program", "snippet", "expression"},
     {"execute", "executes", "exec", "eval", "evaluate", "evaluates", "interpreter", "python", "javascript",
      "repl", "sandbox", "shell"}, CODE),
    ({"query", "statement", "stmt"},
     {"sql", "sqlite", "postgres", "postgresql", "mysql", "select", "ddl", "dml"}, SQL),
    ({"source", "destination", "src", "dest", "dir", "dirs"},
     {"file", "files", "directory", "directories", "folder", "folders", "path", "paths"}, FILE_PATH),
)
#: What a contextual name's own description may say it names instead of a file: a
#: ``source_identifier`` "Accepts a database name … or a schema/owner name" is no path, even
#: in a tool whose text speaks of the files it writes.
_NAMES_OTHER = frozenset({"database", "databases", "schema", "schemas", "table", "tables", "collection",
                          "collections", "namespace", "dataset", "datasets", "branch", "repository", "project"})
_KIND = ((_SHELL, SHELL), (_SQL, SQL), (_URL, URL), (_FILE, FILE_PATH))
#: Words before ``dir`` that make it a sort direction (``sort_dir``, ``orderDir``), not a directory.
_ORDERING = {"sort", "sorting", "sorted", "order", "ordering", "ordered"}
_CONSTRAINTS = frozenset(("enum", "const", "pattern"))
_UNIONS = ("anyOf", "oneOf")
_COMBINATORS = frozenset((*_UNIONS, "allOf"))


def words(text: str) -> list[str]:
    """``repo_path`` → [repo, path]; ``fileID`` → [file, id]; ``HTMLUrl`` → [html, url];
    ``imageURLs`` → [image, urls]."""
    return [w.lower() for w in _WORD.findall(text)]


def _singular(word: str) -> str:
    """``paths`` → path, ``directories`` → directory, ``hashes`` → hash, ``statuses`` →
    status. Only used to look a word up next to its own spelling, so a wrong guess for a
    word outside the vocabularies (``exists`` → exist) changes nothing."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "uses")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") in ("null", ["null"])
                                         or ("const" in schema and schema["const"] is None))


def _value_schemas(schema: Any, depth: int = 0) -> list[dict[str, Any]] | None:
    """The schemas that limit the string the property carries: itself, with the branches of
    its anyOf/oneOf/allOf, or its items' for an array of strings. None when the property is
    not string-valued (numbers, objects, a ``$ref`` this rule does not follow), or when a
    union has a branch that is neither null nor a string."""
    if not isinstance(schema, dict) or depth > MAX_WALK_DEPTH:
        return None
    kind = schema.get("type")
    # Only type names count; anything else a hostile schema puts there (objects, lists) is no type.
    if type(kind) is str:
        kinds: tuple[str, ...] | list[str] = (kind,)
    else:
        kinds = [k for k in kind if isinstance(k, str)] if isinstance(kind, list) else ()
    if "array" in kinds and isinstance(schema.get("items"), dict):
        return _value_schemas(schema["items"], depth + 1)
    if kind is not None and "string" not in kinds:
        return None
    if kind is None and any(k in schema for k in ("properties", "items", "$ref")):
        return None
    found = [schema]
    if _COMBINATORS.isdisjoint(schema):  # most properties: a plain string
        return found
    for key in ("anyOf", "oneOf", "allOf"):
        if key not in schema:
            continue
        branches = schema[key]
        if not isinstance(branches, list):
            return None
        # A null branch only makes the property optional; every other branch must carry a
        # string, and each may limit it. (In allOf a null branch rules strings out, and
        # the recursion below says so.)
        values = [b for b in branches if isinstance(b, dict) and not (key in _UNIONS and _is_null(b))]
        if not values:
            return None
        for branch in values:
            limits = _value_schemas(branch, depth + 1)
            if limits is None:
                return None
            found += limits
    return found


class NameReading(NamedTuple):
    """What a property's name alone says (``_reading``)."""

    #: The sink the name names whatever the company (``path``, ``url``), or None.
    kind: str | None
    #: The sinks it names in the right company: (words the text must hold, the sink).
    contextual: tuple[tuple[frozenset[str], str], ...]
    #: The name's words, each plural with its singular beside it.
    present: frozenset[str]
    #: ``code`` after a word that is no language or program (``service_code``,
    #: ``countryCode``): an identifier, unless the property's own description says otherwise.
    identifier: bool


@dataclass(frozen=True)
class TextCues:
    """The words of a piece of text that can make a name a sink (``cues``)."""

    #: Every word, except SQL named as a dialect or a syntax, and ``select`` unless written
    #: as the keyword SELECT.
    words: frozenset[str]
    #: The words outside fenced code blocks: a fenced example shows how to call the tool,
    #: and its language tag (```python) says nothing of what the tool runs.
    prose: frozenset[str]


NO_CUES = TextCues(frozenset(), frozenset())
_FENCE = re.compile(r"(```|~~~).*?\1", re.S)
_SELECT_KEYWORD = re.compile(r"\bSELECT\b")
_SQL_NAMES = frozenset(("sql", "sqlite", "postgres", "postgresql", "mysql"))
#: A word after an SQL name that makes the name a language's, not a statement's: "the SQL
#: dialect", "in sql syntax", "SQL-like".
_GRAMMAR = frozenset(("dialect", "dialects", "syntax", "grammar", "grammars", "keyword", "keywords", "highlighting",
                      "formatting", "formatter", "style", "flavor", "flavour", "like", "standard"))
#: Words before ``code`` that make it program code rather than an identifier.
_CODE_QUALIFIERS = frozenset(("source", "python", "py", "javascript", "js", "typescript", "ts", "program", "script",
                              "shell", "bash", "sql", "lua", "ruby", "snippet", "custom", "user", "inline", "raw",
                              "exec", "executable", "eval", "init", "setup", "test", "cell"))
#: Words of a name that make its paths a filter (``excludePaths``, ``select_paths``).
_FILTERS = frozenset(("include", "includes", "included", "exclude", "excludes", "excluded", "select", "selected",
                      "ignore", "ignored", "skip", "allow", "deny", "block", "blocked", "only", "filter", "filters",
                      "match", "matching", "whitelist", "blacklist", "allowlist", "denylist", "blocklist"))
#: Words that say a value is a pattern to match, not a path to open.
_PATTERNS = frozenset(("regex", "regexes", "regexp", "regexps", "glob", "globs", "wildcard", "wildcards",
                       "pattern", "patterns"))
_URL_PATHS = frozenset(("path", "paths", "pathname", "pathnames"))
#: Words that place a script in a browser page.
_BROWSER = frozenset(("browser", "browsers", "webpage", "webpages", "dom", "puppeteer", "playwright", "selenium",
                      "chromium", "headless"))


def cues(text: str) -> TextCues:
    """The cues of ``text`` (a tool's prose and name, or a property's descriptions)."""
    found = words(text)
    kept: set[str] = set()
    for index, word in enumerate(found):
        following = found[index + 1] if index + 1 < len(found) else ""
        if word in _SQL_NAMES and following in _GRAMMAR:
            continue  # SQL named as a language: "the SQL dialect"
        kept.add(word)
        if word == "web" and following in ("page", "pages"):
            kept.add("webpage")
        elif word == "java" and following == "script":
            kept.add("javascript")  # "JavaScript" splits at its capital
    if "select" in kept and not _SELECT_KEYWORD.search(text):
        kept.discard("select")  # "select the fields", not SELECT ... FROM
    fenced = ("```" in text or "~~~" in text) and _FENCE.search(text) is not None
    prose = cues(_FENCE.sub(" ", text)).words if fenced else frozenset(kept)
    return TextCues(frozenset(kept), prose)


def sink_kind(name: str, context: set[str] | Callable[[], set[str]]) -> str | None:
    """The kind of sink a property called ``name`` is, by its name, in a tool whose text has
    ``context`` words (a set, or a function that makes it: most names never need it). The rule
    itself judges a property with ``property_sink``, which also reads its schema."""
    reading = _reading(name)
    if reading.kind is not None or not reading.contextual:
        return reading.kind
    known = context() if callable(context) else context
    for needs, contextual_kind in reading.contextual:
        if known & needs:
            return contextual_kind
    return None


def property_sink(name: str, schema: Any, tool_cues: Callable[[], TextCues]) -> str | None:
    """The kind of sink the property ``name`` with ``schema`` is in a tool whose text has
    ``tool_cues`` (a function: most names never need them), or None."""
    reading = _reading(name)
    kind = reading.kind
    filters = kind == FILE_PATH and not reading.present.isdisjoint(_FILTERS)
    script = kind == SHELL and reading.present & _SHELL == {"script"}
    if (kind is not None and not filters and not script) or (kind is None and not reading.contextual):
        return kind  # most names: path, url, command, id (the schema's prose is not needed)
    texts = _descriptions(schema)
    own = cues(" ".join(texts)) if texts else NO_CUES
    if kind is None:
        for needs, contextual_kind in reading.contextual:
            if contextual_kind == CODE:
                known = own.prose if reading.identifier else own.prose | tool_cues().prose
            elif contextual_kind == FILE_PATH and own.words & _NAMES_OTHER and not own.words & needs:
                continue  # its own text names what it is, and that is not a file
            else:
                known = own.words | tool_cues().words
            if known & needs:
                kind = contextual_kind
                break
        else:
            return None
    if kind == FILE_PATH and not reading.present.isdisjoint(_FILTERS) and _holds_patterns(schema, texts):
        return None  # a filter of URL paths, globs or regexes narrows what is read
    if script and _in_browser(own, tool_cues()):
        return None  # a script the page runs, not the host
    return kind


def _descriptions(schema: Any) -> list[str]:
    """The descriptions of a property and of the schemas that carry its value (array items,
    union branches)."""
    if not isinstance(schema, dict):
        return []
    found = [schema, *(_value_schemas(schema) or ())]
    return [d for d in dict.fromkeys(s.get("description") for s in found) if isinstance(d, str)]


def names_field(schema: Any, field_words: frozenset[str]) -> bool:
    """The property's description speaks of a field (MongoDB's "Field, in dot notation, where
    to search"): its value names a field of a record, not a file. The narrower reading of
    SEC-004 and MCP-022 under ``recommended`` (docs/lint.md, "The recommended set")."""
    return any(field_words.intersection(words(text)) for text in _descriptions(schema))


_TEXT_WORD = re.compile(r"[a-z0-9_]+")
#: ``format`` values that say a string holds bytes, not a name (OpenAPI's base64 ``byte``).
_ENCODED_FORMATS = frozenset(("byte", "binary", "base64"))


def holds_content(schema: Any, encoded_words: frozenset[str]) -> bool:
    """The value is a file's content, encoded, rather than where a file is: declared so
    (``contentEncoding``, ``format: byte``) or described so (airtable-mcp-server's
    ``upload_attachment.file``, "Base64 encoded file content"). The narrower reading of
    MCP-022 under ``recommended`` (docs/lint.md, "The recommended set")."""
    if not isinstance(schema, dict):
        return False
    for sub in (schema, *(_value_schemas(schema) or ())):
        if "contentEncoding" in sub or sub.get("format") in _ENCODED_FORMATS:
            return True
    # Whole words of the lowered text, an identifier kept whole: words() would split "base64",
    # and "use 'content_base64' instead" names another property, not this one's value.
    return any(encoded_words.intersection(_TEXT_WORD.findall(text.lower())) for text in _descriptions(schema))


def _holds_patterns(schema: Any, texts: list[str]) -> bool:
    """The value is a pattern, glob or regex, or a URL's path, by its description or ``format``."""
    if any(s.get("format") == "regex" for s in _value_schemas(schema) or ()):
        return True
    for text in texts:
        found = words(text)
        if _PATTERNS.intersection(found):
            return True
        if any(word == "url" and following in _URL_PATHS for word, following in zip(found, found[1:], strict=False)):
            return True
    return False


def _in_browser(own: TextCues, tool: TextCues) -> bool:
    """The script runs in a browser page: the text names a browser, a web page or the DOM, or
    speaks of a page and the script's own description of JavaScript."""
    if (own.words | tool.words) & _BROWSER:
        return True
    return bool((own.words | tool.words) & {"page", "pages"}) and bool(own.words & {"javascript", "js"})


def _reading(name: str) -> NameReading:
    kind, contextual, present, identifier = _name_kinds(name)
    return NameReading(kind, contextual, present, identifier)


@functools.lru_cache(maxsize=4096)
def _name_kinds(name: str) -> tuple[str | None, tuple[tuple[frozenset[str], str], ...], frozenset[str], bool]:
    """What the name alone says (a ``NameReading``'s fields). Property names repeat across
    tools (path, query, url), so this is cached."""
    parts = words(name)
    for i in range(1, len(parts)):
        if parts[i] in ("dir", "dirs") and parts[i - 1] in _ORDERING:
            parts[i] = "direction"  # sort_dir is the direction of a sort, not a directory
    if not parts or parts[-1] in _NOT_THE_VALUE or _singular(parts[-1]) in _NOT_THE_VALUE:
        return None, (), frozenset(), False
    # A plural sink word is the sink its singular is: scripts, webhooks, dirnames.
    present = frozenset(parts) | {_singular(p) for p in parts}
    identifier = len(parts) > 1 and _singular(parts[-1]) == "code" and parts[-2] not in _CODE_QUALIFIERS
    for vocabulary, kind in _KIND:
        if present & vocabulary:
            return kind, (), present, identifier
    contextual = tuple((frozenset(needs), kind) for vocabulary, needs, kind in _CONTEXTUAL if present & vocabulary)
    return None, contextual, present, identifier


def unconstrained(schema: Any) -> bool:
    """A string-valued property none of whose schemas has a pattern, enum or const."""
    values = _value_schemas(schema)
    return values is not None and all(_CONSTRAINTS.isdisjoint(value) for value in values)
