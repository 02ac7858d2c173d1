"""A finding's place, read two ways by the witness search: as steps into a schema, where a
validator's error must lie for the refusal to be that finding's, and as members of a value,
which a removed property's witness must send.

A finding's path is written with the canonical form's keywords and without the steps into
``$ref`` targets and union branches, which an error's schema path spells: the forms of a
path (``forms``) compare the two, and ``as_written`` reads a canonical keyword as the
draft-7 one the schema holds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

#: Keywords whose schema applies to the value itself, as a union's branch does.
_SAME_VALUE = frozenset({"if", "then", "else", "not"})


def sends(value: Any, where: list[str]) -> bool:
    """Whether ``value`` holds a member at the property path ``where`` (``properties.a.
    items.properties.b``; union branch steps are the same value)."""
    index = 0
    while index < len(where):
        step = where[index]
        if step in ("anyOf", "oneOf", "allOf") and index + 1 < len(where):
            index += 2
        elif step in _SAME_VALUE:
            index += 1
        elif step == "properties" and index + 1 < len(where) and isinstance(value, dict):
            if where[index + 1] not in value:
                return False
            value, index = value[where[index + 1]], index + 2
        elif step == "items" and isinstance(value, list) and value:
            value, index = value[0], index + 1
        else:
            return False
    return True


def without(value: Any, where: list[str]) -> Any:
    """``value`` without the member at the property path ``where`` (in every item an
    ``items`` step reaches; union branch steps are the same value), the rest unchanged."""
    if not where:
        return value
    step = where[0]
    if step in ("anyOf", "oneOf", "allOf") and len(where) > 1:
        return without(value, where[2:])
    if step in _SAME_VALUE:
        return without(value, where[1:])
    if step == "properties" and len(where) > 1 and isinstance(value, dict) and where[1] in value:
        if len(where) == 2:
            return {k: v for k, v in value.items() if k != where[1]}
        return {**value, where[1]: without(value[where[1]], where[2:])}
    if step == "items" and isinstance(value, list):
        return [without(item, where[1:]) for item in value]
    return value


#: Keywords whose next step in a schema path is a name (or an index), not a keyword.
NAMING = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                    "dependencies", "anyOf", "oneOf", "allOf", "prefixItems", "items"})


def _past(where: list[str], index: int) -> int:
    """The index of the step after the keyword at ``index`` of a schema path: past the name
    (or index) a naming keyword takes, and past the index of draft 7's tuple ``items``."""
    step, more = where[index], index + 1 < len(where)
    if step in NAMING and step != "items" and more or step == "items" and more and where[index + 1].isdigit():
        return index + 2
    return index + 1


def names_member(where: list[str]) -> bool:
    """Whether a schema path ends at a property's name (``properties.a``, not
    ``properties.properties.anyOf``, whose property is called "properties")."""
    index = 0
    while index < len(where):
        step = where[index]
        if step == "properties" and index + 1 < len(where):
            if index + 1 == len(where) - 1:
                return True
            index += 2
        else:
            index = _past(where, index)
    return False


def position_left_over(where: list[str], parts: list[str]) -> bool:
    """Whether ``parts`` (an error's schema path) is the ``items`` or ``unevaluatedItems`` that
    takes the items left over where the finding's tuple position ``where`` (``….prefixItems.1``)
    is declared on one side only: of the node holding the ``prefixItems``, or, for a subschema
    applied in place (an ``allOf``/``anyOf``/``oneOf`` branch, a ``then``, an ``else``), of a
    node holding it, whose ``unevaluatedItems`` sees what the subschema evaluated (hostile
    trial, round 19: position 1 removed from ``allOf[0]`` beside ``unevaluatedItems: false``
    is refused there, for ``[1, 2]``)."""
    if len(where) < 2 or where[-2] != "prefixItems" or not where[-1].isdigit():
        return False
    return any(parts in (node + ["items"], node + ["unevaluatedItems"]) for node in _evaluating(where[:-2]))


#: The keywords that hold the items past a tuple's positions (the canonical form writes an
#: ``unevaluatedItems`` nothing else evaluates beside as ``items``, a finding the input's word;
#: draft 7 writes the tuple as an ``items`` array and what follows it as ``additionalItems``).
_REST_OF_ITEMS = ("items", "unevaluatedItems", "additionalItems")


