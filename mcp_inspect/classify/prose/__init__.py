"""Grade a change of prose (descriptions, titles, instructions) for the model that reads it.

A client's model reads tool descriptions, titles and server instructions as part of
its prompt, so a reworded description can change what the model does even though
no schema moved. The grade is either DOCUMENTATION (too small a change to plausibly
move a model: whitespace, case, punctuation, a fixed typo, an article) or
POTENTIALLY_BREAKING. It must be reproducible in CI and explainable in one phrase,
so it is a deterministic text measure, never a model.

One module per reading, each importing only modules listed above it:

- ``words``: the word lists and the tokenizer (tokens, numbers as written, categories);
- ``lists``: a written list of choices put in another order;
- ``grade``: the block grader (``grade_prose``, ``prose_reason``), its steps and why;
- ``defaults``: a default stated in words;
- ``titles``: titles that only restate a name or a class, or label a tool in plain words;
- ``restating``: text that only restates what the schema says (names, type, bounds);
- ``context``: the readings that know the schema around a text (``regrade``), as one ordered table;
- ``docstrings``: argument text that moved between a FastMCP docstring's ``Args:`` block
  and the arguments' own descriptions.

This file only re-exports what other packages and the tests import: the grades, ``Said``,
``INERT`` and the docstring readings (the bounds the grader works within are ``limits``').

May import: the values (``catalogue``, ``findings``, ``limits``, ``text``) and, of
``classify``, ``pairing`` (a name's words), ``changes`` and ``edits`` (the changes
``docstrings`` regrades); never the differs or the schema walker, which import this.
"""

from .context import ProseEdit, regrade
from .defaults import states_default
from .docstrings import argument_lines, moved_argument_text
from .grade import INERT, grade_prose, prose_reason
from .restating import Said, declared_numbers, restated_bound_grade, restated_schema_grade, restated_values_grade
from .titles import (
    class_title_grade,
    derived_title_grade,
    generator_text_grade,
    plain_title_grade,
    restated_name_grade,
)

__all__ = [
    "INERT",
    "ProseEdit",
    "Said",
    "argument_lines",
    "class_title_grade",
    "generator_text_grade",
    "declared_numbers",
    "derived_title_grade",
    "grade_prose",
    "moved_argument_text",
    "plain_title_grade",
    "prose_reason",
    "regrade",
    "restated_bound_grade",
    "restated_name_grade",
    "restated_schema_grade",
    "restated_values_grade",
    "states_default",
]
