"""Differ for matched prompts and their arguments (matched by name; order is irrelevant)."""

from __future__ import annotations

from typing import Any

from .changes import Change, join, same
from .fields import Said, keep, leftover_fields, names_of, null_changes, plain_change, prose_change, restating, value_of
from .tools import meta_change

_HANDLED = {"name", "title", "description", "icons", "_meta", "arguments"}
_ARG_HANDLED = {"name", "title", "description", "required"}


def diff_prompt(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    names = names_of(old, new)
    changes = keep(
        restating(prose_change("prompt.title.changed", "title", value_of(old, "title"), value_of(new, "title"),
                               field="title"), Said(names)),
        restating(prose_change("prompt.description.changed", "description", value_of(old, "description"),
                               value_of(new, "description"), field="description"), Said(names)),
        plain_change("prompt.icons.changed", "icons", value_of(old, "icons"), value_of(new, "icons")),
    )
    if not same(value_of(old, "_meta"), value_of(new, "_meta")):
        changes.append(meta_change("prompt.meta.changed", old.get("_meta"), new.get("_meta")))
    changes += argument_changes(old.get("arguments"), new.get("arguments"), names)
    changes += null_changes(old, new, ("arguments",), "prompt.field.changed")
    changes += leftover_fields(old, new, _HANDLED, "prompt.field.changed")
    return changes


def _by_name(arguments: Any) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for argument in arguments if isinstance(arguments, list) else []:
        if isinstance(argument, dict) and isinstance(argument.get("name"), str):
            out.setdefault(argument["name"], argument)
    return out


def argument_changes(before: Any, after: Any, prompt: tuple[str, ...] = ()) -> list[Change]:
    """``prompt``: the prompt's names (old, new), which an argument's text may restate."""
    old, new = _by_name(before), _by_name(after)
    changes: list[Change] = []
    for name in sorted(new.keys() - old.keys()):
        rule = "prompt.argument.addedRequired" if new[name].get("required") is True else "prompt.argument.added"
        changes.append(Change(rule, join("arguments", name), None, name, "default", {"argument": name}))
    for name in sorted(old.keys() - new.keys()):
        changes.append(Change("prompt.argument.removed", join("arguments", name), name, None, "default",
                              {"argument": name}))
    for name in sorted(old.keys() & new.keys()):
        was, now = old[name], new[name]
        base = join("arguments", name)
        was_required, now_required = was.get("required") is True, now.get("required") is True
        if now_required and not was_required:
            changes.append(Change("prompt.argument.nowRequired", join(base, "required"), False, True, "default",
                                  {"argument": name}))
        elif was_required and not now_required:
            changes.append(Change("prompt.argument.nowOptional", join(base, "required"), True, False, "default",
                                  {"argument": name}))
        # An argument's value is a string; each side says its own optionality.
        said = [Said((name, *prompt), "string", "required" if held else "optional")
                for held in (was_required, now_required)]
        for key, rule in (("description", "prompt.argument.description.changed"),
                          ("title", "prompt.argument.title.changed")):
            changes += keep(restating(prose_change(rule, join(base, key), value_of(was, key), value_of(now, key),
                                                   argument=name), said[1], said[0]))
        odd_required = not isinstance(was.get("required", False), bool) or \
            not isinstance(now.get("required", False), bool)
        if odd_required and not same(value_of(was, "required"), value_of(now, "required")):
            changes.append(Change("prompt.field.changed", join(base, "required"), was.get("required"),
                                  now.get("required"), "required_not_a_boolean", {"argument": name}))
        changes += leftover_fields(was, now, _ARG_HANDLED, "prompt.field.changed", base)
    # Arguments that are not objects with a name cannot be matched; compare them as a whole.
    if not same(_unnamed(before), _unnamed(after)):
        changes.append(Change("prompt.field.changed", "arguments", before, after, "unnamed_arguments"))
    return changes


def _unnamed(arguments: Any) -> Any:
    if arguments is None:
        return []
    if not isinstance(arguments, list):
        return arguments
    return [a for a in arguments if not (isinstance(a, dict) and isinstance(a.get("name"), str))]
