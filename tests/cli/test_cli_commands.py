"""The CLI around the snapshot layer: where output goes, stdin, exit codes, real processes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, case_dirs

from mcp_inspect import __version__
from mcp_inspect.cli import app
from mcp_inspect.snapshot import build_surface, load_snapshot

PREFIX = "mcp-inspect: error: "
TOOLS = [
    {
        "name": "echo",
        "description": "Echo.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    }
]
QUIET = {p.name: p for p in case_dirs("cases") if p.name.startswith("quiet-")}


def write(tmp_path: Path, name: str, value) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def one_error_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert lines[0].startswith(PREFIX), lines[0]
    assert "Traceback" not in text
    return lines[0]


# ---------------------------------------------------------------------------
# snapshot: where the output goes


def test_snapshot_writes_to_stdout_by_default(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    result = runner.invoke(app, ["snapshot", str(src)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    written = json.loads(result.stdout)
    assert written["mcpInspectSnapshot"] == 1
    assert written["tools"] == TOOLS
    assert written["fingerprints"]["surface"] == build_surface(load_snapshot(str(src))).fingerprint


def test_snapshot_dash_output_is_stdout(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    default = runner.invoke(app, ["snapshot", str(src)])
    dash = runner.invoke(app, ["snapshot", str(src), "-o", "-"])
    assert dash.exit_code == 0
    assert dash.stdout == default.stdout


def test_snapshot_to_a_file_says_so_in_one_line(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["snapshot", str(src), "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(f"mcp-inspect: wrote {out} (") and result.stderr.count("\n") == 1
    assert out.read_text(encoding="utf-8") == runner.invoke(app, ["snapshot", str(src)]).stdout
    assert out.read_text(encoding="utf-8").endswith("}\n")


def test_the_one_line_says_which_advertised_lists_the_server_does_not_serve(tmp_path, runner):
    """New-user trial, round 11: nx-mcp advertises resources and answers resources/list and
    resources/templates/list with -32601, and ``snapshot -o`` said only ``(2 tools, 0 prompts)``,
    hiding that resources were advertised at all."""
    def wrote(name, capabilities, errors, **lists):
        src = write(tmp_path, f"{name}.json", {"initialize": {"protocolVersion": "2025-06-18",
                                                              "capabilities": capabilities,
                                                              "serverInfo": {"name": "nx", "version": "1.0.0"}},
                                               "tools": TOOLS, "prompts": [], "errors": errors, **lists})
        out = tmp_path / f"{name}.out.json"
        result = runner.invoke(app, ["snapshot", str(src), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert result.stderr.count("\n") == 1
        return result.stderr.removeprefix(f"mcp-inspect: wrote {out} (").removesuffix(")\n")

    unserved = {"code": -32601, "message": "Method not found"}
    both = {"resources/list": unserved, "resources/templates/list": unserved}
    tools = f"{len(TOOLS)} tool{'' if len(TOOLS) == 1 else 's'}"
    assert wrote("nx", {"tools": {}, "resources": {"subscribe": False}}, both) == \
        f"{tools}, 0 prompts; resources advertised but not served"
    assert wrote("templates", {"tools": {}, "resources": {}}, {"resources/templates/list": unserved},
                 resources=[{"uri": "file:///a", "name": "a"}]) == \
        f"{tools}, 1 resource, 0 prompts; resource templates not served"
    down = {"resources/list": {"code": -32603, "message": "connect ECONNREFUSED"}}
    assert wrote("down", {"tools": {}, "resources": {}}, down, resourceTemplates=[]) == \
        f"{tools}, 0 resource templates, 0 prompts; resources not read (resources/list failed)"


def test_snapshot_output_is_deterministic(tmp_path, runner):
    src = write(tmp_path, "in.json", {"tools": TOOLS, "x-extra": {"b": 1, "a": 2}})
    first = runner.invoke(app, ["snapshot", str(src)]).stdout
    second = runner.invoke(app, ["snapshot", str(src)]).stdout
    assert first == second


def test_snapshot_to_an_unwritable_place_is_one_line(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    target = tmp_path / "no-such-dir" / "out.json"
    result = runner.invoke(app, ["snapshot", str(src), "-o", str(target)])
    assert result.exit_code == 2, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit)
    line = one_error_line(result.stderr)
    assert f"{target}: cannot write" in line
    assert not target.exists()


def test_snapshot_onto_a_directory_is_one_line(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    result = runner.invoke(app, ["snapshot", str(src), "-o", str(tmp_path)])
    assert result.exit_code == 2, (result.output, result.exception)
    assert f"{tmp_path}: cannot write" in one_error_line(result.stderr)


def test_snapshot_needs_a_source(runner):
    result = runner.invoke(app, ["snapshot"])
    assert result.exit_code == 2
    assert "Missing argument" in result.output


def test_version(runner):
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"mcp-inspect {__version__}"


# ---------------------------------------------------------------------------
# diff: stdin and argument errors


def test_diff_reads_one_side_from_stdin(runner):
    case = QUIET["quiet-reordered"]
    result = runner.invoke(
        app,
        ["diff", "-", str(case / "new.json"), "--format", "json"],
        input=(case / "old.json").read_text(encoding="utf-8"),
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["findings"] == []
    assert report["old"]["source"] == "-"
    assert report["old"]["fingerprint"] == report["new"]["fingerprint"]


def test_diff_report_fingerprints_are_the_surface_fingerprints(runner):
    case = QUIET["quiet-ref-inlined"]
    result = runner.invoke(
        app, ["diff", str(case / "old.json"), str(case / "new.json"), "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (
        report["old"]["fingerprint"]
        == build_surface(load_snapshot(str(case / "old.json"))).fingerprint
    )
    assert report["new"]["fingerprint"] == report["old"]["fingerprint"]


def test_diff_accepts_its_own_snapshots(tmp_path, runner):
    case = QUIET["quiet-reordered"]
    snap = tmp_path / "old.snapshot.json"
    assert runner.invoke(app, ["snapshot", str(case / "old.json"), "-o", str(snap)]).exit_code == 0
    result = runner.invoke(app, ["diff", str(snap), str(case / "new.json"), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["findings"] == []


def test_diff_of_a_real_change_still_reports_it_after_a_snapshot_round_trip(tmp_path, runner):
    old = write(tmp_path, "old.json", TOOLS)
    new_tools = json.loads(json.dumps(TOOLS))
    new_tools[0]["inputSchema"]["required"] = ["text"]
    new = write(tmp_path, "new.json", new_tools)
    snap = tmp_path / "old.snap.json"
    assert runner.invoke(app, ["snapshot", str(old), "-o", str(snap)]).exit_code == 0
    direct = runner.invoke(app, ["diff", str(old), str(new), "-f", "json"])
    via_snapshot = runner.invoke(app, ["diff", str(snap), str(new), "-f", "json"])
    assert direct.exit_code == via_snapshot.exit_code == 1
    rules = lambda r: sorted(f["rule"] for f in json.loads(r.stdout)["findings"])  # noqa: E731
    assert rules(direct) == rules(via_snapshot) != []


def test_diff_with_both_sides_on_stdin(runner):
    result = runner.invoke(app, ["diff", "-", "-"], input="[]")
    assert result.exit_code == 2
    assert "only one side can be read from stdin" in one_error_line(result.stderr)


def test_diff_with_a_bad_fail_on(tmp_path, runner):
    src = write(tmp_path, "in.json", TOOLS)
    result = runner.invoke(app, ["diff", str(src), str(src), "--fail-on", "catastrophic"])
    assert result.exit_code == 2
    assert "--fail-on" in one_error_line(result.stderr)


# ---------------------------------------------------------------------------
# Real processes: the installed entry point behaves the same outside CliRunner


def run_module(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcp_inspect", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_process_snapshot_from_stdin():
    proc = run_module("snapshot", "-", stdin=json.dumps(TOOLS).encode())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["tools"] == TOOLS


@pytest.mark.parametrize(
    ("stdin", "fragment"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than the limit"),
        (b"a: &a [*a]\n", "YAML alias refers to itself"),
        (b"\xff\xfe{}", "not valid UTF-8"),
        (
            b'{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "nope"}}',
            "JSON-RPC error response",
        ),
    ],
    ids=["deep-json", "recursive-yaml", "utf16", "jsonrpc-error"],
)
def test_process_bad_stdin_is_one_line_exit_2(stdin, fragment):
    proc = run_module("snapshot", "-", stdin=stdin)
    assert proc.returncode == 2, proc.stderr
    line = one_error_line(proc.stderr.decode("utf-8"))
    assert line.startswith(f"{PREFIX}stdin: ")
    assert fragment in line
    assert proc.stdout == b""


def test_process_missing_file(tmp_path):
    missing = tmp_path / "missing.json"
    proc = run_module("diff", str(missing), str(missing))
    assert proc.returncode == 2
    assert one_error_line(proc.stderr.decode("utf-8")) == f"{PREFIX}{missing}: no such file"


@pytest.mark.parametrize("size", ["small", "large"])
def test_process_ends_with_every_report_written(tmp_path, size):
    # The CLI ends its process without the interpreter's clean-up (process._leave): whatever the
    # command wrote must still arrive whole, on a pipe and in files, with Python's own
    # buffering in place (PYTHONUNBUFFERED would hide a missing flush). A small report is
    # the one that sits in the buffer; a large one is written through in one go.
    if size == "small":
        old = new = tmp_path / "one.json"
        old.write_text(json.dumps(TOOLS[:1]), "utf-8")
    else:
        old, new = sorted((ROOT / "tests" / "data" / "corpus" / "github").glob("*.json"))[:2]
    side_file = tmp_path / "report.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "mcp_inspect", *args], capture_output=True, cwd=ROOT,
                              env=env, timeout=120, check=False)

    # The MCP-0xx family alone keeps the small report below a buffer's size.
    proc = run("diff", "--select", "MCP", "--format", "json", "--report", f"sarif={tmp_path / 'report.sarif'}",
               "-o", str(side_file), str(old), str(new))
    piped = run("diff", "--select", "MCP", "--format", "json", str(old), str(new))
    assert proc.returncode == piped.returncode == 0, proc.stderr
    assert (len(piped.stdout) < io.DEFAULT_BUFFER_SIZE) == (size == "small")
    assert json.loads(piped.stdout) == json.loads(side_file.read_text("utf-8"))
    assert json.loads((tmp_path / "report.sarif").read_text("utf-8"))["version"] == "2.1.0"
    assert piped.stdout.endswith(b"}\n")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell")
@pytest.mark.parametrize(("args", "code"), [
    (["--version"], 0),
    (["diff", "--format", "json", str(ROOT / "snapshots" / "git-2025.7.1.json"),
      str(ROOT / "snapshots" / "git-2025.11.25.json")], 1),  # a removed tool: the gate fails
])
def test_process_started_with_stdout_closed_still_gives_its_exit_code(args, code):
    # With descriptor 1 closed Python sets sys.stdout to None; the output is then dropped
    # (as on /dev/null) and the exit code is the command's own, with no traceback.
    script = 'exec "$0" -m mcp_inspect "$@" >&-'
    proc = subprocess.run(["sh", "-c", script, sys.executable, *args], capture_output=True, cwd=ROOT, timeout=120,
                          check=False)
    assert proc.returncode == code, proc.stderr
    assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr


class _Ended(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@pytest.fixture
def exits(monkeypatch):
    """process._leave with os._exit caught, so the test process survives it."""
    from mcp_inspect.runtime import process

    def fake_exit(code: int) -> None:
        raise _Ended(code)

    monkeypatch.setattr(process.os, "_exit", fake_exit)
    monkeypatch.delitem(sys.modules, "coverage", raising=False)
    return process._leave


def test_leave_ends_at_once_with_the_commands_code(exits):
    for given, expected in ((None, 0), (0, 0), (1, 1), (3, 3)):
        with pytest.raises(_Ended) as ended:
            exits(SystemExit(given))
        assert ended.value.code == expected


def test_leave_takes_the_normal_way_when_something_still_needs_it(exits, monkeypatch):
    with pytest.raises(SystemExit):  # a message instead of a code is printed by the interpreter
        exits(SystemExit("bye"))
    monkeypatch.setitem(sys.modules, "coverage", object())  # coverage.py saves its data at exit
    with pytest.raises(SystemExit):
        exits(SystemExit(0))
    monkeypatch.delitem(sys.modules, "coverage")
    import threading

    release = threading.Event()
    worker = threading.Thread(target=release.wait)
    worker.start()
    try:
        with pytest.raises(SystemExit):  # a running thread is joined by the normal exit
            exits(SystemExit(0))
    finally:
        release.set()
        worker.join()
