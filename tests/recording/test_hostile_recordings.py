"""Recordings that are cut, endless, enormous or made up: the reader loses no file for one
bad line, reads in bounded pieces, stops on a signal, and keeps its tables small."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import jsonschema
import pytest
from conftest import ROOT
from test_replay import CALLS, pair, write_jsonl  # noqa: F401 - pair is a fixture

from mcp_inspect import replay
from mcp_inspect.cli import app
from mcp_inspect.limits import MAX_CALLS_LINE_BYTES
from mcp_inspect.recording import replay as replay_module
from mcp_inspect.recording.log import CallLog


def test_a_truncated_first_line_loses_only_that_line(pair, tmp_path):  # noqa: F811
    path = tmp_path / "calls.jsonl"
    path.write_text('{"tool": "search", "argum\n' + "".join(json.dumps(c) + "\n" for c in CALLS))
    summary = replay(str(pair[0]), str(pair[1]), str(path))
    assert summary.calls == len(CALLS) and summary.calls_rejected == 2
    assert (summary.malformed, summary.malformed_lines) == (1, [1])


def test_a_pretty_printed_document_is_still_read_whole(pair, tmp_path):  # noqa: F811
    """An array written one record a line with commas: its last line parses alone, yet the
    file is one document, and every record of it counts."""
    path = tmp_path / "calls.json"
    path.write_text("[\n" + ",\n".join(json.dumps(c) for c in CALLS) + "\n]\n")
    summary = replay(str(pair[0]), str(pair[1]), str(path))
    assert summary.calls == len(CALLS) and summary.malformed == 0


def test_appending_to_a_log_cut_mid_line_starts_a_new_line(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_text(json.dumps(CALLS[0]) + "\n" + '{"tool": "search", "argu')  # the last write was cut
    log = CallLog(str(path))
    log.write(CALLS[1])
    log.close()
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and json.loads(lines[2]) == CALLS[1]


def test_a_line_past_the_limit_is_skipped_and_counted(pair, tmp_path, runner):  # noqa: F811
    path = tmp_path / "calls.jsonl"
    long_call = {"tool": "search", "arguments": {"q": "x" * 5000}}
    write_jsonl(path, [CALLS[0], long_call, CALLS[4]])
    summary = replay(str(pair[0]), str(pair[1]), str(path), calls_max_line_bytes=1000)
    assert (summary.calls, summary.malformed, summary.malformed_lines, summary.lines_too_long) == (2, 1, [2], 1)
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path),
                                 "--calls-max-line-bytes", "1000", "-f", "json"])
    assert "1 of those line was longer than the limit of 1,000 bytes" in result.stderr
    assert json.loads(result.stdout)["summary"]["calls"]["linesTooLong"] == 1
    default = replay(str(pair[0]), str(pair[1]), str(path))
    assert default.calls == 3 and default.line_limit == MAX_CALLS_LINE_BYTES
    bad = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--calls", str(path),
                              "--calls-max-line-bytes", "0"])
    assert bad.exit_code == 2 and "positive number of bytes" in bad.stderr


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_endless_recording_is_read_in_bounded_memory_and_stops_on_a_signal(pair, signum, code):  # noqa: F811
    process = subprocess.Popen([sys.executable, "-m", "mcp_inspect", "diff", str(pair[0]), str(pair[1]),
                                "--no-lint", "--calls", "/dev/zero"], cwd=ROOT, env={**os.environ,
                                "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               # A child inherits an ignored SIGINT, and Python then installs no
                               # handler of its own: start it as a shell would, with the default.
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(1.2)  # well into /dev/zero (the old reader held ~240 MB a second); not a timing assertion
        with open(f"/proc/{process.pid}/status") as status:
            rss_kb = int(next(line.split()[1] for line in status if line.startswith("VmRSS")))
        assert rss_kb < 160_000, f"{rss_kb} kB after 1.2 s of /dev/zero"  # ~110 MB read; the old reader held it all
        process.send_signal(signum)
        assert process.wait(timeout=15) == code
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert b"Traceback" not in process.stderr.read()


def test_made_up_names_are_folded_past_the_limit(pair, tmp_path, monkeypatch, runner):  # noqa: F811
    monkeypatch.setattr(replay_module, "MAX_CALLS_NAMES", 3)
    calls = [{"tool": f"made-up-{i}", "arguments": {}, "client": f"client {i}"} for i in range(10)]
    calls.append({"tool": "search", "arguments": {"q": "a", "units": "metric"}, "client": "client 99"})
    path = write_jsonl(tmp_path / "calls.jsonl", calls)
    summary = replay(str(pair[0]), str(pair[1]), str(path))
    assert sorted(summary.tools) == ["(other)", "made-up-0", "made-up-1", "made-up-2", "search"]
    assert summary.tools["(other)"]["input"].recorded == 7
    assert summary.calls_rejected == 1  # a tool on a surface is never folded
    assert sorted(summary.clients) == ["(other)", "client 0", "client 1", "client 2"]
    assert summary.clients["(other)"].recorded == 8
    assert (summary.folded_tool_calls, summary.folded_client_calls) == (7, 8)
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path), "-f", "json"])
    document = json.loads(result.stdout)
    assert document["summary"]["calls"]["foldedCalls"] == {"tools": 7, "clients": 8}
    schema = json.loads((ROOT / "mcp_inspect" / "schemas" / "report.schema.json").read_text())
    jsonschema.validate(document, schema)
    assert '7 calls of tools on neither surface past the first 3 names were counted together as "(other)"' \
        in result.stderr


def test_the_calls_report_may_not_be_the_recording(pair, tmp_path, runner):  # noqa: F811
    path = write_jsonl(tmp_path / "calls.jsonl", CALLS)
    before = path.read_bytes()
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    for report in (path, link):
        result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--calls", str(path),
                                     "--calls-report", str(report)])
        assert result.exit_code == 2, result.output
        assert "an input of this command" in result.stderr or "is a symbolic link" in result.stderr
    assert path.read_bytes() == before


def test_made_up_argument_keys_fill_no_table_past_the_limit(pair, monkeypatch):  # noqa: F811
    """Argument keys are names too: a declared property is always counted, any other only
    until the table holds MAX_CALLS_NAMES paths."""
    monkeypatch.setattr(replay_module, "MAX_CALLS_NAMES", 5)
    calls = [{"tool": "search", "arguments": {"q": "x", f"junk{i}": {f"deep{i}": 1}}} for i in range(50)]
    calls.append({"tool": "search", "arguments": {"q": "y", "units": "metric"}})
    replayed = replay_module.Replay(mcp_load(pair[0]), mcp_load(pair[1]))
    replayed.run(iter(_calls(calls)))
    side = replayed._sides[("search", "input")]
    assert side.used[("q",)] == 51 and side.used[("units",)] == 1
    assert len(side.used) <= 5 + 2


def mcp_load(path):
    from mcp_inspect import load

    return load(str(path))


def _calls(values):
    from mcp_inspect.recording.calls import Malformed, calls_from_list

    return calls_from_list(values, Malformed())


def test_a_file_that_may_be_one_document_is_held_in_bytes_not_per_line(monkeypatch):
    """A first line that opens an array makes the reader hold the file until it knows whether
    it is one document. It held a bytes object per line (tens of bytes of bookkeeping each), so
    a 60 MB file of 3-byte lines peaked at 2 GB (hostile trial); held as one buffer, and no
    longer than MAX_DOCUMENT, the lines cost what their bytes cost."""
    import tracemalloc

    from mcp_inspect.recording import calls

    monkeypatch.setattr(calls, "MAX_DOCUMENT", 128 * 1024)
    # A line object each, made as the file reader makes them (none alive but what is held).
    lines = ((n, b"{}," if n > 1 else b"[") for n in range(1, 60_002))
    malformed = calls.Malformed()
    tracemalloc.start()
    try:
        found = list(calls.parse_lines(lines, malformed))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == [] and malformed.count == 60_001
    assert peak < 800 * 1024, peak  # the 128 KiB held, and room for the reading itself