def _tuple_of(node: Any) -> tuple[str, list[Any]]:
    """The keyword that holds ``node``'s tuple positions as written (``prefixItems``, or draft
    7's ``items`` array) and those positions (none where it declares none)."""
    for keyword in ("prefixItems", "items"):
        if isinstance(node.get(keyword), list):
            return keyword, node[keyword]
    return "prefixItems", []


def _rest_of(node: Any) -> list[str]:
    """The keywords of ``node`` that hold the items past its tuple positions, as written."""
    rest = ("additionalItems", "unevaluatedItems") if isinstance(node.get("items"), list) \
        else ("items", "unevaluatedItems")
    return [word for word in rest if isinstance(node.get(word), dict | bool)]


def positions_governed(where: list[str], accept: Any, reject: Any,
                       claimed: Iterable[list[str]] = ()) -> list[list[str]]:
    """The finding's place ``where`` read at the tuple positions whose keyword differs on the
    two sides: a position the rejecting side's ``prefixItems`` declares and the accepting side
    leaves to its ``items`` (or ``unevaluatedItems``) is governed by ``X.prefixItems.N`` on one
    side and ``X.items`` on the other, so a finding at ``X.items.minimum`` is refused at
    ``X.prefixItems.N.minimum`` where the rejecting side declares the position, and one at
    ``X.prefixItems.N.minimum`` is refused at ``X.items.minimum`` where the rejecting side leaves
    the position to its rest (classify/containers.py compares the two the same way). A finding
    names one side's path: an output schema whose position ``0`` was folded into ``items``
    (``prefixItems: [{minimum: 2}], items: {minimum: 0}`` → ``items: {minimum: 0}``) is at
    ``items.minimum``, and the old schema refuses ``[1]`` at ``prefixItems/0/minimum``, which the
    search did not read as the finding's place and said "none found" (hostile trial, round 30).

    A place another finding's path (``claimed``, as written) reaches is that finding's: a
    position the new side added (``prefixItems.2: {minimum: 5}`` beside ``items`` going from
    ``minimum: 0`` to ``1``) is a finding of its own, and ``["", "", 0]``, refused only there,
    was shown as the ``items.minimum`` finding's witness too (hostile trial, round 31). Read as
    written, without ``$ref``, draft 7's tuple spellings too (``where`` is as ``as_written``
    spells it): a path that does not reach a node on both sides gives none."""
    out: list[list[str]] = []
    nodes: list[Any] = [accept, reject]
    claims = list(claimed)
    index = 0
    while index < len(where) and all(isinstance(node, dict) for node in nodes):
        step = where[index]
        at = _past(where, index)
        (_, mine), (written, theirs) = (_tuple_of(node) for node in nodes)
        rest = where[at:]
        if step in _REST_OF_ITEMS and at == index + 1:
            places = [[*where[:index], written, str(n), *rest] for n in range(len(mine), len(theirs))]
        elif step in ("prefixItems", "items") and at == index + 2 and rest and where[index + 1].isdigit() \
                and int(where[index + 1]) >= len(theirs):
            places = [[*where[:index], word, *rest] for word in _rest_of(nodes[1])]
        else:
            places = []
        # A claim that reaches past the array (into the keyword governing the position) owns it.
        out += [place for place in places
                if not any(len(claim) > index and place[:len(claim)] == claim for claim in claims)]
        nodes = [_step_into(node, where[index:at]) for node in nodes]
        index = at
    return out


def _step_into(node: Any, steps: list[str]) -> Any:
    """The subschema ``steps`` (a keyword and the name or index it takes) reach in ``node``, or None."""
    for step in steps:
        if isinstance(node, dict):
            node = node.get(step)
        elif isinstance(node, list) and step.isdigit() and int(step) < len(node):
            node = node[int(step)]
        else:
            return None
    return node


def contains_left_over(where: list[str], parts: list[str]) -> bool:
    """Whether ``parts`` (an error's schema path) is the ``unevaluatedItems`` that takes the
    items a ``contains`` on the finding's path ``where`` matches on one side only: of the node
    holding the ``contains``, or of a node holding that one in place (``_evaluating``). Every
    item a ``contains`` matches is evaluated, even beside ``minContains: 0``, so an item the
    old one matched and the new one does not is refused there, not at the ``contains``
    (hostile trial, round 22: ``contains: {type: string}`` gaining ``minLength: 1`` beside
    ``minContains: 0`` and ``unevaluatedItems: false`` refuses ``[""]`` at ``unevaluatedItems``
    alone, and the search said "none found")."""
    index = 0
    while index < len(where):
        if where[index] == "contains" and any(parts == node + ["unevaluatedItems"]
                                              for node in _evaluating(where[:index])):
            return True
        index = _past(where, index)
    return False


