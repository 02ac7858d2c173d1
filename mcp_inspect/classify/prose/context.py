"""The readings that know the schema around a text, as one ordered table.

``grade_prose`` reads two texts alone. A text inside a schema can say less than it seems
to: a property's title that is its own name, a range the bounds beside it declare, the
values of the enum it sits beside, every value its type or enum allows listed, the name or
type it describes, a generator's fixed wrapper text, a class name on a schema's root. One
reads the two texts alone but sits here, for ``restating`` comes after the block grader: a
default stated again in other words. Each reading below returns a grade and its reason
when it applies, or None; they run in the table's order and a later one that applies
replaces what came before, so the most specific reading speaks last.

Most readings only ever lower a grade, and a text already graded DOCUMENTATION has nothing
left for them to excuse: those are marked ``unless_inert``, so they are not even computed.
The first two run on every text, since they replace the reason as well (a derived title
says "derived_title" rather than "whitespace").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ...findings.severity import Severity
from ...text.invisible import hidden_counts
from .grade import INERT
from .restating import (
    Said,
    declared_numbers,
    default_respelled_grade,
    restated_bound_grade,
    restated_choices_grade,
    restated_schema_grade,
    restated_values_grade,
)
from .titles import class_title_grade, derived_title_grade, generator_text_grade
from .words import _clean, _tokens

Grade = tuple[Severity, str]


@dataclass(frozen=True)
class ProseEdit:
    """One description or title that changed, with the schema nodes it sits in.

    ``before``/``after`` are the keyword's values (None for absent or null), ``old_text``/
    ``new_text`` the texts the grader reads (None for absent, "" for null). ``said`` reads,
    on demand, what each side's schema says of the thing the text describes (old, new):
    it walks the enclosing properties, so only the readings that need it pay for it.
    """

    key: str
    path: str
    before: object
    after: object
    old_text: str | None
    new_text: str | None
    old: dict
    new: dict
    owners: tuple[str, ...]
    said: Callable[[], tuple[Said, Said]]

    @property
    def parts(self) -> list[str]:
        return self.path.split(".")

    @property
    def at_root(self) -> bool:
        return "." not in self.path


def _listed_values(node: dict) -> object:
    """The allowed values a description beside them may list: the node's ``enum``, or its
    items' for an array of choices."""
    items = node.get("items")
    return node.get("enum", items.get("enum") if isinstance(items, dict) else None)


def _derived_title(edit: ProseEdit) -> Grade | None:
    """A property's title that is its own name ("Source Timezone" on source_timezone)."""
    parts = edit.parts
    if len(parts) >= 2 and parts[-2] == "properties":
        return derived_title_grade(edit.before, edit.after, parts[-1])
    return None


def _restated_bound(edit: ProseEdit) -> Grade | None:
    """'(1-100)' added where the schema says minimum 1, maximum 100."""
    return restated_bound_grade(edit.old_text, edit.new_text, declared_numbers(edit.new))


def _restated_values(edit: ProseEdit) -> Grade | None:
    """The values a description lists followed the enum beside it."""
    return restated_values_grade(edit.old_text, edit.new_text, _listed_values(edit.old), _listed_values(edit.new))


def _allowed_values(node: dict) -> frozenset[str] | None:
    """The values a node allows, as the token keys a text writes them in, where a text can list
    them all: an enum of strings or booleans, one word each, or a boolean's true and false.
    None where the node allows no such short list."""
    values = node.get("enum")
    if isinstance(values, list) and values:
        if not all(isinstance(v, (str, bool)) for v in values):
            return None
        keys = [_tokens(_clean(v if isinstance(v, str) else ("true" if v else "false"))) for v in values]
        if any(len(k) != 1 for k in keys) or len({k[0].key for k in keys}) != len(keys):
            return None
        return frozenset(k[0].key for k in keys)
    types = node.get("type")
    if types == "boolean" or types == ["boolean"]:
        return frozenset({"true", "false"})
    return None


def _restated_choices(edit: ProseEdit) -> Grade | None:
    """"Accepted values: true, false" on a boolean: the text lists what the schema allows."""
    return restated_choices_grade(edit.old_text, edit.new_text, _allowed_values(edit.old), _allowed_values(edit.new))


def _default_respelled(edit: ProseEdit) -> Grade | None:
    """"(Default - 50)" → "Default is 50.": the same default in other words."""
    return default_respelled_grade(edit.old_text, edit.new_text)


def _restated_schema(edit: ProseEdit) -> Grade | None:
    """"The ID of the base" added to baseId: the text says what the schema says."""
    old, new = edit.said()
    return restated_schema_grade(edit.old_text, edit.new_text, new, old)


def _generator_text(edit: ProseEdit) -> Grade | None:
    """A generator's fixed text on a schema's root (FastMCP's wrapper for a non-object return)."""
    return generator_text_grade(edit.before, edit.after) if edit.at_root else None


def _class_title(edit: ProseEdit) -> Grade | None:
    """A root's class name: no definition name beside it that it could contradict
    ("BorderSpec" on CellFormat's definition says something; tests/classify)."""
    return class_title_grade(edit.before, edit.after, edit.owners) if edit.at_root else None


class Reading(NamedTuple):
    keys: frozenset[str]
    unless_inert: bool
    read: Callable[[ProseEdit], Grade | None]


_DESCRIPTION = frozenset({"description"})
_TITLE = frozenset({"title"})

#: In order: a later reading that applies replaces the grade and reason of an earlier one.
READINGS: tuple[Reading, ...] = (
    Reading(_TITLE, False, _derived_title),
    Reading(_DESCRIPTION, False, _restated_bound),
    Reading(_DESCRIPTION, True, _restated_values),
    Reading(_DESCRIPTION | _TITLE, True, _restated_schema),
    Reading(_DESCRIPTION, True, _restated_choices),
    Reading(_DESCRIPTION, True, _default_respelled),
    Reading(_DESCRIPTION, True, _generator_text),
    Reading(_TITLE, True, _class_title),
)


def _gains_hidden(edit: ProseEdit) -> bool:
    """Whether the new text holds a hidden character more often than the old (grade step 1)."""
    if not edit.new_text:
        return False
    return bool(hidden_counts(edit.new_text, controls=True) - hidden_counts(edit.old_text or "", controls=True))


def regrade(edit: ProseEdit, grade: Severity, reason: str,
            facts: dict[str, object]) -> tuple[Severity, str, dict[str, object]]:
    """The grade, reason and facts of ``edit`` once every reading of ``READINGS`` has run
    over the text-only ones; a reading that applies drops the facts, which were the text's.

    None runs over a text that gained hidden characters: each reading excuses the visible
    words by what the schema says, and the schema says nothing of a tag character, so one
    reading could lower what the contract keeps POTENTIALLY_BREAKING always ("Formats: json,
    csv, xml." and a run of tag characters followed the enum as DOCUMENTATION: hostile trial,
    round 42). Checked here once, not in each reading, so a reading added later cannot forget it."""
    if _gains_hidden(edit):
        return grade, reason, facts
    for reading in READINGS:
        if edit.key not in reading.keys or (reading.unless_inert and grade is INERT):
            continue
        read = reading.read(edit)
        if read is not None:
            (grade, reason), facts = read, {}
    return grade, reason, facts
