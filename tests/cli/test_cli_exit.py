"""Every command ends on an InspectError the same way (cli/output.py, ``exit_on_error``):
one line on stderr and the error's exit code; any other exception passes through."""

from __future__ import annotations

import pytest
import typer

from mcp_inspect.cli.output import exit_on_error
from mcp_inspect.errors import CaptureError, InputError


@pytest.mark.parametrize(("error", "code"), [(InputError("bad [input]"), 2), (CaptureError("gone"), 3)])
def test_an_inspect_error_ends_the_command_with_its_code_and_one_line(error, code, capsys):
    with pytest.raises(typer.Exit) as ended, exit_on_error():
        raise error
    assert ended.value.exit_code == code
    assert capsys.readouterr().err == f"mcp-inspect: error: {error}\n"


def test_other_exits_and_errors_pass_through(capsys):
    with pytest.raises(typer.Exit) as ended, exit_on_error():
        raise typer.Exit(0)
    assert ended.value.exit_code == 0
    with pytest.raises(KeyError), exit_on_error():
        raise KeyError("x")
    assert capsys.readouterr().err == ""
