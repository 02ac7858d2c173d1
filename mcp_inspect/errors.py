"""Errors that end a command with a documented exit code and one line of text."""

from __future__ import annotations

from typing import Self


class InspectError(Exception):
    """Base class: ``exit_code`` is what the CLI returns, ``str(err)`` the one line it prints."""

    exit_code = 2
    #: Every occurrence of this text in the message is shown on stderr as it is, while the
    #: rest is made inert (``cli.output.say``): a quote of an input's escape (``\ud800``),
    #: which the escaping would show with its backslash doubled, not as the input holds it.
    verbatim: str | None = None

    def quoting(self, text: str) -> Self:
        """This error, with ``text`` (its quote of the input) shown verbatim."""
        self.verbatim = text
        return self


class InputError(InspectError):
    """The input or the command line is wrong (exit 2)."""

    exit_code = 2


class CaptureError(InspectError):
    """A live server could not be captured (exit 3)."""

    exit_code = 3


class FieldError(InputError):
    """Bad input in one field of a request to the service (``mcp-inspect serve``): ``field``
    names it as a path into the request body (``config.lint.select``, ``surface``)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field

    def __reduce__(self) -> tuple[type, tuple[str, str]]:  # both arguments survive a pickle
        return (type(self), (str(self), self.field))
