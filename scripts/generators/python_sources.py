"""Turn one side of the Python catalogue into Python objects, for pydantic_schemas.py and
python_sdk_server.py: each case's ``defs`` (classes it needs) and its field lines
(``name: annotation [= default]``), run in a namespace of its own with the imports a
maintainer would have written."""

# No `from __future__ import annotations` here: exec() inherits this module's future
# flags, and pydantic must see the annotations of the code it runs as real objects.
from typing import Any

PREAMBLE = """\
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, Literal, Optional, Union
from uuid import UUID
from pydantic import AnyUrl, BaseModel, ConfigDict, Field, HttpUrl, SecretStr
"""


def namespace(defs: str) -> dict[str, Any]:
    """The imports and the case's classes."""
    names: dict[str, Any] = {}
    exec(PREAMBLE + defs, names)  # the catalogue is the project's own committed data
    return names


def field_lines(fields: str) -> list[str]:
    return [line.strip() for line in fields.splitlines() if line.strip()]


def model(name: str, defs: str, fields: str) -> type:
    """A pydantic model named ``name`` with the case's fields."""
    names = namespace(defs)
    body = "".join(f"    {line}\n" for line in field_lines(fields)) or "    pass\n"
    exec(f"class {name}(BaseModel):\n{body}", names)
    return names[name]


def function(name: str, defs: str, fields: str, output: bool) -> Any:
    """A tool function named ``name``: the fields are its parameters, or, for an output
    case, the fields of the model it returns."""
    names = namespace(defs)
    if output:
        body = "".join(f"    {line}\n" for line in field_lines(fields)) or "    pass\n"
        exec(f"class Result(BaseModel):\n{body}", names)
        exec(f"def {name}() -> Result:\n    raise NotImplementedError\n", names)
    else:
        params = ", ".join(field_lines(fields))
        exec(f"def {name}({params}) -> str:\n    return ''\n", names)
    return names[name]
