"""Shared fixtures: where test data lives, and a CLI runner.

Tests read the copies under ``tests/data`` (so a fresh clone passes on its own)
and also ``../shared/cases`` and ``../shared/lint-cases`` when they exist, so a
case added there later is checked without any code change.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = ROOT.parent / "shared"
CORPUS = DATA / "corpus"

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

# The suite's snapshots lie in this repository, whose fixture servers register tools of the
# same names: a diff would otherwise locate its findings in them (docs/source.md) and every
# golden would name a line of tests/. The source locator's tests pass --source-root.
os.environ["MCP_INSPECT_NO_SOURCE"] = "1"

# Hypothesis's default deadline (200 ms an example) measures the machine, not the code: on
# CI's two busy cores a cheap property once took 282 ms and failed as "flaky". Tests that
# guard against runaway work set their own deadline (tests/fuzz); the rest run without one.
#
# The suite's draws are derandomized (each property draws the same examples on every run and
# machine), so CI fails only where a local run fails too: a random draw once failed CI on a
# real but unseen shape, and the run could not be repeated before the fix. Exploring new
# draws is a run of its own: MCP_INSPECT_HYPOTHESIS=explore (random, as Hypothesis draws by
# default), which the hostile trials and fuzzing sessions use; what it finds becomes an
# @example.
try:
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("suite", deadline=None, derandomize=True, database=None)
    _hypothesis_settings.register_profile("explore", deadline=None)
    _hypothesis_settings.load_profile("explore" if os.environ.get("MCP_INSPECT_HYPOTHESIS") == "explore" else "suite")
except ImportError:  # hypothesis is in the test extra; a plain pytest without it still runs the rest
    pass

#: Worker processes when pytest-xdist is installed (the test extra has it) and the command
#: line chose none: much of the suite's time is spent waiting on the servers and processes
#: its tests start, so a third worker uses CI's two cores while one of them waits (the
#: suite measured 348 s with two workers, 315 s with three, and no less with four).
WORKERS = 3


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    # Set here rather than in addopts, so that a plain pytest without the plugin still runs
    # the suite (in one process) instead of refusing an unknown -n.
    option = config.option
    if hasattr(config, "workerinput"):
        # A worker parses the command line anew, which does not say loadgroup: told here, it
        # names each test with its group, which is what the controller schedules by.
        if config.workerinput.get("loadgroup"):
            option.loadgroup = True
        return
    if not hasattr(option, "numprocesses"):
        return
    if option.numprocesses is None and getattr(option, "dist", "no") == "no" and not option.collectonly:
        option.numprocesses = WORKERS
        # As "load" (each test to the next free worker), except that the tests of one
        # xdist_group run on one worker: those that build one costly thing for the run (the
        # pre-commit hook environment, the reference server's npm install) build it once,
        # rather than each worker waiting on the other's lock at the same moment.
        option.dist = "loadgroup"


@pytest.hookimpl(tryfirst=True)  # before xdist starts its workers
def pytest_sessionstart(session) -> None:
    """The package compiled to bytecode once, before any worker or subprocess imports it.

    Many tests start ``python -m mcp_inspect`` (the CLI, the service, the recording proxy)
    with this checkout on PYTHONPATH. Where the environment says PYTHONDONTWRITEBYTECODE
    (CI's does), none of them may leave its bytecode behind, so each compiled the whole
    package again, some 0.3 s of CPU a process. compileall writes it regardless, once;
    reading it back is allowed, and __pycache__ is ignored by git."""
    if hasattr(session.config, "workerinput"):
        return  # the controller did it before starting the workers
    import compileall

    compileall.compile_dir(ROOT / "mcp_inspect", quiet=2)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """xdist: tell each worker the run schedules by xdist_group (see above)."""
    if getattr(node.config.option, "dist", None) == "loadgroup":
        node.workerinput["loadgroup"] = True


def case_dirs(name: str) -> list[Path]:
    """Case folders from tests/data/<name> and ../shared/<name>, one per case id."""
    found: dict[str, Path] = {}
    for base in (DATA / name, SHARED / name):
        if base.is_dir():
            for folder in sorted(base.iterdir()):
                if folder.is_dir():
                    found.setdefault(folder.name, folder)
    return [found[k] for k in sorted(found)]


def corpus_releases() -> dict[str, list[Path]]:
    """Each corpus server's captures, oldest release first."""

    def version_key(path: Path) -> tuple[int, ...]:
        return tuple(int(p) for p in path.stem.split(".") if p.isdigit())

    out: dict[str, list[Path]] = {}
    for server in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        out[server.name] = sorted(server.glob("*.json"), key=version_key)
    return out


@pytest.fixture
def runner():
    from typer.testing import CliRunner

    return CliRunner()
