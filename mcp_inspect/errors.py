"""Errors that end a command with a documented exit code and one line of text."""


class InspectError(Exception):
    """Base class: ``exit_code`` is what the CLI returns, ``str(err)`` the one line it prints."""

    exit_code = 2


class InputError(InspectError):
    """The input or the command line is wrong (exit 2)."""

    exit_code = 2


class CaptureError(InspectError):
    """A live server could not be captured (exit 3)."""

    exit_code = 3