def _evaluating(node: list[str]) -> list[list[str]]:
    """The schema path ``node`` and those of the nodes that apply it in place (it is their
    ``then`` or ``else``, or a branch of their ``allOf``, ``anyOf`` or ``oneOf``), nearest
    first: each one's ``unevaluatedItems`` sees the items ``node`` evaluates."""
    nodes = [node]
    while True:
        if node and node[-1] in ("then", "else"):
            node = node[:-1]
        elif len(node) > 1 and node[-2] in ("allOf", "anyOf", "oneOf") and node[-1].isdigit():
            node = node[:-2]
        else:
            return nodes
        nodes.append(node)


def brings(node: Any, sent: str, name: str) -> bool:
    """Whether sending the member ``sent`` makes the object ``node``'s ``dependentRequired`` (or
    draft 7's ``dependencies``, in its array form) ask for the member ``name``, at any remove:
    ``{a: [b], b: [c]}`` brings ``c`` with ``a``."""
    asked: dict[str, list[str]] = {}
    for keyword in ("dependentRequired", "dependencies"):
        table = node.get(keyword) if isinstance(node, dict) else None
        for trigger, names in table.items() if isinstance(table, dict) else ():
            if isinstance(names, list):
                asked.setdefault(trigger, []).extend(n for n in names if isinstance(n, str))
    seen, pending = {sent}, [sent]
    while pending:
        for each in asked.get(pending.pop(), ()):
            if each == name:
                return True
            if each not in seen:
                seen.add(each)
                pending.append(each)
    return False


def branch_routes(where: list[str]) -> list[tuple[str, ...]]:
    """The runs of ``then`` and ``else`` steps a schema path takes (keywords, not a property
    called "then"), with the ``allOf`` entries it passes through on the way (``allOf``, then the
    entry's index), each the route from the object that holds the first ``if`` (or the
    ``allOf`` whose entry holds it) to the subschema the finding lies in:
    ``then.then.properties.a.minimum`` gives ``("then", "then")`` and
    ``allOf.1.then.properties.a.maximum`` gives ``("allOf", "1", "then")``. A run with no
    ``then`` or ``else`` is none, and ``allOf`` steps after the last are left out (the
    subschema at the end of a route is read with its ``allOf`` merged in). The witness search
    builds its objects along them first (candidates/objects.py)."""
    routes: list[tuple[str, ...]] = []
    run: list[str] = []

    def close() -> None:
        while run and run[-1] not in ("then", "else"):
            del run[-2:]  # an ``allOf`` step after the last ``then`` or ``else``
        if run:
            routes.append(tuple(run))
        run.clear()

    index = 0
    while index < len(where):
        step = where[index]
        if step in ("then", "else"):
            run.append(step)
            index += 1
            continue
        if step == "allOf" and index + 1 < len(where) and where[index + 1].isdigit():
            run += [step, where[index + 1]]
            index += 2
            continue
        close()
        index = _past(where, index)
    close()
    return list(dict.fromkeys(routes))


def forms(parts: list[str]) -> list[list[str]]:
    """A schema path as written, and without its steps into union branches (``anyOf.0``)."""
    plain: list[str] = []
    skip = False
    for index, part in enumerate(parts):
        if skip:
            skip = False
            continue
        if part in ("anyOf", "oneOf", "allOf") and index + 1 < len(parts) and parts[index + 1].isdigit():
            skip = True
            continue
        plain.append(part)
    return [parts] if plain == parts else [parts, plain]


#: The canonical form's keywords (snapshot/dialects.py) and how an input may write them: draft 7
#: and earlier as ``dependencies``, and a ``dependentSchemas`` entry of ``required`` alone is a
#: ``dependentRequired`` (hostile trial, round 32: its refusal, at dependentSchemas/a/required,
#: was never read at the finding's place, and the search said none found). A finding names the
#: canonical keyword; the search reads the schema as written.
_WRITTEN_AS = {"dependentRequired": ("dependencies", "dependentSchemas"), "dependentSchemas": ("dependencies",)}


