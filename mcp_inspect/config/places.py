"""Where a configuration error points and how it is worded: the line of a key in a file (or
the field of a request to the service), and a JSON Schema violation said in YAML's words
(a list, a mapping, a string), not in JSON Schema's or Python's."""

from __future__ import annotations

import json
from typing import Any


class FieldPaths:
    """Stands in for a file's line index when the configuration is a JSON value inside a
    request to the service: an error names its field (``config.lint.select``, or for a
    lint section alone ``config.select``) where a file's would name a line. ``last_name`` is
    the field named most recently: every error is raised right after its field is named."""

    def __init__(self, skip: int = 0) -> None:
        self.skip = skip  # leading path parts the request does not spell (``lint``)
        self.last_name = ""

    def name(self, path: Any) -> str:
        parts = tuple(path)[self.skip:]
        self.last_name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in parts)
        return self.last_name

    def get(self, _key: tuple[str, ...], default: int | None = None) -> int | None:
        return default  # no lines: ignore entries and overrides carry none


#: Where a configuration's errors point: a file's lines, or a request's fields.
Lines = dict[tuple[str, ...], int] | FieldPaths


def explain(error: Any) -> str:
    """A one-line account of a schema violation, saying what was expected in YAML's words
    (a list, a mapping, a string), not in JSON Schema's or Python's."""
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        return f"unknown key {', '.join(map(repr, unknown))} (expected one of: {', '.join(allowed)})"
    if error.validator == "enum":
        choices = ", ".join(map(str, error.validator_value))
        if not isinstance(error.instance, str):
            return f"expected one of {choices}, got {_yaml_kind(error.instance)}"
        return f"{shown(error.instance)} is not one of {choices}"
    if error.validator == "required":
        # The first required key the entry lacks (validator_value lists them all, present or not).
        held = error.instance if isinstance(error.instance, dict) else {}
        missing = next((key for key in error.validator_value or () if key not in held), "?")
        section = str(error.absolute_path[0]) if error.absolute_path else ""
        return f"missing key {missing!r} ({_NEEDS.get(section, 'a required key')})"
    if error.validator == "const":
        return f"version must be {error.validator_value}"
    if error.validator == "pattern" and error.validator_value == _DIGEST_PATTERN:
        return f"{shown(error.instance)} is not a digest of 16 hexadecimal digits (as mcp-inspect approve writes it)"
    if error.validator == "pattern" and error.validator_value == _PERCENT_PATTERN:
        return f"{shown(error.instance)} is neither a number of tokens nor a percentage written like \"10%\""
    if error.validator == "pattern" and error.validator_value != _SELECTOR_PATTERN:
        return f"{shown(error.instance)} is not a date in the form YYYY-MM-DD"
    if error.validator in ("pattern", "contains") or (error.validator == "minItems" and not error.instance):
        return NAMES_NO_CHECK
    if error.validator == "type":
        return f"expected {_expected([error.validator_value])}, got {_yaml_kind(error.instance)}"
    if error.validator in ("anyOf", "oneOf"):
        # The one branch of the instance's own type says what is wrong with it ("expected a
        # non-empty string"), where "expected a string or a list, got a list" would not.
        fitting = [index for index, option in enumerate(error.validator_value)
                   if _fits(option.get("type"), error.instance)]
        inside = [sub for sub in error.context or () if len(fitting) == 1 and sub.relative_schema_path
                  and sub.relative_schema_path[0] == fitting[0]]
        if inside:
            return explain(min(inside, key=lambda sub: (list(map(str, sub.relative_path)), sub.message)))
        return f"expected {_expected([option.get('type') for option in error.validator_value])}, " \
               f"got {_yaml_kind(error.instance)}"
    if error.validator == "minLength":
        return "expected a non-empty string, got an empty one"
    return str(error.message)


