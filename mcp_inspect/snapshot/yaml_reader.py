"""YAML input, read with a safe loader under the same limits as JSON.

Kept apart from reader.py so that JSON input (the common case) never imports PyYAML.
Aliases are counted before anything is constructed ("billion laughs" documents are
refused), nesting stops at the limit while composing, and timestamps stay strings.
A plain scalar that YAML 1.1 (PyYAML, this reader) and YAML 1.2 (js-yaml 4, Go's
yaml.v3) read as two different values (``017``, ``yes``, ``1:30``, ``1e3``) is refused.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from typing import Any

import yaml

from ..errors import InputError
from ..limits import MAX_NESTING_DEPTH, MAX_YAML_NODES
from .scalars import SURROGATE, digit_limit, number_error, refuse_underflow, shown_key


def _one_merge_per_key(key_node: Any, value: Any) -> None:
    """Refuse a merge of several mappings that give one key: YAML's merge says the first
    wins, PyYAML lets the last win, so two readers of the file would see two surfaces."""
    if not isinstance(value, yaml.SequenceNode):
        return
    seen: set[Any] = set()
    for mapping in value.value:
        if not isinstance(mapping, yaml.MappingNode):
            continue
        for inner, _ in mapping.value:
            if isinstance(inner, yaml.ScalarNode):
                key = (inner.tag, inner.value)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the mappings merged by << both give the key {shown_key(inner.value)}: YAML "
                                    "readers disagree which one wins", key_node.start_mark)
                seen.add(key)


#: How the YAML 1.2 core schema (YAML 1.2.2 §10.3.2) reads a plain scalar, tried in order;
#: anything else is a string. ``[0-9]``, not ``\d``, which would take other scripts' digits.
_CORE_SCHEMA = (
    ("null", re.compile(r"null|Null|NULL|~|")),
    ("bool", re.compile(r"true|True|TRUE|false|False|FALSE")),
    ("int", re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")),
    ("float", re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)"
                         r"|\.(?:nan|NaN|NAN)")),
)
#: The explicit tags whose text PyYAML converts by YAML 1.1's rules (hostile trial, round 7).
_CORE_TYPE_TAGS = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("int", "float", "bool", "null"))
#: The kinds PyYAML's (YAML 1.1) implicit tags give; the merge key ``<<`` is left to the merge
#: checks, and the few other tags PyYAML resolves (``=``) are refused by its constructor.
_PYYAML_KIND = {f"tag:yaml.org,2002:{kind}": kind for kind in ("null", "bool", "int", "float", "str")}
#: The first characters of a plain scalar that either schema may read as something other
#: than a string: any other plain scalar (most prose) is a string to both, and costs no more.
_MAY_NOT_BE_TEXT = frozenset("yYnNoOtTfF~0123456789+-.")
#: An integer PyYAML reads as octal (``017`` is 15), where YAML 1.2 reads decimal (17).
_PYYAML_OCTAL = re.compile(r"[-+]?0[0-7]+")


def _core_kind(text: str) -> str:
    for kind, pattern in _CORE_SCHEMA:
        if pattern.fullmatch(text):
            return kind
    return "str"


def _read_two_ways(loader: Any, text: str) -> bool:
    """Whether the plain scalar ``text`` is one value to PyYAML (YAML 1.1) and another to the
    YAML 1.2 core schema. Decided on the spelling alone, converting nothing, so a long one
    costs no more than reading it: the two agree on the kind of every spelling but the ones
    listed in docs/limits.md, and on the value of a kind they share, but for YAML 1.1's
    octal (``07`` is 7 to both, ``017`` is not)."""
    if text and text[0] not in _MAY_NOT_BE_TEXT:
        return False
    old = _PYYAML_KIND.get(loader.resolve(yaml.ScalarNode, text, (True, False)))
    if old is None:
        return False
    new = _core_kind(text)
    if old != new:
        return not (loader.words_are_booleans and old == "bool" and new == "str")
    return old == "int" and _PYYAML_OCTAL.fullmatch(text) is not None and len(text.lstrip("+-").lstrip("0")) > 1


def _core_value(text: str, kind: str) -> Any:
    """The value the YAML 1.2 core schema gives a plain scalar of ``kind``."""
    if kind == "null":
        return None
    if kind == "bool":
        return text.lower() == "true"
    if kind == "int":
        return int(text[2:], 8) if text.startswith("0o") else int(text[2:], 16) if text.startswith("0x") else int(text)
    if kind == "float":
        folded = text.lower().lstrip("+")
        if folded.endswith((".inf", ".nan")):
            return float(folded.replace(".", ""))
        return float(text)
    return text


def _spelled(value: Any) -> str:
    """``value`` as a YAML scalar that YAML 1.1 and 1.2 readers read alike."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)  # 1e+16: YAML 1.1 wants the dot, and repr gives the exponent its sign
        return text.replace("e", ".0e") if "e" in text and "." not in text else text
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=True)