def as_written(where: list[str], *roots: Any) -> list[str]:
    """The schema path ``where`` spelled as ``roots`` write it: a ``dependentSchemas`` or
    ``dependentRequired`` step where a schema holds only draft 7's ``dependencies`` becomes
    that keyword, so that the refusal the search finds is read at the finding's place
    (otherwise it was said to be "not a keyword a validator reads": hostile trial, round 13).
    A tuple written as draft 7's ``items`` array (snapshot/dialects.py folds it into
    ``prefixItems``, and what follows it from ``additionalItems`` into ``items``) is spelled as
    the first of ``roots`` that reaches the node writes it: a refusal at ``items/2/minimum`` was
    read as beside ``items.minimum`` (the ``additionalItems`` change) and never at
    ``prefixItems.2.minimum``, so the two findings' witnesses were swapped (hostile trial,
    round 31). Only keyword steps are read so, never a property's name."""
    nodes = [root for root in roots if isinstance(root, dict | list)]
    out: list[str] = []
    index = 0
    while index < len(where):
        at = _past(where, index)
        for position, step in enumerate(where[index:at]):
            if position == 0 and not (step == "items" and at == index + 2):  # draft 7's tuple spelled so already
                step = _keyword_as_written(step, nodes)
            out.append(step)
            nodes = [node for node in (_step_into(node, [step]) for node in nodes) if isinstance(node, dict | list)]
        index = at
    return out


def _keyword_as_written(step: str, nodes: list[Any]) -> str:
    """The canonical keyword ``step`` as the schemas ``nodes`` (the first one's spelling first)
    write it (``as_written``)."""
    if step in _WRITTEN_AS and not any(isinstance(node, dict) and step in node for node in nodes):
        for written in _WRITTEN_AS[step]:
            if any(isinstance(node, dict) and written in node for node in nodes):
                return written
    first = next((node for node in nodes if isinstance(node, dict)), None)
    if first is None or "prefixItems" in first or not isinstance(first.get("items"), list):
        return step
    return {"prefixItems": "items", "items": "additionalItems"}.get(step, step)


def spellings(where: list[str], *roots: Any) -> list[list[str]]:
    """The schema path ``where`` as written (``as_written``) and, where a ``dependentRequired``
    step reaches a node of ``roots`` that writes some of its entries as ``dependentSchemas``
    entries of ``required`` alone (or as draft 7's ``dependencies``, an array or such a schema)
    beside another spelling, the path through each of those entries: the canonical form folds them all into one
    ``dependentRequired``, and a validator refuses each where it is written. ``as_written``
    picks one spelling, and only where no node holds the canonical keyword, so
    ``dependentRequired: {a: [b]}`` that became ``dependentSchemas: {a: {required: [b, c]}}``,
    or gained one beside it, was refused at ``dependentSchemas/a/required`` and never read at
    the finding's place (hostile trial, round 36)."""
    first = as_written(where, *roots)
    out = [first]
    index = 0
    while index < len(where):
        at = _past(where, index)
        if where[index] == "dependentRequired" and at == index + 1:
            nodes = [node for node in (_step_into(root, first[:index]) for root in roots) if isinstance(node, dict)]
            named = where[index + 1:index + 2]  # a path that goes on names the trigger
            for node, keyword in ((node, keyword) for node in nodes for keyword in _WRITTEN_AS["dependentRequired"]):
                entries = node.get(keyword)
                for name, entry in entries.items() if isinstance(entries, dict) else ():
                    if named and named != [name]:
                        continue
                    # Only the entries the canonical form reads as dependentRequired ones
                    # (snapshot/dialects.py): another entry's refusals are a dependentSchemas finding's.
                    if isinstance(entry, dict) and entry.keys() == {"required"}:
                        out.append([*first[:index], keyword, name, "required"])
                    elif keyword == "dependencies" and isinstance(entry, list):
                        out.append([*first[:index], keyword])  # draft 7 refuses a list's entry at the keyword
        index = at
    return [list(path) for path in dict.fromkeys(tuple(path) for path in out)]


#: Assertion keywords whose verdict on a value reads the keyword's own value alone, no
#: subschema and no sibling (``minimum`` and ``maximum`` read draft 4's boolean exclusive
#: bounds beside them, compared too).
_SELF_CONTAINED = frozenset({"type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                             "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems",
                             "uniqueItems", "minProperties", "maxProperties", "required", "dependentRequired"})
