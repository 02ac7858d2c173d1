"""Turn bytes from a file or stdin into plain JSON values, or fail with one line.

Everything read here is untrusted: sizes, nesting, YAML aliases and non-JSON
values (NaN, dates, binary) are bounded or refused before any other module sees
the data.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..limits import MAX_INPUT_BYTES, MAX_NESTING_DEPTH

_YAML_SUFFIXES = {".yaml", ".yml"}


def read_bytes(source: str) -> bytes:
    """Read ``source`` (a path, or ``-`` for stdin) up to the size limit."""
    if source == "-":
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        where = "stdin"
    else:
        path = Path(source)
        where = source
        try:
            if path.is_dir():
                raise InputError(f"{source}: is a directory; expected a JSON or YAML file")
            with path.open("rb") as fh:
                data = fh.read(MAX_INPUT_BYTES + 1)
        except FileNotFoundError:
            raise InputError(f"{source}: no such file") from None
        except PermissionError:
            raise InputError(f"{source}: permission denied") from None
        except OSError as exc:
            raise InputError(f"{source}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            f"{where}: larger than the {MAX_INPUT_BYTES // (1024 * 1024)} MiB input limit"
        )
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


def parse_document(text: str, where: str, *, hint: str = "", allow_empty: bool = False) -> Any:
    """Parse JSON, or YAML when the name says so or the text is not JSON-looking.

    ``allow_empty`` turns an empty YAML document (nothing but comments) into ``None``.
    """
    suffix = Path(hint).suffix.lower() if hint else ""
    looks_json = text.lstrip()[:1] in ("{", "[")
    if suffix in _YAML_SUFFIXES or (suffix != ".json" and not looks_json):
        from .yaml_reader import parse_yaml  # only YAML input pays for importing PyYAML

        value = parse_yaml(text, where, allow_empty=allow_empty)
        check_plain_json(value, where)
    else:
        value = _parse_json(text, where)
        # json.loads only builds plain JSON types (NaN is refused by parse_constant),
        # so only the depth is left to check.
        if type(value) in _CONTAINERS:
            check_json_depth(value, where)
    return value


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


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (_INF, -_INF):  # 1e999 overflows to infinity, which JSON cannot carry
        raise ValueError(f"{text} is not a finite JSON number")
    return value


_INF = float("inf")


def _parse_json(text: str, where: str) -> Any:
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{where}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except ValueError as exc:
        raise InputError(f"{where}: invalid JSON: {exc}") from None
    except RecursionError:
        raise InputError(
            f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels"
        ) from None


def check_json_depth(value: Any, where: str) -> None:
    """Nesting past the limit, for values ``json.loads`` built (types already plain).

    Level by level over containers only: it runs on every input, so it avoids the
    per-node tuples and type checks of ``check_plain_json``.
    """
    level = [value]
    depth = 0
    while level:
        if depth > MAX_NESTING_DEPTH:
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
                stack.append((child, depth + 1))
        elif isinstance(current, list):
            stack.extend((child, depth + 1) for child in current)
        elif isinstance(current, float):
            if current != current or current in (float("inf"), float("-inf")):
                raise InputError(f"{where}: {current} is not a JSON number")
        elif current is None or isinstance(current, (str, int, bool)):
            continue
        else:
            raise InputError(f"{where}: a {type(current).__name__} value is not JSON data")