#: A reading not worked out, and so named by its kind alone (``_KIND_WORDS``): of a scalar too
#: long to quote in one line, or a number too small to be told from 0.
_UNREAD = object()
_KIND_WORDS = {"null": "null", "bool": "a boolean", "int": "an integer", "float": "a number", "str": "a string"}
#: The longest scalar whose readings the error spells out.
_SHOWN_CHARS = 40


def _reading(value: Any, kind: str) -> str:
    """A reading as the error names it: the kind, and the value as ``_spelled`` writes it."""
    if value is _UNREAD:
        return _KIND_WORDS[kind]
    if isinstance(value, str):
        return f"the string {_spelled(value)}"
    if value is None or isinstance(value, bool):
        return _spelled(value)
    return f"the {'integer' if isinstance(value, int) else 'number'} {_spelled(value)}"


def _refuse_two_readings(loader: Any, event: Any, written: str = "the unquoted") -> None:
    """ComposerError at the scalar of ``event``, naming both readings and a spelling of each
    that every reader reads alike (or, for a long one, what to do)."""
    text = event.value
    tag = loader.resolve(yaml.ScalarNode, text, (True, False))
    old_kind, new_kind = _PYYAML_KIND[tag], _core_kind(text)
    old = new = _UNREAD
    if len(text) <= _SHOWN_CHARS:  # a longer one is not converted: its kinds say enough
        with contextlib.suppress(ValueError):  # a number too small to be told from 0: named by its kind
            old = loader.yaml_constructors[tag](loader, yaml.ScalarNode(tag, text, event.start_mark, event.end_mark))
        new = _core_value(text, new_kind)
    shown = text if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]}… ({len(text):,} characters)"
    old_reading, new_reading = _reading(old, old_kind), _reading(new, new_kind)
    if old_reading == new_reading:  # a long octal-looking integer: one number, and another
        old_reading, new_reading = "one integer", "another"
    problem = (f"{written} {shown} reads as {old_reading} in YAML 1.1 (PyYAML, mcp-inspect's reader) "
               f"but as {new_reading} in YAML 1.2 (js-yaml 4, Go yaml.v3)")
    if old is _UNREAD or new is _UNREAD:
        advice = "quote it if it is text, or write the value as true, false or a decimal number"
    else:
        spellings = [_spelled(old), _spelled(new)]
        if not any(isinstance(value, str) for value in (old, new)):
            spellings.append(json.dumps(text) + " (the text)")
        advice = f"write the one meant as {', '.join(spellings[:-1])} or {spellings[-1]}, which both read alike"
    raise yaml.composer.ComposerError(None, None, f"{problem}; {advice}", event.start_mark)


class _TooDeep(Exception):
    pass


try:  # libyaml's parser, when PyYAML was built with it (its wheels are)
    from yaml._yaml import CParser as _Parser

    def _start(loader: Any, text: str) -> None:
        _Parser.__init__(loader, text)
except ImportError:  # pragma: no cover - a PyYAML without libyaml: the pure-Python reader
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, yaml.parser.Parser):  # type: ignore[no-redef]
        pass

    def _start(loader: Any, text: str) -> None:
        Reader.__init__(loader, text)
        Scanner.__init__(loader)
        yaml.parser.Parser.__init__(loader)


class _BoundedSafeLoader(yaml.composer.Composer, _Parser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """A safe loader that keeps timestamps as strings (JSON has no dates).

    The text is scanned and parsed by libyaml where PyYAML has it (several times faster
    than PyYAML's own scanner), but composed here, in Python, so that composing stops
    at the nesting limit before anything deeper is read (libyaml's own composer recurses
    in C, where a few KB of ``[[[[`` could exhaust the stack).
    """

    #: Whether ``yes``, ``no``, ``on`` and ``off`` are let through as the booleans YAML 1.1 makes
    #: them (a configuration: ``parse_yaml``).
    words_are_booleans = False

    def __init__(self, text: str) -> None:
        _start(self, text)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_NESTING_DEPTH + 1:  # root: depth 1 here, 0 in check_plain_json
                raise _TooDeep
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def compose_scalar_node(self, anchor: Any) -> Any:
        # A plain scalar with no tag is whatever the schema's patterns make of it, and YAML 1.1's
        # (PyYAML) and 1.2's differ: a reviewer's reader and this one would see two surfaces.
        event = self.peek_event()
        if event.tag is None and event.implicit[0] and _read_two_ways(self, event.value):
            _refuse_two_readings(self, event)
        # A core type tag (``!!int 017``, ``!!bool yes``) has PyYAML convert the text by YAML
        # 1.1's rules, and a YAML 1.2 reader by its own, or not at all: the same refusal.
        if event.tag in _CORE_TYPE_TAGS and _read_two_ways(self, event.value):
            _refuse_two_readings(self, event, f"the tagged !!{event.tag.rsplit(':', 1)[1]}")
        return super().compose_scalar_node(anchor)

    def construct_yaml_int(self, node: Any) -> int:
        # PyYAML converts hexadecimal, octal and base-60 spellings itself, without Python's
        # digit limit, and base 60 at a cost quadratic in the length: a spelling longer
        # than the limit is refused before it is converted (check_plain_json catches the
        # shorter hexadecimal ones that still convert past it).
        text = self.construct_scalar(node)
        limit = digit_limit()
        if isinstance(text, str) and len(text.replace("_", "")) > limit + 3:  # room for a sign and 0x
            raise ValueError(f"an integer has more than {limit} digits")
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node: Any) -> float:
        value = super().construct_yaml_float(node)
        refuse_underflow(str(self.construct_scalar(node)), value)  # 1e-400: as for JSON
        return value

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        # YAML forbids a key given twice in one mapping; PyYAML keeps the last silently, so a
        # second ``ignore:`` would drop the first without a word. A merge (``<<``) may override.
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            merges = [(key_node, value) for key_node, value in node.value if key_node.tag == "tag:yaml.org,2002:merge"]
            if len(merges) > 1:
                raise yaml.constructor.ConstructorError(
                    None, None, "the merge key << appears twice in one mapping", merges[1][0].start_mark)
            for key_node, value in merges:
                _one_merge_per_key(key_node, value)
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key {shown_key(key_node.value)} appears twice in one mapping",
                        key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_str(self, node: Any) -> str:
        # A YAML "\ud83d\ude00" escape gives the two halves of a surrogate pair as two
        # code points; JSON readers join them into the one character they spell. So does
        # this; a half left alone is refused later (check_plain_json).
        text = super().construct_yaml_str(node)
        if not text.isascii() and SURROGATE.search(text):
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
        return text


