"""YAML input, read with a safe loader under the same limits as JSON.

Kept apart from reader.py so that JSON input (the common case) never imports PyYAML.
Aliases are counted before anything is constructed ("billion laughs" documents are
refused), nesting stops at the limit while composing, and timestamps stay strings.
"""

from __future__ import annotations

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


def parse_yaml(text: str, where: str, *, allow_empty: bool = False) -> Any:
    try:
        # The constructor already reads the stream and refuses some characters.
        loader = _BoundedSafeLoader(text)
    except yaml.YAMLError as exc:
        raise InputError(f"{where}: invalid YAML: {str(exc).splitlines()[0]}") from None
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