#: Schema path steps that reach the same part of a value whatever the schema beside them says
#: (a property by its name, a branch or a negation of the value itself): the steps that
#: reach what the siblings leave (``additionalProperties``, ``unevaluated*``, ``items`` after
#: ``prefixItems``, ``then``/``else`` after ``if``) are not among them.
_FIXED_REACH = frozenset({"properties", "patternProperties", "prefixItems", "anyOf", "oneOf", "allOf", "not",
                          "dependentSchemas", "dependencies", "propertyNames", "items"})
#: Keywords that take a schema from elsewhere, which an error's schema path does not spell.
_REFERENCES = ("$ref", "$dynamicRef", "$recursiveRef")


def unchanged_at(parts: list[Any], accept: Any, reject: Any) -> bool:
    """Whether the keyword an error's schema path ``parts`` ends at is one ``accept`` holds at the
    same place with the same value, reached through the same part of the value: the value then
    fails it on both sides, so the refusal there is no change's, even where ``accept`` takes
    the value through another branch of a union (hostile trial, round 14: ``{"p": "aaaa"}`` is
    refused by anyOf.1's unchanged ``type`` beside the ``minimum`` that branch gained, and was
    shown as that finding's witness, though only anyOf.0's ``maxLength`` refused it). False
    wherever the two cannot be read plainly: a reference on the way (the error's path does not
    spell the step into its target), a step whose reach hangs on its siblings, another
    dialect declared on one side."""
    if not parts or str(parts[-1]) not in _SELF_CONTAINED:
        return False
    steps = [str(part) for part in parts]
    nodes, index = [accept, reject], 0
    while index < len(steps):
        if not all(isinstance(node, dict) for node in nodes):
            return False
        if any(key in node for node in nodes for key in _REFERENCES) or \
                nodes[0].get("$schema", _ABSENT) != nodes[1].get("$schema", _ABSENT):
            return False
        keyword = steps[index]
        if index == len(steps) - 1:
            compared = [keyword, *(("exclusiveMinimum", "exclusiveMaximum") if keyword in ("minimum", "maximum")
                                   else ())]
            return keyword in nodes[0] and all(_same(nodes[0].get(k, _ABSENT), nodes[1].get(k, _ABSENT))
                                               for k in compared)
        if keyword not in _FIXED_REACH or keyword == "items" and any("prefixItems" in node for node in nodes):
            return False
        nodes, index = [node.get(keyword, _ABSENT) for node in nodes], index + 1
        if keyword in ("properties", "patternProperties", "dependentSchemas", "dependencies"):
            nodes, index = [node.get(steps[index], _ABSENT) if isinstance(node, dict) else _ABSENT
                            for node in nodes], index + 1
        elif any(isinstance(node, list) for node in nodes):  # a branch, a prefix or draft 7's tuple item
            if not steps[index].isdigit():
                return False
            at = int(steps[index])
            nodes, index = [node[at] if isinstance(node, list) and at < len(node) else _ABSENT
                            for node in nodes], index + 1
    return False


_ABSENT = object()


def _same(first: Any, second: Any) -> bool:
    """Equal as JSON (``1`` is not ``true``, nor ``1.0``)."""
    if first is _ABSENT or second is _ABSENT:
        return first is second
    return json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def strictly_above(parts: list[str], where: list[str]) -> bool:
    """Whether the schema path ``parts`` holds the finding's place ``where`` and is not it
    (as steps, or as dotted text: a name may hold a dot)."""
    if len(parts) < len(where) and where[:len(parts)] == parts:
        return True
    return ".".join(where).startswith(".".join(parts) + ".")


