"""Running git for a source that names a revision (``git:REF:PATH``, a history's
``git:A..B:PATH``): in the working directory's repository, bounded in time, and with a
missing or silent git said as one line naming the source (InputError, exit 2).
"""

from __future__ import annotations

import subprocess

from ..errors import InputError

#: Seconds one git command may take.
GIT_TIMEOUT_SECONDS = 60


def run_git(spec: str, args: list[str], needed_for: str) -> subprocess.CompletedProcess[bytes]:
    """``git ARGS`` for the source ``spec``; InputError when git is not installed (``needed_for``
    says what for) or does not answer in time. The caller reads the exit status."""
    try:
        return subprocess.run(["git", *args], capture_output=True, timeout=GIT_TIMEOUT_SECONDS, check=False)
    except FileNotFoundError:
        raise InputError(f"{spec}: git is not installed (needed to {needed_for})") from None
    except subprocess.TimeoutExpired:
        raise InputError(f"{spec}: git did not answer within {GIT_TIMEOUT_SECONDS} s") from None


def failure(done: subprocess.CompletedProcess[bytes]) -> str:
    """The first line git wrote on stderr, without its ``fatal:``."""
    return (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["unknown error"])[0].removeprefix("fatal: ")


def succeeds(args: list[str]) -> bool:
    """Whether ``git ARGS`` exits 0; a missing or silent git counts as a failure."""
    try:
        return subprocess.run(["git", *args], capture_output=True, timeout=GIT_TIMEOUT_SECONDS,
                              check=False).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False