_BoundedSafeLoader.yaml_constructors = {  # the safe constructors, with those above in their place
    **yaml.constructor.SafeConstructor.yaml_constructors,
    "tag:yaml.org,2002:int": _BoundedSafeLoader.construct_yaml_int,
    "tag:yaml.org,2002:float": _BoundedSafeLoader.construct_yaml_float,
    "tag:yaml.org,2002:str": _BoundedSafeLoader.construct_yaml_str,
}
_BoundedSafeLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _expanded_size(node: yaml.Node, where: str) -> int:
    """Count the nodes a YAML graph expands to, following aliases, without expanding it.

    Aliases make the composed graph a DAG; sizes are memoised per node so the count
    is linear in the graph while the result reflects the full expansion.
    """
    memo: dict[int, int] = {}
    active: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(node, False)]
    while stack:
        current, children_done = stack.pop()
        key = id(current)
        if children_done:
            active.discard(key)
            total = 1
            for child in _children(current):
                total += memo[id(child)]
                if total > MAX_YAML_NODES:
                    raise InputError(
                        f"{where}: YAML aliases expand beyond {MAX_YAML_NODES:,} nodes"
                    )
            memo[key] = total
            continue
        if key in memo:
            continue
        if key in active:
            raise InputError(f"{where}: YAML alias refers to itself (a recursive document)")
        active.add(key)
        stack.append((current, True))
        for child in _children(current):
            if id(child) in active:
                raise InputError(f"{where}: YAML alias refers to itself (a recursive document)")
            if id(child) not in memo:
                stack.append((child, False))
        if len(active) > MAX_NESTING_DEPTH:
            raise InputError(f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels")
    return memo[id(node)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def parse_yaml(text: str, where: str, *, allow_empty: bool = False, words_are_booleans: bool = False) -> Any:
    """The value of a YAML document, or InputError naming ``where`` and, when it can, the line.

    ``words_are_booleans`` is for a configuration file: there ``yes``, ``no``, ``on`` and ``off``
    are read as the booleans YAML 1.1 makes them. A key that takes both reads the word and its
    boolean alike (``lint.rules``: ``off`` and ``false``), one that takes a boolean only refuses a
    YAML 1.2 reader's string, and one that takes no boolean has mcp-inspect refuse it: no two
    readers load two different configurations. The other spellings YAML 1.1 and 1.2 read two
    ways are refused in a configuration too.
    """
    try:
        # The constructor already reads the stream and refuses some characters.
        loader = _BoundedSafeLoader(text)
    except yaml.YAMLError as exc:
        raise InputError(f"{where}: invalid YAML: {str(exc).splitlines()[0]}") from None
    loader.words_are_booleans = words_are_booleans
    try:
        node = loader.get_single_node()
        if node is None:
            if allow_empty:
                return None
            raise InputError(f"{where}: is empty; expected a JSON or YAML document")
        _expanded_size(node, where)
        return loader.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if "maximum nesting depth" in problem:  # libyaml's scanner, reading ahead, met its own limit (1,000)
            raise InputError(f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels") from None
        at = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        raise InputError(f"{where}: invalid YAML{at}: {problem}") from None
    except ValueError as exc:  # a constructor's own refusal, e.g. an integer past Python's digit limit
        raise InputError(f"{where}: invalid YAML: {number_error(exc)}") from None
    except (RecursionError, _TooDeep):
        raise InputError(
            f"{where}: nested deeper than the limit of {MAX_NESTING_DEPTH} levels"
        ) from None
    finally:
        loader.dispose()