def undeclared_steps(where: list[str], schema: Any) -> tuple[list[str], list[str]] | None:
    """Where ``schema`` governs the member a finding's path names when it does not declare it,
    and that member's place in a value: ``properties.a.type`` read in an object with no
    property ``a`` is that object's ``additionalProperties`` (or ``unevaluatedProperties``),
    whose error for the member ``a`` then is at the finding's place (a property added on
    output whose type the old additionalProperties refused: a fixer's note, round 13). A path
    through a subschema applied in place (a union's or ``allOf``'s branch, a ``then`` or
    ``else``) whose node declares the member nowhere reaches the ``unevaluatedProperties`` of
    the nearest object it passed, which reads what the branch leaves (``b: integer`` added in
    ``anyOf[0]`` beside ``unevaluatedProperties: {type: string}`` lets the server return
    ``{"b": 1}``, refused there by the old schema: hostile trial, round 19). None where the
    path is declared all the way, or the object it reaches is not read plainly (a reference,
    a pattern that may govern the name)."""
    node, steps, members = schema, [], []
    enclosing: list[str] | None = None  # the unevaluatedProperties an in-place step left behind
    index = 0
    while index + 1 < len(where) and isinstance(node, dict):
        step, name = where[index], where[index + 1]
        in_place = step in ("then", "else") or step in ("anyOf", "oneOf", "allOf") and name.isdigit()
        if in_place:
            if isinstance(node.get("unevaluatedProperties"), dict | bool) and "$ref" not in node:
                enclosing = [*steps, "unevaluatedProperties"]
            taken = [step] if step in ("then", "else") else [step, name]
            branches = node.get(step)
            if step in ("then", "else"):
                node = branches
            elif isinstance(branches, list) and int(name) < len(branches):
                node = branches[int(name)]
            else:
                return None
            steps, index = [*steps, *taken], index + len(taken)
            continue
        if step != "properties":
            return None
        members.append(name)
        declared = node.get("properties")
        if isinstance(declared, dict) and name in declared:
            node, steps, index, enclosing = declared[name], [*steps, step, name], index + 2, None
            continue
        if "$ref" in node or "patternProperties" in node:
            return None
        for rest in ("additionalProperties", "unevaluatedProperties"):
            if isinstance(node.get(rest), dict | bool):
                return [*steps, rest], members
        return (enclosing, members) if enclosing is not None else None
    return None


#: Schema path steps that reach a part of the value, each with the steps it takes after it
#: (a name, an index): ``properties`` reaches a member by its name.
_INTO_VALUE = {"properties": 1, "patternProperties": 1, "prefixItems": 1, "additionalProperties": 0,
               "unevaluatedProperties": 0, "additionalItems": 0, "unevaluatedItems": 0, "contains": 0}
#: Schema path steps that stay on the same value, each with the steps it takes after it.
_ON_VALUE = {"anyOf": 1, "oneOf": 1, "allOf": 1, "$defs": 1, "definitions": 1, "dependentSchemas": 1,
             "dependencies": 1, "if": 0, "then": 0, "else": 0, "not": 0}


def _value_depth(steps: list[str]) -> int | None:
    """How many members or items deep into a value the schema path ``steps`` reaches; None
    where a step is not read plainly (``propertyNames``, which reaches a name)."""
    depth, index = 0, 0
    while index < len(steps):
        step = steps[index]
        if step == "items":  # draft 4's tuple form takes an index after it
            depth += 1
            index += 2 if index + 1 < len(steps) and steps[index + 1].isdigit() else 1
        elif step in _INTO_VALUE:
            depth, index = depth + 1, index + 1 + _INTO_VALUE[step]
        elif step in _ON_VALUE:
            index += 1 + _ON_VALUE[step]
        else:
            return None
    return depth


def respelled_key(where: list[str], parts: list[str], members: list[Any]) -> bool:
    """Whether the schema path ``parts`` of an error for the value at ``members`` (its place in
    the value) is the finding's place ``where`` reached under another ``patternProperties``
    key: the refusing side writes the keys otherwise (``^[ab]`` on one side, ``^a`` and ``^b``
    on the other) and refuses a member the finding's key matches under a key of its own. An
    output's ``^[ab]: string`` → ``^a: string, ^b: integer`` lets the server return
    ``{"b": 0}``, which the old schema refuses at ``patternProperties/^[ab]/type``, not at the
    finding's ``^b`` (hostile trial, round 44: "none found")."""
    from ..patterns.ecma import search as search_pattern

    for at, step in enumerate(where[:-1]):
        if step != "patternProperties" or len(parts) <= at + 1 or parts[:at + 1] != where[:at + 1] \
                or parts[at + 1] == where[at + 1]:
            continue
        rest, theirs = where[at + 2:], parts[at + 2:]
        if rest[:len(theirs)] != theirs and theirs[:len(rest)] != rest:
            continue
        depth = _value_depth(where[:at])
        name = members[depth] if depth is not None and depth < len(members) else None
        if isinstance(name, str) and search_pattern(where[at + 1], name):
            return True
    return False
