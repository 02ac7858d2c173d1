"""Turn bytes from a file or stdin into plain JSON values, or fail with one line.

Everything read here is untrusted: sizes, nesting, YAML aliases and non-JSON
values (NaN, dates, binary) are bounded or refused before any other module sees
the data.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..limits import MAX_INPUT_BYTES, MAX_NESTING_DEPTH
from .scalars import SURROGATE, digit_limit, number_error, refuse_underflow, shown_key

_YAML_SUFFIXES = {".yaml", ".yml"}


def read_bytes(source: str, limit: int | None = None, what: str = "input") -> bytes:
    """Read ``source`` (a path, or ``-`` for stdin) up to ``limit`` bytes (``MAX_INPUT_BYTES``
    unless given; ``what`` names the limit in the error)."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    if source == "-":
        data = sys.stdin.buffer.read(limit + 1)
        where = "stdin"
    else:
        path = Path(source)
        where = source
        try:
            if path.is_dir():
                raise InputError(f"{source}: is a directory; expected a JSON or YAML file")
            with path.open("rb") as fh:
                data = fh.read(limit + 1)
        except FileNotFoundError:
            raise InputError(f"{source}: no such file") from None
        except PermissionError:
            raise InputError(f"{source}: permission denied") from None
        except OSError as exc:
            raise InputError(f"{source}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        size = f"{limit // (1024 * 1024)} MiB" if limit % (1024 * 1024) == 0 else f"{limit:,}-byte"
        raise InputError(f"{where}: larger than the {size} {what} limit")
    return data


def decode_text(data: bytes, where: str, *, allow_empty: bool = False) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{where}: not valid UTF-8 (byte {exc.start})") from None
    if not text.strip() and not allow_empty:
        raise InputError(f"{where}: is empty; expected a JSON or YAML document")
    return text


def parse_document(text: str, where: str, *, hint: str = "", allow_empty: bool = False,
                   max_depth: int | None = None, configuration: bool = False) -> Any:
    """Parse JSON, or YAML when the name says so or the text is not JSON-looking.

    ``allow_empty`` turns an empty YAML document (nothing but comments) into ``None``.
    ``max_depth`` (default ``MAX_NESTING_DEPTH``) is for JSON that wraps documents one level
    down (a request to the service, ``{"surface": …}``), whose parts are then held to the
    usual limit one by one. ``configuration``: the text is a configuration file, whose YAML
    may say ``on`` and ``off`` (``yaml_reader.parse_yaml``).
    """
    suffix = Path(hint).suffix.lower() if hint else ""
    looks_json = text.lstrip()[:1] in ("{", "[")
    if suffix in _YAML_SUFFIXES or (suffix != ".json" and not looks_json):
        from .yaml_reader import parse_yaml  # only YAML input pays for importing PyYAML

        value = parse_yaml(text, where, allow_empty=allow_empty, words_are_booleans=configuration)
        if suffix not in _YAML_SUFFIXES and not isinstance(value, (dict, list)) and value is not None:
            _not_plain_text(text, where)
        check_plain_json(value, where)
    else:
        value = _parse_json(text, where)
        # json.loads only builds plain JSON types (NaN is refused by parse_constant),
        # so only the depth and the strings' \u escapes are left to check.
        if type(value) in _CONTAINERS:
            check_json_depth(value, where, max_depth)
        at = lone_surrogate_at(text)
        if at is not None:
            line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
            escape = text[at:at + 6]  # \uD800: letters, digits and a backslash, shown as the file holds it
            raise InputError(f"{where}: invalid JSON at line {line} column {column}: {escape} is half of a "
                             "UTF-16 surrogate pair without the other half, which is not Unicode text").quoting(escape)
    return value


def _not_plain_text(text: str, where: str) -> None:
    """InputError for text that YAML read as a lone scalar and that is not JSON either: YAML
    reads any line of prose as a string, which is no reason to call the file a JSON string."""
    try:
        json.loads(text)
    except ValueError:
        raise InputError(f"{where}: is not JSON, nor YAML holding an object or a list (it reads as plain "
                         "text); expected a JSON or YAML document") from None


#: Parsed documents by (file suffix, exact bytes), for one command: see ``load_value``.
Parsed = dict[tuple[str, bytes], Any]


def load_value(source: str, parsed: Parsed | None = None) -> Any:
    """Read and parse one input document.

    With ``parsed`` (one dict for one command), bytes already parsed under the same kind of
    name are not parsed again and the same value is returned: ``diff`` of a surface the
    change did not touch reads two identical files, the commonest case for a PR gate.
    Everything downstream only reads the value, so the two sides may share it.
    """
    where = "stdin" if source == "-" else source
    data = read_bytes(source)
    key = (Path(source).suffix.lower(), data)
    if parsed is not None and key in parsed:
        return parsed[key]
    value = parse_document(decode_text(data, where), where, hint=source)
    if parsed is not None:
        parsed[key] = value
    return value


#: A ``\\uXXXX`` escape of a UTF-16 surrogate. A pair of them (how ASCII-only writers spell
#: an emoji) decodes to one character; one alone decodes to a code point that no UTF-8
#: text can hold, so every later step that encodes it (hashing, writing a report) fails.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_HIGH_HALF = frozenset("89abAB")


def lone_surrogate_at(text: str) -> int | None:
    """Where, in valid JSON text, the first escape of an unpaired surrogate starts, else None.

    Read off the text, not the parsed value: the regular expression skips every document
    without such an escape at C speed. A match preceded by an odd run of backslashes is
    the text ``\\uD800`` written after an escaped backslash, not an escape.
    """
    waiting: int | None = None  # a high half, until a low half follows it at once
    for match in _SURROGATE_ESCAPE.finditer(text):
        start = match.start()
        before = start
        while before and text[before - 1] == "\\":
            before -= 1
        if (start - before) % 2:
            continue
        high = text[start + 3] in _HIGH_HALF  # \uD8.. to \uDB.. is the high half
        if waiting is not None:
            if not high and start == waiting + 6:
                waiting = None
                continue
            return waiting
        if high:
            waiting = start
        else:
            return start
    return waiting


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (_INF, -_INF):  # 1e999 overflows to infinity, which JSON cannot carry
        raise ValueError(f"{text} is not a finite JSON number")
    refuse_underflow(text, value)
    return value


_INF = float("inf")



class DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members, refusing a name given twice: JSON readers disagree on which one
    counts (most keep the last, some the first), so a reviewer and mcp-inspect could read
    two different surfaces from one file."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return value


def _parse_json(text: str, where: str) -> Any:
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float,
                          object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise InputError(f"{where}: invalid JSON: the key {shown_key(exc.key)} appears twice in one object, and "
                         "readers differ on which value counts") from None
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{where}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except ValueError as exc:
        raise InputError(f"{where}: invalid JSON: {number_error(exc)}") from None
    except RecursionError:
        raise InputError(
            f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels"
        ) from None


def check_json_depth(value: Any, where: str, max_depth: int | None = None) -> None:
    """Nesting past the limit, for values ``json.loads`` built (types already plain).

    Level by level over containers only: it runs on every input, so it avoids the
    per-node tuples and type checks of ``check_plain_json``.
    """
    max_depth = MAX_NESTING_DEPTH if max_depth is None else max_depth
    level = [value]
    depth = 0
    while level:
        if depth > max_depth:
            raise InputError(f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels")
        below: list[Any] = []
        for node in level:
            for child in node.values() if type(node) is dict else node:
                kind = type(child)
                if kind is dict or kind is list:
                    below.append(child)
        level = below
        depth += 1


_CONTAINERS = (dict, list)


def check_plain_json(value: Any, where: str) -> None:
    """Refuse values JSON cannot carry and nesting past the limit (iteratively)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        current, depth = stack.pop()
        if depth > MAX_NESTING_DEPTH:
            raise InputError(f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels")
        if isinstance(current, dict):
            for key, child in current.items():
                if not isinstance(key, str):
                    raise InputError(f"{where}: object key {key!r} is not a string")
                if SURROGATE.search(key):
                    raise InputError(f"{where}: an object key holds a lone UTF-16 surrogate, which is not Unicode text")
                stack.append((child, depth + 1))
        elif isinstance(current, list):
            stack.extend((child, depth + 1) for child in current)
        elif isinstance(current, float):
            if current != current or current in (float("inf"), float("-inf")):
                raise InputError(f"{where}: {current} is not a JSON number")
        elif isinstance(current, str):
            if SURROGATE.search(current):
                raise InputError(f"{where}: a string holds a lone UTF-16 surrogate, which is not Unicode text")
        elif isinstance(current, int) and not isinstance(current, bool):
            # The bit length rules out nearly every integer before the exact comparison
            # (10**n has more than 3n bits).
            if current.bit_length() > 3 * digit_limit() and abs(current) >= 10 ** digit_limit():
                raise InputError(f"{where}: an integer has more than {digit_limit()} digits")
        elif current is None or isinstance(current, bool):
            continue
        else:
            raise InputError(f"{where}: a {type(current).__name__} value is not JSON data")