#: The pattern lint.select's string must match: at least one selector, not only commas.
_SELECTOR_PATTERN = "[^,\\s]"
#: The pattern an approval's digest must match (config.schema.json).
_DIGEST_PATTERN = "^[0-9a-f]{16}$"
#: tokens.max_increase as a percentage (config.schema.json): its own words, not a date's.
_PERCENT_PATTERN = "^\\s*[0-9]+(\\.[0-9]+)?\\s*%\\s*$"
#: What an entry of each list must hold, said with a missing key.
_NEEDS = {"ignore": "each ignore entry needs a rule",
          "approve": "each approve entry needs rule, kind, entity, path, digest and reason"}
#: What a selection that names no check is told (the schema's words, and config/load.py's).
NAMES_NO_CHECK = "names no check (recommended, ALL, a family, a code or a prefix ending in *)"
_PYTHON_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "array": (list,), "object": (dict,),
                                              "boolean": (bool,), "number": (int, float), "integer": (int, float)}


def _fits(kind: Any, value: Any) -> bool:
    """Whether ``value`` is of the JSON Schema type ``kind`` (a name, or a list of names)."""
    kinds = kind if isinstance(kind, list) else [kind]
    for name in kinds:
        if name == "null" and value is None:
            return True
        if name in ("number", "integer") and isinstance(value, bool):
            continue
        if name == "integer" and isinstance(value, float) and not value.is_integer():
            continue
        if isinstance(value, _PYTHON_TYPES.get(name, ())):
            return True
    return False


#: JSON Schema's type names as YAML speaks of them.
_YAML_TYPES = {"array": "a list", "object": "a mapping", "string": "a string", "integer": "an integer",
               "number": "a number", "boolean": "true or false", "null": "nothing"}


def _expected(types: list[Any]) -> str:
    words = [_YAML_TYPES.get(t, str(t)) for one in types
             for t in (one if isinstance(one, list) else [one]) if t is not None]
    return " or ".join(dict.fromkeys(words)) or "another value"


def _yaml_kind(value: Any) -> str:
    """What a value is, in YAML's words, with the value itself when it is short."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    kind = "a string" if isinstance(value, str) else "an integer" if isinstance(value, int) else "a number"
    return f"{kind} ({shown(value)})"


def shown(value: Any) -> str:
    """A value as YAML would quote it (a string in single quotes, anything else as JSON), cut short."""
    text = repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:59] + "…"


def at(lines: Lines, path: Any) -> str:
    """``:LINE`` for the deepest part of ``path`` whose line is known (or, for a
    ``FieldPaths``, the field: ``.lint.select``)."""
    if isinstance(lines, FieldPaths):
        return lines.name(path)
    line = line_of(lines, path)
    return "" if line is None else f":{line}"


def line_of(lines: Lines, path: Any) -> int | None:
    """The line of the deepest part of ``path`` the file places (None when none is, or
    when the configuration came as JSON fields)."""
    if isinstance(lines, FieldPaths):
        return None
    parts = tuple(str(p) for p in path)
    while parts:
        if parts in lines:
            return lines[parts]
        parts = parts[:-1]
    return None


def key_name(path: list[Any]) -> str:
    """A place in the configuration as its reader writes it: ``llm.timeout``, ``ignore[2].rule``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def line_index(text: str) -> dict[tuple[str, ...], int]:
    """Map each path in a YAML document to the 1-based line where its value (or key) starts."""
    import yaml  # only when a configuration file is read

    # libyaml's composer where PyYAML has it (~20 times faster): the text has already been
    # read by the guarded loader (snapshot.yaml_reader), so its nesting and aliases are
    # known to be within the limits that keep a composer's recursion safe.
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return {}
    out: dict[tuple[str, ...], int] = {}
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if node is None:
            continue
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                child = (*path, str(key_node.value))
                out[child] = key_node.start_mark.line + 1
                stack.append((value_node, child))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                child = (*path, str(index))
                out[child] = item.start_mark.line + 1
                stack.append((item, child))
    return out
